/* The assembler of the dump's text form (docs/visa.md, "The text form"):
 * each line of a dump turns into the bytes of the element it prints, in
 * order, so the dump of a file assembles back into the same file. Counts
 * are written as given, not computed, so a hand-made case can also say
 * what a broken producer writes (a count the elements do not fill, a
 * valid byte of 2, bytes after the last object).
 *
 * Lines starting with '#' and blank lines are skipped; reading stops at
 * `end`, so hdref visa's whole output assembles too. An error names the
 * line (HD_BAD_INPUT "visa/text", the line number in offset). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa.h"

typedef struct lx {
	const char *p, *end;  /* the rest of the current line */
	unsigned line;
	hd_buf *out;
	hd_status *st;
} lx;

static int bad(lx *x, const char *what)
{
	return hd_fail(x->st, HD_BAD_INPUT, "visa/text", x->line, "line %u: %s", x->line, what);
}

static void skip_space(lx *x)
{
	while (x->p < x->end && (*x->p == ' ' || *x->p == '\t' || *x->p == '\r'))
		x->p++;
}

/* The next word: up to a space, or to the end of the line. */
static size_t word(lx *x, const char **w)
{
	const char *s;

	skip_space(x);
	s = x->p;
	while (x->p < x->end && *x->p != ' ' && *x->p != '\t' && *x->p != '\r')
		x->p++;
	*w = s;
	return (size_t)(x->p - s);
}

static int keyword(lx *x, const char *k)
{
	const char *w;
	size_t n = word(x, &w);

	if (n == strlen(k) && memcmp(w, k, n) == 0)
		return 0;
	{
		char why[96];
		snprintf(why, sizeof why, "expected '%s' here", k);
		return bad(x, why);
	}
}

/* An unsigned number, decimal or 0x hex, in [0, max], ending at a space,
 * at the end of the line or before stop ('.' in 7..9 and r5.0). */
static int number_until(lx *x, uint64_t max, char stop, uint64_t *v)
{
	int base = 10, digits = 0;
	uint64_t n = 0;

	skip_space(x);
	if (x->end - x->p > 2 && x->p[0] == '0' && (x->p[1] == 'x' || x->p[1] == 'X')) {
		base = 16;
		x->p += 2;
	}
	for (; x->p < x->end && *x->p != ' ' && *x->p != '\t' && *x->p != '\r' && *x->p != stop;
	     x->p++) {
		int d = isdigit((unsigned char)*x->p) ? *x->p - '0'
		        : base == 16 && isxdigit((unsigned char)*x->p)
		            ? tolower((unsigned char)*x->p) - 'a' + 10
		            : -1;
		if (d < 0)
			return bad(x, "not a number");
		if (n > (max - (uint64_t)d) / (uint64_t)base)
			return bad(x, "the number is too large for its field");
		n = n * (uint64_t)base + (uint64_t)d;
		digits++;
	}
	if (digits == 0)
		return bad(x, "a number is missing");
	*v = n;
	return 0;
}

static int number(lx *x, uint64_t max, uint64_t *v)
{
	return number_until(x, max, ' ', v);
}

static void put(lx *x, uint64_t v, unsigned nbytes)
{
	hd_buf_uint(x->out, v, nbytes);
}

/* A number written into a field of nbytes. */
static int field(lx *x, unsigned nbytes)
{
	uint64_t v;

	if (number(x, nbytes == 4 ? 0xffffffffu : (1u << (8 * nbytes)) - 1, &v) != 0)
		return -1;
	put(x, v, nbytes);
	return 0;
}

/* 'NAME' with \xHH, \' and \\ escapes: a uw length, then the bytes. */
static int name(lx *x)
{
	hd_buf b;
	int rc = 0;

	skip_space(x);
	if (x->p == x->end || *x->p != '\'')
		return bad(x, "a quoted name is missing");
	hd_buf_init(&b);
	for (x->p++;; x->p++) {
		if (x->p == x->end) {
			rc = bad(x, "the name has no closing quote");
			break;
		}
		if (*x->p == '\'')
			break;
		if (*x->p != '\\') {
			hd_buf_byte(&b, (uint8_t)*x->p);
			continue;
		}
		if (x->end - x->p >= 2 && (x->p[1] == '\\' || x->p[1] == '\'')) {
			hd_buf_byte(&b, (uint8_t)*++x->p);
		} else if (x->end - x->p >= 4 && x->p[1] == 'x' && isxdigit((unsigned char)x->p[2]) &&
		           isxdigit((unsigned char)x->p[3])) {
			char hex[3] = { x->p[2], x->p[3], 0 };
			hd_buf_byte(&b, (uint8_t)strtoul(hex, NULL, 16));
			x->p += 3;
		} else {
			rc = bad(x, "a name escape is \\xHH, \\' or \\\\");
			break;
		}
	}
	if (rc == 0 && b.len > 0xffff)
		rc = bad(x, "the name is longer than 65535 bytes");
	if (rc == 0) {
		x->p++;
		put(x, b.len, 2);
		hd_buf_put(x->out, b.data, b.len);
	}
	hd_buf_free(&b);
	return rc;
}

/* START..END, each in nbytes. */
static int range(lx *x, unsigned nbytes)
{
	uint64_t max = nbytes == 4 ? 0xffffffffu : 0xffffu, a, b;

	if (number_until(x, max, '.', &a) != 0)
		return -1;
	if (x->end - x->p < 2 || x->p[0] != '.' || x->p[1] != '.')
		return bad(x, "expected START..END");
	x->p += 2;
	if (number_until(x, max, ' ', &b) != 0)
		return -1;
	put(x, a, nbytes);
	put(x, b, nbytes);
	return 0;
}

/* be_fp+N, be_fp-N, abs+N or abs-N: the Memory union. */
static int memory(lx *x, uint32_t *loc)
{
	const char *w;
	size_t n = word(x, &w);
	size_t base = n >= 5 && memcmp(w, "be_fp", 5) == 0 ? 5 : n >= 3 && memcmp(w, "abs", 3) == 0 ? 3 : 0;
	lx sub = *x;
	uint64_t v;

	if (base == 0 || n == base || (w[base] != '+' && w[base] != '-'))
		return bad(x, "expected be_fp+N, be_fp-N, abs+N or abs-N");
	sub.p = w + base + 1;
	sub.end = w + n;
	if (number(&sub, w[base] == '-' ? 0x40000000u : 0x3fffffffu, &v) != 0)
		return -1;
	if (w[base] == '-')
		v = (0x80000000u - v) & 0x7fffffffu;
	*loc = (uint32_t)v | (base == 3 ? 0x80000000u : 0);
	return 0;
}

/* rN.M (or aN.M, fN.M): regNum in the low half, subRegNum in the high. */
static int reg(lx *x, char prefix, uint32_t *loc)
{
	uint64_t r, s;

	skip_space(x);
	if (x->p == x->end || *x->p != prefix) {
		char why[48];
		snprintf(why, sizeof why, "expected a register %cN.M", prefix);
		return bad(x, why);
	}
	x->p++;
	if (number_until(x, 0xffff, '.', &r) != 0)
		return -1;
	if (x->p == x->end || *x->p != '.')
		return bad(x, "expected N.M");
	x->p++;
	if (number(x, 0xffff, &s) != 0)
		return -1;
	*loc = (uint32_t)r | (uint32_t)s << 16;
	return 0;
}

static int prefixed(const char *w, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n > k && memcmp(w, prefix, k) == 0;
}

/* VTYPE LOCATION: the two type bytes and the union. */
static int location(lx *x)
{
	static const char *const vnames[3] = { "address", "flag", "general" };
	const char *w;
	size_t n = word(x, &w);
	uint64_t vt = 3, pt;
	uint32_t loc = 0;
	lx sub = *x;

	for (int i = 0; i < 3; i++)
		if (n == strlen(vnames[i]) && memcmp(w, vnames[i], n) == 0)
			vt = (uint64_t)i;
	if (vt == 3) {
		if (!prefixed(w, n, "vtype-"))
			return bad(x, "expected address, flag, general or vtype-N");
		sub.p = w + 6;
		sub.end = w + n;
		if (number(&sub, 0xff, &vt) != 0)
			return -1;
	}
	skip_space(x);
	n = (size_t)(x->end - x->p);
	if (n >= 1 && (*x->p == 'a' || *x->p == 'f' || *x->p == 'r') && n >= 2 &&
	    isdigit((unsigned char)x->p[1])) {
		pt = *x->p == 'a' ? 0 : *x->p == 'f' ? 1 : 2;
		if (reg(x, *x->p, &loc) != 0)
			return -1;
	} else if (word(x, &w) == 3 && memcmp(w, "mem", 3) == 0) {
		pt = 3;
		if (memory(x, &loc) != 0)
			return -1;
	} else {
		uint64_t raw;
		n = (size_t)(x->p - w);
		if (!prefixed(w, n, "ptype-"))
			return bad(x, "expected a register, mem or ptype-N");
		sub.p = w + 6;
		sub.end = w + n;
		if (number(&sub, 0xff, &pt) != 0 || number(x, 0xffffffffu, &raw) != 0)
			return -1;
		loc = (uint32_t)raw;
	}
	put(x, vt, 1);
	put(x, pt, 1);
	put(x, loc, 4);
	return 0;
}

/* -> [in-reg-V] rN.M, or -> mem ...: dstInReg and the union. */
static int save_dst(lx *x)
{
	const char *w;
	size_t n;
	uint64_t in_reg = 1;
	uint32_t loc = 0;
	lx sub = *x;

	if (keyword(x, "->") != 0)
		return -1;
	n = word(x, &w);
	if (n == 3 && memcmp(w, "mem", 3) == 0) {
		if (memory(x, &loc) != 0)
			return -1;
		put(x, 0, 1);
		put(x, loc, 4);
		return 0;
	}
	if (prefixed(w, n, "in-reg-")) {
		sub.p = w + 7;
		sub.end = w + n;
		if (number(&sub, 0xff, &in_reg) != 0)
			return -1;
		if (in_reg == 0)
			return bad(x, "in-reg-0 is written as mem");
	} else {
		x->p = w;
	}
	if (reg(x, 'r', &loc) != 0)
		return -1;
	put(x, in_reg, 1);
	put(x, loc, 4);
	return 0;
}

/* befp, caller-befp, ret-addr: "valid V", then "intervals N" unless V is 0. */
static int frame_list(lx *x)
{
	uint64_t v;

	if (keyword(x, "valid") != 0 || number(x, 0xff, &v) != 0)
		return -1;
	put(x, v, 1);
	if (v == 0)
		return 0;
	if (keyword(x, "intervals") != 0)
		return -1;
	return field(x, 2);
}

/* trailing or raw: bytes as two hex digits each, as the dump prints them. */
static int trailing(lx *x)
{
	int any = 0;

	for (skip_space(x); x->p < x->end; skip_space(x), any = 1) {
		const char *w;
		if (word(x, &w) != 2 || !isxdigit((unsigned char)w[0]) ||
		    !isxdigit((unsigned char)w[1]))
			return bad(x, "a byte is two hex digits");
		{
			char hex[3] = { w[0], w[1], 0 };
			put(x, strtoul(hex, NULL, 16), 1);
		}
	}
	return any ? 0 : bad(x, "a trailing or raw line needs at least one byte");
}

/* One line's element: 0, 1 at `end`, or -1 with the status filled. Each
 * step returns 0 or -1, so a chain of them fails at the first failure. */
static int line(lx *x)
{
	const char *w;
	size_t n = word(x, &w);
#define IS(k) (n == sizeof(k) - 1 && memcmp(w, k, n) == 0)
#define ALL(steps) ((steps) ? -1 : 0)
	uint64_t skip;

	if (IS("end"))
		return 1;
	if (IS("visa")) {  /* the header, or an interval in vISA indices */
		skip_space(x);
		if (x->p < x->end && *x->p == 'm')
			return ALL(keyword(x, "magic") || field(x, 4) || keyword(x, "objects") ||
			           field(x, 2));
		return ALL(range(x, 2) || location(x));
	}
	if (IS("object"))
		return ALL(number(x, 0xffff, &skip) || name(x) || keyword(x, "reloc") || field(x, 4));
	if (IS("offset-map") || IS("index-map") || IS("vars"))
		return field(x, 4);
	if (IS("offset") || IS("index"))
		return ALL(field(x, 4) || keyword(x, "gen") || field(x, 4));
	if (IS("var"))
		return ALL(name(x) || keyword(x, "intervals") || field(x, 2));
	if (IS("subs") || IS("callee-save") || IS("caller-save"))
		return field(x, 2);
	if (IS("sub"))
		return ALL(name(x) || keyword(x, "visa") || range(x, 4) || keyword(x, "retval") ||
		           field(x, 2));
	if (IS("gen"))
		return ALL(range(x, 4) || location(x));
	if (IS("frame"))
		return ALL(keyword(x, "size") || field(x, 2));
	if (IS("befp") || IS("caller-befp") || IS("ret-addr"))
		return frame_list(x);
	if (IS("ip"))
		return ALL(field(x, 4) || keyword(x, "entries") || field(x, 2));
	if (IS("src"))
		return ALL(field(x, 2) || keyword(x, "bytes") || field(x, 2) || save_dst(x));
	if (IS("trailing") || IS("raw"))  /* raw: bytes anywhere, for broken files */
		return trailing(x);
#undef ALL
#undef IS
	return bad(x, "unknown line");
}

int hd_visa_assemble(const char *text, size_t n, hd_buf *out, hd_status *st)
{
	const char *p = text, *end = text + n;
	lx x;

	memset(&x, 0, sizeof x);
	x.out = out;
	x.st = st;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		int rc;

		x.line++;
		x.p = p;
		x.end = eol ? eol : end;
		p = eol ? eol + 1 : end;
		skip_space(&x);
		if (x.p == x.end || *x.p == '#')
			continue;
		rc = line(&x);
		if (rc == 1)
			return out->failed ? hd_fail(st, HD_NO_MEMORY, "visa/text", x.line, "out of memory")
			                   : 0;
		if (rc != 0)
			return -1;
		skip_space(&x);
		if (x.p != x.end)
			return bad(&x, "unexpected text at the end of the line");
	}
	return hd_fail(st, HD_BAD_INPUT, "visa/text", x.line, "line %u: no 'end' line", x.line);
}
