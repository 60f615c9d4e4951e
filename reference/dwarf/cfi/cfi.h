/* Call frame information: the DW_CFA instructions (bytes and text), the
 * .debug_frame section (CIEs and FDEs, DWARF32 and DWARF64, reader and
 * writer), and the rules in effect at a program location. DWARF Extensions for Heterogeneous Debugging "Call
 * Frame Information" on top of DWARF 5 section 6.4.
 *
 * This layer only decodes and tracks rules; what a rule means on a thread
 * (locations, the CFA, virtual unwinding) is the evaluator's (unwind.c). */
#ifndef HD_CFI_H
#define HD_CFI_H

#include <stddef.h>
#include <stdint.h>

#include "../codec/expr.h"
#include "../codec/ops.h"
#include "../../util/buf.h"
#include "../../util/status.h"

enum {
	HD_CFAF_PRIMARY = 1,  /* operand 1 is in the low 6 bits of the opcode byte */
	HD_CFAF_ROW = 2,      /* a row creation instruction (DWARF 5 6.4.2.1) */
	HD_CFAF_EXT = 4       /* added by DWARF Extensions for Heterogeneous Debugging */
};

typedef enum hd_cfa_id {
#define HD_CFA(id, code, o1, o2, o3, fl, section) HD_CFA_##id,
#include "cfa.def"
#undef HD_CFA
	HD_CFA_COUNT
} hd_cfa_id;

typedef struct hd_cfa_info {
	const char *name;   /* without "DW_CFA_" */
	uint8_t code;
	uint8_t opnd[3];    /* hd_opnd */
	uint8_t flags;      /* HD_CFAF_* */
	const char *section; /* where it is defined (cfa.def, "section") */
} hd_cfa_info;

extern const hd_cfa_info hd_cfa_table[HD_CFA_COUNT];

/* Finds an instruction by name, with or without "DW_CFA_". -1 if none. */
int hd_cfa_lookup(const char *name, size_t len, hd_cfa_id *id);

/* One decoded instruction. Integer operands are 64-bit patterns (a signed
 * operand two's complement), exactly as encoded: factored operands are not
 * multiplied here. */
typedef struct hd_cfa_insn {
	uint16_t id;             /* hd_cfa_id */
	uint32_t offset;         /* of the opcode, from the start of the instructions */
	uint32_t size;           /* encoded bytes */
	uint64_t u[3];
	const uint8_t *block;    /* EXPR operand: into the input bytes */
	uint64_t block_len;
} hd_cfa_insn;

/* Decodes the instruction at byte off; addr_size is the CIE's (DW_CFA_set_loc).
 * Errors are ill-formed: "truncated", "leb128-overflow", "unknown-cfa". */
int hd_cfa_decode(const uint8_t *bytes, size_t len, size_t off, unsigned addr_size,
                  hd_cfa_insn *in, hd_status *st);
/* Appends in's encoding; "operand-range" when an operand does not fit. */
int hd_cfa_encode(hd_buf *out, const hd_cfa_insn *in, unsigned addr_size, hd_status *st);

/* Text form (docs/cfi-text.md): instructions separated by ';', names with or
 * without DW_CFA_, operands exactly as encoded (factored ones are not
 * multiplied), register names where a register goes, expression operands
 * in { } in the expression text form of enc. Errors are HD_BAD_INPUT with
 * st->offset the column (1-based). */
int hd_cfa_assemble(const char *text, size_t len, unsigned addr_size,
                    const hd_encoding *enc, const hd_regnames *names,
                    hd_buf *out, hd_status *st);
/* Canonical text: assembling it gives the same bytes back. */
int hd_cfa_disassemble(const uint8_t *bytes, size_t len, unsigned addr_size,
                       const hd_encoding *enc, const hd_regnames *names,
                       hd_buf *out, hd_status *st);

/* ---- .debug_frame ---- */

/* The augmentation a reader understands fully; any other string makes the
 * CIE "unknown" and only the safe fields are read (DWARF Extensions for Heterogeneous Debugging, CIE item 4). */
#define HD_CIE_AUGMENTATION_AMD "[amd:v0.0]"

typedef struct hd_cie {
	uint64_t offset;            /* of the entry (its length field) in the section */
	int dwarf64;
	uint8_t version;            /* 4 */
	const char *augmentation;   /* NUL-terminated, inside the section bytes */
	int known;                  /* augmentation understood: the fields below were read */
	uint8_t address_size;
	uint8_t segment_selector_size;
	uint64_t code_align;
	int64_t data_align;
	uint64_t ra_column;         /* return_address_register */
	const uint8_t *insns;       /* initial_instructions, padding included */
	size_t insns_len;
	uint64_t insns_offset;      /* section offset of insns[0] */
} hd_cie;

typedef struct hd_fde {
	uint64_t offset;
	int dwarf64;
	uint32_t cie;               /* index into hd_cfi.cies */
	uint64_t segment;           /* segment selector; 0 when the CIE has none */
	uint64_t initial_location;
	uint64_t address_range;
	const uint8_t *insns;
	size_t insns_len;
	uint64_t insns_offset;
} hd_fde;

typedef struct hd_cfi {
	hd_cie *cies;
	size_t ncies;
	hd_fde *fdes;
	size_t nfdes;
} hd_cfi;

/* Parses a whole .debug_frame section. The section bytes must outlive the
 * result, which points into them. addr_size is the target's address size in
 * bytes, used to read an FDE whose CIE has an unknown augmentation. Every
 * instruction of every known entry is decoded here, so a parsed section has
 * no undecodable bytes. Errors are ill-formed with st->offset the section
 * offset: "truncated", "cie-version", "bad-cie-pointer", "entry-size" ... */
int hd_cfi_parse(const uint8_t *sec, size_t len, unsigned addr_size,
                 hd_cfi **out, hd_status *st);
void hd_cfi_free(hd_cfi *cfi);
/* The first FDE whose [initial_location, +address_range) holds pc; NULL if none. */
const hd_fde *hd_cfi_find(const hd_cfi *cfi, uint64_t pc);

/* What hd_cfi_write lays out. */
typedef struct hd_cie_desc {
	int dwarf64;
	const char *augmentation;   /* "" for none */
	uint8_t address_size;
	uint8_t segment_selector_size;
	uint64_t code_align;
	int64_t data_align;
	uint64_t ra_column;
	const uint8_t *insns;
	size_t insns_len;
} hd_cie_desc;

typedef struct hd_fde_desc {
	int dwarf64;
	uint32_t cie;               /* index into the cies given to hd_cfi_write */
	uint64_t segment;
	uint64_t initial_location;
	uint64_t address_range;
	const uint8_t *insns;
	size_t insns_len;
} hd_fde_desc;

/* Appends a .debug_frame section: every CIE, then every FDE, each padded with
 * DW_CFA_nop to a multiple of its address size (DWARF Extensions for Heterogeneous Debugging, CIE item 11). */
int hd_cfi_write(hd_buf *out, const hd_cie_desc *cies, size_t ncies,
                 const hd_fde_desc *fdes, size_t nfdes, hd_status *st);

/* ---- rules ---- */

/* Register rules (DWARF Extensions for Heterogeneous Debugging "Structure of Call Frame Information"). */
typedef enum hd_rule_kind {
	HD_RULE_UNDEFINED,
	HD_RULE_SAME_VALUE,
	HD_RULE_OFFSET,          /* offset(N): saved at CFA + N */
	HD_RULE_VAL_OFFSET,      /* val_offset(N): the value is CFA + N */
	HD_RULE_REGISTER,        /* register(R) */
	HD_RULE_EXPRESSION,      /* expression(E) */
	HD_RULE_VAL_EXPRESSION,  /* val_expression(E) */
	HD_RULE_ARCHITECTURAL
} hd_rule_kind;

typedef struct hd_rule {
	hd_rule_kind kind;
	int64_t offset;          /* OFFSET, VAL_OFFSET: N in bytes, already factored */
	uint64_t reg;            /* REGISTER */
	const uint8_t *expr;     /* EXPRESSION, VAL_EXPRESSION */
	size_t expr_len;
	uint64_t where;          /* section offset of the instruction that set it;
	                            0 for the default rule */
} hd_rule;

typedef enum hd_cfa_rule_kind {
	HD_CFA_RULE_NONE,        /* no CFA rule defined yet */
	HD_CFA_RULE_REGISTER,    /* DW_OP_constu AS; DW_OP_LLVM_aspace_bregx R, B */
	HD_CFA_RULE_EXPRESSION   /* DW_CFA_def_cfa_expression E */
} hd_cfa_rule_kind;

typedef struct hd_cfa_rule {
	hd_cfa_rule_kind kind;
	uint64_t reg;            /* REGISTER: R */
	int64_t offset;          /* REGISTER: B in bytes, already factored */
	int has_aspace;          /* REGISTER: 0 means the target's default address space */
	uint64_t aspace;
	const uint8_t *expr;     /* EXPRESSION */
	size_t expr_len;
	uint64_t where;
} hd_cfa_rule;

/* Deepest DW_CFA_remember_state nesting a row computation accepts. */
#define HD_CFI_MAX_REMEMBER 64

/* The CFA rule and the rule of register reg in the row of fde that holds pc:
 * the CIE's initial instructions, then the FDE's up to pc (DWARF 5 6.4.3).
 * default_rule is every column's rule before the initial instructions
 * (DWARF Extensions for Heterogeneous Debugging: undefined, unless the ABI says otherwise). Errors: ill-formed, with
 * st->offset the section offset of the instruction: "cfa-rule-missing",
 * "cfa-rule-is-expression" (def_cfa_register/offset after
 * def_cfa_expression or before any CFA rule), "restore-state-empty",
 * "remember-state-depth", "set-loc-backwards", "row-in-cie", "restore-in-cie",
 * "offset-overflow" (a factored offset or an advanced location past 64 bits);
 * an FDE of an unknown augmentation is the evaluation error
 * "cfi-unknown-augmentation", a pc outside the FDE's range "pc-outside-fde". */
int hd_cfi_rules(const hd_cfi *cfi, const hd_fde *fde, uint64_t pc, uint64_t reg,
                 hd_rule_kind default_rule, hd_cfa_rule *cfa, hd_rule *rule,
                 hd_status *st);

#endif
