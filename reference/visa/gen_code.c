/* Gen instruction starts (gen_code.h). From Gen9 to Gen12 an instruction is
 * 16 bytes, or 8 when compacted, and bit 29 of its first dword (CmptCtrl)
 * says which (Intel Graphics PRM, "EU Instruction Set", instruction
 * compaction); nothing else about it is needed to find the next one. */
#include "gen_code.h"

#include <stdlib.h>

#define GEN_CMPT_CTRL (1u << 29)

static uint32_t dword_at(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int hd_gen_code_scan(const uint8_t *code, size_t len, hd_gen_code *out, hd_status *st)
{
	size_t at = 0;

	out->len = len;
	out->starts = calloc(len / 64 + 1, 1);
	if (out->starts == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	while (at < len) {
		size_t size = len - at >= 4 && (dword_at(code + at) & GEN_CMPT_CTRL) ? 8 : 16;
		if (size > len - at) {
			hd_gen_code_free(out);
			return hd_fail(st, HD_BAD_INPUT, "gen-truncated", at,
			               "the instruction at 0x%zx needs %zu bytes, %zu are left", at,
			               size, len - at);
		}
		out->starts[at / 64] |= (uint8_t)(1u << (at / 8 % 8));
		at += size;
	}
	return 0;
}

int hd_gen_code_is_start(const hd_gen_code *g, uint64_t off)
{
	if (off == g->len)
		return 1;
	return off < g->len && off % 8 == 0 && (g->starts[off / 64] >> (off / 8 % 8) & 1);
}

void hd_gen_code_free(hd_gen_code *g)
{
	free(g->starts);
	g->starts = NULL;
	g->len = 0;
}
