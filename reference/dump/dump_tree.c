/* Reads every unit of .debug_info through libdwarf into dd_die trees, so
 * that ordering and reference rendering can look at the whole tree before
 * anything is printed. Depth and size are bounded: a hostile file hits a
 * bound instead of the stack. */
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
#include "util/sort.h"

/* DIEs and attribute arrays come from large zeroed blocks, freed together:
 * a million small allocations cost more in malloc than the reading did. */
static void *new_chunk(dd_ctx *c, size_t bytes)
{
	void *p;

	if (c->nchunks == c->cap_chunks) {
		size_t n = c->cap_chunks ? c->cap_chunks * 2 : 16;
		void **q = realloc(c->chunks, n * sizeof *q);
		if (q == NULL)
			return NULL;
		c->chunks = q;
		c->cap_chunks = n;
	}
	p = calloc(1, bytes);
	if (p != NULL)
		c->chunks[c->nchunks++] = p;
	return p;
}

#define DD_DIE_BLOCK 4096
#define DD_ATTR_BLOCK 16384

static dd_die *new_die(dd_ctx *c)
{
	if (c->die_left == 0) {
		c->die_pool = new_chunk(c, DD_DIE_BLOCK * sizeof(dd_die));
		if (c->die_pool == NULL)
			return NULL;
		c->die_left = DD_DIE_BLOCK;
	}
	c->die_left--;
	return c->die_pool++;
}

static dd_attr *new_attrs(dd_ctx *c, size_t n)
{
	dd_attr *a;

	if (n > DD_ATTR_BLOCK / 4)
		return new_chunk(c, n * sizeof *a);
	if (c->attr_left < n) {
		c->attr_pool = new_chunk(c, DD_ATTR_BLOCK * sizeof *a);
		if (c->attr_pool == NULL)
			return NULL;
		c->attr_left = DD_ATTR_BLOCK;
	}
	a = c->attr_pool;
	c->attr_pool += n;
	c->attr_left -= n;
	return a;
}

static int cmp_attrs(const void *a, const void *b)
{
	const dd_attr *x = a, *y = b;

	return x->at < y->at ? -1 : x->at > y->at;
}

/* Attributes sorted by code: their order in the abbreviation means nothing. */
static int read_attrs(dd_ctx *c, dd_die *d)
{
	Dwarf_Attribute *list = NULL;
	Dwarf_Signed n = 0;
	int res = dwarf_attrlist(d->die, &list, &n, &c->err);

	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, ".debug_info attributes");
	if (res == DW_DLV_NO_ENTRY || n <= 0)
		return 0;
	d->attrs = new_attrs(c, (size_t)n);
	if (d->attrs == NULL) {
		for (Dwarf_Signed i = 0; i < n; i++)
			dwarf_dealloc(c->dbg, list[i], DW_DLA_ATTR);
		dwarf_dealloc(c->dbg, list, DW_DLA_LIST);
		return dd_oom(c);
	}
	d->nattrs = (uint32_t)n;
	for (Dwarf_Signed i = 0; i < n; i++)
		d->attrs[i].a = list[i];
	dwarf_dealloc(c->dbg, list, DW_DLA_LIST);
	for (uint32_t i = 0; i < d->nattrs; i++) {
		dd_attr *a = &d->attrs[i];
		if (dwarf_whatattr(a->a, &a->at, &c->err) != DW_DLV_OK ||
		    dwarf_whatform(a->a, &a->form, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, ".debug_info attributes");
		a->cls = dwarf_get_form_class(d->unit->version, a->at,
		                              d->unit->offset_size, a->form);
	}
	hd_sort(d->attrs, d->nattrs, sizeof d->attrs[0], cmp_attrs);
	for (uint32_t i = 0; i < d->nattrs; i++) {
		char *s;
		if (d->attrs[i].at != DW_AT_name || d->attrs[i].cls != DW_FORM_CLASS_STRING)
			continue;
		if (dwarf_formstring(d->attrs[i].a, &s, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, "DW_AT_name");
		d->name = s;
	}
	return 0;
}

static int remember(dd_ctx *c, dd_die *d)
{
	if (c->ndies == c->cap_dies) {
		size_t cap = c->cap_dies ? c->cap_dies * 2 : 256;
		dd_die **p;
		Dwarf_Off *o;
		if (c->ndies >= DD_MAX_DIES)
			return hd_fail(c->st, HD_NO_MEMORY, "too-many-dies", 0,
			               ".debug_info: more than %u DIEs", DD_MAX_DIES);
		p = realloc(c->by_off, cap * sizeof *p);
		if (p == NULL)
			return dd_oom(c);
		c->by_off = p;
		o = realloc(c->offs, cap * sizeof *o);
		if (o == NULL)
			return dd_oom(c);
		c->offs = o;
		c->cap_dies = cap;
	}
	d->seq = (uint32_t)c->ndies;
	c->by_off[c->ndies++] = d;
	return 0;
}

static int add_kid(dd_ctx *c, dd_die *parent, dd_die *kid, uint32_t *cap)
{
	if (parent->nkids == *cap) {
		uint32_t n = *cap ? *cap * 2 : 4;
		dd_die **p = realloc(parent->kids, n * sizeof *p);
		if (p == NULL)
			return dd_oom(c);
		parent->kids = p;
		*cap = n;
	}
	parent->kids[parent->nkids++] = kid;
	return 0;
}

/* One DIE (which the new node owns) and, depth first, its children. */
static int read_die(dd_ctx *c, dd_unit *u, Dwarf_Die die, dd_die *parent,
                    unsigned depth, dd_die **out)
{
	dd_die *d = new_die(c);
	Dwarf_Die kid = NULL;
	uint32_t cap = 0;
	int res;

	if (d == NULL) {
		dwarf_dealloc_die(die);
		return dd_oom(c);
	}
	d->die = die;
	d->parent = parent;
	d->unit = u;
	*out = d;
	if (remember(c, d) != 0) {
		dwarf_dealloc_die(die);
		*out = NULL;
		return -1;
	}
	if (depth > DD_MAX_DEPTH)
		return hd_fail(c->st, HD_BAD_INPUT, "die-depth", 0,
		               ".debug_info: DIEs nested deeper than %u", DD_MAX_DEPTH);
	if (dwarf_tag(die, &d->tag, &c->err) != DW_DLV_OK ||
	    dwarf_dieoffset(die, &d->off, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_info");
	if (read_attrs(c, d) != 0)
		return -1;
	res = dwarf_child(die, &kid, &c->err);
	while (res == DW_DLV_OK) {
		dd_die *k = NULL;   /* set by read_die when it succeeds */
		Dwarf_Die next = NULL;
		if (read_die(c, u, kid, d, depth + 1, &k) != 0)
			return -1;
		if (add_kid(c, d, k, &cap) != 0)
			return -1;
		res = dwarf_siblingof_b(c->dbg, kid, 1, &next, &c->err);
		kid = next;
	}
	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, ".debug_info");
	return 0;
}

static int read_unit(dd_ctx *c, dd_unit *u)
{
	Dwarf_Die cu = NULL;
	Dwarf_Addr low;
	int res = dwarf_siblingof_b(c->dbg, NULL, 1, &cu, &c->err);

	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, ".debug_info unit");
	if (res == DW_DLV_NO_ENTRY)
		return hd_fail(c->st, HD_BAD_INPUT, "empty-unit", 0,
		               ".debug_info: a unit without a DIE");
	if (read_die(c, u, cu, NULL, 0, &u->root) != 0)
		return -1;
	res = dwarf_lowpc(cu, &low, &c->err);
	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, "the unit's DW_AT_low_pc");
	u->low_pc = res == DW_DLV_OK ? low : 0;
	{
		hd_buf b;
		hd_buf_init(&b);
		if (u->root->name != NULL)
			dd_put_string(&b, u->root->name);
		else
			hd_buf_printf(&b, "#%u", (unsigned)u->index + 1);
		u->label = dd_take(&b);
		hd_buf_free(&b);
		if (u->label == NULL)
			return dd_oom(c);
	}
	return dd_load_lines(c, u);
}

static int cmp_off(const void *a, const void *b)
{
	const dd_die *x = *(dd_die *const *)a, *y = *(dd_die *const *)b;

	return x->off < y->off ? -1 : x->off > y->off;
}

int dd_read_units(dd_ctx *c)
{
	size_t cap = 0;

	for (;;) {
		Dwarf_Unsigned len, typeoff, next;
		Dwarf_Half version, addr_size, length_size, ext_size, type;
		Dwarf_Off abbrev;
		Dwarf_Sig8 sig;
		dd_unit *u;
		int res = dwarf_next_cu_header_d(c->dbg, 1, &len, &version, &abbrev,
		                                 &addr_size, &length_size, &ext_size,
		                                 &sig, &typeoff, &next, &type, &c->err);
		if (res == DW_DLV_NO_ENTRY)
			break;
		if (res == DW_DLV_ERROR)
			return dd_lib_fail(c, ".debug_info unit header");
		if (c->nunits == cap) {
			size_t n = cap ? cap * 2 : 4;
			dd_unit **p = realloc(c->units, n * sizeof *p);
			if (p == NULL)
				return dd_oom(c);
			c->units = p;
			cap = n;
		}
		u = calloc(1, sizeof *u);
		if (u == NULL)
			return dd_oom(c);
		hd_buf_init(&u->text);
		c->units[c->nunits] = u;
		u->index = (uint32_t)c->nunits++;
		u->version = version;
		u->addr_size = addr_size;
		u->offset_size = length_size;
		u->type = type;
		if (read_unit(c, u) != 0)
			return -1;
	}
	/* preorder is offset order already; sorting only guards that */
	for (size_t i = 1; i < c->ndies; i++)
		if (c->by_off[i - 1]->off >= c->by_off[i]->off) {
			hd_sort(c->by_off, c->ndies, sizeof c->by_off[0], cmp_off);
			break;
		}
	for (size_t i = 0; i < c->ndies; i++)
		c->offs[i] = c->by_off[i]->off;
	return 0;
}

dd_die *dd_find(dd_ctx *c, Dwarf_Off off)
{
	size_t lo = 0, hi = c->ndies;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->offs[mid] == off)
			return c->by_off[mid];
		if (c->offs[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const dd_attr *dd_attr_of(const dd_die *d, Dwarf_Half at)
{
	for (uint32_t i = 0; i < d->nattrs; i++)
		if (d->attrs[i].at == at)
			return &d->attrs[i];
	return NULL;
}

void dd_free_units(dd_ctx *c)
{
	for (size_t i = 0; i < c->ndies; i++) {
		dd_die *d = c->by_off[i];
		for (uint32_t k = 0; k < d->nattrs; k++)
			dwarf_dealloc(c->dbg, d->attrs[k].a, DW_DLA_ATTR);
		dwarf_dealloc_die(d->die);
		free(d->kids);
	}
	for (size_t i = 0; i < c->nchunks; i++)
		free(c->chunks[i]);
	free(c->chunks);
	free(c->by_off);
	free(c->offs);
	for (size_t i = 0; i < c->nunits; i++) {
		dd_free_lines(c->units[i]);
		free(c->units[i]->label);
		hd_buf_free(&c->units[i]->text);
		free(c->units[i]);
	}
	free(c->units);
}
