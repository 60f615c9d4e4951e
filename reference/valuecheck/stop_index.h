/* Which stop of a watch a debugger meets when it stops at a source position
 * (docs/watch-format.md, "Matching a debugger's stops"). A candidate
 * compiler's code stops at the rows of its line table; the watch has the
 * stops of the source. For each work-item the index keeps the watch's
 * stops in the order the work-item passed them and a cursor: a debugger's
 * stop at FILE:LINE:COLUMN meets the first stop after the cursor at that
 * position, or failing that at that line, and the cursor moves past it. So
 * the k-th time a work-item reaches a line in the candidate meets the k-th
 * time it reached it in the source, and a line the candidate skips (folded
 * away by an optimiser) costs nothing. Lookups bisect a per-work-item table
 * sorted by line: a watch cannot make them quadratic. */
#ifndef HD_WATCH_STOP_INDEX_H
#define HD_WATCH_STOP_INDEX_H

#include "watch/watch_file.h"

typedef struct hd_stop_index hd_stop_index;

/* The index of kernel k of wf. Errors: HD_NO_MEMORY; HD_BAD_INPUT
 * "watch-groups" when k's NDRange has more work-items than the index takes
 * (HD_STOP_INDEX_MAX_ITEMS). */
#define HD_STOP_INDEX_MAX_ITEMS (1u << 20)
int hd_stop_index_new(const hd_watch_file *wf, const hd_wf_kernel *k, hd_stop_index **out,
                      hd_status *st);
void hd_stop_index_free(hd_stop_index *ix);

/* The stop work-item `item` (its linear local index) of work-group `group`
 * meets at file:line:column in the function instance `function` (any
 * pointer that tells instances apart, e.g. their DIE), or NULL when none is
 * left after its cursor; `entry` says the stop is where the function is
 * entered. Files match by their last path component, since the watch names
 * the source where the reference compiled it and a candidate where it did.
 * A meeting at an entry, or in another function instance than the
 * work-item's last one (a call or a return came between), starts a new
 * visit: the rest of the last one is passed over, so a line two template
 * instances, or two calls of one function, share is not met in the wrong
 * one. */
const hd_wf_stop *hd_stop_index_meet(hd_stop_index *ix, const uint32_t group[3], uint32_t item,
                                     const char *file, uint32_t line, uint32_t column,
                                     const void *function, int entry);

/* How many of the work-item's visits of a line no debugger stop met: they
 * were passed over (the cursor moved beyond them) or never reached. A
 * visit is a run of consecutive stops at one line, one per column a
 * statement starts at; a debugger stepping by line stops once in it, so
 * meeting any of its stops reaches the visit. */
uint32_t hd_stop_index_unmet(const hd_stop_index *ix, const uint32_t group[3], uint32_t item);

/* The same summed over every work-item of the kernel. */
uint64_t hd_stop_index_unmet_all(const hd_stop_index *ix);

#endif
