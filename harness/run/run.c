/* `hdcts run` (docs/harness.md): plans the jobs, runs the candidate's
 * commands -j at a time, judges each as it ends, and records the result in
 * the journal, on stdout as TAP and in the run; at the end writes the
 * reports. */
/* realpath(3) is XSI */
#define _XOPEN_SOURCE 700
#include "run_impl.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "baseline.h"
#include "environment.h"
#include "render.h"
#include "util/dir.h"

/* ---- the run ---- */

static void utc_now(char *out, size_t size)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Each waiver names one exact case id and one check, with a reason
 * (docs/conformance.md, "What a candidate may declare"): a glob would
 * waive results nobody looked at. */
static int check_waivers(runner *r, const char *path, hd_status *st)
{
	for (size_t i = 0; i < r->waivers.n; i++) {
		const hc_line *w = &r->waivers.v[i];
		if (strpbrk(w->a, "*?[") != NULL)
			return hd_fail(st, HD_BAD_INPUT, "waivers", 0,
			               "%s: '%s %s': a waiver names one exact case id, not a glob",
			               path, w->a, w->b);
		if (!hc_check_known(w->b))
			return hd_fail(st, HD_BAD_INPUT, "waivers", 0,
			               "%s: '%s %s': no check is called %s", path, w->a, w->b, w->b);
	}
	r->waiver_used = calloc(r->waivers.n ? r->waivers.n : 1, 1);
	return r->waiver_used != NULL ? 0 : hd_fail(st, HD_NO_MEMORY, "no-memory", 0,
	                                            "out of memory");
}

/* Waiver lines that waived nothing: a bug fixed, or a case renamed. */
static void report_stale_waivers(const runner *r)
{
	for (size_t i = 0; r->waiver_used != NULL && i < r->waivers.n; i++)
		if (!r->waiver_used[i])
			fprintf(stderr, "hdcts run: waiver '%s %s' waives no result of this run\n",
			        r->waivers.v[i].a, r->waivers.v[i].b);
}

/* On a terminal, the run ends with its verdict and where the reports are. */
static void report_end(const runner *r)
{
	hc_verdict v;
	hd_buf text;

	if (!r->tty)
		return;
	hc_run_verdict(&r->run, &v);
	hd_buf_init(&text);
	hc_verdict_text(&v, &text);
	fprintf(stderr, "\rhdcts run: %s: %zu must-pass results, %zu accepted, %zu waived, %zu not "
	                "conforming; reports in %s/ (summary.md, index.html)\n",
	        text.failed ? "?" : hd_buf_str(&text), v.must_pass, v.accepted, v.waived, v.bad,
	        r->outdir);
	hd_buf_free(&text);
}

/* The ten largest failure groups on stderr, with the report's path: on a
 * terminal, the end of a red run says where to start. */
static void report_groups(const runner *r)
{
	hc_groups g;

	if (hc_failure_groups(&r->run, &g) != 0 || g.n == 0) {
		hc_groups_free(&g);
		return;
	}
	fprintf(stderr, "hdcts run: %zu failure group%s, largest first (%s/summary.md):\n", g.n,
	        g.n == 1 ? "" : "s", r->outdir);
	for (size_t i = 0; i < g.n && i < 10; i++)
		fprintf(stderr, "  %6zu  %s  (first: %s)\n", g.v[i].count, g.v[i].signature,
		        r->run.results[g.v[i].first].case_id);
	hc_groups_free(&g);
}

static int load_lists(runner *r, hd_status *st)
{
	char path[4200];

	snprintf(path, sizeof path, "%s/expected/coverage.tsv", r->o->suite);
	if (hc_lines_read(&r->index, path, '\t', 3, 1, st) != 0)
		return -1;
	hc_index_sort(&r->index);
	snprintf(path, sizeof path, "%s/harness/mustpass/" HC_MUSTPASS_VERSION ".txt",
	         r->o->suite);
	if (hc_lines_read(&r->mustpass, path, ' ', 1, 1, st) != 0)
		return -1;
	if (r->profile.waivers == NULL)
		return 0;
	if (r->profile.waivers[0] == '/')
		snprintf(path, sizeof path, "%s", r->profile.waivers);
	else
		snprintf(path, sizeof path, "%s/%s", r->profile.dir, r->profile.waivers);
	if (hc_lines_read(&r->waivers, path, ' ', 3, 0, st) != 0) {
		char why[sizeof st->msg];
		snprintf(why, sizeof why, "%s", st->msg);
		return hd_fail(st, HD_BAD_INPUT, "waivers", 0, "the waiver file %s: %s", path, why);
	}
	return check_waivers(r, path, st);
}

/* Replays the resumed results on TAP so the stream is whole. */
static void replay(runner *r)
{
	for (size_t i = 0; i < r->run.n; i++)
		hc_tap_point(stdout, ++r->tap_number, &r->run.results[i]);
	r->done = r->run.n;
}

/* Whether cmd is an executable file in a directory of PATH. */
static int on_path(const char *cmd)
{
	const char *p = getenv("PATH");
	char file[4200];

	while (p != NULL && *p) {
		size_t n = strcspn(p, ":");
		snprintf(file, sizeof file, "%.*s/%s", (int)n, n ? p : ".", cmd);
		if (access(file, X_OK) == 0)
			return 1;
		p += n + (p[n] == ':');
	}
	return 0;
}

/* A profile's `requires`: a missing tool stops the run before it starts,
 * rather than failing every case with "command not found". */
static int check_requires(const hc_profile *p, hd_status *st)
{
	for (size_t i = 0; i < p->nrequires; i++)
		if (!on_path(p->requires[i]))
			return hd_fail(st, HD_BAD_INPUT, "requires", 0,
			               "%s: the profile requires `%s`, which is not on PATH",
			               p->name, p->requires[i]);
	return 0;
}

/* The decode batches: one per encoding the profile's decode reads, the
 * second taking the cases the first leaves to the other encoding. */
static int build_batches(runner *r, const hc_batch_hooks *hooks, hd_status *st)
{
	const hc_profile *p = &r->profile;
	size_t n = p->ndecode_encodings ? p->ndecode_encodings : 1;

	r->total = r->plan.nresults;
	for (r->nbatch = 0; r->nbatch < n; r->nbatch++) {
		hd_profile enc = p->ndecode_encodings ? p->decode_encodings[r->nbatch] : p->encoding;
		if (hc_decode_batch_build(&r->batch[r->nbatch], p, enc, r->o->suite, r->o->glob,
		                          hooks, st) != 0)
			return -1;
		r->batch[r->nbatch].index = (unsigned)r->nbatch;
	}
	if (r->nbatch == 2)
		hc_decode_batch_split(&r->batch[0], &r->batch[1]);
	for (size_t i = 0; r->profile.role[HC_ROLE_DECODE] != NULL && i < r->nbatch; i++) {
		r->decode_planned[i] = hc_decode_batch_results(&r->batch[i]);
		hc_decode_batch_shard(&r->batch[i], r->o->shard, r->o->shards);
		r->total += hc_decode_batch_results(&r->batch[i]);
	}
	return 0;
}

/* --resume into outdir: its journal must come from a run that depended on
 * exactly what this one does (fingerprint.h), else the two would mix. */
static int same_run(const char *outdir, const hc_fingerprint *fp, hd_status *st)
{
	hc_provenance pv;
	char changed[300] = "";
	size_t n = 0;

	if (hc_provenance_read(outdir, &pv, st) != 0)
		return hd_fail_prefix(st, "cannot resume %s: ", outdir);
	for (int i = 0; i < HC_FP_COUNT; i++)
		if (!(pv.fp_seen >> i & 1) || pv.fp.part[i] != fp->part[i])
			n += (size_t)snprintf(changed + n, n < sizeof changed ? sizeof changed - n : 0,
			                      "%s%s", n ? ", " : "", hc_fp_names[i]);
	hc_provenance_free(&pv);
	if (n == 0)
		return 0;
	return hd_fail(st, HD_BAD_INPUT, "resume-mismatch", 0,
	               "cannot resume %s: what its run depended on has changed (%s); run afresh "
	               "without --resume, or into another --out", outdir, changed);
}

/* The run's scope: per role and kind of case, how many the plan took and
 * why it left the others (docs/harness.md, "Scope"). */
static char *scope_text(const runner *r)
{
	const hc_plan *p = &r->plan;
	hd_buf b;
	char *s;

	hd_buf_init(&b);
	for (size_t i = 0; i < p->nscope; i++) {
		hc_scope_row t = p->scope[i];
		if (t.role == HC_ROLE_COMPILE_OPENCL && i + 1 < p->nscope &&
		    p->scope[i + 1].role == t.role) {  /* .cl and .clcpp: one kind */
			t.cases += p->scope[i + 1].cases;
			t.expected += p->scope[i + 1].expected;
			t.watched += p->scope[i + 1].watched;
			i++;
		}
		if (t.cases == 0)
			continue;
		if (t.role == HC_ROLE_TRANSLATE_LLVM) {
			/* its expected answer is the input's own metadata */
			hd_buf_printf(&b, "%s%s: %zu %s cases, each judged against its input's metadata",
			              b.len ? "; " : "", hc_role_name(t.role), t.cases, t.kind);
			continue;
		}
		hd_buf_printf(&b, "%s%s: %zu %s cases, %zu judged against an expected output",
		              b.len ? "; " : "", hc_role_name(t.role), t.cases, t.kind, t.expected);
		if (t.expected < t.cases)
			hd_buf_printf(&b, ", %zu without one (%s)", t.cases - t.expected,
			              t.role == HC_ROLE_COMPILE_OPENCL ? "their Khronos module breaks a rule, "
			                                                "so the reference defines no DWARF" :
			              t.role == HC_ROLE_COMPILE_SPIRV ||
			              t.role == HC_ROLE_TRANSLATE_SPIRV ? "invalid on purpose: the reference "
			                                                 "lowers no module that breaks a rule" :
			                                               "the reference defines no result");
		if (r->profile.has_watch)
			hd_buf_printf(&b, ", %zu with a watch", t.watched);
	}
	for (size_t i = 0; r->profile.role[HC_ROLE_DECODE] != NULL && i < r->nbatch; i++)
		hd_buf_printf(&b, "%sdecode: %zu results", b.len ? "; " : "", r->decode_planned[i]);
	s = b.failed ? NULL : strdup(hd_buf_str(&b));
	hd_buf_free(&b);
	return s;
}

/* The adapter files the profile uses and what its version commands print
 * (environment.h), which the fingerprint digests and the report directory
 * keeps. A version command that fails is recorded so and reported, not
 * fatal: the tools' own absence is what `requires` stops a run for. */
static int find_inputs(runner *r, hd_status *st)
{
	char **cmds = calloc(r->profile.nversions + 1, sizeof *cmds);
	size_t failed = 0;
	int rc = 0;

	if (cmds == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (size_t i = 0; rc == 0 && i < r->profile.nversions; i++)
		if ((cmds[i] = hc_run_expand(r, r->profile.versions[i], r->profile.encoding, "", "",
		                      r->scratch)) == NULL)
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (rc == 0)
		rc = hc_tools_text(cmds, r->profile.nversions, r->scratch, &r->tools, &failed, st);
	for (size_t i = 0; i < r->profile.nversions; i++)
		free(cmds[i]);
	free(cmds);
	if (rc == 0 && failed > 0)
		fprintf(stderr, "hdcts run: warning: %zu of the profile's version commands failed "
		                "(see tools.txt)\n", failed);
	if (rc == 0)
		rc = hc_adapter_files_find(&r->profile, r->o->suite, &r->adapters, st);
	return rc;
}

static int setup(runner *r, hd_status *st)
{
	hc_run_inputs in;
	char path[PATH_MAX > 4200 ? PATH_MAX : 4200], stamp[32];
	hc_fingerprint fp;
	hc_batch_hooks hooks;

	if (hc_profile_find(r->o->candidate, r->o->candidates, &r->profile, st) != 0 ||
	    check_requires(&r->profile, st) != 0)
		return -1;
	if (hc_plan_build(&r->plan, &r->profile, r->o->suite, r->o->glob, r->o->shard,
	                  r->o->shards, st) != 0)
		return -1;
	hc_run_batch_hooks(r, &hooks);
	if (build_batches(r, &hooks, st) != 0)
		return -1;
	/* a run that judges nothing would conform on nothing */
	if (r->total == 0)
		return hd_fail(st, HD_BAD_INPUT, "empty-selection", 0,
		               "no case to run: %s%s selects none of the cases the roles of %s "
		               "take%s", r->o->glob ? "--cases " : "the suite",
		               r->o->glob ? r->o->glob : "", r->profile.name,
		               r->o->shards > 1 ? " in this shard" : "");
	if (load_lists(r, st) != 0)
		return -1;
	if (r->o->out != NULL)
		snprintf(r->outdir, sizeof r->outdir, "%s", r->o->out);
	else
		snprintf(r->outdir, sizeof r->outdir, "reports/%s", r->profile.name);
	snprintf(r->scratch, sizeof r->scratch, "%s/scratch", r->outdir);
	if (hd_make_dirs(r->scratch) != 0)
		return hd_fail(st, HD_INTERNAL, "scratch", 0, "cannot make %s", r->scratch);
	/* commands run in their scratch directory: every path they get is absolute */
	if (realpath(r->scratch, path) == NULL)
		return hd_fail(st, HD_INTERNAL, "scratch", 0, "cannot resolve %s", r->scratch);
	snprintf(r->scratch, sizeof r->scratch, "%s", path);
	if (find_inputs(r, st) != 0)
		return -1;
	in.suite = r->o->suite;
	in.revision = r->o->revision;
	in.adapters = &r->adapters;
	in.tools = &r->tools;
	snprintf(path, sizeof path, "%s/journal.jsonl", r->outdir);
	hc_fingerprint_make(&r->profile, &in, &r->plan, r->total, &fp);
	if (r->o->resume && access(path, F_OK) == 0 && same_run(r->outdir, &fp, st) != 0)
		return -1;
	if (hc_journal_open(&r->journal, path, r->o->resume, &r->run, st) != 0)
		return -1;
	if (hc_provenance_write(r->outdir, &r->profile, r->o, &in, r->total, &fp, st) != 0)
		return -1;
	hc_run_sort(&r->run);
	r->resumed = r->run.n;
	for (size_t i = 0; i < r->run.n; i++) {  /* what the resumed results waived */
		size_t w = hc_waiver(&r->waivers, r->run.results[i].case_id, r->run.results[i].check);
		if (r->run.results[i].outcome == HC_WAIVED && w < r->waivers.n)
			r->waiver_used[w] = 1;
	}
	for (size_t i = 0; r->profile.role[HC_ROLE_DECODE] != NULL && i < r->nbatch; i++)
		hc_decode_batch_resume(&r->batch[i], &r->run);
	utc_now(stamp, sizeof stamp);
	r->run.suite_version = strdup(HC_VERSION);
	r->run.suite_revision = strdup(r->o->revision ? r->o->revision : "unknown");
	r->run.candidate = strdup(r->profile.name);
	r->run.encoding = strdup(hd_profile_name(r->profile.encoding));
	r->run.scope = scope_text(r);
	if (r->o->shards > 1) {
		char shard[64];
		snprintf(shard, sizeof shard, "%u/%u", r->o->shard + 1, r->o->shards);
		if ((r->run.shard = strdup(shard)) == NULL)
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	if (r->run.scope != NULL)
		fprintf(stderr, "hdcts run: scope: %s\n", r->run.scope);
	r->run.started = strdup(stamp);
	if (!r->run.suite_version || !r->run.suite_revision || !r->run.candidate ||
	    !r->run.encoding || !r->run.started)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	return 0;
}

static void teardown(runner *r)
{
	hc_journal_close(&r->journal);
	free(r->retry);
	hc_plan_free(&r->plan);
	for (size_t i = 0; i < 2; i++)
		hc_decode_batch_free(&r->batch[i]);
	hc_run_free(&r->run);
	hc_profile_free(&r->profile);
	hc_lines_free(&r->index);
	hc_lines_free(&r->waivers);
	free(r->waiver_used);
	hc_lines_free(&r->mustpass);
	hc_adapter_files_free(&r->adapters);
	hd_buf_free(&r->tools);
}

int hc_run_main(const hc_options *o, hd_status *st)
{
	runner r;
	char stamp[32];
	int rc;

	memset(&r, 0, sizeof r);
	hd_buf_init(&r.tools);
	r.o = o;
	r.tty = isatty(2);
	signal(SIGINT, hc_run_on_signal);
	signal(SIGTERM, hc_run_on_signal);
	rc = setup(&r, st);
	if (rc == 0) {
		hc_tap_plan(stdout, r.total);
		replay(&r);
		rc = hc_run_jobs(&r, st);
	}
	if (rc == 0) {
		utc_now(stamp, sizeof stamp);
		r.run.finished = strdup(stamp);
		hc_run_sort(&r.run);
		rc = hc_report_write(&r.run, r.outdir, st);
	}
	if (rc == 0)
		rc = hc_baseline_report(o, &r.run, r.outdir, st);
	if (rc == 0) {
		report_stale_waivers(&r);
		report_groups(&r);
		report_end(&r);
		rc = hc_run_conforms(&r.run) ? 0 : 1;
	}
	teardown(&r);
	return rc;
}
