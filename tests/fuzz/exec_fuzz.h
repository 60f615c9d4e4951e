/* One fuzz input for the interpreter: bytes read as a SPIR-V module, its
 * first kernel run with small bounds. Whatever the bytes, the module is
 * refused with an error value or the run ends in an outcome; never a
 * crash, a hang or unbounded memory (the sanitizers watch). Shared by the
 * libFuzzer target (exec_fuzz_target.c) and test_exec_fuzz.c. */
#ifndef HD_EXEC_FUZZ_H
#define HD_EXEC_FUZZ_H

#include "exec/exec.h"
#include "spirv/spirv.h"

/* 0 the run ended in an outcome, 1 refused, -1 the interpreter failed. */
static inline int exec_fuzz_one(const uint8_t *data, size_t size)
{
	hd_spv_module *m = NULL;
	hd_exec *x = NULL;
	hd_exec_config c;
	hd_exec_outcome o;
	hd_status st;
	int rc = 1;

	hd_status_clear(&st);
	if (hd_spv_read_binary(data, size, &m, &st) != 0)
		return 1;
	hd_exec_config_default(&c);
	c.max_steps = 100000;
	c.max_memory = 16u << 20;
	c.max_bytes = 256u << 20;
	if (hd_di_build(m, &st) == 0 && hd_exec_new(m, NULL, &c, &x, &st) == 0)
		rc = hd_exec_run(x, NULL, &o, &st) == 0 ? 0 : -1;
	hd_exec_free(x);
	hd_spv_free(m);
	return rc;
}

#endif
