/* The checks (judge.h). Every rule that decides an outcome is here, one
 * function per check, so docs/harness.md can point at one place. */
#include "judge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump/dump.h"
#include "util/file.h"

#define MAX_OUTPUT ((size_t)64 << 20)
#define MAX_DIFF   ((size_t)64 << 10)

static char *dup_str(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

static char *read_text(const char *path, hd_status *st)
{
	hd_buf b;
	char *s;

	hd_buf_init(&b);
	if (hd_read_file(path, MAX_OUTPUT, &b, st) != 0) {
		hd_buf_free(&b);
		return NULL;
	}
	s = strdup(hd_buf_str(&b));
	hd_buf_free(&b);
	return s;
}

/* diff -u names its files with their paths and times, which change from run
 * to run; the report says "expected" and "got" instead (POSIX diff has no
 * option for the labels). */
static void relabel(hd_buf *d)
{
	const char *s = hd_buf_str(d), *l2, *l3;
	hd_buf out;

	if (d->len == 0 || strncmp(s, "--- ", 4) != 0 || (l2 = strchr(s, '\n')) == NULL ||
	    strncmp(l2 + 1, "+++ ", 4) != 0 || (l3 = strchr(l2 + 1, '\n')) == NULL)
		return;
	hd_buf_init(&out);
	hd_buf_printf(&out, "--- expected\n+++ got\n%s", l3 + 1);
	if (!out.failed) {
		hd_buf_free(d);
		*d = out;
	} else {
		hd_buf_free(&out);
	}
}

char *hc_diff_files(const char *a, const char *b)
{
	char cmd[8400];
	FILE *f;
	hd_buf d;
	char buf[4096];
	size_t k;
	char *s;

	/* paths come from the suite and the scratch directory: no quotes in them */
	if (strchr(a, '\'') != NULL || strchr(b, '\'') != NULL)
		return NULL;
	snprintf(cmd, sizeof cmd, "diff -u '%s' '%s'", a, b);
	if ((f = popen(cmd, "r")) == NULL)
		return NULL;
	hd_buf_init(&d);
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		if (d.len < MAX_DIFF)
			hd_buf_put(&d, buf, k);
	pclose(f);
	relabel(&d);
	if (d.len >= MAX_DIFF)
		hd_buf_printf(&d, "... diff cut at %zu bytes\n", MAX_DIFF);
	s = d.len > 0 && !d.failed ? strdup(hd_buf_str(&d)) : NULL;
	hd_buf_free(&d);
	return s;
}

/* The first line of the command's stderr, for a reason line. */
static void first_line(const char *err_log, char *out, size_t size)
{
	FILE *f = fopen(err_log, "r");

	out[0] = '\0';
	if (f == NULL)
		return;
	if (fgets(out, (int)size, f) != NULL)
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

static int set_reason(hc_result *r, hc_outcome o, const char *fmt, const char *a,
                      const char *b)
{
	char line[512];

	r->outcome = o;
	snprintf(line, sizeof line, fmt, a, b);
	free(r->reason);
	r->reason = strdup(line);
	return r->reason != NULL ? 0 : -1;
}

/* Crash, timeout and a failing exit decide the outcome before any output
 * is looked at; returns 1 when they did. */
static int judge_exit(const hc_child *c, const char *err_log, hc_result *r)
{
	char num[32], err[256];

	switch (c->how) {
	case HC_EXIT_TIMEOUT:
		snprintf(num, sizeof num, "%.1f", c->seconds);
		set_reason(r, HC_TIMEOUT, "no answer within the timeout (%s s)%s", num, "");
		return 1;
	case HC_EXIT_SIGNAL:
		snprintf(num, sizeof num, "%d", c->status);
		set_reason(r, HC_CRASH, "killed by signal %s%s", num, "");
		return 1;
	case HC_EXIT_STATUS:
		if (c->status == 0)
			return 0;
		snprintf(num, sizeof num, "%d", c->status);
		first_line(err_log, err, sizeof err);
		set_reason(r, HC_FAIL, "exit status %s: %s", num, err);
		return 1;
	}
	return 0;
}

/* The same rules for a command that is no job: the decode batch
 * (decode_run.c) gives their outcome to every item it ran for. */
int hc_judge_exit(const hc_child *c, const char *err_log, hc_result *r)
{
	return judge_exit(c, err_log, r);
}

/* The first line of a canonical result says its outcome kind. */
static int is_ill_formed(const char *text)
{
	char first[128];

	snprintf(first, sizeof first, "%.*s", (int)strcspn(text, "\n"), text);
	return strncmp(first, "error ", 6) == 0 && strstr(first, "ill-formed") != NULL;
}

/* evaluate: the canonical result must match; where the expected outcome is
 * ill-formed DWARF, any error verdict passes (seed 002 leaves the consumer
 * free in how it reports ill-formed input, not in whether it does). */
static int judge_evaluate(const hc_job *job, const char *out, hc_result *r, hd_status *st)
{
	char *want = read_text(job->expected, st), *got = want ? read_text(out, st) : NULL;

	if (want == NULL || got == NULL) {
		free(want);
		return set_reason(r, want ? HC_FAIL : HC_INTERNAL_ERROR, "%s%s",
		                  want ? "no readable output: " : "no expected output: ", st->msg);
	}
	if (strcmp(want, got) == 0) {
		r->outcome = HC_PASS;
	} else if (is_ill_formed(want) && strncmp(got, "error ", 6) == 0) {
		set_reason(r, HC_PASS, "an error verdict for ill-formed DWARF%s%s", "", "");
	} else {
		set_reason(r, HC_FAIL, "the canonical result differs from expected%s%s", "", "");
		r->diff = hc_diff_files(job->expected, out);
	}
	free(want);
	free(got);
	return 0;
}

/* compile-spirv/strict: the object's canonical dump must equal the
 * reference's, byte for byte. */
static int judge_strict(const hc_job *job, const hc_profile *p, const char *out,
                        hc_result *r, hd_status *st)
{
	hd_dump_options o = { p->encoding, 64 };
	hd_buf dump;
	char path[4200], *want;
	int rc = 0;

	hd_buf_init(&dump);
	if (hd_dwarf_dump(out, &o, &dump, st) != 0) {
		hd_buf_free(&dump);
		return set_reason(r, HC_FAIL, "the object cannot be read: %s%s", st->msg, "");
	}
	snprintf(path, sizeof path, "%s.dump", out);
	if (hd_write_file_atomic(path, dump.data, dump.len, st) != 0) {
		hd_buf_free(&dump);
		return set_reason(r, HC_INTERNAL_ERROR, "%s%s", st->msg, "");
	}
	want = read_text(job->expected, st);
	if (want == NULL) {
		hd_buf_free(&dump);
		return set_reason(r, HC_INTERNAL_ERROR, "no expected dump: %s%s", st->msg, "");
	}
	if (strcmp(want, hd_buf_str(&dump)) == 0) {
		r->outcome = HC_PASS;
	} else {
		rc = set_reason(r, HC_FAIL, "the DWARF dump differs from the reference's%s%s", "",
		                "");
		r->diff = hc_diff_files(job->expected, path);
	}
	free(want);
	hd_buf_free(&dump);
	return rc;
}

int hc_judge(const hc_job *job, const hc_profile *p, const hc_child *c, const char *out,
             const char *err_log, hc_result *r, hd_status *st)
{
	r->case_id = dup_str(job->case_id);
	r->check = dup_str(job->check);
	r->seconds = c->seconds;
	if (r->case_id == NULL || r->check == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (judge_exit(c, err_log, r))
		return 0;
	switch (job->role) {
	case HC_ROLE_EVALUATE:
		return judge_evaluate(job, out, r, st);
	case HC_ROLE_COMPILE_SPIRV:
		return judge_strict(job, p, out, r, st);
	default:
		return set_reason(r, HC_INTERNAL_ERROR, "no judge for role %s%s",
		                  hc_role_name(job->role), "");
	}
}
