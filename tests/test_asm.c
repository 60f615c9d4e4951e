/* Assembler and printer: canonical text generated here for every row of the
 * op table, in every profile that encodes it and in DWARF32 and DWARF64, goes
 * text -> bytes -> text unchanged and bytes -> text -> bytes unchanged; then
 * the accepted spellings, register names, nesting, and the error columns. */
#include "tap.h"

#include "dwarf/codec/expr.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

/* A fake target's register names: r0..r15. */
static int fake_lookup(void *self, const char *name, size_t len, uint64_t *reg)
{
	unsigned v = 0;

	(void)self;
	if (len < 2 || len > 3 || name[0] != 'r' || (len == 3 && name[1] == '0'))
		return -1;
	for (size_t i = 1; i < len; i++) {
		if (name[i] < '0' || name[i] > '9')
			return -1;
		v = v * 10 + (unsigned)(name[i] - '0');
	}
	if (v >= 16)
		return -1;
	*reg = v;
	return 0;
}

static int fake_name(void *self, uint64_t reg, char *out, size_t outsz)
{
	(void)self;
	if (reg >= 16)
		return -1;
	snprintf(out, outsz, "r%u", (unsigned)reg);
	return 0;
}

static const hd_regnames fake_names = { NULL, fake_lookup, fake_name };

static hd_encoding encoding(hd_profile p, unsigned offset_size)
{
	hd_encoding e = { p, 8, (uint8_t)offset_size };
	return e;
}

/* The canonical spelling of a sample operand of each kind, written out by
 * hand from docs/expression-text.md. */
static const char *sample_text(hd_opnd k, const hd_encoding *enc, int named)
{
	switch (k) {
	case HD_OPND_U1: return "171";
	case HD_OPND_S1: return "-5";
	case HD_OPND_U2: return "48879";
	case HD_OPND_S2: return "-300";
	case HD_OPND_U4: return "3735928559";
	case HD_OPND_S4: return "-70000";
	case HD_OPND_U8: return "18364758544493064720";
	case HD_OPND_S8: return "-9223372036854775808";
	case HD_OPND_ULEB: return "624485";
	case HD_OPND_SLEB: return "-123456";
	case HD_OPND_ADDR: return "0x1122334455667788";
	case HD_OPND_REF: return enc->offset_size == 8 ? "0x123456789a" : "0x12345678";
	case HD_OPND_DIE2: return "0x1234";
	case HD_OPND_DIE4: return "0x89abcdef";
	case HD_OPND_TYPE: return "0x2a";
	case HD_OPND_REG: return named ? "r7" : "1234";
	case HD_OPND_BRANCH: return "-2";
	case HD_OPND_BLOCK: return "[2a 00 00 00]";
	case HD_OPND_BLOCK1: return "[de ad]";
	case HD_OPND_EXPR: return "{DW_OP_lit1; DW_OP_regx r3; DW_OP_breg31 -8}";
	default: return "?";
	}
}

static void canonical_text(hd_buf *t, unsigned id, unsigned member,
                           const hd_encoding *enc, int named)
{
	const hd_op_info *info = &hd_op_table[id];

	hd_buf_printf(t, "DW_OP_%s", info->name);
	if (info->family > 1)
		hd_buf_printf(t, "%u", member);
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE; i++) {
		const char *s = sample_text((hd_opnd)info->opnd[i], enc, named);

		/* without names the nested text spells its register as a number */
		if (!named && info->opnd[i] == HD_OPND_EXPR)
			s = "{DW_OP_lit1; DW_OP_regx 3; DW_OP_breg31 -8}";
		hd_buf_printf(t, " %s", s);
	}
}

/* text -> bytes -> text, and the bytes decode to the expected op. */
static int round_trip(const char *text, const hd_encoding *enc, const hd_regnames *names,
                      int want_id, const char *name)
{
	hd_buf bytes, back, again;
	hd_status st;
	hd_op op;
	int ok;

	hd_buf_init(&bytes);
	hd_buf_init(&back);
	hd_buf_init(&again);
	ok = hd_assemble(text, strlen(text), enc, names, &bytes, &st) == 0;
	if (!ok)
		printf("  # assemble: %s: %s\n", st.code, st.msg);
	if (ok && want_id >= 0) {
		ok = hd_decode_op(bytes.data, bytes.len, 0, enc, &op, &st) == 0 &&
		     op.id == want_id && op.size == bytes.len;
		if (!ok)
			printf("  # decoded as another op or size\n");
	}
	if (ok) {
		ok = hd_disassemble(bytes.data, bytes.len, enc, names, &back, &st) == 0;
		if (!ok)
			printf("  # disassemble: %s: %s\n", st.code, st.msg);
	}
	if (ok && strcmp(hd_buf_str(&back), text) != 0) {
		printf("  # got:  %s\n  # want: %s\n", hd_buf_str(&back), text);
		ok = 0;
	}
	if (ok) {
		ok = hd_assemble((const char *)back.data, back.len, enc, names, &again, &st) == 0 &&
		     again.len == bytes.len && memcmp(again.data, bytes.data, bytes.len) == 0;
		if (!ok)
			printf("  # bytes -> text -> bytes differs\n");
	}
	OK(ok, name);
	hd_buf_free(&bytes);
	hd_buf_free(&back);
	hd_buf_free(&again);
	return ok;
}

static void test_all_rows(void)
{
	static const unsigned members[] = { 0, 7, 31 };
	hd_buf t, all;
	char name[200];

	hd_buf_init(&t);
	hd_buf_init(&all);
	for (unsigned p = 0; p < 2; p++) {
		for (unsigned os = 4; os <= 8; os += 4) {
			hd_encoding enc = encoding((hd_profile)p, os);

			for (int named = 0; named < 2; named++) {
				hd_buf_reset(&all);
				for (unsigned id = 0; id < HD_OP_COUNT; id++) {
					const hd_op_info *info = &hd_op_table[id];

					if (!hd_op_encodable((hd_op_id)id, (hd_profile)p))
						continue;
					for (unsigned m = 0; m < 3 && members[m] < info->family; m++) {
						hd_buf_reset(&t);
						canonical_text(&t, id, members[m], &enc, named);
						snprintf(name, sizeof name, "%s DWARF%u%s: %s",
						         hd_profile_name((hd_profile)p), os * 8,
						         named ? " names" : "", hd_buf_str(&t));
						round_trip(hd_buf_str(&t), &enc, named ? &fake_names : NULL,
						           (int)id, name);
						hd_buf_printf(&all, "%s%s", all.len ? "; " : "", hd_buf_str(&t));
					}
				}
				snprintf(name, sizeof name, "%s DWARF%u%s: all ops in one expression",
				         hd_profile_name((hd_profile)p), os * 8, named ? " names" : "");
				round_trip(hd_buf_str(&all), &enc, named ? &fake_names : NULL, -1, name);
			}
		}
	}
	hd_buf_free(&t);
	hd_buf_free(&all);
}

/* Assembles text (of length len) and checks the printed form. */
static void spelled(const char *text, size_t len, hd_profile p, const hd_regnames *names,
                    const char *want, const char *name)
{
	hd_encoding enc = encoding(p, 4);
	hd_buf bytes, back;
	hd_status st;

	hd_buf_init(&bytes);
	hd_buf_init(&back);
	if (hd_assemble(text, len, &enc, names, &bytes, &st) != 0) {
		OK(0, name);
		printf("  # %s at %" PRIu64 ": %s\n", st.code, st.offset, st.msg);
	} else if (hd_disassemble(bytes.data, bytes.len, &enc, names, &back, &st) != 0) {
		OK(0, name);
		printf("  # disassemble: %s\n", st.msg);
	} else {
		EQ_STR(hd_buf_str(&back), want, name);
	}
	hd_buf_free(&bytes);
	hd_buf_free(&back);
}

static void test_spellings(void)
{
	const hd_profile v0 = HD_PROFILE_AMDGPU_V0, user = HD_PROFILE_LLVM_USER;
	const char *t;

	t = "lit1;DW_OP_bit_piece 8,16 ; bregx 3,-4;";
	spelled(t, strlen(t), v0, NULL, "DW_OP_lit1; DW_OP_bit_piece 8 16; DW_OP_bregx 3 -4",
	        "short names, commas, trailing ';'");
	t = "\tDW_OP_const2u 0x10 ;\n DW_OP_call2 4660\r\n";
	spelled(t, strlen(t), v0, NULL, "DW_OP_const2u 16; DW_OP_call2 0x1234",
	        "hex in, decimal out; decimal in, hex out; tabs and newlines");
	t = "implicit_value [2A0000 00]";
	spelled(t, strlen(t), v0, NULL, "DW_OP_implicit_value [2a 00 00 00]",
	        "hex block with optional spaces and capitals");
	t = "implicit_value []";
	spelled(t, strlen(t), v0, NULL, "DW_OP_implicit_value []", "empty block");
	t = "entry_value [31 50]";
	spelled(t, strlen(t), v0, NULL, "DW_OP_entry_value {DW_OP_lit1; DW_OP_reg0}",
	        "entry_value from hex bytes prints as nested text");
	t = "entry_value { }";
	spelled(t, strlen(t), v0, NULL, "DW_OP_entry_value {}", "empty nested expression");
	t = "entry_value {lit1;}";
	spelled(t, strlen(t), v0, NULL, "DW_OP_entry_value {DW_OP_lit1}",
	        "trailing ';' inside braces");
	t = "entry_value [ff]";
	spelled(t, strlen(t), v0, NULL, "DW_OP_entry_value [ff]",
	        "undecodable nested bytes print as hex");
	t = "entry_value [10 80 00]";
	spelled(t, strlen(t), v0, NULL, "DW_OP_entry_value [10 80 00]",
	        "non-minimal nested bytes print as hex, so they survive");
	t = "GNU_entry_value {LLVM_push_lane}";
	spelled(t, strlen(t), user, NULL, "DW_OP_GNU_entry_value {DW_OP_LLVM_push_lane}",
	        "llvm-user: nested extension op");
	t = "DW_OP_regx r7; DW_OP_bregx r15 -1; DW_OP_regx 20; DW_OP_regval_type r2 0x30";
	spelled(t, strlen(t), v0, &fake_names,
	        "DW_OP_regx r7; DW_OP_bregx r15 -1; DW_OP_regx 20; DW_OP_regval_type r2 0x30",
	        "register names, and a number where there is no name");
	t = "DW_OP_regx 7";
	spelled(t, strlen(t), v0, &fake_names, "DW_OP_regx r7", "a register number prints as its name");
	t = "DW_OP_lit12";
	spelled(t, 10, v0, NULL, "DW_OP_lit1", "text is read only up to len (no NUL needed)");
	t = "consts -0x8000000000000000; constu 0xFFFFFFFFFFFFFFFF; const1s -128; const1u 255";
	spelled(t, strlen(t), v0, NULL,
	        "DW_OP_consts -9223372036854775808; DW_OP_constu 18446744073709551615; "
	        "DW_OP_const1s -128; DW_OP_const1u 255", "extremes of the integer kinds");
	t = "skip -32768; bra 32767";
	spelled(t, strlen(t), v0, NULL, "DW_OP_skip -32768; DW_OP_bra 32767", "branch extremes");
	t = "LLVM_select_bit_piece 32 64";
	spelled(t, strlen(t), user, NULL, "DW_OP_LLVM_select_bit_piece 32 64",
	        "llvm-user: select_bit_piece");

	hd_buf b;
	hd_status st;
	hd_encoding enc = encoding(v0, 4);

	hd_buf_init(&b);
	OK(hd_assemble("", 0, &enc, NULL, &b, &st) == 0 && b.len == 0, "empty text is zero bytes");
	OK(hd_assemble("  \n ", 4, &enc, NULL, &b, &st) == 0 && b.len == 0, "blank text is zero bytes");
	OK(hd_disassemble(NULL, 0, &enc, NULL, &b, &st) == 0 && b.len == 0, "zero bytes print as ''");
	OK(hd_assemble("LLVM_push_lane", 14, &enc, NULL, &b, &st) == 0 && b.len == 1 &&
	   b.data[0] == 0xe2, "amdgpu-v0: push_lane is 0xe2");
	hd_buf_reset(&b);
	enc.profile = user;
	OK(hd_assemble("LLVM_push_lane", 14, &enc, NULL, &b, &st) == 0 && b.len == 2 &&
	   b.data[0] == 0xe9 && b.data[1] == 0x03, "llvm-user: push_lane is 0xe9 0x03");
	hd_buf_free(&b);
}

/* Expects assembling text to fail with code at column col. */
static void fails_at(const char *text, hd_profile p, unsigned os, const hd_regnames *names,
                     const char *code, size_t col, const char *name)
{
	hd_encoding enc = encoding(p, os);
	hd_buf b;
	hd_status st;
	int rc;

	hd_buf_init(&b);
	hd_buf_byte(&b, 0x77);
	rc = hd_assemble(text, strlen(text), &enc, names, &b, &st);
	if (!OK(rc != 0 && st.kind == HD_BAD_INPUT && strcmp(st.code, code) == 0 &&
	        st.offset == col && b.len == 1, name))
		printf("  # rc %d: %s at %" PRIu64 ": %s\n", rc, rc ? st.code : "-",
		       rc ? st.offset : 0, rc ? st.msg : "");
	else
		printf("  # %s\n", st.msg);
	hd_buf_free(&b);
}

static void test_errors(void)
{
	const hd_profile v0 = HD_PROFILE_AMDGPU_V0, user = HD_PROFILE_LLVM_USER;

	fails_at("DW_OP_lit1; DW_OP_bogus", v0, 4, NULL, "bad-text", 12, "unknown name");
	fails_at("lit32", v0, 4, NULL, "bad-text", 0, "lit32 is not a name");
	fails_at("DW_OP_constu", v0, 4, NULL, "bad-text", 12, "missing operand at the end");
	fails_at("DW_OP_constu ; lit1", v0, 4, NULL, "bad-text", 13, "missing operand before ';'");
	fails_at("DW_OP_bregx 3", v0, 4, NULL, "bad-text", 13, "missing second operand");
	fails_at("DW_OP_constu 12x", v0, 4, NULL, "bad-text", 13, "bad number");
	fails_at("DW_OP_constu 0x", v0, 4, NULL, "bad-text", 13, "0x without digits");
	fails_at("DW_OP_constu -1", v0, 4, NULL, "bad-text", 13, "'-' for an unsigned operand");
	fails_at("DW_OP_constu 18446744073709551616", v0, 4, NULL, "operand-range", 13,
	         "2^64 does not fit");
	fails_at("DW_OP_consts 9223372036854775808", v0, 4, NULL, "operand-range", 13,
	         "2^63 does not fit a signed operand");
	fails_at("DW_OP_const1u 300", v0, 4, NULL, "operand-range", 14, "const1u 300");
	fails_at("DW_OP_const2s -32769", v0, 4, NULL, "operand-range", 14, "const2s -32769");
	fails_at("DW_OP_call_ref 0x100000000", v0, 4, NULL, "operand-range", 15,
	         "DWARF32 call_ref 2^32");
	fails_at("DW_OP_lit1 5", v0, 4, NULL, "bad-text", 11, "too many operands");
	fails_at("DW_OP_implicit_value [01 02", v0, 4, NULL, "bad-text", 21, "unterminated '['");
	fails_at("DW_OP_implicit_value [012]", v0, 4, NULL, "bad-text", 24, "odd hex digits");
	fails_at("DW_OP_implicit_value 01", v0, 4, NULL, "bad-text", 21, "block without '['");
	fails_at("DW_OP_implicit_value {DW_OP_lit1}", v0, 4, NULL, "bad-text", 21,
	         "'{' only where an expression goes");
	fails_at("DW_OP_entry_value {DW_OP_lit1", v0, 4, NULL, "bad-text", 18, "unterminated '{'");
	fails_at("DW_OP_entry_value {DW_OP_lit1; DW_OP_nope}", v0, 4, NULL, "bad-text", 31,
	         "an error inside braces has its column in the whole text");
	fails_at("DW_OP_lit1 }", v0, 4, NULL, "bad-text", 11, "'}' at the top level");
	fails_at(";", v0, 4, NULL, "bad-text", 0, "a lone ';'");
	fails_at("lit1;;lit2", v0, 4, NULL, "bad-text", 5, "an empty operation");
	fails_at("DW_OP_regx r7", v0, 4, NULL, "bad-text", 11, "register name without names");
	fails_at("DW_OP_regx q1", v0, 4, &fake_names, "bad-text", 11, "unknown register name");
	fails_at("DW_OP_lit1; DW_OP_LLVM_aspace_implicit_pointer 0x10 4", user, 4, NULL,
	         "not-in-profile", 12, "llvm-user: aspace_implicit_pointer is not in the profile");
	fails_at("DW_OP_LLVM_nop", v0, 4, NULL, "not-in-profile", 0,
	         "amdgpu-v0: LLVM_nop is not in the profile");
	fails_at("DW_OP_const_type 0x2a [00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f "
	         "00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b "
	         "0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 "
	         "08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 "
	         "04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f "
	         "00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b "
	         "0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 "
	         "08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 "
	         "04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f "
	         "00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b "
	         "0c 0d 0e 0f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f]",
	         v0, 4, NULL, "operand-range", 22, "const_type block over 255 bytes");
}

/* entry_value nested n deep around DW_OP_lit1. */
static void nested_bytes(hd_buf *b, int n)
{
	hd_buf inner;

	hd_buf_reset(b);
	hd_buf_byte(b, 0x31);
	for (int i = 0; i < n; i++) {
		hd_buf_init(&inner);
		hd_buf_byte(&inner, 0xa3);
		hd_buf_uleb(&inner, b->len);
		hd_buf_put(&inner, b->data, b->len);
		hd_buf_reset(b);
		hd_buf_put(b, inner.data, inner.len);
		hd_buf_free(&inner);
	}
}

static void test_nesting(void)
{
	hd_encoding enc = encoding(HD_PROFILE_AMDGPU_V0, 4);
	hd_buf b, t, again;
	hd_status st;
	int rc;

	hd_buf_init(&b);
	hd_buf_init(&t);
	hd_buf_init(&again);
	nested_bytes(&b, 8);
	rc = hd_disassemble(b.data, b.len, &enc, NULL, &t, &st);
	EQ_STR(rc == 0 ? hd_buf_str(&t) : "(failed)",
	       "DW_OP_entry_value {DW_OP_entry_value {DW_OP_entry_value {DW_OP_entry_value "
	       "{DW_OP_entry_value {DW_OP_entry_value {DW_OP_entry_value {DW_OP_entry_value "
	       "{DW_OP_lit1}}}}}}}}", "eight levels print as nested text");
	OK(hd_assemble((const char *)t.data, t.len, &enc, NULL, &again, &st) == 0 &&
	   again.len == b.len && memcmp(again.data, b.data, b.len) == 0,
	   "eight levels assemble back");

	nested_bytes(&b, 9);
	hd_buf_reset(&t);
	hd_buf_reset(&again);
	rc = hd_disassemble(b.data, b.len, &enc, NULL, &t, &st);
	EQ_STR(rc == 0 ? hd_buf_str(&t) : "(failed)",
	       "DW_OP_entry_value {DW_OP_entry_value {DW_OP_entry_value {DW_OP_entry_value "
	       "{DW_OP_entry_value {DW_OP_entry_value {DW_OP_entry_value {DW_OP_entry_value "
	       "{DW_OP_entry_value [31]}}}}}}}}", "the ninth level prints as hex bytes");
	OK(hd_assemble((const char *)t.data, t.len, &enc, NULL, &again, &st) == 0 &&
	   again.len == b.len && memcmp(again.data, b.data, b.len) == 0,
	   "nine levels assemble back");
	fails_at("entry_value {entry_value {entry_value {entry_value {entry_value {entry_value "
	         "{entry_value {entry_value {entry_value {lit1}}}}}}}}}",
	         HD_PROFILE_AMDGPU_V0, 4, NULL, "bad-text", 116, "nine levels of braces are too deep");
	hd_buf_free(&b);
	hd_buf_free(&t);
	hd_buf_free(&again);
}

static void test_disassemble_errors(void)
{
	static const uint8_t bad[] = { 0x31, 0xe2 };
	static const uint8_t cut[] = { 0x31, 0x10, 0x80 };
	hd_encoding enc = encoding(HD_PROFILE_LLVM_USER, 4);
	hd_buf t;
	hd_status st;
	hd_op op;

	hd_buf_init(&t);
	hd_buf_put(&t, "x", 1);
	OK(hd_disassemble(bad, sizeof bad, &enc, NULL, &t, &st) != 0 && st.kind == HD_ILL_FORMED &&
	   strcmp(st.code, "unknown-opcode") == 0 && st.offset == 1 && t.len == 1,
	   "llvm-user: disassembling 0xe2 fails at its offset and leaves out alone");
	OK(hd_disassemble(cut, sizeof cut, &enc, NULL, &t, &st) != 0 &&
	   strcmp(st.code, "truncated") == 0 && st.offset == 2,
	   "disassembling a cut LEB128 is truncated");
	hd_buf_reset(&t);
	memset(&op, 0, sizeof op);
	op.id = HD_OP_breg;
	op.u[0] = 5;
	op.u[1] = (uint64_t)-8;
	hd_print_op(&t, &op, &enc, NULL);
	EQ_STR(hd_buf_str(&t), "DW_OP_breg5 -8", "hd_print_op: breg5 -8");
	hd_buf_free(&t);
}

int main(void)
{
	tap_begin();
	test_all_rows();
	test_spellings();
	test_errors();
	test_nesting();
	test_disassemble_errors();
	return tap_end();
}
