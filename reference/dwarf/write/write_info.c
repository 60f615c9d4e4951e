/* .debug_info and .debug_abbrev (DWARF 5 7.5): one DW_UT_compile unit. A
 * value's form follows from its class and its size (die.h), so the layout
 * takes two walks of the tree: the first picks forms and values (kept for
 * the second), numbers the abbreviations and places every DIE, the second
 * writes the bytes, when every reference's target has its offset.
 * Abbreviations are shared by every DIE with the same tag, children flag and
 * (attribute, form) list, numbered in the order the walk first meets them,
 * so the same unit gives the same bytes. */
#include "write_impl.h"

#include <inttypes.h>
#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

/* One attribute as written: its name, form and what goes in the form;
 * 16 bytes, since the first walk keeps one per attribute of the unit. */
typedef struct wval {
	uint16_t name;
	uint16_t form;
	uint32_t len;            /* exprloc, block */
	union {
		uint64_t v;              /* integer, index, offset */
		const hd_die *ref;       /* DW_FORM_ref*: the target (placed by pass 1) */
		const uint8_t *bytes;    /* exprloc, block */
	};
} wval;

/* The abbreviations met so far: signature i is code i + 1, laid out as
 * tag, children, count, then (name, form) pairs. */
typedef struct abbrevs {
	uint32_t *pool;
	size_t len, cap;
	size_t *start;
	uint32_t n, ncap;
	uint32_t *slots;
	uint32_t nslots;
} abbrevs;

static void abbrevs_free(abbrevs *t)
{
	free(t->pool);
	free(t->start);
	free(t->slots);
}

static uint32_t sig_hash(const uint32_t *sig, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ sig[i]) * 16777619u;
	return h;
}

static size_t sig_len(const uint32_t *sig)
{
	return 3 + 2 * (size_t)sig[2];
}

/* Doubles the slot array once half full, so probes stay short. */
static int abbrevs_rehash(abbrevs *t)
{
	uint32_t ns, *s;

	if ((uint64_t)(t->n + 1) * 2 <= t->nslots)
		return 0;
	ns = t->nslots ? t->nslots * 2 : 64;
	s = calloc(ns, sizeof *s);
	if (s == NULL)
		return -1;
	for (uint32_t i = 0; i < t->n; i++) {
		const uint32_t *sig = t->pool + t->start[i];
		uint32_t h = sig_hash(sig, sig_len(sig)) & (ns - 1);

		while (s[h] != 0)
			h = (h + 1) & (ns - 1);
		s[h] = i + 1;
	}
	free(t->slots);
	t->slots = s;
	t->nslots = ns;
	return 0;
}

/* The code of signature sig, adding it when new; 0 when out of memory. */
static uint32_t abbrevs_intern(abbrevs *t, const uint32_t *sig)
{
	size_t n = sig_len(sig);
	uint32_t h;

	if (abbrevs_rehash(t) != 0)
		return 0;
	h = sig_hash(sig, n) & (t->nslots - 1);
	while (t->slots[h] != 0) {
		const uint32_t *have = t->pool + t->start[t->slots[h] - 1];

		if (sig_len(have) == n && memcmp(have, sig, n * sizeof *sig) == 0)
			return t->slots[h];
		h = (h + 1) & (t->nslots - 1);
	}
	if (t->len + n > t->cap) {
		size_t cap = t->cap ? t->cap : 256;
		uint32_t *p;

		while (cap < t->len + n)
			cap *= 2;
		p = realloc(t->pool, cap * sizeof *p);
		if (p == NULL)
			return 0;
		t->pool = p;
		t->cap = cap;
	}
	if (t->n == t->ncap) {
		uint32_t cap = t->ncap ? t->ncap * 2 : 32;
		size_t *p = realloc(t->start, cap * sizeof *p);

		if (p == NULL)
			return 0;
		t->start = p;
		t->ncap = cap;
	}
	memcpy(t->pool + t->len, sig, n * sizeof *sig);
	t->start[t->n] = t->len;
	t->len += n;
	t->slots[h] = t->n + 1;
	return ++t->n;
}

/* ---- forms ---- */

static uint16_t data_form(uint64_t v)
{
	if (v <= 0xff)
		return DW_FORM_data1;
	if (v <= 0xffff)
		return DW_FORM_data2;
	if (v <= 0xffffffffu)
		return DW_FORM_data4;
	return DW_FORM_data8;
}

static uint16_t index_form(uint64_t i, uint16_t f1, uint16_t f2, uint16_t f4)
{
	return i <= 0xff ? f1 : i <= 0xffff ? f2 : f4;
}

/* Whether d belongs to root's tree: a reference elsewhere has no offset here. */
static int in_unit(const hd_die *root, const hd_die *d)
{
	while (d->parent != NULL)
		d = d->parent;
	return d == root;
}

/* The form and value of attribute a of d (die.h's class to form table). */
static int choose(hd_dw_writer *w, const hd_die *d, const hd_attr *a, wval *v)
{
	hd_dw_unit *u = w->u;
	int64_t i;

	memset(v, 0, sizeof *v);
	v->name = a->name;
	switch ((hd_dv_kind)a->kind) {
	case HD_DV_UDATA:
		v->form = data_form(a->u);
		v->v = a->u;
		return 0;
	case HD_DV_SDATA:
		v->form = DW_FORM_sdata;
		v->v = a->u;
		return 0;
	case HD_DV_FLAG:
		v->form = DW_FORM_flag_present;
		return 0;
	case HD_DV_STRING:
		i = a->s != NULL ? hd_strtab_find(&w->str, a->s) : -1;
		if (i < 0)
			break;
		v->form = index_form((uint64_t)i, DW_FORM_strx1, DW_FORM_strx2, DW_FORM_strx4);
		v->v = (uint64_t)i;
		return 0;
	case HD_DV_REF:
		if (a->ref == NULL || !in_unit(u->root, a->ref))
			return hd_fail(w->st, HD_INTERNAL, "ref-outside-unit", a->name,
			               "DW_TAG 0x%x: attribute 0x%x refers outside the unit",
			               d->tag, a->name);
		v->form = u->dwarf64 ? DW_FORM_ref8 : DW_FORM_ref4;
		v->ref = a->ref;
		return 0;
	case HD_DV_ADDR:
		i = hd_addrtab_find(&w->addr, a->u);
		if (i < 0)
			break;
		/* DW_FORM_addrx, not addrx1/2/4: LLVM 15 reads an addrx1-4 value as
		 * the address itself (DWARFFormValue::getAsSectionedAddress), so
		 * llvm-dwarfdump-15 --verify and LLVM 15 symbolizers misplace every
		 * DIE; addrx is also what LLVM writes */
		v->form = DW_FORM_addrx;
		v->v = (uint64_t)i;
		return 0;
	case HD_DV_EXPR:
	case HD_DV_BLOCK:
		v->form = a->kind == HD_DV_EXPR ? DW_FORM_exprloc : DW_FORM_block;
		v->bytes = a->bytes;
		v->len = a->len;
		return 0;
	case HD_DV_LOCLIST:
	case HD_DV_RNGLIST:
		if (a->u >= (a->kind == HD_DV_LOCLIST ? u->nloclists : u->nrnglists))
			return hd_fail(w->st, HD_INTERNAL, "list-index", a->u,
			               "attribute 0x%x: list index %" PRIu64 " out of range",
			               a->name, a->u);
		v->form = a->kind == HD_DV_LOCLIST ? DW_FORM_loclistx : DW_FORM_rnglistx;
		v->v = a->u;
		return 0;
	case HD_DV_LINES:
	case HD_DV_MACROS:
		if (!(a->kind == HD_DV_LINES ? w->has_line : w->has_macro))
			return hd_fail(w->st, HD_INTERNAL, "no-section", a->name,
			               "attribute 0x%x refers to an empty %s", a->name,
			               a->kind == HD_DV_LINES ? "line program" : "macro unit");
		v->form = DW_FORM_sec_offset;
		v->v = 0;  /* the unit's program is the section's only one */
		return 0;
	}
	return hd_fail(w->st, HD_INTERNAL, "bad-attribute", a->name,
	               "DW_TAG 0x%x: attribute 0x%x has kind %u or a value the writer"
	               " did not collect", d->tag, a->name, a->kind);
}

static int is_base_attr(uint16_t name)
{
	return name == DW_AT_str_offsets_base || name == DW_AT_addr_base ||
	       name == DW_AT_loclists_base || name == DW_AT_rnglists_base;
}

/* The root's section bases, ahead of its own attributes so that a reader
 * going in order knows them before the first strx or addrx. */
static size_t base_values(const hd_dw_writer *w, wval *v)
{
	struct { int has; uint16_t name; uint64_t base; } b[4] = {
		{ w->has_str_offsets, DW_AT_str_offsets_base, w->str_offsets_base },
		{ w->has_addr, DW_AT_addr_base, w->addr_base },
		{ w->has_loclists, DW_AT_loclists_base, w->loclists_base },
		{ w->has_rnglists, DW_AT_rnglists_base, w->rnglists_base },
	};
	size_t n = 0;

	for (int i = 0; i < 4; i++) {
		if (!b[i].has)
			continue;
		memset(&v[n], 0, sizeof v[n]);
		v[n].name = b[i].name;
		v[n].form = DW_FORM_sec_offset;
		v[n].v = b[i].base;
		n++;
	}
	return n;
}

/* Every value of d as written, into vals (room for d->nattrs + 4). */
static int die_values(hd_dw_writer *w, const hd_die *d, wval *vals, size_t *n)
{
	*n = d == w->u->root ? base_values(w, vals) : 0;
	for (uint32_t i = 0; i < d->nattrs; i++) {
		if (d == w->u->root && is_base_attr(d->attrs[i].name))
			return hd_fail(w->st, HD_INTERNAL, "base-attribute", d->attrs[i].name,
			               "the root has attribute 0x%x, which the writer adds",
			               d->attrs[i].name);
		if (choose(w, d, &d->attrs[i], &vals[(*n)++]) != 0)
			return -1;
	}
	return 0;
}

static uint64_t value_size(const hd_dw_writer *w, const wval *v)
{
	switch (v->form) {
	case DW_FORM_data1: case DW_FORM_strx1: return 1;
	case DW_FORM_data2: case DW_FORM_strx2: return 2;
	case DW_FORM_data4: case DW_FORM_strx4: case DW_FORM_ref4:
		return 4;
	case DW_FORM_data8: case DW_FORM_ref8: return 8;
	case DW_FORM_sdata: return hd_sleb_size((int64_t)v->v);
	case DW_FORM_flag_present: return 0;
	case DW_FORM_exprloc: case DW_FORM_block: return hd_uleb_size(v->len) + v->len;
	case DW_FORM_loclistx: case DW_FORM_rnglistx: case DW_FORM_addrx:
		return hd_uleb_size(v->v);
	case DW_FORM_sec_offset: return w->off_size;
	}
	return 0;
}

static void put_value(hd_buf *b, const hd_dw_writer *w, const wval *v)
{
	switch (v->form) {
	case DW_FORM_sdata:
		hd_buf_sleb(b, (int64_t)v->v);
		return;
	case DW_FORM_flag_present:
		return;
	case DW_FORM_exprloc:
	case DW_FORM_block:
		hd_buf_uleb(b, v->len);
		hd_buf_put(b, v->bytes, v->len);
		return;
	case DW_FORM_loclistx:
	case DW_FORM_rnglistx:
	case DW_FORM_addrx:
		hd_buf_uleb(b, v->v);
		return;
	case DW_FORM_ref4:
	case DW_FORM_ref8:
		hd_buf_uint(b, v->ref->offset, (unsigned)value_size(w, v));
		return;
	default:
		hd_buf_uint(b, v->v, (unsigned)value_size(w, v));
		return;
	}
}

/* ---- the two walks ---- */

typedef struct layout {
	hd_dw_writer *w;
	abbrevs ab;
	wval *vals;         /* every DIE's values in walk order, kept by pass 1 */
	size_t nvals, cap_vals;
	uint32_t *sig;      /* scratch for one DIE's signature */
	size_t cap_sig;
} layout;

/* Room for d's values after the ones kept, and for its signature. */
static int reserve(layout *l, const hd_die *d)
{
	size_t need = (size_t)d->nattrs + 4;

	if (l->cap_vals - l->nvals < need) {
		size_t cap = l->cap_vals ? l->cap_vals : 1024;
		wval *v;
		while (cap - l->nvals < need)
			cap *= 2;
		if ((v = realloc(l->vals, cap * sizeof *v)) == NULL)
			return -1;
		l->vals = v;
		l->cap_vals = cap;
	}
	if (l->cap_sig < need) {
		uint32_t *s = realloc(l->sig, (3 + 2 * need) * sizeof *s);
		if (s == NULL)
			return -1;
		l->sig = s;
		l->cap_sig = need;
	}
	return 0;
}

/* Pass 1: forms, abbreviation codes and offsets. Returns the unit's size
 * (from its first byte) in *end. */
static int place(layout *l, uint64_t header, uint64_t *end)
{
	hd_dw_writer *w = l->w;
	const hd_die *root = w->u->root;
	uint64_t off = header;
	unsigned nulls = 0;

	for (hd_die *d = w->u->root; d != NULL; d = hd_die_preorder_next(root, d, &nulls)) {
		wval *vals;
		size_t n;

		if (d != root)
			off += nulls;
		if (reserve(l, d) != 0)
			return hd_fail(w->st, HD_NO_MEMORY, "out-of-memory", 0,
			               "no memory for a DIE");
		vals = l->vals + l->nvals;
		if (die_values(w, d, vals, &n) != 0)
			return -1;
		l->nvals += n;
		l->sig[0] = d->tag;
		l->sig[1] = d->first_child != NULL ? DW_CHILDREN_yes : DW_CHILDREN_no;
		l->sig[2] = (uint32_t)n;
		for (size_t i = 0; i < n; i++) {
			l->sig[3 + 2 * i] = vals[i].name;
			l->sig[4 + 2 * i] = vals[i].form;
		}
		d->abbrev = abbrevs_intern(&l->ab, l->sig);
		if (d->abbrev == 0)
			return hd_fail(w->st, HD_NO_MEMORY, "out-of-memory", 0,
			               "no memory for an abbreviation");
		d->offset = off;
		off += hd_uleb_size(d->abbrev);
		for (size_t i = 0; i < n; i++)
			off += value_size(w, &vals[i]);
	}
	*end = off + nulls;  /* the lists still open after the last DIE */
	return 0;
}

/* Pass 2: the bytes, every reference now resolvable; each DIE's values
 * are the next ones pass 1 kept, as many as its abbreviation lists. */
static int emit(layout *l, hd_buf *b, size_t unit_start)
{
	hd_dw_writer *w = l->w;
	const hd_die *root = w->u->root;
	const wval *vals = l->vals;
	unsigned nulls = 0;

	for (hd_die *d = w->u->root; d != NULL; d = hd_die_preorder_next(root, d, &nulls)) {
		uint32_t n = l->ab.pool[l->ab.start[d->abbrev - 1] + 2];

		if (d != root)
			while (nulls-- > 0)
				hd_buf_byte(b, 0);
		if (b->len - unit_start != d->offset && !b->failed)
			return hd_fail(w->st, HD_INTERNAL, "layout", d->offset,
			               "DIE placed at 0x%" PRIx64 " written at 0x%zx",
			               d->offset, b->len - unit_start);
		hd_buf_uleb(b, d->abbrev);
		for (uint32_t i = 0; i < n; i++)
			put_value(b, w, &vals[i]);
		vals += n;
	}
	while (nulls-- > 0)
		hd_buf_byte(b, 0);
	return 0;
}

static void write_abbrevs(const abbrevs *t, hd_buf *b)
{
	for (uint32_t i = 0; i < t->n; i++) {
		const uint32_t *sig = t->pool + t->start[i];

		hd_buf_uleb(b, i + 1);
		hd_buf_uleb(b, sig[0]);
		hd_buf_byte(b, (uint8_t)sig[1]);
		for (uint32_t k = 0; k < sig[2]; k++) {
			hd_buf_uleb(b, sig[3 + 2 * k]);
			hd_buf_uleb(b, sig[4 + 2 * k]);
		}
		hd_buf_uleb(b, 0);
		hd_buf_uleb(b, 0);
	}
	hd_buf_uleb(b, 0);
}

int hd_dw_write_info(hd_dw_writer *w)
{
	hd_buf *b = &w->out->sec[HD_SEC_INFO];
	int dwarf64 = w->u->dwarf64;
	uint64_t header = dwarf64 ? 24 : 12, end = 0;
	layout l;
	size_t start = b->len, at;
	int rc = -1;

	if (w->u->root == NULL)
		return 0;
	memset(&l, 0, sizeof l);
	l.w = w;
	if (place(&l, header, &end) != 0)
		goto done;
	at = hd_dw_len_begin(b, dwarf64);
	hd_buf_uint(b, 5, 2);
	hd_buf_byte(b, DW_UT_compile);
	hd_buf_byte(b, w->u->addr_size);
	hd_buf_uint(b, 0, w->off_size);  /* the abbreviations start .debug_abbrev */
	if (emit(&l, b, start) != 0 || hd_dw_len_end(b, at, dwarf64, w->st) != 0)
		goto done;
	if (b->len - start != end) {
		hd_fail(w->st, HD_INTERNAL, "layout", end, "unit placed as %" PRIu64
		        " bytes, written as %zu", end, b->len - start);
		goto done;
	}
	write_abbrevs(&l.ab, &w->out->sec[HD_SEC_ABBREV]);
	rc = 0;
done:
	abbrevs_free(&l.ab);
	free(l.vals);
	free(l.sig);
	return rc;
}
