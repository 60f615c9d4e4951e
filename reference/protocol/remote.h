/* The evaluator side of the evaluate target protocol, built on the
 * reference (docs/adapter-protocol.md, "The target protocol"): `hdref eval
 * --remote` reads a request, asks the target for everything it needs
 * (registers and memory as it goes; the unit, the frame answers and the
 * call stack once), evaluates with the same code as `hdref eval`, and sends
 * the canonical result. So the protocol is proven on every case. */
#ifndef HD_REMOTE_H
#define HD_REMOTE_H

#include <stdio.h>

#include "util/status.h"

/* One evaluation: the request is read from `from`, queries and the result
 * go to `to`. -1 with st when the target breaks the protocol or the
 * request is malformed. */
int hd_remote_eval(FILE *from, FILE *to, hd_status *st);

#endif
