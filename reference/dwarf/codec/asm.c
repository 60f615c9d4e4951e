/* The assembler: the text form of operation expressions to bytes
 * (docs/expression-text.md). A hand-written recursive-descent reader over
 * text[0..len); it never looks past len, so the text need not end in a NUL.
 * Operands are read by kind, from hd_op_table, and the bytes come from
 * hd_encode_op, so the text and the encoding cannot drift apart. */
#include "expr.h"
#include "textlex.h"

#include <string.h>

typedef struct parser {
	hd_lexer lx;
	const hd_encoding *enc;
	const hd_regnames *names;
} parser;

static int parse_ops(parser *p, int depth, hd_buf *out);

/* Between operands: spaces and/or commas. */
static void skip_separators(parser *p)
{
	hd_lexer *lx = &p->lx;

	for (hd_lex_skip_space(lx); hd_lex_peek(lx) == ','; hd_lex_skip_space(lx))
		lx->pos++;
}

/* End of the token at pos: up to the next delimiter. */
static size_t token_end(const parser *p)
{
	size_t e = p->lx.pos;

	while (e < p->lx.len && !hd_lex_ends(&p->lx, (unsigned char)p->lx.s[e]))
		e++;
	return e;
}

static int expected(parser *p, size_t col, const char *what, const hd_op_info *info, int i)
{
	hd_lexer *lx = &p->lx;

	if (col >= lx->len || lx->s[col] == ';' || lx->s[col] == '}')
		return hd_lex_fail(lx, "bad-text", col, "DW_OP_%s expects %s as operand %d",
		                   info->name, what, i + 1);
	return hd_lex_fail(lx, "bad-text", col,
	                   "expected %s as operand %d of DW_OP_%s, found '%.*s'",
	                   what, i + 1, info->name, hd_lex_quote_len(lx, col), lx->s + col);
}

/* An integer operand of kind k: decimal or 0x-hex, '-' only for signed kinds. */
static int parse_int(parser *p, hd_opnd k, const hd_op_info *info, int i, uint64_t *v)
{
	const hd_opnd_info *oi = &hd_opnd_table[k];
	hd_lexer *lx = &p->lx;
	size_t col = lx->pos;
	int rc = hd_lex_int(lx, oi->is_signed, v);

	if (rc != 0)
		return rc < 0 ? -1 : expected(p, col, oi->what, info, i);
	if (!hd_opnd_fits(k, p->enc, *v))
		return hd_lex_fail(lx, "operand-range", col,
		                   "'%.*s' does not fit operand %d of DW_OP_%s (%u byte(s))",
		                   hd_lex_quote_len(lx, col), lx->s + col, i + 1, info->name,
		                   hd_opnd_size(k, p->enc));
	return 0;
}

/* A register: a number, or a name the target knows. */
static int parse_reg(parser *p, const hd_op_info *info, int i, uint64_t *v)
{
	hd_lexer *lx = &p->lx;
	size_t col = lx->pos, end;
	int c = hd_lex_peek(lx);

	if (c >= '0' && c <= '9')
		return parse_int(p, HD_OPND_REG, info, i, v);
	end = token_end(p);
	if (end == col)
		return expected(p, col, hd_opnd_table[HD_OPND_REG].what, info, i);
	if (p->names == NULL || p->names->lookup == NULL ||
	    p->names->lookup(p->names->self, lx->s + col, end - col, v) != 0)
		return hd_lex_fail(lx, "bad-text", col, "unknown register '%.*s' (operand %d of DW_OP_%s)",
		                   (int)(end - col), lx->s + col, i + 1, info->name);
	lx->pos = end;
	return 0;
}

/* { nested text }: assembled with the same rules, to a bounded depth. */
static int parse_nested(parser *p, int depth, hd_buf *blk)
{
	hd_lexer *lx = &p->lx;
	size_t open = lx->pos;

	if (depth + 1 > HD_EXPR_TEXT_DEPTH)
		return hd_lex_fail(lx, "bad-text", open, "expressions nest deeper than %d",
		                   HD_EXPR_TEXT_DEPTH);
	lx->pos++;
	if (parse_ops(p, depth + 1, blk) != 0)
		return -1;
	if (hd_lex_peek(lx) != '}')
		return hd_lex_fail(lx, "bad-text", open, "unterminated '{'");
	lx->pos++;
	return 0;
}

static int parse_block(parser *p, hd_opnd k, const hd_op_info *info, int i,
                       int depth, hd_buf *blk)
{
	hd_lexer *lx = &p->lx;
	size_t col = lx->pos;

	if (hd_lex_peek(lx) == '{' && k == HD_OPND_EXPR) {
		if (parse_nested(p, depth, blk) != 0)
			return -1;
	} else if (hd_lex_peek(lx) == '[') {
		if (hd_lex_hex_block(lx, blk) != 0)
			return -1;
	} else {
		return expected(p, col, hd_opnd_table[k].what, info, i);
	}
	if (!hd_lex_ends(lx, hd_lex_peek(lx)))
		return hd_lex_fail(lx, "bad-text", lx->pos,
		                   "expected a separator after the block, found '%.*s'",
		                   hd_lex_quote_len(lx, lx->pos), lx->s + lx->pos);
	if (hd_opnd_table[k].size == 1 && blk->len > 0xff)
		return hd_lex_fail(lx, "operand-range", col,
		                   "a block of %zu bytes does not fit DW_OP_%s's 1-byte length",
		                   blk->len, info->name);
	if (blk->failed)
		return hd_fail(lx->st, HD_NO_MEMORY, "out-of-memory", col,
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
	hd_lexer *lx = &p->lx;
	size_t col = lx->pos, end = hd_lex_name_end(lx);
	const hd_op_info *info;
	hd_op_id id;
	unsigned n;
	hd_op op;
	hd_buf blk;
	int rc = 0;

	if (end == col)
		return hd_lex_fail(lx, "bad-text", col, "expected an operation name, found '%.*s'",
		                   hd_lex_quote_len(lx, col), lx->s + col);
	if (hd_op_lookup(lx->s + col, end - col, &id, &n) != 0)
		return hd_lex_fail(lx, "bad-text", col, "unknown operation '%.*s'",
		                   (int)(end - col), lx->s + col);
	info = &hd_op_table[id];
	if (!hd_op_encodable(id, p->enc->profile))
		return hd_lex_fail(lx, "not-in-profile", col, "DW_OP_%s has no encoding in profile %s",
		                   info->name, hd_profile_name(p->enc->profile));
	lx->pos = end;
	memset(&op, 0, sizeof op);
	op.id = (uint16_t)id;
	op.u[0] = n;
	hd_buf_init(&blk);
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE && rc == 0; i++)
		rc = parse_operand(p, &op, i, depth, &blk);
	if (rc == 0 && hd_encode_op(out, &op, p->enc, lx->st) != 0) {
		/* the text was at fault, so report it as such, at the op */
		if (lx->st != NULL && lx->st->kind == HD_ILL_FORMED) {
			lx->st->kind = HD_BAD_INPUT;
			lx->st->offset = col;
		}
		rc = -1;
	}
	hd_buf_free(&blk);
	return rc;
}

/* op { ';' op } [';'], stopping at the end or, nested, before '}'. */
static int parse_ops(parser *p, int depth, hd_buf *out)
{
	hd_lexer *lx = &p->lx;

	for (;;) {
		hd_lex_skip_space(lx);
		if (lx->pos >= lx->len || (depth > 0 && hd_lex_peek(lx) == '}'))
			return 0;
		if (parse_op(p, depth, out) != 0)
			return -1;
		hd_lex_skip_space(lx);
		if (lx->pos >= lx->len || (depth > 0 && hd_lex_peek(lx) == '}'))
			return 0;
		if (hd_lex_peek(lx) != ';')
			return hd_lex_fail(lx, "bad-text", lx->pos,
			                   "expected ';' or the end after an operation, found '%.*s'",
			                   hd_lex_quote_len(lx, lx->pos), lx->s + lx->pos);
		lx->pos++;
		/* a trailing ';' is fine, an empty operation between two is not */
		hd_lex_skip_space(lx);
		if (hd_lex_peek(lx) == ';')
			return hd_lex_fail(lx, "bad-text", lx->pos,
			                   "expected an operation name, found ';'");
	}
}

/* Numbers end at a blank or ",;[]{}"; a message quotes up to a blank or ';';
 * columns count from 0. */
int hd_assemble(const char *text, size_t len, const hd_encoding *enc,
                const hd_regnames *names, hd_buf *out, hd_status *st)
{
	parser p = { { text, len, 0, 0, ",;[]{}", ";", st }, enc, names };
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
