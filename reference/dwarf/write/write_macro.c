/* .debug_macro (DWARF 5 6.3): one macro unit for the compile unit, its
 * header pointing at the line program (whose file table DW_MACRO_start_file
 * indexes). Definitions use DW_MACRO_define_strp/undef_strp, an offset into
 * .debug_str, not the _strx forms: Debian's libdwarf 20210528 resolves a
 * macro's strx without the unit's str_offsets_base and reads the wrong
 * string, while every reader handles strp. */
#include "write_impl.h"

#include <libdwarf/dwarf.h>

enum {
	MACRO_OFFSET_SIZE_FLAG = 1,   /* 64-bit offsets */
	MACRO_LINE_OFFSET_FLAG = 2    /* debug_line_offset present */
};

static int put_macro(hd_dw_writer *w, hd_buf *b, const hd_dw_macro *m, uint32_t i)
{
	const hd_dw_lines *l = &w->u->lines;
	int64_t s;

	switch (m->op) {
	case DW_MACRO_start_file:
		if (m->file >= l->nfiles)
			return hd_fail(w->st, HD_INTERNAL, "macro-file", i,
			               "macro %u starts file %u of %u", i, m->file, l->nfiles);
		hd_buf_byte(b, DW_MACRO_start_file);
		hd_buf_uleb(b, m->line);
		hd_buf_uleb(b, m->file);
		return 0;
	case DW_MACRO_end_file:
		hd_buf_byte(b, DW_MACRO_end_file);
		return 0;
	case DW_MACRO_define:
	case DW_MACRO_undef:
		s = m->text != NULL ? hd_strtab_find(&w->str, m->text) : -1;
		if (s < 0)
			return hd_fail(w->st, HD_INTERNAL, "macro-text", i,
			               "macro %u has no text or it was not collected", i);
		hd_buf_byte(b, m->op == DW_MACRO_define ? DW_MACRO_define_strp
		                                        : DW_MACRO_undef_strp);
		hd_buf_uleb(b, m->line);
		hd_buf_uint(b, w->str.off[s], w->off_size);
		return 0;
	}
	return hd_fail(w->st, HD_INTERNAL, "macro-op", i, "macro %u has op 0x%x", i, m->op);
}

int hd_dw_write_macro(hd_dw_writer *w)
{
	hd_buf *b = &w->out->sec[HD_SEC_MACRO];

	if (w->u->nmacros == 0)
		return 0;
	if (!w->has_line)
		return hd_fail(w->st, HD_INTERNAL, "macro-lines", 0,
		               "macros need the line program's file table");
	hd_buf_uint(b, 5, 2);
	hd_buf_byte(b, (uint8_t)((w->u->dwarf64 ? MACRO_OFFSET_SIZE_FLAG : 0) |
	                         MACRO_LINE_OFFSET_FLAG));
	hd_buf_uint(b, 0, w->off_size);  /* the unit's line program starts .debug_line */
	for (uint32_t i = 0; i < w->u->nmacros; i++)
		if (put_macro(w, b, &w->u->macros[i], i) != 0)
			return -1;
	hd_buf_byte(b, 0);
	w->has_macro = 1;
	return 0;
}
