/* The lexing that the two text forms share: expressions (asm.c) and call
 * frame instructions (cfa_text.c). A cursor over s[0..len) that never looks
 * past len, so the text need not end in a NUL. What differs between the two
 * forms is data in the cursor, not code. Internal to reference/dwarf. */
#ifndef HD_TEXTLEX_H
#define HD_TEXTLEX_H

#include <stddef.h>
#include <stdint.h>

#include "../../util/buf.h"
#include "../../util/status.h"

typedef struct hd_lexer {
	const char *s;
	size_t len, pos;
	size_t first_col;        /* the column messages give s[0]: 0 or 1 */
	const char *ends;        /* besides a blank or the end: what ends a token */
	const char *quote_ends;  /* besides a blank: what ends a quote in a message */
	hd_status *st;
} hd_lexer;

/* Fails with HD_BAD_INPUT and "column N: message", N the column of s[pos]. */
int hd_lex_fail(hd_lexer *lx, const char *code, size_t pos, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* The character at pos as an unsigned char, or -1 at the end. */
int hd_lex_peek(const hd_lexer *lx);

/* Whether c (a character or -1) ends a number or token: -1, a blank or lx->ends. */
int hd_lex_ends(const hd_lexer *lx, int c);

/* Whether c may stand in a name: letters, digits and '_'. */
int hd_lex_is_name_char(int c);

/* Where the name at pos ends: past its letters, digits and '_'. */
size_t hd_lex_name_end(const hd_lexer *lx);

/* Moves pos past blanks. */
void hd_lex_skip_space(hd_lexer *lx);

/* How much of the token at pos a message quotes: up to quote_ends, at most 24. */
int hd_lex_quote_len(const hd_lexer *lx, size_t pos);

/* An integer at pos: decimal or 0x-hex, '-' only if is_signed, up to what
 * ends a number. 0 with *v set; 1 with pos unmoved when none is there (the
 * caller says what it expected); -1 when it does not fit 64 bits. */
int hd_lex_int(hd_lexer *lx, int is_signed, uint64_t *v);

/* A hex digit's value; -1 for any other character (or -1). */
int hd_lex_hex_digit(int c);
/* [2a 00 ff] at pos: pairs of hex digits, blanks between pairs optional. */
int hd_lex_hex_block(hd_lexer *lx, hd_buf *blk);

#endif
