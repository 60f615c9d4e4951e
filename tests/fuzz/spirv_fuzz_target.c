/* The SPIR-V front end's libFuzzer target (docs/fuzzing.md): built when
 * HDCTS_FUZZ is on, with clang. Each input is read as a SPIR-V binary, its
 * debug-info graph built, validated, printed (diagnostics and the id-free
 * dump) and, when no rule is broken, lowered to an AMDGPU code object, as
 * hdref check, debuginfo and lower do in turn. Every step may refuse the
 * input with an error value; none may crash, hang or keep more diagnostics
 * than its cap (tests/test_spirv_fuzz.c checks the same on mutations). */
#include <stdint.h>
#include <stdlib.h>

#include "lower/lower.h"
#include "spirv/spirv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The committed modules are a few KiB; a bigger one only costs time. */
#define MAX_INPUT (256u << 10)

/* A lowering or build failure is bad input or no memory, never anything else. */
static int expected_failure(const hd_status *st)
{
	return st->kind == HD_BAD_INPUT || st->kind == HD_NO_MEMORY;
}

/* Lowers a module that validated clean and writes its code object; the
 * setting comes from the module's length so both profiles and wave sizes
 * are reached. -1 on an unexpected failure. */
static int lower_clean(const hd_spv_module *m, size_t size)
{
	hd_lower_options o = { size & 4 ? HD_PROFILE_LLVM_USER : HD_PROFILE_AMDGPU_V0, 0,
	                       size & 8 ? 32u : 64u };
	hd_lowered *l = NULL;
	hd_status st;
	hd_buf elf;
	int rc = 0;

	hd_status_clear(&st);
	if (hd_lower(m, &o, &l, &st) != 0)
		return expected_failure(&st) ? 0 : -1;
	hd_buf_init(&elf);
	if (hd_lower_write_elf(l, &elf, &st) != 0 && !expected_failure(&st))
		rc = -1;
	hd_buf_free(&elf);
	hd_lowered_free(l);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hd_spv_module *m = NULL;
	hd_status st;
	hd_buf text;
	size_t broken;

	if (size > MAX_INPUT)
		return 0;
	hd_status_clear(&st);
	if (hd_spv_read_binary(data, size, &m, &st) != 0) {
		if (!expected_failure(&st))
			abort();
		return 0;
	}
	if (hd_di_build(m, &st) != 0) {
		if (!expected_failure(&st))
			abort();
		hd_spv_free(m);
		return 0;
	}
	broken = hd_di_validate(m);
	if (broken != m->ndiags + m->ndiags_dropped || m->ndiags > HD_SPV_MAX_DIAGS)
		abort();
	hd_buf_init(&text);
	hd_spv_diag_print(m, &text);
	hd_di_dump(m, &text);
	hd_buf_free(&text);
	if (broken == 0 && lower_clean(m, size) != 0)
		abort();
	hd_spv_free(m);
	return 0;
}
