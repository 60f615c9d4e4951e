/* `hdcts merge` (merge.h). Each shard must be a finished, unedited run
 * (record.h); together they must be every shard of one run: the same
 * candidate, profile, adapters, tools, lists, suite revision, selection and
 * number of shards, each shard once, no result twice. The merged run is
 * written into a private directory beside OUT and renamed to OUT only when
 * whole, so OUT is the merged run or does not exist. */
/* mkdtemp(3) is POSIX.1-2008 */
#define _XOPEN_SOURCE 700
#include "merge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adapters.h"
#include "provenance.h"
#include "record.h"
#include "render.h"
#include "result.h"
#include "util/buf.h"
#include "util/dir.h"
#include "util/file.h"
#include "util/sort.h"

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_FAILED = 3 };

/* More shards than machines anyone has; a bound on what one merge reads. */
#define MAX_SHARDS 256

typedef struct shard {
	const char *dir;
	hc_provenance pv;
	hc_run run;
} shard;

typedef struct merger {
	const char *out;
	shard *s;           /* in shard order once checked: s[i] is shard i + 1 */
	size_t n;
	hc_run run;         /* the merged results */
	char staging[4200]; /* "" until made */
} merger;

static int usage(void)
{
	fputs("usage: hdcts merge -o OUT DIR...\n", stderr);
	return EXIT_USAGE;
}

/* ---- each shard on its own ---- */

static int load_shard(shard *s, hd_status *st)
{
	char path[4200];

	hc_run_init(&s->run);
	if (hc_provenance_read(s->dir, &s->pv, st) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/results.json", s->dir);
	if (hc_run_load(path, &s->run, st) != 0)
		return hd_fail_prefix(st, "%s: ", path);
	if (s->pv.shards < 2)
		return hd_fail(st, HD_BAD_INPUT, "mismatch", 0,
		               "%s is a run of the whole plan, not a shard (--shard I/N)", s->dir);
	if (s->run.finished == NULL || s->run.n != s->pv.planned)
		return hd_fail(st, HD_BAD_INPUT, "mismatch", 0,
		               "%s has not finished: %zu of %zu planned results (hdcts run --resume "
		               "finishes it)", s->dir, s->run.n, s->pv.planned);
	if (hc_record_check(s->dir, &s->run, &s->pv, st) != 0)
		return hd_fail_prefix(st, "%s: ", s->dir);
	return 0;
}

/* ---- the shards together ---- */

static int same_str(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* What of b differs from a, the first shard: "" when they are shards of
 * one run. The plan's digest differs by design; the rest must not. */
static const char *difference(const shard *a, const shard *b)
{
	static const int parts[] = { HC_FP_CANDIDATE, HC_FP_PROFILE, HC_FP_ADAPTERS, HC_FP_TOOLS,
		                     HC_FP_WAIVERS,   HC_FP_MUSTPASS, HC_FP_SUITE };

	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
		if (a->pv.fp.part[parts[i]] != b->pv.fp.part[parts[i]])
			return hc_fp_names[parts[i]];
	if (a->pv.shards != b->pv.shards)
		return "the number of shards";
	if (!same_str(a->pv.cases, b->pv.cases))
		return "the --cases selection";
	if (!same_str(a->pv.mustpass, b->pv.mustpass))
		return "the must-pass list";
	if (!same_str(a->run.encoding, b->run.encoding) ||
	    !same_str(a->run.suite_version, b->run.suite_version) ||
	    !same_str(a->run.scope, b->run.scope))
		return "encoding, suite version or scope";
	return "";
}

static int cmp_shard(const void *a, const void *b)
{
	unsigned x = ((const shard *)a)->pv.shard, y = ((const shard *)b)->pv.shard;

	return x < y ? -1 : x > y;
}

/* Every shard of one run, each once, in order. */
static int check_whole(merger *m, hd_status *st)
{
	unsigned want = m->s[0].pv.shards;

	for (size_t i = 1; i < m->n; i++) {
		const char *d = difference(&m->s[0], &m->s[i]);
		if (*d)
			return hd_fail(st, HD_BAD_INPUT, "mismatch", 0,
			               "%s and %s are not shards of one run: their %s differ",
			               m->s[0].dir, m->s[i].dir, d);
	}
	hd_sort(m->s, m->n, sizeof *m->s, cmp_shard);
	for (size_t i = 0; i < m->n; i++) {
		if (i > 0 && m->s[i].pv.shard == m->s[i - 1].pv.shard)
			return hd_fail(st, HD_BAD_INPUT, "mismatch", 0, "%s and %s are both shard %u/%u",
			               m->s[i - 1].dir, m->s[i].dir, m->s[i].pv.shard, want);
	}
	for (unsigned k = 1, i = 0; k <= want; k++, i++)
		if (i >= m->n || m->s[i].pv.shard != k)
			return hd_fail(st, HD_BAD_INPUT, "mismatch", 0,
			               "shard %u/%u is missing: the shards given leave a gap", k, want);
	return 0;
}

/* The results of all shards, sorted; a (case, check) twice means the
 * shards overlap, which shards of one plan never do. */
static int merge_results(merger *m, hd_status *st)
{
	hc_run *r = &m->run;
	const hc_run *first = &m->s[0].run;

	r->suite_version = first->suite_version ? strdup(first->suite_version) : NULL;
	r->suite_revision = first->suite_revision ? strdup(first->suite_revision) : NULL;
	r->candidate = first->candidate ? strdup(first->candidate) : NULL;
	r->encoding = first->encoding ? strdup(first->encoding) : NULL;
	r->scope = first->scope ? strdup(first->scope) : NULL;
	for (size_t i = 0; i < m->n; i++) {
		const hc_run *s = &m->s[i].run;
		/* ISO 8601 UTC stamps order as strings: the earliest start, the latest finish */
		if (s->started && (!r->started || strcmp(s->started, r->started) < 0)) {
			free(r->started);
			r->started = strdup(s->started);
		}
		if (s->finished && (!r->finished || strcmp(s->finished, r->finished) > 0)) {
			free(r->finished);
			r->finished = strdup(s->finished);
		}
		for (size_t k = 0; k < s->n; k++)
			if (hc_run_add(r, &s->results[k]) != 0)
				return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	hc_run_sort(r);
	for (size_t i = 1; i < r->n; i++)
		if (strcmp(r->results[i].case_id, r->results[i - 1].case_id) == 0 &&
		    strcmp(r->results[i].check, r->results[i - 1].check) == 0)
			return hd_fail(st, HD_BAD_INPUT, "mismatch", 0,
			               "%s %s is in two shards: they are not slices of one plan",
			               r->results[i].case_id, r->results[i].check);
	return 0;
}

/* ---- writing the merged run ---- */

/* dir/name, appended to b; -1 when it cannot be read. */
static int append_file(hd_buf *b, const char *dir, const char *name, hd_status *st)
{
	char path[4300];
	hd_buf f;
	int rc;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	hd_buf_init(&f);
	rc = hd_read_file(path, (size_t)1 << 30, &f, st);
	if (rc == 0)
		hd_buf_put(b, f.data, f.len);
	hd_buf_free(&f);
	return rc;
}

static int write_buf(const char *dir, const char *name, const hd_buf *b, hd_status *st)
{
	char path[4300];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (b->failed)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	return hd_write_file_atomic(path, b->data, b->len, st);
}

/* journal.jsonl: the shards' journals one after another; machine.txt: the
 * one machine, or each shard's under a "# shard I/N" line. */
static int write_joined(const merger *m, hd_status *st)
{
	hd_buf journal, machine, first, one;
	int same = 1, rc = 0;

	hd_buf_init(&journal);
	hd_buf_init(&machine);
	hd_buf_init(&first);
	hd_buf_init(&one);
	rc = append_file(&first, m->s[0].dir, "machine.txt", st);
	for (size_t i = 0; rc == 0 && i < m->n; i++) {
		hd_buf_reset(&one);
		rc = append_file(&journal, m->s[i].dir, "journal.jsonl", st);
		if (rc == 0)
			rc = append_file(&one, m->s[i].dir, "machine.txt", st);
		if (rc != 0)
			break;
		same &= one.len == first.len && memcmp(one.data, first.data, one.len) == 0;
		hd_buf_printf(&machine, "# shard %zu/%zu\n", i + 1, m->n);
		hd_buf_put(&machine, one.data, one.len);
	}
	if (rc == 0)
		rc = write_buf(m->staging, "journal.jsonl", &journal, st);
	if (rc == 0)
		rc = write_buf(m->staging, "machine.txt", same ? &first : &machine, st);
	hd_buf_free(&journal);
	hd_buf_free(&machine);
	hd_buf_free(&first);
	hd_buf_free(&one);
	return rc;
}

/* The copies are the first shard's: every shard's are the same (their
 * digests in run.txt are, and record.h checked the copies against them). */
static int write_copies(const merger *m, hd_status *st)
{
	static const char *const names[] = { "profile.ini", "waivers.txt", "mustpass.txt",
		                             "tools.txt" };
	const char *dir = m->s[0].dir;
	char from[4300], to[4300];

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(from, sizeof from, "%s/%s", dir, names[i]);
		snprintf(to, sizeof to, "%s/%s", m->staging, names[i]);
		if (access(from, F_OK) == 0 && hc_copy_file(from, to, (size_t)16 << 20, st) != 0)
			return -1;
	}
	snprintf(from, sizeof from, "%s/adapters", dir);
	snprintf(to, sizeof to, "%s/adapters", m->staging);
	return hc_copy_tree(from, to, HC_MAX_ADAPTERS, st);
}

/* run.txt: the first shard's, for the whole plan: every result, shard 1/1,
 * merged from N; the plan's digest is that of the shards' digests. */
static int write_run_txt(const merger *m, hd_status *st)
{
	hc_provenance pv = m->s[0].pv;
	uint64_t h = 0xcbf29ce484222325ull;

	pv.planned = m->run.n;
	pv.shard = pv.shards = 1;
	pv.merged = (unsigned)m->n;
	for (size_t i = 0; i < m->n; i++)
		for (int b = 0; b < 8; b++)
			h = (h ^ (uint8_t)(m->s[i].pv.fp.part[HC_FP_PLAN] >> (8 * b))) * 0x100000001b3ull;
	pv.fp.part[HC_FP_PLAN] = h;
	return hc_run_txt_write(m->staging, &pv, st);
}

/* The staging directory beside OUT, filled, checked as package will check
 * it, then renamed to OUT. */
static int write_merged(merger *m, hd_status *st)
{
	const char *slash = strrchr(m->out, '/');
	hc_provenance pv;
	int rc;

	if (access(m->out, F_OK) == 0)
		return hd_fail(st, HD_BAD_INPUT, "usage", 0,
		               "%s exists: merge writes a new directory", m->out);
	snprintf(m->staging, sizeof m->staging, "%.*s.hdcts-merge.XXXXXX",
	         slash != NULL ? (int)(slash - m->out + 1) : 0, m->out);
	if (mkdtemp(m->staging) == NULL) {
		m->staging[0] = '\0';
		return hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot make a directory beside %s: %s",
		               m->out, strerror(errno));
	}
	/* run.txt before results.json, as a run writes them: package takes a
	 * results.json older than run.txt for a run that has not finished */
	rc = write_copies(m, st);
	if (rc == 0)
		rc = write_run_txt(m, st);
	if (rc == 0)
		rc = write_joined(m, st);
	if (rc == 0)
		rc = hc_report_write(&m->run, m->staging, st);
	if (rc == 0 && (rc = hc_provenance_read(m->staging, &pv, st)) == 0) {
		rc = hc_record_check(m->staging, &m->run, &pv, st);
		if (rc != 0)
			hd_fail_prefix(st, "the merged run does not check (a bug in hdcts): ");
		hc_provenance_free(&pv);
	}
	if (rc == 0 && rename(m->staging, m->out) != 0)
		rc = hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot write %s: %s", m->out,
		             strerror(errno));
	if (rc == 0)
		m->staging[0] = '\0';
	return rc;
}

int hc_merge_main(int argc, char **argv)
{
	merger m;
	hd_status st;
	int rc = 0;

	memset(&m, 0, sizeof m);
	hc_run_init(&m.run);
	if (argc < 3 || strcmp(argv[0], "-o") != 0 || argc - 2 > MAX_SHARDS)
		return usage();
	m.out = argv[1];
	m.n = (size_t)argc - 2;
	if ((m.s = calloc(m.n, sizeof *m.s)) == NULL) {
		fputs("hdcts merge: out of memory\n", stderr);
		return EXIT_FAILED;
	}
	hd_status_clear(&st);
	for (size_t i = 0; rc == 0 && i < m.n; i++) {
		m.s[i].dir = argv[2 + i];
		rc = load_shard(&m.s[i], &st);
	}
	if (rc == 0)
		rc = check_whole(&m, &st);
	if (rc == 0)
		rc = merge_results(&m, &st);
	if (rc == 0)
		rc = write_merged(&m, &st);
	if (m.staging[0] != '\0')
		hd_remove_tree(m.staging);
	if (rc == 0)
		fprintf(stderr, "hdcts merge: %s: %zu shards, %zu results\n", m.out, m.n, m.run.n);
	else
		fprintf(stderr, "hdcts merge: %s\n", st.msg);
	for (size_t i = 0; i < m.n; i++) {
		hc_provenance_free(&m.s[i].pv);
		hc_run_free(&m.s[i].run);
	}
	free(m.s);
	hc_run_free(&m.run);
	if (rc == 0)
		return 0;
	return st.kind == HD_INTERNAL || st.kind == HD_NO_MEMORY ? EXIT_FAILED
	       : strcmp(st.code, "mismatch") == 0 || strcmp(st.code, "edited") == 0 ? EXIT_MISMATCH
	                                                                          : EXIT_USAGE;
}
