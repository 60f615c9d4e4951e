/* The canonical text of operation expressions (docs/expression-text.md).
 * The text is built so that hd_assemble gives the same bytes back: every
 * choice here (hex or decimal, register name or number, {..} or [..]) is one
 * the assembler reads back to the identical encoding. */
#include "expr.h"

#include <inttypes.h>
#include <string.h>

static int print_ops(hd_buf *out, const uint8_t *bytes, size_t len,
                     const hd_encoding *enc, const hd_regnames *names,
                     int depth, hd_status *st);

/* A register name is used only if the assembler would read it back as one
 * name token that is not a number. */
static int usable_name(const char *s)
{
	if (s[0] == '\0' || s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))
		return 0;
	for (; *s; s++)
		if (strchr(" \t\r\n,;[]{}", *s) != NULL)
			return 0;
	return 1;
}

static int print_reg_name(hd_buf *out, uint64_t reg, const hd_regnames *names)
{
	char name[64];

	if (names == NULL || names->name == NULL)
		return 0;
	if (names->name(names->self, reg, name, sizeof name) != 0)
		return 0;
	name[sizeof name - 1] = '\0';
	if (!usable_name(name))
		return 0;
	hd_buf_printf(out, "%s", name);
	return 1;
}

static void print_hex_block(hd_buf *out, const uint8_t *p, uint64_t n)
{
	hd_buf_byte(out, '[');
	for (uint64_t i = 0; i < n; i++)
		hd_buf_printf(out, i ? " %02x" : "%02x", p[i]);
	hd_buf_byte(out, ']');
}

/* Whether nested bytes decode cleanly and each op re-encodes to exactly its
 * own bytes; only then does {..} text assemble back to the same block. */
static int nested_is_canonical(const uint8_t *p, size_t len, const hd_encoding *enc)
{
	hd_buf tmp;
	hd_op op;
	size_t off = 0;
	int ok = 1;

	hd_buf_init(&tmp);
	while (off < len) {
		hd_buf_reset(&tmp);
		if (hd_decode_op(p, len, off, enc, &op, NULL) != 0 ||
		    hd_encode_op(&tmp, &op, enc, NULL) != 0 ||
		    tmp.len != op.size || memcmp(tmp.data, p + off, op.size) != 0) {
			ok = 0;
			break;
		}
		off += op.size;
	}
	hd_buf_free(&tmp);
	return ok;
}

static void print_expr_block(hd_buf *out, const uint8_t *p, uint64_t n,
                             const hd_encoding *enc, const hd_regnames *names, int depth)
{
	if (depth + 1 <= HD_EXPR_TEXT_DEPTH && nested_is_canonical(p, (size_t)n, enc)) {
		hd_buf_byte(out, '{');
		print_ops(out, p, (size_t)n, enc, names, depth + 1, NULL);
		hd_buf_byte(out, '}');
		return;
	}
	print_hex_block(out, p, n);
}

static void print_op_at(hd_buf *out, const hd_op *op, const hd_encoding *enc,
                        const hd_regnames *names, int depth)
{
	const hd_op_info *info = &hd_op_table[op->id];

	hd_buf_printf(out, "DW_OP_%s", info->name);
	if (info->family > 1)
		hd_buf_printf(out, "%" PRIu64, op->u[0]);
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE; i++) {
		hd_opnd k = (hd_opnd)info->opnd[i];

		hd_buf_byte(out, ' ');
		if (k == HD_OPND_EXPR)
			print_expr_block(out, op->block, op->block_len, enc, names, depth);
		else if (hd_opnd_table[k].form == HD_FORM_BLOCK)
			print_hex_block(out, op->block, op->block_len);
		else if (k != HD_OPND_REG ||
		         !print_reg_name(out, op->u[hd_opnd_slot(info, i)], names))
			hd_opnd_print(out, k, op->u[hd_opnd_slot(info, i)]);
	}
}

void hd_print_op(hd_buf *out, const hd_op *op, const hd_encoding *enc,
                 const hd_regnames *names)
{
	if (op->id >= HD_OP_COUNT) {
		hd_buf_printf(out, "<bad op %u>", (unsigned)op->id);
		return;
	}
	print_op_at(out, op, enc, names, 0);
}

static int print_ops(hd_buf *out, const uint8_t *bytes, size_t len,
                     const hd_encoding *enc, const hd_regnames *names,
                     int depth, hd_status *st)
{
	hd_op op;

	for (size_t off = 0; off < len; off += op.size) {
		if (hd_decode_op(bytes, len, off, enc, &op, st) != 0)
			return -1;
		if (off > 0)
			hd_buf_put(out, "; ", 2);
		print_op_at(out, &op, enc, names, depth);
	}
	return 0;
}

int hd_disassemble(const uint8_t *bytes, size_t len, const hd_encoding *enc,
                   const hd_regnames *names, hd_buf *out, hd_status *st)
{
	size_t start = out->len;

	/* on failure out is left as it was, not with half a text */
	if (print_ops(out, bytes, len, enc, names, 0, st) != 0) {
		out->len = start;
		return -1;
	}
	if (out->failed)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0,
		               "no memory for the text of a %zu-byte expression", len);
	return 0;
}
