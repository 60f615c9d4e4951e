/* hd_dwarf_dump: opens an object through libdwarf, reads every unit, prints
 * each unit's block, puts the blocks in canonical order and adds the call
 * frame information (docs/dwarf-dump.md). The one place libdwarf's errors
 * become hd_status values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/model.h"
#include "dump_impl.h"
#include "util/sort.h"

/* The format's version: the first line of every dump. */
#define DD_FORMAT_LINE "dwarf-dump 1\n"

int dd_lib_fail(dd_ctx *c, const char *what)
{
	const char *msg = c->err != NULL ? dwarf_errmsg(c->err) : "unknown error";

	hd_fail(c->st, HD_BAD_INPUT, "libdwarf", 0, "%s: libdwarf: %s", what, msg);
	if (c->err != NULL) {
		dwarf_dealloc_error(c->dbg, c->err);
		c->err = NULL;
	}
	return -1;
}

int dd_oom(dd_ctx *c)
{
	return hd_fail(c->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}

char *dd_take(hd_buf *b)
{
	char *s;

	if (b->failed)
		return NULL;
	s = malloc(b->len + 1);
	if (s != NULL) {
		if (b->len > 0)  /* an empty buffer's data is NULL */
			memcpy(s, b->data, b->len);
		s[b->len] = '\0';
	}
	return s;
}

/* Register names in expressions and CFI: the AMDGPU model's, for the
 * wavefront size asked for. */
static int reg_name(void *self, uint64_t reg, char *out, size_t outsz)
{
	const dd_ctx *c = self;

	return hd_amdgpu_reg_name(c->o->wave_size == 32 ? 32 : 64, reg, out, outsz);
}

/* The text forms print a name only when it reads back as the same register. */
static int reg_lookup(void *self, const char *name, size_t len, uint64_t *reg)
{
	const dd_ctx *c = self;

	return hd_amdgpu_reg_lookup(c->o->wave_size == 32 ? 32 : 64, name, len, reg);
}

/* libdwarf reads Mach-O and PE too and calls a file it does not recognise
 * "no entry"; the dump is for ELF objects, so anything else is bad input
 * with a message that says so. */
/* Intel GPU objects, whose expressions use Intel's vendor ops
 * (docs/intel-gt.md): EM_INTELGT of the ELF machine registry, and 182, a
 * number the registry reserves for Intel, which the debug ELF of IGC
 * 1.0.12504 (Debian 12) carries. */
#define DD_EM_INTELGT 205
#define DD_EM_INTEL182 182

/* Checks the ELF magic and reads e_machine (ELF gABI, "ELF Header"). */
static int check_elf(dd_ctx *c, const char *path, unsigned *machine)
{
	unsigned char h[20];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return hd_fail(c->st, HD_BAD_INPUT, "open", 0, "cannot open the file");
	n = fread(h, 1, sizeof h, f);
	fclose(f);
	if (n < 4 || memcmp(h, "\177ELF", 4) != 0)
		return hd_fail(c->st, HD_BAD_INPUT, "not-elf", 0, "not an ELF file");
	*machine = n < sizeof h ? 0 : h[5] == 2 ? (unsigned)h[18] << 8 | h[19]
	                                        : (unsigned)h[19] << 8 | h[18];
	return 0;
}

static int cmp_units(const void *a, const void *b)
{
	const dd_unit *x = *(dd_unit *const *)a, *y = *(dd_unit *const *)b;
	size_t n = x->text.len < y->text.len ? x->text.len : y->text.len;
	int r = n != 0 ? memcmp(x->text.data, y->text.data, n) : 0;

	if (r != 0)
		return r;
	if (x->text.len != y->text.len)
		return x->text.len < y->text.len ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* The unit's sizes, which expressions are decoded with. */
static void use_unit(dd_ctx *c, const dd_unit *u)
{
	c->enc.addr_size = (uint8_t)u->addr_size;
	c->enc.offset_size = (uint8_t)u->offset_size;
}

static void print_unit_header(const dd_unit *u, hd_buf *out)
{
	const char *ut = NULL;

	if (dwarf_get_UT_name(u->type, &ut) != DW_DLV_OK)
		ut = NULL;
	if (ut != NULL && strncmp(ut, "DW_UT_", 6) == 0)
		hd_buf_printf(out, "unit %s", ut + 6);
	else
		hd_buf_printf(out, "unit 0x%x", (unsigned)u->type);
	hd_buf_printf(out, " version %u address_size %u\n", (unsigned)u->version,
	              (unsigned)u->addr_size);
}

/* The header line and everything under one unit, appended to out. */
static int print_unit(dd_ctx *c, dd_unit *u, hd_buf *out)
{
	use_unit(c, u);
	print_unit_header(u, out);
	if (dd_print_tree(c, u, out) != 0 || dd_print_lines(c, u, out) != 0 ||
	    dd_print_macros(c, u, out) != 0)
		return -1;
	return out->failed ? dd_oom(c) : 0;
}

/* Units in the order of their text: the order of units in .debug_info
 * means nothing. A lone unit is printed straight into out, so its text is
 * held once; several are printed apart, sorted, and each freed once
 * copied. Nothing points at a unit's position after this. */
static int print_units(dd_ctx *c, hd_buf *out)
{
	if (c->nunits == 1)
		return print_unit(c, c->units[0], out);
	for (size_t i = 0; i < c->nunits; i++)
		if (print_unit(c, c->units[i], &c->units[i]->text) != 0)
			return -1;
	if (c->nunits > 1)
		hd_sort(c->units, c->nunits, sizeof c->units[0], cmp_units);
	for (size_t i = 0; i < c->nunits; i++) {
		hd_buf_put(out, c->units[i]->text.data, c->units[i]->text.len);
		hd_buf_free(&c->units[i]->text);
	}
	return out->failed ? dd_oom(c) : 0;
}

/* What both ways of printing need first: every unit read and ordered,
 * and the functions the frames are named by. */
static int read_all(dd_ctx *c)
{
	if (dd_read_units(c) != 0)
		return -1;
	for (size_t i = 0; i < c->nunits; i++)
		if (dd_order_unit(c, c->units[i]) != 0)
			return -1;
	return dd_collect_funcs(c);
}

static int dump_all(dd_ctx *c, hd_buf *out)
{
	if (read_all(c) != 0)
		return -1;
	if (print_units(c, out) != 0)
		return -1;
	if (dd_print_frames(c, out) != 0)
		return -1;
	return out->failed ? dd_oom(c) : 0;
}

int dd_flush(dd_ctx *c, hd_buf *out)
{
	if (out->failed)
		return dd_oom(c);
	if (out->len > 0 && fwrite(out->data, 1, out->len, c->sink) != out->len)
		return hd_fail(c->st, HD_INTERNAL, "write", 0, "error writing the output");
	c->flushed += out->len;
	hd_buf_reset(out);
	return 0;
}

/* Every failure the printing of the DIE trees can meet, met before
 * anything is written (dd_check_value). */
static int check_trees(dd_ctx *c)
{
	hd_buf scratch;
	int rc = 0;

	hd_buf_init(&scratch);
	for (size_t i = 0; i < c->ndies && rc == 0; i++) {
		const dd_die *d = dd_die_at(c, i);
		use_unit(c, d->unit);
		for (uint32_t k = 0; k < d->nattrs && rc == 0; k++)
			rc = dd_check_value(c, d, &d->attrs[k], &scratch);
	}
	hd_buf_free(&scratch);
	return rc;
}

/* The one unit's block and the frames, for the streamed dump: what can
 * fail is done first (the checks, the line table and macros, the frames,
 * printed aside), then the tree is printed and written out as it grows,
 * and the rest follows it. */
static int stream_unit(dd_ctx *c, dd_unit *u, hd_buf *out)
{
	hd_buf tail, frames;
	int rc;

	hd_buf_init(&tail);
	hd_buf_init(&frames);
	rc = check_trees(c);
	if (rc == 0) {
		use_unit(c, u);
		rc = dd_print_lines(c, u, &tail) != 0 || dd_print_macros(c, u, &tail) != 0 ||
		     dd_print_frames(c, &frames) != 0 ? -1 : 0;
	}
	if (rc == 0 && (tail.failed || frames.failed))
		rc = dd_oom(c);
	if (rc == 0) {
		use_unit(c, u);  /* the frames used the object's sizes */
		print_unit_header(u, out);
		c->streaming = 1;
		rc = dd_print_tree(c, u, out);
		c->streaming = 0;
	}
	if (rc == 0) {
		hd_buf_put(out, tail.data, tail.len);
		hd_buf_put(out, frames.data, frames.len);
	}
	hd_buf_free(&tail);
	hd_buf_free(&frames);
	return rc;
}

/* As dump_all, but a lone unit is streamed (stream_unit); several are
 * printed whole, since their order is that of their text. */
static int stream_all(dd_ctx *c, hd_buf *out)
{
	if (read_all(c) != 0)
		return -1;
	if (c->nunits != 1)
		return print_units(c, out) != 0 || dd_print_frames(c, out) != 0 ? -1 : 0;
	return stream_unit(c, c->units[0], out);
}

int dd_open(dd_ctx *c, const char *path, const hd_dump_options *o, hd_status *st)
{
	unsigned machine = 0;
	int res, de_alloc;

	memset(c, 0, sizeof *c);
	c->path = path;
	c->o = o;
	c->st = st;
	c->enc.profile = o->profile;
	c->enc.addr_size = 8;
	c->enc.offset_size = 4;
	c->names.self = c;
	c->names.name = reg_name;
	c->names.lookup = reg_lookup;
	if (check_elf(c, path, &machine) != 0 || dd_elf_fits(path, &c->line_sec, st) != 0)
		return -1;
	/* The target picks the table of vendor ops, never a guess: an Intel GT
	 * object's 0xeb..0xef are Intel's. libdwarf 20210528 knows no
	 * EM_INTELGT relocation and refuses to apply them; the dump never needs
	 * a relocated value (it prints no addresses of other sections), so
	 * they are left alone while such an object is open (libdwarf loads
	 * sections lazily; dd_close turns them back on). */
	c->intel_gt = machine == DD_EM_INTELGT || machine == DD_EM_INTEL182;
	if (c->intel_gt) {
		c->enc.profile = HD_PROFILE_INTEL_GT;
		dwarf_set_reloc_application(0);
	}
	/* libdwarf records the objects it hands out (in a search tree) so that
	 * dwarf_finish can free what a caller did not; libdwarf 20210528's own
	 * error paths need it: dwarf_child, on an abbreviation code that runs
	 * off its unit, allocates a DIE and returns without it. The dump frees
	 * all it is given, so the record only matters for a process that goes
	 * on after a damaged file; one that exits spares its cost. */
	de_alloc = dwarf_set_de_alloc_flag(o->process_exits ? 0 : 1);
	res = dwarf_init_path(path, NULL, 0, DW_DLC_READ, DW_GROUPNUMBER_ANY, NULL,
	                      NULL, &c->dbg, NULL, 0, NULL, &c->err);
	dwarf_set_de_alloc_flag(de_alloc);
	if (res != DW_DLV_OK && c->intel_gt)
		dwarf_set_reloc_application(1);
	if (res == DW_DLV_ERROR) {
		c->dbg = NULL;
		return dd_lib_fail(c, "reading the ELF file");
	}
	return res == DW_DLV_NO_ENTRY ? 1 : 0;
}

void dd_close(dd_ctx *c)
{
	dd_free_units(c);
	free(c->funcs);
	hd_buf_free(&c->loc_file);
	if (c->err != NULL)
		dwarf_dealloc_error(c->dbg, c->err);
	dwarf_finish(c->dbg, NULL);
	if (c->intel_gt)
		dwarf_set_reloc_application(1);
}

/* The dump is appended to out in place; on failure out is cut back to
 * what it held, so the caller sees all of it or none. */
int hd_dwarf_dump(const char *path, const hd_dump_options *o, hd_buf *out,
                  hd_status *st)
{
	dd_ctx c;
	size_t mark = out->len;
	int res, rc;

	if (out->failed)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if ((res = dd_open(&c, path, o, st)) < 0)
		return -1;
	hd_buf_printf(out, DD_FORMAT_LINE);
	if (c.intel_gt)
		hd_buf_printf(out, "encoding intel-gt (an Intel GPU object)\n");
	if (res == 1) {
		hd_buf_printf(out, "no debug info\n");
		rc = 0;
	} else {
		rc = dump_all(&c, out);
		dd_close(&c);
	}
	if (rc == 0 && out->failed)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (rc != 0 && !out->failed)
		out->len = mark;
	return rc;
}

int hd_dwarf_dump_to(const char *path, const hd_dump_options *o, FILE *f, size_t flush_at,
                     hd_status *st)
{
	dd_ctx c;
	hd_buf out;
	int res, rc;

	hd_buf_init(&out);
	if ((res = dd_open(&c, path, o, st)) < 0)
		return -1;
	c.sink = f;
	c.flush_at = flush_at != 0 ? flush_at : DD_FLUSH_AT;
	hd_buf_printf(&out, DD_FORMAT_LINE);
	if (c.intel_gt)
		hd_buf_printf(&out, "encoding intel-gt (an Intel GPU object)\n");
	if (res == 1) {
		hd_buf_printf(&out, "no debug info\n");
		rc = 0;
	} else {
		rc = stream_all(&c, &out);
	}
	if (rc == 0)
		rc = dd_flush(&c, &out);
	/* the checks missed a failure of bad input: a bug, which fuzz_dump
	 * looks for, since part of the dump is out */
	if (rc != 0 && c.flushed > 0 && st->kind == HD_BAD_INPUT) {
		st->kind = HD_INTERNAL;
		st->code = "streamed";
		hd_fail_prefix(st, "bad input found after part of the dump was written: ");
	}
	if (res != 1)
		dd_close(&c);
	hd_buf_free(&out);
	return rc;
}

static int cmp_block(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int dd_put_sorted(dd_ctx *c, char **texts, size_t n, hd_buf *out)
{
	int rc = 0;

	for (size_t i = 0; i < n; i++)
		if (texts[i] == NULL)
			rc = dd_oom(c);
	if (rc == 0) {
		hd_sort(texts, n, sizeof *texts, cmp_block);
		for (size_t i = 0; i < n; i++)
			hd_buf_put(out, texts[i], strlen(texts[i]));
	}
	for (size_t i = 0; i < n; i++)
		free(texts[i]);
	return rc;
}
