/* The vISA debug-information reader's libFuzzer target: built when
 * HDCTS_FUZZ is on, with clang (docs/visa.md, "Bad input"). */
#include <stdint.h>
#include <stdlib.h>

#include "visa_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Larger inputs reach nothing smaller ones do not, and slow every run. */
#define MAX_INPUT (1u << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return 0;
	if (visa_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
