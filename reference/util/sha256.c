/* SHA-256 as FIPS 180-4 section 6.2 defines it: 64-byte blocks, a
 * 64-word message schedule, 64 rounds, big-endian words and length. */
#include "sha256.h"

#include <string.h>

/* The first 32 bits of the fractional parts of the cube roots of the first
 * 64 primes (FIPS 180-4 section 4.2.2). */
static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

/* One 64-byte block into the state (FIPS 180-4 section 6.2.2). */
static void block(uint32_t h[8], const uint8_t *p)
{
	uint32_t W[64], s[8];

	for (int t = 0; t < 16; t++)
		W[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
		       (uint32_t)p[4 * t + 2] << 8 | (uint32_t)p[4 * t + 3];
	for (int t = 16; t < 64; t++) {
		uint32_t s0 = rotr(W[t - 15], 7) ^ rotr(W[t - 15], 18) ^ (W[t - 15] >> 3);
		uint32_t s1 = rotr(W[t - 2], 17) ^ rotr(W[t - 2], 19) ^ (W[t - 2] >> 10);
		W[t] = W[t - 16] + s0 + W[t - 7] + s1;
	}
	memcpy(s, h, sizeof s);
	for (int t = 0; t < 64; t++) {
		uint32_t S1 = rotr(s[4], 6) ^ rotr(s[4], 11) ^ rotr(s[4], 25);
		uint32_t ch = (s[4] & s[5]) ^ (~s[4] & s[6]);
		uint32_t t1 = s[7] + S1 + ch + K[t] + W[t];
		uint32_t S0 = rotr(s[0], 2) ^ rotr(s[0], 13) ^ rotr(s[0], 22);
		uint32_t maj = (s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]);
		memmove(s + 1, s, 7 * sizeof s[0]);
		s[4] += t1;
		s[0] = t1 + S0 + maj;
	}
	for (int i = 0; i < 8; i++)
		h[i] += s[i];
}

void hd_sha256_init(hd_sha256_ctx *c)
{
	/* the first 32 bits of the fractional parts of the square roots of the
	 * first 8 primes (FIPS 180-4 section 5.3.3) */
	static const uint32_t H0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };

	memcpy(c->h, H0, sizeof H0);
	c->len = 0;
}

void hd_sha256_update(hd_sha256_ctx *c, const void *data, size_t n)
{
	const uint8_t *p = data;
	size_t have = (size_t)(c->len % 64);

	c->len += n;
	if (have > 0) {
		size_t take = 64 - have < n ? 64 - have : n;
		memcpy(c->block + have, p, take);
		p += take;
		n -= take;
		if (have + take < 64)
			return;
		block(c->h, c->block);
	}
	for (; n >= 64; p += 64, n -= 64)
		block(c->h, p);
	memcpy(c->block, p, n);
}

/* Padding: a 1 bit, zeros, and the length in bits as a big-endian 64-bit
 * number, ending on a block boundary (FIPS 180-4 section 5.1.1). */
void hd_sha256_final(hd_sha256_ctx *c, uint8_t digest[32])
{
	static const uint8_t pad[64] = { 0x80 };
	uint64_t bits = c->len * 8;
	uint8_t len[8];

	for (int i = 0; i < 8; i++)
		len[i] = (uint8_t)(bits >> (56 - 8 * i));
	hd_sha256_update(c, pad, 1 + (119 - c->len % 64) % 64);
	hd_sha256_update(c, len, 8);
	for (int i = 0; i < 32; i++)
		digest[i] = (uint8_t)(c->h[i / 4] >> (24 - 8 * (i % 4)));
}

void hd_sha256(const void *p, size_t n, uint8_t digest[32])
{
	hd_sha256_ctx c;

	hd_sha256_init(&c);
	hd_sha256_update(&c, p, n);
	hd_sha256_final(&c, digest);
}

void hd_sha256_hex(const uint8_t digest[32], char hex[65])
{
	static const char digits[] = "0123456789abcdef";

	for (int i = 0; i < 32; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 15];
	}
	hex[64] = '\0';
}
