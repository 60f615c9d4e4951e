/* results.json and journal lines (docs/results.md), the writing half: the
 * output is a function of the model alone (fixed key order, "%.6f" times),
 * so two runs with the same results write the same bytes. json_read.c
 * reads it back. */
#include <string.h>

#include "json.h"

/* ---- UTF-8 ---- */

size_t hc_utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c = s[0], min;
	size_t len;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, c &= 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, c &= 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, c &= 0x07, min = 0x10000;
	else
		goto bad;
	if (len > n)
		goto bad;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			goto bad;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		goto bad;
	*cp = c;
	return len;
bad:
	*cp = 0xfffd;
	return 1;
}

void hc_utf8_put(hd_buf *b, uint32_t cp)
{
	if (cp < 0x80) {
		hd_buf_byte(b, (uint8_t)cp);
	} else if (cp < 0x800) {
		hd_buf_byte(b, (uint8_t)(0xc0 | cp >> 6));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		hd_buf_byte(b, (uint8_t)(0xe0 | cp >> 12));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp >> 6 & 0x3f)));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp & 0x3f)));
	} else {
		hd_buf_byte(b, (uint8_t)(0xf0 | cp >> 18));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp >> 12 & 0x3f)));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp >> 6 & 0x3f)));
		hd_buf_byte(b, (uint8_t)(0x80 | (cp & 0x3f)));
	}
}

/* ---- writer ---- */

/* Control characters and DEL are escaped so a line of JSON stays one line
 * and prints harmlessly; bytes that are not UTF-8 become U+FFFD, since JSON
 * text must be UTF-8 and a candidate's stderr can hold anything. */
void hc_json_string(hd_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	if (s == NULL) {
		HC_PUT(b, "null");
		return;
	}
	n = strlen(s);
	hd_buf_byte(b, '"');
	for (size_t i = 0; i < n;) {
		unsigned c = p[i];
		uint32_t cp;
		size_t k;

		if (c == '"' || c == '\\') {
			hd_buf_byte(b, '\\');
			hd_buf_byte(b, (uint8_t)c);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			const char *e = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r"
			              : c == '\b' ? "\\b" : c == '\f' ? "\\f" : NULL;
			if (e != NULL)
				hd_buf_put(b, e, 2);
			else
				hd_buf_printf(b, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			hd_buf_byte(b, (uint8_t)c);
			i++;
		} else {
			k = hc_utf8_next(p + i, n - i, &cp);
			if (k == 1)
				hc_utf8_put(b, 0xfffd);
			else
				hd_buf_put(b, p + i, k);
			i += k;
		}
	}
	hd_buf_byte(b, '"');
}

static double clamp_seconds(double s)
{
	if (!(s >= 0))  /* NaN too */
		return 0;
	return s > HC_MAX_SECONDS ? HC_MAX_SECONDS : s;
}

void hc_result_json(hd_buf *out, const hc_result *r)
{
	HC_PUT(out, "{\"case\":");
	hc_json_string(out, r->case_id ? r->case_id : "");
	HC_PUT(out, ",\"check\":");
	hc_json_string(out, r->check ? r->check : "");
	hd_buf_printf(out, ",\"outcome\":\"%s\",\"must_pass\":%s,\"seconds\":%.6f,\"reason\":",
	              hc_outcome_name(r->outcome), r->must_pass ? "true" : "false",
	              clamp_seconds(r->seconds));
	hc_json_string(out, r->reason);
	HC_PUT(out, ",\"waiver\":");
	hc_json_string(out, r->waiver);
	HC_PUT(out, ",\"covers\":[");
	for (size_t i = 0; i < r->ncovers; i++) {
		if (i > 0)
			hd_buf_byte(out, ',');
		hc_json_string(out, r->covers[i] ? r->covers[i] : "");
	}
	HC_PUT(out, "],\"diff\":");
	hc_json_string(out, r->diff);
	if (r->has_score)
		hd_buf_printf(out, ",\"score\":%.4f", r->score);
	if (r->command != NULL) {
		HC_PUT(out, ",\"command\":");
		hc_json_string(out, r->command);
		HC_PUT(out, ",\"scratch\":");
		hc_json_string(out, r->scratch);
		hd_buf_printf(out, ",\"exit\":%d,\"stderr\":", r->exit_status);
		hc_json_string(out, r->stderr_tail);
	}
	hd_buf_byte(out, '}');
}

static void header_field(hd_buf *out, const char *key, const char *value)
{
	hd_buf_printf(out, "  \"%s\": ", key);
	hc_json_string(out, value);
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
