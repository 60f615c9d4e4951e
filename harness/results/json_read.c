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
#include "util/json.h"


static int covers(hd_json *j, hc_result *r)
{
	size_t count = 0, cap = 0;
	int rc;

	for (size_t i = 0; i < r->ncovers; i++)
		free(r->covers[i]);
	free(r->covers);
	r->covers = NULL;
	r->ncovers = 0;
	hd_json_skip_ws(j);
	if (hd_json_peek(j) != '[')
		return hd_json_wrong_type(j, "an array of strings as ", "covers");
	if (hd_json_open(j, '[', "'['") != 0)
		return -1;
	while ((rc = hd_json_next_element(j, &count)) == 1) {
		if (r->ncovers == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			char **v = realloc(r->covers, ncap * sizeof *v);
			if (v == NULL)
				return hd_fail(j->st, HD_NO_MEMORY, "no-memory", j->pos, "out of memory");
			r->covers = v;
			cap = ncap;
		}
		r->covers[r->ncovers] = NULL;
		if (hd_json_string_or_null(j, "covers[]", &r->covers[r->ncovers], 0) != 0)
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

static int outcome_value(hd_json *j, hc_result *r)
{
	char *name = NULL;
	size_t at;

	hd_json_skip_ws(j);
	at = j->pos;
	if (hd_json_string_or_null(j, "outcome", &name, 0) != 0)
		return -1;
	if (hc_outcome_parse(name, strlen(name), &r->outcome) != 0) {
		hd_json_fail(j, at, "json-value", "unknown outcome \"%.40s\"", name);
		free(name);
		return -1;
	}
	free(name);
	return 0;
}

static int result_field(hd_json *j, int k, void *ctx)
{
	hc_result *r = ctx;

	switch (k) {
	case K_CASE: return hd_json_string_or_null(j, "case", &r->case_id, 0);
	case K_CHECK: return hd_json_string_or_null(j, "check", &r->check, 0);
	case K_OUTCOME: return outcome_value(j, r);
	case K_MUST_PASS: return hd_json_bool(j, "must_pass", &r->must_pass);
	case K_SECONDS: {
		size_t at = j->pos;
		if (hd_json_num(j, "seconds", &r->seconds) != 0)
			return -1;
		if (!(r->seconds >= 0 && r->seconds <= HC_MAX_SECONDS))
			return hd_json_fail(j, at, "json-value", "\"seconds\" out of range");
		return 0;
	}
	case K_REASON: return hd_json_string_or_null(j, "reason", &r->reason, 1);
	case K_WAIVER: return hd_json_string_or_null(j, "waiver", &r->waiver, 1);
	case K_COVERS: return covers(j, r);
	case K_COMMAND: return hd_json_string_or_null(j, "command", &r->command, 1);
	case K_SCRATCH: return hd_json_string_or_null(j, "scratch", &r->scratch, 1);
	case K_STDERR: return hd_json_string_or_null(j, "stderr", &r->stderr_tail, 1);
	case K_EXIT: {
		size_t at = j->pos;
		double v;
		if (hd_json_num(j, "exit", &v) != 0)
			return -1;
		if (!(v >= 0 && v <= 255) || v != (double)(int)v)
			return hd_json_fail(j, at, "json-value", "\"exit\" is no exit status");
		r->exit_status = (int)v;
		r->has_exit = 1;
		return 0;
	}
	case K_SCORE: {
		size_t at = j->pos;
		if (hd_json_num(j, "score", &r->score) != 0)
			return -1;
		if (!(r->score >= 0 && r->score <= 1))
			return hd_json_fail(j, at, "json-value", "\"score\" out of range");
		r->has_score = 1;
		return 0;
	}
	default: return hd_json_string_or_null(j, "diff", &r->diff, 1);
	}
}

static int read_result(hd_json *j, hc_result *r)
{
	memset(r, 0, sizeof *r);
	return hd_json_object(j, result_keys, K_COUNT, K_OPTIONAL, "a result", result_field, r);
}

int hc_result_parse(const char *text, size_t len, hc_result *r, hd_status *st)
{
	hd_json j;
	int rc;

	memset(r, 0, sizeof *r);
	rc = hd_json_start(&j, text, len, st);
	if (rc == 0)
		rc = read_result(&j, r);
	if (rc == 0)
		rc = hd_json_at_end(&j);
	hd_json_end(&j);
	if (rc != 0)
		hc_result_free(r);
	return rc;
}

static int read_results(hd_json *j, hc_run *run)
{
	size_t count = 0;
	int rc;

	hd_json_skip_ws(j);
	if (hd_json_peek(j) != '[')
		return hd_json_wrong_type(j, "an array as ", "results");
	if (hd_json_open(j, '[', "'['") != 0)
		return -1;
	while ((rc = hd_json_next_element(j, &count)) == 1) {
		hc_result r;
		if (read_result(j, &r) != 0) {
			hc_result_free(&r);
			return -1;
		}
		if (hc_run_take(run, &r) != 0) {
			hc_result_free(&r);
			return hd_fail(j->st, HD_NO_MEMORY, "no-memory", j->pos, "out of memory");
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

static int schema(hd_json *j)
{
	size_t at;
	double v;

	hd_json_skip_ws(j);
	at = j->pos;
	if (hd_json_num(j, "schema_version", &v) != 0)
		return -1;
	if (v != 1)
		return hd_json_fail(j, at, "json-value", "schema_version %g is not 1, the one this "
		               "hdcts reads", v);
	return 0;
}

static int run_field(hd_json *j, int k, void *ctx)
{
	hc_run *run = ctx;

	switch (k) {
	case R_SCHEMA: return schema(j);
	case R_SUITE_VERSION: return hd_json_string_or_null(j, run_keys[k], &run->suite_version, 1);
	case R_SUITE_REVISION: return hd_json_string_or_null(j, run_keys[k], &run->suite_revision, 1);
	case R_CANDIDATE: return hd_json_string_or_null(j, run_keys[k], &run->candidate, 1);
	case R_ENCODING: return hd_json_string_or_null(j, run_keys[k], &run->encoding, 1);
	case R_STARTED: return hd_json_string_or_null(j, run_keys[k], &run->started, 1);
	case R_FINISHED: return hd_json_string_or_null(j, run_keys[k], &run->finished, 1);
	case R_SCOPE: return hd_json_string_or_null(j, run_keys[k], &run->scope, 1);
	case R_SHARD: return hd_json_string_or_null(j, run_keys[k], &run->shard, 1);
	default: return read_results(j, run);
	}
}

static int read_run(hd_json *j, hc_run *run)
{
	/* "conforms" and "totals" are derived: readers recompute them */
	return hd_json_object(j, run_keys, R_COUNT, 2, "results.json", run_field, run);
}

int hc_run_parse(const char *text, size_t len, hc_run *run, hd_status *st)
{
	hd_json j;
	int rc;

	rc = hd_json_start(&j, text, len, st);
	if (rc == 0)
		rc = read_run(&j, run);
	if (rc == 0)
		rc = hd_json_at_end(&j);
	hd_json_end(&j);
	if (rc != 0)
		hc_run_free(run);
	return rc;
}

int hc_run_load(const char *path, hc_run *run, hd_status *st)
{
	hd_buf text;
	int rc;

	hd_buf_init(&text);
	rc = hd_read_file(path, HD_JSON_MAX_SIZE, &text, st);
	if (rc == 0 && text.failed)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (rc == 0)
		rc = hc_run_parse((const char *)hd_buf_str(&text), text.len, run, st);
	hd_buf_free(&text);
	return rc;
}
