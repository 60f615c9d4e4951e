/* Judging what a debugger shows at one stop and lane against what the
 * source holds (docs/value-check.md, "Outcomes"): shared by the value check
 * of the reference (check.c) and of a candidate's code object
 * (candidate.c). The frame comes from the DWARF side (dwarf_frame.h), the
 * expected texts from a watch. */
#ifndef HD_WATCH_JUDGE_H
#define HD_WATCH_JUDGE_H

#include "check.h"
#include "dwarf_frame.h"

/* The expected side of one stop and work-item: n variables, sorted by name
 * (strcmp), and the text of each (valid until the next call of text). */
typedef struct hd_judge_source {
	uint32_t n;
	const char *(*name)(void *ctx, uint32_t i);
	const char *(*text)(void *ctx, uint32_t i);
	void *ctx;
	const char *function;   /* the source's function instance at the stop */
} hd_judge_source;

/* Where failures happened, for their lines: "LABEL: kernel K, FUNCTION
 * FILE:LINE:COLUMN, work-item N: ". */
typedef struct hd_judge_where {
	const char *label, *kernel, *function, *file;
	uint32_t line, column, item;
} hd_judge_where;

/* Counts each variable of src into r (right, wrong, unavailable, missing,
 * unset) and each variable f shows that src has not (extra), and appends a
 * line per failure. lenient_unset: a `<unset>` part of the source's value
 * matches whatever the debugger shows there (a candidate's memory holds
 * what it holds before the program writes it); otherwise `<unset>` matches
 * only `<unset>` or nothing shown (the reference's strict model). */
void hd_judge_frame(const hd_judge_source *src, const hd_watch_frame *f,
                    const hd_judge_where *w, int lenient_unset, hd_check_report *r);

/* Whether got is the text want describes: equal, except that with
 * lenient_unset each `<unset>` element of want matches any one element of
 * got (a leaf, or a braced value). */
int hd_judge_text_matches(const char *want, const char *got, int lenient_unset);

#endif
