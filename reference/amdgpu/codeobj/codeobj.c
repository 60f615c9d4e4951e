/* Reading an AMDGPU code object (codeobj.h, docs/amdgpu-dispatch.md): the
 * ELF header's identification (AMDGPUUsage "ELF Header"), the PT_LOAD
 * segments copied into an image with the loader's relocations applied, the
 * symbols, the metadata note and each kernel's descriptor. The ELF itself
 * is read through reference/elf/, which checks every offset. */
#include <stdlib.h>
#include <string.h>

#include "../../elf/elf_read.h"
#include "codeobj_impl.h"

#define ELFOSABI_AMDGPU_HSA 64
#define ET_DYN 3
#define SHT_RELA 4
#define R_AMDGPU_NONE 0
#define R_AMDGPU_RELATIVE64 13
#define NT_AMDGPU_METADATA 32

static int bad(hd_status *st, uint64_t off, const char *code, const char *what)
{
	return hd_fail(st, HD_BAD_INPUT, code, off, "code object: %s", what);
}

static int no_memory(hd_status *st)
{
	return hd_fail(st, HD_NO_MEMORY, "codeobj-limit", 0, "code object: out of memory");
}

/* The processors whose initial state dispatch.c knows (all GFX9). */
static const struct {
	uint32_t mach;
	const char *name;
	int packed_tid;
} processors[] = {
	{ HD_EF_AMDGPU_MACH_GFX900, "gfx900", 0 },
	{ HD_EF_AMDGPU_MACH_GFX906, "gfx906", 0 },
	{ HD_EF_AMDGPU_MACH_GFX90A, "gfx90a", 1 },
};

const char *hd_codeobj_processor_of(uint32_t e_flags)
{
	for (size_t i = 0; i < sizeof processors / sizeof processors[0]; i++)
		if ((e_flags & HD_EF_AMDGPU_MACH) == processors[i].mach)
			return processors[i].name;
	return NULL;
}

static int check_header(hd_codeobj *co, const hd_elf_view *v, hd_status *st)
{
	if (!v->is64 || v->machine != 224)
		return bad(st, 18, "codeobj-machine", "not an ELF64 EM_AMDGPU file");
	if (v->osabi != ELFOSABI_AMDGPU_HSA)
		return bad(st, 7, "codeobj-osabi", "EI_OSABI is not ELFOSABI_AMDGPU_HSA (64)");
	if (v->abi_version < 2 || v->abi_version > 4)
		return bad(st, 8, "codeobj-version",
		           "EI_ABIVERSION is not 2, 3 or 4 (code object versions 4 to 6)");
	if (v->type != ET_DYN)
		return bad(st, 16, "codeobj-type", "not a linked code object (e_type is not ET_DYN)");
	co->e_flags = v->flags;
	co->version = v->abi_version + 2u;
	co->processor = hd_codeobj_processor_of(v->flags);
	if (co->processor == NULL)
		return bad(st, 48, "codeobj-processor",
		           "EF_AMDGPU_MACH is none of gfx900, gfx906, gfx90a");
	return 0;
}

static hd_co_segment *segment_of(const hd_codeobj *co, uint64_t vaddr, uint64_t n)
{
	for (size_t i = 0; i < co->nsegs; i++) {
		hd_co_segment *s = &co->segs[i];
		if (vaddr >= s->vaddr && vaddr - s->vaddr <= s->memsz && n <= s->memsz - (vaddr - s->vaddr))
			return s;
	}
	return NULL;
}

static int read_segments(hd_codeobj *co, const hd_elf_view *v, hd_status *st)
{
	uint64_t total = 0;
	hd_elf_phdr p;

	co->segs = hd_arena_alloc(&co->arena, (v->phnum + 1) * sizeof *co->segs);
	if (co->segs == NULL)
		return no_memory(st);
	for (uint64_t i = 0; i < v->phnum; i++) {
		uint8_t *bytes;
		if (hd_elf_phdr_at(v, i, &p, st) != 0)
			return -1;
		if (p.type != HD_PT_LOAD)
			continue;
		if (p.memsz > HD_CODEOBJ_MAX_IMAGE - total || p.vaddr > UINT64_MAX - p.memsz)
			return bad(st, v->phoff + i * v->phentsize, "codeobj-limit",
			           "the loadable segments exceed the image bound");
		total += p.memsz;
		bytes = p.memsz ? hd_arena_alloc(&co->arena, (size_t)p.memsz) : NULL;
		if (p.memsz != 0 && bytes == NULL)
			return no_memory(st);
		if (p.filesz != 0)
			memcpy(bytes, p.data, (size_t)p.filesz);
		co->segs[co->nsegs++] = (hd_co_segment){ p.vaddr, p.memsz, p.flags, bytes };
	}
	if (co->nsegs == 0)
		return bad(st, 32, "codeobj-no-load", "the code object has no PT_LOAD segment");
	return 0;
}

/* The loader's relocations (.rela.dyn) at load base 0: ld.lld leaves only
 * R_AMDGPU_RELATIVE64 in a code object without undefined symbols, and with
 * base 0 its value is the addend. */
static int apply_relocations(hd_codeobj *co, const hd_elf_view *v, hd_status *st)
{
	hd_elf_shdr s;

	for (uint64_t i = 0; i < v->shnum; i++) {
		if (hd_elf_shdr_at(v, i, &s, st) != 0)
			return -1;
		if (s.type != SHT_RELA || (s.flags & 2 /* SHF_ALLOC */) == 0)
			continue;
		if (s.entsize != 24 || s.data == NULL)
			return bad(st, v->shoff + i * v->shentsize, "codeobj-reloc",
			           "a SHT_RELA section whose entries are not 24 bytes");
		for (uint64_t r = 0; r < s.size / 24; r++) {
			const uint8_t *e = s.data + r * 24;
			uint64_t off = 0, info = 0, addend = 0;
			hd_co_segment *seg;
			for (int b = 7; b >= 0; b--) {
				off = off << 8 | e[b];
				info = info << 8 | e[8 + b];
				addend = addend << 8 | e[16 + b];
			}
			if ((info & 0xffffffffu) == R_AMDGPU_NONE)
				continue;
			if ((info & 0xffffffffu) != R_AMDGPU_RELATIVE64)
				return bad(st, s.offset + r * 24, "codeobj-reloc",
				           "a dynamic relocation other than R_AMDGPU_RELATIVE64");
			if ((seg = segment_of(co, off, 8)) == NULL)
				return bad(st, s.offset + r * 24, "codeobj-reloc",
				           "a relocation's place lies outside the image");
			for (int b = 0; b < 8; b++)
				((uint8_t *)seg->bytes)[off - seg->vaddr + b] = (uint8_t)(addend >> 8 * b);
		}
	}
	return 0;
}

/* The named symbols of .dynsym, then of .symtab. */
static int read_symbols(hd_codeobj *co, const hd_elf_view *v, hd_status *st)
{
	static const uint32_t types[] = { HD_SHT_DYNSYM, HD_SHT_SYMTAB };
	size_t cap = 0;
	hd_elf_shdr s;
	hd_elf_sym sym;

	for (int pass = 0; pass < 2; pass++)
		for (uint64_t i = 0; i < v->shnum; i++) {
			if (hd_elf_shdr_at(v, i, &s, st) != 0)
				return -1;
			if (s.type == types[pass])
				cap += (size_t)hd_elf_sym_count(v, &s);
		}
	co->syms = hd_arena_alloc(&co->arena, (cap + 1) * sizeof *co->syms);
	if (co->syms == NULL)
		return no_memory(st);
	for (int pass = 0; pass < 2; pass++)
		for (uint64_t i = 0; i < v->shnum; i++) {
			if (hd_elf_shdr_at(v, i, &s, st) != 0)
				return -1;
			if (s.type != types[pass])
				continue;
			for (uint64_t j = 1; j < hd_elf_sym_count(v, &s); j++) {
				hd_co_symbol *o;
				char *name;
				if (hd_elf_sym_at(v, &s, j, &sym, st) != 0)
					return -1;
				if (sym.name[0] == '\0')
					continue;
				name = hd_arena_dup(&co->arena, sym.name, strlen(sym.name) + 1);
				if (name == NULL)
					return no_memory(st);
				o = &co->syms[co->nsyms++];
				*o = (hd_co_symbol){ name, sym.value, sym.size, sym.type, sym.bind,
				                     pass == 0 };
			}
		}
	return 0;
}

static int read_notes(hd_codeobj *co, const hd_elf_view *v, hd_status *st)
{
	hd_elf_shdr s;
	hd_elf_note n;
	int found = 0, rc;

	for (uint64_t i = 0; i < v->shnum; i++) {
		size_t pos = 0;
		if (hd_elf_shdr_at(v, i, &s, st) != 0)
			return -1;
		if (s.type != HD_SHT_NOTE || s.data == NULL)
			continue;
		while ((rc = hd_elf_note_next(s.data, (size_t)s.size, s.offset, &pos, &n, st)) == 1) {
			if (strcmp(n.owner, "AMDGPU") != 0 || n.type != NT_AMDGPU_METADATA)
				continue;
			if (found++)
				return bad(st, n.offset, "codeobj-metadata-twice",
				           "a second NT_AMDGPU_METADATA note");
			if (hd_co_read_metadata(co, n.desc, n.desc_size,
			                        (uint64_t)(n.desc - v->file), st) != 0)
				return -1;
		}
		if (rc < 0)
			return -1;
	}
	if (!found)
		return bad(st, 0, "codeobj-no-metadata", "no NT_AMDGPU_METADATA note of owner AMDGPU");
	return 0;
}

/* Each kernel's .symbol: a 64-byte STT_OBJECT whose bytes are in the image. */
static int read_descriptors(hd_codeobj *co, hd_status *st)
{
	for (size_t i = 0; i < co->nkernels; i++) {
		hd_co_kernel *k = &co->kernels[i];
		const hd_co_symbol *sym = hd_codeobj_find_symbol(co, k->symbol);
		uint8_t bytes[64];
		if (sym == NULL || sym->type != HD_STT_OBJECT)
			return hd_fail(st, HD_BAD_INPUT, "codeobj-kd-symbol", 0,
			               "code object: kernel %s: no object symbol %s", k->name, k->symbol);
		if (sym->size != 64 || sym->value % 64 != 0)
			return hd_fail(st, HD_BAD_INPUT, "codeobj-kd-symbol", sym->value,
			               "code object: kernel %s: %s is not 64 bytes at a 64-byte boundary",
			               k->name, k->symbol);
		if (hd_codeobj_read_image(co, sym->value, bytes, 64, st) != 0)
			return hd_fail(st, HD_BAD_INPUT, "codeobj-kd-range", sym->value,
			               "code object: kernel %s: descriptor at 0x%llx lies outside the image",
			               k->name, (unsigned long long)sym->value);
		if (hd_kd_decode(bytes, sym->value, &k->kd, st) != 0)
			return hd_fail_prefix(st, "kernel %s: ", k->name);
		if (segment_of(co, hd_kd_entry(&k->kd), 4) == NULL)
			return hd_fail(st, HD_BAD_INPUT, "codeobj-kd-range", sym->value,
			               "code object: kernel %s: the entry 0x%llx lies outside the image",
			               k->name, (unsigned long long)hd_kd_entry(&k->kd));
	}
	return 0;
}

int hd_codeobj_read(const uint8_t *file, size_t len, hd_codeobj **out, hd_status *st)
{
	hd_codeobj *co = calloc(1, sizeof *co);
	hd_elf_view v;

	*out = NULL;
	if (co == NULL)
		return no_memory(st);
	hd_arena_init(&co->arena, (size_t)HD_CODEOBJ_MAX_IMAGE + len * 4 + (1u << 20));
	if (hd_elf_open(file, len, &v, st) != 0 || check_header(co, &v, st) != 0 ||
	    read_segments(co, &v, st) != 0 || apply_relocations(co, &v, st) != 0 ||
	    read_symbols(co, &v, st) != 0 || read_notes(co, &v, st) != 0 ||
	    read_descriptors(co, st) != 0) {
		hd_codeobj_free(co);
		return -1;
	}
	*out = co;
	return 0;
}

void hd_codeobj_free(hd_codeobj *co)
{
	if (co == NULL)
		return;
	hd_arena_free(&co->arena);
	free(co);
}

uint32_t hd_codeobj_e_flags(const hd_codeobj *co) { return co->e_flags; }
unsigned hd_codeobj_version(const hd_codeobj *co) { return co->version; }
const char *hd_codeobj_processor(const hd_codeobj *co) { return co->processor; }
const char *hd_codeobj_target(const hd_codeobj *co) { return co->target; }
size_t hd_codeobj_nsegments(const hd_codeobj *co) { return co->nsegs; }
size_t hd_codeobj_nsymbols(const hd_codeobj *co) { return co->nsyms; }
size_t hd_codeobj_nkernels(const hd_codeobj *co) { return co->nkernels; }

int hd_codeobj_packed_tid(const hd_codeobj *co)
{
	for (size_t i = 0; i < sizeof processors / sizeof processors[0]; i++)
		if (strcmp(processors[i].name, co->processor) == 0)
			return processors[i].packed_tid;
	return 0;
}

const hd_co_segment *hd_codeobj_segment(const hd_codeobj *co, size_t i)
{
	return i < co->nsegs ? &co->segs[i] : NULL;
}

const hd_co_symbol *hd_codeobj_symbol(const hd_codeobj *co, size_t i)
{
	return i < co->nsyms ? &co->syms[i] : NULL;
}

const hd_co_kernel *hd_codeobj_kernel(const hd_codeobj *co, size_t i)
{
	return i < co->nkernels ? &co->kernels[i] : NULL;
}

const hd_co_symbol *hd_codeobj_find_symbol(const hd_codeobj *co, const char *name)
{
	for (size_t i = 0; i < co->nsyms; i++)
		if (strcmp(co->syms[i].name, name) == 0)
			return &co->syms[i];
	return NULL;
}

const hd_co_kernel *hd_codeobj_find_kernel(const hd_codeobj *co, const char *name)
{
	for (size_t i = 0; i < co->nkernels; i++)
		if (strcmp(co->kernels[i].name, name) == 0)
			return &co->kernels[i];
	return NULL;
}

int hd_codeobj_read_image(const hd_codeobj *co, uint64_t vaddr, uint8_t *out, size_t n,
                          hd_status *st)
{
	const hd_co_segment *s = segment_of(co, vaddr, n);

	if (s == NULL)
		return hd_fail(st, HD_BAD_INPUT, "codeobj-address", vaddr,
		               "code object: %zu bytes at 0x%llx lie outside the image", n,
		               (unsigned long long)vaddr);
	if (n != 0)
		memcpy(out, s->bytes + (vaddr - s->vaddr), n);
	return 0;
}
