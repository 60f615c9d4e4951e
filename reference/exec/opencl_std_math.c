/* The float functions of OpenCL.std that C's <math.h> does not provide as
 * they are (OpenCL C 6.13.2 and 6.13.4). Each computes in double; the
 * caller rounds once to the result width. Where the result width matters
 * to the value (nextafter, fract, fma), the function takes it. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "opencl_std.h"

#define PI 3.14159265358979323846

double xs_acospi(double x) { return acos(x) / PI; }
double xs_asinpi(double x) { return asin(x) / PI; }
double xs_atanpi(double x) { return atan(x) / PI; }
double xs_atan2pi(double y, double x) { return atan2(y, x) / PI; }
double xs_exp10(double x) { return pow(10.0, x); }
double xs_recip(double x) { return 1.0 / x; }
double xs_rsqrt(double x) { return 1.0 / sqrt(x); }
double xs_divide(double x, double y) { return x / y; }
double xs_degrees(double r) { return r * (180.0 / PI); }
double xs_radians(double d) { return d * (PI / 180.0); }

/* cospi, sinpi, tanpi: reduced modulo 2 first (fmod is exact), so that
 * the multiples of one half, where the results are exact, come out exact
 * whatever the size of x */
double xs_cospi(double x)
{
	double r = fmod(fabs(x), 2.0);

	if (isinf(x) || isnan(x))
		return NAN;
	if (r == 0.5 || r == 1.5)
		return 0.0;
	if (r == 0.0)
		return 1.0;
	if (r == 1.0)
		return -1.0;
	return cos(PI * r);
}

double xs_sinpi(double x)
{
	double r = fmod(fabs(x), 2.0), v;

	if (isinf(x) || isnan(x))
		return NAN;
	if (r == 0.0 || r == 1.0)
		v = 0.0;
	else if (r == 0.5)
		v = 1.0;
	else if (r == 1.5)
		v = -1.0;
	else
		v = sin(PI * r);
	return signbit(x) ? -v : v;
}

double xs_tanpi(double x)
{
	double c = xs_cospi(x), s = xs_sinpi(x);

	if (c == 0.0)  /* an odd multiple of one half: a pole */
		return copysign(INFINITY, s);
	return s / c;
}

double xs_maxmag(double x, double y)
{
	if (fabs(x) > fabs(y))
		return x;
	if (fabs(y) > fabs(x))
		return y;
	return fmax(x, y);
}

double xs_minmag(double x, double y)
{
	if (fabs(x) < fabs(y))
		return x;
	if (fabs(y) < fabs(x))
		return y;
	return fmin(x, y);
}

/* powr is pow for x >= 0; the cases OpenCL C names NaN are NaN */
double xs_powr(double x, double y)
{
	if (x < 0 || (x == 0 && y == 0) || (isinf(x) && y == 0) || (x == 1 && isinf(y)))
		return NAN;
	return pow(x, y);
}

double xs_step(double edge, double x)
{
	return x < edge ? 0.0 : 1.0;
}

double xs_sign(double x)
{
	if (isnan(x))
		return 0.0;
	if (x == 0)
		return x;  /* keeps the zero's sign */
	return x > 0 ? 1.0 : -1.0;
}

double xs_fclamp(double x, double lo, double hi)
{
	return fmin(fmax(x, lo), hi);
}

double xs_mix(double x, double y, double a)
{
	return x + (y - x) * a;
}

double xs_smoothstep(double e0, double e1, double x)
{
	double t = xs_fclamp((x - e0) / (e1 - e0), 0.0, 1.0);
	return t * t * (3.0 - 2.0 * t);
}

/* The float of width `bits` next to v towards y, found by stepping the
 * encoding: its bits ordered as sign-magnitude integers. */
double xs_next_float(double v, double y, unsigned bits)
{
	uint8_t b[8];
	unsigned bytes = bits / 8;
	uint64_t u, sign = 1ull << (bits - 1);

	if (isnan(v) || isnan(y))
		return NAN;
	if (v == y)
		return y;
	hd_x_put_f(b, bits, v);
	u = hd_x_get_u(b, bytes);
	if (v == 0)  /* the smallest subnormal with y's sign */
		u = 1 | (y < 0 ? sign : 0);
	else if ((y > v) == (v > 0))
		u++;     /* away from zero */
	else
		u--;     /* towards zero */
	hd_x_put_u(b, bytes, u);
	return hd_x_get_f(b, bits);
}

double xs_nextafter(double x, double y, unsigned bits)
{
	return xs_next_float(xs_round_to(x, bits), xs_round_to(y, bits), bits);
}

/* fma and mad rounded once to the result width. For half and float the
 * product is exact in double, and the sum p + c is split into the double
 * s nearest it and the exact rest t (TwoSum); s is then moved to the
 * odd one of the two doubles around p + c when t is not zero (rounding to
 * odd), so that rounding it to the narrower width gives what one rounding
 * of the exact value would. */
double xs_fma(double a, double b, double c, unsigned bits)
{
	double p, s, bb, t;
	uint64_t u;

	if (bits >= 64)
		return fma(a, b, c);
	p = a * b;
	s = p + c;
	if (!isfinite(s))
		return s;
	bb = s - p;
	t = (p - (s - bb)) + (c - bb);
	memcpy(&u, &s, 8);
	if (t != 0 && (u & 1) == 0)
		s = nextafter(s, t > 0 ? INFINITY : -INFINITY);
	return s;
}

double xs_ldexp(double x, int64_t k)
{
	if (k > INT_MAX)
		k = INT_MAX;
	if (k < INT_MIN)
		k = INT_MIN;
	return ldexp(x, (int)k);
}

double xs_pown(double x, int64_t n)
{
	return pow(x, (double)n);
}

/* rootn(x, n) = x^(1/n); a negative x has a real root only for odd n */
double xs_rootn(double x, int64_t n)
{
	if (n == 0 || (x < 0 && n % 2 == 0))
		return NAN;
	if (x < 0)
		return -pow(-x, 1.0 / (double)n);
	return pow(x, 1.0 / (double)n);
}

/* FP_ILOGB0 is INT_MIN and FP_ILOGBNAN INT_MAX, the values clang's OpenCL
 * headers define, so the result does not depend on the host's libm */
int64_t xs_ilogb(double x)
{
	if (x == 0)
		return INT_MIN;
	if (isnan(x) || isinf(x))
		return INT_MAX;
	return ilogb(x);
}

/* fract: x - floor(x), below 1 at the result width; *out = floor(x) */
double xs_fract(double x, double unused, unsigned bits, double *out)
{
	int digits = bits == 16 ? 11 : bits == 32 ? 24 : 53;
	double f;

	(void)unused;
	*out = floor(x);
	if (isnan(x))
		return x;
	if (isinf(x))
		return copysign(0.0, x);
	f = xs_round_to(x - floor(x), bits);
	return fmin(f, 1.0 - ldexp(1.0, -digits));
}

double xs_frexp(double x, double unused, unsigned bits, double *out)
{
	int e = 0;
	double m;

	(void)unused, (void)bits;
	if (isnan(x) || isinf(x)) {
		*out = 0;
		return x;
	}
	m = frexp(x, &e);
	*out = e;
	return m;
}

double xs_modf(double x, double unused, unsigned bits, double *out)
{
	double ip;

	(void)unused, (void)bits;
	if (isinf(x)) {
		*out = x;
		return copysign(0.0, x);
	}
	x = modf(x, &ip);
	*out = ip;
	return x;
}

double xs_sincos(double x, double unused, unsigned bits, double *out)
{
	(void)unused, (void)bits;
	*out = cos(x);
	return sin(x);
}

/* lgamma_r: *out is the sign of Γ(x), which alternates between the poles
 * at the non-positive integers; +1 at a pole */
double xs_lgamma_r(double x, double unused, unsigned bits, double *out)
{
	(void)unused, (void)bits;
	if (isnan(x))
		*out = 0;
	else if (x == 0)
		*out = signbit(x) ? -1 : 1;
	else if (x > 0 || x == floor(x))
		*out = 1;
	else
		*out = fmod(floor(x), 2.0) != 0 ? -1 : 1;
	return lgamma(x);
}

/* remquo: the remainder of x / y rounded to nearest even, and in *out the
 * low 7 bits of that quotient with its sign, as OpenCL C asks (C only
 * promises 3). The bits come from long division of fmod(|x|, 128|y|), where
 * every subtraction is exact (Sterbenz), so they do not depend on libm. */
double xs_remquo(double x, double y, unsigned bits, double *out)
{
	double ax = fabs(x), ay = fabs(y), m, big = 128 * ay;
	uint32_t q = 0;

	(void)bits;
	*out = 0;
	if (isnan(x) || isnan(y) || isinf(x) || y == 0)
		return NAN;
	if (isinf(y))
		return x;
	m = isinf(big) ? ax : fmod(ax, big);
	for (int k = 6; k >= 0; k--) {
		double d = ldexp(ay, k);
		if (m >= d) {
			m -= d;
			q |= 1u << k;
		}
	}
	if (2 * m > ay || (2 * m == ay && (q & 1)))
		q++;
	q &= 0x7f;
	*out = (signbit(x) != signbit(y)) ? -(double)q : (double)q;
	return remainder(x, y);
}
