/* A growable byte buffer, used for encoded expressions and printed text. */
#ifndef HD_BUF_H
#define HD_BUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct hd_buf {
	uint8_t *data;
	size_t len, cap;
	int failed;  /* an allocation failed; later appends are ignored */
} hd_buf;

void hd_buf_init(hd_buf *b);
void hd_buf_free(hd_buf *b);
void hd_buf_reset(hd_buf *b);
/* hd_buf_put and hd_buf_byte when the buffer must grow (or has failed). */
void hd_buf_put_grow(hd_buf *b, const void *p, size_t n);

/* Appending is the inner loop of every printer (the dump of a large object
 * appends hundreds of millions of times), so the case with room is inline;
 * there is always room for a NUL after len. */
static inline void hd_buf_put(hd_buf *b, const void *p, size_t n)
{
	if (n != 0 && n < b->cap - b->len && !b->failed) {
		memcpy(b->data + b->len, p, n);
		b->len += n;
		return;
	}
	hd_buf_put_grow(b, p, n);
}

static inline void hd_buf_byte(hd_buf *b, uint8_t v)
{
	if (b->len + 2 <= b->cap && !b->failed) {
		b->data[b->len++] = v;
		return;
	}
	hd_buf_put_grow(b, &v, 1);
}

void hd_buf_uint(hd_buf *b, uint64_t v, unsigned nbytes); /* little-endian */
void hd_buf_uleb(hd_buf *b, uint64_t v);
void hd_buf_sleb(hd_buf *b, int64_t v);
/* The NUL-terminated s, without its NUL. */
static inline void hd_buf_puts(hd_buf *b, const char *s)
{
	hd_buf_put(b, s, strlen(s));
}
/* v in decimal (signed or not) and in lowercase hex without "0x": the
 * printf %llu, %lld and %llx of it, without printf's cost on hot paths. */
void hd_buf_udec(hd_buf *b, uint64_t v);
void hd_buf_sdec(hd_buf *b, int64_t v);
void hd_buf_hex(hd_buf *b, uint64_t v);
void hd_buf_printf(hd_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* Appends s single-quoted for the POSIX shell: it's -> 'it'\''s'. The
 * harness and hdgen build command lines from paths with it. */
void hd_buf_sh_quote(hd_buf *b, const char *s);
/* NUL-terminates (without counting the NUL) and returns the text. */
const char *hd_buf_str(hd_buf *b);

#endif
