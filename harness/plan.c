/* The run's jobs (plan.h). Which cases a role takes is decided by what the
 * reference produced for them: a case has an evaluate job when expected/
 * holds its canonical result, a compile-spirv job when expected/dwarf holds
 * its dump. So the plan never asks a candidate for what the reference
 * itself does not define. */
#include "plan.h"

#include <dirent.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int add_job(hc_plan *plan, const char *case_id, hc_role role, const char *check,
                   const char *input, const char *expected)
{
	hc_job *j;

	if (plan->n == plan->cap) {
		size_t cap = plan->cap ? plan->cap * 2 : 256;
		hc_job *v = realloc(plan->jobs, cap * sizeof *v);
		if (v == NULL)
			return -1;
		plan->jobs = v;
		plan->cap = cap;
	}
	j = &plan->jobs[plan->n];
	j->case_id = strdup(case_id);
	j->input = strdup(input);
	j->expected = strdup(expected);
	j->role = role;
	j->check = check;
	if (j->case_id == NULL || j->input == NULL || j->expected == NULL) {
		free(j->case_id);
		free(j->input);
		free(j->expected);
		return -1;
	}
	plan->n++;
	return 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir ending in ext, sorted (byte order, whatever the locale). */
static char **list_dir(const char *dir, const char *ext, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t cap = 0, elen = strlen(ext);

	*n = 0;
	if (d == NULL)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len <= elen || strcmp(e->d_name + len - elen, ext) != 0)
			continue;
		if (*n == cap) {
			char **g = realloc(v, (cap = cap ? cap * 2 : 256) * sizeof *v);
			if (g == NULL)
				break;
			v = g;
		}
		if ((v[*n] = strdup(e->d_name)) == NULL)
			break;
		(*n)++;
	}
	closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof *v, cmp_name);
	return v;
}

/* One kind of case: the files cases/KIND/NAME.EXT whose expected output
 * expected/OUT_DIR/NAME.OUT_EXT exists (NAME.EXT.OUT_EXT for a kernel), or
 * all of them when out_dir is NULL: the check needs no expected output. */
static int add_kind(hc_plan *plan, const char *suite, const char *kind, const char *ext,
                    const char *out_dir, const char *out_ext, hc_role role, const char *check,
                    const char *glob)
{
	char dir[4096], input[8192], expected[8192], id[1024];
	size_t n;
	char **names = list_dir((snprintf(dir, sizeof dir, "%s/cases/%s", suite, kind), dir),
	                        ext, &n);
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		/* a kernel keeps its extension: k.cl and k.clcpp are two cases */
		size_t base = strlen(names[i]) - (strcmp(kind, "opencl") == 0 ? 0 : strlen(ext));
		snprintf(id, sizeof id, "%s/%.*s", kind, (int)base, names[i]);
		snprintf(input, sizeof input, "%s/%s", dir, names[i]);
		snprintf(expected, sizeof expected, "%s/expected/%s/%.*s%s", suite, out_dir,
		         (int)base, names[i], out_ext);
		if (glob != NULL && fnmatch(glob, id, 0) != 0)
			continue;
		if (out_dir == NULL)
			snprintf(expected, sizeof expected, "%s", input);
		else if (access(expected, R_OK) != 0)
			continue;
		if (rc == 0 && add_job(plan, id, role, check, input, expected) != 0)
			rc = -1;
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* A producer's cases: their expected output is the reference's dump. */
static int add_compile(hc_plan *plan, const char *suite, const char *kind, const char *ext,
                       const char *out_dir, hc_role role, const char *check, const char *glob)
{
	return add_kind(plan, suite, kind, ext, out_dir, ".dump", role, check, glob);
}

static int cmp_job(const void *a, const void *b)
{
	const hc_job *x = a, *y = b;
	int c = strcmp(x->case_id, y->case_id);

	return c != 0 ? c : strcmp(x->check, y->check);
}

/* Keeps every shards-th job from shard on: a shard's jobs are the same
 * whatever -j, so N machines with --shard i/N cover the plan once. */
static void keep_shard(hc_plan *plan, unsigned shard, unsigned shards)
{
	size_t k = 0;

	for (size_t i = 0; i < plan->n; i++) {
		if (i % shards == shard) {
			plan->jobs[k++] = plan->jobs[i];
			continue;
		}
		free(plan->jobs[i].case_id);
		free(plan->jobs[i].input);
		free(plan->jobs[i].expected);
	}
	plan->n = k;
}

int hc_plan_build(hc_plan *plan, const hc_profile *p, const char *suite, const char *glob,
                  unsigned shard, unsigned shards, hd_status *st)
{
	int rc = 0;

	memset(plan, 0, sizeof *plan);
	if (p->role[HC_ROLE_EVALUATE] != NULL) {
		rc |= add_kind(plan, suite, "expr", ".case", "expr", ".out", HC_ROLE_EVALUATE,
		               "evaluate", glob);
		rc |= add_kind(plan, suite, "cfi", ".case", "cfi", ".out", HC_ROLE_EVALUATE,
		               "evaluate", glob);
	}
	if (p->role[HC_ROLE_COMPILE_SPIRV] != NULL) {
		rc |= add_compile(plan, suite, "spirv", ".spvasm", "dwarf", HC_ROLE_COMPILE_SPIRV,
		                  HC_CHECK_CONFORMANCE_SPIRV, glob);
		rc |= add_compile(plan, suite, "spirv", ".spvasm", "dwarf", HC_ROLE_COMPILE_SPIRV,
		                  HC_CHECK_LOCATIONS_SPIRV, glob);
		if (p->strict)
			rc |= add_compile(plan, suite, "spirv", ".spvasm", "dwarf",
			                  HC_ROLE_COMPILE_SPIRV, HC_CHECK_STRICT, glob);
	}
	for (int k = 0; p->role[HC_ROLE_COMPILE_OPENCL] != NULL && k < 3; k++) {
		static const char *const checks[] = { HC_CHECK_CONFORMANCE_OPENCL,
			                              HC_CHECK_LOCATIONS_OPENCL,
			                              HC_CHECK_SPIRV_OPENCL };
		/* the SPIR-V check is for commands that leave their module at
		 * {spirv}; it needs no expected output, a module must break no rule */
		const char *out = k < 2 ? "opencl" : NULL;
		if (k == 2 && strstr(p->role[HC_ROLE_COMPILE_OPENCL], "{spirv}") == NULL)
			break;
		rc |= add_compile(plan, suite, "opencl", ".cl", out, HC_ROLE_COMPILE_OPENCL,
		                  checks[k], glob);
		rc |= add_compile(plan, suite, "opencl", ".clcpp", out, HC_ROLE_COMPILE_OPENCL,
		                  checks[k], glob);
	}
	if (rc != 0) {
		hc_plan_free(plan);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	if (plan->n > 1)
		qsort(plan->jobs, plan->n, sizeof *plan->jobs, cmp_job);
	if (shards > 1)
		keep_shard(plan, shard, shards);
	return 0;
}

void hc_plan_free(hc_plan *plan)
{
	for (size_t i = 0; i < plan->n; i++) {
		free(plan->jobs[i].case_id);
		free(plan->jobs[i].input);
		free(plan->jobs[i].expected);
	}
	free(plan->jobs);
	memset(plan, 0, sizeof *plan);
}
