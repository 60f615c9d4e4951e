/* The rules of a row (hd_cfi_rules) on an AMDGPU frame (docs/amdgpu-facts.md
 * conventions: code and data alignment 4, return address column 16, CFA in
 * s32 in the private_wave space): every register rule kind, factored
 * offsets, the state stack, restore, both default rules, and every
 * ill-formed sequence with the section offset it is reported at. */
#include "cfi_test.h"

/* One AMDGPU CIE (data alignment data_align) and one FDE at loc, written
 * and parsed. */
static hd_cfi *frame(const char *cie_text, const char *fde_text, int64_t data_align,
                     uint64_t loc, hd_buf *sec)
{
	hd_buf ci, fi;
	hd_cfi *cfi = NULL;
	hd_status st;

	hd_buf_init(&ci);
	hd_buf_init(&fi);
	assemble(&ci, cie_text);
	assemble(&fi, fde_text);
	const hd_cie_desc cie = { 0, HD_CIE_AUGMENTATION_AMD, 8, 0, 4, data_align, 16, ci.data, ci.len };
	const hd_fde_desc fde = { 0, 0, 0, loc, 0x1000, fi.data, fi.len };
	if (hd_cfi_write(sec, &cie, 1, &fde, 1, &st) != 0 ||
	    hd_cfi_parse(sec->data, sec->len, 8, &cfi, &st) != 0)
		printf("  # frame: %s: %s\n", st.code, st.msg);
	hd_buf_free(&ci);
	hd_buf_free(&fi);
	return cfi;
}

/* Where a rule was set: 'c' or 'f' and an offset in those instructions,
 * or 0 for the default rule. */
typedef struct want {
	uint64_t pc, reg;
	int kind;
	int64_t n;      /* OFFSET / VAL_OFFSET: offset; REGISTER: reg; *EXPRESSION: length */
	char in;
	unsigned at;
} want;

static uint64_t where_of(const hd_cfi *cfi, char in, unsigned at)
{
	if (in == 0)
		return 0;
	return (in == 'c' ? cfi->cies[0].insns_offset : cfi->fdes[0].insns_offset) + at;
}

static void check_rule(const hd_cfi *cfi, const want *w, hd_rule_kind dflt)
{
	hd_cfa_rule cfa;
	hd_rule r;
	hd_status st;
	char name[120];
	int rc = hd_cfi_rules(cfi, &cfi->fdes[0], w->pc, w->reg, dflt, &cfa, &r, &st), ok = rc == 0;

	if (ok) {
		FIELD(r.kind == (hd_rule_kind)w->kind && r.where == where_of(cfi, w->in, w->at));
		if (w->kind == HD_RULE_OFFSET || w->kind == HD_RULE_VAL_OFFSET)
			FIELD(r.offset == w->n);
		if (w->kind == HD_RULE_REGISTER)
			FIELD(r.reg == (uint64_t)w->n);
		if (w->kind == HD_RULE_EXPRESSION || w->kind == HD_RULE_VAL_EXPRESSION)
			FIELD(r.expr_len == (size_t)w->n && r.expr != NULL);
	} else {
		printf("  # %s: %s\n", st.code, st.msg);
	}
	snprintf(name, sizeof name, "rules at 0x%" PRIx64 ": register %" PRIu64, w->pc, w->reg);
	OK(ok, name);
}

/* The CFA rule at pc: kind, register, offset, address space (-1: none). */
static void check_cfa(const hd_cfi *cfi, uint64_t pc, int kind, uint64_t reg, int64_t off,
                      int aspace, char in, unsigned at)
{
	hd_cfa_rule c;
	hd_rule r;
	hd_status st;
	char name[80];
	int ok = hd_cfi_rules(cfi, &cfi->fdes[0], pc, 0, HD_RULE_UNDEFINED, &c, &r, &st) == 0;

	if (ok) {
		FIELD(c.kind == (hd_cfa_rule_kind)kind && c.where == where_of(cfi, in, at));
		if (kind == HD_CFA_RULE_REGISTER)
			FIELD(c.reg == reg && c.offset == off && c.has_aspace == (aspace >= 0) &&
			      c.aspace == (uint64_t)(aspace >= 0 ? aspace : 0));
		else
			FIELD(c.expr != NULL && c.expr_len == (size_t)off);
	}
	snprintf(name, sizeof name, "CFA rule at 0x%" PRIx64, pc);
	OK(ok, name);
}

/* Rows at 0x1000 (the CIE's), 0x1004, 0x1010, 0x1020, 0x1040, 0x1050 and
 * 0x1080. Offsets of amd_cie_text: 0 LLVM_def_aspace_cfa, 4 expression.
 * Offsets of amd_fde_text: 0 advance_loc, 1 def_cfa_offset, 3
 * offset_extended, 6 undefined, 8 advance_loc1, 10 remember_state, 11
 * def_cfa_register, 13 offset_extended_sf, 16 val_offset, 20 advance_loc2, 23
 * restore_state, 24 restore, 25 register, 28 val_offset_sf, 32 advance_loc4,
 * 37 LLVM_def_aspace_cfa_sf, 41 val_expression, 47 advance_loc, 48
 * def_cfa_sf, 51 same_value, 53 set_loc, 62 def_cfa, 65 offset, 67
 * def_cfa_expression, 72 restore_extended, 74 nop (75 bytes). */
static void test_amdgpu_rules(void)
{
	static const want same[] = {
		{ 0x1000, PC, HD_RULE_EXPRESSION, 8, 'c', 4 },
		{ 0x1003, S33, HD_RULE_SAME_VALUE, 0, 0, 0 },
		{ 0x1004, S33, HD_RULE_OFFSET, 8, 'f', 3 },        /* 2 * 4 */
		{ 0x100f, PC, HD_RULE_UNDEFINED, 0, 'f', 6 },
		{ 0x1010, S33, HD_RULE_OFFSET, -12, 'f', 13 },     /* -3 * 4 */
		{ 0x1010, V40, HD_RULE_VAL_OFFSET, 20, 'f', 16 },
		{ 0x1010, PC, HD_RULE_UNDEFINED, 0, 'f', 6 },
		{ 0x1020, S33, HD_RULE_OFFSET, 8, 'f', 3 },        /* restore_state */
		{ 0x1020, PC, HD_RULE_EXPRESSION, 8, 'c', 4 },     /* restore */
		{ 0x1020, S34, HD_RULE_REGISTER, S35, 'f', 25 },
		{ 0x1020, V40, HD_RULE_VAL_OFFSET, -8, 'f', 28 },
		{ 0x103f, V40, HD_RULE_VAL_OFFSET, -8, 'f', 28 },
		{ 0x1040, V40, HD_RULE_VAL_EXPRESSION, 2, 'f', 41 },
		{ 0x1050, S33, HD_RULE_SAME_VALUE, 0, 'f', 51 },
		{ 0x107f, S1, HD_RULE_SAME_VALUE, 0, 0, 0 },
		{ 0x1080, S1, HD_RULE_OFFSET, 12, 'f', 65 },
		{ 0x10ff, S33, HD_RULE_SAME_VALUE, 0, 0, 0 },      /* restore_extended */
	};
	static const want undef[] = {
		{ 0x1000, S33, HD_RULE_UNDEFINED, 0, 0, 0 },
		{ 0x10ff, S33, HD_RULE_UNDEFINED, 0, 0, 0 },
		{ 0x10ff, PC, HD_RULE_EXPRESSION, 8, 'c', 4 },
	};
	hd_cfa_rule c;
	hd_rule r;
	hd_status st;
	hd_buf sec;
	hd_cfi *cfi;

	hd_buf_init(&sec);
	cfi = frame(amd_cie_text, amd_fde_text, 4, 0x1000, &sec);
	if (!OK(cfi != NULL && cfi->fdes[0].insns_len >= 75, "the AMDGPU frame parses"))
		goto out;
	check_cfa(cfi, 0x1000, HD_CFA_RULE_REGISTER, S32, 0, 6, 'c', 0);
	check_cfa(cfi, 0x1003, HD_CFA_RULE_REGISTER, S32, 0, 6, 'c', 0);
	check_cfa(cfi, 0x1004, HD_CFA_RULE_REGISTER, S32, 64, 6, 'f', 1);
	check_cfa(cfi, 0x1010, HD_CFA_RULE_REGISTER, S33, 64, 6, 'f', 11);
	check_cfa(cfi, 0x1020, HD_CFA_RULE_REGISTER, S32, 64, 6, 'f', 1);
	check_cfa(cfi, 0x1040, HD_CFA_RULE_REGISTER, S33, -16, 5, 'f', 37);
	check_cfa(cfi, 0x1050, HD_CFA_RULE_REGISTER, S32, -32, -1, 'f', 48);
	check_cfa(cfi, 0x1080, HD_CFA_RULE_EXPRESSION, 0, 3, -1, 'f', 67);
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
		check_rule(cfi, &same[i], HD_RULE_SAME_VALUE);
	for (size_t i = 0; i < sizeof undef / sizeof undef[0]; i++)
		check_rule(cfi, &undef[i], HD_RULE_UNDEFINED);
	OK(hd_cfi_rules(cfi, &cfi->fdes[0], 0x2000, PC, HD_RULE_UNDEFINED, &c, &r, &st) != 0 &&
	   st.kind == HD_EVAL_ERROR && strcmp(st.code, "pc-outside-fde") == 0 &&
	   hd_cfi_rules(cfi, &cfi->fdes[0], 0xfff, PC, HD_RULE_UNDEFINED, &c, &r, &st) != 0 &&
	   strcmp(st.code, "pc-outside-fde") == 0, "pc one past or one before the FDE: pc-outside-fde");
out:
	hd_cfi_free(cfi);
	hd_buf_free(&sec);
}

/* def_cfa_offset_sf keeps the register and the address space, and factors
 * by a negative data alignment too. */
static void test_factored_cfa(void)
{
	const char *cie = "DW_CFA_LLVM_def_aspace_cfa s32 0 6";
	hd_buf sec;
	hd_cfi *cfi;

	hd_buf_init(&sec);
	cfi = frame(cie, "DW_CFA_def_cfa_offset_sf -3", 4, 0x1000, &sec);
	if (OK(cfi != NULL, "a frame with def_cfa_offset_sf parses"))
		check_cfa(cfi, 0x1000, HD_CFA_RULE_REGISTER, S32, -12, 6, 'f', 0);
	hd_cfi_free(cfi);
	hd_buf_reset(&sec);
	cfi = frame(cie, "DW_CFA_def_cfa_offset_sf -3; DW_CFA_offset_extended s33 2", -4, 0x1000, &sec);
	if (OK(cfi != NULL, "the same with data alignment -4")) {
		const want w = { 0x1000, S33, HD_RULE_OFFSET, -8, 'f', 2 };

		check_cfa(cfi, 0x1000, HD_CFA_RULE_REGISTER, S32, 12, 6, 'f', 0);
		check_rule(cfi, &w, HD_RULE_UNDEFINED);
	}
	hd_cfi_free(cfi);
	hd_buf_free(&sec);
}

/* Expects the rules of the one FDE at pc to fail with code at (in, at). */
static void rules_fail(const char *cie, const char *fde, int64_t data_align, uint64_t loc,
                       uint64_t pc, const char *code, char in, unsigned at, const char *name)
{
	hd_cfa_rule c;
	hd_rule r;
	hd_status st;
	hd_buf sec;
	hd_cfi *cfi;
	int rc = -1;

	hd_buf_init(&sec);
	cfi = frame(cie, fde, data_align, loc, &sec);
	if (cfi != NULL)
		rc = hd_cfi_rules(cfi, &cfi->fdes[0], pc, S33, HD_RULE_UNDEFINED, &c, &r, &st);
	if (!OK(cfi != NULL && (code == NULL ? rc == 0 : rc != 0 && st.kind == HD_ILL_FORMED &&
	        strcmp(st.code, code) == 0 && st.offset == where_of(cfi, in, at)), name) && rc != 0)
		printf("  # %s at %" PRIu64 ": %s\n", st.code, st.offset, st.msg);
	hd_cfi_free(cfi);
	hd_buf_free(&sec);
}

static void test_ill_formed(void)
{
	const char *expr = "DW_CFA_def_cfa_expression { DW_OP_lit0 }", *dc = "DW_CFA_def_cfa s32 0";
	const uint64_t top = 0xfffffffffffff000u;
	hd_buf deep;

	rules_fail("", "def_cfa_offset 8", 4, 0x1000, 0x1000, "cfa-rule-missing", 'f', 0,
	           "def_cfa_offset without a CFA rule");
	rules_fail("", "def_cfa_register s33", 4, 0x1000, 0x1000, "cfa-rule-missing", 'f', 0,
	           "def_cfa_register without a CFA rule");
	rules_fail("", "def_cfa_offset_sf 2", 4, 0x1000, 0x1000, "cfa-rule-missing", 'f', 0,
	           "def_cfa_offset_sf without a CFA rule");
	rules_fail(expr, "nop; def_cfa_register s1", 4, 0x1000, 0x1000, "cfa-rule-is-expression",
	           'f', 1, "def_cfa_register after def_cfa_expression");
	rules_fail(expr, "def_cfa_offset 4", 4, 0x1000, 0x1000, "cfa-rule-is-expression", 'f', 0,
	           "def_cfa_offset after def_cfa_expression");
	rules_fail(expr, "def_cfa_offset_sf 4", 4, 0x1000, 0x1000, "cfa-rule-is-expression", 'f', 0,
	           "def_cfa_offset_sf after def_cfa_expression");
	rules_fail("", "restore_state", 4, 0x1000, 0x1000, "restore-state-empty", 'f', 0,
	           "restore_state with nothing remembered");
	rules_fail("", "remember_state; restore_state; restore_state", 4, 0x1000, 0x1000,
	           "restore-state-empty", 'f', 2, "a second restore_state after one remember");
	hd_buf_init(&deep);
	for (int i = 0; i < HD_CFI_MAX_REMEMBER; i++)
		hd_buf_printf(&deep, "remember_state; ");
	rules_fail("", hd_buf_str(&deep), 4, 0x1000, 0x1000, NULL, 0, 0,
	           "HD_CFI_MAX_REMEMBER nested remember_state are fine");
	hd_buf_printf(&deep, "remember_state");
	rules_fail("", hd_buf_str(&deep), 4, 0x1000, 0x1000, "remember-state-depth", 'f',
	           HD_CFI_MAX_REMEMBER, "one more is remember-state-depth");
	hd_buf_free(&deep);
	rules_fail("", "set_loc 0x1010; set_loc 0x1008", 4, 0x1000, 0x1020, "set-loc-backwards",
	           'f', 9, "set_loc going backwards");
	rules_fail("", "set_loc 0xfff", 4, 0x1000, 0x1000, "set-loc-backwards", 'f', 0,
	           "set_loc below the initial location");
	rules_fail("", "set_loc 0x1010; set_loc 0x1010", 4, 0x1000, 0x1020, NULL, 0, 0,
	           "set_loc to the same location is fine");
	rules_fail("advance_loc 1", "", 4, 0x1000, 0x1000, "row-in-cie", 'c', 0,
	           "advance_loc in a CIE");
	rules_fail("nop; set_loc 0x10", "", 4, 0x1000, 0x1000, "row-in-cie", 'c', 1,
	           "set_loc in a CIE");
	rules_fail("restore s1", "", 4, 0x1000, 0x1000, "restore-in-cie", 'c', 0, "restore in a CIE");
	rules_fail("restore_extended s33", "", 4, 0x1000, 0x1000, "restore-in-cie", 'c', 0,
	           "restore_extended in a CIE");
	rules_fail("", "offset_extended s1 0x2000000000000000", -8, 0x1000, 0x1000,
	           "offset-overflow", 'f', 0, "2^61 * -8 overflows, for another register too");
	rules_fail("", "offset_extended_sf s33 -9223372036854775808", -1, 0x1000, 0x1000,
	           "offset-overflow", 'f', 0, "-2^63 * -1 overflows");
	rules_fail(dc, "def_cfa_offset 0x8000000000000000", 4, 0x1000, 0x1000, "offset-overflow",
	           'f', 0, "an unfactored offset of 2^63");
	rules_fail(dc, "def_cfa_sf s32 0x4000000000000000", 2, 0x1000, 0x1000, "offset-overflow",
	           'f', 0, "2^62 * 2 overflows");
	rules_fail("", "advance_loc4 0x40000000", 4, top, top, "offset-overflow", 'f', 0,
	           "an advance past 2^64");
	rules_fail("", "advance_loc 1; restore_state", 4, 0x1000, 0x1003, NULL, 0, 0,
	           "instructions after pc's row are not run");
}

/* Every cfa.def row runs in an FDE: none lacks semantics. */
static void test_every_row_runs(void)
{
	static const uint8_t expr[] = { 0x30 };
	hd_buf cie, fde, sec;
	hd_cfa_rule c;
	hd_rule r;
	hd_status st;
	char name[80];

	hd_buf_init(&cie);
	assemble(&cie, "DW_CFA_def_cfa s32 0");
	for (unsigned id = 0; id < HD_CFA_COUNT; id++) {
		hd_cfa_insn in = { (uint16_t)id, 0, 0, { 1, 1, 1 }, expr, 1 };
		hd_cie_desc cd = { 0, "", 8, 0, 4, 4, 16, cie.data, cie.len };
		hd_fde_desc fd = { 0, 0, 0, 0, 0x10, NULL, 0 };
		hd_cfi *cfi = NULL;
		int rc;

		hd_buf_init(&fde);
		hd_buf_init(&sec);
		hd_buf_byte(&fde, 0x0a);  /* remember_state, for restore_state */
		rc = hd_cfa_encode(&fde, &in, 8, &st);
		fd.insns = fde.data;
		fd.insns_len = fde.len;
		if (rc == 0 && hd_cfi_write(&sec, &cd, 1, &fd, 1, &st) == 0 &&
		    hd_cfi_parse(sec.data, sec.len, 8, &cfi, &st) == 0)
			rc = hd_cfi_rules(cfi, &cfi->fdes[0], 0, 1, HD_RULE_UNDEFINED, &c, &r, &st);
		snprintf(name, sizeof name, "DW_CFA_%s runs in an FDE", hd_cfa_table[id].name);
		if (!OK(rc == 0 && cfi != NULL, name) && rc != 0)
			printf("  # %s: %s\n", st.code, st.msg);
		hd_cfi_free(cfi);
		hd_buf_free(&fde);
		hd_buf_free(&sec);
	}
	hd_buf_free(&cie);
}

int main(void)
{
	tap_begin();
	test_amdgpu_rules();
	test_factored_cfa();
	test_ill_formed();
	test_every_row_runs();
	return tap_end();
}
