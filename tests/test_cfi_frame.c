/* The .debug_frame section: sections written by hd_cfi_write in DWARF32 and
 * DWARF64 and read back field by field, with the offsets computed here by
 * hand; hd_cfi_find at the edges; a CIE of an unknown augmentation; every
 * parse error on hand-made bytes; and every one-byte change and cut of a
 * written section. The rules of a row are in test_cfi_rules.c. */
#include "cfi_test.h"


/* Offsets of the section test_write_read writes, worked out by hand from
 * the field sizes: DWARF32 then DWARF64. */
static const struct layout {
	size_t total;
	uint64_t cie[2], cie_insns[2];
	size_t cie_len[2];
	uint64_t fde[3], fde_insns[3];
	size_t fde_len[3];
} layouts[2] = {
	{ 136, { 0, 40 }, { 25, 55 }, { 15, 5 }, { 60, 92, 112 }, { 84, 110, 136 }, { 8, 2, 0 } },
	{ 200, { 0, 56 }, { 37, 83 }, { 19, 5 }, { 88, 128, 160 }, { 124, 158, 196 }, { 4, 2, 4 } },
};

/* insns[0..n) is want followed by DW_CFA_nop padding only. */
static int padded(const uint8_t *insns, size_t n, const hd_buf *want)
{
	if (n < want->len || (want->len && memcmp(insns, want->data, want->len) != 0))
		return 0;
	for (size_t i = want->len; i < n; i++)
		if (insns[i] != 0)
			return 0;
	return 1;
}

static void test_write_read(int d64)
{
	const struct layout *l = &layouts[d64];
	hd_buf ci[2], fi[3], sec;
	hd_cfi *cfi = NULL;
	hd_status st;
	char name[120];
	int ok, rc;

	for (int i = 0; i < 2; i++)
		hd_buf_init(&ci[i]);
	for (int i = 0; i < 3; i++)
		hd_buf_init(&fi[i]);
	hd_buf_init(&sec);
	assemble(&ci[0], amd_cie_text);
	assemble(&ci[1], "DW_CFA_def_cfa 1 16");
	assemble(&fi[0], "DW_CFA_advance_loc 4; DW_CFA_def_cfa_offset 16");
	assemble(&fi[1], "DW_CFA_nop");
	const hd_cie_desc cies[2] = {
		{ d64, HD_CIE_AUGMENTATION_AMD, 8, 0, 4, 4, 16, ci[0].data, ci[0].len },
		{ d64, "", 4, 2, 1, -8, 3, ci[1].data, ci[1].len },
	};
	const hd_fde_desc fdes[3] = {
		{ d64, 0, 0, 0x1000, 0x100, fi[0].data, fi[0].len },
		{ d64, 1, 0x1234, 0x2000, 0x40, fi[1].data, fi[1].len },
		{ d64, 0, 0, 0x1100, 0x80, NULL, 0 },
	};

	rc = hd_cfi_write(&sec, cies, 2, fdes, 3, &st);
	snprintf(name, sizeof name, "DWARF%d: written, %zu bytes", d64 ? 64 : 32, l->total);
	OK(rc == 0 && sec.len == l->total, name);
	ok = 1;
	if (d64) {
		FIELD(memcmp(sec.data, "\xff\xff\xff\xff\x2c\0\0\0\0\0\0\0", 12) == 0);
		FIELD(memcmp(sec.data + 12, "\xff\xff\xff\xff\xff\xff\xff\xff\x04", 9) == 0);
		FIELD(memcmp(sec.data + 140, "\x38\0\0\0\0\0\0\0", 8) == 0);
	} else {
		FIELD(memcmp(sec.data, "\x24\0\0\0\xff\xff\xff\xff\x04[amd:v0.0]\0\x08\0\x04\x04\x10",
		             25) == 0);
		FIELD(memcmp(sec.data + 92, "\x10\0\0\0\x28\0\0\0\x34\x12\0\x20\0\0\x40\0\0\0\0", 19) == 0);
	}
	snprintf(name, sizeof name, "DWARF%d: the escape, lengths, CIE ids and pointers", d64 ? 64 : 32);
	OK(ok, name);

	rc = hd_cfi_parse(sec.data, sec.len, 8, &cfi, &st);
	snprintf(name, sizeof name, "DWARF%d: parsed, 2 CIEs and 3 FDEs", d64 ? 64 : 32);
	if (!OK(rc == 0 && cfi->ncies == 2 && cfi->nfdes == 3, name)) {
		if (rc != 0)
			printf("  # %s at %" PRIu64 ": %s\n", st.code, st.offset, st.msg);
		goto out;
	}
	for (int i = 0; i < 2; i++) {
		const hd_cie *c = &cfi->cies[i];

		ok = 1;
		FIELD(c->offset == l->cie[i] && c->dwarf64 == d64 && c->version == 4 && c->known);
		FIELD(strcmp(c->augmentation, cies[i].augmentation) == 0);
		FIELD(c->address_size == cies[i].address_size);
		FIELD(c->segment_selector_size == cies[i].segment_selector_size);
		FIELD(c->code_align == cies[i].code_align && c->data_align == cies[i].data_align);
		FIELD(c->ra_column == cies[i].ra_column);
		FIELD(c->insns_offset == l->cie_insns[i] && c->insns_len == l->cie_len[i]);
		FIELD(c->insns == sec.data + c->insns_offset && padded(c->insns, c->insns_len, &ci[i]));
		snprintf(name, sizeof name, "DWARF%d: every field of CIE %d", d64 ? 64 : 32, i);
		OK(ok, name);
	}
	for (int i = 0; i < 3; i++) {
		const hd_fde *f = &cfi->fdes[i];

		ok = 1;
		FIELD(f->offset == l->fde[i] && f->dwarf64 == d64 && f->cie == fdes[i].cie);
		FIELD(f->segment == fdes[i].segment);
		FIELD(f->initial_location == fdes[i].initial_location);
		FIELD(f->address_range == fdes[i].address_range);
		FIELD(f->insns_offset == l->fde_insns[i] && f->insns_len == l->fde_len[i]);
		FIELD(f->insns == sec.data + f->insns_offset && padded(f->insns, f->insns_len, &fi[i]));
		snprintf(name, sizeof name, "DWARF%d: every field of FDE %d", d64 ? 64 : 32, i);
		OK(ok, name);
	}
	if (!d64) {
		OK(hd_cfi_find(cfi, 0x0fff) == NULL, "find: below every FDE");
		OK(hd_cfi_find(cfi, 0x1000) == &cfi->fdes[0], "find: an FDE's first address");
		OK(hd_cfi_find(cfi, 0x10ff) == &cfi->fdes[0], "find: an FDE's last address");
		OK(hd_cfi_find(cfi, 0x1100) == &cfi->fdes[2], "find: the next FDE starts there");
		OK(hd_cfi_find(cfi, 0x117f) == &cfi->fdes[2], "find: its last address");
		OK(hd_cfi_find(cfi, 0x1180) == NULL, "find: one past it");
		OK(hd_cfi_find(cfi, 0x203f) == &cfi->fdes[1], "find: the segmented FDE");
		OK(hd_cfi_find(cfi, 0x2040) == NULL && hd_cfi_find(NULL, 0x1000) == NULL,
		   "find: past the last; no CFI");
	}
out:
	hd_cfi_free(cfi);
	for (int i = 0; i < 2; i++)
		hd_buf_free(&ci[i]);
	for (int i = 0; i < 3; i++)
		hd_buf_free(&fi[i]);
	hd_buf_free(&sec);
}

static void test_find_overlap(void)
{
	static const uint8_t nop = 0;
	const hd_cie_desc cie = { 0, "", 8, 0, 1, 1, 16, &nop, 1 };
	const hd_fde_desc fdes[4] = {
		{ 0, 0, 0, 0x100, 0x100, NULL, 0 },
		{ 0, 0, 0, 0x180, 0x100, NULL, 0 },
		{ 0, 0, 0, 0xffffffffffffff00u, 0x100, NULL, 0 },
		{ 0, 0, 0, 0x500, 0, NULL, 0 },
	};
	hd_cfi *cfi = NULL;
	hd_buf sec;

	hd_buf_init(&sec);
	if (OK(hd_cfi_write(&sec, &cie, 1, fdes, 4, NULL) == 0 &&
	       hd_cfi_parse(sec.data, sec.len, 8, &cfi, NULL) == 0, "overlapping FDEs parse")) {
		OK(hd_cfi_find(cfi, 0x180) == &cfi->fdes[0], "find: the first FDE wins an overlap");
		OK(hd_cfi_find(cfi, 0x200) == &cfi->fdes[1], "find: the second past the first's end");
		OK(hd_cfi_find(cfi, UINT64_MAX) == &cfi->fdes[2], "find: a range ending at 2^64");
		OK(hd_cfi_find(cfi, 0x500) == NULL, "find: an empty range holds nothing");
	}
	hd_cfi_free(cfi);
	hd_buf_free(&sec);
}

static void test_writer_errors(void)
{
	const hd_cie_desc good = { 0, "", 8, 0, 1, 1, 16, NULL, 0 };
	hd_cie_desc bad = good;
	const hd_fde_desc fde = { 0, 1, 0, 0, 0, NULL, 0 };
	hd_fde_desc big = { 0, 0, 0, 0x1000, 0, NULL, 0 };
	hd_status st;
	hd_buf b;

	hd_buf_init(&b);
	hd_buf_byte(&b, 0x77);
	bad.address_size = 3;
	OK(hd_cfi_write(&b, &bad, 1, NULL, 0, &st) != 0 && st.kind == HD_BAD_INPUT &&
	   strcmp(st.code, "bad-address-size") == 0 && b.len == 1, "write: address size 3");
	OK(hd_cfi_write(&b, &good, 1, &fde, 1, &st) != 0 &&
	   strcmp(st.code, "bad-cie-index") == 0 && b.len == 1, "write: an FDE of CIE 1 of 1");
	bad = good;
	bad.address_size = 1;
	OK(hd_cfi_write(&b, &bad, 1, &big, 1, &st) != 0 &&
	   strcmp(st.code, "operand-range") == 0 && b.len == 1,
	   "write: a location that does not fit the address size");
	hd_buf_free(&b);
}

/* A CIE of augmentation [xyz:v1.0] with bytes no reader could decode. */
static void test_unknown_augmentation(void)
{
	static const uint8_t junk[] = { 0x3f, 0x1c };
	static const uint8_t odd[] = { 0x08, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x04, 'x', 0, 0 };
	const hd_cie_desc cies[2] = {
		{ 0, "[xyz:v1.0]", 8, 0, 1, 1, 16, junk, 2 },
		{ 0, HD_CIE_AUGMENTATION_AMD, 8, 0, 4, 4, 16, NULL, 0 },
	};
	const hd_fde_desc fdes[2] = {
		{ 0, 1, 0, 0x3000, 0x100, NULL, 0 },
		{ 0, 0, 0, 0x4000, 0x20, junk + 1, 1 },
	};
	hd_cfa_rule cfa;
	hd_rule rule;
	hd_cfi *cfi = NULL;
	hd_status st;
	hd_buf sec;
	int rc;

	hd_buf_init(&sec);
	rc = hd_cfi_write(&sec, cies, 2, fdes, 2, &st) == 0 ? hd_cfi_parse(sec.data, sec.len, 8, &cfi, &st) : -1;
	if (OK(rc == 0, "an unknown augmentation parses, its instructions undecoded")) {
		OK(!cfi->cies[0].known && strcmp(cfi->cies[0].augmentation, "[xyz:v1.0]") == 0 &&
		   cfi->cies[0].version == 4 && cfi->cies[0].address_size == 0 && cfi->cies[1].known,
		   "the CIE is unknown: only version and augmentation are read");
		OK(cfi->fdes[1].cie == 0 && cfi->fdes[1].initial_location == 0x4000 &&
		   cfi->fdes[1].address_range == 0x20, "its FDE's range is read with the target's size");
		OK(hd_cfi_find(cfi, 0x401f) == &cfi->fdes[1] && hd_cfi_find(cfi, 0x3000) == &cfi->fdes[0],
		   "its FDE is found");
		rc = hd_cfi_rules(cfi, &cfi->fdes[1], 0x4000, PC, HD_RULE_UNDEFINED, &cfa, &rule, &st);
		OK(rc != 0 && st.kind == HD_EVAL_ERROR && strcmp(st.code, "cfi-unknown-augmentation") == 0 &&
		   st.offset == cfi->fdes[1].offset, "its rules: evaluation error cfi-unknown-augmentation");
	}
	hd_cfi_free(cfi);
	cfi = NULL;
	rc = hd_cfi_parse(odd, sizeof odd, 8, &cfi, &st);
	OK(rc != 0 && strcmp(st.code, "entry-size") == 0 && st.offset == 0,
	   "an unknown CIE's size is checked against the target's address size (8)");
	hd_cfi_free(cfi);
	cfi = NULL;
	OK(hd_cfi_parse(odd, sizeof odd, 4, &cfi, &st) == 0 && !cfi->cies[0].known,
	   "... and passes with address size 4");
	hd_cfi_free(cfi);
	hd_buf_free(&sec);
}

/* A 16-byte CIE with 4-byte addresses: id, version 4, "", sizes 4 and 0,
 * code 1, data -4, return column 16, one DW_CFA_nop. */
#define CIE4 0x0c, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 0, 4, 0, 1, 0x7c, 0x10, 0x00

static void parse_fails(const uint8_t *p, size_t n, const char *code, uint64_t at,
                        const char *name)
{
	static hd_cfi dummy;
	hd_cfi *cfi = &dummy;  /* hd_cfi_parse must reset it to NULL */
	hd_status st;
	int rc = hd_cfi_parse(p, n, 4, &cfi, &st);

	if (!OK(rc != 0 && cfi == NULL && st.kind == HD_ILL_FORMED && strcmp(st.code, code) == 0 &&
	        st.offset == at, name))
		printf("  # rc %d: %s at %" PRIu64 ": %s\n", rc, rc ? st.code : "-",
		       rc ? st.offset : 0, rc ? st.msg : "");
	if (rc == 0)
		hd_cfi_free(cfi);
}

static void test_parse_errors(void)
{
	static const uint8_t short_len[] = { 1, 0, 0 },
	        long_len[] = { 0x10, 0, 0, 0, 0xff, 0xff, 0xff, 0xff },
	        reserved[] = { CIE4, 0xfe, 0xff, 0xff, 0xff, 0, 0, 0, 0 },
	        reserved0[] = { 0xf0, 0xff, 0xff, 0xff },
	        d64_cut[] = { 0xff, 0xff, 0xff, 0xff, 8, 0, 0, 0, 0, 0, 0, 0,
	                      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
	        version3[] = { 0x0c, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 3, 0, 4, 0, 1, 0x7c, 0x10, 0 },
	        no_nul[] = { 6, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 'a' },
	        asize3[] = { 0x0c, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 0, 3, 0, 1, 0x7c, 0x10, 0 },
	        seg9[] = { 0x0c, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 0, 4, 9, 1, 0x7c, 0x10, 0 },
	        no_align[] = { 8, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 0, 8, 0 },
	        big_leb[] = { 0x18, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 0, 4, 0,
	                      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
	                      0x7c, 0x10, 0, 0, 0 },
	        size15[] = { 0x0b, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 0, 4, 0, 1, 0x7c, 0x10 },
	        bad_insn[] = { 0x0c, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 0, 4, 0, 1, 0x7c, 0x10, 0x1c },
	        to_mid[] = { CIE4, 0x10, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	        to_fde[] = { CIE4, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	                     0x10, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	        fde_cut[] = { CIE4, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0 },
	        fde_size[] = { CIE4, 0x0d, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0x10, 0, 0, 0, 0 },
	        fde_insn[] = { CIE4, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0x10, 0, 0, 0,
	                       0x0e, 0x80, 0x80, 0x80 },
	        later_cie[] = { 0x10, 0, 0, 0, 0x14, 0, 0, 0, 0, 0x10, 0, 0, 0x10, 0, 0, 0, 0x41, 0, 0, 0,
	                        CIE4 };
	hd_cfi *cfi = NULL;
	hd_status st;

	parse_fails(short_len, sizeof short_len, "truncated", 0, "a cut initial length: truncated");
	parse_fails(long_len, sizeof long_len, "truncated", 0, "a length past the section: truncated");
	parse_fails(reserved0, sizeof reserved0, "reserved-length", 0, "length 0xfffffff0 is reserved");
	parse_fails(reserved, sizeof reserved, "reserved-length", 16,
	            "length 0xfffffffe is reserved, at its entry's offset");
	parse_fails(d64_cut, sizeof d64_cut, "truncated", 20,
	            "DWARF64: 8-byte length and CIE id, then no version: truncated");
	parse_fails(version3, sizeof version3, "cie-version", 8, "CIE version 3");
	parse_fails(no_nul, sizeof no_nul, "truncated", 9, "an augmentation without its NUL");
	parse_fails(asize3, sizeof asize3, "address-size", 10, "CIE address size 3");
	parse_fails(seg9, sizeof seg9, "segment-selector-size", 11, "segment selector size 9");
	parse_fails(no_align, sizeof no_align, "truncated", 12, "a CIE that ends before its factors");
	parse_fails(big_leb, sizeof big_leb, "leb128-overflow", 12, "a code alignment above 64 bits");
	parse_fails(size15, sizeof size15, "entry-size", 0, "a 15-byte CIE with 4-byte addresses");
	parse_fails(bad_insn, sizeof bad_insn, "unknown-cfa", 15,
	            "an unknown instruction in a CIE, at its section offset");
	parse_fails(to_mid, sizeof to_mid, "bad-cie-pointer", 20, "a CIE_pointer into a CIE");
	parse_fails(to_fde, sizeof to_fde, "bad-cie-pointer", 40, "a CIE_pointer at an FDE");
	parse_fails(fde_cut, sizeof fde_cut, "truncated", 28, "an FDE without its address_range");
	parse_fails(fde_size, sizeof fde_size, "entry-size", 16, "a 17-byte FDE, 4-byte addresses");
	parse_fails(fde_insn, sizeof fde_insn, "truncated", 33,
	            "an FDE instruction cut short, at its operand's section offset");
	OK(hd_cfi_parse(later_cie, sizeof later_cie, 4, &cfi, &st) == 0 && cfi->nfdes == 1 &&
	   cfi->fdes[0].cie == 0 && cfi->cies[0].offset == 20 &&
	   cfi->fdes[0].initial_location == 0x1000 && cfi->fdes[0].insns_offset == 16,
	   "an FDE may come before its CIE");
	hd_cfi_free(cfi);
	cfi = NULL;
	OK(hd_cfi_parse(NULL, 0, 8, &cfi, &st) == 0 && cfi->ncies == 0 && cfi->nfdes == 0,
	   "an empty section has no entries");
	hd_cfi_free(cfi);
	cfi = NULL;
	OK(hd_cfi_parse(later_cie, sizeof later_cie, 3, &cfi, &st) != 0 && st.kind == HD_INTERNAL,
	   "a target address size of 3 is the caller's error");
}


/* Runs everything a consumer would on a parsed section; returns 0 unless a
 * result is out of bounds. ASan and UBSan watch the rest. */
static int exercise(const hd_cfi *cfi, const uint8_t *sec, size_t len)
{
	static const uint64_t regs[] = { S33, PC, V40 };
	hd_cfa_rule c;
	hd_rule r;
	hd_status st;
	hd_buf t;
	int ok = 1;

	hd_buf_init(&t);
	for (size_t i = 0; i < cfi->nfdes; i++) {
		const hd_fde *f = &cfi->fdes[i];
		const hd_cie *ci = &cfi->cies[f->cie];

		for (uint64_t d = 0; d < 0x100; d += 0x14)
			for (size_t k = 0; k < 3; k++)
				if (hd_cfi_rules(cfi, f, f->initial_location + d, regs[k], HD_RULE_UNDEFINED,
				                 &c, &r, &st) != 0 && (st.code == NULL || st.offset > len))
					ok = 0;
		if (hd_cfi_find(cfi, f->initial_location) == NULL && f->address_range != 0)
			ok = 0;
		if (ci->known && hd_cfa_disassemble(f->insns, f->insns_len, ci->address_size, &enc,
		                                    &amd, &t, &st) != 0)
			ok = 0;  /* the parser decoded them all */
		if (f->insns + f->insns_len > sec + len)
			ok = 0;
	}
	hd_buf_free(&t);
	return ok;
}

/* Every one-byte change and every cut of written sections: parsing fails
 * with an ill-formed code inside the section, or what it gives can be used. */
static void test_mutations(void)
{
	static const uint8_t values[] = { 0x00, 0xff, 0x80, 0x7f, 0x40, 0x0c, 0x16 };
	hd_buf a, b, ci, fi;
	int ok = 1;

	hd_buf_init(&ci);
	hd_buf_init(&fi);
	assemble(&ci, amd_cie_text);
	assemble(&fi, amd_fde_text);
	for (int d64 = 0; d64 < 2; d64++) {
		const hd_cie_desc cies[2] = {
			{ d64, HD_CIE_AUGMENTATION_AMD, 8, 0, 4, 4, 16, ci.data, ci.len },
			{ !d64, "", 4, 1, 1, -4, 16, NULL, 0 },
		};
		const hd_fde_desc fdes[2] = {
			{ d64, 0, 0, 0x1000, 0x100, fi.data, fi.len },
			{ !d64, 1, 7, 0x2000, 0x10, fi.data, 8 },
		};

		hd_buf_init(&a);
		hd_cfi_write(&a, cies, 2, fdes, 2, NULL);
		for (size_t i = 0; i <= a.len; i++) {
			for (size_t v = 0; v <= sizeof values; v++) {
				hd_cfi *cfi = NULL;
				hd_status st;
				uint8_t *copy;
				size_t n = v == sizeof values ? i : a.len;  /* the last pass cuts */

				if (i == a.len && v < sizeof values)
					continue;
				hd_buf_init(&b);
				hd_buf_put(&b, a.data, n);
				copy = b.data;
				if (v < sizeof values)
					copy[i] = values[v];
				if (hd_cfi_parse(copy, n, 8, &cfi, &st) == 0)
					ok &= exercise(cfi, copy, n);
				else if (st.kind != HD_ILL_FORMED || st.offset > n)
					ok = 0;
				hd_cfi_free(cfi);
				hd_buf_free(&b);
			}
		}
		hd_buf_free(&a);
	}
	OK(ok, "changed and cut sections parse to an error or to usable CFI");
	hd_buf_free(&ci);
	hd_buf_free(&fi);
}

int main(void)
{
	tap_begin();
	test_write_read(0);
	test_write_read(1);
	test_find_overlap();
	test_writer_errors();
	test_unknown_augmentation();
	test_parse_errors();
	test_mutations();
	return tap_end();
}
