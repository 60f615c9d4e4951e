/* results.json and journal lines (docs/results.md), the reading half: a
 * recursive descent over the text with a nesting limit and a size limit.
 * Every way the text can be wrong is an hd_status with the byte offset, so
 * a torn journal line or a hand-edited file is an error, never a crash.
 * Keys this version does not know are skipped (a newer writer may add
 * some); a missing known key is an error naming it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util/file.h"


typedef struct reader {
	const unsigned char *s;
	size_t n, pos;
	unsigned depth;
	hd_status *st;
	hd_buf tmp;   /* the string being decoded */
} reader;

static int fail_at(reader *j, size_t at, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

static int fail_at(reader *j, size_t at, const char *code, const char *fmt, ...)
{
	char what[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return hd_fail(j->st, HD_BAD_INPUT, code, at, "byte %zu: %s", at, what);
}

static int no_memory(reader *j)
{
	return hd_fail(j->st, HD_NO_MEMORY, "no-memory", j->pos, "out of memory");
}

static void skip_ws(reader *j)
{
	while (j->pos < j->n && (j->s[j->pos] == ' ' || j->s[j->pos] == '\t' ||
	                         j->s[j->pos] == '\n' || j->s[j->pos] == '\r'))
		j->pos++;
}

/* The next byte, or 0 at the end (a NUL byte in the text is an error
 * wherever it is, so the two cannot be confused into accepting). */
static int peek(const reader *j)
{
	return j->pos < j->n ? j->s[j->pos] : 0;
}

static int expect(reader *j, int c, const char *what)
{
	skip_ws(j);
	if (peek(j) != c)
		return fail_at(j, j->pos, j->pos < j->n ? "json-syntax" : "json-truncated",
		               "expected %s", what);
	j->pos++;
	return 0;
}

static int hex4(reader *j, uint32_t *v)
{
	*v = 0;
	if (j->n - j->pos < 4)
		return fail_at(j, j->pos, "json-truncated", "a \\u escape needs four hex digits");
	for (int i = 0; i < 4; i++) {
		int c = j->s[j->pos + (size_t)i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return fail_at(j, j->pos + (size_t)i, "json-syntax",
			               "a \\u escape needs four hex digits");
		*v = *v << 4 | (uint32_t)d;
	}
	j->pos += 4;
	return 0;
}

/* After "\u": one code point, a surrogate pair taken whole. */
static int unicode_escape(reader *j, size_t at)
{
	uint32_t cp, lo;

	if (hex4(j, &cp) != 0)
		return -1;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return fail_at(j, at, "json-utf8", "a low surrogate without a high one");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (j->n - j->pos < 2 || j->s[j->pos] != '\\' || j->s[j->pos + 1] != 'u')
			return fail_at(j, at, "json-utf8", "a high surrogate without a low one");
		j->pos += 2;
		if (hex4(j, &lo) != 0)
			return -1;
		if (lo < 0xdc00 || lo > 0xdfff)
			return fail_at(j, at, "json-utf8", "a high surrogate without a low one");
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (cp == 0)  /* the model's strings are C strings */
		return fail_at(j, at, "json-value", "a string holds U+0000");
	hc_utf8_put(&j->tmp, cp);
	return 0;
}

static int escape(reader *j)
{
	size_t at = j->pos;
	int c;

	if (++j->pos >= j->n)
		return fail_at(j, at, "json-truncated", "the text ends inside a string");
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
		return fail_at(j, at, "json-syntax", "unknown escape \\%c",
		               c >= 0x20 && c < 0x7f ? c : '?');
	}
}

/* A string at pos (after whitespace), decoded into a new C string. */
static int read_string(reader *j, char **out)
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
			return fail_at(j, start, "json-truncated", "the text ends inside a string");
		c = j->s[j->pos];
		if (c == '"') {
			j->pos++;
			break;
		}
		if (c == '\\') {
			if (escape(j) != 0)
				return -1;
		} else if (c < 0x20) {
			return fail_at(j, j->pos, "json-syntax",
			               "a control character (0x%02x) must be escaped in a string", c);
		} else {
			k = hc_utf8_next(j->s + j->pos, j->n - j->pos, &cp);
			if (k == 1 && c >= 0x80)
				return fail_at(j, j->pos, "json-utf8", "a byte 0x%02x that is not UTF-8",
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
static int read_number(reader *j, double *v)
{
	char buf[64];
	size_t start, len;

	skip_ws(j);
	start = j->pos;
	if (peek(j) == '-')
		j->pos++;
	if (peek(j) == '0')
		j->pos++;
	else if (is_digit(peek(j)))
		while (is_digit(peek(j)))
			j->pos++;
	else
		goto bad;
	if (peek(j) == '.') {
		j->pos++;
		if (!is_digit(peek(j)))
			goto bad;
		while (is_digit(peek(j)))
			j->pos++;
	}
	if (peek(j) == 'e' || peek(j) == 'E') {
		j->pos++;
		if (peek(j) == '+' || peek(j) == '-')
			j->pos++;
		if (!is_digit(peek(j)))
			goto bad;
		while (is_digit(peek(j)))
			j->pos++;
	}
	len = j->pos - start;
	if (len >= sizeof buf)
		return fail_at(j, start, "json-size", "a number of more than %zu characters",
		               sizeof buf - 1);
	memcpy(buf, j->s + start, len);
	buf[len] = '\0';
	*v = strtod(buf, NULL);
	return 0;
bad:
	return fail_at(j, j->pos, j->pos < j->n ? "json-syntax" : "json-truncated",
	               "a malformed number");
}

/* true, false or null at pos; *v is 1, 0 or -1. */
static int read_literal(reader *j, int *v)
{
	static const struct { const char *word; int value; } words[] = {
		{ "true", 1 }, { "false", 0 }, { "null", -1 },
	};

	skip_ws(j);
	if (j->pos >= j->n)
		return fail_at(j, j->pos, "json-truncated", "the text ends before a value");
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		size_t len = strlen(words[i].word);
		size_t have = j->n - j->pos < len ? j->n - j->pos : len;
		if (memcmp(j->s + j->pos, words[i].word, have) != 0)
			continue;
		if (have < len)
			return fail_at(j, j->pos, "json-truncated", "the text ends inside %s",
			               words[i].word);
		j->pos += len;
		*v = words[i].value;
		return 0;
	}
	return fail_at(j, j->pos, j->pos < j->n ? "json-syntax" : "json-truncated",
	               "expected a value");
}

static int enter(reader *j)
{
	if (++j->depth > HC_JSON_MAX_DEPTH)
		return fail_at(j, j->pos, "json-depth", "nested deeper than %d",
		               HC_JSON_MAX_DEPTH);
	return 0;
}

/* Steps through an object: call with *count 0 after '{'. Returns 1 with
 * *key set (and pos at the value), 0 at the closing '}', -1 on error. */
static int next_key(reader *j, size_t *count, char **key)
{
	*key = NULL;
	skip_ws(j);
	if (peek(j) == '}') {
		j->pos++;
		j->depth--;
		return 0;
	}
	if (*count > 0 && expect(j, ',', "',' or '}' in an object") != 0)
		return -1;
	skip_ws(j);
	if (peek(j) != '"')
		return fail_at(j, j->pos, j->pos < j->n ? "json-syntax" : "json-truncated",
		               *count ? "expected a key after ','" : "expected a key or '}'");
	if (read_string(j, key) != 0)
		return -1;
	if (expect(j, ':', "':' after a key") != 0) {
		free(*key);
		*key = NULL;
		return -1;
	}
	(*count)++;
	skip_ws(j);
	return 1;
}

/* The same for an array: 1 with pos at an element, 0 at ']'. */
static int next_element(reader *j, size_t *count)
{
	skip_ws(j);
	if (peek(j) == ']') {
		j->pos++;
		j->depth--;
		return 0;
	}
	if (*count > 0 && expect(j, ',', "',' or ']' in an array") != 0)
		return -1;
	(*count)++;
	skip_ws(j);
	if (peek(j) == ']' || peek(j) == ',')
		return fail_at(j, j->pos, "json-syntax", "expected a value");
	return 1;
}

static int open_container(reader *j, int c, const char *what)
{
	if (expect(j, c, what) != 0)
		return -1;
	return enter(j);
}

/* Any value, read and dropped: keys this version does not know. */
static int skip_value(reader *j)
{
	size_t count = 0;
	char *s;
	double d;
	int rc, lit;

	skip_ws(j);
	switch (peek(j)) {
	case '"':
		rc = read_string(j, &s);
		free(s);
		return rc;
	case '{':
		if (open_container(j, '{', "'{'") != 0)
			return -1;
		while ((rc = next_key(j, &count, &s)) == 1) {
			free(s);
			if (skip_value(j) != 0)
				return -1;
		}
		return rc;
	case '[':
		if (open_container(j, '[', "'['") != 0)
			return -1;
		while ((rc = next_element(j, &count)) == 1)
			if (skip_value(j) != 0)
				return -1;
		return rc;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return read_number(j, &d);
	default:
		return read_literal(j, &lit);
	}
}

/* The value at pos is well-formed JSON of the wrong type, or not JSON at
 * all: the second is the error to report, so a typo reads as a syntax
 * error rather than as a type the writer never meant. */
static int skip_value(reader *j);

static int wrong_type(reader *j, const char *what, const char *key)
{
	size_t at;

	skip_ws(j);
	at = j->pos;
	if (at >= j->n)
		return fail_at(j, at, "json-truncated", "the text ends before %s%s", what, key);
	if (skip_value(j) != 0)
		return -1;
	return fail_at(j, at, "json-type", "expected %s%s%s%s", what, key[0] ? "\"" : "", key,
	               key[0] ? "\"" : "");
}

/* A string or null value of the given key into *out (replacing it). */
static int string_or_null(reader *j, const char *key, char **out, int nullable)
{
	int lit;

	free(*out);
	*out = NULL;
	skip_ws(j);
	if (peek(j) == '"')
		return read_string(j, out);
	if (nullable && peek(j) == 'n') {
		size_t at = j->pos;
		if (read_literal(j, &lit) != 0)
			return -1;
		if (lit == -1)
			return 0;
		j->pos = at;
	}
	return wrong_type(j, nullable ? "a string or null as " : "a string as ", key);
}

static int boolean(reader *j, const char *key, int *out)
{
	size_t at;
	int lit;

	skip_ws(j);
	at = j->pos;
	if (peek(j) != 't' && peek(j) != 'f')
		return wrong_type(j, "true or false as ", key);
	if (read_literal(j, &lit) != 0)
		return -1;
	if (lit < 0) {
		j->pos = at;
		return wrong_type(j, "true or false as ", key);
	}
	*out = lit;
	return 0;
}

static int number(reader *j, const char *key, double *out)
{
	skip_ws(j);
	if (peek(j) != '-' && !is_digit(peek(j)))
		return wrong_type(j, "a number as ", key);
	return read_number(j, out);
}

static int covers(reader *j, hc_result *r)
{
	size_t count = 0, cap = 0;
	int rc;

	for (size_t i = 0; i < r->ncovers; i++)
		free(r->covers[i]);
	free(r->covers);
	r->covers = NULL;
	r->ncovers = 0;
	skip_ws(j);
	if (peek(j) != '[')
		return wrong_type(j, "an array of strings as ", "covers");
	if (open_container(j, '[', "'['") != 0)
		return -1;
	while ((rc = next_element(j, &count)) == 1) {
		if (r->ncovers == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			char **v = realloc(r->covers, ncap * sizeof *v);
			if (v == NULL)
				return no_memory(j);
			r->covers = v;
			cap = ncap;
		}
		r->covers[r->ncovers] = NULL;
		if (string_or_null(j, "covers[]", &r->covers[r->ncovers], 0) != 0)
			return -1;
		r->ncovers++;
	}
	return rc;
}

/* The keys of a result, in the order a missing one is reported; the last
 * five are optional: "score" only a watch check's result has, the rest only
 * one from a command the candidate ran. */
enum { K_CASE, K_CHECK, K_OUTCOME, K_MUST_PASS, K_SECONDS, K_REASON, K_WAIVER, K_COVERS,
       K_DIFF, K_SCORE, K_COMMAND, K_SCRATCH, K_EXIT, K_STDERR, K_COUNT };
#define K_OPTIONAL 5
static const char *const result_keys[K_COUNT] = {
	"case", "check", "outcome", "must_pass", "seconds", "reason", "waiver", "covers", "diff",
	"score", "command", "scratch", "exit", "stderr",
};

static int key_index(const char *const *keys, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(keys[i], key) == 0)
			return i;
	return -1;
}

static int outcome_value(reader *j, hc_result *r)
{
	char *name = NULL;
	size_t at;

	skip_ws(j);
	at = j->pos;
	if (string_or_null(j, "outcome", &name, 0) != 0)
		return -1;
	if (hc_outcome_parse(name, strlen(name), &r->outcome) != 0) {
		fail_at(j, at, "json-value", "unknown outcome \"%.40s\"", name);
		free(name);
		return -1;
	}
	free(name);
	return 0;
}

static int result_field(reader *j, int k, void *ctx)
{
	hc_result *r = ctx;

	switch (k) {
	case K_CASE: return string_or_null(j, "case", &r->case_id, 0);
	case K_CHECK: return string_or_null(j, "check", &r->check, 0);
	case K_OUTCOME: return outcome_value(j, r);
	case K_MUST_PASS: return boolean(j, "must_pass", &r->must_pass);
	case K_SECONDS: {
		size_t at = j->pos;
		if (number(j, "seconds", &r->seconds) != 0)
			return -1;
		if (!(r->seconds >= 0 && r->seconds <= HC_MAX_SECONDS))
			return fail_at(j, at, "json-value", "\"seconds\" out of range");
		return 0;
	}
	case K_REASON: return string_or_null(j, "reason", &r->reason, 1);
	case K_WAIVER: return string_or_null(j, "waiver", &r->waiver, 1);
	case K_COVERS: return covers(j, r);
	case K_COMMAND: return string_or_null(j, "command", &r->command, 1);
	case K_SCRATCH: return string_or_null(j, "scratch", &r->scratch, 1);
	case K_STDERR: return string_or_null(j, "stderr", &r->stderr_tail, 1);
	case K_EXIT: {
		size_t at = j->pos;
		double v;
		if (number(j, "exit", &v) != 0)
			return -1;
		if (!(v >= 0 && v <= 255) || v != (double)(int)v)
			return fail_at(j, at, "json-value", "\"exit\" is no exit status");
		r->exit_status = (int)v;
		r->has_exit = 1;
		return 0;
	}
	case K_SCORE: {
		size_t at = j->pos;
		if (number(j, "score", &r->score) != 0)
			return -1;
		if (!(r->score >= 0 && r->score <= 1))
			return fail_at(j, at, "json-value", "\"score\" out of range");
		r->has_score = 1;
		return 0;
	}
	default: return string_or_null(j, "diff", &r->diff, 1);
	}
}

/* Reports the first key of keys[] that seen lacks. */
static int check_missing(reader *j, size_t at, const char *const *keys, int n, unsigned seen,
                         const char *what)
{
	for (int i = 0; i < n; i++)
		if (!(seen & 1u << i))
			return fail_at(j, at, "json-missing", "%s lacks the key \"%s\"", what, keys[i]);
	return 0;
}

/* An object whose keys[] must each be there once, but for the last
 * `optional` of them, which may be absent; field reads the value of keys[k]
 * into ctx, and a key not in keys[] is skipped (a later schema may add
 * keys). what names the object in errors. */
static int read_object(reader *j, const char *const *keys, int n, int optional,
                       const char *what, int (*field)(reader *, int, void *), void *ctx)
{
	size_t count = 0, at;
	unsigned seen = 0;
	char *key;
	int rc, k;

	skip_ws(j);
	at = j->pos;
	if (peek(j) != '{')
		return wrong_type(j, "an object as ", what);
	if (open_container(j, '{', "'{'") != 0)
		return -1;
	while ((rc = next_key(j, &count, &key)) == 1) {
		size_t kat = j->pos;
		k = key_index(keys, n, key);
		if (k >= 0 && (seen & 1u << k)) {
			fail_at(j, kat, "json-duplicate", "the key \"%s\" twice", key);
			free(key);
			return -1;
		}
		free(key);
		if (k >= 0)
			seen |= 1u << k;
		if ((k >= 0 ? field(j, k, ctx) : skip_value(j)) != 0)
			return -1;
	}
	if (rc != 0)
		return -1;
	return check_missing(j, at, keys, n - optional, seen, what);
}

static int read_result(reader *j, hc_result *r)
{
	memset(r, 0, sizeof *r);
	return read_object(j, result_keys, K_COUNT, K_OPTIONAL, "a result", result_field, r);
}

/* Whitespace only, after the top-level value. */
static int at_end(reader *j)
{
	skip_ws(j);
	if (j->pos != j->n)
		return fail_at(j, j->pos, "json-syntax", "text after the end of the value");
	return 0;
}

static int start(reader *j, const char *text, size_t len, hd_status *st)
{
	memset(j, 0, sizeof *j);
	j->s = (const unsigned char *)text;
	j->n = len;
	j->st = st;
	hd_buf_init(&j->tmp);
	if (len > HC_JSON_MAX_SIZE)
		return fail_at(j, HC_JSON_MAX_SIZE, "json-size", "more than %zu bytes",
		               HC_JSON_MAX_SIZE);
	return 0;
}

int hc_result_parse(const char *text, size_t len, hc_result *r, hd_status *st)
{
	reader j;
	int rc;

	memset(r, 0, sizeof *r);
	rc = start(&j, text, len, st);
	if (rc == 0)
		rc = read_result(&j, r);
	if (rc == 0)
		rc = at_end(&j);
	hd_buf_free(&j.tmp);
	if (rc != 0)
		hc_result_free(r);
	return rc;
}

static int read_results(reader *j, hc_run *run)
{
	size_t count = 0;
	int rc;

	skip_ws(j);
	if (peek(j) != '[')
		return wrong_type(j, "an array as ", "results");
	if (open_container(j, '[', "'['") != 0)
		return -1;
	while ((rc = next_element(j, &count)) == 1) {
		hc_result r;
		if (read_result(j, &r) != 0) {
			hc_result_free(&r);
			return -1;
		}
		if (hc_run_take(run, &r) != 0) {
			hc_result_free(&r);
			return no_memory(j);
		}
	}
	return rc;
}

/* The keys of results.json; the last two may be absent: "scope" from an
 * older run, "shard" from any run of the whole plan. */
enum { R_SCHEMA, R_SUITE_VERSION, R_SUITE_REVISION, R_CANDIDATE, R_ENCODING, R_STARTED,
       R_FINISHED, R_RESULTS, R_SCOPE, R_SHARD, R_COUNT };
static const char *const run_keys[R_COUNT] = {
	"schema_version", "suite_version", "suite_revision", "candidate", "encoding",
	"started", "finished", "results", "scope", "shard",
};

static int schema(reader *j)
{
	size_t at;
	double v;

	skip_ws(j);
	at = j->pos;
	if (number(j, "schema_version", &v) != 0)
		return -1;
	if (v != 1)
		return fail_at(j, at, "json-value", "schema_version %g is not 1, the one this "
		               "hdcts reads", v);
	return 0;
}

static int run_field(reader *j, int k, void *ctx)
{
	hc_run *run = ctx;

	switch (k) {
	case R_SCHEMA: return schema(j);
	case R_SUITE_VERSION: return string_or_null(j, run_keys[k], &run->suite_version, 1);
	case R_SUITE_REVISION: return string_or_null(j, run_keys[k], &run->suite_revision, 1);
	case R_CANDIDATE: return string_or_null(j, run_keys[k], &run->candidate, 1);
	case R_ENCODING: return string_or_null(j, run_keys[k], &run->encoding, 1);
	case R_STARTED: return string_or_null(j, run_keys[k], &run->started, 1);
	case R_FINISHED: return string_or_null(j, run_keys[k], &run->finished, 1);
	case R_SCOPE: return string_or_null(j, run_keys[k], &run->scope, 1);
	case R_SHARD: return string_or_null(j, run_keys[k], &run->shard, 1);
	default: return read_results(j, run);
	}
}

static int read_run(reader *j, hc_run *run)
{
	/* "conforms" and "totals" are derived: readers recompute them */
	return read_object(j, run_keys, R_COUNT, 2, "results.json", run_field, run);
}

int hc_run_parse(const char *text, size_t len, hc_run *run, hd_status *st)
{
	reader j;
	int rc;

	rc = start(&j, text, len, st);
	if (rc == 0)
		rc = read_run(&j, run);
	if (rc == 0)
		rc = at_end(&j);
	hd_buf_free(&j.tmp);
	if (rc != 0)
		hc_run_free(run);
	return rc;
}

int hc_run_load(const char *path, hc_run *run, hd_status *st)
{
	hd_buf text;
	int rc;

	hd_buf_init(&text);
	rc = hd_read_file(path, HC_JSON_MAX_SIZE, &text, st);
	if (rc == 0 && text.failed)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (rc == 0)
		rc = hc_run_parse((const char *)hd_buf_str(&text), text.len, run, st);
	hd_buf_free(&text);
	return rc;
}
