/* Shared by the lowering tests: a module from SPIR-V assembly text. */
#ifndef HD_LOWER_TEST_H
#define HD_LOWER_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spirv.h"

/* Assembles, reads and builds the debug-info graph of text; NULL (with a
 * TAP diagnostic line) when any step fails. Validation is the caller's. */
static inline hd_spv_module *lower_test_load(const char *text)
{
	hd_spv_module *m = NULL;
	uint32_t *words = NULL;
	size_t nwords = 0;
	hd_status st;

	hd_status_clear(&st);
	if (hd_spv_assemble(text, strlen(text), &words, &nwords, &st) != 0) {
		printf("# assemble: %s\n", st.msg);
		return NULL;
	}
	if (hd_spv_read_binary((const uint8_t *)words, nwords * 4, &m, &st) != 0) {
		printf("# read: %s\n", st.msg);
		free(words);
		return NULL;
	}
	free(words);
	if (hd_di_build(m, &st) != 0) {
		printf("# build: %s\n", st.msg);
		hd_spv_free(m);
		return NULL;
	}
	return m;
}

#endif
