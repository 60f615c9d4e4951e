/* The line table of a unit (DWARF 5 section 6.2) as libdwarf decodes it:
 * the file table by path, and the rows grouped into sequences, each row's
 * address relative to its sequence's start, so a table whose sequences are
 * written in another order, or whose rows are encoded with other opcodes,
 * prints the same (docs/dwarf-dump.md, "Line tables"). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
#include "util/sort.h"

/* The directory of a file entry. libdwarf numbers DWARF 5 directories from
 * 0 (the compilation directory is entry 0) and older ones from 1, where
 * DWARF 4's directory 0 is the unit's DW_AT_comp_dir. */
static int dir_name(dd_ctx *c, dd_unit *u, Dwarf_Unsigned index, const char **dir)
{
	Dwarf_Signed n = 0, first = u->version >= 5 ? 0 : 1;
	const dd_attr *a;
	const char *s;

	*dir = NULL;
	if (dwarf_srclines_include_dir_count(u->lines, &n, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_line directories");
	if ((Dwarf_Signed)index >= first && (Dwarf_Signed)index < first + n) {
		if (dwarf_srclines_include_dir_data(u->lines, (Dwarf_Signed)index, dir,
		                                    &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, ".debug_line directories");
		return 0;
	}
	if (index == 0 && (a = dd_attr_of(u->root, DW_AT_comp_dir)) != NULL &&
	    a->cls == DW_FORM_CLASS_STRING) {
		if (dd_formstring(c, a, &s) != DW_DLV_OK)
			return dd_lib_fail(c, "DW_AT_comp_dir");
		*dir = s;
	}
	return 0;
}

static char *join_path(const char *dir, const char *name)
{
	hd_buf b;
	char *s;

	hd_buf_init(&b);
	if (name[0] != '/' && dir != NULL && dir[0] != '\0') {
		hd_buf_printf(&b, "%s", dir);
		if (dir[strlen(dir) - 1] != '/')
			hd_buf_byte(&b, '/');
	}
	hd_buf_printf(&b, "%s", name);
	s = dd_take(&b);
	hd_buf_free(&b);
	return s;
}

static int load_files(dd_ctx *c, dd_unit *u)
{
	Dwarf_Signed base, count, end;

	if (dwarf_srclines_files_indexes(u->lines, &base, &count, &end, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_line file table");
	if (count <= 0)
		return 0;
	u->files = calloc((size_t)count, sizeof u->files[0]);
	if (u->files == NULL)
		return dd_oom(c);
	u->file_base = base;
	u->nfiles = count;
	for (Dwarf_Signed i = 0; i < count; i++) {
		const char *name = NULL, *dir;
		Dwarf_Unsigned dirindex = 0, mtime, len;
		Dwarf_Form_Data16 *md5 = NULL;
		dd_file *f = &u->files[i];
		if (dwarf_srclines_files_data_b(u->lines, base + i, &name, &dirindex, &mtime,
		                                &len, &md5, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, ".debug_line file table");
		if (dir_name(c, u, dirindex, &dir) != 0)
			return -1;
		f->path = join_path(dir, name != NULL ? name : "");
		if (f->path == NULL)
			return dd_oom(c);
		if (md5 != NULL) {
			f->has_md5 = 1;
			memcpy(f->md5, md5->fd_data, sizeof f->md5);
		}
	}
	return 0;
}

int dd_load_lines(dd_ctx *c, dd_unit *u)
{
	Dwarf_Unsigned version;
	Dwarf_Small tables;
	int res;
	const dd_attr *a = dd_attr_of(u->root, DW_AT_stmt_list);
	Dwarf_Unsigned stmt_list;

	if (a == NULL)
		return 0;
	if (dd_form_uvalue(c, a, &stmt_list, "DW_AT_stmt_list") != 0 ||
	    dd_line_fits(c, stmt_list) != 0)
		return -1;
	res = dwarf_srclines_b(u->cu_die, &version, &tables, &u->lines, &c->err);
	if (res == DW_DLV_ERROR) {
		u->lines = NULL;
		return dd_lib_fail(c, ".debug_line");
	}
	if (res == DW_DLV_NO_ENTRY) {
		u->lines = NULL;
		return 0;
	}
	return load_files(c, u);
}

void dd_free_lines(dd_unit *u)
{
	for (Dwarf_Signed i = 0; i < u->nfiles; i++)
		free(u->files[i].path);
	free(u->files);
	if (u->lines != NULL)
		dwarf_srclines_dealloc_b(u->lines);
	u->files = NULL;
	u->lines = NULL;
}

/* The quoted path of file index (as DW_AT_decl_file and the rows number it),
 * in static storage of the unit; NULL when there is no such file. */
const char *dd_file_path(const dd_unit *u, uint64_t index)
{
	if (u->files == NULL || index < (uint64_t)u->file_base ||
	    index - (uint64_t)u->file_base >= (uint64_t)u->nfiles)
		return NULL;
	return u->files[index - (uint64_t)u->file_base].path;
}

/* One file entry's line, for sorting and deduplication. */
static char *file_line(const dd_file *f)
{
	hd_buf b;
	char *s;

	hd_buf_init(&b);
	hd_buf_printf(&b, "    file ");
	dd_put_string(&b, f->path);
	if (f->has_md5) {
		hd_buf_printf(&b, " md5 ");
		dd_put_hex(&b, f->md5, sizeof f->md5);
	}
	hd_buf_byte(&b, '\n');
	s = dd_take(&b);
	hd_buf_free(&b);
	return s;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The file table sorted by path, identical entries once: rows and
 * DW_AT_decl_file name files by path, so the numbering is layout. */
static int print_files(dd_ctx *c, dd_unit *u, hd_buf *out)
{
	char **lines;
	int rc = 0;

	if (u->nfiles == 0)
		return 0;
	lines = calloc((size_t)u->nfiles, sizeof *lines);
	if (lines == NULL)
		return dd_oom(c);
	for (Dwarf_Signed i = 0; i < u->nfiles; i++)
		if ((lines[i] = file_line(&u->files[i])) == NULL)
			rc = dd_oom(c);
	if (rc == 0) {
		hd_sort(lines, (size_t)u->nfiles, sizeof *lines, cmp_str);
		for (Dwarf_Signed i = 0; i < u->nfiles; i++)
			if (i == 0 || strcmp(lines[i], lines[i - 1]) != 0)
				hd_buf_printf(out, "%s", lines[i]);
	}
	for (Dwarf_Signed i = 0; i < u->nfiles; i++)
		free(lines[i]);
	free(lines);
	return rc;
}

/* A row's fields, read once. */
typedef struct dd_row {
	Dwarf_Addr addr;
	Dwarf_Unsigned line, column, file, isa, discriminator;
	Dwarf_Bool stmt, end, block, prologue_end, epilogue_begin;
} dd_row;

static int read_row(dd_ctx *c, Dwarf_Line l, dd_row *r)
{
	if (dwarf_lineaddr(l, &r->addr, &c->err) != DW_DLV_OK ||
	    dwarf_lineno(l, &r->line, &c->err) != DW_DLV_OK ||
	    dwarf_lineoff_b(l, &r->column, &c->err) != DW_DLV_OK ||
	    dwarf_line_srcfileno(l, &r->file, &c->err) != DW_DLV_OK ||
	    dwarf_linebeginstatement(l, &r->stmt, &c->err) != DW_DLV_OK ||
	    dwarf_lineendsequence(l, &r->end, &c->err) != DW_DLV_OK ||
	    dwarf_lineblock(l, &r->block, &c->err) != DW_DLV_OK ||
	    dwarf_prologue_end_etc(l, &r->prologue_end, &r->epilogue_begin, &r->isa,
	                           &r->discriminator, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_line rows");
	return 0;
}

static void print_row(dd_unit *u, const dd_row *r, Dwarf_Addr start, hd_buf *out)
{
	const char *path;

	hd_buf_printf(out, "      +0x%" PRIx64, (uint64_t)(r->addr - start));
	if (r->end) {
		hd_buf_printf(out, " end_sequence\n");
		return;
	}
	path = dd_file_path(u, r->file);
	hd_buf_byte(out, ' ');
	if (path != NULL)
		dd_put_string(out, path);
	else
		hd_buf_printf(out, "file#%" PRIu64, (uint64_t)r->file);
	hd_buf_printf(out, " %" PRIu64 ":%" PRIu64, (uint64_t)r->line, (uint64_t)r->column);
	if (r->stmt)
		hd_buf_printf(out, " stmt");
	if (r->block)
		hd_buf_printf(out, " basic_block");
	if (r->prologue_end)
		hd_buf_printf(out, " prologue_end");
	if (r->epilogue_begin)
		hd_buf_printf(out, " epilogue_begin");
	if (r->isa != 0)
		hd_buf_printf(out, " isa %" PRIu64, (uint64_t)r->isa);
	if (r->discriminator != 0)
		hd_buf_printf(out, " discriminator %" PRIu64, (uint64_t)r->discriminator);
	hd_buf_byte(out, '\n');
}

/* The function a sequence starts in, named like an FDE's. */
static const char *func_at(dd_ctx *c, Dwarf_Addr a)
{
	for (size_t i = 0; i < c->nfuncs; i++)
		if (c->funcs[i].low == a && c->funcs[i].name != NULL)
			return c->funcs[i].name;
	return NULL;
}

/* One sequence's text: named by the function that starts at its start,
 * the address only when none does. */
static char *sequence_text(dd_ctx *c, dd_unit *u, const dd_row *rows, Dwarf_Signed n)
{
	const char *fn = func_at(c, rows[0].addr);
	hd_buf b;
	char *text;

	hd_buf_init(&b);
	hd_buf_printf(&b, "    sequence ");
	if (fn != NULL) {
		hd_buf_printf(&b, "function ");
		dd_put_string(&b, fn);
	} else {
		hd_buf_printf(&b, "0x%" PRIx64, (uint64_t)rows[0].addr);
	}
	hd_buf_printf(&b, " size 0x%" PRIx64 "\n", (uint64_t)(rows[n - 1].addr - rows[0].addr));
	for (Dwarf_Signed i = 0; i < n; i++)
		print_row(u, &rows[i], rows[0].addr, &b);
	text = dd_take(&b);
	hd_buf_free(&b);
	return text;
}

/* Sequences in the order of their text: they may be written in any order
 * (DWARF 5 section 6.2.5), and where each function's code sits is layout. */
static int print_sequences(dd_ctx *c, dd_unit *u, dd_row *rows, Dwarf_Signed n,
                           hd_buf *out)
{
	char **texts = malloc(((size_t)n + 1) * sizeof *texts);
	size_t nseq = 0;
	Dwarf_Signed first = 0;

	if (texts == NULL)
		return dd_oom(c);
	for (Dwarf_Signed i = 0; i < n; i++) {
		if (!rows[i].end && i + 1 < n)
			continue;
		texts[nseq++] = sequence_text(c, u, rows + first, i + 1 - first);
		first = i + 1;
	}
	if (dd_put_sorted(c, texts, nseq, out) != 0) {
		free(texts);
		return -1;
	}
	free(texts);
	return 0;
}

int dd_print_lines(dd_ctx *c, dd_unit *u, hd_buf *out)
{
	Dwarf_Line *lines = NULL;
	Dwarf_Signed n = 0;
	dd_row *rows;
	int rc;

	if (u->lines == NULL)
		return 0;
	hd_buf_printf(out, "  lines\n");
	if (print_files(c, u, out) != 0)
		return -1;
	if (dwarf_srclines_from_linecontext(u->lines, &lines, &n, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_line rows");
	if (n <= 0)
		return 0;
	rows = calloc((size_t)n, sizeof *rows);
	if (rows == NULL)
		return dd_oom(c);
	rc = 0;
	for (Dwarf_Signed i = 0; i < n && rc == 0; i++)
		rc = read_row(c, lines[i], &rows[i]);
	if (rc == 0)
		rc = print_sequences(c, u, rows, n, out);
	free(rows);
	return rc;
}
