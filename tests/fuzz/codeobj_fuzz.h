/* One fuzz input for the code-object reader: bytes read as a code object,
 * and when they are one, a dispatch of each kernel with the defaults.
 * Whatever the bytes, the result is an error value or a state; never a
 * crash, a hang or unbounded memory (the sanitizers watch). Shared by the
 * libFuzzer target (codeobj_fuzz_target.c) and test_codeobj.c. */
#ifndef HD_CODEOBJ_FUZZ_H
#define HD_CODEOBJ_FUZZ_H

#include "amdgpu/codeobj/codeobj.h"

/* 0 read, 1 refused, -1 an error that is not a value (a bug). */
static inline int codeobj_fuzz_one(const uint8_t *data, size_t size)
{
	hd_codeobj *co = NULL;
	hd_status st;

	hd_status_clear(&st);
	if (hd_codeobj_read(data, size, &co, &st) != 0)
		return st.kind == HD_OK || st.code == NULL ? -1 : 1;
	for (size_t i = 0; i < hd_codeobj_nkernels(co); i++) {
		hd_dispatch_config c;
		hd_dispatch_state s;
		hd_dispatch_config_default(&c);
		if (hd_dispatch(co, hd_codeobj_kernel(co, i), &c, &s, &st) == 0)
			hd_dispatch_state_free(&s);
	}
	hd_codeobj_free(co);
	return 0;
}

#endif
