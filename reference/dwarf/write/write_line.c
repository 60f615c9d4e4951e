/* .debug_line version 5 and .debug_line_str (DWARF 5 6.2, DWARF Extensions for Heterogeneous Debugging
 * 6.2.4.1): the header with its directory and file entry formats, then the
 * rows as a line number program. Paths and embedded sources go to
 * .debug_line_str, each once. */
#include "write_impl.h"

#include <inttypes.h>
#include <libdwarf/dwarf.h>
#include <string.h>

#include "../codec/dwarf_ext.h"

/* AMDGPU code comes in 4-byte slots, so address advances are counted in
 * slots; line_base and line_range are the usual ones (LLVM's). */
enum {
	MIN_INSN_LENGTH = 4,
	LINE_BASE = -5,
	LINE_RANGE = 14,
	OPCODE_BASE = 13
};

static const uint8_t std_opcode_lengths[OPCODE_BASE - 1] = {
	0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1
};

/* Which optional file columns the header declares: MD5 when any file has
 * one, the source when any file has one, is_MD5 only when files differ in
 * having an MD5 (otherwise DW_LNCT_MD5's presence says it all). */
typedef struct columns {
	int md5, source, is_md5;
} columns;

static columns file_columns(const hd_dw_lines *l)
{
	columns c = { 0, 0, 0 };
	uint32_t with_md5 = 0;

	for (uint32_t i = 0; i < l->nfiles; i++) {
		with_md5 += l->files[i].has_md5 != 0;
		c.source |= l->files[i].source != NULL;
	}
	c.md5 = with_md5 != 0;
	c.is_md5 = with_md5 != 0 && with_md5 != l->nfiles;
	return c;
}

/* A line_strp: the string's offset in .debug_line_str. */
static int put_line_strp(hd_dw_writer *w, hd_buf *b, const char *s)
{
	int64_t i = hd_strtab_intern(&w->line_str, s);

	if (i < 0)
		return hd_fail(w->st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for a string");
	hd_buf_uint(b, w->line_str.off[i], w->off_size);
	return 0;
}

static int put_entries(hd_dw_writer *w, hd_buf *b)
{
	const hd_dw_lines *l = &w->u->lines;
	columns c = file_columns(l);
	static const uint8_t no_md5[16];

	hd_buf_byte(b, 1);  /* directory_entry_format_count */
	hd_buf_uleb(b, DW_LNCT_path);
	hd_buf_uleb(b, DW_FORM_line_strp);
	hd_buf_uleb(b, l->ndirs);
	for (uint32_t i = 0; i < l->ndirs; i++)
		if (put_line_strp(w, b, l->dirs[i]) != 0)
			return -1;

	hd_buf_byte(b, (uint8_t)(2 + c.md5 + c.source + c.is_md5));
	hd_buf_uleb(b, DW_LNCT_path);
	hd_buf_uleb(b, DW_FORM_line_strp);
	hd_buf_uleb(b, DW_LNCT_directory_index);
	hd_buf_uleb(b, DW_FORM_udata);
	if (c.md5) {
		hd_buf_uleb(b, DW_LNCT_MD5);
		hd_buf_uleb(b, DW_FORM_data16);
	}
	if (c.source) {
		hd_buf_uleb(b, HD_DW_LNCT_LLVM_source);
		hd_buf_uleb(b, DW_FORM_line_strp);
	}
	if (c.is_md5) {
		hd_buf_uleb(b, HD_DW_LNCT_LLVM_is_MD5);
		hd_buf_uleb(b, DW_FORM_udata);  /* DWARF Extensions for Heterogeneous Debugging 6.2.4.1: always udata */
	}
	hd_buf_uleb(b, l->nfiles);
	for (uint32_t i = 0; i < l->nfiles; i++) {
		const hd_dw_file *f = &l->files[i];

		if (put_line_strp(w, b, f->name) != 0)
			return -1;
		hd_buf_uleb(b, f->dir);
		if (c.md5)
			hd_buf_put(b, f->has_md5 ? f->md5 : no_md5, 16);
		/* DWARF Extensions for Heterogeneous Debugging: an empty string when this file's source is not available */
		if (c.source && put_line_strp(w, b, f->source ? f->source : "") != 0)
			return -1;
		if (c.is_md5)
			hd_buf_uleb(b, f->has_md5 != 0);
	}
	return 0;
}

/* Everything the program would otherwise have to refuse half-way. */
static int check_lines(hd_dw_writer *w)
{
	const hd_dw_lines *l = &w->u->lines;

	if (l->ndirs == 0 || l->nfiles == 0)
		return hd_fail(w->st, HD_INTERNAL, "line-header", 0,
		               "a line program needs the compilation directory and the"
		               " primary source file");
	for (uint32_t i = 0; i < l->ndirs; i++)
		if (l->dirs[i] == NULL)
			return hd_fail(w->st, HD_INTERNAL, "line-header", i,
			               "directory %u has no name", i);
	for (uint32_t i = 0; i < l->nfiles; i++)
		if (l->files[i].name == NULL || l->files[i].dir >= l->ndirs)
			return hd_fail(w->st, HD_INTERNAL, "line-header", i,
			               "file %u has no name or a directory out of range", i);
	for (uint32_t i = 0; i < l->nrows; i++)
		if (l->rows[i].file >= l->nfiles && !l->rows[i].end_sequence)
			return hd_fail(w->st, HD_INTERNAL, "line-row", i,
			               "row %u names file %u of %u", i, l->rows[i].file, l->nfiles);
	if (l->nrows != 0 && !l->rows[l->nrows - 1].end_sequence)
		return hd_fail(w->st, HD_INTERNAL, "line-row", l->nrows - 1,
		               "the last row does not end a sequence");
	return 0;
}

/* The state machine registers the program has set (DWARF 5 6.2.2). */
typedef struct regs {
	uint64_t address;
	uint32_t file, line, column;
	uint8_t is_stmt;
} regs;

static void initial_regs(regs *r)
{
	r->address = 0;
	r->file = 1;
	r->line = 1;
	r->column = 0;
	r->is_stmt = 1;
}

static void set_address(hd_buf *b, regs *r, uint64_t address, unsigned asize)
{
	hd_buf_byte(b, 0);
	hd_buf_uleb(b, 1 + asize);
	hd_buf_byte(b, DW_LNE_set_address);
	hd_buf_uint(b, address, asize);
	r->address = address;
}

/* Moves the address to `to` in whole slots; an advance that is not a
 * multiple of the slot size sets the address outright. Returns the number
 * of slots still to advance (for a special opcode), the rest done. */
static uint64_t address_advance(hd_buf *b, regs *r, uint64_t to, unsigned asize)
{
	uint64_t delta = to - r->address;

	if (delta % MIN_INSN_LENGTH != 0) {
		set_address(b, r, to, asize);
		return 0;
	}
	return delta / MIN_INSN_LENGTH;
}

/* One row that does not end a sequence: the registers that changed, then
 * a special opcode when the line and address advances fit one, else
 * advance_line / advance_pc / copy. */
static void put_row(hd_buf *b, regs *r, const hd_dw_row *row, unsigned asize)
{
	int64_t dline = (int64_t)row->line - (int64_t)r->line;
	uint64_t slots;

	if (row->file != r->file) {
		hd_buf_byte(b, DW_LNS_set_file);
		hd_buf_uleb(b, row->file);
		r->file = row->file;
	}
	if (row->column != r->column) {
		hd_buf_byte(b, DW_LNS_set_column);
		hd_buf_uleb(b, row->column);
		r->column = row->column;
	}
	if ((row->is_stmt != 0) != r->is_stmt) {
		hd_buf_byte(b, DW_LNS_negate_stmt);
		r->is_stmt = !r->is_stmt;
	}
	/* the register goes back to 0 with every row, so it is set per row */
	if (row->discriminator != 0) {
		hd_buf_byte(b, 0);
		hd_buf_uleb(b, 1 + hd_uleb_size(row->discriminator));
		hd_buf_byte(b, DW_LNE_set_discriminator);
		hd_buf_uleb(b, row->discriminator);
	}
	slots = address_advance(b, r, row->address, asize);
	r->address = row->address;
	r->line = row->line;
	if (dline >= LINE_BASE && dline < LINE_BASE + LINE_RANGE &&
	    slots <= (uint64_t)(255 - OPCODE_BASE - (dline - LINE_BASE)) / LINE_RANGE) {
		hd_buf_byte(b, (uint8_t)((dline - LINE_BASE) + LINE_RANGE * (int64_t)slots +
		                         OPCODE_BASE));
		return;
	}
	if (dline != 0) {
		hd_buf_byte(b, DW_LNS_advance_line);
		hd_buf_sleb(b, dline);
	}
	if (slots != 0) {
		hd_buf_byte(b, DW_LNS_advance_pc);
		hd_buf_uleb(b, slots);
	}
	hd_buf_byte(b, DW_LNS_copy);
}

static int put_program(hd_dw_writer *w, hd_buf *b)
{
	const hd_dw_lines *l = &w->u->lines;
	unsigned asize = w->u->addr_size;
	int in_sequence = 0;
	regs r;

	initial_regs(&r);
	for (uint32_t i = 0; i < l->nrows; i++) {
		const hd_dw_row *row = &l->rows[i];

		if (!in_sequence) {
			set_address(b, &r, row->address, asize);
			in_sequence = 1;
		}
		if (row->address < r.address)
			return hd_fail(w->st, HD_INTERNAL, "line-row", i,
			               "row %u at 0x%" PRIx64 " goes back from 0x%" PRIx64,
			               i, row->address, r.address);
		if (!row->end_sequence) {
			put_row(b, &r, row, asize);
			continue;
		}
		if (row->address != r.address) {
			uint64_t slots = address_advance(b, &r, row->address, asize);

			if (slots != 0) {
				hd_buf_byte(b, DW_LNS_advance_pc);
				hd_buf_uleb(b, slots);
			}
		}
		hd_buf_byte(b, 0);
		hd_buf_uleb(b, 1);
		hd_buf_byte(b, DW_LNE_end_sequence);
		initial_regs(&r);
		in_sequence = 0;
	}
	return 0;
}

int hd_dw_write_line(hd_dw_writer *w)
{
	const hd_dw_lines *l = &w->u->lines;
	hd_buf *b = &w->out->sec[HD_SEC_LINE], *ls = &w->out->sec[HD_SEC_LINE_STR];
	int dwarf64 = w->u->dwarf64;
	size_t at, hlen_at;

	if (l->ndirs == 0 && l->nfiles == 0 && l->nrows == 0)
		return 0;
	if (check_lines(w) != 0)
		return -1;
	at = hd_dw_len_begin(b, dwarf64);
	hd_buf_uint(b, 5, 2);
	hd_buf_byte(b, w->u->addr_size);
	hd_buf_byte(b, 0);  /* segment_selector_size */
	hlen_at = b->len;
	hd_buf_uint(b, 0, w->off_size);  /* header_length, patched below */
	hd_buf_byte(b, MIN_INSN_LENGTH);
	hd_buf_byte(b, 1);  /* maximum_operations_per_instruction */
	hd_buf_byte(b, 1);  /* default_is_stmt */
	hd_buf_byte(b, (uint8_t)(int8_t)LINE_BASE);
	hd_buf_byte(b, LINE_RANGE);
	hd_buf_byte(b, OPCODE_BASE);
	hd_buf_put(b, std_opcode_lengths, sizeof std_opcode_lengths);
	if (put_entries(w, b) != 0)
		return -1;
	hd_dw_patch(b, hlen_at, b->len - hlen_at - w->off_size, w->off_size);
	if (put_program(w, b) != 0 || hd_dw_len_end(b, at, dwarf64, w->st) != 0)
		return -1;
	for (uint32_t i = 0; i < w->line_str.n; i++)
		hd_buf_put(ls, w->line_str.s[i], strlen(w->line_str.s[i]) + 1);
	w->has_line = 1;
	return 0;
}
