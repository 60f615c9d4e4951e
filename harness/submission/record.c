/* A run's record agrees with itself (record.h). */
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lists.h"
#include "optional.h"
#include "profile.h"
#include "render.h"
#include "util/file.h"

/* Reports and journals are big but bounded: a run of every case writes
 * tens of MiB. */
#define MAX_RECORD ((size_t)1 << 30)

/* Messages name files by their names in the record, so they read the same
 * for a run directory and for an unpacked archive; the caller says which. */
static int edited(hd_status *st, const char *what)
{
	return hd_fail(st, HD_BAD_INPUT, "edited", 0, "%s", what);
}

static int read_in(const char *dir, const char *name, hd_buf *b, hd_status *st)
{
	char path[4200];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return hd_read_file(path, MAX_RECORD, b, st);
}

/* The copies are the files run.txt's digests were taken of. */
static int check_copies(const char *dir, const hc_provenance *pv, hd_status *st)
{
	static const struct { int part; const char *file; } copies[] = {
		{ HC_FP_PROFILE, "profile.ini" }, { HC_FP_ADAPTERS, "adapters/" },
		{ HC_FP_TOOLS, "tools.txt" },     { HC_FP_WAIVERS, "waivers.txt" },
		{ HC_FP_MUSTPASS, "mustpass.txt" },
	};
	hc_fingerprint fp = pv->fp;
	char why[300];

	if (hc_fingerprint_copies(dir, &fp, st) != 0)
		return -1;
	for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++) {
		int k = copies[i].part;
		if ((pv->fp_seen >> k & 1) && fp.part[k] == pv->fp.part[k])
			continue;
		snprintf(why, sizeof why, "%s is not what the run recorded (fingerprint.%s in run.txt)",
		         copies[i].file, hc_fp_names[k]);
		return edited(st, why);
	}
	return 0;
}

/* The journal's results, each as its JSON line, sorted as results.json. */
static int load_journal(const char *dir, hc_run *j, hd_status *st)
{
	hd_buf b;
	size_t start = 0;
	int rc;

	hd_buf_init(&b);
	rc = read_in(dir, "journal.jsonl", &b, st);
	for (size_t i = 0; rc == 0 && i < b.len; i++) {
		hc_result r;
		if (b.data[i] != '\n')
			continue;
		memset(&r, 0, sizeof r);
		if (hc_result_parse((const char *)b.data + start, i - start, &r, st) != 0)
			rc = hd_fail_prefix(st, "journal.jsonl, byte %zu: ", start);
		else if (hc_run_add(j, &r) != 0)
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		hc_result_free(&r);
		start = i + 1;
	}
	hd_buf_free(&b);
	hc_run_sort(j);
	return rc;
}

/* journal.jsonl holds results.json's results, no more, no fewer, each the
 * same to the byte once written as JSON. */
static int check_journal(const char *dir, const hc_run *run, hd_status *st)
{
	hc_run j;
	hd_buf a, b;
	char why[600];
	int rc = 0;

	hc_run_init(&j);
	if (load_journal(dir, &j, st) != 0) {
		hc_run_free(&j);
		return -1;
	}
	if (j.n != run->n) {
		snprintf(why, sizeof why, "journal.jsonl has %zu results and results.json %zu", j.n,
		         run->n);
		rc = edited(st, why);
	}
	hd_buf_init(&a);
	hd_buf_init(&b);
	for (size_t i = 0; rc == 0 && i < j.n; i++) {
		hd_buf_reset(&a);
		hd_buf_reset(&b);
		hc_result_json(&a, &j.results[i]);
		hc_result_json(&b, &run->results[i]);
		if (a.len == b.len && memcmp(a.data, b.data, a.len) == 0)
			continue;
		snprintf(why, sizeof why, "results.json and journal.jsonl disagree on %.200s %.100s",
		         run->results[i].case_id, run->results[i].check);
		rc = edited(st, why);
	}
	hd_buf_free(&a);
	hd_buf_free(&b);
	hc_run_free(&j);
	return rc;
}

/* Each report file is what results.json renders to. */
static int check_reports(const char *dir, const hc_run *run, hd_status *st)
{
	hd_buf want, got;
	char why[300];
	int rc = 0;

	hd_buf_init(&want);
	hd_buf_init(&got);
	for (size_t i = 0; rc == 0 && i < HC_REPORT_FILES; i++) {
		hd_buf_reset(&want);
		hd_buf_reset(&got);
		hc_report_render(i, run, &want);
		if (want.failed)
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		else if (read_in(dir, hc_report_name(i), &got, st) != 0)
			rc = -1;
		else if (want.len != got.len || memcmp(want.data, got.data, want.len) != 0) {
			snprintf(why, sizeof why, "%s is not what results.json renders to",
			         hc_report_name(i));
			rc = edited(st, why);
		}
	}
	hd_buf_free(&want);
	hd_buf_free(&got);
	return rc;
}

/* Whether the profile declares a feature the result's case needs. */
static int declared(const hc_profile *p, const hc_result *r)
{
	hc_line facts[64];
	size_t n = r->ncovers < 64 ? r->ncovers : 64;

	for (size_t i = 0; i < n; i++)
		facts[i].a = facts[i].b = facts[i].c = r->covers[i];
	for (size_t e = 0; e < p->nnot_supported; e++) {
		const hc_feature *f = hc_feature_find(p->not_supported[e]);
		if (f != NULL && hc_feature_needed(f, r->case_id, facts, n))
			return 1;
	}
	return 0;
}

/* Must-pass flags, waivers and not-supported outcomes are what the lists
 * and the profile beside the results give. */
static int check_lists(const hc_run *run, const hc_lines *mustpass,
                       const hc_lines *waivers, const hc_profile *p, hd_status *st)
{
	char why[600];

	for (size_t i = 0; i < run->n; i++) {
		const hc_result *r = &run->results[i];
		size_t w = hc_waiver(waivers, r->case_id, r->check);
		const char *wrong = NULL;
		if (r->must_pass != hc_must_pass(mustpass, r->case_id))
			wrong = r->must_pass ? "is must-pass, yet mustpass.txt does not list it"
			                     : "is not must-pass, yet mustpass.txt lists it";
		else if (r->outcome == HC_WAIVED &&
		         (w == waivers->n || r->waiver == NULL || strcmp(waivers->v[w].c, r->waiver) != 0))
			wrong = "is waived, yet no line of waivers.txt waives it so";
		else if (r->outcome == HC_NOT_SUPPORTED && !declared(p, r))
			wrong = "is not-supported, yet profile.ini declares no feature it needs";
		if (wrong == NULL)
			continue;
		snprintf(why, sizeof why, "%.200s %.100s %s", r->case_id, r->check, wrong);
		return edited(st, why);
	}
	return 0;
}

static int check_against_lists(const char *dir, const hc_run *run, hd_status *st)
{
	char mp[4200], wv[4200];
	hc_lines mustpass, waivers;
	hc_profile p;
	hd_buf text;
	int rc;

	memset(&mustpass, 0, sizeof mustpass);
	memset(&waivers, 0, sizeof waivers);
	memset(&p, 0, sizeof p);
	snprintf(mp, sizeof mp, "%s/mustpass.txt", dir);
	snprintf(wv, sizeof wv, "%s/waivers.txt", dir);
	hd_buf_init(&text);
	rc = hc_lines_read(&mustpass, mp, ' ', 1, 1, st) != 0 ||
	     hc_lines_read(&waivers, wv, ' ', 3, 1, st) != 0 ||
	     read_in(dir, "profile.ini", &text, st) != 0 ||
	     hc_profile_parse((const char *)text.data, text.len, "profile.ini", &p, st) != 0
	             ? -1
	             : check_lists(run, &mustpass, &waivers, &p, st);
	hd_buf_free(&text);
	hc_profile_free(&p);
	hc_lines_free(&mustpass);
	hc_lines_free(&waivers);
	return rc;
}

int hc_record_check(const char *dir, const hc_run *run, const hc_provenance *pv,
                    hd_status *st)
{
	if (check_copies(dir, pv, st) != 0 || check_journal(dir, run, st) != 0 ||
	    check_reports(dir, run, st) != 0 || check_against_lists(dir, run, st) != 0)
		return -1;
	return 0;
}
