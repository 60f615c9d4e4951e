/* The code-object reader's libFuzzer target: built when HDCTS_FUZZ is on,
 * with clang (docs/amdgpu-dispatch.md, "Fuzzing"). */
#include <stdint.h>
#include <stdlib.h>

#include "codeobj_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Larger inputs reach nothing smaller ones do not, and slow every run. */
#define MAX_INPUT (1u << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return 0;
	if (codeobj_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
