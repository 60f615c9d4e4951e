/* MD5 as RFC 1321 section 3 defines it: 64-byte blocks, four rounds of
 * sixteen steps, little-endian words and length. */
#include "md5.h"

#include <string.h>

/* Per-step shift amounts, four per round (RFC 1321 section 3.4). */
static const uint8_t shift[64] = {
	7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
	5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
	4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
	6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21
};

/* T[i] = floor(2^32 * |sin(i + 1)|), written out so the result does not
 * depend on the host's libm. */
static const uint32_t T[64] = {
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a,
	0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
	0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
	0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8,
	0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
	0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
	0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
	0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
	0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
};

static uint32_t rotl(uint32_t x, unsigned n)
{
	return (x << n) | (x >> (32 - n));
}

/* One 64-byte block into the state (RFC 1321 section 3.4). */
static void block(uint32_t h[4], const uint8_t *p)
{
	uint32_t X[16], a = h[0], b = h[1], c = h[2], d = h[3];

	for (int i = 0; i < 16; i++)
		X[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 |
		       (uint32_t)p[4 * i + 2] << 16 | (uint32_t)p[4 * i + 3] << 24;
	for (int i = 0; i < 64; i++) {
		uint32_t f, t;
		int k;

		if (i < 16) {
			f = (b & c) | (~b & d);
			k = i;
		} else if (i < 32) {
			f = (b & d) | (c & ~d);
			k = (5 * i + 1) % 16;
		} else if (i < 48) {
			f = b ^ c ^ d;
			k = (3 * i + 5) % 16;
		} else {
			f = c ^ (b | ~d);
			k = (7 * i) % 16;
		}
		t = d;
		d = c;
		c = b;
		b = b + rotl(a + f + T[i] + X[k], shift[i]);
		a = t;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
}

void hd_md5_init(hd_md5_ctx *c)
{
	c->h[0] = 0x67452301;
	c->h[1] = 0xefcdab89;
	c->h[2] = 0x98badcfe;
	c->h[3] = 0x10325476;
	c->len = 0;
}

void hd_md5_update(hd_md5_ctx *c, const void *p, size_t n)
{
	const uint8_t *s = p;
	size_t used = (size_t)(c->len % 64);

	c->len += n;
	if (used) {
		size_t take = 64 - used < n ? 64 - used : n;
		memcpy(c->block + used, s, take);
		s += take;
		n -= take;
		if (used + take < 64)
			return;
		block(c->h, c->block);
	}
	for (; n >= 64; s += 64, n -= 64)
		block(c->h, s);
	memcpy(c->block, s, n);
}

/* Pads with 0x80, zeros and the bit length (RFC 1321 sections 3.1, 3.2). */
void hd_md5_final(hd_md5_ctx *c, uint8_t digest[16])
{
	uint64_t bits = c->len * 8;
	uint8_t pad[72] = { 0x80 };
	size_t used = (size_t)(c->len % 64);
	size_t npad = used < 56 ? 56 - used : 120 - used;

	for (int i = 0; i < 8; i++)
		pad[npad + i] = (uint8_t)(bits >> (8 * i));
	hd_md5_update(c, pad, npad + 8);
	for (int i = 0; i < 16; i++)
		digest[i] = (uint8_t)(c->h[i / 4] >> (8 * (i % 4)));
}

void hd_md5(const void *p, size_t n, uint8_t digest[16])
{
	hd_md5_ctx c;

	hd_md5_init(&c);
	hd_md5_update(&c, p, n);
	hd_md5_final(&c, digest);
}
