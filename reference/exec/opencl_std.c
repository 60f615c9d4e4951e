/* OpenCL.std, the extended instruction set of OpenCL C's built-in
 * functions (the OpenCL Extended Instruction Set Specification; SPIRV-Headers
 * OpenCL.std.h for the numbers). One table (opencl_std.def) maps each
 * instruction onto a family of operand shapes and a function for one
 * component; the families run it over scalars and vectors. */
#include <math.h>
#include <spirv/unified1/OpenCL.std.h>
#include <string.h>

#include "ops.h"

typedef enum family { F1, F2, F3, I1, I2 } family;

typedef struct std_row {
	uint32_t opcode;
	family fam;
	const char *name;
	double (*f1)(double);
	double (*f2)(double, double);
	double (*f3)(double, double, double);
	uint64_t (*i1)(uint64_t, int64_t, unsigned);
	uint64_t (*i2)(uint64_t, uint64_t, int64_t, int64_t, unsigned);
} std_row;

/* mad may be computed as a·b + c with any rounding (OpenCL C 6.13.2): the
 * interpreter rounds once, as fma does. */
static double x_mad(double a, double b, double c)
{
	return fma(a, b, c);
}

static uint64_t x_smin(uint64_t a, uint64_t b, int64_t sa, int64_t sb, unsigned bits)
{
	(void)bits;
	return sa < sb ? a : b;
}

static uint64_t x_umin(uint64_t a, uint64_t b, int64_t sa, int64_t sb, unsigned bits)
{
	(void)sa, (void)sb, (void)bits;
	return a < b ? a : b;
}

static uint64_t x_smax(uint64_t a, uint64_t b, int64_t sa, int64_t sb, unsigned bits)
{
	(void)bits;
	return sa > sb ? a : b;
}

static uint64_t x_umax(uint64_t a, uint64_t b, int64_t sa, int64_t sb, unsigned bits)
{
	(void)sa, (void)sb, (void)bits;
	return a > b ? a : b;
}

/* abs of a signed integer is its magnitude as the unsigned type */
static uint64_t x_sabs(uint64_t a, int64_t sa, unsigned bits)
{
	(void)a, (void)bits;
	return sa < 0 ? (uint64_t)0 - (uint64_t)sa : (uint64_t)sa;
}

#define F1_ROW(f) f, NULL, NULL, NULL, NULL
#define F2_ROW(f) NULL, f, NULL, NULL, NULL
#define F3_ROW(f) NULL, NULL, f, NULL, NULL
#define I1_ROW(f) NULL, NULL, NULL, f, NULL
#define I2_ROW(f) NULL, NULL, NULL, NULL, f

static const std_row rows[] = {
#define Y(name, fam, fn) { OpenCLstd_##name, fam, #name, fam##_ROW(fn) },
#include "opencl_std.def"
#undef Y
};

static const std_row *row_of(uint32_t opcode)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].opcode == opcode)
			return &rows[i];
	return NULL;
}

static unsigned arity(family f)
{
	return f == F1 || f == I1 ? 1 : f == F2 || f == I2 ? 2 : 3;
}

/* Component-wise: operands after the set and instruction words (w[5...]);
 * a scalar operand of a vector instruction stands for every component. */
static int run_row(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const std_row *row)
{
	const hd_exec *x = r->x;
	const hd_xtype *s[4], *rt;
	const uint8_t *v[4];
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t n, nk[4], k, ops = arity(row->fam);

	rt = hd_x_scalar(x, hd_x_type(x, in->w[1]), &n);
	if (rt == NULL || res == NULL || in->nwords < 5 + ops)
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	for (k = 0; k < ops; k++) {
		s[k] = hd_x_scalar(x, hd_x_val_type(r, in->w[5 + k]), &nk[k]);
		v[k] = hd_x_val(r, l, in->w[5 + k]);
		if (s[k] == NULL || v[k] == NULL || (nk[k] != n && nk[k] != 1))
			return hd_x_unsupported(r, "OpenCL.std %s of operands it cannot read",
			                        row->name);
	}
	for (uint32_t i = 0; i < n; i++) {
		double f[3] = { 0, 0, 0 };
		uint64_t u[3] = { 0, 0, 0 };
		int64_t sv[3] = { 0, 0, 0 };
		uint8_t *o = res + i * rt->size;
		for (k = 0; k < ops; k++) {
			const uint8_t *p = v[k] + (nk[k] == 1 ? 0 : i) * s[k]->size;
			if (s[k]->kind == XT_FLOAT)
				f[k] = hd_x_get_f(p, s[k]->width);
			u[k] = hd_x_get_u(p, s[k]->size);
			sv[k] = hd_x_get_s(p, s[k]->size);
		}
		switch (row->fam) {
		case F1: hd_x_put_f(o, rt->width, row->f1(f[0])); break;
		case F2: hd_x_put_f(o, rt->width, row->f2(f[0], f[1])); break;
		case F3: hd_x_put_f(o, rt->width, row->f3(f[0], f[1], f[2])); break;
		case I1: hd_x_put_u(o, rt->size, row->i1(u[0], sv[0], rt->width)); break;
		case I2: hd_x_put_u(o, rt->size, row->i2(u[0], u[1], sv[0], sv[1], rt->width)); break;
		}
	}
	return 0;
}

int x_ext_inst(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_exec *x = r->x;
	uint32_t set = in->w[3];
	const std_row *row;

	if (in->nwords < 5 || set >= x->nids || x->ids[set].what != XID_EXTSET ||
	    x->ids[set].index != XSET_OPENCL_STD)
		return hd_x_unsupported(r, "OpExtInst of a set other than OpenCL.std");
	row = row_of(in->w[4]);
	if (row == NULL)
		return hd_x_unsupported(r, "OpenCL.std %u", in->w[4]);
	return run_row(r, l, in, row);
}
