/* The gfx9 executor (reference/amdgpu/wave) on small instruction sequences
 * assembled by llvm-mc-15 while the test runs (the assembly is the test's
 * text, the encodings are LLVM's): each family of the semantics table from
 * a hand-made initial state, EXEC masking, scratch through MUBUF and
 * through scratch_* landing where the model's private_lane swizzle reads,
 * flat through each aperture, calls with s_swappc/s_setpc, a barrier
 * between two waves, and every outcome. Skipped without llvm-mc-15. */
#include "tap.h"

#include <math.h>
#include <stdlib.h>

#include "amdgpu/wave/wave.h"

#define EQ(g, w, n) tap_eq_u64((g), (w), __FILE__, __LINE__, (n))

#define CODE 0x1000u

static hd_status st;

/* Assembles text with llvm-mc-15 for gfx90a: the bytes of every
 * "encoding: [...]" line in order, and of every ".long" word (an encoding
 * copied from a compiler's output that llvm-mc would write otherwise). 0 on
 * success. */
static int assemble(const char *text, uint8_t *out, size_t max, size_t *n)
{
	char path[] = "/tmp/test_gfx9.XXXXXX", cmd[256], line[1024];
	int fd = mkstemp(path);
	FILE *f;

	*n = 0;
	if (fd < 0)
		return -1;
	f = fdopen(fd, "w");
	if (f == NULL)
		return -1;
	fputs(text, f);
	fclose(f);
	snprintf(cmd, sizeof cmd,
	         "llvm-mc-15 -triple=amdgcn-amd-amdhsa -mcpu=gfx90a --show-encoding %s 2>&1", path);
	f = popen(cmd, "r");
	if (f == NULL) {
		remove(path);
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		char *p = strstr(line, "encoding: [");
		if (strstr(line, "error") != NULL)
			printf("# llvm-mc: %s", line);
		if (p == NULL && (p = strstr(line, ".long")) != NULL && *n + 4 <= max) {
			unsigned long w = strtoul(p + 5, NULL, 0);
			for (int i = 0; i < 4; i++)
				out[(*n)++] = (uint8_t)(w >> (8 * i));
			continue;
		}
		if (p == NULL)
			continue;
		for (p += 11; *p != '\0' && *p != ']';) {
			char *end;
			unsigned long b = strtoul(p, &end, 16);
			if (end == p || *n >= max)
				break;
			out[(*n)++] = (uint8_t)b;
			p = end + (*end == ',');
		}
	}
	remove(path);
	return pclose(f) == 0 && *n > 0 ? 0 : -1;
}

/* A program and the executor it runs on. */
typedef struct prog {
	uint8_t code[4096];
	size_t n;
	uint8_t code2[1024];
	size_t n2;
	hd_gfx9 *x;
	hd_gfx9_outcome o;
	int rc;
} prog;

/* Assembles text at CODE, makes an executor with `waves` waves at pc CODE,
 * v0 the lane id. */
static int setup(prog *p, const char *text, unsigned waves)
{
	hd_gfx9_config c;
	uint32_t idx;
	unsigned wv, lane;

	memset(p, 0, sizeof *p);
	if (assemble(text, p->code, sizeof p->code, &p->n) != 0) {
		printf("# could not assemble:\n%s\n", text);
		return -1;
	}
	hd_gfx9_config_default(&c);
	if (hd_gfx9_new(&c, &p->x, &st) != 0 ||
	    hd_gfx9_add_code(p->x, CODE, p->code, p->n, &st) != 0)
		return -1;
	for (wv = 0; wv < waves; wv++) {
		if (hd_gfx9_add_wave(p->x, &idx, &st) != 0)
			return -1;
		hd_gfx9_set_pc(p->x, idx, CODE);
		hd_gfx9_set_mode(p->x, idx, 0xf0);  /* keep denormals, round to nearest */
		for (lane = 0; lane < 64; lane++)
			hd_gfx9_set_vgpr(p->x, idx, 0, lane, lane);
	}
	return 0;
}

static int run(prog *p, const hd_gfx9_observer *obs)
{
	p->rc = hd_gfx9_run(p->x, obs, &p->o, &st);
	return p->rc;
}

static int completed(prog *p, const char *name)
{
	char what[160];

	snprintf(what, sizeof what, "%s: the run completes", name);
	if (OK(p->rc == 0 && p->o.end == HD_GFX9_COMPLETED, what))
		return 1;
	printf("  # rc %d end %s: %s\n", p->rc, hd_gfx9_end_name(p->o.end), p->o.detail);
	return 0;
}

static void done(prog *p)
{
	hd_gfx9_free(p->x);
	p->x = NULL;
}

static uint32_t S(prog *p, unsigned s)
{
	return hd_gfx9_sgpr(p->x, 0, s);
}

static uint32_t V(prog *p, unsigned v, unsigned lane)
{
	return hd_gfx9_vgpr(p->x, 0, v, lane);
}

static uint32_t fbits(float f)
{
	uint32_t b;
	memcpy(&b, &f, 4);
	return b;
}

static uint32_t read32(hd_amdgpu *m, uint64_t aspace, int has_lane, unsigned lane, uint64_t a)
{
	uint8_t b[4] = { 0, 0, 0, 0 };

	if (hd_amdgpu_read_mem(m, aspace, has_lane, lane, a, b, 4, &st) != 0)
		printf("  # read: %s\n", st.msg);
	return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* ---- scalar ALU ---- */

static void test_salu(void)
{
	prog p;

	if (setup(&p, "s_mov_b32 s0, 5\n"
	              "s_add_u32 s1, s0, 0xfffffffe\n"   /* carries: scc 1 */
	              "s_addc_u32 s2, 0, 0\n"            /* 0 + 0 + scc */
	              "s_mov_b64 s[4:5], -1\n"
	              "s_lshl_b64 s[6:7], s[4:5], 36\n"
	              "s_cmp_lt_i32 s4, 0\n"
	              "s_cselect_b32 s8, 11, 22\n"
	              "s_movk_i32 s9, 0x8000\n"
	              "s_mov_b32 s10, 0xabcd\n"
	              "s_bfe_u32 s10, s10, 0x80004\n"      /* 8 bits at 4 */
	              "s_sext_i32_i8 s11, 0x80\n"
	              "s_mul_i32 s12, s0, -3\n"
	              "s_and_saveexec_b64 s[14:15], 0xff\n"
	              "s_endpgm\n", 1) != 0) {
		OK(0, "salu: setup");
		return;
	}
	run(&p, NULL);
	if (completed(&p, "salu")) {
		EQ(S(&p, 1), 3, "s_add_u32 wraps");
		EQ(S(&p, 2), 1, "s_addc_u32 adds the carry s_add_u32 left in SCC");
		EQ(S(&p, 6), 0, "s_lshl_b64: low dword");
		EQ(S(&p, 7), 0xfffffff0u, "s_lshl_b64: a 64-bit pair shifted");
		EQ(S(&p, 8), 11, "s_cselect_b32 after s_cmp_lt_i32 -1 < 0");
		EQ(S(&p, 9), 0xffff8000u, "s_movk_i32 sign-extends");
		EQ(S(&p, 10), 0xbc, "s_bfe_u32");
		EQ(S(&p, 11), 0xffffff80u, "s_sext_i32_i8");
		EQ(S(&p, 12), (uint32_t)-15, "s_mul_i32 with an inline negative");
		EQ(S(&p, 14), UINT32_MAX, "s_and_saveexec_b64 saves EXEC");
		EQ(hd_gfx9_exec(p.x, 0), 0xff, "s_and_saveexec_b64 masks EXEC");
		EQ((uint64_t)hd_gfx9_scc(p.x, 0), 1, "s_and_saveexec_b64: SCC says EXEC is not 0");
	}
	done(&p);
}

/* ---- vector ALU and EXEC ---- */

static void test_valu(void)
{
	prog p;
	unsigned lane;

	if (setup(&p, "s_mov_b64 exec, 5\n"              /* lanes 0 and 2 */
	              "v_mov_b32 v1, 7\n"
	              "v_add_u32 v2, v0, v1\n"
	              "v_mov_b32 v3, 0x12345678\n"        /* a literal */
	              "v_lshl_or_b32 v4, v0, 8, v1\n"
	              "v_mul_lo_u32 v5, v3, v0\n"
	              "v_add3_u32 v6, v0, v0, 1\n"
	              "v_bfe_u32 v7, v3, 8, 8\n"
	              "v_mbcnt_lo_u32_b32 v8, -1, 0\n"
	              "s_mov_b64 exec, -1\n"
	              "v_lshrrev_b64 v[10:11], 4, v[2:3]\n"
	              "v_cmp_gt_u32 vcc, 2, v0\n"          /* lanes 0, 1 */
	              "v_mov_b32 v12, 100\n"
	              "v_cndmask_b32 v12, v12, v0, vcc\n"
	              "v_add_co_u32 v13, vcc, -1, v0\n"
	              "v_addc_co_u32 v14, vcc, 0, 0, vcc\n"
	              "v_mad_u64_u32 v[16:17], s[20:21], v3, 16, v[10:11]\n"
	              "v_accvgpr_write_b32 a3, v0\n"
	              "v_accvgpr_read_b32 v18, a3\n"
	              "v_readlane_b32 s22, v0, 9\n"
	              "v_writelane_b32 v19, s22, 3\n"
	              "s_mov_b64 exec, 0x30\n"
	              "v_readfirstlane_b32 s23, v0\n"
	              "s_mov_b64 exec, -1\n"
	              "v_mov_b32 v20, 0x85068708\n"
	              "v_mov_b32 v21, 0x0c0d0400\n"
	              "v_perm_b32 v22, v3, v20, v21\n"
	              "v_mov_b32 v21, 0x0b0a0908\n"
	              "v_perm_b32 v23, v3, v20, v21\n"
	              "s_endpgm\n", 1) != 0) {
		OK(0, "valu: setup");
		return;
	}
	for (lane = 0; lane < 64; lane++)
		hd_gfx9_set_vgpr(p.x, 0, 2, lane, 0xdead);
	run(&p, NULL);
	if (completed(&p, "valu")) {
		EQ(V(&p, 2, 0), 7, "v_add_u32 in lane 0");
		EQ(V(&p, 2, 1), 0xdead, "EXEC: lane 1 keeps its value");
		EQ(V(&p, 2, 2), 9, "v_add_u32 in lane 2");
		EQ(V(&p, 4, 2), 0x207, "v_lshl_or_b32");
		EQ(V(&p, 5, 2), 0x2468acf0, "v_mul_lo_u32");
		EQ(V(&p, 6, 2), 5, "v_add3_u32");
		EQ(V(&p, 7, 0), 0x56, "v_bfe_u32");
		EQ(V(&p, 8, 2), 2, "v_mbcnt_lo_u32_b32 counts the set bits of src0 below the lane");
		EQ(V(&p, 10, 2), 0x80000000u, "v_lshrrev_b64: low dword");
		EQ(V(&p, 11, 2), 0x01234567u, "v_lshrrev_b64: high dword");
		EQ(V(&p, 12, 1), 1, "v_cndmask_b32 takes src1 where vcc is set");
		EQ(V(&p, 12, 5), 100, "v_cndmask_b32 takes src0 elsewhere");
		EQ(V(&p, 13, 0), UINT32_MAX, "v_add_co_u32: lane 0 has no carry");
		EQ(V(&p, 14, 0), 0, "v_addc_co_u32: lane 0 adds no carry");
		EQ(V(&p, 14, 7), 1, "v_addc_co_u32: lane 7 adds its carry");
		EQ(V(&p, 16, 2) | (uint64_t)V(&p, 17, 2) << 32,
		   0x12345678ull * 16 + 0x0123456780000000ull, "v_mad_u64_u32");
		EQ(V(&p, 18, 33), 33, "v_accvgpr_write_b32 then v_accvgpr_read_b32");
		EQ(hd_gfx9_agpr(p.x, 0, 3, 40), 40, "AGPR a3 holds v0");
		EQ(S(&p, 22), 9, "v_readlane_b32");
		EQ(V(&p, 19, 3), 9, "v_writelane_b32 writes one lane");
		EQ(V(&p, 19, 4), 0, "v_writelane_b32 leaves the others");
		EQ(S(&p, 23), 4, "v_readfirstlane_b32: the first lane of EXEC");
		EQ(V(&p, 22, 0), 0x00ff7808, "v_perm_b32: bytes of {src0, src1}, 0xff for 13, 0 for 12");
		EQ(V(&p, 23, 0), 0x0000ffff, "v_perm_b32: selectors 8 to 11 spread a byte's sign");
	}
	done(&p);
}

/* ---- floats: IEEE single and double, VOP3 modifiers ---- */

static void test_vfloat(void)
{
	prog p;

	if (setup(&p, "v_mov_b32 v1, 1.0\n"
	              "v_mov_b32 v2, -2.0\n"
	              "v_add_f32_e64 v3, -v1, |v2|\n"          /* -1 + 2 */
	              "v_mul_f32_e64 v4, v1, v2 mul:2\n"        /* omod */
	              "v_add_f32_e64 v5, v1, 4.0 clamp\n"       /* clamp to 1 */
	              "v_mov_b32 v6, 0x40400000\n"              /* 3.0 */
	              "v_rcp_f32 v7, v6\n"
	              "v_sqrt_f32 v8, v6\n"
	              "v_cvt_f64_f32 v[10:11], v6\n"
	              "v_fma_f64 v[12:13], v[10:11], v[10:11], 1.0\n"
	              "v_cvt_i32_f32 v14, v2\n"
	              "v_cvt_f32_u32 v15, v0\n"
	              "v_cmp_lt_f32 vcc, v1, v6\n"
	              "v_med3_f32 v16, v6, 2.0, v1\n"
	              "v_ldexp_f32 v17, v6, 2\n"
	              "s_endpgm\n", 1) != 0) {
		OK(0, "vfloat: setup");
		return;
	}
	run(&p, NULL);
	if (completed(&p, "vfloat")) {
		EQ(V(&p, 3, 0), fbits(1.0f), "v_add_f32 with neg and abs");
		EQ(V(&p, 4, 0), fbits(-4.0f), "v_mul_f32 with omod mul:2");
		EQ(V(&p, 5, 0), fbits(1.0f), "v_add_f32 with clamp");
		EQ(V(&p, 7, 0), fbits((float)(1.0 / 3.0)), "v_rcp_f32: exact, rounded once");
		EQ(V(&p, 8, 0), fbits((float)sqrt(3.0)), "v_sqrt_f32: exact, rounded once");
		EQ(V(&p, 12, 0) | (uint64_t)V(&p, 13, 0) << 32, 0x4024000000000000ull,
		   "v_fma_f64 3*3+1 = 10");
		EQ(V(&p, 14, 0), (uint32_t)-2, "v_cvt_i32_f32");
		EQ(V(&p, 15, 9), fbits(9.0f), "v_cvt_f32_u32");
		EQ(S(&p, 106) & 1, 1, "v_cmp_lt_f32 1 < 3");
		EQ(V(&p, 16, 0), fbits(2.0f), "v_med3_f32");
		EQ(V(&p, 17, 0), fbits(12.0f), "v_ldexp_f32");
	}
	done(&p);
}

/* ---- memory ---- */

static void test_global(void)
{
	prog p;
	hd_amdgpu *m;

	if (setup(&p, "s_mov_b32 s0, 0x10000\n"
	              "s_mov_b32 s1, 0\n"
	              "v_lshlrev_b32 v1, 2, v0\n"
	              "v_add_u32 v2, 100, v0\n"
	              "global_store_dword v1, v2, s[0:1] offset:16\n"
	              "global_load_dword v3, v1, s[0:1] offset:20\n"
	              "v_mov_b32 v4, 0x10000\n"
	              "v_mov_b32 v5, 0\n"
	              "global_load_dwordx2 v[6:7], v[4:5], off\n"
	              "global_load_ubyte v8, v[4:5], off offset:2\n"
	              "global_store_byte v[4:5], v2, off offset:3\n"
	              "s_load_dword s2, s[0:1], 0x14\n"
	              "s_mov_b32 s7, 0x18\n"
	              /* s_load_dword s8, s[0:1], s7 as clang-15 -O2 encodes it
	               * (SOE set, IMM clear, offset field 0): llvm-mc writes the
	               * text as the older SGPR-offset form */
	              ".long 0xC0004200, 0x0E000000\n"
	              "global_atomic_add v1, v0, s[0:1] offset:16\n"
	              "s_endpgm\n", 1) != 0) {
		OK(0, "global: setup");
		return;
	}
	m = hd_gfx9_model(p.x, 0);
	{
		const uint8_t init[4] = { 1, 2, 3, 4 };
		hd_amdgpu_write_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x10000, init, 4, &st);
	}
	run(&p, NULL);
	if (completed(&p, "global")) {
		EQ(read32(m, HD_ASPACE_GLOBAL, 0, 0, 0x10000 + 16 + 4 * 7), 107 + 7,
		   "global_store_dword then global_atomic_add: lane 7's dword");
		EQ(V(&p, 3, 7), 108, "global_load_dword reads lane 8's store");
		EQ(V(&p, 3, 63), 0, "memory never written reads as zero");
		EQ(V(&p, 6, 0), 0x04030201, "global_load_dwordx2, low dword");
		EQ(V(&p, 8, 0), 3, "global_load_ubyte");
		EQ(read32(m, HD_ASPACE_GLOBAL, 0, 0, 0x10000) >> 24, 100 + 63,
		   "global_store_byte: the last lane's byte");
		EQ(S(&p, 2), 101, "s_load_dword reads what the vector stores wrote");
		EQ(S(&p, 8), 102, "s_load_dword with an SGPR offset (soe, no imm): s7 alone");
	}
	done(&p);
}

/* A scratch V# as the runtime builds it for wave64 (docs/amdgpu-dispatch.md):
 * base 0, swizzled, ADD_TID, element size 4, index stride 64. */
static const char *vsharp =
	"s_mov_b32 s0, 0\n"
	"s_mov_b32 s1, 0x80000000\n"
	"s_mov_b32 s2, 0x10000\n"
	"s_mov_b32 s3, 0x00ea4fac\n";

static void test_scratch(void)
{
	prog p;
	char text[2048];
	hd_amdgpu *m;
	unsigned lane, bad = 0;

	snprintf(text, sizeof text, "%s"
	         "v_add_u32 v1, 0x500, v0\n"
	         "buffer_store_dword v1, off, s[0:3], 0 offset:8\n"
	         "v_mov_b32 v2, 16\n"
	         "s_mov_b32 flat_scratch_lo, 0\n"
	         "s_mov_b32 flat_scratch_hi, 0\n"
	         "v_add_u32 v4, 0x600, v0\n"
	         "scratch_store_dwordx2 v2, v[4:5], off\n"
	         "buffer_load_dword v5, off, s[0:3], 0 offset:16\n"
	         "scratch_load_dword v6, off, s4 offset:8\n"
	         "buffer_store_byte v1, off, s[0:3], 0 offset:33\n"
	         "s_endpgm\n", vsharp);
	if (setup(&p, text, 1) != 0) {
		OK(0, "scratch: setup");
		return;
	}
	hd_gfx9_set_sgpr(p.x, 0, 4, 0);
	run(&p, NULL);
	if (!completed(&p, "scratch")) {
		done(&p);
		return;
	}
	m = hd_gfx9_model(p.x, 0);
	for (lane = 0; lane < 64; lane++) {
		bad += read32(m, HD_ASPACE_PRIVATE_LANE, 1, lane, 8) != 0x500 + lane;
		bad += read32(m, HD_ASPACE_PRIVATE_LANE, 1, lane, 16) != 0x600 + lane;
		bad += V(&p, 5, lane) != 0x600 + lane;
		bad += V(&p, 6, lane) != 0x500 + lane;
		bad += (read32(m, HD_ASPACE_PRIVATE_LANE, 1, lane, 32) >> 8 & 0xff) != lane;
	}
	EQ(bad, 0, "MUBUF through the scratch V# and scratch_* through flat_scratch land on "
	           "each lane's private_lane bytes, and read back");
	EQ(read32(m, HD_ASPACE_PRIVATE_WAVE, 0, 0, 8 / 4 * 256 + 5 * 4), 0x505,
	   "private_lane 8 of lane 5 is private_wave 0x214 (the swizzle)");
	done(&p);
}

static void test_flat(void)
{
	prog p;
	hd_amdgpu *m;

	if (setup(&p, "s_mov_b64 exec, 3\n"
	              "v_lshlrev_b32 v1, 2, v0\n"
	              "v_add_u32 v2, 0x700, v0\n"
	              "s_mov_b32 flat_scratch_lo, 0\n"
	              "s_mov_b32 flat_scratch_hi, 0\n"
	              /* global */
	              "v_add_u32 v4, 0x20000, v1\n"
	              "v_mov_b32 v5, 0\n"
	              "flat_store_dword v[4:5], v2\n"
	              /* local through the shared aperture */
	              "v_mov_b32 v5, src_shared_base\n"
	              "v_mov_b32 v4, v1\n"
	              "flat_store_dword v[4:5], v2 offset:64\n"
	              /* scratch through the private aperture */
	              "v_mov_b32 v5, src_private_base\n"
	              "v_mov_b32 v4, 12\n"
	              "flat_store_dword v[4:5], v2\n"
	              "flat_load_dword v6, v[4:5]\n"
	              "ds_read_b32 v7, v1 offset:64\n"
	              "s_endpgm\n", 1) != 0) {
		OK(0, "flat: setup");
		return;
	}
	run(&p, NULL);
	if (completed(&p, "flat")) {
		m = hd_gfx9_model(p.x, 0);
		EQ(read32(m, HD_ASPACE_GLOBAL, 0, 0, 0x20004), 0x701, "flat to global");
		EQ(read32(m, HD_ASPACE_LOCAL, 0, 0, 68), 0x701, "flat through the shared aperture to LDS");
		EQ(read32(m, HD_ASPACE_PRIVATE_LANE, 1, 1, 12), 0x701,
		   "flat through the private aperture to lane 1's scratch");
		EQ(V(&p, 6, 1), 0x701, "flat_load_dword from scratch");
		EQ(V(&p, 7, 1), 0x701, "ds_read_b32 sees the flat store");
		EQ(S(&p, 124), 0, "m0 untouched");
	}
	done(&p);
}

/* ---- control ---- */

static void test_calls(void)
{
	prog p;

	/* the callee at CODE + 0x800, reached through a 64-bit address */
	if (setup(&p, "s_getpc_b64 s[0:1]\n"
	              "s_mov_b32 s4, 0x1800\n"
	              "s_mov_b32 s5, 0\n"
	              "v_mov_b32 v1, 1\n"
	              "s_swappc_b64 s[30:31], s[4:5]\n"
	              "v_add_u32 v1, 100, v1\n"
	              "s_cmp_eq_u32 s6, 42\n"
	              "s_cbranch_scc1 1\n"
	              "v_mov_b32 v9, 9\n"   /* skipped */
	              "s_endpgm\n", 1) != 0 ||
	    assemble("v_add_u32 v1, 10, v1\n"
	             "s_mov_b32 s6, 42\n"
	             "s_setpc_b64 s[30:31]\n", p.code2, sizeof p.code2, &p.n2) != 0 ||
	    hd_gfx9_add_code(p.x, CODE + 0x800, p.code2, p.n2, &st) != 0) {
		OK(0, "calls: setup");
		return;
	}
	run(&p, NULL);
	if (completed(&p, "calls")) {
		EQ(S(&p, 0), CODE + 4, "s_getpc_b64: the next instruction's address");
		EQ(S(&p, 30), CODE + 4 + 4 + 4 + 4 + 8, "s_swappc_b64 saves the return address");
		EQ(V(&p, 1, 5), 111, "the callee ran between the caller's instructions");
		EQ(V(&p, 9, 5), 0, "s_cbranch_scc1 skipped an instruction");
	}
	done(&p);
}

static void test_barrier(void)
{
	prog p;
	hd_amdgpu *m;

	/* wave 0 at CODE reads what wave 1 (at CODE + 0x800) writes to LDS
	 * after many instructions; only the barrier makes wave 0 wait */
	if (setup(&p, "v_lshlrev_b32 v1, 2, v0\n"
	              "s_barrier\n"
	              "ds_read_b32 v2, v1 offset:256\n"
	              "s_endpgm\n", 2) != 0 ||
	    assemble("s_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\n"
	             "v_lshlrev_b32 v1, 2, v0\n"
	             "v_add_u32 v3, 0x900, v0\n"
	             "ds_write_b32 v1, v3 offset:256\n"
	             "s_barrier\n"
	             "s_endpgm\n", p.code2, sizeof p.code2, &p.n2) != 0 ||
	    hd_gfx9_add_code(p.x, CODE + 0x800, p.code2, p.n2, &st) != 0) {
		OK(0, "barrier: setup");
		return;
	}
	hd_gfx9_set_pc(p.x, 1, CODE + 0x800);
	run(&p, NULL);
	if (completed(&p, "barrier")) {
		EQ(hd_gfx9_vgpr(p.x, 0, 2, 6), 0x906, "after s_barrier wave 0 reads wave 1's LDS store");
		m = hd_gfx9_model(p.x, 0);
		EQ(read32(m, HD_ASPACE_LOCAL, 0, 0, 256 + 4 * 6), 0x906, "the waves share LDS");
	}
	done(&p);
}

/* ---- outcomes, the observer, the model copy ---- */

typedef struct watch {
	unsigned calls;
	uint64_t last_pc;
	unsigned stop_at;
} watch;

static int on_step(void *ctx, hd_gfx9 *x, const hd_gfx9_where *w, hd_status *s)
{
	watch *wt = ctx;

	(void)x;
	(void)s;
	wt->calls++;
	wt->last_pc = w->pc;
	return wt->stop_at != 0 && wt->calls == wt->stop_at;
}

static void outcome(const char *text, hd_gfx9_end end, const char *detail, const char *name)
{
	prog p;
	char what[160];

	if (setup(&p, text, 1) != 0) {
		OK(0, name);
		return;
	}
	if (end == HD_GFX9_STEP_LIMIT) {
		hd_gfx9_config c;
		hd_gfx9_free(p.x);
		hd_gfx9_config_default(&c);
		c.max_steps = 1000;
		hd_gfx9_new(&c, &p.x, &st);
		hd_gfx9_add_code(p.x, CODE, p.code, p.n, &st);
		hd_gfx9_add_wave(p.x, &(uint32_t){ 0 }, &st);
		hd_gfx9_set_pc(p.x, 0, CODE);
	}
	run(&p, NULL);
	snprintf(what, sizeof what, "%s: %s", name, hd_gfx9_end_name(end));
	if (!EQ_STR(hd_gfx9_end_name(p.o.end), hd_gfx9_end_name(end), what))
		printf("  # %s\n", p.o.detail);
	snprintf(what, sizeof what, "%s: the detail names it", name);
	OK(strstr(p.o.detail, detail) != NULL, what);
	if (strstr(p.o.detail, detail) == NULL)
		printf("  # detail: %s\n", p.o.detail);
	done(&p);
}

static void test_outcomes(void)
{
	prog p;
	watch wt = { 0, 0, 0 };
	hd_gfx9_observer obs = { &wt, on_step };
	uint8_t b[8];

	outcome("s_trap 2\n", HD_GFX9_TRAPPED, "s_trap 2", "s_trap");
	outcome("v_msad_u8 v0, v1, v2, v3\ns_endpgm\n", HD_GFX9_UNSUPPORTED, "v_msad_u8",
	        "a mnemonic with no row");
	outcome("s_getpc_b64 s[0:1]\ns_setpc_b64 s[0:1]\n", HD_GFX9_STEP_LIMIT, "1000 steps",
	        "a loop");
	outcome("s_nop 0\n", HD_GFX9_TRAPPED, "outside the code", "running off the end");
	outcome("v_mov_b32 v1, -2\nds_write_b32 v1, v0\ns_endpgm\n", HD_GFX9_TRAPPED,
	        "pass the end", "an LDS store past its 32-bit space");

	if (setup(&p, "v_mov_b32 v2, 5\ns_nop 0\ns_endpgm\n", 1) != 0) {
		OK(0, "observer: setup");
		return;
	}
	wt.stop_at = 2;
	run(&p, &obs);
	EQ_STR(hd_gfx9_end_name(p.o.end), "stopped", "the observer stops the run");
	EQ(wt.last_pc, CODE + 4, "before the second instruction");
	OK(hd_gfx9_sync(p.x, 0, &st) == 0, "sync copies the registers to the model");
	OK(hd_amdgpu_get_reg(hd_gfx9_model(p.x, 0), HD_AMDGPU_VGPR0_W64 + 2, b, 8, &st) == 0 &&
	   b[0] == 5 && b[4] == 5, "the model shows v2 = 5 in lanes 0 and 1");
	OK(hd_amdgpu_get_reg(hd_gfx9_model(p.x, 0), HD_AMDGPU_PC_64, b, 8, &st) == 0 &&
	   b[0] == ((CODE + 4) & 0xff) && b[1] == (CODE + 4) >> 8, "the model's pc is the stop's");
	wt.stop_at = 0;
	run(&p, &obs);
	EQ_STR(hd_gfx9_end_name(p.o.end), "completed", "a second run goes on to the end");
	EQ(wt.calls, 4, "the observer saw every instruction, the one it stopped at twice");
	done(&p);
}

/* Every row of the semantics table names a mnemonic of the decoder's
 * opcode table (with its _e32/_e64 suffix dropped). */
static void test_table(void)
{
	size_t i, j, bad = 0;

	for (i = 0; i < hd_gfx9_nops(); i++) {
		const char *mn = hd_gfx9_op_at(i);
		size_t n = strlen(mn);
		int found = 0;
		for (j = 0; j < hd_isa_nrows && !found; j++) {
			const char *r = hd_isa_rows[j].mnemonic;
			found = strcmp(r, mn) == 0 ||
			        (strncmp(r, mn, n) == 0 && (strcmp(r + n, "_e32") == 0 ||
			                                    strcmp(r + n, "_e64") == 0));
		}
		if (!found) {
			printf("  # %s is not in the opcode table\n", mn);
			bad++;
		}
	}
	EQ(bad, 0, "every ops.def mnemonic is one of the decoder's");
}

int main(void)
{
	tap_begin();
	test_table();
	if (system("command -v llvm-mc-15 >/dev/null 2>&1") != 0) {
		printf("# SKIP the programs: llvm-mc-15 (llvm-15) is not installed\n");
		return tap_end();
	}
	test_salu();
	test_valu();
	test_vfloat();
	test_global();
	test_scratch();
	test_flat();
	test_calls();
	test_barrier();
	test_outcomes();
	return tap_end();
}
