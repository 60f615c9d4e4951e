/* hd_gt_collect_claims (claims.h): the DIE tree walked for variables, each
 * location (one expression over its scope's code, or a list) evaluated
 * for lane 0 by place.c. Lane 0 because the vISA tables say where a
 * variable starts, not how far it reaches: lane 0's element is the one a
 * vISA variable's register names. */
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "place.h"

#include <libdwarf/dwarf.h>

typedef struct walk {
	const hd_dw_unit *u;
	hd_gt_claims *out;
	hd_status *st;
} walk;

static int add_claim(walk *w, const char *name, uint64_t begin, uint64_t end,
                     const hd_gt_place *p)
{
	hd_gt_claim *c;

	if (w->out->n == w->out->cap) {
		size_t n = w->out->cap ? w->out->cap * 2 : 64;
		hd_gt_claim *v = realloc(w->out->v, n * sizeof *v);
		if (v == NULL)
			return hd_fail(w->st, HD_NO_MEMORY, "oom", 0, "out of memory");
		w->out->v = v;
		w->out->cap = n;
	}
	c = &w->out->v[w->out->n];
	/* the claims outlive the units the names are in */
	if ((c->name = strdup(name)) == NULL)
		return hd_fail(w->st, HD_NO_MEMORY, "oom", 0, "out of memory");
	w->out->n++;
	c->begin = begin;
	c->end = end;
	c->grf = (uint32_t)(p->reg - HD_GT_GRF_BASE);
	c->byte = (uint32_t)(p->bit_offset / 8);
	return 0;
}

/* One expression over [begin, end): a claim when lane 0 is in a GRF,
 * else counted by kind. */
static int place_range(walk *w, const char *name, uint64_t begin, uint64_t end,
                       const uint8_t *bytes, size_t len)
{
	hd_encoding enc = { HD_PROFILE_INTEL_GT, w->u->addr_size ? w->u->addr_size : 8,
	                    w->u->dwarf64 ? 8 : 4 };
	hd_op *ops = NULL;
	size_t n = 0;
	hd_gt_place p;
	int rc;

	/* the dump reports an expression that does not decode; here it is
	 * one claim fewer, counted */
	if (hd_decode_expr(bytes, len, &enc, &ops, &n, w->st) != 0) {
		if (w->st->kind == HD_NO_MEMORY || w->st->kind == HD_INTERNAL)
			return -1;
		w->out->undecodable++;
		return 0;
	}
	rc = hd_gt_first_place(ops, n, 0, &p, w->st);
	free(ops);
	if (rc != 0)
		return hd_fail_prefix(w->st, "the location of '%s': ", name);
	switch (p.kind) {
	case HD_GT_REGISTER:
		if (p.reg >= HD_GT_GRF_BASE && p.reg - HD_GT_GRF_BASE <= UINT32_MAX)
			return add_claim(w, name, begin, end, &p);
		w->out->other_reg++;
		return 0;
	case HD_GT_MEMORY: case HD_GT_COMPUTED:
		w->out->memory++;
		return 0;
	case HD_GT_VALUE: case HD_GT_EMPTY:
		w->out->value++;
		return 0;
	default:
		w->out->unknown++;
		return 0;
	}
}

/* The code range of the nearest enclosing DIE that has one. */
static int scope_range(const hd_die *d, uint64_t *begin, uint64_t *end)
{
	for (; d != NULL; d = d->parent) {
		const hd_attr *lo = hd_die_attr(d, DW_AT_low_pc);
		const hd_attr *hi = hd_die_attr(d, DW_AT_high_pc);
		if (lo == NULL || hi == NULL)
			continue;
		*begin = lo->u;
		*end = hi->kind == HD_DV_ADDR ? hi->u : lo->u + hi->u;
		return 1;
	}
	return 0;
}

/* A variable's name, through DW_AT_abstract_origin for an inlined one
 * (DWARF 4 3.3.8.1); a few links at most, so a cycle ends. */
static const char *name_of(const hd_die *d)
{
	for (int depth = 0; d != NULL && depth < 8; depth++) {
		const hd_attr *nm = hd_die_attr(d, DW_AT_name);
		const hd_attr *origin = hd_die_attr(d, DW_AT_abstract_origin);
		if (nm != NULL && nm->kind == HD_DV_STRING)
			return nm->s;
		d = origin != NULL && origin->kind == HD_DV_REF ? origin->ref : NULL;
	}
	return "";
}

static int place_variable(walk *w, const hd_die *d)
{
	const hd_attr *loc = hd_die_attr(d, DW_AT_location);
	const char *name = name_of(d);
	uint64_t begin, end;

	if (loc == NULL)
		return 0;
	if (loc->kind == HD_DV_EXPR) {
		if (!scope_range(d->parent, &begin, &end)) {
			w->out->no_range++;
			return 0;
		}
		return place_range(w, name, begin, end, loc->bytes, loc->len);
	}
	if (loc->kind == HD_DV_LOCLIST && loc->u < w->u->nloclists) {
		const hd_dw_list *l = &w->u->loclists[loc->u];
		for (uint32_t i = 0; i < l->n; i++)
			if (l->entries[i].expr != NULL &&
			    place_range(w, name, l->entries[i].begin, l->entries[i].end,
			                l->entries[i].expr, l->entries[i].len) != 0)
				return -1;
		return 0;
	}
	w->out->unknown++;
	return 0;
}

/* Depth first, iteratively through the sibling and parent links, so a deep
 * tree costs no C stack. */
static int walk_unit(walk *w)
{
	const hd_die *d = w->u->root;

	while (d != NULL) {
		if ((d->tag == DW_TAG_variable || d->tag == DW_TAG_formal_parameter) &&
		    place_variable(w, d) != 0)
			return -1;
		if (d->first_child != NULL) {
			d = d->first_child;
			continue;
		}
		while (d != NULL && d->next == NULL)
			d = d->parent;
		if (d != NULL)
			d = d->next;
	}
	return 0;
}

int hd_gt_collect_claims(const hd_dwarf_units *u, hd_gt_claims *out, hd_status *st)
{
	for (size_t i = 0; i < u->n; i++) {
		walk w = { &u->v[i], out, st };
		if (w.u->root != NULL && walk_unit(&w) != 0)
			return -1;
	}
	return 0;
}

void hd_gt_claims_free(hd_gt_claims *c)
{
	for (size_t i = 0; i < c->n; i++)
		free((char *)c->v[i].name);
	free(c->v);
	c->v = NULL;
	c->n = c->cap = 0;
}

int hd_gt_claims_of_object(const char *path, hd_gt_claims *out, hd_status *st)
{
	hd_dwarf_units u;
	int rc;

	if (hd_dwarf_load(path, HD_PROFILE_INTEL_GT, &u, st) != 0)
		return -1;
	rc = hd_gt_collect_claims(&u, out, st);
	hd_dwarf_units_free(&u);
	if (rc != 0)
		hd_gt_claims_free(out);
	return rc;
}
