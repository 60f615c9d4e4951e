/* docs/coverage.html (docs/generators.md, "The map and the page"): the map of
 * coverage.md as one self-contained page a specification editor can
 * publish: the style sheet inline, no script, no link outside the page.
 * It has every row of every universe, the SPIR-V operand facts included,
 * each with its cases and the document and section that define it; rows
 * on a single case and rows with none are shaded. The page frame and the
 * escaping are the run report's (reports/render/markup.h), so both pages
 * look and escape alike. */
#include <string.h>

#include "coverage.h"
#include "coverage/cite.h"
#include "coverage/unreachable.h"
#include "markup.h"
#include "util/buf.h"

static void text(hd_buf *b, const char *s)
{
	hc_xml_text(b, s, 0);
}

static void summary(const cov_run *r, hd_buf *b)
{
	HC_PUT(b, "<h2 id=\"summary\">Summary</h2>\n<table>\n<tr><th>area</th><th>universe</th>"
	          "<th>covered</th><th>missing</th><th>single case</th><th>uncited</th>"
	          "<th></th></tr>\n");
	for (int a = 0; a < HD_COV_UNIVERSES; a++) {
		cov_summary s;
		double pct;
		cov_summarize(r, a, &s);
		pct = s.total ? 100.0 * (double)s.covered / (double)s.total : 0.0;
		hd_buf_printf(b, "<tr><td><a href=\"#area-%d\">", a);
		text(b, hd_cov_area_name(a));
		hd_buf_printf(b, "</a></td><td class=\"n\">%zu</td><td class=\"n\">%zu</td>"
		              "<td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">%zu"
		              "</td><td><div class=\"bar\"><div style=\"width:%.1f%%\"></div></div>"
		              "</td></tr>\n", s.total, s.covered, s.total - s.covered, s.single,
		              s.uncited, pct);
	}
	HC_PUT(b, "</table>\n<p>A row rests on a <em>single case</em> when exactly one case has "
	          "the polarity it needs: changing that case uncovers it. Such rows are shaded "
	          "yellow below, rows with no case red.</p>\n");
}

static void documents(hd_buf *b)
{
	HC_PUT(b, "<h2 id=\"documents\">Documents cited</h2>\n<table>\n"
	          "<tr><th>short name</th><th>document</th></tr>\n");
	for (size_t i = 0; i < hd_cov_ndocuments; i++) {
		HC_PUT(b, "<tr><td>");
		text(b, hd_cov_documents[i].name);
		HC_PUT(b, "</td><td>");
		text(b, hd_cov_documents[i].title);
		HC_PUT(b, "</td></tr>\n");
	}
	HC_PUT(b, "</table>\n");
}

/* A list of name: why rows under a heading of level 3. */
static void reasons(hd_buf *b, const char *title, const hd_cov_unreachable *t, size_t n)
{
	HC_PUT(b, "<h3>");
	text(b, title);
	HC_PUT(b, "</h3>\n<ul>\n");
	for (size_t i = 0; i < n; i++) {
		HC_PUT(b, "<li><code>");
		text(b, t[i].name);
		HC_PUT(b, "</code>: ");
		text(b, t[i].why);
		HC_PUT(b, "</li>\n");
	}
	HC_PUT(b, "</ul>\n");
}

static void left_out(hd_buf *b)
{
	HC_PUT(b, "<h2 id=\"left-out\">Left out of the universe</h2>\n");
	HC_PUT(b, "<h3>Operations that can only have negative cases</h3>\n<ul>\n");
	for (size_t i = 0; i < hd_cov_nnegative_ops; i++) {
		HC_PUT(b, "<li><code>DW_OP_");
		text(b, hd_cov_negative_ops[i].op);
		HC_PUT(b, "</code>: ");
		text(b, hd_cov_negative_ops[i].why);
		HC_PUT(b, "</li>\n");
	}
	HC_PUT(b, "<li><code>DW_OP_reg&lt;n&gt;</code> and <code>DW_OP_breg&lt;n&gt;</code> for "
	          "a DWARF register n that the AMDGPU model lacks in both wave sizes, or (breg) "
	          "has only narrower than an address: unknown-register, register-too-small</li>\n"
	          "</ul>\n");
	reasons(b, "Evaluator rules no case can reach", hd_cov_unreachable_codes,
	        hd_cov_nunreachable_codes);
	reasons(b, "SPIR-V rules no case can break", hd_cov_unreachable_rules,
	        hd_cov_nunreachable_rules);
}

static void row(const cov_run *r, const hd_cov_item *it, hd_buf *b)
{
	size_t n = cov_item_cases(r, it);

	HC_PUT(b, "<tr><td><code>");
	text(b, it->fact);
	hd_buf_printf(b, "</code></td><td>%s</td>", it->need == COV_NEG ? "negative" : "positive");
	if (n == 0)
		HC_PUT(b, "<td class=\"bad\">none</td>");
	else if (n == 1)
		HC_PUT(b, "<td class=\"part\">1 (single case)</td>");
	else
		hd_buf_printf(b, "<td class=\"n\">%zu</td>", n);
	if (it->cite != NULL) {
		HC_PUT(b, "<td>");
		text(b, it->cite);
	} else {
		HC_PUT(b, "<td class=\"bad\">uncited");
	}
	HC_PUT(b, "</td></tr>\n");
}

static void area_table(const cov_run *r, int area, hd_buf *b)
{
	hd_buf_printf(b, "<h2 id=\"area-%d\">", area);
	text(b, hd_cov_area_name(area));
	HC_PUT(b, "</h2>\n<table>\n<tr><th>fact</th><th>case must be</th><th>cases</th>"
	          "<th>source</th></tr>\n");
	for (size_t i = 0; i < r->u.n; i++)
		if (r->u.v[i].area == area)
			row(r, &r->u.v[i], b);
	HC_PUT(b, "</table>\n");
}

void cov_html(const cov_run *r, hd_buf *b)
{
	hc_html_begin(b, "Coverage of the hdcts case corpus");
	HC_PUT(b, "<h1>Coverage of the hdcts case corpus</h1>\n");
	hd_buf_printf(b, "<p>Written by <code>hdgen coverage --html</code> from the %zu cases of "
	                 "<code>cases/</code>, the same map as docs/coverage.md with every row. "
	                 "Each row is a fact of a universe: a case must exhibit it with the "
	                 "polarity shown (positive: the reference accepts the case; negative: "
	                 "it rejects it), and its source is the document and section that "
	                 "define it.</p>\n<p>", r->ncases);
	HC_PUT(b, "<a href=\"#summary\">Summary</a> · <a href=\"#documents\">Documents cited</a>");
	for (int a = 0; a < HD_COV_UNIVERSES; a++) {
		hd_buf_printf(b, " · <a href=\"#area-%d\">", a);
		text(b, hd_cov_area_name(a));
		HC_PUT(b, "</a>");
	}
	HC_PUT(b, " · <a href=\"#left-out\">Left out</a></p>\n");
	summary(r, b);
	documents(b);
	for (int a = 0; a < HD_COV_UNIVERSES; a++)
		area_table(r, a, b);
	left_out(b);
	hc_html_end(b);
}
