/* The structure rules on the nodes themselves: each field against its row
 * of kinds.def (form, referenced kind, list elements, required, distinct),
 * DILocalVariable argument numbers, and the chains that must end. Inline
 * nodes are checked where they stand, as the definitions are. */
#include <stdlib.h>
#include <string.h>

#include "check_impl.h"
#include "util/sort.h"

const char *hd_lldi_kind_label(const hd_lldi_node *n)
{
	return n->kind[0] ? n->kind : "tuple";
}

int hd_lldi_is(const hd_lldi_node *n, int k)
{
	return n != NULL && n->known == k;
}

hd_lldi_node *hd_lldi_field_node(const hd_lldi_node *n, const char *name)
{
	const hd_lldi_field *f = hd_lldi_field_get(n, name);
	return f ? hd_lldi_target(&f->v) : NULL;
}

#define MAX_CHAIN 4096u

hd_lldi_node *hd_lldi_subprogram_of(hd_lldi_node *scope)
{
	for (uint32_t steps = 0; scope != NULL && steps < MAX_CHAIN; steps++) {
		if (hd_lldi_is(scope, K_SUBPROGRAM))
			return scope;
		if (!hd_lldi_is(scope, K_LEXICAL_BLOCK) && !hd_lldi_is(scope, K_LEXICAL_BLOCK_FILE))
			return NULL;
		scope = hd_lldi_field_node(scope, "scope");
	}
	return NULL;
}

/* An enum value against the row's prefix ("DW_TAG_") or names ("=A|B");
 * numbers pass, as LLParser takes them. Each '|'-joined part is checked. */
static int enum_ok(const char *s, const char *en, int flags)
{
	size_t plen = en[0] == '=' ? 0 : strlen(en);

	for (const char *p = s; *p;) {
		const char *e = strstr(p, " | ");
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (!flags && e != NULL)
			return 0;
		if (!(p[0] >= '0' && p[0] <= '9')) {
			if (en[0] == '=') {
				const char *q = en + 1;
				int hit = 0;
				while (*q && !hit) {
					size_t k = strcspn(q, "|");
					hit = k == n && memcmp(q, p, n) == 0;
					q += k + (q[k] == '|');
				}
				if (!hit)
					return 0;
			} else if (n <= plen || memcmp(p, en, plen) != 0) {
				return 0;
			}
		}
		p += n + (e ? 3 : 0);
	}
	return 1;
}

static const char *form_name(int form)
{
	static const char *const names[] = { "an integer", "an unsigned integer", "true or false",
		"a string", "a node or null", "a node, null or an integer", "a DWARF or LLVM name",
		"flags", "an IR value, a node or !\"name\"" };
	return names[form];
}

static int form_ok(const hd_lldi_field_row *row, const hd_lldi_value *v)
{
	switch (row->form) {
	case F_INT:
		return v->kind == HD_LLDI_V_INT;
	case F_UINT:
		return v->kind == HD_LLDI_V_INT && !v->neg;
	case F_BOOL:
		return v->kind == HD_LLDI_V_BOOL;
	case F_STR:
		return v->kind == HD_LLDI_V_STR;
	case F_MD:
		return v->kind == HD_LLDI_V_REF || v->kind == HD_LLDI_V_NODE || v->kind == HD_LLDI_V_NULL ||
		       v->kind == HD_LLDI_V_MDSTR;
	case F_MDINT:
		return v->kind == HD_LLDI_V_REF || v->kind == HD_LLDI_V_NODE ||
		       v->kind == HD_LLDI_V_NULL || v->kind == HD_LLDI_V_INT;
	case F_ENUM:
	case F_FLAGS:
		if (v->kind == HD_LLDI_V_INT)
			return !v->neg;
		return v->kind == HD_LLDI_V_ENUM && enum_ok(v->s, row->en, row->form == F_FLAGS);
	default:
		/* a constant (i32 0), a node, or a template template
		 * parameter's name (!"Holder") */
		return v->kind == HD_LLDI_V_IR || v->kind == HD_LLDI_V_REF || v->kind == HD_LLDI_V_NODE ||
		       v->kind == HD_LLDI_V_NULL || v->kind == HD_LLDI_V_MDSTR;
	}
}

static int groups_ok(const hd_lldi_node *t, uint32_t want)
{
	uint32_t g = hd_lldi_node_groups(t);
	return want == 0 || (g & (want | G_UNKNOWN)) != 0;
}

/* A list field's elements: null (a void in a DISubroutineType's types) or
 * nodes of the row's groups. */
static void check_items(const hd_lldi_node *list, const hd_lldi_node *n, const hd_lldi_field_row *row,
                        hd_lldi_findings *fs)
{
	if (row->items == 0 || list->kind[0] != '\0')
		return;
	for (uint32_t i = 0; i < list->nitems; i++) {
		const hd_lldi_value *v = &list->items[i];
		const hd_lldi_node *t = hd_lldi_target(v);
		if (v->kind == HD_LLDI_V_NULL && n->known == K_SUBROUTINE_TYPE)
			continue;
		if (t == NULL || !groups_ok(t, row->items))
			hd_lldi_report(fs, HD_LLDI_R_TUPLE_ITEM, v->pos, "%s %s: element %u is %s", n->kind,
			             row->name, (unsigned)i,
			             t ? hd_lldi_kind_label(t) : "not a node");
	}
}

static void check_field(const hd_lldi_node *n, const hd_lldi_field *f, hd_lldi_findings *fs)
{
	const hd_lldi_field_row *row = hd_lldi_field_row_find(n->known, f->name);
	const hd_lldi_node *t;

	if (row == NULL) {
		hd_lldi_report(fs, HD_LLDI_R_FIELD_UNKNOWN, f->v.pos, "%s has no field '%s'", n->kind,
		             f->name);
		return;
	}
	if (!form_ok(row, &f->v)) {
		hd_lldi_report(fs, HD_LLDI_R_FIELD_TYPE, f->v.pos, "%s %s: wants %s%s%s", n->kind,
		             f->name, form_name(row->form), row->en ? " of " : "",
		             row->en ? row->en : "");
		return;
	}
	if (f->v.kind == HD_LLDI_V_NULL && (row->flags & Q_NONNULL)) {
		hd_lldi_report(fs, HD_LLDI_R_FIELD_TYPE, f->v.pos, "%s %s: may not be null", n->kind,
		             f->name);
		return;
	}
	t = hd_lldi_target(&f->v);
	if (t == NULL || (row->form != F_MD && row->form != F_MDINT))
		return;
	if (!groups_ok(t, row->refs)) {
		hd_lldi_report(fs, HD_LLDI_R_REF_KIND, f->v.pos, "%s %s: names a %s", n->kind, f->name,
		             hd_lldi_kind_label(t));
		return;
	}
	check_items(t, n, row, fs);
}

/* Whether a DISubprogram is a definition: spFlags' DISPFlagDefinition, or
 * LLVM 14's isDefinition: true. */
static int is_definition(const hd_lldi_node *n)
{
	const hd_lldi_field *f = hd_lldi_field_get(n, "spFlags");
	const hd_lldi_field *d = hd_lldi_field_get(n, "isDefinition");

	if (f && f->v.kind == HD_LLDI_V_ENUM && strstr(f->v.s, "DISPFlagDefinition"))
		return 1;
	return d && d->v.kind == HD_LLDI_V_BOOL && d->v.u;
}

static void check_known(const hd_lldi_node *n, hd_lldi_findings *fs)
{
	for (uint32_t i = 0; i < n->nfields; i++)
		check_field(n, &n->fields[i], fs);
	for (size_t r = 0; r < hd_lldi_nfields; r++) {
		const hd_lldi_field_row *row = &hd_lldi_fields[r];
		if (row->kind == n->known && (row->flags & Q_REQ) && !hd_lldi_field_get(n, row->name))
			hd_lldi_report(fs, HD_LLDI_R_FIELD_MISSING, n->pos, "%s has no '%s'", n->kind,
			             row->name);
	}
	if (n->known == K_COMPILE_UNIT && !hd_lldi_field_get(n, "language") &&
	    !hd_lldi_field_get(n, "sourceLanguageName"))
		hd_lldi_report(fs, HD_LLDI_R_FIELD_MISSING, n->pos,
		             "DICompileUnit has no 'language' (nor 'sourceLanguageName')");
	if (!n->distinct && (n->known == K_COMPILE_UNIT || n->known == K_ASSIGN_ID ||
	                     (n->known == K_SUBPROGRAM && is_definition(n))))
		hd_lldi_report(fs, HD_LLDI_R_DISTINCT, n->pos, "%s%s is not distinct", n->kind,
		             n->known == K_SUBPROGRAM ? " definition" : "");
	if (n->known == K_EXPRESSION)
		hd_lldi_check_expression(n, fs);
	if (n->known == K_LOCAL_VARIABLE) {
		const hd_lldi_field *a = hd_lldi_field_get(n, "arg");
		if (a && a->v.kind == HD_LLDI_V_INT && a->v.u > 65535)
			hd_lldi_report(fs, HD_LLDI_R_ARG, a->v.pos, "arg %llu is past 65535",
			             (unsigned long long)a->v.u);
	}
}

/* n and the nodes written inline in it; the parser bounds the depth. */
static void check_tree(const hd_lldi_node *n, hd_lldi_findings *fs)
{
	if (n->known >= 0)
		check_known(n, fs);
	for (uint32_t i = 0; i < n->nfields; i++)
		if (n->fields[i].v.kind == HD_LLDI_V_NODE)
			check_tree(n->fields[i].v.node, fs);
	for (uint32_t i = 0; i < n->nitems; i++)
		if (n->items[i].kind == HD_LLDI_V_NODE)
			check_tree(n->items[i].node, fs);
}

/* Parameters of one scope sharing an arg number: the (scope, arg) pairs
 * sorted, neighbours compared; O(n log n) however the input is made. */
typedef struct arg_key {
	const hd_lldi_node *scope, *var;
	uint64_t arg;
} arg_key;

static int arg_cmp(const void *a, const void *b)
{
	const arg_key *x = a, *y = b;

	if (x->scope != y->scope)
		return (uintptr_t)x->scope < (uintptr_t)y->scope ? -1 : 1;
	if (x->arg != y->arg)
		return x->arg < y->arg ? -1 : 1;
	if (x->var->pos.line != y->var->pos.line)
		return x->var->pos.line < y->var->pos.line ? -1 : 1;
	return 0;
}

static void check_args(const hd_lldi_module *m, hd_lldi_findings *fs)
{
	arg_key *keys = malloc((m->nnodes ? m->nnodes : 1) * sizeof *keys);
	size_t n = 0;

	if (keys == NULL)
		return;
	for (uint32_t i = 0; i < m->nnodes; i++) {
		const hd_lldi_node *v = m->nodes[i];
		const hd_lldi_field *a = hd_lldi_field_get(v, "arg");
		const hd_lldi_node *scope = hd_lldi_field_node(v, "scope");
		if (v->known == K_LOCAL_VARIABLE && a && a->v.kind == HD_LLDI_V_INT && a->v.u > 0 && scope)
			keys[n++] = (arg_key){ scope, v, a->v.u };
	}
	hd_sort(keys, n, sizeof *keys, arg_cmp);
	for (size_t i = 1; i < n; i++)
		if (keys[i].scope == keys[i - 1].scope && keys[i].arg == keys[i - 1].arg)
			hd_lldi_report(fs, HD_LLDI_R_ARG, keys[i].var->pos,
			             "arg %llu of the scope on line %u is also the variable's on line %u",
			             (unsigned long long)keys[i].arg, (unsigned)keys[i].scope->pos.line,
			             (unsigned)keys[i - 1].var->pos.line);
	free(keys);
}

/* The next node of a chain: scope: (any kind), inlinedAt: (DILocation),
 * baseType: (from one DIDerivedType to another). */
static hd_lldi_node *chain_next(const hd_lldi_node *n, int chain)
{
	hd_lldi_node *t;

	switch (chain) {
	case 0:
		return hd_lldi_field_node(n, "scope");
	case 1:
		return n->known == K_LOCATION ? hd_lldi_field_node(n, "inlinedAt") : NULL;
	default:
		if (n->known != K_DERIVED_TYPE)
			return NULL;
		t = hd_lldi_field_node(n, "baseType");
		return hd_lldi_is(t, K_DERIVED_TYPE) ? t : NULL;
	}
}

/* Walks every chain of one kind once: marks say "on the walk now" and
 * "known to end", so each node is stepped on once and a walk that meets
 * its own mark has found a cycle, reported once at the node it closes on. */
static void check_chains(const hd_lldi_module *m, int chain, const char *what, hd_lldi_findings *fs)
{
	uint32_t on = 3u * (uint32_t)chain + 1, done = on + 1;

	for (uint32_t i = 0; i < m->nnodes; i++) {
		hd_lldi_node *n = m->nodes[i], *p;
		for (p = n; p != NULL && p->mark != on && p->mark != done; p = chain_next(p, chain))
			p->mark = on;
		if (p != NULL && p->mark == on)
			hd_lldi_report(fs, HD_LLDI_R_CYCLE, p->pos, "the %s chain through !%u comes back to it",
			             what, (unsigned)p->id);
		for (p = n; p != NULL && p->mark == on; p = chain_next(p, chain))
			p->mark = done;
	}
}

static void check_inline_uses(const hd_lldi_module *m, hd_lldi_findings *fs)
{
	for (uint32_t i = 0; i < m->nuses; i++)
		for (uint32_t k = 0; k < m->uses[i].nops; k++)
			if (m->uses[i].ops[k].kind == HD_LLDI_V_NODE)
				check_tree(m->uses[i].ops[k].node, fs);
	for (uint32_t i = 0; i < m->nnamed; i++)
		for (uint32_t k = 0; k < m->named[i].nitems; k++)
			if (m->named[i].items[k].kind == HD_LLDI_V_NODE)
				check_tree(m->named[i].items[k].node, fs);
}

size_t hd_lldi_validate(const hd_lldi_module *m, hd_lldi_findings *fs)
{
	size_t before = fs->n + fs->dropped;

	for (uint32_t i = 0; i < m->nnodes; i++)
		check_tree(m->nodes[i], fs);
	check_inline_uses(m, fs);
	check_args(m, fs);
	for (uint32_t i = 0; i < m->nnodes; i++)
		m->nodes[i]->mark = 0;
	check_chains(m, 0, "scope", fs);
	check_chains(m, 1, "inlinedAt", fs);
	check_chains(m, 2, "baseType", fs);
	hd_lldi_check_uses(m, fs);
	return fs->n + fs->dropped - before;
}
