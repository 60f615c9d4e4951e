/* .debug_names (DWARF 5 6.1.1): one name index for the unit. Which DIEs it
 * lists is DWARF 5 6.1.1.1 as DWARF Extensions for Heterogeneous Debugging "Contents of the Name Index" extends
 * it: a variable is listed when its location uses DW_OP_addr,
 * DW_OP_LLVM_form_aspace_address or DW_OP_form_tls_address, so program-scope
 * variables in any address space can be found by name. Names are hashed
 * with the DJB hash over the case-folded name (DWARF 5 7.33; ASCII folding
 * here) and grouped by bucket; each entry is the DIE's offset. */
#include "write_impl.h"

#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "../codec/dwarf_ext.h"
#include "../codec/expr.h"
#include "util/sort.h"

/* How many DW_AT_specification / abstract_origin links are followed. */
#define MAX_INHERIT 8

typedef struct nentry {
	const char *s;
	uint64_t str_off;    /* in .debug_str */
	uint32_t str;        /* s's index in the string table */
	uint32_t hash;
	uint16_t tag;
	uint64_t die;        /* offset in the unit */
} nentry;

/* A distinct name: its entries are ent[first .. first + n). */
typedef struct nname {
	uint32_t first, n;
	uint32_t hash;
	uint32_t bucket;     /* hash % bucket count */
	const char *s;
	uint64_t str_off;
} nname;

typedef struct names {
	hd_dw_writer *w;
	nentry *ent;
	uint32_t n, cap;
	nname *nm;
	uint32_t nnames, nbuckets;
	uint16_t *tags;      /* distinct tags, ascending: abbreviation code i + 1 */
	uint32_t ntags;
} names;

/* DWARF 5 7.33, over the name with ASCII letters folded to lower case. */
static uint32_t djb_folded(const char *s)
{
	uint32_t h = 5381;

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		h = h * 33 + c;
	}
	return h;
}

/* The attribute name of d or of a DIE d stands for (DWARF 5 6.1.1.1: the
 * attributes of a DW_AT_specification or DW_AT_abstract_origin target count
 * as d's own). */
static const hd_attr *inherited(const hd_die *d, uint16_t name)
{
	for (int depth = 0; d != NULL && depth <= MAX_INHERIT; depth++) {
		const hd_attr *a = hd_die_attr(d, name), *link;

		if (a != NULL)
			return a;
		link = hd_die_attr(d, DW_AT_specification);
		if (link == NULL)
			link = hd_die_attr(d, DW_AT_abstract_origin);
		d = link != NULL && link->kind == HD_DV_REF ? link->ref : NULL;
	}
	return NULL;
}

static int is_type_tag(uint16_t tag)
{
	switch (tag) {
	case DW_TAG_array_type: case DW_TAG_class_type: case DW_TAG_enumeration_type:
	case DW_TAG_pointer_type: case DW_TAG_reference_type: case DW_TAG_string_type:
	case DW_TAG_structure_type: case DW_TAG_subroutine_type: case DW_TAG_typedef:
	case DW_TAG_union_type: case DW_TAG_ptr_to_member_type: case DW_TAG_set_type:
	case DW_TAG_subrange_type: case DW_TAG_base_type: case DW_TAG_const_type:
	case DW_TAG_file_type: case DW_TAG_packed_type: case DW_TAG_volatile_type:
	case DW_TAG_restrict_type: case DW_TAG_interface_type: case DW_TAG_unspecified_type:
	case DW_TAG_shared_type: case DW_TAG_rvalue_reference_type: case DW_TAG_coarray_type:
	case DW_TAG_dynamic_type: case DW_TAG_atomic_type: case DW_TAG_immutable_type:
	case DW_TAG_generic_subrange: case DW_TAG_template_alias:
		return 1;
	}
	return 0;
}

/* 1 when the expression uses an operation that gives the variable a fixed
 * address (DWARF Extensions for Heterogeneous Debugging's list, plus GNU_push_tls_address, form_tls_address's
 * older spelling), 0 when not or when it does not decode, -1 out of memory. */
static int has_address_op(const hd_dw_writer *w, const uint8_t *bytes, size_t len)
{
	hd_encoding enc = { w->u->profile, w->u->addr_size, (uint8_t)w->off_size };
	hd_status st;
	hd_op *ops;
	size_t n;
	int found = 0;

	hd_status_clear(&st);
	if (hd_decode_expr(bytes, len, &enc, &ops, &n, &st) != 0)
		return st.kind == HD_NO_MEMORY ? -1 : 0;
	for (size_t i = 0; i < n && !found; i++)
		found = ops[i].id == HD_OP_addr || ops[i].id == HD_OP_LLVM_form_aspace_address ||
		        ops[i].id == HD_OP_form_tls_address ||
		        ops[i].id == HD_OP_GNU_push_tls_address;
	free(ops);
	return found;
}

static int variable_listed(const hd_dw_writer *w, const hd_die *d)
{
	const hd_attr *loc = inherited(d, DW_AT_location);
	int found = 0;

	if (loc == NULL)
		return 0;
	if (loc->kind == HD_DV_EXPR)
		return has_address_op(w, loc->bytes, loc->len);
	if (loc->kind != HD_DV_LOCLIST || loc->u >= w->u->nloclists)
		return 0;
	for (uint32_t i = 0; i < w->u->loclists[loc->u].n && found == 0; i++) {
		const hd_dw_range *e = &w->u->loclists[loc->u].entries[i];

		found = has_address_op(w, e->expr, e->len);
	}
	return found;
}

/* Whether d is listed (names aside): 1, 0, or -1 out of memory. */
static int listed(const hd_dw_writer *w, const hd_die *d)
{
	if (hd_die_attr(d, DW_AT_declaration) != NULL)
		return 0;
	switch (d->tag) {
	case DW_TAG_namespace:
		return 1;
	case DW_TAG_subprogram:
	case DW_TAG_inlined_subroutine:
	case DW_TAG_label:
		return inherited(d, DW_AT_low_pc) != NULL || inherited(d, DW_AT_high_pc) != NULL ||
		       inherited(d, DW_AT_ranges) != NULL || inherited(d, DW_AT_entry_pc) != NULL;
	case DW_TAG_variable:
		return variable_listed(w, d);
	}
	return is_type_tag(d->tag);
}

static int add_entry(names *t, const hd_die *d, const char *s)
{
	hd_dw_writer *w = t->w;
	int64_t i = hd_strtab_find(&w->str, s);

	if (i < 0)
		return hd_fail(w->st, HD_INTERNAL, "names-string", d->offset,
		               "the name \"%s\" was not collected", s);
	if (t->n == t->cap) {
		uint32_t cap = t->cap ? t->cap * 2 : 64;
		nentry *p = realloc(t->ent, cap * sizeof *p);

		if (p == NULL)
			return hd_fail(w->st, HD_NO_MEMORY, "out-of-memory", 0,
			               "no memory for names");
		t->ent = p;
		t->cap = cap;
	}
	t->ent[t->n++] = (nentry){ s, w->str.off[i], (uint32_t)i, djb_folded(s), d->tag,
	                           d->offset };
	return 0;
}

static const char *string_of(const hd_attr *a)
{
	return a != NULL && a->kind == HD_DV_STRING ? a->s : NULL;
}

/* The entries for d: its name ("(anonymous namespace)" for an unnamed
 * namespace) and, for subprograms, its linkage name (DWARF 5 6.1.1.1). */
static int collect_die(names *t, const hd_die *d)
{
	const char *name = string_of(inherited(d, DW_AT_name)), *linkage = NULL;
	int r = listed(t->w, d);

	if (r < 0)
		return hd_fail(t->w->st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for names");
	if (r == 0)
		return 0;
	if (name == NULL && d->tag == DW_TAG_namespace)
		name = HD_DW_ANON_NAMESPACE;
	if (d->tag == DW_TAG_subprogram || d->tag == DW_TAG_inlined_subroutine)
		linkage = string_of(inherited(d, DW_AT_linkage_name));
	if (name != NULL && add_entry(t, d, name) != 0)
		return -1;
	if (linkage != NULL && (name == NULL || strcmp(linkage, name) != 0) &&
	    add_entry(t, d, linkage) != 0)
		return -1;
	return 0;
}

/* Gathers each name's entries: a counting sort on the name's index in the
 * string table, which is stable, so a name's entries stay in the order the
 * preorder walk collected them, which is DIE order. The order of the names
 * themselves does not matter: group sorts them by bucket next. */
static int gather(names *t)
{
	uint32_t nstr = t->w->str.n;
	uint32_t *at = calloc((size_t)nstr + 1, sizeof *at);
	nentry *out = malloc((t->n ? t->n : 1) * sizeof *out);

	if (at == NULL || out == NULL) {
		free(at);
		free(out);
		return -1;
	}
	for (uint32_t i = 0; i < t->n; i++)
		at[t->ent[i].str + 1]++;
	for (uint32_t k = 1; k <= nstr; k++)
		at[k] += at[k - 1];
	for (uint32_t i = 0; i < t->n; i++)
		out[at[t->ent[i].str]++] = t->ent[i];
	free(at);
	free(t->ent);
	t->ent = out;
	t->cap = t->n;
	return 0;
}

static int by_bucket(const void *a, const void *b)
{
	const nname *x = a, *y = b;

	if (x->bucket != y->bucket)
		return x->bucket < y->bucket ? -1 : 1;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return strcmp(x->s, y->s);
}

static int by_tag(const void *a, const void *b)
{
	uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;

	return x < y ? -1 : x > y;
}

/* LLVM's bucket count: about two names per bucket, one per bucket when few. */
static uint32_t bucket_count(const nname *nm, uint32_t n)
{
	uint32_t hashes = 0;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = 0;

		while (k < i && nm[k].hash != nm[i].hash)
			k++;
		hashes += k == i;
	}
	if (hashes > 1024)
		return hashes / 4;
	if (hashes > 16)
		return hashes / 2;
	return hashes ? hashes : 1;
}

/* Groups the sorted entries into names, orders the names by bucket and
 * collects the distinct tags. */
static int group(names *t)
{
	if (gather(t) != 0)
		return hd_fail(t->w->st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for names");
	t->nm = malloc(t->n * sizeof *t->nm);
	t->tags = malloc(t->n * sizeof *t->tags);
	if (t->nm == NULL || t->tags == NULL)
		return hd_fail(t->w->st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for names");
	for (uint32_t i = 0; i < t->n; i++) {
		if (i == 0 || t->ent[i].str != t->ent[i - 1].str)
			t->nm[t->nnames++] = (nname){ i, 0, t->ent[i].hash, 0, t->ent[i].s,
			                              t->ent[i].str_off };
		t->nm[t->nnames - 1].n++;
		t->tags[i] = t->ent[i].tag;
	}
	/* Distinct hashes are counted pairwise only up to a point: past that
	 * the exact count changes nothing that matters. */
	t->nbuckets = t->nnames <= 4096 ? bucket_count(t->nm, t->nnames) : t->nnames / 4;
	for (uint32_t i = 0; i < t->nnames; i++)
		t->nm[i].bucket = t->nm[i].hash % t->nbuckets;
	hd_sort(t->nm, t->nnames, sizeof *t->nm, by_bucket);
	hd_sort(t->tags, t->n, sizeof *t->tags, by_tag);
	for (uint32_t i = 0; i < t->n; i++)
		if (i == 0 || t->tags[i] != t->tags[t->ntags - 1])
			t->tags[t->ntags++] = t->tags[i];
	return 0;
}

static uint32_t tag_code(const names *t, uint16_t tag)
{
	uint16_t *p = bsearch(&tag, t->tags, t->ntags, sizeof *t->tags, by_tag);

	return p != NULL ? (uint32_t)(p - t->tags) + 1 : 0;
}

/* Buckets, hashes, string and entry offsets, abbreviations and the entry
 * pool; abbrev_table_size (at size_at) is patched once the pool starts. */
static void put_tables(names *t, hd_buf *b, uint16_t die_form, size_t size_at)
{
	hd_dw_writer *w = t->w;
	unsigned ref_size = die_form == DW_FORM_ref8 ? 8 : 4;
	size_t entries_at, abbrev_start, pool;
	uint32_t k = 0;

	/* buckets: the 1-based index of the bucket's first name, 0 when empty */
	for (uint32_t bk = 0; bk < t->nbuckets; bk++) {
		while (k < t->nnames && t->nm[k].bucket < bk)
			k++;
		hd_buf_uint(b, k < t->nnames && t->nm[k].bucket == bk ? k + 1 : 0, 4);
	}
	for (uint32_t i = 0; i < t->nnames; i++)
		hd_buf_uint(b, t->nm[i].hash, 4);
	for (uint32_t i = 0; i < t->nnames; i++)
		hd_buf_uint(b, t->nm[i].str_off, w->off_size);
	entries_at = b->len;
	for (uint32_t i = 0; i < t->nnames; i++)
		hd_buf_uint(b, 0, w->off_size);  /* patched as the pool is written */
	abbrev_start = b->len;
	for (uint32_t i = 0; i < t->ntags; i++) {
		hd_buf_uleb(b, i + 1);
		hd_buf_uleb(b, t->tags[i]);
		hd_buf_uleb(b, DW_IDX_die_offset);
		hd_buf_uleb(b, die_form);
		hd_buf_uleb(b, 0);
		hd_buf_uleb(b, 0);
	}
	hd_buf_uleb(b, 0);
	pool = b->len;
	hd_dw_patch(b, size_at, pool - abbrev_start, 4);
	for (uint32_t i = 0; i < t->nnames; i++) {
		hd_dw_patch(b, entries_at + (size_t)i * w->off_size, b->len - pool, w->off_size);
		for (uint32_t e = t->nm[i].first; e < t->nm[i].first + t->nm[i].n; e++) {
			hd_buf_uleb(b, tag_code(t, t->ent[e].tag));
			hd_buf_uint(b, t->ent[e].die, ref_size);
		}
		hd_buf_uleb(b, 0);
	}
}

/* The header up to the augmentation string and the CU list; returns where
 * abbrev_table_size goes. */
static size_t put_header(names *t, hd_buf *b)
{
	static const char aug[] = HD_CU_AUGMENTATION;
	uint32_t aug_size = (uint32_t)((sizeof aug + 3) & ~(size_t)3);  /* NUL, padding */
	size_t at;

	hd_buf_uint(b, 5, 2);
	hd_buf_uint(b, 0, 2);          /* padding */
	hd_buf_uint(b, 1, 4);          /* comp_unit_count */
	hd_buf_uint(b, 0, 4);          /* local_type_unit_count */
	hd_buf_uint(b, 0, 4);          /* foreign_type_unit_count */
	hd_buf_uint(b, t->nbuckets, 4);
	hd_buf_uint(b, t->nnames, 4);
	at = b->len;
	hd_buf_uint(b, 0, 4);          /* abbrev_table_size */
	hd_buf_uint(b, aug_size, 4);
	hd_buf_put(b, aug, sizeof aug);
	for (size_t i = sizeof aug; i < aug_size; i++)
		hd_buf_byte(b, 0);
	hd_buf_uint(b, 0, t->w->off_size);  /* the unit starts .debug_info */
	return at;
}

static int write_index(names *t)
{
	hd_dw_writer *w = t->w;
	hd_buf *b = &w->out->sec[HD_SEC_NAMES];
	size_t at = hd_dw_len_begin(b, w->u->dwarf64), size_at;

	size_at = put_header(t, b);
	put_tables(t, b, w->u->dwarf64 ? DW_FORM_ref8 : DW_FORM_ref4, size_at);
	return hd_dw_len_end(b, at, w->u->dwarf64, w->st);
}

int hd_dw_write_names(hd_dw_writer *w)
{
	names t;
	unsigned nulls;
	int rc = -1;

	if (w->u->root == NULL)
		return 0;
	memset(&t, 0, sizeof t);
	t.w = w;
	for (const hd_die *d = w->u->root; d != NULL;
	     d = hd_die_preorder_next(w->u->root, d, &nulls))
		if (collect_die(&t, d) != 0)
			goto done;
	rc = 0;
	if (t.n == 0)
		goto done;  /* nothing to look up: no section */
	rc = group(&t) != 0 || write_index(&t) != 0 ? -1 : 0;
done:
	free(t.ent);
	free(t.nm);
	free(t.tags);
	return rc;
}
