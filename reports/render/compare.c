/* The comparison of two runs (docs/reports.md "hdcts compare"): their
 * results matched by (case, check). A regression is a result that conformed
 * in A and does not in B; a fix the reverse, other than by a waiver; any
 * other change of outcome is listed as changed; with diffs, a result whose
 * outcome stayed but whose diff changed too; results in one run only are
 * listed as such and decide nothing, since a narrower --cases or a shard is
 * not a regression. The command that reads the files is harness/
 * compare_cmd.c: this file only renders. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "markup.h"
#include "render_internal.h"

enum {
	C_REGRESSION = HC_CMP_REGRESSIONS,
	C_FIX = HC_CMP_FIXES,
	C_CHANGED = HC_CMP_CHANGED,
	C_ONLY_A = HC_CMP_ONLY_A,
	C_ONLY_B = HC_CMP_ONLY_B,
	C_DIFFS = HC_CMP_DIFFS,
	C_COUNT = HC_CMP_SECTIONS
};

static const char *const section_names[C_COUNT] = {
	"regressions", "fixes", "changed outcomes", "only in A", "only in B", "changed diffs",
};

/* A matched or unmatched result: indices into A and B, NONE when absent. */
#define NONE ((size_t)-1)
typedef struct pair {
	size_t a, b;
} pair;

typedef struct pairs {
	pair *v;
	size_t n, cap;
} pairs;

/* The runs are borrowed: `hdcts compare` owns the ones it loads, and
 * `hdcts run --baseline` compares the run still in its memory. */
typedef struct comparison {
	const char *path[2];
	const hc_run *run[2];
	int diffs;             /* compare the diffs of results whose outcome stayed */
	pairs sections[C_COUNT];
} comparison;

static int push(pairs *p, size_t a, size_t b)
{
	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 16;
		pair *v = realloc(p->v, cap * sizeof *v);
		if (v == NULL)
			return -1;
		p->v = v;
		p->cap = cap;
	}
	p->v[p->n++] = (pair){ a, b };
	return 0;
}

static int key_cmp(const hc_result *x, const hc_result *y)
{
	int c = strcmp(hc_str(x->case_id), hc_str(y->case_id));

	return c ? c : strcmp(hc_str(x->check), hc_str(y->check));
}

static size_t *sorted_indices(const hc_run *run)
{
	size_t *ix = malloc((run->n ? run->n : 1) * sizeof *ix);

	if (ix == NULL)
		return NULL;
	for (size_t i = 0; i < run->n; i++)
		ix[i] = i;
	/* a bottom-up merge sort of indices: stable, so results with the same
	 * key pair up in file order, and no comparator needs global state */
	for (size_t width = 1; width < run->n; width *= 2) {
		size_t *tmp = malloc(run->n * sizeof *tmp);
		if (tmp == NULL) {
			free(ix);
			return NULL;
		}
		for (size_t lo = 0; lo < run->n; lo += 2 * width) {
			size_t mid = lo + width < run->n ? lo + width : run->n;
			size_t hi = lo + 2 * width < run->n ? lo + 2 * width : run->n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				tmp[k++] = key_cmp(&run->results[ix[j]], &run->results[ix[i]]) < 0
				                   ? ix[j++] : ix[i++];
			while (i < mid)
				tmp[k++] = ix[i++];
			while (j < hi)
				tmp[k++] = ix[j++];
		}
		memcpy(ix, tmp, run->n * sizeof *tmp);
		free(tmp);
	}
	return ix;
}

static int same_text(const char *x, const char *y)
{
	return x == NULL || y == NULL ? x == y : strcmp(x, y) == 0;
}

static int classify(comparison *c, size_t a, size_t b)
{
	hc_outcome oa = c->run[0]->results[a].outcome, ob = c->run[1]->results[b].outcome;
	int ca = hc_outcome_conforms(oa), cb = hc_outcome_conforms(ob);

	if (ca && !cb)
		return push(&c->sections[C_REGRESSION], a, b);
	if (!ca && cb && ob != HC_WAIVED)  /* waiving a failure fixes nothing */
		return push(&c->sections[C_FIX], a, b);
	if (oa != ob)
		return push(&c->sections[C_CHANGED], a, b);
	if (c->diffs && !same_text(c->run[0]->results[a].diff, c->run[1]->results[b].diff))
		return push(&c->sections[C_DIFFS], a, b);
	return 0;
}

static int match(comparison *c)
{
	size_t *ia = sorted_indices(c->run[0]), *ib = sorted_indices(c->run[1]);
	size_t i = 0, j = 0, na = c->run[0]->n, nb = c->run[1]->n;
	int rc = ia && ib ? 0 : -1;

	while (rc == 0 && (i < na || j < nb)) {
		int k = i == na ? 1 : j == nb ? -1
		      : key_cmp(&c->run[0]->results[ia[i]], &c->run[1]->results[ib[j]]);
		if (k < 0)
			rc = push(&c->sections[C_ONLY_A], ia[i++], NONE);
		else if (k > 0)
			rc = push(&c->sections[C_ONLY_B], NONE, ib[j++]);
		else
			rc = classify(c, ia[i++], ib[j++]);
	}
	free(ia);
	free(ib);
	return rc;
}

static const hc_result *side(const comparison *c, const pair *p, int which)
{
	size_t i = which ? p->b : p->a;

	return i == NONE ? NULL : &c->run[which]->results[i];
}

/* "case check: A-outcome -> B-outcome: reason" on one line. */
static void text_line(hd_buf *b, const comparison *c, const pair *p)
{
	const hc_result *ra = side(c, p, 0), *rb = side(c, p, 1), *r = rb ? rb : ra;

	HC_PUT(b, "  ");
	hc_line_text(b, r->case_id, 0);
	hd_buf_byte(b, ' ');
	hc_line_text(b, r->check, 0);
	hd_buf_printf(b, ": %s", ra ? hc_outcome_name(ra->outcome) : "(absent)");
	hd_buf_printf(b, " -> %s", rb ? hc_outcome_name(rb->outcome) : "(absent)");
	if (r->must_pass)
		HC_PUT(b, " (must pass)");
	if (r->reason) {
		HC_PUT(b, ": ");
		hc_line_text(b, r->reason, 0);
	}
	hd_buf_byte(b, '\n');
}

static void describe_run(hd_buf *b, const char *label, const char *path, const hc_run *run)
{
	hd_buf_printf(b, "%s: ", label);
	hc_line_text(b, path, 0);
	HC_PUT(b, " (candidate ");
	hc_line_text(b, run->candidate ? run->candidate : "?", 0);
	HC_PUT(b, ", suite revision ");
	hc_line_text(b, run->suite_revision ? run->suite_revision : "?", 0);
	hd_buf_printf(b, ", %zu results)\n", run->n);
}

static void text_report(hd_buf *b, const comparison *c)
{
	describe_run(b, "A", c->path[0], c->run[0]);
	describe_run(b, "B", c->path[1], c->run[1]);
	for (int s = 0; s < C_COUNT; s++) {
		if (s == C_DIFFS && !c->diffs)
			continue;
		hd_buf_printf(b, "%s: %zu\n", section_names[s], c->sections[s].n);
		for (size_t i = 0; i < c->sections[s].n; i++)
			text_line(b, c, &c->sections[s].v[i]);
	}
}

static void html_cell(hd_buf *b, const hc_result *r)
{
	HC_PUT(b, "<td>");
	if (r == NULL) {
		HC_PUT(b, "(absent)");
	} else {
		hd_buf_printf(b, "<b>%s</b>", hc_outcome_name(r->outcome));
		if (r->reason) {
			HC_PUT(b, "<br>");
			hc_xml_text(b, r->reason, 0);
		}
	}
	HC_PUT(b, "</td>");
}

static void html_report(hd_buf *b, const comparison *c)
{
	hc_html_begin(b, "hdcts compare");
	HC_PUT(b, "<h1>hdcts compare</h1>\n<table>\n");
	for (int w = 0; w < 2; w++) {
		hd_buf_printf(b, "<tr><th>%s</th><td>", w ? "B" : "A");
		hc_xml_text(b, c->path[w], 0);
		HC_PUT(b, "</td><td>");
		hc_xml_text(b, c->run[w]->candidate ? c->run[w]->candidate : "?", 0);
		HC_PUT(b, "</td><td>");
		hc_xml_text(b, c->run[w]->suite_revision ? c->run[w]->suite_revision : "?", 0);
		hd_buf_printf(b, "</td><td class=\"n\">%zu results</td></tr>\n", c->run[w]->n);
	}
	hd_buf_printf(b, "</table>\n<p class=\"verdict %s\">%zu regressions</p>\n",
	              c->sections[C_REGRESSION].n ? "nonconforming" : "conforms",
	              c->sections[C_REGRESSION].n);
	for (int s = 0; s < C_COUNT; s++) {
		const pairs *p = &c->sections[s];
		if (s == C_DIFFS && !c->diffs)
			continue;
		hd_buf_printf(b, "<h2 id=\"s%d\">%s: %zu</h2>\n", s, section_names[s], p->n);
		if (p->n == 0)
			continue;
		HC_PUT(b, "<table>\n<tr><th>case</th><th>check</th><th>A</th><th>B</th></tr>\n");
		for (size_t i = 0; i < p->n; i++) {
			const hc_result *ra = side(c, &p->v[i], 0), *rb = side(c, &p->v[i], 1);
			const hc_result *r = rb ? rb : ra;
			HC_PUT(b, "<tr><td>");
			hc_xml_text(b, r->case_id, 0);
			HC_PUT(b, "</td><td>");
			hc_xml_text(b, r->check, 0);
			HC_PUT(b, "</td>");
			html_cell(b, ra);
			html_cell(b, rb);
			HC_PUT(b, "</tr>\n");
		}
		HC_PUT(b, "</table>\n");
	}
	hc_html_end(b);
}

int hc_compare_render(const hc_run *a, const char *label_a, const hc_run *b,
                      const char *label_b, int diffs, hd_buf *text, hd_buf *html,
                      size_t counts[HC_CMP_SECTIONS])
{
	comparison c;
	int rc;

	memset(&c, 0, sizeof c);
	c.diffs = diffs;
	c.path[0] = label_a;
	c.path[1] = label_b;
	c.run[0] = a;
	c.run[1] = b;
	rc = match(&c);
	if (rc == 0 && text != NULL)
		text_report(text, &c);
	if (rc == 0 && html != NULL)
		html_report(html, &c);
	for (int s = 0; s < C_COUNT; s++) {
		counts[s] = c.sections[s].n;
		free(c.sections[s].v);
	}
	return rc;
}
