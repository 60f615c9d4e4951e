/* SipHash-1-3 under a per-process random key (keyed_hash.h). */
#include "keyed_hash.h"

#include <string.h>
#include <sys/random.h>
#include <time.h>

static uint64_t key[2];
static int keyed;

static uint64_t rotl(uint64_t x, unsigned b)
{
	return (x << b) | (x >> (64 - b));
}

/* The key: getrandom, or when that fails (an old kernel, a sandbox) the
 * clock and an address, which still differ from run to run. */
static void make_key(void)
{
	if (getrandom(key, sizeof key, 0) != (ssize_t)sizeof key) {
		struct timespec ts;
		timespec_get(&ts, TIME_UTC);
		key[0] = (uint64_t)ts.tv_nsec * UINT64_C(0x9E3779B97F4A7C15) ^ (uint64_t)ts.tv_sec;
		key[1] = (uint64_t)(uintptr_t)&ts ^ rotl(key[0], 29);
	}
	keyed = 1;
}

/* One SipHash round. */
static void round1(uint64_t v[4])
{
	v[0] += v[1];
	v[1] = rotl(v[1], 13) ^ v[0];
	v[0] = rotl(v[0], 32);
	v[2] += v[3];
	v[3] = rotl(v[3], 16) ^ v[2];
	v[0] += v[3];
	v[3] = rotl(v[3], 21) ^ v[0];
	v[2] += v[1];
	v[1] = rotl(v[1], 17) ^ v[2];
	v[2] = rotl(v[2], 32);
}

static uint64_t load_le(const uint8_t *b, size_t n)
{
	uint64_t w = 0;

	for (size_t i = 0; i < n; i++)
		w |= (uint64_t)b[i] << (8 * i);
	return w;
}

uint64_t hd_keyed_hash(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint64_t v[4], last;
	size_t i;

	if (!keyed)
		make_key();
	v[0] = key[0] ^ UINT64_C(0x736f6d6570736575);
	v[1] = key[1] ^ UINT64_C(0x646f72616e646f6d);
	v[2] = key[0] ^ UINT64_C(0x6c7967656e657261);
	v[3] = key[1] ^ UINT64_C(0x7465646279746573);
	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t m = load_le(b + i, 8);
		v[3] ^= m;
		round1(v);
		v[0] ^= m;
	}
	last = (uint64_t)(n & 0xff) << 56 | load_le(b + i, n - i);
	v[3] ^= last;
	round1(v);
	v[0] ^= last;
	v[2] ^= 0xff;
	round1(v);
	round1(v);
	round1(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}

uint64_t hd_keyed_hash_u64(uint64_t v)
{
	uint8_t b[8];

	for (unsigned i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	return hd_keyed_hash(b, sizeof b);
}
