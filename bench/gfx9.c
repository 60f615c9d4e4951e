/* bench/gfx9: gfx9 instructions per second per wave of the executor, that
 * is steps (instructions executed, summed over waves) divided by the CPU
 * seconds of hd_gfx9_run. It runs the first work-group of the first kernel
 * of every code object named on the command line (bench/gfx9.sh compiles
 * a few kernels of cases/opencl with clang-15 for gfx90a), each RUNS
 * times, and prints each one's median and the median over all of them
 * (docs/benchmarks.md). Usage: bench_gfx9 [-n RUNS] OBJ... */
#include "amdgpu/wave/wave.h"
#include "util/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "median.h"

/* Steps per CPU second of `runs` runs, their median; 0 when the kernel
 * does not run to completion. Small kernels run repeatedly until a run
 * takes a measurable time. */
static double bench_object(const hd_codeobj *co, const char *name, int runs)
{
	double rate[64];
	hd_gfx9_config c;
	hd_status st;
	int r;

	hd_gfx9_config_default(&c);
	for (r = 0; r < runs && r < 64; r++) {
		uint64_t steps = 0;
		double secs = 0;
		while (secs < 0.05) {
			hd_gfx9 *x;
			hd_gfx9_outcome o;
			clock_t t0;
			if (hd_gfx9_new_kernel(co, NULL, NULL, &c, &x, &st) != 0) {
				printf("%s: %s\n", name, st.msg);
				return 0;
			}
			t0 = clock();
			if (hd_gfx9_run(x, NULL, &o, &st) != 0 || o.end != HD_GFX9_COMPLETED) {
				printf("%s: %s %s\n", name, hd_gfx9_end_name(o.end), o.detail);
				hd_gfx9_free(x);
				return 0;
			}
			secs += (double)(clock() - t0) / CLOCKS_PER_SEC;
			steps += o.steps;
			hd_gfx9_free(x);
		}
		rate[r] = (double)steps / secs;
	}
	return bench_median(rate, r);
}

int main(int argc, char **argv)
{
	double all[256];
	int runs = 5, n = 0, i = 1;

	if (argc > 2 && strcmp(argv[1], "-n") == 0) {
		runs = atoi(argv[2]);
		i = 3;
	}
	if (runs < 1)
		runs = 1;
	for (; i < argc && n < 256; i++) {
		hd_buf file;
		hd_codeobj *co = NULL;
		hd_status st;
		double rate;
		hd_buf_init(&file);
		if (hd_read_file(argv[i], 512u << 20, &file, &st) != 0 ||
		    hd_codeobj_read(file.data, file.len, &co, &st) != 0) {
			printf("%s: %s\n", argv[i], st.msg);
			hd_buf_free(&file);
			continue;
		}
		rate = bench_object(co, argv[i], runs);
		if (rate > 0) {
			printf("%-50s %12.0f instructions/s per wave\n", argv[i], rate);
			all[n++] = rate;
		}
		hd_codeobj_free(co);
		hd_buf_free(&file);
	}
	if (n == 0) {
		printf("no code object ran\n");
		return 1;
	}
	printf("median over %d kernels: %.0f gfx9 instructions/s per wave\n", n, bench_median(all, n));
	return 0;
}
