/* Helpers shared by the case-format tests (test_case.c, test_case_stack.c):
 * parsing a case from a string, a table of inputs the parser must refuse at a
 * given line, running a case to its canonical output, and mutation fuzzing. */
#ifndef HD_CASE_TEST_H
#define HD_CASE_TEST_H

#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "case/case.h"

static hd_case *parse(const char *text, hd_status *st)
{
	hd_case *c = NULL;

	hd_status_clear(st);
	if (hd_case_parse(text, strlen(text), &c, st) != 0)
		return NULL;
	return c;
}

/* An input the parser must refuse, the line it must name and a part of the
 * message. */
typedef struct case_refusal {
	const char *text;
	unsigned line;
	const char *msg;
} case_refusal;

static void check_refusals(const case_refusal *bad, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		hd_status st;
		hd_case *c = parse(bad[i].text, &st);
		char name[120];
		int good = c == NULL && st.kind == HD_BAD_INPUT && st.offset == bad[i].line &&
		           strstr(st.msg, bad[i].msg) != NULL;

		snprintf(name, sizeof name, "refused at line %u: %s", bad[i].line, bad[i].msg);
		if (!OK(good, name))
			printf("  # got kind %d line %llu: %s\n", (int)st.kind,
			       (unsigned long long)st.offset, c ? "(parsed)" : st.msg);
		hd_case_free(c);
	}
}

static const char *run(hd_buf *b, const char *text, int verbose)
{
	hd_status st;
	hd_case *c = parse(text, &st);

	hd_buf_reset(b);
	if (c == NULL) {
		hd_buf_printf(b, "parse error %llu: %s", (unsigned long long)st.offset, st.msg);
		return hd_buf_str(b);
	}
	if (hd_case_run(c, verbose, b, &st) != 0) {
		hd_buf_reset(b);
		hd_buf_printf(b, "run error %llu: %s", (unsigned long long)st.offset, st.msg);
	}
	hd_case_free(c);
	return hd_buf_str(b);
}

/* Garbage must be refused or parsed, never crash: a little deterministic
 * fuzzing over mutations of a case. With run, the cases that parse are run
 * too; running may only fail as bad input or for lack of memory. */
static int mutations(const char *text, int rounds, int run)
{
	size_t n = strlen(text);
	char *t = malloc(n);
	uint32_t seed = 12345;
	int survived = t != NULL;
	hd_buf out;

	hd_buf_init(&out);
	for (int round = 0; round < rounds && t != NULL; round++) {
		hd_case *c;
		hd_status st;
		memcpy(t, text, n);
		for (int k = 0; k < 1 + round % 8; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % n;
			seed = seed * 1103515245u + 12345u;
			t[at] = (char)(seed >> 16);
		}
		if (hd_case_parse(t, n, &c, &st) == 0) {
			hd_buf_reset(&out);
			if (run && hd_case_run(c, 1, &out, &st) != 0 &&
			    st.kind != HD_BAD_INPUT && st.kind != HD_NO_MEMORY)
				survived = 0;
			hd_case_free(c);
		} else if (st.kind != HD_BAD_INPUT && st.kind != HD_NO_MEMORY) {
			survived = 0;
		}
	}
	hd_buf_free(&out);
	free(t);
	return survived;
}

#endif
