/* The code object file (elf_write.h): ELF64, little-endian, ET_DYN for EM_AMDGPU,
 * laid out as a linked file would be (a PT_LOAD segment for .text and .bss,
 * every address resolved, no relocation sections) so that readers that
 * expect a linked code object, libdwarf among them, take it as it is. The
 * layout depends only on the image, so the bytes are deterministic. */
#include "elf_write.h"

#include <elf.h>
#include <string.h>

#define PAGE 0x1000u
#define MAX_SECTIONS (4 + HD_SEC_COUNT + 3)

typedef struct section {
	const char *name;
	uint32_t name_off;     /* in .shstrtab */
	uint32_t type, link, info;
	uint64_t flags, addr, offset, size, align, entsize;
	const uint8_t *data;   /* NULL for SHT_NULL and SHT_NOBITS */
} section;

typedef struct layout {
	section s[MAX_SECTIONS];
	unsigned n;
	unsigned text, bss, symtab, strtab, shstrtab;  /* indices; bss 0 when none */
	Elf64_Phdr ph[2];
	unsigned nph;
	uint64_t shoff, size;
} layout;

static unsigned add_section(layout *l, const char *name, uint32_t type, uint64_t flags,
                            const hd_buf *data, uint64_t align)
{
	section *s = &l->s[l->n];

	memset(s, 0, sizeof *s);
	s->name = name;
	s->type = type;
	s->flags = flags;
	s->align = align;
	if (data != NULL) {
		s->data = data->data;
		s->size = data->len;
	}
	return l->n++;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* The first offset from `from` that is congruent to addr modulo the page, as
 * a loadable segment's offset must be (ELF gABI, p_align). */
static uint64_t congruent(uint64_t from, uint64_t addr)
{
	uint64_t want = addr % PAGE, at = from % PAGE;

	return from + (want >= at ? want - at : PAGE - at + want);
}

/* The last offset up to `from` congruent to addr modulo the page: where an
 * empty-in-the-file segment (.bss before .text) can start inside the file. */
static uint64_t below_congruent(uint64_t from, uint64_t addr)
{
	uint64_t back = (from % PAGE + PAGE - addr % PAGE) % PAGE;

	return back <= from ? from - back : congruent(from, addr);
}

/* The largest power of two up to 256 that divides addr: .text's alignment,
 * AMDGPU kernels being 256-byte aligned when the address allows it. */
static uint64_t text_align(uint64_t addr)
{
	uint64_t a = 256;

	while (a > 1 && addr % a != 0)
		a /= 2;
	return a;
}

/* .symtab and .strtab: the null symbol, the local symbols, then the global
 * ones (sh_info is the first global's index). */
static uint32_t put_symbols(const hd_elf_image *img, const layout *l, hd_buf *sym,
                            hd_buf *str)
{
	uint32_t first_global = 1;

	hd_buf_byte(str, 0);
	hd_buf_put(sym, (uint8_t[24]){ 0 }, 24);
	for (int global = 0; global <= 1; global++) {
		for (size_t i = 0; i < img->nsymbols; i++) {
			const hd_elf_symbol *y = &img->symbols[i];
			unsigned bind = y->is_global ? STB_GLOBAL : STB_LOCAL;
			unsigned type = y->is_func ? STT_FUNC : STT_OBJECT;
			unsigned shndx = y->is_func ? l->text : l->bss ? l->bss : SHN_ABS;

			if ((y->is_global != 0) != global)
				continue;
			hd_buf_uint(sym, str->len, 4);
			hd_buf_byte(sym, (uint8_t)ELF64_ST_INFO(bind, type));
			hd_buf_byte(sym, STV_DEFAULT);
			hd_buf_uint(sym, shndx, 2);
			hd_buf_uint(sym, y->value, 8);
			hd_buf_uint(sym, y->size, 8);
			hd_buf_put(str, y->name, strlen(y->name) + 1);
			if (!global)
				first_global++;
		}
	}
	return first_global;
}

/* Offsets of everything after the headers, and the program headers. */
static void place(const hd_elf_image *img, layout *l)
{
	uint64_t off = sizeof(Elf64_Ehdr) + l->nph * sizeof(Elf64_Phdr);
	section *text = &l->s[l->text];
	Elf64_Phdr *ph = &l->ph[0];

	off = congruent(off, img->text_addr);
	text->offset = off;
	off += text->size;
	memset(l->ph, 0, sizeof l->ph);
	ph->p_type = PT_LOAD;
	ph->p_flags = PF_R | PF_X;
	ph->p_offset = text->offset;
	ph->p_vaddr = ph->p_paddr = img->text_addr;
	ph->p_filesz = ph->p_memsz = img->text_size;
	ph->p_align = PAGE;
	if (l->bss != 0) {
		section *bss = &l->s[l->bss];

		/* NOBITS takes no file bytes: it sits where the code ends */
		bss->offset = off;
		if (l->nph == 1) {
			/* .bss after .text: one segment, zero-filled past the code */
			ph->p_flags |= PF_W;
			ph->p_memsz = img->bss_addr + img->bss_size - img->text_addr;
		} else {
			Elf64_Phdr *p2 = &l->ph[1];

			p2->p_type = PT_LOAD;
			p2->p_flags = PF_R | PF_W;
			p2->p_offset = below_congruent(off, img->bss_addr);
			p2->p_vaddr = p2->p_paddr = img->bss_addr;
			p2->p_memsz = img->bss_size;
			p2->p_align = PAGE;
		}
	}
	for (unsigned i = 1; i < l->n; i++) {
		section *s = &l->s[i];

		if (i == l->text || i == l->bss)
			continue;
		off = align_up(off, s->align);
		s->offset = off;
		off += s->size;
	}
	l->shoff = align_up(off, 8);
	l->size = l->shoff + (uint64_t)l->n * sizeof(Elf64_Shdr);
}

static void put_ehdr(const hd_elf_image *img, const layout *l, hd_buf *out)
{
	static const uint8_t magic[4] = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3 };

	hd_buf_put(out, magic, 4);
	hd_buf_byte(out, ELFCLASS64);
	hd_buf_byte(out, ELFDATA2LSB);
	hd_buf_byte(out, EV_CURRENT);
	hd_buf_byte(out, img->os_abi);
	hd_buf_byte(out, img->abi_version);
	hd_buf_put(out, (uint8_t[7]){ 0 }, 7);
	hd_buf_uint(out, ET_DYN, 2);
	hd_buf_uint(out, HD_EM_AMDGPU, 2);
	hd_buf_uint(out, EV_CURRENT, 4);
	hd_buf_uint(out, 0, 8);                       /* e_entry */
	hd_buf_uint(out, sizeof(Elf64_Ehdr), 8);      /* e_phoff */
	hd_buf_uint(out, l->shoff, 8);
	hd_buf_uint(out, img->e_flags, 4);
	hd_buf_uint(out, sizeof(Elf64_Ehdr), 2);
	hd_buf_uint(out, sizeof(Elf64_Phdr), 2);
	hd_buf_uint(out, l->nph, 2);
	hd_buf_uint(out, sizeof(Elf64_Shdr), 2);
	hd_buf_uint(out, l->n, 2);
	hd_buf_uint(out, l->shstrtab, 2);
}

static void put_phdr(const Elf64_Phdr *p, hd_buf *out)
{
	hd_buf_uint(out, p->p_type, 4);
	hd_buf_uint(out, p->p_flags, 4);
	hd_buf_uint(out, p->p_offset, 8);
	hd_buf_uint(out, p->p_vaddr, 8);
	hd_buf_uint(out, p->p_paddr, 8);
	hd_buf_uint(out, p->p_filesz, 8);
	hd_buf_uint(out, p->p_memsz, 8);
	hd_buf_uint(out, p->p_align, 8);
}

static void put_shdr(const section *s, hd_buf *out)
{
	hd_buf_uint(out, s->name_off, 4);
	hd_buf_uint(out, s->type, 4);
	hd_buf_uint(out, s->flags, 8);
	hd_buf_uint(out, s->addr, 8);
	hd_buf_uint(out, s->offset, 8);
	hd_buf_uint(out, s->size, 8);
	hd_buf_uint(out, s->link, 4);
	hd_buf_uint(out, s->info, 4);
	hd_buf_uint(out, s->align, 8);
	hd_buf_uint(out, s->entsize, 8);
}

/* Zeros up to file offset `to` (relative to the file's first byte at base). */
static void pad_to(hd_buf *out, size_t base, uint64_t to)
{
	while (!out->failed && out->len - base < to)
		hd_buf_byte(out, 0);
}

static void emit(const hd_elf_image *img, const layout *l, hd_buf *out)
{
	size_t base = out->len;

	put_ehdr(img, l, out);
	for (unsigned i = 0; i < l->nph; i++)
		put_phdr(&l->ph[i], out);
	for (unsigned i = 1; i < l->n; i++) {
		const section *s = &l->s[i];

		if (s->type == SHT_NOBITS)
			continue;
		pad_to(out, base, s->offset);
		hd_buf_put(out, s->data, s->size);
	}
	pad_to(out, base, l->shoff);
	for (unsigned i = 0; i < l->n; i++)
		put_shdr(&l->s[i], out);
}

static void add_sections(const hd_elf_image *img, layout *l, hd_buf *text)
{
	l->n = 1;  /* section 0 stays SHT_NULL */
	memset(&l->s[0], 0, sizeof l->s[0]);
	l->s[0].name = "";
	l->text = add_section(l, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, text,
	                      text_align(img->text_addr));
	l->s[l->text].addr = img->text_addr;
	l->bss = 0;
	if (img->bss_size > 0) {
		l->bss = add_section(l, ".bss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, NULL,
		                     text_align(img->bss_addr));
		l->s[l->bss].addr = img->bss_addr;
		l->s[l->bss].size = img->bss_size;
	}
	for (int i = 0; img->debug != NULL && i < HD_SEC_COUNT; i++)
		if (img->debug->sec[i].len != 0)
			add_section(l, hd_dw_section_name[i], SHT_PROGBITS, 0, &img->debug->sec[i],
			            1);
	l->nph = l->bss != 0 && img->bss_addr < img->text_addr + img->text_size ? 2 : 1;
}

int hd_elf_write(const hd_elf_image *img, hd_buf *out, hd_status *st)
{
	hd_buf text, sym, str, shstr;
	layout l;
	uint32_t first_global;
	int rc = 0;

	/* .text's bytes as a buffer view, so every section is added the same way */
	text.data = (uint8_t *)img->text;
	text.len = img->text_size;
	text.cap = 0;
	text.failed = 0;
	hd_buf_init(&sym);
	hd_buf_init(&str);
	hd_buf_init(&shstr);
	add_sections(img, &l, &text);
	first_global = put_symbols(img, &l, &sym, &str);
	l.symtab = add_section(&l, ".symtab", SHT_SYMTAB, 0, &sym, 8);
	l.strtab = add_section(&l, ".strtab", SHT_STRTAB, 0, &str, 1);
	l.shstrtab = add_section(&l, ".shstrtab", SHT_STRTAB, 0, NULL, 1);
	l.s[l.symtab].link = l.strtab;
	l.s[l.symtab].info = first_global;
	l.s[l.symtab].entsize = sizeof(Elf64_Sym);
	hd_buf_byte(&shstr, 0);
	for (unsigned i = 1; i < l.n; i++) {
		l.s[i].name_off = (uint32_t)shstr.len;
		hd_buf_put(&shstr, l.s[i].name, strlen(l.s[i].name) + 1);
	}
	l.s[l.shstrtab].data = shstr.data;
	l.s[l.shstrtab].size = shstr.len;
	if (sym.failed || str.failed || shstr.failed) {
		rc = hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for the ELF tables");
		goto done;
	}
	place(img, &l);
	emit(img, &l, out);
	if (out->failed)
		rc = hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for the ELF file");
done:
	hd_buf_free(&sym);
	hd_buf_free(&str);
	hd_buf_free(&shstr);
	return rc;
}
