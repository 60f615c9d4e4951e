/* DebugCompilationUnit and DebugSource: the unit's root DIE and the line
 * table's file list (docs/lowering.md, "DebugCompilationUnit" and
 * "DebugSource"). Every Source operand of either set, and every OpLine's
 * File, ends up as an index into u->lines.files through hd_lower_file. */
#include <ctype.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "lower_impl.h"
#include "util/md5.h"

#ifndef HDCTS_VERSION
#define HDCTS_VERSION "0.1.0"   /* CMake passes the project version */
#endif

/* Language codes registered at dwarfstd.org after DWARF 5 was published;
 * Debian's libdwarf predates them. */
#ifndef DW_LANG_GLSL
#define DW_LANG_GLSL 0x0034
#define DW_LANG_GLSL_ES 0x0035
#define DW_LANG_HLSL 0x0036
#define DW_LANG_OpenCL_CPP 0x0037
#define DW_LANG_CPP_for_OpenCL 0x0038
#define DW_LANG_SYCL 0x0039
#endif

/* SPIR-V SourceLanguage (SPIR-V 1.6 section 3.2) → DW_LANG_*, by name so the
 * table reads against the grammar. Unknown has no row: DW_AT_language is
 * left out rather than guessed. */
static const struct {
	const char *name;
	uint16_t lang;
} languages[] = {
	{ "ESSL", DW_LANG_GLSL_ES },
	{ "GLSL", DW_LANG_GLSL },
	{ "OpenCL_C", DW_LANG_OpenCL },
	{ "OpenCL_CPP", DW_LANG_OpenCL_CPP },
	{ "HLSL", DW_LANG_HLSL },
	{ "CPP_for_OpenCL", DW_LANG_CPP_for_OpenCL },
	{ "SYCL", DW_LANG_SYCL },
};

static uint16_t language_code(const char *name)
{
	for (size_t i = 0; name && i < sizeof languages / sizeof languages[0]; i++)
		if (strcmp(languages[i].name, name) == 0)
			return languages[i].lang;
	return 0;
}

/* The words of insn i (its first word is the opcode word). */
static const uint32_t *insn_words(const hd_lw *L, uint32_t i)
{
	return L->m->words + L->m->insns[i].offset;
}

/* The literal string at word w of insn i, or NULL when it is not
 * NUL-terminated inside the instruction. */
static const char *insn_string(const hd_lw *L, uint32_t i, uint32_t w)
{
	const hd_spv_insn *in = &L->m->insns[i];
	const char *s;

	if (w >= in->nwords)
		return NULL;
	s = (const char *)(insn_words(L, i) + w);
	return memchr(s, 0, (size_t)(in->nwords - w) * 4) ? s : NULL;
}

/* The first OpSource whose File is the OpString id (any OpSource when id is
 * 0), or -1. 1.00 has no DebugSource: its Source operands name the OpString
 * an OpSource names, and the OpSource carries the language and the text. */
static int32_t op_source(const hd_lw *L, uint32_t id)
{
	for (uint32_t i = 0; i < L->m->ninsns; i++) {
		const hd_spv_insn *in = &L->m->insns[i];
		if (in->opcode != SpvOpSource)
			continue;
		if (id == 0 || (in->nwords >= 4 && insn_words(L, i)[3] == id))
			return (int32_t)i;
	}
	return -1;
}

/* The text of an OpSource and its OpSourceContinued followers, joined in the
 * unit's arena; NULL when it has none. */
static const char *op_source_text(hd_lw *L, int32_t src)
{
	hd_buf b;
	const char *s, *r;

	if (src < 0 || !(s = insn_string(L, (uint32_t)src, 4)))
		return NULL;
	hd_buf_init(&b);
	hd_buf_put(&b, s, strlen(s));
	for (uint32_t i = (uint32_t)src + 1; i < L->m->ninsns &&
	     L->m->insns[i].opcode == SpvOpSourceContinued; i++)
		if ((s = insn_string(L, i, 1)))
			hd_buf_put(&b, s, strlen(s));
	r = b.failed ? NULL : hd_dw_strdup(L->u, (const char *)b.data, b.len);
	if (b.failed || !r)
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
	hd_buf_free(&b);
	return r;
}

/* ---- files ---- */

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* llvm-spirv records a DIFile's checksum inside DebugSource's Text as
 * `//__CSK_MD5:<32 hex digits>` (alone, or after the source). When text
 * holds one, its digest goes to md5 and the marker line is cut from what
 * is stored, so DW_LNCT_LLVM_source holds the program text only. Returns
 * the stored text (NULL when nothing is left), *has_md5 set when found. */
static const char *take_checksum(hd_lw *L, const char *text, uint8_t md5[16], int *has_md5)
{
	static const char marker[] = "//__CSK_MD5:";
	const char *p = strstr(text, marker), *hex, *end;
	hd_buf b;
	const char *r;

	*has_md5 = 0;
	if (!p)
		return *text ? text : NULL;
	hex = p + sizeof marker - 1;
	for (int i = 0; i < 32; i++)
		if (hexval((unsigned char)hex[i]) < 0)
			return *text ? text : NULL;  /* not a checksum: keep the text */
	for (int i = 0; i < 16; i++)
		md5[i] = (uint8_t)(hexval((unsigned char)hex[2 * i]) << 4 |
		                   hexval((unsigned char)hex[2 * i + 1]));
	*has_md5 = 1;
	end = strchr(hex, '\n');
	end = end ? end + 1 : hex + strlen(hex);
	hd_buf_init(&b);
	hd_buf_put(&b, text, (size_t)(p - text));
	hd_buf_put(&b, end, strlen(end));
	r = NULL;
	if (b.len)
		r = b.failed ? NULL : hd_dw_strdup(L->u, (const char *)b.data, b.len);
	if (b.len && !r)
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
	hd_buf_free(&b);
	return r;
}

/* Fills f's source and checksum from text (may be NULL). A file without a
 * recorded checksum gets the MD5 of its text, which is exactly what the
 * consumer would compute over the file it finds; without text there is
 * nothing to hash and has_md5 stays 0. */
static void set_text(hd_lw *L, hd_dw_file *f, const char *text)
{
	if (!text || f->source || f->has_md5)
		return;
	f->source = take_checksum(L, text, f->md5, &f->has_md5);
	if (f->source && !f->has_md5) {
		hd_md5(f->source, strlen(f->source), f->md5);
		f->has_md5 = 1;
	}
}

/* dirs[0], the compilation directory, which SPIR-V does not record: it is
 * left empty, and file names are kept whole relative to it. */
static int ensure_dirs(hd_lw *L)
{
	hd_dw_lines *ln = &L->u->lines;

	if (ln->ndirs)
		return 0;
	if (hd_lower_grow(L, (void **)&ln->dirs, sizeof *ln->dirs, 0, &L->dirs_cap) != 0)
		return -1;
	ln->dirs[0] = "";
	ln->ndirs = 1;
	return 0;
}

static int32_t append_file(hd_lw *L, const char *name, const char *text)
{
	hd_dw_lines *ln = &L->u->lines;
	hd_dw_file *f;

	if (hd_lower_grow(L, (void **)&ln->files, sizeof *ln->files, ln->nfiles,
	                  &L->files_cap) != 0)
		return -1;
	f = &ln->files[ln->nfiles];
	memset(f, 0, sizeof *f);
	f->name = name;
	f->dir = 0;
	set_text(L, f, text);
	return (int32_t)ln->nfiles++;
}

/* The entry named name, made on first use. The first file ever made is the
 * primary source (the compile unit's, as the driver lowers the unit first):
 * it is written twice, as file 0 (DWARF 5 section 6.2.4, item 20: entry 0 is
 * the primary source file) and file 1, and 1 is what DIEs and rows use,
 * because DWARF 5 section 2.14 still reads DW_AT_decl_file 0 as "no file".
 * GCC lays out DWARF 5 line tables the same way. */
static int32_t file_named(hd_lw *L, const char *name, const char *text)
{
	hd_dw_lines *ln = &L->u->lines;
	int32_t i;

	if (!name || ensure_dirs(L) != 0)
		return -1;
	for (uint32_t k = 1; k < ln->nfiles; k++)
		if (strcmp(ln->files[k].name, name) == 0) {
			set_text(L, &ln->files[k], text);
			if (k == 1)
				ln->files[0] = ln->files[1];
			return (int32_t)k;
		}
	if (ln->nfiles == 0 && append_file(L, name, text) < 0)
		return -1;
	i = append_file(L, name, text);
	if (i == 1)
		ln->files[1] = ln->files[0];
	return i;
}

/* The text a file named by OpString id has in the module: in 100, the Text
 * of a DebugSource naming the same OpString; else an OpSource's text. */
static const char *text_of_string(hd_lw *L, uint32_t id)
{
	for (uint32_t i = 0; i < L->m->nnodes; i++) {
		const hd_di_node *n = &L->m->nodes[i];
		if (hd_lw_is(n, HD_K_DebugSource) && hd_lw_word(n, HD_O_File) == id &&
		    hd_lw_word(n, HD_O_Text))
			return hd_lw_string(L, n, HD_O_Text);
	}
	return op_source_text(L, op_source(L, id));
}

int32_t hd_lower_file(hd_lw *L, uint32_t source_id)
{
	const hd_di_node *n = hd_di_node_of(L->m, source_id);
	int32_t def, *slot;

	if (n) {
		if (!hd_lw_is(n, HD_K_DebugSource))
			return -1;
		slot = &L->file_of_node[n - L->m->nodes];
		if (*slot < 0)
			*slot = file_named(L, hd_lw_string(L, n, HD_O_File),
			                   hd_lw_string(L, n, HD_O_Text));
		return *slot;
	}
	def = hd_spv_def(L->m, source_id);
	if (def < 0 || L->m->insns[def].opcode != SpvOpString)
		return -1;
	slot = &L->file_of_insn[def];
	if (*slot < 0)
		*slot = file_named(L, hd_spv_string(L->m, source_id),
		                   text_of_string(L, source_id));
	return *slot;
}

/* DebugSource has no DIE: it is a line-table file, made here so the table
 * lists every file of the module, referred to or not. */
hd_die *hd_lower_source(hd_lw *L, const hd_di_node *n)
{
	hd_lower_file(L, n->id);
	return NULL;
}

/* ---- the unit ---- */

/* DW_AT_language: the Language operand of 100 (a literal) and of
 * NonSemantic.Shader.DebugInfo.100 (a constant); 1.00 has none, so the
 * module's OpSource language stands in (the same SPIR-V enum). */
static int add_language(hd_lw *L, hd_die *root, const hd_di_node *n)
{
	const hd_spv_enumerant *e;
	const char *name = NULL;
	uint16_t lang;
	int32_t src;

	if (n->set->id != HD_SET_DI100)
		name = hd_lw_enum(n, HD_O_Language);
	else if ((src = op_source(L, 0)) >= 0 &&
	         (e = hd_spv_enum_value(&hd_spv_enum_SourceLanguage,
	                                insn_words(L, (uint32_t)src)[1])))
		name = e->name;
	lang = language_code(name);
	return lang ? hd_die_udata(L->u, root, DW_AT_language, lang) : 0;
}

/* The root DW_TAG_compile_unit (DW_AT_stmt_list comes last, from
 * hd_lower_macros_finish, once it is known whether there is any line
 * program). The driver refuses a module without a DebugCompilationUnit, so
 * n is always one. Version and DWARF Version are not lowered: the first names the
 * SPIR-V debug-info revision, and the unit is always DWARF 5. */
hd_die *hd_lower_compilation_unit(hd_lw *L, const hd_di_node *n)
{
	hd_dw_unit *u = L->u;
	hd_die *root;
	int32_t file = -1;

	if (u->root)
		return u->root;
	root = hd_die_new(u, NULL, DW_TAG_compile_unit);
	if (!root)
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	hd_lower_set_die(L, n, root);
	file = hd_lower_file(L, hd_lw_word(n, HD_O_Source));
	if (L->failed)
		return NULL;
	if (hd_die_string(u, root, DW_AT_producer, "hdref " HDCTS_VERSION) != 0 ||
	    add_language(L, root, n) != 0 ||
	    (file >= 0 && hd_die_string(u, root, DW_AT_name, u->lines.files[file].name) != 0) ||
	    hd_lw_xat_string(L, root, HD_XAT_augmentation, HD_CU_AUGMENTATION) != 0)
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	return root;
}

/* A file table where only some files have an MD5 would need DWARF Extensions for Heterogeneous Debugging's
 * DW_LNCT_LLVM_is_MD5 column (6.2.4.1), and Debian's libdwarf 20210528
 * rejects the whole line table over any content code it does not know.
 * So, like LLVM, keep checksums only when every file has one: losing a
 * checksum costs a consumer less than losing the line table. */
int hd_lower_files_finish(hd_lw *L)
{
	hd_dw_lines *l = &L->u->lines;
	uint32_t with = 0;

	for (uint32_t i = 0; i < l->nfiles; i++)
		with += l->files[i].has_md5 != 0;
	if (with != 0 && with != l->nfiles)
		for (uint32_t i = 0; i < l->nfiles; i++)
			l->files[i].has_md5 = 0;
	return 0;
}
