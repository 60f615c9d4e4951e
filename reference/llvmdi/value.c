/* The values of debug metadata (field values, tuple and expression
 * operands, the operands of debug records): a recursive-descent parser
 * over one line's tokens, LLVM's grammar for MDField and Metadata
 * (LangRef, "Metadata"; lib/AsmParser/LLParser.cpp, parseMetadata and
 * parseMDField). Nodes written inline are built here too; nesting is
 * bounded by HD_LLDI_MAX_DEPTH. */
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"

static hd_lldi_pos tok_pos(const hd_lldi_parser *ps, const hd_lldi_token *t)
{
	return (hd_lldi_pos){ ps->lineno, t->col };
}

int hd_lldi_expected(hd_lldi_parser *ps, const char *what)
{
	const hd_lldi_token *t = &ps->toks[ps->i];

	if (t->kind == T_END)
		return hd_lldi_fail(ps->st, HD_LLDI_R_SYNTAX, ps->path, tok_pos(ps, t),
		                  "expected %s, found the end of the line", what);
	return hd_lldi_fail(ps->st, HD_LLDI_R_SYNTAX, ps->path, tok_pos(ps, t),
	                  "expected %s, found '%.*s'", what, (int)(t->len > 40 ? 40 : t->len),
	                  t->p);
}

int hd_lldi_is_punct(const hd_lldi_parser *ps, char c)
{
	const hd_lldi_token *t = &ps->toks[ps->i];
	return t->kind == T_PUNCT && t->p[0] == c;
}

int hd_lldi_is_punct_at(const hd_lldi_parser *ps, size_t i, char c)
{
	const hd_lldi_token *t = &ps->toks[i];
	return t->kind == T_PUNCT && t->p[0] == c;
}

int hd_lldi_expect_punct(hd_lldi_parser *ps, char c)
{
	char what[4] = { '\'', c, '\'', '\0' };

	if (!hd_lldi_is_punct(ps, c))
		return hd_lldi_expected(ps, what);
	ps->i++;
	return 0;
}

int hd_lldi_no_memory(hd_lldi_parser *ps)
{
	return hd_fail(ps->st, HD_NO_MEMORY, "llvmdi/memory", ps->lineno,
	               "%s:%u: out of memory (or past the reader's memory bound)", ps->path,
	               (unsigned)ps->lineno);
}

char *hd_lldi_strdup(hd_lldi_parser *ps, const char *p, size_t n)
{
	char *s = hd_arena_alloc(ps->arena, n + 1);

	if (s == NULL) {
		hd_fail(ps->st, HD_NO_MEMORY, "llvmdi/memory", ps->lineno, "%s:%u: out of memory",
		        ps->path, (unsigned)ps->lineno);
		return NULL;
	}
	memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* A quoted token's text, with LLVM's escapes (\\ and \xx) decoded into
 * the arena. skip: the characters before the opening quote (1 for !"). */
int hd_lldi_string(hd_lldi_parser *ps, const hd_lldi_token *t, uint32_t skip, hd_lldi_value *v)
{
	const char *p = t->p + skip + 1;
	uint32_t n = t->len - skip - 2, k = 0;
	char *s;

	s = hd_arena_alloc(ps->arena, (size_t)n + 1);
	if (s == NULL)
		return hd_lldi_no_memory(ps);
	for (uint32_t i = 0; i < n; i++) {
		if (p[i] != '\\') {
			s[k++] = p[i];
			continue;
		}
		if (i + 1 < n && p[i + 1] == '\\') {
			s[k++] = '\\';
			i++;
		} else if (i + 2 < n && hexval(p[i + 1]) >= 0 && hexval(p[i + 2]) >= 0) {
			s[k++] = (char)(hexval(p[i + 1]) * 16 + hexval(p[i + 2]));
			i += 2;
		} else {
			return hd_lldi_fail(ps->st, HD_LLDI_R_ESCAPE, ps->path,
			                  (hd_lldi_pos){ ps->lineno, t->col + skip + 1 + i + 1 },
			                  "a backslash not followed by \\ or two hex digits");
		}
	}
	if (k > HD_LLDI_MAX_STRING)
		return hd_lldi_fail(ps->st, HD_LLDI_R_LIMIT, ps->path, tok_pos(ps, t),
		                  "a string of %u bytes, past the bound of %u", (unsigned)k,
		                  (unsigned)HD_LLDI_MAX_STRING);
	s[k] = '\0';
	v->s = s;
	v->len = k;
	return 0;
}

/* A decimal or 0x hexadecimal integer, maybe negative, into v: LLVM's
 * fields hold 64 bits (signed ones down to INT64_MIN). */
int hd_lldi_integer(hd_lldi_parser *ps, const hd_lldi_token *t, hd_lldi_value *v)
{
	const char *p = t->p;
	uint32_t n = t->len, i = 0;
	int base = 10;
	uint64_t u = 0;

	v->kind = HD_LLDI_V_INT;
	v->neg = p[0] == '-';
	i = v->neg;
	if (n - i > 2 && p[i] == '0' && (p[i + 1] == 'x' || p[i + 1] == 'X')) {
		base = 16;
		i += 2;
	}
	if (i == n)
		goto not_int;
	for (; i < n; i++) {
		int d = base == 16 ? hexval(p[i]) : (p[i] >= '0' && p[i] <= '9' ? p[i] - '0' : -1);
		if (d < 0)
			goto not_int;
		if (u > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			return hd_lldi_fail(ps->st, HD_LLDI_R_INTEGER, ps->path, tok_pos(ps, t),
			                  "'%.*s' does not fit 64 bits", (int)(n > 40 ? 40 : n), p);
		u = u * (uint64_t)base + (uint64_t)d;
	}
	if (v->neg && u > (uint64_t)1 << 63)
		return hd_lldi_fail(ps->st, HD_LLDI_R_INTEGER, ps->path, tok_pos(ps, t),
		                  "'%.*s' is below the smallest 64-bit integer", (int)(n > 40 ? 40 : n), p);
	if (v->neg && u == 0)
		v->neg = 0;
	v->u = u;
	return 0;
not_int:
	return hd_lldi_fail(ps->st, HD_LLDI_R_INTEGER, ps->path, tok_pos(ps, t),
	                  "'%.*s' is not an integer", (int)(n > 40 ? 40 : n), p);
}

/* !N: ids are unsigned 32-bit (LLParser, parseMDNodeID). */
int hd_lldi_ref_id(hd_lldi_parser *ps, const hd_lldi_token *t, uint32_t *id)
{
	uint64_t u = 0;

	for (uint32_t i = 1; i < t->len; i++) {
		u = u * 10 + (uint64_t)(t->p[i] - '0');
		if (u > UINT32_MAX)
			return hd_lldi_fail(ps->st, HD_LLDI_R_INTEGER, ps->path, tok_pos(ps, t),
			                  "metadata id '%.*s' does not fit 32 bits",
			                  (int)(t->len > 40 ? 40 : t->len), t->p);
	}
	*id = (uint32_t)u;
	return 0;
}

int hd_lldi_ref_value(hd_lldi_parser *ps, const hd_lldi_token *t, hd_lldi_value *v)
{
	uint32_t id = 0;  /* set on success; gcc -O2 cannot see through the call */

	if (hd_lldi_ref_id(ps, t, &id) != 0)
		return -1;
	v->u = id;
	return 0;
}

/* The first-class IR types an IR value can start with (LangRef, Type
 * System), so `i32 7` is a value and `DW_ATE_signed` an enum. */
static int is_ir_type(const hd_lldi_token *t)
{
	static const char *const types[] = { "ptr", "half", "bfloat", "float", "double",
		"x86_fp80", "fp128", "ppc_fp128", "void", "label", "token", "metadata",
		"x86_amx", "target", "opaque" };
	uint32_t i;

	if (t->kind == T_LOCAL)
		return 1;  /* %struct.S*: a typed pointer of LLVM 14 and 15 */
	if (t->kind == T_PUNCT)
		return strchr("{<[", t->p[0]) != NULL;
	if (t->kind != T_IDENT)
		return 0;
	if (t->len > 1 && t->p[0] == 'i') {
		for (i = 1; i < t->len && t->p[i] >= '0' && t->p[i] <= '9'; i++)
			;
		if (i == t->len)
			return 1;
	}
	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strlen(types[i]) == t->len && memcmp(types[i], t->p, t->len) == 0)
			return 1;
	return 0;
}

/* An IR value (`i32 7`, `ptr %3`, `%struct.S addrspace(1)** %x`): its
 * tokens up to a ',' ')' or '}' outside brackets, kept as text. */
static int ir_value(hd_lldi_parser *ps, hd_lldi_value *v)
{
	const hd_lldi_token *first = &ps->toks[ps->i], *last = first;
	int depth = 0;

	for (;;) {
		const hd_lldi_token *t = &ps->toks[ps->i];
		if (t->kind == T_END)
			break;
		if (t->kind == T_OTHER)
			return hd_lldi_fail(ps->st, HD_LLDI_R_TOKEN, ps->path, tok_pos(ps, t),
			                  "unexpected '%c' in an IR value", t->p[0]);
		if (t->kind == T_PUNCT && strchr(",)}]>", t->p[0]) != NULL && depth == 0)
			break;
		if (t->kind == T_BANGBRACE || (t->kind == T_PUNCT && strchr("({[<", t->p[0])))
			depth++;
		else if (t->kind == T_PUNCT && strchr(")}]>", t->p[0]))
			depth--;
		if (depth > (int)HD_LLDI_MAX_DEPTH)
			return hd_lldi_fail(ps->st, HD_LLDI_R_LIMIT, ps->path, tok_pos(ps, t),
			                  "an IR value nested deeper than %u", (unsigned)HD_LLDI_MAX_DEPTH);
		last = t;
		ps->i++;
	}
	if (depth != 0)
		return hd_lldi_expected(ps, "the end of the IR value's brackets");
	v->kind = HD_LLDI_V_IR;
	v->s = hd_lldi_strdup(ps, first->p, (size_t)(last->p + last->len - first->p));
	v->len = (uint32_t)(last->p + last->len - first->p);
	return v->s ? 0 : -1;
}

/* DIFlagA | DIFlagB | 4: identifiers (and numbers) joined by '|', kept as
 * "A | B | 4". */
static int enum_value(hd_lldi_parser *ps, hd_lldi_value *v)
{
	const hd_lldi_token *first = &ps->toks[ps->i];
	hd_buf b;

	hd_buf_init(&b);
	for (;;) {
		const hd_lldi_token *t = &ps->toks[ps->i];
		if (t->kind != T_IDENT && t->kind != T_NUM) {
			hd_buf_free(&b);
			return hd_lldi_expected(ps, "a flag name after '|'");
		}
		hd_buf_put(&b, t->p, t->len);
		ps->i++;
		if (!hd_lldi_is_punct(ps, '|'))
			break;
		hd_buf_put(&b, " | ", 3);
		ps->i++;
	}
	v->kind = HD_LLDI_V_ENUM;
	v->pos = tok_pos(ps, first);
	v->s = b.failed ? NULL : hd_lldi_strdup(ps, (const char *)b.data, b.len);
	v->len = (uint32_t)b.len;
	hd_buf_free(&b);
	return v->s ? 0 : -1;
}

int hd_lldi_value_parse(hd_lldi_parser *ps, hd_lldi_value *v, uint32_t depth)
{
	const hd_lldi_token *t = &ps->toks[ps->i];

	memset(v, 0, sizeof *v);
	v->pos = tok_pos(ps, t);
	switch (t->kind) {
	case T_NUM:
		ps->i++;
		return hd_lldi_integer(ps, t, v);
	case T_STR:
		ps->i++;
		v->kind = HD_LLDI_V_STR;
		return hd_lldi_string(ps, t, 0, v);
	case T_MDSTR:
		ps->i++;
		v->kind = HD_LLDI_V_MDSTR;
		return hd_lldi_string(ps, t, 1, v);
	case T_MDREF:
		ps->i++;
		v->kind = HD_LLDI_V_REF;
		return hd_lldi_ref_value(ps, t, v);
	case T_BANGBRACE:
	case T_MDNAME:
		v->kind = HD_LLDI_V_NODE;
		return hd_lldi_node_parse(ps, &v->node, depth + 1);
	case T_IDENT:
		if (t->len == 4 && memcmp(t->p, "null", 4) == 0) {
			ps->i++;
			v->kind = HD_LLDI_V_NULL;
			return 0;
		}
		if ((t->len == 4 && memcmp(t->p, "true", 4) == 0) ||
		    (t->len == 5 && memcmp(t->p, "false", 5) == 0)) {
			ps->i++;
			v->kind = HD_LLDI_V_BOOL;
			v->u = t->len == 4;
			return 0;
		}
		if (is_ir_type(t) && ps->toks[ps->i + 1].kind != T_END &&
		    !(ps->toks[ps->i + 1].kind == T_PUNCT && strchr(",)", ps->toks[ps->i + 1].p[0])))
			return ir_value(ps, v);
		return enum_value(ps, v);
	default:
		if (is_ir_type(t))
			return ir_value(ps, v);
		if (t->kind == T_OTHER)
			return hd_lldi_fail(ps->st, HD_LLDI_R_TOKEN, ps->path, v->pos,
			                  "unexpected '%c'", t->p[0]);
		return hd_lldi_expected(ps, "a metadata value");
	}
}
