/* The renderers of a run's results (docs/reports.md): TAP 13 streamed as
 * checks finish, and the files of reports/<candidate>/ written at the end.
 * They read only the hc_run model (harness/results/result.h). */
#ifndef HC_RENDER_H
#define HC_RENDER_H

#include <stdio.h>

#include "result.h"

/* "TAP version 13" and the plan "1..n". */
void hc_tap_plan(FILE *f, size_t n);
/* One test point: "ok"/"not ok", number, "case check", a "# SKIP" or
 * "# TODO" directive where the outcome asks for one, and a YAML block with
 * the outcome, reason and diff under anything but a plain pass. */
void hc_tap_point(FILE *f, size_t number, const hc_result *r);

/* The non-conforming results grouped by failure signature: the check and
 * the reason with numbers, hex addresses and paths written N, X and P
 * (docs/reports.md, "Failure groups"), largest group first. */
typedef struct hc_group {
	char signature[200];
	size_t count;
	size_t first;       /* the group's first result, an index into the run */
} hc_group;

typedef struct hc_groups {
	hc_group *v;
	size_t n;
} hc_groups;

/* -1 on no memory. */
int hc_failure_groups(const hc_run *run, hc_groups *out);
void hc_groups_free(hc_groups *g);

/* The report files, each a function of the run alone: results.json,
 * junit.xml, summary.md and index.html. hc_report_name(i) is the i-th's
 * name; hc_report_render appends its text, so a reader of a report
 * directory can check the files are what its results.json renders to. */
#define HC_REPORT_FILES 4
const char *hc_report_name(size_t i);
void hc_report_render(size_t i, const hc_run *run, hd_buf *out);
/* Writes the report files into dir (created if missing), each atomically. */
int hc_report_write(const hc_run *run, const char *dir, hd_status *st);

/* The sections of a comparison of run A with run B: results that
 * conformed in A and not in B, the reverse, other changes of outcome, and
 * results in one run only. */
enum {
	HC_CMP_REGRESSIONS,
	HC_CMP_FIXES,
	HC_CMP_CHANGED,
	HC_CMP_ONLY_A,
	HC_CMP_ONLY_B,
	HC_CMP_DIFFS,    /* same outcome, another diff (asked for with diffs) */
	HC_CMP_SECTIONS
};

/* Matches the results of a and b by (case, check) and appends the
 * comparison to text (the lines `hdcts compare` prints) and html (a page),
 * either of which may be NULL; label_a and label_b name the runs; with
 * diffs, results whose outcome stayed but whose diff changed are listed
 * too. counts gets the entries per section. -1 on no memory, as is a
 * buffer's failed flag. */
int hc_compare_render(const hc_run *a, const char *label_a, const hc_run *b,
                      const char *label_b, int diffs, hd_buf *text, hd_buf *html,
                      size_t counts[HC_CMP_SECTIONS]);

#endif
