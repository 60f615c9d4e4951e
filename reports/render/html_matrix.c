/* The coverage bars and the pass/fail matrix of index.html: a row per
 * coverage fact (the covers of the results, grouped by area), a column per
 * check, each cell "passed/total" of the results of cases bearing that
 * fact, linked to the first one that did not pass. A cell "passes" when
 * the candidate's answer was accepted (pass or a warning); not-supported
 * and waived results are not passes, though they conform. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage/universe.h"

#include "markup.h"
#include "render_internal.h"

#define NONE ((size_t)-1)

typedef struct cell {
	size_t total, passed;
	size_t plain;        /* of passed, plain passes: what the coverage bars count */
	size_t first_bad;    /* the first non-conforming result, or NONE */
	size_t first_other;  /* the first conforming result that did not pass */
} cell;

typedef struct matrix {
	const char **facts;  /* distinct, sorted; borrowed from the run */
	size_t nfacts;
	hc_names checks;
	cell *cells;         /* nfacts * checks.n, row by row */
} matrix;

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int collect_facts(matrix *m, const hc_run *run)
{
	size_t total = 0, k = 0;

	for (size_t i = 0; i < run->n; i++)
		total += run->results[i].ncovers;
	if (total == 0)
		return 0;
	m->facts = malloc(total * sizeof *m->facts);
	if (m->facts == NULL)
		return -1;
	for (size_t i = 0; i < run->n; i++)
		for (size_t j = 0; j < run->results[i].ncovers; j++)
			m->facts[k++] = hc_str(run->results[i].covers[j]);
	qsort(m->facts, total, sizeof *m->facts, cmp_name);
	for (size_t i = 0; i < total; i++)
		if (m->nfacts == 0 || strcmp(m->facts[m->nfacts - 1], m->facts[i]) != 0)
			m->facts[m->nfacts++] = m->facts[i];
	return 0;
}

static size_t find(const char **v, size_t n, const char *key)
{
	const char **p = bsearch(&key, v, n, sizeof *v, cmp_name);

	return p ? (size_t)(p - v) : NONE;
}

/* A fact listed twice in one result counts once. */
static int repeated_fact(const hc_result *r, size_t j)
{
	for (size_t k = 0; k < j; k++)
		if (strcmp(hc_str(r->covers[k]), hc_str(r->covers[j])) == 0)
			return 1;
	return 0;
}

static void fill(matrix *m, const hc_run *run)
{
	for (size_t i = 0; i < run->n; i++) {
		const hc_result *r = &run->results[i];
		size_t c = find(m->checks.v, m->checks.n, hc_str(r->check));
		for (size_t j = 0; c != NONE && j < r->ncovers; j++) {
			size_t f = find(m->facts, m->nfacts, hc_str(r->covers[j]));
			cell *x;
			if (f == NONE || repeated_fact(r, j))
				continue;
			x = &m->cells[f * m->checks.n + c];
			x->total++;
			x->plain += r->outcome == HC_PASS;
			if (hc_outcome_passes(r->outcome))
				x->passed++;
			else if (!hc_outcome_conforms(r->outcome) && x->first_bad == NONE)
				x->first_bad = i;
			else if (hc_outcome_conforms(r->outcome) && x->first_other == NONE)
				x->first_other = i;
		}
	}
}

static int build(matrix *m, const hc_run *run)
{
	size_t ncells;

	memset(m, 0, sizeof *m);
	if (collect_facts(m, run) != 0 || hc_checks_of(run, &m->checks) != 0)
		return -1;
	ncells = m->nfacts * m->checks.n;
	if (ncells > 0) {
		m->cells = malloc(ncells * sizeof *m->cells);
		if (m->cells == NULL)
			return -1;
		for (size_t i = 0; i < ncells; i++)
			m->cells[i] = (cell){ 0, 0, 0, NONE, NONE };
	}
	fill(m, run);
	return 0;
}

static void release(matrix *m)
{
	free(m->facts);
	free(m->cells);
	hc_names_free(&m->checks);
}

/* Whether a result bearing fact f passed outright: a warning is accepted
 * in the matrix, but only a pass shows the fact covered. */
static int fact_passes(const matrix *m, size_t f)
{
	for (size_t c = 0; c < m->checks.n; c++)
		if (m->cells[f * m->checks.n + c].plain > 0)
			return 1;
	return 0;
}

/* Per area: facts of the run inside the universe, and of them covered; facts
 * of the run outside any universe, and of them covered. */
typedef struct area_count {
	size_t in, covered, out, out_covered;
} area_count;

static void bar_row(hd_buf *b, int a, const char *universe, size_t total, size_t in,
                    size_t covered, size_t out)
{
	double pct = total ? 100.0 * (double)covered / (double)total : 0.0;

	/* the matrix has the area's rows only when the run bears its facts */
	if (in + out > 0)
		hd_buf_printf(b, "<tr><td><a href=\"#area-%d\">%s</a></td>", a, hc_area_name(a));
	else
		hd_buf_printf(b, "<tr><td>%s</td>", hc_area_name(a));
	hd_buf_printf(b, "<td class=\"n\">%s</td><td class=\"n\">%zu</td><td class=\"n\">%zu"
	              "</td><td class=\"n\">%zu</td><td><div class=\"bar\"><div style=\"width:"
	              "%.1f%%\"></div></div></td></tr>\n", universe, in, covered, out, pct);
}

/* The bars measure each area against its universe, the one docs/coverage.md
 * counts (reference/coverage/universe.h): a fact of the run inside it is
 * covered when a result bearing it passed outright. Facts outside every
 * universe (hdref's own bounds, NonSemantic.Shader.DebugInfo.100, OpenCL
 * constructs) get a column of their own and stay out of the bar. */
static void bars(hd_buf *b, const matrix *m)
{
	hd_cov_universe u;
	area_count c[HD_COV_AREA_COUNT];
	char total[32];

	memset(c, 0, sizeof c);
	if (hd_cov_universe_build(&u) != 0) {
		hd_cov_universe_free(&u);
		b->failed = 1;
		return;
	}
	for (size_t f = 0; f < m->nfacts; f++) {
		int a = hc_area_of(m->facts[f]);
		if (hd_cov_universe_find(&u, m->facts[f]) != NULL) {
			c[a].in++;
			c[a].covered += fact_passes(m, f);
		} else {
			c[a].out++;
			c[a].out_covered += fact_passes(m, f);
		}
	}
	HC_PUT(b, "<h2 id=\"coverage\">Coverage</h2>\n<p>Each area's universe is the one "
	          "docs/coverage.md counts. <em>In this run</em>: its facts that results of this "
	          "run bear; <em>covered</em>: of those, the ones with a result that passed (a "
	          "plain pass: a warning is no coverage); the bar is covered of the universe. "
	          "Facts outside the universe are counted apart and appear in the matrix."
	          "</p>\n<table>\n<tr><th>area</th><th>universe</th><th>in this run</th>"
	          "<th>covered</th><th>outside the universe</th><th></th></tr>\n");
	for (int a = 0; a < HD_COV_AREA_COUNT; a++) {
		size_t n = hd_cov_universe_count(&u, a);
		if (a < HD_COV_UNIVERSES) {
			snprintf(total, sizeof total, "%zu", n);
			bar_row(b, a, total, n, c[a].in, c[a].covered, c[a].out);
		} else if (c[a].out > 0) {
			/* no universe: the bar is covered of the facts the run bears */
			bar_row(b, a, "none", c[a].out, 0, c[a].out_covered, c[a].out);
		}
	}
	HC_PUT(b, "</table>\n");
	hd_cov_universe_free(&u);
}

static void matrix_cell(hd_buf *b, const hc_run *run, const cell *x)
{
	size_t target = x->first_bad != NONE ? x->first_bad : x->first_other;
	const char *cls = x->total == 0 ? "none" : x->first_bad != NONE ? "bad"
	                : x->passed == x->total ? "ok" : "part";

	if (x->total == 0) {
		HC_PUT(b, "<td class=\"none\">-</td>");
		return;
	}
	hd_buf_printf(b, "<td class=\"%s\">", cls);
	if (target != NONE) {
		HC_PUT(b, "<a href=\"#");
		hc_html_anchor(b, run, target);
		HC_PUT(b, "\">");
	}
	hd_buf_printf(b, "%zu/%zu", x->passed, x->total);
	if (target != NONE)
		HC_PUT(b, "</a>");
	HC_PUT(b, "</td>");
}

static void area_rows(hd_buf *b, const hc_run *run, const matrix *m, int area)
{
	size_t n = 0;

	for (size_t f = 0; f < m->nfacts; f++)
		n += hc_area_of(m->facts[f]) == area;
	if (n == 0)
		return;
	hd_buf_printf(b, "<tr class=\"area\" id=\"area-%d\"><th colspan=\"%zu\">%s (%zu facts)"
	              "</th></tr>\n", area, m->checks.n + 1, hc_area_name(area), n);
	for (size_t f = 0; f < m->nfacts; f++) {
		if (hc_area_of(m->facts[f]) != area)
			continue;
		HC_PUT(b, "<tr><td>");
		hc_xml_text(b, m->facts[f], 0);
		HC_PUT(b, "</td>");
		for (size_t c = 0; c < m->checks.n; c++)
			matrix_cell(b, run, &m->cells[f * m->checks.n + c]);
		HC_PUT(b, "</tr>\n");
	}
}

static size_t without_facts(const hc_run *run)
{
	size_t n = 0;

	for (size_t i = 0; i < run->n; i++)
		n += run->results[i].ncovers == 0;
	return n;
}

void hc_html_matrix(hd_buf *b, const hc_run *run)
{
	matrix m;

	if (build(&m, run) != 0) {
		release(&m);
		b->failed = 1;
		return;
	}
	bars(b, &m);
	HC_PUT(b, "<h2 id=\"matrix\">Matrix</h2>\n<p>Passed/total results per coverage fact "
	          "and check; a cell links to its first result that did not pass.");
	if (without_facts(run) > 0)
		hd_buf_printf(b, " %zu results have no coverage facts and appear only in the "
		              "list below.", without_facts(run));
	HC_PUT(b, "</p>\n<table class=\"matrix\">\n<tr><th>fact</th>");
	for (size_t c = 0; c < m.checks.n; c++) {
		HC_PUT(b, "<th>");
		hc_xml_text(b, m.checks.v[c], 0);
		HC_PUT(b, "</th>");
	}
	HC_PUT(b, "</tr>\n");
	for (int a = 0; a < HD_COV_AREA_COUNT; a++)
		area_rows(b, run, &m, a);
	HC_PUT(b, "</table>\n");
	release(&m);
}
