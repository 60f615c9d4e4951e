/* The run journal: one result per line (docs/results.md), appended as each
 * check finishes, so an interrupted run resumes without losing or repeating
 * a result. */
#ifndef HC_JOURNAL_H
#define HC_JOURNAL_H

#include "result.h"

typedef struct hc_journal {
	int fd;
	char *path;
} hc_journal;

/* Opens path for appending. With resume, first reads the results already
 * there into run (a torn last line, from a kill mid-write, is cut off);
 * without, starts the journal empty. */
int hc_journal_open(hc_journal *j, const char *path, int resume, hc_run *run, hd_status *st);
/* Appends one result with a single write(2). */
int hc_journal_add(hc_journal *j, const hc_result *r, hd_status *st);
void hc_journal_close(hc_journal *j);

#endif
