/* DWARF expression operations, their operands and their encodings. */
#ifndef HD_OPS_H
#define HD_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "../../util/buf.h"
#include "../../util/reader.h"
#include "../../util/status.h"

/* Operand kinds. The kind says both how the operand is encoded and how the
 * text form spells it. */
typedef enum hd_opnd {
	HD_OPND_NONE,
	HD_OPND_U1, HD_OPND_S1, HD_OPND_U2, HD_OPND_S2,
	HD_OPND_U4, HD_OPND_S4, HD_OPND_U8, HD_OPND_S8,
	HD_OPND_ULEB, HD_OPND_SLEB,
	HD_OPND_ADDR,    /* address-size unsigned (the generic type's size) */
	HD_OPND_REF,     /* offset-size unsigned: DIE offset in .debug_info */
	HD_OPND_DIE2,    /* 2-byte DIE offset, relative to the compilation unit */
	HD_OPND_DIE4,    /* 4-byte DIE offset, relative to the compilation unit */
	HD_OPND_TYPE,    /* ULEB128 base-type DIE offset in the CU (0: generic) */
	HD_OPND_REG,     /* ULEB128 DWARF register number */
	HD_OPND_BRANCH,  /* signed 2-byte displacement from the next operation */
	HD_OPND_BLOCK,   /* ULEB128 length, then that many bytes */
	HD_OPND_BLOCK1,  /* 1-byte length, then that many bytes */
	HD_OPND_EXPR     /* ULEB128 length, then a nested operation expression */
} hd_opnd;

enum {
	HD_OPF_EXT = 1,          /* heterogeneous-debugging extension op (DWARF Extensions for Heterogeneous Debugging) */
	HD_OPF_GNU = 2,          /* GNU vendor op */
	HD_OPF_DECODE_ONLY = 4,  /* decoded and printed, not evaluated */
	HD_OPF_DEPRECATED = 8,   /* DWARF Extensions for Heterogeneous Debugging marks it deprecated */
	HD_OPF_NOT_IN_CFI = 16,  /* not allowed in a CFI expression (DWARF Extensions for Heterogeneous Debugging "Call
	                            Frame Instructions", first list) */
	HD_OPF_INTEL = 32        /* Intel GT vendor op: its code is one only in intel-gt */
};

typedef enum hd_op_id {
#define HD_OP(id, code, sub, fam, o1, o2, fl, section) HD_OP_##id,
#include "ops.def"
#undef HD_OP
	HD_OP_COUNT
} hd_op_id;

typedef struct hd_op_info {
	const char *name;    /* without "DW_OP_"; families are "lit", "reg", "breg" */
	uint8_t code;        /* amdgpu-v0 / DWARF 5 opcode; 0 when none */
	uint8_t llvm_sub;    /* llvm-user sub-opcode; 0 when none */
	uint8_t family;      /* 32 for lit/reg/breg, else 1 */
	uint8_t opnd[2];     /* hd_opnd */
	uint8_t flags;       /* HD_OPF_* */
	const char *section; /* where it is defined (ops.def, "section") */
} hd_op_info;

extern const hd_op_info hd_op_table[HD_OP_COUNT];

/* The encoding profiles (docs/expression-text.md): the extension's two,
 * and Intel GT's vendor ops, which reuse bytes of the extension's range. */
typedef enum hd_profile {
	HD_PROFILE_AMDGPU_V0,  /* raw 0xe1..0xec, DWARF Extensions for Heterogeneous Debugging */
	HD_PROFILE_LLVM_USER,  /* 0xe9 prefix + ULEB128 sub-op, current LLVM */
	HD_PROFILE_INTEL_GT,   /* DW_OP_INTEL_* 0xeb..0xef and 0xfe, no extension ops */
	HD_NPROFILES
} hd_profile;

#define HD_DW_OP_LLVM_user 0xe9

/* How an expression's bytes are laid out. */
typedef struct hd_encoding {
	hd_profile profile;
	uint8_t addr_size;    /* bytes of DW_OP_addr's operand: 8 on amdgcn */
	uint8_t offset_size;  /* 4 (DWARF32) or 8 (DWARF64): call_ref, implicit_pointer */
} hd_encoding;

const char *hd_profile_name(hd_profile p);
int hd_profile_parse(const char *name, hd_profile *p);  /* 0 when known */

/* Whether op id has an encoding in profile p. */
int hd_op_encodable(hd_op_id id, hd_profile p);

/* Finds an op by name, with or without "DW_OP_", including family members
 * such as "lit7" or "DW_OP_breg31" (*n gets the member number). -1 if none. */
int hd_op_lookup(const char *name, size_t len, hd_op_id *id, unsigned *n);

/* How each operand kind is laid out and spelled: one table (ops.c) that the
 * decoder, encoder, assembler and printer share instead of each switching on
 * the kinds. */
typedef enum hd_opnd_form {
	HD_FORM_NONE,   /* no operand */
	HD_FORM_FIXED,  /* little-endian integer of hd_opnd_size() bytes */
	HD_FORM_LEB,    /* LEB128 integer */
	HD_FORM_BLOCK   /* a length, then that many bytes */
} hd_opnd_form;

typedef struct hd_opnd_info {
	uint8_t form;       /* hd_opnd_form */
	uint8_t size;       /* FIXED: bytes, 0 = from the encoding (ADDR, REF);
	                       BLOCK: bytes of the length, 0 = ULEB128 */
	uint8_t is_signed;  /* stored two's complement; the text may say '-' */
	uint8_t hex;        /* canonical text prints it in 0x-hex */
	const char *what;   /* for messages: "an unsigned integer" */
} hd_opnd_info;

extern const hd_opnd_info hd_opnd_table[];  /* indexed by hd_opnd */

/* Bytes of a FIXED operand under enc (addr_size for ADDR, offset_size for REF). */
unsigned hd_opnd_size(hd_opnd k, const hd_encoding *enc);

/* Whether the 64-bit pattern v fits kind k's field under enc. LEB128 fields
 * take any pattern; blocks are not integers and always "fit" here. */
int hd_opnd_fits(hd_opnd k, const hd_encoding *enc, uint64_t v);

/* The operand codec both instruction sets use (expressions and DW_CFA): for
 * a block kind, v is the block's length and block its bytes. */

/* Reads an operand of kind k; what names a block that runs past the end. */
int hd_opnd_read(hd_reader *r, hd_opnd k, const hd_encoding *enc, const char *what,
                 uint64_t *v, const uint8_t **block, hd_status *st);

/* Appends an operand of kind k; the caller has checked that it fits. */
void hd_opnd_put(hd_buf *out, hd_opnd k, const hd_encoding *enc, uint64_t v,
                 const uint8_t *block);

/* Appends an integer operand's canonical text: 0x-hex, signed or unsigned. */
void hd_opnd_print(hd_buf *out, hd_opnd k, uint64_t v);

/* Index in hd_op.u of operand i: a family's member number takes u[0]. */
static inline int hd_opnd_slot(const hd_op_info *info, int i)
{
	return info->family > 1 ? i + 1 : i;
}

#endif
