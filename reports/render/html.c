/* index.html (docs/reports.md): one self-contained page, no scripts, no
 * outside resources, so it can be mailed or archived as a CI artifact and
 * still open. The header gives the verdict and the links under it,
 * html_matrix.c the coverage bars and the fact-by-check matrix, and the
 * last part every result that did not plainly pass with its diff, each
 * under an id the list and the matrix link to: any diff is two clicks from
 * the top (tests/html_report.sh counts them). */
#include <string.h>

#include "markup.h"
#include "render_internal.h"

static const char style[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}h3{font-size:1em}\n"
	"table{border-collapse:collapse}\n"
	"td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}\n"
	"td.n{text-align:right}\n"
	".verdict{font-size:1.2em;font-weight:bold;padding:.4em;display:inline-block}\n"
	".conforms{background:#d4f4d4}.nonconforming{background:#f8d0d0}\n"
	".ok{background:#d4f4d4}.bad{background:#f8d0d0}.part{background:#f4ecc4}\n"
	".none{color:#aaa}.area th{background:#eee}\n"
	".bar{width:20em;height:1em;background:#f8d0d0}\n"
	".bar div{height:1em;background:#4a4}\n"
	"pre{background:#f6f6f6;padding:.5em;overflow-x:auto}\n"
	".add{color:#060}.del{color:#a00}.hunk{color:#06a}\n"
	".result{border-top:1px solid #ccc;margin-top:1em}\n";

void hc_html_begin(hd_buf *b, const char *title)
{
	HC_PUT(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	          "<title>");
	hc_xml_text(b, title, 0);
	HC_PUT(b, "</title>\n<style>\n");
	hd_buf_put(b, style, sizeof style - 1);
	HC_PUT(b, "</style>\n</head>\n<body>\n");
}

void hc_html_end(hd_buf *b)
{
	HC_PUT(b, "</body>\n</html>\n");
}

static int same_key(const hc_result *a, const hc_result *b)
{
	return strcmp(hc_str(a->case_id), hc_str(b->case_id)) == 0 &&
	       strcmp(hc_str(a->check), hc_str(b->check)) == 0;
}

void hc_html_anchor(hd_buf *b, const hc_run *run, size_t i)
{
	size_t repeat = 0;

	while (repeat < i && same_key(&run->results[i - repeat - 1], &run->results[i]))
		repeat++;
	hc_anchor(b, run->results[i].case_id, run->results[i].check);
	if (repeat > 0)
		hd_buf_printf(b, "__%zu", repeat + 1);
}

static void info_row(hd_buf *b, const char *name, const char *value)
{
	hd_buf_printf(b, "<tr><th>%s</th><td>", name);
	hc_xml_text(b, value ? value : "(none)", 0);
	HC_PUT(b, "</td></tr>\n");
}

/* The links under the verdict, on the first screen: "did not pass" is the
 * first of the two clicks to any result's diff (docs/reports.md), so it
 * must be reachable without scrolling past the totals. */
static void nav(hd_buf *b, const size_t counts[HC_OUTCOME_COUNT], size_t n)
{
	size_t bad = 0;

	for (int o = 0; o < HC_OUTCOME_COUNT; o++)
		if (!hc_outcome_conforms((hc_outcome)o))
			bad += counts[o];
	hd_buf_printf(b, "<p class=\"nav\">Go to: <a href=\"#failures\">%zu results that did "
	              "not pass</a> (%zu not conforming) · <a href=\"#matrix\">Matrix</a> · "
	              "<a href=\"#coverage\">Coverage</a> · <a href=\"#totals\">Totals</a></p>\n",
	              n - counts[HC_PASS], bad);
}

static void header(hd_buf *b, const hc_run *run)
{
	size_t counts[HC_OUTCOME_COUNT];
	hc_verdict v;
	hd_buf text;

	hc_run_count(run, counts);
	hc_run_verdict(run, &v);
	hd_buf_init(&text);
	hc_verdict_text(&v, &text);
	HC_PUT(b, "<h1>hdcts results: ");
	hc_xml_text(b, run->candidate ? run->candidate : "(unnamed candidate)", 0);
	hd_buf_printf(b, "</h1>\n<p class=\"verdict %s\">Verdict: ",
	              v.conforms ? "conforms" : "nonconforming");
	hc_xml_text(b, hd_buf_str(&text), 0);
	hd_buf_printf(b, ". %zu must-pass results: %zu accepted, %zu waived, %zu not "
	              "conforming.</p>\n", v.must_pass, v.accepted, v.waived, v.bad);
	hd_buf_free(&text);
	if (run->shard != NULL) {
		HC_PUT(b, "<p class=\"verdict nonconforming\">This is shard ");
		hc_xml_text(b, run->shard, 0);
		HC_PUT(b, " of a run: the verdict above covers this shard's results only, not the "
		          "suite. <code>hdcts merge</code> makes one run of all the shards.</p>\n");
	}
	nav(b, counts, run->n);
	HC_PUT(b, "<table>\n");
	info_row(b, "candidate", run->candidate);
	info_row(b, "encoding", run->encoding);
	if (run->scope != NULL)
		info_row(b, "scope", run->scope);
	info_row(b, "suite version", run->suite_version);
	info_row(b, "suite revision", run->suite_revision);
	info_row(b, "started", run->started);
	info_row(b, "finished", run->finished);
	HC_PUT(b, "</table>\n<h2 id=\"totals\">Totals</h2>\n<table>\n<tr><th>outcome</th>"
	          "<th>results</th><th>conforming</th></tr>\n");
	for (int o = 0; o < HC_OUTCOME_COUNT; o++)
		hd_buf_printf(b, "<tr><td>%s</td><td class=\"n\">%zu</td><td>%s</td></tr>\n",
		              hc_outcome_name((hc_outcome)o), counts[o],
		              hc_outcome_conforms((hc_outcome)o) ? "yes" : "no");
	hd_buf_printf(b, "<tr><th>all</th><td class=\"n\">%zu</td><td></td></tr>\n</table>\n",
	              run->n);
}

/* A diff with its lines coloured by their first character. */
static void diff_pre(hd_buf *b, const char *diff)
{
	const char *p = diff;

	HC_PUT(b, "<pre>");
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		const char *cls = strncmp(p, "+++", 3) == 0 || strncmp(p, "---", 3) == 0 ? NULL
		                : *p == '+' ? "add" : *p == '-' ? "del" : *p == '@' ? "hunk" : NULL;
		hd_buf line;

		hd_buf_init(&line);
		hd_buf_put(&line, p, len);
		if (line.failed)
			b->failed = 1;
		if (cls)
			hd_buf_printf(b, "<span class=\"%s\">", cls);
		hc_xml_text(b, hd_buf_str(&line), 0);
		if (cls)
			HC_PUT(b, "</span>");
		hd_buf_free(&line);
		if (nl)
			hd_buf_byte(b, '\n');
		p += len + (nl != NULL);
	}
	HC_PUT(b, "</pre>\n");
}

static void result_title(hd_buf *b, const hc_result *r)
{
	hc_xml_text(b, r->case_id, 0);
	hd_buf_byte(b, ' ');
	hc_xml_text(b, r->check, 0);
	hd_buf_printf(b, ": %s", hc_outcome_name(r->outcome));
}

static void entry(hd_buf *b, const hc_run *run, size_t i)
{
	const hc_result *r = &run->results[i];

	HC_PUT(b, "<div class=\"result\" id=\"");
	hc_html_anchor(b, run, i);
	hd_buf_printf(b, "\">\n<h3 class=\"%s\">", hc_outcome_conforms(r->outcome) ? "part" : "bad");
	result_title(b, r);
	hd_buf_printf(b, "</h3>\n<p>outcome: <b>%s</b>%s; %.3f s", hc_outcome_name(r->outcome),
	              r->must_pass ? "; must pass" : "", r->seconds > 0 ? r->seconds : 0.0);
	if (r->has_score)
		hd_buf_printf(b, "; score %.3f", r->score);
	HC_PUT(b, "</p>\n");
	if (r->reason) {
		HC_PUT(b, "<p>reason: ");
		hc_xml_text(b, r->reason, 0);
		HC_PUT(b, "</p>\n");
	}
	if (r->waiver) {
		HC_PUT(b, "<p>waiver: ");
		hc_xml_text(b, r->waiver, 0);
		HC_PUT(b, "</p>\n");
	}
	if (r->diff)
		diff_pre(b, r->diff);
	else
		HC_PUT(b, "<p>No diff: there was no output to compare.</p>\n");
	HC_PUT(b, "<p><a href=\"#failures\">back to the list</a> · <a href=\"#matrix\">back "
	          "to the matrix</a></p>\n</div>\n");
}

static void failures(hd_buf *b, const hc_run *run)
{
	size_t shown = 0;

	HC_PUT(b, "<h2 id=\"failures\">Results that did not pass</h2>\n");
	for (size_t i = 0; i < run->n; i++) {
		if (run->results[i].outcome == HC_PASS)
			continue;
		if (shown++ == 0)
			HC_PUT(b, "<ul>\n");
		HC_PUT(b, "<li><a href=\"#");
		hc_html_anchor(b, run, i);
		HC_PUT(b, "\">");
		result_title(b, &run->results[i]);
		HC_PUT(b, "</a></li>\n");
	}
	if (shown == 0) {
		HC_PUT(b, "<p>Every result passed.</p>\n");
		return;
	}
	HC_PUT(b, "</ul>\n");
	for (size_t i = 0; i < run->n; i++)
		if (run->results[i].outcome != HC_PASS)
			entry(b, run, i);
}

/* The watch checks' scores, one row per kernel (docs/value-check.md,
 * "Score"), when the run has any. */
static void scores(hd_buf *b, const hc_run *run)
{
	size_t shown = 0;

	for (size_t i = 0; i < run->n; i++) {
		const hc_result *r = &run->results[i];
		if (!r->has_score)
			continue;
		if (shown++ == 0)
			HC_PUT(b, "<h2 id=\"scores\">Watch scores</h2>\n<table>\n<tr><th>case</th>"
			          "<th>outcome</th><th>score</th><th>counts</th></tr>\n");
		HC_PUT(b, "<tr><td>");
		hc_xml_text(b, r->case_id, 0);
		hd_buf_printf(b, "</td><td>%s</td><td>%.3f</td><td>", hc_outcome_name(r->outcome),
		              r->score);
		hc_xml_text(b, r->reason ? r->reason : "", 0);
		HC_PUT(b, "</td></tr>\n");
	}
	if (shown > 0)
		HC_PUT(b, "</table>\n");
}

/* The failure groups, largest first, each linking to its first result. */
static void groups(hd_buf *b, const hc_run *run)
{
	hc_groups g;

	if (hc_failure_groups(run, &g) != 0) {
		b->failed = 1;
		return;
	}
	if (g.n > 0) {
		HC_PUT(b, "<h2 id=\"groups\">Failure groups</h2>\n<table>\n<tr><th>results</th>"
		          "<th>signature</th><th>first</th></tr>\n");
		for (size_t i = 0; i < g.n; i++) {
			hd_buf_printf(b, "<tr><td>%zu</td><td>", g.v[i].count);
			hc_xml_text(b, g.v[i].signature, 0);
			HC_PUT(b, "</td><td><a href=\"#");
			hc_html_anchor(b, run, g.v[i].first);
			HC_PUT(b, "\">");
			hc_xml_text(b, run->results[g.v[i].first].case_id, 0);
			HC_PUT(b, "</a></td></tr>\n");
		}
		HC_PUT(b, "</table>\n");
	}
	hc_groups_free(&g);
}

void hc_html(hd_buf *b, const hc_run *run)
{
	hd_buf title;

	hd_buf_init(&title);
	hd_buf_printf(&title, "hdcts results: %s", hc_str(run->candidate));
	hc_html_begin(b, hd_buf_str(&title));
	hd_buf_free(&title);
	header(b, run);
	groups(b, run);
	hc_html_matrix(b, run);
	scores(b, run);
	failures(b, run);
	hc_html_end(b);
}
