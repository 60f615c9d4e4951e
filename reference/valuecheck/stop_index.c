/* The stops of a watch by work-item, for matching a debugger's stops
 * (stop_index.h). */
#include <stdlib.h>
#include <string.h>

#include "stop_index.h"
#include "util/sort.h"

/* How many of a line's consecutive stops a meeting looks at for the
 * column: the stops of one visit of a line, without letting a line run
 * over by a loop make each lookup long. */
#define COLUMN_WINDOW 64u

typedef struct line_pos {
	uint32_t line;
	const char *base;   /* the file's last path component */
	uint32_t at;        /* position in the work-item's stops */
} line_pos;

typedef struct item_stops {
	uint32_t *stops;    /* indices into wf->stops, in the order passed */
	uint32_t n, cap;
	uint32_t cursor;    /* stops before it are met or passed over */
	uint32_t runs;      /* runs of consecutive stops at one line: the visits */
	uint32_t runs_met;  /* runs one of whose stops a debugger stop met */
	uint32_t scanned;   /* stops whose run is known, from the first */
	uint32_t scan_run;  /* the run (1-based) of the last of them */
	uint32_t last_met;  /* the last run met (0: none) */
	const void *last_fn;  /* the function instance of the debugger's last meeting */
	line_pos *by_line;  /* sorted by line, file, at; made at the first meeting */
} item_stops;

struct hd_stop_index {
	const hd_watch_file *wf;
	uint32_t groups[3];
	uint32_t group_items;
	item_stops *items;  /* by group (x fastest), then local index */
	uint32_t nitems;
};

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s != NULL ? s + 1 : path;
}

static uint32_t groups_of(uint32_t global, uint32_t local)
{
	return global / local + (global % local != 0);
}

static item_stops *item_of(const hd_stop_index *ix, const uint32_t group[3], uint32_t item)
{
	uint64_t g;

	if (group[0] >= ix->groups[0] || group[1] >= ix->groups[1] || group[2] >= ix->groups[2] ||
	    item >= ix->group_items)
		return NULL;
	g = group[0] + (uint64_t)ix->groups[0] * (group[1] + (uint64_t)ix->groups[1] * group[2]);
	return &ix->items[g * ix->group_items + item];
}

/* Whether two stops of the watch are at one line of one file. */
static int same_line(const hd_watch_file *wf, uint32_t a, uint32_t b)
{
	return wf->stops[a].line == wf->stops[b].line &&
	       strcmp(wf->stops[a].file, wf->stops[b].file) == 0;
}

static int push(const hd_watch_file *wf, item_stops *s, uint32_t stop)
{
	if (s->n == s->cap) {
		uint32_t cap = s->cap ? s->cap * 2 : 16;
		uint32_t *p = realloc(s->stops, (size_t)cap * sizeof *p);
		if (p == NULL)
			return -1;
		s->stops = p;
		s->cap = cap;
	}
	if (s->n == 0 || !same_line(wf, s->stops[s->n - 1], stop))
		s->runs++;
	s->stops[s->n++] = stop;
	return 0;
}

/* Counts the run of the stop at position at as met. Positions only grow
 * (the cursor does), so the runs are found by one pass over the stops. */
static void met_run(const hd_watch_file *wf, item_stops *it, uint32_t at)
{
	for (; it->scanned <= at; it->scanned++)
		if (it->scanned == 0 ||
		    !same_line(wf, it->stops[it->scanned - 1], it->stops[it->scanned]))
			it->scan_run++;
	if (it->scan_run != it->last_met) {
		it->last_met = it->scan_run;
		it->runs_met++;
	}
}

void hd_stop_index_free(hd_stop_index *ix)
{
	if (ix == NULL)
		return;
	for (uint32_t i = 0; i < ix->nitems; i++) {
		free(ix->items[i].stops);
		free(ix->items[i].by_line);
	}
	free(ix->items);
	free(ix);
}

int hd_stop_index_new(const hd_watch_file *wf, const hd_wf_kernel *k, hd_stop_index **out,
                      hd_status *st)
{
	hd_stop_index *ix = calloc(1, sizeof *ix);
	uint64_t n = 1;

	*out = NULL;
	if (ix == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a stop index");
	ix->wf = wf;
	for (int d = 0; d < 3; d++) {
		ix->groups[d] = groups_of(k->global[d], k->local[d]);
		n *= (uint64_t)ix->groups[d] * k->local[d];
	}
	ix->group_items = k->local[0] * k->local[1] * k->local[2];
	if (n == 0 || n > HD_STOP_INDEX_MAX_ITEMS) {
		hd_stop_index_free(ix);
		return hd_fail(st, HD_BAD_INPUT, "watch-groups", 0,
		               "kernel %s: %llu work-items, the stop index takes 1 to %u", k->name,
		               (unsigned long long)n, HD_STOP_INDEX_MAX_ITEMS);
	}
	ix->nitems = (uint32_t)n;
	ix->items = calloc(ix->nitems, sizeof *ix->items);
	if (ix->items == NULL) {
		hd_stop_index_free(ix);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a stop index");
	}
	for (uint32_t s = k->stop; s < k->stop + k->nstops; s++) {
		const hd_wf_stop *p = &wf->stops[s];
		for (uint32_t r = p->range; r < p->range + p->nranges; r++) {
			for (uint32_t i = wf->ranges[r].lo; i <= wf->ranges[r].hi; i++) {
				item_stops *it = item_of(ix, p->group, i);
				if (it == NULL) {
					hd_stop_index_free(ix);
					return hd_fail(st, HD_BAD_INPUT, "watch-groups", 0,
					               "kernel %s, stop %llu: group %u,%u,%u is outside its "
					               "NDRange", k->name, (unsigned long long)p->number,
					               p->group[0], p->group[1], p->group[2]);
				}
				if (push(wf, it, s) != 0) {
					hd_stop_index_free(ix);
					return hd_fail(st, HD_NO_MEMORY, "no-memory", 0,
					               "no memory for a stop index");
				}
			}
		}
	}
	*out = ix;
	return 0;
}

static int cmp_key(uint32_t line, const char *base, uint32_t at, const line_pos *p)
{
	int c;

	if (line != p->line)
		return line < p->line ? -1 : 1;
	if ((c = strcmp(base, p->base)) != 0)
		return c;
	return at < p->at ? -1 : at > p->at;
}

static int cmp_pos(const void *a, const void *b)
{
	const line_pos *x = a;

	return cmp_key(x->line, x->base, x->at, b);
}

static int sort_by_line(const hd_stop_index *ix, item_stops *it)
{
	it->by_line = malloc((it->n ? it->n : 1) * sizeof *it->by_line);
	if (it->by_line == NULL)
		return -1;
	for (uint32_t i = 0; i < it->n; i++) {
		const hd_wf_stop *p = &ix->wf->stops[it->stops[i]];
		it->by_line[i] = (line_pos){ p->line, base_name(p->file), i };
	}
	hd_sort(it->by_line, it->n, sizeof *it->by_line, cmp_pos);
	return 0;
}

const hd_wf_stop *hd_stop_index_meet(hd_stop_index *ix, const uint32_t group[3], uint32_t item,
                                     const char *file, uint32_t line, uint32_t column,
                                     const void *function, int entry)
{
	item_stops *it = item_of(ix, group, item);
	const char *base = base_name(file);
	uint32_t lo = 0, hi, pick = UINT32_MAX;

	if (it == NULL)
		return NULL;
	/* a call or a return ends the visit of the line the last meeting was in */
	if (it->cursor > 0 && (entry || function != it->last_fn))
		while (it->cursor < it->n &&
		       same_line(ix->wf, it->stops[it->cursor - 1], it->stops[it->cursor]))
			it->cursor++;
	it->last_fn = function;
	if (it->cursor >= it->n || (it->by_line == NULL && sort_by_line(ix, it) != 0))
		return NULL;
	hi = it->n;
	while (lo < hi) {  /* the first stop of this line and file at or past the cursor */
		uint32_t mid = lo + (hi - lo) / 2;
		if (cmp_key(line, base, it->cursor, &it->by_line[mid]) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* that visit of the line: the stop at the same column, else its first */
	for (uint32_t j = lo; j < it->n && j < lo + COLUMN_WINDOW; j++) {
		const line_pos *p = &it->by_line[j];
		if (p->line != line || strcmp(p->base, base) != 0 ||
		    (j > lo && p->at != it->by_line[j - 1].at + 1))
			break;
		if (pick == UINT32_MAX)
			pick = j;
		if (ix->wf->stops[it->stops[p->at]].column == column) {
			pick = j;
			break;
		}
	}
	if (pick == UINT32_MAX)
		return NULL;
	it->cursor = it->by_line[pick].at + 1;
	met_run(ix->wf, it, it->by_line[pick].at);
	return &ix->wf->stops[it->stops[it->by_line[pick].at]];
}

uint64_t hd_stop_index_unmet_all(const hd_stop_index *ix)
{
	uint64_t n = 0;

	for (uint32_t i = 0; i < ix->nitems; i++)
		n += ix->items[i].runs - ix->items[i].runs_met;
	return n;
}

uint32_t hd_stop_index_unmet(const hd_stop_index *ix, const uint32_t group[3], uint32_t item)
{
	const item_stops *it = item_of(ix, group, item);

	return it != NULL ? it->runs - it->runs_met : 0;
}
