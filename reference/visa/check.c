/* The validator, part one: the file, its objects, names, mapping tables and
 * sub-routines (docs/visa.md, "Rules"). Locations, the call frame and the
 * save tables are in check_loc.c.
 *
 * A rule that depends on another fact checks only when that fact holds,
 * so one fault is one finding: the object's extent comes from its indexMap
 * end entry, and nothing is checked against it when visa-map-end is broken.
 * Every check is linear in the file, or n log n where it sorts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_impl.h"
#include "util/sort.h"

/* ------------------------------------------------------------------------
 * Names: non-empty, unique among the objects of the file and among the
 * variables and sub-routines of one object. */

typedef struct named {
	const hd_visa_name *name;
	uint64_t offset;
	uint32_t index;
} named;

static int same_name(const hd_visa_name *a, const hd_visa_name *b)
{
	return a->len == b->len && (a->len == 0 || memcmp(a->p, b->p, a->len) == 0);
}

/* By name bytes, then file order: equal names end up side by side, the
 * first one in the file leading. */
static int cmp_named(const void *x, const void *y)
{
	const named *a = x, *b = y;
	size_t n = a->name->len < b->name->len ? a->name->len : b->name->len;
	int r = n != 0 ? memcmp(a->name->p, b->name->p, n) : 0;

	if (r == 0 && a->name->len != b->name->len)
		r = a->name->len < b->name->len ? -1 : 1;
	if (r == 0 && a->index != b->index)
		r = a->index < b->index ? -1 : 1;
	return r;
}

/* Reports each of the n names that repeats an earlier one, naming it with
 * kind ("object", "var", "sub"). A sorted copy, not a hash table: names are
 * the input's, and no table of theirs may be steered into collisions. */
static void duplicates(hd_visa_ck *c, const named *v, size_t n, const char *kind)
{
	named *s = n > 1 ? malloc(n * sizeof *s) : NULL;
	char where[120], q[48];

	if (s == NULL) {
		if (n > 1)
			c->out->dropped++;
		return;
	}
	memcpy(s, v, n * sizeof *s);
	hd_sort(s, n, sizeof *s, cmp_named);
	for (size_t i = 1, first = 0; i < n; i++) {
		if (!same_name(s[first].name, s[i].name)) {
			first = i;
			continue;
		}
		hd_visa_quote(s[i].name, q, sizeof q);
		if (c->obj == NULL)
			snprintf(where, sizeof where, "%s %u %s", kind, (unsigned)s[i].index, q);
		else
			hd_visa_where(c, where, sizeof where, " %s %u %s", kind, (unsigned)s[i].index, q);
		hd_visa_finding_add(c->out, s[i].offset, HD_VISA_R_NAME_DUP, where,
		                    "the name is already used by %s %u", kind,
		                    (unsigned)s[first].index);
	}
	free(s);
}

static void empty_name(hd_visa_ck *c, const hd_visa_name *n, uint64_t offset, const char *kind,
                       uint32_t index)
{
	char where[120];

	if (n->len != 0)
		return;
	if (c->obj == NULL || strcmp(kind, "object") == 0)
		snprintf(where, sizeof where, "%s %u ''", kind, (unsigned)index);
	else
		hd_visa_where(c, where, sizeof where, " %s %u ''", kind, (unsigned)index);
	hd_visa_finding_add(c->out, offset, HD_VISA_R_NAME_EMPTY, where, "the %s has no name", kind);
}

static void object_names(hd_visa_ck *c)
{
	const hd_visa_file *f = c->f;
	named *v = f->nobjects ? malloc(f->nobjects * sizeof *v) : NULL;

	for (uint16_t i = 0; i < f->nobjects; i++) {
		empty_name(c, &f->objects[i].name, f->objects[i].offset, "object", i);
		if (v)
			v[i] = (named){ &f->objects[i].name, f->objects[i].offset, i };
	}
	if (v == NULL && f->nobjects)
		c->out->dropped++;
	else
		duplicates(c, v, f->nobjects, "object");
	free(v);
}

static void var_and_sub_names(hd_visa_ck *c)
{
	const hd_visa_object *o = c->obj;
	size_t most = o->nvars > o->nsubs ? o->nvars : o->nsubs;
	named *v = most ? malloc(most * sizeof *v) : NULL;

	for (uint32_t i = 0; i < o->nvars; i++) {
		empty_name(c, &o->vars[i].name, o->vars[i].offset, "var", i);
		if (v)
			v[i] = (named){ &o->vars[i].name, o->vars[i].offset, i };
	}
	if (v)
		duplicates(c, v, o->nvars, "var");
	for (uint16_t i = 0; i < o->nsubs; i++) {
		empty_name(c, &o->subs[i].name, o->subs[i].offset, "sub", i);
		if (v)
			v[i] = (named){ &o->subs[i].name, o->subs[i].offset, i };
	}
	if (v)
		duplicates(c, v, o->nsubs, "sub");
	else if (most)
		c->out->dropped++;
	free(v);
}

/* ------------------------------------------------------------------------
 * Mapping tables. */

/* The entry's offset in the file. */
static uint64_t entry_offset(const hd_visa_map *m, uint32_t i)
{
	return m->offset + 4 + 8 * (uint64_t)i;
}

/* Strictly increasing Gen offsets on instruction boundaries: between one
 * entry's genOffset and the next lies the code of the entry's instruction
 * (Appendix, VISAMap), which needs them in order and distinct. */
static void map_order(hd_visa_ck *c, const hd_visa_map *m, const char *what)
{
	char where[120];

	for (uint32_t i = 0; i < m->n; i++) {
		if (m->v[i].gen % 8 != 0) {
			hd_visa_where(c, where, sizeof where, " %s[%u]", what, (unsigned)i);
			hd_visa_finding_add(c->out, entry_offset(m, i), HD_VISA_R_GEN_ALIGN, where,
			                    "genOffset 0x%x is not a multiple of 8", (unsigned)m->v[i].gen);
		}
		if (i > 0 && m->v[i].gen <= m->v[i - 1].gen) {
			hd_visa_where(c, where, sizeof where, " %s[%u]", what, (unsigned)i);
			hd_visa_finding_add(c->out, entry_offset(m, i), HD_VISA_R_MAP_ORDER, where,
			                    "genOffset 0x%x does not follow 0x%x of the entry before",
			                    (unsigned)m->v[i].gen, (unsigned)m->v[i - 1].gen);
		}
	}
}

/* IGC ends the indexMap with an entry one past the last vISA index, at the
 * Gen offset where the object's code ends (visa/DebugInfo.cpp,
 * generateByteOffsetMapping); its own reader maps an interval's end through
 * the entry after it. The extent of the object comes from it. */
static void map_end(hd_visa_ck *c)
{
	const hd_visa_map *m = &c->obj->index_map;
	char where[120];
	uint32_t top = 0;

	c->ext.known = 0;
	if (m->n == 0) {
		hd_visa_where(c, where, sizeof where, " indexMap");
		hd_visa_finding_add(c->out, m->offset, HD_VISA_R_MAP_END, where,
		                    "the indexMap is empty: it has no end entry");
		return;
	}
	for (uint32_t i = 0; i + 1 < m->n; i++)
		if (m->v[i].visa >= top)
			top = m->v[i].visa + 1;
	if (m->v[m->n - 1].visa < top) {
		hd_visa_where(c, where, sizeof where, " indexMap[%u]", (unsigned)(m->n - 1));
		hd_visa_finding_add(c->out, entry_offset(m, m->n - 1), HD_VISA_R_MAP_END, where,
		                    "the last entry's vISA index %u is not above every other (%u)",
		                    (unsigned)m->v[m->n - 1].visa, (unsigned)(top - 1));
		return;
	}
	c->ext.known = 1;
	c->ext.gen_end = m->v[m->n - 1].gen;
	c->ext.visa_end = m->v[m->n - 1].visa;
}

/* With the code size known, every mapped instruction starts inside the
 * code; the end entry may sit at its very end. */
static void map_in_code(hd_visa_ck *c, const hd_visa_map *m, const char *what, int has_end)
{
	uint64_t size = c->o->code_size, reloc = c->obj->reloc;
	char where[120];

	for (uint32_t i = 0; i < m->n; i++) {
		uint64_t at = reloc + m->v[i].gen;
		int is_end = has_end && i + 1 == m->n;
		if (is_end ? at <= size : at < size)
			continue;
		hd_visa_where(c, where, sizeof where, " %s[%u]", what, (unsigned)i);
		hd_visa_finding_add(c->out, entry_offset(m, i), HD_VISA_R_MAP_IN_CODE, where,
		                    "%s 0x%llx (reloc_offset + genOffset) is past the code's 0x%llx bytes",
		                    is_end ? "the end" : "Gen offset", (unsigned long long)at,
		                    (unsigned long long)size);
	}
}

int hd_visa_on_instruction(const hd_visa_ck *c, uint64_t gen)
{
	return c->o == NULL || c->o->code == NULL ||
	       hd_gen_code_is_start(c->o->code, (uint64_t)c->obj->reloc + gen);
}

/* With the code known, every mapped Gen offset starts an instruction: the
 * Gen instruction a vISA instruction's code begins with (Appendix,
 * VISAMap). */
static void map_on_instructions(hd_visa_ck *c, const hd_visa_map *m, const char *what)
{
	char where[120];

	for (uint32_t i = 0; i < m->n; i++) {
		if (hd_visa_on_instruction(c, m->v[i].gen))
			continue;
		hd_visa_where(c, where, sizeof where, " %s[%u]", what, (unsigned)i);
		hd_visa_finding_add(c->out, entry_offset(m, i), HD_VISA_R_GEN_INSTRUCTION, where,
		                    "genOffset 0x%x is inside an instruction of the code",
		                    (unsigned)m->v[i].gen);
	}
}

static void maps(hd_visa_ck *c)
{
	const hd_visa_object *o = c->obj;
	char where[120];

	if (o->reloc % 8 != 0) {
		hd_visa_where(c, where, sizeof where, NULL);
		hd_visa_finding_add(c->out, o->offset + 2 + o->name.len, HD_VISA_R_GEN_ALIGN, where,
		                    "reloc_offset 0x%x is not a multiple of 8", (unsigned)o->reloc);
	}
	map_order(c, &o->offset_map, "offsetMap");
	map_order(c, &o->index_map, "indexMap");
	map_end(c);
	if (c->o != NULL && c->o->code_size_known) {
		map_in_code(c, &o->offset_map, "offsetMap", 0);
		map_in_code(c, &o->index_map, "indexMap", c->ext.known);
	}
	map_on_instructions(c, &o->offset_map, "offsetMap");
	map_on_instructions(c, &o->index_map, "indexMap");
}

/* ------------------------------------------------------------------------
 * Sub-routines: [start, end] in vISA indices of the object, apart from each
 * other; their return-value intervals inside them (check_loc.c). */

typedef struct span {
	uint32_t start, end;
	uint64_t offset;
	uint32_t index;
} span;

static int span_cmp(const void *a, const void *b)
{
	const span *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static void sub_overlap(hd_visa_ck *c, span *v, size_t n)
{
	if (n > 1)
		hd_sort(v, n, sizeof *v, span_cmp);
	for (size_t i = 1; i < n; i++) {
		hd_visa_site at = { "sub", (long)v[i].index, &c->obj->subs[v[i].index].name, NULL,
			            NULL, 0 };
		if (v[i].start > v[i - 1].end)
			continue;
		hd_visa_report(c, &at, v[i].offset, HD_VISA_R_SUB_OVERLAP,
		               "vISA %u..%u overlaps sub %u at %u..%u", (unsigned)v[i].start,
		               (unsigned)v[i].end, (unsigned)v[i - 1].index, (unsigned)v[i - 1].start,
		               (unsigned)v[i - 1].end);
	}
}

static void subs(hd_visa_ck *c)
{
	const hd_visa_object *o = c->obj;
	span *v = o->nsubs ? malloc(o->nsubs * sizeof *v) : NULL;
	size_t nv = 0;

	for (uint16_t i = 0; i < o->nsubs; i++) {
		const hd_visa_sub *s = &o->subs[i];
		hd_visa_site at = { "sub", i, &s->name, NULL, NULL, 0 };

		if (s->start > s->end) {
			hd_visa_report(c, &at, s->offset, HD_VISA_R_SUB_RANGE, "start %u is after end %u",
			               (unsigned)s->start, (unsigned)s->end);
		} else {
			if (c->ext.known && s->end >= c->ext.visa_end)
				hd_visa_report(c, &at, s->offset, HD_VISA_R_SUB_IN_MAP,
				               "vISA %u..%u reaches past the last instruction, %u",
				               (unsigned)s->start, (unsigned)s->end,
				               (unsigned)c->ext.visa_end - 1);
			if (v)
				v[nv++] = (span){ s->start, s->end, s->offset, i };
		}
		at.part = "retval";
		hd_visa_check_intervals(c, &s->retval, 0, s, &at);
	}
	if (v == NULL && o->nsubs)
		c->out->dropped++;
	sub_overlap(c, v, nv);
	free(v);
}

/* ------------------------------------------------------------------------
 * Objects: the kernel first at reloc_offset 0, then its stack-call
 * functions, each at its own offset, their code apart. */

typedef struct placed {
	uint64_t start, end;
	uint64_t offset;
	uint32_t index;
} placed;

static int placed_cmp(const void *a, const void *b)
{
	const placed *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

typedef struct reloc_of {
	uint32_t reloc;
	uint16_t index;
} reloc_of;

static int reloc_cmp(const void *a, const void *b)
{
	const reloc_of *x = a, *y = b;

	if (x->reloc != y->reloc)
		return x->reloc < y->reloc ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* For each function, the index of the first function before it at the same
 * reloc_offset, or 0: sorted by reloc_offset, equal ones are neighbours. */
static int same_reloc(hd_visa_ck *c, uint16_t *earlier)
{
	const hd_visa_file *f = c->f;
	reloc_of *v = malloc(f->nobjects * sizeof *v);
	size_t n = 0;

	if (v == NULL)
		return -1;
	for (uint16_t i = 1; i < f->nobjects; i++)
		v[n++] = (reloc_of){ f->objects[i].reloc, i };
	if (n > 1)
		hd_sort(v, n, sizeof *v, reloc_cmp);
	for (size_t i = 1; i < n; i++)
		if (v[i].reloc == v[i - 1].reloc)
			earlier[v[i].index] = earlier[v[i - 1].index] ? earlier[v[i - 1].index]
			                                              : v[i - 1].index;
	free(v);
	return 0;
}

/* Flags in ok[] the objects whose reloc_offset breaks no rule. */
static void relocs(hd_visa_ck *c, unsigned char *ok)
{
	const hd_visa_file *f = c->f;
	uint16_t *earlier = calloc(f->nobjects, sizeof *earlier);
	char where[120], q[48];

	if (earlier == NULL || same_reloc(c, earlier) != 0) {
		c->out->dropped++;
		free(earlier);
		return;
	}
	for (uint16_t i = 0; i < f->nobjects; i++) {
		const hd_visa_object *o = &f->objects[i];
		const char *why = NULL;

		if (i == 0 && o->reloc != 0)
			why = "the first object is the kernel, at reloc_offset 0";
		else if (i > 0 && o->reloc == 0)
			why = "only the kernel, the first object, is at reloc_offset 0";
		else if (earlier[i] != 0)
			why = "another stack-call function has the same reloc_offset";
		ok[i] = why == NULL;
		if (why == NULL)
			continue;
		hd_visa_quote(&o->name, q, sizeof q);
		snprintf(where, sizeof where, "object %u %s", (unsigned)i, q);
		if (earlier[i] != 0 && o->reloc != 0)
			hd_visa_finding_add(c->out, o->offset, HD_VISA_R_RELOC, where,
			                    "reloc_offset 0x%x: %s (object %u)", (unsigned)o->reloc, why,
			                    (unsigned)earlier[i]);
		else
			hd_visa_finding_add(c->out, o->offset, HD_VISA_R_RELOC, where,
			                    "reloc_offset 0x%x: %s", (unsigned)o->reloc, why);
	}
	free(earlier);
}

static void object_overlap(hd_visa_ck *c, placed *v, size_t n)
{
	char where[120], q[48];

	if (n > 1)
		hd_sort(v, n, sizeof *v, placed_cmp);
	for (size_t i = 1; i < n; i++) {
		const hd_visa_object *o = &c->f->objects[v[i].index];
		if (v[i].start >= v[i - 1].end)
			continue;
		hd_visa_quote(&o->name, q, sizeof q);
		snprintf(where, sizeof where, "object %u %s", (unsigned)v[i].index, q);
		hd_visa_finding_add(c->out, v[i].offset, HD_VISA_R_OBJECT_OVERLAP, where,
		                    "its code 0x%llx..0x%llx overlaps object %u's 0x%llx..0x%llx",
		                    (unsigned long long)v[i].start, (unsigned long long)v[i].end,
		                    (unsigned)v[i - 1].index, (unsigned long long)v[i - 1].start,
		                    (unsigned long long)v[i - 1].end);
	}
}

static void header(hd_visa_ck *c)
{
	const hd_visa_file *f = c->f;

	if (f->magic != HD_VISA_MAGIC)
		hd_visa_finding_add(c->out, 0, HD_VISA_R_MAGIC, "header",
		                    "magic_number 0x%08x is not 0x%08x", (unsigned)f->magic,
		                    HD_VISA_MAGIC);
	if (f->nobjects == 0)
		hd_visa_finding_add(c->out, 4, HD_VISA_R_OBJECT_COUNT, "header",
		                    "numCompiledObjects is 0");
	if (f->end < f->size)
		hd_visa_finding_add(c->out, f->end, HD_VISA_R_TRAILING, "trailer",
		                    "%zu byte%s after the last object", f->size - f->end,
		                    f->size - f->end == 1 ? "" : "s");
}

size_t hd_visa_validate(const hd_visa_file *f, const hd_visa_options *o, hd_visa_findings *out)
{
	hd_visa_ck c;
	unsigned char *ok = f->nobjects ? calloc(f->nobjects, 1) : NULL;
	placed *v = f->nobjects ? malloc(f->nobjects * sizeof *v) : NULL;
	size_t nv = 0, before = out->n + out->dropped;
	size_t nclaims = o->claims ? o->claims->n : 0;
	unsigned char *claimed = nclaims ? calloc(nclaims, 1) : NULL;

	memset(&c, 0, sizeof c);
	c.f = f;
	c.o = o;
	c.out = out;
	header(&c);
	object_names(&c);
	if (ok)
		relocs(&c, ok);
	for (uint16_t i = 0; i < f->nobjects; i++) {
		c.obj = &f->objects[i];
		c.oi = i;
		var_and_sub_names(&c);
		maps(&c);
		for (uint32_t k = 0; k < c.obj->nvars; k++) {
			hd_visa_site at = { "var", (long)k, &c.obj->vars[k].name, NULL, NULL, 0 };
			hd_visa_check_intervals(&c, &c.obj->vars[k].lr, 0, NULL, &at);
		}
		subs(&c);
		hd_visa_check_frame(&c);
		if (claimed && c.ext.known)
			hd_visa_check_dwarf(&c, claimed);
		if (v && ok && ok[i] && c.ext.known && c.ext.gen_end > 0)
			v[nv++] = (placed){ c.obj->reloc, (uint64_t)c.obj->reloc + c.ext.gen_end,
			                    c.obj->offset, i };
	}
	if (((ok == NULL || v == NULL) && f->nobjects) || (claimed == NULL && nclaims))
		out->dropped++;
	c.obj = NULL;
	object_overlap(&c, v, nv);
	if (claimed)
		hd_visa_check_dwarf_rest(&c, claimed);
	free(claimed);
	free(ok);
	free(v);
	return out->n + out->dropped - before;
}
