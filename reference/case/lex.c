/* Lexical helpers of the case parser: words, numbers, hex bytes, the
 * "HEAD: TAIL" split of expression directives, and error messages that carry
 * the line. Lines reach these functions NUL-terminated and without comments. */
#include "case_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../amdgpu/model.h"
#include "../dwarf/codec/textlex.h"

int hd_perr(hd_parser *p, const char *code, const char *fmt, ...)
{
	va_list ap;

	if (p->st == NULL)
		return -1;
	p->st->kind = HD_BAD_INPUT;
	p->st->code = code;
	p->st->offset = p->line;
	va_start(ap, fmt);
	vsnprintf(p->st->msg, sizeof p->st->msg, fmt, ap);
	va_end(ap);
	return -1;
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

const char *hd_skip_blank(const char *s)
{
	while (is_blank(*s))
		s++;
	return s;
}

hd_tok hd_word(const char **s)
{
	hd_tok t;
	const char *q = hd_skip_blank(*s);

	t.s = q;
	while (*q != '\0' && !is_blank(*q) && *q != ',' && *q != '=')
		q++;
	t.n = (size_t)(q - t.s);
	*s = q;
	return t;
}

int hd_accept(const char **s, char ch)
{
	const char *q = hd_skip_blank(*s);

	if (*q != ch)
		return 0;
	*s = q + 1;
	return 1;
}

int hd_tok_is(hd_tok t, const char *lit)
{
	return strlen(lit) == t.n && memcmp(t.s, lit, t.n) == 0;
}

/* Messages quote at most this much of an offending token, so a 64 KiB word
 * cannot push the line number out of the message buffer. */
#define QUOTE 40

int hd_expect_end(hd_parser *p, const char *s)
{
	s = hd_skip_blank(s);
	if (*s == '\0')
		return 0;
	return hd_perr(p, "case-syntax", "unexpected `%.*s` at the end of the line",
	               (int)(strlen(s) > QUOTE ? QUOTE : strlen(s)), s);
}

int hd_expect_char(hd_parser *p, const char **s, char ch, const char *after)
{
	if (hd_accept(s, ch))
		return 0;
	return hd_perr(p, "case-syntax", "expected `%c` after %s", ch, after);
}

int hd_expect_word(hd_parser *p, const char **s, const char *what, hd_tok *t)
{
	*t = hd_word(s);
	if (t->n == 0)
		return hd_perr(p, "case-syntax", "expected %s", what);
	return 0;
}

static int bad_number(hd_parser *p, hd_tok t, const char *what)
{
	return hd_perr(p, "case-number", "bad %s `%.*s`", what,
	               (int)(t.n > QUOTE ? QUOTE : t.n), t.s);
}

int hd_parse_u64(hd_parser *p, hd_tok t, const char *what, uint64_t *v)
{
	uint64_t x = 0;
	size_t i = 0;

	if (t.n == 0)
		return bad_number(p, t, what);
	if (t.n > 2 && t.s[0] == '0' && (t.s[1] == 'x' || t.s[1] == 'X')) {
		for (i = 2; i < t.n; i++) {
			int d = hd_lex_hex_digit((unsigned char)t.s[i]);
			if (d < 0 || x >> 60 != 0)
				return bad_number(p, t, what);
			x = x << 4 | (uint64_t)d;
		}
	} else {
		for (i = 0; i < t.n; i++) {
			unsigned d = (unsigned)(t.s[i] - '0');
			if (d > 9 || x > (UINT64_MAX - d) / 10)
				return bad_number(p, t, what);
			x = x * 10 + d;
		}
	}
	*v = x;
	return 0;
}

int hd_parse_u32(hd_parser *p, hd_tok t, const char *what, uint32_t *v)
{
	uint64_t x;

	if (hd_parse_u64(p, t, what, &x) != 0)
		return -1;
	if (x > UINT32_MAX)
		return bad_number(p, t, what);
	*v = (uint32_t)x;
	return 0;
}

int hd_parse_i64(hd_parser *p, hd_tok t, const char *what, uint64_t *v, int *neg)
{
	*neg = t.n > 1 && t.s[0] == '-';
	if (*neg) {
		hd_tok m = { t.s + 1, t.n - 1 };
		if (hd_parse_u64(p, m, what, v) != 0)
			return bad_number(p, t, what);
		if (*v > (uint64_t)1 << 63)
			return bad_number(p, t, what);
		*v = (uint64_t)0 - *v;
		return 0;
	}
	return hd_parse_u64(p, t, what, v);
}

int hd_parse_hex(hd_parser *p, const char *s, hd_buf *out)
{
	for (;;) {
		hd_tok t;

		while (hd_accept(&s, ','))
			;
		t = hd_word(&s);
		if (t.n == 0)
			break;
		if (t.n % 2 != 0)
			goto bad;
		for (size_t i = 0; i < t.n; i += 2) {
			int hi = hd_lex_hex_digit((unsigned char)t.s[i]);
			int lo = hd_lex_hex_digit((unsigned char)t.s[i + 1]);
			if (hi < 0 || lo < 0)
				goto bad;
			hd_buf_byte(out, (uint8_t)(hi << 4 | lo));
		}
		continue;
bad:
		return hd_perr(p, "case-hex", "bad hex bytes `%.*s`",
		               (int)(t.n > QUOTE ? QUOTE : t.n), t.s);
	}
	if (hd_expect_end(p, s) != 0)
		return -1;
	if (out->failed)
		return hd_fail(p->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
	return 0;
}

int hd_split_colon(hd_parser *p, const char *rest, const char **head_end,
                   const char **tail, int *is_bytes)
{
	const char *colon = strchr(rest, ':');
	const char *e;

	if (colon == NULL)
		return hd_perr(p, "case-syntax", "expected `:` before the expression");
	e = colon;
	while (e > rest && is_blank(e[-1]))
		e--;
	*is_bytes = 0;
	if (e - rest >= 5 && memcmp(e - 5, "bytes", 5) == 0 &&
	    (e - rest == 5 || is_blank(e[-6]))) {
		*is_bytes = 1;
		e -= 5;
	}
	*head_end = e;
	*tail = colon + 1;
	return 0;
}

int hd_parse_range(hd_parser *p, hd_tok low_tok, const char **s, const char *what,
                   uint64_t *low, uint64_t *high)
{
	hd_tok t;
	uint64_t size;

	if (hd_parse_u64(p, low_tok, "low address", low) != 0 ||
	    hd_expect_word(p, s, "a size", &t) != 0 || hd_parse_u64(p, t, "size", &size) != 0)
		return -1;
	if (size > UINT64_MAX - *low)
		return hd_perr(p, "case-number", "%s runs past the last address", what);
	*high = *low + size;
	return 0;
}

char *hd_case_strdup(hd_parser *p, const char *s, size_t n)
{
	char *d = hd_arena_alloc(&p->c->arena, n + 1);

	if (d == NULL) {
		hd_fail(p->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
		return NULL;
	}
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/* Copies the scratch buffer into the case's arena as e's bytes. */
static int keep_bytes(hd_parser *p, hd_case_expr *e)
{
	uint8_t *b;

	if (p->scratch.failed)
		return hd_fail(p->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
	b = hd_arena_alloc(&p->c->arena, p->scratch.len);
	if (b == NULL)
		return hd_fail(p->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
	if (p->scratch.len > 0)
		memcpy(b, p->scratch.data, p->scratch.len);
	e->bytes = b;
	e->len = p->scratch.len;
	return 0;
}

const char *hd_asm_message(const char *msg)
{
	const char *q = msg;

	/* the assembler counts columns within the text it was given; the case
	 * reports columns of the file line instead, so its own prefix goes */
	if (strncmp(q, "column ", 7) != 0)
		return msg;
	q += 7;
	if (*q < '0' || *q > '9')
		return msg;
	while (*q >= '0' && *q <= '9')
		q++;
	if (q[0] != ':' || q[1] != ' ')
		return msg;
	return q + 2;
}

int hd_case_expr_at(hd_parser *p, const char *tail, int is_bytes, hd_case_expr *e)
{
	hd_status ast;

	e->line = p->line;
	hd_buf_reset(&p->scratch);
	if (is_bytes) {
		if (hd_parse_hex(p, tail, &p->scratch) != 0)
			return -1;
		return keep_bytes(p, e);
	}
	hd_status_clear(&ast);
	if (hd_assemble(tail, strlen(tail), &p->c->enc, &p->names, &p->scratch, &ast) != 0) {
		uint64_t col = (uint64_t)(tail - p->linebuf) + ast.offset + 1;
		return hd_perr(p, ast.code != NULL ? ast.code : "case-assemble",
		               "column %llu: %s", (unsigned long long)col,
		               hd_asm_message(ast.msg));
	}
	return keep_bytes(p, e);
}

/* ---- helpers of the directive handlers ---- */

int hd_once(hd_parser *p, unsigned flag, const char *what)
{
	if (p->seen & flag)
		return hd_perr(p, "case-duplicate", "second `%s` directive", what);
	p->seen |= flag;
	return 0;
}

int hd_nomem(hd_parser *p)
{
	return hd_fail(p->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
}

int hd_push_rec(hd_parser *p, hd_buf *v, const void *rec, size_t size)
{
	hd_buf_put(v, rec, size);
	return v->failed ? hd_nomem(p) : 0;
}

/* A register: a name of the arch or a DWARF register number. */
int hd_parse_reg(hd_parser *p, hd_tok t, uint64_t *reg)
{
	if (t.n > 0 && t.s[0] >= '0' && t.s[0] <= '9')
		return hd_parse_u64(p, t, "register number", reg);
	if (p->c->wave != 0 && hd_amdgpu_reg_lookup(p->c->wave, t.s, t.n, reg) == 0)
		return 0;
	return hd_perr(p, "case-name", "unknown register `%.*s`",
	               (int)(t.n > 40 ? 40 : t.n), t.s);
}

/* "HEAD: TAIL" where HEAD must be empty. */
int hd_bare_colon(hd_parser *p, const char *rest, const char **tail, int *is_bytes)
{
	const char *head_end = rest; /* set on success; GCC -O2 cannot tell */

	if (hd_split_colon(p, rest, &head_end, tail, is_bytes) != 0)
		return -1;
	if (hd_skip_blank(rest) < head_end)
		return hd_perr(p, "case-syntax", "unexpected text before `:`");
	return 0;
}
