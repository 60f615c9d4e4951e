/* The lexer of textual IR, for one line at a time: just enough of LLVM's
 * (lib/AsmParser/LLLexer.cpp) to cut debug lines into tokens. Lines that
 * carry no debug metadata are cut leniently (unknown characters become
 * T_OTHER) since hdref skips what it does not read; debug lines are cut
 * strictly. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "impl.h"

int hd_lldi_fail(hd_status *st, hd_lldi_rule rule, const char *path, hd_lldi_pos pos,
               const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return hd_fail(st, HD_BAD_INPUT, hd_lldi_rule_id(rule), pos.line, "%s:%u:%u: %s: %s", path,
	               (unsigned)pos.line, (unsigned)pos.col, hd_lldi_rule_id(rule), msg);
}

static int is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == '$' || c == '-';
}

static int is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' ||
	       c == '$';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The length of a quoted string starting at p[0] == '"', quotes
 * included, or 0 when it does not end on the line. */
static uint32_t quoted_len(const char *p, uint32_t left)
{
	for (uint32_t i = 1; i < left; i++)
		if (p[i] == '"')
			return i + 1;
	return 0;
}

/* A name after a sigil (@, %, !, #): LLVM's [-a-zA-Z$._0-9] plus the \xx
 * escapes of metadata names; or a quoted name. 0 when there is none. */
static uint32_t name_len(const char *p, uint32_t left)
{
	uint32_t i = 0;

	if (left > 0 && p[0] == '"')
		return quoted_len(p, left);
	while (i < left && (is_name_char(p[i]) || p[i] == '\\'))
		i++;
	return i;
}

/* A number: digits, hex (0x..), LLVM's 0xK/0xH floats and decimals with an
 * exponent; what it means is the parser's business. */
static uint32_t number_len(const char *p, uint32_t left)
{
	uint32_t i = p[0] == '-' ? 1 : 0;

	if (i >= left || !is_digit(p[i]))
		return 0;
	while (i < left) {
		char c = p[i];
		if (is_digit(c) || is_ident_start(c))
			i++;
		else if ((c == '+' || c == '-') && (p[i - 1] == 'e' || p[i - 1] == 'E'))
			i++;
		else
			break;
	}
	return i;
}

/* The token at p (not a space, not ';'): its kind and length; kind T_END
 * with length 0 when the character starts no token. */
static uint32_t one_token(const char *p, uint32_t left, uint8_t *kind)
{
	uint32_t k;

	switch (p[0]) {
	case '!':
		if (left > 1 && is_digit(p[1])) {
			for (k = 1; k < left && is_digit(p[k]); k++)
				;
			*kind = T_MDREF;
			return k;
		}
		if (left > 1 && p[1] == '{') {
			*kind = T_BANGBRACE;
			return 2;
		}
		if (left > 1 && p[1] == '"') {
			k = quoted_len(p + 1, left - 1);
			*kind = k ? T_MDSTR : T_END;
			return k ? k + 1 : 0;
		}
		k = left > 1 && p[1] != '"' ? name_len(p + 1, left - 1) : 0;
		*kind = k ? T_MDNAME : T_END;
		return k ? k + 1 : 0;
	case '@':
	case '%':
	case '#':
		k = name_len(p + 1, left - 1);
		*kind = k ? (p[0] == '@' ? T_GLOBAL : p[0] == '%' ? T_LOCAL : T_HASH) : T_END;
		return k ? k + 1 : 0;
	case '"':
		k = quoted_len(p, left);
		*kind = k ? T_STR : T_END;
		return k;
	default:
		break;
	}
	if ((k = number_len(p, left)) != 0) {
		*kind = T_NUM;
		return k;
	}
	if (is_ident_start(p[0])) {
		for (k = 1; k < left && (is_ident_start(p[k]) || is_digit(p[k])); k++)
			;
		*kind = T_IDENT;
		return k;
	}
	if (strchr("(),:=|{}[]<>*", p[0]) != NULL) {
		*kind = T_PUNCT;
		return 1;
	}
	*kind = T_END;
	return 0;
}

long hd_lldi_lex_line(const char *path, uint32_t lineno, const char *line, uint32_t len,
                    int strict, hd_lldi_token *toks, size_t cap, hd_status *st)
{
	size_t n = 0;
	uint32_t i = 0;

	while (i < len) {
		char c = line[i];
		uint8_t kind;
		uint32_t k;

		if (c == ' ' || c == '\t' || c == '\r') {
			i++;
			continue;
		}
		if (c == ';')
			break;  /* a comment to the end of the line */
		k = one_token(line + i, len - i, &kind);
		if (k == 0) {
			hd_lldi_pos pos = { lineno, i + 1 };
			if (strict)
				return hd_lldi_fail(st, HD_LLDI_R_TOKEN, path, pos,
				                  (unsigned char)c < 0x20 || (unsigned char)c >= 0x7f
				                          ? "unexpected byte 0x%02x"
				                          : "unexpected '%c' (or an unterminated string)",
				                  (unsigned char)c);
			kind = T_OTHER;
			k = 1;
		}
		if (n + 1 >= cap)
			return hd_lldi_fail(st, HD_LLDI_R_LIMIT, path, (hd_lldi_pos){ lineno, i + 1 },
			                  "too many tokens on the line");
		toks[n++] = (hd_lldi_token){ kind, i + 1, line + i, k };
		i += k;
	}
	toks[n++] = (hd_lldi_token){ T_END, i + 1, line + i, 0 };
	return (long)n;
}
