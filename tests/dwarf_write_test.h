/* The unit test_dwarf_write.c and test_dwarf_write_tools.c write: built by
 * hand with every value class, a line program of two sequences, a location
 * and a range list, macros, a CIE and an FDE, 300 labels (so strings need
 * strx2), and variables with and without an address; and the code object
 * it goes into. */
#ifndef HD_DWARF_WRITE_TEST_H
#define HD_DWARF_WRITE_TEST_H

#include "tap.h"

#include <libdwarf/dwarf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf/codec/dwarf_ext.h"
#include "dwarf/write/die.h"
#include "elf/elf_write.h"

#define NLABELS 300          /* enough strings for strx2, addresses for a 2-byte addrx */
#define TEXT_ADDR 0x1000u
#define BSS_ADDR 0x2000u

static const uint8_t md5_kern[16] = {
	0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
	0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
};
static const char source_kern[] = "kernel void kern(global int *p) {}\n";
static const uint8_t big_const[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

/* DW_OP_constu 0x10; DW_OP_constu 3; DW_OP_LLVM_form_aspace_address: an
 * LDS variable, found by name only through DWARF Extensions for Heterogeneous Debugging's rule. */
static inline size_t aspace_expr(hd_profile p, uint8_t *out)
{
	size_t n = 0;

	out[n++] = DW_OP_constu;
	out[n++] = 0x10;
	out[n++] = DW_OP_constu;
	out[n++] = HD_DW_ADDR_LLVM_group;
	if (p == HD_PROFILE_AMDGPU_V0) {
		out[n++] = 0xe1;
	} else {
		out[n++] = HD_DW_OP_LLVM_user;
		out[n++] = 0x02;
	}
	return n;
}

/* DW_OP_addr 0x2000 */
static const uint8_t addr_expr[] = { DW_OP_addr, 0x00, 0x20, 0, 0, 0, 0, 0, 0 };
/* DW_OP_reg5 and DW_OP_breg5 8; DW_OP_stack_value */
static const uint8_t loc_reg5[] = { DW_OP_reg5 };
static const uint8_t loc_breg5[] = { DW_OP_breg5, 0x08, DW_OP_stack_value };
static const uint8_t frame_base[] = { DW_OP_call_frame_cfa };

static hd_dw_range loc_entries[] = {
	{ 0x1000, 0x1010, loc_reg5, sizeof loc_reg5 },
	{ 0x1010, 0x1100, loc_breg5, sizeof loc_breg5 },
};
static hd_dw_range rng_entries[] = {
	{ 0x1000, 0x1200, NULL, 0 },
	{ 0x1300, 0x1340, NULL, 0 },
};
static hd_dw_list loclists[] = { { 0x1000, loc_entries, 2 } };
static hd_dw_list rnglists[] = { { 0x1000, rng_entries, 2 } };

static const char *dirs[] = { "/home/dev/src", "include" };
static hd_dw_file files[] = {
	{ "kern.cl", 0, 1, { 0 }, source_kern },
	{ "hdr.h", 1, 0, { 0 }, NULL },
};

/* Two sequences; the first has an advance a special opcode cannot take, a
 * line going down, a file change, an is_stmt change, discriminators and an
 * address that is not a whole number of slots. */
static const hd_dw_row rows[] = {
	{ 0x1000, 0, 10, 3, 1, 0, 0, 0 },
	{ 0x1008, 0, 11, 3, 1, 0, 0, 0 },
	{ 0x1010, 0, 11, 5, 0, 0, 7, 0 },
	{ 0x1014, 1, 100, 0, 1, 0, 0, 0 },
	{ 0x1101, 0, 9, 0, 1, 0, 0, 0 },
	{ 0x1200, 0, 9, 0, 1, 1, 0, 0 },
	{ 0x1300, 0, 40, 1, 1, 0, 0, 0 },
	{ 0x1320, 0, 30, 1, 1, 0, 200, 0 },
	{ 0x1340, 0, 30, 1, 1, 1, 0, 0 },
};

static hd_dw_macro macros[] = {
	{ DW_MACRO_start_file, 0, 0, NULL },
	{ DW_MACRO_define, 1, 0, "FOO 1" },
	{ DW_MACRO_define, 2, 0, "BAR(x) ((x) + 1)" },
	{ DW_MACRO_start_file, 3, 1, NULL },
	{ DW_MACRO_undef, 5, 0, "FOO" },
	{ DW_MACRO_end_file, 0, 0, NULL },
	{ DW_MACRO_end_file, 0, 0, NULL },
};

/* def_cfa r1 0; FDE: advance_loc 1; def_cfa_offset 16 */
static const uint8_t cie_insns[] = { DW_CFA_def_cfa, 1, 0 };
static const uint8_t fde_insns[] = { DW_CFA_advance_loc | 1, DW_CFA_def_cfa_offset, 16 };

static char label_names[NLABELS][8];

/* 1: files[1] has no MD5, so the header needs DW_LNCT_LLVM_is_MD5, which
 * Debian's libdwarf (20210528) refuses: the libdwarf checks use 0. */
static int mixed_md5;

/* The DIEs the checks look up again. */
typedef struct built {
	hd_die *root, *kern, *param, *ptr, *int_type, *lds_var, *gvar, *nowhere;
	hd_cie_desc cie;
	hd_fde_desc fde;
} built;

#define TRY(x) do { if ((x) != 0) return -1; } while (0)

static inline int build(hd_dw_unit *u, int dwarf64, hd_profile p, built *b, hd_status *st)
{
	static uint8_t lds[8];
	size_t lds_len = aspace_expr(p, lds);
	hd_die *d, *ns, *s;

	TRY(hd_dw_unit_init(u, dwarf64, p, st));
	files[0].has_md5 = 1;
	memcpy(files[0].md5, md5_kern, 16);
	files[1].has_md5 = !mixed_md5;
	memset(files[1].md5, 0x5a, 16);
	b->root = hd_die_new(u, NULL, DW_TAG_compile_unit);
	TRY(b->root == NULL);
	TRY(hd_die_string(u, b->root, DW_AT_producer, "hdcts writer test"));
	TRY(hd_die_udata(u, b->root, DW_AT_language, DW_LANG_OpenCL));
	TRY(hd_die_string(u, b->root, DW_AT_name, hd_dw_strdup(u, "kern.cl", 7)));
	TRY(hd_die_string(u, b->root, DW_AT_comp_dir, "/home/dev/src"));
	TRY(hd_die_list(u, b->root, DW_AT_stmt_list, HD_DV_LINES, 0));
	TRY(hd_die_list(u, b->root, DW_AT_macros, HD_DV_MACROS, 0));
	/*X*/
	TRY(hd_die_list(u, b->root, DW_AT_ranges, HD_DV_RNGLIST, 0));

	b->int_type = d = hd_die_new(u, b->root, DW_TAG_base_type);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "int"));
	TRY(hd_die_udata(u, d, DW_AT_encoding, DW_ATE_signed));
	TRY(hd_die_udata(u, d, DW_AT_byte_size, 4));

	b->ptr = d = hd_die_new(u, b->root, DW_TAG_pointer_type);
	TRY(d == NULL);
	TRY(hd_die_ref(u, d, DW_AT_type, b->int_type));
	TRY(hd_die_udata(u, d, DW_AT_byte_size, 8));

	b->kern = d = hd_die_new(u, b->root, DW_TAG_subprogram);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "kern"));
	TRY(hd_die_string(u, d, DW_AT_linkage_name, "_Z4kernPi"));
	TRY(hd_die_addr(u, d, DW_AT_low_pc, 0x1000));
	TRY(hd_die_udata(u, d, DW_AT_high_pc, 0x200));
	TRY(hd_die_expr(u, d, DW_AT_frame_base, frame_base, sizeof frame_base));
	TRY(hd_die_udata(u, d, DW_AT_decl_file, 0));
	TRY(hd_die_udata(u, d, DW_AT_decl_line, 70000));
	TRY(hd_die_flag(u, d, DW_AT_external));
	TRY(hd_die_udata(u, d, DW_AT_calling_convention, DW_CC_LLVM_OpenCLKernel));

	b->param = d = hd_die_new(u, b->kern, DW_TAG_formal_parameter);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "p"));
	TRY(hd_die_ref(u, d, DW_AT_type, b->ptr));
	TRY(hd_die_list(u, d, DW_AT_location, HD_DV_LOCLIST, 0));

	for (int i = 0; i < NLABELS; i++) {
		snprintf(label_names[i], sizeof label_names[i], "l%d", i);
		d = hd_die_new(u, b->kern, DW_TAG_label);
		TRY(d == NULL);
		TRY(hd_die_string(u, d, DW_AT_name, label_names[i]));
		TRY(hd_die_addr(u, d, DW_AT_low_pc, 0x1000 + (uint64_t)i));
	}

	d = hd_die_new(u, b->root, DW_TAG_subprogram);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "helper"));
	TRY(hd_die_addr(u, d, DW_AT_low_pc, 0x1300));
	TRY(hd_die_udata(u, d, DW_AT_high_pc, 0x40));

	b->lds_var = d = hd_die_new(u, b->root, DW_TAG_variable);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "lds_var"));
	TRY(hd_die_ref(u, d, DW_AT_type, b->int_type));
	TRY(hd_die_expr(u, d, DW_AT_location, lds, lds_len));

	b->gvar = d = hd_die_new(u, b->root, DW_TAG_variable);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "gvar"));
	TRY(hd_die_ref(u, d, DW_AT_type, b->int_type));
	TRY(hd_die_flag(u, d, DW_AT_external));
	TRY(hd_die_expr(u, d, DW_AT_location, addr_expr, sizeof addr_expr));

	b->nowhere = d = hd_die_new(u, b->root, DW_TAG_variable);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "nowhere"));
	TRY(hd_die_ref(u, d, DW_AT_type, b->int_type));
	TRY(hd_die_sdata(u, d, DW_AT_const_value, -5));

	d = hd_die_new(u, b->root, DW_TAG_variable);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "big"));
	TRY(hd_die_block(u, d, DW_AT_const_value, big_const, sizeof big_const));
	TRY(hd_die_udata(u, d, DW_AT_alignment, 0x123456789ull));

	ns = hd_die_new(u, b->root, DW_TAG_namespace);
	TRY(ns == NULL);
	s = hd_die_new(u, ns, DW_TAG_structure_type);
	TRY(s == NULL);
	TRY(hd_die_string(u, s, DW_AT_name, "S"));
	TRY(hd_die_udata(u, s, DW_AT_byte_size, 4));
	d = hd_die_new(u, s, DW_TAG_member);
	TRY(d == NULL);
	TRY(hd_die_string(u, d, DW_AT_name, "p"));  /* the parameter's name: one string */
	TRY(hd_die_ref(u, d, DW_AT_type, b->int_type));
	TRY(hd_die_udata(u, d, DW_AT_data_member_location, 0));

	u->lines.dirs = dirs;
	u->lines.ndirs = 2;
	u->lines.files = files;
	u->lines.nfiles = 2;
	u->lines.rows = (hd_dw_row *)rows;
	u->lines.nrows = sizeof rows / sizeof rows[0];
	u->loclists = loclists;
	u->nloclists = 1;
	u->rnglists = rnglists;
	u->nrnglists = 1;
	u->macros = macros;
	u->nmacros = sizeof macros / sizeof macros[0];
	b->cie = (hd_cie_desc){ dwarf64, "", 8, 0, 4, 4, 16, cie_insns, sizeof cie_insns };
	b->fde = (hd_fde_desc){ dwarf64, 0, 0, 0x1000, 0x200, fde_insns, sizeof fde_insns };
	u->cies = &b->cie;
	u->ncies = 1;
	u->fdes = &b->fde;
	u->nfdes = 1;
	return 0;
}

/* ---- writing the object ---- */

static const uint8_t text_bytes[0x400];
static const hd_elf_symbol symbols[] = {
	{ "kern", 0x1000, 0x200, 1, 1 },
	{ "helper", 0x1300, 0x40, 1, 0 },
	{ "gvar", BSS_ADDR, 4, 0, 1 },
};

static inline int write_file(const char *path, const hd_buf *b)
{
	FILE *f = fopen(path, "wb");
	int ok;

	if (f == NULL)
		return -1;
	ok = fwrite(b->data, 1, b->len, f) == b->len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* The unit's sections in a code object at path. */
static inline int write_object(const hd_dw_sections *secs, const char *path, hd_status *st)
{
	hd_elf_image img = {
		.e_flags = 0x52c, .os_abi = 64, .abi_version = 2,
		.text_addr = TEXT_ADDR, .text = text_bytes, .text_size = sizeof text_bytes,
		.bss_addr = BSS_ADDR, .bss_size = 0x100,
		.symbols = symbols, .nsymbols = sizeof symbols / sizeof symbols[0],
		.debug = secs,
	};
	hd_buf out;
	int rc;

	hd_buf_init(&out);
	rc = hd_elf_write(&img, &out, st);
	if (rc == 0)
		rc = write_file(path, &out);
	hd_buf_free(&out);
	return rc;
}

/* DW_LNCT_LLVM_is_MD5 with DW_FORM_udata, as bytes of the file entry format. */
static const uint8_t is_md5_format[] = { 0x82, 0x40, DW_FORM_udata };

static inline int contains(const hd_buf *b, const void *p, size_t n)
{
	for (size_t i = 0; i + n <= b->len; i++)
		if (memcmp(b->data + i, p, n) == 0)
			return 1;
	return 0;
}

/* "amdgpu-v0 DWARF32" */
static inline void config_tag(char *out, size_t n, int dwarf64, hd_profile p)
{
	snprintf(out, n, "%s DWARF%d", hd_profile_name(p), dwarf64 ? 64 : 32);
}

#endif
