/* The gfx9 decoder's libFuzzer target: built when HDCTS_FUZZ is on, with
 * clang (docs/gfx9-isa.md, "Bad input"). */
#include <stdint.h>
#include <stdlib.h>

#include "isa_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Larger inputs reach nothing smaller ones do not, and slow every run. */
#define MAX_INPUT 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return 0;
	/* a broken contract of the decoder is a finding */
	if (isa_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
