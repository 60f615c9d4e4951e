/* The integer functions of OpenCL.std (OpenCL C 6.13.3), on components of
 * `bits` bits held in 64-bit words. The s_ and u_ instructions say how to
 * read the bits: SPIR-V's integer types carry no signedness OpenCL
 * relies on. Sums and products that may not fit are taken in 128 bits. */
#include "opencl_std.h"

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

static uint64_t zx(uint64_t v, unsigned bits)
{
	return bits >= 64 ? v : v & ((1ull << bits) - 1);
}

static int64_t sx(uint64_t v, unsigned bits)
{
	uint64_t m;

	if (bits >= 64)
		return (int64_t)v;
	m = 1ull << (bits - 1);
	return (int64_t)((zx(v, bits) ^ m) - m);
}

static int64_t smax_of(unsigned bits)
{
	return (int64_t)((1ull << (bits - 1)) - 1);
}

/* the saturating results of OpenCL C's _sat functions */
static uint64_t sat_s(i128 v, unsigned bits)
{
	i128 hi = smax_of(bits), lo = -hi - 1;
	return (uint64_t)(v > hi ? hi : v < lo ? lo : v);
}

static uint64_t sat_u(u128 v, unsigned bits)
{
	u128 hi = zx(~0ull, bits);
	return (uint64_t)(v > hi ? hi : v);
}

static i128 s_(uint64_t v, unsigned bits)
{
	return sx(v, bits);
}

static u128 u_(uint64_t v, unsigned bits)
{
	return zx(v, bits);
}

uint64_t xs_sabs(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	i128 v = s_(a, bits);
	(void)b, (void)c;
	return (uint64_t)(v < 0 ? -v : v);
}

uint64_t xs_uabs(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)b, (void)c, (void)bits;
	return a;
}

uint64_t xs_sabs_diff(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	i128 d = s_(a, bits) - s_(b, bits);
	(void)c;
	return (uint64_t)(d < 0 ? -d : d);
}

uint64_t xs_uabs_diff(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	a = zx(a, bits);
	b = zx(b, bits);
	return a > b ? a - b : b - a;
}

uint64_t xs_sadd_sat(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return sat_s(s_(a, bits) + s_(b, bits), bits);
}

uint64_t xs_uadd_sat(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return sat_u(u_(a, bits) + u_(b, bits), bits);
}

uint64_t xs_ssub_sat(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return sat_s(s_(a, bits) - s_(b, bits), bits);
}

uint64_t xs_usub_sat(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	a = zx(a, bits);
	b = zx(b, bits);
	return a > b ? a - b : 0;
}

/* hadd and rhadd: (a + b) >> 1 and (a + b + 1) >> 1 without overflow */
uint64_t xs_shadd(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return (uint64_t)((s_(a, bits) + s_(b, bits)) >> 1);
}

uint64_t xs_uhadd(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return (uint64_t)((u_(a, bits) + u_(b, bits)) >> 1);
}

uint64_t xs_srhadd(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return (uint64_t)((s_(a, bits) + s_(b, bits) + 1) >> 1);
}

uint64_t xs_urhadd(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return (uint64_t)((u_(a, bits) + u_(b, bits) + 1) >> 1);
}

uint64_t xs_smin(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return sx(a, bits) < sx(b, bits) ? a : b;
}

uint64_t xs_umin(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return zx(a, bits) < zx(b, bits) ? a : b;
}

uint64_t xs_smax(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return sx(a, bits) > sx(b, bits) ? a : b;
}

uint64_t xs_umax(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return zx(a, bits) > zx(b, bits) ? a : b;
}

/* clamp(x, lo, hi) = min(max(x, lo), hi) */
uint64_t xs_sclamp(uint64_t x, uint64_t lo, uint64_t hi, unsigned bits)
{
	return xs_smin(xs_smax(x, lo, 0, bits), hi, 0, bits);
}

uint64_t xs_uclamp(uint64_t x, uint64_t lo, uint64_t hi, unsigned bits)
{
	return xs_umin(xs_umax(x, lo, 0, bits), hi, 0, bits);
}

/* clz and ctz of 0 are the width */
uint64_t xs_clz(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	unsigned n = 0;
	(void)b, (void)c;
	while (n < bits && !((a >> (bits - 1 - n)) & 1))
		n++;
	return n;
}

uint64_t xs_ctz(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	unsigned n = 0;
	(void)b, (void)c;
	while (n < bits && !((a >> n) & 1))
		n++;
	return n;
}

uint64_t xs_popcount(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	uint64_t n = 0;
	(void)b, (void)c;
	for (a = zx(a, bits); a != 0; a &= a - 1)
		n++;
	return n;
}

/* mul_hi: the high half of the full 2·bits product */
uint64_t xs_smul_hi(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return (uint64_t)((s_(a, bits) * s_(b, bits)) >> bits);
}

uint64_t xs_umul_hi(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c;
	return (uint64_t)((u_(a, bits) * u_(b, bits)) >> bits);
}

uint64_t xs_smad_hi(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	return xs_smul_hi(a, b, 0, bits) + c;
}

uint64_t xs_umad_hi(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	return xs_umul_hi(a, b, 0, bits) + c;
}

/* mad_sat: a·b + c saturated; in 128 bits even for 64-bit operands */
uint64_t xs_smad_sat(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	return sat_s(s_(a, bits) * s_(b, bits) + s_(c, bits), bits);
}

uint64_t xs_umad_sat(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	return sat_u(u_(a, bits) * u_(b, bits) + u_(c, bits), bits);
}

/* rotate left by i modulo the width */
uint64_t xs_rotate(uint64_t v, uint64_t i, uint64_t c, unsigned bits)
{
	unsigned k = (unsigned)(zx(i, bits) % bits);
	(void)c;
	v = zx(v, bits);
	return k == 0 ? v : zx(v << k | v >> (bits - k), bits);
}

/* upsample(hi, lo): hi in the upper half of a result twice as wide */
uint64_t xs_upsample(uint64_t hi, uint64_t lo, uint64_t c, unsigned bits)
{
	(void)c;
	if (bits >= 64)  /* no wider type to hold it: only a malformed module */
		return lo;
	return zx(hi, bits) << bits | zx(lo, bits);
}

/* mul24 and mad24 use the low 24 bits of each operand (OpenCL C leaves
 * other operands undefined) and keep the low 32 bits of the result */
uint64_t xs_smul24(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c, (void)bits;
	return (uint64_t)(sx(a, 24) * sx(b, 24));
}

uint64_t xs_umul24(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)c, (void)bits;
	return zx(a, 24) * zx(b, 24);
}

uint64_t xs_smad24(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	return xs_smul24(a, b, 0, bits) + c;
}

uint64_t xs_umad24(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	return xs_umul24(a, b, 0, bits) + c;
}

/* nan(code): a quiet NaN of the result width with code in its payload */
uint64_t xs_nan(uint64_t code, uint64_t b, uint64_t c, unsigned bits)
{
	(void)b, (void)c;
	if (bits == 16)
		return 0x7e00u | (code & 0x1ffu);
	if (bits == 32)
		return 0x7fc00000u | (code & 0x3fffffu);
	return 0x7ff8000000000000ull | (code & 0x7ffffffffffffull);
}

/* bitselect: each bit from b where c's is set, else from a */
uint64_t xs_bitselect(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)bits;
	return (a & ~c) | (b & c);
}

/* select: b where the condition (opencl_std.c reduced it to 0 or 1) holds */
uint64_t xs_select(uint64_t a, uint64_t b, uint64_t c, unsigned bits)
{
	(void)bits;
	return c ? b : a;
}
