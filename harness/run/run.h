/* `hdcts run` (docs/harness.md). */
#ifndef HC_RUN_H
#define HC_RUN_H

#include "util/status.h"

struct hc_run;

typedef struct hc_options {
	const char *candidate;    /* name or .ini path */
	const char *candidates;   /* directory of profiles */
	const char *suite;        /* the suite's source tree: cases/, expected/, harness/ */
	const char *hdref;        /* the reference command for {hdref} */
	const char *glob;         /* case ids to run; NULL: all */
	const char *out;          /* report directory; NULL: reports/<name> */
	const char *revision;     /* the suite's revision for the reports */
	unsigned jobs;            /* commands at a time */
	unsigned shard, shards;   /* --shard I/N, 0-based here */
	double timeout;           /* overrides the profile's; 0: keep */
	int resume;
	const char *baseline;     /* --baseline: the results.json compared with at the end */
	const struct hc_run *baseline_run;  /* that file, read before the run can replace it */
} hc_options;

/* 0: every must-pass result conforms; 1: some does not; -1 with st: the
 * run itself failed (bad profile, interrupted, ...). */
int hc_run_main(const hc_options *o, hd_status *st);

#endif
