/* A unit's macro information (.debug_macro, DWARF 5 section 6.3) through
 * libdwarf's macro context: operations in order (their order is their
 * meaning), nested by start_file/end_file, files by path, imported units
 * printed in place so sharing them through DW_MACRO_import does not show
 * (docs/dwarf-dump.md, "Macros"). */
#include <inttypes.h>

#include "dump_impl.h"

/* Deepest start_file nesting that still indents further. */
#define DD_MACRO_INDENT 64

static int print_ops(dd_ctx *c, dd_unit *u, Dwarf_Macro_Context mc, Dwarf_Unsigned n,
                     int imports, int *level, hd_buf *out);

static void line_start(int level, hd_buf *out)
{
	dd_indent(out, 2 + (level < DD_MACRO_INDENT ? level : DD_MACRO_INDENT));
}

/* libdwarf 20210528 returns the wrong string for DW_MACRO_define_strx and
 * undef_strx (every one reads as the same bytes) but the right index; the
 * string is then looked up through libdwarf's .debug_str_offsets tables, in
 * the unit's table (DW_AT_str_offsets_base). */
static int strx_string(dd_ctx *c, dd_unit *u, Dwarf_Unsigned index, const char **s)
{
	const dd_attr *a = dd_attr_of(u->root, DW_AT_str_offsets_base);
	Dwarf_Unsigned base, len, len_off, start, count, off = 0;
	Dwarf_Half entry_size, version, padding;
	Dwarf_Str_Offsets_Table t = NULL;
	Dwarf_Signed slen;
	char *str = NULL;
	int res, found = 0;

	if (a == NULL)
		return hd_fail(c->st, HD_BAD_INPUT, "bad-macro", 0,
		               ".debug_macro: a strx string without DW_AT_str_offsets_base");
	if (dd_form_uvalue(c, a, &base, "DW_AT_str_offsets_base") != 0)
		return -1;
	if (dwarf_open_str_offsets_table_access(c->dbg, &t, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_str_offsets");
	while ((res = dwarf_next_str_offsets_table(t, &len, &len_off, &start, &entry_size,
	                                           &version, &padding, &count,
	                                           &c->err)) == DW_DLV_OK)
		if (start == base) {
			found = index < count;
			break;
		}
	if (res == DW_DLV_ERROR ||
	    (found && dwarf_str_offsets_value_by_index(t, index, &off, &c->err) != DW_DLV_OK)) {
		dwarf_close_str_offsets_table_access(t, NULL);
		return dd_lib_fail(c, ".debug_str_offsets");
	}
	dwarf_close_str_offsets_table_access(t, NULL);
	if (!found)
		return hd_fail(c->st, HD_BAD_INPUT, "bad-macro", 0,
		               ".debug_macro: string index %" PRIu64 " outside the unit's table",
		               (uint64_t)index);
	if (dwarf_get_str(c->dbg, off, &str, &slen, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_str");
	*s = str;
	return 0;
}

static int print_defundef(dd_ctx *c, dd_unit *u, Dwarf_Macro_Context mc,
                          Dwarf_Unsigned i, Dwarf_Half op, int level, hd_buf *out)
{
	Dwarf_Unsigned line, index, offset;
	Dwarf_Half nforms;
	const char *s = NULL;
	int is_define = op == DW_MACRO_define || op == DW_MACRO_define_strp ||
	                op == DW_MACRO_define_strx || op == DW_MACRO_define_sup;

	if (dwarf_get_macro_defundef(mc, i, &line, &index, &offset, &nforms, &s,
	                             &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_macro");
	if ((op == DW_MACRO_define_strx || op == DW_MACRO_undef_strx) &&
	    strx_string(c, u, index, &s) != 0)
		return -1;
	line_start(level, out);
	hd_buf_printf(out, "%s %" PRIu64 " ", is_define ? "define" : "undef", (uint64_t)line);
	dd_put_string(out, s != NULL ? s : "");
	hd_buf_byte(out, '\n');
	return 0;
}

static int print_start_file(dd_ctx *c, dd_unit *u, Dwarf_Macro_Context mc,
                            Dwarf_Unsigned i, int level, hd_buf *out)
{
	Dwarf_Unsigned line, index;
	const char *name = NULL, *path;

	if (dwarf_get_macro_startend_file(mc, i, &line, &index, &name, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_macro");
	path = dd_file_path(u, index);
	line_start(level, out);
	hd_buf_printf(out, "start_file %" PRIu64 " ", (uint64_t)line);
	dd_put_string(out, path != NULL ? path : name != NULL ? name : "");
	hd_buf_byte(out, '\n');
	return 0;
}

/* An imported macro unit, printed where it is imported. */
static int print_import(dd_ctx *c, dd_unit *u, Dwarf_Macro_Context mc, Dwarf_Unsigned i,
                        int imports, int *level, hd_buf *out)
{
	Dwarf_Unsigned target, version, n, len;
	Dwarf_Macro_Context sub = NULL;
	int rc;

	if (dwarf_get_macro_import(mc, i, &target, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_macro import");
	if (imports >= DD_MAX_IMPORT)
		return hd_fail(c->st, HD_BAD_INPUT, "macro-import-depth", 0,
		               ".debug_macro: imports nested deeper than %d", DD_MAX_IMPORT);
	if (dwarf_get_macro_context_by_offset(u->cu_die, target, &version, &sub, &n, &len,
	                                      &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_macro import");
	line_start(*level, out);
	hd_buf_printf(out, "import\n");
	++*level;
	rc = print_ops(c, u, sub, n, imports + 1, level, out);
	--*level;
	dwarf_dealloc_macro_context(sub);
	return rc;
}

static int print_ops(dd_ctx *c, dd_unit *u, Dwarf_Macro_Context mc, Dwarf_Unsigned n,
                     int imports, int *level, hd_buf *out)
{
	for (Dwarf_Unsigned i = 0; i < n; i++) {
		Dwarf_Unsigned start;
		Dwarf_Half op, nforms;
		const Dwarf_Small *forms;
		int rc = 0;
		if (dwarf_get_macro_op(mc, i, &start, &op, &nforms, &forms, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, ".debug_macro");
		switch (op) {
		case 0:
			break;
		case DW_MACRO_define: case DW_MACRO_define_strp: case DW_MACRO_define_strx:
		case DW_MACRO_define_sup:
		case DW_MACRO_undef: case DW_MACRO_undef_strp: case DW_MACRO_undef_strx:
		case DW_MACRO_undef_sup:
			rc = print_defundef(c, u, mc, i, op, *level, out);
			break;
		case DW_MACRO_start_file:
			rc = print_start_file(c, u, mc, i, *level, out);
			++*level;
			break;
		case DW_MACRO_end_file:
			if (*level > 0)
				--*level;
			line_start(*level, out);
			hd_buf_printf(out, "end_file\n");
			break;
		case DW_MACRO_import: case DW_MACRO_import_sup:
			rc = print_import(c, u, mc, i, imports, level, out);
			break;
		default:
			line_start(*level, out);
			hd_buf_printf(out, "op 0x%x\n", (unsigned)op);
			break;
		}
		if (rc != 0)
			return -1;
	}
	return 0;
}

int dd_print_macros(dd_ctx *c, dd_unit *u, hd_buf *out)
{
	Dwarf_Unsigned version, offset, n, len;
	Dwarf_Macro_Context mc = NULL;
	int level = 0, rc, res;

	if (dd_attr_of(u->root, DW_AT_macros) == NULL &&
	    dd_attr_of(u->root, DW_AT_GNU_macros) == NULL) {
		if (dd_attr_of(u->root, DW_AT_macro_info) != NULL)
			hd_buf_printf(out, "  macros (.debug_macinfo: not decoded)\n");
		return 0;
	}
	res = dwarf_get_macro_context(u->cu_die, &version, &mc, &offset, &n, &len, &c->err);
	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, ".debug_macro");
	if (res == DW_DLV_NO_ENTRY)
		return 0;
	hd_buf_printf(out, "  macros\n");
	rc = print_ops(c, u, mc, n, 0, &level, out);
	dwarf_dealloc_macro_context(mc);
	return rc;
}
