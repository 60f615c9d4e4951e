/* The CFI reader's and the unwinder's libFuzzer target (docs/fuzzing.md):
 * built when HDCTS_FUZZ is on, with clang. The first byte of an input
 * chooses the address size, the wave size and a register; the rest is a
 * .debug_frame section. It is parsed; for the first FDEs the rows are
 * computed at their first, middle and last address for a few registers
 * (the return address, the frame registers, a VGPR, the chosen one); then a
 * call stack of those FDEs is unwound on the AMDGPU model frame by frame
 * (CFA, program location, registers) as a case's `evaluate` requests do.
 * Whatever the bytes: a parse error, a rule or an evaluation outcome with a
 * reason code; never an internal error, a crash or a hang. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/model.h"
#include "dwarf/cfi/cfi.h"
#include "dwarf/eval/unwind.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A section of a few KiB holds many entries; more only costs time. */
#define MAX_INPUT (16u << 10)
/* The FDEs looked at, and the depth of the call stack made of them. */
#define MAX_FDES 8
#define MAX_FRAMES 4

/* wave64 DWARF numbers: pc, s32, s33, v40 (docs/amdgpu-facts.md). */
static const uint64_t regs[] = { 16, 64, 65, 2600 };

/* A failure is the input's (ill-formed, an evaluation error) or memory. */
static int expected_failure(const hd_status *st)
{
	return st->kind != HD_INTERNAL && st->code != NULL && st->code[0] != '\0';
}

/* The rows of fde at three addresses for each register. -1 on a finding. */
static int check_rows(const hd_cfi *cfi, const hd_fde *fde, uint64_t extra_reg)
{
	uint64_t end = fde->initial_location + fde->address_range;
	uint64_t pcs[3] = { fde->initial_location,
	                    fde->initial_location + fde->address_range / 2, end - 1 };

	for (size_t p = 0; p < 3; p++) {
		for (size_t r = 0; r <= sizeof regs / sizeof regs[0]; r++) {
			uint64_t reg = r < sizeof regs / sizeof regs[0] ? regs[r] : extra_reg;
			hd_cfa_rule cfa;
			hd_rule rule;
			hd_status st;

			hd_status_clear(&st);
			if (hd_cfi_rules(cfi, fde, pcs[p], reg, HD_RULE_UNDEFINED, &cfa, &rule,
			                 &st) != 0 && !expected_failure(&st))
				return -1;
		}
	}
	return 0;
}

/* An evaluation that failed must say why, as a code. */
static int outcome_ok(const hd_result *r)
{
	return r->kind != HD_OUT_ERROR || expected_failure(&r->status);
}

/* Unwinds a call stack whose frames sit in the first FDEs. -1 on a finding. */
static int check_unwind(const hd_cfi *cfi, unsigned wave, uint64_t extra_reg)
{
	static const hd_limits limits = { 20000, 256, 16, 16u << 20 };
	static const hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };
	uint64_t pcs[MAX_FRAMES];
	uint32_t n = 0;
	hd_amdgpu *model = hd_amdgpu_new(wave);
	hd_eval *ev = hd_eval_new(&limits);
	hd_callstack cs;
	hd_context ctx;
	hd_status st;
	int rc = 0;

	if (model == NULL || ev == NULL)
		abort();
	for (size_t i = 0; i < cfi->nfdes && n < MAX_FRAMES; i++)
		pcs[n++] = cfi->fdes[i].initial_location + cfi->fdes[i].address_range / 2;
	if (n == 0)
		pcs[n++] = 0;
	cs = (hd_callstack){ cfi, NULL, 0, pcs, n };
	memset(&ctx, 0, sizeof ctx);
	ctx.arch = hd_amdgpu_target(model);
	ctx.has_thread = 1;
	ctx.stack = &cs;
	for (uint32_t f = 0; f < n && rc == 0; f++) {
		hd_result r;

		hd_unwind_cfa(ev, &ctx, &enc, f, &r);
		rc |= outcome_ok(&r) ? 0 : -1;
		hd_unwind_pc(ev, &ctx, &enc, f, &r);
		rc |= outcome_ok(&r) ? 0 : -1;
		hd_unwind_register(ev, &ctx, &enc, f, f ? regs[f % 4] : extra_reg, &r);
		rc |= outcome_ok(&r) ? 0 : -1;
		hd_eval_reset(ev);
	}
	hd_status_clear(&st);
	if (rc == 0 && hd_unwind_check(ev, &ctx, &enc, &st) != 0 && !expected_failure(&st))
		rc = -1;
	hd_eval_free(ev);
	hd_amdgpu_free(model);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hd_cfi *cfi = NULL;
	hd_status st;
	unsigned setting, addr_size;
	uint64_t extra_reg;

	if (size < 1 || size > MAX_INPUT)
		return 0;
	setting = data[0];
	addr_size = setting & 1 ? 4 : 8;
	extra_reg = setting >> 2;  /* 0-63: s0-s31 and the special registers */
	hd_status_clear(&st);
	if (hd_cfi_parse(data + 1, size - 1, addr_size, &cfi, &st) != 0) {
		if (!expected_failure(&st))
			abort();
		return 0;
	}
	for (size_t i = 0; i < cfi->nfdes && i < MAX_FDES; i++)
		if (check_rows(cfi, &cfi->fdes[i], extra_reg) != 0)
			abort();
	if (check_unwind(cfi, setting & 2 ? 32 : 64, extra_reg) != 0)
		abort();
	hd_cfi_free(cfi);
	return 0;
}
