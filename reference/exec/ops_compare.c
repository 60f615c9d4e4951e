/* Comparisons, logic and select. A boolean is one byte, 0 or 1, and a
 * vector of booleans one byte per component. */
#include <math.h>
#include <string.h>

#include "ops.h"

/* Result (a bool or bool vector) and two operands of equal component count. */
typedef struct cmp {
	const hd_xtype *s;      /* operand scalar type */
	const uint8_t *a, *b;
	uint8_t *res;
	uint32_t n;
} cmp;

/* The second operand, when there is one, must be as wide as the first: its
 * components are read at the first's size (found by fuzz_exec, as was a
 * comparison too short to have its first operand). */
static int read_cmp(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, uint32_t nops, cmp *c)
{
	uint32_t n, nb = 0;
	const hd_xtype *rt, *sb = NULL;

	if (in->nwords < 4)
		return hd_x_unsupported(r, "%s with no operand", hd_x_opname(in->opcode));
	rt = hd_x_scalar(r->x, hd_x_type(r->x, in->w[1]), &n);
	c->s = hd_x_scalar(r->x, hd_x_val_type(r, in->w[3]), &c->n);
	c->a = hd_x_val(r, l, in->w[3]);
	c->b = c->a;
	if (nops > 1 && in->nwords > 4) {
		sb = hd_x_scalar(r->x, hd_x_val_type(r, in->w[4]), &nb);
		c->b = hd_x_val(r, l, in->w[4]);
	}
	c->res = hd_x_val(r, l, in->w[2]);
	if (rt == NULL || c->s == NULL || c->a == NULL || c->b == NULL || c->res == NULL ||
	    n != c->n || (sb != NULL && (sb->size != c->s->size || nb != c->n)))
		return hd_x_unsupported(r, "%s of operands it cannot read", hd_x_opname(in->opcode));
	return 0;
}

/* A float comparison's operands must be floats (SPIR-V 1.6, "Relational and
 * Logical Instructions"); an integer's bits are no float's. */
static int read_float_cmp(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, uint32_t nops, cmp *c)
{
	if (read_cmp(r, l, in, nops, c) != 0)
		return -1;
	if (c->s->kind != XT_FLOAT)
		return hd_x_unsupported(r, "%s of operands that are not floats",
		                        hd_x_opname(in->opcode));
	return 0;
}

static int int_cmp(uint32_t op, uint64_t a, uint64_t b, int64_t sa, int64_t sb)
{
	switch (op) {
	case XA_EQ: return a == b;
	case XA_NE: return a != b;
	case XA_UGT: return a > b;
	case XA_SGT: return sa > sb;
	case XA_UGE: return a >= b;
	case XA_SGE: return sa >= sb;
	case XA_ULT: return a < b;
	case XA_SLT: return sa < sb;
	case XA_ULE: return a <= b;
	default: return sa <= sb;
	}
}

int x_int_compare(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	cmp c;
	if (read_cmp(r, l, in, 2, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++) {
		const uint8_t *a = c.a + i * c.s->size, *b = c.b + i * c.s->size;
		c.res[i] = (uint8_t)int_cmp(in->op->arg, hd_x_get_u(a, c.s->size),
		                            hd_x_get_u(b, c.s->size), hd_x_get_s(a, c.s->size),
		                            hd_x_get_s(b, c.s->size));
	}
	return 0;
}

/* Ordered forms are false when either operand is NaN, unordered ones true
 * (SPIR-V 1.6, 3.52.15). */
int x_float_compare(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	uint32_t op = in->op->arg & ~XA_UNORD;
	int unord = (in->op->arg & XA_UNORD) != 0;
	cmp c;

	if (read_float_cmp(r, l, in, 2, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++) {
		double a = hd_x_get_f(c.a + i * c.s->size, c.s->width);
		double b = hd_x_get_f(c.b + i * c.s->size, c.s->width);
		int v;
		if (isnan(a) || isnan(b)) {
			v = unord;
		} else {
			switch (op) {
			case XA_EQ: v = a == b; break;
			case XA_NE: v = a != b; break;
			case XA_SLT: v = a < b; break;
			case XA_SGT: v = a > b; break;
			case XA_SLE: v = a <= b; break;
			case XA_SGE: v = a >= b; break;
			default: v = !unord; break;  /* OpOrdered, OpUnordered */
			}
		}
		c.res[i] = (uint8_t)v;
	}
	return 0;
}

int x_float_class(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	cmp c;
	if (read_float_cmp(r, l, in, 1, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++) {
		double a = hd_x_get_f(c.a + i * c.s->size, c.s->width);
		int v;
		switch (in->op->arg) {
		case XA_IS_NAN: v = isnan(a) != 0; break;
		case XA_IS_INF: v = isinf(a) != 0; break;
		case XA_IS_FINITE: v = isfinite(a) != 0; break;
		case XA_IS_NORMAL:
			/* normal at the operand's own precision, not double's */
			v = isfinite(a) && a != 0 &&
			    fabs(a) >= (c.s->width == 16 ? 0x1p-14 : c.s->width == 32 ? 0x1p-126
			                                                             : 0x1p-1022);
			break;
		default: v = signbit(a) != 0; break;
		}
		c.res[i] = (uint8_t)v;
	}
	return 0;
}

int x_logical(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	cmp c;
	if (read_cmp(r, l, in, in->op->arg == XA_NOT ? 1 : 2, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++) {
		int a = c.a[i] != 0, b = c.b[i] != 0, v;
		switch (in->op->arg) {
		case XA_EQ: v = a == b; break;
		case XA_NE: v = a != b; break;
		case XA_OR: v = a || b; break;
		case XA_AND: v = a && b; break;
		default: v = !a; break;
		}
		c.res[i] = (uint8_t)v;
	}
	return 0;
}

int x_any_all(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *t = hd_x_val_type(r, in->w[3]);
	const uint8_t *v = hd_x_val(r, l, in->w[3]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t n;
	int all = in->op->arg == 1, acc = all;

	if (hd_x_scalar(r->x, t, &n) == NULL || v == NULL || res == NULL)
		return hd_x_unsupported(r, "%s of a vector it cannot read", hd_x_opname(in->opcode));
	for (uint32_t i = 0; i < n; i++)
		acc = all ? acc && v[i] : acc || v[i];
	res[0] = (uint8_t)acc;
	return 0;
}

/* A scalar condition picks a whole object; a vector one picks component by
 * component (SPIR-V 1.6, OpSelect). */
int x_select(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *rt = hd_x_type(r->x, in->w[1]), *ct = hd_x_val_type(r, in->w[3]), *s;
	const uint8_t *cond = hd_x_val(r, l, in->w[3]), *a = hd_x_val(r, l, in->w[4]);
	const uint8_t *b = hd_x_val(r, l, in->w[5]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t n;

	if (rt == NULL || ct == NULL || cond == NULL || a == NULL || b == NULL || res == NULL)
		return hd_x_unsupported(r, "OpSelect of operands it cannot read");
	if (ct->kind != XT_VECTOR) {
		memmove(res, cond[0] ? a : b, rt->size);
		return 0;
	}
	s = hd_x_scalar(r->x, rt, &n);
	for (uint32_t i = 0; i < n && s != NULL; i++)
		memmove(res + i * s->size, (cond[i] ? a : b) + i * s->size, s->size);
	return 0;
}
