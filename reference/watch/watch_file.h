/* A watch file read back (docs/watch-format.md, "The file"): what a
 * candidate's debug info is judged against, without running the interpreter
 * again. The reader copies the text once and cuts its fields in place, so
 * every string below lives as long as the hd_watch_file. */
#ifndef HD_WATCH_FILE_H
#define HD_WATCH_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "util/status.h"

/* Work-items lo..hi of a group, by linear local index. */
typedef struct hd_wf_range {
	uint32_t lo, hi;
} hd_wf_range;

/* "  VAR [ITEMS] = TEXT": the value the work-items of ranges hold. */
typedef struct hd_wf_value {
	const char *var;
	const char *text;
	uint32_t range, nranges;   /* into hd_watch_file.ranges */
} hd_wf_value;

typedef struct hd_wf_stop {
	uint64_t number;
	const char *function;
	int inlined;
	const char *file;
	uint32_t line, column;
	uint32_t group[3];
	uint32_t range, nranges;   /* the work-items there */
	uint32_t value, nvalues;   /* into hd_watch_file.values */
} hd_wf_stop;

typedef struct hd_wf_kernel {
	const char *name;
	uint32_t global[3], local[3], offset[3], wave;
	uint32_t stop, nstops;     /* into hd_watch_file.stops */
	uint64_t printed, total;   /* "truncated after": 0, 0 when not */
	const char *outcome;       /* the text after "outcome " */
	uint64_t steps;
	const char *executed;      /* the text after "executed", from its space */
} hd_wf_kernel;

typedef struct hd_watch_file {
	char *text;                /* the copy the strings point into */
	hd_wf_kernel *kernels;
	uint32_t nkernels;
	hd_wf_stop *stops;
	uint32_t nstops;
	hd_wf_value *values;
	uint32_t nvalues;
	hd_wf_range *ranges;
	uint32_t nranges;
} hd_watch_file;

/* Reads a watch file's text; name starts error messages. Errors:
 * HD_BAD_INPUT "watch-syntax" with the line (st->offset) and the rule broken,
 * HD_NO_MEMORY. Nothing is kept on error. */
int hd_watch_file_read(const char *text, size_t len, const char *name, hd_watch_file **out,
                       hd_status *st);
void hd_watch_file_free(hd_watch_file *wf);

/* Writes wf back in the file's form: reading a file and writing it gives the
 * same bytes. */
void hd_watch_file_print(const hd_watch_file *wf, hd_buf *out);

/* The kernel called name, or NULL. */
const hd_wf_kernel *hd_watch_file_kernel(const hd_watch_file *wf, const char *name);
/* Whether work-item item is among ranges [range, range + n). */
int hd_wf_has_item(const hd_watch_file *wf, uint32_t range, uint32_t n, uint32_t item);
/* The text of var for work-item item at stop s, or NULL when the stop does
 * not show var to it. */
const char *hd_wf_value_of(const hd_watch_file *wf, const hd_wf_stop *s, const char *var,
                           uint32_t item);

#endif
