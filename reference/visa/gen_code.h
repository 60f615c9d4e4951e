/* Where the instructions of a Gen kernel binary start (docs/visa.md, "The
 * code"): what the vISA maps' Gen offsets must point at. */
#ifndef HD_VISA_GEN_CODE_H
#define HD_VISA_GEN_CODE_H

#include <stddef.h>
#include <stdint.h>

#include "util/status.h"

typedef struct hd_gen_code {
	uint8_t *starts;  /* bit k: an instruction starts at byte 8k */
	size_t len;       /* bytes of code */
} hd_gen_code;

/* Walks code[0..len) instruction by instruction. Fails (HD_BAD_INPUT, with
 * the offset) when the last instruction runs past the end. */
int hd_gen_code_scan(const uint8_t *code, size_t len, hd_gen_code *out, hd_status *st);
/* Whether an instruction starts at off; the end of the code counts as one,
 * since a map's end entry and an interval's end may point there. */
int hd_gen_code_is_start(const hd_gen_code *g, uint64_t off);
void hd_gen_code_free(hd_gen_code *g);

#endif
