/* The AMDGPU code object the lowering writes: an ELF64 little-endian
 * ET_DYN file for EM_AMDGPU (224), as ld.lld links them, with every address
 * already resolved (no relocation sections: Debian's libdwarf cannot apply
 * AMDGPU relocations, docs/amdgpu-facts.md). It holds .text (the reference
 * placement's code slots), .bss (program-scope variables), the debug
 * sections of hd_dw_sections, .symtab/.strtab and .shstrtab. */
#ifndef HD_ELF_WRITE_H
#define HD_ELF_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "../dwarf/write/die.h"
#include "../util/buf.h"
#include "../util/status.h"

#define HD_EM_AMDGPU 224

typedef struct hd_elf_symbol {
	const char *name;
	uint64_t value;        /* address */
	uint64_t size;
	int is_func;           /* STT_FUNC in .text, else STT_OBJECT in .bss */
	int is_global;         /* STB_GLOBAL, else STB_LOCAL */
} hd_elf_symbol;

typedef struct hd_elf_image {
	uint32_t e_flags;      /* EF_AMDGPU_MACH_* and feature bits */
	uint8_t os_abi;        /* ELFOSABI_AMDGPU_HSA = 64 */
	uint8_t abi_version;   /* ELFABIVERSION_AMDGPU_HSA_V5 = 3 */
	uint64_t text_addr;    /* .text's address; its bytes follow */
	const uint8_t *text;
	size_t text_size;
	uint64_t bss_addr;     /* 0 with bss_size 0: no .bss */
	uint64_t bss_size;
	const hd_elf_symbol *symbols;
	size_t nsymbols;
	const hd_dw_sections *debug;  /* empty buffers are left out */
} hd_elf_image;

/* Appends the whole file. Deterministic. Errors: HD_NO_MEMORY. */
int hd_elf_write(const hd_elf_image *img, hd_buf *out, hd_status *st);

/* Reading: hd_elf_section and the rest of reference/elf/. */
#include "elf_read.h"

#endif
