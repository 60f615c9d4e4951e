/* The gfx9 instruction decoder (docs/gfx9-isa.md): one instruction at an
 * address, from bytes, into a form an executor can run without looking at
 * the bits again: its table row (mnemonic, opcode), its operands with their
 * kind and width in dwords, and every field of its encoding. Decoding is
 * apart from evaluating, as in gimli; a text form prints the instruction
 * the way llvm-objdump 15 does. Encodings: AMD "Vega Instruction Set
 * Architecture" and "AMD Instinct MI200 (CDNA2) Instruction Set
 * Architecture" reference guides, section "Microcode Formats". */
#ifndef HD_ISA_H
#define HD_ISA_H

#include <stddef.h>
#include <stdint.h>

#include "../../util/buf.h"
#include "../../util/status.h"

typedef enum hd_isa_mach {
	HD_ISA_GFX900 = 1,
	HD_ISA_GFX906 = 2,
	HD_ISA_GFX90A = 4
} hd_isa_mach;

/* In the order of the opcode table (gfx9-opcodes.def). */
typedef enum hd_isa_enc {
	HD_ISA_SOP2, HD_ISA_SOPK, HD_ISA_SOP1, HD_ISA_SOPC, HD_ISA_SOPP, HD_ISA_SMEM,
	HD_ISA_VOP2, HD_ISA_VOP1, HD_ISA_VOPC, HD_ISA_VOP3, HD_ISA_VOP3P, HD_ISA_DS,
	HD_ISA_FLAT, HD_ISA_SCRATCH, HD_ISA_GLOBAL, HD_ISA_MUBUF
} hd_isa_enc;

/* VOP1, VOP2 and VOPC come as themselves (E), or with src0 249 (SDWA) or
 * 250 (DPP) and a second dword of controls. */
typedef enum hd_isa_form { HD_ISA_E, HD_ISA_SDWA, HD_ISA_DPP } hd_isa_form;

typedef struct hd_isa_row {
	uint8_t enc;            /* hd_isa_enc */
	uint8_t form;           /* hd_isa_form */
	uint16_t op;            /* the opcode field */
	uint8_t machs;          /* hd_isa_mach bits that have it */
	const char *mnemonic;   /* as llvm-objdump prints it */
	const char *shape;      /* the operands, gfx9-opcodes.def's header */
} hd_isa_row;

typedef enum hd_isa_kind {
	HD_ISA_SGPR,      /* s<num>, num < 102 */
	HD_ISA_VGPR,      /* v<num> */
	HD_ISA_AGPR,      /* a<num> (gfx90a) */
	HD_ISA_SPECIAL,   /* a special register or source by its 8-bit code (num): vcc_lo 106,
	                     m0 124, exec_lo 126, ttmp 108..123, src_shared_base 235, src_scc 253... */
	HD_ISA_INT,       /* an inline integer constant, value sign-extended */
	HD_ISA_FLOAT,     /* an inline float constant: value holds its bits at the operand's width */
	HD_ISA_LITERAL,   /* the 32-bit literal after the instruction */
	HD_ISA_IMM,       /* an immediate field (SOPP/SOPK simm16, a memory offset) */
	HD_ISA_OFF        /* an absent address ("off") */
} hd_isa_kind;

typedef struct hd_isa_operand {
	hd_isa_kind kind;
	const char *field;  /* the encoding field it comes from ("vdst", "src0"...), or the
	                       implicit name ("vcc") */
	uint16_t num;       /* register number, or the 8-bit source code of SPECIAL/INT/FLOAT */
	uint8_t width;      /* dwords */
	uint8_t is_dst;     /* written (destinations precede sources) */
	uint64_t value;     /* INT, FLOAT, LITERAL, IMM */
} hd_isa_operand;

/* Every field of the encoding that is not an operand; 0 where the
 * encoding has no such field. */
typedef struct hd_isa_fields {
	int32_t offset;               /* SMEM, DS (offset1:offset0), FLAT, MUBUF */
	uint8_t offset0, offset1;     /* DS */
	uint8_t glc, slc, lds, gds, nv, acc;  /* acc: gfx90a data in AGPRs */
	uint8_t offen, idxen, seg;    /* MUBUF; FLAT seg 0 flat, 1 scratch, 2 global */
	uint8_t imm, soe;             /* SMEM: offset is an immediate; soffset present */
	uint16_t soffset;             /* SMEM soffset, MUBUF soffset (an 8-bit source code) */
	uint16_t saddr;               /* FLAT saddr (0x7f: off) */
	uint8_t clamp, omod, neg, abs, op_sel, op_sel_hi, neg_hi;  /* VOP3, VOP3P */
	uint8_t cbsz, abid, blgp, acc_cd;   /* VOP3P matrix ops (gfx90a) */
	uint8_t dst_sel, dst_unused, src0_sel, src1_sel;  /* SDWA */
	uint8_t src0_sext, src1_sext, src0_neg, src1_neg, src0_abs, src1_abs, sd;
	uint16_t dpp_ctrl;            /* DPP */
	uint8_t row_mask, bank_mask, bound_ctrl;
	uint16_t simm16;              /* SOPP, SOPK */
} hd_isa_fields;

#define HD_ISA_MAX_OPERANDS 8

typedef struct hd_isa_insn {
	uint64_t addr;
	unsigned size;               /* 4 or 8, + 4 with a literal */
	hd_isa_mach mach;
	const hd_isa_row *row;
	uint32_t words[3];
	unsigned noperands;
	hd_isa_operand op[HD_ISA_MAX_OPERANDS];
	hd_isa_fields f;
	int has_target;              /* SOPP branches: target = addr + 4 + simm16 * 4 */
	uint64_t target;
} hd_isa_insn;

/* Decodes the instruction at buf[0..len) whose address is addr. Errors
 * (HD_BAD_INPUT, offset = addr): "isa-truncated" (the bytes end inside
 * it), "isa-opcode" (no row of the table for this machine has its
 * encoding and opcode), "isa-reserved" (a field holds a value the
 * encoding reserves). */
int hd_isa_decode(hd_isa_mach mach, const uint8_t *buf, size_t len, uint64_t addr,
                  hd_isa_insn *in, hd_status *st);

/* Appends the instruction's text as llvm-objdump 15 prints it (no
 * address, bytes or comment). */
void hd_isa_print(const hd_isa_insn *in, hd_buf *out);

/* The machine of a name ("gfx900", "gfx906", "gfx90a"), or 0. */
hd_isa_mach hd_isa_mach_named(const char *name);

/* The opcode table (gfx9-opcodes.def). */
extern const hd_isa_row hd_isa_rows[];
extern const size_t hd_isa_nrows;

#endif
