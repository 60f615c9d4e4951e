/* The DWARF and ELF writers as LLVM reads them, and their refusals: the
 * unit of dwarf_write_test.h in the llvm-user profile through
 * llvm-dwarfdump-15 (--verify, --debug-line, --debug-macro; skipped when it
 * is not installed), a file table whose files differ in having an MD5, the
 * building API's and the writer's internal errors, and the ELF header. */
#include "dwarf_write_test.h"

#include <unistd.h>

/* ---- independent verifiers ---- */

#define LLVM_DWARFDUMP "/usr/bin/llvm-dwarfdump-15"

/* Runs llvm-dwarfdump-15 with args on path into dir/llvm.log; the log's
 * stream, rewound, or NULL when the tool is missing. *status gets the exit
 * status. */
static FILE *run_llvm(const char *args, const char *path, const char *dir, int *status)
{
	char cmd[1024], log[512];
	FILE *f;

	if (access(LLVM_DWARFDUMP, X_OK) != 0)
		return NULL;
	snprintf(log, sizeof log, "%s/llvm.log", dir);
	snprintf(cmd, sizeof cmd, "%s %s '%s' > '%s' 2>&1", LLVM_DWARFDUMP, args, path, log);
	*status = system(cmd);
	f = fopen(log, "r");
	unlink(log);
	return f;
}

static void print_log(FILE *f)
{
	char line[512];

	rewind(f);
	while (fgets(line, sizeof line, f) != NULL)
		printf("  # %s", line);
}

/* llvm-dwarfdump-15 --verify: the only error it may report is the one
 * expression with an extension operation (LLVM 15 decodes neither 0xe1 nor
 * DW_OP_LLVM_user 0xe9), lds_var's location. */
static void llvm_verify(const char *path, const char *dir, const char *tag)
{
	char name[160], line[512];
	int status = 0, errors = 0, expr_errors = 0, no_errors = 0;
	FILE *f = run_llvm("--verify", path, dir, &status);

	snprintf(name, sizeof name, "%s: llvm-dwarfdump-15 --verify: no error but LLVM 15 not"
	         " decoding the extension operation", tag);
	if (f == NULL) {
		printf("ok %d - %s # SKIP llvm-dwarfdump-15 not installed\n", ++tap_n, name);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		errors += strncmp(line, "error:", 6) == 0;
		expr_errors += strstr(line, "error: DIE contains invalid DWARF expression") != NULL;
		no_errors |= strstr(line, "No errors.") != NULL;
	}
	if (!OK((status == 0 && no_errors) || (errors == 1 && expr_errors == 1), name))
		print_log(f);
	fclose(f);
}

/* Whether llvm-dwarfdump-15 args path prints every needle; -1 without it. */
static int llvm_prints(const char *args, const char *path, const char *dir,
                       const char *const *needles, int n)
{
	char line[512];
	int status = 0, found = 0;
	FILE *f = run_llvm(args, path, dir, &status);

	if (f == NULL)
		return -1;
	for (int i = 0; i < n; i++) {
		int hit = 0;

		rewind(f);
		while (!hit && fgets(line, sizeof line, f) != NULL)
			hit = strstr(line, needles[i]) != NULL;
		found += hit;
		if (!hit)
			printf("  # missing: %s\n", needles[i]);
	}
	if (found != n)
		print_log(f);
	fclose(f);
	return status == 0 && found == n;
}

/* What LLVM reads where libdwarf 20210528 cannot: the macro strings, and
 * the line table's MD5 and embedded source. */
static void llvm_checks(const char *path, const char *dir, const char *tag)
{
	static const char *const macro[] = {
		"DW_MACRO_define_strp - lineno: 1 macro: FOO 1",
		"DW_MACRO_define_strp - lineno: 2 macro: BAR(x) ((x) + 1)",
		"DW_MACRO_undef_strp - lineno: 5 macro: FOO",
		"DW_MACRO_start_file - lineno: 3 filenum: 1",
	};
	static const char *const line[] = {
		"md5_checksum: 0123456789abcdeffedcba9876543210",
		"source: \"kernel void kern(global int *p) {}\\n\"",
		"0x0000000000001101      9      0      0   0             0  is_stmt",
		"0x0000000000001320     30      1      0   0           200  is_stmt",
	};
	char name[160];
	int r;

	llvm_verify(path, dir, tag);
	snprintf(name, sizeof name, "%s: llvm-dwarfdump-15 --debug-macro reads the strings", tag);
	r = llvm_prints("--debug-macro", path, dir, macro, 4);
	if (r >= 0)
		OK(r, name);
	snprintf(name, sizeof name, "%s: llvm-dwarfdump-15 --debug-line reads MD5, source, rows",
	         tag);
	r = llvm_prints("--debug-line", path, dir, line, 4);
	if (r >= 0)
		OK(r, name);
}

/* Files that differ in having an MD5: the header gets DW_LNCT_LLVM_is_MD5
 * (DWARF Extensions for Heterogeneous Debugging 6.2.4.1), which LLVM skips and libdwarf 20210528 refuses, so
 * only the bytes and llvm-dwarfdump-15 check it. */
static void check_mixed_md5(const char *dir)
{
	static const char *const line[] = {
		"md5_checksum: 0123456789abcdeffedcba9876543210",
		"md5_checksum: 00000000000000000000000000000000",
		"0x0000000000001014    100      0      1   0             0  is_stmt",
	};
	hd_dw_unit u;
	hd_dw_sections secs;
	hd_status st;
	built b;
	char path[512];
	int r;

	mixed_md5 = 1;
	snprintf(path, sizeof path, "%s/mixed-md5.o", dir);
	if (!OK(build(&u, 0, HD_PROFILE_LLVM_USER, &b, &st) == 0 &&
	        hd_dw_write(&u, &secs, &st) == 0, "mixed MD5: the unit writes")) {
		hd_dw_unit_free(&u);
		mixed_md5 = 0;
		return;
	}
	OK(contains(&secs.sec[HD_SEC_LINE], is_md5_format, sizeof is_md5_format),
	   "mixed MD5: the file entry format has DW_LNCT_LLVM_is_MD5 as udata");
	if (write_object(&secs, path, &st) == 0) {
		r = llvm_prints("--debug-line", path, dir, line, 3);
		if (r >= 0)
			OK(r, "mixed MD5: llvm-dwarfdump-15 reads the file table and the rows");
		unlink(path);
	}
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&u);
	mixed_md5 = 0;
}

/* ---- the building API's and the writer's refusals ---- */

static void check_errors(void)
{
	hd_dw_unit u, other;
	hd_dw_sections secs;
	hd_status st;
	hd_die *root, *d, *stranger;

	hd_status_clear(&st);
	hd_dw_unit_init(&u, 0, HD_PROFILE_AMDGPU_V0, &st);
	root = hd_die_new(&u, NULL, DW_TAG_compile_unit);
	OK(root != NULL && hd_die_new(&u, NULL, DW_TAG_compile_unit) == NULL,
	   "a unit has one root");
	d = hd_die_new(&u, root, DW_TAG_variable);
	OK(hd_die_udata(&u, d, DW_AT_byte_size, 4) == 0 &&
	   hd_die_udata(&u, d, DW_AT_byte_size, 8) == -1, "an attribute is added once");
	OK(hd_die_attr(d, DW_AT_byte_size) != NULL && hd_die_attr(d, DW_AT_byte_size)->u == 4 &&
	   hd_die_attr(d, DW_AT_name) == NULL, "hd_die_attr finds the first value only");
	OK(hd_die_list(&u, d, DW_AT_location, HD_DV_UDATA, 0) == -1,
	   "hd_die_list takes only list and section kinds");
	OK(hd_dw_write(&u, &secs, &st) == 0 && secs.sec[HD_SEC_LINE].len == 0 &&
	   secs.sec[HD_SEC_NAMES].len == 0 && secs.sec[HD_SEC_INFO].len != 0,
	   "a unit without lines or names writes neither section");
	hd_dw_sections_free(&secs);

	hd_dw_unit_init(&other, 0, HD_PROFILE_AMDGPU_V0, &st);
	stranger = hd_die_new(&other, NULL, DW_TAG_compile_unit);
	hd_die_ref(&u, d, DW_AT_type, stranger);
	OK(hd_dw_write(&u, &secs, &st) == -1 && st.kind == HD_INTERNAL &&
	   strcmp(st.code, "ref-outside-unit") == 0, "a reference outside the unit is internal");
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&other);
	hd_dw_unit_free(&u);

	hd_dw_unit_init(&u, 0, HD_PROFILE_AMDGPU_V0, &st);
	root = hd_die_new(&u, NULL, DW_TAG_compile_unit);
	hd_die_list(&u, root, DW_AT_ranges, HD_DV_RNGLIST, 3);
	OK(hd_dw_write(&u, &secs, &st) == -1 && st.kind == HD_INTERNAL &&
	   strcmp(st.code, "list-index") == 0, "a list index out of range is internal");
	hd_dw_unit_free(&u);

	hd_dw_unit_init(&u, 0, HD_PROFILE_AMDGPU_V0, &st);
	root = hd_die_new(&u, NULL, DW_TAG_compile_unit);
	hd_die_udata(&u, root, DW_AT_str_offsets_base, 8);
	OK(hd_dw_write(&u, &secs, &st) == -1 && strcmp(st.code, "base-attribute") == 0,
	   "the root's section bases are the writer's to add");
	hd_dw_unit_free(&u);

	hd_dw_unit_init(&u, 0, HD_PROFILE_AMDGPU_V0, &st);
	root = hd_die_new(&u, NULL, DW_TAG_compile_unit);
	hd_die_list(&u, root, DW_AT_stmt_list, HD_DV_LINES, 0);
	OK(hd_dw_write(&u, &secs, &st) == -1 && strcmp(st.code, "no-section") == 0,
	   "DW_AT_stmt_list without a line program is internal");
	hd_dw_unit_free(&u);
}

/* hd_elf_section finds what hd_elf_write put, and on every prefix of the
 * file and with the section table's fields broken it returns an error or
 * nothing, never reads past the end (the sanitizers watch that). */
static void check_elf_section(const hd_buf *file)
{
	const uint8_t *data;
	size_t size, errors = 0, found = 0;
	uint8_t *copy = malloc(file->len);
	hd_status st;

	OK(hd_elf_section(file->data, file->len, ".text", &data, &size, &st) == 0 &&
	   data != NULL && size == 16 && memcmp(data, text_bytes, 16) == 0,
	   "hd_elf_section finds .text and its bytes");
	OK(hd_elf_section(file->data, file->len, ".debug_frame", &data, &size, &st) == 0 &&
	   data == NULL, "an absent section is no error and no bytes");
	for (size_t len = 0; len < file->len; len++) {
		if (hd_elf_section(file->data, len, ".text", &data, &size, &st) != 0)
			errors += st.kind == HD_BAD_INPUT && strncmp(st.code, "elf-", 4) == 0;
		else if (data != NULL)
			found += data + size <= file->data + len;
	}
	OK(errors + found == file->len, "every prefix of the file: an elf-* error or in-bounds bytes");
	if (copy == NULL)
		return;
	errors = 0;
	/* e_shoff, e_shentsize, e_shnum, e_shstrndx, each byte set to 0xff */
	for (size_t i = 40; i < 64; i++) {
		if (i >= 48 && i < 58)
			continue;
		memcpy(copy, file->data, file->len);
		copy[i] = 0xff;
		if (hd_elf_section(copy, file->len, ".text", &data, &size, &st) != 0)
			errors++;
	}
	OK(errors == 14, "a broken section table field is an error");
	free(copy);
}

/* The ELF header fields a loader looks at first. */
static void check_elf_header(void)
{
	hd_dw_sections none;
	hd_elf_image img = {
		.e_flags = 0x52c, .os_abi = 64, .abi_version = 2, .text_addr = 0x1100,
		.text = text_bytes, .text_size = 16, .debug = &none,
	};
	hd_buf out;
	hd_status st;

	memset(&none, 0, sizeof none);
	hd_buf_init(&out);
	OK(hd_elf_write(&img, &out, &st) == 0 && out.len > 64, "hd_elf_write without debug info");
	OK(out.len > 64 && memcmp(out.data, "\177ELF\2\1\1", 7) == 0 && out.data[7] == 64 &&
	   out.data[8] == 2, "ELF64 LSB, OS ABI and ABI version from the image");
	EQ_U64(out.len > 64 ? out.data[16] | out.data[17] << 8 : 0, 3, "ET_DYN");
	EQ_U64(out.len > 64 ? out.data[18] | out.data[19] << 8 : 0, HD_EM_AMDGPU, "EM_AMDGPU");
	EQ_U64(out.len > 64 ? (uint32_t)out.data[48] | (uint32_t)out.data[49] << 8 : 0, 0x52c,
	       "e_flags from the image");
	check_elf_section(&out);
	hd_buf_free(&out);
}

/* The llvm-user objects, DWARF32 and DWARF64, through LLVM. */
static void run_llvm_config(const char *dir, int dwarf64)
{
	hd_dw_unit u;
	hd_dw_sections secs;
	hd_status st;
	built b;
	char path[512], tag[64], name[160];

	memset(&secs, 0, sizeof secs);
	config_tag(tag, sizeof tag, dwarf64, HD_PROFILE_LLVM_USER);
	snprintf(path, sizeof path, "%s/llvm-user-%d.o", dir, dwarf64 ? 64 : 32);
	snprintf(name, sizeof name, "%s: the unit builds and writes", tag);
	if (OK(build(&u, dwarf64, HD_PROFILE_LLVM_USER, &b, &st) == 0 &&
	       hd_dw_write(&u, &secs, &st) == 0 && write_object(&secs, path, &st) == 0, name)) {
		llvm_checks(path, dir, tag);
		unlink(path);
	}
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&u);
}

int main(void)
{
	char dir[] = "/tmp/hdcts-dwarf-tools-XXXXXX";

	tap_begin();
	check_errors();
	check_elf_header();
	if (!OK(mkdtemp(dir) != NULL, "a temporary directory"))
		return tap_end();
	run_llvm_config(dir, 0);
	run_llvm_config(dir, 1);
	check_mixed_md5(dir);
	rmdir(dir);
	return tap_end();
}
