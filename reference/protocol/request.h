/* The request that starts an evaluation (docs/adapter-protocol.md, "The
 * target protocol"): everything about the expression and the context, and
 * nothing about the wavefront, which the evaluator asks for. The target
 * writes it from a case; an evaluator built on hdref reads it back into a
 * case with no register or memory directive. */
#ifndef HD_REQUEST_H
#define HD_REQUEST_H

#include "case/case.h"
#include "wire.h"

/* The request for c (case_id names it) as one JSON object, no newline. */
void hd_request_write(const hd_case *c, const char *case_id, hd_buf *out);

/* What the request says that the case learns only later: whether to ask
 * for the compilation unit, the frame answers and the call stack, and the
 * DIE offsets of the initial stack's typed values (resolved once the unit
 * is there). */
typedef struct hd_request_more {
	int unit, frames, call_stack;
	uint64_t *push_types;   /* per initial stack entry: 0, or the type's DIE */
} hd_request_more;

/* Reads req into c (zeroed by the caller, its arena ready); HD_BAD_INPUT
 * "request" naming the member that is missing or malformed. */
int hd_request_read(const hd_jnode *req, hd_case *c, hd_request_more *more, hd_status *st);

#endif
