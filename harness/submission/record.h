/* Whether a report directory is one run's record, unedited
 * (docs/conformance.md, "Verifying a submission"). A run writes each
 * result twice, to journal.jsonl as it happens and to results.json at the
 * end; renders summary.md, junit.xml and index.html from results.json
 * alone; and records what it ran with beside them, with digests in
 * run.txt. So an edit of any one file shows as a disagreement with
 * another. `hdcts package` checks a run directory so before packing it,
 * `hdcts verify` an unpacked archive. */
#ifndef HC_RECORD_H
#define HC_RECORD_H

#include "provenance.h"
#include "result.h"

/* Checks, in dir whose results.json is run and run.txt pv:
 *  - profile.ini, adapters/, tools.txt, waivers.txt and mustpass.txt are
 *    the files whose digests run.txt recorded;
 *  - journal.jsonl holds exactly the results of results.json;
 *  - results.json, junit.xml, summary.md and index.html are what
 *    results.json renders to;
 *  - each result is must-pass exactly when mustpass.txt lists its case,
 *    waived only by a line of waivers.txt with its reason, and not
 *    supported only for a feature profile.ini declares and the case needs.
 * 0, or -1 with st (HD_BAD_INPUT "edited") naming the first disagreement. */
int hc_record_check(const char *dir, const hc_run *run, const hc_provenance *pv,
                    hd_status *st);

#endif
