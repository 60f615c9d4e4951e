/* One input of the gfx9 decoder's fuzzing (test_isa_fuzz.c, the libFuzzer
 * target isa_fuzz_target.c): decodes the bytes from offset 0 to the end on
 * the three machines, printing what decodes. Returns -1 when the decoder
 * broke its contract (a size past the bytes, an error without its reason
 * or address, an empty text), else 0; a crash or a hang is the sanitizers'
 * and the fuzzer's to see. */
#ifndef HD_ISA_FUZZ_H
#define HD_ISA_FUZZ_H

#include <stdint.h>
#include <string.h>

#include "amdgpu/isa/isa.h"

static int isa_fuzz_one(const uint8_t *data, size_t size)
{
	static const hd_isa_mach machs[] = { HD_ISA_GFX900, HD_ISA_GFX906, HD_ISA_GFX90A };
	hd_isa_insn in;
	hd_status st;
	hd_buf out;
	int rc = 0;

	hd_buf_init(&out);
	for (size_t m = 0; m < 3; m++)
		for (size_t at = 0; at < size;) {
			hd_status_clear(&st);
			if (hd_isa_decode(machs[m], data + at, size - at, at, &in, &st) != 0) {
				if (st.code == NULL || st.offset != at || st.kind != HD_BAD_INPUT)
					rc = -1;
				at += 4;
				continue;
			}
			hd_buf_reset(&out);
			hd_isa_print(&in, &out);
			if (in.size > size - at || (in.size != 4 && in.size != 8 && in.size != 12) ||
			    out.len == 0 || in.row == NULL)
				rc = -1;
			at += in.size;
		}
	hd_buf_free(&out);
	return rc;
}

#endif
