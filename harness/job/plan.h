/* What a run does: one job per (case, role) the candidate plays, from the
 * suite's cases/ and expected/ (docs/harness.md, "Roles and checks"). A
 * job runs the candidate's command once and gives one result per check. */
#ifndef HC_PLAN_H
#define HC_PLAN_H

#include <stddef.h>

#include "profile.h"

/* The checks' names as results carry them (docs/results.md). */
#define HC_CHECK_STRICT "compile-spirv/strict"
#define HC_CHECK_CONFORMANCE_SPIRV "compile-spirv/conformance"
#define HC_CHECK_CONFORMANCE_OPENCL "compile-opencl/conformance"
#define HC_CHECK_LOCATIONS_SPIRV "compile-spirv/locations"
#define HC_CHECK_LOCATIONS_OPENCL "compile-opencl/locations"
#define HC_CHECK_SPIRV_OPENCL "compile-opencl/spirv"
#define HC_CHECK_WATCH_OPENCL "compile-opencl/watch"
#define HC_CHECK_WATCH_SPIRV "compile-spirv/watch"
#define HC_CHECK_VISA_OPENCL "compile-opencl/visa"
#define HC_CHECK_TRANSLATE_METADATA "translate-spirv/metadata"
#define HC_CHECK_IR_SPIRV "compile-spirv/ir"
#define HC_CHECK_IR_OPENCL "compile-opencl/ir"
#define HC_CHECK_TRANSLATE_LLVM "translate-llvm/module"

#define HC_MAX_CHECKS 6  /* checks of one job: an OpenCL compiler's six */

typedef struct hc_job {
	char *case_id;       /* "expr/arith-abs" */
	hc_role role;
	const char *checks[HC_MAX_CHECKS];  /* the checks judged, in byte order */
	unsigned nchecks;
	char *input;         /* the case file */
	char *expected;      /* the expected output file; the input when no check has one */
	char *watch;         /* the watch checks: the case's watch; else NULL */
} hc_job;

/* One kind of case a role takes, counted (docs/harness.md, "Scope"). */
typedef struct hc_scope_row {
	hc_role role;
	const char *kind;    /* "expr", "spirv", "opencl" ... */
	size_t cases;        /* the case files of the kind (matching --cases) */
	size_t expected;     /* of them with an expected output: the comparing checks run */
	size_t watched;      /* of them with a watch, when the profile has the watch check */
} hc_scope_row;

typedef struct hc_plan {
	hc_job *jobs;        /* sorted by case id */
	size_t n, cap;
	size_t nresults;     /* the jobs' checks, all told */
	hc_scope_row scope[8];
	size_t nscope;
} hc_plan;

/* The jobs for every role p plays, over suite/cases and suite/expected,
 * keeping the case ids that match glob (NULL: all) and, with shards > 1,
 * every shards-th job starting at shard (0-based). */
int hc_plan_build(hc_plan *plan, const hc_profile *p, const char *suite, const char *glob,
                  unsigned shard, unsigned shards, hd_status *st);
void hc_plan_free(hc_plan *plan);

/* Whether check names one of the checks above, "evaluate" or "decode". */
int hc_check_known(const char *check);

#endif
