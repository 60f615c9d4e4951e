/* What an id operand may name. Each operand's target class comes from
 * operand-targets.txt through the generated tables; this file says which
 * instructions each class admits.
 *
 * Every class made of debug instructions also admits DebugInfoNone: OpenCL.DebugInfo.100
 * section 2.1 lets a producer replace any reference to a removed debug
 * instruction with DebugInfoNone. Core targets admit it only where a spec
 * says so (Variable and Function when optimized out, Size of an opaque
 * type, a template type parameter's Value). */
#include <stdio.h>

#include "spirv_impl.h"

/* The four kinds OpenCL.DebugInfo.100 section 1.1 calls lexical scopes: what a Parent
 * described as "parent lexical scope" may name (DebugInfo 1.00 lists them for
 * DebugTypeComposite and DebugGlobalVariable). */
static const hd_spv_kind lexical_scope_kinds[] = {
	HD_K_DebugCompilationUnit, HD_K_DebugFunction, HD_K_DebugLexicalBlock, HD_K_DebugTypeComposite, HD_K_NONE
};
/* A source-level scope: DebugScope's Scope, DebugInlinedAt's Scope and a
 * block's Parent ("the scope containing the current scope") may also name a
 * DebugLexicalBlockDiscriminator, which stands for a block on one line. */
static const hd_spv_kind scope_kinds[] = {
	HD_K_DebugCompilationUnit, HD_K_DebugFunction, HD_K_DebugLexicalBlock, HD_K_DebugTypeComposite,
	HD_K_DebugLexicalBlockDiscriminator, HD_K_NONE
};
static const hd_spv_kind type_kinds[] = {
	HD_K_DebugTypeBasic, HD_K_DebugTypePointer, HD_K_DebugTypeQualifier, HD_K_DebugTypeArray,
	HD_K_DebugTypeVector, HD_K_DebugTypedef, HD_K_DebugTypeFunction, HD_K_DebugTypeEnum,
	HD_K_DebugTypeComposite, HD_K_DebugTypePtrToMember, HD_K_DebugTypeTemplate,
	HD_K_DebugTypeMatrix /* NonSemantic.Shader.DebugInfo.100 only */, HD_K_NONE
};
static const hd_spv_kind member_kinds[] = {
	HD_K_DebugTypeMember, HD_K_DebugFunction, HD_K_DebugTypeInheritance, HD_K_NONE
};
static const hd_spv_kind template_target_kinds[] = {
	HD_K_DebugTypeComposite, HD_K_DebugFunction, HD_K_NONE
};
static const hd_spv_kind template_param_kinds[] = {
	HD_K_DebugTypeTemplateParameter, HD_K_DebugTypeTemplateTemplateParameter,
	HD_K_DebugTypeTemplateParameterPack, HD_K_NONE
};

static int one_of(const hd_di_node *n, const hd_spv_kind *kinds)
{
	for (; *kinds != HD_K_NONE; kinds++)
		if (hd_di_is(n, *kinds))
			return 1;
	return 0;
}

/* The debug-instruction kinds a class of several admits, or NULL. */
static const hd_spv_kind *kind_list(hd_spv_target t)
{
	switch (t) {
	case HD_T_SCOPE: return scope_kinds;
	case HD_T_LEXICAL_SCOPE: return lexical_scope_kinds;
	case HD_T_TYPE:
	case HD_T_TYPE_OR_VOID: return type_kinds;
	case HD_T_MEMBER: return member_kinds;
	case HD_T_TEMPLATE_TARGET: return template_target_kinds;
	case HD_T_TEMPLATE_PARAM: return template_param_kinds;
	default: return NULL;
	}
}

/* The one debug-instruction kind a class admits, or HD_K_NONE. */
static hd_spv_kind single_kind(hd_spv_target t)
{
	switch (t) {
	case HD_T_COMPOSITE: return HD_K_DebugTypeComposite;
	case HD_T_FUNCTION_TYPE: return HD_K_DebugTypeFunction;
	case HD_T_FUNCTION_DECL: return HD_K_DebugFunctionDeclaration;
	case HD_T_TEMPLATE_VALUE_PARAM: return HD_K_DebugTypeTemplateParameter;
	case HD_T_MEMBER_DECL: return HD_K_DebugTypeMember;
	case HD_T_LOCAL_VAR: return HD_K_DebugLocalVariable;
	case HD_T_EXPRESSION: return HD_K_DebugExpression;
	case HD_T_OPERATION: return HD_K_DebugOperation;
	case HD_T_INLINED_AT: return HD_K_DebugInlinedAt;
	case HD_T_MACRO_DEF: return HD_K_DebugMacroDef;
	case HD_T_DEBUG_FUNCTION: return HD_K_DebugFunction;
	case HD_T_COMPILATION_UNIT: return HD_K_DebugCompilationUnit;
	default: return HD_K_NONE;
	}
}

static int is_constant(const hd_spv_insn *in)
{
	const hd_spv_coreop *op = hd_spv_coreop_by_opcode(in->opcode);
	return op && strcmp(op->cls, "Constant-Creation") == 0;
}

/* DebugValue's Value is the instruction "result of which is the new value"
 * (DebugInfo 1.00, 4.8): one with a Result Type. A type, an OpString or a
 * label has none; OpFunction has one, but its result is the function. */
static int computes_value(const hd_spv_insn *def)
{
	const hd_spv_coreop *op = hd_spv_coreop_by_opcode(def->opcode);

	return op && op->has_type && def->opcode != SpvOpFunction;
}

/* NonSemantic.Shader.DebugInfo.100 passes numbers, enumerations and flags
 * as "the <id> of a 32-bit integer OpConstant" (its Introduction). */
static int is_uint32(const hd_spv_module *m, uint32_t id)
{
	uint64_t v;
	unsigned width = 0;

	return hd_spv_int_constant(m, id, &v, &width, NULL) == 0 && width == 32;
}

/* Whether the instruction defining id fits class t for a node of set. */
static int target_ok(const hd_spv_module *m, const hd_spv_set *set, hd_spv_target t,
                     uint32_t id, const hd_spv_insn *def)
{
	const hd_di_node *n = def->node >= 0 ? &m->nodes[def->node] : NULL;
	const hd_spv_kind *kinds = kind_list(t);
	hd_spv_kind single = single_kind(t);
	int none;
	uint64_t v;

	if (n && n->set != set)
		return 0;  /* the classes are per set: a 100 type is no 1.00 type */
	none = hd_di_is(n, HD_K_DebugInfoNone);
	if (t == HD_T_SOURCE) {
		/* 1.00 calls Source "an OpSource", which has no result id; its
		 * DebugMacroDef says what producers do: the OpString of the file. */
		if (set->id != HD_SET_DI100)
			return none || hd_di_is(n, HD_K_DebugSource);
		t = HD_T_STRING;
	}
	if (kinds)
		return none || one_of(n, kinds) ||
		       (t == HD_T_TYPE_OR_VOID && def->opcode == SpvOpTypeVoid);
	if (single != HD_K_NONE)
		return none || hd_di_is(n, single);
	switch (t) {
	case HD_T_STRING:
		/* a literal with no NUL inside its instruction is no string
		 * (SPIR-V 2.2.1, Literal): the readers would find no name */
		return hd_spv_string(m, id) != NULL;
	case HD_T_INT:
		return hd_spv_int_constant(m, id, &v, NULL, NULL) == 0;
	case HD_T_INT_OR_NONE:
		return none || hd_spv_int_constant(m, id, &v, NULL, NULL) == 0;
	case HD_T_CONSTANT_OR_NONE:
		return none || is_constant(def);
	case HD_T_GLOBAL_VAR:
		return none || def->opcode == SpvOpVariable || is_constant(def);
	case HD_T_OPFUNCTION:
		return none || def->opcode == SpvOpFunction;
	case HD_T_OPVARIABLE:
		return def->opcode == SpvOpVariable;
	case HD_T_UINT32:
	case HD_T_ENUM:  /* the value itself is check_enums' (validate.c) */
		return is_uint32(m, id);
	case HD_T_BOOL:
		return def->opcode == SpvOpConstantTrue || def->opcode == SpvOpConstantFalse;
	case HD_T_ARRAY_COUNT:
		return none || hd_spv_int_constant(m, id, &v, NULL, NULL) == 0 ||
		       hd_di_is(n, HD_K_DebugGlobalVariable) || hd_di_is(n, HD_K_DebugLocalVariable);
	case HD_T_GLOBAL_VAR_OR_EXPRESSION:
		return none || def->opcode == SpvOpVariable || is_constant(def) ||
		       hd_di_is(n, HD_K_DebugExpression);
	case HD_T_VALUE:
		return !n && computes_value(def);
	case HD_T_DEBUG:
		return n != NULL;
	default:
		return 1;
	}
}

/* What the instruction defining id is, for messages. */
static const char *what_is(const hd_spv_module *m, const hd_spv_insn *def)
{
	const hd_spv_coreop *op;

	if (def->node >= 0)
		return hd_di_name(&m->nodes[def->node]);
	if (def->opcode == SpvOpString && hd_spv_string(m, def->result) == NULL)
		return "an OpString whose literal has no terminating NUL";
	op = hd_spv_coreop_by_opcode(def->opcode);
	return op ? op->name : "an unknown instruction";
}

/* item: 1-based position inside a variadic operand, 0 for a single one. */
static void check_id(hd_spv_module *m, const hd_di_node *n, const hd_spv_operand *op,
                     hd_spv_target t, uint32_t id, uint32_t item)
{
	const hd_spv_insn *self = &m->insns[n->insn];
	const char *set = n->set->import_name, *name = n->inst->name;
	int32_t d = hd_spv_def(m, id);
	const hd_spv_insn *def;
	char at[40] = "";

	if (item)
		snprintf(at, sizeof at, "item %u: ", item);

	if (d < 0) {
		hd_spv_diag_add(m, set, name, "undefined-id", op->name, self->offset, n->id,
		                "%s%%%u is not defined%s", at, id,
		                id >= m->bound ? " (and is not below the header's bound)" : "");
		return;
	}
	def = &m->insns[d];
	if ((uint32_t)d > n->insn && !op->forward)
		hd_spv_diag_add(m, set, name, "forward-reference", op->name, self->offset, n->id,
		                "%s%%%u is defined later, at word %u", at, id, def->offset);
	if (t != HD_T_NONE && !target_ok(m, n->set, t, id, def)) {
		hd_spv_target shown = t;
		if (t == HD_T_SOURCE)
			shown = n->set->id == HD_SET_DI100 ? HD_T_STRING : HD_T_SOURCE;
		hd_spv_diag_add(m, set, name, "operand-target", op->name, self->offset, n->id,
		                "%s%%%u is %s%s; it must be %s", at, id, what_is(m, def),
		                def->node >= 0 && m->nodes[def->node].set != n->set
		                        ? " of another set" : "",
		                shown == HD_T_SOURCE ? "DebugSource" : hd_spv_target_name(shown));
	}
}

void hd_di_validate_refs(hd_spv_module *m, const hd_di_node *n, const hd_di_span *spans)
{
	for (int i = 0; i < n->inst->noperands; i++) {
		const hd_spv_operand *op = &n->inst->operands[i];

		if (op->kind != HD_SPV_ID && op->kind != HD_SPV_PAIR)
			continue;
		for (uint32_t k = 0; k < spans[i].count; k++) {
			hd_spv_target t = op->target;
			if (op->kind == HD_SPV_PAIR && k % 2 == 1)
				t = op->target2;
			check_id(m, n, op, t, n->args[spans[i].first + k],
			         op->quant >= HD_SPV_MANY ? k + 1 : 0);
		}
	}
}
