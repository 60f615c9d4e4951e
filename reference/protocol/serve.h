/* The target side of the evaluate target protocol (docs/adapter-protocol.md,
 * "The target protocol"): the debugger around an evaluator. It holds the
 * wavefront and the debug information a case describes, sends the
 * evaluator the request, and answers its queries until it sends its
 * result. */
#ifndef HD_SERVE_H
#define HD_SERVE_H

#include <stdio.h>

#include "case/case.h"
#include "util/buf.h"

/* Serves one evaluation of c (case_id names it) on arch (NULL: none):
 * writes to `to`, reads from `from`, and puts the evaluator's result text
 * in result. -1 with st when the evaluator breaks the protocol (a message
 * that is no JSON, no result before its output ends, more than
 * HD_SERVE_MAX_QUERIES queries). */
#define HD_SERVE_MAX_QUERIES 10000000ul
int hd_target_serve(const hd_case *c, const char *case_id, const hd_target *arch, FILE *to,
                    FILE *from, hd_buf *result, hd_status *st);

#endif
