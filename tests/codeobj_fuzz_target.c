/* The code-object reader's libFuzzer target: built when HDCTS_FUZZ is on,
 * with clang (docs/amdgpu-dispatch.md, "Fuzzing"). */
#include <stdint.h>
#include <stdlib.h>

#include "codeobj_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (codeobj_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
