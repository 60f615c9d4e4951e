/* The node table: the definitions sorted by id, searched by bisection.
 * Ids are the input's, so they are never hashed (a hash table could be
 * steered into collisions); sorting and searching stay O(n log n). Every
 * reference is resolved here, once; a !N with no definition is an error
 * at the first place (in file order) that uses it. */
#include <stdlib.h>

#include "impl.h"
#include "util/sort.h"

static int by_id(const void *a, const void *b)
{
	const hd_lldi_node *x = *(hd_lldi_node *const *)a, *y = *(hd_lldi_node *const *)b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	if (x->pos.line != y->pos.line)
		return x->pos.line < y->pos.line ? -1 : 1;
	return 0;
}

hd_lldi_node *hd_lldi_lookup(const hd_lldi_module *m, uint32_t id)
{
	uint32_t lo = 0, hi = m->nnodes;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (m->nodes[mid]->id == id)
			return m->nodes[mid];
		if (m->nodes[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

hd_lldi_node *hd_lldi_target(const hd_lldi_value *v)
{
	return v->kind == HD_LLDI_V_REF || v->kind == HD_LLDI_V_NODE ? v->node : NULL;
}

const hd_lldi_field *hd_lldi_field_get(const hd_lldi_node *n, const char *name)
{
	for (uint32_t i = 0; i < n->nfields; i++) {
		const char *a = n->fields[i].name, *b = name;
		while (*a && *a == *b)
			a++, b++;
		if (*a == *b)
			return &n->fields[i];
	}
	return NULL;
}

/* The earliest reference to an undefined id seen so far. */
typedef struct unresolved {
	int any;
	hd_lldi_pos pos;
	uint32_t id;
} unresolved;

static int earlier(hd_lldi_pos a, hd_lldi_pos b)
{
	return a.line != b.line ? a.line < b.line : a.col < b.col;
}

static void resolve_value(const hd_lldi_module *m, hd_lldi_value *v, unresolved *u);

/* Inline nodes nest at most HD_LLDI_MAX_DEPTH deep (the parser's bound), so
 * the recursion is bounded. */
static void resolve_node(const hd_lldi_module *m, hd_lldi_node *n, unresolved *u)
{
	for (uint32_t i = 0; i < n->nfields; i++)
		resolve_value(m, &n->fields[i].v, u);
	for (uint32_t i = 0; i < n->nitems; i++)
		resolve_value(m, &n->items[i], u);
}

static void resolve_value(const hd_lldi_module *m, hd_lldi_value *v, unresolved *u)
{
	if (v->kind == HD_LLDI_V_NODE) {
		resolve_node(m, v->node, u);
		return;
	}
	if (v->kind != HD_LLDI_V_REF)
		return;
	v->node = hd_lldi_lookup(m, (uint32_t)v->u);
	if (v->node == NULL && (!u->any || earlier(v->pos, u->pos))) {
		u->any = 1;
		u->pos = v->pos;
		u->id = (uint32_t)v->u;
	}
}

int hd_lldi_table_build(hd_lldi_module *m, hd_status *st)
{
	unresolved u = { 0, { 0, 0 }, 0 };

	hd_sort(m->nodes, m->nnodes, sizeof *m->nodes, by_id);
	for (uint32_t i = 1; i < m->nnodes; i++)
		if (m->nodes[i]->id == m->nodes[i - 1]->id)
			return hd_lldi_fail(st, HD_LLDI_R_DUP_ID, m->path, m->nodes[i]->pos,
			                  "!%u is defined again (first on line %u)", (unsigned)m->nodes[i]->id,
			                  (unsigned)m->nodes[i - 1]->pos.line);
	for (uint32_t i = 0; i < m->nnodes; i++)
		resolve_node(m, m->nodes[i], &u);
	for (uint32_t i = 0; i < m->nnamed; i++)
		for (uint32_t k = 0; k < m->named[i].nitems; k++)
			resolve_value(m, &m->named[i].items[k], &u);
	for (uint32_t i = 0; i < m->nuses; i++) {
		for (uint32_t k = 0; k < m->uses[i].nops; k++)
			resolve_value(m, &m->uses[i].ops[k], &u);
		resolve_value(m, &m->uses[i].loc, &u);
	}
	for (uint32_t i = 0; i < m->nfunctions; i++)
		resolve_value(m, &m->functions[i].sp, &u);
	if (u.any)
		return hd_lldi_fail(st, HD_LLDI_R_UNDEFINED, m->path, u.pos, "!%u is never defined",
		                  (unsigned)u.id);
	return 0;
}
