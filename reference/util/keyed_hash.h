/* hd_keyed_hash: the hash for tables keyed by what the input says (names,
 * addresses, page numbers). A fixed hash such as FNV-1a can be inverted:
 * input built so its keys share a slot turns each table operation into a
 * walk over all of them, quadratic in all. This one is SipHash-1-3
 * (Aumasson and Bernstein) under a 128-bit key drawn once per process
 * from the system's random source, so which keys collide is not knowable
 * in advance. The tables never let their slot order reach their output,
 * so output stays the same from run to run. Not thread-safe on the first
 * call (nothing here runs threads). */
#ifndef HD_UTIL_KEYED_HASH_H
#define HD_UTIL_KEYED_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t hd_keyed_hash(const void *p, size_t n);

/* The hash of one 64-bit value, as of its 8 little-endian bytes. */
uint64_t hd_keyed_hash_u64(uint64_t v);

#endif
