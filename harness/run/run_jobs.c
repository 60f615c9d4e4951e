/* `hdcts run`'s jobs (docs/harness.md): each job's command is expanded
 * from the profile's template and started, -j at a time, with the evaluate
 * and decode batches beside them; as each ends it is judged and its results
 * recorded in the journal, on stdout as TAP and in the run. */
/* realpath(3) is XSI */
#define _XOPEN_SOURCE 700
#include "run_impl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "optional.h"
#include "judge.h"
#include "render.h"
#include "case/case.h"
#include "opencl_spirv.h"
#include "spirv/spirv.h"
#include "util/dir.h"
#include "util/file.h"

volatile sig_atomic_t hc_run_interrupted;

void hc_run_on_signal(int sig)
{
	(void)sig;
	hc_run_interrupted = 1;
}

/* ---- paths and commands ---- */

/* The template with each placeholder (hc_placeholders) replaced by its
 * quoted value; the profile's reader has refused any other. {spirv} is
 * where a compile-opencl command leaves the SPIR-V module it made on the
 * way, if it makes one: OUT.spv (judge.c reads it there); {visa} and
 * {gen} where it leaves its vISA debug information and the Gen code that
 * maps into (OUT.visa, OUT.gen); {ir} where a compile command leaves
 * the LLVM IR between its stages (OUT.ll, blame.h); {profile_dir}
 * the profile's directory, so an adapter beside it needs no absolute path. */
char *hc_run_expand(const runner *r, const char *tmpl, hd_profile enc, const char *in,
                    const char *out, const char *scratch)
{
	char harness[4200], spirv[4500], visa[4500], gen[4500], ir[4500], pdir[PATH_MAX];
	const char *values[11];
	hd_buf b;
	char *s;

	snprintf(harness, sizeof harness, "%s/harness", r->o->suite);
	snprintf(spirv, sizeof spirv, "%s.spv", out);
	snprintf(visa, sizeof visa, "%s.visa", out);
	snprintf(gen, sizeof gen, "%s.gen", out);
	snprintf(ir, sizeof ir, "%s.ll", out);
	if (realpath(r->profile.dir, pdir) == NULL)
		snprintf(pdir, sizeof pdir, "%s", r->profile.dir);
	values[0] = in;
	values[1] = out;
	values[2] = scratch;
	values[3] = spirv;
	values[4] = harness;
	values[5] = r->o->hdref;
	values[6] = hd_profile_name(enc);
	values[7] = pdir;
	values[8] = visa;
	values[9] = gen;
	values[10] = ir;
	hd_buf_init(&b);
	while (*tmpl) {
		size_t i = 0, n = 0;
		if (*tmpl == '{')
			for (; hc_placeholders[i] != NULL; i++) {
				n = strlen(hc_placeholders[i]);
				if (strncmp(tmpl + 1, hc_placeholders[i], n) == 0 && tmpl[1 + n] == '}')
					break;
			}
		if (*tmpl == '{' && hc_placeholders[i] != NULL) {
			hd_buf_sh_quote(&b, values[i]);
			tmpl += n + 2;
		} else {
			hd_buf_byte(&b, (uint8_t)*tmpl++);
		}
	}
	s = b.failed ? NULL : strdup(hd_buf_str(&b));
	hd_buf_free(&b);
	return s;
}

/* ---- one job ---- */

/* The candidate gets a SPIR-V binary: the cases are assembly text. It is
 * assembled for SPIR-V 1.0, the version every OpenCL consumer reads (the
 * cases use nothing newer); a case that needs more gets 1.6. */
static int assemble(const char *src, const char *dst, hd_status *st)
{
	hd_buf text;
	uint32_t *words = NULL;
	size_t n = 0;
	int rc;

	hd_buf_init(&text);
	rc = hd_read_file(src, (size_t)64 << 20, &text, st);
	if (rc == 0)
		rc = hd_spv_assemble_version((const char *)text.data, text.len, 0, &words, &n,
		                             st) == 0 ||
		     hd_spv_assemble((const char *)text.data, text.len, &words, &n, st) == 0
		             ? 0
		             : -1;
	if (rc == 0)
		rc = hd_write_file(dst, words, n * 4, st);
	free(words);
	hd_buf_free(&text);
	return rc;
}

/* Starts the profile's command for role on in, writing out, in dir, under
 * the run's limits: for a job, and for the decode batch through its hooks. */
static int start_template(const runner *r, const char *tmpl, hd_profile enc, const char *dir,
                          const char *in, const char *out, const char *out_log,
                          const char *err_log, hc_child *c, char **keep, hd_status *st)
{
	hc_limits lim = { r->profile.timeout, r->profile.memory_mb, r->profile.cpu_seconds,
	                  r->profile.file_mb };
	char *cmd;
	int rc;

	if (r->o->timeout > 0)
		lim.timeout = r->o->timeout;
	cmd = hc_run_expand(r, tmpl, enc, in, out, dir);
	if (cmd == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	rc = hc_child_start(c, cmd, dir, out_log, err_log, &lim, st);
	if (keep != NULL && rc == 0)
		*keep = cmd;
	else
		free(cmd);
	return rc;
}

static int start_command(const runner *r, hc_role role, hd_profile enc, const char *dir,
                         const char *in, const char *out, const char *out_log,
                         const char *err_log, hc_child *c, char **keep, hd_status *st)
{
	return start_template(r, r->profile.role[role], enc, dir, in, out, out_log, err_log, c,
	                      keep, st);
}

/* Job k's scratch directory and paths in s, its input the case file. */
static void job_paths(const runner *r, slot *s, size_t k)
{
	s->job = k;
	s->nbatch = 0;
	snprintf(s->dir, sizeof s->dir, "%s/%zu", r->scratch, k);
	snprintf(s->in, sizeof s->in, "%s", r->plan.jobs[k].input);
	snprintf(s->out, sizeof s->out, "%s/out", s->dir);
	snprintf(s->out_log, sizeof s->out_log, "%s/stdout.txt", s->dir);
	snprintf(s->err_log, sizeof s->err_log, "%s/stderr.txt", s->dir);
}

/* job_paths, the directory made, and the input: the case file, for
 * compile-spirv and translate-spirv the binary assembled from it, for
 * translate-llvm the kernel's LLVM IR. */
static int prepare_job(const runner *r, slot *s, size_t k, hd_status *st)
{
	const hc_job *job = &r->plan.jobs[k];

	job_paths(r, s, k);
	if (hd_make_dirs(s->dir) != 0)
		return hd_fail(st, HD_INTERNAL, "scratch", 0, "cannot make %s", s->dir);
	unlink(s->out);
	/* translate-llvm: clang-15's IR of the kernel, made as the Khronos
	 * route makes it (frontend/) */
	if (job->role == HC_ROLE_TRANSLATE_LLVM) {
		snprintf(s->in, sizeof s->in, "%s/in.ll", s->dir);
		return hd_frontend_opencl_ir(job->input, s->dir, s->in, st);
	}
	if (job->role != HC_ROLE_COMPILE_SPIRV && job->role != HC_ROLE_TRANSLATE_SPIRV)
		return 0;
	snprintf(s->in, sizeof s->in, "%s/in.spv", s->dir);
	return assemble(job->input, s->in, st);
}

static int start_job(runner *r, slot *s, size_t k, hd_status *st)
{
	const hc_job *job = &r->plan.jobs[k];

	if (r->ready_job == k + 1)
		*s = r->ready;       /* prepared while the last commands ran */
	else if (prepare_job(r, s, k, st) != 0)
		return -1;
	r->ready_job = 0;
	return start_command(r, job->role, r->profile.encoding, s->dir, s->in, s->out, s->out_log,
	                     s->err_log, &s->child, &s->cmd, st);
}

/* The facts, waiver and must-pass mark of a result, from the run's lists. */
static int annotate(runner *r, hc_result *res)
{
	size_t first, n = hc_facts_of(&r->index, res->case_id, &first), w;

	res->must_pass = hc_must_pass(&r->mustpass, res->case_id);
	if (n > 0) {
		res->covers = calloc(n, sizeof *res->covers);
		if (res->covers == NULL)
			return -1;
		for (size_t i = 0; i < n; i++)
			if ((res->covers[res->ncovers++] = strdup(r->index.v[first + i].c)) == NULL)
				return -1;
	}
	if (!hc_outcome_conforms(res->outcome) &&
	    (w = hc_waiver(&r->waivers, res->case_id, res->check)) < r->waivers.n) {
		res->outcome = HC_WAIVED;
		r->waiver_used[w] = 1;
		if ((res->waiver = strdup(r->waivers.v[w].c)) == NULL)
			return -1;
	}
	return 0;
}

static void progress(runner *r)
{
	if (!r->tty)
		return;
	fprintf(stderr, "\r[%zu/%zu] %3zu%%", r->done, r->total,
	        r->total ? r->done * 100 / r->total : 100);
	if (r->done == r->total)
		fputc('\n', stderr);
}

/* A finished result: journal first (so a kill right after loses nothing),
 * then TAP and the run. */
static int record(runner *r, hc_result *res, hd_status *st)
{
	if (annotate(r, res) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (hc_journal_add(&r->journal, res, st) != 0)
		return -1;
	hc_tap_point(stdout, ++r->tap_number, res);
	fflush(stdout);
	if (hc_run_add(&r->run, res) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	r->done++;
	progress(r);
	return 0;
}

static int cmp_key(const hc_result *x, const char *case_id, const char *check)
{
	int c = strcmp(x->case_id, case_id);

	return c != 0 ? c : strcmp(x->check, check);
}

/* Whether the resumed journal already has (case, check): the first
 * resumed results of the run, sorted at setup. */
static int already_done(const runner *r, const char *case_id, const char *check)
{
	size_t lo = 0, hi = r->resumed;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_key(&r->run.results[mid], case_id, check);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Records the job's results that the journal does not hold yet: a run
 * killed between two results of one job ran it again on --resume. */
static int record_job(runner *r, const hc_job *job, hc_result *res, hd_status *st)
{
	int rc = 0;

	for (unsigned k = 0; k < job->nchecks && rc == 0; k++)
		if (!already_done(r, job->case_id, job->checks[k]))
			rc = record(r, &res[k], st);
	return rc;
}

/* The command, scratch directory, exit status and stderr's tail of the
 * job in s, into its result r (docs/results.md): what `hdcts rerun` and a
 * reader need to see how the result came about. */
#define STDERR_TAIL 600
static int how_it_ran(const slot *s, hc_result *r)
{
	char tail[STDERR_TAIL + 1];
	FILE *f = fopen(s->err_log, "rb");
	size_t n = 0;

	if (f != NULL) {
		if (fseek(f, 0, SEEK_END) == 0) {
			long size = ftell(f);
			if (size > STDERR_TAIL)
				fseek(f, size - STDERR_TAIL, SEEK_SET);
			else
				rewind(f);
		}
		n = fread(tail, 1, STDERR_TAIL, f);
		fclose(f);
	}
	tail[n] = '\0';
	r->command = strdup(s->cmd != NULL ? s->cmd : "");
	r->scratch = strdup(s->dir);
	r->stderr_tail = strdup(tail);
	r->has_exit = 1;
	r->exit_status = s->child.how == HC_EXIT_STATUS ? s->child.status
	               : s->child.how == HC_EXIT_SIGNAL ? 128 + s->child.status : 124;
	return r->command && r->scratch && r->stderr_tail ? 0 : -1;
}

static int finish_job(runner *r, slot *s, hd_status *st)
{
	const hc_job *job = &r->plan.jobs[s->job];
	hc_result res[HC_MAX_CHECKS];
	int rc;

	memset(res, 0, sizeof res);
	rc = hc_judge(job, &r->profile, &s->child, s->out, s->err_log, res, st);
	for (unsigned k = 0; rc == 0 && k < job->nchecks; k++)
		if (how_it_ran(s, &res[k]) != 0)
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	free(s->cmd);
	s->cmd = NULL;
	if (rc == 0)
		rc = record_job(r, job, res, st);
	for (unsigned k = 0; k < job->nchecks; k++)
		hc_result_free(&res[k]);
	return rc;
}

/* The results of a job decided without running the candidate: the profile
 * declares the case's feature absent, or the job cannot even start (its
 * input does not assemble, no scratch directory), which is the suite's
 * failure. */
static int record_plain(runner *r, size_t k, hc_outcome o, const char *reason,
                        hd_status *st)
{
	const hc_job *job = &r->plan.jobs[k];
	hc_result res[HC_MAX_CHECKS];
	int rc = 0;

	memset(res, 0, sizeof res);
	for (unsigned i = 0; i < job->nchecks; i++) {
		res[i].case_id = strdup(job->case_id);
		res[i].check = strdup(job->checks[i]);
		res[i].outcome = o;
		res[i].reason = strdup(reason);
		if (!res[i].case_id || !res[i].check || !res[i].reason)
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	if (rc == 0)
		rc = record_job(r, job, res, st);
	for (unsigned i = 0; i < job->nchecks; i++)
		hc_result_free(&res[i]);
	return rc;
}

/* The profile's not-supported feature that the case needs (optional.h). */
static const char *unsupported(const runner *r, const char *case_id)
{
	size_t first, n = hc_facts_of(&r->index, case_id, &first);

	for (size_t e = 0; e < r->profile.nnot_supported; e++) {
		const hc_feature *f = hc_feature_find(r->profile.not_supported[e]);
		if (f != NULL && hc_feature_needed(f, case_id, r->index.v + first, n))
			return f->name;
	}
	return NULL;
}

/* Whether an evaluate case is written in an encoding profile the candidate
 * does not claim (its encoding, or its decode-encodings): it is not asked,
 * as the decode role is not (docs/harness.md, "Roles and checks"). */
static int other_encoding(const runner *r, const hc_job *job, char *reason, size_t size)
{
	const hc_profile *p = &r->profile;
	hd_case *k = NULL;
	hd_status st;
	int other = 0;

	if (job->role != HC_ROLE_EVALUATE || hd_case_load(job->input, &k, &st) != 0)
		return 0;  /* a case that does not load is the candidate's to judge */
	other = k->enc.profile != p->encoding &&
	        (p->ndecode_encodings < 1 || k->enc.profile != p->decode_encodings[0]) &&
	        (p->ndecode_encodings < 2 || k->enc.profile != p->decode_encodings[1]);
	if (other)
		snprintf(reason, size, "encoded in the %s profile; the candidate claims %s",
		         hd_profile_name(k->enc.profile), hd_profile_name(p->encoding));
	hd_case_free(k);
	return other;
}

/* Starts job k in slot s, or records it at once when it needs no run. */
static int launch(runner *r, slot *s, size_t k, int *started, hd_status *st)
{
	const char *absent = unsupported(r, r->plan.jobs[k].case_id);
	hd_status why;
	char reason[600];

	*started = 0;
	if (absent != NULL) {
		snprintf(reason, sizeof reason, "the profile declares `%s` not supported", absent);
		return record_plain(r, k, HC_NOT_SUPPORTED, reason, st);
	}
	if (other_encoding(r, &r->plan.jobs[k], reason, sizeof reason))
		return record_plain(r, k, HC_NOT_SUPPORTED, reason, st);
	s->nbatch = 0;
	if (start_job(r, s, k, &why) != 0)
		return record_plain(r, k, HC_INTERNAL_ERROR, why.msg, st);
	*started = 1;
	return 0;
}

/* Whether every result of the job is in the resumed journal. */
static int job_done(const runner *r, const hc_job *job)
{
	for (unsigned k = 0; k < job->nchecks; k++)
		if (!already_done(r, job->case_id, job->checks[k]))
			return 0;
	return 1;
}

/* ---- the evaluate batch (eval_batch.h) ---- */

static int batchable(const runner *r, size_t k)
{
	return r->profile.evaluate_batch != NULL && r->plan.jobs[k].role == HC_ROLE_EVALUATE;
}

/* The batch's list and command in slot s, for the n jobs in s->batch. */
static int start_batch(runner *r, slot *s, hd_status *st)
{
	const char *ins[HC_EVAL_BATCH_MAX], *dirs[HC_EVAL_BATCH_MAX];
	char (*paths)[2][4400] = malloc(s->nbatch * sizeof *paths);
	int rc;

	if (paths == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (size_t i = 0; i < s->nbatch; i++) {
		job_paths(r, &r->one, s->batch[i]);
		memcpy(paths[i][0], r->one.in, sizeof paths[i][0]);
		memcpy(paths[i][1], r->one.dir, sizeof paths[i][1]);
		ins[i] = paths[i][0];
		dirs[i] = paths[i][1];
	}
	snprintf(s->dir, sizeof s->dir, "%s/batch-%zu", r->scratch, s->batch[0]);
	snprintf(s->in, sizeof s->in, "%s/list", s->dir);
	snprintf(s->out, sizeof s->out, "%s/out", s->dir);
	snprintf(s->out_log, sizeof s->out_log, "%s/stdout.txt", s->dir);
	snprintf(s->err_log, sizeof s->err_log, "%s/stderr.txt", s->dir);
	rc = hd_make_dirs(s->dir) != 0
	     ? hd_fail(st, HD_INTERNAL, "scratch", 0, "cannot make %s", s->dir)
	     : hc_eval_batch_list(s->in, ins, dirs, s->nbatch, st);
	free(paths);
	if (rc == 0)
		rc = start_template(r, r->profile.evaluate_batch, r->profile.encoding, s->dir, s->in,
		                    s->out, s->out_log, s->err_log, &s->child, &s->cmd, st);
	return rc;
}

/* Starts an evaluate batch in slot s from job *next on: the evaluate jobs
 * still to run, up to HC_EVAL_BATCH_MAX of them, each in its own job
 * directory; the ones decided without a run are recorded on the way. A
 * batch that cannot start leaves its jobs to run alone. */
static int launch_batch(runner *r, slot *s, size_t *next, int *started, hd_status *st)
{
	hd_status why;
	int rc = 0;

	*started = 0;
	s->nbatch = 0;
	for (; *next < r->plan.n && s->nbatch < HC_EVAL_BATCH_MAX && batchable(r, *next) && rc == 0;
	     (*next)++) {
		size_t k = *next;
		const char *absent;
		char reason[600];
		if (job_done(r, &r->plan.jobs[k]))
			continue;
		if ((absent = unsupported(r, r->plan.jobs[k].case_id)) != NULL) {
			snprintf(reason, sizeof reason, "the profile declares `%s` not supported", absent);
			rc = record_plain(r, k, HC_NOT_SUPPORTED, reason, st);
		} else if (other_encoding(r, &r->plan.jobs[k], reason, sizeof reason)) {
			rc = record_plain(r, k, HC_NOT_SUPPORTED, reason, st);
		} else if (prepare_job(r, &r->one, k, &why) != 0) {
			rc = record_plain(r, k, HC_INTERNAL_ERROR, why.msg, st);
		} else {
			s->batch[s->nbatch++] = k;
		}
	}
	if (rc != 0 || s->nbatch == 0)
		return rc;
	s->job = s->batch[0];
	if (start_batch(r, s, &why) != 0) {
		/* the cases run alone, one by one, as the batch's command would not */
		*next = s->batch[0];
		s->nbatch = 0;
		return launch(r, s, (*next)++, started, st);
	}
	*started = 1;
	return 0;
}

/* A case of an ended batch that it did not finish (it crashed, timed out or
 * stopped early) runs alone through the evaluate role, like any job, so the
 * outcome is the case's own. */
static int retry_alone(runner *r, size_t k, hd_status *st)
{
	if (r->nretry == r->cap_retry) {
		size_t cap = r->cap_retry ? 2 * r->cap_retry : HC_EVAL_BATCH_MAX;
		size_t *v = realloc(r->retry, cap * sizeof *v);
		if (v == NULL)
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		r->retry = v;
		r->cap_retry = cap;
	}
	r->retry[r->nretry++] = k;
	return 0;
}

/* Judges each case of the batch that ended in s from its job directory,
 * with the exit status the batch wrote for it (docs/harness.md, "The
 * evaluate batch"). */
static int finish_batch(runner *r, slot *s, hd_status *st)
{
	int rc = 0;

	for (size_t i = 0; i < s->nbatch && rc == 0; i++) {
		slot *one = &r->one;
		int status;
		job_paths(r, one, s->batch[i]);
		if (!hc_eval_batch_status(one->dir, &status)) {
			rc = retry_alone(r, s->batch[i], st);
			continue;
		}
		one->child = s->child;
		one->child.how = HC_EXIT_STATUS;
		one->child.status = status;
		one->child.seconds = s->child.seconds / (double)s->nbatch;
		one->cmd = strdup(s->cmd != NULL ? s->cmd : "");
		rc = one->cmd != NULL ? finish_job(r, one, st)
		                      : hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	free(s->cmd);
	s->cmd = NULL;
	return rc;
}

/* ---- the decode batch's hooks (decode_run.h): the same rules as a job's ---- */

static int batch_unsupported(void *ctx, const char *case_id, char *reason, size_t size)
{
	const char *absent = unsupported(ctx, case_id);

	if (absent != NULL)
		snprintf(reason, size, "the profile declares `%s` not supported", absent);
	return absent != NULL;
}

static int batch_record(void *ctx, hc_result *res, hd_status *st)
{
	return record(ctx, res, st);
}

static int batch_start(void *ctx, hd_profile enc, const char *dir, const char *in,
                       const char *out, const char *out_log, const char *err_log, hc_child *c,
                       hd_status *st)
{
	return start_command(ctx, HC_ROLE_DECODE, enc, dir, in, out, out_log, err_log, c, NULL,
	                     st);
}

void hc_run_batch_hooks(runner *r, hc_batch_hooks *hooks)
{
	hooks->ctx = r;
	hooks->unsupported = batch_unsupported;
	hooks->record = batch_record;
	hooks->start = batch_start;
}

/* Starts the first decode batch from *cur on that has a command to run;
 * *cur is left at it. */
static int next_batch(runner *r, size_t *cur, hc_child *c, int *started, hd_status *st)
{
	*started = 0;
	for (; *cur < r->nbatch; (*cur)++)
		if (hc_decode_batch_start(&r->batch[*cur], r->scratch, c, started, st) != 0 ||
		    *started)
			return *started ? 0 : -1;
	return 0;
}

/* While commands run, the harness makes the input of the job that starts
 * next, so a candidate waits for no assembler between two commands. A
 * failure is left for start_job to meet again and record. */
static void prepare_next(runner *r, size_t next)
{
	hd_status ignored;

	while (next < r->plan.n && job_done(r, &r->plan.jobs[next]))
		next++;
	if (next >= r->plan.n || r->ready_job == next + 1 ||
	    unsupported(r, r->plan.jobs[next].case_id) != NULL)
		return;
	r->ready_job = 0;
	if (prepare_job(r, &r->ready, next, &ignored) == 0)
		r->ready_job = next + 1;
}

static int free_slot(const hc_child *kids, unsigned j)
{
	for (unsigned k = 0; k < j; k++)
		if (kids[k].pid == 0)
			return 1;
	return 0;
}

int hc_run_jobs(runner *r, hd_status *st)
{
	unsigned j = r->o->jobs ? r->o->jobs : 1;
	slot *slots = calloc(j, sizeof *slots), *ended = malloc(sizeof *ended);
	hc_child *kids = calloc(j, sizeof *kids);
	size_t next = 0, cur = 0;
	int rc = 0, batch = 0, held = 0;

	if (slots == NULL || kids == NULL || ended == NULL) {
		free(slots);
		free(kids);
		free(ended);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	/* the decode batches, when they run, take slot 0 first, one after the
	 * other: they are the longest commands of the run */
	rc = next_batch(r, &cur, &kids[0], &batch, st);
	for (;;) {
		int i;
		/* fill the free slots */
		for (unsigned k = 0; k < j && rc == 0 && !hc_run_interrupted; k++) {
			int started = 0;
			while (kids[k].pid == 0 && r->nretry > 0 && rc == 0 && !started) {
				size_t again = r->retry[--r->nretry];
				rc = launch(r, &slots[k], again, &started, st);
			}
			while (kids[k].pid == 0 && next < r->plan.n && rc == 0 && !started) {
				if (batchable(r, next)) {
					rc = launch_batch(r, &slots[k], &next, &started, st);
					continue;
				}
				if (!job_done(r, &r->plan.jobs[next]))
					rc = launch(r, &slots[k], next, &started, st);
				next++;
			}
			if (started)
				kids[k] = slots[k].child;
		}
		/* the job that ended is judged once its slot runs the next one */
		if (held && rc == 0)
			rc = ended->nbatch ? finish_batch(r, ended, st) : finish_job(r, ended, st);
		held = 0;
		if (hc_run_interrupted || rc != 0)
			break;
		if (r->nretry > 0 && free_slot(kids, j))
			continue;  /* a batch left cases to run alone: start them first */
		prepare_next(r, next);
		i = hc_child_wait(kids, j);
		if (i == -2)
			continue;  /* a signal: hc_run_interrupted is looked at above */
		if (i < 0)
			break;
		if (i == 0 && batch) {
			batch = 0;
			rc = hc_decode_batch_finish(&r->batch[cur++], &kids[0], st);
			if (rc == 0)
				rc = next_batch(r, &cur, &kids[0], &batch, st);
			continue;
		}
		*ended = slots[i];
		ended->child = kids[i];
		held = 1;
	}
	if (hc_run_interrupted || rc != 0)
		hc_child_kill_all(kids, j);
	for (unsigned k = 0; k < j; k++)  /* the commands of jobs that never finished */
		if (kids[k].pid != 0 && !(held && slots[k].cmd == ended->cmd))
			free(slots[k].cmd);
	if (held)
		free(ended->cmd);
	free(slots);
	free(kids);
	free(ended);
	if (hc_run_interrupted && rc == 0)
		rc = hd_fail(st, HD_INTERNAL, "interrupted", 0,
		             "interrupted: %zu of %zu results are in the journal; --resume goes on",
		             r->done, r->total);
	return rc;
}
