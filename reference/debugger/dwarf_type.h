/* Reading a value through its DWARF type (docs/watch-dwarf.md, "Values"):
 * the sizes and layout a DWARF consumer derives from DW_AT_type chains, and
 * the two walks over them that dwarf_frame.c runs, one that loads the bytes
 * a value's leaves need and one that prints them with value_text.h. Private
 * to reference/watch. */
#ifndef HD_WATCH_DWARF_TYPE_H
#define HD_WATCH_DWARF_TYPE_H

#include <stdint.h>

#include "dwarf/write/die.h"
#include "reading.h"
#include "util/buf.h"
#include "util/status.h"

/* Fills bytes [byte, byte + n) of the value: 0 when read (they are set now),
 * 1 when they hold nothing (undefined storage, unwritten memory), -1 on any
 * other failure (st says why, and the walk stops). */
typedef int (*hd_watch_loader)(void *self, uint64_t byte, uint64_t n, hd_status *st);

/* The attribute name of d, or of the DIE its DW_AT_abstract_origin or
 * DW_AT_specification names (DWARF 5 2.13.2, 3.3.8.1: a concrete or
 * completing DIE inherits what it does not say itself). */
const hd_attr *hd_watch_attr(const hd_die *d, uint16_t name);

/* A unit's types as a consumer sizes them: rd (NULL: the extension's
 * reading) says how wide a pointer of an address class is. */
typedef struct hd_watch_types {
	const hd_dw_unit *u;
	const hd_reading *rd;
} hd_watch_types;

/* The size of type t in bits; 0 with *why a reason code when a consumer
 * cannot know it (no type, a type cycle, an array of unknown count ...). */
uint64_t hd_watch_type_bits(const hd_watch_types *ty, const hd_die *t, const char **why);

/* The load walk: tries each node of the value (whole first, then its parts
 * when that read finds nothing) through load, in the order the print walk
 * visits them, visiting no more than it prints. */
int hd_watch_type_load(const hd_watch_types *ty, const hd_die *t, uint64_t size_bits,
                       hd_watch_loader load, void *self, hd_status *st);

/* The print walk: the text of a value of type t held in bytes (set: one
 * byte per byte of the value, 1 where it holds something; NULL: all). */
void hd_watch_type_print(const hd_watch_types *ty, const hd_die *t, uint64_t size_bits,
                         const uint8_t *bytes, const uint8_t *set, hd_buf *out);

#endif
