/* Functions a module calls but does not define. clang lowers OpenCL C 2.0's
 * atomic_load, atomic_store and atomic_fetch_* on some types to calls of
 * __opencl_atomic_OP_N (N the size in bytes, the object through a generic
 * pointer, then the value, the memory order and the scope), which
 * llvm-spirv leaves as imports for the runtime to supply. The interpreter
 * supplies the ones it knows, with the C11 meaning their names give
 * (OpenCL C 6.13.11); any other import is "unsupported". */
#include <stdlib.h>
#include <string.h>

#include "ops.h"

typedef struct import_op {
	const char *name;   /* after "__opencl_atomic_" */
	uint32_t op;        /* XA_* */
	uint32_t nvalues;   /* value operands after the pointer */
} import_op;

static const import_op ops[] = {
	{ "load", XA_ATOMIC_LOAD, 0 },
	{ "store", XA_ATOMIC_STORE, 1 },
	{ "exchange", XA_ATOMIC_EXCHANGE, 1 },
	{ "fetch_add", XA_IADD, 1 },
	{ "fetch_sub", XA_ISUB, 1 },
	{ "fetch_and", XA_AND, 1 },
	{ "fetch_or", XA_OR, 1 },
	{ "fetch_xor", XA_XOR, 1 },
};

#define PREFIX "__opencl_atomic_"

static const import_op *atomic_of(const char *name, unsigned *size)
{
	size_t plen = sizeof PREFIX - 1;

	if (name == NULL || strncmp(name, PREFIX, plen) != 0)
		return NULL;
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		size_t n = strlen(ops[i].name);
		const char *rest = name + plen + n;
		if (strncmp(name + plen, ops[i].name, n) == 0 && rest[0] == '_' &&
		    (strcmp(rest + 1, "4") == 0 || strcmp(rest + 1, "8") == 0)) {
			*size = (unsigned)atoi(rest + 1);
			return &ops[i];
		}
	}
	return NULL;
}

int hd_x_import(hd_xrun *r, hd_xlane *l, uint32_t function, const uint32_t *args,
                uint32_t nargs, uint32_t ret_id)
{
	const char *name = r->x->funcs[function].name;
	const import_op *op;
	unsigned size = 0;
	const hd_xtype *pt;
	const uint8_t *p, *v = NULL;
	uint8_t old[8] = { 0 }, nv[8] = { 0 };
	uint64_t addr, o, out;

	op = atomic_of(name, &size);
	if (op == NULL)
		return hd_x_unsupported(r, "a call of %s, a function with no body",
		                        name != NULL ? name : "an unnamed function");
	if (nargs < 1 + op->nvalues || (pt = hd_x_val_type(r, args[0])) == NULL ||
	    pt->kind != XT_POINTER || (p = hd_x_val(r, l, args[0])) == NULL ||
	    (op->nvalues > 0 && (v = hd_x_val(r, l, args[1])) == NULL))
		return hd_x_unsupported(r, "a call of %s with operands it cannot read", name);
	addr = hd_x_get_u(p, pt->size);
	if (hd_x_load(r, l, pt->storage, addr, old, size) != 0)
		return -1;
	o = hd_x_get_u(old, size);
	switch (op->op) {
	case XA_ATOMIC_LOAD: out = o; break;
	case XA_ATOMIC_STORE: case XA_ATOMIC_EXCHANGE: out = hd_x_get_u(v, size); break;
	default: hd_x_int_op(op->op, size * 8, o, hd_x_get_u(v, size), &out); break;
	}
	if (op->op != XA_ATOMIC_LOAD) {
		hd_x_put_u(nv, size, out);
		if (hd_x_store(r, l, pt->storage, addr, nv, size) != 0)
			return -1;
	}
	if (ret_id != 0 && op->op != XA_ATOMIC_STORE) {
		uint8_t *res = hd_x_val(r, l, ret_id);
		if (res != NULL)
			memcpy(res, old, size);
	}
	return 0;
}
