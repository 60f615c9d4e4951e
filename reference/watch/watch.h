/* Watches: the values of the source variables a program holds at each stop
 * and lane (docs/watch-format.md).
 *
 * The interpreter's side follows every work-item's variables through the
 * DebugDeclare and DebugValue points it passes and reads them through
 * their DebugTypes, with the OpenCL C layout the source language gives
 * them, never the lowering's. hd_watch is an observer of hd_exec_run;
 * at every stop it hands the stop to a callback, which prints the watch
 * (hd_watch_write) or checks a debugger's view against it (the value
 * check). */
#ifndef HD_WATCH_H
#define HD_WATCH_H

#include "exec/exec.h"
#include "util/buf.h"

typedef struct hd_watch hd_watch;

/* One variable in scope at a stop. */
typedef struct hd_watch_item {
	const char *name;
	int32_t var;       /* its DebugLocalVariable node */
	int32_t inlined;   /* the DebugInlinedAt of the instance, -1 when none */
	uint32_t depth;    /* 0: declared in the function; +1 per block inward */
} hd_watch_item;

/* Where a stop is in the source. */
typedef struct hd_watch_stop {
	const hd_exec_where *where;
	const char *function;   /* the innermost function instance (an inlined
	                         * function's name inside inlined code) */
	int inlined;
	const char *file;
	uint32_t line, column;
	const hd_watch_item *items;  /* visible variables, sorted by name */
	uint32_t nitems;
} hd_watch_stop;

typedef int (*hd_watch_stop_fn)(void *ctx, hd_watch *w, const hd_watch_stop *s,
                                hd_status *st);

/* A watch of the run x is about to make; fn is called at every stop. */
int hd_watch_new(hd_exec *x, hd_watch_stop_fn fn, void *ctx, hd_watch **out, hd_status *st);
const hd_exec_observer *hd_watch_observer(hd_watch *w);
void hd_watch_free(hd_watch *w);

/* Appends the value of item for work-item `item_index` at the current stop,
 * as docs/watch-format.md "Values" says. */
int hd_watch_value(hd_watch *w, uint32_t item_index, const hd_watch_item *v, hd_buf *out);

/* The bytes of a variable's DebugType in the source's layout, and the text
 * of a value of it (debug_type.c). set may be NULL (all set). */
uint64_t hd_watch_type_size(const hd_spv_module *m, uint32_t type);
void hd_watch_print(const hd_spv_module *m, uint32_t type, const uint8_t *bytes,
                    const uint8_t *set, hd_buf *out);
/* The byte offset and DebugType of the part Indexes select (DebugValue). -1
 * when they do not fit the type. */
int hd_watch_part(const hd_spv_module *m, uint32_t type, const uint64_t *indexes, uint32_t n,
                  uint64_t *offset, uint32_t *part_type);

/* hdref watch: runs the kernel (every Kernel entry point in module order
 * when kernel is NULL) and writes the watch file. A run that does not
 * complete still writes every stop it made, then its outcome. */
int hd_watch_write(const hd_spv_module *m, const char *kernel, const hd_exec_config *c,
                   hd_buf *out, hd_status *st);

#endif
