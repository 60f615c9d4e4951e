/* Reading ELF files without trusting them: the header, section and program
 * headers, symbols and notes of a little-endian ELF32 or ELF64 file, each
 * field checked against the file's size before it is used, so a truncated or
 * hostile file is an error value with the offset of the field at fault
 * (HD_BAD_INPUT "elf-*"), never a read out of bounds. Nothing is allocated:
 * every result points into the caller's bytes. The canonical dump uses it
 * for .debug_frame (hd_elf_section), the code-object reader
 * (amdgpu/codeobj/) for everything a loader needs. */
#ifndef HD_ELF_READ_H
#define HD_ELF_READ_H

#include <stddef.h>
#include <stdint.h>

#include "../util/status.h"

enum {
	HD_SHT_SYMTAB = 2,
	HD_SHT_NOTE = 7,
	HD_SHT_NOBITS = 8,
	HD_SHT_DYNSYM = 11,
	HD_PT_LOAD = 1,
	HD_PT_NOTE = 4,
	HD_STT_OBJECT = 1,
	HD_STT_FUNC = 2
};

typedef struct hd_elf_view {
	const uint8_t *file;
	size_t len;
	int is64;
	uint16_t type, machine;
	uint8_t osabi, abi_version;
	uint32_t flags;
	uint64_t shoff, shentsize, shnum;
	uint64_t phoff, phentsize, phnum;
	const uint8_t *shstr;  /* the section name table */
	size_t shstr_size;
} hd_elf_view;

typedef struct hd_elf_shdr {
	const char *name;
	uint32_t type;
	uint64_t flags, addr, offset, size, link, entsize;
	const uint8_t *data;   /* NULL for SHT_NOBITS */
} hd_elf_shdr;

typedef struct hd_elf_phdr {
	uint32_t type, flags;
	uint64_t offset, vaddr, filesz, memsz, align;
	const uint8_t *data;   /* the filesz bytes in the file */
} hd_elf_phdr;

typedef struct hd_elf_sym {
	const char *name;
	uint64_t value, size;
	uint8_t bind, type, other;  /* STB_*, STT_*, STV_* */
	uint16_t shndx;
} hd_elf_sym;

typedef struct hd_elf_note {
	const char *owner;     /* NUL-terminated inside the file */
	uint32_t type;
	const uint8_t *desc;
	size_t desc_size;
	uint64_t offset;       /* of the note's header, for messages */
} hd_elf_note;

/* Checks the identification, the header and where both header tables
 * lie. */
int hd_elf_open(const uint8_t *file, size_t len, hd_elf_view *v, hd_status *st);
int hd_elf_shdr_at(const hd_elf_view *v, uint64_t i, hd_elf_shdr *s, hd_status *st);
int hd_elf_phdr_at(const hd_elf_view *v, uint64_t i, hd_elf_phdr *p, hd_status *st);
/* *found 1 and *s filled for the first section called name. */
int hd_elf_find_section(const hd_elf_view *v, const char *name, hd_elf_shdr *s, int *found,
                        hd_status *st);
/* Symbol i of a SHT_SYMTAB or SHT_DYNSYM section; count is size/entsize. */
uint64_t hd_elf_sym_count(const hd_elf_view *v, const hd_elf_shdr *symtab);
int hd_elf_sym_at(const hd_elf_view *v, const hd_elf_shdr *symtab, uint64_t i, hd_elf_sym *sym,
                  hd_status *st);
/* The note at *pos of a note section or segment's bytes (base: their file
 * offset, for messages); *pos moves past it. 1 when a note was read, 0 at
 * the end. Owner and descriptor are padded to 4 bytes (the ELF gABI; the
 * AMDGPU notes of ELF64 code objects use 4 too). */
int hd_elf_note_next(const uint8_t *data, size_t size, uint64_t base, size_t *pos,
                     hd_elf_note *n, hd_status *st);

/* The bytes of the first section called name (pointing into file), or
 * *data NULL when there is none or it is SHT_NOBITS. */
int hd_elf_section(const uint8_t *file, size_t len, const char *name,
                   const uint8_t **data, size_t *size, hd_status *st);

#endif
