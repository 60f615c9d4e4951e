/* results.json and journal lines (docs/results.md), the writing half: the
 * output is a function of the model alone (fixed key order, "%.6f" times),
 * so two runs with the same results write the same bytes. json_read.c
 * reads it back. */
#include <string.h>

#include "json.h"
#include "util/json.h"

static double clamp_seconds(double s)
{
	if (!(s >= 0))  /* NaN too */
		return 0;
	return s > HC_MAX_SECONDS ? HC_MAX_SECONDS : s;
}

void hc_result_json(hd_buf *out, const hc_result *r)
{
	HC_PUT(out, "{\"case\":");
	hd_json_put_string(out, r->case_id ? r->case_id : "");
	HC_PUT(out, ",\"check\":");
	hd_json_put_string(out, r->check ? r->check : "");
	hd_buf_printf(out, ",\"outcome\":\"%s\",\"must_pass\":%s,\"seconds\":%.6f,\"reason\":",
	              hc_outcome_name(r->outcome), r->must_pass ? "true" : "false",
	              clamp_seconds(r->seconds));
	hd_json_put_string(out, r->reason);
	HC_PUT(out, ",\"waiver\":");
	hd_json_put_string(out, r->waiver);
	HC_PUT(out, ",\"covers\":[");
	for (size_t i = 0; i < r->ncovers; i++) {
		if (i > 0)
			hd_buf_byte(out, ',');
		hd_json_put_string(out, r->covers[i] ? r->covers[i] : "");
	}
	HC_PUT(out, "],\"diff\":");
	hd_json_put_string(out, r->diff);
	if (r->has_score)
		hd_buf_printf(out, ",\"score\":%.4f", r->score);
	if (r->command != NULL) {
		HC_PUT(out, ",\"command\":");
		hd_json_put_string(out, r->command);
		HC_PUT(out, ",\"scratch\":");
		hd_json_put_string(out, r->scratch);
		hd_buf_printf(out, ",\"exit\":%d,\"stderr\":", r->exit_status);
		hd_json_put_string(out, r->stderr_tail);
	}
	hd_buf_byte(out, '}');
}

static void header_field(hd_buf *out, const char *key, const char *value)
{
	hd_buf_printf(out, "  \"%s\": ", key);
	hd_json_put_string(out, value);
	HC_PUT(out, ",\n");
}

/* One result per line inside "results", so the file diffs and greps like
 * the journal does. */
void hc_run_json(hd_buf *out, const hc_run *run)
{
	size_t counts[HC_OUTCOME_COUNT];

	HC_PUT(out, "{\n  \"schema_version\": 1,\n");
	header_field(out, "suite_version", run->suite_version);
	header_field(out, "suite_revision", run->suite_revision);
	header_field(out, "candidate", run->candidate);
	header_field(out, "encoding", run->encoding);
	header_field(out, "started", run->started);
	header_field(out, "finished", run->finished);
	header_field(out, "scope", run->scope);
	if (run->shard != NULL)
		header_field(out, "shard", run->shard);
	hd_buf_printf(out, "  \"conforms\": %s,\n  \"totals\": {",
	              hc_run_conforms(run) ? "true" : "false");
	hc_run_count(run, counts);
	for (int i = 0; i < HC_OUTCOME_COUNT; i++)
		hd_buf_printf(out, "%s\"%s\": %zu", i ? ", " : "", hc_outcome_name((hc_outcome)i),
		              counts[i]);
	HC_PUT(out, "},\n  \"results\": [");
	for (size_t i = 0; i < run->n; i++) {
		if (i > 0)
			hd_buf_byte(out, ',');
		HC_PUT(out, "\n    ");
		hc_result_json(out, &run->results[i]);
	}
	if (run->n > 0)
		HC_PUT(out, "\n  ");
	HC_PUT(out, "]\n}\n");
}
