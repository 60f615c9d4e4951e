/* The text of a value as a watch shows it (docs/watch-format.md, "Values").
 * Both sides of a watch check print through these functions: the
 * interpreter's side, which reads a variable through its SPIR-V DebugType,
 * and the DWARF side, which reads it through its DWARF type. Only the
 * walking of the types differs between them; what a leaf looks like is
 * decided once, here, so equal values always print equal text. */
#ifndef HD_WATCH_VALUE_TEXT_H
#define HD_WATCH_VALUE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

/* How a scalar's bits are read: DebugBaseTypeAttributeEncoding and DW_ATE
 * both map onto these. */
typedef enum hd_leaf_kind {
	HD_LEAF_SIGNED,     /* two's complement, printed in decimal (chars too) */
	HD_LEAF_UNSIGNED,   /* printed in decimal */
	HD_LEAF_BOOL,       /* "true" when any bit is set, else "false" */
	HD_LEAF_FLOAT,      /* IEEE binary16/32/64 */
	HD_LEAF_POINTER     /* an address: 0x followed by lowercase hex */
} hd_leaf_kind;

/* The most elements of one array the text shows; the rest is "...". */
#define HD_WATCH_MAX_ELEMENTS 64u
/* Text of one value is cut at this many bytes with "...". */
#define HD_WATCH_MAX_TEXT 4096u

/* Appends the leaf of `bits` bits starting at bit `bit` of bytes (little
 * endian). set (may be NULL: all set) has one byte per byte of bytes, 1
 * where the byte holds a value; a leaf any of whose bits fall on an unset
 * byte prints "<unset>". */
void hd_watch_leaf(hd_buf *out, hd_leaf_kind kind, const uint8_t *bytes, const uint8_t *set,
                   uint64_t bit, unsigned bits);
/* An enumerator's name when one has the leaf's value, else the number. */
void hd_watch_enum(hd_buf *out, int is_signed, const uint8_t *bytes, const uint8_t *set,
                   uint64_t bit, unsigned bits, const char *const *names,
                   const int64_t *values, size_t n);
/* Whether bits [bit, bit+bits) are all set. */
int hd_watch_bits_set(const uint8_t *set, uint64_t bit, uint64_t bits);

/* Composite punctuation: "{" name " = " value ", " ... "}" for structs,
 * "{" value ", " ... "}" for arrays and vectors. A composite none of whose
 * bytes is set prints "<unset>" as a whole (hd_watch_any_set). */
#define HD_WATCH_UNSET "<unset>"
/* Whether any byte of [byte, byte+n) is set. */
int hd_watch_any_set(const uint8_t *set, uint64_t byte, uint64_t n);

#endif
