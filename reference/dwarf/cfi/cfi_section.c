/* The .debug_frame section: reading it into CIEs and FDEs, finding the FDE of
 * a program location, and writing one. DWARF 5 section 6.4.1 (and 7.4 for the
 * 32- and 64-bit formats) with DWARF Extensions for Heterogeneous Debugging, Call Frame Information, CIE/FDE
 * items 1-11. Every read is bounded by its entry, and the entry by the
 * section; st->offset is always a section offset. */
#include "cfi.h"
#include "../../util/reader.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Initial lengths from 0xfffffff0 up are not lengths (DWARF 5 7.4):
 * 0xffffffff announces the 64-bit format, the others are reserved. */
#define DWARF64_ESCAPE 0xffffffffu
#define RESERVED_LENGTH 0xfffffff0u

/* An entry's frame: where it is and how its header reads. */
typedef struct entry {
	uint64_t offset;     /* of the length field */
	int dwarf64;
	size_t body;         /* section offset just past the length field */
	size_t end;          /* section offset just past the entry */
	uint64_t id;         /* CIE_id or CIE_pointer */
	size_t id_offset;    /* section offset of that field */
	hd_reader r;         /* over the entry, positioned after the id */
} entry;

static int valid_address_size(unsigned n)
{
	return n == 1 || n == 2 || n == 4 || n == 8;
}

/* Reads the initial length and the CIE_id / CIE_pointer of the entry at off
 * (DWARF Extensions for Heterogeneous Debugging CIE/FDE items 1 and 2). */
static int read_header(const uint8_t *sec, size_t len, size_t off, entry *e, hd_status *st)
{
	hd_reader r;
	uint64_t length;

	hd_reader_init(&r, sec, len);
	r.pos = off;
	e->offset = off;
	e->dwarf64 = 0;
	if (hd_read_uint(&r, 4, &length, st) != 0)
		return -1;
	if (length == DWARF64_ESCAPE) {
		e->dwarf64 = 1;
		if (hd_read_uint(&r, 8, &length, st) != 0)
			return -1;
	} else if (length >= RESERVED_LENGTH) {
		return hd_fail(st, HD_ILL_FORMED, "reserved-length", off,
		               "entry at offset %zu has the reserved initial length 0x%" PRIx64,
		               off, length);
	}
	e->body = r.pos;
	if (length > len - r.pos)
		return hd_fail(st, HD_ILL_FORMED, "truncated", off,
		               "entry at offset %zu has %" PRIu64 " byte(s) but the section"
		               " has %zu left", off, length, len - r.pos);
	e->end = r.pos + (size_t)length;
	/* from here on nothing is read past the entry */
	hd_reader_init(&e->r, sec + e->body, e->end - e->body);
	e->r.base = e->body;
	e->id_offset = e->body;
	return hd_read_uint(&e->r, e->dwarf64 ? 8 : 4, &e->id, st);
}

static int is_cie(const entry *e)
{
	return e->id == (e->dwarf64 ? UINT64_MAX : 0xffffffffu);
}

/* DWARF Extensions for Heterogeneous Debugging CIE/FDE item 1: the length field plus the length is a multiple
 * of the address size. */
static int check_entry_size(const entry *e, unsigned asize, hd_status *st)
{
	uint64_t size = e->end - e->offset;

	if (size % asize != 0)
		return hd_fail(st, HD_ILL_FORMED, "entry-size", e->offset,
		               "entry at offset %" PRIu64 " is %" PRIu64 " bytes, not a"
		               " multiple of its address size %u", e->offset, size, asize);
	return 0;
}

/* Decodes every instruction of an entry, so that a parsed section has no
 * undecodable bytes and errors point at the exact section offset. */
static int decode_all(const uint8_t *insns, size_t len, uint64_t base, unsigned asize,
                      hd_status *st)
{
	hd_cfa_insn in;

	for (size_t off = 0; off < len; off += in.size) {
		if (hd_cfa_decode(insns, len, off, asize, &in, st) != 0) {
			if (st != NULL)
				st->offset += base;
			return -1;
		}
	}
	return 0;
}

static int known_augmentation(const char *aug)
{
	return strcmp(aug, "") == 0 || strcmp(aug, HD_CIE_AUGMENTATION_AMD) == 0;
}

/* The rest of the entry, from the reader's position, as instructions. */
static void take_insns(entry *e, const uint8_t **insns, size_t *len, uint64_t *offset)
{
	*insns = e->r.p + e->r.pos;
	*len = e->r.len - e->r.pos;
	*offset = e->body + e->r.pos;
}

/* CIE items 3-10. With an augmentation this reader does not know, only
 * version and augmentation are read (DWARF Extensions for Heterogeneous Debugging CIE item 4). */
static int read_cie(entry *e, unsigned addr_size, hd_cie *c, hd_status *st)
{
	const uint8_t *nul, *aug;
	uint64_t v, at;
	int64_t s;

	memset(c, 0, sizeof *c);
	c->offset = e->offset;
	c->dwarf64 = e->dwarf64;
	at = e->body + e->r.pos;
	if (hd_read_uint(&e->r, 1, &v, st) != 0)
		return -1;
	if (v != 4)
		return hd_fail(st, HD_ILL_FORMED, "cie-version", at,
		               "CIE at offset %" PRIu64 " has version %" PRIu64 ", not 4",
		               e->offset, v);
	c->version = 4;
	aug = e->r.p + e->r.pos;
	nul = memchr(aug, 0, e->r.len - e->r.pos);
	if (nul == NULL)
		return hd_fail(st, HD_ILL_FORMED, "truncated", at + 1,
		               "augmentation at offset %" PRIu64 " has no NUL before the end"
		               " of its entry", at + 1);
	c->augmentation = (const char *)aug;
	e->r.pos += (size_t)(nul - aug) + 1;
	c->known = known_augmentation(c->augmentation);
	if (!c->known)
		return check_entry_size(e, addr_size, st);
	at = e->body + e->r.pos;
	if (hd_read_uint(&e->r, 1, &v, st) != 0)
		return -1;
	if (!valid_address_size((unsigned)v))
		return hd_fail(st, HD_ILL_FORMED, "address-size", at,
		               "CIE address size %" PRIu64 " is not 1, 2, 4 or 8", v);
	c->address_size = (uint8_t)v;
	if (hd_read_uint(&e->r, 1, &v, st) != 0)
		return -1;
	if (v > 8)
		return hd_fail(st, HD_ILL_FORMED, "segment-selector-size", at + 1,
		               "CIE segment selector size %" PRIu64 " is above 8", v);
	c->segment_selector_size = (uint8_t)v;
	if (hd_read_uleb(&e->r, &c->code_align, st) != 0 ||
	    hd_read_sleb(&e->r, &s, st) != 0 ||
	    hd_read_uleb(&e->r, &c->ra_column, st) != 0)
		return -1;
	c->data_align = s;
	if (check_entry_size(e, c->address_size, st) != 0)
		return -1;
	take_insns(e, &c->insns, &c->insns_len, &c->insns_offset);
	return decode_all(c->insns, c->insns_len, c->insns_offset, c->address_size, st);
}

/* The CIE whose entry starts at offset; cies are in section order. */
static int find_cie(const hd_cfi *cfi, uint64_t offset, uint32_t *index)
{
	size_t lo = 0, hi = cfi->ncies;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cfi->cies[mid].offset == offset) {
			*index = (uint32_t)mid;
			return 0;
		}
		if (cfi->cies[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* FDE items 2-5. An FDE of an unknown CIE has no segment selector this
 * reader can know of; its addresses take the target's size and its
 * instructions are kept undecoded. */
static int read_fde(entry *e, const hd_cfi *cfi, unsigned addr_size, hd_fde *f, hd_status *st)
{
	const hd_cie *c;
	unsigned asize;

	memset(f, 0, sizeof *f);
	f->offset = e->offset;
	f->dwarf64 = e->dwarf64;
	if (find_cie(cfi, e->id, &f->cie) != 0)
		return hd_fail(st, HD_ILL_FORMED, "bad-cie-pointer", e->id_offset,
		               "FDE at offset %" PRIu64 " points at 0x%" PRIx64 ", which is"
		               " not a CIE", e->offset, e->id);
	c = &cfi->cies[f->cie];
	asize = c->known ? c->address_size : addr_size;
	if (check_entry_size(e, asize, st) != 0)
		return -1;
	if ((c->known && hd_read_uint(&e->r, c->segment_selector_size, &f->segment, st) != 0) ||
	    hd_read_uint(&e->r, asize, &f->initial_location, st) != 0 ||
	    hd_read_uint(&e->r, asize, &f->address_range, st) != 0)
		return -1;
	take_insns(e, &f->insns, &f->insns_len, &f->insns_offset);
	if (!c->known)
		return 0;
	return decode_all(f->insns, f->insns_len, f->insns_offset, asize, st);
}

/* Counts the entries, so the arrays are allocated once; this pass also
 * finds every malformed length and id. */
static int count_entries(const uint8_t *sec, size_t len, size_t *ncies, size_t *nfdes,
                         hd_status *st)
{
	entry e;

	*ncies = *nfdes = 0;
	for (size_t off = 0; off < len; off = e.end) {
		if (read_header(sec, len, off, &e, st) != 0)
			return -1;
		if (is_cie(&e))
			++*ncies;
		else
			++*nfdes;
	}
	if (*ncies > UINT32_MAX)
		return hd_fail(st, HD_NO_MEMORY, "size-bound", 0,
		               "%zu CIEs do not fit hd_fde.cie", *ncies);
	return 0;
}

/* Reads the CIEs (want_cie) or the FDEs of the section, in order. FDEs come
 * second because a CIE may follow the FDEs that use it. */
static int read_entries(const uint8_t *sec, size_t len, unsigned addr_size, int want_cie,
                        hd_cfi *cfi, hd_status *st)
{
	entry e;

	for (size_t off = 0; off < len; off = e.end) {
		if (read_header(sec, len, off, &e, st) != 0)
			return -1;
		if (is_cie(&e) != want_cie)
			continue;
		if (want_cie ? read_cie(&e, addr_size, &cfi->cies[cfi->ncies++], st)
		             : read_fde(&e, cfi, addr_size, &cfi->fdes[cfi->nfdes++], st))
			return -1;
	}
	return 0;
}

int hd_cfi_parse(const uint8_t *sec, size_t len, unsigned addr_size,
                 hd_cfi **out, hd_status *st)
{
	size_t ncies, nfdes;
	hd_cfi *cfi;

	*out = NULL;
	if (!valid_address_size(addr_size))
		return hd_fail(st, HD_INTERNAL, "bad-address-size", 0,
		               "target address size %u is not 1, 2, 4 or 8", addr_size);
	if (len > 0 && sec == NULL)
		return hd_fail(st, HD_INTERNAL, "bad-section", 0, "no section bytes");
	if (count_entries(sec, len, &ncies, &nfdes, st) != 0)
		return -1;
	cfi = calloc(1, sizeof *cfi);
	if (cfi != NULL) {
		cfi->cies = calloc(ncies ? ncies : 1, sizeof *cfi->cies);
		cfi->fdes = calloc(nfdes ? nfdes : 1, sizeof *cfi->fdes);
	}
	if (cfi == NULL || cfi->cies == NULL || cfi->fdes == NULL) {
		hd_cfi_free(cfi);
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0,
		               "no memory for %zu CIEs and %zu FDEs", ncies, nfdes);
	}
	if (read_entries(sec, len, addr_size, 1, cfi, st) != 0 ||
	    read_entries(sec, len, addr_size, 0, cfi, st) != 0) {
		hd_cfi_free(cfi);
		return -1;
	}
	*out = cfi;
	return 0;
}

void hd_cfi_free(hd_cfi *cfi)
{
	if (cfi == NULL)
		return;
	free(cfi->cies);
	free(cfi->fdes);
	free(cfi);
}

const hd_fde *hd_cfi_find(const hd_cfi *cfi, uint64_t pc)
{
	if (cfi == NULL)
		return NULL;
	for (size_t i = 0; i < cfi->nfdes; i++) {
		const hd_fde *f = &cfi->fdes[i];

		/* written so that initial_location + address_range cannot wrap */
		if (pc >= f->initial_location && pc - f->initial_location < f->address_range)
			return f;
	}
	return NULL;
}

/* ---- writing ---- */

static int fits_bytes(uint64_t v, unsigned n)
{
	return n >= 8 || (v >> (8 * n)) == 0;
}

/* Everything hd_cfi_write would refuse, before a byte is written. */
static int check_descs(const hd_cie_desc *cies, size_t ncies, const hd_fde_desc *fdes,
                       size_t nfdes, hd_status *st)
{
	for (size_t i = 0; i < ncies; i++) {
		const hd_cie_desc *c = &cies[i];

		if (!valid_address_size(c->address_size) || c->segment_selector_size > 8)
			return hd_fail(st, HD_BAD_INPUT, "bad-address-size", i,
			               "CIE %zu: address size %u, segment selector size %u",
			               i, c->address_size, c->segment_selector_size);
		if (c->augmentation == NULL || (c->insns == NULL && c->insns_len != 0))
			return hd_fail(st, HD_BAD_INPUT, "bad-cie", i,
			               "CIE %zu has no augmentation string or instructions", i);
	}
	for (size_t i = 0; i < nfdes; i++) {
		const hd_fde_desc *f = &fdes[i];
		const hd_cie_desc *c;

		if (f->cie >= ncies)
			return hd_fail(st, HD_BAD_INPUT, "bad-cie-index", i,
			               "FDE %zu uses CIE %" PRIu32 " of %zu", i, f->cie, ncies);
		c = &cies[f->cie];
		if (!fits_bytes(f->segment, c->segment_selector_size) ||
		    !fits_bytes(f->initial_location, c->address_size) ||
		    !fits_bytes(f->address_range, c->address_size))
			return hd_fail(st, HD_BAD_INPUT, "operand-range", i,
			               "FDE %zu: segment, location or range does not fit"
			               " the CIE's sizes", i);
		if (f->insns == NULL && f->insns_len != 0)
			return hd_fail(st, HD_BAD_INPUT, "bad-fde", i, "FDE %zu has no instructions", i);
	}
	return 0;
}

/* The length field and CIE_id / CIE_pointer; the length is patched by
 * end_entry once the entry's size is known. */
static size_t begin_entry(hd_buf *out, int dwarf64, uint64_t id)
{
	size_t at;

	if (dwarf64)
		hd_buf_uint(out, DWARF64_ESCAPE, 4);
	at = out->len;
	hd_buf_uint(out, 0, dwarf64 ? 8 : 4);
	hd_buf_uint(out, id, dwarf64 ? 8 : 4);
	return at;
}

/* Pads with DW_CFA_nop to a multiple of asize (DWARF Extensions for Heterogeneous Debugging CIE item 11, FDE
 * item 6) and writes the length at `at`. */
static int end_entry(hd_buf *out, size_t start, size_t at, int dwarf64, unsigned asize,
                     hd_status *st)
{
	size_t pad = (asize - (out->len - start) % asize) % asize;
	uint64_t length;

	while (pad-- > 0)
		hd_buf_byte(out, 0);
	if (out->failed)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", start, "no memory for the section");
	length = out->len - at - (dwarf64 ? 8 : 4);
	if (!dwarf64 && length >= RESERVED_LENGTH)
		return hd_fail(st, HD_BAD_INPUT, "offset-range", start,
		               "entry of %" PRIu64 " bytes needs the 64-bit format", length);
	for (unsigned i = 0; i < (dwarf64 ? 8u : 4u); i++)
		out->data[at + i] = (uint8_t)(length >> (8 * i));
	return 0;
}

static int write_cie(hd_buf *out, const hd_cie_desc *c, hd_status *st)
{
	size_t start = out->len;
	size_t at = begin_entry(out, c->dwarf64, c->dwarf64 ? UINT64_MAX : 0xffffffffu);

	hd_buf_byte(out, 4);
	hd_buf_put(out, c->augmentation, strlen(c->augmentation) + 1);
	hd_buf_byte(out, c->address_size);
	hd_buf_byte(out, c->segment_selector_size);
	hd_buf_uleb(out, c->code_align);
	hd_buf_sleb(out, c->data_align);
	hd_buf_uleb(out, c->ra_column);
	hd_buf_put(out, c->insns, c->insns_len);
	return end_entry(out, start, at, c->dwarf64, c->address_size, st);
}

static int write_fde(hd_buf *out, const hd_fde_desc *f, const hd_cie_desc *c,
                     uint64_t cie_offset, hd_status *st)
{
	size_t start = out->len, at;

	if (!f->dwarf64 && cie_offset > 0xffffffffu)
		return hd_fail(st, HD_BAD_INPUT, "offset-range", start,
		               "CIE offset 0x%" PRIx64 " needs the 64-bit format", cie_offset);
	at = begin_entry(out, f->dwarf64, cie_offset);
	hd_buf_uint(out, f->segment, c->segment_selector_size);
	hd_buf_uint(out, f->initial_location, c->address_size);
	hd_buf_uint(out, f->address_range, c->address_size);
	hd_buf_put(out, f->insns, f->insns_len);
	return end_entry(out, start, at, f->dwarf64, c->address_size, st);
}

int hd_cfi_write(hd_buf *out, const hd_cie_desc *cies, size_t ncies,
                 const hd_fde_desc *fdes, size_t nfdes, hd_status *st)
{
	size_t start = out->len;
	uint64_t *cie_offset;
	int rc = 0;

	if (check_descs(cies, ncies, fdes, nfdes, st) != 0)
		return -1;
	cie_offset = calloc(ncies ? ncies : 1, sizeof *cie_offset);
	if (cie_offset == NULL)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for %zu CIEs", ncies);
	for (size_t i = 0; i < ncies && rc == 0; i++) {
		cie_offset[i] = out->len - start;
		rc = write_cie(out, &cies[i], st);
	}
	for (size_t i = 0; i < nfdes && rc == 0; i++)
		rc = write_fde(out, &fdes[i], &cies[fdes[i].cie], cie_offset[fdes[i].cie], st);
	free(cie_offset);
	/* on failure out is left as it was, not with half a section */
	if (rc != 0)
		out->len = start;
	return rc;
}
