/* Metadata nodes as written: tuples `!{a, b}`, specialised nodes with
 * named fields `!DIFile(filename: "a.c", directory: "/")`, and the
 * positional ones `!DIExpression(DW_OP_deref)` and `!DIArgList(...)`
 * (LangRef, "Metadata", "Specialized Metadata Nodes"). A kind hdref does
 * not know is kept by name, its fields or operands parsed the same way. */
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"

static int push_value(hd_lldi_parser *ps, const hd_lldi_value *v)
{
	if (ps->vn == ps->vcap) {
		size_t cap = ps->vcap ? ps->vcap * 2 : 64;
		hd_lldi_value *nv = realloc(ps->vstack, cap * sizeof *nv);
		if (nv == NULL)
			return hd_lldi_no_memory(ps);
		ps->vstack = nv;
		ps->vcap = cap;
	}
	ps->vstack[ps->vn++] = *v;
	return 0;
}

static int push_field(hd_lldi_parser *ps, const hd_lldi_field *f)
{
	if (ps->fn == ps->fcap) {
		size_t cap = ps->fcap ? ps->fcap * 2 : 64;
		hd_lldi_field *nf = realloc(ps->fstack, cap * sizeof *nf);
		if (nf == NULL)
			return hd_lldi_no_memory(ps);
		ps->fstack = nf;
		ps->fcap = cap;
	}
	ps->fstack[ps->fn++] = *f;
	return 0;
}

/* Moves the stack's entries from base on into the arena. */
static void *settle(hd_lldi_parser *ps, const void *base, size_t n, size_t size)
{
	void *p;

	if (n == 0)
		return NULL;
	p = hd_arena_dup(ps->arena, base, n * size);
	if (p == NULL)
		hd_lldi_no_memory(ps);
	return p;
}

int hd_lldi_items_parse(hd_lldi_parser *ps, char close, hd_lldi_value **items, uint32_t *n,
                      uint32_t depth)
{
	size_t base = ps->vn;
	hd_lldi_value v;

	*items = NULL;
	*n = 0;
	if (hd_lldi_is_punct(ps, close)) {
		ps->i++;
		return 0;
	}
	for (;;) {
		if (ps->vn - base == HD_LLDI_MAX_ITEMS)
			return hd_lldi_fail(ps->st, HD_LLDI_R_LIMIT, ps->path,
			                  (hd_lldi_pos){ ps->lineno, ps->toks[ps->i].col },
			                  "more than %u operands", (unsigned)HD_LLDI_MAX_ITEMS);
		if (hd_lldi_value_parse(ps, &v, depth) != 0 || push_value(ps, &v) != 0)
			goto fail;
		if (hd_lldi_is_punct(ps, close))
			break;
		if (hd_lldi_expect_punct(ps, ',') != 0)
			goto fail;
	}
	ps->i++;
	*n = (uint32_t)(ps->vn - base);
	*items = settle(ps, ps->vstack + base, *n, sizeof **items);
	ps->vn = base;
	return *items ? 0 : -1;
fail:
	ps->vn = base;
	return -1;
}

/* field: value, ...  up to ')'. A field named twice is refused, as
 * LLParser refuses it. */
static int fields_parse(hd_lldi_parser *ps, hd_lldi_node *n, uint32_t depth)
{
	size_t base = ps->fn;
	hd_lldi_field f;

	for (;;) {
		const hd_lldi_token *t = &ps->toks[ps->i];
		hd_lldi_pos pos = { ps->lineno, t->col };
		if (t->kind != T_IDENT || ps->toks[ps->i + 1].kind != T_PUNCT ||
		    ps->toks[ps->i + 1].p[0] != ':') {
			hd_lldi_expected(ps, "a field 'name:'");
			goto fail;
		}
		if (ps->fn - base == HD_LLDI_MAX_FIELDS) {
			hd_lldi_fail(ps->st, HD_LLDI_R_LIMIT, ps->path, pos, "more than %u fields",
			           (unsigned)HD_LLDI_MAX_FIELDS);
			goto fail;
		}
		for (size_t k = base; k < ps->fn; k++)
			if (strlen(ps->fstack[k].name) == t->len &&
			    memcmp(ps->fstack[k].name, t->p, t->len) == 0) {
				hd_lldi_fail(ps->st, HD_LLDI_R_DUP_FIELD, ps->path, pos,
				           "field '%s' given twice", ps->fstack[k].name);
				goto fail;
			}
		f.name = hd_lldi_strdup(ps, t->p, t->len);
		ps->i += 2;
		if (f.name == NULL || hd_lldi_value_parse(ps, &f.v, depth) != 0 ||
		    push_field(ps, &f) != 0)
			goto fail;
		if (hd_lldi_is_punct(ps, ')'))
			break;
		if (hd_lldi_expect_punct(ps, ',') != 0)
			goto fail;
	}
	ps->i++;
	n->nfields = (uint32_t)(ps->fn - base);
	n->fields = settle(ps, ps->fstack + base, n->nfields, sizeof *n->fields);
	ps->fn = base;
	return n->fields ? 0 : -1;
fail:
	ps->fn = base;
	return -1;
}

/* The body of !Kind(...), the '(' taken: named fields, or positional
 * operands for DIExpression, DIArgList and unknown kinds written so. */
static int body_parse(hd_lldi_parser *ps, hd_lldi_node *n, uint32_t depth)
{
	const hd_lldi_token *t = &ps->toks[ps->i];
	int named = t->kind == T_IDENT && ps->toks[ps->i + 1].kind == T_PUNCT &&
	            ps->toks[ps->i + 1].p[0] == ':';

	if (hd_lldi_is_punct(ps, ')')) {
		ps->i++;
		n->positional = n->known >= 0 && hd_lldi_kinds[n->known].positional;
		return 0;
	}
	if (named && !(n->known >= 0 && hd_lldi_kinds[n->known].positional))
		return fields_parse(ps, n, depth);
	n->positional = 1;
	return hd_lldi_items_parse(ps, ')', &n->items, &n->nitems, depth);
}

int hd_lldi_node_parse(hd_lldi_parser *ps, hd_lldi_node **out, uint32_t depth)
{
	const hd_lldi_token *t = &ps->toks[ps->i];
	hd_lldi_node *n;

	*out = NULL;
	if (depth > HD_LLDI_MAX_DEPTH)
		return hd_lldi_fail(ps->st, HD_LLDI_R_LIMIT, ps->path, (hd_lldi_pos){ ps->lineno, t->col },
		                  "nodes nested deeper than %u", (unsigned)HD_LLDI_MAX_DEPTH);
	n = hd_arena_alloc(ps->arena, sizeof *n);
	if (n == NULL)
		return hd_lldi_no_memory(ps);
	n->pos = (hd_lldi_pos){ ps->lineno, t->col };
	n->known = -1;
	if (t->kind == T_BANGBRACE) {
		ps->i++;
		n->kind = "";
		n->positional = 1;
		if (hd_lldi_items_parse(ps, '}', &n->items, &n->nitems, depth) != 0)
			return -1;
		*out = n;
		return 0;
	}
	if (t->kind != T_MDNAME || !hd_lldi_is_punct_at(ps, ps->i + 1, '('))
		return hd_lldi_expected(ps, "'!{' or '!Kind('");
	n->kind = hd_lldi_strdup(ps, t->p + 1, t->len - 1);
	if (n->kind == NULL)
		return -1;
	n->known = (int16_t)hd_lldi_kind_find(n->kind);
	ps->i += 2;
	if (body_parse(ps, n, depth) != 0)
		return -1;
	*out = n;
	return 0;
}
