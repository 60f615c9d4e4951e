/* Decoding, encoding and the text form of DWARF operation expressions.
 * Decoding is separate from evaluation: the evaluator consumes hd_op arrays. */
#ifndef HD_EXPR_H
#define HD_EXPR_H

#include <stddef.h>
#include <stdint.h>

#include "ops.h"
#include "../../util/buf.h"
#include "../../util/status.h"

/* One decoded operation. Integer operands are kept as 64-bit patterns: a
 * signed operand is stored two's complement in u[i]. For the lit, reg and breg
 * families u[0] holds N (the literal or register) and breg's offset is u[1]. */
typedef struct hd_op {
	uint16_t id;         /* hd_op_id */
	uint32_t offset;     /* of the opcode byte, from the start of the expression */
	uint32_t size;       /* encoded bytes, opcode and prefix included */
	uint64_t u[2];
	const uint8_t *block;  /* BLOCK, BLOCK1 and EXPR operands: into the input bytes */
	uint64_t block_len;
} hd_op;

/* Register names for the text form, supplied by a target (the evaluator and
 * the assembler never include a model's headers). Either function may be NULL. */
typedef struct hd_regnames {
	void *self;
	/* 0 and *reg set when name[0..len) names a register */
	int (*lookup)(void *self, const char *name, size_t len, uint64_t *reg);
	/* writes a name for reg into out and returns 0; -1 if it has none */
	int (*name)(void *self, uint64_t reg, char *out, size_t outsz);
} hd_regnames;

/* Decodes the operation at byte off. Errors are ill-formed verdicts with codes
 * "truncated", "leb128-overflow", "unknown-opcode", "not-in-profile". */
int hd_decode_op(const uint8_t *bytes, size_t len, size_t off,
                 const hd_encoding *enc, hd_op *op, hd_status *st);

/* Decodes a whole expression into ops, which has room for len ops (every op
 * takes a byte); *nops is how many. The same ops and errors as hd_decode_op
 * at each offset, the encoding checked once. */
int hd_decode_into(const uint8_t *bytes, size_t len, const hd_encoding *enc, hd_op *ops,
                   size_t *nops, hd_status *st);

/* Whether enc is one the decoder takes: a known profile, an address size of
 * 1 to 8 and an offset size of 4 or 8 (0, or -1 and an internal error). */
int hd_encoding_check(const hd_encoding *enc, hd_status *st);

/* hd_decode_into for a caller that has checked enc with hd_encoding_check:
 * the evaluator, which checks once per evaluation, not once per expression
 * it runs. */
int hd_decode_checked(const uint8_t *bytes, size_t len, const hd_encoding *enc,
                      hd_op *ops, size_t *nops, hd_status *st);

/* Decodes a whole expression into a malloc'd array (*ops, free with free()). */
int hd_decode_expr(const uint8_t *bytes, size_t len, const hd_encoding *enc,
                   hd_op **ops, size_t *nops, hd_status *st);

/* The index in ops[0..n) (a decoded expression) of the op that starts at
 * byte off, or -1 when none does. */
long hd_op_at(const hd_op *ops, size_t n, uint64_t off);

/* Appends op's encoding. Fails with "not-in-profile" when the profile has no
 * encoding for it, "operand-range" when an operand does not fit its field. */
int hd_encode_op(hd_buf *out, const hd_op *op, const hd_encoding *enc, hd_status *st);

/* Text form (docs/expression-text.md): operations separated by ';', names with
 * or without DW_OP_, operands separated by spaces or commas, register names
 * where a register goes. Errors are HD_BAD_INPUT with st->offset the column. */
int hd_assemble(const char *text, size_t len, const hd_encoding *enc,
                const hd_regnames *names, hd_buf *out, hd_status *st);

/* How deep {..} nested expressions (DW_OP_entry_value) may go in the text
 * form; the printer falls back to [hex bytes] below that depth. */
#define HD_EXPR_TEXT_DEPTH 8

/* Canonical text of an expression: assembling it gives the same bytes back. */
int hd_disassemble(const uint8_t *bytes, size_t len, const hd_encoding *enc,
                   const hd_regnames *names, hd_buf *out, hd_status *st);

/* Canonical text of one decoded op (no trailing separator). */
void hd_print_op(hd_buf *out, const hd_op *op, const hd_encoding *enc,
                 const hd_regnames *names);

#endif
