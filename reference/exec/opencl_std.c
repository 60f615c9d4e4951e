/* OpenCL.std, the extended instruction set of OpenCL C's built-in
 * functions (the OpenCL Extended Instruction Set Specification; SPIRV-Headers
 * OpenCL.std.h for the numbers). One table (opencl_std.def) maps each
 * instruction onto a family of operand shapes (opencl_std.h) and a
 * function; this file runs the component-wise families over scalars and
 * vectors, the other families' functions run their instruction. */
#include <spirv/unified1/OpenCL.std.h>
#include <string.h>

#include "opencl_std.h"

#define XS_MAX_COMPONENTS 16   /* the widest OpenCL vector */

#define XS_FN_F1(f)  .f1 = f
#define XS_FN_F2(f)  .f2 = f
#define XS_FN_F3(f)  .f3 = f
#define XS_FN_F2W(f) .f2w = f
#define XS_FN_F3W(f) .f3w = f
#define XS_FN_FI(f)  .fi = f
#define XS_FN_IF(f)  .fif = f
#define XS_FN_FP1(f) .fp = f
#define XS_FN_FP2(f) .fp = f
#define XS_FN_I1(f)  .i = f
#define XS_FN_I2(f)  .i = f
#define XS_FN_I3(f)  .i = f
#define XS_FN_SEL(f) .i = f
#define XS_FN_G1(f)  .g = f
#define XS_FN_G2(f)  .g = f
#define XS_FN_SP(f)  .sp = f

static const xs_row rows[] = {
#define Y(name, fam, fn) { OpenCLstd_##name, fam, #name, { XS_FN_##fam(fn) } },
#include "opencl_std.def"
#undef Y
};

static const xs_row *row_of(uint32_t opcode)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].opcode == opcode)
			return &rows[i];
	return NULL;
}

/* Value operands before the result (a pointer operand comes after them). */
static unsigned arity(xs_family f)
{
	switch (f) {
	case F1: case IF: case FP1: case I1: case G1:
		return 1;
	case F3: case F3W: case I3: case SEL:
		return 3;
	default:
		return 2;
	}
}

double xs_round_to(double v, unsigned bits)
{
	uint8_t b[8];

	hd_x_put_f(b, bits, v);
	return hd_x_get_f(b, bits);
}

int xs_operand(hd_xrun *r, hd_xlane *l, const xs_row *row, uint32_t id,
               const hd_xtype **scalar, uint32_t *count, const uint8_t **bytes)
{
	*scalar = hd_x_scalar(r->x, hd_x_val_type(r, id), count);
	*bytes = hd_x_val(r, l, id);
	if (*scalar == NULL || *bytes == NULL || *count > XS_MAX_COMPONENTS ||
	    ((*scalar)->kind != XT_INT && (*scalar)->kind != XT_FLOAT) ||
	    (*scalar)->width == 0 || (*scalar)->width > 64)
		return hd_x_unsupported(r, "OpenCL.std %s of operands it cannot read", row->name);
	return 0;
}

double xs_comp_f(const hd_xtype *s, const uint8_t *bytes, uint32_t i)
{
	const uint8_t *p = bytes + i * s->size;
	return s->kind == XT_FLOAT ? hd_x_get_f(p, s->width)
	                           : (double)hd_x_get_s(p, s->size);
}

/* The operands of one component. */
typedef struct xs_args {
	double f[3];
	uint64_t u[3];
	int64_t s[3];
} xs_args;

/* One component of a component-wise family; the result is float bits or
 * an integer in *fo / *uo, whichever the family makes; *out is the value
 * for the pointer operand. */
static void component(const xs_row *row, const xs_args *a, unsigned rbits, unsigned ibits,
                      unsigned cbits, uint32_t n, double *fo, uint64_t *uo, double *out)
{
	switch (row->fam) {
	case F1: *fo = row->fn.f1(a->f[0]); break;
	case F2: *fo = row->fn.f2(a->f[0], a->f[1]); break;
	case F3: *fo = row->fn.f3(a->f[0], a->f[1], a->f[2]); break;
	case F2W: *fo = row->fn.f2w(a->f[0], a->f[1], rbits); break;
	case F3W: *fo = row->fn.f3w(a->f[0], a->f[1], a->f[2], rbits); break;
	case FI: *fo = row->fn.fi(a->f[0], a->s[1]); break;
	case IF: *uo = (uint64_t)row->fn.fif(a->f[0]); break;
	case FP1: case FP2: *fo = row->fn.fp(a->f[0], a->f[1], rbits, out); break;
	case I1: case I2: case I3: *uo = row->fn.i(a->u[0], a->u[1], a->u[2], ibits); break;
	case SEL: {
		/* a scalar condition is true when not zero, a vector's component
		 * when its most significant bit is set (OpenCL C 6.13.6) */
		uint64_t c = n == 1 ? a->u[2] != 0 : (a->u[2] >> (cbits - 1)) & 1;
		*uo = row->fn.i(a->u[0], a->u[1], c, ibits);
		break;
	}
	default: break;
	}
}

/* The pointer operand's component type, for the second results of FP1/FP2. */
static const hd_xtype *out_type(hd_xrun *r, uint32_t ptr_id, uint32_t *storage,
                                uint64_t *addr, hd_xlane *l)
{
	const hd_xtype *pt = hd_x_val_type(r, ptr_id), *s;
	const uint8_t *pv = hd_x_val(r, l, ptr_id);
	uint32_t n;

	if (pt == NULL || pt->kind != XT_POINTER || pv == NULL)
		return NULL;
	s = hd_x_scalar(r->x, hd_x_type(r->x, pt->elem), &n);
	if (s == NULL || (s->kind != XT_INT && s->kind != XT_FLOAT))
		return NULL;
	*storage = pt->storage;
	*addr = hd_x_get_u(pv, pt->size);
	return s;
}

/* Component-wise: operands after the set and instruction words (w[5...]);
 * a scalar operand of a vector instruction stands for every component. */
static int run_row(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	const hd_exec *x = r->x;
	const hd_xtype *s[3], *rt, *ot = NULL;
	const uint8_t *v[3];
	uint8_t *res = hd_x_val(r, l, in->w[2]), second[XS_MAX_COMPONENTS * 8];
	uint32_t n, nk[3], k, ops = arity(row->fam), storage = 0;
	int has_out = row->fam == FP1 || row->fam == FP2;
	uint64_t addr = 0;

	rt = hd_x_scalar(x, hd_x_type(x, in->w[1]), &n);
	if (rt == NULL || res == NULL || in->nwords < 5 + ops + has_out || n > XS_MAX_COMPONENTS ||
	    (rt->kind != XT_INT && rt->kind != XT_FLOAT))
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	for (k = 0; k < ops; k++) {
		if (xs_operand(r, l, row, in->w[5 + k], &s[k], &nk[k], &v[k]) != 0)
			return -1;
		if (nk[k] != n && nk[k] != 1)
			return hd_x_unsupported(r, "OpenCL.std %s of operands it cannot read",
			                        row->name);
	}
	if (has_out && (ot = out_type(r, in->w[5 + ops], &storage, &addr, l)) == NULL)
		return hd_x_unsupported(r, "OpenCL.std %s through a pointer it cannot write",
		                        row->name);
	for (uint32_t i = 0; i < n; i++) {
		xs_args a = { { 0 }, { 0 }, { 0 } };
		double fo = 0, out = 0;
		uint64_t uo = 0;
		uint8_t *o = res + i * rt->size;
		for (k = 0; k < ops; k++) {
			const uint8_t *p = v[k] + (nk[k] == 1 ? 0 : i) * s[k]->size;
			if (s[k]->kind == XT_FLOAT)
				a.f[k] = hd_x_get_f(p, s[k]->width);
			a.u[k] = hd_x_get_u(p, s[k]->size);
			a.s[k] = hd_x_get_s(p, s[k]->size);
		}
		component(row, &a, rt->width, s[0]->width, s[ops - 1]->width, n, &fo, &uo, &out);
		if (rt->kind == XT_FLOAT && row->fam != I1 && row->fam != I2 && row->fam != I3 &&
		    row->fam != SEL)
			hd_x_put_f(o, rt->width, fo);
		else
			hd_x_put_u(o, rt->size, uo);
		if (ot != NULL && ot->kind == XT_FLOAT)
			hd_x_put_f(second + i * ot->size, ot->width, out);
		else if (ot != NULL)
			hd_x_put_u(second + i * ot->size, ot->size, (uint64_t)(int64_t)out);
	}
	if (ot != NULL)
		return hd_x_store(r, l, storage, addr, second, n * ot->size);
	return 0;
}

/* Geometric functions: whole float vectors in, a vector or a scalar out. */
static int run_geometric(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	const hd_xtype *s[2], *rt;
	const uint8_t *v[2];
	uint32_t n, nk[2], ops = arity(row->fam);
	double a[2][XS_MAX_COMPONENTS] = { { 0 } }, out[XS_MAX_COMPONENTS] = { 0 };
	uint8_t *res = hd_x_val(r, l, in->w[2]);

	rt = hd_x_scalar(r->x, hd_x_type(r->x, in->w[1]), &n);
	if (rt == NULL || res == NULL || rt->kind != XT_FLOAT || in->nwords < 5 + ops)
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	for (uint32_t k = 0; k < ops; k++) {
		if (xs_operand(r, l, row, in->w[5 + k], &s[k], &nk[k], &v[k]) != 0)
			return -1;
		if (nk[k] != nk[0] || s[k]->kind != XT_FLOAT ||
		    (row->opcode == OpenCLstd_Cross && nk[k] != 3 && nk[k] != 4))
			return hd_x_unsupported(r, "OpenCL.std %s of operands it cannot read",
			                        row->name);
		for (uint32_t i = 0; i < nk[k]; i++)
			a[k][i] = xs_comp_f(s[k], v[k], i);
	}
	row->fn.g(a[0], a[1], nk[0], out);
	for (uint32_t i = 0; i < n; i++)
		hd_x_put_f(res + i * rt->size, rt->width, out[i]);
	return 0;
}

int x_ext_inst(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_exec *x = r->x;
	uint32_t set = in->nwords >= 5 ? in->w[3] : 0;
	const xs_row *row;

	if (in->nwords < 5 || set >= x->nids || x->ids[set].what != XID_EXTSET ||
	    x->ids[set].index != XSET_OPENCL_STD)
		return hd_x_unsupported(r, "OpExtInst of a set other than OpenCL.std");
	row = row_of(in->w[4]);
	if (row == NULL)
		return hd_x_unsupported(r, "OpenCL.std %u", in->w[4]);
	if (row->opcode < 1024)
		r->x->executed_std[row->opcode >> 3] |= (uint8_t)(1u << (row->opcode & 7));
	switch (row->fam) {
	case SP:
		return row->fn.sp(r, l, in, row);
	case G1: case G2:
		return run_geometric(r, l, in, row);
	default:
		return run_row(r, l, in, row);
	}
}

/* The table, for the coverage map and the docs. */
uint32_t hd_exec_nstd(void)
{
	return (uint32_t)(sizeof rows / sizeof rows[0]);
}

uint32_t hd_exec_std_at(uint32_t i, const char **name)
{
	if (i >= hd_exec_nstd())
		return UINT32_MAX;
	if (name != NULL)
		*name = rows[i].name;
	return rows[i].opcode;
}
