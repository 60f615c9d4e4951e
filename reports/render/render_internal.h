/* Internal to reports/render: each report as text in a buffer, so that
 * report.c writes them atomically and the tests can look at them. Out of
 * memory shows as the buffer's failed flag. */
#ifndef HC_RENDER_INTERNAL_H
#define HC_RENDER_INTERNAL_H

#include "render.h"

/* Distinct strings, sorted by strcmp; v borrows from the run. */
typedef struct hc_names {
	const char **v;
	size_t n;
} hc_names;

/* The distinct check names of run; -1 on no memory. */
int hc_checks_of(const hc_run *run, hc_names *out);
void hc_names_free(hc_names *names);

void hc_junit(hd_buf *b, const hc_run *run);
void hc_summary(hd_buf *b, const hc_run *run);
void hc_html(hd_buf *b, const hc_run *run);

/* The matrix and coverage bars of index.html (html_matrix.c). */
void hc_html_matrix(hd_buf *b, const hc_run *run);

/* The id of results[i]'s entry in the failure list: hc_anchor of its case
 * and check, and "__N" for the N-th repeat of the same key (the run is
 * sorted, so repeats are neighbours). */
void hc_html_anchor(hd_buf *b, const hc_run *run, size_t i);

#endif
