/* The text form of call frame instructions (docs/cfi-text.md): an assembler
 * over text[0..len) that never looks past len, and the canonical printer.
 * Operands are read and printed by kind from hd_cfa_table, bytes come from
 * hd_cfa_encode and hd_cfa_decode, and expression operands go through the
 * expression assembler and printer, so no instruction is known by name here.
 * Numbers, hex blocks and error columns are lexed as in the expression text
 * (textlex.c); columns in errors are 1-based, as cfi.h says. */
#include "cfi.h"
#include "../codec/textlex.h"

#include <inttypes.h>
#include <string.h>

typedef struct parser {
	hd_lexer lx;
	unsigned addr_size;
	const hd_encoding *enc;
	const hd_regnames *names;
} parser;

/* A missing operand or one of the wrong shape: the message says which. */
static int expected(parser *p, const hd_cfa_info *info, int i)
{
	const char *what = hd_opnd_table[info->opnd[i]].what;
	hd_lexer *lx = &p->lx;

	if (lx->pos >= lx->len || hd_lex_peek(lx) == ';')
		return hd_lex_fail(lx, "bad-text", lx->pos, "DW_CFA_%s is missing operand %d (%s)",
		                   info->name, i + 1, what);
	return hd_lex_fail(lx, "bad-text", lx->pos,
	                   "expected %s as operand %d of DW_CFA_%s, found '%.*s'", what, i + 1,
	                   info->name, hd_lex_quote_len(lx, lx->pos), lx->s + lx->pos);
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
	hd_lexer *lx = &p->lx;
	size_t col = lx->pos;
	int rc = hd_lex_int(lx, hd_opnd_table[info->opnd[i]].is_signed, v);

	if (rc != 0)
		return rc < 0 ? -1 : expected(p, info, i);
	if (!fits(p, info, i, *v))
		return hd_lex_fail(lx, "operand-range", col, "'%.*s' does not fit operand %d of"
		                   " DW_CFA_%s%s", hd_lex_quote_len(lx, col), lx->s + col, i + 1,
		                   info->name, field_note(info, i));
	return 0;
}

/* A register: a number, or a name the target's lookup knows. */
static int parse_reg(parser *p, const hd_cfa_info *info, int i, uint64_t *v)
{
	hd_lexer *lx = &p->lx;
	size_t col = lx->pos, end = hd_lex_name_end(lx);

	if (hd_lex_peek(lx) >= '0' && hd_lex_peek(lx) <= '9')
		return parse_int(p, info, i, v);
	if (end == col || !hd_lex_ends(lx, end < lx->len ? (unsigned char)lx->s[end] : -1))
		return expected(p, info, i);
	if (p->names == NULL || p->names->lookup == NULL ||
	    p->names->lookup(p->names->self, lx->s + col, end - col, v) != 0)
		return hd_lex_fail(lx, "bad-text", col,
		                   "unknown register '%.*s' (operand %d of DW_CFA_%s)",
		                   (int)(end - col), lx->s + col, i + 1, info->name);
	if (!fits(p, info, i, *v))
		return hd_lex_fail(lx, "operand-range", col, "register '%.*s' (%" PRIu64 ") does not"
		                   " fit operand %d of DW_CFA_%s%s", (int)(end - col), lx->s + col,
		                   *v, i + 1, info->name, field_note(info, i));
	lx->pos = end;
	return 0;
}

/* The '}' that closes the '{' at pos; the expression text inside uses
 * braces too (DW_OP_entry_value), so they are counted. len if none. */
static size_t closing_brace(const parser *p)
{
	const hd_lexer *lx = &p->lx;
	size_t depth = 0;

	for (size_t e = lx->pos; e < lx->len; e++) {
		if (lx->s[e] == '{')
			depth++;
		else if (lx->s[e] == '}' && --depth == 0)
			return e;
	}
	return lx->len;
}

/* { expression text }: assembled by hd_assemble, whose error column (0-based
 * within the braces) is moved into this text. */
static int parse_expr_text(parser *p, const hd_cfa_info *info, hd_buf *blk)
{
	hd_lexer *lx = &p->lx;
	size_t open = lx->pos, close = closing_brace(p);
	hd_status *st = lx->st;
	const char *msg;

	if (close == lx->len)
		return hd_lex_fail(lx, "bad-text", open, "unterminated '{'");
	if (hd_assemble(lx->s + open + 1, close - open - 1, p->enc, p->names, blk, st) != 0) {
		if (st == NULL || st->kind != HD_BAD_INPUT)
			return -1;
		/* drop the inner "column N: " and say where it is in this text */
		msg = strncmp(st->msg, "column ", 7) == 0 ? strstr(st->msg, ": ") : NULL;
		msg = msg != NULL ? msg + 2 : st->msg;
		return hd_lex_fail(lx, st->code, open + 1 + (size_t)st->offset,
		                   "in the expression of DW_CFA_%s: %s", info->name, msg);
	}
	lx->pos = close + 1;
	return 0;
}

static int parse_expr(parser *p, const hd_cfa_info *info, int i, hd_buf *blk)
{
	hd_lexer *lx = &p->lx;

	if (hd_lex_peek(lx) == '{') {
		if (parse_expr_text(p, info, blk) != 0)
			return -1;
	} else if (hd_lex_peek(lx) == '[') {
		if (hd_lex_hex_block(lx, blk) != 0)
			return -1;
	} else {
		return expected(p, info, i);
	}
	if (!hd_lex_ends(lx, hd_lex_peek(lx)))
		return hd_lex_fail(lx, "bad-text", lx->pos, "expected a separator after the"
		                   " expression, found '%.*s'", hd_lex_quote_len(lx, lx->pos),
		                   lx->s + lx->pos);
	if (blk->failed)
		return hd_fail(lx->st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for an expression");
	return 0;
}

static int parse_operand(parser *p, hd_cfa_insn *in, int i, hd_buf *blk)
{
	const hd_cfa_info *info = &hd_cfa_table[in->id];
	hd_opnd k = (hd_opnd)info->opnd[i];

	/* blanks and/or one comma between operands, none before the first */
	hd_lex_skip_space(&p->lx);
	if (i > 0 && hd_lex_peek(&p->lx) == ',') {
		p->lx.pos++;
		hd_lex_skip_space(&p->lx);
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
	hd_lexer *lx = &p->lx;
	size_t col = lx->pos, end = hd_lex_name_end(lx);
	const hd_cfa_info *info;
	hd_cfa_id id;
	hd_cfa_insn in;
	hd_buf blk;
	int rc = 0, n = 0;

	if (end == col)
		return hd_lex_fail(lx, "bad-text", col, "expected an instruction name, found '%.*s'",
		                   hd_lex_quote_len(lx, col), lx->s + col);
	if (hd_cfa_lookup(lx->s + col, end - col, &id) != 0)
		return hd_lex_fail(lx, "bad-text", col, "unknown instruction '%.*s'",
		                   (int)(end - col), lx->s + col);
	info = &hd_cfa_table[id];
	lx->pos = end;
	if (!hd_lex_ends(lx, hd_lex_peek(lx)) || hd_lex_peek(lx) == ',')
		return hd_lex_fail(lx, "bad-text", end, "expected a blank after DW_CFA_%s, found '%.*s'",
		                   info->name, hd_lex_quote_len(lx, end), lx->s + end);
	memset(&in, 0, sizeof in);
	in.id = (uint16_t)id;
	hd_buf_init(&blk);
	for (; n < 3 && info->opnd[n] != HD_OPND_NONE && rc == 0; n++)
		rc = parse_operand(p, &in, n, &blk);
	hd_lex_skip_space(lx);
	if (rc == 0 && lx->pos < lx->len && hd_lex_peek(lx) != ';')
		rc = hd_lex_fail(lx, "bad-text", lx->pos, "DW_CFA_%s takes %d operand(s); found '%.*s'",
		                 info->name, n, hd_lex_quote_len(lx, lx->pos), lx->s + lx->pos);
	if (rc == 0 && hd_cfa_encode(out, &in, p->addr_size, lx->st) != 0)
		rc = -1;
	hd_buf_free(&blk);
	return rc;
}

/* Numbers end at a blank, ',' or ';', and so does a quote in a message;
 * columns count from 1. */
int hd_cfa_assemble(const char *text, size_t len, unsigned addr_size,
                    const hd_encoding *enc, const hd_regnames *names,
                    hd_buf *out, hd_status *st)
{
	parser p = { { text, len, 0, 1, ",;", ",;", st }, addr_size, enc, names };
	hd_lexer *lx = &p.lx;
	size_t start = out->len;

	if (addr_size != 1 && addr_size != 2 && addr_size != 4 && addr_size != 8)
		return hd_fail(st, HD_INTERNAL, "bad-address-size", 0,
		               "address size %u is not 1, 2, 4 or 8", addr_size);
	if (enc == NULL)
		return hd_fail(st, HD_INTERNAL, "bad-encoding", 0, "no expression encoding");
	/* insn { ';' insn } [';']; on failure out is left as it was */
	for (hd_lex_skip_space(lx); lx->pos < lx->len; hd_lex_skip_space(lx)) {
		if (parse_insn(&p, out) != 0) {
			out->len = start;
			return -1;
		}
		if (lx->pos < lx->len) {
			lx->pos++;  /* the ';' parse_insn stopped at */
			hd_lex_skip_space(lx);
			if (hd_lex_peek(lx) == ';') {
				out->len = start;
				return hd_lex_fail(lx, "bad-text", lx->pos,
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
		if (!hd_lex_is_name_char((unsigned char)name[i]))
			return 0;
	if (names->lookup(names->self, name, n, &back) != 0 || back != reg)
		return 0;
	hd_buf_put(out, name, n);
	return 1;
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
		else if (info->opnd[i] != HD_OPND_REG || !print_reg_name(out, in->u[i], names))
			hd_opnd_print(out, (hd_opnd)info->opnd[i], in->u[i]);
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
