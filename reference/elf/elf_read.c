/* The checked ELF reader (elf_read.h). Every offset and size read from the
 * file is compared with the file's length (or the containing range) before
 * any byte it names is touched, with overflow-free comparisons, so no input
 * makes it read out of bounds. Loops run over counts that are bounded by the
 * file's size. */
#include <string.h>

#include "elf_read.h"

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

/* Whether [off, off + n) lies inside a range of len bytes. */
static int inside(uint64_t off, uint64_t n, uint64_t len)
{
	return off <= len && n <= len - off;
}

/* A field of a header that is 4 bytes in ELF32 and 8 in ELF64. */
static uint64_t word(const hd_elf_view *v, const uint8_t *p)
{
	return get(p, v->is64 ? 8 : 4);
}

int hd_elf_open(const uint8_t *file, size_t len, hd_elf_view *v, hd_status *st)
{
	const uint8_t *sh;
	uint64_t shstrndx, stroff, strsize;

	memset(v, 0, sizeof *v);
	if (len < 52 || memcmp(file, "\177ELF", 4) != 0)
		return bad(st, 0, "elf-header", "not an ELF file");
	if (file[4] != 1 && file[4] != 2)
		return bad(st, 4, "elf-class", "EI_CLASS is neither ELFCLASS32 nor ELFCLASS64");
	if (file[5] != 1)
		return bad(st, 5, "elf-data", "only little-endian files are read");
	v->is64 = file[4] == 2;
	if (v->is64 && len < 64)
		return bad(st, 0, "elf-header", "truncated ELF header");
	v->file = file;
	v->len = len;
	v->osabi = file[7];
	v->abi_version = file[8];
	v->type = (uint16_t)get(file + 16, 2);
	v->machine = (uint16_t)get(file + 18, 2);
	v->phoff = v->is64 ? get(file + 32, 8) : get(file + 28, 4);
	v->shoff = v->is64 ? get(file + 40, 8) : get(file + 32, 4);
	v->flags = (uint32_t)get(file + (v->is64 ? 48 : 36), 4);
	v->phentsize = get(file + (v->is64 ? 54 : 42), 2);
	v->phnum = get(file + (v->is64 ? 56 : 44), 2);
	v->shentsize = get(file + (v->is64 ? 58 : 46), 2);
	v->shnum = get(file + (v->is64 ? 60 : 48), 2);
	shstrndx = get(file + (v->is64 ? 62 : 50), 2);
	if (v->phnum != 0 && (v->phentsize < (v->is64 ? 56u : 32u) ||
	                      !inside(v->phoff, v->phentsize * v->phnum, len)))
		return bad(st, v->is64 ? 32 : 28, "elf-segments",
		           "the program header table lies outside the file");
	if (v->shnum == 0)
		return 0;
	if (v->shentsize < (v->is64 ? 64u : 40u) || !inside(v->shoff, v->shentsize * v->shnum, len))
		return bad(st, v->shoff, "elf-sections", "the section header table lies outside the file");
	if (shstrndx >= v->shnum)
		return bad(st, v->is64 ? 62 : 50, "elf-shstrndx", "e_shstrndx names no section");
	sh = file + v->shoff + shstrndx * v->shentsize;
	stroff = word(v, sh + (v->is64 ? 24 : 16));
	strsize = word(v, sh + (v->is64 ? 32 : 20));
	if (!inside(stroff, strsize, len))
		return bad(st, v->shoff + shstrndx * v->shentsize, "elf-shstrtab",
		           "the section name table lies outside the file");
	v->shstr = file + stroff;
	v->shstr_size = (size_t)strsize;
	return 0;
}

int hd_elf_shdr_at(const hd_elf_view *v, uint64_t i, hd_elf_shdr *s, hd_status *st)
{
	uint64_t at = v->shoff + i * v->shentsize, nm;
	const uint8_t *sh = v->file + at;
	unsigned w = v->is64 ? 8 : 4;

	memset(s, 0, sizeof *s);
	if (i >= v->shnum)
		return bad(st, at, "elf-section-index", "a section index past the section table");
	nm = get(sh, 4);
	s->type = (uint32_t)get(sh + 4, 4);
	s->flags = word(v, sh + 8);
	s->addr = word(v, sh + 8 + w);
	s->offset = word(v, sh + 8 + 2 * w);
	s->size = word(v, sh + 8 + 3 * w);
	s->link = get(sh + 8 + 4 * w, 4);
	s->entsize = word(v, sh + 16 + 5 * w);
	if (nm >= v->shstr_size || memchr(v->shstr + nm, 0, v->shstr_size - nm) == NULL)
		return bad(st, at, "elf-name", "a section name lies outside the name table");
	s->name = (const char *)v->shstr + nm;
	if (s->type == HD_SHT_NOBITS)
		return 0;
	if (!inside(s->offset, s->size, v->len))
		return bad(st, at, "elf-section", "the section's bytes lie outside the file");
	s->data = v->file + s->offset;
	return 0;
}

int hd_elf_phdr_at(const hd_elf_view *v, uint64_t i, hd_elf_phdr *p, hd_status *st)
{
	uint64_t at = v->phoff + i * v->phentsize;
	const uint8_t *ph = v->file + at;

	memset(p, 0, sizeof *p);
	if (i >= v->phnum)
		return bad(st, at, "elf-segment-index", "a segment index past the program header table");
	p->type = (uint32_t)get(ph, 4);
	if (v->is64) {
		p->flags = (uint32_t)get(ph + 4, 4);
		p->offset = get(ph + 8, 8);
		p->vaddr = get(ph + 16, 8);
		p->filesz = get(ph + 32, 8);
		p->memsz = get(ph + 40, 8);
		p->align = get(ph + 48, 8);
	} else {
		p->offset = get(ph + 4, 4);
		p->vaddr = get(ph + 8, 4);
		p->filesz = get(ph + 16, 4);
		p->memsz = get(ph + 20, 4);
		p->flags = (uint32_t)get(ph + 24, 4);
		p->align = get(ph + 28, 4);
	}
	if (!inside(p->offset, p->filesz, v->len))
		return bad(st, at, "elf-segment", "a segment's bytes lie outside the file");
	if (p->memsz < p->filesz)
		return bad(st, at, "elf-segment-size", "a segment's p_memsz is below its p_filesz");
	p->data = v->file + p->offset;
	return 0;
}

int hd_elf_find_section(const hd_elf_view *v, const char *name, hd_elf_shdr *s, int *found,
                        hd_status *st)
{
	*found = 0;
	for (uint64_t i = 0; i < v->shnum; i++) {
		if (hd_elf_shdr_at(v, i, s, st) != 0)
			return -1;
		if (strcmp(s->name, name) == 0) {
			*found = 1;
			return 0;
		}
	}
	return 0;
}

uint64_t hd_elf_sym_count(const hd_elf_view *v, const hd_elf_shdr *symtab)
{
	uint64_t ent = v->is64 ? 24 : 16;

	return symtab->data == NULL || symtab->entsize < ent ? 0 : symtab->size / symtab->entsize;
}

int hd_elf_sym_at(const hd_elf_view *v, const hd_elf_shdr *symtab, uint64_t i, hd_elf_sym *sym,
                  hd_status *st)
{
	hd_elf_shdr strtab;
	const uint8_t *e;
	uint64_t nm, at;

	memset(sym, 0, sizeof *sym);
	if (i >= hd_elf_sym_count(v, symtab))
		return bad(st, symtab->offset, "elf-symbol-index", "a symbol index past its table");
	if (hd_elf_shdr_at(v, symtab->link, &strtab, st) != 0)
		return hd_fail_prefix(st, "the symbol table's sh_link: ");
	at = symtab->offset + i * symtab->entsize;
	e = symtab->data + i * symtab->entsize;
	nm = get(e, 4);
	if (v->is64) {
		sym->type = e[4] & 0xf;
		sym->bind = e[4] >> 4;
		sym->other = e[5];
		sym->shndx = (uint16_t)get(e + 6, 2);
		sym->value = get(e + 8, 8);
		sym->size = get(e + 16, 8);
	} else {
		sym->value = get(e + 4, 4);
		sym->size = get(e + 8, 4);
		sym->type = e[12] & 0xf;
		sym->bind = e[12] >> 4;
		sym->other = e[13];
		sym->shndx = (uint16_t)get(e + 14, 2);
	}
	if (strtab.data == NULL || nm >= strtab.size ||
	    memchr(strtab.data + nm, 0, strtab.size - nm) == NULL)
		return bad(st, at, "elf-symbol-name", "a symbol's name lies outside its string table");
	sym->name = (const char *)strtab.data + nm;
	return 0;
}

/* n rounded up to 4, saturating so that a huge n stays out of range. */
static uint64_t pad4(uint64_t n)
{
	return n > UINT64_MAX - 3 ? UINT64_MAX : (n + 3) & ~(uint64_t)3;
}

int hd_elf_note_next(const uint8_t *data, size_t size, uint64_t base, size_t *pos,
                     hd_elf_note *n, hd_status *st)
{
	uint64_t namesz, descsz, at = *pos, name_pad, desc_pad;

	memset(n, 0, sizeof *n);
	if (at >= size)
		return 0;
	n->offset = base + at;
	if (!inside(at, 12, size))
		return bad(st, base + at, "elf-note", "a note header is cut short");
	namesz = get(data + at, 4);
	descsz = get(data + at + 4, 4);
	n->type = (uint32_t)get(data + at + 8, 4);
	name_pad = pad4(namesz);
	desc_pad = pad4(descsz);
	if (!inside(at + 12, name_pad, size) || !inside(at + 12 + name_pad, descsz, size))
		return bad(st, base + at, "elf-note", "a note's name or descriptor runs past its section");
	if (namesz == 0 || data[at + 12 + namesz - 1] != 0)
		return bad(st, base + at, "elf-note-name", "a note's owner is not NUL-terminated");
	n->owner = (const char *)data + at + 12;
	n->desc = data + at + 12 + name_pad;
	n->desc_size = (size_t)descsz;
	/* the last descriptor may stop short of its padding */
	*pos = (size_t)(inside(at + 12 + name_pad, desc_pad, size) ? at + 12 + name_pad + desc_pad
	                                                             : size);
	return 1;
}

int hd_elf_section(const uint8_t *file, size_t len, const char *name,
                   const uint8_t **data, size_t *size, hd_status *st)
{
	hd_elf_view v;
	hd_elf_shdr s;
	int found;

	*data = NULL;
	*size = 0;
	if (hd_elf_open(file, len, &v, st) != 0 || hd_elf_find_section(&v, name, &s, &found, st) != 0)
		return -1;
	if (found && s.data != NULL) {
		*data = s.data;
		*size = (size_t)s.size;
	}
	return 0;
}
