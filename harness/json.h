/* Internal helpers of the results model: UTF-8 decoding shared by the JSON
 * writer and the report renderers, JSON string output, and the one way the
 * JSON reader adds a parsed result to a run without copying it. Not an API
 * of the harness; result.h is. */
#ifndef HC_JSON_H
#define HC_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "result.h"

/* The code point starting at s (n > 0 bytes left) into *cp; returns how
 * many bytes it takes. A byte that does not start a well-formed UTF-8
 * sequence (overlong, surrogate, past U+10FFFF, cut short) gives U+FFFD and
 * length 1, so every caller makes progress and garbage stays local. */
size_t hc_utf8_next(const unsigned char *s, size_t n, uint32_t *cp);
/* Appends cp as UTF-8. */
void hc_utf8_put(hd_buf *b, uint32_t cp);

/* Appends a string literal without counting its bytes by hand. */
#define HC_PUT(b, lit) hd_buf_put((b), "" lit, sizeof(lit) - 1)

/* s as a JSON string with its quotes; NULL as null. */
void hc_json_string(hd_buf *b, const char *s);

/* Moves *r into run (run owns its members afterwards and *r is zeroed);
 * -1 on no memory, r then untouched. */
int hc_run_take(hc_run *run, hc_result *r);

/* The deepest nesting and the largest text the reader accepts: results.json
 * is two levels deep, so 64 only matters for garbage, and a run of the
 * whole suite is tens of megabytes. */
#define HC_JSON_MAX_DEPTH 64
#define HC_JSON_MAX_SIZE ((size_t)1 << 30)

/* The range of "seconds" both ways: a negative, infinite or absurd time is
 * a bug upstream, and clamping keeps "%.6f" short and reparsable. */
#define HC_MAX_SECONDS 1e9

#endif
