/* The interpreter's libFuzzer target: built when HDCTS_FUZZ is on, with
 * clang (docs/interpreter.md, "Fuzzing"). */
#include <stdint.h>
#include <stdlib.h>

#include "exec_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a failure of the interpreter itself (not an outcome) is a finding */
	if (exec_fuzz_one(data, size) < 0)
		abort();
	return 0;
}
