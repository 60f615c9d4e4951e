/* bench/exec: SPIR-V instructions per second per lane of the interpreter,
 * that is steps (instructions executed, summed over work-items) divided by
 * the CPU seconds of the run. It runs a hand-written loop-heavy kernel and
 * every module named on the command line (bench/exec.sh compiles a few
 * kernels of cases/opencl with clang-15 and llvm-spirv-15), each RUNS
 * times, and prints each one's median and the median over all of them
 * (docs/benchmarks.md). Usage: bench_exec [-n RUNS] [MODULE.spv]... */
#include "exec/exec.h"
#include "spirv/spirv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "median.h"

/* 64 work-items, each 20000 turns of a loop of integer and float
 * arithmetic, a compare and a branch: the interpreter's inner loop. */
static const char loop_kernel[] =
	"OpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\n"
	"OpMemoryModel Physical64 OpenCL\n"
	"OpEntryPoint Kernel %k \"loop\"\n"
	"%void = OpTypeVoid\n%bool = OpTypeBool\n%uint = OpTypeInt 32 0\n"
	"%float = OpTypeFloat 32\n%pgu = OpTypePointer CrossWorkgroup %uint\n"
	"%u0 = OpConstant %uint 0\n%u1 = OpConstant %uint 1\n%u3 = OpConstant %uint 3\n"
	"%n = OpConstant %uint 20000\n%f0 = OpConstant %float 0\n%fh = OpConstant %float 0.5\n"
	"%kfn = OpTypeFunction %void %pgu\n"
	"%k = OpFunction %void None %kfn\n%out = OpFunctionParameter %pgu\n"
	"%entry = OpLabel\nOpBranch %loop\n"
	"%loop = OpLabel\n"
	"%i = OpPhi %uint %u0 %entry %i1 %body\n"
	"%a = OpPhi %uint %u1 %entry %a1 %body\n"
	"%f = OpPhi %float %f0 %entry %f1 %body\n"
	"%more = OpULessThan %bool %i %n\n"
	"OpLoopMerge %exit %body None\nOpBranchConditional %more %body %exit\n"
	"%body = OpLabel\n"
	"%m = OpIMul %uint %a %u3\n%a1 = OpBitwiseXor %uint %m %i\n"
	"%f1 = OpFAdd %float %f %fh\n%i1 = OpIAdd %uint %i %u1\nOpBranch %loop\n"
	"%exit = OpLabel\nOpStore %out %a\nOpReturn\nOpFunctionEnd\n";

/* Steps per CPU second of `runs` runs of m's first kernel, their median;
 * 0 when the module does not run to completion. */
static double bench_module(const hd_spv_module *m, const char *name, int runs)
{
	double rate[64];
	hd_exec_config c;
	hd_exec *x;
	hd_exec_outcome o;
	hd_status st;

	hd_exec_config_default(&c);
	if (hd_exec_new(m, NULL, &c, &x, &st) != 0) {
		fprintf(stderr, "bench_exec: %s: %s\n", name, st.msg);
		return 0;
	}
	for (int r = 0; r < runs; r++) {
		clock_t t0 = clock();
		double secs;
		if (hd_exec_run(x, NULL, &o, &st) != 0 || o.end != HD_EXEC_COMPLETED) {
			fprintf(stderr, "bench_exec: %s: did not complete: %s\n", name, o.detail);
			hd_exec_free(x);
			return 0;
		}
		secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
		rate[r] = secs > 0 ? (double)o.steps / secs : 0;
	}
	hd_exec_free(x);
	printf("%-28s %10llu steps  %12.0f steps/s per lane (median of %d)\n", name,
	       (unsigned long long)o.steps, bench_median(rate, runs), runs);
	return bench_median(rate, runs);
}

int main(int argc, char **argv)
{
	double all[256];
	int n = 0, runs = 5, first = 1;
	hd_spv_module *m;
	hd_status st;
	uint32_t *words;
	size_t nwords;

	if (argc > 2 && strcmp(argv[1], "-n") == 0) {
		runs = atoi(argv[2]);
		first = 3;
	}
	if (runs < 1 || runs > 64) {
		fprintf(stderr, "usage: bench_exec [-n RUNS (1-64)] [MODULE]...\n");
		return 2;
	}
	if (hd_spv_assemble(loop_kernel, strlen(loop_kernel), &words, &nwords, &st) != 0 ||
	    hd_spv_read_binary((const uint8_t *)words, nwords * 4, &m, &st) != 0 ||
	    hd_di_build(m, &st) != 0) {
		fprintf(stderr, "bench_exec: the loop kernel: %s\n", st.msg);
		return 1;
	}
	free(words);
	all[n++] = bench_module(m, "loop (hand-written)", runs);
	hd_spv_free(m);
	for (int i = first; i < argc && n < 256; i++) {
		const char *base = strrchr(argv[i], '/');
		if (hd_spv_load(argv[i], &m, &st) != 0 || hd_di_build(m, &st) != 0) {
			fprintf(stderr, "bench_exec: %s: %s\n", argv[i], st.msg);
			continue;
		}
		double v = bench_module(m, base ? base + 1 : argv[i], runs);
		if (v > 0)
			all[n++] = v;
		hd_spv_free(m);
	}
	printf("median over %d kernels: %.0f SPIR-V instructions per second per lane\n", n,
	       bench_median(all, n));
	return 0;
}
