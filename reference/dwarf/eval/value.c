/* Values on the stack (DWARF Extensions for Heterogeneous Debugging "DWARF Expression Value"): a base type (or
 * the generic type) and its bits. Values of up to 64 bits keep their bits in
 * an integer; larger ones (vectors, wide types) keep little-endian bytes. */
#include "machine.h"

#include <string.h>

uint32_t hd_type_bits(const hd_machine *m, const hd_base_type *t)
{
	if (t == NULL)
		return hd_generic_bits(m);
	return t->bits * (t->vector ? t->vector : 1);
}

/* The generic type's signedness is unspecified; DWARF 5 section 2.5.1.5 does
 * comparisons on it as signed, and docs/evaluator.md lists each other use. */
int hd_type_signed(const hd_base_type *t)
{
	if (t == NULL)
		return 1;
	return t->encoding == HD_ATE_signed || t->encoding == HD_ATE_signed_char ||
	       t->encoding == HD_ATE_float;
}

uint64_t hd_value_u64(const hd_value *v)
{
	if (v->bits <= 64)
		return v->lo;
	{
		uint64_t x = 0;
		for (int i = 7; i >= 0; i--)
			x = (x << 8) | v->big[i];
		return x;
	}
}

int64_t hd_value_s64(const hd_value *v)
{
	uint64_t x = hd_value_u64(v);

	if (v->bits < 64 && v->bits > 0 && hd_type_signed(v->type) &&
	    (x >> (v->bits - 1)) & 1)
		x |= ~hd_mask(v->bits);
	return (int64_t)x;
}

/* Byte i of v's two's complement extension to any width: past the type's
 * bits, copies of the sign bit (is_signed) or zeros. */
static uint8_t extended_byte(const hd_value *v, int neg, size_t i)
{
	size_t n = (v->bits + 7) / 8;
	uint8_t fill = neg ? 0xff : 0x00, b;

	if (i >= n)
		return fill;
	b = v->bits > 64 ? v->big[i] : (uint8_t)(v->lo >> (8 * i));
	if (i == n - 1 && v->bits % 8 != 0 && neg)
		b |= (uint8_t)(0xffu << (v->bits % 8));
	return b;
}

hd_bits hd_value_number(const hd_value *v, int is_signed)
{
	__extension__ typedef unsigned __int128 u128;
	const hd_bits limit = (hd_bits)1 << HD_NUMBER_LIMIT_BITS;
	size_t n = (v->bits + 7) / 8;
	int neg = 0;
	u128 u = 0;
	hd_bits x;

	/* most values fit 64 bits, which never reach the limit */
	if (v->bits <= 64) {
		if (is_signed && v->bits > 0 && (v->lo >> (v->bits - 1)) & 1)
			return (hd_bits)(int64_t)(v->lo | ~hd_mask(v->bits));
		return (hd_bits)v->lo;
	}
	if (is_signed && v->bits > 0)
		neg = v->bits > 64 ? (v->big[(v->bits - 1) / 8] >> ((v->bits - 1) % 8)) & 1
		                   : (int)((v->lo >> (v->bits - 1)) & 1);
	/* a byte past the 16th that is not sign fill: far outside the limit */
	for (size_t i = 16; i < n; i++)
		if (extended_byte(v, neg, i) != (neg ? 0xff : 0x00))
			return neg ? -limit : limit;
	for (int i = 15; i >= 0; i--)
		u = (u << 8) | extended_byte(v, neg, (size_t)i);
	if ((int)(u >> 127) != neg)  /* the sign does not survive 128 bits */
		return neg ? -limit : limit;
	x = (hd_bits)u;
	return x > limit ? limit : x < -limit ? -limit : x;
}

/* DW_OP_const_type, deref_type, convert and reinterpret name a base type by
 * its CU offset; DWARF Extensions for Heterogeneous Debugging makes anything else there ill-formed. */
int hd_find_type(hd_machine *m, uint64_t die, int allow_generic, const hd_base_type **t)
{
	const hd_cu *cu = m->ctx->cu;

	if (die == 0 && allow_generic) {
		*t = NULL;  /* DWARF 5 2.5.1.6: offset 0 means the generic type */
		return 0;
	}
	if (cu == NULL)
		return hd_missing(m, "compilation unit");
	for (size_t i = 0; i < cu->ntypes; i++)
		if (cu->types[i].die == die) {
			if (cu->types[i].bits == 0)
				return hd_ill(m, "bad-base-type", "base type 0x%llx has no size",
				              (unsigned long long)die);
			*t = &cu->types[i];
			return 0;
		}
	return hd_ill(m, "not-a-base-type",
	              "CU offset 0x%llx is not a DW_TAG_base_type of the current CU",
	              (unsigned long long)die);
}

int hd_value_from_bytes(hd_machine *m, const hd_base_type *t, const uint8_t *bytes,
                        size_t nbytes, hd_value *v)
{
	uint32_t bits = hd_type_bits(m, t);
	size_t need = (bits + 7) / 8;

	v->type = t;
	v->bits = bits;
	v->lo = 0;
	v->big = NULL;
	v->ipv = NULL;
	if (bits <= 64) {
		v->lo = hd_le_bytes(bytes, (unsigned)(need < nbytes ? need : nbytes)) & hd_mask(bits);
		return 0;
	}
	{
		uint8_t *big = hd_alloc(m, need);
		if (big == NULL)
			return -1;
		memcpy(big, bytes, nbytes < need ? nbytes : need);
		if (bits % 8)
			big[need - 1] &= (uint8_t)((1u << (bits % 8)) - 1);
		v->big = big;
	}
	return 0;
}

const uint8_t *hd_value_bytes(hd_machine *m, const hd_value *v, uint8_t tmp[8])
{
	(void)m;
	if (v->bits > 64)
		return v->big;
	for (int i = 0; i < 8; i++)
		tmp[i] = (uint8_t)(v->lo >> (8 * i));
	return tmp;
}
