/* Building a unit's DIE tree (die.h): DIEs and attribute values allocated in
 * the unit's arena, so a lowering never frees a single node and dropping the
 * unit drops them all. Values stay semantic here; write_info.c picks forms. */
#include "die.h"

#include <string.h>

int hd_dw_unit_init(hd_dw_unit *u, int dwarf64, hd_profile profile, hd_status *st)
{
	memset(u, 0, sizeof *u);
	hd_arena_init(&u->arena, 0);
	u->dwarf64 = dwarf64 != 0;
	u->profile = profile;
	u->addr_size = 8;
	(void)st;  /* nothing is allocated until the first DIE */
	return 0;
}

void hd_dw_unit_free(hd_dw_unit *u)
{
	hd_arena_free(&u->arena);
	memset(u, 0, sizeof *u);
}

hd_die *hd_die_new(hd_dw_unit *u, hd_die *parent, uint16_t tag)
{
	hd_die *d;

	/* A second root would make a second unit, which this writer cannot lay out. */
	if (parent == NULL && u->root != NULL)
		return NULL;
	d = hd_arena_alloc(&u->arena, sizeof *d);
	if (d == NULL)
		return NULL;
	d->tag = tag;
	d->parent = parent;
	if (parent == NULL) {
		u->root = d;
		return d;
	}
	if (parent->last_child != NULL)
		parent->last_child->next = d;
	else
		parent->first_child = d;
	parent->last_child = d;
	return d;
}

const hd_attr *hd_die_attr(const hd_die *d, uint16_t name)
{
	for (uint32_t i = 0; i < d->nattrs; i++)
		if (d->attrs[i].name == name)
			return &d->attrs[i];
	return NULL;
}

_Static_assert(sizeof(hd_attr) == 16, "an attribute is one arena grain");

/* Makes room for one more of d's attributes. In place, by one slot, when
 * the array is the arena's last block (a DIE's attributes are mostly added
 * before anything else is allocated), so such a DIE holds no spare slot: an
 * attribute is 16 bytes, the arena's grain. Otherwise into a new array of
 * twice the size, the old copy left in the arena, which is cheaper than
 * tracking it for a few small DIEs. */
static int grow_attrs(hd_dw_unit *u, hd_die *d)
{
	uint32_t cap = d->cap ? d->cap * 2 : 1;
	hd_attr *grown;

	if (d->cap != 0 && hd_arena_extend(&u->arena, d->attrs, d->cap * sizeof *grown,
	                                   (d->cap + 1) * sizeof *grown)) {
		d->cap++;
		return 0;
	}
	if ((grown = hd_arena_alloc(&u->arena, cap * sizeof *grown)) == NULL)
		return -1;
	if (d->nattrs != 0)
		memcpy(grown, d->attrs, d->nattrs * sizeof *grown);
	d->attrs = grown;
	d->cap = cap;
	return 0;
}

/* A fresh attribute slot for name, or NULL on a duplicate (a lowering bug)
 * or when the arena is out of memory. */
static hd_attr *add_attr(hd_dw_unit *u, hd_die *d, uint16_t name, hd_dv_kind kind)
{
	hd_attr *a;

	if (hd_die_attr(d, name) != NULL)
		return NULL;
	if (d->nattrs == d->cap && grow_attrs(u, d) != 0)
		return NULL;
	a = &d->attrs[d->nattrs++];
	memset(a, 0, sizeof *a);
	a->name = name;
	a->kind = (uint8_t)kind;
	return a;
}

int hd_die_udata(hd_dw_unit *u, hd_die *d, uint16_t name, uint64_t v)
{
	hd_attr *a = add_attr(u, d, name, HD_DV_UDATA);

	if (a == NULL)
		return -1;
	a->u = v;
	return 0;
}

int hd_die_sdata(hd_dw_unit *u, hd_die *d, uint16_t name, int64_t v)
{
	hd_attr *a = add_attr(u, d, name, HD_DV_SDATA);

	if (a == NULL)
		return -1;
	a->u = (uint64_t)v;
	return 0;
}

int hd_die_flag(hd_dw_unit *u, hd_die *d, uint16_t name)
{
	return add_attr(u, d, name, HD_DV_FLAG) != NULL ? 0 : -1;
}

int hd_die_string(hd_dw_unit *u, hd_die *d, uint16_t name, const char *s)
{
	hd_attr *a;

	if (s == NULL)
		return -1;
	a = add_attr(u, d, name, HD_DV_STRING);
	if (a == NULL)
		return -1;
	a->s = s;
	return 0;
}

int hd_die_ref(hd_dw_unit *u, hd_die *d, uint16_t name, hd_die *target)
{
	hd_attr *a;

	if (target == NULL)
		return -1;
	a = add_attr(u, d, name, HD_DV_REF);
	if (a == NULL)
		return -1;
	a->ref = target;
	return 0;
}

int hd_die_addr(hd_dw_unit *u, hd_die *d, uint16_t name, uint64_t addr)
{
	hd_attr *a = add_attr(u, d, name, HD_DV_ADDR);

	if (a == NULL)
		return -1;
	a->u = addr;
	return 0;
}

/* Copies the bytes into the arena, so the caller's buffer may be reused. */
static int add_bytes(hd_dw_unit *u, hd_die *d, uint16_t name, hd_dv_kind kind,
                     const uint8_t *bytes, size_t len)
{
	hd_attr *a;
	uint8_t *copy = NULL;

	if (len != 0) {
		if (bytes == NULL || len > UINT32_MAX)
			return -1;
		copy = hd_arena_dup(&u->arena, bytes, len);
		if (copy == NULL)
			return -1;
	}
	a = add_attr(u, d, name, kind);
	if (a == NULL)
		return -1;
	a->bytes = copy;
	a->len = len;
	return 0;
}

int hd_die_expr(hd_dw_unit *u, hd_die *d, uint16_t name, const uint8_t *bytes, size_t len)
{
	return add_bytes(u, d, name, HD_DV_EXPR, bytes, len);
}

int hd_die_block(hd_dw_unit *u, hd_die *d, uint16_t name, const uint8_t *bytes, size_t len)
{
	return add_bytes(u, d, name, HD_DV_BLOCK, bytes, len);
}

int hd_die_list(hd_dw_unit *u, hd_die *d, uint16_t name, hd_dv_kind kind, uint32_t index)
{
	hd_attr *a;

	/* Only the kinds whose value is an index or a section the writer places. */
	if (kind != HD_DV_LOCLIST && kind != HD_DV_RNGLIST && kind != HD_DV_LINES &&
	    kind != HD_DV_MACROS)
		return -1;
	a = add_attr(u, d, name, kind);
	if (a == NULL)
		return -1;
	a->u = index;
	return 0;
}

const char *hd_dw_strdup(hd_dw_unit *u, const char *s, size_t n)
{
	char *copy = hd_arena_alloc(&u->arena, n + 1);

	if (copy == NULL)
		return NULL;
	if (n != 0)
		memcpy(copy, s, n);
	copy[n] = '\0';
	return copy;
}
