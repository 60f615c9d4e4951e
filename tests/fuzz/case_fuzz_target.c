/* The case-file reader's libFuzzer target (docs/fuzzing.md): built when
 * HDCTS_FUZZ is on, with clang. Each input is a case file
 * (docs/case-format.md); it is parsed and, when it parses, run to its
 * canonical output on the model, as hdref eval does. Parsing may only fail
 * as bad input (or for lack of memory), running likewise: every other
 * failure, a crash or a hang is a finding (tests/case_test.h does the same
 * on mutations of fixed cases). */
#include <stdint.h>
#include <stdlib.h>

#include "case/case.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The committed cases are a few KiB; a bigger one only costs time. */
#define MAX_INPUT (64u << 10)

/* What a refused or failed case may say: the input's fault, or memory. */
static int expected_failure(const hd_status *st)
{
	return st->kind == HD_BAD_INPUT || st->kind == HD_NO_MEMORY;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hd_case *c = NULL;
	hd_status st;
	hd_buf out;

	if (size > MAX_INPUT)
		return 0;
	hd_status_clear(&st);
	if (hd_case_parse((const char *)data, size, &c, &st) != 0) {
		if (!expected_failure(&st))
			abort();
		return 0;
	}
	hd_buf_init(&out);
	if (hd_case_run(c, 1, &out, &st) != 0 && !expected_failure(&st))
		abort();
	hd_buf_free(&out);
	hd_case_free(c);
	return 0;
}
