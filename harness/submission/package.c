/* `hdcts package` (package.h): checks that a report directory holds one
 * whole, finished, unedited run (record.h), gathers its reports, journal
 * and what it ran with (copied there by the run, provenance.h), a verdict,
 * a statement template and the digests of them all into a private
 * directory beside the archive, and has the system's tar pack them into a
 * temporary name that is renamed to the archive's only once tar has
 * succeeded. So FILE is either the whole archive or untouched, never half
 * of one. */
/* mkdtemp(3) and st_mtim are POSIX.1-2008 */
#define _XOPEN_SOURCE 700
#include "package.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "adapters.h"
#include "digests.h"
#include "provenance.h"
#include "record.h"
#include "result.h"
#include "util/dir.h"
#include "util/file.h"

extern char **environ;

enum { EXIT_USAGE = 2, EXIT_FAILED = 3 };

/* The files a submission takes from the report directory, besides its
 * adapters/; the optional ones are there only when the run had them. */
static const struct {
	const char *name;
	int optional;
} run_files[] = {
	{ "results.json", 0 }, { "junit.xml", 0 },    { "summary.md", 0 },   { "index.html", 0 },
	{ "journal.jsonl", 0 }, { "run.txt", 0 },     { "profile.ini", 0 },  { "waivers.txt", 1 },
	{ "mustpass.txt", 1 },  { "tools.txt", 0 },   { "machine.txt", 0 },
};
#define NRUN_FILES (sizeof run_files / sizeof run_files[0])

/* And the files it writes itself (SHA256SUMS last, over all the others). */
static const char *const own_files[] = { "VERDICT.txt", "STATEMENT.md" };
#define NOWN_FILES (sizeof own_files / sizeof own_files[0])

typedef struct package {
	const char *dir;        /* --run */
	const char *out_arg;    /* -o, or NULL */
	int partial;            /* --partial */
	hc_provenance pv;
	hc_run run;
	char out[4096];         /* the archive */
	char staging[4096];     /* a private directory beside it; "" until made */
	char top[128];          /* the archive's one top-level directory */
	char topdir[4300];      /* staging/top */
	char tmp[4300];         /* staging/archive.tar.gz, tar's output */
} package;

static int usage(void)
{
	fputs("usage: hdcts package --run DIR [-o FILE.tar.gz] [--partial]\n", stderr);
	return EXIT_USAGE;
}

static int parse_args(int argc, char **argv, package *p)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--partial") == 0) {
			p->partial = 1;
			continue;
		}
		if (i + 1 >= argc)
			return -1;
		if (strcmp(a, "--run") == 0)
			p->dir = argv[++i];
		else if (strcmp(a, "-o") == 0)
			p->out_arg = argv[++i];
		else
			return -1;
	}
	return p->dir != NULL ? 0 : -1;
}

/* ---- is the run whole and finished? ---- */

static void path_in(char *out, size_t size, const char *dir, const char *name)
{
	snprintf(out, size, "%s/%s", dir, name);
}

/* The whole lines of the journal: its results (a torn last line is not
 * one). */
static int journal_results(const char *dir, size_t *n, hd_status *st)
{
	char path[4200];
	hd_buf b;

	path_in(path, sizeof path, dir, "journal.jsonl");
	hd_buf_init(&b);
	if (hd_read_file(path, (size_t)1 << 30, &b, st) != 0) {
		hd_buf_free(&b);
		return -1;
	}
	*n = 0;
	for (size_t i = 0; i < b.len; i++)
		*n += b.data[i] == '\n';
	hd_buf_free(&b);
	return 0;
}

/* Whether file a was last written before file b. */
static int older(const char *a, const char *b)
{
	struct stat sa, sb;

	if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
		return 0;
	if (sa.st_mtim.tv_sec != sb.st_mtim.tv_sec)
		return sa.st_mtim.tv_sec < sb.st_mtim.tv_sec;
	return sa.st_mtim.tv_nsec < sb.st_mtim.tv_nsec;
}

/* results.json must be the report of the run that run.txt describes, and
 * that run must have finished: a run that is started afresh writes run.txt
 * at once but leaves the previous results.json until it ends. */
static int check_results(package *p, hd_status *st)
{
	char results[4200], run_txt[4200];

	path_in(results, sizeof results, p->dir, "results.json");
	path_in(run_txt, sizeof run_txt, p->dir, "run.txt");
	if (access(results, R_OK) != 0)
		return hd_fail(st, HD_BAD_INPUT, "incomplete", 0,
		               "%s has no results.json: the run has not finished "
		               "(hdcts run --resume finishes it)", p->dir);
	if (older(results, run_txt))
		return hd_fail(st, HD_BAD_INPUT, "incomplete", 0,
		               "%s: results.json is older than the run started there (run.txt): "
		               "that run has not finished (hdcts run --resume finishes it)", p->dir);
	if (hc_run_load(results, &p->run, st) != 0)
		return hd_fail_prefix(st, "%s: ", results);
	if (p->run.finished == NULL)
		return hd_fail(st, HD_BAD_INPUT, "incomplete", 0,
		               "%s: results.json has no finish time: the run has not finished",
		               p->dir);
	return 0;
}

static int check_complete(package *p, hd_status *st)
{
	size_t lines;

	if (hc_provenance_read(p->dir, &p->pv, st) != 0)
		return hd_fail_prefix(st, "%s is not the report directory of a run this hdcts can "
		                          "package: ", p->dir);
	if (check_results(p, st) != 0 || journal_results(p->dir, &lines, st) != 0)
		return -1;
	if (p->run.n < p->pv.planned)
		return hd_fail(st, HD_BAD_INPUT, "incomplete", 0,
		               "%s: the run is incomplete: %zu of %zu planned results", p->dir,
		               p->run.n, p->pv.planned);
	if (lines != p->run.n)
		return hd_fail(st, HD_BAD_INPUT, "incomplete", 0,
		               "%s: journal.jsonl has %zu results and results.json %zu: a later run "
		               "has not finished", p->dir, lines, p->run.n);
	if ((p->pv.cases != NULL || p->pv.shards > 1) && !p->partial)
		return hd_fail(st, HD_BAD_INPUT, "partial", 0,
		               "%s: the run covered part of the suite (--cases or --shard); a "
		               "submission is a run of every case. --partial packages it anyway, "
		               "marked partial", p->dir);
	if (p->run.suite_revision == NULL || strcmp(p->run.suite_revision, "unknown") == 0)
		return hd_fail(st, HD_BAD_INPUT, "revision", 0,
		               "%s: the run does not name the suite's revision, so no one can "
		               "check it against the suite; run from a git clone of the suite, or "
		               "give --revision", p->dir);
	if (hc_record_check(p->dir, &p->run, &p->pv, st) != 0)
		return hd_fail_prefix(st, "%s: ", p->dir);
	return 0;
}

/* ---- what the archive says ---- */

static const char *str(const char *s)
{
	return s != NULL ? s : "unknown";
}

static void scope_text(hd_buf *b, const hc_provenance *pv)
{
	if (pv->cases == NULL && pv->shards <= 1) {
		hd_buf_printf(b, "every case");
		return;
	}
	hd_buf_printf(b, "partial:");
	if (pv->cases != NULL)
		hd_buf_printf(b, " --cases %s", pv->cases);
	if (pv->shards > 1)
		hd_buf_printf(b, " --shard %u/%u", pv->shard, pv->shards);
}

/* "conformant", "conformant with N waivers" or "not conformant". */
static const char *verdict(const hc_run *run)
{
	static char text[64];
	hc_verdict v;

	hc_run_verdict(run, &v);
	if (!v.conforms)
		return "not conformant";
	if (v.waived == 0)
		return "conformant";
	snprintf(text, sizeof text, "conformant with %zu waiver%s", v.waived,
	         v.waived == 1 ? "" : "s");
	return text;
}

void hc_package_verdict(hd_buf *b, const hc_run *run, const hc_provenance *pv)
{
	size_t counts[HC_OUTCOME_COUNT];

	hd_buf_printf(b, "candidate: %s\nencoding: %s\nsuite version: %s\nsuite revision: %s\n"
	                 "must-pass list: %s\nscope: ",
	              str(run->candidate), str(run->encoding), str(run->suite_version),
	              str(run->suite_revision), str(pv->mustpass));
	scope_text(b, pv);
	hd_buf_printf(b, "\nstarted: %s\nfinished: %s\nresults: %zu\n", str(run->started),
	              str(run->finished), run->n);
	hc_run_count(run, counts);
	for (int o = 0; o < HC_OUTCOME_COUNT; o++)
		hd_buf_printf(b, "%s: %zu\n", hc_outcome_name((hc_outcome)o), counts[o]);
	hd_buf_printf(b, "verdict: %s\n", verdict(run));
}

/* VERDICT.txt */
static void verdict_text(hd_buf *b, const package *p)
{
	hc_package_verdict(b, &p->run, &p->pv);
}

/* STATEMENT.md: what the submitter fills in and signs. */
static void statement_text(hd_buf *b, const package *p)
{
	hd_buf_printf(b,
	              "# Conformance statement\n\n"
	              "Fill in every field below and sign. This statement belongs to the archive "
	              "it came in: the results, the candidate profile and the verdict are beside "
	              "it.\n\n"
	              "## Submitter\n\n"
	              "- Company:\n- Product:\n- Product version:\n"
	              "- Contact (name, e-mail):\n- Date:\n\n"
	              "## The run (filled in by hdcts package)\n\n"
	              "- Candidate profile: %s (profile.ini)\n"
	              "- Suite: hdcts %s, revision %s\n"
	              "- Must-pass list: %s (mustpass.txt)\n- Scope: ",
	              str(p->run.candidate), str(p->run.suite_version), str(p->run.suite_revision),
	              str(p->pv.mustpass));
	scope_text(b, &p->pv);
	hd_buf_printf(b,
	              "\n- Verdict: %s (VERDICT.txt)\n\n"
	              "## Declaration\n\n"
	              "I declare that the results in this archive were produced by hdcts, "
	              "unmodified at the revision above, running the product named above as "
	              "configured in profile.ini; that no result was edited; and that every "
	              "not-supported entry and waiver in profile.ini and waivers.txt is accurate "
	              "and complete.\n\n"
	              "Name:\n\nSignature:\n\nDate:\n",
	              verdict(&p->run));
}

/* ---- staging and the archive ---- */

/* top: CANDIDATE-submission, the name kept to characters that are safe in
 * a file name and a shell word. */
static void name_top(package *p)
{
	const char *c = str(p->run.candidate);
	size_t k = 0;

	for (; *c && k < 64; c++)
		p->top[k++] = (char)(strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		                            "0123456789._-", *c) != NULL ? *c : '_');
	snprintf(p->top + k, sizeof p->top - k, "-submission");
}

/* The archive's path, and the private directory beside it (same file
 * system, so the final rename is atomic). */
static int make_staging(package *p, hd_status *st)
{
	const char *slash;
	int n;

	if (p->out_arg != NULL)
		n = snprintf(p->out, sizeof p->out, "%s", p->out_arg);
	else
		n = snprintf(p->out, sizeof p->out, "%s.tar.gz", p->top);
	slash = strrchr(p->out, '/');
	if (n < 0 || (size_t)n >= sizeof p->out - 64)
		return hd_fail(st, HD_BAD_INPUT, "usage", 0, "the output path is too long");
	snprintf(p->staging, sizeof p->staging, "%.*s.hdcts-package.XXXXXX",
	         slash != NULL ? (int)(slash - p->out + 1) : 0, p->out);
	if (mkdtemp(p->staging) == NULL) {
		hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot make a directory beside %s: %s",
		        p->out, strerror(errno));
		p->staging[0] = '\0';
		return -1;
	}
	snprintf(p->topdir, sizeof p->topdir, "%s/%s", p->staging, p->top);
	snprintf(p->tmp, sizeof p->tmp, "%s/archive.tar.gz", p->staging);
	if (mkdir(p->topdir, 0777) != 0)
		return hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot make %s: %s", p->topdir,
		               strerror(errno));
	return 0;
}

static int copy_run_files(const package *p, hd_status *st)
{
	char from[4200], to[4500];

	for (size_t i = 0; i < NRUN_FILES; i++) {
		path_in(from, sizeof from, p->dir, run_files[i].name);
		if (run_files[i].optional && access(from, F_OK) != 0)
			continue;
		path_in(to, sizeof to, p->topdir, run_files[i].name);
		if (hc_copy_file(from, to, (size_t)1 << 30, st) != 0)
			return -1;
	}
	path_in(from, sizeof from, p->dir, "adapters");
	path_in(to, sizeof to, p->topdir, "adapters");
	return hc_copy_tree(from, to, HC_MAX_ADAPTERS, st);
}

typedef void (*writer)(hd_buf *b, const package *p);

static int write_own_files(const package *p, hd_status *st)
{
	static const writer writers[NOWN_FILES] = { verdict_text, statement_text };
	char to[4500];

	for (size_t i = 0; i < NOWN_FILES; i++) {
		hd_buf b;
		int rc;
		hd_buf_init(&b);
		writers[i](&b, p);
		path_in(to, sizeof to, p->topdir, own_files[i]);
		rc = b.failed ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory")
		              : hd_write_file_atomic(to, b.data, b.len, st);
		hd_buf_free(&b);
		if (rc != 0)
			return -1;
	}
	return hc_digests_write(p->topdir, st);
}

/* tar -czf staging/archive.tar.gz -C staging TOP, then the rename. */
static int run_tar(const package *p, hd_status *st)
{
	char *argv[] = { "tar", "-czf", (char *)p->tmp, "-C", (char *)p->staging,
		         (char *)p->top, NULL };
	pid_t pid;
	int status, err;

	err = posix_spawnp(&pid, "tar", NULL, NULL, argv, environ);
	if (err != 0)
		return hd_fail(st, HD_INTERNAL, "tar", 0, "cannot run tar: %s", strerror(err));
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return hd_fail(st, HD_INTERNAL, "tar", 0, "waiting for tar: %s",
			               strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return hd_fail(st, HD_INTERNAL, "tar", 0, "tar failed (status %d); %s is untouched",
		               status, p->out);
	if (rename(p->tmp, p->out) != 0)
		return hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot write %s: %s", p->out,
		               strerror(errno));
	return 0;
}

/* Removes the staging directory and everything in it. */
static void cleanup(package *p)
{
	if (p->staging[0] != '\0')
		hd_remove_tree(p->staging);
}

/* A suite revision of a tree with changes names no commit anyone else has;
 * it is packaged, but said so. */
static void warn_revision(const hc_run *run)
{
	const char *r = str(run->suite_revision);
	size_t n = strlen(r);

	if (n >= 6 && strcmp(r + n - 6, "-dirty") == 0)
		fprintf(stderr, "hdcts package: warning: the suite revision is `%s`, not a clean "
		                "commit\n", r);
}

int hc_package_main(int argc, char **argv)
{
	package p;
	hd_status st;
	int rc;

	memset(&p, 0, sizeof p);
	hc_run_init(&p.run);
	if (parse_args(argc, argv, &p) != 0)
		return usage();
	hd_status_clear(&st);
	rc = check_complete(&p, &st) != 0 ? EXIT_USAGE : 0;
	if (rc == 0) {
		name_top(&p);
		if (make_staging(&p, &st) != 0 || copy_run_files(&p, &st) != 0 ||
		    write_own_files(&p, &st) != 0 || run_tar(&p, &st) != 0)
			rc = st.kind == HD_BAD_INPUT ? EXIT_USAGE : EXIT_FAILED;
		cleanup(&p);
	}
	if (rc != 0) {
		fprintf(stderr, "hdcts package: %s\n", st.msg);
	} else {
		warn_revision(&p.run);
		printf("%s\n", p.out);
		fprintf(stderr, "hdcts package: %s: %s, %s\n", p.out, str(p.run.candidate),
		        verdict(&p.run));
	}
	hc_provenance_free(&p.pv);
	hc_run_free(&p.run);
	return rc;
}
