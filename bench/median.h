/* The median the benches report (docs/benchmarks.md): of the per-run
 * rates, so one slow run on a shared machine does not move it. */
#ifndef HD_BENCH_MEDIAN_H
#define HD_BENCH_MEDIAN_H

#include <stdlib.h>

static inline int bench_by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Sorts v (n > 0) and returns its median. */
static inline double bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, bench_by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
