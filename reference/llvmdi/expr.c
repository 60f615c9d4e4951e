/* The rules on a DIExpression's operations (LangRef, "DIExpression";
 * lib/IR/DebugInfoMetadata.cpp, DIExpression::isValid): each operation is
 * one LLVM accepts, followed by as many integer operands as it takes;
 * DW_OP_LLVM_fragment comes last, DW_OP_stack_value last or just before
 * the fragment. */
#include <stdlib.h>
#include <string.h>

#include "check_impl.h"

typedef struct op_row {
	const char *name;
	uint8_t operands;
} op_row;

static const op_row ops[] = {
	{ "DW_OP_LLVM_fragment", 2 }, { "DW_OP_LLVM_convert", 2 },
	{ "DW_OP_LLVM_entry_value", 1 }, { "DW_OP_LLVM_tag_offset", 1 },
	{ "DW_OP_LLVM_arg", 1 }, { "DW_OP_LLVM_implicit_pointer", 0 },
	{ "DW_OP_LLVM_extract_bits_sext", 2 }, { "DW_OP_LLVM_extract_bits_zext", 2 },
	{ "DW_OP_LLVM_poisoned", 0 },
	{ "DW_OP_constu", 1 }, { "DW_OP_consts", 1 }, { "DW_OP_plus_uconst", 1 },
	{ "DW_OP_plus", 0 }, { "DW_OP_minus", 0 }, { "DW_OP_mul", 0 }, { "DW_OP_div", 0 },
	{ "DW_OP_mod", 0 }, { "DW_OP_or", 0 }, { "DW_OP_and", 0 }, { "DW_OP_xor", 0 },
	{ "DW_OP_shl", 0 }, { "DW_OP_shr", 0 }, { "DW_OP_shra", 0 }, { "DW_OP_not", 0 },
	{ "DW_OP_neg", 0 }, { "DW_OP_abs", 0 }, { "DW_OP_eq", 0 }, { "DW_OP_ne", 0 },
	{ "DW_OP_gt", 0 }, { "DW_OP_ge", 0 }, { "DW_OP_lt", 0 }, { "DW_OP_le", 0 },
	{ "DW_OP_deref", 0 }, { "DW_OP_deref_size", 1 }, { "DW_OP_xderef", 0 },
	{ "DW_OP_xderef_size", 1 }, { "DW_OP_swap", 0 }, { "DW_OP_dup", 0 },
	{ "DW_OP_drop", 0 }, { "DW_OP_over", 0 }, { "DW_OP_pick", 1 }, { "DW_OP_rot", 0 },
	{ "DW_OP_stack_value", 0 }, { "DW_OP_push_object_address", 0 },
	{ "DW_OP_regx", 1 }, { "DW_OP_bregx", 2 }, { "DW_OP_entry_value", 1 },
	{ "DW_OP_convert", 1 }, { "DW_OP_reinterpret", 1 }, { "DW_OP_fbreg", 1 },
	{ "DW_OP_form_tls_address", 0 }, { "DW_OP_call_frame_cfa", 0 },
};

/* The operand count of an operation name, or -1. DW_OP_litN and DW_OP_regN
 * take none, DW_OP_bregN one (N from 0 to 31). */
static int operand_count(const char *s)
{
	static const struct {
		const char *prefix;
		int n;
	} numbered[] = { { "DW_OP_lit", 0 }, { "DW_OP_reg", 0 }, { "DW_OP_breg", 1 } };
	char *end;

	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (strcmp(ops[i].name, s) == 0)
			return ops[i].operands;
	for (size_t i = 0; i < 3; i++) {
		size_t k = strlen(numbered[i].prefix);
		if (strncmp(s, numbered[i].prefix, k) == 0 && s[k] >= '0' && s[k] <= '9') {
			unsigned long v = strtoul(s + k, &end, 10);
			if (*end == '\0' && v <= 31)
				return numbered[i].n;
		}
	}
	return -1;
}

void hd_lldi_check_expression(const hd_lldi_node *n, hd_lldi_findings *fs)
{
	for (uint32_t i = 0; i < n->nitems;) {
		const hd_lldi_value *v = &n->items[i];
		int count;
		if (v->kind != HD_LLDI_V_ENUM || (count = operand_count(v->s)) < 0) {
			hd_lldi_report(fs, HD_LLDI_R_EXPRESSION, v->pos, "operand %u is not an operation "
			             "LLVM accepts", (unsigned)i);
			return;
		}
		if (n->nitems - i - 1 < (uint32_t)count) {
			hd_lldi_report(fs, HD_LLDI_R_EXPRESSION, v->pos, "%s lacks operands", v->s);
			return;
		}
		for (int k = 1; k <= count; k++) {
			const hd_lldi_value *o = &n->items[i + (uint32_t)k];
			int convert_enc = k == 2 && strcmp(v->s, "DW_OP_LLVM_convert") == 0;
			if (o->kind != HD_LLDI_V_INT &&
			    !(convert_enc && o->kind == HD_LLDI_V_ENUM && strncmp(o->s, "DW_ATE_", 7) == 0)) {
				hd_lldi_report(fs, HD_LLDI_R_EXPRESSION, o->pos, "%s operand %d is not an integer",
				             v->s, k);
				return;
			}
		}
		uint32_t next = i + 1 + (uint32_t)count;
		if (strcmp(v->s, "DW_OP_LLVM_fragment") == 0 && next != n->nitems) {
			hd_lldi_report(fs, HD_LLDI_R_EXPRESSION, v->pos, "DW_OP_LLVM_fragment is not last");
			return;
		}
		if (strcmp(v->s, "DW_OP_stack_value") == 0 && next != n->nitems &&
		    !(n->items[next].kind == HD_LLDI_V_ENUM &&
		      strcmp(n->items[next].s, "DW_OP_LLVM_fragment") == 0)) {
			hd_lldi_report(fs, HD_LLDI_R_EXPRESSION, v->pos,
			             "DW_OP_stack_value is followed by more than a fragment");
			return;
		}
		i = next;
	}
}
