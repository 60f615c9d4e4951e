/* The value check of a candidate compiler's code object (docs/value-check.md,
 * "Candidates"): the code runs on the model, and wherever a wave is about
 * to run the address of a statement row of the candidate's line table, a
 * debugger would stop there. For every active lane, the stop meets a stop
 * of the committed watch (stop_index.h), the candidate's DWARF shows frame 0
 * (dwarf_frame.h) on the model as the code left it, and the judge
 * (judge.h) rules on each variable. Whatever runs the code calls
 * hd_candidate_stop; this file knows no instruction. */
#ifndef HD_WATCH_CANDIDATE_H
#define HD_WATCH_CANDIDATE_H

#include "amdgpu/model.h"
#include "check.h"
#include "dwarf/write/die.h"
#include "dwarf/eval/eval.h"
#include "debugger/reading.h"
#include "watch/watch_file.h"

typedef struct hd_candidate hd_candidate;

/* A check of kernel k of the watch wf against the candidate's unit u, whose
 * expressions are encoded as enc says; label starts each failure line. u,
 * wf and k must outlive the check. Errors: HD_NO_MEMORY, and those of
 * hd_stop_index_new. */
int hd_candidate_new(const hd_dw_unit *u, const hd_encoding *enc, const hd_watch_file *wf,
                     const hd_wf_kernel *k, const char *label, hd_candidate **out,
                     hd_status *st);
void hd_candidate_free(hd_candidate *c);

/* Memory both machines place at the same addresses: [addr, addr + size)
 * (the interpreter's argument buffers, which the executor gets there). A
 * pointer of the watch into it is judged; one anywhere else points into
 * memory each side lays out its own way (private, local, constant,
 * program scope), and is counted as layout, not judged. -1 past
 * HD_CANDIDATE_MAX_SHARED ranges. */
#define HD_CANDIDATE_MAX_SHARED 32u
int hd_candidate_share(hd_candidate *c, uint64_t addr, uint64_t size);

/* The statement row a debugger stops at when a wave is about to run pc (the
 * last row at that address), or NULL when pc starts no statement. */
const hd_dw_row *hd_candidate_row_at(const hd_candidate *c, uint64_t pc);

/* A debugger stop: wave `wave` of work-group `group`, whose active lanes are
 * the bits of `lanes`, is about to run pc, a statement row's address; model
 * holds that wave's registers and the memory as the code left them. Each
 * lane (work-item wave * wave_size + lane of the group) is judged under
 * each reading of the DWARF and counted into that reading's report. The model is strict while the DWARF is read
 * and left not strict. Errors: HD_NO_MEMORY. */
int hd_candidate_stop(hd_candidate *c, hd_amdgpu *model, const uint32_t group[3], uint32_t wave,
                      unsigned wave_size, uint64_t lanes, uint64_t pc, hd_status *st);

/* After the run: the watch's stops that no debugger stop met are counted
 * as not reached, and the reports, one per reading (reading.h) with every
 * count and failure line, move to out (hd_check_report_free each after). */
void hd_candidate_finish(hd_candidate *c, hd_check_report out[HD_READINGS]);

#endif
