/* Canonical text of evaluation results: locations, values and errors, in the
 * form docs/canonical-output.md describes. Every function appends whole lines
 * ending in '\n'; nothing depends on host addresses or allocation order, so
 * two runs (or two implementations) agree byte for byte. */
#ifndef HD_PRINT_H
#define HD_PRINT_H

#include <stdint.h>

#include "eval.h"
#include "target.h"
#include "../../util/buf.h"

/* "location" and its single locations, a "value" line, or an "error" line.
 * arch (may be NULL) names registers and address spaces. */
void hd_print_result(hd_buf *out, const hd_result *res, const hd_target *arch);

/* Lines one location description may print; past them, one marker line. */
#define HD_PRINT_MAX_LINES 100000u

/* One line per single location description, indented by indent spaces;
 * composite parts are nested two spaces deeper per level. At most
 * HD_PRINT_MAX_LINES lines, then "... output limit: ..." and nothing more. */
void hd_print_loc(hd_buf *out, const hd_loc *loc, const hd_target *arch, int indent);

/* "value <type> = 0x..." (vectors as a bracketed list, lowest element first). */
void hd_print_value(hd_buf *out, const hd_value *v);

/* A signed 128-bit number in decimal, no newline. */
void hd_print_bits(hd_buf *out, hd_bits v);

/* "0x" and the low nbits of the little-endian bytes le, as ceil(nbits/4)
 * lowercase hex digits (at least one), no newline. */
void hd_print_hex(hd_buf *out, const uint8_t *le, uint64_t nbits);

#endif
