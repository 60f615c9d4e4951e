#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hd_buf_init(hd_buf *b)
{
	memset(b, 0, sizeof *b);
}

void hd_buf_free(hd_buf *b)
{
	free(b->data);
	hd_buf_init(b);
}

void hd_buf_reset(hd_buf *b)
{
	b->len = 0;
}

/* Makes room for n more bytes plus a NUL; false once an allocation failed. */
static int reserve(hd_buf *b, size_t n)
{
	size_t cap;
	uint8_t *p;

	if (b->failed)
		return 0;
	if (b->len + n + 1 <= b->cap)
		return 1;
	cap = b->cap ? b->cap : 64;
	while (cap < b->len + n + 1)
		cap *= 2;
	p = realloc(b->data, cap);
	if (p == NULL) {
		b->failed = 1;
		return 0;
	}
	b->data = p;
	b->cap = cap;
	return 1;
}

void hd_buf_put_grow(hd_buf *b, const void *p, size_t n)
{
	if (n == 0 || !reserve(b, n))
		return;
	memcpy(b->data + b->len, p, n);
	b->len += n;
}

void hd_buf_udec(hd_buf *b, uint64_t v)
{
	char d[20];
	size_t n = sizeof d;

	do {
		d[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	hd_buf_put(b, d + n, sizeof d - n);
}

void hd_buf_sdec(hd_buf *b, int64_t v)
{
	if (v < 0) {
		hd_buf_byte(b, '-');
		hd_buf_udec(b, (uint64_t)0 - (uint64_t)v);
	} else {
		hd_buf_udec(b, (uint64_t)v);
	}
}

void hd_buf_hex(hd_buf *b, uint64_t v)
{
	char d[16];
	size_t n = sizeof d;

	do {
		d[--n] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v != 0);
	hd_buf_put(b, d + n, sizeof d - n);
}

void hd_buf_uint(hd_buf *b, uint64_t v, unsigned nbytes)
{
	/* with room for all of it (and the NUL reserve keeps), one check
	 * instead of one per byte: .debug_info writes millions of these */
	if (nbytes <= 8 && b->len + nbytes + 1 <= b->cap && !b->failed) {
		for (unsigned i = 0; i < nbytes; i++)
			b->data[b->len + i] = (uint8_t)(v >> (8 * i));
		b->len += nbytes;
		return;
	}
	for (unsigned i = 0; i < nbytes; i++)
		hd_buf_byte(b, (uint8_t)(v >> (8 * i)));
}

void hd_buf_uleb(hd_buf *b, uint64_t v)
{
	if (b->len + 10 + 1 <= b->cap && !b->failed) {  /* 10: the longest */
		do {
			uint8_t byte = v & 0x7f;
			v >>= 7;
			b->data[b->len++] = byte | (v ? 0x80 : 0);
		} while (v);
		return;
	}
	do {
		uint8_t byte = v & 0x7f;
		v >>= 7;
		hd_buf_byte(b, byte | (v ? 0x80 : 0));
	} while (v);
}

void hd_buf_sleb(hd_buf *b, int64_t v)
{
	for (;;) {
		uint8_t byte = (uint8_t)(v & 0x7f);
		/* arithmetic shift; written this way to stay defined for negatives */
		v = v < 0 ? ~(~v >> 7) : v >> 7;
		if ((v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40))) {
			hd_buf_byte(b, byte);
			return;
		}
		hd_buf_byte(b, byte | 0x80);
	}
}

void hd_buf_printf(hd_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* one pass when the text fits in the room there is (most do) */
	if (!reserve(b, 64))
		return;
	va_start(ap, fmt);
	n = vsnprintf((char *)b->data + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < b->cap - b->len) {
		b->len += (size_t)n;
		return;
	}
	if (n < 0 || !reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

const char *hd_buf_str(hd_buf *b)
{
	if (!reserve(b, 0))
		return "";
	b->data[b->len] = '\0';
	return (const char *)b->data;
}

void hd_buf_sh_quote(hd_buf *b, const char *s)
{
	hd_buf_byte(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			hd_buf_put(b, "'\\''", 4);
		else
			hd_buf_byte(b, (uint8_t)*s);
	}
	hd_buf_byte(b, '\'');
}
