/* The SPIR-V interpreter (reference/exec) on hand-written kernels: every
 * family of the opcode table, control flow (OpPhi's parallel copy,
 * OpSwitch, calls and recursion, divergence and reconvergence), barriers
 * across wavefronts, atomics, generic pointers, builtins and every
 * outcome (test_exec_std.c has OpenCL.std). Each kernel writes
 * its results to its buffers, read back after the run (hd_exec_arg_buffer). */
#include "tap.h"

#include "exec_test.h"

#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>

/* One check of a result: out[idx] (or out64[idx]) must be want. */
typedef struct want {
	uint32_t idx;
	uint64_t value;
	const char *what;
} want;

static int run_body(exec_run *t, const char *decls, const char *body, const char *funcs,
                    const hd_exec_config *c, const hd_exec_observer *obs)
{
	hd_exec_config d;
	char *text = exec_test_module(decls, body, funcs);
	int rc;

	if (c == NULL) {
		exec_test_config(&d);
		c = &d;
	}
	rc = exec_test_run(t, text, c, obs);
	if (rc != 0)
		printf("# %s\n", t->st.msg);
	free(text);
	return rc;
}

static uint32_t U(const exec_run *t, uint32_t i)
{
	return (uint32_t)exec_test_elem(t, 0, i, 4);
}

static uint64_t L(const exec_run *t, uint32_t i)
{
	return exec_test_elem(t, 1, i, 8);
}

static int completed(const exec_run *t, const char *name)
{
	char what[160];

	snprintf(what, sizeof what, "%s: the run completes", name);
	if (OK(t->rc == 0 && t->o.end == HD_EXEC_COMPLETED, what))
		return 1;
	printf("  # rc %d end %d: %s\n", t->rc, (int)t->o.end, t->o.detail);
	return 0;
}

/* Every want of a table: 32-bit results from out, 64-bit from out64. */
static void check(const exec_run *t, const char *name, const want *w, size_t n, int wide)
{
	char what[200];

	for (size_t i = 0; i < n; i++) {
		snprintf(what, sizeof what, "%s: %s", name, w[i].what);
		EQ_U64(wide ? L(t, w[i].idx) : U(t, w[i].idx), w[i].value, what);
	}
}

/* The outcome and a word of its detail. */
static void outcome(const exec_run *t, hd_exec_end end, const char *word, const char *name)
{
	if (!OK(t->rc == 0 && t->o.end == end && strstr(t->o.detail, word) != NULL, name))
		printf("  # rc %d end %d: %s (%s)\n", t->rc, (int)t->o.end, t->o.detail, t->st.msg);
}

/* ------------------------------------------------------------------------
 * Arithmetic of every family of ops.def. */

static void test_int(void)
{
	static const char decls[] =
		"%m7 = OpConstant %uint 0xfffffff9\n";
	static const char body[] =
		"%a0 = OpIAdd %uint %u5 %u3\nSTORE 0 %a0\n"
		"%a1 = OpISub %uint %u3 %u5\nSTORE 1 %a1\n"
		"%a2 = OpIMul %uint %um1 %u3\nSTORE 2 %a2\n"
		"%a3 = OpUDiv %uint %um1 %u2\nSTORE 3 %a3\n"
		"%a4 = OpSDiv %uint %m7 %u2\nSTORE 4 %a4\n"
		"%a5 = OpSRem %uint %m7 %u2\nSTORE 5 %a5\n"
		"%a6 = OpSMod %uint %m7 %u2\nSTORE 6 %a6\n"
		"%a7 = OpUMod %uint %u7 %u3\nSTORE 7 %a7\n"
		"%a8 = OpShiftRightArithmetic %uint %umin %u4\nSTORE 8 %a8\n"
		"%a9 = OpShiftRightLogical %uint %umin %u4\nSTORE 9 %a9\n"
		"%a10 = OpShiftLeftLogical %uint %u3 %u4\nSTORE 10 %a10\n"
		"%a11 = OpBitwiseXor %uint %u5 %u3\nSTORE 11 %a11\n"
		"%a12 = OpNot %uint %u5\nSTORE 12 %a12\n"
		"%a13 = OpSNegate %uint %u5\nSTORE 13 %a13\n"
		"%a14 = OpBitCount %uint %um1\nSTORE 14 %a14\n"
		"%a15 = OpBitReverse %uint %u1\nSTORE 15 %a15\n"
		"%a16 = OpBitwiseAnd %uint %u7 %u10\nSTORE 16 %a16\n"
		"%a17 = OpBitwiseOr %uint %u5 %u10\nSTORE 17 %a17\n";
	static const want w[] = {
		{ 0, 8, "IAdd 5 + 3" }, { 1, 0xfffffffe, "ISub wraps" },
		{ 2, 0xfffffffd, "IMul wraps" }, { 3, 0x7fffffff, "UDiv" },
		{ 4, 0xfffffffd, "SDiv -7 / 2 = -3" }, { 5, 0xffffffff, "SRem -7 % 2 = -1" },
		{ 6, 1, "SMod -7 mod 2 = 1 (sign of the divisor)" }, { 7, 1, "UMod" },
		{ 8, 0xf8000000, "ShiftRightArithmetic" }, { 9, 0x08000000, "ShiftRightLogical" },
		{ 10, 48, "ShiftLeftLogical" }, { 11, 6, "BitwiseXor" }, { 12, 0xfffffffa, "Not" },
		{ 13, 0xfffffffb, "SNegate" }, { 14, 32, "BitCount" }, { 15, 0x80000000, "BitReverse" },
		{ 16, 2, "BitwiseAnd" }, { 17, 15, "BitwiseOr" },
	};
	exec_run t;

	run_body(&t, decls, body, NULL, NULL, NULL);
	if (completed(&t, "int"))
		check(&t, "int", w, sizeof w / sizeof w[0], 0);
	exec_test_free(&t);
}

static void test_float(void)
{
	static const char decls[] =
		"%fm7 = OpConstant %float -7\n"
		"%d3 = OpConstant %double 3\n";
	static const char body[] =
		"%b0 = OpFAdd %float %f1 %fhalf\n%c0 = OpBitcast %uint %b0\nSTORE 0 %c0\n"
		"%b1 = OpFSub %float %f1 %f4\n%c1 = OpBitcast %uint %b1\nSTORE 1 %c1\n"
		"%b2 = OpFMul %float %f3 %fhalf\n%c2 = OpBitcast %uint %b2\nSTORE 2 %c2\n"
		"%b3 = OpFDiv %float %f1 %f3\n%c3 = OpBitcast %uint %b3\nSTORE 3 %c3\n"
		"%b4 = OpFRem %float %fm7 %f2\n%c4 = OpBitcast %uint %b4\nSTORE 4 %c4\n"
		"%b5 = OpFMod %float %fm7 %f2\n%c5 = OpBitcast %uint %b5\nSTORE 5 %c5\n"
		"%b6 = OpFNegate %float %f2\n%c6 = OpBitcast %uint %b6\nSTORE 6 %c6\n"
		"%b7 = OpFDiv %float %f1 %f0\n%c7 = OpBitcast %uint %b7\nSTORE 7 %c7\n"
		"%v8 = OpCompositeConstruct %v2float %f3 %f4\n"
		"%b8 = OpDot %float %v8 %v8\n%c8 = OpBitcast %uint %b8\nSTORE 8 %c8\n"
		"%v9 = OpVectorTimesScalar %v2float %v8 %fhalf\n"
		"%b9 = OpCompositeExtract %float %v9 1\n%c9 = OpBitcast %uint %b9\nSTORE 9 %c9\n"
		"%e0 = OpFDiv %double %d1 %d3\n%e1 = OpBitcast %ulong %e0\nSTORE64 0 %e1\n";
	static const want w[] = {
		{ 0, 0x3fc00000, "FAdd 1 + 0.5" }, { 1, 0xc0400000, "FSub 1 - 4" },
		{ 2, 0x3fc00000, "FMul 3 * 0.5" }, { 3, 0x3eaaaaab, "FDiv 1 / 3 rounds to nearest" },
		{ 4, 0xbf800000, "FRem -7 rem 2 = -1 (sign of the dividend)" },
		{ 5, 0x3f800000, "FMod -7 mod 2 = 1 (sign of the divisor)" },
		{ 6, 0xc0000000, "FNegate" }, { 7, 0x7f800000, "FDiv 1 / 0 = +inf" },
		{ 8, 0x41c80000, "Dot (3,4).(3,4) = 25" }, { 9, 0x40000000, "VectorTimesScalar" },
	};
	static const want w64[] = { { 0, 0x3fd5555555555555ull, "double FDiv 1 / 3" } };
	exec_run t;

	run_body(&t, decls, body, NULL, NULL, NULL);
	if (completed(&t, "float")) {
		check(&t, "float", w, sizeof w / sizeof w[0], 0);
		check(&t, "float", w64, 1, 1);
	}
	exec_test_free(&t);
}

static void test_compare(void)
{
	static const char decls[] =
		"%m7 = OpConstant %uint 0xfffffff9\n";
	static const char body[] =
		"%c0 = OpSLessThan %bool %m7 %u1\n%s0 = OpSelect %uint %c0 %u1 %u0\nSTORE 0 %s0\n"
		"%c1 = OpULessThan %bool %m7 %u1\n%s1 = OpSelect %uint %c1 %u1 %u0\nSTORE 1 %s1\n"
		"%c2 = OpFOrdLessThan %bool %fnan %f1\n%s2 = OpSelect %uint %c2 %u1 %u0\nSTORE 2 %s2\n"
		"%c3 = OpFUnordLessThan %bool %fnan %f1\n%s3 = OpSelect %uint %c3 %u1 %u0\nSTORE 3 %s3\n"
		"%c4 = OpFOrdNotEqual %bool %fnan %f1\n%s4 = OpSelect %uint %c4 %u1 %u0\nSTORE 4 %s4\n"
		"%c5 = OpFUnordNotEqual %bool %fnan %f1\n%s5 = OpSelect %uint %c5 %u1 %u0\nSTORE 5 %s5\n"
		"%c6 = OpIsNan %bool %fnan\n%s6 = OpSelect %uint %c6 %u1 %u0\nSTORE 6 %s6\n"
		"%c7 = OpFOrdEqual %bool %f1 %f1\n%s7 = OpSelect %uint %c7 %u1 %u0\nSTORE 7 %s7\n"
		"%c8 = OpLogicalAnd %bool %c0 %c1\n%s8 = OpSelect %uint %c8 %u1 %u0\nSTORE 8 %s8\n"
		"%c9 = OpSGreaterThanEqual %bool %u1 %m7\n%s9 = OpSelect %uint %c9 %u1 %u0\nSTORE 9 %s9\n";
	static const want w[] = {
		{ 0, 1, "SLessThan -7 < 1" }, { 1, 0, "ULessThan 0xfffffff9 < 1 is false" },
		{ 2, 0, "FOrdLessThan with NaN is false" }, { 3, 1, "FUnordLessThan with NaN is true" },
		{ 4, 0, "FOrdNotEqual with NaN is false" }, { 5, 1, "FUnordNotEqual with NaN is true" },
		{ 6, 1, "IsNan" }, { 7, 1, "FOrdEqual 1 == 1" }, { 8, 0, "LogicalAnd" },
		{ 9, 1, "SGreaterThanEqual 1 >= -7" },
	};
	exec_run t;

	run_body(&t, decls, body, NULL, NULL, NULL);
	if (completed(&t, "compare"))
		check(&t, "compare", w, sizeof w / sizeof w[0], 0);
	exec_test_free(&t);
}

static void test_convert(void)
{
	static const char decls[] =
		"%m7 = OpConstant %uint 0xfffffff9\n"
		"%u300 = OpConstant %uint 300\n"
		"%fm37 = OpConstant %float -3.7\n"
		"%f37 = OpConstant %float 3.7\n"
		"%fbig = OpConstant %float 1e10\n"
		"%dthird = OpConstant %double 0x1.5555555555555p-2\n";
	static const char body[] =
		"%e0 = OpConvertFToS %uint %fm37\nSTORE 0 %e0\n"
		"%e1 = OpConvertFToU %uint %f37\nSTORE 1 %e1\n"
		"%e2 = OpConvertFToS %uint %fnan\nSTORE 2 %e2\n"
		"%e3 = OpConvertFToU %uint %fbig\nSTORE 3 %e3\n"
		"%e4 = OpSatConvertSToU %uchar %m7\n%x4 = OpUConvert %uint %e4\nSTORE 4 %x4\n"
		"%e5 = OpSatConvertUToS %uchar %u300\n%x5 = OpUConvert %uint %e5\nSTORE 5 %x5\n"
		"%e6 = OpConvertSToF %float %m7\n%x6 = OpBitcast %uint %e6\nSTORE 6 %x6\n"
		"%e7 = OpFConvert %float %dthird\n%x7 = OpBitcast %uint %e7\nSTORE 7 %x7\n"
		"%e8 = OpConvertUToF %float %um1\n%x8 = OpBitcast %uint %e8\nSTORE 8 %x8\n"
		"%e9 = OpSConvert %ulong %m7\nSTORE64 0 %e9\n"
		"%e10 = OpUConvert %ulong %m7\nSTORE64 1 %e10\n";
	static const want w[] = {
		{ 0, 0xfffffffd, "ConvertFToS -3.7 truncates to -3" }, { 1, 3, "ConvertFToU 3.7" },
		{ 2, 0, "ConvertFToS of NaN is 0" }, { 3, 0xffffffff, "ConvertFToU saturates" },
		{ 4, 0, "SatConvertSToU -7 to uchar is 0" }, { 5, 127, "SatConvertUToS 300 to char is 127" },
		{ 6, 0xc0e00000, "ConvertSToF -7" }, { 7, 0x3eaaaaab, "FConvert double 1/3 to float" },
		{ 8, 0x4f800000, "ConvertUToF 0xffffffff rounds to 2^32" },
	};
	static const want w64[] = {
		{ 0, 0xfffffffffffffff9ull, "SConvert sign-extends" },
		{ 1, 0xfffffff9ull, "UConvert zero-extends" },
	};
	exec_run t;

	run_body(&t, decls, body, NULL, NULL, NULL);
	if (completed(&t, "convert")) {
		check(&t, "convert", w, sizeof w / sizeof w[0], 0);
		check(&t, "convert", w64, 2, 1);
	}
	exec_test_free(&t);
}

static void test_composite(void)
{
	static const char body[] =
		"%v = OpCompositeConstruct %v4uint %u1 %u2 %u3 %u4\n"
		"%v2 = OpCompositeInsert %v4uint %u10 %v 2\n"
		"%x0 = OpCompositeExtract %uint %v2 2\nSTORE 0 %x0\n"
		"%sh = OpVectorShuffle %v4uint %v %v2 3 6 1 0\n"
		"%s0 = OpCompositeExtract %uint %sh 0\nSTORE 1 %s0\n"
		"%s1 = OpCompositeExtract %uint %sh 1\nSTORE 2 %s1\n"
		"%s2 = OpCompositeExtract %uint %sh 2\nSTORE 3 %s2\n"
		"%dy = OpVectorExtractDynamic %uint %v %u3\nSTORE 4 %dy\n"
		"%in = OpVectorInsertDynamic %v4uint %v %u7 %u0\n"
		"%i0 = OpCompositeExtract %uint %in 0\nSTORE 5 %i0\n"
		"%x1 = OpCompositeExtract %uint %v2 1\nSTORE 6 %x1\n";
	static const want w[] = {
		{ 0, 10, "CompositeInsert then CompositeExtract" },
		{ 1, 4, "VectorShuffle component 3 of the first" },
		{ 2, 10, "VectorShuffle component 6: the second vector's 2" },
		{ 3, 2, "VectorShuffle component 1" }, { 4, 4, "VectorExtractDynamic" },
		{ 5, 7, "VectorInsertDynamic" }, { 6, 2, "CompositeInsert leaves the others" },
	};
	exec_run t;

	run_body(&t, NULL, body, NULL, NULL, NULL);
	if (completed(&t, "composite"))
		check(&t, "composite", w, sizeof w / sizeof w[0], 0);
	exec_test_free(&t);
}

/* ------------------------------------------------------------------------
 * Control flow. */

/* a, b = b, a three times: the OpPhis of a block read their operands
 * before any of them is written (SPIR-V 2.2.4, a parallel copy) */
static void test_phi_swap(void)
{
	static const char body[] =
		"OpBranch %loop\n"
		"%loop = OpLabel\n"
		"%a = OpPhi %uint %u1 %entry %b %body\n"
		"%b = OpPhi %uint %u2 %entry %a %body\n"
		"%n = OpPhi %uint %u0 %entry %n1 %body\n"
		"%more = OpULessThan %bool %n %u3\n"
		"OpLoopMerge %exit %body None\n"
		"OpBranchConditional %more %body %exit\n"
		"%body = OpLabel\n"
		"%n1 = OpIAdd %uint %n %u1\n"
		"OpBranch %loop\n"
		"%exit = OpLabel\n"
		"STORE 0 %a\nSTORE 1 %b\nSTORE 2 %n\n";
	static const want w[] = {
		{ 0, 2, "after three swaps a is 2" }, { 1, 1, "after three swaps b is 1" },
		{ 2, 3, "the loop ran three times" },
	};
	exec_run t;

	run_body(&t, NULL, body, NULL, NULL, NULL);
	if (completed(&t, "phi swap"))
		check(&t, "phi swap", w, sizeof w / sizeof w[0], 0);
	exec_test_free(&t);
}

static void test_switch(void)
{
	static const char body[] =
		"%r = OpUMod %uint %i %u4\n"
		"OpSelectionMerge %m None\n"
		"OpSwitch %r %def 0 %case0 1 %case1\n"
		"%case0 = OpLabel\nOpBranch %m\n"
		"%case1 = OpLabel\nOpBranch %m\n"
		"%def = OpLabel\nOpBranch %m\n"
		"%m = OpLabel\n"
		"%v = OpPhi %uint %u10 %case0 %u16 %case1 %u63 %def\n"
		"STOREG %v\n";
	hd_exec_config c;
	exec_run t;
	int ok = 1;

	exec_test_config(&c);
	c.global_size[0] = c.local_size[0] = 8;
	run_body(&t, NULL, body, NULL, &c, NULL);
	if (completed(&t, "switch")) {
		for (uint32_t i = 0; i < 8; i++)
			ok &= U(&t, i) == (i % 4 == 0 ? 10u : i % 4 == 1 ? 16u : 63u);
		OK(ok, "switch: cases 0 and 1 and the default, per work-item");
	}
	exec_test_free(&t);
}

static const char fact_decls[] = "%ffn = OpTypeFunction %uint %uint\n";
static const char fact_func[] =
	"%fact = OpFunction %uint None %ffn\n"
	"%n = OpFunctionParameter %uint\n"
	"%fe = OpLabel\n"
	"%small = OpULessThanEqual %bool %n %u1\n"
	"OpSelectionMerge %fm None\n"
	"OpBranchConditional %small %base %rec\n"
	"%base = OpLabel\nOpReturnValue %u1\n"
	"%rec = OpLabel\n"
	"%n1 = OpISub %uint %n %u1\n"
	"%r = OpFunctionCall %uint %fact %n1\n"
	"%p = OpIMul %uint %n %r\n"
	"OpReturnValue %p\n"
	"%fm = OpLabel\nOpUnreachable\n"
	"OpFunctionEnd\n";

static void test_calls(void)
{
	exec_run t;

	run_body(&t, fact_decls, "%f5 = OpFunctionCall %uint %fact %u5\nSTORE 0 %f5\n",
	         fact_func, NULL, NULL);
	if (completed(&t, "recursion"))
		EQ_U64(U(&t, 0), 120, "recursion: fact(5) = 120");
	exec_test_free(&t);

	run_body(&t, fact_decls, "%f5 = OpFunctionCall %uint %fact %u64\nSTORE 0 %f5\n",
	         fact_func, NULL, NULL);
	outcome(&t, HD_EXEC_TRAPPED, "call depth", "recursion: fact(64) passes the depth bound 64 "
	        "and traps");
	exec_test_free(&t);
}

/* The observer of the divergence test: each stop's lanes, in order. */
typedef struct stops {
	uint64_t lanes[16];
	uint32_t n;
} stops;

static int on_stop(void *ctx, hd_exec *x, const hd_exec_where *w, hd_status *st)
{
	stops *s = ctx;
	(void)x, (void)st;
	if (s->n < 16)
		s->lanes[s->n] = w->lanes;
	s->n++;
	return 0;
}

/* if (lid < 16) … else …: the lanes split at the branch, the ones behind
 * (the then side, lower slots) run first, and all meet at the join */
static void test_divergence(void)
{
	static const char decls[] = "%l16 = OpConstant %ulong 16\n";
	static const char body[] =
		"%l3 = OpLoad %v3ulong %lid\n"
		"%li = OpCompositeExtract %ulong %l3 0\n"
		"%lo = OpULessThan %bool %li %l16\n"
		"OpSelectionMerge %join None\n"
		"OpBranchConditional %lo %then %else\n"
		"%then = OpLabel\nOpLine %file 10 1\n%t = OpIAdd %uint %i %u1\nOpBranch %join\n"
		"%else = OpLabel\nOpLine %file 20 1\n%e = OpIAdd %uint %i %u2\nOpBranch %join\n"
		"%join = OpLabel\n%v = OpPhi %uint %t %then %e %else\n"
		"OpLine %file 30 1\n%w = OpIAdd %uint %v %u0\nOpNoLine\n"
		"STOREG %w\n";
	stops s = { { 0 }, 0 };
	hd_exec_observer obs = { .ctx = &s, .stop = on_stop };
	hd_exec_config c;
	exec_run t;
	int ok = 1;

	exec_test_config(&c);
	c.global_size[0] = c.local_size[0] = 64;
	run_body(&t, decls, body, NULL, &c, &obs);
	if (completed(&t, "divergence")) {
		if (!OK(s.n == 3 && s.lanes[0] == 0xffffull && s.lanes[1] == ~0xffffull &&
		        s.lanes[2] == ~0ull,
		        "divergence: lanes 0-15 stop at the then line, 16-63 at the else line, "
		        "all 64 together at the join"))
			for (uint32_t k = 0; k < s.n && k < 16; k++)
				printf("  # stop %u lanes 0x%016llx\n", k, (unsigned long long)s.lanes[k]);
		for (uint32_t i = 0; i < 64; i++)
			ok &= U(&t, i) == i + (i < 16 ? 1 : 2);
		OK(ok, "divergence: each side computed its value");
	}
	exec_test_free(&t);
}

/* Each of 64 work-items in two wave32s writes local[lid], waits at the
 * barrier and reads local[63 - lid], written by the other wavefront. */
static void test_barrier(void)
{
	static const char decls[] =
		"%arr = OpTypeArray %uint %u64\n"
		"%plarr = OpTypePointer Workgroup %arr\n"
		"%plu = OpTypePointer Workgroup %uint\n"
		"%shared = OpVariable %plarr Workgroup\n"
		"%l63 = OpConstant %ulong 63\n";
	static const char body[] =
		"%l3 = OpLoad %v3ulong %lid\n"
		"%li = OpCompositeExtract %ulong %l3 0\n"
		"%p = OpInBoundsAccessChain %plu %shared %li\n"
		"%v = OpIMul %uint %i %u10\n"
		"OpStore %p %v\n"
		"OpControlBarrier %scope_wg %scope_wg %sem_wg\n"
		"%ri = OpISub %ulong %l63 %li\n"
		"%q = OpInBoundsAccessChain %plu %shared %ri\n"
		"%w = OpLoad %uint %q\n"
		"STOREG %w\n";
	hd_exec_config c;
	exec_run t;
	int ok = 1;

	exec_test_config(&c);
	c.global_size[0] = c.local_size[0] = 64;
	c.wave_size = 32;
	run_body(&t, decls, body, NULL, &c, NULL);
	if (completed(&t, "barrier")) {
		for (uint32_t i = 0; i < 64; i++)
			ok &= U(&t, i) == (63 - i) * 10;
		OK(ok, "barrier: every work-item reads what the other wavefront wrote before it");
	}
	exec_test_free(&t);
}

static void test_atomics(void)
{
	static const char decls[] = "%l200 = OpConstant %ulong 200\n";
	static const char body[] =
		"%p = OpInBoundsPtrAccessChain %pgu %out %l200\n"
		"%old = OpAtomicIAdd %uint %p %u1 %u0 %u1\n"
		"STOREG %old\n";
	hd_exec_config c;
	exec_run t;

	exec_test_config(&c);
	c.global_size[0] = 128;
	c.local_size[0] = 64;
	run_body(&t, decls, body, NULL, &c, NULL);
	if (completed(&t, "atomics")) {
		uint64_t sum = 0;
		EQ_U64(U(&t, 200), 200 + 128, "atomics: 128 AtomicIAdd of 1 on a counter of 200");
		for (uint32_t i = 0; i < 128; i++)
			sum += U(&t, i);
		EQ_U64(sum, (200 + 327) * 128 / 2, "atomics: each work-item got a distinct old value");
	}
	exec_test_free(&t);
}

static void test_generic(void)
{
	static const char decls[] =
		"%plu = OpTypePointer Workgroup %uint\n"
		"%lvar = OpVariable %plu Workgroup\n"
		"%pgen = OpTypePointer Generic %uint\n";
	static const char body[] =
		"%pv = OpVariable %pfu Function\n"
		"%gl = OpPtrCastToGeneric %pgen %lvar\n"
		"%gp = OpPtrCastToGeneric %pgen %pv\n"
		"OpStore %gl %u7\n"
		"OpStore %gp %u10\n"
		"%a = OpLoad %uint %lvar\nSTORE 0 %a\n"
		"%b = OpLoad %uint %pv\nSTORE 1 %b\n"
		"%back = OpGenericCastToPtr %plu %gl\n"
		"%c = OpLoad %uint %back\nSTORE 2 %c\n"
		"%al = OpConvertPtrToU %ulong %gl\nSTORE64 0 %al\n"
		"%ap = OpConvertPtrToU %ulong %gp\nSTORE64 1 %ap\n";
	exec_run t;

	run_body(&t, decls, body, NULL, NULL, NULL);
	if (completed(&t, "generic")) {
		EQ_U64(U(&t, 0), 7, "generic: a store through a generic pointer reaches local memory");
		EQ_U64(U(&t, 1), 10, "generic: and private memory");
		EQ_U64(U(&t, 2), 7, "generic: GenericCastToPtr gives the local pointer back");
		EQ_U64(L(&t, 0) & ~(HD_EXEC_APERTURE_SIZE - 1), HD_EXEC_LOCAL_APERTURE,
		       "generic: a local object's generic address is in the local aperture");
		EQ_U64(L(&t, 1) & ~(HD_EXEC_APERTURE_SIZE - 1), HD_EXEC_PRIVATE_APERTURE,
		       "generic: a private object's in the private aperture");
	}
	exec_test_free(&t);
}

/* A 4x2 NDRange in work-groups of 2x2, offset (10, 20): each work-item
 * stores its global id at out[2·linear] and its group's x at out64[linear]. */
static void test_builtins(void)
{
	static const char decls[] = "%l4 = OpConstant %ulong 4\n";
	static const char body[] =
		"%gy = OpCompositeExtract %ulong %g3 1\n"
		"%o3 = OpLoad %v3ulong %goff\n"
		"%ox = OpCompositeExtract %ulong %o3 0\n"
		"%oy = OpCompositeExtract %ulong %o3 1\n"
		"%rx = OpISub %ulong %g %ox\n"
		"%ry = OpISub %ulong %gy %oy\n"
		"%ry4 = OpIMul %ulong %ry %l4\n"
		"%lin = OpIAdd %ulong %rx %ry4\n"
		"%i2 = OpIMul %ulong %lin %l2\n"
		"%p = OpInBoundsPtrAccessChain %pgu %out %i2\n"
		"%gxu = OpUConvert %uint %g\nOpStore %p %gxu\n"
		"%i21 = OpIAdd %ulong %i2 %l1\n"
		"%p2 = OpInBoundsPtrAccessChain %pgu %out %i21\n"
		"%gyu = OpUConvert %uint %gy\nOpStore %p2 %gyu\n"
		"%w3 = OpLoad %v3ulong %wgid\n"
		"%wx = OpCompositeExtract %ulong %w3 0\n"
		"%q = OpInBoundsPtrAccessChain %pgl %out64 %lin\nOpStore %q %wx\n";
	hd_exec_config c;
	exec_run t;
	int ok = 1;

	exec_test_config(&c);
	c.work_dim = 2;
	c.global_size[0] = 4;
	c.global_size[1] = 2;
	c.local_size[0] = c.local_size[1] = 2;
	c.global_offset[0] = 10;
	c.global_offset[1] = 20;
	run_body(&t, decls, body, NULL, &c, NULL);
	if (completed(&t, "builtins")) {
		for (uint32_t n = 0; n < 8; n++)
			ok &= U(&t, 2 * n) == 10 + n % 4 && U(&t, 2 * n + 1) == 20 + n / 4 &&
			      L(&t, n) == n % 4 / 2;
		OK(ok, "builtins: a 2-D NDRange with an offset: global ids, offsets, group ids");
	}
	exec_test_free(&t);
}

/* ------------------------------------------------------------------------
 * Every outcome. */

static void test_outcomes(void)
{
	exec_run t;
	hd_exec_config c;

	run_body(&t, "%lbig = OpConstant %ulong 1000000\n",
	         "%p = OpInBoundsPtrAccessChain %pgu %out %lbig\nOpStore %p %u1\n", NULL, NULL, NULL);
	outcome(&t, HD_EXEC_TRAPPED, "outside every object", "trapped: a store past the buffer");
	exec_test_free(&t);

	run_body(&t, NULL, "%np = OpConvertUToPtr %pgu %l0\n%v = OpLoad %uint %np\n", NULL, NULL,
	         NULL);
	outcome(&t, HD_EXEC_TRAPPED, "address 0x0 is outside", "trapped: a load through null");
	exec_test_free(&t);

	run_body(&t, NULL, "%z = OpUDiv %uint %u1 %u0\n", NULL, NULL, NULL);
	outcome(&t, HD_EXEC_TRAPPED, "division by zero", "trapped: an integer division by zero");
	exec_test_free(&t);

	run_body(&t, NULL, "OpUnreachable\n%dead = OpLabel\n", NULL, NULL, NULL);
	outcome(&t, HD_EXEC_TRAPPED, "Unreachable", "trapped: OpUnreachable");
	exec_test_free(&t);

	exec_test_config(&c);
	c.global_size[0] = c.local_size[0] = 64;
	c.wave_size = 32;
	run_body(&t, "%l32 = OpConstant %ulong 32\n",
	         "%l3 = OpLoad %v3ulong %lid\n%li = OpCompositeExtract %ulong %l3 0\n"
	         "%lo = OpULessThan %bool %li %l32\n"
	         "OpSelectionMerge %j None\nOpBranchConditional %lo %bar %j\n"
	         "%bar = OpLabel\nOpControlBarrier %scope_wg %scope_wg %sem_wg\nOpBranch %j\n"
	         "%j = OpLabel\n", NULL, &c, NULL);
	outcome(&t, HD_EXEC_TRAPPED, "barrier not every work-item reaches",
	        "trapped: a barrier only the first wavefront reaches");
	exec_test_free(&t);

	exec_test_config(&c);
	c.max_steps = 1000;
	run_body(&t, NULL, "OpBranch %lp\n%lp = OpLabel\nOpLoopMerge %ex %lp None\nOpBranch %lp\n"
	         "%ex = OpLabel\n", NULL, &c, NULL);
	outcome(&t, HD_EXEC_STEP_LIMIT, "1000", "step-limit: an endless loop");
	OK(t.o.steps > 1000 && t.o.steps < 1100, "step-limit: it stops just past the bound");
	exec_test_free(&t);

	/* a step that moves a MiB: the step bound alone would let this run for
	 * hours, the byte bound ends it */
	exec_test_config(&c);
	c.max_bytes = 64u << 20;
	run_body(&t, "%n256k = OpConstant %uint 262144\n%abig = OpTypeArray %uint %n256k\n"
	         "%pfa = OpTypePointer Function %abig\n",
	         "%big = OpVariable %pfa Function\nOpBranch %lp\n%lp = OpLabel\n"
	         "%bv = OpLoad %abig %big\nOpLoopMerge %ex %lp None\nOpBranch %lp\n"
	         "%ex = OpLabel\n", NULL, &c, NULL);
	outcome(&t, HD_EXEC_STEP_LIMIT, "bytes", "step-limit: a loop that loads a large array");
	OK(t.o.steps < 1000, "step-limit: the byte bound ends it after a few steps");
	exec_test_free(&t);

	run_body(&t, NULL, "%bf = OpBitFieldInsert %uint %u1 %u2 %u3 %u4\n", NULL, NULL, NULL);
	outcome(&t, HD_EXEC_UNSUPPORTED, "BitFieldInsert",
	        "unsupported: an instruction with no row names it");
	exec_test_free(&t);
}

/* Runs a kernel the assembler would refuse: its text is assembled as a
 * valid module, then patch renumbers words. 0 when it did not assemble. */
static int run_patched(exec_run *t, const char *decls, const char *body,
                       void (*patch)(uint32_t *words, size_t nwords), const char *name)
{
	char *text = exec_test_module(decls, body, NULL);
	uint32_t *words = NULL;
	size_t nwords = 0;
	hd_exec_config c;
	hd_status st;
	char what[160];
	int ok;

	memset(t, 0, sizeof *t);
	exec_test_config(&c);
	snprintf(what, sizeof what, "%s: the kernel assembles", name);
	ok = OK(hd_spv_assemble(text, strlen(text), &words, &nwords, &st) == 0, what);
	if (ok) {
		patch(words, nwords);
		exec_test_run_words(t, words, nwords, &c, NULL);
	}
	free(words);
	free(text);
	return ok;
}

/* Each instruction of a module's words, from the first after the header. */
#define EACH_INSN(p, words, nwords) \
	for (size_t p = 5; p < (nwords) && ((words)[p] >> 16) != 0; p += (words)[p] >> 16)

static void std_300(uint32_t *words, size_t nwords)
{
	EACH_INSN(p, words, nwords)
		if ((words[p] & 0xffff) == SpvOpExtInst && p + 4 < nwords &&
		    words[p + 4] == OpenCLstd_SAbs)
			words[p + 4] = 300;
}

/* An OpenCL.std number with no row: assembled as s_abs, then renumbered. */
static void test_unknown_std(void)
{
	exec_run t;

	if (run_patched(&t, NULL, "%x = OpExtInst %uint %std s_abs %u1\n", std_300,
	                "unknown OpenCL.std"))
		outcome(&t, HD_EXEC_UNSUPPORTED, "OpenCL.std 300",
		        "unsupported: an OpenCL.std number with no row names it");
	exec_test_free(&t);
}

static void int64_becomes_half(uint32_t *words, size_t nwords)
{
	uint32_t half = 0;

	EACH_INSN(p, words, nwords) {
		if ((words[p] & 0xffff) == SpvOpTypeFloat && p + 2 < nwords && words[p + 2] == 16)
			half = words[p + 1];
		if ((words[p] & 0xffff) == SpvOpTypeInt && p + 3 < nwords && words[p + 2] == 64 &&
		    words[p + 3] == 1)
			words[p + 1] = half;
	}
}

/* A type id defined twice: the prelude's %half, redefined as a 64-bit
 * integer after %v2h was laid out from it, would make a vector wider than
 * its slot. */
static void test_defined_twice(void)
{
	exec_run t;

	if (run_patched(&t, "%v2h = OpTypeVector %half 2\n%wide = OpTypeInt 64 1\n", "",
	                int64_becomes_half, "defined twice") &&
	    !OK(t.rc != 0 && strstr(t.st.msg, "defined twice") != NULL,
	        "refused: a type id defined twice"))
		printf("  # rc %d: %s\n", t.rc, t.st.msg);
	exec_test_free(&t);
}

/* Gives the module's first OpFunctionParameter (the kernel's %out) the
 * result type type, unless type is 0. */
static void retype_first_param(uint32_t *words, size_t nwords, uint32_t type)
{
	EACH_INSN(p, words, nwords)
		if ((words[p] & 0xffff) == SpvOpFunctionParameter && type != 0) {
			words[p + 1] = type;
			break;
		}
}

/* The patch of test_result_id_zero: the pointer %pz (CrossWorkgroup
 * %v3ulong, the pointee of the prelude's Input pointer) gets result id 0,
 * and the kernel's first parameter its old id, which nothing defines now. */
static void pointer_id_zero(uint32_t *words, size_t nwords)
{
	uint32_t v3ulong = 0, pz = 0;

	EACH_INSN(p, words, nwords) {
		if ((words[p] & 0xffff) != SpvOpTypePointer || p + 3 >= nwords)
			continue;
		if (words[p + 2] == SpvStorageClassInput)
			v3ulong = words[p + 3];
		else if (words[p + 2] == SpvStorageClassCrossWorkgroup && words[p + 3] == v3ulong) {
			pz = words[p + 1];
			words[p + 1] = 0;
		}
	}
	retype_first_param(words, nwords, pz);
}

/* Id 0 is no id: a type defined with result 0 is not what a parameter of
 * undefined type stands for (found by fuzz_exec: the parameter's value was
 * written as that pointer into a frame with no room for it). */
static void test_result_id_zero(void)
{
	exec_run t;

	if (run_patched(&t, "%pz = OpTypePointer CrossWorkgroup %v3ulong\n", "", pointer_id_zero,
	                "result id 0"))
		outcome(&t, HD_EXEC_UNSUPPORTED, "kernel argument 0 has no type",
		        "unsupported: a kernel argument whose type is defined only as id 0");
	exec_test_free(&t);
}

/* An atomic whose result type is narrower than its pointee (found by
 * fuzz_exec: the 8-byte old value was copied into a 4-byte result). */
static void test_atomic_narrow_result(void)
{
	exec_run t;

	run_body(&t, NULL, "%o = OpAtomicIAdd %uint %out64 %u1 %u0 %u1\nSTORE 0 %o\n", NULL, NULL,
	         NULL);
	outcome(&t, HD_EXEC_UNSUPPORTED, "result type",
	        "unsupported: an atomic's result narrower than its pointee");
	exec_test_free(&t);
}

/* Float instructions on integers (found by fuzz_exec: an OpConvertUToF to
 * an 8-bit integer wrote a double into one byte, an OpIsNan of one read
 * eight). */
static void test_float_of_integers(void)
{
	exec_run t;

	run_body(&t, NULL, "%c = OpConvertUToF %uchar %u5\n", NULL, NULL, NULL);
	outcome(&t, HD_EXEC_UNSUPPORTED, "OpConvertUToF",
	        "unsupported: OpConvertUToF to an integer");
	exec_test_free(&t);
	run_body(&t, "%c3 = OpConstant %uchar 3\n", "%c = OpConvertFToU %uint %c3\nSTORE 0 %c\n",
	         NULL, NULL, NULL);
	outcome(&t, HD_EXEC_UNSUPPORTED, "OpConvertFToU",
	        "unsupported: OpConvertFToU from an integer");
	exec_test_free(&t);
	run_body(&t, "%c3 = OpConstant %uchar 3\n", "%c = OpIsNan %bool %c3\n", NULL, NULL, NULL);
	outcome(&t, HD_EXEC_UNSUPPORTED, "OpIsNan", "unsupported: OpIsNan of a char");
	exec_test_free(&t);
	run_body(&t, "%c3 = OpConstant %uchar 3\n", "%c = OpFAdd %uchar %c3 %c3\n", NULL, NULL, NULL);
	outcome(&t, HD_EXEC_UNSUPPORTED, "OpFAdd", "unsupported: OpFAdd of chars");
	exec_test_free(&t);
}

/* The patch of test_runtime_array_buffer: the kernel's first parameter
 * becomes the pointer to the OpTypeRuntimeArray of the declarations. */
static void runtime_array_param(uint32_t *words, size_t nwords)
{
	uint32_t ra = 0, pra = 0;

	EACH_INSN(p, words, nwords) {
		uint32_t op = words[p] & 0xffff;
		if (op == SpvOpTypeRuntimeArray && p + 1 < nwords)
			ra = words[p + 1];
		else if (op == SpvOpTypePointer && p + 3 < nwords && ra != 0 && words[p + 3] == ra)
			pra = words[p + 1];
	}
	retype_first_param(words, nwords, pra);
}

/* A buffer whose element is a runtime array (found by fuzz_exec: filling
 * it walked the unbounded array past the buffer's end). It has no size of
 * its own, so the buffer holds zeros. */
static void test_runtime_array_buffer(void)
{
	exec_run t;

	if (run_patched(&t, "%ra = OpTypeRuntimeArray %uint\n%pra = OpTypePointer CrossWorkgroup %ra\n",
	                "", runtime_array_param, "runtime array buffer"))
		completed(&t, "a buffer of OpTypeRuntimeArray");
	exec_test_free(&t);
}

int main(void)
{
	tap_begin();
	test_int();
	test_float();
	test_compare();
	test_convert();
	test_composite();
	test_phi_swap();
	test_switch();
	test_calls();
	test_divergence();
	test_barrier();
	test_atomics();
	test_generic();
	test_builtins();
	test_outcomes();
	test_unknown_std();
	test_defined_twice();
	test_result_id_zero();
	test_atomic_narrow_result();
	test_float_of_integers();
	test_runtime_array_buffer();
	return tap_end();
}
