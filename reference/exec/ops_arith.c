/* Integer and float arithmetic, component by component on scalars and
 * vectors. Integers are computed on 64 bits and cut to their width; floats
 * in double precision and rounded once to their width, which for +, -, ·
 * and / of float and half gives the correctly rounded result that OpenCL C
 * 7.4 asks of them. */
#include <math.h>
#include <string.h>

#include "ops.h"

static uint64_t mask(unsigned bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

static int64_t sext(uint64_t v, unsigned bits)
{
	if (bits < 64 && (v >> (bits - 1)) & 1)
		v |= ~0ull << bits;
	return (int64_t)v;
}

int hd_x_int_op(uint32_t op, unsigned bits, uint64_t a, uint64_t b, uint64_t *out)
{
	int64_t sa = sext(a & mask(bits), bits), sb = sext(b & mask(bits), bits);
	uint64_t ua = a & mask(bits), ub = b & mask(bits), v;
	unsigned sh = (unsigned)(ub & (bits - 1));  /* OpenCL C 6.3 j: the count wraps */

	switch (op) {
	case XA_IADD: v = ua + ub; break;
	case XA_ISUB: v = ua - ub; break;
	case XA_IMUL: v = ua * ub; break;
	case XA_UDIV:
	case XA_UMOD:
		if (ub == 0)
			return -1;
		v = op == XA_UDIV ? ua / ub : ua % ub;
		break;
	case XA_SDIV:
	case XA_SREM:
	case XA_SMOD:
		if (sb == 0)
			return -1;
		if (sb == -1) {  /* the most negative value over -1 overflows in C */
			v = op == XA_SDIV ? (uint64_t)0 - ua : 0;
			break;
		}
		if (op == XA_SDIV) {
			v = (uint64_t)(sa / sb);
		} else {
			int64_t rem = sa % sb;
			if (op == XA_SMOD && rem != 0 && (rem < 0) != (sb < 0))
				rem += sb;  /* OpSMod takes the divisor's sign */
			v = (uint64_t)rem;
		}
		break;
	case XA_SHR: v = ua >> sh; break;
	case XA_SAR: v = (uint64_t)(sa >> sh); break;
	case XA_SHL: v = ua << sh; break;
	case XA_OR: v = ua | ub; break;
	case XA_XOR: v = ua ^ ub; break;
	case XA_AND: v = ua & ub; break;
	case XA_ATOMIC_SMIN: v = sa < sb ? ua : ub; break;
	case XA_ATOMIC_SMAX: v = sa > sb ? ua : ub; break;
	case XA_ATOMIC_UMIN: v = ua < ub ? ua : ub; break;
	case XA_ATOMIC_UMAX: v = ua > ub ? ua : ub; break;
	default: v = 0; break;
	}
	*out = v & mask(bits);
	return 0;
}

/* The operands and result of a component-wise instruction. */
typedef struct comp {
	const hd_xtype *s[4];   /* scalar types: result, operands 1..3 */
	const uint8_t *v[4];    /* operand bytes (v[0] unused) */
	uint8_t *res;
	uint32_t n;             /* components */
	uint32_t stride[4];     /* operand components apart: 1, or 0 for a scalar
	                           operand read for every component */
} comp;

/* Reads the result and nops operands starting at word `first`; -1 (and the
 * outcome) when one cannot be read or the component counts differ, but for
 * a scalar operand, which every component reads (stride 0). */
static int operands(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, uint32_t first,
                    uint32_t nops, comp *c)
{
	const hd_exec *x = r->x;
	uint32_t n;

	c->s[0] = hd_x_scalar(x, hd_x_type(x, in->w[1]), &c->n);
	c->res = hd_x_val(r, l, in->w[2]);
	/* arithmetic needs a width: a bool or pointer here is a damaged module */
	if (c->s[0] == NULL || c->res == NULL || first + nops > in->nwords ||
	    (c->s[0]->kind != XT_INT && c->s[0]->kind != XT_FLOAT))
		return hd_x_unsupported(r, "%s of a type it cannot compute", hd_x_opname(in->opcode));
	for (uint32_t k = 1; k <= nops; k++) {
		c->s[k] = hd_x_scalar(x, hd_x_val_type(r, in->w[first + k - 1]), &n);
		c->v[k] = hd_x_val(r, l, in->w[first + k - 1]);
		if (c->s[k] == NULL || c->v[k] == NULL || (n != c->n && n != 1))
			return hd_x_unsupported(r, "%s of operands it cannot read",
			                        hd_x_opname(in->opcode));
		c->stride[k] = n == 1 ? 0 : 1;
	}
	return 0;
}

/* Component i of operand k. A scalar operand of a vector instruction (the
 * one component count operands() lets differ) is read as itself for every
 * component; reading it at i would overrun its value. */
static uint64_t get_int(const comp *c, int k, uint32_t i)
{
	return hd_x_get_u(c->v[k] + i * c->stride[k] * c->s[k]->size, c->s[k]->size);
}

static double get_float(const comp *c, int k, uint32_t i)
{
	return hd_x_get_f(c->v[k] + i * c->stride[k] * c->s[k]->size, c->s[k]->width);
}

int x_int_binary(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	comp c;
	if (operands(r, l, in, 3, 2, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++) {
		uint64_t v;
		if (hd_x_int_op(in->op->arg, c.s[0]->width, get_int(&c, 1, i), get_int(&c, 2, i),
		                &v) != 0)
			return hd_x_trap(r, l, "%s: division by zero", hd_x_opname(in->opcode));
		hd_x_put_u(c.res + i * c.s[0]->size, c.s[0]->size, v);
	}
	return 0;
}

static uint64_t bit_reverse(uint64_t v, unsigned bits)
{
	uint64_t out = 0;
	for (unsigned i = 0; i < bits; i++)
		out |= ((v >> i) & 1) << (bits - 1 - i);
	return out;
}

int x_int_unary(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	comp c;
	if (operands(r, l, in, 3, 1, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++) {
		uint64_t a = get_int(&c, 1, i), v;
		unsigned bits = c.s[1]->width;
		switch (in->op->arg) {
		case XA_SNEGATE: v = 0 - a; break;
		case XA_NOT: v = ~a; break;
		case XA_BIT_REVERSE: v = bit_reverse(a, bits); break;
		default: v = (uint64_t)__builtin_popcountll(a & mask(bits)); break;
		}
		hd_x_put_u(c.res + i * c.s[0]->size, c.s[0]->size, v);
	}
	return 0;
}

/* operands() for float arithmetic: the result and every operand a float
 * (SPIR-V 1.6, "Arithmetic Instructions"). */
static int float_operands(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, uint32_t nops, comp *c)
{
	if (operands(r, l, in, 3, nops, c) != 0)
		return -1;
	for (uint32_t k = 0; k <= nops; k++)
		if (c->s[k]->kind != XT_FLOAT)
			return hd_x_unsupported(r, "%s of operands that are not floats",
			                        hd_x_opname(in->opcode));
	return 0;
}

int x_float_binary(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	comp c;
	if (float_operands(r, l, in, 2, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++) {
		double a = get_float(&c, 1, i), b = get_float(&c, 2, i), v;
		switch (in->op->arg) {
		case XA_FADD: v = a + b; break;
		case XA_FSUB: v = a - b; break;
		case XA_FMUL: v = a * b; break;
		case XA_FDIV: v = a / b; break;
		case XA_FREM: v = fmod(a, b); break;
		default:  /* OpFMod: the divisor's sign */
			v = fmod(a, b);
			if (v != 0 && (v < 0) != (b < 0))
				v += b;
			break;
		}
		hd_x_put_f(c.res + i * c.s[0]->size, c.s[0]->width, v);
	}
	return 0;
}

int x_float_unary(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	comp c;
	if (float_operands(r, l, in, 1, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++)
		hd_x_put_f(c.res + i * c.s[0]->size, c.s[0]->width, -get_float(&c, 1, i));
	return 0;
}

int x_vector_times_scalar(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	comp c;
	if (float_operands(r, l, in, 2, &c) != 0)
		return -1;
	for (uint32_t i = 0; i < c.n; i++)
		hd_x_put_f(c.res + i * c.s[0]->size, c.s[0]->width,
		           get_float(&c, 1, i) * get_float(&c, 2, 0));
	return 0;
}

int x_dot(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *vt = hd_x_val_type(r, in->w[3]), *s;
	const uint8_t *a = hd_x_val(r, l, in->w[3]), *b = hd_x_val(r, l, in->w[4]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t n;
	double sum = 0;

	s = hd_x_scalar(r->x, vt, &n);
	if (s == NULL || a == NULL || b == NULL || res == NULL || s->kind != XT_FLOAT)
		return hd_x_unsupported(r, "OpDot of operands it cannot read");
	for (uint32_t i = 0; i < n; i++)
		sum += hd_x_get_f(a + i * s->size, s->width) * hd_x_get_f(b + i * s->size, s->width);
	hd_x_put_f(res, s->width, sum);
	return 0;
}

/* OpIAddCarry and its kin: a struct of two members of the operands' type,
 * the low result and the carry, borrow or high half. */
int x_extended(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *st = hd_x_type(r->x, in->w[1]), *mt, *s;
	const uint8_t *a = hd_x_val(r, l, in->w[3]), *b = hd_x_val(r, l, in->w[4]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t n;

	if (st == NULL || st->kind != XT_STRUCT || st->count != 2 || a == NULL || b == NULL ||
	    res == NULL || (mt = hd_x_type(r->x, st->members[0])) == NULL ||
	    (s = hd_x_scalar(r->x, mt, &n)) == NULL || s->kind != XT_INT)
		return hd_x_unsupported(r, "%s of a type it cannot compute", hd_x_opname(in->opcode));
	for (uint32_t i = 0; i < n; i++) {
		unsigned bits = s->width, sz = s->size;
		uint64_t ua = hd_x_get_u(a + i * sz, sz), ub = hd_x_get_u(b + i * sz, sz);
		uint64_t lo, hi;
		switch (in->op->arg) {
		case XA_IADD_CARRY:
			lo = (ua + ub) & mask(bits);
			hi = bits == 64 ? lo < ua : ((ua + ub) >> bits) & 1;
			break;
		case XA_ISUB_BORROW:
			lo = (ua - ub) & mask(bits);
			hi = ua < ub;
			break;
		case XA_UMUL_EXTENDED: {
			unsigned __int128 p = (unsigned __int128)ua * ub;
			lo = (uint64_t)p & mask(bits);
			hi = (uint64_t)(p >> bits) & mask(bits);
			break;
		}
		default: {
			__int128 p = (__int128)sext(ua, bits) * sext(ub, bits);
			lo = (uint64_t)p & mask(bits);
			hi = (uint64_t)(p >> bits) & mask(bits);
			break;
		}
		}
		hd_x_put_u(res + st->offsets[0] + i * sz, sz, lo);
		hd_x_put_u(res + st->offsets[1] + i * sz, sz, hi);
	}
	return 0;
}
