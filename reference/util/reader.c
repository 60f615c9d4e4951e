#include "reader.h"

void hd_reader_init(hd_reader *r, const uint8_t *p, size_t len)
{
	r->p = p;
	r->len = len;
	r->pos = 0;
	r->base = 0;
}

static int truncated(hd_reader *r, size_t want, hd_status *st)
{
	return hd_fail(st, HD_ILL_FORMED, "truncated", r->base + r->pos,
	               "needs %zu more byte(s) at offset %zu but only %zu remain",
	               want, r->base + r->pos, r->len - r->pos);
}

int hd_read_uint(hd_reader *r, unsigned nbytes, uint64_t *v, hd_status *st)
{
	uint64_t x = 0;

	if (r->len - r->pos < nbytes)
		return truncated(r, nbytes, st);
	for (unsigned i = 0; i < nbytes; i++)
		x |= (uint64_t)r->p[r->pos + i] << (8 * i);
	r->pos += nbytes;
	*v = x;
	return 0;
}

int hd_read_sint(hd_reader *r, unsigned nbytes, int64_t *v, hd_status *st)
{
	uint64_t x = 0;  /* set on success; the zero quiets -Wmaybe-uninitialized at -O2 */

	if (hd_read_uint(r, nbytes, &x, st) != 0)
		return -1;
	if (nbytes < 8 && (x >> (8 * nbytes - 1)) & 1)
		x |= ~(uint64_t)0 << (8 * nbytes);
	*v = (int64_t)x;
	return 0;
}

/* Shared LEB128 loop: collects the bits, reports where the value started. */
static int read_leb(hd_reader *r, uint64_t *v, int is_signed, hd_status *st)
{
	size_t start = r->pos;
	uint64_t x = 0;
	unsigned shift = 0;
	uint8_t byte;

	do {
		if (r->pos >= r->len) {
			r->pos = start;
			return hd_fail(st, HD_ILL_FORMED, "truncated", r->base + start,
			               "LEB128 at offset %zu runs past the end", r->base + start);
		}
		byte = r->p[r->pos++];
		if (shift < 64) {
			uint64_t bits = (uint64_t)(byte & 0x7f);
			/* bits that fall off the top must be a pure extension */
			if (shift > 57) {
				uint64_t lost = bits >> (64 - shift);
				uint64_t ext = (is_signed && (bits >> (63 - shift)) & 1)
				               ? (0x7fu >> (64 - shift)) : 0;
				if (lost != ext)
					goto overflow;
			}
			x |= bits << shift;
		} else {
			uint8_t ext = (is_signed && (x >> 63)) ? 0x7f : 0;
			if ((byte & 0x7f) != ext)
				goto overflow;
		}
		shift += 7;
	} while (byte & 0x80);
	if (is_signed && shift < 64 && (byte & 0x40))
		x |= ~(uint64_t)0 << shift;
	*v = x;
	return 0;
overflow:
	r->pos = start;
	return hd_fail(st, HD_ILL_FORMED, "leb128-overflow", r->base + start,
	               "LEB128 at offset %zu does not fit in 64 bits", r->base + start);
}

int hd_read_uleb(hd_reader *r, uint64_t *v, hd_status *st)
{
	return read_leb(r, v, 0, st);
}

int hd_read_sleb(hd_reader *r, int64_t *v, hd_status *st)
{
	uint64_t x = 0;  /* set on success; the zero quiets -Wmaybe-uninitialized at -O2 */

	if (read_leb(r, &x, 1, st) != 0)
		return -1;
	*v = (int64_t)x;
	return 0;
}

int hd_read_block(hd_reader *r, size_t n, const uint8_t **p, hd_status *st)
{
	if (r->len - r->pos < n)
		return truncated(r, n, st);
	*p = r->p + r->pos;
	r->pos += n;
	return 0;
}
