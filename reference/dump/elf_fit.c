/* Holds an ELF file's section headers against its size before libdwarf
 * sees it. libdwarf 20210528 allocates what the headers say (a section's
 * sh_size, the header table's e_shnum * e_shentsize) before it reads, so a
 * damaged header asks for gigabytes: the allocation fails or, under
 * AddressSanitizer, stops the process. Once every section a file stores
 * lies inside the file, what libdwarf allocates is bounded by its size.
 * ELF gABI, "ELF Header" and "Sections". */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "dump_impl.h"

#define SHT_NOBITS_ 8u
#define SHN_XINDEX_ 0xffffu
#define SHF_COMPRESSED_ 0x800u

typedef struct elf_file {
	FILE *f;
	uint64_t size;
	int is64, big;
} elf_file;

/* n bytes (at most 8) at p in the file's byte order. */
static uint64_t get(const elf_file *e, const unsigned char *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[e->big ? n - 1 - i : i] << (8 * i);
	return v;
}

/* Reads n bytes at off; the caller has checked that they are in the file. */
static int read_at(const elf_file *e, uint64_t off, unsigned char *buf, size_t n)
{
	return off <= (uint64_t)LONG_MAX && fseek(e->f, (long)off, SEEK_SET) == 0 &&
	               fread(buf, 1, n, e->f) == n ? 0 : -1;
}

/* Whether [off, off + n) lies inside the file, without overflow. */
static int inside(const elf_file *e, uint64_t off, uint64_t n)
{
	return off <= e->size && n <= e->size - off;
}

typedef struct shdr {
	uint32_t name, type, link;
	uint64_t flags, off, size;
} shdr;

/* Section header i's name, type, flags, offset and size. */
static int section(const elf_file *e, uint64_t shoff, uint64_t i, shdr *s)
{
	unsigned char h[64];
	unsigned n = e->is64 ? 64 : 40;

	if (read_at(e, shoff + i * n, h, n) != 0)
		return -1;
	s->name = (uint32_t)get(e, h, 4);
	s->type = (uint32_t)get(e, h + 4, 4);
	s->flags = e->is64 ? get(e, h + 8, 8) : get(e, h + 8, 4);
	s->off = e->is64 ? get(e, h + 0x18, 8) : get(e, h + 0x10, 4);
	s->size = e->is64 ? get(e, h + 0x20, 8) : get(e, h + 0x14, 4);
	s->link = (uint32_t)get(e, h + (e->is64 ? 0x28 : 0x18), 4);
	return 0;
}

/* Whether section s is called want in names, the section name table. */
static int named(const elf_file *e, const shdr *names, const shdr *s, const char *want)
{
	unsigned char got[16];
	size_t n = strlen(want) + 1;

	return n <= sizeof got && s->name <= names->size &&
	       n <= names->size - s->name && read_at(e, names->off + s->name, got, n) == 0 &&
	       memcmp(got, want, n) == 0;
}

/* Notes where .debug_line lies for dd_line_fits; a compressed one (by
 * SHF_COMPRESSED or the GNU .zdebug_ name) is noted as such. */
static void note_line(const elf_file *e, const shdr *names, const shdr *s, dd_section *line)
{
	int plain = named(e, names, s, ".debug_line");

	if (line->found || s->type == SHT_NOBITS_ ||
	    (!plain && !named(e, names, s, ".zdebug_line")))
		return;
	line->found = 1;
	line->compressed = !plain || (s->flags & SHF_COMPRESSED_) != 0;
	line->off = s->off;
	line->size = s->size;
}

/* The header table and every section that is stored (not SHT_NOBITS) in
 * the file; counts up to e_shnum, or section 0's sh_size when e_shnum is
 * 0 (extended numbering), which the file's size bounds in turn. */
static int check_sections(const elf_file *e, const unsigned char *h, dd_section *line,
                          hd_status *st)
{
	uint64_t shoff = e->is64 ? get(e, h + 0x28, 8) : get(e, h + 0x20, 4);
	unsigned entsize = (unsigned)get(e, h + (e->is64 ? 0x3a : 0x2e), 2);
	uint64_t count = get(e, h + (e->is64 ? 0x3c : 0x30), 2);
	uint64_t strndx = get(e, h + (e->is64 ? 0x3e : 0x32), 2);
	shdr s, names;
	int have_names;

	if (shoff == 0)
		return 0;  /* no sections: libdwarf finds no DWARF */
	if (entsize != (e->is64 ? 64u : 40u))
		return hd_fail(st, HD_BAD_INPUT, "bad-elf", 0,
		               "e_shentsize is %u, not the %u of the file's class", entsize,
		               e->is64 ? 64u : 40u);
	if (!inside(e, shoff, entsize))
		return hd_fail(st, HD_BAD_INPUT, "bad-elf", 0,
		               "the section headers at %" PRIu64 " start past the file's %" PRIu64
		               " bytes", shoff, e->size);
	if (section(e, shoff, 0, &s) != 0)
		return hd_fail(st, HD_BAD_INPUT, "bad-elf", 0, "cannot read section header 0");
	if (count == 0)
		count = s.size;
	if (strndx == SHN_XINDEX_)
		strndx = s.link;
	if (count > (e->size - shoff) / entsize)
		return hd_fail(st, HD_BAD_INPUT, "bad-elf", 0,
		               "%" PRIu64 " section headers run past the file's %" PRIu64 " bytes",
		               count, e->size);
	have_names = strndx < count && section(e, shoff, strndx, &names) == 0 &&
	             names.type != SHT_NOBITS_ && inside(e, names.off, names.size);
	for (uint64_t i = 0; i < count; i++) {
		if (section(e, shoff, i, &s) != 0)
			return hd_fail(st, HD_BAD_INPUT, "bad-elf", 0,
			               "cannot read section header %" PRIu64, i);
		if (s.type != SHT_NOBITS_ && !inside(e, s.off, s.size))
			return hd_fail(st, HD_BAD_INPUT, "bad-elf", 0,
			               "section %" PRIu64 " (%" PRIu64 " bytes at %" PRIu64
			               ") runs past the file's %" PRIu64 " bytes",
			               i, s.size, s.off, e->size);
		if (have_names)
			note_line(e, &names, &s, line);
	}
	return 0;
}

int dd_elf_fits(const char *path, dd_section *line, hd_status *st)
{
	unsigned char h[64];
	struct stat sb;
	elf_file e = { NULL, 0, 0, 0 };
	size_t n;
	int rc;

	if ((e.f = fopen(path, "rb")) == NULL)
		return hd_fail(st, HD_BAD_INPUT, "open", 0, "cannot open the file");
	n = fread(h, 1, sizeof h, e.f);
	if (fstat(fileno(e.f), &sb) != 0 || n < 4 || memcmp(h, "\177ELF", 4) != 0) {
		fclose(e.f);
		return hd_fail(st, HD_BAD_INPUT, "not-elf", 0, "not an ELF file");
	}
	e.size = (uint64_t)sb.st_size;
	e.is64 = h[4] == 2;
	e.big = h[5] == 2;
	if ((h[4] != 1 && h[4] != 2) || n < (e.is64 ? 64u : 52u))
		rc = hd_fail(st, HD_BAD_INPUT, "bad-elf", 0,
		             "an ELF header of class %u, %zu bytes long", h[4], n);
	else
		rc = check_sections(&e, h, line, st);
	fclose(e.f);
	return rc;
}
