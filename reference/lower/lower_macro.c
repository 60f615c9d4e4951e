/* DebugMacroDef and DebugMacroUndef: the unit's .debug_macro entries
 * (DWARF 5 section 6.3; docs/lowering.md, "DebugMacroDef"). The handlers
 * collect defines and undefs in module order, each tagged with its file;
 * hd_lower_macros_finish then frames them with start_file/end_file. */
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
	int32_t file = hd_lower_file(L, hd_lw_word(n, "Source"));

	if (L->failed)
		return NULL;
	if (!text)
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	if (hd_lower_grow(L, (void **)&u->macros, sizeof *u->macros, u->nmacros,
	                  &L->macros_cap) != 0)
		return NULL;
	hd_lw_number(L, n, "Line", &line);
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
	const char *name = hd_lw_string(L, n, "Name"), *value = hd_lw_string(L, n, "Value");
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
	const hd_di_node *def = hd_di_node_of(L->m, hd_lw_word(n, "Macro"));
	const char *name = def ? hd_lw_string(L, def, "Name") : NULL;

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

/* Copies the entries of file f, command-line ones (line 0) excepted. */
static int copy_file(hd_lw *L, hd_dw_macro *out, uint32_t *n, uint32_t cap, uint32_t f)
{
	for (uint32_t i = 0; i < L->u->nmacros; i++) {
		const hd_dw_macro *m = &L->u->macros[i];
		if (m->file == f && m->line != 0 && push(L, out, n, cap, *m) != 0)
			return -1;
	}
	return 0;
}

/* Lays out the unit's macros: first the command-line ones (Line 0, DebugInfo 1.00
 * section 4.9; and any whose Source names no file), which precede every file as DWARF 5 section 6.3.1 expects;
 * then the primary source file as a DW_MACRO_start_file ... end_file pair,
 * with every other file's macros nested inside it as its own pair (an
 * include of the primary file: SPIR-V does not say where it was included,
 * so the start_file line is 0). Entries keep module order inside a file;
 * files come in the order their first macro appears. */
static int macros(hd_lw *L)
{
	hd_dw_unit *u = L->u;
	uint32_t nin = u->nmacros, cap = 3 * nin + 2, n = 0, primary;
	hd_dw_macro *out, fr;

	if (nin == 0)
		return 0;
	if (!(out = calloc(cap, sizeof *out)))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), -1;
	for (uint32_t i = 0; i < nin; i++)
		if ((u->macros[i].line == 0 || u->macros[i].file == UINT32_MAX) &&
		    push(L, out, &n, cap, u->macros[i]) != 0)
			goto fail;
	primary = u->lines.nfiles > 1 ? 1 : UINT32_MAX;
	memset(&fr, 0, sizeof fr);
	if (primary != UINT32_MAX) {
		fr.op = DW_MACRO_start_file;
		fr.file = primary;
		if (push(L, out, &n, cap, fr) != 0 || copy_file(L, out, &n, cap, primary) != 0)
			goto fail;
	}
	for (uint32_t i = 0; i < nin; i++) {
		uint32_t f = u->macros[i].file, seen = 0;
		if (f == UINT32_MAX || f == primary || u->macros[i].line == 0)
			continue;
		for (uint32_t k = 0; k < i && !seen; k++)
			seen = u->macros[k].file == f && u->macros[k].line != 0;
		if (seen)
			continue;
		fr.op = DW_MACRO_start_file;
		fr.file = f;
		if (push(L, out, &n, cap, fr) != 0 || copy_file(L, out, &n, cap, f) != 0)
			goto fail;
		fr.op = DW_MACRO_end_file;
		fr.file = 0;
		if (push(L, out, &n, cap, fr) != 0)
			goto fail;
	}
	if (primary != UINT32_MAX) {
		fr.op = DW_MACRO_end_file;
		fr.file = 0;
		if (push(L, out, &n, cap, fr) != 0)
			goto fail;
	}
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
