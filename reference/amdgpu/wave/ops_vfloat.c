/* The vector float ALU: IEEE single and double precision with
 * round-to-nearest-even (MODE's other rounding modes are refused), the
 * denormal flushing MODE's FP_DENORM asks for, VOP3's abs, neg, clamp and
 * omod. Hardware approximates v_rcp, v_rsq, v_sqrt, v_exp and v_log to
 * about 1 ulp; the model computes them exactly in double and rounds once
 * (docs/gfx9-executor.md, "Floats"). */
#include <math.h>
#include <string.h>

#include "ops.h"
#include "wave_impl.h"

float g9_f32(uint32_t bits)
{
	float f;
	memcpy(&f, &bits, sizeof f);
	return f;
}

uint32_t g9_bits32(float f)
{
	uint32_t b;
	memcpy(&b, &f, sizeof b);
	return b;
}

double g9_f64(uint64_t bits)
{
	double d;
	memcpy(&d, &bits, sizeof d);
	return d;
}

uint64_t g9_bits64(double d)
{
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

/* MODE FP_DENORM: bits 5:4 for single, 7:6 for double and half; 3 keeps
 * denormals, anything else flushes them to a zero of the same sign (the
 * model does not tell input from output flushing apart). */
static int flush32(const g9_wave *w)
{
	return ((w->mode >> 4) & 3) != 3;
}

static int flush64(const g9_wave *w)
{
	return ((w->mode >> 6) & 3) != 3;
}

static uint64_t flush(uint64_t bits, int f64)
{
	if (f64)
		return (bits & 0x7ff0000000000000ull) == 0 ? bits & 0x8000000000000000ull : bits;
	return (bits & 0x7f800000u) == 0 ? bits & 0x80000000u : bits;
}

/* VOP3 input modifiers of source i (abs first, then neg), on the sign bit. */
static uint64_t in_mods(const hd_isa_insn *in, unsigned i, uint64_t v, int f64)
{
	uint64_t sign = f64 ? 0x8000000000000000ull : 0x80000000u;

	if (in->row->enc != HD_ISA_VOP3)
		return v;
	if (in->f.abs >> i & 1)
		v &= ~sign;
	if (in->f.neg >> i & 1)
		v ^= sign;
	return v;
}

static double clampd(double d)
{
	return d > 1.0 ? 1.0 : d < 0.0 || d != d ? 0.0 : d;
}

static float med3f(float a, float b, float c)
{
	return fmaxf(fminf(a, b), fminf(fmaxf(a, b), c));
}

/* frexp's mantissa and exponent as the ISA gives them: NaN and
 * infinities have mantissa themselves and exponent 0. */
static double frexp_mant(double d)
{
	int e;
	return isfinite(d) ? frexp(d, &e) : d;
}

static int frexp_exp(double d)
{
	int e = 0;
	if (isfinite(d))
		frexp(d, &e);
	return e;
}

/* float → int conversions saturate and take NaN to 0 (Vega ISA,
 * V_CVT_I32_F32). */
static uint32_t to_i32(double d)
{
	if (d != d)
		return 0;
	if (d >= 2147483647.0)
		return INT32_MAX;
	if (d <= -2147483648.0)
		return (uint32_t)INT32_MIN;
	return (uint32_t)(int32_t)d;
}

static uint32_t to_u32(double d)
{
	if (d != d || d <= 0)
		return 0;
	if (d >= 4294967295.0)
		return UINT32_MAX;
	return (uint32_t)d;
}

/* IEEE half from single, round to nearest even, and back. */
static uint16_t f32_to_f16(float f)
{
	uint32_t b = g9_bits32(f), sign = (b >> 16) & 0x8000u, mant;
	int e = (int)((b >> 23) & 0xff);

	if (e == 0xff)
		return (uint16_t)(sign | 0x7c00u | ((b & 0x7fffff) ? 0x200u : 0));
	{
		double a = fabs((double)f);
		int ex;
		double m;
		if (a == 0)
			return (uint16_t)sign;
		if (a >= 65520.0)
			return (uint16_t)(sign | 0x7c00u);
		m = frexp(a, &ex);  /* a = m * 2^ex, m in [0.5, 1) */
		if (ex < -13) {     /* a half denormal: units of 2^-24 */
			mant = (uint32_t)nearbyint(a * 16777216.0);
			return (uint16_t)(sign | mant);
		}
		mant = (uint32_t)nearbyint(m * 2048.0);  /* 11 bits with the hidden one */
		if (mant == 2048) {
			mant = 1024;
			ex++;
		}
		if (ex + 14 >= 31)
			return (uint16_t)(sign | 0x7c00u);
		return (uint16_t)(sign | (uint32_t)(ex + 14) << 10 | (mant & 0x3ff));
	}
}

static float f16_to_f32(uint16_t h)
{
	unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
	double v;

	if (e == 0x1f)
		v = m ? NAN : INFINITY;
	else if (e == 0)
		v = ldexp(m, -24);
	else
		v = ldexp(m | 0x400, (int)e - 25);
	return (float)((h & 0x8000) ? -v : v);
}

/* One lane of a single-precision operation; a, b, c are the sources'
 * bits after the modifiers. The result's bits, 32 or (to double) 64. */
static uint64_t single(unsigned sub, uint32_t a, uint32_t b, uint32_t c, uint32_t d_old)
{
	float fa = g9_f32(a), fb = g9_f32(b), fc = g9_f32(c);

	switch (sub) {
	case F_ADD: return g9_bits32(fa + fb);
	case F_SUB: return g9_bits32(fa - fb);
	case F_SUBREV: return g9_bits32(fb - fa);
	case F_MUL: return g9_bits32(fa * fb);
	case F_MIN: return g9_bits32(fminf(fa, fb));
	case F_MAX: return g9_bits32(fmaxf(fa, fb));
	case F_FMA: return g9_bits32(fmaf(fa, fb, fc));
	case F_MAC: return g9_bits32(fmaf(fa, fb, g9_f32(d_old)));
	case F_MED3: return g9_bits32(med3f(fa, fb, fc));
	case F_MIN3: return g9_bits32(fminf(fminf(fa, fb), fc));
	case F_MAX3: return g9_bits32(fmaxf(fmaxf(fa, fb), fc));
	case F_LDEXP: return g9_bits32(ldexpf(fa, (int32_t)b));
	case F_RCP: return g9_bits32((float)(1.0 / (double)fa));
	case F_RSQ: return g9_bits32((float)(1.0 / sqrt((double)fa)));
	case F_SQRT: return g9_bits32((float)sqrt((double)fa));
	case F_EXP: return g9_bits32((float)exp2((double)fa));
	case F_LOG: return g9_bits32((float)log2((double)fa));
	case F_FLOOR: return g9_bits32(floorf(fa));
	case F_CEIL: return g9_bits32(ceilf(fa));
	case F_TRUNC: return g9_bits32(truncf(fa));
	case F_RNDNE: return g9_bits32(nearbyintf(fa));
	case F_FRACT: return g9_bits32(isinf(fa) ? NAN : fminf(fa - floorf(fa), 0x1.fffffep-1f));
	case F_FREXP_MANT: return g9_bits32((float)frexp_mant(fa));
	case F_FREXP_EXP: return (uint32_t)frexp_exp(fa);
	case F_CVT_I32_F32: return to_i32(fa);
	case F_CVT_U32_F32: return to_u32(fa);
	case F_CVT_RPI_I32_F32: return to_i32(floor((double)fa + 0.5));
	case F_CVT_FLR_I32_F32: return to_i32(floor((double)fa));
	case F_CVT_F64_F32: return g9_bits64((double)fa);
	case F_CVT_F16_F32: return f32_to_f16(fa);
	default: return 0;
	}
}

static uint64_t dbl(unsigned sub, uint64_t a, uint64_t b, uint64_t c)
{
	double da = g9_f64(a), db = g9_f64(b), dc = g9_f64(c);

	switch (sub) {
	case F_ADD: return g9_bits64(da + db);
	case F_MUL: return g9_bits64(da * db);
	case F_MIN: return g9_bits64(fmin(da, db));
	case F_MAX: return g9_bits64(fmax(da, db));
	case F_FMA: return g9_bits64(fma(da, db, dc));
	case F_LDEXP: return g9_bits64(ldexp(da, (int32_t)b));
	case F_RCP: return g9_bits64(1.0 / da);
	case F_RSQ: return g9_bits64(1.0 / sqrt(da));
	case F_SQRT: return g9_bits64(sqrt(da));
	case F_FLOOR: return g9_bits64(floor(da));
	case F_CEIL: return g9_bits64(ceil(da));
	case F_TRUNC: return g9_bits64(trunc(da));
	case F_RNDNE: return g9_bits64(nearbyint(da));
	case F_FRACT: return g9_bits64(isinf(da) ? NAN : fmin(da - floor(da), 0x1.fffffffffffffp-1));
	case F_CVT_F32_F64: return g9_bits32((float)da);
	case F_CVT_I32_F64: return to_i32(da);
	case F_CVT_U32_F64: return to_u32(da);
	default: return 0;
	}
}

/* Conversions from integers and bytes: no float source. */
static uint64_t from_int(unsigned sub, uint32_t a)
{
	switch (sub) {
	case F_CVT_F32_I32: return g9_bits32((float)(int32_t)a);
	case F_CVT_F32_U32: return g9_bits32((float)a);
	case F_CVT_F64_I32: return g9_bits64((double)(int32_t)a);
	case F_CVT_F64_U32: return g9_bits64((double)a);
	case F_CVT_F32_UBYTE0: case F_CVT_F32_UBYTE1: case F_CVT_F32_UBYTE2: case F_CVT_F32_UBYTE3:
		return g9_bits32((float)((a >> (8 * (sub - F_CVT_F32_UBYTE0))) & 0xff));
	case F_CVT_F32_F16: return g9_bits32(f16_to_f32((uint16_t)a));
	default: return 0;
	}
}

/* Whether the result is a float (clamp and omod apply, it may flush),
 * and its width in dwords. */
static int result_is_float(unsigned sub)
{
	return sub != F_CVT_I32_F32 && sub != F_CVT_U32_F32 && sub != F_CVT_I32_F64 &&
	       sub != F_CVT_U32_F64 && sub != F_FREXP_EXP && sub != F_CVT_RPI_I32_F32 &&
	       sub != F_CVT_FLR_I32_F32 && sub != F_CVT_F16_F32;
}

/* VOP3 output modifiers: omod (×2, ×4, ÷2), then clamp to [0, 1]. */
static uint64_t out_mods(const hd_isa_insn *in, uint64_t r, int f64)
{
	double d;

	if (in->row->enc != HD_ISA_VOP3 || (in->f.omod == 0 && !in->f.clamp))
		return r;
	d = f64 ? g9_f64(r) : g9_f32((uint32_t)r);
	if (in->f.omod)
		d = in->f.omod == 1 ? d * 2 : in->f.omod == 2 ? d * 4 : d / 2;
	if (in->f.clamp)
		d = clampd(d);
	return f64 ? g9_bits64(d) : g9_bits32((float)d);
}

G9_HANDLER(g9_vfloat)
{
	const g9_op *op = g9_op_for(in->row);
	int src64 = (op->flags & G9F_F64) != 0, isfloat = (op->flags & (G9F_F32 | G9F_F64)) != 0;
	unsigned nsrc = in->noperands - 1, i, lane, dw = in->op[0].width;
	uint64_t exec = g9_exec(x, w);
	g9_src s[3];
	uint32_t *d;

	if ((w->mode & 0xf) != 0)
		return g9_unsupported(x, in, "in a rounding mode other than nearest even");
	if (nsrc > 3 || in->op[0].kind != HD_ISA_VGPR)
		return g9_unsupported(x, in, "of this operand shape");
	for (i = 0; i < nsrc; i++) {
		/* v_ldexp's exponent is an integer: one dword, no modifiers */
		unsigned width = sub == F_LDEXP && i == 1 ? 1 : in->op[i + 1].width;
		if (g9_src_prep(x, w, in, i + 1, width, op->flags, &s[i]) != 0)
			return 1;
	}
	d = g9_vdst(w, &in->op[0]);
	for (lane = 0; lane < g9_lanes(x); lane++) {
		uint64_t v[3] = { 0, 0, 0 }, r;
		if (!(exec >> lane & 1))
			continue;
		for (i = 0; i < nsrc; i++) {
			v[i] = g9_src_get(&s[i], lane);
			if (isfloat && !(sub == F_LDEXP && i == 1)) {
				v[i] = in_mods(in, i, v[i], src64);
				if (src64 ? flush64(w) : flush32(w))
					v[i] = flush(v[i], src64);
			}
		}
		if (!isfloat)
			r = from_int(sub, (uint32_t)v[0]);
		else if (src64)
			r = dbl(sub, v[0], v[1], v[2]);
		else
			r = single(sub, (uint32_t)v[0], (uint32_t)v[1], (uint32_t)v[2], d[lane]);
		if (result_is_float(sub)) {
			r = out_mods(in, r, dw == 2);
			if (dw == 2 ? flush64(w) : flush32(w))
				r = flush(r, dw == 2);
		}
		d[lane] = (uint32_t)r;
		if (dw == 2)
			d[G9_LANES + lane] = (uint32_t)(r >> 32);
		else if (sub == F_CVT_F16_F32)
			d[lane] = (uint32_t)(uint16_t)r;  /* gfx9 zeroes the high half */
	}
	return 0;
}
