/* Failure groups (docs/reports.md, "Failure groups"): the non-conforming
 * results of a run grouped by their signature, the check and the reason
 * with numbers, addresses and paths written as N, X and P, largest group
 * first. A thousand failures of one assertion are then one line. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "render_internal.h"

/* The signature of r: "CHECK: REASON" with each run of digits N, each
 * 0x... X and each absolute path P, cut at 160 bytes. */
static void signature(const hc_result *r, char *out, size_t size)
{
	const char *s = r->reason ? r->reason : hc_outcome_name(r->outcome);
	size_t n = (size_t)snprintf(out, size, "%s: ", r->check ? r->check : "");

	while (*s && n + 2 < size && n < 160) {
		if (s[0] == '0' && s[1] == 'x' && isxdigit((unsigned char)s[2])) {
			out[n++] = 'X';
			for (s += 2; isxdigit((unsigned char)*s); s++)
				;
		} else if (isdigit((unsigned char)*s)) {
			out[n++] = 'N';
			while (isdigit((unsigned char)*s) || *s == '.')
				s++;
		} else if (*s == '/' && (n == 0 || out[n - 1] == ' ' || out[n - 1] == '(')) {
			out[n++] = 'P';
			while (*s && !isspace((unsigned char)*s) && *s != ':' && *s != ')' && *s != ',')
				s++;
		} else {
			out[n++] = *s++;
		}
	}
	out[n < size ? n : size - 1] = '\0';
}

static int by_size(const void *a, const void *b)
{
	const hc_group *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->signature, y->signature);
}

static int by_signature(const void *a, const void *b)
{
	return strcmp(((const hc_group *)a)->signature, ((const hc_group *)b)->signature);
}

int hc_failure_groups(const hc_run *run, hc_groups *out)
{
	hc_group *v = NULL;
	size_t n = 0;

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < run->n; i++)
		n += !hc_outcome_conforms(run->results[i].outcome);
	if (n == 0)
		return 0;
	if ((v = calloc(n, sizeof *v)) == NULL)
		return -1;
	n = 0;
	for (size_t i = 0; i < run->n; i++) {
		if (hc_outcome_conforms(run->results[i].outcome))
			continue;
		signature(&run->results[i], v[n].signature, sizeof v[n].signature);
		v[n].first = i;
		v[n].count = 1;
		n++;
	}
	/* sort by signature, merge equal ones (keeping the first result), then
	 * order the groups by size: n log n whatever the reasons say */
	qsort(v, n, sizeof *v, by_signature);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k > 0 && strcmp(v[k - 1].signature, v[i].signature) == 0) {
			v[k - 1].count++;
			if (v[i].first < v[k - 1].first)
				v[k - 1].first = v[i].first;
			continue;
		}
		v[k++] = v[i];
	}
	qsort(v, k, sizeof *v, by_size);
	out->v = v;
	out->n = k;
	return 0;
}

void hc_groups_free(hc_groups *g)
{
	free(g->v);
	memset(g, 0, sizeof *g);
}
