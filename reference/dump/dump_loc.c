/* DWARF 2-4 location lists (.debug_loc, DWARF 4 section 2.6.2), read from
 * the section's raw bytes: libdwarf 20210528 decodes every expression of a
 * list it opens and refuses the vendor operations a GPU producer writes
 * (IGC's DW_OP_INTEL_*), so, as for DWARF 5 lists, the entries are walked
 * here and each expression handed to our own decoder.
 *
 * An entry is two addresses of the unit's address size and then, unless it
 * ends the list (both 0) or selects a new base (the first all ones), a
 * 2-byte expression length and the expression. Addresses are offsets from
 * the unit's base address (its DW_AT_low_pc) until a selection entry. Every
 * read is checked against the section's size: a list that runs off the end
 * is "bad-loclist" with the offset, never a read past the buffer. */
#include <inttypes.h>
#include <stdlib.h>

#include "dump_impl.h"
#include "util/le.h"
#include "elf/elf_read.h"
#include "util/file.h"

/* Loads the object's .debug_loc once per open object (dd_close frees it). */
static int load_section(dd_ctx *c)
{
	if (c->loc_loaded)
		return 0;
	hd_buf_init(&c->loc_file);
	if (hd_read_file(c->path, DD_MAX_FILE, &c->loc_file, c->st) != 0 ||
	    hd_elf_section(c->loc_file.data, c->loc_file.len, ".debug_loc", &c->loc_sec,
	                   &c->loc_len, c->st) != 0)
		return -1;
	c->loc_loaded = 1;
	return 0;
}

static int loc_fail(dd_ctx *c, uint64_t off, const char *what)
{
	return hd_fail(c->st, HD_BAD_INPUT, "bad-loclist", off,
	               ".debug_loc offset 0x%" PRIx64 ": %s", off, what);
}

int dd_read_loc(dd_ctx *c, const dd_die *d, const dd_attr *a, dd_entries *e)
{
	unsigned as = d->unit->addr_size;
	uint64_t all_ones = as == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * as)) - 1;
	uint64_t base = d->unit->low_pc;
	Dwarf_Unsigned off;

	if (as != 4 && as != 8)
		return loc_fail(c, 0, "an address size other than 4 or 8");
	if (dd_form_uvalue(c, a, &off, "a location list attribute") != 0 || load_section(c) != 0)
		return -1;
	if (c->loc_sec == NULL)
		return loc_fail(c, off, "a location list, but the object has no .debug_loc");
	for (;;) {
		uint64_t begin, end, len;
		if (off > c->loc_len || c->loc_len - off < 2u * as)
			return loc_fail(c, off, "a list that runs past the end of the section");
		begin = hd_le_bytes(c->loc_sec + off, as);
		end = hd_le_bytes(c->loc_sec + off + as, as);
		off += 2u * as;
		if (begin == 0 && end == 0)
			return 0;
		if (begin == all_ones) {
			base = end;
			continue;
		}
		if (c->loc_len - off < 2)
			return loc_fail(c, off, "an expression length past the end of the section");
		len = hd_le_bytes(c->loc_sec + off, 2);
		off += 2;
		if (len > c->loc_len - off)
			return loc_fail(c, off, "an expression that runs past the end of the section");
		if (dd_push_entry(c, e, 0, base + begin, base + end, c->loc_sec + off, len, 1) != 0)
			return -1;
		off += len;
	}
}
