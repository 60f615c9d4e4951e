/* The evaluate batch (docs/harness.md, "The evaluate batch"): a profile's
 * evaluate-batch command answers many evaluate cases in one process, each
 * into its own job directory, as `hdref eval --batch LIST` does. This is
 * the file format between the runner and that command; the runner decides
 * which jobs go in a batch and what a case the batch did not answer gets. */
#ifndef HC_EVAL_BATCH_H
#define HC_EVAL_BATCH_H

#include <stddef.h>

#include "util/status.h"

/* Cases in one batch: enough that a process's start costs little per case,
 * few enough that -j keeps every slot busy and a crash re-runs little. */
#define HC_EVAL_BATCH_MAX 64

/* Writes the list at path: "IN<TAB>DIR" a line. A path holding a tab or a
 * newline cannot be listed: HD_INTERNAL, and the caller runs those alone. */
int hc_eval_batch_list(const char *path, const char *const *ins, const char *const *dirs,
                       size_t n, hd_status *st);
/* The exit status the batch gave the case in dir (dir/status, written last,
 * after dir/out and dir/stderr.txt): 1 with *status set, 0 when the batch
 * did not finish the case. */
int hc_eval_batch_status(const char *dir, int *status);

#endif
