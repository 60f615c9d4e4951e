/* The interpreter on hostile modules, the deterministic part of its fuzzing
 * (the libFuzzer target exec_fuzz_target.c explores further): every
 * one-word change of a few kernels of test_exec, read and run with small
 * bounds. Each must be refused cleanly or end in an outcome; never a
 * crash or a hang (the sanitizers of the CI build watch). */
#include "tap.h"

#include "fuzz/exec_fuzz.h"
#include "exec_test.h"

static const char *const bodies[] = {
	"%r = OpUMod %uint %i %u4\n%v = OpExtInst %uint %std s_abs %r\n"
	"%f = OpConvertUToF %float %v\n%s = OpExtInst %float %std sqrt %f\nSTOREF 0 %s\n",
	"OpBranch %loop\n%loop = OpLabel\n%a = OpPhi %uint %u1 %entry %b %body\n"
	"%b = OpPhi %uint %u2 %entry %a %body\n%n = OpPhi %uint %u0 %entry %n1 %body\n"
	"%more = OpULessThan %bool %n %u3\nOpLoopMerge %exit %body None\n"
	"OpBranchConditional %more %body %exit\n%body = OpLabel\n%n1 = OpIAdd %uint %n %u1\n"
	"OpBranch %loop\n%exit = OpLabel\nSTORE 0 %a\n",
	"%v = OpExtInst %v4uint %std vloadn %g %out 4\n%x = OpCompositeExtract %uint %v 1\n"
	"%p = OpInBoundsPtrAccessChain %pgu %out %g\n%o = OpAtomicIAdd %uint %p %u1 %u0 %x\n"
	"OpControlBarrier %scope_wg %scope_wg %sem_wg\nSTOREG %o\n",
};

static void mutate(const char *body, const char *name)
{
	char *text = exec_test_module(NULL, body, NULL);
	uint32_t *words = NULL, *w;
	size_t n = 0, tried = 0, ran = 0, bad = 0;
	hd_status st;
	char what[120];

	if (!OK(hd_spv_assemble(text, strlen(text), &words, &n, &st) == 0, "the seed assembles")) {
		free(text);
		return;
	}
	if (getenv("EXEC_FUZZ_SEEDS") != NULL) {
		/* the seeds of the libFuzzer target's corpus */
		char path[512];
		FILE *f;
		snprintf(path, sizeof path, "%s/%s.spv", getenv("EXEC_FUZZ_SEEDS"), name);
		if ((f = fopen(path, "wb")) != NULL) {
			fwrite(words, 4, n, f);
			fclose(f);
		}
	}
	w = malloc(n * 4);
	memcpy(w, words, n * 4);
	for (size_t p = 5; p < n; p++) {
		const uint32_t vals[] = { 0, 1, 0xffffffffu, words[p] + 1, words[p] - 1, 0x7fffffffu,
		                          words[p] ^ 0x10000u };
		for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
			int rc;
			w[p] = vals[v];
			rc = exec_fuzz_one((const uint8_t *)w, n * 4);
			tried++;
			ran += rc == 0;
			bad += rc < 0;
		}
		w[p] = words[p];
	}
	snprintf(what, sizeof what, "%s: every one-word change is refused or ends in an outcome",
	         name);
	OK(bad == 0, what);
	printf("# %s: %zu changes, %zu ran\n", name, tried, ran);
	free(w);
	free(words);
	free(text);
}

int main(void)
{
	tap_begin();
	mutate(bodies[0], "OpenCL.std");
	mutate(bodies[1], "phi loop");
	mutate(bodies[2], "memory, atomics, barrier");
	return tap_end();
}
