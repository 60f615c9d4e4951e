/* Internal to the renderers: escaping text for each output format, the
 * anchors that link the HTML matrix to the failures, and the coverage areas.
 * Each escaper turns any bytes at all (a candidate's stderr, a diff of a
 * binary file) into valid output of its format. */
#ifndef HC_MARKUP_H
#define HC_MARKUP_H

#include <stddef.h>

#include "json.h"
#include "result.h"

/* XML 1.0 / HTML character data: & < > " ' as references; characters XML
 * does not allow (C0 controls but tab, newline and return; C1 controls,
 * U+FFFE, U+FFFF) and bytes that are not UTF-8 become U+FFFD. In an
 * attribute (attr non-zero) tab, newline and return become references too,
 * so they survive attribute normalisation. */
void hc_xml_text(hd_buf *b, const char *s, int attr);

/* The page frame shared by index.html, compare's page and hdgen's
 * coverage page: doctype, inline style sheet, title; and the end (html.c). */
void hc_html_begin(hd_buf *b, const char *title);
void hc_html_end(hd_buf *b);

/* Markdown inline text on one line: the characters that would start
 * markup are backslash-escaped, line breaks and controls become spaces. */
void hc_md_text(hd_buf *b, const char *s);

/* Text on one line for TAP and plain-text output: controls become spaces,
 * non-UTF-8 bytes U+FFFD; with tap non-zero '#' and '\' are escaped as TAP
 * descriptions require. */
void hc_line_text(hd_buf *b, const char *s, int tap);

/* The id of a result's entry in index.html: "r-" and case and check with
 * every byte but [A-Za-z0-9-] as "_XX", the two joined by "__" (which the
 * escape never makes), so distinct keys give distinct ids. */
void hc_anchor(hd_buf *b, const char *case_id, const char *check);

/* Coverage areas: hdgen coverage's (reference/coverage/universe.h), in its
 * order and under its names, so index.html and docs/coverage.md name and
 * count the same universes. */
int hc_area_of(const char *fact);
const char *hc_area_name(int area);

/* Whether an outcome counts as passing in the matrix and coverage bars:
 * the candidate produced an acceptable answer (pass or a warning). */
int hc_outcome_passes(hc_outcome o);

/* Code points no text output should carry raw: C0 controls, DEL, C1
 * controls, U+2028/U+2029 (line breaks to some readers), and the
 * non-characters U+FFFE and U+FFFF. */
int hc_unprintable(uint32_t cp);

/* str, with NULL as "". */
const char *hc_str(const char *s);

#endif
