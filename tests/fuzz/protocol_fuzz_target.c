/* The target protocol's request reader as a libFuzzer target: built when
 * HDCTS_FUZZ is on, with clang (docs/adapter-protocol.md, "evaluate
 * through the target protocol"). */
#include <stdint.h>
#include <stdlib.h>

#include "protocol_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Larger inputs reach nothing smaller ones do not, and slow every run. */
#define MAX_INPUT (256u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return 0;
	if (protocol_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
