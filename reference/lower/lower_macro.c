/* DebugMacroDef and DebugMacroUndef: the unit's .debug_macro entries
 * (DWARF 5 section 6.3; docs/lowering.md, "DebugMacroDef"). The handlers
 * collect defines and undefs in module order, each tagged with its file;
 * hd_lower_macros_finish then frames them with start_file/end_file where
 * the file changes, keeping module order. */
#include <stdlib.h>
#include <string.h>

#include "lower_type.h"

/* Appends one define or undef; file (its Source's file index) is kept in
 * the entry until hd_lower_macros_finish groups by it. */
static hd_die *append(hd_lw *L, const hd_di_node *n, uint8_t op, const char *text)
{
	hd_dw_unit *u = L->u;
	hd_dw_macro *m;
	uint64_t line = 0;
	int32_t file = hd_lower_file(L, hd_lw_word(n, HD_O_Source));

	if (L->failed)
		return NULL;
	if (!text)
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	if (hd_lower_grow(L, (void **)&u->macros, sizeof *u->macros, u->nmacros,
	                  &L->macros_cap) != 0)
		return NULL;
	hd_lw_number(L, n, HD_O_Line, &line);
	m = &u->macros[u->nmacros++];
	memset(m, 0, sizeof *m);
	m->op = op;
	m->line = (uint32_t)line;
	m->file = file < 0 ? UINT32_MAX : (uint32_t)file;
	m->text = text;
	return NULL;
}

/* "NAME VALUE", or "NAME(ARGS) VALUE" for a function-like macro, whose Name
 * already holds the parameter list (DebugInfo 1.00 section 4.9). A macro without
 * a value is "NAME " — the name, the separating space and an empty
 * definition — as GCC and LLVM write it. */
hd_die *hd_lower_macro_def(hd_lw *L, const hd_di_node *n)
{
	const char *name = hd_lw_string(L, n, HD_O_Name), *value = hd_lw_string(L, n, HD_O_Value);
	size_t ln, lv;
	char *buf;
	const char *text;

	if (!name)
		return NULL;
	ln = strlen(name);
	lv = value ? strlen(value) : 0;
	if (!(buf = malloc(ln + lv + 2)))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	memcpy(buf, name, ln);
	buf[ln] = ' ';
	memcpy(buf + ln + 1, value ? value : "", lv);
	text = hd_dw_strdup(L->u, buf, ln + 1 + lv);
	free(buf);
	return append(L, n, DW_MACRO_define, text);
}

/* "NAME": the Name of the DebugMacroDef the Macro operand names. */
hd_die *hd_lower_macro_undef(hd_lw *L, const hd_di_node *n)
{
	const hd_di_node *def = hd_di_node_of(L->m, hd_lw_word(n, HD_O_Macro));
	const char *name = def ? hd_lw_string(L, def, HD_O_Name) : NULL;

	if (!name)
		return NULL;
	return append(L, n, DW_MACRO_undef, name);
}

static int push(hd_lw *L, hd_dw_macro *out, uint32_t *n, uint32_t cap, hd_dw_macro m)
{
	if (*n >= cap)
		return hd_lower_fail(L, HD_INTERNAL, "macros", NULL, "macro list overflow"), -1;
	out[(*n)++] = m;
	return 0;
}

static int frame(hd_lw *L, hd_dw_macro *out, uint32_t *n, uint32_t cap, uint8_t op,
                 uint32_t file)
{
	hd_dw_macro fr;

	memset(&fr, 0, sizeof fr);
	fr.op = op;
	fr.file = op == DW_MACRO_start_file ? file : 0;
	return push(L, out, n, cap, fr);
}

/* Whether m was given on the command line (Line 0, DebugInfo 1.00 section 4.9),
 * or names no file: either way it belongs before any file is entered. */
static int before_files(const hd_dw_macro *m)
{
	return m->line == 0 || m->file == UINT32_MAX;
}

/* Lays out the unit's macros as the preprocessor's actions in order (DWARF
 * 5 section 6.3): first the command-line ones, which precede every file
 * (6.3.1); then the primary source file as a DW_MACRO_start_file ...
 * end_file pair holding every other entry in module order. Where the
 * entries move to another file, that file is entered (nested in the
 * primary file: SPIR-V does not say where it was included, so the
 * start_file line is 0), and left again where they move on, so a header's
 * macros sit between the primary file's macros they came between. */
static int macros(hd_lw *L)
{
	hd_dw_unit *u = L->u;
	/* each entry adds at most an end_file and a start_file */
	uint32_t nin = u->nmacros, cap = 3 * nin + 2, n = 0, primary, cur;
	hd_dw_macro *out;

	if (nin == 0)
		return 0;
	if (!(out = calloc(cap, sizeof *out)))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), -1;
	for (uint32_t i = 0; i < nin; i++)
		if (before_files(&u->macros[i]) && push(L, out, &n, cap, u->macros[i]) != 0)
			goto fail;
	primary = cur = u->lines.nfiles > 1 ? 1 : UINT32_MAX;
	if (primary != UINT32_MAX && frame(L, out, &n, cap, DW_MACRO_start_file, primary) != 0)
		goto fail;
	for (uint32_t i = 0; i < nin; i++) {
		const hd_dw_macro *m = &u->macros[i];
		if (before_files(m))
			continue;
		if (m->file != cur) {
			if (cur != primary && frame(L, out, &n, cap, DW_MACRO_end_file, 0) != 0)
				goto fail;
			if (m->file != primary &&
			    frame(L, out, &n, cap, DW_MACRO_start_file, m->file) != 0)
				goto fail;
			cur = m->file;
		}
		if (push(L, out, &n, cap, *m) != 0)
			goto fail;
	}
	if (cur != primary && frame(L, out, &n, cap, DW_MACRO_end_file, 0) != 0)
		goto fail;
	if (primary != UINT32_MAX && frame(L, out, &n, cap, DW_MACRO_end_file, 0) != 0)
		goto fail;
	free(u->macros);
	u->macros = out;
	u->nmacros = n;
	L->macros_cap = cap;
	if (hd_die_list(u, u->root, DW_AT_macros, HD_DV_MACROS, 0) != 0)
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), -1;
	return 0;
fail:
	free(out);
	return -1;
}

/* The driver's last step: the macros, and the root's DW_AT_stmt_list,
 * which waits until now because a module without a DebugCompilationUnit
 * or OpLine has no file and no row, and a unit must not point at a line
 * program that does not exist (DWARF 5 section 3.1.1). */
int hd_lower_macros_finish(hd_lw *L)
{
	const hd_dw_lines *ln = &L->u->lines;

	if (L->failed || macros(L) != 0)
		return -1;
	if ((ln->nfiles || ln->nrows) &&
	    hd_die_list(L->u, L->u->root, DW_AT_stmt_list, HD_DV_LINES, 0) != 0)
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), -1;
	return 0;
}
