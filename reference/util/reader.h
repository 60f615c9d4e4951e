/* A bounds-checked little-endian cursor over a byte range. Every read either
 * succeeds whole or fails with a status naming the offset; it never reads past
 * the end. */
#ifndef HD_READER_H
#define HD_READER_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

typedef struct hd_reader {
	const uint8_t *p;
	size_t len, pos;
	size_t base;  /* added to pos in messages, for nested blocks */
} hd_reader;

void hd_reader_init(hd_reader *r, const uint8_t *p, size_t len);
int hd_read_uint(hd_reader *r, unsigned nbytes, uint64_t *v, hd_status *st);
int hd_read_sint(hd_reader *r, unsigned nbytes, int64_t *v, hd_status *st);
/* LEB128 (DWARF 5 section 7.6). Padding bytes are accepted; a value that does
 * not fit in 64 bits is "leb128-overflow", a missing end is "truncated". */
int hd_read_uleb(hd_reader *r, uint64_t *v, hd_status *st);
int hd_read_sleb(hd_reader *r, int64_t *v, hd_status *st);
int hd_read_block(hd_reader *r, size_t n, const uint8_t **p, hd_status *st);

#endif
