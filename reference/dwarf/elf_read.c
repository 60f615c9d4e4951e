/* Finding one section's bytes in an ELF file. The canonical dump reads
 * everything through libdwarf; this is only for the one section libdwarf
 * 20210528 cannot frame (.debug_frame with DWARF Extensions for Heterogeneous Debugging's CIE augmentation,
 * docs/dwarf-dump.md "Call frame information"). Every field is checked
 * against the file's size before it is used, so a truncated or hostile
 * header is an error with its offset, never a read out of bounds. */
#include <string.h>

#include "elf.h"

static uint64_t get(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

static int bad(hd_status *st, uint64_t off, const char *code, const char *what)
{
	return hd_fail(st, HD_BAD_INPUT, code, off, "ELF: %s", what);
}

/* Whether [off, off + n) lies inside a file of len bytes. */
static int inside(uint64_t off, uint64_t n, size_t len)
{
	return off <= len && n <= len - off;
}

int hd_elf_section(const uint8_t *file, size_t len, const char *name,
                   const uint8_t **data, size_t *size, hd_status *st)
{
	uint64_t addr;

	return hd_elf_section_addr(file, len, name, data, size, &addr, st);
}

int hd_elf_section_addr(const uint8_t *file, size_t len, const char *name,
                        const uint8_t **data, size_t *size, uint64_t *addr, hd_status *st)
{
	int is64;
	uint64_t shoff, shentsize, shnum, shstrndx, stroff, strsize;
	const uint8_t *sh;

	*data = NULL;
	*size = 0;
	*addr = 0;
	if (len < 52 || memcmp(file, "\177ELF", 4) != 0)
		return bad(st, 0, "elf-header", "not an ELF file");
	if (file[4] != 1 && file[4] != 2)
		return bad(st, 4, "elf-class", "EI_CLASS is neither ELFCLASS32 nor ELFCLASS64");
	if (file[5] != 1)
		return bad(st, 5, "elf-data", "only little-endian files are read");
	is64 = file[4] == 2;
	if (is64 && len < 64)
		return bad(st, 0, "elf-header", "truncated ELF header");
	shoff = is64 ? get(file + 40, 8) : get(file + 32, 4);
	shentsize = get(file + (is64 ? 58 : 46), 2);
	shnum = get(file + (is64 ? 60 : 48), 2);
	shstrndx = get(file + (is64 ? 62 : 50), 2);
	if (shentsize < (is64 ? 64u : 40u) || !inside(shoff, shentsize * shnum, len))
		return bad(st, shoff, "elf-sections", "the section header table lies outside the file");
	if (shstrndx >= shnum)
		return bad(st, is64 ? 62 : 50, "elf-shstrndx", "e_shstrndx names no section");
	sh = file + shoff + shstrndx * shentsize;
	stroff = is64 ? get(sh + 24, 8) : get(sh + 16, 4);
	strsize = is64 ? get(sh + 32, 8) : get(sh + 20, 4);
	if (!inside(stroff, strsize, len))
		return bad(st, shoff + shstrndx * shentsize, "elf-shstrtab",
		           "the section name table lies outside the file");
	for (uint64_t i = 0; i < shnum; i++) {
		uint64_t nm, type, off, n;
		sh = file + shoff + i * shentsize;
		nm = get(sh, 4);
		type = get(sh + 4, 4);
		off = is64 ? get(sh + 24, 8) : get(sh + 16, 4);
		n = is64 ? get(sh + 32, 8) : get(sh + 20, 4);
		if (nm >= strsize || memchr(file + stroff + nm, 0, strsize - nm) == NULL)
			return bad(st, shoff + i * shentsize, "elf-name",
			           "a section name lies outside the name table");
		if (strcmp((const char *)file + stroff + nm, name) != 0 || type == 8 /* NOBITS */)
			continue;
		if (!inside(off, n, len))
			return bad(st, shoff + i * shentsize, "elf-section",
			           "the section's bytes lie outside the file");
		*data = file + off;
		*size = (size_t)n;
		*addr = is64 ? get(sh + 16, 8) : get(sh + 12, 4);
		return 0;
	}
	return 0;
}
