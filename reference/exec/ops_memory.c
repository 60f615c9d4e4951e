/* Memory and pointers. A pointer value is an address in the memory its
 * storage class names (memory.c); access chains add the byte offsets of the
 * OpenCL C layout (prepare.c), and generic pointers carry their memory's
 * aperture. */
#include <string.h>

#include "ops.h"

static const hd_xtype *pointee(hd_xrun *r, uint32_t ptr_id)
{
	const hd_xtype *t = hd_x_val_type(r, ptr_id);
	return t != NULL && t->kind == XT_POINTER ? hd_x_type(r->x, t->elem) : NULL;
}

int x_variable(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *pt = hd_x_type(r->x, in->w[1]);
	const hd_xtype *vt = pt != NULL ? hd_x_type(r->x, pt->elem) : NULL;
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint64_t addr;

	if (vt == NULL || res == NULL || in->w[3] != SpvStorageClassFunction)
		return hd_x_unsupported(r, "OpVariable of a type or storage class it cannot hold");
	if (hd_x_alloc(r->x, &l->priv, vt->size, vt->align, &addr, r->st) != 0)
		return -1;
	if (in->nwords >= 5) {
		const uint8_t *init = hd_x_val(r, l, in->w[4]);
		hd_xregion *g = &l->priv.r[l->priv.n - 1];
		if (init != NULL) {
			memcpy(g->bytes, init, vt->size);
			memset(g->set, 1, vt->size);
		}
	}
	hd_x_put_u(res, pt->size, addr);
	return 0;
}

int x_load(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *t = hd_x_type(r->x, in->w[1]), *pt = hd_x_val_type(r, in->w[3]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	const uint8_t *p = hd_x_val(r, l, in->w[3]);

	if (t == NULL || res == NULL || p == NULL || pt == NULL)
		return hd_x_unsupported(r, "OpLoad of a type it cannot hold");
	return hd_x_load(r, l, pt->storage, hd_x_get_u(p, pt->size), res, t->size);
}

int x_store(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *pt = hd_x_val_type(r, in->w[1]), *t = hd_x_val_type(r, in->w[2]);
	const uint8_t *p = hd_x_val(r, l, in->w[1]), *v = hd_x_val(r, l, in->w[2]);

	if (t == NULL || v == NULL || p == NULL || pt == NULL)
		return hd_x_unsupported(r, "OpStore of a value it cannot read");
	return hd_x_store(r, l, pt->storage, hd_x_get_u(p, pt->size), v, t->size);
}

int x_copy_memory(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *dt = hd_x_val_type(r, in->w[1]), *st = hd_x_val_type(r, in->w[2]);
	const uint8_t *d = hd_x_val(r, l, in->w[1]), *s = hd_x_val(r, l, in->w[2]);
	uint8_t buf[4096];
	uint64_t n, done = 0;

	if (d == NULL || s == NULL || dt == NULL || st == NULL)
		return hd_x_unsupported(r, "%s of pointers it cannot read", hd_x_opname(in->opcode));
	if (in->op->arg) {
		const hd_xtype *nt = hd_x_val_type(r, in->w[3]);
		const uint8_t *nv = hd_x_val(r, l, in->w[3]);
		if (nt == NULL || nv == NULL)
			return hd_x_unsupported(r, "OpCopyMemorySized of a size it cannot read");
		n = hd_x_get_u(nv, nt->size);
	} else {
		const hd_xtype *e = pointee(r, in->w[1]);
		n = e != NULL ? e->size : 0;
	}
	/* in pieces, so a large copy needs no large buffer */
	while (done < n) {
		uint32_t k = n - done > sizeof buf ? (uint32_t)sizeof buf : (uint32_t)(n - done);
		if (hd_x_load(r, l, st->storage, hd_x_get_u(s, st->size) + done, buf, k) != 0 ||
		    hd_x_store(r, l, dt->storage, hd_x_get_u(d, dt->size) + done, buf, k) != 0)
			return -1;
		done += k;
	}
	return 0;
}

static int read_index(hd_xrun *r, hd_xlane *l, uint32_t id, int64_t *v)
{
	const hd_xtype *t = hd_x_val_type(r, id);
	const uint8_t *p = hd_x_val(r, l, id);
	if (t == NULL || p == NULL || t->kind != XT_INT)
		return -1;
	*v = hd_x_get_s(p, t->size);
	return 0;
}

/* OpAccessChain and its kin: the Ptr forms' first index steps over whole
 * objects of the pointee type (SPIR-V 1.6, OpPtrAccessChain). */
int x_access_chain(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *rt = hd_x_type(r->x, in->w[1]), *bt = hd_x_val_type(r, in->w[3]);
	const uint8_t *base = hd_x_val(r, l, in->w[3]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t type, k = 4;
	uint64_t addr;

	if (rt == NULL || bt == NULL || base == NULL || res == NULL || bt->kind != XT_POINTER)
		return hd_x_unsupported(r, "%s on a pointer it cannot read", hd_x_opname(in->opcode));
	addr = hd_x_get_u(base, bt->size);
	type = bt->elem;
	if (in->op->arg && k < in->nwords) {
		const hd_xtype *e = hd_x_type(r->x, type);
		int64_t i;
		if (e == NULL || read_index(r, l, in->w[k], &i) != 0)
			return hd_x_unsupported(r, "%s with an index it cannot read",
			                        hd_x_opname(in->opcode));
		addr += (uint64_t)i * e->size;
		k++;
	}
	for (; k < in->nwords; k++) {
		const hd_xtype *t = hd_x_type(r->x, type);
		uint32_t off, et;
		int64_t i;
		if (t == NULL || read_index(r, l, in->w[k], &i) != 0)
			return hd_x_unsupported(r, "%s with an index it cannot read",
			                        hd_x_opname(in->opcode));
		if (t->kind == XT_STRUCT) {
			if (hd_x_element(r->x, type, (uint64_t)i, &off, &et) != 0)
				return hd_x_trap(r, l, "%s: member %lld of a struct of %u",
				                 hd_x_opname(in->opcode), (long long)i, t->count);
			addr += off;
		} else if (t->kind == XT_ARRAY || t->kind == XT_VECTOR) {
			const hd_xtype *e = hd_x_type(r->x, t->elem);
			if (e == NULL)
				return hd_x_unsupported(r, "%s into an element type it cannot lay out",
				                        hd_x_opname(in->opcode));
			/* an index past the end is not an error until memory is
			 * touched: OpenCL C allows pointing one past the end */
			addr += (uint64_t)i * e->size;
			et = t->elem;
		} else {
			return hd_x_trap(r, l, "%s indexes into a scalar", hd_x_opname(in->opcode));
		}
		type = et;
	}
	hd_x_put_u(res, rt->size, addr);
	return 0;
}

static uint64_t aperture(uint32_t storage)
{
	if (storage == SpvStorageClassWorkgroup)
		return HD_EXEC_LOCAL_APERTURE;
	if (storage == SpvStorageClassFunction || storage == SpvStorageClassPrivate ||
	    storage == SpvStorageClassInput)
		return HD_EXEC_PRIVATE_APERTURE;
	return 0;
}

/* To generic adds the memory's aperture; from generic takes it off, and the
 * explicit form gives null when the pointer is in another memory (OpenCL C
 * 6.13.9, to_global and its kin). */
int x_ptr_cast(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *rt = hd_x_type(r->x, in->w[1]), *st = hd_x_val_type(r, in->w[3]);
	const uint8_t *p = hd_x_val(r, l, in->w[3]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint64_t v, out;

	if (rt == NULL || st == NULL || p == NULL || res == NULL || rt->kind != XT_POINTER ||
	    st->kind != XT_POINTER)
		return hd_x_unsupported(r, "%s of a pointer it cannot read", hd_x_opname(in->opcode));
	v = hd_x_get_u(p, st->size);
	if (in->op->arg == 0) {
		out = v == 0 ? 0 : v + aperture(st->storage);
	} else {
		hd_exec_space have, want;
		uint64_t addr, unused;
		hd_exec_resolve(SpvStorageClassGeneric, v, &have, &addr);
		if (hd_exec_resolve(rt->storage, 0, &want, &unused) != 0)
			return hd_x_unsupported(r, "%s to storage class %u", hd_x_opname(in->opcode),
			                        rt->storage);
		out = v == 0 || have != want ? 0 : addr;
	}
	hd_x_put_u(res, rt->size, out);
	return 0;
}

int x_ptr_compare(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *rt = hd_x_type(r->x, in->w[1]), *at = hd_x_val_type(r, in->w[3]);
	const uint8_t *a = hd_x_val(r, l, in->w[3]), *b = hd_x_val(r, l, in->w[4]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint64_t va, vb;

	if (rt == NULL || at == NULL || a == NULL || b == NULL || res == NULL || in->nwords < 5)
		return hd_x_unsupported(r, "%s of pointers it cannot read", hd_x_opname(in->opcode));
	va = hd_x_get_u(a, at->size);
	vb = hd_x_get_u(b, at->size);
	if (in->op->arg == 0 || in->op->arg == 1) {
		res[0] = (uint8_t)((va == vb) ^ (in->op->arg == 1));
	} else {
		const hd_xtype *e = pointee(r, in->w[3]);
		uint64_t size = e != NULL && e->size > 0 ? e->size : 1;
		hd_x_put_u(res, rt->size, (uint64_t)((int64_t)(va - vb) / (int64_t)size));
	}
	return 0;
}
