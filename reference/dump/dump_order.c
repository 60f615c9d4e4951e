/* The canonical order of a DIE's children and the names references print.
 *
 * Children whose order carries meaning (members, parameters, subranges,
 * enumerators, template parameters) keep their file order; the rest are
 * sorted by tag, name and a structural signature: the DIE's own canonical
 * text with references shown only as their target's tag and name, so the
 * signature never depends on offsets or on the order being computed.
 * Siblings that share a tag and name are then told apart by their rank in
 * that order (#1, #2, ...), which a reference's path uses
 * (docs/dwarf-dump.md, "References").
 *
 * The signature is never built as one string (a parent's would embed all
 * its descendants'). It is the DIE's header (tag, name, attributes, then
 * '{') followed by its children's signatures, each ended by '\x1f', and a
 * '}'; no header is a prefix of another and no signature a prefix of
 * another, so two signatures compare as their headers do, then as their
 * children's do in turn, and when one runs out of children first it is the
 * greater ('}' sorts after any tag's first letter). Headers are interned and
 * ranked (dump_intern.c); the DIEs of one depth are then ranked, deepest
 * first, by header rank and their children's ranks, which is the byte order
 * of their signatures, with ties exactly where signatures are equal. Only
 * DIEs whose order depends on it (siblings sharing a tag and name, and
 * their descendants) are ranked. */
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
#include "dump_intern.h"
#include "util/sort.h"

/* Children whose position is part of their meaning (DWARF 5 sections 5.7.3,
 * 5.7.6, 5.11, 5.13, 3.3.8.1, 2.23). */
static int is_ordered(Dwarf_Half tag)
{
	switch (tag) {
	case DW_TAG_member:
	case DW_TAG_inheritance:
	case DW_TAG_formal_parameter:
	case DW_TAG_unspecified_parameters:
	case DW_TAG_subrange_type:
	case DW_TAG_generic_subrange:
	case DW_TAG_enumerator:
	case DW_TAG_template_type_parameter:
	case DW_TAG_template_value_parameter:
	case DW_TAG_GNU_template_template_parameter:
	case DW_TAG_GNU_template_parameter_pack:
	case DW_TAG_GNU_formal_parameter_pack:
		return 1;
	default:
		return 0;
	}
}

void dd_put_tag(hd_buf *out, Dwarf_Half tag, int with_prefix)
{
	const char *name = NULL;

	if (dwarf_get_TAG_name(tag, &name) == DW_DLV_OK && name != NULL &&
	    strncmp(name, "DW_TAG_", 7) == 0)
		hd_buf_puts(out, with_prefix ? name : name + 7);
	else {
		hd_buf_puts(out, with_prefix ? "DW_TAG_0x" : "tag_0x");
		hd_buf_hex(out, tag);
	}
}

/* Runs of bytes that need no escape are copied in one piece. */
void dd_put_string(hd_buf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *run = p;

	hd_buf_byte(out, '"');
	for (; *p != '\0'; p++) {
		if (*p != '"' && *p != '\\' && *p >= 0x20 && *p != 0x7f)
			continue;
		hd_buf_put(out, run, (size_t)(p - run));
		run = p + 1;
		if (*p == '"' || *p == '\\') {
			hd_buf_byte(out, '\\');
			hd_buf_byte(out, *p);
		} else if (*p == '\n') {
			hd_buf_put(out, "\\n", 2);
		} else {
			hd_buf_put(out, "\\x", 2);
			hd_buf_byte(out, "0123456789abcdef"[*p >> 4]);
			hd_buf_byte(out, "0123456789abcdef"[*p & 15]);
		}
	}
	hd_buf_put(out, run, (size_t)(p - run));
	hd_buf_byte(out, '"');
}

/* One path component: tag, name, rank among same-named siblings. */
static void put_component(hd_buf *out, const dd_die *d)
{
	dd_put_tag(out, d->tag, 0);
	if (d->name != NULL) {
		hd_buf_byte(out, ' ');
		dd_put_string(out, d->name);
	}
	if (d->dup != 0) {
		hd_buf_byte(out, '#');
		hd_buf_udec(out, d->dup);
	}
}

void dd_put_path(hd_buf *out, const dd_die *d)
{
	const dd_die *chain[DD_MAX_DEPTH + 2];
	size_t n = 0;

	for (const dd_die *p = d; p != NULL && p->parent != NULL && n < DD_MAX_DEPTH + 2;
	     p = p->parent)
		chain[n++] = p;
	if (n == 0)
		hd_buf_byte(out, '/');
	while (n > 0) {
		hd_buf_byte(out, '/');
		put_component(out, chain[--n]);
	}
}


/* Two names, either NULL (which sorts last). Equal names are often the
 * same pointer: libdwarf hands out a string of .debug_str where it lies,
 * and a producer stores each string once, so strcmp is skipped for them. */
static int cmp_names(const char *x, const char *y)
{
	if (x == y)
		return 0;
	if (x == NULL || y == NULL)
		return x == NULL ? 1 : -1;
	return strcmp(x, y);
}

/* Unordered siblings: tag, name (named first), signature rank, file order.
 * The rank counts only between siblings of one tag and name, which are
 * exactly the ones that were ranked. */
static int cmp_unordered(const void *a, const void *b)
{
	const dd_die *x = *(dd_die *const *)a, *y = *(dd_die *const *)b;
	int r;

	if (x->tag != y->tag)
		return x->tag < y->tag ? -1 : 1;
	if ((r = cmp_names(x->name, y->name)) != 0)
		return r;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int same_key(const dd_die *x, const dd_die *y)
{
	return x->tag == y->tag && cmp_names(x->name, y->name) == 0;
}

/* Ranks siblings that share a tag and a name, in canonical order. Equal
 * keys are adjacent among the unordered children; among ordered ones they
 * may not be, so those are counted by sorting positions. */
typedef struct dd_slot {
	const dd_die *d;
	uint32_t pos;
} dd_slot;

static int cmp_slot(const void *a, const void *b)
{
	const dd_slot *x = a, *y = b;
	int r;

	if (x->d->tag != y->d->tag)
		return x->d->tag < y->d->tag ? -1 : 1;
	if ((r = cmp_names(x->d->name, y->d->name)) != 0)
		return r;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Numbers the run v[i..j) of equal keys 1, 2, ...; a lone DIE gets 0. */
static void number_run(dd_die **v, uint32_t i, uint32_t j)
{
	for (uint32_t k = i; k < j; k++)
		v[k]->dup = j - i > 1 ? k - i + 1 : 0;
}

/* The index of d's first unordered child: the ordered ones come first. */
static uint32_t first_unordered(const dd_die *d)
{
	uint32_t n = 0;

	while (n < d->nkids && is_ordered(d->kids[n]->tag))
		n++;
	return n;
}

/* One past the run of unordered children from i that share its key. */
static uint32_t run_end(const dd_die *d, uint32_t i)
{
	uint32_t j = i + 1;

	while (j < d->nkids && same_key(d->kids[i], d->kids[j]))
		j++;
	return j;
}

static int rank_duplicates(dd_ctx *c, dd_die *d)
{
	dd_slot *s;
	uint32_t n = first_unordered(d);

	/* the unordered children are sorted by key: equal keys are runs (no
	 * ordered child shares a tag with an unordered one) */
	for (uint32_t i = n, j; i < d->nkids; i = j) {
		j = run_end(d, i);
		number_run(d->kids, i, j);
	}
	if (n < 2) {
		if (n == 1)
			d->kids[0]->dup = 0;
		return 0;
	}
	s = malloc(n * sizeof *s);
	if (s == NULL)
		return dd_oom(c);
	for (uint32_t i = 0; i < n; i++) {
		s[i].d = d->kids[i];
		s[i].pos = i;
	}
	hd_sort(s, n, sizeof *s, cmp_slot);
	for (uint32_t i = 0; i < n;) {
		uint32_t j = i + 1;
		while (j < n && same_key(s[i].d, s[j].d))
			j++;
		for (uint32_t k = i; k < j; k++)
			d->kids[s[k].pos]->dup = j - i > 1 ? k - i + 1 : 0;
		i = j;
	}
	free(s);
	return 0;
}

/* Sorts v[0..n), unordered siblings in file order, by cmp_unordered. The
 * siblings of a unit come in a handful of tags and, within a tag, mostly in
 * name order already or all unnamed (a million pointer types under one unit
 * made this sort the dump's largest cost): so they are split by tag first,
 * stably, and a tag's run is sorted only when it is out of order. The order
 * is total (seq breaks ties), so this is the order one sort of all gives.
 * More tags than tags[] holds: one sort of all. */
static void sort_unordered(dd_die **v, dd_die **tmp, uint32_t n)
{
	struct { Dwarf_Half tag; uint32_t count, at; } tags[16];
	uint32_t ntags = 0, at = 0;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = 0;
		while (k < ntags && tags[k].tag != v[i]->tag)
			k++;
		if (k == ntags) {
			if (ntags == sizeof tags / sizeof tags[0]) {
				hd_sort(v, n, sizeof *v, cmp_unordered);
				return;
			}
			/* insertion keeps tags[] in tag order */
			while (k > 0 && tags[k - 1].tag > v[i]->tag) {
				tags[k] = tags[k - 1];
				k--;
			}
			tags[k].tag = v[i]->tag;
			tags[k].count = 0;
			ntags++;
		}
		tags[k].count++;
	}
	for (uint32_t k = 0; k < ntags; k++) {
		tags[k].at = at;
		at += tags[k].count;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = 0;
		while (tags[k].tag != v[i]->tag)
			k++;
		tmp[tags[k].at++] = v[i];
	}
	for (uint32_t k = 0, start = 0; k < ntags; start += tags[k++].count) {
		dd_die **run = tmp + start;
		for (uint32_t i = 1; i < tags[k].count; i++)
			if (cmp_unordered(&run[i - 1], &run[i]) > 0) {
				hd_sort(run, tags[k].count, sizeof *run, cmp_unordered);
				break;
			}
	}
	memcpy(v, tmp, n * sizeof *v);
}

/* Ordered children first in file order, then the others sorted; marks the
 * unordered ones that share a tag and name with a sibling (their order
 * needs signatures). Before ranking, every rank is 0 and file order
 * decides. */
static int sort_children(dd_ctx *c, dd_die *d)
{
	dd_die **tmp;
	uint32_t n = 0;

	if (d->nkids < 2)  /* one child is in order, and has no sibling to share a key */
		return 0;
	tmp = malloc(d->nkids * sizeof *tmp);
	if (tmp == NULL)
		return dd_oom(c);
	for (uint32_t i = 0; i < d->nkids; i++)
		if (is_ordered(d->kids[i]->tag))
			tmp[n++] = d->kids[i];
	for (uint32_t i = 0, m = n; i < d->nkids; i++)
		if (!is_ordered(d->kids[i]->tag))
			tmp[m++] = d->kids[i];
	memcpy(d->kids, tmp, d->nkids * sizeof *tmp);
	sort_unordered(d->kids + n, tmp, d->nkids - n);
	free(tmp);
	for (uint32_t i = n; i + 1 < d->nkids; i++)
		if (same_key(d->kids[i], d->kids[i + 1])) {
			d->kids[i]->need = 1;
			d->kids[i + 1]->need = 1;
			d->contested = 1;
		}
	return 0;
}

/* Sorts d's unordered children again, now that they are ranked. They are
 * in (tag, name) order already, and ranks only reorder siblings that share
 * both, so only those runs are sorted: the same order as sorting them all,
 * without comparing every name again. */
static void resort_unordered(dd_die *d)
{
	for (uint32_t i = first_unordered(d), j; i < d->nkids; i = j) {
		j = run_end(d, i);
		hd_sort(d->kids + i, j - i, sizeof *d->kids, cmp_unordered);
	}
}

/* The DIEs of a unit by depth (breadth first), with where each depth
 * starts; the root is depth 0. */
typedef struct dd_levels {
	dd_die **v;
	size_t n;
	size_t *start;                 /* start[k]: first DIE of depth k; start[depth] = n */
	size_t depth;
} dd_levels;

static int push_level_die(dd_ctx *c, dd_levels *L, size_t *cap, dd_die *d)
{
	if (L->n == *cap) {
		size_t n = *cap ? *cap * 2 : 256;
		dd_die **p = realloc(L->v, n * sizeof *p);
		if (p == NULL)
			return dd_oom(c);
		L->v = p;
		*cap = n;
	}
	L->v[L->n++] = d;
	return 0;
}

static int make_levels(dd_ctx *c, dd_unit *u, dd_levels *L)
{
	size_t cap = 0, level_end = 1, scap = 8;

	memset(L, 0, sizeof *L);
	L->start = malloc(scap * sizeof *L->start);
	if (L->start == NULL || push_level_die(c, L, &cap, u->root) != 0)
		return dd_oom(c);
	L->start[0] = 0;
	for (size_t i = 0; i < L->n; i++) {
		if (i == level_end) {
			if (L->depth + 2 >= scap) {
				size_t *p = realloc(L->start, 2 * scap * sizeof *p);
				if (p == NULL)
					return dd_oom(c);
				L->start = p;
				scap *= 2;
			}
			L->start[++L->depth] = i;
			level_end = L->n;
		}
		for (uint32_t k = 0; k < L->v[i]->nkids; k++)
			if (push_level_die(c, L, &cap, L->v[i]->kids[k]) != 0)
				return -1;
	}
	L->start[++L->depth] = L->n;
	return 0;
}

/* The header of d's signature: tag, name, every printed attribute in
 * shallow form, then '{'. */
static int put_header(dd_ctx *c, dd_die *d, hd_buf *b)
{
	int rc = 0;

	dd_put_tag(b, d->tag, 0);
	if (d->name != NULL) {
		hd_buf_byte(b, ' ');
		dd_put_string(b, d->name);
	}
	hd_buf_byte(b, '\n');
	for (uint32_t i = 0; i < d->nattrs && rc == 0; i++) {
		size_t mark = b->len;
		dd_put_attr_name(c, d->attrs[i].at, b);
		hd_buf_byte(b, ' ');
		rc = dd_put_value(c, d, &d->attrs[i], 1, 1, b);
		if (rc == 1) {
			b->len = mark;
			rc = 0;
		} else {
			hd_buf_byte(b, '\n');
		}
	}
	hd_buf_byte(b, '{');
	return rc;
}

/* Interns the header of every ranked DIE of one depth, v[0..n), and keeps
 * in d->rank its header's rank until the DIE's own rank replaces it.
 * Signatures are only compared within a depth, so header ranks need only
 * be ordered within it; a depth at a time, only one depth's header texts
 * are held. */
static int rank_headers(dd_ctx *c, dd_die **v, size_t n)
{
	dd_intern t;
	hd_buf b;
	int rc = 0;

	dd_intern_init(&t);
	hd_buf_init(&b);
	for (size_t i = 0; i < n && rc == 0; i++) {
		dd_die *d = v[i];
		if (!d->need)
			continue;
		hd_buf_reset(&b);
		if (put_header(c, d, &b) != 0)
			rc = -1;
		else if (b.failed || dd_intern_add(&t, b.data, b.len, &d->rank) != 0)
			rc = dd_oom(c);
	}
	if (rc == 0) {
		dd_intern_rank(&t);
		for (size_t i = 0; i < n; i++)
			if (v[i]->need)
				v[i]->rank = t.n[v[i]->rank].rank;
	}
	hd_buf_free(&b);
	dd_intern_free(&t);
	return rc;
}

/* Signature order of two DIEs of one depth: header rank, then children's
 * ranks in canonical order; the one with fewer children is greater. */
static int cmp_signature(const void *a, const void *b)
{
	const dd_die *x = *(dd_die *const *)a, *y = *(dd_die *const *)b;
	uint32_t n = x->nkids < y->nkids ? x->nkids : y->nkids;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	for (uint32_t i = 0; i < n; i++)
		if (x->kids[i]->rank != y->kids[i]->rank)
			return x->kids[i]->rank < y->kids[i]->rank ? -1 : 1;
	return x->nkids < y->nkids ? 1 : x->nkids > y->nkids ? -1 : 0;
}

/* Replaces the header ranks of the ranked DIEs in v[0..n) (one depth, their
 * children ranked and in canonical order) by their signature ranks: 1 for
 * the least, equal for equal signatures. Header ranks are dense (1 to the
 * number of distinct headers), so the DIEs are put in header order by
 * counting; a run of one header is then sorted only when a DIE in it has
 * children, since without any the header is the whole signature (a million
 * pointer types of one header made one sort of them all the dump's second
 * largest cost). */
static int rank_depth(dd_ctx *c, dd_die **v, size_t n)
{
	dd_die **s;
	size_t m = 0, *at;
	uint32_t top = 0, rank = 0, *r;

	for (size_t i = 0; i < n; i++)
		if (v[i]->need) {
			m++;
			if (v[i]->rank > top)
				top = v[i]->rank;
		}
	s = malloc((m ? m : 1) * sizeof *s);
	at = calloc((size_t)top + 2, sizeof *at);
	r = malloc((m ? m : 1) * sizeof *r);
	if (s == NULL || at == NULL || r == NULL) {
		free(s);
		free(at);
		free(r);
		return dd_oom(c);
	}
	for (size_t i = 0; i < n; i++)
		if (v[i]->need)
			at[v[i]->rank + 1]++;
	for (uint32_t k = 1; k <= top + 1; k++)
		at[k] += at[k - 1];
	for (size_t i = 0; i < n; i++)
		if (v[i]->need)
			s[at[v[i]->rank]++] = v[i];
	for (size_t i = 0, j; i < m; i = j) {
		int kids = 0;
		for (j = i; j < m && s[j]->rank == s[i]->rank; j++)
			kids |= s[j]->nkids != 0;
		if (kids)
			hd_sort(s + i, j - i, sizeof *s, cmp_signature);
	}
	/* ranks are assigned after every comparison, so none reads a new one */
	for (size_t i = 0; i < m; i++) {
		if (i == 0 || cmp_signature(&s[i - 1], &s[i]) != 0)
			rank++;
		r[i] = rank;
	}
	for (size_t i = 0; i < m; i++)
		s[i]->rank = r[i];
	free(r);
	free(at);
	free(s);
	return 0;
}

/* Every DIE below a ranked one is ranked: its signature is part of its
 * parent's. Top-down, so parents are marked first. */
static void mark_descendants(dd_levels *L)
{
	for (size_t i = 1; i < L->n; i++) {
		dd_die *d = L->v[i];
		if (d->parent != NULL && d->parent->need)
			d->need = 1;
	}
}

static int order_levels(dd_ctx *c, dd_levels *L)
{
	for (size_t i = 0; i < L->n; i++)
		if (sort_children(c, L->v[i]) != 0)
			return -1;
	mark_descendants(L);
	/* deepest first: a depth's children are ranked and in order when the
	 * depth is ranked */
	for (size_t k = L->depth; k-- > 0;) {
		dd_die **v = L->v + L->start[k];
		size_t n = L->start[k + 1] - L->start[k];
		for (size_t i = 0; i < n; i++)
			if (v[i]->contested)
				resort_unordered(v[i]);
		if (k > 0 && (rank_headers(c, v, n) != 0 || rank_depth(c, v, n) != 0))
			return -1;
	}
	for (size_t i = 0; i < L->n; i++)
		if (rank_duplicates(c, L->v[i]) != 0)
			return -1;
	return 0;
}

int dd_order_unit(dd_ctx *c, dd_unit *u)
{
	dd_levels L;
	int rc = make_levels(c, u, &L) == 0 ? order_levels(c, &L) : -1;

	free(L.v);
	free(L.start);
	return rc;
}
