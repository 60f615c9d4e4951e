/* The vISA debug-information reader's libFuzzer target: built when
 * HDCTS_FUZZ is on, with clang (docs/visa.md, "Bad input"). */
#include <stdint.h>
#include <stdlib.h>

#include "visa_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (visa_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
