/* Conversions between scalar kinds, component by component. Where SPIR-V
 * leaves a result undefined (a float too large for the integer, NaN), the
 * interpreter saturates and gives 0 for NaN, as AMDGPU's v_cvt instructions
 * do, instead of handing the host C compiler an undefined conversion. */
#include <math.h>
#include <string.h>

#include "ops.h"

static uint64_t umax_of(unsigned bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

static int64_t smax_of(unsigned bits)
{
	return (int64_t)(umax_of(bits) >> 1);
}

static uint64_t float_to_u(double v, unsigned bits)
{
	if (isnan(v) || v <= 0)
		return 0;
	if (v >= ldexp(1, (int)bits))
		return umax_of(bits);
	return (uint64_t)v;
}

static uint64_t float_to_s(double v, unsigned bits)
{
	if (isnan(v))
		return 0;
	if (v >= ldexp(1, (int)bits - 1))
		return (uint64_t)smax_of(bits);
	if (v < -ldexp(1, (int)bits - 1))
		return (uint64_t)(-smax_of(bits) - 1);
	return (uint64_t)(int64_t)v;
}

/* Integer to float rounds once, to the destination's precision. */
static void int_to_float(uint8_t *p, unsigned bits, int is_signed, uint64_t u, int64_t s)
{
	if (bits == 32)
		hd_x_put_f(p, 32, is_signed ? (double)(float)s : (double)(float)u);
	else
		hd_x_put_f(p, bits, is_signed ? (double)s : (double)u);
}

/* A conversion's operands: the result's and the source's scalar kind and
 * component count, the source's bytes and the result's. -1 when one is
 * missing. */
typedef struct unary {
	const hd_xtype *d, *s;
	uint32_t n, ns;
	const uint8_t *src;
	uint8_t *res;
} unary;

static int read_unary(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, unary *u)
{
	u->d = hd_x_scalar(r->x, hd_x_type(r->x, in->w[1]), &u->n);
	u->s = hd_x_scalar(r->x, hd_x_val_type(r, in->w[3]), &u->ns);
	u->src = hd_x_val(r, l, in->w[3]);
	u->res = hd_x_val(r, l, in->w[2]);
	return u->d != NULL && u->s != NULL && u->src != NULL && u->res != NULL ? 0 : -1;
}

/* The float side of a conversion must be a float: its width picks how many
 * bytes hd_x_get_f and hd_x_put_f touch, and an integer's or a pointer's
 * width is not its size (found by fuzz_exec: OpConvertUToF to an 8-bit
 * integer wrote a double into one byte). */
static int float_sides_fit(unsigned arg, const hd_xtype *d, const hd_xtype *s)
{
	int from_float = arg == XA_F_TO_U || arg == XA_F_TO_S || arg == XA_F_TO_F;
	int to_float = arg == XA_S_TO_F || arg == XA_U_TO_F || arg == XA_F_TO_F;

	return (!from_float || s->kind == XT_FLOAT) && (!to_float || d->kind == XT_FLOAT);
}

int x_convert(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	unary op;

	if (read_unary(r, l, in, &op) != 0 || op.n != op.ns ||
	    !float_sides_fit(in->op->arg, op.d, op.s))
		return hd_x_unsupported(r, "%s of operands it cannot read", hd_x_opname(in->opcode));
	for (uint32_t i = 0; i < op.n; i++) {
		const hd_xtype *d = op.d, *s = op.s;
		const uint8_t *a = op.src + i * s->size;
		uint8_t *o = op.res + i * d->size;
		uint64_t u = hd_x_get_u(a, s->size);
		int64_t sv = hd_x_get_s(a, s->size);
		unsigned db = d->kind == XT_POINTER ? d->size * 8u : d->width;

		switch (in->op->arg) {
		case XA_F_TO_U: hd_x_put_u(o, d->size, float_to_u(hd_x_get_f(a, s->width), db)); break;
		case XA_F_TO_S: hd_x_put_u(o, d->size, float_to_s(hd_x_get_f(a, s->width), db)); break;
		case XA_S_TO_F: int_to_float(o, d->width, 1, u, sv); break;
		case XA_U_TO_F: int_to_float(o, d->width, 0, u, sv); break;
		case XA_S_TO_S: hd_x_put_u(o, d->size, (uint64_t)sv); break;
		case XA_F_TO_F: hd_x_put_f(o, d->width, hd_x_get_f(a, s->width)); break;
		case XA_SAT_S_TO_U:
			hd_x_put_u(o, d->size, sv < 0 ? 0 : (uint64_t)sv > umax_of(db) ? umax_of(db)
			                                                             : (uint64_t)sv);
			break;
		case XA_SAT_U_TO_S:
			hd_x_put_u(o, d->size, u > (uint64_t)smax_of(db) ? (uint64_t)smax_of(db) : u);
			break;
		default:  /* UConvert, pointer to and from integer: zero-extend or cut */
			hd_x_put_u(o, d->size, u);
			break;
		}
	}
	return 0;
}

/* OpBitcast keeps the bits: a 3-component vector's padding is not part of
 * its value, so only count·width bits move. */
int x_bitcast(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	unary op;
	uint32_t dbytes, sbytes;

	if (read_unary(r, l, in, &op) != 0)
		return hd_x_unsupported(r, "OpBitcast of operands it cannot read");
	dbytes = op.n * op.d->size;
	sbytes = op.ns * op.s->size;
	if (dbytes != sbytes)
		return hd_x_trap(r, l, "OpBitcast of %u bytes to %u bytes", sbytes, dbytes);
	memmove(op.res, op.src, dbytes);
	return 0;
}
