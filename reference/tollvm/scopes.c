/* Compilation units, functions, lexical blocks, inlined-at locations,
 * variables, imported entities and expressions (OpenCL.DebugInfo.100
 * sections 4.2 and 4.5 to 4.10) as LLVM's DICompileUnit, DISubprogram,
 * DILexicalBlock(File), DINamespace, DILocation, DILocalVariable,
 * DIGlobalVariable(Expression), DIImportedEntity, DIModule, DIMacro and
 * DIExpression (LangRef, "Specialized Metadata Nodes"). */
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "tollvm_impl.h"

/* Scope chains deeper than this are a cycle the validator missed. */
#define MAX_DEPTH 64

static uint32_t num(hd_tl *T, const hd_di_node *n)
{
	return (uint32_t)(n - T->m->nodes);
}

void hd_tl_scope(hd_tl *T, const char *field, uint32_t id)
{
	hd_tl_refield(T, field, id);
}

/* DebugInfo 1.00 section 4.7: a Name operand, even an empty string, makes a
 * DebugLexicalBlock a C++ namespace (as the lowering reads it). */
static int is_namespace(const hd_di_node *n)
{
	hd_di_span sp;

	return hd_tl_is(n, "DebugLexicalBlock") && hd_di_span_of(n, HD_O_Name, &sp) == 0;
}

/* The scope a node's Parent names, the next link of a scope chain. */
static const hd_di_node *parent(hd_tl *T, const hd_di_node *n)
{
	return hd_tl_resolve(T, hd_tl_word(n, HD_O_Parent));
}

/* LLVM's DILocalScope: a subprogram, or a block or block file inside one. */
int hd_tl_local_scope(hd_tl *T, const hd_di_node *n)
{
	for (int depth = 0; n && depth < MAX_DEPTH; depth++) {
		if (hd_tl_is(n, "DebugFunction"))
			return 1;
		if (!(hd_tl_is(n, "DebugLexicalBlock") && !is_namespace(n)) &&
		    !hd_tl_is(n, "DebugLexicalBlockDiscriminator"))
			return 0;
		n = parent(T, n);
	}
	return 0;
}

const hd_di_node *hd_tl_subprogram(hd_tl *T, const hd_di_node *n)
{
	if (!hd_tl_local_scope(T, n))
		return NULL;
	/* a local scope's chain reaches its DebugFunction within MAX_DEPTH */
	for (int depth = 0; n && depth < MAX_DEPTH && !hd_tl_is(n, "DebugFunction"); depth++)
		n = parent(T, n);
	return n;
}

/* ---- the compilation unit ---- */

/* The language: the Language operand (OpenCL.DebugInfo.100,
 * NonSemantic), or with DebugInfo 1.00, which has none, the module's
 * first OpSource. */
static void language(hd_tl *T, const hd_di_node *n, hd_buf *b)
{
	const char *name = hd_di_enum_name(n, HD_O_Language);
	const hd_spv_enumerant *e;

	for (uint32_t i = 0; !name && i < T->m->ninsns; i++)
		if (T->m->insns[i].opcode == SpvOpSource && T->m->insns[i].nwords >= 2) {
			e = hd_spv_enum_value(&hd_spv_enum_SourceLanguage,
			                      T->m->words[T->m->insns[i].offset + 1]);
			name = e ? e->name : "Unknown";
		}
	hd_tl_language(b, name);
}

/* A list field of the nodes whose instruction is inst, as numbered
 * (base + node index); nothing when there is none. */
static void list_of(hd_tl *T, const char *field, const char *inst, const char *inst2,
                    uint64_t base)
{
	hd_buf *b = NULL;

	for (uint32_t i = 0; i < T->m->nnodes; i++) {
		if (!hd_tl_is(&T->m->nodes[i], inst) &&
		    !(inst2 && hd_tl_is(&T->m->nodes[i], inst2)))
			continue;
		if (!b) {
			b = hd_tl_field(T, field);
			hd_buf_printf(b, "!{");
		} else
			hd_buf_printf(b, ", ");
		hd_buf_printf(b, "!%llu", (unsigned long long)(base + i));
	}
	if (b)
		hd_buf_printf(b, "}");
}

/* Every enum, global, imported entity and macro of the module is listed by
 * the first compilation unit (LangRef, DICompileUnit: enums:, globals:,
 * imports:, macros:). */
void hd_tl_compilation_unit(hd_tl *T, const hd_di_node *n)
{
	uint32_t src = hd_tl_word(n, HD_O_Source);
	int first = (int32_t)num(T, n) == T->cu;

	hd_tl_begin(T, num(T, n), 1, "DICompileUnit");
	language(T, n, hd_tl_field(T, "language"));
	if (hd_tl_none(T, src))
		hd_buf_printf(hd_tl_field(T, "file"), "!DIFile(filename: \"\", directory: \"\")");
	else
		hd_tl_file(T, hd_tl_field(T, "file"), src);
	hd_tl_raw(T, "isOptimized", "false");
	hd_tl_uint(T, "runtimeVersion", 0);
	hd_tl_raw(T, "emissionKind", "FullDebug");
	if (first) {
		list_of(T, "enums", "DebugTypeEnum", NULL, 0);
		list_of(T, "globals", "DebugGlobalVariable", NULL, T->m->nnodes);
		list_of(T, "imports", "DebugImportedEntity", NULL, 0);
		list_of(T, "macros", "DebugMacroDef", "DebugMacroUndef", 0);
	}
	hd_tl_end(T);
}

/* ---- functions ---- */

/* The fields a DebugFunction and a DebugFunctionDeclaration share. */
static void subprogram_fields(hd_tl *T, const hd_di_node *n)
{
	const hd_di_node *type = hd_tl_resolve(T, hd_tl_word(n, HD_O_Type));
	uint32_t flags = hd_tl_word(n, HD_O_Flags);
	hd_buf tmp;

	hd_tl_decl(T, n, 0);
	hd_tl_str(T, "linkageName", hd_tl_string(n, HD_O_Linkage_Name));
	hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
	/* LangRef, DISubprogram: type: is a DISubroutineType */
	if (type && hd_tl_is(type, "DebugTypeFunction"))
		hd_tl_refield(T, "type", type->id);
	hd_buf_init(&tmp);
	hd_tl_flags(&tmp, n, flags, "subprogram");
	if (tmp.len)
		hd_tl_raw(T, "flags", hd_buf_str(&tmp));
	hd_buf_free(&tmp);
}

/* spFlags: from FlagIsLocal and FlagIsOptimized, plus DISPFlagDefinition
 * for a definition; 0 for none. */
static void sp_flags(hd_tl *T, const hd_di_node *n, int definition)
{
	uint32_t flags = hd_tl_word(n, HD_O_Flags);
	const char *sep = "";
	hd_buf tmp;

	hd_buf_init(&tmp);
	if (definition) {
		hd_buf_printf(&tmp, "DISPFlagDefinition");
		sep = " | ";
	}
	if (hd_tl_has_flag(n, flags, "FlagIsLocal")) {
		hd_buf_printf(&tmp, "%sDISPFlagLocalToUnit", sep);
		sep = " | ";
	}
	if (hd_tl_has_flag(n, flags, "FlagIsOptimized"))
		hd_buf_printf(&tmp, "%sDISPFlagOptimized", sep);
	/* always written: without spFlags: LLVM 15 reads its older isDefinition:
	 * field, whose default is true */
	hd_tl_raw(T, "spFlags", tmp.len ? hd_buf_str(&tmp) : "0");
	hd_buf_free(&tmp);
}

/* retainedNodes: every local variable in the function (its blocks
 * included), so LLVM keeps those no record names (LangRef, DISubprogram:
 * the variables to keep even when optimised out). */
static void retained(hd_tl *T, const hd_di_node *n)
{
	int32_t v = T->var_first[n - T->m->nodes];
	hd_buf *b;

	if (v < 0)
		return;
	b = hd_tl_field(T, "retainedNodes");
	hd_buf_printf(b, "!{");
	for (const char *sep = ""; v >= 0; v = T->var_next[v], sep = ", ")
		hd_buf_printf(b, "%s!%d", sep, v);
	hd_buf_printf(b, "}");
}

/* A DebugFunction is a definition (OpenCL.DebugInfo.100 section 4.6):
 * distinct, DISPFlagDefinition, with its unit, as LLVM's verifier wants of
 * a definition. */
void hd_tl_function(hd_tl *T, const hd_di_node *n)
{
	uint64_t v;
	const hd_di_node *decl = hd_tl_resolve(T, hd_tl_word(n, HD_O_Declaration));

	hd_tl_begin(T, num(T, n), 1, "DISubprogram");
	subprogram_fields(T, n);
	if (hd_tl_number(n, HD_O_Scope_Line, &v) == 0 && v != 0)
		hd_tl_uint(T, "scopeLine", v);
	sp_flags(T, n, 1);
	if (T->cu >= 0)
		hd_buf_printf(hd_tl_field(T, "unit"), "!%d", T->cu);
	if (decl && hd_tl_is(decl, "DebugFunctionDeclaration"))
		hd_tl_refield(T, "declaration", decl->id);
	hd_tl_template_params(T, n);
	retained(T, n);
	hd_tl_end(T);
}

/* A declaration: not distinct, no unit (LLVM's verifier refuses a unit on
 * a declaration). */
void hd_tl_function_declaration(hd_tl *T, const hd_di_node *n)
{
	hd_tl_begin(T, num(T, n), 0, "DISubprogram");
	subprogram_fields(T, n);
	sp_flags(T, n, 0);
	hd_tl_end(T);
}

/* ---- blocks and locations ---- */

/* A block is distinct (LangRef, DILexicalBlock: so that two blocks at one
 * line stay two). One with a Name is a namespace, as is a block whose
 * Parent is no local scope, which LLVM cannot put a DILexicalBlock in. */
void hd_tl_lexical_block(hd_tl *T, const hd_di_node *n)
{
	uint64_t v;

	if (is_namespace(n) || !hd_tl_local_scope(T, n)) {
		hd_tl_begin(T, num(T, n), 0, "DINamespace");
		hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
		hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
		hd_tl_end(T);
		if (!is_namespace(n))
			hd_tl_note(T, n, "a block outside a function, written as a namespace");
		return;
	}
	hd_tl_begin(T, num(T, n), 1, "DILexicalBlock");
	hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
	if (!hd_tl_none(T, hd_tl_word(n, HD_O_Source)))
		hd_tl_file(T, hd_tl_field(T, "file"), hd_tl_word(n, HD_O_Source));
	if (hd_tl_number(n, HD_O_Line, &v) == 0 && v != 0)
		hd_tl_uint(T, "line", v);
	if (hd_tl_number(n, HD_O_Column, &v) == 0 && v != 0)
		hd_tl_uint(T, "column", v);
	hd_tl_end(T);
}

/* LangRef, DILexicalBlockFile: a block's discriminator. */
void hd_tl_lexical_block_discriminator(hd_tl *T, const hd_di_node *n)
{
	uint64_t v = 0;

	hd_tl_number(n, HD_O_Discriminator, &v);
	hd_tl_begin(T, num(T, n), 0, "DILexicalBlockFile");
	hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
	if (!hd_tl_none(T, hd_tl_word(n, HD_O_Source)))
		hd_tl_file(T, hd_tl_field(T, "file"), hd_tl_word(n, HD_O_Source));
	hd_tl_uint(T, "discriminator", v);
	hd_tl_end(T);
}

/* The call site of an inlined scope: a distinct DILocation (one per call
 * site, as LLVM's inliner makes them), chained by inlinedAt:. */
void hd_tl_inlined_at(hd_tl *T, const hd_di_node *n)
{
	uint64_t v = 0;

	hd_tl_number(n, HD_O_Line, &v);
	hd_tl_begin(T, num(T, n), 1, "DILocation");
	hd_tl_uint(T, "line", v);
	hd_tl_ref(T, hd_tl_field(T, "scope"), hd_tl_word(n, HD_O_Scope));
	hd_tl_refield(T, "inlinedAt", hd_tl_word(n, HD_O_Inlined));
	hd_tl_end(T);
}

/* ---- variables ---- */

void hd_tl_local_variable(hd_tl *T, const hd_di_node *n)
{
	uint64_t arg;
	hd_buf tmp;

	hd_tl_begin(T, num(T, n), 0, "DILocalVariable");
	hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
	if (hd_tl_number(n, HD_O_Arg_Number, &arg) == 0 && arg != 0)
		hd_tl_uint(T, "arg", arg);
	hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
	if (!hd_tl_none(T, hd_tl_word(n, HD_O_Source)))
		hd_tl_file(T, hd_tl_field(T, "file"), hd_tl_word(n, HD_O_Source));
	if (hd_tl_number(n, HD_O_Line, &arg) == 0 && arg != 0)
		hd_tl_uint(T, "line", arg);
	hd_tl_refield(T, "type", hd_tl_word(n, HD_O_Type));
	hd_buf_init(&tmp);
	hd_tl_flags(&tmp, n, hd_tl_word(n, HD_O_Flags), "variable");
	if (tmp.len)
		hd_tl_raw(T, "flags", hd_buf_str(&tmp));
	hd_buf_free(&tmp);
	hd_tl_end(T);
}

/* A DIGlobalVariable and its DIGlobalVariableExpression (numbered
 * nnodes + i): the expression is empty, or for a Variable that is an
 * integer constant, `DW_OP_constu V, DW_OP_stack_value` (the value itself,
 * as clang describes a constant global). */
void hd_tl_global_variable(hd_tl *T, const hd_di_node *n)
{
	uint32_t flags = hd_tl_word(n, HD_O_Flags), var = hd_tl_word(n, HD_O_Variable);
	const hd_di_node *decl = hd_tl_resolve(T, hd_tl_word(n, HD_O_Static_Member_Declaration));
	uint64_t v;
	unsigned width;
	int sgn;

	hd_tl_begin(T, num(T, n), 1, "DIGlobalVariable");
	hd_tl_decl(T, n, 0);
	hd_tl_str(T, "linkageName", hd_tl_string(n, HD_O_Linkage_Name));
	hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
	hd_tl_refield(T, "type", hd_tl_word(n, HD_O_Type));
	hd_tl_raw(T, "isLocal", hd_tl_has_flag(n, flags, "FlagIsLocal") ? "true" : "false");
	hd_tl_raw(T, "isDefinition",
	          hd_tl_has_flag(n, flags, "FlagIsDefinition") ? "true" : "false");
	if (decl && hd_tl_is(decl, "DebugTypeMember"))
		hd_tl_refield(T, "declaration", decl->id);
	hd_tl_end(T);
	hd_buf_printf(&T->md, "!%llu = !DIGlobalVariableExpression(var: !%u, expr: ",
	              (unsigned long long)T->m->nnodes + num(T, n), num(T, n));
	if (hd_spv_int_constant(T->m, var, &v, &width, &sgn) == 0)
		hd_buf_printf(&T->md, "!DIExpression(DW_OP_constu, %llu, DW_OP_stack_value))\n",
		              (unsigned long long)v);
	else
		hd_buf_printf(&T->md, "!DIExpression())\n");
}

/* ---- imported entities, modules, macros ---- */

void hd_tl_imported_entity(hd_tl *T, const hd_di_node *n)
{
	const char *tag = hd_tl_import_tag(hd_di_enum_name(n, HD_O_Tag));
	uint64_t v;

	hd_tl_begin(T, num(T, n), 0, "DIImportedEntity");
	hd_tl_raw(T, "tag", tag ? tag : "DW_TAG_imported_declaration");
	hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
	hd_tl_ref(T, hd_tl_field(T, "scope"), hd_tl_word(n, HD_O_Parent));
	hd_tl_refield(T, "entity", hd_tl_word(n, HD_O_Entity));
	if (!hd_tl_none(T, hd_tl_word(n, HD_O_Source)))
		hd_tl_file(T, hd_tl_field(T, "file"), hd_tl_word(n, HD_O_Source));
	if (hd_tl_number(n, HD_O_Line, &v) == 0 && v != 0)
		hd_tl_uint(T, "line", v);
	hd_tl_end(T);
}

/* DebugModuleINTEL (SPV_INTEL_debug_module) → LangRef, DIModule. */
void hd_tl_module(hd_tl *T, const hd_di_node *n)
{
	uint64_t v;

	hd_tl_begin(T, num(T, n), 0, "DIModule");
	hd_tl_ref(T, hd_tl_field(T, "scope"), hd_tl_word(n, HD_O_Parent));
	hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
	hd_tl_str(T, "configMacros", hd_tl_string(n, HD_O_ConfigurationMacros));
	hd_tl_str(T, "includePath", hd_tl_string(n, HD_O_IncludePath));
	hd_tl_str(T, "apinotes", hd_tl_string(n, HD_O_APINotesFile));
	if (!hd_tl_none(T, hd_tl_word(n, HD_O_Source)))
		hd_tl_file(T, hd_tl_field(T, "file"), hd_tl_word(n, HD_O_Source));
	if (hd_tl_number(n, HD_O_Line, &v) == 0 && v != 0)
		hd_tl_uint(T, "line", v);
	if (hd_tl_number(n, HD_O_IsDeclaration, &v) == 0 && v != 0)
		hd_tl_raw(T, "isDecl", "true");
	hd_tl_end(T);
}

/* LangRef, DIMacro: a definition or an undefinition at a line; the
 * compilation unit lists them in module order (no DIMacroFile: the
 * instructions do not say which file includes which). */
void hd_tl_macro_def(hd_tl *T, const hd_di_node *n)
{
	uint64_t v = 0;

	hd_tl_number(n, HD_O_Line, &v);
	hd_tl_begin(T, num(T, n), 0, "DIMacro");
	hd_tl_raw(T, "type", "DW_MACINFO_define");
	hd_tl_uint(T, "line", v);
	hd_tl_str(T, "name", hd_di_string(n, HD_O_Name) ? hd_di_string(n, HD_O_Name) : "");
	hd_tl_str(T, "value", hd_di_string(n, HD_O_Value));
	hd_tl_end(T);
}

void hd_tl_macro_undef(hd_tl *T, const hd_di_node *n)
{
	const hd_di_node *def = hd_tl_resolve(T, hd_tl_word(n, HD_O_Macro));
	const char *name = def ? hd_di_string(def, HD_O_Name) : NULL;
	uint64_t v = 0;

	hd_tl_number(n, HD_O_Line, &v);
	hd_tl_begin(T, num(T, n), 0, "DIMacro");
	hd_tl_raw(T, "type", "DW_MACINFO_undef");
	hd_tl_uint(T, "line", v);
	hd_tl_str(T, "name", name ? name : "");
	hd_tl_end(T);
}

/* ---- expressions ---- */

/* One operation's literal operands: literals, or in
 * NonSemantic.Shader.DebugInfo.100 ids of constants. */
static int operation_args(const hd_di_node *op, unsigned count, uint32_t *args)
{
	hd_di_span sp;

	if (count == 0)
		return 0;
	if (hd_di_span_of(op, HD_O_Operands, &sp) != 0 || sp.count < count)
		return -1;
	for (unsigned i = 0; i < count; i++) {
		hd_di_span one = { sp.first + i, 1 };
		const hd_spv_operand *o = &op->inst->operands[op->inst->noperands - 1];
		if (hd_di_operand_value(op->m, op, o, one, &args[i]) != 0)
			args[i] = 0;
	}
	return 0;
}

/* LLVM's rules (LangRef, DIExpression; Verifier, visitDIExpression):
 * DW_OP_LLVM_fragment is last, DW_OP_stack_value is last or before the
 * fragment. */
static int placement_ok(const char *llvm, uint32_t i, uint32_t count, const char *next)
{
	if (strcmp(llvm, "DW_OP_LLVM_fragment") == 0)
		return i + 1 == count;
	if (strcmp(llvm, "DW_OP_stack_value") == 0)
		return i + 1 == count || (next && strcmp(next, "Fragment") == 0 && i + 2 == count);
	return 1;
}

int hd_tl_expression(hd_tl *T, hd_buf *b, uint32_t id, const char **why)
{
	const hd_di_node *x = hd_di_node_of(T->m, id);
	hd_di_span sp = { 0, 0 };
	hd_buf tmp;

	if (!x || !hd_tl_is(x, "DebugExpression")) {
		*why = "the Expression is not a DebugExpression";
		return -1;
	}
	hd_di_span_of(x, HD_O_Operands, &sp);
	hd_buf_init(&tmp);
	hd_buf_printf(&tmp, "!DIExpression(");
	for (uint32_t i = 0; i < sp.count; i++) {
		const hd_di_node *op = hd_di_node_of(T->m, x->args[sp.first + i]);
		const hd_di_node *nx = i + 1 < sp.count ?
		                       hd_di_node_of(T->m, x->args[sp.first + i + 1]) : NULL;
		const char *name = op && hd_tl_is(op, "DebugOperation") ?
		                   hd_di_enum_name(op, HD_O_OpCode) : NULL;
		unsigned count = 0;
		const char *llvm = hd_tl_operation(name, &count);
		uint32_t args[2];

		if (!llvm || operation_args(op, count, args) != 0 ||
		    !placement_ok(llvm, i, sp.count, nx ? hd_di_enum_name(nx, HD_O_OpCode) : NULL)) {
			*why = !llvm ? "an operation LLVM's DIExpression has not (BitPiece)" :
			       "an operation LLVM's DIExpression allows only last";
			hd_buf_free(&tmp);
			return -1;
		}
		hd_buf_printf(&tmp, "%s%s", i ? ", " : "", llvm);
		for (unsigned k = 0; k < count; k++)
			hd_buf_printf(&tmp, ", %u", args[k]);
	}
	hd_buf_printf(&tmp, ")");
	hd_buf_put(b, tmp.data, tmp.len);
	hd_buf_free(&tmp);
	return 0;
}
