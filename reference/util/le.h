/* Little-endian numbers in byte buffers: DWARF operands, register and
 * memory bytes the evaluator reads. */
#ifndef HD_LE_H
#define HD_LE_H

#include <stdint.h>

/* The little-endian number in the first n (1 to 8) bytes of p. The common
 * sizes are written out, which the compiler makes single loads; a hot path
 * (decoding an operand, reading a register) asks for one of them. */
static inline uint64_t hd_le_bytes(const uint8_t *p, unsigned n)
{
	uint64_t x = 0;

	switch (n) {
	case 1:
		return p[0];
	case 2:
		return (uint64_t)p[0] | (uint64_t)p[1] << 8;
	case 4:
		return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
		       (uint64_t)p[3] << 24;
	case 8:
		return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
		       (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
		       (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
	default:
		while (n-- > 0)
			x = x << 8 | p[n];
		return x;
	}
}

#endif
