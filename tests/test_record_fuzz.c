/* The run-record readers on hostile text, the deterministic part of their
 * fuzzing (record_fuzz_target.c explores further): a real results.json and
 * run.txt cut at every length and with single bytes changed. Each must be
 * refused with an error value or read and written back the same; never a
 * crash (the sanitizers of the CI build watch). */
#include <stdlib.h>

#include "tap.h"

#include "fuzz/record_fuzz.h"

/* A small run with the fields a record has: a pass, a waived failure with
 * a diff and a command, a shard. */
static void sample_results(hd_buf *out)
{
	static char *covers[] = { "DW_OP_abs encoding=amdgpu-v0" };
	hc_result r[2];
	hc_run run;

	memset(r, 0, sizeof r);
	hc_run_init(&run);
	run.suite_version = "0.1.0";
	run.suite_revision = "abc1234";
	run.candidate = "cand";
	run.encoding = "amdgpu-v0";
	run.started = "2026-11-27T00:00:00Z";
	run.finished = "2026-11-27T00:00:01Z";
	run.scope = "evaluate: 2 expr cases";
	run.shard = "1/2";
	r[0].case_id = "expr/a";
	r[0].check = "evaluate";
	r[0].must_pass = 1;
	r[0].seconds = 0.25;
	r[0].covers = covers;
	r[0].ncovers = 1;
	r[1].case_id = "expr/b";
	r[1].check = "evaluate";
	r[1].outcome = HC_WAIVED;
	r[1].reason = "wrong value \"x\"";
	r[1].diff = "-a\n+b\n";
	r[1].waiver = "known";
	r[1].command = "cand 'in' > out";
	r[1].scratch = "/tmp/s/1";
	r[1].has_exit = 1;
	r[1].exit_status = 1;
	r[1].stderr_tail = "error: \x01 bad\n";
	run.results = r;
	run.n = 2;
	hc_run_json(out, &run);
}

static const char run_txt[] =
	"# what this run was asked to do\nplanned = 38\nmustpass = v1\nshard = 2/3\n"
	"profile = (built in)\nmerged = 3\ncases = expr/arith-*\nwaivers = waivers.txt\n"
	"fingerprint.candidate = 26d6ff9da301dd4e\nfingerprint.plan = 5bf1147f9ef2e4d4\n";

/* Every prefix of text, and text with each byte replaced by each of a few
 * values, behind selector byte sel. The count of broken round trips. */
static size_t mutate(const char *text, size_t n, uint8_t sel, size_t *tried)
{
	static const uint8_t values[] = { 0, '"', '\\', '\n', '=', '{', '9', 0xff };
	uint8_t *buf = malloc(n + 1);
	size_t bad = 0;

	if (buf == NULL)
		return 1;
	buf[0] = sel;
	memcpy(buf + 1, text, n);
	for (size_t k = 0; k <= n; k++, (*tried)++)
		bad += record_fuzz_one(buf, k + 1) < 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t v = 0; v < sizeof values; v++, (*tried)++) {
			buf[1 + i] = values[v];
			bad += record_fuzz_one(buf, n + 1) < 0;
		}
		buf[1 + i] = (uint8_t)text[i];
	}
	free(buf);
	return bad;
}

int main(void)
{
	uint8_t whole[4096];
	size_t tried = 0, bad;
	hd_buf json;

	tap_begin();
	hd_buf_init(&json);
	sample_results(&json);
	whole[0] = 0;
	memcpy(whole + 1, json.data, json.len);
	OK(json.len < sizeof whole - 1 && record_fuzz_one(whole, json.len + 1) == 0,
	   "a results.json reads and writes back the same");
	bad = mutate((const char *)json.data, json.len, 0, &tried);
	OK(bad == 0, "results.json cut at every length, each byte changed: refused, or read and "
	             "written back the same");
	whole[0] = 1;
	memcpy(whole + 1, run_txt, sizeof run_txt - 1);
	OK(record_fuzz_one(whole, sizeof run_txt) == 0, "a run.txt reads and writes back the same");
	bad = mutate(run_txt, sizeof run_txt - 1, 1, &tried);
	OK(bad == 0, "run.txt cut at every length, each byte changed: refused, or read and written "
	             "back the same");
	printf("# %zu inputs\n", tried);
	hd_buf_free(&json);
	return tap_end();
}
