/* Internal helpers of the results model: the one way the JSON reader adds a
 * parsed result to a run without copying it, and the writer's bounds. Not
 * an API of the harness; result.h is. The JSON and UTF-8 primitives are
 * reference/util/json.h. */
#ifndef HC_JSON_H
#define HC_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "result.h"
#include "util/json.h"

/* Appends a string literal without counting its bytes by hand. */
#define HC_PUT(b, lit) hd_buf_put((b), "" lit, sizeof(lit) - 1)

/* Moves *r into run (run owns its members afterwards and *r is zeroed);
 * -1 on no memory, r then untouched. */
int hc_run_take(hc_run *run, hc_result *r);

/* The range of "seconds" both ways: a negative, infinite or absurd time is
 * a bug upstream, and clamping keeps "%.6f" short and reparsable. */
#define HC_MAX_SECONDS 1e9

#endif
