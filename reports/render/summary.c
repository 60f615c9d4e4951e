/* summary.md (docs/reports.md): the verdict and the counts a person reads
 * first, then every result that did not plainly pass. */
#include <string.h>

#include "markup.h"
#include "render_internal.h"

static void field(hd_buf *b, const char *name, const char *value)
{
	hd_buf_printf(b, "| %s | ", name);
	hc_md_text(b, value ? value : "(none)");
	HC_PUT(b, " |\n");
}

static void header(hd_buf *b, const hc_run *run)
{
	hc_verdict v;
	hd_buf text;

	hc_run_verdict(run, &v);
	hd_buf_init(&text);
	hc_verdict_text(&v, &text);
	HC_PUT(b, "# hdcts results: ");
	hc_md_text(b, run->candidate ? run->candidate : "(unnamed candidate)");
	HC_PUT(b, "\n\n**Verdict: ");
	hc_md_text(b, hd_buf_str(&text));
	hd_buf_printf(b, ".** %zu must-pass results: %zu accepted, %zu waived, %zu not "
	              "conforming.\n\n", v.must_pass, v.accepted, v.waived, v.bad);
	hd_buf_free(&text);
	if (run->shard != NULL) {
		HC_PUT(b, "**This is shard ");
		hc_md_text(b, run->shard);
		HC_PUT(b, " of a run: the verdict above covers this shard's results only, not the "
		          "suite.** `hdcts merge` makes one run of all the shards.\n\n");
	}
	if (v.waived > 0) {
		HC_PUT(b, "Waived must-pass results:\n\n");
		for (size_t i = 0; i < run->n; i++) {
			const hc_result *r = &run->results[i];
			if (!r->must_pass || r->outcome != HC_WAIVED)
				continue;
			HC_PUT(b, "- ");
			hc_md_text(b, r->case_id);
			HC_PUT(b, " ");
			hc_md_text(b, r->check);
			HC_PUT(b, ": ");
			hc_md_text(b, r->waiver ? r->waiver : "");
			HC_PUT(b, "\n");
		}
		HC_PUT(b, "\n");
	}
	HC_PUT(b, "| | |\n|---|---|\n");
	field(b, "candidate", run->candidate);
	field(b, "encoding", run->encoding);
	field(b, "suite version", run->suite_version);
	field(b, "suite revision", run->suite_revision);
	field(b, "started", run->started);
	field(b, "finished", run->finished);
	if (run->scope != NULL)
		field(b, "scope", run->scope);
	hd_buf_printf(b, "| results | %zu |\n\n", run->n);
}

static void totals(hd_buf *b, const hc_run *run)
{
	size_t counts[HC_OUTCOME_COUNT];

	hc_run_count(run, counts);
	HC_PUT(b, "## Totals\n\n| outcome | results | conforming |\n|---|--:|---|\n");
	for (int o = 0; o < HC_OUTCOME_COUNT; o++)
		hd_buf_printf(b, "| %s | %zu | %s |\n", hc_outcome_name((hc_outcome)o), counts[o],
		              hc_outcome_conforms((hc_outcome)o) ? "yes" : "no");
	hd_buf_byte(b, '\n');
}

static void per_check(hd_buf *b, const hc_run *run)
{
	hc_names checks;

	if (hc_checks_of(run, &checks) != 0) {
		b->failed = 1;
		return;
	}
	HC_PUT(b, "## Per check\n\n| check | total");
	for (int o = 0; o < HC_OUTCOME_COUNT; o++)
		hd_buf_printf(b, " | %s", hc_outcome_name((hc_outcome)o));
	HC_PUT(b, " |\n|---|--:");
	for (int o = 0; o < HC_OUTCOME_COUNT; o++)
		HC_PUT(b, "|--:");
	HC_PUT(b, "|\n");
	for (size_t c = 0; c < checks.n; c++) {
		size_t counts[HC_OUTCOME_COUNT] = { 0 }, total = 0;
		for (size_t i = 0; i < run->n; i++) {
			const hc_result *r = &run->results[i];
			if (strcmp(hc_str(r->check), checks.v[c]) == 0 &&
			    (unsigned)r->outcome < HC_OUTCOME_COUNT) {
				counts[r->outcome]++;
				total++;
			}
		}
		HC_PUT(b, "| ");
		hc_md_text(b, checks.v[c]);
		hd_buf_printf(b, " | %zu", total);
		for (int o = 0; o < HC_OUTCOME_COUNT; o++)
			hd_buf_printf(b, " | %zu", counts[o]);
		HC_PUT(b, " |\n");
	}
	if (checks.n == 0)
		HC_PUT(b, "| (no results) | 0 |\n");
	hd_buf_byte(b, '\n');
	hc_names_free(&checks);
}

static void not_passing(hd_buf *b, const hc_run *run)
{
	size_t shown = 0;

	HC_PUT(b, "## Results that did not pass\n\n");
	for (size_t i = 0; i < run->n; i++) {
		const hc_result *r = &run->results[i];
		if (r->outcome == HC_PASS)
			continue;
		shown++;
		HC_PUT(b, "- ");
		hc_md_text(b, r->case_id);
		hd_buf_byte(b, ' ');
		hc_md_text(b, r->check);
		hd_buf_printf(b, ": **%s**%s", hc_outcome_name(r->outcome),
		              r->must_pass ? " (must pass)" : "");
		if (r->reason) {
			HC_PUT(b, " — ");
			hc_md_text(b, r->reason);
		}
		if (r->waiver) {
			HC_PUT(b, " (waived: ");
			hc_md_text(b, r->waiver);
			hd_buf_byte(b, ')');
		}
		hd_buf_byte(b, '\n');
	}
	if (shown == 0)
		HC_PUT(b, "Every result passed.\n");
	else
		HC_PUT(b, "\nThe diffs are in index.html and results.json.\n");
}

/* The failure groups, largest first: where to start reading a red run. */
static void groups(hd_buf *b, const hc_run *run)
{
	hc_groups g;

	if (hc_failure_groups(run, &g) != 0) {
		b->failed = 1;
		return;
	}
	if (g.n > 0) {
		HC_PUT(b, "## Failure groups\n\n| results | signature | first |\n|--:|---|---|\n");
		for (size_t i = 0; i < g.n; i++) {
			hd_buf_printf(b, "| %zu | ", g.v[i].count);
			hc_md_text(b, g.v[i].signature);
			HC_PUT(b, " | ");
			hc_md_text(b, run->results[g.v[i].first].case_id);
			HC_PUT(b, " |\n");
		}
		HC_PUT(b, "\n");
	}
	hc_groups_free(&g);
}

void hc_summary(hd_buf *b, const hc_run *run)
{
	header(b, run);
	totals(b, run);
	per_check(b, run);
	groups(b, run);
	not_passing(b, run);
}
