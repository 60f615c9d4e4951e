/* The run's jobs (plan.h). Which cases a role takes is decided by what the
 * reference produced for them: a case has an evaluate job when expected/
 * holds its canonical result, a compile-spirv job when expected/dwarf holds
 * its dump. So the plan never asks a candidate for what the reference
 * itself does not define. */
#include "plan.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/dir.h"
#include "util/sort.h"

/* A job's checks: those that compare with an expected output, and those
 * that need none (they judge what the command left on its own). */
typedef struct check_set {
	const char *with_expected[HC_MAX_CHECKS], *alone[HC_MAX_CHECKS];
	unsigned nwith, nalone;
} check_set;

static void job_free(hc_job *j)
{
	free(j->case_id);
	free(j->input);
	free(j->expected);
	free(j->watch);
}

static int add_job(hc_plan *plan, const char *case_id, hc_role role, const check_set *cs,
                   int has_expected, const char *input, const char *expected, const char *watch)
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
	memset(j, 0, sizeof *j);
	if (has_expected)
		for (unsigned i = 0; i < cs->nwith; i++)
			j->checks[j->nchecks++] = cs->with_expected[i];
	for (unsigned i = 0; i < cs->nalone; i++)
		j->checks[j->nchecks++] = cs->alone[i];
	if (watch != NULL)
		j->checks[j->nchecks++] = role == HC_ROLE_COMPILE_SPIRV ? HC_CHECK_WATCH_SPIRV
		                                                        : HC_CHECK_WATCH_OPENCL;
	if (j->nchecks == 0)
		return 0;
	j->case_id = strdup(case_id);
	j->input = strdup(input);
	j->expected = strdup(has_expected ? expected : input);
	j->watch = watch != NULL ? strdup(watch) : NULL;
	j->role = role;
	if (j->case_id == NULL || j->input == NULL || j->expected == NULL ||
	    (watch != NULL && j->watch == NULL)) {
		job_free(j);
		return -1;
	}
	plan->n++;
	return 0;
}

/* One kind of case: a job for each file cases/KIND/NAME.EXT, with the
 * checks that compare when its expected output expected/OUT_DIR/NAME.OUT_EXT
 * exists (NAME.EXT.OUT_EXT for a kernel), those that need none, and with
 * `watched` the watch check when expected/watch/NAME.watch exists (again
 * NAME.EXT for a kernel). */
static int add_kind(hc_plan *plan, const char *suite, const char *kind, const char *ext,
                    const char *out_dir, const char *out_ext, hc_role role,
                    const check_set *cs, int watched, const char *glob)
{
	char dir[4096], input[8192], expected[8192], watch[8192], id[1024];
	size_t n;
	char **names;
	hd_status ignored;
	hc_scope_row *row = plan->nscope < sizeof plan->scope / sizeof plan->scope[0]
	                            ? &plan->scope[plan->nscope++] : NULL;
	int rc = 0;

	if (row != NULL) {
		row->role = role;
		row->kind = kind;
	}
	/* a suite without this kind (a scratch suite of one kind) has no jobs of it */
	snprintf(dir, sizeof dir, "%s/cases/%s", suite, kind);
	hd_list_dir(dir, ext, &names, &n, &ignored);

	for (size_t i = 0; i < n; i++) {
		/* a kernel keeps its extension: k.cl and k.clcpp are two cases */
		size_t base = strlen(names[i]) - (strcmp(kind, "opencl") == 0 ? 0 : strlen(ext));
		snprintf(id, sizeof id, "%s/%.*s", kind, (int)base, names[i]);
		snprintf(input, sizeof input, "%s/%s", dir, names[i]);
		snprintf(expected, sizeof expected, "%s/expected/%s/%.*s%s", suite, out_dir,
		         (int)base, names[i], out_ext);
		snprintf(watch, sizeof watch, "%s/expected/watch/%.*s.watch", suite, (int)base,
		         names[i]);
		if (glob != NULL && fnmatch(glob, id, 0) != 0)
			continue;
		int has_expected = access(expected, R_OK) == 0;
		int has_watch = watched && access(watch, R_OK) == 0;
		if (row != NULL) {
			row->cases++;
			row->expected += has_expected;
			row->watched += has_watch;
		}
		if (rc == 0 && add_job(plan, id, role, cs, has_expected, input, expected,
		                       has_watch ? watch : NULL) != 0)
			rc = -1;
	}
	hd_free_names(names, n);
	return rc;
}

static int cmp_job(const void *a, const void *b)
{
	const hc_job *x = a, *y = b;

	/* a case id is of one kind, and a kind of one role: ids are unique */
	return strcmp(x->case_id, y->case_id);
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
		job_free(&plan->jobs[i]);
	}
	plan->n = k;
}

int hc_plan_build(hc_plan *plan, const hc_profile *p, const char *suite, const char *glob,
                  unsigned shard, unsigned shards, hd_status *st)
{
	static const check_set evaluate = { { "evaluate" }, { NULL }, 1, 0 };
	/* the reference translation is computed from the module itself; the
	 * modules it translates are those it lowers (expected/dwarf): valid,
	 * with a DebugCompilationUnit */
	static const check_set translate = { { HC_CHECK_TRANSLATE_METADATA }, { NULL }, 1, 0 };
	static const check_set translate_llvm = { { NULL }, { HC_CHECK_TRANSLATE_LLVM }, 0, 1 };
	check_set spirv = { { HC_CHECK_CONFORMANCE_SPIRV, HC_CHECK_LOCATIONS_SPIRV,
		              HC_CHECK_STRICT },
		            { NULL },
		            p->strict ? 3 : 2,
		            0 };
	const char *spirv_cmd = p->role[HC_ROLE_COMPILE_SPIRV];
	/* a kernel's source is valid whatever the Khronos module makes of it, so
	 * the checks that read only what the command left need no expected
	 * output and judge every kernel: its locations must decode, and a
	 * command that leaves its module at {spirv}, or its vISA debug
	 * information at {visa}, must break no rule */
	const char *opencl_cmd = p->role[HC_ROLE_COMPILE_OPENCL];
	check_set opencl = { { HC_CHECK_CONFORMANCE_OPENCL }, { HC_CHECK_LOCATIONS_OPENCL }, 1, 1 };
	int rc = 0;

	/* the files a command leaves beside its object each add their check;
	 * the IR's is held to the reference translation, which needs a module
	 * the reference lowers, so it comes with the expected output (kept in
	 * byte order: conformance, ir, locations, strict) */
	if (spirv_cmd != NULL && strstr(spirv_cmd, "{ir}") != NULL) {
		spirv.with_expected[1] = HC_CHECK_IR_SPIRV;
		spirv.with_expected[2] = HC_CHECK_LOCATIONS_SPIRV;
		spirv.with_expected[3] = HC_CHECK_STRICT;
		spirv.nwith++;
	}
	if (opencl_cmd != NULL && strstr(opencl_cmd, "{ir}") != NULL)
		opencl.with_expected[opencl.nwith++] = HC_CHECK_IR_OPENCL;
	if (opencl_cmd != NULL && strstr(opencl_cmd, "{spirv}") != NULL)
		opencl.alone[opencl.nalone++] = HC_CHECK_SPIRV_OPENCL;
	if (opencl_cmd != NULL && strstr(opencl_cmd, "{visa}") != NULL)
		opencl.alone[opencl.nalone++] = HC_CHECK_VISA_OPENCL;
	memset(plan, 0, sizeof *plan);
	if (p->role[HC_ROLE_EVALUATE] != NULL) {
		rc |= add_kind(plan, suite, "expr", ".case", "expr", ".out", HC_ROLE_EVALUATE,
		               &evaluate, 0, glob);
		rc |= add_kind(plan, suite, "cfi", ".case", "cfi", ".out", HC_ROLE_EVALUATE,
		               &evaluate, 0, glob);
	}
	if (p->role[HC_ROLE_COMPILE_SPIRV] != NULL)
		rc |= add_kind(plan, suite, "spirv", ".spvasm", "dwarf", ".dump",
		               HC_ROLE_COMPILE_SPIRV, &spirv, p->has_watch, glob);
	if (p->role[HC_ROLE_TRANSLATE_SPIRV] != NULL)
		rc |= add_kind(plan, suite, "spirv", ".spvasm", "dwarf", ".dump",
		               HC_ROLE_TRANSLATE_SPIRV, &translate, 0, glob);
	/* translate-llvm takes every kernel: its input, clang-15's metadata of
	 * the kernel, is the expected answer itself */
	if (p->role[HC_ROLE_TRANSLATE_LLVM] != NULL) {
		rc |= add_kind(plan, suite, "opencl", ".cl", "opencl", ".dump",
		               HC_ROLE_TRANSLATE_LLVM, &translate_llvm, 0, glob);
		rc |= add_kind(plan, suite, "opencl", ".clcpp", "opencl", ".dump",
		               HC_ROLE_TRANSLATE_LLVM, &translate_llvm, 0, glob);
	}
	if (opencl_cmd != NULL) {
		rc |= add_kind(plan, suite, "opencl", ".cl", "opencl", ".dump",
		               HC_ROLE_COMPILE_OPENCL, &opencl, p->has_watch, glob);
		rc |= add_kind(plan, suite, "opencl", ".clcpp", "opencl", ".dump",
		               HC_ROLE_COMPILE_OPENCL, &opencl, p->has_watch, glob);
	}
	if (rc != 0) {
		hc_plan_free(plan);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	if (plan->n > 1)
		hd_sort(plan->jobs, plan->n, sizeof *plan->jobs, cmp_job);
	if (shards > 1)
		keep_shard(plan, shard, shards);
	for (size_t i = 0; i < plan->n; i++)
		plan->nresults += plan->jobs[i].nchecks;
	return 0;
}

int hc_check_known(const char *check)
{
	static const char *const checks[] = {
		"evaluate", "decode", HC_CHECK_STRICT, HC_CHECK_CONFORMANCE_SPIRV,
		HC_CHECK_CONFORMANCE_OPENCL, HC_CHECK_LOCATIONS_SPIRV, HC_CHECK_LOCATIONS_OPENCL,
		HC_CHECK_SPIRV_OPENCL, HC_CHECK_WATCH_OPENCL, HC_CHECK_WATCH_SPIRV,
		HC_CHECK_TRANSLATE_METADATA, HC_CHECK_IR_SPIRV, HC_CHECK_IR_OPENCL,
		HC_CHECK_TRANSLATE_LLVM,
	};

	for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
		if (strcmp(checks[i], check) == 0)
			return 1;
	return 0;
}

void hc_plan_free(hc_plan *plan)
{
	for (size_t i = 0; i < plan->n; i++)
		job_free(&plan->jobs[i]);
	free(plan->jobs);
	memset(plan, 0, sizeof *plan);
}
