/* The value check of the reference lowering (docs/value-check.md): the
 * interpreter runs the kernel; at every stop and active lane the model is
 * given the state the reference placement says the code would have, each
 * in-scope variable's lowered DWARF location is evaluated and read through
 * its DWARF type, and the text must equal the watch's. */
#ifndef HD_WATCH_CHECK_H
#define HD_WATCH_CHECK_H

#include "exec/exec.h"
#include "util/buf.h"

/* Failure lines a report keeps of wrong values, and of the other
 * failures, each; the counts go on past them. */
#define HD_CHECK_MAX_FAILURES 50u

typedef struct hd_check_report {
	uint64_t stops;         /* stops checked */
	uint64_t lanes;         /* (stop, lane) pairs */
	uint64_t right;         /* variables whose DWARF value equals the watch */
	uint64_t wrong;         /* a different value */
	uint64_t unavailable;   /* the watch has a value, the DWARF no location */
	uint64_t missing;       /* in the watch, not among the DWARF's variables */
	uint64_t unset;         /* unset in the source, a value in the DWARF: not judged
	                         * (candidates only, docs/value-check.md) */
	uint64_t layout;        /* a pointer into memory each side lays out its own way:
	                         * not judged (candidates only, docs/value-check.md) */
	uint64_t extra;         /* among the DWARF's variables, not in the watch */
	uint64_t frames;        /* the DWARF names another function instance */
	uint64_t not_reached;   /* (stop, work-item) pairs of the watch no debugger stop met */
	uint64_t unmatched;     /* (debugger stop, lane) pairs that met no stop of the watch */
	hd_exec_outcome outcome;
	hd_buf failures;        /* one line each, in the order found, of nkept of them */
	uint32_t nfailures;     /* all of them */
	uint32_t nkept, nkept_wrong;  /* lines in failures, and of them wrong values */
} hd_check_report;

/* Checks every Kernel entry point of m (validated, no finding) with inputs
 * c; label starts each failure line. Fills r (hd_check_report_free after).
 * -1 when m cannot be lowered or run at all (st says why). */
int hd_check_reference(const hd_spv_module *m, const hd_exec_config *c, const char *label,
                       hd_check_report *r, hd_status *st);
void hd_check_report_free(hd_check_report *r);
/* Adds r's counts into sum, and its failure lines while sum holds fewer
 * than twice HD_CHECK_MAX_FAILURES (a report's lines are taken whole). */
void hd_check_report_add(hd_check_report *sum, const hd_check_report *r);
/* The report's score, in the spirit of Dexter: right over right plus the
 * penalties, wrong 4, missing 2, unavailable and not reached 1 each
 * (docs/value-check.md, "Score"); 1 when nothing was judged. */
double hd_check_score(const hd_check_report *r);
/* Whether the report holds any failure. */
int hd_check_failed(const hd_check_report *r);

#endif
