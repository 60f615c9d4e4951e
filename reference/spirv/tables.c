/* Lookups over the generated tables (spirv_tables.c). */
#include <string.h>

#include "tables.h"

const hd_spv_set *hd_spv_set_by_import(const char *name)
{
	for (int i = 0; i < HD_SET_COUNT; i++)
		if (strcmp(hd_spv_sets[i].import_name, name) == 0)
			return &hd_spv_sets[i];
	return NULL;
}

const hd_spv_inst *hd_spv_inst_by_opcode(const hd_spv_set *s, uint32_t opcode)
{
	uint32_t lo = 0, hi = s->ninsts;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (s->insts[mid].opcode == opcode)
			return &s->insts[mid];
		if (s->insts[mid].opcode < opcode)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const hd_spv_inst *hd_spv_inst_by_name(const hd_spv_set *s, const char *name)
{
	for (uint32_t i = 0; i < s->ninsts; i++)
		if (strcmp(s->insts[i].name, name) == 0)
			return &s->insts[i];
	return NULL;
}

/* One load in the generated slot table: the validator asks for every
 * instruction of the module, where halving the table took ten steps. */
const hd_spv_coreop *hd_spv_coreop_by_opcode(uint32_t opcode)
{
	uint16_t slot = opcode <= hd_spv_coreop_max ? hd_spv_coreop_slot[opcode] : 0;

	return slot ? &hd_spv_coreops[slot - 1] : NULL;
}

const hd_spv_enumerant *hd_spv_enum_value(const hd_spv_enum *en, uint32_t value)
{
	for (uint16_t i = 0; i < en->count; i++)
		if (en->values[i].value == value)
			return &en->values[i];
	return NULL;
}

int hd_spv_enum_valid(const hd_spv_enum *en, uint32_t v)
{
	uint32_t known = 0;

	if (!en->is_bits)
		return hd_spv_enum_value(en, v) != NULL;
	for (uint16_t i = 0; i < en->count; i++)
		known |= en->values[i].value;
	return (v & ~known) == 0;
}

const char *hd_spv_target_name(hd_spv_target t)
{
	static const char *const names[HD_T_COUNT] = {
		[HD_T_NONE] = "anything",
		[HD_T_STRING] = "an OpString",
		[HD_T_INT] = "an OpConstant of integer type",
		[HD_T_INT_OR_NONE] = "an OpConstant of integer type or DebugInfoNone",
		[HD_T_CONSTANT_OR_NONE] = "a constant or DebugInfoNone",
		[HD_T_SOURCE] = "the source",
		[HD_T_SCOPE] = "a lexical scope or DebugLexicalBlockDiscriminator",
		[HD_T_LEXICAL_SCOPE] = "a lexical scope",
		[HD_T_TYPE] = "a debug type",
		[HD_T_TYPE_OR_VOID] = "a debug type or OpTypeVoid",
		[HD_T_MEMBER] = "DebugTypeMember, DebugFunction or DebugTypeInheritance",
		[HD_T_COMPOSITE] = "DebugTypeComposite",
		[HD_T_FUNCTION_TYPE] = "DebugTypeFunction",
		[HD_T_FUNCTION_DECL] = "DebugFunctionDeclaration",
		[HD_T_TEMPLATE_TARGET] = "DebugTypeComposite or DebugFunction",
		[HD_T_TEMPLATE_PARAM] = "a template parameter",
		[HD_T_TEMPLATE_VALUE_PARAM] = "DebugTypeTemplateParameter",
		[HD_T_GLOBAL_VAR] = "an OpVariable, a constant or DebugInfoNone",
		[HD_T_MEMBER_DECL] = "DebugTypeMember",
		[HD_T_OPFUNCTION] = "an OpFunction or DebugInfoNone",
		[HD_T_LOCAL_VAR] = "DebugLocalVariable",
		[HD_T_OPVARIABLE] = "an OpVariable",
		[HD_T_EXPRESSION] = "DebugExpression",
		[HD_T_OPERATION] = "DebugOperation",
		[HD_T_INLINED_AT] = "DebugInlinedAt",
		[HD_T_MACRO_DEF] = "DebugMacroDef",
		[HD_T_VALUE] = "an instruction that computes a value",
		[HD_T_DEBUG] = "a debug-info instruction",
		[HD_T_UINT32] = "an OpConstant of 32-bit integer type",
		[HD_T_ENUM] = "an OpConstant of 32-bit integer type",
		[HD_T_BOOL] = "OpConstantTrue or OpConstantFalse",
		[HD_T_ARRAY_COUNT] = "an integer constant, DebugGlobalVariable or DebugLocalVariable",
		[HD_T_GLOBAL_VAR_OR_EXPRESSION] =
			"an OpVariable, a constant, DebugExpression or DebugInfoNone",
		[HD_T_DEBUG_FUNCTION] = "DebugFunction",
		[HD_T_COMPILATION_UNIT] = "DebugCompilationUnit",
	};
	return (unsigned)t < HD_T_COUNT ? names[t] : "?";
}
