/* The results model, its JSON and the renderers (harness/results/result.h,
 * reports/render): outcome names and the conformance rule; a run written
 * as results.json, read back and written again is byte-identical; nasty
 * strings escape correctly; every truncation of a valid file and a set of
 * mutations are refused with an error, never a crash; TAP, JUnit and HTML
 * hold what they must.
 *
 * usage: test_results               the unit tests, as TAP
 *        test_results DIR           also writes sample reports for
 *                                   tests/reports_tools.sh: DIR/a and DIR/b
 *                                   (B has a regression), DIR/a.tap and
 *                                   DIR/pass.tap (A's conforming results)
 *        test_results compare ...   hc_compare_main on the rest */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_cmd.h"
#include "coverage/universe.h"
#include "json.h"
#include "markup.h"
#include "render.h"
#include "render_internal.h"
#include "tap.h"
#include "util/file.h"

/* ---- a sample run ---- */

static void add(hc_run *run, const char *case_id, const char *check, hc_outcome o,
                const char *reason, const char *diff, const char *covers, int must_pass)
{
	hc_result r;
	char *list = strdup(covers), *save = NULL;
	char *facts[16];

	memset(&r, 0, sizeof r);
	r.case_id = (char *)case_id;
	r.check = (char *)check;
	r.outcome = o;
	r.reason = (char *)reason;
	r.diff = (char *)diff;
	r.waiver = o == HC_WAIVED ? (char *)"known bug #12: \"xderef\" <b>&amp;</b>" : NULL;
	r.must_pass = must_pass;
	r.seconds = 0.001 * (double)(strlen(case_id) + strlen(check));
	for (char *f = strtok_r(list, ";", &save); f && r.ncovers < 16; f = strtok_r(NULL, ";", &save))
		facts[r.ncovers++] = f;
	r.covers = facts;
	if (hc_run_add(run, &r) != 0)
		abort();
	free(list);
}

static const char nasty[] = "quote\" backslash\\ nl\n tab\t cr\r ctl\x01\x1f del\x7f "
                            "bad\xff\xc0\x80 cut\xe2\x82 ok\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 "
                            "<tag a='1'>&amp; ]]> # hash \xc2\x85 \xef\xbf\xbe";

static const char diff1[] = "--- expected\n+++ got\n@@ -1,2 +1,2 @@\n line one\n-stack: 1\n"
                            "+stack: 2\n";
/* an empty line, a first line starting with a space, controls: YAMLish
 * cannot take this as a literal block */
static const char diff2[] = " starts with a space\n\n-after an empty line\r\n+\x01 \xff\n";

static void sample(hc_run *run, int variant)
{
	hc_run_init(run);
	run->suite_version = strdup("0.1.0");
	run->suite_revision = strdup(variant ? "v0.1-2-gabcdef" : "v0.1-1-g123456");
	run->candidate = strdup(variant ? "candidate \"B\" <x>" : "reference");
	run->encoding = strdup("amdgpu-v0");
	run->started = strdup("2026-11-21T10:00:00Z");
	run->finished = variant ? NULL : strdup("2026-11-21T10:05:00Z");
	add(run, "cfi/amdgpu-kernel-cfa", "evaluate", HC_PASS, NULL, NULL,
	    "DW_CFA_def_cfa_expression;DW_OP_lit0 encoding=amdgpu-v0;rule eval/frame-not-active",
	    1);
	add(run, "expr/arith-abs", "evaluate", variant ? HC_FAIL : HC_PASS,
	    variant ? "the canonical result differs from expected" : NULL, variant ? diff1 : NULL,
	    "DW_OP_abs;DW_OP_lit0 encoding=amdgpu-v0", 1);
	add(run, "expr/arith-and", "evaluate", HC_FAIL, "the canonical result differs", diff1,
	    "DW_OP_and;DW_OP_lit0 encoding=amdgpu-v0", 0);
	add(run, "expr/nasty", "evaluate", HC_CRASH, nasty, diff2, "DW_OP_abs;weird fact", 0);
	add(run, "expr/slow", "evaluate", HC_TIMEOUT, "timed out after 2 s", NULL, "DW_OP_abs", 0);
	add(run, "opencl/address-spaces", "compile-opencl/conformance", HC_NOT_SUPPORTED,
	    "the profile declares opencl absent", NULL, "opencl/address-spaces", 1);
	add(run, "spirv/di100-DebugTypeMember-valid", "compile-spirv/strict", HC_WAIVED,
	    "the DWARF dump differs", diff1,
	    "OpenCL.DebugInfo.100/DebugTypeMember;rule DebugInfo/DebugTypeMember/layout", 1);
	add(run, "spirv/di100-DebugTypeMember-valid", "decode", HC_QUALITY_WARNING,
	    "DW_OP_xderef where form_aspace_address is asked for", NULL,
	    "OpenCL.DebugInfo.100/DebugTypeMember", 0);
	add(run, "spirv/di100-DebugTypeMember-valid", "compile-spirv/conformance", HC_COMPAT_WARNING,
	    "conformant under llvm-user", NULL, "OpenCL.DebugInfo.100/DebugTypeMember", 0);
	add(run, "spirv/weird #name\\", "compile-spirv/strict", HC_INTERNAL_ERROR,
	    "cannot assemble", NULL, "", 0);
	if (variant)
		add(run, "expr/new-case", "evaluate", HC_PASS, NULL, NULL, "DW_OP_abs", 0);
	hc_run_sort(run);
}

static char *run_json(const hc_run *run, size_t *len)
{
	hd_buf b;

	hd_buf_init(&b);
	hc_run_json(&b, run);
	if (b.failed)
		abort();
	hd_buf_str(&b);
	*len = b.len;
	return (char *)b.data;
}

/* ---- tests ---- */

static void test_outcomes(void)
{
	static const char *const names[HC_OUTCOME_COUNT] = {
		"pass", "fail", "not-supported", "quality-warning", "compatibility-warning",
		"waived", "crash", "timeout", "internal-error",
	};
	static const int conforms[HC_OUTCOME_COUNT] = { 1, 0, 1, 1, 1, 1, 0, 0, 0 };
	int names_ok = 1, parse_ok = 1, conform_ok = 1;
	hc_outcome o;

	for (int i = 0; i < HC_OUTCOME_COUNT; i++) {
		names_ok &= strcmp(hc_outcome_name((hc_outcome)i), names[i]) == 0;
		parse_ok &= hc_outcome_parse(names[i], strlen(names[i]), &o) == 0 && o == (hc_outcome)i;
		conform_ok &= !!hc_outcome_conforms((hc_outcome)i) == conforms[i];
	}
	OK(names_ok, "outcome names are the documented spellings");
	OK(parse_ok, "every outcome name parses back to its outcome");
	OK(conform_ok, "conforming outcomes: pass, not-supported, the warnings, waived");
	OK(hc_outcome_parse("pas", 3, &o) != 0 && hc_outcome_parse("passed", 6, &o) != 0 &&
	   hc_outcome_parse("PASS", 4, &o) != 0, "near-miss outcome names are refused");
}

static void test_verdict(void)
{
	hc_run run;
	size_t counts[HC_OUTCOME_COUNT];

	sample(&run, 0);
	OK(hc_run_conforms(&run), "a run whose must-pass results all conform conforms");
	hc_run_count(&run, counts);
	OK(counts[HC_PASS] == 2 && counts[HC_FAIL] == 1 && counts[HC_WAIVED] == 1 &&
	   counts[HC_CRASH] == 1, "counts per outcome");
	hc_run_free(&run);
	sample(&run, 1);
	OK(!hc_run_conforms(&run), "a must-pass failure makes the run non-conforming");
	hc_run_free(&run);
	hc_run_init(&run);
	OK(!hc_run_conforms(&run), "an empty run does not conform: nothing was accepted");
	hc_run_free(&run);
}

static void test_sort(void)
{
	hc_run run;
	int sorted = 1;

	hc_run_init(&run);
	add(&run, "b/x", "evaluate", HC_PASS, NULL, NULL, "", 0);
	add(&run, "a/y", "decode", HC_FAIL, "r", NULL, "", 0);
	add(&run, "a/y", "compile-spirv/strict", HC_PASS, NULL, NULL, "", 0);
	hc_run_sort(&run);
	sorted &= strcmp(run.results[0].check, "compile-spirv/strict") == 0;
	sorted &= strcmp(run.results[1].check, "decode") == 0;
	sorted &= strcmp(run.results[2].case_id, "b/x") == 0;
	OK(sorted, "results sort by case, then check");
	hc_run_free(&run);
}

static void test_round_trip(void)
{
	for (int variant = 0; variant < 2; variant++) {
		hc_run run, back;
		hd_status st;
		size_t n1, n2;
		char *j1, *j2;
		int rc;

		sample(&run, variant);
		j1 = run_json(&run, &n1);
		hc_run_init(&back);
		rc = hc_run_parse(j1, n1, &back, &st);
		OK(rc == 0, variant ? "results.json of run B parses" : "results.json of run A parses");
		if (rc != 0)
			printf("  # %s\n", st.msg);
		j2 = run_json(&back, &n2);
		OK(n1 == n2 && memcmp(j1, j2, n1) == 0, "run -> JSON -> parse -> JSON is byte-identical");
		OK(back.n == run.n && (back.finished == NULL) == (variant == 1),
		   "the result count and a null \"finished\" survive");
		free(j1);
		free(j2);
		hc_run_free(&back);
		hc_run_free(&run);
	}
}

static void test_result_lines(void)
{
	hc_run run;
	int same = 1, one_line = 1;

	sample(&run, 1);
	for (size_t i = 0; i < run.n; i++) {
		hd_buf a, b;
		hc_result r;
		hd_status st;
		hd_buf_init(&a);
		hd_buf_init(&b);
		hc_result_json(&a, &run.results[i]);
		one_line &= memchr(a.data, '\n', a.len) == NULL;
		if (hc_result_parse((const char *)a.data, a.len, &r, &st) != 0) {
			same = 0;
			printf("  # %s\n", st.msg);
		} else {
			hc_result_json(&b, &r);
			same &= a.len == b.len && memcmp(a.data, b.data, a.len) == 0;
		}
		hc_result_free(&r);
		hd_buf_free(&a);
		hd_buf_free(&b);
	}
	OK(one_line, "a result's JSON is one line");
	OK(same, "every journal line round-trips byte-identically");
	hc_run_free(&run);
}

static void test_escaping(void)
{
	hd_buf b;
	hc_result r;
	hd_status st;

	hd_buf_init(&b);
	hd_json_put_string(&b, "q\" b\\ n\n t\t c\x01 d\x7f x\xff \xc0\x80 e\xc3\xa9 /");
	EQ_STR(hd_buf_str(&b),
	       "\"q\\\" b\\\\ n\\n t\\t c\\u0001 d\\u007f x\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd "
	       "e\xc3\xa9 /\"", "JSON escapes quotes, controls, DEL; bad UTF-8 becomes U+FFFD");
	hd_buf_reset(&b);
	hd_json_put_string(&b, NULL);
	EQ_STR(hd_buf_str(&b), "null", "a NULL string is null");
	hd_buf_reset(&b);
	hc_xml_text(&b, "a<b>&\"'\x01\t\n\xff\xef\xbf\xbe", 1);
	EQ_STR(hd_buf_str(&b),
	       "a&lt;b&gt;&amp;&quot;&#39;\xef\xbf\xbd&#9;&#10;\xef\xbf\xbd\xef\xbf\xbd",
	       "XML attribute escaping replaces characters XML forbids");
	hd_buf_reset(&b);
	hc_anchor(&b, "expr/a_b", "compile-spirv/strict");
	EQ_STR(hd_buf_str(&b), "r-expr_2Fa_5Fb__compile-spirv_2Fstrict", "anchors are safe ids");
	hd_buf_reset(&b);
	hc_line_text(&b, "a#b\\c\nd", 1);
	EQ_STR(hd_buf_str(&b), "a\\#b\\\\c d", "TAP descriptions escape # and backslash");
	hd_buf_free(&b);

	{
		static const char line[] =
			"{\"case\":\"x/\\u00e9\\ud83d\\ude00\\/\",\"check\":\"c\",\"outcome\":\"fail\","
			"\"must_pass\":false,\"seconds\":1e-3,\"reason\":null,\"waiver\":null,"
			"\"covers\":[],\"diff\":\"\\b\\f\",\"future\":{\"a\":[1,2,{\"b\":null}]}}";
		int rc = hc_result_parse(line, sizeof line - 1, &r, &st);
		OK(rc == 0 && strcmp(r.case_id, "x/\xc3\xa9\xf0\x9f\x98\x80/") == 0 &&
		   strcmp(r.diff, "\b\f") == 0 && r.seconds == 0.001,
		   "the reader decodes escapes and surrogate pairs and skips unknown keys");
		hc_result_free(&r);
	}
}

/* Every proper prefix of text must be refused (none is a whole value, since
 * the top level is an object), with a status and no crash. */
static void test_truncations(void)
{
	hc_run run;
	size_t n, accepted = 0, bad_status = 0;
	char *j;

	sample(&run, 1);
	j = run_json(&run, &n);
	OK(n > 2 && j[n - 2] == '}' && j[n - 1] == '\n', "results.json ends in \"}\\n\"");
	/* every prefix without the closing brace */
	for (size_t len = 0; len < n - 1; len++) {
		hc_run back;
		hd_status st;
		/* a copy of exactly len bytes, so ASan sees any read past the end */
		char *cut = malloc(len ? len : 1);
		if (cut == NULL)
			abort();
		memcpy(cut, j, len);
		hc_run_init(&back);
		hd_status_clear(&st);
		if (hc_run_parse(cut, len, &back, &st) == 0)
			accepted++;
		else if (st.kind != HD_BAD_INPUT || st.code == NULL || st.offset > len ||
		         back.n != 0 || back.candidate != NULL)
			bad_status++;
		hc_run_free(&back);
		free(cut);
	}
	OK(accepted == 0, "every truncation of results.json is refused");
	OK(bad_status == 0, "... each with a bad-input status inside the text, the run left empty");
	free(j);
	hc_run_free(&run);
}

/* A journal line cut anywhere is refused too: what --resume relies on when
 * a kill tears the last line. */
static void test_line_truncations(void)
{
	hc_run run;
	size_t accepted = 0;

	sample(&run, 1);
	for (size_t i = 0; i < run.n; i++) {
		hd_buf a;
		hd_buf_init(&a);
		hc_result_json(&a, &run.results[i]);
		for (size_t len = 0; len < a.len; len++) {
			hc_result r;
			hd_status st;
			char *cut = malloc(len ? len : 1);
			if (cut == NULL)
				abort();
			memcpy(cut, a.data, len);
			accepted += hc_result_parse(cut, len, &r, &st) == 0;
			hc_result_free(&r);
			free(cut);
		}
		hd_buf_free(&a);
	}
	OK(accepted == 0, "every truncation of every journal line is refused");
	hc_run_free(&run);
}

/* text with the first occurrence of from replaced by to. */
static char *mutate(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	size_t n = strlen(text), nf = strlen(from), nt = strlen(to);
	char *m;

	if (at == NULL)
		return NULL;
	m = malloc(n - nf + nt + 1);
	if (m == NULL)
		abort();
	memcpy(m, text, (size_t)(at - text));
	memcpy(m + (at - text), to, nt);
	memcpy(m + (at - text) + nt, at + nf, n - (size_t)(at - text) - nf + 1);
	return m;
}

static void test_mutations(void)
{
	static const struct { const char *from, *to, *code, *name; } cases[] = {
		{ "\"case\":", "\"kase\":", "json-missing", "a missing key" },
		{ "\"check\":\"evaluate\",", "\"check\":\"evaluate\",\"check\":\"x\",",
		  "json-duplicate", "a duplicate key" },
		{ "\"outcome\":\"pass\"", "\"outcome\":\"passed\"", "json-value",
		  "an unknown outcome" },
		{ "\"outcome\":\"pass\"", "\"outcome\":1", "json-type", "an outcome not a string" },
		{ "\"must_pass\":true", "\"must_pass\":1", "json-type", "must_pass not boolean" },
		{ "\"seconds\":0.0", "\"seconds\":-0.0", "json-value", "negative seconds" },
		{ "\"seconds\":0.0", "\"seconds\":00.0", "json-syntax", "a leading zero" },
		{ "\"seconds\":0.0", "\"seconds\":.5", "json-syntax", "a bare fraction" },
		{ "\"seconds\":0.0", "\"seconds\":1e999", "json-value", "an infinite time" },
		{ "\"covers\":[", "\"covers\":[1,", "json-type", "a cover not a string" },
		{ "\"covers\":[", "\"covers\":[,", "json-syntax", "an empty array element" },
		{ "\"schema_version\": 1", "\"schema_version\": 2", "json-value", "schema 2" },
		{ "\"schema_version\": 1", "\"schema_version\": \"1\"", "json-type",
		  "schema as string" },
		{ "\"reference\"", "\"ref\x01\"", "json-syntax", "a raw control character" },
		{ "\"reference\"", "\"ref\xff\"", "json-utf8", "a byte that is not UTF-8" },
		{ "\"reference\"", "\"ref\xed\xa0\x80\"", "json-utf8", "an encoded surrogate" },
		{ "\"reference\"", "\"ref\\ud800\"", "json-utf8", "a lone high surrogate" },
		{ "\"reference\"", "\"ref\\udc00\"", "json-utf8", "a lone low surrogate" },
		{ "\"reference\"", "\"ref\\u0000\"", "json-value", "an escaped NUL" },
		{ "\"reference\"", "\"ref\\x41\"", "json-syntax", "an unknown escape" },
		{ "\"reference\"", "\"ref\\u12g4\"", "json-syntax", "a bad \\u escape" },
		{ "\"reference\"", "'reference'", "json-syntax", "single quotes" },
		{ "\"candidate\": \"reference\",", "\"candidate\": \"reference\"",
		  "json-syntax", "a missing comma" },
		{ "\"results\": [", "\"results\": [,", "json-syntax", "a leading comma" },
		{ "\"finished\"", "\"finished\" ", "", "whitespace before a colon is fine" },
		{ "\"finished\"", "\"future\": {\"x\": [true, false, null, -1.5e+3]}, "
		  "\"finished\"", "", "an unknown key is skipped" },
		{ "\n}\n", "\n}\n}", "json-syntax", "text after the value" },
		{ "\n}\n", "\n,}\n", "json-syntax", "a trailing comma" },
		{ "\"encoding\": \"amdgpu-v0\"", "\"encoding\": nul", "json-syntax",
		  "a misspelt null" },
		{ "\"encoding\": \"amdgpu-v0\"", "\"encoding\": tru", "json-syntax",
		  "a misspelt literal" },
		{ "{", "", "json-type", "no opening brace" },
		{ "\"reference\"", "\"ref\\u0041\"", "", "an escaped letter is fine" },
	};
	hc_run run;
	size_t n;
	char *j;

	sample(&run, 0);
	j = run_json(&run, &n);
	hc_run_free(&run);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *m = mutate(j, cases[i].from, cases[i].to);
		hc_run back;
		hd_status st;
		int rc;
		size_t len;

		if (m == NULL) {
			OK(0, cases[i].name);
			printf("  # the text has no %s\n", cases[i].from);
			continue;
		}
		len = strlen(m);
		hc_run_init(&back);
		hd_status_clear(&st);
		rc = hc_run_parse(m, len, &back, &st);
		if (cases[i].code[0] == '\0') {
			OK(rc == 0, cases[i].name);
		} else if (!OK(rc != 0 && st.code && strcmp(st.code, cases[i].code) == 0,
		               cases[i].name)) {
			printf("  # got %s: %s\n", rc ? st.code : "accepted", rc ? st.msg : "");
		}
		hc_run_free(&back);
		free(m);
	}
	free(j);
}

/* A NUL byte anywhere is refused, inside a string or out. */
static void test_nul(void)
{
	static const char line[] = "{\"case\":\"a\0b\"}";
	static const char lead[] = "\0{}";
	hc_result r;
	hd_status st;

	OK(hc_result_parse(line, sizeof line - 1, &r, &st) != 0 &&
	   strcmp(st.code, "json-syntax") == 0 && st.offset == 10, "a NUL in a string is refused");
	OK(hc_result_parse(lead, sizeof lead - 1, &r, &st) != 0, "a NUL before the value is refused");
}

/* Nesting past the limit inside an unknown key: refused, not a stack
 * overflow. */
static void test_depth(void)
{
	hd_buf b;
	hc_result r;
	hd_status st;
	int rc;

	hd_buf_init(&b);
	HC_PUT(&b, "{\"x\":");
	for (int i = 0; i < 100000; i++)
		hd_buf_byte(&b, '[');
	rc = hc_result_parse((const char *)b.data, b.len, &r, &st);
	OK(rc != 0 && strcmp(st.code, "json-depth") == 0, "deep nesting is refused by depth");
	hd_buf_free(&b);
}

/* Random byte changes: whatever the reader says, it says it without
 * crashing, and what it accepts it can write and read again. */
static void test_fuzz(void)
{
	hc_run run;
	size_t n, reread_bad = 0, accepted = 0;
	char *j;

	sample(&run, 1);
	j = run_json(&run, &n);
	hc_run_free(&run);
	for (int iter = 0; iter < 3000; iter++) {
		char *m = malloc(n);
		hc_run back;
		hd_status st;
		int k = 1 + (int)(tap_random() % 3);

		if (m == NULL)
			abort();
		memcpy(m, j, n);
		for (int i = 0; i < k; i++)
			m[tap_random() % n] = (char)(tap_random() & 0xff);
		hc_run_init(&back);
		if (hc_run_parse(m, n, &back, &st) == 0) {
			size_t n2;
			char *j2 = run_json(&back, &n2);
			hc_run again;
			accepted++;
			hc_run_init(&again);
			reread_bad += hc_run_parse(j2, n2, &again, &st) != 0;
			hc_run_free(&again);
			free(j2);
		}
		hc_run_free(&back);
		free(m);
	}
	OK(reread_bad == 0, "3000 random mutations: no crash, and whatever is accepted re-reads");
	printf("# %zu of 3000 mutations were still valid results.json\n", accepted);
	free(j);
}

static char *capture_tap(const hc_run *run)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	if (f == NULL)
		abort();
	hc_tap_plan(f, run->n);
	for (size_t i = 0; i < run->n; i++)
		hc_tap_point(f, i + 1, &run->results[i]);
	fclose(f);
	return text;
}

static void test_tap(void)
{
	hc_run run;
	char *t;

	sample(&run, 0);
	t = capture_tap(&run);
	OK(strncmp(t, "TAP version 13\n1..10\n", 21) == 0, "TAP starts with version and plan");
	OK(strstr(t, "\nok 1 - cfi/amdgpu-kernel-cfa evaluate\n") != NULL, "a pass is a bare ok");
	OK(strstr(t, "\nnot ok 3 - expr/arith-and evaluate\n  ---\n  outcome: fail\n") != NULL,
	   "a fail is not ok with a YAML block");
	OK(strstr(t, "  diff: |\n    --- expected\n    +++ got\n") != NULL,
	   "a diff is a literal block");
	OK(strstr(t, "  diff: \" starts with a space\\n\\n") != NULL,
	   "a diff YAMLish cannot read as a block is quoted");
	OK(strstr(t, "# SKIP the profile declares opencl absent\n") != NULL, "not-supported is SKIP");
	OK(strstr(t, "\nnot ok 10 - spirv/di100-DebugTypeMember-valid compile-spirv/strict # TODO "
	             "known bug \\#12") == NULL &&
	   strstr(t, "# TODO known bug #12") != NULL, "waived is not ok # TODO with the waiver");
	OK(strstr(t, "spirv/weird \\#name\\\\ compile-spirv/strict") != NULL,
	   "'#' and '\\' in a description are escaped");
	free(t);
	hc_run_free(&run);
}

/* The coverage bars of the sample run: each universe is the one hdgen
 * coverage counts, under its name; a fact only warned about is not
 * covered; a fact outside every universe is counted apart. */
static void bars_agree(hd_buf *b)
{
	hd_cov_universe u;
	char want[512];

	OK(hd_cov_universe_build(&u) == 0, "the coverage universe builds");
	snprintf(want, sizeof want, "<a href=\"#area-%d\">%s</a></td><td class=\"n\">%zu</td>"
	         "<td class=\"n\">1</td><td class=\"n\">0</td>", HD_COV_SPV,
	         hd_cov_area_name(HD_COV_SPV), hd_cov_universe_count(&u, HD_COV_SPV));
	OK(strstr(hd_buf_str(b), want) != NULL,
	   "coverage: a fact only warned about (quality, compatibility) is not covered");
	snprintf(want, sizeof want, "<a href=\"#area-%d\">Evaluator rules</a></td><td class=\"n\">"
	         "%zu</td><td class=\"n\">1</td><td class=\"n\">1</td><td class=\"n\">0</td>",
	         HD_COV_EVAL, hd_cov_universe_count(&u, HD_COV_EVAL));
	OK(strstr(hd_buf_str(b), want) != NULL,
	   "coverage: the evaluator rules' universe is hdgen coverage's, under its name");
	snprintf(want, sizeof want, "<a href=\"#area-%d\">Other facts</a></td><td class=\"n\">"
	         "none</td><td class=\"n\">0</td><td class=\"n\">0</td><td class=\"n\">1</td>",
	         HD_COV_OTHER);
	OK(strstr(hd_buf_str(b), want) != NULL,
	   "coverage: a fact outside every universe is counted apart");
	hd_cov_universe_free(&u);
}

static void test_renderers(void)
{
	hc_run run;
	hd_buf b;
	int clean = 1;

	sample(&run, 1);
	hd_buf_init(&b);
	hc_junit(&b, &run);
	for (size_t i = 0; i < b.len; i++)
		clean &= b.data[i] >= 0x20 || b.data[i] == '\n' || b.data[i] == '\t' ||
		         b.data[i] == '\r';
	OK(clean, "junit.xml holds no control characters");
	OK(strstr(hd_buf_str(&b), "<testsuite name=\"evaluate\" tests=\"6\" failures=\"2\" "
	                          "errors=\"2\" skipped=\"0\"") != NULL,
	   "a testsuite per check with its counts");
	OK(strstr(hd_buf_str(&b), "<testcase classname=\"expr\" name=\"expr/arith-abs\"") != NULL,
	   "classname is the case folder");
	hd_buf_reset(&b);
	hc_summary(&b, &run);
	OK(strstr(hd_buf_str(&b), "**Verdict: does not conform: 1 of 4 must-pass results do "
	                          "not.** 4 must-pass results: 1 accepted, 1 waived, 1 not "
	                          "conforming.") != NULL,
	   "summary.md gives the verdict and its counts");
	hd_buf_reset(&b);
	hc_html(&b, &run);
	OK(strstr(hd_buf_str(&b), "<td class=\"bad\"><a href=\"#r-expr_2Farith-abs__evaluate\">1/4</a></td></tr>") != NULL,
	   "a matrix cell links to the failing result");
	OK(strstr(hd_buf_str(&b), "id=\"r-expr_2Farith-abs__evaluate\"") != NULL,
	   "... which has that id");
	bars_agree(&b);
	OK(strstr(hd_buf_str(&b), "<script") == NULL && strstr(hd_buf_str(&b), "http") == NULL,
	   "index.html has no script and no outside resource");
	hd_buf_free(&b);
	hc_run_free(&run);
}

static void test_determinism(void)
{
	hc_run a, b;
	hd_buf x, y;

	sample(&a, 1);
	sample(&b, 1);
	/* the same results added in another order */
	for (size_t i = 0; i < b.n / 2; i++) {
		hc_result t = b.results[i];
		b.results[i] = b.results[b.n - 1 - i];
		b.results[b.n - 1 - i] = t;
	}
	hc_run_sort(&b);
	hd_buf_init(&x);
	hd_buf_init(&y);
	hc_html(&x, &a);
	hc_html(&y, &b);
	hc_run_json(&x, &a);
	hc_run_json(&y, &b);
	OK(x.len == y.len && memcmp(x.data, y.data, x.len) == 0,
	   "the same results in another order give the same reports");
	hd_buf_free(&x);
	hd_buf_free(&y);
	hc_run_free(&a);
	hc_run_free(&b);
}

/* Sample reports for tests/reports_tools.sh. */
static int write_samples(const char *dir)
{
	char path[4096];
	hc_run run;
	hd_status st;
	int rc = 0;

	for (int variant = 0; variant < 2 && rc == 0; variant++) {
		sample(&run, variant);
		snprintf(path, sizeof path, "%s/%s", dir, variant ? "b" : "a");
		rc = hc_report_write(&run, path, &st);
		if (rc != 0)
			fprintf(stderr, "test_results: %s\n", st.msg);
		if (rc == 0 && variant == 0) {
			char *t = capture_tap(&run);
			snprintf(path, sizeof path, "%s/a.tap", dir);
			rc = hd_write_file_atomic(path, t, strlen(t), &st);
			free(t);
		}
		if (rc == 0 && variant == 0) {
			/* the conforming results alone: a stream prove passes */
			hc_run ok;
			char *t;
			hc_run_init(&ok);
			for (size_t i = 0; i < run.n; i++)
				if (hc_outcome_conforms(run.results[i].outcome) &&
				    hc_run_add(&ok, &run.results[i]) != 0)
					abort();
			t = capture_tap(&ok);
			snprintf(path, sizeof path, "%s/pass.tap", dir);
			rc = hd_write_file_atomic(path, t, strlen(t), &st);
			free(t);
			hc_run_free(&ok);
		}
		hc_run_free(&run);
	}
	return rc;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "compare") == 0)
		return hc_compare_main(argc - 2, argv + 2);
	if (argc >= 2 && write_samples(argv[1]) != 0)
		return 2;
	tap_begin();
	test_outcomes();
	test_verdict();
	test_sort();
	test_round_trip();
	test_result_lines();
	test_escaping();
	test_truncations();
	test_line_truncations();
	test_mutations();
	test_nul();
	test_depth();
	test_fuzz();
	test_tap();
	test_renderers();
	test_determinism();
	return tap_end();
}
