/* The decode batch (decode_run.h): which decode results a run gives, the
 * one command that answers them, and a result per item from its output. */
#include "decode_run.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "judge.h"
#include "util/sort.h"

static int oom(hd_status *st)
{
	return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}

/* ---- which results: the plan of the batch ---- */

static int add_entry(hc_decode_batch *b, size_t *cap, const hc_decode_item *it,
                     const hc_decode_skip *sk)
{
	hc_batch_entry *e;

	if (b->n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 256;
		hc_batch_entry *v = realloc(b->entries, ncap * sizeof *v);
		if (v == NULL)
			return -1;
		b->entries = v;
		*cap = ncap;
	}
	e = &b->entries[b->n++];
	e->case_id = it != NULL ? it->case_id : sk->case_id;
	e->item = it;
	e->skip = sk;
	e->done = 0;
	return 0;
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const hc_batch_entry *)a)->case_id, ((const hc_batch_entry *)b)->case_id);
}

/* Every item and skip whose case id matches glob, in case-id order (the
 * set is in file-name order, which differs where one name is a prefix of
 * another), so shards and the object come out the same on every machine. */
static int gather(hc_decode_batch *b, const char *glob)
{
	const hc_decode_set *s = &b->set;
	size_t cap = 0;

	for (size_t i = 0; i < s->nitems + s->nskips; i++) {
		const hc_decode_item *it = i < s->nitems ? &s->items[i] : NULL;
		const hc_decode_skip *sk = it == NULL ? &s->skips[i - s->nitems] : NULL;
		const char *id = it != NULL ? it->case_id : sk->case_id;
		if (glob != NULL && fnmatch(glob, id, 0) != 0)
			continue;
		if (add_entry(b, &cap, it, sk) != 0)
			return -1;
	}
	if (b->n > 1)
		hd_sort(b->entries, b->n, sizeof *b->entries, cmp_entry);
	return 0;
}

void hc_decode_batch_shard(hc_decode_batch *b, unsigned shard, unsigned shards)
{
	size_t k = 0;

	if (shards <= 1)
		return;
	for (size_t i = 0; i < b->n; i++)
		if (i % shards == shard)
			b->entries[k++] = b->entries[i];
	b->n = k;
}

/* Whether e is a skip for being encoded in the other profile. */
static int other_profile(const hc_batch_entry *e)
{
	return e->skip != NULL && e->skip->kind == HC_DECODE_SKIP_PROFILE;
}

void hc_decode_batch_split(hc_decode_batch *first, hc_decode_batch *second)
{
	size_t k = 0, j = 0;

	/* first gives up its other-encoding skips: to second when second has
	 * the case as an item, and to nobody when second has no entry for it
	 * (the case is no decode case in its own encoding either) */
	for (size_t i = 0; i < first->n; i++) {
		const hc_batch_entry *e = &first->entries[i], *f;
		f = bsearch(e, second->entries, second->n, sizeof *e, cmp_entry);
		if (!other_profile(e) || (f != NULL && f->item == NULL))
			first->entries[j++] = *e;
	}
	first->n = j;
	/* second keeps the items first did not have */
	for (size_t i = 0; i < second->n; i++) {
		const hc_batch_entry *e = &second->entries[i];
		if (e->item != NULL &&
		    bsearch(e, first->entries, first->n, sizeof *e, cmp_entry) == NULL)
			second->entries[k++] = *e;
	}
	second->n = k;
}

int hc_decode_batch_build(hc_decode_batch *b, const hc_profile *p, hd_profile enc,
                          const char *suite, const char *glob, const hc_batch_hooks *hooks,
                          hd_status *st)
{
	char dir[4200];

	memset(b, 0, sizeof *b);
	b->hooks = *hooks;
	b->set.profile = enc;
	if (p->role[HC_ROLE_DECODE] == NULL)
		return 0;
	snprintf(dir, sizeof dir, "%s/cases/expr", suite);
	if (hc_decode_collect(dir, enc, &b->set, st) != 0) {
		/* the suite is broken, not the profile: the run fails (exit 3) */
		if (st->kind == HD_BAD_INPUT)
			st->kind = HD_INTERNAL;
		return -1;
	}
	if (gather(b, glob) != 0) {
		hc_decode_batch_free(b);
		return oom(st);
	}
	return 0;
}

size_t hc_decode_batch_results(const hc_decode_batch *b)
{
	return b->n;
}

void hc_decode_batch_resume(hc_decode_batch *b, const hc_run *run)
{
	for (size_t i = 0; i < run->n; i++) {
		hc_batch_entry key, *e;
		if (strcmp(run->results[i].check, HC_DECODE_CHECK) != 0)
			continue;
		key.case_id = run->results[i].case_id;
		e = bsearch(&key, b->entries, b->n, sizeof *b->entries, cmp_entry);
		if (e != NULL)
			e->done = 1;
	}
}

/* ---- recording ---- */

/* One decode result through the runner; reason and diff are copied. */
static int record_one(hc_decode_batch *b, const char *case_id, hc_outcome o,
                      const char *reason, const char *diff, double seconds, hd_status *st)
{
	hc_result res;
	int rc;

	memset(&res, 0, sizeof res);
	res.case_id = strdup(case_id);
	res.check = strdup(HC_DECODE_CHECK);
	res.outcome = o;
	res.reason = reason != NULL ? strdup(reason) : NULL;
	res.diff = diff != NULL ? strdup(diff) : NULL;
	res.seconds = seconds;
	if (res.case_id == NULL || res.check == NULL || (reason != NULL && res.reason == NULL) ||
	    (diff != NULL && res.diff == NULL))
		rc = oom(st);
	else
		rc = b->hooks.record(b->hooks.ctx, &res, st);
	hc_result_free(&res);
	return rc;
}

/* Every item of the object still without a result ends o: the one command
 * answers for all of them, so when it fails, they all do. */
static int record_all(hc_decode_batch *b, hc_outcome o, const char *reason, double seconds,
                      hd_status *st)
{
	for (size_t i = 0; i < b->ntodo; i++)
		if (b->fresh[i] &&
		    record_one(b, b->todo[i].case_id, o, reason, NULL, seconds, st) != 0)
			return -1;
	return 0;
}

/* A skip's result, decided when the corpus was read. */
static int record_skip(hc_decode_batch *b, const hc_decode_skip *sk, hd_status *st)
{
	hc_outcome o = sk->kind == HC_DECODE_SKIP_PROFILE ? HC_NOT_SUPPORTED : HC_INTERNAL_ERROR;

	return record_one(b, sk->case_id, o, sk->reason, NULL, 0, st);
}

/* ---- the command ---- */

/* Sorts the entries without a result into what is recorded now (skips,
 * items the profile declares absent) and the object's items; returns how
 * many of those still need a result, or -1. Items already judged stay in
 * the object, so a resumed batch asks the candidate exactly what an
 * uninterrupted one would. */
static long settle(hc_decode_batch *b, hd_status *st)
{
	long fresh = 0;
	char reason[600];

	b->todo = calloc(b->n ? b->n : 1, sizeof *b->todo);
	b->fresh = calloc(b->n ? b->n : 1, 1);
	if (b->todo == NULL || b->fresh == NULL)
		return oom(st);
	for (size_t i = 0; i < b->n; i++) {
		const hc_batch_entry *e = &b->entries[i];
		if (e->skip != NULL) {
			if (!e->done && record_skip(b, e->skip, st) != 0)
				return -1;
		} else if (b->hooks.unsupported(b->hooks.ctx, e->case_id, reason, sizeof reason)) {
			if (!e->done &&
			    record_one(b, e->case_id, HC_NOT_SUPPORTED, reason, NULL, 0, st) != 0)
				return -1;
		} else {
			b->todo[b->ntodo] = *e->item;
			b->fresh[b->ntodo++] = !e->done;
			fresh += !e->done;
		}
	}
	return fresh;
}

/* scratch/decode/ (decode-2/ for a second encoding's batch) with the
 * object in it, and the command started. */
static int launch(hc_decode_batch *b, const char *scratch, hc_child *c, hd_status *st)
{
	if (b->index == 0)
		snprintf(b->dir, sizeof b->dir, "%s/decode", scratch);
	else
		snprintf(b->dir, sizeof b->dir, "%s/decode-%u", scratch, b->index + 1);
	snprintf(b->in, sizeof b->in, "%s/in.o", b->dir);
	snprintf(b->out, sizeof b->out, "%s/out", b->dir);
	snprintf(b->out_log, sizeof b->out_log, "%s/stdout.txt", b->dir);
	snprintf(b->err_log, sizeof b->err_log, "%s/stderr.txt", b->dir);
	if (mkdir(b->dir, 0755) != 0 && errno != EEXIST)
		return hd_fail(st, HD_INTERNAL, "scratch", 0, "cannot make %s", b->dir);
	/* an output left by a killed run must not be judged as this one's */
	unlink(b->out);
	if (hc_decode_write_object(b->todo, b->ntodo, b->set.profile, b->in, st) != 0)
		return -1;
	return b->hooks.start(b->hooks.ctx, b->set.profile, b->dir, b->in, b->out, b->out_log,
	                      b->err_log, c, st);
}

int hc_decode_batch_start(hc_decode_batch *b, const char *scratch, hc_child *c,
                          int *started, hd_status *st)
{
	long fresh;
	hd_status why;

	*started = 0;
	if (b->n == 0)
		return 0;
	if ((fresh = settle(b, st)) <= 0)
		return (int)fresh;
	hd_status_clear(&why);
	if (launch(b, scratch, c, &why) != 0)
		return why.kind == HD_NO_MEMORY ? oom(st)
		                                : record_all(b, HC_INTERNAL_ERROR, why.msg, 0, st);
	*started = 1;
	return 0;
}

int hc_decode_batch_finish(hc_decode_batch *b, const hc_child *c, hd_status *st)
{
	/* each result carries its share of the command's time, so the
	 * seconds of a run still add up to the time its commands took */
	double share = b->ntodo ? c->seconds / (double)b->ntodo : 0;
	hc_decode_verdict *v;
	hc_result ended;
	int rc = 0;

	memset(&ended, 0, sizeof ended);
	if (hc_judge_exit(c, b->err_log, &ended)) {
		rc = record_all(b, ended.outcome, ended.reason, share, st);
		hc_result_free(&ended);
		return rc;
	}
	hc_result_free(&ended);
	if ((v = calloc(b->ntodo ? b->ntodo : 1, sizeof *v)) == NULL)
		return oom(st);
	if (hc_decode_judge_file(b->todo, b->ntodo, b->set.profile, b->out, v, st) != 0) {
		free(v);
		return -1;
	}
	for (size_t i = 0; i < b->ntodo && rc == 0; i++)
		if (b->fresh[i])
			rc = record_one(b, b->todo[i].case_id, v[i].outcome, v[i].reason, v[i].diff,
			                share, st);
	hc_decode_verdicts_free(v, b->ntodo);
	free(v);
	return rc;
}

void hc_decode_batch_free(hc_decode_batch *b)
{
	hc_decode_set_free(&b->set);
	free(b->entries);
	free(b->todo);
	free(b->fresh);
	memset(b, 0, sizeof *b);
}
