/* Reading a watch file back (watch_file.h, docs/watch-format.md "The
 * file"). One pass over a copy of the text: each line is cut in place into
 * the fields the grammar names, and every rule broken is an error with the
 * line. The arrays grow with the lines, so the memory is a small multiple
 * of the input and the time linear in it. */
#include <stdlib.h>
#include <string.h>

#include "watch_file.h"

typedef struct reader {
	hd_watch_file *wf;
	const char *name;
	uint32_t line;
	hd_status *st;
	uint32_t cap_kernels, cap_stops, cap_values, cap_ranges;
	uint64_t stop_items;   /* work-items of the last stop */
	uint64_t var_items;    /* work-items of its last variable's lines so far */
} reader;

static int syntax(reader *r, const char *rule)
{
	return hd_fail(r->st, HD_BAD_INPUT, "watch-syntax", r->line, "%s:%u: %s", r->name,
	               r->line, rule);
}

/* Room for one more element of an array that doubles. */
static int grow(reader *r, void **p, uint32_t *cap, uint32_t n, size_t size)
{
	void *q;
	uint32_t c;

	if (n < *cap)
		return 0;
	if (*cap > UINT32_MAX / 2)
		return syntax(r, "too many lines");
	c = *cap ? *cap * 2 : 16;
	q = realloc(*p, (size_t)c * size);
	if (q == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", r->line, "%s:%u: out of memory",
		               r->name, r->line);
	*p = q;
	*cap = c;
	return 0;
}

/* Cuts s at the first occurrence of sep: *s is the text before it, the
 * return the text after. NULL when sep is not there. */
static char *cut(char *s, const char *sep)
{
	char *p = strstr(s, sep);

	if (p == NULL)
		return NULL;
	*p = '\0';
	return p + strlen(sep);
}

/* Cuts s at the last occurrence of sep. */
static char *cut_last(char *s, const char *sep)
{
	char *p = NULL, *q = s;

	while ((q = strstr(q, sep)) != NULL)
		p = q++;
	if (p == NULL)
		return NULL;
	*p = '\0';
	return p + strlen(sep);
}

/* A decimal number of at most max, the whole of s; -1 otherwise. */
static int number(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t n = 0;

	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9' || n > (max - (uint64_t)(*s - '0')) / 10)
			return -1;
		n = n * 10 + (uint64_t)(*s - '0');
	}
	*v = n;
	return 0;
}

static int u32(const char *s, uint32_t *v)
{
	uint64_t n;

	if (number(s, UINT32_MAX, &n) != 0)
		return -1;
	*v = (uint32_t)n;
	return 0;
}

/* "X,Y,Z" */
static int xyz(char *s, uint32_t v[3])
{
	char *y = cut(s, ","), *z = y != NULL ? cut(y, ",") : NULL;

	return z != NULL && u32(s, &v[0]) == 0 && u32(y, &v[1]) == 0 && u32(z, &v[2]) == 0 ? 0
	                                                                                 : -1;
}

/* ITEMS: ascending, disjoint ranges of work-items of a group of `size`;
 * *count is how many work-items they hold. */
static int items(reader *r, char *s, uint32_t size, uint32_t *first, uint32_t *n,
                 uint64_t *count)
{
	hd_watch_file *wf = r->wf;
	uint64_t next = 0;

	*first = wf->nranges;
	*n = 0;
	*count = 0;
	for (;;) {
		char *rest = cut(s, ","), *hi = cut(s, "-");
		hd_wf_range g;

		if (u32(s, &g.lo) != 0 || (hi != NULL ? u32(hi, &g.hi) : u32(s, &g.hi)) != 0)
			return syntax(r, "a work-item range is N or N-N");
		if (g.lo < next || g.hi < g.lo || g.hi >= size)
			return syntax(r, "work-item ranges ascend, do not overlap and stay in the group");
		if (grow(r, (void **)&wf->ranges, &r->cap_ranges, wf->nranges, sizeof g) != 0)
			return -1;
		wf->ranges[wf->nranges++] = g;
		(*n)++;
		*count += (uint64_t)g.hi - g.lo + 1;
		next = (uint64_t)g.hi + 1;
		if (rest == NULL)
			return 0;
		s = rest;
	}
}

static hd_wf_kernel *kernel_now(reader *r)
{
	return r->wf->nkernels ? &r->wf->kernels[r->wf->nkernels - 1] : NULL;
}

static uint32_t group_size(const hd_wf_kernel *k)
{
	uint64_t n = (uint64_t)k->local[0] * k->local[1] * k->local[2];
	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

static int read_kernel(reader *r, char *s)
{
	hd_watch_file *wf = r->wf;
	hd_wf_kernel *k;

	if (grow(r, (void **)&wf->kernels, &r->cap_kernels, wf->nkernels, sizeof *k) != 0)
		return -1;
	k = &wf->kernels[wf->nkernels++];
	memset(k, 0, sizeof *k);
	k->name = s;
	k->stop = wf->nstops;
	return *s != '\0' ? 0 : syntax(r, "a kernel has a name");
}

/* "global=X,Y,Z local=X,Y,Z offset=X,Y,Z wave=W" */
static int read_ndrange(reader *r, hd_wf_kernel *k, char *s)
{
	char *g = cut(s, "global="), *l = g != NULL ? cut(g, " local=") : NULL;
	char *o = l != NULL ? cut(l, " offset=") : NULL, *w = o != NULL ? cut(o, " wave=") : NULL;

	if (w == NULL || *s != '\0' || xyz(g, k->global) != 0 || xyz(l, k->local) != 0 ||
	    xyz(o, k->offset) != 0 || u32(w, &k->wave) != 0)
		return syntax(r, "ndrange global=X,Y,Z local=X,Y,Z offset=X,Y,Z wave=W");
	if (k->local[0] == 0 || k->local[1] == 0 || k->local[2] == 0)
		return syntax(r, "a work-group has at least one work-item");
	return 0;
}

/* "N FUNCTION [inlined] FILE:LINE:COLUMN group X,Y,Z items ITEMS". The file
 * is the last word before " group " (a path with no space), the function
 * everything before it, so a C++ name with spaces reads whole. */
static int read_stop(reader *r, hd_wf_kernel *k, char *s)
{
	hd_watch_file *wf = r->wf;
	char *rest = cut(s, " "), *tail = rest != NULL ? cut_last(rest, " group ") : NULL;
	char *file, *col, *line, *its;
	hd_wf_stop *p;

	if (tail == NULL || (its = cut(tail, " items ")) == NULL ||
	    (file = cut_last(rest, " ")) == NULL || (col = cut_last(file, ":")) == NULL ||
	    (line = cut_last(file, ":")) == NULL)
		return syntax(r, "stop N FUNCTION [inlined] FILE:LINE:COLUMN group X,Y,Z items ITEMS");
	if (grow(r, (void **)&wf->stops, &r->cap_stops, wf->nstops, sizeof *p) != 0)
		return -1;
	p = &wf->stops[wf->nstops];
	memset(p, 0, sizeof *p);
	if (number(s, UINT64_MAX, &p->number) != 0 || u32(line, &p->line) != 0 ||
	    u32(col, &p->column) != 0 || xyz(tail, p->group) != 0)
		return syntax(r, "a stop's number, line, column and group are decimal numbers");
	if (p->number != (uint64_t)k->nstops + 1)
		return syntax(r, "stops are numbered from 1 in order");
	size_t n = strlen(rest);
	if (n > 8 && strcmp(rest + n - 8, " inlined") == 0) {
		rest[n - 8] = '\0';
		p->inlined = 1;
	}
	if (*rest == '\0' || *file == '\0')
		return syntax(r, "a stop names its function and file");
	p->function = rest;
	p->file = file;
	p->value = wf->nvalues;
	if (items(r, its, group_size(k), &p->range, &p->nranges, &r->stop_items) != 0)
		return -1;
	/* a stop is one wavefront's lanes: this bounds the lines a lookup of a
	 * variable's value reads (hd_wf_value_of) */
	if (r->stop_items > k->wave)
		return syntax(r, "a stop has at most a wavefront's work-items");
	wf->nstops++;
	k->nstops++;
	return 0;
}

/* "VAR [ITEMS] = TEXT", under the last stop. */
static int read_value(reader *r, hd_wf_kernel *k, char *s)
{
	hd_watch_file *wf = r->wf;
	char *its = cut(s, " ["), *text = its != NULL ? cut(its, "] = ") : NULL;
	hd_wf_stop *p = &wf->stops[wf->nstops - 1];
	const hd_wf_value *prev;
	hd_wf_value *v;
	uint64_t count;
	int order;

	if (text == NULL || *s == '\0')
		return syntax(r, "a value line is \"  VAR [ITEMS] = TEXT\"");
	if (grow(r, (void **)&wf->values, &r->cap_values, wf->nvalues, sizeof *v) != 0)
		return -1;
	prev = p->nvalues ? &wf->values[wf->nvalues - 1] : NULL;  /* after the realloc */
	v = &wf->values[wf->nvalues];
	v->var = s;
	v->text = text;
	if (items(r, its, group_size(k), &v->range, &v->nranges, &count) != 0)
		return -1;
	/* sorted by name, so a lookup finds a variable by bisection */
	order = prev != NULL ? strcmp(prev->var, v->var) : -1;
	if (order > 0)
		return syntax(r, "a stop lists its variables sorted by name");
	r->var_items = (order == 0 ? r->var_items : 0) + count;
	if (r->var_items > r->stop_items)
		return syntax(r, "a variable's lines hold no more work-items than its stop");
	wf->nvalues++;
	p->nvalues++;
	return 0;
}

/* What the line after the last one may be. */
enum { WANT_HEADER, WANT_KERNEL, WANT_NDRANGE, IN_STOPS, WANT_STEPS, WANT_EXECUTED };

static int read_line(reader *r, int *want, char *s)
{
	hd_wf_kernel *k = kernel_now(r);
	uint64_t total;
	char *of;

	switch (*want) {
	case WANT_HEADER:
		*want = WANT_KERNEL;
		return strcmp(s, "hdcts-watch 1") == 0 ? 0 : syntax(r, "a watch starts \"hdcts-watch 1\"");
	case WANT_KERNEL:
		*want = WANT_NDRANGE;
		return strncmp(s, "kernel ", 7) == 0 ? read_kernel(r, s + 7)
		                                     : syntax(r, "expected \"kernel NAME\"");
	case WANT_NDRANGE:
		*want = IN_STOPS;
		return strncmp(s, "ndrange ", 8) == 0 ? read_ndrange(r, k, s + 8)
		                                      : syntax(r, "expected \"ndrange ...\"");
	case WANT_STEPS:
		*want = WANT_EXECUTED;
		return strncmp(s, "steps ", 6) == 0 && number(s + 6, UINT64_MAX, &k->steps) == 0
		               ? 0 : syntax(r, "expected \"steps N\"");
	case WANT_EXECUTED:
		*want = WANT_KERNEL;
		if (strncmp(s, "executed", 8) != 0 || (s[8] != '\0' && s[8] != ' '))
			return syntax(r, "expected \"executed\" and the instructions");
		k->executed = s + 8;
		return 0;
	}
	if (strncmp(s, "stop ", 5) == 0 && k->total == 0)
		return read_stop(r, k, s + 5);
	if (strncmp(s, "  ", 2) == 0 && k->nstops > 0 && k->total == 0)
		return read_value(r, k, s + 2);
	if (strncmp(s, "truncated after ", 16) == 0 && k->total == 0) {
		of = cut(s + 16, " of ");
		if (of == NULL || cut(of, " stops") == NULL ||
		    number(s + 16, UINT64_MAX, &k->printed) != 0 ||
		    number(of, UINT64_MAX, &total) != 0 || k->printed != k->nstops || total <= k->printed)
			return syntax(r, "\"truncated after N of M stops\": N the stops above, M more");
		k->total = total;
		return 0;
	}
	if (strncmp(s, "outcome ", 8) == 0) {
		*want = WANT_STEPS;
		k->outcome = s + 8;
		return 0;
	}
	return syntax(r, "expected a stop, a value under it, \"truncated ...\" or \"outcome ...\"");
}

void hd_watch_file_free(hd_watch_file *wf)
{
	if (wf == NULL)
		return;
	free(wf->text);
	free(wf->kernels);
	free(wf->stops);
	free(wf->values);
	free(wf->ranges);
	free(wf);
}

int hd_watch_file_read(const char *text, size_t len, const char *name, hd_watch_file **out,
                       hd_status *st)
{
	reader r = { 0 };
	int want = WANT_HEADER;
	char *s, *end;

	*out = NULL;
	r.name = name;
	r.st = st;
	r.wf = calloc(1, sizeof *r.wf);
	if (r.wf == NULL || (r.wf->text = malloc(len + 1)) == NULL) {
		hd_watch_file_free(r.wf);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "%s: out of memory", name);
	}
	if (len > 0)  /* an empty file's text may be NULL */
		memcpy(r.wf->text, text, len);
	r.wf->text[len] = '\0';
	if (memchr(r.wf->text, '\0', len) != NULL) {
		hd_watch_file_free(r.wf);
		return hd_fail(st, HD_BAD_INPUT, "watch-syntax", 0, "%s: a NUL byte in a text file",
		               name);
	}
	for (s = r.wf->text; *s != '\0'; s = end) {
		char *nl = strchr(s, '\n');
		end = nl != NULL ? nl + 1 : s + strlen(s);
		if (nl != NULL)
			*nl = '\0';
		r.line++;
		if (read_line(&r, &want, s) != 0) {
			hd_watch_file_free(r.wf);
			return -1;
		}
	}
	r.line++;
	if (want != WANT_KERNEL) {
		hd_watch_file_free(r.wf);
		return want == WANT_HEADER ? syntax(&r, "an empty watch")
		                           : syntax(&r, "the last kernel ends before its \"executed\" line");
	}
	*out = r.wf;
	return 0;
}

const hd_wf_kernel *hd_watch_file_kernel(const hd_watch_file *wf, const char *name)
{
	for (uint32_t i = 0; i < wf->nkernels; i++)
		if (strcmp(wf->kernels[i].name, name) == 0)
			return &wf->kernels[i];
	return NULL;
}

int hd_wf_has_item(const hd_watch_file *wf, uint32_t range, uint32_t n, uint32_t item)
{
	for (uint32_t i = range; i < range + n; i++)
		if (item >= wf->ranges[i].lo && item <= wf->ranges[i].hi)
			return 1;
	return 0;
}

/* The reader saw to it that a stop's values are sorted by variable and
 * that one variable's lines hold at most a wavefront's work-items, so this
 * reads O(log values + wave) ranges. */
const char *hd_wf_value_of(const hd_watch_file *wf, const hd_wf_stop *s, const char *var,
                           uint32_t item)
{
	uint32_t lo = s->value, hi = s->value + s->nvalues;

	while (lo < hi) {  /* the first line of var */
		uint32_t mid = lo + (hi - lo) / 2;
		if (strcmp(wf->values[mid].var, var) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < s->value + s->nvalues && strcmp(wf->values[lo].var, var) == 0; lo++) {
		const hd_wf_value *v = &wf->values[lo];
		if (hd_wf_has_item(wf, v->range, v->nranges, item))
			return v->text;
	}
	return NULL;
}

static void put_ranges(const hd_watch_file *wf, uint32_t range, uint32_t n, hd_buf *out)
{
	for (uint32_t i = range; i < range + n; i++) {
		const hd_wf_range *g = &wf->ranges[i];
		hd_buf_printf(out, "%s%u", i > range ? "," : "", g->lo);
		if (g->hi > g->lo)
			hd_buf_printf(out, "-%u", g->hi);
	}
}

void hd_watch_file_print(const hd_watch_file *wf, hd_buf *out)
{
	hd_buf_printf(out, "hdcts-watch 1\n");
	for (uint32_t i = 0; i < wf->nkernels; i++) {
		const hd_wf_kernel *k = &wf->kernels[i];
		hd_buf_printf(out, "kernel %s\nndrange global=%u,%u,%u local=%u,%u,%u "
		              "offset=%u,%u,%u wave=%u\n", k->name, k->global[0], k->global[1],
		              k->global[2], k->local[0], k->local[1], k->local[2], k->offset[0],
		              k->offset[1], k->offset[2], k->wave);
		for (uint32_t j = k->stop; j < k->stop + k->nstops; j++) {
			const hd_wf_stop *s = &wf->stops[j];
			hd_buf_printf(out, "stop %llu %s%s %s:%u:%u group %u,%u,%u items ",
			              (unsigned long long)s->number, s->function,
			              s->inlined ? " inlined" : "", s->file, s->line, s->column,
			              s->group[0], s->group[1], s->group[2]);
			put_ranges(wf, s->range, s->nranges, out);
			hd_buf_printf(out, "\n");
			for (uint32_t v = s->value; v < s->value + s->nvalues; v++) {
				hd_buf_printf(out, "  %s [", wf->values[v].var);
				put_ranges(wf, wf->values[v].range, wf->values[v].nranges, out);
				hd_buf_printf(out, "] = %s\n", wf->values[v].text);
			}
		}
		if (k->total != 0)
			hd_buf_printf(out, "truncated after %llu of %llu stops\n",
			              (unsigned long long)k->printed, (unsigned long long)k->total);
		hd_buf_printf(out, "outcome %s\nsteps %llu\nexecuted%s\n", k->outcome,
		              (unsigned long long)k->steps, k->executed);
	}
}
