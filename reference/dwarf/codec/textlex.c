/* The lexing the expression text (asm.c) and the call frame instruction text
 * (cfa_text.c) share, so that numbers, hex blocks and error columns are read
 * and reported the same way in both. */
#include "textlex.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int hd_lex_fail(hd_lexer *lx, const char *code, size_t pos, const char *fmt, ...)
{
	size_t col = pos + lx->first_col;
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return hd_fail(lx->st, HD_BAD_INPUT, code, col, "column %zu: %s", col, msg);
}

int hd_lex_peek(const hd_lexer *lx)
{
	return lx->pos < lx->len ? (unsigned char)lx->s[lx->pos] : -1;
}

/* The blanks both forms skip between tokens. */
static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Whether c is one of set; a NUL in the text is in no set. */
static int in_set(int c, const char *set)
{
	return c > 0 && strchr(set, c) != NULL;
}

int hd_lex_ends(const hd_lexer *lx, int c)
{
	return c < 0 || is_space(c) || in_set(c, lx->ends);
}

int hd_lex_is_name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

size_t hd_lex_name_end(const hd_lexer *lx)
{
	size_t e = lx->pos;

	while (e < lx->len && hd_lex_is_name_char((unsigned char)lx->s[e]))
		e++;
	return e;
}

int hd_lex_hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void hd_lex_skip_space(hd_lexer *lx)
{
	while (is_space(hd_lex_peek(lx)))
		lx->pos++;
}

int hd_lex_quote_len(const hd_lexer *lx, size_t pos)
{
	size_t e = pos < lx->len ? pos + 1 : pos;

	while (e < lx->len && e - pos < 24 && !is_space((unsigned char)lx->s[e]) &&
	       !in_set((unsigned char)lx->s[e], lx->quote_ends))
		e++;
	return (int)(e - pos);
}

/* Digits of a decimal or 0x-hex magnitude; -1 if there are none or it
 * overflows 64 bits (*overflow set). */
static int read_magnitude(hd_lexer *lx, uint64_t *v, int *overflow)
{
	unsigned base = 10;
	size_t start;
	uint64_t x = 0;

	*overflow = 0;
	if (hd_lex_peek(lx) == '0' && lx->pos + 1 < lx->len &&
	    (lx->s[lx->pos + 1] == 'x' || lx->s[lx->pos + 1] == 'X')) {
		base = 16;
		lx->pos += 2;
	}
	start = lx->pos;
	for (int d; (d = hd_lex_hex_digit(hd_lex_peek(lx))) >= 0 && (unsigned)d < base; lx->pos++) {
		if (x > (UINT64_MAX - (unsigned)d) / base)
			*overflow = 1;
		x = x * base + (unsigned)d;
	}
	if (lx->pos == start || *overflow)
		return -1;
	*v = x;
	return 0;
}

int hd_lex_int(hd_lexer *lx, int is_signed, uint64_t *v)
{
	size_t col = lx->pos;
	int neg = 0, overflow;
	uint64_t mag;

	if (hd_lex_peek(lx) == '-' && is_signed) {
		neg = 1;
		lx->pos++;
	}
	if (read_magnitude(lx, &mag, &overflow) != 0 || !hd_lex_ends(lx, hd_lex_peek(lx))) {
		if (overflow)
			return hd_lex_fail(lx, "operand-range", col, "'%.*s' does not fit in 64 bits",
			                   hd_lex_quote_len(lx, col), lx->s + col);
		lx->pos = col;
		return 1;
	}
	/* signed text is what the printers write: -2^63 .. 2^63-1 */
	if (is_signed && mag > (neg ? (uint64_t)1 << 63 : (uint64_t)INT64_MAX))
		return hd_lex_fail(lx, "operand-range", col,
		                   "'%.*s' does not fit a signed 64-bit integer",
		                   hd_lex_quote_len(lx, col), lx->s + col);
	*v = neg ? (uint64_t)0 - mag : mag;
	return 0;
}

int hd_lex_hex_block(hd_lexer *lx, hd_buf *blk)
{
	size_t open = lx->pos;
	int hi, lo;

	for (lx->pos++;; lx->pos += 2) {
		hd_lex_skip_space(lx);
		if (lx->pos >= lx->len)
			return hd_lex_fail(lx, "bad-text", open, "unterminated '['");
		if (hd_lex_peek(lx) == ']')
			break;
		hi = hd_lex_hex_digit(hd_lex_peek(lx));
		lo = lx->pos + 1 < lx->len ? hd_lex_hex_digit((unsigned char)lx->s[lx->pos + 1]) : -1;
		if (hi < 0 || lo < 0)
			return hd_lex_fail(lx, "bad-text", lx->pos,
			                   "expected two hex digits or ']', found '%.*s'",
			                   hd_lex_quote_len(lx, lx->pos), lx->s + lx->pos);
		hd_buf_byte(blk, (uint8_t)(hi << 4 | lo));
	}
	lx->pos++;
	return 0;
}
