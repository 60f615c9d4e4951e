/* The line-oriented inputs of a run (docs/harness.md): the coverage index
 * expected/coverage.tsv (which facts each case covers), a candidate's
 * waiver file and the must-pass list. */
#ifndef HC_LISTS_H
#define HC_LISTS_H

#include <stddef.h>

#include "util/status.h"

typedef struct hc_line {
	char *a, *b, *c;     /* the fields; c is the rest of the line */
} hc_line;

typedef struct hc_lines {
	hc_line *v;
	size_t n, cap;
	char *text;          /* the file, fields point into it */
} hc_lines;

/* Reads path as lines of fields split at tabs (sep '\t': coverage.tsv) or
 * blanks (sep ' ': the rest of the line is the third field). Blank lines
 * and lines starting with '#' are skipped; a line with fewer than nfields
 * fields is an error with its number. A missing file gives no lines when
 * optional. */
int hc_lines_read(hc_lines *l, const char *path, char sep, int nfields, int optional,
                  hd_status *st);
void hc_lines_free(hc_lines *l);

/* In an index sorted by hc_index_sort, the facts of case_id are v[*first ..
 * *first + n). */
size_t hc_facts_of(const hc_lines *index, const char *case_id, size_t *first);
/* Sorts an index by case id (then fact), the order hc_facts_of searches in:
 * coverage.tsv's own order is not a promise (a case id that is a prefix of
 * another's sorts after it there). */
void hc_index_sort(hc_lines *index);
/* The waiver line for (case_id, check), or waivers->n when none: a waiver
 * line is `CASE-ID CHECK REASON`, both exact (docs/conformance.md). */
size_t hc_waiver(const hc_lines *waivers, const char *case_id, const char *check);
/* Whether case_id matches a line (a glob) of the must-pass list. */
int hc_must_pass(const hc_lines *mustpass, const char *case_id);

#endif
