/* The fact bag of the coverage map, and the `covers:` tags of case files. */
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/status.h"
#include "util/sort.h"

void cov_add(cov_facts *f, const char *fact, int pol, const char *where)
{
	cov_fact *x;

	if (f->n == f->cap) {
		size_t n = f->cap ? f->cap * 2 : 1024;
		cov_fact *p = realloc(f->v, n * sizeof *p);
		if (p == NULL) {
			f->failed = 1;
			return;
		}
		f->v = p;
		f->cap = n;
	}
	x = &f->v[f->n];
	x->fact = strdup(fact);
	x->where = strdup(where);
	x->pol = (unsigned char)pol;
	if (x->fact == NULL || x->where == NULL) {
		free(x->fact);
		free(x->where);
		f->failed = 1;
		return;
	}
	f->n++;
}

static int cmp_fact(const void *a, const void *b)
{
	const cov_fact *x = a, *y = b;
	int c = strcmp(x->fact, y->fact);

	if (c != 0)
		return c;
	if (x->pol != y->pol)
		return x->pol < y->pol ? -1 : 1;
	return strcmp(x->where, y->where);
}

void cov_finish(cov_facts *f)
{
	if (f->n > 1)
		hd_sort(f->v, f->n, sizeof f->v[0], cmp_fact);
}

void cov_free(cov_facts *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].fact);
		free(f->v[i].where);
	}
	free(f->v);
	memset(f, 0, sizeof *f);
}

long cov_find(const cov_facts *f, const char *fact)
{
	size_t lo = 0, hi = f->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(f->v[mid].fact, fact) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->n && strcmp(f->v[lo].fact, fact) == 0 ? (long)lo : -1;
}

int cov_polarities(const cov_facts *f, const char *fact, size_t *ncases, const char **first)
{
	long i = cov_find(f, fact);
	int pol = 0;

	*ncases = 0;
	*first = NULL;
	for (; i >= 0 && (size_t)i < f->n && strcmp(f->v[i].fact, fact) == 0; i++) {
		pol |= f->v[i].pol;
		(*ncases)++;
		if (*first == NULL)
			*first = f->v[i].where;
	}
	return pol;
}

int cov_tags(const char *path, const char *marker, const char *where, cov_facts *tags)
{
	hd_buf text;
	hd_status st;
	size_t mlen = strlen(marker);
	char *p;

	hd_buf_init(&text);
	if (hd_read_file(path, 1u << 28, &text, &st) != 0) {
		hd_buf_free(&text);
		return -1;
	}
	for (p = (char *)text.data; p != NULL && *p; ) {
		char *end = strchr(p, '\n'), *q = p;
		if (end != NULL)
			*end = '\0';
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, marker, mlen) == 0) {
			for (q += mlen; *q == ' ' || *q == '\t'; q++)
				;
			if (strncmp(q, "covers:", 7) == 0) {
				char *e;
				for (q += 7; *q == ' ' || *q == '\t'; q++)
					;
				e = q + strlen(q);
				while (e > q && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
					*--e = '\0';
				if (*q)
					cov_add(tags, q, 0, where);
			}
		}
		p = end != NULL ? end + 1 : NULL;
	}
	hd_buf_free(&text);
	return 0;
}

void cov_check_tags(cov_facts *tags, cov_facts *facts_of_case, cov_facts *bad)
{
	cov_finish(facts_of_case);
	for (size_t i = 0; i < tags->n; i++)
		if (cov_find(facts_of_case, tags->v[i].fact) < 0)
			cov_add(bad, tags->v[i].fact, 0, tags->v[i].where);
	cov_free(tags);
}
