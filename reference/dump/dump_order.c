/* The canonical order of a DIE's children and the names references print.
 *
 * Children whose order carries meaning (members, parameters, subranges,
 * enumerators, template parameters) keep their file order; the rest are
 * sorted by tag, name and a structural signature: the DIE's own canonical
 * text with references shown only as their target's tag and name, so the
 * signature never depends on offsets or on the order being computed.
 * Siblings that share a tag and name are then told apart by their rank in
 * that order (#1, #2, ...), which a reference's path uses
 * (docs/dwarf-dump.md, "References"). */
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
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
		hd_buf_printf(out, "%s", with_prefix ? name : name + 7);
	else
		hd_buf_printf(out, "%s0x%x", with_prefix ? "DW_TAG_" : "tag_", (unsigned)tag);
}

void dd_put_string(hd_buf *out, const char *s)
{
	hd_buf_byte(out, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			hd_buf_printf(out, "\\%c", *p);
		else if (*p == '\n')
			hd_buf_put(out, "\\n", 2);
		else if (*p < 0x20 || *p == 0x7f)
			hd_buf_printf(out, "\\x%02x", *p);
		else
			hd_buf_byte(out, *p);
	}
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
	if (d->dup != 0)
		hd_buf_printf(out, "#%u", (unsigned)d->dup);
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

static int cmp_unordered(const void *a, const void *b)
{
	const dd_die *x = *(dd_die *const *)a, *y = *(dd_die *const *)b;
	int r;

	if (x->tag != y->tag)
		return x->tag < y->tag ? -1 : 1;
	if ((x->name == NULL) != (y->name == NULL))
		return x->name == NULL ? 1 : -1;
	if (x->name != NULL && (r = strcmp(x->name, y->name)) != 0)
		return r;
	if ((r = strcmp(x->sig, y->sig)) != 0)
		return r;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Groups siblings by tag and name, keeping canonical positions. */
typedef struct dd_slot {
	const dd_die *d;
	uint32_t pos;
} dd_slot;

static int cmp_key(const void *a, const void *b)
{
	const dd_slot *x = a, *y = b;
	int r;

	if (x->d->tag != y->d->tag)
		return x->d->tag < y->d->tag ? -1 : 1;
	if ((x->d->name == NULL) != (y->d->name == NULL))
		return x->d->name == NULL ? 1 : -1;
	if (x->d->name != NULL && (r = strcmp(x->d->name, y->d->name)) != 0)
		return r;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static int same_key(const dd_die *x, const dd_die *y)
{
	if (x->tag != y->tag || (x->name == NULL) != (y->name == NULL))
		return 0;
	return x->name == NULL || strcmp(x->name, y->name) == 0;
}

/* Ranks siblings that share a tag and a name, in canonical order. */
static int rank_duplicates(dd_ctx *c, dd_die *d)
{
	dd_slot *s;

	if (d->nkids < 2)
		return 0;
	s = malloc(d->nkids * sizeof *s);
	if (s == NULL)
		return dd_oom(c);
	for (uint32_t i = 0; i < d->nkids; i++) {
		s[i].d = d->kids[i];
		s[i].pos = i;
	}
	hd_sort(s, d->nkids, sizeof *s, cmp_key);
	for (uint32_t i = 0; i < d->nkids;) {
		uint32_t j = i + 1;
		while (j < d->nkids && same_key(s[i].d, s[j].d))
			j++;
		if (j - i > 1)
			for (uint32_t k = i; k < j; k++)
				d->kids[s[k].pos]->dup = k - i + 1;
		i = j;
	}
	free(s);
	return 0;
}

/* Ordered children first in file order, then the others sorted. */
static int sort_children(dd_ctx *c, dd_die *d)
{
	dd_die **tmp;
	uint32_t n = 0;

	if (d->nkids == 0)
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
	hd_sort(tmp + n, d->nkids - n, sizeof *tmp, cmp_unordered);
	memcpy(d->kids, tmp, d->nkids * sizeof *tmp);
	free(tmp);
	return rank_duplicates(c, d);
}

/* The signature: tag, name, every printed attribute in shallow form, then
 * the children's signatures in canonical order. */
static int make_signature(dd_ctx *c, dd_die *d)
{
	hd_buf b;
	int rc = 0;

	hd_buf_init(&b);
	dd_put_tag(&b, d->tag, 0);
	if (d->name != NULL) {
		hd_buf_byte(&b, ' ');
		dd_put_string(&b, d->name);
	}
	hd_buf_byte(&b, '\n');
	for (uint32_t i = 0; i < d->nattrs && rc == 0; i++) {
		size_t mark = b.len;
		dd_put_attr_name(c, d->attrs[i].at, &b);
		hd_buf_byte(&b, ' ');
		rc = dd_put_value(c, d, &d->attrs[i], 1, 1, &b);
		if (rc == 1) {
			b.len = mark;
			rc = 0;
		} else {
			hd_buf_byte(&b, '\n');
		}
	}
	hd_buf_byte(&b, '{');
	for (uint32_t i = 0; i < d->nkids; i++) {
		hd_buf_printf(&b, "%s", d->kids[i]->sig);
		hd_buf_byte(&b, '\x1f');
		free(d->kids[i]->sig);
		d->kids[i]->sig = NULL;
	}
	hd_buf_byte(&b, '}');
	if (rc == 0) {
		d->sig = dd_take(&b);
		if (d->sig == NULL)
			rc = dd_oom(c);
	}
	hd_buf_free(&b);
	return rc;
}

/* Post-order: children are ordered and signed before their parent. The
 * depth is bounded by the reader (DD_MAX_DEPTH). */
static int order_die(dd_ctx *c, dd_die *d)
{
	for (uint32_t i = 0; i < d->nkids; i++)
		if (order_die(c, d->kids[i]) != 0)
			return -1;
	if (sort_children(c, d) != 0)
		return -1;
	return make_signature(c, d);
}

int dd_order_unit(dd_ctx *c, dd_unit *u)
{
	int rc = order_die(c, u->root);

	free(u->root->sig);
	u->root->sig = NULL;
	return rc;
}
