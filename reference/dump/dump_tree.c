/* Reads every unit of .debug_info through libdwarf into dd_die trees, so
 * that ordering and reference rendering can look at the whole tree before
 * anything is printed. Depth and size are bounded: a hostile file hits a
 * bound instead of the stack. */
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
#include "util/sort.h"

/* DIEs, attribute records and child arrays come from large zeroed blocks,
 * freed together: a million small allocations cost more in malloc than the
 * reading did. */
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

_Static_assert(sizeof(dd_die) <= 64, "dd_die grew: a million of them are held");
/* Attribute records and child arrays are carved from blocks of this size;
 * a larger request gets a block of its own. */
#define DD_POOL_BLOCK ((size_t)256 << 10)

/* The next DIE in file order: DIE i sits at i % DD_DIE_BLOCK of block
 * i / DD_DIE_BLOCK (dd_die_at). */
static dd_die *new_die(dd_ctx *c)
{
	if (c->die_left == 0) {
		if (c->nblocks == c->cap_blocks) {
			size_t n = c->cap_blocks ? c->cap_blocks * 2 : 16;
			dd_die **p = realloc(c->blocks, n * sizeof *p);
			if (p == NULL)
				return NULL;
			c->blocks = p;
			c->cap_blocks = n;
		}
		c->die_pool = new_chunk(c, DD_DIE_BLOCK * sizeof(dd_die));
		if (c->die_pool == NULL)
			return NULL;
		c->blocks[c->nblocks++] = c->die_pool;
		c->die_left = DD_DIE_BLOCK;
	}
	c->die_left--;
	return c->die_pool++;
}

/* bytes from the pool, zeroed and 8-aligned; NULL when memory ran out */
static void *carve(dd_ctx *c, size_t bytes)
{
	void *p;

	bytes = (bytes + 7) & ~(size_t)7;
	if (bytes > DD_POOL_BLOCK / 4)
		return new_chunk(c, bytes);
	if (c->pool_left < bytes) {
		c->pool = new_chunk(c, DD_POOL_BLOCK);
		if (c->pool == NULL)
			return NULL;
		c->pool_left = DD_POOL_BLOCK;
	}
	p = c->pool;
	c->pool += bytes;
	c->pool_left -= bytes;
	return p;
}

static int cmp_attrs(const void *a, const void *b)
{
	const dd_attr *x = a, *y = b;

	return x->at < y->at ? -1 : x->at > y->at;
}

/* By attribute code, stably: a DIE has a handful, for which qsort's
 * calls through a function pointer cost more than the sorting; a long
 * list (a hostile abbreviation) goes to hd_sort, glibc's merge sort, also
 * stable, so the order is the same either way. */
static void sort_attrs(dd_attr *v, uint32_t n)
{
	if (n > 16) {
		hd_sort(v, n, sizeof *v, cmp_attrs);
		return;
	}
	for (uint32_t i = 1; i < n; i++) {
		dd_attr x = v[i];
		uint32_t j = i;
		for (; j > 0 && v[j - 1].at > x.at; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* Attributes sorted by code: their order in the abbreviation means nothing.
 * Each value is taken into the record and libdwarf's handle released
 * (dump_value.c); d->keep is set when some value keeps its handle, which
 * then needs the DIE too. */
static int read_attrs(dd_ctx *c, dd_die *d, Dwarf_Die die)
{
	Dwarf_Attribute *list = NULL;
	Dwarf_Signed n = 0;
	int res = dwarf_attrlist(die, &list, &n, &c->err);
	Dwarf_Signed i;

	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, ".debug_info attributes");
	if (res == DW_DLV_NO_ENTRY || n <= 0)
		return 0;
	d->attrs = carve(c, (size_t)n * sizeof *d->attrs);
	if (d->attrs == NULL) {
		for (i = 0; i < n; i++)
			dwarf_dealloc(c->dbg, list[i], DW_DLA_ATTR);
		dwarf_dealloc(c->dbg, list, DW_DLA_LIST);
		return dd_oom(c);
	}
	for (i = 0; i < n; i++) {
		dd_attr *a = &d->attrs[i];
		if (dwarf_whatattr(list[i], &a->at, &c->err) != DW_DLV_OK ||
		    dwarf_whatform(list[i], &a->form, &c->err) != DW_DLV_OK)
			break;
		a->cls = (uint8_t)dwarf_get_form_class(d->unit->version, a->at,
		                                       d->unit->offset_size, a->form);
		if (dd_take_value(c, a, list[i]) == 0)
			d->keep = 1;
	}
	d->nattrs = (uint32_t)i;   /* the ones taken, released with the DIE */
	if (i < n) {
		for (Dwarf_Signed k = i; k < n; k++)
			dwarf_dealloc(c->dbg, list[k], DW_DLA_ATTR);
		dwarf_dealloc(c->dbg, list, DW_DLA_LIST);
		return dd_lib_fail(c, ".debug_info attributes");
	}
	dwarf_dealloc(c->dbg, list, DW_DLA_LIST);
	sort_attrs(d->attrs, d->nattrs);
	for (uint32_t k = 0; k < d->nattrs; k++) {
		const char *s;
		if (d->attrs[k].at != DW_AT_name || d->attrs[k].cls != DW_FORM_CLASS_STRING)
			continue;
		if (dd_formstring(c, &d->attrs[k], &s) != DW_DLV_OK)
			return dd_lib_fail(c, "DW_AT_name");
		d->name = s;
	}
	return 0;
}

/* d, the DIE new_die made last, at .debug_info offset off. */
static int remember(dd_ctx *c, dd_die *d, Dwarf_Off off)
{
	if (c->ndies == c->cap_dies) {
		size_t cap = c->cap_dies ? c->cap_dies * 2 : 256;
		Dwarf_Off *o;
		if (c->ndies >= DD_MAX_DIES)
			return hd_fail(c->st, HD_NO_MEMORY, "too-many-dies", 0,
			               ".debug_info: more than %u DIEs", DD_MAX_DIES);
		o = realloc(c->offs, cap * sizeof *o);
		if (o == NULL)
			return dd_oom(c);
		c->offs = o;
		c->cap_dies = cap;
	}
	d->seq = (uint32_t)c->ndies;
	c->offs[c->ndies++] = off;
	return 0;
}

/* Children are gathered on one stack shared by all depths, and each DIE's
 * are copied into an array of their exact number once read: per-DIE
 * arrays grown by doubling cost three times the memory. */
static int push_kid(dd_ctx *c, dd_die *kid)
{
	if (c->nstack == c->cap_stack) {
		size_t n = c->cap_stack ? c->cap_stack * 2 : 64;
		dd_die **p = realloc(c->stack, n * sizeof *p);
		if (p == NULL)
			return dd_oom(c);
		c->stack = p;
		c->cap_stack = n;
	}
	c->stack[c->nstack++] = kid;
	return 0;
}

static int take_kids(dd_ctx *c, dd_die *d, size_t base)
{
	size_t n = c->nstack - base;

	if (n == 0)
		return 0;
	d->kids = carve(c, n * sizeof *d->kids);
	if (d->kids == NULL)
		return dd_oom(c);
	memcpy(d->kids, c->stack + base, n * sizeof *d->kids);
	d->nkids = (uint32_t)n;
	c->nstack = base;
	return 0;
}

/* A DIE's handle, once its values are in the record and its next sibling
 * found, is released; a DIE with a lazy value keeps it (libdwarf's
 * attribute points at its DIE) until dd_close. */
static int settle_die(dd_ctx *c, const dd_die *d, Dwarf_Die die)
{
	if (d == NULL || !d->keep) {
		dwarf_dealloc_die(die);
		return 0;
	}
	if (c->nkept == c->cap_kept) {
		size_t n = c->cap_kept ? c->cap_kept * 2 : 16;
		Dwarf_Die *p = realloc(c->kept, n * sizeof *p);
		if (p == NULL) {
			dwarf_dealloc_die(die);
			return dd_oom(c);
		}
		c->kept = p;
		c->cap_kept = n;
	}
	c->kept[c->nkept++] = die;
	return 0;
}

/* One DIE and, depth first, its children. The caller keeps die and settles
 * it (settle_die) once it has found the next sibling. */
static int read_die(dd_ctx *c, dd_unit *u, Dwarf_Die die, dd_die *parent,
                    unsigned depth, dd_die **out)
{
	dd_die *d = new_die(c);
	Dwarf_Die kid = NULL;
	Dwarf_Off off;
	size_t base = c->nstack;
	int res;

	*out = NULL;
	if (d == NULL)
		return dd_oom(c);
	d->parent = parent;
	d->unit = u;
	if (dwarf_dieoffset(die, &off, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_info");
	if (remember(c, d, off) != 0)
		return -1;
	*out = d;
	if (depth > DD_MAX_DEPTH)
		return hd_fail(c->st, HD_BAD_INPUT, "die-depth", 0,
		               ".debug_info: DIEs nested deeper than %u", DD_MAX_DEPTH);
	if (dwarf_tag(die, &d->tag, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_info");
	if (read_attrs(c, d, die) != 0)
		return -1;
	res = dwarf_child(die, &kid, &c->err);
	while (res == DW_DLV_OK) {
		dd_die *k = NULL;   /* set by read_die once remembered */
		Dwarf_Die next = NULL;
		int rc = read_die(c, u, kid, d, depth + 1, &k);
		if (rc == 0)
			rc = push_kid(c, k);
		if (rc == 0)
			res = dwarf_siblingof_b(c->dbg, kid, 1, &next, &c->err);
		if (settle_die(c, k, kid) != 0 || rc != 0)
			return -1;
		kid = next;
	}
	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, ".debug_info");
	return take_kids(c, d, base);
}

static int read_unit(dd_ctx *c, dd_unit *u)
{
	Dwarf_Die cu = NULL;
	uint64_t low;
	int res = dwarf_siblingof_b(c->dbg, NULL, 1, &cu, &c->err);

	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, ".debug_info unit");
	if (res == DW_DLV_NO_ENTRY)
		return hd_fail(c->st, HD_BAD_INPUT, "empty-unit", 0,
		               ".debug_info: a unit without a DIE");
	u->cu_die = cu;   /* the line table, macros and .debug_addr are read through it */
	if (read_die(c, u, cu, NULL, 0, &u->root) != 0)
		return -1;
	res = dd_low_pc(c, u->root, &low);
	if (res < 0)
		return -1;
	u->low_pc = res == 1 ? low : 0;
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

/* A DIE and its offset, to sort both together. */
typedef struct dd_placed {
	Dwarf_Off off;
	dd_die *d;
} dd_placed;

static int cmp_placed(const void *a, const void *b)
{
	const dd_placed *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->d->seq < y->d->seq ? -1 : x->d->seq > y->d->seq;
}

/* by_off and offs in offset order, for dd_find, when file order is not. */
static int sort_by_off(dd_ctx *c)
{
	dd_placed *v = malloc(c->ndies * sizeof *v);

	c->by_off = malloc(c->ndies * sizeof *c->by_off);
	if (v == NULL || c->by_off == NULL) {
		free(v);
		return dd_oom(c);
	}
	for (size_t i = 0; i < c->ndies; i++) {
		v[i].off = c->offs[i];
		v[i].d = c->blocks[i / DD_DIE_BLOCK] + i % DD_DIE_BLOCK;
	}
	hd_sort(v, c->ndies, sizeof *v, cmp_placed);
	for (size_t i = 0; i < c->ndies; i++) {
		c->offs[i] = v[i].off;
		c->by_off[i] = v[i].d;
	}
	free(v);
	return 0;
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
		if (c->offs[i - 1] >= c->offs[i]) {
			if (sort_by_off(c) != 0)
				return -1;
			break;
		}
	dd_resolve_refs(c);
	return 0;
}

dd_die *dd_find(dd_ctx *c, Dwarf_Off off)
{
	size_t lo = 0, hi = c->ndies;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->offs[mid] == off)
			return dd_die_at(c, mid);
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
		dd_die *d = dd_die_at(c, i);
		for (uint32_t k = 0; k < d->nattrs; k++)
			dd_release_value(c, &d->attrs[k]);
	}
	for (size_t i = 0; i < c->nkept; i++)
		dwarf_dealloc_die(c->kept[i]);
	free(c->kept);
	free(c->stack);
	for (size_t i = 0; i < c->nchunks; i++)
		free(c->chunks[i]);
	free(c->chunks);
	free(c->by_off);
	free(c->blocks);
	free(c->offs);
	for (size_t i = 0; i < c->nunits; i++) {
		dd_free_lines(c->units[i]);
		if (c->units[i]->cu_die != NULL)
			dwarf_dealloc_die(c->units[i]->cu_die);
		free(c->units[i]->label);
		hd_buf_free(&c->units[i]->text);
		free(c->units[i]);
	}
	free(c->units);
}
