/* Escaping for the report formats, anchors and coverage areas (markup.h). */
#include "markup.h"

#include <string.h>

#include "coverage/universe.h"
#include "json.h"

const char *hc_str(const char *s)
{
	return s ? s : "";
}

/* Characters the XML 1.0 Char production excludes, and C1 controls,
 * which it allows but HTML does not. */
static int xml_forbidden(uint32_t cp)
{
	if (cp < 0x20)
		return cp != '\t' && cp != '\n' && cp != '\r';
	return (cp >= 0x7f && cp <= 0x9f) || cp == 0xfffe || cp == 0xffff;
}

void hc_xml_text(hd_buf *b, const char *s, int attr)
{
	const unsigned char *p = (const unsigned char *)hc_str(s);
	size_t n = strlen((const char *)p);

	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t k = hd_utf8_next(p + i, n - i, &cp);

		if (k == 1 && p[i] >= 0x80)
			cp = 0xfffd;  /* hd_utf8_next says so, but be explicit */
		if (xml_forbidden(cp))
			cp = 0xfffd;
		switch (cp) {
		case '&': HC_PUT(b, "&amp;"); break;
		case '<': HC_PUT(b, "&lt;"); break;
		case '>': HC_PUT(b, "&gt;"); break;
		case '"': HC_PUT(b, "&quot;"); break;
		case '\'': HC_PUT(b, "&#39;"); break;
		case '\t': case '\n': case '\r':
			if (attr)
				hd_buf_printf(b, "&#%u;", (unsigned)cp);
			else
				hd_buf_byte(b, (uint8_t)cp);
			break;
		default:
			if (cp == 0xfffd || k == 1)
				hd_utf8_put(b, cp);
			else
				hd_buf_put(b, p + i, k);
		}
		i += k;
	}
}

int hc_unprintable(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 ||
	       cp == 0xfffe || cp == 0xffff;
}

/* One character on one line: controls as a space, bad bytes as U+FFFD;
 * returns the bytes consumed. */
static size_t line_char(hd_buf *b, const unsigned char *p, size_t n)
{
	uint32_t cp;
	size_t k = hd_utf8_next(p, n, &cp);

	if (hc_unprintable(cp))
		hd_buf_byte(b, ' ');
	else if (k == 1)
		hd_utf8_put(b, cp);
	else
		hd_buf_put(b, p, k);
	return k;
}

void hc_line_text(hd_buf *b, const char *s, int tap)
{
	const unsigned char *p = (const unsigned char *)hc_str(s);
	size_t n = strlen((const char *)p);

	for (size_t i = 0; i < n;) {
		if (tap && (p[i] == '#' || p[i] == '\\')) {
			hd_buf_byte(b, '\\');
			hd_buf_byte(b, p[i++]);
		} else {
			i += line_char(b, p + i, n - i);
		}
	}
}

void hc_md_text(hd_buf *b, const char *s)
{
	static const char special[] = "\\`*_[]<>|#!~&";
	const unsigned char *p = (const unsigned char *)hc_str(s);
	size_t n = strlen((const char *)p);

	for (size_t i = 0; i < n;) {
		if (p[i] != 0 && strchr(special, p[i]) != NULL) {
			hd_buf_byte(b, '\\');
			hd_buf_byte(b, p[i++]);
		} else {
			i += line_char(b, p + i, n - i);
		}
	}
}

static void anchor_part(hd_buf *b, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)hc_str(s); *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '-')
			hd_buf_byte(b, *p);
		else
			hd_buf_printf(b, "_%02X", *p);
}

void hc_anchor(hd_buf *b, const char *case_id, const char *check)
{
	HC_PUT(b, "r-");
	anchor_part(b, case_id);
	HC_PUT(b, "__");
	anchor_part(b, check);
}

int hc_area_of(const char *fact)
{
	return hd_cov_area_of(hc_str(fact));
}

const char *hc_area_name(int area)
{
	return hd_cov_area_name(area);
}

int hc_outcome_passes(hc_outcome o)
{
	return o == HC_PASS || o == HC_QUALITY_WARNING || o == HC_COMPAT_WARNING;
}
