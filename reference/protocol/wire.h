/* The evaluate target protocol's wire (docs/adapter-protocol.md, "The
 * target protocol"): one JSON object per line each way. Numbers a 64-bit
 * machine needs whole (addresses, register and DIE numbers, address spaces)
 * travel as "0x..." strings, bytes as lower-case hex strings, so no JSON
 * reader's doubles can round them. */
#ifndef HD_WIRE_H
#define HD_WIRE_H

#include <stdint.h>
#include <stdio.h>

#include "dwarf/eval/eval.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/json.h"
#include "util/status.h"

#define HD_WIRE_VERSION 1
/* One message's most bytes: a whole .debug_frame or unit fits easily. */
#define HD_WIRE_MAX_LINE ((size_t)16 << 20)

/* Reads one line (without its newline) into line; 1 at the end of input
 * before any byte, 0 with a line, -1 with st (a line past the bound, a NUL
 * byte, an error reading). */
int hd_wire_read_line(FILE *f, hd_buf *line, hd_status *st);
/* Writes b and a newline, flushed. */
int hd_wire_send(FILE *f, const hd_buf *b, hd_status *st);

/* Appends "0x<hex>" and hex bytes as JSON strings. */
void hd_wire_u64(hd_buf *b, uint64_t v);
void hd_wire_bytes(hd_buf *b, const uint8_t *p, size_t n);
/* Appends {"error":{"kind":..,"code":..,"message":..}} for st. */
void hd_wire_error(hd_buf *b, const hd_status *st);

/* A "0x..." or decimal string (the node, or an object's member) as a
 * number; -1 when absent or bad. */
int hd_wire_u64_of(const hd_jnode *n, uint64_t *v);
int hd_wire_get_u64(const hd_jnode *o, const char *key, uint64_t *v);
/* A non-negative integer JSON number member; -1 when absent or bad. */
int hd_wire_get_uint(const hd_jnode *o, const char *key, uint64_t max, uint64_t *v);
/* A hex string member decoded into the arena; -1 when absent or bad. n may
 * be 0 (then *p is a valid pointer to nothing). */
int hd_wire_get_bytes(const hd_jnode *o, const char *key, hd_arena *a, const uint8_t **p,
                      size_t *n);
int hd_wire_bytes_of(const hd_jnode *n, hd_arena *a, const uint8_t **p, size_t *len);
/* A location list as an array of {"low","high","bytes"} and
 * {"default":true,"bytes"} entries, both ways; reading copies into a. */
void hd_wire_loclist(hd_buf *b, const hd_loclist *l);
int hd_wire_loclist_of(const hd_jnode *l, hd_arena *a, hd_loclist *out);
/* Whether the member is present and not null. */
int hd_wire_has(const hd_jnode *o, const char *key);
/* The "error" member of an answer into st (its code copied into a), 1
 * when there is one, 0 when not. */
int hd_wire_get_error(const hd_jnode *o, hd_arena *a, hd_status *st);

#endif
