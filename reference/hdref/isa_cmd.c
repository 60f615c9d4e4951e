/* hdref isa-dump OBJ [--mcpu gfx900|gfx906|gfx90a]: the .text of an AMDGPU
 * code object through the gfx9 decoder (docs/gfx9-isa.md, "hdref
 * isa-dump"), one instruction a line: `ADDRESS: DWORDS<TAB>TEXT`, the
 * address in 12 hex digits and the dwords as llvm-objdump prints them, the
 * text as llvm-objdump 15 does. The machine comes from e_flags'
 * EF_AMDGPU_MACH unless --mcpu names it. Bytes that do not decode print
 * `<TAB>error CODE: message` and the dump goes on 4 bytes further; the exit
 * status is then 2. */
#include <stdio.h>
#include <string.h>

#include "amdgpu/codeobj/codeobj.h"
#include "amdgpu/isa/isa.h"
#include "commands.h"
#include "elf/elf_read.h"
#include "util/file.h"

static void dump_text(hd_isa_mach mach, const uint8_t *text, size_t size, uint64_t addr,
                      hd_buf *out, int *bad)
{
	hd_isa_insn in;
	hd_status st;

	for (size_t at = 0; at < size;) {
		hd_status_clear(&st);
		hd_buf_printf(out, "%012llX:", (unsigned long long)(addr + at));
		if (hd_isa_decode(mach, text + at, size - at, addr + at, &in, &st) != 0) {
			if (size - at >= 4)
				hd_buf_printf(out, " %02X%02X%02X%02X", text[at + 3], text[at + 2], text[at + 1], text[at]);
			hd_buf_printf(out, "\terror %s: %s\n", st.code, st.msg);
			*bad = 1;
			at += 4;
			continue;
		}
		for (unsigned i = 0; i < in.size / 4; i++)
			hd_buf_printf(out, " %08X", in.words[i]);
		hd_buf_printf(out, "\t");
		hd_isa_print(&in, out);
		hd_buf_printf(out, "\n");
		at += in.size;
	}
}

int hd_cmd_isa_dump(int argc, char **argv, int verbose)
{
	const char *path = NULL;
	hd_isa_mach mach = 0;
	hd_buf file, out;
	hd_status st;
	hd_elf_view v;
	hd_elf_shdr text;
	int found = 0, bad = 0, rc;

	(void)verbose;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--mcpu") == 0 && i + 1 < argc) {
			if ((mach = hd_isa_mach_named(argv[++i])) == 0)
				return fprintf(stderr, "hdref isa-dump: unknown --mcpu %s (gfx900, gfx906, gfx90a)\n",
				               argv[i]), EXIT_INPUT;
		} else if (path == NULL && argv[i][0] != '-') {
			path = argv[i];
		} else {
			return fprintf(stderr, "usage: hdref isa-dump OBJ [--mcpu NAME]\n"), EXIT_INPUT;
		}
	}
	if (path == NULL)
		return fprintf(stderr, "usage: hdref isa-dump OBJ [--mcpu NAME]\n"), EXIT_INPUT;
	hd_buf_init(&file);
	hd_status_clear(&st);
	if (hd_read_file(path, (size_t)1 << 30, &file, &st) != 0 ||
	    hd_elf_open(file.data, file.len, &v, &st) != 0 ||
	    hd_elf_find_section(&v, ".text", &text, &found, &st) != 0) {
		fprintf(stderr, "hdref isa-dump: %s: %s\n", path, st.msg);
		hd_buf_free(&file);
		return st.kind == HD_NO_MEMORY ? EXIT_INTERNAL : EXIT_INPUT;
	}
	if (mach == 0 && hd_codeobj_processor_of(v.flags) != NULL)
		mach = hd_isa_mach_named(hd_codeobj_processor_of(v.flags));
	if (mach == 0) {
		fprintf(stderr, "hdref isa-dump: %s: not a gfx900, gfx906 or gfx90a code object "
		        "(give --mcpu)\n", path);
		hd_buf_free(&file);
		return EXIT_INPUT;
	}
	hd_buf_init(&out);
	if (found && text.data != NULL)
		dump_text(mach, text.data, (size_t)text.size, text.addr, &out, &bad);
	rc = out.failed ? EXIT_INTERNAL : 0;
	if (rc == 0 && fwrite(out.data, 1, out.len, stdout) != out.len)
		rc = EXIT_INTERNAL;
	hd_buf_free(&out);
	hd_buf_free(&file);
	return rc != 0 ? rc : bad ? EXIT_INPUT : 0;
}
