/* Writing metadata text, and reading operands by name alike in the three
 * sets, so each handler reads like its row in docs/llvm-translation.md. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tollvm_impl.h"

void hd_tl_quote(hd_buf *b, const char *s)
{
	hd_buf_byte(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
			hd_buf_byte(b, *p);
		else
			hd_buf_printf(b, "\\%02X", *p);
	}
	hd_buf_byte(b, '"');
}

void hd_tl_ref(hd_tl *T, hd_buf *b, uint32_t id)
{
	int64_t md = hd_tl_md(T, id);

	if (md < 0)
		hd_buf_printf(b, "null");
	else
		hd_buf_printf(b, "!%lld", (long long)md);
}

/* The file path a Source operand names: a DebugSource's File, or the
 * OpString itself (DebugInfo 1.00 and OpLine). NULL when neither. */
const char *hd_tl_source_path(hd_tl *T, uint32_t source)
{
	const hd_di_node *s = hd_di_node_of(T->m, source);

	if (s)
		return hd_tl_is(s, "DebugSource") ? hd_di_string(s, HD_O_File) : NULL;
	return hd_spv_string(T->m, source);
}

/* LangRef, DIFile: a path splits at its last '/' into directory and file
 * name, as LLVM's front ends write them; a path with no '/' has an empty
 * directory. */
void hd_tl_file(hd_tl *T, hd_buf *b, uint32_t source)
{
	const char *path = hd_tl_source_path(T, source), *slash;
	char dir[4096];
	size_t n;

	if (!path) {
		hd_buf_printf(b, "null");
		return;
	}
	slash = strrchr(path, '/');
	n = slash ? (size_t)(slash - path) : 0;
	if (slash && n == 0)
		n = 1;  /* "/a.cl": directory "/" */
	if (n >= sizeof dir)
		n = 0;  /* a longer directory stays in the file name */
	memcpy(dir, path, n);
	dir[n] = 0;
	hd_buf_printf(b, "!DIFile(filename: ");
	hd_tl_quote(b, n ? slash + 1 : path);
	hd_buf_printf(b, ", directory: ");
	hd_tl_quote(b, dir);
	hd_buf_printf(b, ")");
}

void hd_tl_begin(hd_tl *T, uint64_t num, int distinct, const char *kind)
{
	hd_buf_reset(&T->fields);
	T->nfields = 0;
	hd_buf_printf(&T->fields, "!%llu = %s!%s(", (unsigned long long)num,
	              distinct ? "distinct " : "", kind);
}

hd_buf *hd_tl_field(hd_tl *T, const char *name)
{
	hd_buf_printf(&T->fields, "%s%s: ", T->nfields++ ? ", " : "", name);
	return &T->fields;
}

void hd_tl_str(hd_tl *T, const char *name, const char *s)
{
	if (s)
		hd_tl_quote(hd_tl_field(T, name), s);
}

void hd_tl_uint(hd_tl *T, const char *name, uint64_t v)
{
	hd_buf_printf(hd_tl_field(T, name), "%llu", (unsigned long long)v);
}

void hd_tl_int(hd_tl *T, const char *name, int64_t v)
{
	hd_buf_printf(hd_tl_field(T, name), "%lld", (long long)v);
}

void hd_tl_raw(hd_tl *T, const char *name, const char *text)
{
	hd_buf_printf(hd_tl_field(T, name), "%s", text);
}

void hd_tl_refield(hd_tl *T, const char *name, uint32_t id)
{
	if (hd_tl_md(T, id) >= 0)
		hd_tl_ref(T, hd_tl_field(T, name), id);
}

void hd_tl_end(hd_tl *T)
{
	hd_buf_printf(&T->fields, ")\n");
	hd_buf_put(&T->md, T->fields.data, T->fields.len);
	if (T->fields.failed)
		T->md.failed = 1;
}

void hd_tl_note(hd_tl *T, const hd_di_node *n, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	hd_buf_printf(&T->notes, "; not translated: %s %%%u: %s\n",
	              n && n->inst ? n->inst->name : "instruction", n ? n->id : 0, msg);
}

/* ---- operands ---- */

uint32_t hd_tl_word(const hd_di_node *n, hd_spv_oname name)
{
	return hd_di_word(n, name);
}

int hd_tl_number(const hd_di_node *n, hd_spv_oname name, uint64_t *v)
{
	return hd_di_number(n, name, v);
}

const char *hd_tl_string(const hd_di_node *n, hd_spv_oname name)
{
	const char *s = hd_di_string(n, name);
	return s && *s ? s : NULL;
}

int hd_tl_none(hd_tl *T, uint32_t id)
{
	return id == 0 || hd_tl_is(hd_di_node_of(T->m, id), "DebugInfoNone");
}

/* LangRef: name:, file:, line: (0 is "no line" and left out, as LLVM
 * prints it), column: for the kinds that have one. */
void hd_tl_decl(hd_tl *T, const hd_di_node *n, int column)
{
	uint64_t v;

	hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
	if (!hd_tl_none(T, hd_tl_word(n, HD_O_Source)))
		hd_tl_file(T, hd_tl_field(T, "file"), hd_tl_word(n, HD_O_Source));
	if (hd_tl_number(n, HD_O_Line, &v) == 0 && v != 0)
		hd_tl_uint(T, "line", v);
	if (column && hd_tl_number(n, HD_O_Column, &v) == 0 && v != 0)
		hd_tl_uint(T, "column", v);
}
