/* The watch-file reader's libFuzzer target: built when HDCTS_FUZZ is on,
 * with clang (docs/watch-format.md, "Reading a watch back"). */
#include <stdint.h>
#include <stdlib.h>

#include "watch_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Larger inputs reach nothing smaller ones do not, and slow every run. */
#define MAX_INPUT (256u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return 0;
	if (watch_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
