/* junit.xml (docs/reports.md): one <testsuite> per check, one <testcase>
 * per result, in the shape CI servers read. fail is a <failure>; crash,
 * timeout and internal-error are <error>s (the candidate or the suite broke
 * rather than answered wrongly); not-supported and waived are <skipped>.
 * tests/junit.xsd is the shape, checked by tests/reports_tools.sh. */
#include <stdlib.h>
#include <string.h>

#include "markup.h"
#include "render_internal.h"

typedef struct tally {
	size_t tests, failures, errors, skipped;
	double seconds;
} tally;

static int is_error(hc_outcome o)
{
	return o == HC_CRASH || o == HC_TIMEOUT || o == HC_INTERNAL_ERROR;
}

static void tally_add(tally *t, const hc_result *r)
{
	t->tests++;
	t->failures += r->outcome == HC_FAIL;
	t->errors += is_error(r->outcome);
	t->skipped += r->outcome == HC_NOT_SUPPORTED || r->outcome == HC_WAIVED;
	if (r->seconds > 0)
		t->seconds += r->seconds;
}

static void tally_attrs(hd_buf *b, const tally *t)
{
	hd_buf_printf(b, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" "
	              "time=\"%.6f\"", t->tests, t->failures, t->errors, t->skipped, t->seconds);
}

static void property(hd_buf *b, const char *name, const char *value)
{
	hd_buf_printf(b, "      <property name=\"%s\" value=\"", name);
	hc_xml_text(b, value, 1);
	HC_PUT(b, "\"/>\n");
}

/* "expr" of "expr/arith-abs": the case's folder, as the class. */
static void classname(hd_buf *b, const char *case_id)
{
	const char *slash = strchr(hc_str(case_id), '/');
	size_t len = slash ? (size_t)(slash - case_id) : strlen(hc_str(case_id));
	char *folder = strndup(hc_str(case_id), len);

	if (folder == NULL) {
		b->failed = 1;
		return;
	}
	hc_xml_text(b, folder, 1);
	free(folder);
}

static void message_attr(hd_buf *b, const char *prefix, const char *text)
{
	HC_PUT(b, " message=\"");
	hc_xml_text(b, prefix, 1);
	hc_xml_text(b, text, 1);
	hd_buf_byte(b, '"');
}

/* What a result says beyond its verdict, as <system-out>. */
static void system_out(hd_buf *b, const hc_result *r, int with_diff)
{
	HC_PUT(b, "      <system-out>");
	hc_xml_text(b, hc_outcome_name(r->outcome), 0);
	if (r->reason) {
		HC_PUT(b, ": ");
		hc_xml_text(b, r->reason, 0);
	}
	if (r->must_pass)
		HC_PUT(b, " (must pass)");
	if (with_diff && r->diff) {
		hd_buf_byte(b, '\n');
		hc_xml_text(b, r->diff, 0);
	}
	HC_PUT(b, "</system-out>\n");
}

static void testcase(hd_buf *b, const hc_result *r)
{
	hc_outcome o = r->outcome;

	HC_PUT(b, "    <testcase classname=\"");
	classname(b, r->case_id);
	HC_PUT(b, "\" name=\"");
	hc_xml_text(b, r->case_id, 1);
	hd_buf_printf(b, "\" time=\"%.6f\"", r->seconds > 0 ? r->seconds : 0.0);
	if (o == HC_PASS) {
		HC_PUT(b, "/>\n");
		return;
	}
	HC_PUT(b, ">\n");
	if (o == HC_FAIL || is_error(o)) {
		const char *el = o == HC_FAIL ? "failure" : "error";
		hd_buf_printf(b, "      <%s", el);
		message_attr(b, "", r->reason ? r->reason : hc_outcome_name(o));
		hd_buf_printf(b, " type=\"%s\">", hc_outcome_name(o));
		hc_xml_text(b, r->diff, 0);
		hd_buf_printf(b, "</%s>\n", el);
	} else if (o == HC_NOT_SUPPORTED) {
		HC_PUT(b, "      <skipped");
		message_attr(b, "not-supported: ", r->reason);
		HC_PUT(b, "/>\n");
	} else if (o == HC_WAIVED) {
		HC_PUT(b, "      <skipped");
		message_attr(b, "waived: ", r->waiver);
		HC_PUT(b, "/>\n");
	}
	if (o != HC_FAIL && !is_error(o))
		system_out(b, r, o == HC_WAIVED);
	HC_PUT(b, "    </testcase>\n");
}

static void testsuite(hd_buf *b, const hc_run *run, const char *check)
{
	tally t = { 0 };

	for (size_t i = 0; i < run->n; i++)
		if (strcmp(hc_str(run->results[i].check), check) == 0)
			tally_add(&t, &run->results[i]);
	HC_PUT(b, "  <testsuite name=\"");
	hc_xml_text(b, check, 1);
	hd_buf_byte(b, '"');
	tally_attrs(b, &t);
	HC_PUT(b, ">\n    <properties>\n");
	property(b, "candidate", run->candidate);
	property(b, "encoding", run->encoding);
	property(b, "suite_version", run->suite_version);
	property(b, "suite_revision", run->suite_revision);
	property(b, "started", run->started);
	property(b, "finished", run->finished);
	HC_PUT(b, "    </properties>\n");
	for (size_t i = 0; i < run->n; i++)
		if (strcmp(hc_str(run->results[i].check), check) == 0)
			testcase(b, &run->results[i]);
	HC_PUT(b, "  </testsuite>\n");
}

void hc_junit(hd_buf *b, const hc_run *run)
{
	hc_names checks;
	tally all = { 0 };

	for (size_t i = 0; i < run->n; i++)
		tally_add(&all, &run->results[i]);
	HC_PUT(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hdcts ");
	hc_xml_text(b, run->candidate, 1);
	hd_buf_byte(b, '"');
	tally_attrs(b, &all);
	HC_PUT(b, ">\n");
	if (hc_checks_of(run, &checks) != 0) {
		b->failed = 1;
		return;
	}
	for (size_t i = 0; i < checks.n; i++)
		testsuite(b, run, checks.v[i]);
	hc_names_free(&checks);
	HC_PUT(b, "</testsuites>\n");
}
