/* summary.md (docs/reports.md): the verdict and the counts a person reads
 * first, then every result that did not plainly pass. */
#include <string.h>

#include "markup.h"
#include "render_internal.h"

static size_t nonconforming_must_pass(const hc_run *run, size_t *must_pass)
{
	size_t bad = 0;

	*must_pass = 0;
	for (size_t i = 0; i < run->n; i++)
		if (run->results[i].must_pass) {
			(*must_pass)++;
			bad += !hc_outcome_conforms(run->results[i].outcome);
		}
	return bad;
}

static void field(hd_buf *b, const char *name, const char *value)
{
	hd_buf_printf(b, "| %s | ", name);
	hc_md_text(b, value ? value : "(none)");
	HC_PUT(b, " |\n");
}

static void header(hd_buf *b, const hc_run *run)
{
	size_t must_pass, bad = nonconforming_must_pass(run, &must_pass);

	HC_PUT(b, "# hdcts results: ");
	hc_md_text(b, run->candidate ? run->candidate : "(unnamed candidate)");
	HC_PUT(b, "\n\n");
	if (bad == 0)
		hd_buf_printf(b, "**Verdict: conforms.** All %zu must-pass results end in a "
		              "conforming outcome.\n\n", must_pass);
	else
		hd_buf_printf(b, "**Verdict: does not conform.** %zu of %zu must-pass results "
		              "end in a non-conforming outcome.\n\n", bad, must_pass);
	HC_PUT(b, "| | |\n|---|---|\n");
	field(b, "candidate", run->candidate);
	field(b, "encoding", run->encoding);
	field(b, "suite version", run->suite_version);
	field(b, "suite revision", run->suite_revision);
	field(b, "started", run->started);
	field(b, "finished", run->finished);
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

void hc_summary(hd_buf *b, const hc_run *run)
{
	header(b, run);
	totals(b, run);
	per_check(b, run);
	not_passing(b, run);
}
