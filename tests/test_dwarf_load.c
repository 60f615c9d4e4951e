/* hd_dwarf_load (reference/dump/load.c): the unit test_dwarf_write builds,
 * written into a code object and loaded back through libdwarf, must come
 * back as the same tree: every DIE in order with every attribute that is
 * not layout, references to the same DIEs, lists as the same address
 * ranges and expressions, and the same line rows. The watch's DWARF side
 * then reads a candidate's object as it reads the reference's unit. */
#include <unistd.h>

#include "dump/dump.h"
#include "dump/load.h"
#include "dwarf_write_test.h"

/* The DIEs of a tree in pre-order, so references compare by position. */
static size_t flatten(const hd_die *d, const hd_die **out, size_t n, size_t cap)
{
	if (n < cap)
		out[n] = d;
	n++;
	for (const hd_die *k = d->first_child; k != NULL; k = k->next)
		n = flatten(k, out, n, cap);
	return n;
}

static size_t index_of(const hd_die *const *v, size_t n, const hd_die *d)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == d)
			return i;
	return SIZE_MAX;
}

static int same_list(const hd_dw_list *a, const hd_dw_list *b)
{
	if (a->n != b->n)
		return 0;
	for (uint32_t i = 0; i < a->n; i++) {
		const hd_dw_range *x = &a->entries[i], *y = &b->entries[i];
		if (x->begin != y->begin || x->end != y->end || x->len != y->len ||
		    (x->len && memcmp(x->expr, y->expr, x->len) != 0))
			return 0;
	}
	return 1;
}

typedef struct pair {
	const hd_dw_unit *a, *b;
	const hd_die *va[512], *vb[512];
	size_t na, nb;
} pair;

/* Whether attribute x of the built unit came back as y. */
static int same_attr(const pair *p, const hd_attr *x, const hd_attr *y)
{
	if (x->kind == HD_DV_LINES || x->kind == HD_DV_MACROS)
		return 1;  /* layout: where the unit's programs start */
	if (y == NULL || x->kind != y->kind)
		return 0;
	switch (x->kind) {
	case HD_DV_STRING:
		return strcmp(x->s, y->s) == 0;
	case HD_DV_REF:
		return index_of(p->va, p->na, x->ref) == index_of(p->vb, p->nb, y->ref);
	case HD_DV_EXPR:
	case HD_DV_BLOCK:
		return x->len == y->len && memcmp(x->bytes, y->bytes, x->len) == 0;
	case HD_DV_LOCLIST:
		return same_list(&p->a->loclists[x->u], &p->b->loclists[y->u]);
	case HD_DV_RNGLIST:
		return same_list(&p->a->rnglists[x->u], &p->b->rnglists[y->u]);
	case HD_DV_FLAG:
		return 1;
	default:
		return x->u == y->u;
	}
}

static void compare(const hd_dw_unit *a, const hd_dw_unit *b, const char *what)
{
	pair p = { a, b, { 0 }, { 0 }, 0, 0 };
	size_t bad = 0;
	char name[160];

	p.na = flatten(a->root, p.va, 0, 512);
	p.nb = flatten(b->root, p.vb, 0, 512);
	snprintf(name, sizeof name, "%s: the same DIEs in the same order", what);
	if (!EQ_U64(p.nb, p.na, name))
		return;
	for (size_t i = 0; i < p.na && i < 512; i++) {
		if (p.va[i]->tag != p.vb[i]->tag) {
			bad++;
			continue;
		}
		for (uint32_t k = 0; k < p.va[i]->nattrs; k++) {
			const hd_attr *x = &p.va[i]->attrs[k];
			if (!same_attr(&p, x, hd_die_attr(p.vb[i], x->name))) {
				printf("  # DIE %zu (tag 0x%x): attribute 0x%x differs\n", i,
				       p.va[i]->tag, x->name);
				bad++;
			}
		}
	}
	snprintf(name, sizeof name, "%s: every attribute comes back", what);
	EQ_U64(bad, 0, name);
}

static void compare_lines(const hd_dw_lines *a, const hd_dw_lines *b, const char *what)
{
	size_t bad = 0;
	char name[400], path[256];

	for (uint32_t i = 0; i < a->nrows && i < b->nrows; i++) {
		const hd_dw_row *x = &a->rows[i], *y = &b->rows[i];
		bad += x->address != y->address || x->line != y->line || x->column != y->column ||
		       x->is_stmt != y->is_stmt || x->end_sequence != y->end_sequence ||
		       (!x->end_sequence && x->file != y->file);
	}
	snprintf(name, sizeof name, "%s: the same line rows", what);
	OK(a->nrows == b->nrows && bad == 0, name);
	for (uint32_t i = 0; i < a->nfiles && i < b->nfiles; i++) {
		/* joined as the dump joins them: a relative directory stays relative */
		snprintf(path, sizeof path, "%s/%s", a->dirs[a->files[i].dir], a->files[i].name);
		snprintf(name, sizeof name, "%s: file %u is %s", what, i, path);
		EQ_STR(b->files[i].name, path, name);
	}
}

static void round_trip(int dwarf64, hd_profile prof)
{
	hd_dw_unit u;
	hd_dw_sections secs;
	hd_dwarf_units back = { NULL, 0 };
	hd_status st;
	built b;
	char path[] = "/tmp/hdcts-load-XXXXXX", what[64];
	int fd = mkstemp(path);

	config_tag(what, sizeof what, dwarf64, prof);
	if (fd >= 0)
		close(fd);
	if (!OK(fd >= 0 && build(&u, dwarf64, prof, &b, &st) == 0 && hd_dw_write(&u, &secs, &st) == 0 &&
	        write_object(&secs, path, &st) == 0, what)) {
		printf("  # %s\n", st.msg);
		return;
	}
	if (OK(hd_dwarf_load(path, prof, &back, &st) == 0 && back.n == 1, "the object loads")) {
		compare(&u, &back.v[0], what);
		compare_lines(&u.lines, &back.v[0].lines, what);
	} else {
		printf("  # %s\n", st.msg);
	}
	hd_dwarf_units_free(&back);
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&u);
	unlink(path);
}

/* Whether the streamed dump (hd_dwarf_dump_to, what hdref dump uses) of
 * path agrees with the buffered one that gave rc and out: the same result,
 * the same bytes, and nothing written when the input is bad, though a cut
 * list is only met once the tree is being printed. */
static int streamed_agrees(const char *path, const hd_dump_options *o, int rc,
                           const hd_status *st, const hd_buf *out)
{
	FILE *f = tmpfile();
	hd_status st2;
	hd_buf back;
	uint8_t chunk[4096];
	size_t n;
	int rc2, same;

	if (f == NULL)
		return 0;
	hd_status_clear(&st2);
	rc2 = hd_dwarf_dump_to(path, o, f, 1, &st2);  /* written after every DIE */
	hd_buf_init(&back);
	rewind(f);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		hd_buf_put(&back, chunk, n);
	fclose(f);
	same = rc2 == rc && (rc != 0 ? st2.kind == st->kind && back.len == 0
	                             : back.len == out->len && !back.failed &&
	                                       (out->len == 0 ||
	                                        memcmp(back.data, out->data, out->len) == 0));
	hd_buf_free(&back);
	return same;
}

/* Dumps the object written from secs with .debug_loclists cut to keep
 * bytes; 0 dumped, 1 refused as bad input, -1 anything else (the streamed
 * dump disagreeing with the buffered one too). */
static int dump_cut(hd_dw_sections *secs, size_t keep, const char *path, hd_status *st)
{
	hd_buf *ll = &secs->sec[HD_SEC_LOCLISTS];
	size_t len = ll->len;
	hd_dump_options o = { HD_PROFILE_AMDGPU_V0, 64, 0 };
	hd_buf out;
	int rc;

	hd_buf_init(&out);
	ll->len = keep;
	rc = write_object(secs, path, st);
	ll->len = len;
	if (rc != 0)
		return -1;
	rc = hd_dwarf_dump(path, &o, &out, st);
	if (!streamed_agrees(path, &o, rc, st, &out)) {
		hd_buf_free(&out);
		snprintf(st->msg, sizeof st->msg, "the streamed dump disagrees");
		return -1;
	}
	hd_buf_free(&out);
	if (rc == 0)
		return 0;
	return st->kind == HD_BAD_INPUT ? 1 : -1;
}

/* A damaged .debug_loclists whose table header claims more bytes than the
 * section holds: every cut through the lists must be refused as bad input,
 * without reading past the section (the sanitizers watch). libdwarf
 * 20210528 refuses a table longer than its section only when unit_length
 * alone is, forgetting its own 4 bytes; the dump once trusted the table end
 * libdwarf reported, and read an expression past the section when the cut
 * took 1 to 4 bytes. Those cuts are the dump's own refusals. */
static void damaged_loclists(void)
{
	hd_dw_unit u;
	hd_dw_sections secs;
	hd_status st;
	built b;
	char path[] = "/tmp/hdcts-loclists-XXXXXX";
	int fd = mkstemp(path);
	size_t len, header, refused = 0, other = 0, own = 0;

	if (fd >= 0)
		close(fd);
	if (!OK(fd >= 0 && build(&u, 0, HD_PROFILE_AMDGPU_V0, &b, &st) == 0 &&
	        hd_dw_write(&u, &secs, &st) == 0, "damaged loclists: the unit is written")) {
		printf("  # %s\n", st.msg);
		return;
	}
	len = secs.sec[HD_SEC_LOCLISTS].len;
	header = 12 + 4;  /* unit_length .. offset_entry_count, one offset */
	OK(len > header + 4 && dump_cut(&secs, len, path, &st) == 0,
	   "damaged loclists: the whole section dumps");
	for (size_t keep = header + 1; keep < len; keep++) {
		int rc = dump_cut(&secs, keep, path, &st);
		refused += rc == 1;
		other += rc != 1;
		if (keep >= len - 4)
			own += rc == 1 && strstr(st.msg, ".debug_loclists: a table claims") != NULL;
		if (rc != 1 && other == 1)
			printf("  # cut to %zu of %zu bytes: %s\n", keep, len,
			       rc == 0 ? "dumped" : st.msg);
	}
	OK(other == 0 && refused == len - header - 1,
	   "damaged loclists: every cut through the lists is refused as bad input");
	OK(own == 4, "damaged loclists: a table 1 to 4 bytes past its section is the dump's "
	             "refusal, naming .debug_loclists");
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&u);
	unlink(path);
}

/* Reads the file at path into b. */
static int slurp(const char *path, hd_buf *b)
{
	FILE *f = fopen(path, "rb");
	uint8_t chunk[4096];
	size_t n;

	if (f == NULL)
		return -1;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		hd_buf_put(b, chunk, n);
	fclose(f);
	return b->failed ? -1 : 0;
}

/* Stores v as n little-endian bytes at p. */
static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Damaged ELF headers: a section, or the header table, said to be far
 * larger than the file. libdwarf 20210528 allocates what they say before
 * reading, which under AddressSanitizer stops the process; the dump must
 * refuse them first, as bad input naming the header. */
static void damaged_headers(void)
{
	static const struct {
		const char *what;
		unsigned at;      /* 0: in the last section header, else in the ELF header */
		unsigned field;   /* offset of the field */
		unsigned size;
		uint64_t value;
	} cases[] = {
		{ "a section of 2^46 bytes", 0, 0x20, 8, UINT64_C(1) << 46 },
		{ "a section at offset 2^63", 0, 0x18, 8, UINT64_C(1) << 63 },
		{ "65535 section headers", 1, 0x3c, 2, 0xffff },
		{ "section headers at 2^40", 1, 0x28, 8, UINT64_C(1) << 40 },
		{ "a section header size of 4096", 1, 0x3a, 2, 4096 },
	};
	hd_dw_unit u;
	hd_dw_sections secs;
	hd_dump_options o = { HD_PROFILE_AMDGPU_V0, 64, 0 };
	hd_status st;
	hd_buf img, out;
	built b;
	char path[] = "/tmp/hdcts-elfhdr-XXXXXX";
	int fd = mkstemp(path);

	if (fd >= 0)
		close(fd);
	hd_buf_init(&img);
	if (!OK(fd >= 0 && build(&u, 0, HD_PROFILE_AMDGPU_V0, &b, &st) == 0 &&
	        hd_dw_write(&u, &secs, &st) == 0 && write_object(&secs, path, &st) == 0 &&
	        slurp(path, &img) == 0 && img.len > 64,
	        "damaged headers: the object is written")) {
		printf("  # %s\n", st.msg);
		return;
	}
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		hd_buf copy;
		uint64_t shoff = 0;
		unsigned shnum = img.data[0x3c] | img.data[0x3d] << 8;
		size_t at;
		char name[120];
		int rc;

		for (unsigned k = 0; k < 8; k++)
			shoff |= (uint64_t)img.data[0x28 + k] << (8 * k);
		at = cases[i].at ? cases[i].field : (size_t)shoff + (shnum - 1) * 64u + cases[i].field;
		hd_buf_init(&copy);
		hd_buf_put(&copy, img.data, img.len);
		if (at + cases[i].size > copy.len || copy.failed) {
			OK(0, cases[i].what);
			hd_buf_free(&copy);
			continue;
		}
		put_le(copy.data + at, cases[i].value, cases[i].size);
		hd_buf_init(&out);
		rc = write_file(path, &copy) == 0 ? hd_dwarf_dump(path, &o, &out, &st) : 0;
		snprintf(name, sizeof name, "damaged headers: %s is refused as bad-elf", cases[i].what);
		if (!OK(rc != 0 && st.kind == HD_BAD_INPUT && strcmp(st.code, "bad-elf") == 0 &&
		        out.len == 0, name))
			printf("  # rc %d %s: %s\n", rc, rc ? st.code : "", rc ? st.msg : "dumped");
		hd_buf_free(&out);
		hd_buf_free(&copy);
	}
	hd_buf_free(&img);
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&u);
	unlink(path);
}

/* Damaged line table headers. libdwarf 20210528 allocates and clears a
 * pointer for every directory a DWARF 5 header counts before reading any,
 * and a record for every file even when the file format has no field, so
 * the dump refuses a count the header has no bytes for, or entries of an
 * empty format, before libdwarf reads it (reference/dump/line_fit.c). The
 * offsets follow reference/dwarf/write/write_line.c's DWARF32 header: one
 * directory format pair, fewer than 128 directories. */
static void damaged_line_header(void)
{
	enum { BIG_COUNT, EMPTY_DIR_FORMAT, EMPTY_FILE_FORMAT, TWO_LEVEL, NCASES };
	static const char *const what[NCASES] = {
		"268435447 directories", "directories of a format without fields",
		"files of a format without fields", "version 0xf006"
	};
	hd_dw_unit u;
	hd_dw_sections secs;
	hd_dump_options o = { HD_PROFILE_AMDGPU_V0, 64, 0 };
	hd_status st;
	built b;
	char path[] = "/tmp/hdcts-linehdr-XXXXXX";
	int fd = mkstemp(path);

	if (fd >= 0)
		close(fd);
	if (!OK(fd >= 0 && build(&u, 0, HD_PROFILE_AMDGPU_V0, &b, &st) == 0 &&
	        hd_dw_write(&u, &secs, &st) == 0 && secs.sec[HD_SEC_LINE].len > 40 &&
	        u.lines.ndirs < 128, "damaged line header: the unit is written")) {
		printf("  # %s\n", st.msg);
		return;
	}
	for (int i = 0; i < NCASES; i++) {
		hd_buf *line = &secs.sec[HD_SEC_LINE];
		size_t dirfmt = 17u + line->data[17];   /* past opcode_base's lengths */
		size_t filefmt = dirfmt + 4 + 4u * u.lines.ndirs;  /* past the line_strp paths */
		uint8_t saved[64];
		hd_buf out;
		char name[120];
		int rc;

		memcpy(saved, line->data, sizeof saved);
		if (i == BIG_COUNT)
			memcpy(line->data + dirfmt + 3, "\xf7\xff\xff\x7f", 4);
		else if (i == EMPTY_DIR_FORMAT)
			line->data[dirfmt] = 0;
		else if (i == EMPTY_FILE_FORMAT)
			line->data[filefmt] = 0;
		else
			put_le(line->data + 4, 0xf006, 2);
		hd_buf_init(&out);
		rc = write_object(&secs, path, &st) == 0 ? hd_dwarf_dump(path, &o, &out, &st) : 0;
		memcpy(line->data, saved, sizeof saved);
		snprintf(name, sizeof name, "damaged line header: %s is refused as bad-line-header",
		         what[i]);
		if (!OK(rc != 0 && st.kind == HD_BAD_INPUT &&
		        strcmp(st.code, "bad-line-header") == 0 && out.len == 0 &&
		        (i != BIG_COUNT || strstr(st.msg, "268435447 directories") != NULL), name))
			printf("  # rc %d %s: %s\n", rc, rc ? st.code : "", rc ? st.msg : "dumped");
		hd_buf_free(&out);
	}
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&u);
	unlink(path);
}

static void refused(void)
{
	hd_dwarf_units back = { NULL, 0 };
	hd_status st;

	OK(hd_dwarf_load("/nonexistent/x.o", HD_PROFILE_AMDGPU_V0, &back, &st) != 0 &&
	   st.kind == HD_BAD_INPUT && back.n == 0, "a missing file is bad input");
}

int main(void)
{
	tap_begin();
	mixed_md5 = 0;  /* Debian's libdwarf refuses DW_LNCT_LLVM_is_MD5 */
	round_trip(0, HD_PROFILE_AMDGPU_V0);
	round_trip(1, HD_PROFILE_LLVM_USER);
	refused();
	damaged_loclists();
	damaged_headers();
	damaged_line_header();
	return tap_end();
}
