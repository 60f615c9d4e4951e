/* Unit tests of virtual unwinding through the library API (unwind.h) on the
 * AMDGPU model: a deep recursion unwound frame by frame in both wave sizes,
 * with the work per question growing linearly with the depth; the requests
 * without a call stack; and the stack check. The corpus (cases/cfi) covers
 * each rule and instruction; this covers what needs many frames. */
#include "tap.h"

#include "amdgpu/model.h"
#include "dwarf/cfi/cfi.h"
#include "dwarf/eval/unwind.h"

#include <stdlib.h>
#include <string.h>

/* The stack: nframes - 1 frames of f, then the kernel k. */
static uint32_t nframes;
#define NFRAMES nframes
#define F_LOW 0x1000u      /* f: [0x1000, 0x1100), calls itself at 0x1040 */
#define K_LOW 0x2000u      /* k: [0x2000, 0x2100), calls f at 0x2040 */

static const hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };
static hd_status st;

/* Assembles CFA text for the AMDGPU model, or fails the test. */
static void cfa(hd_buf *out, const hd_target *t, const char *text)
{
	hd_buf_reset(out);
	if (hd_cfa_assemble(text, strlen(text), 8, &enc, &t->names, out, &st) != 0)
		printf("# %s: %s\n", text, st.msg);
}

/* f keeps its frame pointer in s33 and the CFA is s33 in private_wave; it
 * saves the caller's s33 at CFA + 0 and its return address at CFA + 8. The
 * kernel's CFA is private_wave 0 and it has no return address. */
static hd_cfi *make_cfi(const hd_target *t, hd_buf *sec)
{
	hd_buf cie, f, k;
	hd_cfi *cfi = NULL;

	hd_buf_init(&cie);
	hd_buf_init(&f);
	hd_buf_init(&k);
	cfa(&cie, t, "LLVM_def_aspace_cfa s33 0 6");
	cfa(&f, t, "offset_extended s33 0; expression pc { LLVM_offset_uconst 8 }");
	cfa(&k, t, "def_cfa_expression { lit0; lit6; LLVM_form_aspace_address }; undefined pc");
	{
		hd_cie_desc c = { 0, HD_CIE_AUGMENTATION_AMD, 8, 0, 4, 4, 16, cie.data, cie.len };
		hd_fde_desc fd[2] = {
			{ 0, 0, 0, F_LOW, 0x100, f.data, f.len },
			{ 0, 0, 0, K_LOW, 0x100, k.data, k.len },
		};
		hd_buf_reset(sec);
		if (hd_cfi_write(sec, &c, 1, fd, 2, &st) != 0 ||
		    hd_cfi_parse(sec->data, sec->len, 8, &cfi, &st) != 0)
			printf("# cfi: %s\n", st.msg);
	}
	hd_buf_free(&cie);
	hd_buf_free(&f);
	hd_buf_free(&k);
	return cfi;
}

/* Frame i < NFRAMES - 1 is f with frame pointer fp(i); frame NFRAMES - 1 is k. */
static uint64_t fp(uint32_t i)
{
	return i == NFRAMES - 1 ? 0 : 0x100 * (uint64_t)(NFRAMES - 1 - i);
}

static uint64_t pc_of(uint32_t i)
{
	if (i == 0)
		return F_LOW + 0x10;
	return i == NFRAMES - 1 ? K_LOW + 0x40 : F_LOW + 0x40;
}

static void put32(hd_amdgpu *m, uint64_t addr, uint64_t v, unsigned n)
{
	uint8_t b[8];

	for (unsigned i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	hd_amdgpu_write_mem(m, 6, 0, 0, addr, b, n, &st);
}

/* A model whose call stack has nframes frames. */
typedef struct deep {
	hd_amdgpu *m;
	const hd_target *t;
	uint64_t *pcs;
	hd_buf sec;
	hd_cfi *cfi;
	hd_callstack cs;
	hd_context ctx;
	hd_eval *ev;
} deep;

static void deep_init(deep *d, unsigned wave, uint32_t n)
{
	uint8_t s33[4];

	nframes = n;
	d->m = hd_amdgpu_new(wave);
	d->t = hd_amdgpu_target(d->m);
	d->pcs = calloc(n, sizeof *d->pcs);
	hd_buf_init(&d->sec);
	d->cfi = make_cfi(d->t, &d->sec);
	for (uint32_t i = 0; i < n; i++) {
		d->pcs[i] = pc_of(i);
		if (i + 1 < n) {
			put32(d->m, fp(i), fp(i + 1), 4);
			put32(d->m, fp(i) + 8, pc_of(i + 1), 8);
		}
	}
	for (unsigned i = 0; i < 4; i++)
		s33[i] = (uint8_t)(fp(0) >> (8 * i));
	hd_amdgpu_set_reg(d->m, 65, s33, 4, &st);
	d->cs = (hd_callstack){ d->cfi, NULL, 0, d->pcs, n };
	memset(&d->ctx, 0, sizeof d->ctx);
	d->ctx.arch = d->t;
	d->ctx.has_thread = 1;
	d->ctx.stack = &d->cs;
	d->ev = hd_eval_new(NULL);
}

static void deep_free(deep *d)
{
	hd_eval_free(d->ev);
	hd_cfi_free(d->cfi);
	hd_buf_free(&d->sec);
	free(d->pcs);
	hd_amdgpu_free(d->m);
}

static void test_deep_stack(unsigned wave)
{
	deep d;
	hd_result res;
	int cfa_ok = 1, pc_ok = 1, reg_ok = 1;
	uint64_t steps;

	deep_init(&d, wave, 100);
	OK(d.cfi != NULL, "the CFI of f and k is written and read back");
	OK(hd_unwind_check(d.ev, &d.ctx, &enc, &st) == 0, "every frame unwinds to the stack's pc");
	for (uint32_t i = 0; i < NFRAMES; i++) {
		hd_unwind_pc(d.ev, &d.ctx, &enc, i, &res);
		pc_ok &= res.kind == HD_OUT_VALUE && res.value.lo == pc_of(i);
		hd_unwind_cfa(d.ev, &d.ctx, &enc, i, &res);
		cfa_ok &= res.kind == HD_OUT_LOCATION && res.loc->n == 1 &&
		          res.loc->s[0].storage->kind == HD_STORAGE_MEMORY &&
		          res.loc->s[0].offset == (hd_bits)fp(i) * 8;
		if (i > 0 && i + 1 < NFRAMES) {
			/* f's s33 in frame i is where frame i-1 saved it: its CFA */
			hd_unwind_register(d.ev, &d.ctx, &enc, i, 65, &res);
			reg_ok &= res.kind == HD_OUT_LOCATION &&
			          res.loc->s[0].offset == (hd_bits)fp(i - 1) * 8;
		}
		hd_eval_reset(d.ev);
	}
	OK(pc_ok, "the pc of each of the 100 frames");
	OK(cfa_ok, "the CFA of each of the 100 frames");
	OK(reg_ok, "s33 of each frame of f is at its callee's CFA");

	hd_unwind_pc(d.ev, &d.ctx, &enc, NFRAMES - 1, &res);
	steps = res.steps;
	hd_unwind_pc(d.ev, &d.ctx, &enc, NFRAMES / 2 - 1, &res);
	printf("# steps: frame %u %llu, frame %u %llu\n", (unsigned)NFRAMES - 1,
	       (unsigned long long)steps, (unsigned)NFRAMES / 2 - 1, (unsigned long long)res.steps);
	OK(steps > res.steps && steps <= 3 * res.steps,
	   "unwinding twice as deep costs about twice the work, not exponentially more");

	hd_unwind_pc(d.ev, &d.ctx, &enc, NFRAMES, &res);
	EQ_STR(res.status.code, "frame-not-active", "a frame past the stack is not active");
	d.pcs[1] = 0x1044;
	OK(hd_unwind_check(d.ev, &d.ctx, &enc, &st) == -1, "a stack that disagrees with the CFI fails the check");
	EQ_STR(st.code, "call-stack-mismatch", "... as a call-stack mismatch");
	deep_free(&d);
}

/* 3000 frames: program locations are unwound from the top down, so even the
 * last one is reached; a chain of same-value rules through every frame is
 * cut off with an error instead of exhausting the C stack. */
static void test_very_deep_stack(void)
{
	deep d;
	hd_result res;

	deep_init(&d, 64, 3000);
	hd_unwind_pc(d.ev, &d.ctx, &enc, NFRAMES - 1, &res);
	OK(res.kind == HD_OUT_VALUE && res.value.lo == pc_of(NFRAMES - 1),
	   "the pc of frame 2999");
	hd_unwind_register(d.ev, &d.ctx, &enc, NFRAMES - 2, 72, &res);
	EQ_STR(res.status.code, "unwind-depth", "s40 of frame 2998 needs 2998 same-value rules: unwind-depth");
	deep_free(&d);
}

static void test_without_stack(void)
{
	hd_amdgpu *m = hd_amdgpu_new(64);
	hd_eval *ev = hd_eval_new(NULL);
	hd_context ctx;
	hd_result res;
	uint64_t lanes = 7;

	memset(&ctx, 0, sizeof ctx);
	ctx.arch = hd_amdgpu_target(m);
	ctx.has_thread = 1;
	OK(hd_unwind_cfa(ev, &ctx, &enc, 0, &res) == -1, "no call stack: the CFA request fails");
	EQ_STR(res.status.code, "missing-context-frame", "... for want of the call frame context");
	OK(hd_eval_lane_pc(ev, &ctx, &enc, 0, &lanes, &res) == -1, "lane_pc without a stack fails");
	OK(hd_unwind_check(ev, &ctx, &enc, &st) == 0, "no stack: nothing to check");
	hd_eval_free(ev);
	hd_amdgpu_free(m);
}

int main(void)
{
	tap_begin();
	test_deep_stack(64);
	test_deep_stack(32);
	test_very_deep_stack();
	test_without_stack();
	return tap_end();
}
