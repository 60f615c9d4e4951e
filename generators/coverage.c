/* hdgen coverage: what the corpus covers, measured against the universe
 * of reference/coverage/universe.h (docs/generators.md, "Coverage"), each
 * item cited at the document and section that define it.
 *
 * Facts come from the cases' content and their reference outcomes
 * (coverage_case.c, coverage_spirv.c), never from what a case says about
 * itself; a `covers:` tag the case does not bear out is an error. Writes the
 * map as markdown (coverage_md.c) and, when asked, as one HTML page
 * (coverage_html.c); exits 1 when anything in the universe lacks its case
 * or its citation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "hdgen.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/sort.h"

/* Every case of cases/<kind> ending in ext, through facts(). */
static void walk(cov_run *r, const char *kind, const char *ext,
                 int (*facts)(const char *, const char *, cov_facts *, cov_facts *))
{
	char dir[1024], path[2048], where[1024];
	size_t n;
	char **names;
	hd_status ignored;  /* a kind with no directory has no cases */

	snprintf(dir, sizeof dir, "%s/%s", r->cases, kind);
	hd_list_dir(dir, ext, &names, &n, &ignored);
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		snprintf(where, sizeof where, "%s/%s", kind, names[i]);
		r->ncases++;
		if (facts(path, where, &r->facts, &r->bad) != 0) {
			fprintf(stderr, "hdgen coverage: the reference cannot read %s\n", path);
			r->unreadable++;
		}
	}
	hd_free_names(names, n);
}

size_t cov_count(const cov_run *r, const char *fact, int pol)
{
	size_t n = 0;
	long i = cov_find(&r->facts, fact);

	for (; i >= 0 && (size_t)i < r->facts.n && strcmp(r->facts.v[i].fact, fact) == 0; i++)
		n += r->facts.v[i].pol == pol;
	return n;
}

size_t cov_item_cases(const cov_run *r, const hd_cov_item *it)
{
	return cov_count(r, it->fact, it->need);
}

/* A row "rests on a single case" when exactly one case has the polarity it
 * needs: one case deleted or changed and the row is uncovered. */
void cov_summarize(const cov_run *r, int area, cov_summary *s)
{
	memset(s, 0, sizeof *s);
	for (size_t i = 0; i < r->u.n; i++) {
		const hd_cov_item *it = &r->u.v[i];
		size_t n;
		if (it->area != area)
			continue;
		n = cov_item_cases(r, it);
		s->total++;
		s->covered += n > 0;
		s->single += n == 1;
		s->uncited += it->cite == NULL;
	}
}

static int cmp_by_case(const void *a, const void *b)
{
	const cov_fact *x = a, *y = b;
	int c = strcmp(x->where, y->where);

	if (c == 0)
		c = strcmp(x->fact, y->fact);
	return c != 0 ? c : (int)x->pol - (int)y->pol;
}

/* The facts of every case, "<case id>\t<pos|neg>\t<fact>" sorted by case:
 * what the harness reads to place each result in the report's matrix and to
 * apply a profile's not-supported list (docs/results.md). The case id drops
 * the file's extension, except a kernel's: k.cl and k.clcpp are two cases. */
static void write_index(const cov_run *r, hd_buf *b)
{
	cov_fact *v = malloc((r->facts.n ? r->facts.n : 1) * sizeof *v);

	if (v == NULL) {
		b->failed = 1;
		return;
	}
	if (r->facts.n > 0)  /* no facts: facts.v is NULL */
		memcpy(v, r->facts.v, r->facts.n * sizeof *v);
	hd_sort(v, r->facts.n, sizeof *v, cmp_by_case);
	for (size_t i = 0; i < r->facts.n; i++) {
		const char *dot = strrchr(v[i].where, '.');
		int n = dot != NULL && strncmp(v[i].where, "opencl/", 7) != 0
		                ? (int)(dot - v[i].where)
		                : (int)strlen(v[i].where);
		if (i > 0 && cmp_by_case(&v[i - 1], &v[i]) == 0)
			continue;
		hd_buf_printf(b, "%.*s\t%s\t%s\n", n, v[i].where,
		              v[i].pol == COV_POS ? "pos" : "neg", v[i].fact);
	}
	free(v);
}

static int write_out(const char *path, const hd_buf *b)
{
	hd_status st;

	if (b->failed) {
		fprintf(stderr, "hdgen coverage: out of memory\n");
		return 1;
	}
	if (hd_write_file_atomic(path, b->data, b->len, &st) != 0) {
		fprintf(stderr, "hdgen coverage: %s\n", st.msg);
		return 1;
	}
	return 0;
}

/* Writes b to path, or to stdout when path is NULL. */
static int emit(const char *path, const hd_buf *b)
{
	if (path != NULL)
		return write_out(path, b);
	fwrite(b->data, 1, b->len, stdout);
	return 0;
}

/* Reads every case of the corpus into r's facts. */
static void read_cases(cov_run *r)
{
	walk(r, "expr", ".case", cov_case_facts);
	walk(r, "cfi", ".case", cov_case_facts);
	walk(r, "spirv", ".spvasm", cov_spirv_facts);
	walk(r, "opencl", ".cl", cov_opencl_facts);
	walk(r, "opencl", ".clcpp", cov_opencl_facts);
	cov_finish(&r->facts);
	cov_finish(&r->bad);
}

/* The items lacking a case, and those lacking a citation. */
static void totals(const cov_run *r, size_t *missing, size_t *uncited)
{
	*missing = *uncited = 0;
	for (int a = 0; a < HD_COV_UNIVERSES; a++) {
		cov_summary s;
		cov_summarize(r, a, &s);
		*missing += s.total - s.covered;
		*uncited += s.uncited;
	}
}

int hdgen_coverage(int argc, char **argv)
{
	cov_run r;
	const char *write = NULL, *index = NULL, *html = NULL;
	char watches[1100];
	hd_buf b;
	size_t missing, uncited;
	int rc = 0;

	memset(&r, 0, sizeof r);
	r.cases = "cases";
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
			r.cases = argv[++i];
		else if (strcmp(argv[i], "--watches") == 0 && i + 1 < argc)
			r.watches = argv[++i];
		else if (strcmp(argv[i], "--write") == 0 && i + 1 < argc)
			write = argv[++i];
		else if (strcmp(argv[i], "--index") == 0 && i + 1 < argc)
			index = argv[++i];
		else if (strcmp(argv[i], "--html") == 0 && i + 1 < argc)
			html = argv[++i];
		else
			return hdgen_usage();
	}
	if (r.watches == NULL) {
		/* the watches beside the cases: DIR/cases goes with DIR/expected */
		snprintf(watches, sizeof watches, "%s/../expected/watch", r.cases);
		r.watches = watches;
	}
	hd_buf_init(&b);
	if (hd_cov_universe_build(&r.u) != 0)
		b.failed = 1;
	read_cases(&r);
	cov_markdown(&r, &b);
	if (r.facts.failed || r.bad.failed || b.failed) {
		fprintf(stderr, "hdgen coverage: out of memory\n");
		rc = 1;
	} else {
		rc = emit(write, &b);
	}
	if (rc == 0 && html != NULL) {
		hd_buf_reset(&b);
		cov_html(&r, &b);
		rc = write_out(html, &b);
	}
	if (rc == 0 && index != NULL) {
		hd_buf_reset(&b);
		write_index(&r, &b);
		rc = write_out(index, &b);
	}
	totals(&r, &missing, &uncited);
	fprintf(stderr, "hdgen coverage: %zu cases, %zu universe items missing a case, "
	                "%zu without a citation, %zu tags not borne out, %zu unreadable cases\n",
	        r.ncases, missing, uncited, r.bad.n, r.unreadable);
	if (missing || uncited || r.bad.n || r.unreadable)
		rc = 1;
	hd_buf_free(&b);
	cov_free(&r.facts);
	cov_free(&r.bad);
	hd_cov_universe_free(&r.u);
	return rc;
}
