/* The results model (result.h): outcome names, the conformance rule, and a
 * run's list of results. */
#include "result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util/sort.h"

/* Indexed by hc_outcome; the names are the JSON, TAP and report spelling. */
static const char *const outcome_names[HC_OUTCOME_COUNT] = {
	"pass", "fail", "not-supported", "quality-warning", "compatibility-warning",
	"waived", "crash", "timeout", "internal-error",
};

const char *hc_outcome_name(hc_outcome o)
{
	return (unsigned)o < HC_OUTCOME_COUNT ? outcome_names[o] : "invalid";
}

int hc_outcome_parse(const char *name, size_t len, hc_outcome *o)
{
	for (int i = 0; i < HC_OUTCOME_COUNT; i++)
		if (strlen(outcome_names[i]) == len && memcmp(outcome_names[i], name, len) == 0) {
			*o = (hc_outcome)i;
			return 0;
		}
	return -1;
}

/* The conforming outcomes (docs/conformance.md): the candidate answered acceptably, or is
 * excused by its own profile (not-supported, waived). */
int hc_outcome_conforms(hc_outcome o)
{
	switch (o) {
	case HC_PASS:
	case HC_NOT_SUPPORTED:
	case HC_QUALITY_WARNING:
	case HC_COMPAT_WARNING:
	case HC_WAIVED:
		return 1;
	default:
		return 0;
	}
}

void hc_result_free(hc_result *r)
{
	free(r->case_id);
	free(r->check);
	free(r->reason);
	free(r->diff);
	free(r->waiver);
	free(r->command);
	free(r->scratch);
	free(r->stderr_tail);
	for (size_t i = 0; i < r->ncovers; i++)
		free(r->covers[i]);
	free(r->covers);
	/* zeroed so a second free, or a free after a failed parse, is harmless */
	memset(r, 0, sizeof *r);
}

void hc_run_init(hc_run *run)
{
	memset(run, 0, sizeof *run);
}

void hc_run_free(hc_run *run)
{
	for (size_t i = 0; i < run->n; i++)
		hc_result_free(&run->results[i]);
	free(run->results);
	free(run->suite_version);
	free(run->suite_revision);
	free(run->candidate);
	free(run->encoding);
	free(run->started);
	free(run->finished);
	free(run->shard);
	free(run->scope);
	hc_run_init(run);
}

/* strdup that keeps NULL as NULL; *failed set when memory runs out. */
static char *dup_or_null(const char *s, int *failed)
{
	char *d;

	if (s == NULL)
		return NULL;
	d = strdup(s);
	if (d == NULL)
		*failed = 1;
	return d;
}

static int copy_result(hc_result *d, const hc_result *s)
{
	int failed = 0;

	*d = *s;
	d->case_id = dup_or_null(s->case_id, &failed);
	d->check = dup_or_null(s->check, &failed);
	d->reason = dup_or_null(s->reason, &failed);
	d->diff = dup_or_null(s->diff, &failed);
	d->waiver = dup_or_null(s->waiver, &failed);
	d->command = dup_or_null(s->command, &failed);
	d->scratch = dup_or_null(s->scratch, &failed);
	d->stderr_tail = dup_or_null(s->stderr_tail, &failed);
	d->covers = NULL;
	d->ncovers = 0;
	if (s->ncovers > 0 && !failed) {
		d->covers = calloc(s->ncovers, sizeof *d->covers);
		if (d->covers == NULL)
			failed = 1;
		for (size_t i = 0; d->covers != NULL && i < s->ncovers; i++) {
			d->covers[i] = dup_or_null(s->covers[i], &failed);
			d->ncovers = i + 1;
		}
	}
	if (failed) {
		hc_result_free(d);
		return -1;
	}
	return 0;
}

static int grow(hc_run *run)
{
	size_t cap;
	hc_result *v;

	if (run->n < run->cap)
		return 0;
	cap = run->cap ? run->cap * 2 : 64;
	if (cap > SIZE_MAX / sizeof *v)
		return -1;
	v = realloc(run->results, cap * sizeof *v);
	if (v == NULL)
		return -1;
	run->results = v;
	run->cap = cap;
	return 0;
}

/* Seconds as results.json and the journal store them, to the microsecond:
 * the reports a run writes are then the ones its results.json renders to
 * when read back, which is how a submission is checked (record.h). */
static double microseconds(double s)
{
	return floor(s * 1e6 + 0.5) / 1e6;
}

int hc_run_add(hc_run *run, const hc_result *r)
{
	if (grow(run) != 0 || copy_result(&run->results[run->n], r) != 0)
		return -1;
	run->results[run->n].seconds = microseconds(r->seconds);
	run->n++;
	return 0;
}

int hc_run_take(hc_run *run, hc_result *r)
{
	if (grow(run) != 0)
		return -1;
	run->results[run->n] = *r;
	run->results[run->n].seconds = microseconds(r->seconds);
	run->n++;
	memset(r, 0, sizeof *r);
	return 0;
}

/* NULL sorts as "" so a half-filled result cannot crash the sort. */
static int cmp_str(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

/* Orders by every member, not only the key, so that even duplicate keys
 * come out in one order whatever qsort does with equal elements. */
static int cmp_result(const void *pa, const void *pb)
{
	const hc_result *a = pa, *b = pb;
	int c;

	if ((c = cmp_str(a->case_id, b->case_id)) != 0 || (c = cmp_str(a->check, b->check)) != 0)
		return c;
	if (a->outcome != b->outcome)
		return a->outcome < b->outcome ? -1 : 1;
	if ((c = cmp_str(a->reason, b->reason)) != 0 || (c = cmp_str(a->waiver, b->waiver)) != 0 ||
	    (c = cmp_str(a->diff, b->diff)) != 0)
		return c;
	if (a->must_pass != b->must_pass)
		return a->must_pass < b->must_pass ? -1 : 1;
	if (a->seconds != b->seconds)
		return a->seconds < b->seconds ? -1 : 1;
	if (a->ncovers != b->ncovers)
		return a->ncovers < b->ncovers ? -1 : 1;
	for (size_t i = 0; i < a->ncovers; i++)
		if ((c = cmp_str(a->covers[i], b->covers[i])) != 0)
			return c;
	return 0;
}

void hc_run_sort(hc_run *run)
{
	if (run->n > 1)
		hd_sort(run->results, run->n, sizeof *run->results, cmp_result);
}

void hc_run_count(const hc_run *run, size_t counts[HC_OUTCOME_COUNT])
{
	for (int i = 0; i < HC_OUTCOME_COUNT; i++)
		counts[i] = 0;
	for (size_t i = 0; i < run->n; i++)
		if ((unsigned)run->results[i].outcome < HC_OUTCOME_COUNT)
			counts[run->results[i].outcome]++;
}

void hc_run_verdict(const hc_run *run, hc_verdict *v)
{
	memset(v, 0, sizeof *v);
	for (size_t i = 0; i < run->n; i++) {
		hc_outcome o = run->results[i].outcome;
		if (!run->results[i].must_pass)
			continue;
		v->must_pass++;
		v->bad += !hc_outcome_conforms(o);
		v->accepted += o == HC_PASS || o == HC_QUALITY_WARNING || o == HC_COMPAT_WARNING;
		v->waived += o == HC_WAIVED;
	}
	/* a candidate conforms by passing, never by declaring everything away */
	v->conforms = v->bad == 0 && v->accepted > 0;
}

void hc_verdict_text(const hc_verdict *v, hd_buf *out)
{
	if (v->conforms && v->waived == 0)
		hd_buf_printf(out, "conforms");
	else if (v->conforms)
		hd_buf_printf(out, "conforms with %zu waiver%s", v->waived, v->waived == 1 ? "" : "s");
	else if (v->bad > 0)
		hd_buf_printf(out, "does not conform: %zu of %zu must-pass results do not", v->bad,
		              v->must_pass);
	else if (v->must_pass == 0)
		hd_buf_printf(out, "does not conform: no must-pass result");
	else
		hd_buf_printf(out, "does not conform: none of the %zu must-pass results was accepted "
		              "(all waived or not supported)", v->must_pass);
}

int hc_run_conforms(const hc_run *run)
{
	hc_verdict v;

	hc_run_verdict(run, &v);
	return v.conforms;
}
