/* The interpreter's libFuzzer target: built when HDCTS_FUZZ is on, with
 * clang (docs/interpreter.md, "Fuzzing"). */
#include <stdint.h>
#include <stdlib.h>

#include "exec_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Larger inputs reach nothing smaller ones do not, and slow every run. */
#define MAX_INPUT (256u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return 0;
	/* a failure of the interpreter itself (not an outcome) is a finding */
	if (exec_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
