/* What a run depends on, as a few digests (docs/harness.md, "Resuming"):
 * the candidate, its profile text, the adapter files its commands name, what
 * its version commands print, its waiver file, the must-pass list, the suite's revision and the plan. run.txt
 * records them; --resume refuses a directory whose run depended on anything
 * else, naming what changed, so two runs are never mixed in one journal. */
#ifndef HC_FINGERPRINT_H
#define HC_FINGERPRINT_H

#include <stddef.h>
#include <stdint.h>

#include "adapters.h"
#include "plan.h"
#include "profile.h"
#include "util/buf.h"

enum { HC_FP_CANDIDATE, HC_FP_PROFILE, HC_FP_ADAPTERS, HC_FP_TOOLS, HC_FP_WAIVERS,
       HC_FP_MUSTPASS, HC_FP_SUITE, HC_FP_PLAN, HC_FP_COUNT };

/* What a run takes besides its profile and plan: the suite (and its
 * revision, NULL: unknown), the adapter files its commands use and what
 * its version commands printed (environment.h). */
typedef struct hc_run_inputs {
	const char *suite, *revision;
	const hc_adapter_files *adapters;
	const hd_buf *tools;
} hc_run_inputs;

typedef struct hc_fingerprint {
	uint64_t part[HC_FP_COUNT];  /* FNV-1a 64 of each part's bytes */
} hc_fingerprint;

/* The parts' names in run.txt ("fingerprint.NAME") and in messages. */
extern const char *const hc_fp_names[HC_FP_COUNT];

/* The fingerprint of a run of p with inputs in over plan, which gives total
 * results. A file that cannot be read counts as its absence. */
void hc_fingerprint_make(const hc_profile *p, const hc_run_inputs *in, const hc_plan *plan,
                         size_t total, hc_fingerprint *fp);

/* The parts a report directory's copies decide (docs/conformance.md,
 * "Verifying a submission"): profile, adapters, tools, waivers and
 * mustpass, from profile.ini, adapters/, tools.txt, waivers.txt and
 * mustpass.txt in dir, as hc_fingerprint_make digests the originals; the
 * other parts are left as they were. */
int hc_fingerprint_copies(const char *dir, hc_fingerprint *fp, hd_status *st);

#endif
