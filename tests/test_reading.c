/* Readings of a producer's location expressions (reference/debugger/reading.c):
 * the extension's operations each reading writes for clang's amdgcn forms,
 * and what the variable then reads on a model: only LLVM's reading finds
 * the value a wave stored through a 32-bit frame register in private
 * memory. */
#include "tap.h"

#include <libdwarf/dwarf.h>
#include <string.h>

#include "amdgpu/model.h"
#include "debugger/dwarf_frame.h"
#include "debugger/reading.h"

#define SGPR33 65  /* AMDGPUUsage "DWARF Register Identifier": SGPR0 is 32 */
#define FORM_ASPACE 0xe1  /* DW_OP_LLVM_form_aspace_address, amdgpu-v0 */

static const uint8_t fb_s33[] = { DW_OP_regx, SGPR33 };
static const uint8_t fb_exec[] = { DW_OP_regx, 17 };  /* EXEC_64: wide enough */
static const uint8_t at_clang15[] = { DW_OP_fbreg, 8, DW_OP_lit1, DW_OP_swap, DW_OP_xderef };
static const uint8_t at_clang22[] = { DW_OP_fbreg, 8, DW_OP_lit5, DW_OP_swap, DW_OP_xderef };

static const hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };

/* rd's rewrite of b equals want */
static int rewrites_to(const hd_reading *rd, const hd_target *arch, int fb, const uint8_t *b,
                       size_t n, const uint8_t *want, size_t wn)
{
	hd_buf out;
	hd_status st;
	int ok;

	hd_buf_init(&out);
	ok = hd_reading_rewrite(rd, arch, &enc, fb, b, n, &out, &st) == 0 && out.len == wn &&
	     memcmp(out.data, want, wn) == 0;
	if (!ok)
		printf("# got %zu bytes\n", out.len);
	hd_buf_free(&out);
	return ok;
}

typedef struct frame_base {
	const uint8_t *b;
	size_t n;
} frame_base;

static int answer(void *self, hd_frame_query q, uint32_t frame, uint64_t reg,
                  const uint8_t **expr, size_t *len)
{
	const frame_base *f = self;

	(void)reg;
	if (q != HD_FRAME_BASE || frame != 0)
		return -1;
	*expr = f->b;
	*len = f->n;
	return 0;
}

/* Reads 4 bytes of the clang-15 variable in lane 3 as rd means it: 0 with
 * *v, or -1 with st's reason. */
static int read_var(const hd_reading *rd, hd_amdgpu *m, hd_eval *ev, uint32_t *v, hd_status *st)
{
	hd_buf fb, at;
	frame_base f;
	hd_frames frames = { &f, answer };
	hd_context cx;
	uint8_t b[4];
	int rc;

	memset(&cx, 0, sizeof cx);
	cx.arch = hd_amdgpu_target(m);
	cx.has_thread = cx.has_frame = cx.has_lane = cx.has_pc = 1;
	cx.lane = 3;
	cx.frames = &frames;
	cx.result = HD_RESULT_LOCATION;
	hd_buf_init(&fb);
	hd_buf_init(&at);
	hd_eval_reset(ev);
	rc = hd_reading_rewrite(rd, cx.arch, &enc, 1, fb_s33, sizeof fb_s33, &fb, st) |
	     hd_reading_rewrite(rd, cx.arch, &enc, 0, at_clang15, sizeof at_clang15, &at, st);
	f.b = fb.data;
	f.n = fb.len;
	if (rc == 0)
		rc = hd_watch_read_location(ev, &cx, &enc, at.data, at.len, 0, 32, b, st);
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	hd_buf_free(&fb);
	hd_buf_free(&at);
	return rc;
}

int main(void)
{
	hd_reading ext = { HD_READING_EXTENSION, 1 }, d5 = { HD_READING_DWARF5, 1 };
	hd_reading llvm15 = { HD_READING_LLVM, 1 }, llvm22 = { HD_READING_LLVM, 0 };
	hd_amdgpu *m = hd_amdgpu_new(64);
	hd_eval *ev = hd_eval_new(NULL);
	const hd_target *arch;
	hd_status st;
	hd_buf out;
	uint32_t v = 0;

	tap_begin();
	if (!OK(m != NULL && ev != NULL, "set up"))
		return tap_end();
	arch = hd_amdgpu_target(m);

	EQ_STR(hd_reading_name(HD_READING_LLVM), "llvm", "names");
	OK(hd_reading_by_name("dwarf5") == HD_READING_DWARF5 &&
	   hd_reading_by_name("gdb") == HD_READINGS, "looked up by name");
	OK(rewrites_to(&ext, arch, 1, fb_s33, 2, fb_s33, 2) &&
	   rewrites_to(&ext, arch, 0, at_clang15, 5, at_clang15, 5),
	   "the extension's reading changes nothing");
	{
		const uint8_t d5fb[] = { DW_OP_regx, SGPR33, DW_OP_deref_size, 4 };
		OK(rewrites_to(&d5, arch, 1, fb_s33, 2, d5fb, sizeof d5fb) &&
		   rewrites_to(&d5, arch, 0, at_clang15, 5, at_clang15, 5),
		   "DWARF 5: the 32-bit frame register zero-extended, xderef kept");
	}
	{
		const uint8_t lfb[] = { DW_OP_regx, SGPR33, DW_OP_deref_size, 4,
		                        DW_OP_constu, 64, DW_OP_div };
		const uint8_t lat[] = { DW_OP_fbreg, 8, DW_OP_constu, 5, FORM_ASPACE };
		OK(rewrites_to(&llvm15, arch, 1, fb_s33, 2, lfb, sizeof lfb),
		   "LLVM: the frame register divided by the wavefront size");
		OK(rewrites_to(&llvm15, arch, 0, at_clang15, 5, lat, sizeof lat),
		   "LLVM, clang 15: lit1 (clang's private) forms a private_lane address");
		OK(rewrites_to(&llvm22, arch, 0, at_clang22, 5, lat, sizeof lat),
		   "LLVM, clang 22: lit5 (DW_ASPACE_AMDGPU_private_lane) kept as it is");
	}
	OK(rewrites_to(&llvm15, arch, 1, fb_exec, 2, fb_exec, 2),
	   "a 64-bit frame register is an address as it is");
	{
		const uint8_t bad_reg[] = { DW_OP_regx, 0xff, 0x7f };
		const uint8_t cut[] = { DW_OP_fbreg };
		hd_buf_init(&out);
		OK(hd_reading_rewrite(&d5, arch, &enc, 1, bad_reg, sizeof bad_reg, &out, &st) != 0 &&
		   strcmp(st.code, "register-unknown") == 0, "a register the target lacks");
		OK(hd_reading_rewrite(&llvm15, arch, &enc, 0, cut, sizeof cut, &out, &st) != 0 &&
		   st.kind == HD_ILL_FORMED, "a cut expression is the decoder's verdict");
		hd_buf_free(&out);
	}

	/* A wave whose frame register holds 0x100, a wave offset: lane 3's
	 * private_lane frame is at 0x100 / 64 = 4, its variable at 12. */
	{
		const uint8_t s33[4] = { 0x00, 0x01, 0, 0 }, val[4] = { 42, 0, 0, 0 };
		hd_amdgpu_set_reg(m, SGPR33, s33, 4, &st);
		hd_amdgpu_write_mem(m, HD_ASPACE_PRIVATE_LANE, 1, 3, 12, val, 4, &st);
	}
	OK(read_var(&ext, m, ev, &v, &st) != 0 && strcmp(st.code, "register-too-small") == 0,
	   "the extension: the frame register is too small for an address");
	OK(read_var(&d5, m, ev, &v, &st) != 0 || v != 42, "DWARF 5: not the variable");
	OK(read_var(&llvm15, m, ev, &v, &st) == 0 && v == 42, "LLVM: the variable");
	hd_eval_free(ev);
	hd_amdgpu_free(m);
	return tap_end();
}
