/* The value check of a candidate's code object, run (docs/value-check.md,
 * "Candidates"): the kernel's first work-group on the gfx9 executor, on
 * the SPIR-V interpreter's inputs (co_inputs.h), stopped before every
 * instruction that starts a statement row of the candidate's line table,
 * and judged there against the committed watch (candidate.h). */
#ifndef HD_WATCH_CO_WATCH_H
#define HD_WATCH_CO_WATCH_H

#include "check.h"
#include "co_inputs.h"
#include "debugger/reading.h"
#include "watch/watch_file.h"

/* Checks kernel `kernel` of the code object at path (co, already read)
 * against wf. x is the interpreter made for the same kernel of the
 * kernel's SPIR-V module: it gives the inputs. label starts each failure
 * line. Fills r, a report per reading of the DWARF (reading.h;
 * hd_check_report_free each after), and the executor's outcome.
 * Errors: HD_BAD_INPUT (no debug info, a kernel the watch lacks, inputs
 * the two machines cannot share), HD_NO_MEMORY. */
int hd_co_watch(const char *path, const hd_codeobj *co, hd_exec *x, const hd_watch_file *wf,
                const char *kernel, const char *label, hd_check_report r[HD_READINGS],
                hd_gfx9_outcome *outcome, hd_status *st);

#endif
