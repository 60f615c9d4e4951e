/* A growable byte buffer, used for encoded expressions and printed text. */
#ifndef HD_BUF_H
#define HD_BUF_H

#include <stddef.h>
#include <stdint.h>

typedef struct hd_buf {
	uint8_t *data;
	size_t len, cap;
	int failed;  /* an allocation failed; later appends are ignored */
} hd_buf;

void hd_buf_init(hd_buf *b);
void hd_buf_free(hd_buf *b);
void hd_buf_reset(hd_buf *b);
void hd_buf_put(hd_buf *b, const void *p, size_t n);
void hd_buf_byte(hd_buf *b, uint8_t v);
void hd_buf_uint(hd_buf *b, uint64_t v, unsigned nbytes); /* little-endian */
void hd_buf_uleb(hd_buf *b, uint64_t v);
void hd_buf_sleb(hd_buf *b, int64_t v);
/* The NUL-terminated s, without its NUL. */
void hd_buf_puts(hd_buf *b, const char *s);
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
