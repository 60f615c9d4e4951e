/* JSON (json.h): the UTF-8 helpers, the string writer and the reader. */
#include "json.h"

#include "arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- UTF-8 ---- */

size_t hd_utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c = s[0], min;
	size_t len;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, c &= 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, c &= 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, c &= 0x07, min = 0x10000;
	else
		goto bad;
	if (len > n)
		goto bad;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			goto bad;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		goto bad;
	*cp = c;
	return len;
bad:
	*cp = 0xfffd;
	return 1;
}

void hd_utf8_put(hd_buf *b, uint32_t cp)
{
	if (cp < 0x80) {
		hd_buf_byte(b, (uint8_t)cp);
	} else if (cp < 0x800) {
		hd_buf_byte(b, (uint8_t)(0xc0 | cp >> 6));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		hd_buf_byte(b, (uint8_t)(0xe0 | cp >> 12));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp >> 6 & 0x3f)));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp & 0x3f)));
	} else {
		hd_buf_byte(b, (uint8_t)(0xf0 | cp >> 18));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp >> 12 & 0x3f)));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp >> 6 & 0x3f)));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp & 0x3f)));
	}
}

/* ---- writer ---- */

/* Control characters and DEL are escaped so a line of JSON stays one line
 * and prints harmlessly; bytes that are not UTF-8 become U+FFFD, since JSON
 * text must be UTF-8 and a candidate's stderr can hold anything. */
void hd_json_put_string(hd_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	if (s == NULL) {
		hd_buf_put(b, "null", 4);
		return;
	}
	n = strlen(s);
	hd_buf_byte(b, '"');
	for (size_t i = 0; i < n;) {
		unsigned c = p[i];
		uint32_t cp;
		size_t k;

		if (c == '"' || c == '\\') {
			hd_buf_byte(b, '\\');
			hd_buf_byte(b, (uint8_t)c);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			const char *e = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r"
			              : c == '\b' ? "\\b" : c == '\f' ? "\\f" : NULL;
			if (e != NULL)
				hd_buf_put(b, e, 2);
			else
				hd_buf_printf(b, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			hd_buf_byte(b, (uint8_t)c);
			i++;
		} else {
			k = hd_utf8_next(p + i, n - i, &cp);
			if (k == 1)
				hd_utf8_put(b, 0xfffd);
			else
				hd_buf_put(b, p + i, k);
			i += k;
		}
	}
	hd_buf_byte(b, '"');
}

/* ---- reader ---- */

int hd_json_fail(hd_json *j, size_t at, const char *code, const char *fmt, ...)
{
	char what[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return hd_fail(j->st, HD_BAD_INPUT, code, at, "byte %zu: %s", at, what);
}

static int no_memory(hd_json *j)
{
	return hd_fail(j->st, HD_NO_MEMORY, "no-memory", j->pos, "out of memory");
}

void hd_json_skip_ws(hd_json *j)
{
	while (j->pos < j->n && (j->s[j->pos] == ' ' || j->s[j->pos] == '\t' ||
	                         j->s[j->pos] == '\n' || j->s[j->pos] == '\r'))
		j->pos++;
}

/* The next byte, or 0 at the end (a NUL byte in the text is an error
 * wherever it is, so the two cannot be confused into accepting). */
int hd_json_peek(const hd_json *j)
{
	return j->pos < j->n ? j->s[j->pos] : 0;
}

static int expect(hd_json *j, int c, const char *what)
{
	hd_json_skip_ws(j);
	if (hd_json_peek(j) != c)
		return hd_json_fail(j, j->pos, j->pos < j->n ? "json-syntax" : "json-truncated",
		               "expected %s", what);
	j->pos++;
	return 0;
}

static int hex4(hd_json *j, uint32_t *v)
{
	*v = 0;
	if (j->n - j->pos < 4)
		return hd_json_fail(j, j->pos, "json-truncated", "a \\u escape needs four hex digits");
	for (int i = 0; i < 4; i++) {
		int c = j->s[j->pos + (size_t)i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return hd_json_fail(j, j->pos + (size_t)i, "json-syntax",
			               "a \\u escape needs four hex digits");
		*v = *v << 4 | (uint32_t)d;
	}
	j->pos += 4;
	return 0;
}

/* After "\u": one code point, a surrogate pair taken whole. */
static int unicode_escape(hd_json *j, size_t at)
{
	uint32_t cp, lo;

	if (hex4(j, &cp) != 0)
		return -1;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return hd_json_fail(j, at, "json-utf8", "a low surrogate without a high one");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (j->n - j->pos < 2 || j->s[j->pos] != '\\' || j->s[j->pos + 1] != 'u')
			return hd_json_fail(j, at, "json-utf8", "a high surrogate without a low one");
		j->pos += 2;
		if (hex4(j, &lo) != 0)
			return -1;
		if (lo < 0xdc00 || lo > 0xdfff)
			return hd_json_fail(j, at, "json-utf8", "a high surrogate without a low one");
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (cp == 0)  /* the reader's strings are C strings */
		return hd_json_fail(j, at, "json-value", "a string holds U+0000");
	hd_utf8_put(&j->tmp, cp);
	return 0;
}

static int escape(hd_json *j)
{
	size_t at = j->pos;
	int c;

	if (++j->pos >= j->n)
		return hd_json_fail(j, at, "json-truncated", "the text ends inside a string");
	c = j->s[j->pos++];
	switch (c) {
	case '"': case '\\': case '/':
		hd_buf_byte(&j->tmp, (uint8_t)c);
		return 0;
	case 'b': hd_buf_byte(&j->tmp, '\b'); return 0;
	case 'f': hd_buf_byte(&j->tmp, '\f'); return 0;
	case 'n': hd_buf_byte(&j->tmp, '\n'); return 0;
	case 'r': hd_buf_byte(&j->tmp, '\r'); return 0;
	case 't': hd_buf_byte(&j->tmp, '\t'); return 0;
	case 'u': return unicode_escape(j, at);
	default:
		return hd_json_fail(j, at, "json-syntax", "unknown escape \\%c",
		               c >= 0x20 && c < 0x7f ? c : '?');
	}
}

/* A string at pos (after whitespace), decoded into a new C string. */
int hd_json_string(hd_json *j, char **out)
{
	size_t start;

	*out = NULL;
	if (expect(j, '"', "a string") != 0)
		return -1;
	start = j->pos - 1;
	hd_buf_reset(&j->tmp);
	for (;;) {
		unsigned c;
		uint32_t cp;
		size_t k;

		if (j->pos >= j->n)
			return hd_json_fail(j, start, "json-truncated", "the text ends inside a string");
		c = j->s[j->pos];
		if (c == '"') {
			j->pos++;
			break;
		}
		if (c == '\\') {
			if (escape(j) != 0)
				return -1;
		} else if (c < 0x20) {
			return hd_json_fail(j, j->pos, "json-syntax",
			               "a control character (0x%02x) must be escaped in a string", c);
		} else {
			k = hd_utf8_next(j->s + j->pos, j->n - j->pos, &cp);
			if (k == 1 && c >= 0x80)
				return hd_json_fail(j, j->pos, "json-utf8", "a byte 0x%02x that is not UTF-8",
				               c);
			hd_buf_put(&j->tmp, j->s + j->pos, k);
			j->pos += k;
		}
	}
	if (j->tmp.failed || (*out = strdup(hd_buf_str(&j->tmp))) == NULL)
		return no_memory(j);
	return 0;
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* JSON's number grammar exactly (no leading '+', no leading zeros, no
 * bare '.'), then strtod on the span. */
int hd_json_number(hd_json *j, double *v)
{
	char buf[64];
	size_t start, len;

	hd_json_skip_ws(j);
	start = j->pos;
	if (hd_json_peek(j) == '-')
		j->pos++;
	if (hd_json_peek(j) == '0')
		j->pos++;
	else if (is_digit(hd_json_peek(j)))
		while (is_digit(hd_json_peek(j)))
			j->pos++;
	else
		goto bad;
	if (hd_json_peek(j) == '.') {
		j->pos++;
		if (!is_digit(hd_json_peek(j)))
			goto bad;
		while (is_digit(hd_json_peek(j)))
			j->pos++;
	}
	if (hd_json_peek(j) == 'e' || hd_json_peek(j) == 'E') {
		j->pos++;
		if (hd_json_peek(j) == '+' || hd_json_peek(j) == '-')
			j->pos++;
		if (!is_digit(hd_json_peek(j)))
			goto bad;
		while (is_digit(hd_json_peek(j)))
			j->pos++;
	}
	len = j->pos - start;
	if (len >= sizeof buf)
		return hd_json_fail(j, start, "json-size", "a number of more than %zu characters",
		               sizeof buf - 1);
	memcpy(buf, j->s + start, len);
	buf[len] = '\0';
	*v = strtod(buf, NULL);
	return 0;
bad:
	return hd_json_fail(j, j->pos, j->pos < j->n ? "json-syntax" : "json-truncated",
	               "a malformed number");
}

/* true, false or null at pos; *v is 1, 0 or -1. */
int hd_json_literal(hd_json *j, int *v)
{
	static const struct { const char *word; int value; } words[] = {
		{ "true", 1 }, { "false", 0 }, { "null", -1 },
	};

	hd_json_skip_ws(j);
	if (j->pos >= j->n)
		return hd_json_fail(j, j->pos, "json-truncated", "the text ends before a value");
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		size_t len = strlen(words[i].word);
		size_t have = j->n - j->pos < len ? j->n - j->pos : len;
		if (memcmp(j->s + j->pos, words[i].word, have) != 0)
			continue;
		if (have < len)
			return hd_json_fail(j, j->pos, "json-truncated", "the text ends inside %s",
			               words[i].word);
		j->pos += len;
		*v = words[i].value;
		return 0;
	}
	return hd_json_fail(j, j->pos, j->pos < j->n ? "json-syntax" : "json-truncated",
	               "expected a value");
}

static int enter(hd_json *j)
{
	if (++j->depth > HD_JSON_MAX_DEPTH)
		return hd_json_fail(j, j->pos, "json-depth", "nested deeper than %d",
		               HD_JSON_MAX_DEPTH);
	return 0;
}

/* Steps through an object: call with *count 0 after '{'. Returns 1 with
 * *key set (and pos at the value), 0 at the closing '}', -1 on error. */
int hd_json_next_key(hd_json *j, size_t *count, char **key)
{
	*key = NULL;
	hd_json_skip_ws(j);
	if (hd_json_peek(j) == '}') {
		j->pos++;
		j->depth--;
		return 0;
	}
	if (*count > 0 && expect(j, ',', "',' or '}' in an object") != 0)
		return -1;
	hd_json_skip_ws(j);
	if (hd_json_peek(j) != '"')
		return hd_json_fail(j, j->pos, j->pos < j->n ? "json-syntax" : "json-truncated",
		               *count ? "expected a key after ','" : "expected a key or '}'");
	if (hd_json_string(j, key) != 0)
		return -1;
	if (expect(j, ':', "':' after a key") != 0) {
		free(*key);
		*key = NULL;
		return -1;
	}
	(*count)++;
	hd_json_skip_ws(j);
	return 1;
}

/* The same for an array: 1 with pos at an element, 0 at ']'. */
int hd_json_next_element(hd_json *j, size_t *count)
{
	hd_json_skip_ws(j);
	if (hd_json_peek(j) == ']') {
		j->pos++;
		j->depth--;
		return 0;
	}
	if (*count > 0 && expect(j, ',', "',' or ']' in an array") != 0)
		return -1;
	(*count)++;
	hd_json_skip_ws(j);
	if (hd_json_peek(j) == ']' || hd_json_peek(j) == ',')
		return hd_json_fail(j, j->pos, "json-syntax", "expected a value");
	return 1;
}

int hd_json_open(hd_json *j, int c, const char *what)
{
	if (expect(j, c, what) != 0)
		return -1;
	return enter(j);
}

int hd_json_skip(hd_json *j)
{
	size_t count = 0;
	char *s;
	double d;
	int rc, lit;

	hd_json_skip_ws(j);
	switch (hd_json_peek(j)) {
	case '"':
		rc = hd_json_string(j, &s);
		free(s);
		return rc;
	case '{':
		if (hd_json_open(j, '{', "'{'") != 0)
			return -1;
		while ((rc = hd_json_next_key(j, &count, &s)) == 1) {
			free(s);
			if (hd_json_skip(j) != 0)
				return -1;
		}
		return rc;
	case '[':
		if (hd_json_open(j, '[', "'['") != 0)
			return -1;
		while ((rc = hd_json_next_element(j, &count)) == 1)
			if (hd_json_skip(j) != 0)
				return -1;
		return rc;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return hd_json_number(j, &d);
	default:
		return hd_json_literal(j, &lit);
	}
}

int hd_json_wrong_type(hd_json *j, const char *what, const char *key)
{
	size_t at;

	hd_json_skip_ws(j);
	at = j->pos;
	if (at >= j->n)
		return hd_json_fail(j, at, "json-truncated", "the text ends before %s%s", what, key);
	if (hd_json_skip(j) != 0)
		return -1;
	return hd_json_fail(j, at, "json-type", "expected %s%s%s%s", what, key[0] ? "\"" : "", key,
	               key[0] ? "\"" : "");
}

/* A string or null value of the given key into *out (replacing it). */
int hd_json_string_or_null(hd_json *j, const char *key, char **out, int nullable)
{
	int lit;

	free(*out);
	*out = NULL;
	hd_json_skip_ws(j);
	if (hd_json_peek(j) == '"')
		return hd_json_string(j, out);
	if (nullable && hd_json_peek(j) == 'n') {
		size_t at = j->pos;
		if (hd_json_literal(j, &lit) != 0)
			return -1;
		if (lit == -1)
			return 0;
		j->pos = at;
	}
	return hd_json_wrong_type(j, nullable ? "a string or null as " : "a string as ", key);
}

int hd_json_bool(hd_json *j, const char *key, int *out)
{
	size_t at;
	int lit;

	hd_json_skip_ws(j);
	at = j->pos;
	if (hd_json_peek(j) != 't' && hd_json_peek(j) != 'f')
		return hd_json_wrong_type(j, "true or false as ", key);
	if (hd_json_literal(j, &lit) != 0)
		return -1;
	if (lit < 0) {
		j->pos = at;
		return hd_json_wrong_type(j, "true or false as ", key);
	}
	*out = lit;
	return 0;
}

int hd_json_num(hd_json *j, const char *key, double *out)
{
	hd_json_skip_ws(j);
	if (hd_json_peek(j) != '-' && !is_digit(hd_json_peek(j)))
		return hd_json_wrong_type(j, "a number as ", key);
	return hd_json_number(j, out);
}

static int key_index(const char *const *keys, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(keys[i], key) == 0)
			return i;
	return -1;
}

/* Reports the first key of keys[] that seen lacks. */
static int check_missing(hd_json *j, size_t at, const char *const *keys, int n, unsigned seen,
                         const char *what)
{
	for (int i = 0; i < n; i++)
		if (!(seen & 1u << i))
			return hd_json_fail(j, at, "json-missing", "%s lacks the key \"%s\"", what, keys[i]);
	return 0;
}

/* An object whose keys[] must each be there once, but for the last
 * `optional` of them, which may be absent; field reads the value of keys[k]
 * into ctx, and a key not in keys[] is skipped (a later schema may add
 * keys). what names the object in errors. */
int hd_json_object(hd_json *j, const char *const *keys, int n, int optional,
                       const char *what, int (*field)(hd_json *, int, void *), void *ctx)
{
	size_t count = 0, at;
	unsigned seen = 0;
	char *key;
	int rc, k;

	hd_json_skip_ws(j);
	at = j->pos;
	if (hd_json_peek(j) != '{')
		return hd_json_wrong_type(j, "an object as ", what);
	if (hd_json_open(j, '{', "'{'") != 0)
		return -1;
	while ((rc = hd_json_next_key(j, &count, &key)) == 1) {
		size_t kat = j->pos;
		k = key_index(keys, n, key);
		if (k >= 0 && (seen & 1u << k)) {
			hd_json_fail(j, kat, "json-duplicate", "the key \"%s\" twice", key);
			free(key);
			return -1;
		}
		free(key);
		if (k >= 0)
			seen |= 1u << k;
		if ((k >= 0 ? field(j, k, ctx) : hd_json_skip(j)) != 0)
			return -1;
	}
	if (rc != 0)
		return -1;
	return check_missing(j, at, keys, n - optional, seen, what);
}

/* Whitespace only, after the top-level value. */
int hd_json_at_end(hd_json *j)
{
	hd_json_skip_ws(j);
	if (j->pos != j->n)
		return hd_json_fail(j, j->pos, "json-syntax", "text after the end of the value");
	return 0;
}

int hd_json_start(hd_json *j, const char *text, size_t len, hd_status *st)
{
	memset(j, 0, sizeof *j);
	j->s = (const unsigned char *)text;
	j->n = len;
	j->st = st;
	hd_buf_init(&j->tmp);
	if (len > HD_JSON_MAX_SIZE)
		return hd_json_fail(j, HD_JSON_MAX_SIZE, "json-size", "more than %zu bytes",
		               HD_JSON_MAX_SIZE);
	return 0;
}


void hd_json_end(hd_json *j)
{
	hd_buf_free(&j->tmp);
}

/* ---- the tree ---- */

static int tree_value(hd_json *j, hd_arena *a, hd_jnode **out);

/* Appends item (and key) to an array or object node, growing it in the
 * arena: the old arrays stay there until the arena goes, which bounds the
 * waste by the arena's cap like everything else. */
static int tree_add(hd_json *j, hd_arena *a, hd_jnode *n, const char *key, hd_jnode *item)
{
	if ((n->n & (n->n - 1)) == 0) {  /* 0, 1, 2, 4, ...: full, double it */
		size_t cap = n->n ? n->n * 2 : 1;
		hd_jnode **items = hd_arena_alloc(a, cap * sizeof *items);
		const char **keys = key != NULL ? hd_arena_alloc(a, cap * sizeof *keys) : NULL;
		if (items == NULL || (key != NULL && keys == NULL))
			return hd_fail(j->st, HD_NO_MEMORY, "no-memory", j->pos, "out of memory");
		if (n->n > 0) {
			memcpy(items, n->items, n->n * sizeof *items);
			if (keys != NULL)
				memcpy(keys, n->keys, n->n * sizeof *keys);
		}
		n->items = items;
		if (key != NULL)
			n->keys = keys;
	}
	n->items[n->n] = item;
	if (key != NULL)
		n->keys[n->n] = key;
	n->n++;
	return 0;
}

static const char *tree_str(hd_json *j, hd_arena *a, char *s)
{
	const char *d = s != NULL ? hd_arena_dup(a, s, strlen(s) + 1) : NULL;

	free(s);
	if (d == NULL)
		hd_fail(j->st, HD_NO_MEMORY, "no-memory", j->pos, "out of memory");
	return d;
}

static int tree_container(hd_json *j, hd_arena *a, hd_jnode *n, int object)
{
	size_t count = 0;
	char *key;
	int rc;

	if (hd_json_open(j, object ? '{' : '[', object ? "'{'" : "'['") != 0)
		return -1;
	for (;;) {
		const char *k = NULL;
		hd_jnode *item;
		rc = object ? hd_json_next_key(j, &count, &key) : hd_json_next_element(j, &count);
		if (rc != 1)
			return rc;
		if (object && (k = tree_str(j, a, key)) == NULL)
			return -1;
		if (tree_value(j, a, &item) != 0 || tree_add(j, a, n, k, item) != 0)
			return -1;
	}
}

static int tree_value(hd_json *j, hd_arena *a, hd_jnode **out)
{
	hd_jnode *n = hd_arena_alloc(a, sizeof *n);
	char *s;
	int lit;

	if ((*out = n) == NULL)
		return hd_fail(j->st, HD_NO_MEMORY, "no-memory", j->pos, "out of memory");
	hd_json_skip_ws(j);
	switch (hd_json_peek(j)) {
	case '{':
		n->type = HD_JOBJECT;
		return tree_container(j, a, n, 1);
	case '[':
		n->type = HD_JARRAY;
		return tree_container(j, a, n, 0);
	case '"':
		n->type = HD_JSTRING;
		if (hd_json_string(j, &s) != 0)
			return -1;
		return (n->str = tree_str(j, a, s)) != NULL ? 0 : -1;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		n->type = HD_JNUMBER;
		return hd_json_number(j, &n->num);
	default:
		if (hd_json_literal(j, &lit) != 0)
			return -1;
		n->type = lit < 0 ? HD_JNULL : HD_JBOOL;
		n->b = lit > 0;
		return 0;
	}
}

int hd_json_tree(const char *text, size_t len, hd_arena *arena, hd_jnode **out, hd_status *st)
{
	hd_json j;
	int rc = hd_json_start(&j, text, len, st);

	if (rc == 0)
		rc = tree_value(&j, arena, out);
	if (rc == 0)
		rc = hd_json_at_end(&j);
	hd_json_end(&j);
	return rc;
}

const hd_jnode *hd_jget(const hd_jnode *o, const char *key)
{
	if (o == NULL || o->type != HD_JOBJECT)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (strcmp(o->keys[i], key) == 0)
			return o->items[i];
	return NULL;
}

const char *hd_jstr(const hd_jnode *o, const char *key)
{
	const hd_jnode *v = hd_jget(o, key);

	return v != NULL && v->type == HD_JSTRING ? v->str : NULL;
}
