/* The interpreter's memories (docs/interpreter.md, "Memory"): global memory
 * shared by every work-item, local memory per work-group and private memory
 * per work-item. Each is a list of objects in address order; an access
 * must fall inside one object, so a program that reads past a buffer traps
 * instead of reading another object's bytes. Every object remembers which
 * of its bytes were written, which is how a watch says "unset". */
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

hd_xregion *hd_x_find(const hd_xmem *mem, uint64_t addr, uint32_t n)
{
	uint32_t lo = 0, hi = mem->n;

	/* the last object starting at or before addr */
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (mem->r[mid].base <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	hd_xregion *g = &mem->r[lo - 1];
	if (addr - g->base > g->size || n > g->size - (addr - g->base))
		return NULL;
	return g;
}

int hd_x_alloc(hd_exec *x, hd_xmem *mem, uint32_t size, uint32_t align, uint64_t *addr,
               hd_status *st)
{
	uint64_t a = align > 1 ? (mem->next + align - 1) / align * align : mem->next;
	hd_xregion *g;

	if (size == 0)
		size = 1;  /* an empty object still has an address of its own */
	if (x->mem_used + size > x->cfg.max_memory || a + size > HD_EXEC_SPACE_END)
		return hd_fail(st, HD_NO_MEMORY, "memory-limit", 0,
		               "the memory bound (%zu bytes) is reached", x->cfg.max_memory);
	if (mem->n == mem->cap) {
		uint32_t cap = mem->cap ? mem->cap * 2 : 16;
		hd_xregion *r = realloc(mem->r, cap * sizeof *r);
		if (r == NULL)
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory");
		mem->r = r;
		mem->cap = cap;
	}
	g = &mem->r[mem->n];
	g->base = a;
	g->size = size;
	g->bytes = calloc(size, 1);
	g->set = calloc(size, 1);
	if (g->bytes == NULL || g->set == NULL) {
		free(g->bytes);
		free(g->set);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory");
	}
	mem->n++;
	mem->next = a + size;
	x->mem_used += size;
	*addr = a;
	return 0;
}

void hd_x_mem_pop(hd_exec *x, hd_xmem *mem, uint32_t keep, uint64_t next)
{
	while (mem->n > keep) {
		hd_xregion *g = &mem->r[--mem->n];
		x->mem_used -= g->size;
		free(g->bytes);
		free(g->set);
	}
	mem->next = next;
}

void hd_x_mem_free(hd_xmem *mem)
{
	for (uint32_t i = 0; i < mem->n; i++) {
		free(mem->r[i].bytes);
		free(mem->r[i].set);
	}
	free(mem->r);
	memset(mem, 0, sizeof *mem);
}

/* Storage classes onto memories. A generic pointer carries its memory in
 * its high bits, through the same apertures as AMDGPU's flat addresses. */
int hd_exec_resolve(uint32_t storage, uint64_t ptr, hd_exec_space *space, uint64_t *addr)
{
	switch (storage) {
	case SpvStorageClassCrossWorkgroup:
	case SpvStorageClassUniformConstant:
		*space = HD_XS_GLOBAL;
		*addr = ptr;
		return 0;
	case SpvStorageClassWorkgroup:
		*space = HD_XS_LOCAL;
		*addr = ptr;
		return 0;
	case SpvStorageClassFunction:
	case SpvStorageClassPrivate:
	case SpvStorageClassInput:
		*space = HD_XS_PRIVATE;
		*addr = ptr;
		return 0;
	case SpvStorageClassGeneric:
		if (ptr - HD_EXEC_LOCAL_APERTURE < HD_EXEC_APERTURE_SIZE) {
			*space = HD_XS_LOCAL;
			*addr = ptr - HD_EXEC_LOCAL_APERTURE;
		} else if (ptr - HD_EXEC_PRIVATE_APERTURE < HD_EXEC_APERTURE_SIZE) {
			*space = HD_XS_PRIVATE;
			*addr = ptr - HD_EXEC_PRIVATE_APERTURE;
		} else {
			*space = HD_XS_GLOBAL;
			*addr = ptr;
		}
		return 0;
	default:
		return -1;
	}
}

hd_xmem *hd_x_space(hd_exec *x, hd_xlane *l, hd_exec_space s)
{
	switch (s) {
	case HD_XS_GLOBAL:
		return &x->global;
	case HD_XS_LOCAL:
		return &x->local;
	default:
		return l != NULL ? &l->priv : NULL;
	}
}

static const char *space_name(hd_exec_space s)
{
	return s == HD_XS_GLOBAL ? "global" : s == HD_XS_LOCAL ? "local" : "private";
}

/* The object an access of n bytes through ptr touches; traps when none. */
static hd_xregion *object_at(hd_xrun *r, hd_xlane *l, uint32_t storage, uint64_t ptr,
                          uint32_t n, uint64_t *off, const char *verb)
{
	hd_exec_space s;
	uint64_t addr;
	hd_xregion *g;

	if (hd_exec_resolve(storage, ptr, &s, &addr) != 0) {
		hd_x_unsupported(r, "memory of storage class %u", storage);
		return NULL;
	}
	g = hd_x_find(hd_x_space(r->x, l, s), addr, n);
	if (g == NULL) {
		hd_x_trap(r, l, "%s of %u bytes at %s address 0x%llx is outside every object",
		          verb, n, space_name(s), (unsigned long long)addr);
		return NULL;
	}
	*off = addr - g->base;
	return g;
}

int hd_x_load(hd_xrun *r, hd_xlane *l, uint32_t storage, uint64_t ptr, uint8_t *out,
              uint32_t n)
{
	uint64_t off;
	hd_xregion *g = object_at(r, l, storage, ptr, n, &off, "a load");
	if (g == NULL)
		return -1;
	r->x->bytes += n;
	memcpy(out, g->bytes + off, n);
	return 0;
}

int hd_x_store(hd_xrun *r, hd_xlane *l, uint32_t storage, uint64_t ptr,
               const uint8_t *in, uint32_t n)
{
	uint64_t off;
	hd_xregion *g = object_at(r, l, storage, ptr, n, &off, "a store");
	if (g == NULL)
		return -1;
	r->x->bytes += n;
	memmove(g->bytes + off, in, n);
	memset(g->set + off, 1, n);
	return 0;
}

uint32_t hd_x_storage_of(hd_xrun *r, uint32_t id)
{
	const hd_xtype *t = hd_x_val_type(r, id);
	return t != NULL && t->kind == XT_POINTER ? t->storage : SpvStorageClassGeneric;
}

int hd_exec_read(const hd_exec *x, uint32_t item, hd_exec_space space, uint64_t addr,
                 uint32_t n, uint8_t *bytes, uint8_t *set)
{
	hd_xlane *l = item < x->nlanes ? &x->lanes[item] : NULL;
	hd_xmem *mem = hd_x_space((hd_exec *)x, l, space);
	hd_xregion *g;

	if (mem == NULL || (g = hd_x_find(mem, addr, n)) == NULL)
		return -1;
	memcpy(bytes, g->bytes + (addr - g->base), n);
	if (set != NULL)
		memcpy(set, g->set + (addr - g->base), n);
	return 0;
}

void hd_exec_objects(const hd_exec *x, uint32_t item, hd_exec_space space,
                     hd_exec_object_fn fn, void *ctx)
{
	hd_xlane *l = item < x->nlanes ? &x->lanes[item] : NULL;
	const hd_xmem *mem = hd_x_space((hd_exec *)x, l, space);

	for (uint32_t i = 0; mem != NULL && i < mem->n; i++)
		fn(ctx, mem->r[i].base, mem->r[i].bytes, mem->r[i].set, mem->r[i].size);
}

/* A global buffer argument's object: the address the inputs put in the
 * kernel's argument values, and the object that starts there. */
uint32_t hd_exec_nargs(const hd_exec *x)
{
	return x->funcs != NULL ? x->funcs[x->kernel].nparams : 0;
}

int hd_exec_arg_value(const hd_exec *x, uint32_t k, const uint8_t **bytes, uint32_t *size)
{
	const hd_xfunc *kf;
	const hd_xtype *t;
	const hd_xid *d;

	if (x->funcs == NULL || x->arg_vals == NULL || k >= (kf = &x->funcs[x->kernel])->nparams)
		return -1;
	d = &x->ids[kf->params[k]];
	if (d->what != XID_LOCAL || d->function != x->kernel ||
	    (t = hd_x_type(x, d->type)) == NULL)
		return -1;
	*bytes = x->arg_vals + d->index;
	*size = t->size;
	return 0;
}

int hd_exec_arg_buffer(const hd_exec *x, uint32_t k, uint64_t *addr, uint32_t *size)
{
	const hd_xfunc *kf;
	const hd_xtype *t;
	const hd_xid *d;
	hd_xregion *g;
	uint64_t a;

	if (x->funcs == NULL || x->arg_vals == NULL || k >= (kf = &x->funcs[x->kernel])->nparams)
		return -1;
	d = &x->ids[kf->params[k]];
	t = hd_x_type(x, d->type);
	if (t == NULL || t->kind != XT_POINTER || d->what != XID_LOCAL ||
	    d->function != x->kernel ||
	    (t->storage != SpvStorageClassCrossWorkgroup &&
	     t->storage != SpvStorageClassUniformConstant &&
	     t->storage != SpvStorageClassGeneric))
		return -1;
	a = hd_x_get_u(x->arg_vals + d->index, t->size);
	g = hd_x_find(&x->global, a, 0);
	if (g == NULL || g->base != a)
		return -1;
	*addr = a;
	*size = g->size;
	return 0;
}
