/* The run-record readers' libFuzzer target (results.json and run.txt):
 * built when HDCTS_FUZZ is on, with clang (docs/conformance.md, "Verifying
 * a submission"). */
#include <stdint.h>
#include <stdlib.h>

#include "record_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Larger inputs reach nothing smaller ones do not, and slow every run. */
#define MAX_INPUT (256u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return 0;
	if (record_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
