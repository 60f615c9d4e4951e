/* Call frame instructions, bytes and text: every row of cfa.def decoded from
 * bytes this test builds with its own idea of the layouts, re-encoded,
 * printed to the canonical text written out here by hand and assembled back;
 * every strict prefix is truncated; the primary opcodes' 6-bit operand; every
 * decode error; the accepted spellings; and the text errors with their
 * 1-based columns. The .debug_frame reader and writer are in
 * test_cfi_frame.c, the rules of a row in test_cfi_rules.c. */
#include "cfi_test.h"

/* DW_OP_regx s30; DW_OP_piece 4 */
static const uint8_t expr_sample[] = { 0x90, 0x3e, 0x93, 0x04 };

/* A sample operand i of kind k: its value, its bytes and its canonical text.
 * A primary operand is in the opcode, so it has no bytes of its own. */
typedef struct sample {
	uint64_t v;
	const uint8_t *bytes;
	size_t n;
	const char *text;
} sample;

static sample sample_of(hd_opnd k, int primary)
{
	static const uint8_t u1[] = { 0xab }, u2[] = { 0xef, 0xbe },
	        u4[] = { 0xef, 0xbe, 0xad, 0xde }, uleb[] = { 0xe5, 0x8e, 0x26 },
	        sleb[] = { 0xc0, 0xbb, 0x78 }, reg[] = { 0x82, 0x14 },
	        addr[] = { 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 },
	        expr[] = { 0x04, 0x90, 0x3e, 0x93, 0x04 };
	sample s = { 0, NULL, 0, "?" };

	if (primary && k == HD_OPND_REG)
		return (sample){ 33, NULL, 0, "s1" };
	if (primary)
		return (sample){ 37, NULL, 0, "37" };
	switch (k) {
	case HD_OPND_U1: return (sample){ 0xab, u1, 1, "171" };
	case HD_OPND_U2: return (sample){ 0xbeef, u2, 2, "48879" };
	case HD_OPND_U4: return (sample){ 0xdeadbeef, u4, 4, "3735928559" };
	case HD_OPND_ULEB: return (sample){ 624485, uleb, 3, "624485" };
	case HD_OPND_SLEB: return (sample){ (uint64_t)-123456, sleb, 3, "-123456" };
	case HD_OPND_REG: return (sample){ 2562, reg, 2, "v2" };
	case HD_OPND_ADDR: return (sample){ 0x1122334455667788u, addr, 8, "0x1122334455667788" };
	case HD_OPND_EXPR: return (sample){ 0, expr, 5, "{ DW_OP_regx s30; DW_OP_piece 4 }" };
	default: return s;
	}
}

/* The row's bytes and canonical text with the sample operands. */
static void build(unsigned id, hd_buf *b, hd_buf *t)
{
	const hd_cfa_info *info = &hd_cfa_table[id];
	int primary = (info->flags & HD_CFAF_PRIMARY) != 0;

	hd_buf_byte(b, (uint8_t)(info->code | (primary ? sample_of(info->opnd[0], 1).v : 0)));
	hd_buf_printf(t, "DW_CFA_%s", info->name);
	for (int i = 0; i < 3 && info->opnd[i] != HD_OPND_NONE; i++) {
		sample s = sample_of(info->opnd[i], primary && i == 0);

		hd_buf_put(b, s.bytes, s.n);
		hd_buf_printf(t, " %s", s.text);
	}
}

static int operands_match(const hd_cfa_insn *in, const hd_cfa_info *info)
{
	for (int i = 0; i < 3 && info->opnd[i] != HD_OPND_NONE; i++) {
		sample s = sample_of(info->opnd[i], (info->flags & HD_CFAF_PRIMARY) && i == 0);

		if (info->opnd[i] == HD_OPND_EXPR) {
			if (in->block_len != sizeof expr_sample ||
			    memcmp(in->block, expr_sample, sizeof expr_sample) != 0)
				return 0;
		} else if (in->u[i] != s.v) {
			return 0;
		}
	}
	return 1;
}

static void test_row(unsigned id)
{
	const hd_cfa_info *info = &hd_cfa_table[id];
	hd_buf b, t, re, text, back;
	char name[160];
	hd_cfa_insn in;
	hd_status st;
	int rc, cuts_ok = 1;

	hd_buf_init(&b);
	hd_buf_init(&t);
	hd_buf_init(&re);
	hd_buf_init(&text);
	hd_buf_init(&back);
	build(id, &b, &t);
	rc = hd_cfa_decode(b.data, b.len, 0, 8, &in, &st);
	snprintf(name, sizeof name, "DW_CFA_%s decodes with its operands", info->name);
	if (!OK(rc == 0 && in.id == id && in.offset == 0 && in.size == b.len &&
	        operands_match(&in, info), name) && rc != 0)
		printf("  # %s: %s\n", st.code, st.msg);
	rc = rc == 0 ? hd_cfa_encode(&re, &in, 8, &st) : -1;
	snprintf(name, sizeof name, "DW_CFA_%s re-encodes to the same bytes", info->name);
	OK(rc == 0 && re.len == b.len && memcmp(re.data, b.data, b.len) == 0, name);
	rc = hd_cfa_disassemble(b.data, b.len, 8, &enc, &amd, &text, &st);
	snprintf(name, sizeof name, "DW_CFA_%s prints as its canonical text", info->name);
	EQ_STR(rc == 0 ? hd_buf_str(&text) : st.msg, hd_buf_str(&t), name);
	rc = hd_cfa_assemble((const char *)t.data, t.len, 8, &enc, &amd, &back, &st);
	snprintf(name, sizeof name, "DW_CFA_%s: the canonical text assembles to the bytes",
	         info->name);
	if (!OK(rc == 0 && back.len == b.len && memcmp(back.data, b.data, b.len) == 0, name) &&
	    rc != 0)
		printf("  # %s: %s\n", st.code, st.msg);
	for (size_t cut = 1; cut < b.len; cut++)
		if (hd_cfa_decode(b.data, cut, 0, 8, &in, &st) == 0 ||
		    strcmp(st.code, "truncated") != 0 || st.offset > cut)
			cuts_ok = 0;
	snprintf(name, sizeof name, "DW_CFA_%s: every strict prefix is truncated", info->name);
	OK(cuts_ok, name);
	hd_buf_free(&b);
	hd_buf_free(&t);
	hd_buf_free(&re);
	hd_buf_free(&text);
	hd_buf_free(&back);
}

static void test_table(void)
{
	hd_cfa_id id;

	for (unsigned i = 0; i < HD_CFA_COUNT; i++)
		test_row(i);
	OK(hd_cfa_lookup("DW_CFA_LLVM_def_aspace_cfa", 26, &id) == 0 &&
	   id == HD_CFA_LLVM_def_aspace_cfa && hd_cfa_table[id].code == 0x30,
	   "lookup with the prefix: LLVM_def_aspace_cfa is 0x30");
	OK(hd_cfa_lookup("def_cfa_sf", 10, &id) == 0 && id == HD_CFA_def_cfa_sf,
	   "lookup without the prefix");
	OK(hd_cfa_lookup("def_cfa_sfx", 10, &id) == 0 && id == HD_CFA_def_cfa_sf,
	   "lookup reads only len characters");
	OK(hd_cfa_lookup("DW_CFA_", 7, &id) != 0 && hd_cfa_lookup("def_cf", 6, &id) != 0 &&
	   hd_cfa_lookup("DEF_CFA", 7, &id) != 0, "no lookup of a prefix, a part, another case");
}

static int encodes(hd_cfa_id id, uint64_t u0, unsigned asize, const uint8_t *want, size_t n)
{
	hd_cfa_insn in;
	hd_status st;
	hd_buf b;
	int ok;

	memset(&in, 0, sizeof in);
	in.id = (uint16_t)id;
	in.u[0] = u0;
	hd_buf_init(&b);
	hd_buf_byte(&b, 0x77);
	if (want != NULL)
		ok = hd_cfa_encode(&b, &in, asize, &st) == 0 && b.len == n + 1 &&
		     memcmp(b.data + 1, want, n) == 0;
	else
		ok = hd_cfa_encode(&b, &in, asize, &st) != 0 && st.kind == HD_ILL_FORMED &&
		     strcmp(st.code, "operand-range") == 0 && b.len == 1;
	hd_buf_free(&b);
	return ok;
}

static void test_primary(void)
{
	static const uint8_t off63[] = { 0xbf, 0x00 }, adv63[] = { 0x7f }, rst63[] = { 0xff },
	        adv1_255[] = { 0x02, 0xff }, set4[] = { 0x01, 0xff, 0xff, 0xff, 0xff };
	hd_cfa_insn in;

	OK(encodes(HD_CFA_offset, 63, 8, off63, 2), "offset register 63 is in the opcode");
	OK(encodes(HD_CFA_offset, 64, 8, NULL, 0), "offset register 64: operand-range");
	OK(encodes(HD_CFA_advance_loc, 63, 8, adv63, 1), "advance_loc 63 is 0x7f");
	OK(encodes(HD_CFA_advance_loc, 64, 8, NULL, 0), "advance_loc 64: operand-range");
	OK(encodes(HD_CFA_restore, 63, 8, rst63, 1), "restore 63 is 0xff");
	OK(encodes(HD_CFA_restore, 64, 8, NULL, 0), "restore 64: operand-range");
	OK(encodes(HD_CFA_advance_loc1, 255, 8, adv1_255, 2), "advance_loc1 255 fits");
	OK(encodes(HD_CFA_advance_loc1, 256, 8, NULL, 0), "advance_loc1 256: operand-range");
	OK(encodes(HD_CFA_advance_loc2, 0x10000, 8, NULL, 0), "advance_loc2 0x10000: operand-range");
	OK(encodes(HD_CFA_set_loc, 0xffffffff, 4, set4, 5), "set_loc takes the address size");
	OK(encodes(HD_CFA_set_loc, 0x100000000u, 4, NULL, 0), "set_loc 2^32 in 4 bytes: operand-range");
	OK(hd_cfa_decode((const uint8_t *)"\x40", 1, 0, 8, &in, NULL) == 0 &&
	   in.id == HD_CFA_advance_loc && in.u[0] == 0 && in.size == 1, "0x40 is advance_loc 0");
	OK(hd_cfa_decode((const uint8_t *)"\xc0", 1, 0, 8, &in, NULL) == 0 &&
	   in.id == HD_CFA_restore && in.u[0] == 0, "0xc0 is restore 0");
}

static void decode_fails(const uint8_t *p, size_t n, size_t off, unsigned asize,
                         hd_kind kind, const char *code, uint64_t at, const char *name)
{
	hd_cfa_insn in;
	hd_status st;
	int rc = hd_cfa_decode(p, n, off, asize, &in, &st);

	if (!OK(rc != 0 && st.kind == kind && strcmp(st.code, code) == 0 && st.offset == at, name))
		printf("  # rc %d: %s at %" PRIu64 ": %s\n", rc, rc ? st.code : "-",
		       rc ? st.offset : 0, rc ? st.msg : "");
}

static void test_decode_errors(void)
{
	static const uint8_t unknown[] = { 0x17, 0x1b, 0x1c, 0x2f, 0x32, 0x3f };
	static const uint8_t big_leb[] = { 0x0e, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	                                   0xff, 0xff, 0xff, 0x7f };
	static const uint8_t long_block[] = { 0x0f, 0x05, 0x90, 0x3e };
	static const uint8_t set_loc2[] = { 0x00, 0x01, 0x34, 0x12 };
	hd_cfa_insn in;
	char name[80];

	for (size_t i = 0; i < sizeof unknown; i++) {
		uint8_t b[2] = { 0x00, unknown[i] };

		snprintf(name, sizeof name, "0x%02x is unknown-cfa at its offset", unknown[i]);
		decode_fails(b, 2, 1, 8, HD_ILL_FORMED, "unknown-cfa", 1, name);
	}
	decode_fails(big_leb, sizeof big_leb, 0, 8, HD_ILL_FORMED, "leb128-overflow", 1,
	             "a ULEB128 above 64 bits: leb128-overflow at the operand");
	decode_fails(long_block, sizeof long_block, 0, 8, HD_ILL_FORMED, "truncated", 2,
	             "an expression longer than the bytes: truncated at its start");
	decode_fails(set_loc2, 3, 1, 2, HD_ILL_FORMED, "truncated", 2,
	             "set_loc with a 2-byte address cut short: truncated");
	decode_fails(set_loc2, 4, 4, 8, HD_ILL_FORMED, "truncated", 4,
	             "decoding at the end: truncated");
	decode_fails(set_loc2, 4, 0, 3, HD_INTERNAL, "bad-address-size", 0,
	             "address size 3: bad-address-size");
	OK(hd_cfa_decode(set_loc2, 4, 1, 2, &in, NULL) == 0 && in.id == HD_CFA_set_loc &&
	   in.u[0] == 0x1234 && in.size == 3 && in.offset == 1, "set_loc with a 2-byte address");
}

/* Assembles text and compares the bytes with want[0..n). */
static void spelled(const char *text, const hd_regnames *names, const uint8_t *want,
                    size_t n, const char *name)
{
	hd_status st;
	hd_buf b;
	int rc;

	hd_buf_init(&b);
	rc = hd_cfa_assemble(text, strlen(text), 8, &enc, names, &b, &st);
	if (!OK(rc == 0 && b.len == n && (n == 0 || memcmp(b.data, want, n) == 0), name) &&
	    rc != 0)
		printf("  # %s: %s\n", st.code, st.msg);
	hd_buf_free(&b);
}

/* bytes -> text (want) -> the same bytes. */
static void printed(const uint8_t *bytes, size_t n, const hd_regnames *names,
                    const char *want, const char *name)
{
	hd_buf t, b;
	hd_status st;
	int rc;

	hd_buf_init(&t);
	hd_buf_init(&b);
	rc = hd_cfa_disassemble(bytes, n, 8, &enc, names, &t, &st);
	if (EQ_STR(rc == 0 ? hd_buf_str(&t) : st.msg, want, name)) {
		rc = hd_cfa_assemble((const char *)t.data, t.len, 8, &enc, names, &b, &st);
		OK(rc == 0 && b.len == n && memcmp(b.data, bytes, n) == 0,
		   "... and the text assembles to the same bytes");
	}
	hd_buf_free(&t);
	hd_buf_free(&b);
}

static void test_spellings(void)
{
	static const uint8_t def_cfa[] = { 0x0c, 0x40, 0x04 }, sf[] = { 0x12, 0x40, 0x7e },
	        nops[] = { 0x00, 0x00 }, set_loc[] = { 0x01, 0x10, 0, 0, 0, 0, 0, 0, 0 },
	        padded[] = { 0x0f, 0x03, 0x10, 0x80, 0x00 }, junk[] = { 0x0f, 0x01, 0xff },
	        empty[] = { 0x0f, 0x00 }, num[] = { 0x07, 0x05, 0x09, 0xc0, 0x02, 0x10 },
	        nested[] = { 0x16, 0x82, 0x14, 0x05, 0xa3, 0x02, 0x90, 0x3e, 0x9f },
	        rules[] = { 0x30, 0x40, 0x00, 0x06, 0x10, 0x10, 0x08, 0x90, 0x3e, 0x93, 0x04,
	                    0x90, 0x3f, 0x93, 0x04, 0x41, 0xa1, 0x02 };

	spelled("DW_CFA_def_cfa s32 4", &amd, def_cfa, 3, "def_cfa with a register name");
	spelled("def_cfa 64, 0x4", NULL, def_cfa, 3, "without DW_CFA_, a number, a comma, hex");
	spelled(" def_cfa\t64 ,\n4 ;", NULL, def_cfa, 3, "blanks anywhere, a trailing ';'");
	spelled("DW_CFA_def_cfa_sf s32 -2", &amd, sf, 3, "a negative SLEB operand");
	spelled("nop;nop", NULL, nops, 2, "';' without blanks");
	spelled("", NULL, NULL, 0, "empty text: no bytes");
	spelled(" \t ", NULL, NULL, 0, "blank text: no bytes");
	spelled("set_loc 16", NULL, set_loc, 9, "set_loc in decimal");
	spelled("DW_CFA_def_cfa_expression [10 80 00]", NULL, padded, 5,
	        "an expression as hex bytes");
	printed(rules, sizeof rules, &amd,
	        "DW_CFA_LLVM_def_aspace_cfa s32 0 6; DW_CFA_expression pc { DW_OP_regx s30;"
	        " DW_OP_piece 4; DW_OP_regx s31; DW_OP_piece 4 }; DW_CFA_advance_loc 1;"
	        " DW_CFA_offset s1 2", "the AMDGPU CIE's instructions print with names");
	printed(num, sizeof num, NULL,
	        "DW_CFA_undefined 5; DW_CFA_register 320 16",
	        "without names registers are numbers");
	printed(nested, sizeof nested, &amd,
	        "DW_CFA_val_expression v2 { DW_OP_entry_value {DW_OP_regx s30}; DW_OP_stack_value }",
	        "an expression with braces inside braces");
	printed(padded, sizeof padded, &amd, "DW_CFA_def_cfa_expression [10 80 00]",
	        "a padded LEB128 in an expression keeps its bytes as [hex]");
	printed(junk, sizeof junk, &amd, "DW_CFA_def_cfa_expression [ff]",
	        "an undecodable expression prints as [hex]");
	printed(empty, sizeof empty, &amd, "DW_CFA_def_cfa_expression {}",
	        "an empty expression prints as {}");
}

/* Expects assembling text to fail with code at 1-based column col. */
static void fails_at(const char *text, unsigned asize, const char *code, uint64_t col,
                     const char *name)
{
	hd_status st;
	hd_buf b;
	int rc;

	hd_buf_init(&b);
	hd_buf_byte(&b, 0x77);
	rc = hd_cfa_assemble(text, strlen(text), asize, &enc, &amd, &b, &st);
	if (!OK(rc != 0 && st.kind == HD_BAD_INPUT && strcmp(st.code, code) == 0 &&
	        st.offset == col && b.len == 1, name))
		printf("  # rc %d: %s at %" PRIu64 ": %s\n", rc, rc ? st.code : "-",
		       rc ? st.offset : 0, rc ? st.msg : "");
	else
		printf("  # %s\n", st.msg);
	hd_buf_free(&b);
}

static void test_text_errors(void)
{
	fails_at("DW_CFA_nop; DW_CFA_bogus", 8, "bad-text", 13, "unknown instruction name");
	fails_at("DW_CFA_def_cfa s32", 8, "bad-text", 19, "missing operand at the end");
	fails_at("DW_CFA_def_cfa s32; nop", 8, "bad-text", 19, "missing operand before ';'");
	fails_at("DW_CFA_def_cfa s32 4 5", 8, "bad-text", 22, "an extra operand");
	fails_at("DW_CFA_nop 1", 8, "bad-text", 12, "an operand for nop");
	fails_at("DW_CFA_def_cfa,s32 0", 8, "bad-text", 15, "a comma right after the name");
	fails_at("DW_CFA_def_cfa_offset 12x", 8, "bad-text", 23, "a bad number");
	fails_at("DW_CFA_def_cfa_offset 0x", 8, "bad-text", 23, "0x without digits");
	fails_at("DW_CFA_def_cfa_offset -1", 8, "bad-text", 23, "'-' for an unsigned operand");
	fails_at("DW_CFA_def_cfa_offset 18446744073709551616", 8, "operand-range", 23,
	         "2^64 does not fit");
	fails_at("DW_CFA_def_cfa_offset_sf 9223372036854775808", 8, "operand-range", 26,
	         "2^63 does not fit a signed operand");
	fails_at("DW_CFA_advance_loc1 256", 8, "operand-range", 21, "advance_loc1 256");
	fails_at("DW_CFA_advance_loc 64", 8, "operand-range", 20, "advance_loc 64");
	fails_at("DW_CFA_offset s32 4", 8, "operand-range", 15,
	         "offset with register 64 does not fit the opcode");
	fails_at("DW_CFA_set_loc 0x100000000", 4, "operand-range", 16, "set_loc 2^32, 4-byte address");
	fails_at("DW_CFA_def_cfa q9 0", 8, "bad-text", 16, "an unknown register name");
	fails_at("DW_CFA_def_cfa_expression { DW_OP_lit0", 8, "bad-text", 27, "unterminated '{'");
	fails_at("DW_CFA_def_cfa_expression { DW_OP_entry_value { DW_OP_lit0 }", 8, "bad-text", 27,
	         "unterminated '{' around a nested pair");
	fails_at("DW_CFA_def_cfa_expression { DW_OP_lit0; DW_OP_bogus }", 8, "bad-text", 41,
	         "an expression error has its column in the CFA text");
	fails_at("DW_CFA_expression pc { DW_OP_const1u 300 }", 8, "operand-range", 38,
	         "an expression's operand-range keeps its code and column");
	fails_at("DW_CFA_expression pc [01 02", 8, "bad-text", 22, "unterminated '['");
	fails_at("DW_CFA_expression pc [0g]", 8, "bad-text", 23, "bad hex digits");
	fails_at("DW_CFA_expression pc {}x", 8, "bad-text", 24, "junk after the expression");
	fails_at("DW_CFA_def_cfa_expression 5", 8, "bad-text", 27, "a number where an expression goes");
	fails_at("nop;;nop", 8, "bad-text", 5, "an empty instruction");
	fails_at(";", 8, "bad-text", 1, "a lone ';'");
}

/* Every prefix of a text, in a buffer of exactly its length (so ASan sees a
 * read past it), assembles or fails with a column inside it. */
static void test_prefixes(void)
{
	static const char text[] =
		"DW_CFA_LLVM_def_aspace_cfa s32 0 6; DW_CFA_expression pc { DW_OP_regx s30;"
		" DW_OP_piece 4; DW_OP_entry_value {DW_OP_regx s31}; DW_OP_piece 4 };"
		" DW_CFA_def_cfa_sf s32, -8; DW_CFA_set_loc 0x10; DW_CFA_undefined [00];"
		" DW_CFA_val_expression v2 [90 3e]";
	int ok = 1;

	for (size_t n = 0; n < sizeof text; n++) {
		char *copy = malloc(n ? n : 1);
		hd_status st;
		hd_buf b;
		int rc;

		memcpy(copy, text, n);
		hd_buf_init(&b);
		rc = hd_cfa_assemble(copy, n, 8, &enc, &amd, &b, &st);
		if (rc != 0 && (st.kind != HD_BAD_INPUT || st.offset < 1 || st.offset > n + 1)) {
			printf("  # prefix %zu: %s at %" PRIu64 ": %s\n", n, st.code, st.offset, st.msg);
			ok = 0;
		}
		hd_buf_free(&b);
		free(copy);
	}
	OK(ok, "every prefix of a text assembles or fails with a column inside it");
}

int main(void)
{
	tap_begin();
	test_table();
	test_primary();
	test_decode_errors();
	test_spellings();
	test_text_errors();
	test_prefixes();
	return tap_end();
}
