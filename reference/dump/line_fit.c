/* Holds a DWARF 5 line table header (DWARF 5 section 6.2.4) against its own
 * bytes before libdwarf reads it. libdwarf 20210528 allocates and clears a
 * pointer for every directory a header counts before it reads the first,
 * and makes a record for every file whether or not the file entry format
 * has a field to read: a count of 2^28 directories in a file of a few KiB
 * asked for 2 GiB, and 2^40 files of an empty format would never end. Every
 * entry of a format with a field takes at least a byte, so a header is
 * refused when a count is larger than the bytes left before the line
 * program (header_length says where it starts), or counts entries of an
 * empty format. Version 2 to 4 headers end their lists with a terminator,
 * which libdwarf reads as it goes, so they are let through; version 0xf006,
 * libdwarf's experimental two-level table, is refused. The header is read
 * from the file itself, since libdwarf hands out no section bytes; a
 * compressed .debug_line is not checked. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "dump_impl.h"
#include "util/le.h"

#define LINE_V5 5u
#define LINE_TWO_LEVEL 0xf006u
#define PREFIX_MAX 24u   /* unit_length (12), version, sizes, header_length (8) */

typedef struct header {
	const uint8_t *start, *p, *end;  /* the header's bytes; end: the program */
	uint64_t at;                     /* start's .debug_line offset */
	unsigned offset_size;
} header;

static int bad(dd_ctx *c, const header *h, const char *what)
{
	uint64_t off = h->at + (uint64_t)(h->p - h->start);

	return hd_fail(c->st, HD_BAD_INPUT, "bad-line-header", off,
	               ".debug_line offset 0x%" PRIx64 ": %s", off, what);
}

/* n bytes at .debug_line offset off of the file into buf. */
static int read_line_bytes(const dd_ctx *c, uint64_t off, uint8_t *buf, size_t n)
{
	FILE *f = fopen(c->path, "rb");
	uint64_t at = c->line_sec.off + off;
	int ok;

	if (f == NULL)
		return -1;
	ok = at <= (uint64_t)LONG_MAX && fseek(f, (long)at, SEEK_SET) == 0 &&
	     fread(buf, 1, n, f) == n;
	fclose(f);
	return ok ? 0 : -1;
}

/* Moves past n bytes; -1 when they are not in the header. */
static int skip(header *h, uint64_t n)
{
	if (n > (uint64_t)(h->end - h->p))
		return -1;
	h->p += n;
	return 0;
}

static int uleb(header *h, uint64_t *v)
{
	unsigned shift = 0;

	*v = 0;
	while (h->p < h->end && shift < 64) {
		uint8_t b = *h->p++;
		*v |= (uint64_t)(b & 0x7f) << shift;
		if ((b & 0x80) == 0)
			return 0;
		shift += 7;
	}
	return -1;
}

/* One field of an entry, of form form (the forms DWARF 5 section 6.2.4.1
 * allows for line table content). */
static int skip_form(header *h, uint64_t form)
{
	uint64_t n;

	switch (form) {
	case DW_FORM_string:
		while (h->p < h->end)
			if (*h->p++ == 0)
				return 0;
		return -1;
	case DW_FORM_strp: case DW_FORM_line_strp: case DW_FORM_strp_sup:
		return skip(h, h->offset_size);
	case DW_FORM_udata: case DW_FORM_strx:
		return uleb(h, &n);
	case DW_FORM_data1: case DW_FORM_strx1: return skip(h, 1);
	case DW_FORM_data2: case DW_FORM_strx2: return skip(h, 2);
	case DW_FORM_strx3: return skip(h, 3);
	case DW_FORM_data4: case DW_FORM_strx4: return skip(h, 4);
	case DW_FORM_data8: return skip(h, 8);
	case DW_FORM_data16: return skip(h, 16);
	case DW_FORM_block:
		return uleb(h, &n) != 0 ? -1 : skip(h, n);
	default:
		return -1;
	}
}

/* An entry format (a count byte, then content type and form pairs) and the
 * entry count after it; the forms go to forms[0 .. *nforms). */
static int entry_format(dd_ctx *c, header *h, const char *what, uint64_t forms[255],
                        unsigned *nforms, uint64_t *count)
{
	char msg[96];

	if (h->p >= h->end)
		return bad(c, h, "the header ends before an entry format");
	*nforms = *h->p++;
	for (unsigned i = 0; i < *nforms; i++) {
		uint64_t type;
		if (uleb(h, &type) != 0 || uleb(h, &forms[i]) != 0)
			return bad(c, h, "an entry format runs past the header");
	}
	if (uleb(h, count) != 0)
		return bad(c, h, "an entry count runs past the header");
	if (*count > 0 && *nforms == 0) {
		snprintf(msg, sizeof msg, "%" PRIu64 " %s of a format without fields", *count, what);
		return bad(c, h, msg);
	}
	if (*count > (uint64_t)(h->end - h->p)) {
		snprintf(msg, sizeof msg, "%" PRIu64 " %s in the header's last %zu bytes", *count,
		         what, (size_t)(h->end - h->p));
		return bad(c, h, msg);
	}
	return 0;
}

/* The fields after header_length up to the directory entry format. */
static int skip_fixed_fields(header *h)
{
	uint8_t opcode_base;

	if (skip(h, 5) != 0 || h->p >= h->end)
		return -1;
	opcode_base = *h->p++;
	return skip(h, opcode_base > 0 ? opcode_base - 1u : 0);
}

static int check_v5(dd_ctx *c, header *h)
{
	uint64_t forms[255], count;
	unsigned nforms;

	if (skip_fixed_fields(h) != 0)
		return bad(c, h, "the header ends in its fixed fields");
	if (entry_format(c, h, "directories", forms, &nforms, &count) != 0)
		return -1;
	for (uint64_t i = 0; i < count; i++)
		for (unsigned j = 0; j < nforms; j++)
			if (skip_form(h, forms[j]) != 0)
				return bad(c, h, "a directory entry runs past the header or has a "
				                 "form line tables do not use");
	return entry_format(c, h, "files", forms, &nforms, &count);
}

/* The header's bytes into *buf and h: the prefix says how long it is,
 * bounded by its unit and the section. 0 loaded; 1 not a version 5 header,
 * nothing to check; -1 refused (version 0xf006 among others). */
static int load_header(dd_ctx *c, uint64_t at, uint8_t **buf, header *h)
{
	uint8_t pre[PREFIX_MAX];
	uint64_t left = c->line_sec.size - at, unit, unit_end, hlen, pos;
	unsigned version;
	size_t n = left < PREFIX_MAX ? (size_t)left : PREFIX_MAX;

	h->at = at;
	h->start = h->p = h->end = pre;
	if (read_line_bytes(c, at, pre, n) != 0)
		return bad(c, h, "cannot read the header");
	h->offset_size = n >= 4 && hd_le_bytes(pre, 4) == 0xffffffffu ? 8 : 4;
	pos = h->offset_size == 8 ? 12 : 4;   /* past unit_length */
	if (n < pos + 4 + h->offset_size)
		return bad(c, h, "the header is cut short by the end of the section");
	unit = h->offset_size == 8 ? hd_le_bytes(pre + 4, 8) : hd_le_bytes(pre, 4);
	unit_end = unit > left - pos ? left : pos + unit;
	version = (unsigned)hd_le_bytes(pre + pos, 2);
	if (version == LINE_TWO_LEVEL)
		return bad(c, h, "version 0xf006, an experimental two-level line table, is not read");
	if (version != LINE_V5)
		return 1;
	hlen = hd_le_bytes(pre + pos + 4, h->offset_size);
	pos += 4 + h->offset_size;            /* past header_length */
	if (unit_end < pos)
		return bad(c, h, "the unit ends inside the header's first fields");
	if (hlen > unit_end - pos)
		hlen = unit_end - pos;  /* the entries must fit in the unit too */
	if ((*buf = malloc((size_t)(pos + hlen))) == NULL)
		return dd_oom(c);
	if (read_line_bytes(c, at, *buf, (size_t)(pos + hlen)) != 0)
		return bad(c, h, "cannot read the header");
	h->start = *buf;
	h->p = *buf + pos;
	h->end = *buf + pos + hlen;
	return 0;
}

int dd_line_fits(dd_ctx *c, uint64_t stmt_list)
{
	uint8_t *buf = NULL;
	header h;
	int rc;

	if (!c->line_sec.found || c->line_sec.compressed || stmt_list >= c->line_sec.size)
		return 0;  /* libdwarf reports a missing or short table itself */
	rc = load_header(c, stmt_list, &buf, &h);
	if (rc == 0)
		rc = check_v5(c, &h);
	free(buf);
	return rc < 0 ? -1 : 0;
}
