/* Internals shared by the files that run a case: run.c (the wavefront, the
 * context, the setup and the main expression) and requests.c (the call
 * stack and the `evaluate` requests). */
#ifndef HD_RUN_IMPL_H
#define HD_RUN_IMPL_H

#include "case.h"

#include "../amdgpu/model.h"

typedef struct hd_runner {
	const hd_case *c;
	hd_amdgpu *model;
	const hd_target *arch;
	hd_eval *ev;
	hd_context ctx;
	hd_frames frames;
	hd_entry *entries;
	int verbose;
	hd_buf *out;
	hd_status *st;

	/* the call stack (requests.c) */
	hd_buf section;          /* the .debug_frame bytes cfi points into */
	hd_cfi *cfi;
	hd_subprogram *subs;
	hd_callstack stack;
} hd_runner;

/* "  # message" under an error line, with -v only. */
void hd_run_message(hd_runner *r, const char *msg);
/* "error setup <kind>: <code>": something the evaluation needs failed, and
 * that is the case's whole outcome. */
void hd_run_setup_error(hd_runner *r, const hd_status *st);
/* "read <bits> = 0x..." or "read <bits> error ...", reading through loc. */
int hd_run_read(hd_runner *r, const hd_loc *loc, uint64_t bits);

/* requests.c. hd_run_stack builds the call stack into r->ctx.stack and
 * checks it: 0 ready, 1 an outcome was printed, -1 failure. */
int hd_run_stack(hd_runner *r);
/* Answers the `evaluate` lines in file order. */
int hd_run_requests(hd_runner *r);
void hd_run_stack_free(hd_runner *r);

#endif
