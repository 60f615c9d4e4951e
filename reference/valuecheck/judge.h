/* Judging what a debugger shows at one stop and lane against what the
 * source holds (docs/value-check.md, "Outcomes"): shared by the value check
 * of the reference (check.c) and of a candidate's code object
 * (candidate.c). The frame comes from the DWARF side (dwarf_frame.h), the
 * expected texts from a watch. */
#ifndef HD_WATCH_JUDGE_H
#define HD_WATCH_JUDGE_H

#include "check.h"
#include "debugger/dwarf_frame.h"

/* The expected side of one stop and work-item: n variables, sorted by name
 * (strcmp), and the text of each (valid until the next call of text). */
typedef struct hd_judge_source {
	uint32_t n;
	const char *(*name)(void *ctx, uint32_t i);
	const char *(*text)(void *ctx, uint32_t i);
	void *ctx;
	const char *function;   /* the source's function instance at the stop */
	/* Whether a pointer of the source holding addr means the same address
	 * on the debugger's side: the memory is at the same place on both.
	 * NULL: every address does. A pointer that does not (into memory each
	 * side lays out its own way) is not judged: it is counted as layout. */
	int (*shared)(void *ctx, uint64_t addr);
} hd_judge_source;

/* Where failures happened, for their lines: "LABEL: kernel K, stop S,
 * FUNCTION FILE:LINE:COLUMN, work-item N, lane L: " (stop and lane when
 * known). */
typedef struct hd_judge_where {
	const char *label, *kernel, *function, *file;
	uint32_t line, column, item;
	uint64_t stop;          /* the watch's stop number; 0: not known */
	int lane;               /* the lane of the work-item's wave; -1: not known */
	/* Appends the location expression that gave v's value, for the line of
	 * a wrong value; NULL: none is shown. */
	void (*location)(void *ctx, const hd_watch_var *v, hd_buf *out);
	void *ctx;
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
 * got (a leaf, or a braced value), and so does each pointer leaf of want
 * whose address src->shared says is not shared (src may be NULL). *layout
 * (may be NULL) is set to 1 when such a pointer was passed over. */
int hd_judge_text_matches(const char *want, const char *got, int lenient_unset,
                          const hd_judge_source *src, int *layout);

#endif
