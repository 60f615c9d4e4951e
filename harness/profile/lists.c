/* Line files (lists.h). They are small and read once per run. */
#include "lists.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/file.h"
#include "util/sort.h"

#define MAX_LIST ((size_t)256 << 20)

static char *field(char **s, char sep, int rest)
{
	char *start = *s, *end;

	if (sep == ' ')
		while (*start == ' ' || *start == '\t')
			start++;
	if (*start == '\0')
		return NULL;
	if (rest) {
		*s = start + strlen(start);
		return start;
	}
	end = sep == ' ' ? start + strcspn(start, " \t") : start + strcspn(start, "\t");
	if (*end != '\0')
		*end++ = '\0';
	*s = end;
	return start;
}

static int add_line(hc_lines *l, char *s, char sep, int nfields)
{
	hc_line x = { NULL, NULL, NULL };

	x.a = field(&s, sep, nfields == 1);
	if (nfields >= 2)
		x.b = field(&s, sep, nfields == 2);
	if (nfields >= 3)
		x.c = field(&s, sep, 1);
	if (x.a == NULL || (nfields >= 2 && x.b == NULL) || (nfields >= 3 && x.c == NULL))
		return 1;
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 1024;
		hc_line *v = realloc(l->v, cap * sizeof *v);
		if (v == NULL)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = x;
	return 0;
}

int hc_lines_read(hc_lines *l, const char *path, char sep, int nfields, int optional,
                  hd_status *st)
{
	hd_buf b;
	char *s;
	unsigned line = 0;

	memset(l, 0, sizeof *l);
	hd_buf_init(&b);
	if (hd_read_file(path, MAX_LIST, &b, st) != 0) {
		hd_buf_free(&b);
		return optional && strcmp(st->code, "open") == 0 ? 0 : -1;
	}
	l->text = strdup(hd_buf_str(&b));
	hd_buf_free(&b);
	if (l->text == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (s = l->text; *s; ) {
		char *nl = strchr(s, '\n'), *p = s;
		int rc;
		if (nl != NULL)
			*nl = '\0';
		line++;
		s = nl != NULL ? nl + 1 : s + strlen(s);
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0' || *p == '#')
			continue;
		rc = add_line(l, p, sep, nfields);
		if (rc != 0) {
			hc_lines_free(l);
			return rc < 0 ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory")
			              : hd_fail(st, HD_BAD_INPUT, "list-syntax", line,
			                        "%s:%u: expected %d fields", path, line, nfields);
		}
	}
	return 0;
}

void hc_lines_free(hc_lines *l)
{
	free(l->v);
	free(l->text);
	memset(l, 0, sizeof *l);
}

static int cmp_fact(const void *x, const void *y)
{
	const hc_line *a = x, *b = y;
	int r = strcmp(a->a, b->a);

	if (r == 0)
		r = strcmp(a->b, b->b);
	return r != 0 ? r : strcmp(a->c, b->c);
}

void hc_index_sort(hc_lines *index)
{
	if (index->n > 1)
		hd_sort(index->v, index->n, sizeof index->v[0], cmp_fact);
}

size_t hc_facts_of(const hc_lines *index, const char *case_id, size_t *first)
{
	size_t lo = 0, hi = index->n, n = 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(index->v[mid].a, case_id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (lo + n < index->n && strcmp(index->v[lo + n].a, case_id) == 0)
		n++;
	return n;
}

size_t hc_waiver(const hc_lines *waivers, const char *case_id, const char *check)
{
	for (size_t i = 0; i < waivers->n; i++)
		if (strcmp(waivers->v[i].a, case_id) == 0 && strcmp(waivers->v[i].b, check) == 0)
			return i;
	return waivers->n;
}

int hc_must_pass(const hc_lines *mustpass, const char *case_id)
{
	for (size_t i = 0; i < mustpass->n; i++)
		if (fnmatch(mustpass->v[i].a, case_id, 0) == 0)
			return 1;
	return 0;
}
