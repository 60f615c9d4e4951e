/* TAP version 13 (docs/results.md "TAP"). The YAML diagnostics are written
 * for the strictest reader in common use, TAP::Parser's YAMLish (prove):
 * it reads only plain, double-quoted and literal block scalars, takes a
 * block's indentation from its first line and ends the block at the first
 * empty line. A diff that would trip it is written as one quoted scalar. */
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "markup.h"
#include "render.h"

void hc_tap_plan(FILE *f, size_t n)
{
	fprintf(f, "TAP version 13\n1..%zu\n", n);
}

/* A YAML double-quoted scalar: the escapes YAML and YAMLish share. */
static void yaml_quoted(hd_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)hc_str(s);
	size_t n = strlen((const char *)p);

	hd_buf_byte(b, '"');
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t k = hd_utf8_next(p + i, n - i, &cp);

		if (cp == '"' || cp == '\\') {
			hd_buf_byte(b, '\\');
			hd_buf_byte(b, (uint8_t)cp);
		} else if (cp == '\n') {
			HC_PUT(b, "\\n");
		} else if (cp == '\t') {
			HC_PUT(b, "\\t");
		} else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
			hd_buf_printf(b, "\\x%02x", (unsigned)cp);
		} else if (hc_unprintable(cp)) {
			hd_utf8_put(b, 0xfffd);
		} else if (k == 1) {
			hd_utf8_put(b, cp);
		} else {
			hd_buf_put(b, p + i, k);
		}
		i += k;
	}
	hd_buf_byte(b, '"');
}

/* Whether text can be a literal block that YAMLish reads back: no empty
 * line, a first line not starting with blank space, no control character
 * but tab. */
static int literal_safe(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || s[0] == ' ' || s[0] == '\t' || s[0] == '\n')
		return 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n' && i + 1 < n && s[i + 1] == '\n')
			return 0;
		if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
			return 0;
	}
	return 1;
}

/* The lines of s indented under "diff: |"; what YAML does not allow in a
 * block (C1 controls, non-characters, bad bytes) becomes U+FFFD. */
static void yaml_literal(hd_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	int line_start = 1;

	HC_PUT(b, "|\n");
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t k = hd_utf8_next(p + i, n - i, &cp);

		if (line_start)
			HC_PUT(b, "    ");
		line_start = cp == '\n';
		if (cp == '\t' || cp == '\n')
			hd_buf_byte(b, (uint8_t)cp);
		else if (hc_unprintable(cp))
			hd_utf8_put(b, 0xfffd);
		else if (k == 1)
			hd_utf8_put(b, cp);
		else
			hd_buf_put(b, p + i, k);
		i += k;
	}
	if (!line_start)
		hd_buf_byte(b, '\n');
}

static void yaml_block(hd_buf *b, const hc_result *r)
{
	hd_buf_printf(b, "  ---\n  outcome: %s\n", hc_outcome_name(r->outcome));
	if (r->reason != NULL) {
		HC_PUT(b, "  reason: ");
		yaml_quoted(b, r->reason);
		hd_buf_byte(b, '\n');
	}
	if (r->waiver != NULL) {
		HC_PUT(b, "  waiver: ");
		yaml_quoted(b, r->waiver);
		hd_buf_byte(b, '\n');
	}
	hd_buf_printf(b, "  must_pass: %s\n", r->must_pass ? "true" : "false");
	if (r->diff != NULL) {
		HC_PUT(b, "  diff: ");
		if (literal_safe(r->diff)) {
			yaml_literal(b, r->diff);
		} else {
			yaml_quoted(b, r->diff);
			hd_buf_byte(b, '\n');
		}
	}
	HC_PUT(b, "  ...\n");
}

static int not_ok(hc_outcome o)
{
	return !hc_outcome_conforms(o) || o == HC_WAIVED;
}

void hc_tap_point(FILE *f, size_t number, const hc_result *r)
{
	hd_buf b;

	hd_buf_init(&b);
	hd_buf_printf(&b, "%s %zu - ", not_ok(r->outcome) ? "not ok" : "ok", number);
	hc_line_text(&b, r->case_id, 1);
	hd_buf_byte(&b, ' ');
	hc_line_text(&b, r->check, 1);
	if (r->outcome == HC_NOT_SUPPORTED) {
		HC_PUT(&b, " # SKIP ");
		hc_line_text(&b, r->reason ? r->reason : "not supported", 0);
	} else if (r->outcome == HC_WAIVED) {
		HC_PUT(&b, " # TODO ");
		hc_line_text(&b, r->waiver ? r->waiver : "waived", 0);
	}
	hd_buf_byte(&b, '\n');
	if (r->outcome != HC_PASS)
		yaml_block(&b, r);
	if (b.failed)  /* out of memory: still one honest test point */
		fprintf(f, "%s %zu - (out of memory printing the result)\n",
		        not_ok(r->outcome) ? "not ok" : "ok", number);
	else
		fwrite(b.data, 1, b.len, f);
	hd_buf_free(&b);
}
