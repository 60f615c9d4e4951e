/* The decode role's library (harness/judge/decode.h) on small inputs of its own:
 * which cases become items, the object it writes, and the judge on good,
 * wrong and hostile candidate output. tests/decode_role.sh runs it on the
 * whole corpus and with real tools. */
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#include "decode.h"
#include "elf/elf_write.h"
#include "util/file.h"

static const uint8_t b_lit0[] = { 0x30 };
static const uint8_t b_regx65[] = { 0x90, 0x41 };
static const uint8_t b_entry[] = { 0xa3, 0x02, 0x31, 0x50 };   /* entry_value {lit1; reg0} */
static const uint8_t b_aspace[] = { 0x30, 0x36, 0xe1 };        /* lit0; lit6; form_aspace_address */

static const hc_decode_item items[] = {
	{ "expr/a", b_lit0, sizeof b_lit0 },
	{ "expr/b", b_regx65, sizeof b_regx65 },
	{ "expr/c", NULL, 0 },
	{ "expr/d", b_entry, sizeof b_entry },
	{ "expr/e", b_aspace, sizeof b_aspace },
};
#define NITEMS (sizeof items / sizeof items[0])

static const char good[] =
	"e4: DW_OP_lit0; DW_OP_lit6; DW_OP_LLVM_form_aspace_address\r\n"
	"e0: DW_OP_lit0\n"
	"\n"
	"e2:\n"
	"e1: DW_OP_regx 65   \n"
	"e3: DW_OP_entry_value {DW_OP_lit1; DW_OP_reg0}\n"
	"e0: DW_OP_lit0\n";          /* a repeated identical line is harmless */

static hc_decode_verdict v[NITEMS];

static int judge(const char *text, size_t len)
{
	hd_status st;

	hd_status_clear(&st);
	return hc_decode_judge(items, NITEMS, HD_PROFILE_AMDGPU_V0, text, len, v, &st);
}

static int contains(const char *s, const char *part)
{
	return s != NULL && strstr(s, part) != NULL;
}

static void test_expected(void)
{
	hd_buf out;
	hd_status st;

	hd_buf_init(&out);
	hd_status_clear(&st);
	OK(hc_decode_expected(&items[3], HD_PROFILE_AMDGPU_V0, &out, &st) == 0,
	   "expected text of a nested expression");
	EQ_STR(hd_buf_str(&out), "DW_OP_entry_value {DW_OP_lit1; DW_OP_reg0}",
	       "nested ops in braces, registers as numbers");
	hd_buf_reset(&out);
	OK(hc_decode_expected(&items[4], HD_PROFILE_LLVM_USER, &out, &st) != 0,
	   "raw 0xe1 does not decode in llvm-user");
	hd_buf_free(&out);
}

static void test_judge_good(void)
{
	size_t pass = 0;

	OK(judge(good, sizeof good - 1) == 0, "judging good output");
	for (size_t i = 0; i < NITEMS; i++)
		pass += v[i].outcome == HC_PASS && v[i].reason == NULL && v[i].diff == NULL;
	EQ_U64(pass, NITEMS, "every item passes, in any order, CR and trailing blanks ignored");
	hc_decode_verdicts_free(v, NITEMS);
}

static void test_judge_wrong(void)
{
	static const char text[] =
		"e0: error unknown opcode 0x30\n"
		"e1: DW_OP_regx SGPR33\n"
		"e3: DW_OP_entry_value {DW_OP_lit1, DW_OP_reg0}\n"
		"e4: DW_OP_lit0; DW_OP_lit6\n"
		"e4: DW_OP_lit0; DW_OP_lit6; DW_OP_LLVM_form_aspace_address\n"
		"e01: DW_OP_lit0\n"
		"e99: DW_OP_lit0\n"
		"garbage\n";

	OK(judge(text, sizeof text - 1) == 0, "judging wrong output");
	OK(v[0].outcome == HC_FAIL && contains(v[0].reason, "could not decode") &&
	   contains(v[0].diff, "expected: DW_OP_lit0\ngot: error unknown opcode"),
	   "an error line fails with the candidate's message and a diff");
	OK(v[1].outcome == HC_FAIL &&
	   contains(v[1].reason, "op 1: expected `DW_OP_regx 65`, got `DW_OP_regx SGPR33`"),
	   "a register name is a mismatch, at op 1");
	OK(v[2].outcome == HC_FAIL && contains(v[2].reason, "no line for e2") &&
	   contains(v[2].reason, "3 line(s) broke the protocol") &&
	   contains(v[2].reason, "line 6: `e01: DW_OP_lit0`"),
	   "a missing line fails; the lines that broke the protocol are counted and quoted");
	OK(v[3].outcome == HC_FAIL && contains(v[3].reason, "op 1:"),
	   "\"; \" inside braces is not an op boundary");
	OK(v[4].outcome == HC_FAIL && contains(v[4].reason, "different lines for e4"),
	   "two different lines for one expression fail");
	hc_decode_verdicts_free(v, NITEMS);

	static const char fewer[] = "e4: DW_OP_lit0; DW_OP_lit6\n";
	OK(judge(fewer, sizeof fewer - 1) == 0 &&
	   contains(v[4].reason, "op 3: the candidate printed fewer ops"), "fewer ops");
	hc_decode_verdicts_free(v, NITEMS);
	static const char more[] = "e0: DW_OP_lit0; DW_OP_nop\n";
	OK(judge(more, sizeof more - 1) == 0 &&
	   contains(v[0].reason, "op 2: the candidate printed more ops"), "more ops");
	hc_decode_verdicts_free(v, NITEMS);
}

/* The one narrow exception to "different text fails": DW_OP_LLVM_aspace_bregx's
 * displacement read unsigned, as the extension's encoding table has it. */
static void test_judge_unsigned_bregx(void)
{
	/* lit3; aspace_bregx 65 -65; and lit3; aspace_bregx 65 -1 in amdgpu-v0 */
	static const uint8_t user_m65[] = { 0x33, 0xe9, 0x09, 0x41, 0xbf, 0x7f };
	static const uint8_t v0_m1[] = { 0x33, 0xe8, 0x41, 0x7f };
	/* -2^63: ten bytes that no 64-bit ULEB128 holds */
	static const uint8_t user_min[] = { 0x33, 0xe9, 0x09, 0x41, 0x80, 0x80, 0x80, 0x80,
	                                    0x80, 0x80, 0x80, 0x80, 0x80, 0x7f };
	/* nested in entry_value: not at the top level, so the rule does not apply */
	static const uint8_t user_nested[] = { 0xa3, 0x05, 0x33, 0xe9, 0x09, 0x41, 0x7f };
	static const hc_decode_item bitems[] = {
		{ "expr/u", user_m65, sizeof user_m65 },
		{ "expr/m", user_min, sizeof user_min },
		{ "expr/n", user_nested, sizeof user_nested },
	};
	static const hc_decode_item v0item[] = { { "expr/v", v0_m1, sizeof v0_m1 } };
	hc_decode_verdict bv[3];
	hd_status st;
	hd_buf alt;

	hd_status_clear(&st);
	hd_buf_init(&alt);
	OK(hc_decode_expected_unsigned_bregx(&bitems[0], HD_PROFILE_LLVM_USER, &alt, &st) == 1,
	   "a negative displacement reads differently as ULEB128");
	EQ_STR(hd_buf_str(&alt), "DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 16319",
	       "bf 7f read unsigned is 16319");
	hd_buf_reset(&alt);
	OK(hc_decode_expected_unsigned_bregx(&bitems[1], HD_PROFILE_LLVM_USER, &alt, &st) == 0 &&
	   alt.len == 0, "bytes past 64 bits have no unsigned reading");
	hd_buf_free(&alt);

	static const char text[] =
		"e0: DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 16319\n"
		"e1: DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 0; DW_OP_breg16 -72057594037927936\n"
		"e2: DW_OP_entry_value {DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 127}\n";
	OK(hc_decode_judge(bitems, 3, HD_PROFILE_LLVM_USER, text, sizeof text - 1, bv, &st) == 0,
	   "judging unsigned aspace_bregx displacements");
	OK(bv[0].outcome == HC_COMPAT_WARNING &&
	   contains(bv[0].reason, "displacement decoded as unsigned") &&
	   contains(bv[0].diff, "expected: DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 -65\n"),
	   "the displacement read unsigned is a compatibility warning, with a diff");
	OK(bv[1].outcome == HC_FAIL && contains(bv[1].reason, "decoded differently at op 2"),
	   "bytes that overflow a ULEB128, read anyway, fail");
	OK(bv[2].outcome == HC_FAIL, "an unsigned reading inside entry_value fails");
	hc_decode_verdicts_free(bv, 3);

	static const char other[] = "e0: DW_OP_lit4; DW_OP_LLVM_aspace_bregx 65 16319\n";
	OK(hc_decode_judge(bitems, 1, HD_PROFILE_LLVM_USER, other, sizeof other - 1, bv, &st) == 0 &&
	   bv[0].outcome == HC_FAIL && contains(bv[0].reason, "op 1:"),
	   "another difference on the same line still fails");
	hc_decode_verdicts_free(bv, 1);
	static const char neg[] = "e0: DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 -65\n";
	OK(hc_decode_judge(bitems, 1, HD_PROFILE_LLVM_USER, neg, sizeof neg - 1, bv, &st) == 0 &&
	   bv[0].outcome == HC_PASS, "the signed reading passes");
	hc_decode_verdicts_free(bv, 1);
	static const char v0[] = "e0: DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 127\n";
	OK(hc_decode_judge(v0item, 1, HD_PROFILE_AMDGPU_V0, v0, sizeof v0 - 1, bv, &st) == 0 &&
	   bv[0].outcome == HC_COMPAT_WARNING, "the same in amdgpu-v0 (0xe8)");
	hc_decode_verdicts_free(bv, 1);
}

static void test_judge_hostile(void)
{
	size_t big = HC_DECODE_MAX_LINE + 100;
	char *text = malloc(big + 64);
	size_t fails = 0;
	hd_status st;

	if (!OK(text != NULL, "memory for a hostile output"))
		return;
	/* a line past the bound that would otherwise answer e0, then NULs */
	memcpy(text, "e0: ", 4);
	memset(text + 4, 'x', big - 4);
	memcpy(text + big, "\ne1: DW_OP_regx 65\0\ne2:\n", 24);
	OK(judge(text, big + 24) == 0, "judging an over-long line and NUL bytes");
	OK(v[0].outcome == HC_FAIL && contains(v[0].reason, "no line for e0"),
	   "an over-long line answers nothing");
	OK(v[1].outcome == HC_FAIL, "a line with a NUL answers nothing");
	OK(v[2].outcome == HC_PASS, "lines after them still count");
	hc_decode_verdicts_free(v, NITEMS);
	free(text);

	OK(judge("", 0) == 0, "judging empty output");
	for (size_t i = 0; i < NITEMS; i++)
		fails += v[i].outcome == HC_FAIL;
	EQ_U64(fails, NITEMS, "empty output fails every item");
	hc_decode_verdicts_free(v, NITEMS);

	hd_status_clear(&st);
	OK(hc_decode_judge_file(items, NITEMS, HD_PROFILE_AMDGPU_V0, "/nonexistent/out", v,
	                        &st) == 0 &&
	   v[0].outcome == HC_FAIL && contains(v[0].reason, "cannot be read"),
	   "an output file that cannot be read fails every item");
	hc_decode_verdicts_free(v, NITEMS);
}

static void test_object(const char *dir)
{
	char path[512];
	hd_buf file;
	hd_status st;
	const uint8_t *info = NULL;
	size_t info_len = 0;

	snprintf(path, sizeof path, "%s/decode.o", dir);
	hd_status_clear(&st);
	OK(hc_decode_write_object(items, NITEMS, HD_PROFILE_AMDGPU_V0, path, &st) == 0,
	   "writing the object");
	hd_buf_init(&file);
	OK(hd_read_file(path, 1u << 20, &file, &st) == 0 && file.len > 64 &&
	   memcmp(file.data, "\177ELF", 4) == 0 && file.data[4] == 2 &&
	   (file.data[18] | file.data[19] << 8) == HD_EM_AMDGPU,
	   "an ELF64 file for EM_AMDGPU");
	OK(hd_elf_section(file.data, file.len, ".debug_info", &info, &info_len, &st) == 0 &&
	   info != NULL && info_len > 12 && info[4] == 5,
	   "with a DWARF 5 .debug_info");
	hd_buf_free(&file);
	unlink(path);
	snprintf(path, sizeof path, "%s/no/such/dir/decode.o", dir);
	OK(hc_decode_write_object(items, NITEMS, HD_PROFILE_AMDGPU_V0, path, &st) != 0 &&
	   st.msg[0] != '\0', "a path that cannot be written is an error value");
}

/* A case file name and its text. */
static const char *const corpus[][2] = {
	{ "a-v0.case", "format hdcts-case 1\nexpr: lit1; lit2; plus\n" },
	{ "b-user.case", "format hdcts-case 1\nencoding llvm-user\nexpr: lit0; lit6; "
	                 "LLVM_form_aspace_address\n" },
	{ "c-bad.case", "format hdcts-case 1\nbytes: e9 ff 7f\n" },
	{ "d-64.case", "format hdcts-case 1\nencoding amdgpu-v0 dwarf64\n"
	               "bytes: 9a 80 00 00 00 00 00 00 00\n" },
	{ "e-64far.case", "format hdcts-case 1\nencoding amdgpu-v0 dwarf64\n"
	                  "bytes: 9a 00 00 00 00 01 00 00 00\n" },
	{ "f-broken.case", "format hdcts-case 1\nexpr: no_such_op\n" },
	{ "g-notes.txt", "not a case\n" },
};
#define NCORPUS (sizeof corpus / sizeof corpus[0])

static void test_collect(const char *dir)
{
	char path[512];
	hc_decode_set set;
	hd_status st;

	for (size_t i = 0; i < NCORPUS; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, corpus[i][0]);
		hd_status_clear(&st);
		if (hd_write_file_atomic(path, corpus[i][1], strlen(corpus[i][1]), &st) != 0)
			printf("# cannot write %s: %s\n", path, st.msg);
	}
	hd_status_clear(&st);
	if (!OK(hc_decode_collect(dir, HD_PROFILE_AMDGPU_V0, &set, &st) == 0,
	        "collecting amdgpu-v0 items"))
		return;
	EQ_U64(set.nitems, 2, "two items: a plain case and a DWARF64 one that fits");
	OK(set.nitems == 2 && strcmp(set.items[0].case_id, "expr/a-v0") == 0 &&
	   strcmp(set.items[1].case_id, "expr/d-64") == 0, "ids in name order");
	OK(set.nitems == 2 && set.items[1].len == 5 && set.items[1].bytes[0] == 0x9a &&
	   set.items[1].bytes[1] == 0x80, "the DWARF64 call_ref re-encoded with 4 bytes");
	EQ_U64(set.nskips, 2, "two skips");
	OK(set.nskips == 2 && strcmp(set.skips[0].case_id, "expr/b-user") == 0 &&
	   set.skips[0].kind == HC_DECODE_SKIP_PROFILE &&
	   contains(set.skips[0].reason, "llvm-user profile; the candidate claims amdgpu-v0"),
	   "a case of the other profile is skipped with its reason");
	OK(set.nskips == 2 && strcmp(set.skips[1].case_id, "expr/f-broken") == 0 &&
	   set.skips[1].kind == HC_DECODE_SKIP_BROKEN, "a case that does not load is reported");
	EQ_U64(set.nexcluded, 2, "ill-formed bytes and an offset past 4 GiB are no items");
	hc_decode_set_free(&set);

	OK(hc_decode_collect(dir, HD_PROFILE_LLVM_USER, &set, &st) == 0 && set.nitems == 1 &&
	   strcmp(set.items[0].case_id, "expr/b-user") == 0, "collecting llvm-user items");
	hc_decode_set_free(&set);
	OK(hc_decode_collect("/nonexistent/cases", HD_PROFILE_LLVM_USER, &set, &st) != 0 &&
	   set.nitems == 0, "a directory that cannot be read is an error value");
	for (size_t i = 0; i < NCORPUS; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, corpus[i][0]);
		unlink(path);
	}
}

int main(void)
{
	char dir[] = "/tmp/test_decode_role.XXXXXX";

	tap_begin();
	test_expected();
	test_judge_good();
	test_judge_wrong();
	test_judge_unsigned_bregx();
	test_judge_hostile();
	if (OK(mkdtemp(dir) != NULL, "a scratch directory")) {
		test_object(dir);
		test_collect(dir);
		rmdir(dir);
	}
	return tap_end();
}
