/* Atomics. The work-items of a wavefront run one after the other inside an
 * instruction, lane 0 first, so every read-modify-write is indivisible and
 * the order is the same on every run; scope and memory semantics need no
 * more than that here. */
#include <string.h>

#include "ops.h"

int x_atomic(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	uint32_t op = in->op->arg;
	int store = op == XA_ATOMIC_STORE || op == XA_ATOMIC_FLAG_CLEAR;
	uint32_t ptr_id = in->w[store ? 1 : 3];
	const hd_xtype *pt = hd_x_val_type(r, ptr_id), *t;
	const uint8_t *p = hd_x_val(r, l, ptr_id);
	uint8_t *res = store ? NULL : hd_x_val(r, l, in->w[2]);
	uint8_t old[8] = { 0 }, nv[8] = { 0 };
	uint64_t addr, o, v = 0, out;
	const uint8_t *val = NULL;

	t = pt != NULL && pt->kind == XT_POINTER ? hd_x_type(r->x, pt->elem) : NULL;
	if (p == NULL || t == NULL || t->size > 8 || (!store && res == NULL))
		return hd_x_unsupported(r, "%s on a pointer it cannot read", hd_x_opname(in->opcode));
	/* the old value goes into the result, whose type must be the pointee's
	 * (SPIR-V 1.6, "Atomic Instructions"); a narrower result has no room for it
	 * (found by fuzz_exec) */
	if (!store && op != XA_ATOMIC_FLAG_SET && in->bytes != t->size)
		return hd_x_unsupported(r, "%s whose result type is not its pointer's pointee",
		                        hd_x_opname(in->opcode));
	addr = hd_x_get_u(p, pt->size);
	if (hd_x_load(r, l, pt->storage, addr, old, t->size) != 0)
		return -1;
	o = hd_x_get_u(old, t->size);
	/* the value operand: after pointer, scope and semantics (two semantics
	 * for compare-exchange) */
	if (op == XA_ATOMIC_STORE)
		val = in->nwords > 4 ? hd_x_val(r, l, in->w[4]) : NULL;
	else if (op == XA_ATOMIC_CMPXCHG)
		val = in->nwords > 7 ? hd_x_val(r, l, in->w[7]) : NULL;
	else if (op != XA_ATOMIC_LOAD && op != XA_ATOMIC_INC && op != XA_ATOMIC_DEC &&
	         op != XA_ATOMIC_FLAG_SET && op != XA_ATOMIC_FLAG_CLEAR)
		val = in->nwords > 6 ? hd_x_val(r, l, in->w[6]) : NULL;
	if (val != NULL)
		v = hd_x_get_u(val, t->size);
	else if (op != XA_ATOMIC_LOAD && op != XA_ATOMIC_INC && op != XA_ATOMIC_DEC &&
	         op != XA_ATOMIC_FLAG_SET && op != XA_ATOMIC_FLAG_CLEAR)
		return hd_x_unsupported(r, "%s of a value it cannot read", hd_x_opname(in->opcode));
	switch (op) {
	case XA_ATOMIC_LOAD: out = o; break;
	case XA_ATOMIC_STORE: case XA_ATOMIC_EXCHANGE: out = v; break;
	case XA_ATOMIC_CMPXCHG: {
		const uint8_t *cmpv = in->nwords > 8 ? hd_x_val(r, l, in->w[8]) : NULL;
		if (cmpv == NULL)
			return hd_x_unsupported(r, "%s of a value it cannot read",
			                        hd_x_opname(in->opcode));
		out = o == hd_x_get_u(cmpv, t->size) ? v : o;
		break;
	}
	case XA_ATOMIC_INC: hd_x_int_op(XA_IADD, t->size * 8u, o, 1, &out); break;
	case XA_ATOMIC_DEC: hd_x_int_op(XA_ISUB, t->size * 8u, o, 1, &out); break;
	case XA_ATOMIC_FLAG_SET: out = 1; break;
	case XA_ATOMIC_FLAG_CLEAR: out = 0; break;
	default: hd_x_int_op(op, t->size * 8u, o, v, &out); break;
	}
	if (op != XA_ATOMIC_LOAD) {
		hd_x_put_u(nv, t->size, out);
		if (hd_x_store(r, l, pt->storage, addr, nv, t->size) != 0)
			return -1;
	}
	if (res != NULL) {
		if (op == XA_ATOMIC_FLAG_SET)
			res[0] = o != 0;
		else
			memcpy(res, old, t->size);
	}
	return 0;
}
