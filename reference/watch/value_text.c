/* Leaves and composites of a watched value (value_text.h). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "value_text.h"

int hd_watch_bits_set(const uint8_t *set, uint64_t bit, uint64_t bits)
{
	if (set == NULL)
		return 1;
	for (uint64_t b = bit / 8; b * 8 < bit + bits; b++)
		if (!set[b])
			return 0;
	return 1;
}

static uint64_t get_bits(const uint8_t *p, uint64_t bit, unsigned bits)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bits && i < 64; i++)
		v |= (uint64_t)((p[(bit + i) / 8] >> ((bit + i) % 8)) & 1) << i;
	return v;
}

static int64_t sign_extend(uint64_t v, unsigned bits)
{
	if (bits > 0 && bits < 64 && (v >> (bits - 1)) & 1)
		v |= ~0ull << bits;
	return (int64_t)v;
}

static double half(uint16_t h)
{
	int e = (h >> 10) & 0x1f, f = h & 0x3ff;
	double v = e == 0 ? ldexp(f, -24) : e == 31 ? (f ? NAN : INFINITY) : ldexp(f + 1024, e - 25);
	return (h & 0x8000) ? -v : v;
}

/* %.Ng with N the digits that make the text read back to the same value
 * (9 for binary32, 17 for binary64, 5 for binary16); inf and nan spelled
 * out so every C library prints them alike. */
static void put_float(hd_buf *out, uint64_t v, unsigned bits)
{
	double d;
	int digits;

	if (bits == 16) {
		d = half((uint16_t)v);
		digits = 5;
	} else if (bits == 32) {
		uint32_t u = (uint32_t)v;
		float f;
		memcpy(&f, &u, 4);
		d = f;
		digits = 9;
	} else if (bits == 64) {
		memcpy(&d, &v, 8);
		digits = 17;
	} else {
		hd_buf_printf(out, "<float%u>", bits);
		return;
	}
	if (isnan(d))
		hd_buf_printf(out, "nan");
	else if (isinf(d))
		hd_buf_printf(out, d < 0 ? "-inf" : "inf");
	else
		hd_buf_printf(out, "%.*g", digits, d);
}

void hd_watch_leaf(hd_buf *out, hd_leaf_kind kind, const uint8_t *bytes, const uint8_t *set,
                   uint64_t bit, unsigned bits)
{
	uint64_t v;

	if (bits == 0 || bits > 64 || !hd_watch_bits_set(set, bit, bits)) {
		hd_buf_printf(out, bits == 0 || bits > 64 ? "<%u bits>" : HD_WATCH_UNSET, bits);
		return;
	}
	v = get_bits(bytes, bit, bits);
	switch (kind) {
	case HD_LEAF_SIGNED:
		hd_buf_printf(out, "%" PRId64, sign_extend(v, bits));
		break;
	case HD_LEAF_UNSIGNED:
		hd_buf_printf(out, "%" PRIu64, v);
		break;
	case HD_LEAF_BOOL:
		hd_buf_printf(out, v ? "true" : "false");
		break;
	case HD_LEAF_FLOAT:
		put_float(out, v, bits);
		break;
	case HD_LEAF_POINTER:
		hd_buf_printf(out, "0x%" PRIx64, v);
		break;
	}
}

void hd_watch_enum(hd_buf *out, int is_signed, const uint8_t *bytes, const uint8_t *set,
                   uint64_t bit, unsigned bits, const char *const *names,
                   const int64_t *values, size_t n)
{
	uint64_t v;
	int64_t sv;

	if (bits == 0 || bits > 64 || !hd_watch_bits_set(set, bit, bits)) {
		hd_watch_leaf(out, HD_LEAF_SIGNED, bytes, set, bit, bits);
		return;
	}
	v = get_bits(bytes, bit, bits);
	sv = is_signed ? sign_extend(v, bits) : (int64_t)v;
	for (size_t i = 0; i < n; i++)
		if (values[i] == sv || (uint64_t)values[i] == v) {
			hd_buf_printf(out, "%s", names[i]);
			return;
		}
	hd_watch_leaf(out, is_signed ? HD_LEAF_SIGNED : HD_LEAF_UNSIGNED, bytes, set, bit, bits);
}

int hd_watch_any_set(const uint8_t *set, uint64_t byte, uint64_t n)
{
	if (set == NULL)
		return 1;
	for (uint64_t i = 0; i < n; i++)
		if (set[byte + i])
			return 1;
	return 0;
}
