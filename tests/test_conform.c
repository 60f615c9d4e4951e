/* The conformance check (harness/judge/conform.h, docs/conformance-rules.md) on
 * small dumps: what may differ between a candidate's DWARF and the
 * reference's (forms, order, #k, extra attributes, a defaulted pointer
 * size, the two forms of a vector, blocks holding no entity) passes; what
 * may not (an address class, a member offset, a scope, a missing entity)
 * fails with a fact diff, and so does a function whose FDE defines no CFA
 * at its entry; locations in xderef form are a quality warning,
 * undecodable ones a fail; a dump that breaks the layout is refused with
 * its line and the rule. */
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "tap.h"

#define HEAD "dwarf-dump 1\nunit compile version 5 address_size 8\n" \
             "  DW_TAG_compile_unit \"k.cl\"\n" \
             "    DW_AT_language constant DW_LANG_OpenCL\n"

/* The reference's dump every case varies. */
static const char want[] = HEAD
	"    DW_TAG_pointer_type#1\n"
	"      DW_AT_byte_size constant 8\n"
	"      DW_AT_address_class constant 1\n"
	"      DW_AT_type reference /base_type \"int\"\n"
	"    DW_TAG_base_type \"float4\"\n"
	"      DW_AT_name string \"float4\"\n"
	"      DW_AT_byte_size constant 16\n"
	"      DW_AT_encoding constant DW_ATE_float\n"
	"      DW_AT_LLVM_vector_size constant 4\n"
	"    DW_TAG_base_type \"int\"\n"
	"      DW_AT_name string \"int\"\n"
	"      DW_AT_byte_size constant 4\n"
	"      DW_AT_encoding constant DW_ATE_signed\n"
	"    DW_TAG_structure_type \"s\"\n"
	"      DW_AT_byte_size constant 8\n"
	"      DW_TAG_member \"a\"\n"
	"        DW_AT_data_member_location constant 0\n"
	"        DW_AT_type reference /base_type \"int\"\n"
	"      DW_TAG_member \"b\"\n"
	"        DW_AT_data_member_location constant 4\n"
	"        DW_AT_type reference /base_type \"int\"\n"
	"      DW_TAG_member \"bits\"\n"
	"        DW_AT_bit_size constant 5\n"
	"        DW_AT_type reference /base_type \"int\"\n"
	"        DW_AT_data_bit_offset constant 35\n"
	"    DW_TAG_subprogram \"k\"\n"
	"      DW_AT_decl_file file \"/hdcts/cases/opencl/k.cl\"\n"
	"      DW_AT_decl_line constant 3\n"
	"      DW_AT_frame_base exprloc DW_OP_regx s33\n"
	"      DW_TAG_formal_parameter \"out\"\n"
	"        DW_AT_location exprloc DW_OP_fbreg 0\n"
	"        DW_AT_type reference /pointer_type#1\n"
	"      DW_TAG_lexical_block\n"
	"        DW_TAG_lexical_block\n"
	"          DW_TAG_variable \"v\"\n"
	"            DW_AT_decl_line constant 5\n"
	"            DW_AT_type reference /base_type \"float4\"\n"
	"  lines\n"
	"    file \"/hdcts/cases/opencl/k.cl\"\n";

/* The same facts as clang writes them: other file paths, a pointer
 * without size, a GNU vector behind a typedef-free use, no empty block,
 * attributes the reference does not have, DIEs in another order, and the
 * bit field in DWARF 2's form: bits 35-39 are bits 24-28 counted from the
 * top of the 4-byte unit at byte 4 (DWARF 4 section 5.5.6, little-endian). */
static const char same[] = HEAD
	"    DW_AT_producer string \"clang\"\n"
	"    DW_TAG_array_type\n"
	"      DW_AT_type reference /base_type \"float\"\n"
	"      DW_AT_GNU_vector flag true\n"
	"      DW_TAG_subrange_type\n"
	"        DW_AT_count constant 4\n"
	"    DW_TAG_pointer_type\n"
	"      DW_AT_address_class constant 1\n"
	"      DW_AT_type reference /base_type \"int\"\n"
	"    DW_TAG_base_type \"float\"\n"
	"      DW_AT_byte_size constant 4\n"
	"      DW_AT_encoding constant DW_ATE_float\n"
	"    DW_TAG_base_type \"int\"\n"
	"      DW_AT_byte_size constant 4\n"
	"      DW_AT_encoding constant DW_ATE_signed\n"
	"    DW_TAG_structure_type \"s\"\n"
	"      DW_AT_byte_size constant 8\n"
	"      DW_AT_decl_line constant 1\n"
	"      DW_TAG_member \"a\"\n"
	"        DW_AT_data_member_location constant 0\n"
	"        DW_AT_type reference /base_type \"int\"\n"
	"      DW_TAG_member \"b\"\n"
	"        DW_AT_data_member_location constant 4\n"
	"        DW_AT_type reference /base_type \"int\"\n"
	"      DW_TAG_member \"bits\"\n"
	"        DW_AT_byte_size constant 4\n"
	"        DW_AT_bit_offset constant 24\n"
	"        DW_AT_bit_size constant 5\n"
	"        DW_AT_data_member_location constant 4\n"
	"        DW_AT_type reference /base_type \"int\"\n"
	"    DW_TAG_subprogram \"k\"\n"
	"      DW_AT_decl_file file \"/home/me/k.cl\"\n"
	"      DW_AT_decl_line constant 3\n"
	"      DW_AT_frame_base exprloc DW_OP_regx s33\n"
	"      DW_TAG_formal_parameter \"out\"\n"
	"        DW_AT_location exprloc DW_OP_fbreg 8; DW_OP_constu 5; DW_OP_LLVM_form_aspace_address\n"
	"        DW_AT_type reference /pointer_type\n"
	"      DW_TAG_lexical_block\n"
	"        DW_AT_low_pc address +0x10\n"
	"        DW_TAG_variable \"v\"\n"
	"          DW_AT_decl_line constant 5\n"
	"          DW_AT_type reference /array_type\n";

/* Judges got against want; the outcome, and the diff in *diff (freed by
 * the caller) when one is wanted. */
static hc_outcome judge(const char *got, int locations, char **diff, char **reason)
{
	hc_result r;
	hd_status st;
	hc_outcome o;

	memset(&r, 0, sizeof r);
	if (hc_conform_judge(want, strlen(want), got, strlen(got), locations, NULL, &r, &st) != 0)
		abort();
	if (diff != NULL)
		*diff = r.diff, r.diff = NULL;
	if (reason != NULL)
		*reason = r.reason, r.reason = NULL;
	o = r.outcome;
	hc_result_free(&r);
	return o;
}

/* text with the first occurrence of from replaced by to. */
static char *replace_in(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
	char *s = malloc(n);

	if (at == NULL || s == NULL)
		abort();
	snprintf(s, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	return s;
}

static char *edit(const char *from, const char *to)
{
	return replace_in(want, from, to);
}

static void test_same_facts(void)
{
	EQ_STR(hc_outcome_name(judge(want, 0, NULL, NULL)), "pass", "a dump conforms to itself");
	EQ_STR(hc_outcome_name(judge(same, 0, NULL, NULL)), "pass",
	       "forms, order, paths, defaults, vector forms and empty blocks do not matter");
	EQ_STR(hc_outcome_name(judge(same, 1, NULL, NULL)), "pass",
	       "extension-form locations pass the locations check");
}

static void test_differences(void)
{
	static const struct {
		const char *from, *to, *fact;
	} cases[] = {
		{ "DW_AT_address_class constant 1", "DW_AT_address_class constant 2",
		  "- subprogram \"k\"/formal_parameter \"out\": type = pointer_type{byte_size 8, "
		  "address_class 1} -> base_type \"int\"\n+ subprogram \"k\"/formal_parameter \"out\": "
		  "type = pointer_type{byte_size 8, address_class 2} -> base_type \"int\"\n" },
		{ "DW_AT_data_member_location constant 4", "DW_AT_data_member_location constant 8",
		  "- structure_type \"s\"/member \"b\": data_member_location = 4\n"
		  "+ structure_type \"s\"/member \"b\": data_member_location = 8\n" },
		{ "DW_TAG_subprogram \"k\"", "DW_TAG_subprogram \"k2\"",
		  "- subprogram \"k\"/lexical_block/variable \"v\"\n+ (none)\n" },
		{ "DW_TAG_member \"b\"", "DW_TAG_member \"bits\"",
		  "- structure_type \"s\"/member \"b\"\n+ (none)\n" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = edit(cases[i].from, cases[i].to), *diff = NULL, name[160];
		hc_outcome o = judge(got, 0, &diff, NULL);
		snprintf(name, sizeof name, "%.60s -> fail", cases[i].to);
		EQ_STR(hc_outcome_name(o), "fail", name);
		OK(diff != NULL && strstr(diff, cases[i].fact) != NULL, "the diff shows the fact");
		if (diff == NULL || strstr(diff, cases[i].fact) == NULL)
			printf("  # diff:\n%s", diff ? diff : "(none)\n");
		free(diff);
		free(got);
	}
}

static void test_locations(void)
{
	char *got = edit("DW_OP_fbreg 0", "DW_OP_fbreg 0; DW_OP_lit1; DW_OP_swap; DW_OP_xderef");
	char *diff = NULL, *reason = NULL;

	EQ_STR(hc_outcome_name(judge(got, 1, &diff, &reason)), "quality-warning",
	       "an xderef location is a quality warning");
	OK(diff && strstr(diff, "~ /subprogram \"k\"/formal_parameter \"out\": location"),
	   "the diff names the location");
	OK(reason && strstr(reason, "1 location"), "the reason counts it");
	EQ_STR(hc_outcome_name(judge(got, 0, NULL, NULL)), "pass",
	       "the facts check does not look at locations");
	free(diff);
	free(reason);
	free(got);
	got = edit("exprloc DW_OP_fbreg 0", "exprloc undecodable bad-opcode at 0 [ff]");
	EQ_STR(hc_outcome_name(judge(got, 1, NULL, NULL)), "fail",
	       "an undecodable location fails");
	free(got);
}

static void test_bad_dumps(void)
{
	char *reason = NULL;
	char *got = edit("      DW_TAG_member \"a\"", "       DW_TAG_member \"a\"");

	EQ_STR(hc_outcome_name(judge(got, 0, NULL, &reason)), "internal-error",
	       "a dump with odd indentation is the suite's error: hdref dump printed it");
	OK(reason && strstr(reason, "line 20: indentation"), "the reason gives the line and rule");
	if (reason)
		printf("  # %s\n", reason);
	free(reason);
	free(got);
	got = edit("DW_TAG_member \"a\"", "DW_TAG_member \"a");
	EQ_STR(hc_outcome_name(judge(got, 0, NULL, NULL)), "internal-error",
	       "so is an unclosed name");
	free(got);
}

/* A bit field compares by its bits: DWARF 5's DW_AT_data_bit_offset and
 * DWARF 2's DW_AT_bit_offset in a storage unit (of DW_AT_byte_size, or of
 * the member's type) are one fact; a field moved by one bit fails. */
static void test_bit_fields(void)
{
	static const char dwarf2[] =
		"      DW_TAG_member \"bits\"\n"
		"        DW_AT_byte_size constant 4\n"
		"        DW_AT_bit_offset constant 24\n"
		"        DW_AT_bit_size constant 5\n"
		"        DW_AT_data_member_location constant 4\n";
	static const char dwarf5[] =
		"      DW_TAG_member \"bits\"\n"
		"        DW_AT_bit_size constant 5\n";
	char *no_size = replace_in(same, "        DW_AT_byte_size constant 4\n        DW_AT_bit_offset",
	                           "        DW_AT_bit_offset");
	char *moved = replace_in(same, "DW_AT_bit_offset constant 24", "DW_AT_bit_offset constant 23");
	char *from_byte = replace_in(same, dwarf2,
	                             "      DW_TAG_member \"bits\"\n"
	                             "        DW_AT_bit_size constant 5\n"
	                             "        DW_AT_data_bit_offset constant 3\n"
	                             "        DW_AT_data_member_location constant 4\n");
	char *expr = replace_in(same, "        DW_AT_data_member_location constant 4\n        DW_AT_type",
	                        "        DW_AT_data_member_location exprloc DW_OP_plus_uconst 4\n"
	                        "        DW_AT_type");
	char *expr2 = replace_in(expr, "DW_AT_data_member_location constant 4",
	                         "DW_AT_data_member_location exprloc DW_OP_plus_uconst 4");
	char *diff = NULL;

	OK(strstr(want, dwarf5) != NULL && strstr(same, dwarf2) != NULL, "the two spellings");
	EQ_STR(hc_outcome_name(judge(expr2, 0, NULL, NULL)), "pass",
	       "DWARF 2's DW_OP_plus_uconst member locations, of a field and of a bit field");
	EQ_STR(hc_outcome_name(judge(no_size, 0, NULL, NULL)), "pass",
	       "DWARF 2 bit offset in a unit of the member type's size");
	EQ_STR(hc_outcome_name(judge(from_byte, 0, NULL, NULL)), "pass",
	       "a data bit offset from a data member location");
	EQ_STR(hc_outcome_name(judge(moved, 0, &diff, NULL)), "fail", "a field one bit off fails");
	OK(diff && strstr(diff, "- structure_type \"s\"/member \"bits\": data_bit_offset = 35\n"
	                        "+ structure_type \"s\"/member \"bits\": data_bit_offset = 36\n"),
	   "the diff shows the absolute bit offsets");
	if (diff && strstr(diff, "data_bit_offset = 36") == NULL)
		printf("  # diff:\n%s", diff);
	free(diff);
	free(expr2);
	free(expr);
	free(moved);
	free(from_byte);
	free(no_size);
}

/* A 3-component vector is stored as 4 (OpenCL C 6.1.5): the reference's
 * float3 has byte_size 16, and its element is still 4 bytes. */
static void test_vector3_facts(void)
{
	char *got = edit("DW_AT_LLVM_vector_size constant 4", "DW_AT_LLVM_vector_size constant 3");
	hd_buf out;
	hd_status st;

	hd_buf_init(&out);
	OK(hc_conform_facts(got, strlen(got), "got", &out, &st) == 0 &&
	   strstr(hd_buf_str(&out), "type = vector[3] of {byte_size 4, encoding DW_ATE_float}\n"),
	   "a 3-vector of 16 bytes has 4-byte elements");
	hd_buf_free(&out);
	free(got);
}

static void test_facts_text(void)
{
	hd_buf out;
	hd_status st;

	hd_buf_init(&out);
	OK(hc_conform_facts(want, strlen(want), "want", &out, &st) == 0, "facts of a dump");
	OK(strstr(hd_buf_str(&out), "subprogram \"k\": decl_file = \"k.cl\"\n") != NULL,
	   "a file is its base name");
	OK(strstr(hd_buf_str(&out), "lexical_block/variable \"v\": type = vector[4] of "
	                            "{byte_size 4, encoding DW_ATE_float}\n") != NULL,
	   "a vector is written one way; the empty block is left out");
	OK(strstr(hd_buf_str(&out), "base_type \"float4\"") == NULL,
	   "a vector base type is no entity");
	OK(strstr(hd_buf_str(&out), "member \"bits\": data_bit_offset = 35\n") != NULL &&
	           strstr(hd_buf_str(&out), "member \"bits\": bit_size = 5\n") != NULL,
	   "a bit field is its first bit and its size");
	hd_buf_free(&out);
	test_vector3_facts();
}

/* A pointer with no size has the unit's address size, or 4 bytes in the
 * group and private classes (AMDGPU's 32-bit local and private spaces). */
static void test_pointer_size(void)
{
	static const char *const classes[] = { "1", "3", "4" };
	static const char *const sizes[] = { "8", "4", "4" };
	char *sizeless = edit("      DW_AT_byte_size constant 8\n      DW_AT_address_class",
	                      "      DW_AT_address_class");

	for (int i = 0; i < 3; i++) {
		char to[64], fact[96], name[96];
		char *got;
		hd_buf out;
		hd_status st;
		snprintf(to, sizeof to, "DW_AT_address_class constant %s\n", classes[i]);
		snprintf(fact, sizeof fact, "pointer_type{byte_size %s, address_class %s}", sizes[i],
		         classes[i]);
		snprintf(name, sizeof name, "a sizeless pointer of address class %s has %s bytes",
		         classes[i], sizes[i]);
		got = replace_in(sizeless, "DW_AT_address_class constant 1\n", to);
		hd_buf_init(&out);
		OK(hc_conform_facts(got, strlen(got), "got", &out, &st) == 0 &&
		           strstr(hd_buf_str(&out), fact) != NULL,
		   name);
		hd_buf_free(&out);
		free(got);
	}
	free(sizeless);
}

/* Call frames: the reference's FDE for k defines the CFA at k's entry; a
 * candidate's that does not, or no FDE for k, lacks that fact (DWARF 5
 * section 6.4.1: without a CFA rule no caller frame can be found). */
static void test_frames(void)
{
	static const char frame[] =
		"frame .debug_frame\n"
		"  cie 1 version 4 augmentation \"[amd:v0.0]\" code_align 4 data_align 4 ra pc\n"
		"  fde function \"k\" +0x0 size 0x10 cie 1\n"
		"    +0x0 cfa={ DW_OP_lit0; DW_OP_lit6; DW_OP_LLVM_form_aspace_address } pc=undefined\n";
	static const char none[] =
		"frame .debug_frame\n"
		"  cie 1 version 4 augmentation \"\" code_align 4 data_align 4 ra pc\n"
		"  fde function \"k\" +0x0 size 0x10 cie 1\n"
		"    +0x0 cfa=none pc=undefined\n"
		"  fde function \"k\" +0x10 size 0x10 cie 1\n"
		"    +0x0 cfa=s32+0 aspace 6 pc=undefined\n";
	char *w = malloc(strlen(want) + sizeof frame), *g = malloc(strlen(want) + sizeof none);
	hc_result r;
	hd_status st;
	hd_buf facts;

	strcpy(w, want);
	strcat(w, frame);
	strcpy(g, want);
	strcat(g, none);
	hd_buf_init(&facts);
	OK(hc_conform_facts(w, strlen(w), "w", &facts, &st) == 0 &&
	   strstr(hd_buf_str(&facts), "frame \"k\": cfa at entry = defined\n") != NULL,
	   "an FDE at a function's entry with a CFA rule is the fact `cfa at entry = defined`");
	memset(&r, 0, sizeof r);
	OK(hc_conform_judge(w, strlen(w), w, strlen(w), 0, NULL, &r, &st) == 0 && r.outcome == HC_PASS,
	   "the reference's frames conform to themselves");
	hc_result_free(&r);
	memset(&r, 0, sizeof r);
	OK(hc_conform_judge(w, strlen(w), g, strlen(g), 0, NULL, &r, &st) == 0 && r.outcome == HC_FAIL &&
	   r.diff != NULL &&
	   strstr(r.diff, "- frame \"k\": cfa at entry = defined\n"
	                  "+ frame \"k\": cfa at entry = none\n") != NULL,
	   "an FDE with no CFA rule at the entry fails; one starting inside k does not count");
	hc_result_free(&r);
	memset(&r, 0, sizeof r);
	OK(hc_conform_judge(w, strlen(w), want, strlen(want), 0, NULL, &r, &st) == 0 &&
	   r.outcome == HC_FAIL && r.diff != NULL &&
	   strstr(r.diff, "- frame \"k\": cfa at entry = defined\n+ (none)\n") != NULL,
	   "no FDE for k fails too");
	hc_result_free(&r);
	hd_buf_free(&facts);
	free(w);
	free(g);
}

int main(void)
{
	tap_begin();
	test_same_facts();
	test_differences();
	test_locations();
	test_bad_dumps();
	test_bit_fields();
	test_facts_text();
	test_pointer_size();
	test_frames();
	return tap_end();
}
