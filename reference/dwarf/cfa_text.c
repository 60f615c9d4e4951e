/* The text form of call frame instructions (docs/cfi-text.md): an assembler
 * over text[0..len) that never looks past len, and the canonical printer.
 * Operands are read and printed by kind from hd_cfa_table, bytes come from
 * hd_cfa_encode and hd_cfa_decode, and expression operands go through the
 * expression assembler and printer, so no instruction is known by name here.
 * Columns in errors are 1-based, as cfi.h says. */
#include "cfi.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct parser {
	const char *s;
	size_t len, pos;
	unsigned addr_size;
	const hd_encoding *enc;
	const hd_regnames *names;
	hd_status *st;
} parser;

static int fail_at(parser *p, const char *code, size_t pos, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* pos is 0-based; the status gets the 1-based column. */
static int fail_at(parser *p, const char *code, size_t pos, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return hd_fail(p->st, HD_BAD_INPUT, code, pos + 1, "column %zu: %s", pos + 1, msg);
}

static int peek(const parser *p)
{
	return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int is_name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* What may follow an operand: a blank, a comma, ';' or the end. */
static int ends_operand(int c)
{
	return c < 0 || is_space(c) || c == ',' || c == ';';
}

static int hex_digit(int c)
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

/* Length of the token at pos to quote in a message, at most 24. */
static int quote_len(const parser *p, size_t pos)
{
	size_t e = pos < p->len ? pos + 1 : pos;

	while (e < p->len && e - pos < 24 && !ends_operand((unsigned char)p->s[e]))
		e++;
	return (int)(e - pos);
}

/* A missing operand or one of the wrong shape: the message says which. */
static int expected(parser *p, const hd_cfa_info *info, int i)
{
	const char *what = hd_opnd_table[info->opnd[i]].what;

	if (p->pos >= p->len || peek(p) == ';')
		return fail_at(p, "bad-text", p->pos, "DW_CFA_%s is missing operand %d (%s)",
		               info->name, i + 1, what);
	return fail_at(p, "bad-text", p->pos, "expected %s as operand %d of DW_CFA_%s, found '%.*s'",
	               what, i + 1, info->name, quote_len(p, p->pos), p->s + p->pos);
}

/* Decimal or 0x-hex digits up to the end of the operand; -1 when there are
 * none, something else follows, or the value needs more than 64 bits. */
static int read_magnitude(parser *p, uint64_t *v, int *overflow)
{
	unsigned base = 10;
	uint64_t x = 0;
	size_t start;
	int d;

	*overflow = 0;
	if (peek(p) == '0' && p->pos + 1 < p->len && (p->s[p->pos + 1] | 0x20) == 'x') {
		base = 16;
		p->pos += 2;
	}
	for (start = p->pos; (d = hex_digit(peek(p))) >= 0 && (unsigned)d < base; p->pos++) {
		*overflow |= x > (UINT64_MAX - (unsigned)d) / base;
		x = x * base + (unsigned)d;
	}
	if (p->pos == start || *overflow || !ends_operand(peek(p)))
		return -1;
	*v = x;
	return 0;
}

/* Whether v fits operand i: a primary operand has the opcode's 6 bits, a
 * fixed one its bytes (ADDR: the CIE's address size). */
static int fits(const parser *p, const hd_cfa_info *info, int i, uint64_t v)
{
	hd_encoding enc = { HD_PROFILE_AMDGPU_V0, (uint8_t)p->addr_size, 4 };

	if (i == 0 && (info->flags & HD_CFAF_PRIMARY))
		return v <= 0x3f;
	return hd_opnd_fits((hd_opnd)info->opnd[i], &enc, v);
}

/* Why a value did not fit, for the message. */
static const char *field_note(const hd_cfa_info *info, int i)
{
	if (i == 0 && (info->flags & HD_CFAF_PRIMARY))
		return " (it is in the opcode's low 6 bits: 0..63)";
	return info->opnd[i] == HD_OPND_ADDR ? " (the address size)" : "";
}

static int parse_int(parser *p, const hd_cfa_info *info, int i, uint64_t *v)
{
	const hd_opnd_info *oi = &hd_opnd_table[info->opnd[i]];
	size_t col = p->pos;
	int neg = 0, overflow;
	uint64_t mag;

	if (peek(p) == '-' && oi->is_signed) {
		neg = 1;
		p->pos++;
	}
	if (read_magnitude(p, &mag, &overflow) != 0) {
		if (overflow)
			return fail_at(p, "operand-range", col, "'%.*s' does not fit in 64 bits",
			               quote_len(p, col), p->s + col);
		p->pos = col;
		return expected(p, info, i);
	}
	if (oi->is_signed && mag > (neg ? (uint64_t)1 << 63 : (uint64_t)INT64_MAX))
		return fail_at(p, "operand-range", col, "'%.*s' does not fit a signed 64-bit integer",
		               quote_len(p, col), p->s + col);
	*v = neg ? (uint64_t)0 - mag : mag;
	if (!fits(p, info, i, *v))
		return fail_at(p, "operand-range", col, "'%.*s' does not fit operand %d of DW_CFA_%s%s",
		               quote_len(p, col), p->s + col, i + 1, info->name, field_note(info, i));
	return 0;
}

/* A register: a number, or a name the target's lookup knows. */
static int parse_reg(parser *p, const hd_cfa_info *info, int i, uint64_t *v)
{
	size_t col = p->pos, end = p->pos;

	if (peek(p) >= '0' && peek(p) <= '9')
		return parse_int(p, info, i, v);
	while (end < p->len && is_name_char((unsigned char)p->s[end]))
		end++;
	if (end == col || !ends_operand(end < p->len ? (unsigned char)p->s[end] : -1))
		return expected(p, info, i);
	if (p->names == NULL || p->names->lookup == NULL ||
	    p->names->lookup(p->names->self, p->s + col, end - col, v) != 0)
		return fail_at(p, "bad-text", col, "unknown register '%.*s' (operand %d of DW_CFA_%s)",
		               (int)(end - col), p->s + col, i + 1, info->name);
	if (!fits(p, info, i, *v))
		return fail_at(p, "operand-range", col, "register '%.*s' (%" PRIu64 ") does not fit"
		               " operand %d of DW_CFA_%s%s", (int)(end - col), p->s + col, *v,
		               i + 1, info->name, field_note(info, i));
	p->pos = end;
	return 0;
}

/* [2a 00 ff]: the raw bytes of an expression the printer could not spell. */
static int parse_hex_block(parser *p, hd_buf *blk)
{
	size_t open = p->pos;
	int hi, lo;

	for (p->pos++;; p->pos += 2) {
		skip_space(p);
		if (p->pos >= p->len)
			return fail_at(p, "bad-text", open, "unterminated '['");
		if (peek(p) == ']')
			break;
		hi = hex_digit(peek(p));
		lo = p->pos + 1 < p->len ? hex_digit((unsigned char)p->s[p->pos + 1]) : -1;
		if (hi < 0 || lo < 0)
			return fail_at(p, "bad-text", p->pos,
			               "expected two hex digits or ']', found '%.*s'",
			               quote_len(p, p->pos), p->s + p->pos);
		hd_buf_byte(blk, (uint8_t)(hi << 4 | lo));
	}
	p->pos++;
	return 0;
}

/* The '}' that closes the '{' at p->pos; the expression text inside uses
 * braces too (DW_OP_entry_value), so they are counted. len if none. */
static size_t closing_brace(const parser *p)
{
	size_t depth = 0;

	for (size_t e = p->pos; e < p->len; e++) {
		if (p->s[e] == '{')
			depth++;
		else if (p->s[e] == '}' && --depth == 0)
			return e;
	}
	return p->len;
}

/* { expression text }: assembled by hd_assemble, whose error column (0-based
 * within the braces) is moved into this text. */
static int parse_expr_text(parser *p, const hd_cfa_info *info, hd_buf *blk)
{
	size_t open = p->pos, close = closing_brace(p);
	const char *msg;

	if (close == p->len)
		return fail_at(p, "bad-text", open, "unterminated '{'");
	if (hd_assemble(p->s + open + 1, close - open - 1, p->enc, p->names, blk, p->st) != 0) {
		if (p->st == NULL || p->st->kind != HD_BAD_INPUT)
			return -1;
		/* drop the inner "column N: " and say where it is in this text */
		msg = strncmp(p->st->msg, "column ", 7) == 0 ? strstr(p->st->msg, ": ") : NULL;
		msg = msg != NULL ? msg + 2 : p->st->msg;
		return fail_at(p, p->st->code, open + 1 + (size_t)p->st->offset,
		               "in the expression of DW_CFA_%s: %s", info->name, msg);
	}
	p->pos = close + 1;
	return 0;
}

static int parse_expr(parser *p, const hd_cfa_info *info, int i, hd_buf *blk)
{
	if (peek(p) == '{') {
		if (parse_expr_text(p, info, blk) != 0)
			return -1;
	} else if (peek(p) == '[') {
		if (parse_hex_block(p, blk) != 0)
			return -1;
	} else {
		return expected(p, info, i);
	}
	if (!ends_operand(peek(p)))
		return fail_at(p, "bad-text", p->pos, "expected a separator after the expression,"
		               " found '%.*s'", quote_len(p, p->pos), p->s + p->pos);
	if (blk->failed)
		return hd_fail(p->st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for an expression");
	return 0;
}

static int parse_operand(parser *p, hd_cfa_insn *in, int i, hd_buf *blk)
{
	const hd_cfa_info *info = &hd_cfa_table[in->id];
	hd_opnd k = (hd_opnd)info->opnd[i];

	/* blanks and/or one comma between operands, none before the first */
	skip_space(p);
	if (i > 0 && peek(p) == ',') {
		p->pos++;
		skip_space(p);
	}
	if (k == HD_OPND_EXPR) {
		if (parse_expr(p, info, i, blk) != 0)
			return -1;
		in->block = blk->data;
		in->block_len = blk->len;
		return 0;
	}
	if (k == HD_OPND_REG)
		return parse_reg(p, info, i, &in->u[i]);
	return parse_int(p, info, i, &in->u[i]);
}

/* NAME operands...: appends the instruction's bytes to out. */
static int parse_insn(parser *p, hd_buf *out)
{
	size_t col = p->pos, end = p->pos;
	const hd_cfa_info *info;
	hd_cfa_id id;
	hd_cfa_insn in;
	hd_buf blk;
	int rc = 0, n = 0;

	while (end < p->len && is_name_char((unsigned char)p->s[end]))
		end++;
	if (end == col)
		return fail_at(p, "bad-text", col, "expected an instruction name, found '%.*s'",
		               quote_len(p, col), p->s + col);
	if (hd_cfa_lookup(p->s + col, end - col, &id) != 0)
		return fail_at(p, "bad-text", col, "unknown instruction '%.*s'",
		               (int)(end - col), p->s + col);
	info = &hd_cfa_table[id];
	p->pos = end;
	if (!ends_operand(peek(p)) || peek(p) == ',')
		return fail_at(p, "bad-text", end, "expected a blank after DW_CFA_%s, found '%.*s'",
		               info->name, quote_len(p, end), p->s + end);
	memset(&in, 0, sizeof in);
	in.id = (uint16_t)id;
	hd_buf_init(&blk);
	for (; n < 3 && info->opnd[n] != HD_OPND_NONE && rc == 0; n++)
		rc = parse_operand(p, &in, n, &blk);
	skip_space(p);
	if (rc == 0 && p->pos < p->len && peek(p) != ';')
		rc = fail_at(p, "bad-text", p->pos, "DW_CFA_%s takes %d operand(s); found '%.*s'",
		             info->name, n, quote_len(p, p->pos), p->s + p->pos);
	if (rc == 0 && hd_cfa_encode(out, &in, p->addr_size, p->st) != 0)
		rc = -1;
	hd_buf_free(&blk);
	return rc;
}

int hd_cfa_assemble(const char *text, size_t len, unsigned addr_size,
                    const hd_encoding *enc, const hd_regnames *names,
                    hd_buf *out, hd_status *st)
{
	parser p = { text, len, 0, addr_size, enc, names, st };
	size_t start = out->len;

	if (addr_size != 1 && addr_size != 2 && addr_size != 4 && addr_size != 8)
		return hd_fail(st, HD_INTERNAL, "bad-address-size", 0,
		               "address size %u is not 1, 2, 4 or 8", addr_size);
	if (enc == NULL)
		return hd_fail(st, HD_INTERNAL, "bad-encoding", 0, "no expression encoding");
	/* insn { ';' insn } [';']; on failure out is left as it was */
	for (skip_space(&p); p.pos < p.len; skip_space(&p)) {
		if (parse_insn(&p, out) != 0) {
			out->len = start;
			return -1;
		}
		if (p.pos < p.len) {
			p.pos++;  /* the ';' parse_insn stopped at */
			skip_space(&p);
			if (peek(&p) == ';') {
				out->len = start;
				return fail_at(&p, "bad-text", p.pos,
				               "expected an instruction name, found ';'");
			}
		}
	}
	if (out->failed)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0,
		               "no memory for the bytes of the instructions");
	return 0;
}

/* ---- printing ---- */

/* A register's name, when the text would read it back as this register: a
 * name token that does not start with a digit and that lookup maps back. */
static int print_reg_name(hd_buf *out, uint64_t reg, const hd_regnames *names)
{
	char name[64];
	uint64_t back;
	size_t n;

	if (names == NULL || names->name == NULL || names->lookup == NULL ||
	    names->name(names->self, reg, name, sizeof name) != 0)
		return 0;
	name[sizeof name - 1] = '\0';
	n = strlen(name);
	if (n == 0 || (name[0] >= '0' && name[0] <= '9'))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!is_name_char((unsigned char)name[i]))
			return 0;
	if (names->lookup(names->self, name, n, &back) != 0 || back != reg)
		return 0;
	hd_buf_put(out, name, n);
	return 1;
}

static void print_int(hd_buf *out, hd_opnd k, uint64_t v, const hd_regnames *names)
{
	const hd_opnd_info *oi = &hd_opnd_table[k];

	if (k == HD_OPND_REG && print_reg_name(out, v, names))
		return;
	if (oi->hex)
		hd_buf_printf(out, "0x%" PRIx64, v);
	else if (oi->is_signed)
		hd_buf_printf(out, "%" PRId64, (int64_t)v);
	else
		hd_buf_printf(out, "%" PRIu64, v);
}

/* { text } when the expression's text assembles back to exactly its bytes,
 * else [hex bytes], so the instruction's bytes survive a round trip. */
static void print_expr(hd_buf *out, const uint8_t *p, size_t n, const hd_encoding *enc,
                       const hd_regnames *names)
{
	hd_buf text, back;
	int same;

	hd_buf_init(&text);
	hd_buf_init(&back);
	same = hd_disassemble(p, n, enc, names, &text, NULL) == 0 && !text.failed &&
	       hd_assemble((const char *)text.data, text.len, enc, names, &back, NULL) == 0 &&
	       back.len == n && (n == 0 || memcmp(back.data, p, n) == 0);
	if (same && n == 0) {
		hd_buf_put(out, "{}", 2);
	} else if (same) {
		hd_buf_put(out, "{ ", 2);
		hd_buf_put(out, text.data, text.len);
		hd_buf_put(out, " }", 2);
	} else {
		hd_buf_byte(out, '[');
		for (size_t i = 0; i < n; i++)
			hd_buf_printf(out, i ? " %02x" : "%02x", p[i]);
		hd_buf_byte(out, ']');
	}
	hd_buf_free(&text);
	hd_buf_free(&back);
}

static void print_insn(hd_buf *out, const hd_cfa_insn *in, const hd_encoding *enc,
                       const hd_regnames *names)
{
	const hd_cfa_info *info = &hd_cfa_table[in->id];

	hd_buf_printf(out, "DW_CFA_%s", info->name);
	for (int i = 0; i < 3 && info->opnd[i] != HD_OPND_NONE; i++) {
		hd_buf_byte(out, ' ');
		if (info->opnd[i] == HD_OPND_EXPR)
			print_expr(out, in->block, (size_t)in->block_len, enc, names);
		else
			print_int(out, (hd_opnd)info->opnd[i], in->u[i], names);
	}
}

int hd_cfa_disassemble(const uint8_t *bytes, size_t len, unsigned addr_size,
                       const hd_encoding *enc, const hd_regnames *names,
                       hd_buf *out, hd_status *st)
{
	size_t start = out->len;
	hd_cfa_insn in;

	if (enc == NULL)
		return hd_fail(st, HD_INTERNAL, "bad-encoding", 0, "no expression encoding");
	for (size_t off = 0; off < len; off += in.size) {
		if (hd_cfa_decode(bytes, len, off, addr_size, &in, st) != 0) {
			out->len = start;
			return -1;
		}
		if (off > 0)
			hd_buf_put(out, "; ", 2);
		print_insn(out, &in, enc, names);
	}
	if (out->failed)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0,
		               "no memory for the text of %zu bytes of instructions", len);
	return 0;
}
