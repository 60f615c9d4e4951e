/* The gfx9 decoder on hostile bytes, the deterministic part of its fuzzing
 * (the libFuzzer target isa_fuzz_target.c explores further): every row of
 * the opcode table with random operand bits, cut at every length, and
 * random dwords. Each must decode within its bytes or be refused with a
 * reason and its address; never a crash (the sanitizers of the CI build
 * watch). */
#include "tap.h"

#include "fuzz/isa_fuzz.h"

/* A first dword with the row's encoding and opcode and random other bits. */
static uint32_t word_of(const hd_isa_row *r, uint32_t rnd)
{
	switch (r->enc) {
	case HD_ISA_SOP2: return 0x80000000u | (uint32_t)r->op << 23 | (rnd & 0x7fffff);
	case HD_ISA_SOPK: return 0xb0000000u | (uint32_t)r->op << 23 | (rnd & 0x7fffff);
	case HD_ISA_SOP1: return 0xbe800000u | (rnd & 0x7f00ff) | (uint32_t)r->op << 8;
	case HD_ISA_SOPC: return 0xbf000000u | (uint32_t)r->op << 16 | (rnd & 0xffff);
	case HD_ISA_SOPP: return 0xbf800000u | (uint32_t)r->op << 16 | (rnd & 0xffff);
	case HD_ISA_SMEM: return 0xc0000000u | (uint32_t)r->op << 18 | (rnd & 0x3ffff);
	case HD_ISA_VOP2: return (uint32_t)r->op << 25 | (rnd & 0x1ffffff);
	case HD_ISA_VOP1: return 0x7e000000u | (uint32_t)r->op << 9 | (rnd & 0x1fe01ff);
	case HD_ISA_VOPC: return 0x7c000000u | (uint32_t)r->op << 17 | (rnd & 0x1ffff);
	case HD_ISA_VOP3: return 0xd0000000u | (uint32_t)r->op << 16 | (rnd & 0xffff);
	case HD_ISA_VOP3P: return 0xd3800000u | (uint32_t)r->op << 16 | (rnd & 0xffff);
	case HD_ISA_DS: return 0xd8000000u | (uint32_t)r->op << 17 | (rnd & 0x201ffff);
	case HD_ISA_FLAT: case HD_ISA_SCRATCH: case HD_ISA_GLOBAL:
		return 0xdc000000u | (uint32_t)r->op << 18 | (rnd & 0x303ffff);
	default: return 0xe0000000u | (uint32_t)r->op << 18 | (rnd & 0x303ffff);
	}
}

int main(void)
{
	size_t bad = 0, tried = 0;
	uint8_t b[12];

	tap_begin();
	for (size_t i = 0; i < hd_isa_nrows; i++)
		for (int k = 0; k < 8; k++) {
			uint32_t w = word_of(&hd_isa_rows[i], (uint32_t)tap_random());
			uint64_t r = tap_random();
			memcpy(b, &w, 4);
			memcpy(b + 4, &r, 8);
			for (size_t n = 0; n <= sizeof b; n++, tried++)
				bad += isa_fuzz_one(b, n) < 0;
		}
	OK(bad == 0, "every row with random operand bits, at every length: decoded within its bytes or refused with a reason");
	printf("# %zu inputs\n", tried);
	bad = 0;
	for (int k = 0; k < 20000; k++) {
		uint64_t r[2] = { tap_random(), tap_random() };
		bad += isa_fuzz_one((const uint8_t *)r, 12) < 0;
	}
	OK(bad == 0, "random dwords: decoded or refused with a reason");
	return tap_end();
}
