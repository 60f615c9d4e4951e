/* The decode role's output side: reading a candidate's `e<N>: <ops>` lines
 * and judging each item against the reference's text (docs/adapter-protocol.md,
 * "decode"). The output comes from an arbitrary tool, so every read is
 * bounded and anything that breaks the protocol becomes a reason on the
 * items it leaves unanswered, never a failure of the harness. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "util/file.h"

/* How much of a candidate's line a reason quotes. */
#define QUOTE_MAX 120

/* What the output says about one item: its first line, and whether a later
 * line for the same N disagreed with it. */
typedef struct answer {
	const char *text;        /* after "e<N>:" and the blanks; NULL: no line */
	size_t len;
	size_t line;             /* 1-based line number of the first */
	int conflict;            /* another line for N said something else */
} answer;

/* Lines that follow no rule of the protocol: counted, the first quoted. */
typedef struct garbage {
	size_t count;
	size_t first_line;
	char first[QUOTE_MAX + 1];
	int truncated;           /* the output was cut at a bound */
	char why[96];
} garbage;

static int oom(hd_status *st)
{
	return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}

/* Whether a[0..an) and b[0..bn) are the same text; either may be NULL when
 * empty (an empty expression's text is an empty buffer). */
static int same_text(const void *a, size_t an, const void *b, size_t bn)
{
	return an == bn && (an == 0 || memcmp(a, b, an) == 0);
}

/* s[0..n) as a printable one-line quote of at most QUOTE_MAX bytes. */
static void quote(char *out, const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n && k < QUOTE_MAX; i++) {
		unsigned char ch = (unsigned char)s[i];
		out[k++] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
	}
	if (n > QUOTE_MAX && k >= 3)
		memcpy(out + k - 3, "...", 3);
	out[k] = '\0';
}

static void note_garbage(garbage *g, size_t line, const char *s, size_t n)
{
	if (g->count++ == 0) {
		g->first_line = line;
		quote(g->first, s, n);
	}
}

/* Parses "e<N>:" at the start of s; the position after the colon in *end.
 * N is decimal without leading zeros, as the object names its variables. */
static int parse_key(const char *s, size_t n, size_t *index, size_t *end)
{
	size_t i = 1, v = 0;

	if (n < 3 || s[0] != 'e' || s[1] < '0' || s[1] > '9')
		return -1;
	if (s[1] == '0' && n > 2 && s[2] >= '0' && s[2] <= '9')
		return -1;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
		if (i > 19)
			return -1;  /* longer than any size_t index */
		v = v * 10 + (size_t)(s[i] - '0');
	}
	if (i >= n || s[i] != ':')
		return -1;
	*index = v;
	*end = i + 1;
	return 0;
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Files one line (no newline) under its item, or as garbage. */
static void take_line(const char *s, size_t n, size_t line, answer *ans, size_t nitems,
                      garbage *g)
{
	size_t index, at;

	while (n > 0 && is_blank(s[n - 1]))
		n--;
	if (n == 0)
		return;
	if (memchr(s, '\0', n) != NULL || parse_key(s, n, &index, &at) != 0 ||
	    index >= nitems) {
		note_garbage(g, line, s, n);
		return;
	}
	while (at < n && is_blank(s[at]))
		at++;
	if (ans[index].text == NULL) {
		ans[index].text = s + at;
		ans[index].len = n - at;
		ans[index].line = line;
	} else if (!same_text(ans[index].text, ans[index].len, s + at, n - at)) {
		ans[index].conflict = 1;
	}
}

/* Splits text into lines within the bounds. */
static void read_lines(const char *text, size_t len, answer *ans, size_t nitems,
                       garbage *g)
{
	size_t pos = 0, line = 0;

	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl != NULL ? (size_t)(nl - (text + pos)) : len - pos;

		if (++line > HC_DECODE_MAX_LINES) {
			g->truncated = 1;
			snprintf(g->why, sizeof g->why, "the output has more than %u lines",
			         HC_DECODE_MAX_LINES);
			return;
		}
		if (n > HC_DECODE_MAX_LINE) {
			/* a line this long is no answer; its key is not trusted */
			note_garbage(g, line, text + pos, n);
		} else {
			take_line(text + pos, n, line, ans, nitems, g);
		}
		pos += n + (nl != NULL);
	}
}

/* ---- verdicts ---- */

static char *str_of(hd_buf *b)
{
	char *s;

	if (b->failed)
		return NULL;
	s = malloc(b->len + 1);
	if (s != NULL) {
		if (b->len != 0)
			memcpy(s, b->data, b->len);
		s[b->len] = '\0';
	}
	return s;
}

static int set_fail(hc_decode_verdict *v, hc_outcome o, hd_buf *reason, hd_buf *diff)
{
	v->outcome = o;
	v->reason = str_of(reason);
	v->diff = diff != NULL ? str_of(diff) : NULL;
	return v->reason == NULL || (diff != NULL && v->diff == NULL) ? -1 : 0;
}

/* Length of the op starting at s: up to "; " outside brackets, since
 * nested entry_value text {..} holds "; " of its own. */
static size_t op_len(const char *s, size_t n)
{
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '[' || s[i] == '{')
			depth++;
		else if ((s[i] == ']' || s[i] == '}') && depth > 0)
			depth--;
		else if (depth == 0 && s[i] == ';')
			return i;
	}
	return n;
}

/* "op K: expected `A`, got `B`" for the first op that differs. */
static void first_difference(hd_buf *reason, const char *want, size_t wn,
                             const char *got, size_t gn)
{
	char a[QUOTE_MAX + 1], b[QUOTE_MAX + 1];

	for (size_t k = 1;; k++) {
		size_t la = op_len(want, wn), lb = op_len(got, gn);

		if (!same_text(want, la, got, lb)) {
			quote(a, want, la);
			quote(b, got, lb);
			hd_buf_printf(reason, "op %zu: expected `%s`, got `%s`", k,
			              la ? a : "(nothing)", lb ? b : "(nothing)");
			return;
		}
		if (la == wn || lb == gn) {
			hd_buf_printf(reason, "op %zu: %s", k + 1,
			              la == wn && lb == gn ? "the texts differ in their separators"
			              : la == wn ? "the candidate printed more ops"
			                         : "the candidate printed fewer ops");
			return;
		}
		/* past the ";" and the blanks after it in both */
		want += la + 1;
		wn -= la + 1;
		got += lb + 1;
		gn -= lb + 1;
		for (; wn > 0 && *want == ' '; wn--)
			want++;
		for (; gn > 0 && *got == ' '; gn--)
			got++;
	}
}

static void put_diff(hd_buf *diff, const hd_buf *want, const answer *a)
{
	hd_buf_printf(diff, "expected: ");
	hd_buf_put(diff, want->data, want->len);
	hd_buf_printf(diff, "\ngot: ");
	if (a->text != NULL)
		hd_buf_put(diff, a->text, a->len);
	else
		hd_buf_printf(diff, "(no line)");
	hd_buf_printf(diff, "\n");
}

static int is_error_line(const answer *a)
{
	return a->len >= 5 && memcmp(a->text, "error", 5) == 0 &&
	       (a->len == 5 || is_blank(a->text[5]) || a->text[5] == ':');
}

/* The one difference the judge does not fail: DW_OP_LLVM_aspace_bregx's
 * displacement read as unsigned. DWARF Extensions for Heterogeneous
 * Debugging lists the operand as a "ULEB128 byte displacement" in its table
 * "DWARF Operation Encodings", while its description of the operation
 * ("Memory Location Description Operations") adds a signed displacement, as
 * DW_OP_bregx does; the reference reads SLEB128 (docs/expression-text.md).
 * A decoder that follows the table is not wrong by the document, so the
 * item is a compatibility warning, but only when the candidate's line is
 * exactly the reference's text with each top-level aspace_bregx displacement
 * replaced by the unsigned value of the same bytes: any other difference on
 * the same line, and bytes that overflow a 64-bit ULEB128, still fail.
 * Returns 1 (reason written) when the rule applies, 0 when not, -1 on
 * error. */
static int unsigned_bregx(const hc_decode_item *it, hd_profile profile, const answer *a,
                          hd_buf *reason, hd_status *st)
{
	hd_buf alt;
	int rc;

	hd_buf_init(&alt);
	rc = hc_decode_expected_unsigned_bregx(it, profile, &alt, st);
	if (rc == 1 && !same_text(a->text, a->len, alt.data, alt.len))
		rc = 0;
	if (rc == 1)
		hd_buf_printf(reason, "DW_OP_LLVM_aspace_bregx's displacement decoded as unsigned "
		              "(ULEB128, as the encoding table of DWARF Extensions for "
		              "Heterogeneous Debugging has it); the reference reads it signed, "
		              "as the operation's description has it");
	hd_buf_free(&alt);
	return rc;
}

/* The verdict on item i from its answer. */
static int judge_one(const hc_decode_item *it, size_t i, hd_profile profile,
                     const answer *a, const garbage *g, hc_decode_verdict *v)
{
	hd_buf want, reason, diff;
	hd_status st;
	char q[QUOTE_MAX + 1];
	int rc = 0;

	memset(v, 0, sizeof *v);
	hd_buf_init(&want);
	hd_buf_init(&reason);
	hd_buf_init(&diff);
	hd_status_clear(&st);
	if (hc_decode_expected(it, profile, &want, &st) != 0) {
		hd_buf_printf(&reason, "the reference cannot decode the item: %s", st.msg);
		rc = set_fail(v, HC_INTERNAL_ERROR, &reason, NULL);
	} else if (a->text == NULL) {
		hd_buf_printf(&reason, "no line for e%zu in the output", i);
		if (g->truncated)
			hd_buf_printf(&reason, " (%s; the rest was not read)", g->why);
		if (g->count != 0)
			hd_buf_printf(&reason, " (%zu line(s) broke the protocol; the first, "
			              "line %zu: `%s`)", g->count, g->first_line, g->first);
		put_diff(&diff, &want, a);
		rc = set_fail(v, HC_FAIL, &reason, &diff);
	} else if (a->conflict) {
		hd_buf_printf(&reason, "the output has different lines for e%zu", i);
		put_diff(&diff, &want, a);
		rc = set_fail(v, HC_FAIL, &reason, &diff);
	} else if (is_error_line(a)) {
		quote(q, a->text, a->len);
		hd_buf_printf(&reason, "the candidate could not decode it: %s", q);
		put_diff(&diff, &want, a);
		rc = set_fail(v, HC_FAIL, &reason, &diff);
	} else if (!same_text(a->text, a->len, want.data, want.len)) {
		put_diff(&diff, &want, a);
		rc = unsigned_bregx(it, profile, a, &reason, &st);
		if (rc == 1) {
			rc = set_fail(v, HC_COMPAT_WARNING, &reason, &diff);
		} else if (rc == 0) {
			hd_buf_printf(&reason, "decoded differently at ");
			first_difference(&reason, (const char *)want.data, want.len, a->text,
			                 a->len);
			rc = set_fail(v, HC_FAIL, &reason, &diff);
		}
	} else {
		v->outcome = HC_PASS;
	}
	if (want.failed)
		rc = -1;
	hd_buf_free(&want);
	hd_buf_free(&reason);
	hd_buf_free(&diff);
	return rc;
}

void hc_decode_verdicts_free(hc_decode_verdict *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].reason);
		free(v[i].diff);
		v[i].reason = v[i].diff = NULL;
	}
}

int hc_decode_judge(const hc_decode_item *items, size_t n, hd_profile profile,
                    const char *text, size_t len, hc_decode_verdict *verdicts,
                    hd_status *st)
{
	answer *ans = calloc(n ? n : 1, sizeof *ans);
	garbage g;

	memset(verdicts, 0, n * sizeof *verdicts);
	if (ans == NULL)
		return oom(st);
	memset(&g, 0, sizeof g);
	read_lines(text, len, ans, n, &g);
	for (size_t i = 0; i < n; i++)
		if (judge_one(&items[i], i, profile, &ans[i], &g, &verdicts[i]) != 0) {
			hc_decode_verdicts_free(verdicts, n);
			free(ans);
			return oom(st);
		}
	free(ans);
	return 0;
}

/* Every item fails with the same reason: the output could not be read. */
static int fail_all(hc_decode_verdict *verdicts, size_t n, const char *why,
                    hd_status *st)
{
	memset(verdicts, 0, n * sizeof *verdicts);
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(why);
		verdicts[i].outcome = HC_FAIL;
		verdicts[i].reason = malloc(len + 1);
		if (verdicts[i].reason == NULL) {
			hc_decode_verdicts_free(verdicts, n);
			return oom(st);
		}
		memcpy(verdicts[i].reason, why, len + 1);
	}
	return 0;
}

int hc_decode_judge_file(const hc_decode_item *items, size_t n, hd_profile profile,
                         const char *path, hc_decode_verdict *verdicts, hd_status *st)
{
	hd_buf text;
	hd_status rst;
	int rc;

	hd_buf_init(&text);
	hd_status_clear(&rst);
	if (hd_read_file(path, HC_DECODE_MAX_OUTPUT, &text, &rst) != 0) {
		char why[300];
		hd_buf_free(&text);
		if (rst.kind == HD_NO_MEMORY)
			return oom(st);
		snprintf(why, sizeof why, "the candidate's output cannot be read: %s", rst.msg);
		return fail_all(verdicts, n, why, st);
	}
	rc = hc_decode_judge(items, n, profile, (const char *)text.data, text.len, verdicts,
	                     st);
	hd_buf_free(&text);
	return rc;
}
