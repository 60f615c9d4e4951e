/* The watch-file reader's libFuzzer target: built when HDCTS_FUZZ is on,
 * with clang (docs/watch-format.md, "Reading a watch back"). */
#include <stdint.h>
#include <stdlib.h>

#include "watch_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (watch_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
