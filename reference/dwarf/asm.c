/* The assembler: the text form of operation expressions to bytes
 * (docs/expression-text.md). A hand-written recursive-descent reader over
 * text[0..len); it never looks past len, so the text need not end in a NUL.
 * Operands are read by kind, from hd_op_table, and the bytes come from
 * hd_encode_op, so the text and the encoding cannot drift apart. */
#include "expr.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct parser {
	const char *s;
	size_t len, pos;
	const hd_encoding *enc;
	const hd_regnames *names;
	hd_status *st;
} parser;

static int parse_ops(parser *p, int depth, hd_buf *out);

static int fail_at(parser *p, const char *code, size_t col, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

static int fail_at(parser *p, const char *code, size_t col, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return hd_fail(p->st, HD_BAD_INPUT, code, col, "column %zu: %s", col, msg);
}

static int peek(const parser *p)
{
	return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Characters that end a number or a register name. */
static int is_delim(int c)
{
	return c < 0 || is_space(c) || (c != 0 && strchr(",;[]{}", c) != NULL);
}

static int is_name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static void skip_space(parser *p)
{
	while (is_space(peek(p)))
		p->pos++;
}

/* Between operands: spaces and/or commas. */
static void skip_separators(parser *p)
{
	while (is_space(peek(p)) || peek(p) == ',')
		p->pos++;
}

/* End of the token at p->pos: up to the next delimiter. */
static size_t token_end(const parser *p)
{
	size_t e = p->pos;

	while (e < p->len && !is_delim((unsigned char)p->s[e]))
		e++;
	return e;
}

/* Length of what to quote from col in a message: the token, at most 24. */
static int quote_len(const parser *p, size_t col)
{
	size_t e = col < p->len ? col + 1 : col;

	while (e < p->len && e - col < 24 && !is_space((unsigned char)p->s[e]) &&
	       p->s[e] != ';')
		e++;
	return (int)(e - col);
}

static int expected(parser *p, size_t col, const char *what, const hd_op_info *info, int i)
{
	if (col >= p->len || p->s[col] == ';' || p->s[col] == '}')
		return fail_at(p, "bad-text", col, "DW_OP_%s expects %s as operand %d",
		               info->name, what, i + 1);
	return fail_at(p, "bad-text", col, "expected %s as operand %d of DW_OP_%s, found '%.*s'",
	               what, i + 1, info->name, quote_len(p, col), p->s + col);
}

/* Digits of a decimal or 0x-hex magnitude; -1 if there are none or it
 * overflows 64 bits (*overflow set). */
static int read_magnitude(parser *p, uint64_t *v, int *overflow)
{
	unsigned base = 10;
	size_t start;
	uint64_t x = 0;

	*overflow = 0;
	if (peek(p) == '0' && p->pos + 1 < p->len &&
	    (p->s[p->pos + 1] == 'x' || p->s[p->pos + 1] == 'X')) {
		base = 16;
		p->pos += 2;
	}
	start = p->pos;
	for (int d; (d = hex_value(peek(p))) >= 0 && (unsigned)d < base; p->pos++) {
		if (x > (UINT64_MAX - (unsigned)d) / base)
			*overflow = 1;
		x = x * base + (unsigned)d;
	}
	if (p->pos == start || *overflow)
		return -1;
	*v = x;
	return 0;
}

/* An integer operand of kind k: decimal or 0x-hex, '-' only for signed kinds. */
static int parse_int(parser *p, hd_opnd k, const hd_op_info *info, int i, uint64_t *v)
{
	const hd_opnd_info *oi = &hd_opnd_table[k];
	size_t col = p->pos;
	int neg = 0, overflow;
	uint64_t mag;

	if (peek(p) == '-' && oi->is_signed) {
		neg = 1;
		p->pos++;
	}
	if (read_magnitude(p, &mag, &overflow) != 0 || !is_delim(peek(p))) {
		if (overflow)
			return fail_at(p, "operand-range", col,
			               "'%.*s' does not fit in 64 bits",
			               quote_len(p, col), p->s + col);
		return expected(p, col, oi->what, info, i);
	}
	/* signed text is what the printer writes: -2^63 .. 2^63-1 */
	if (oi->is_signed && mag > (neg ? (uint64_t)1 << 63 : (uint64_t)INT64_MAX))
		return fail_at(p, "operand-range", col,
		               "'%.*s' does not fit a signed 64-bit integer",
		               quote_len(p, col), p->s + col);
	*v = neg ? (uint64_t)0 - mag : mag;
	if (!hd_opnd_fits(k, p->enc, *v))
		return fail_at(p, "operand-range", col,
		               "'%.*s' does not fit operand %d of DW_OP_%s (%u byte(s))",
		               quote_len(p, col), p->s + col, i + 1, info->name,
		               hd_opnd_size(k, p->enc));
	return 0;
}

/* A register: a number, or a name the target knows. */
static int parse_reg(parser *p, const hd_op_info *info, int i, uint64_t *v)
{
	size_t col = p->pos, end;
	int c = peek(p);

	if (c >= '0' && c <= '9')
		return parse_int(p, HD_OPND_REG, info, i, v);
	end = token_end(p);
	if (end == col)
		return expected(p, col, hd_opnd_table[HD_OPND_REG].what, info, i);
	if (p->names == NULL || p->names->lookup == NULL ||
	    p->names->lookup(p->names->self, p->s + col, end - col, v) != 0)
		return fail_at(p, "bad-text", col, "unknown register '%.*s' (operand %d of DW_OP_%s)",
		               (int)(end - col), p->s + col, i + 1, info->name);
	p->pos = end;
	return 0;
}

/* [2a 00 ff]: pairs of hex digits, spaces between pairs optional. */
static int parse_hex_block(parser *p, hd_buf *blk)
{
	size_t open = p->pos;
	int hi, lo;

	p->pos++;
	for (;;) {
		skip_space(p);
		if (p->pos >= p->len)
			return fail_at(p, "bad-text", open, "unterminated '['");
		if (peek(p) == ']')
			break;
		hi = hex_value(peek(p));
		lo = p->pos + 1 < p->len ? hex_value((unsigned char)p->s[p->pos + 1]) : -1;
		if (hi < 0 || lo < 0)
			return fail_at(p, "bad-text", p->pos,
			               "expected two hex digits or ']', found '%.*s'",
			               quote_len(p, p->pos), p->s + p->pos);
		hd_buf_byte(blk, (uint8_t)(hi << 4 | lo));
		p->pos += 2;
	}
	p->pos++;
	return 0;
}

/* { nested text }: assembled with the same rules, to a bounded depth. */
static int parse_nested(parser *p, int depth, hd_buf *blk)
{
	size_t open = p->pos;

	if (depth + 1 > HD_EXPR_TEXT_DEPTH)
		return fail_at(p, "bad-text", open, "expressions nest deeper than %d",
		               HD_EXPR_TEXT_DEPTH);
	p->pos++;
	if (parse_ops(p, depth + 1, blk) != 0)
		return -1;
	if (peek(p) != '}')
		return fail_at(p, "bad-text", open, "unterminated '{'");
	p->pos++;
	return 0;
}

static int parse_block(parser *p, hd_opnd k, const hd_op_info *info, int i,
                       int depth, hd_buf *blk)
{
	size_t col = p->pos;

	if (peek(p) == '{' && k == HD_OPND_EXPR) {
		if (parse_nested(p, depth, blk) != 0)
			return -1;
	} else if (peek(p) == '[') {
		if (parse_hex_block(p, blk) != 0)
			return -1;
	} else {
		return expected(p, col, hd_opnd_table[k].what, info, i);
	}
	if (!is_delim(peek(p)))
		return fail_at(p, "bad-text", p->pos, "expected a separator after the block, found '%.*s'",
		               quote_len(p, p->pos), p->s + p->pos);
	if (hd_opnd_table[k].size == 1 && blk->len > 0xff)
		return fail_at(p, "operand-range", col,
		               "a block of %zu bytes does not fit DW_OP_%s's 1-byte length",
		               blk->len, info->name);
	if (blk->failed)
		return hd_fail(p->st, HD_NO_MEMORY, "out-of-memory", col,
		               "no memory for a block");
	return 0;
}

static int parse_operand(parser *p, hd_op *op, int i, int depth, hd_buf *blk)
{
	const hd_op_info *info = &hd_op_table[op->id];
	hd_opnd k = (hd_opnd)info->opnd[i];
	uint64_t *v = &op->u[hd_opnd_slot(info, i)];

	skip_separators(p);
	if (hd_opnd_table[k].form == HD_FORM_BLOCK) {
		if (parse_block(p, k, info, i, depth, blk) != 0)
			return -1;
		op->block = blk->data;
		op->block_len = blk->len;
		return 0;
	}
	if (k == HD_OPND_REG)
		return parse_reg(p, info, i, v);
	return parse_int(p, k, info, i, v);
}

/* NAME operands...: appends the op's bytes to out. */
static int parse_op(parser *p, int depth, hd_buf *out)
{
	size_t col = p->pos, end = p->pos;
	const hd_op_info *info;
	hd_op_id id;
	unsigned n;
	hd_op op;
	hd_buf blk;
	int rc = 0;

	while (end < p->len && is_name_char((unsigned char)p->s[end]))
		end++;
	if (end == col)
		return fail_at(p, "bad-text", col, "expected an operation name, found '%.*s'",
		               quote_len(p, col), p->s + col);
	if (hd_op_lookup(p->s + col, end - col, &id, &n) != 0)
		return fail_at(p, "bad-text", col, "unknown operation '%.*s'",
		               (int)(end - col), p->s + col);
	info = &hd_op_table[id];
	if (!hd_op_encodable(id, p->enc->profile))
		return fail_at(p, "not-in-profile", col, "DW_OP_%s has no encoding in profile %s",
		               info->name, hd_profile_name(p->enc->profile));
	p->pos = end;
	memset(&op, 0, sizeof op);
	op.id = (uint16_t)id;
	op.u[0] = n;
	hd_buf_init(&blk);
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE && rc == 0; i++)
		rc = parse_operand(p, &op, i, depth, &blk);
	if (rc == 0 && hd_encode_op(out, &op, p->enc, p->st) != 0) {
		/* the text was at fault, so report it as such, at the op */
		if (p->st != NULL && p->st->kind == HD_ILL_FORMED) {
			p->st->kind = HD_BAD_INPUT;
			p->st->offset = col;
		}
		rc = -1;
	}
	hd_buf_free(&blk);
	return rc;
}

/* op { ';' op } [';'], stopping at the end or, nested, before '}'. */
static int parse_ops(parser *p, int depth, hd_buf *out)
{
	for (;;) {
		skip_space(p);
		if (p->pos >= p->len || (depth > 0 && peek(p) == '}'))
			return 0;
		if (parse_op(p, depth, out) != 0)
			return -1;
		skip_space(p);
		if (p->pos >= p->len || (depth > 0 && peek(p) == '}'))
			return 0;
		if (peek(p) != ';')
			return fail_at(p, "bad-text", p->pos,
			               "expected ';' or the end after an operation, found '%.*s'",
			               quote_len(p, p->pos), p->s + p->pos);
		p->pos++;
		/* a trailing ';' is fine, an empty operation between two is not */
		skip_space(p);
		if (peek(p) == ';')
			return fail_at(p, "bad-text", p->pos, "expected an operation name, found ';'");
	}
}

int hd_assemble(const char *text, size_t len, const hd_encoding *enc,
                const hd_regnames *names, hd_buf *out, hd_status *st)
{
	parser p = { text, len, 0, enc, names, st };
	size_t start = out->len;

	/* on failure out is left as it was, not with half an expression */
	if (parse_ops(&p, 0, out) != 0) {
		out->len = start;
		return -1;
	}
	if (out->failed)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0,
		               "no memory for the bytes of the expression");
	return 0;
}
