/* `hdcts run --baseline RESULTS.json` (docs/harness.md, "Comparing with a
 * baseline"): the finished run compared with an earlier one, as `hdcts
 * compare` would, written beside the reports. */
#ifndef HC_BASELINE_H
#define HC_BASELINE_H

#include "result.h"
#include "run.h"

/* With o->baseline_run: writes outdir/compare.txt and outdir/compare.html
 * (the baseline as A, run as B) and prints a one-line summary on stderr;
 * stdout, the TAP stream, gets nothing. Without: removes the compare files
 * an earlier run may have left, so they never describe another run. */
int hc_baseline_report(const hc_options *o, const hc_run *run, const char *outdir,
                       hd_status *st);

#endif
