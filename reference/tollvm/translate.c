/* The driver of the translation: numbering, the per-instruction dispatch
 * table and the module's outline (docs/llvm-translation.md). */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "tollvm_impl.h"

/* DebugTypeTemplate and DebugInlinedVariable chains are one link long in a
 * valid module; this bound stops a cycle the validator missed. */
#define MAX_LINKS 8

/* Every instruction that becomes a numbered node, with its handler. The
 * rest become no node of their own: DebugInfoNone is null, DebugSource an
 * inline DIFile, DebugExpression an inline DIExpression, DebugTypeTemplate
 * the templateParams: of its Target, DebugInlinedVariable its Variable,
 * DebugScope/OpLine, DebugDeclare and DebugValue the IR's locations and
 * records (body.c). */
static const struct {
	const char *name;
	hd_tl_fn fn;
} handlers[] = {
	{ "DebugCompilationUnit", hd_tl_compilation_unit },
	{ "DebugTypeBasic", hd_tl_type_basic },
	{ "DebugTypePointer", hd_tl_type_pointer },
	{ "DebugTypeQualifier", hd_tl_type_qualifier },
	{ "DebugTypeArray", hd_tl_type_array },
	{ "DebugTypeVector", hd_tl_type_vector },
	{ "DebugTypeMatrix", hd_tl_type_matrix },
	{ "DebugTypedef", hd_tl_typedef },
	{ "DebugTypeFunction", hd_tl_type_function },
	{ "DebugTypeEnum", hd_tl_type_enum },
	{ "DebugTypeComposite", hd_tl_type_composite },
	{ "DebugTypeMember", hd_tl_type_member },
	{ "DebugTypeInheritance", hd_tl_type_inheritance },
	{ "DebugTypePtrToMember", hd_tl_type_ptr_to_member },
	{ "DebugTypeTemplateParameter", hd_tl_template_parameter },
	{ "DebugTypeTemplateTemplateParameter", hd_tl_template_template_parameter },
	{ "DebugTypeTemplateParameterPack", hd_tl_template_parameter_pack },
	{ "DebugGlobalVariable", hd_tl_global_variable },
	{ "DebugFunctionDeclaration", hd_tl_function_declaration },
	{ "DebugFunction", hd_tl_function },
	{ "DebugLexicalBlock", hd_tl_lexical_block },
	{ "DebugLexicalBlockDiscriminator", hd_tl_lexical_block_discriminator },
	{ "DebugInlinedAt", hd_tl_inlined_at },
	{ "DebugLocalVariable", hd_tl_local_variable },
	{ "DebugImportedEntity", hd_tl_imported_entity },
	{ "DebugModuleINTEL", hd_tl_module },
	{ "DebugMacroDef", hd_tl_macro_def },
	{ "DebugMacroUndef", hd_tl_macro_undef },
};

#define NHANDLERS (sizeof handlers / sizeof handlers[0])

int hd_tl_is(const hd_di_node *n, const char *name)
{
	return n && n->inst && strcmp(n->inst->name, name) == 0;
}

static hd_tl_fn handler(const hd_di_node *n)
{
	for (size_t i = 0; n && n->inst && i < NHANDLERS; i++)
		if (strcmp(handlers[i].name, n->inst->name) == 0)
			return handlers[i].fn;
	return NULL;
}

int hd_tl_numbered(const hd_di_node *n)
{
	return handler(n) != NULL;
}

const hd_di_node *hd_tl_resolve(hd_tl *T, uint32_t id)
{
	const hd_di_node *n = hd_di_node_of(T->m, id);

	for (int k = 0; n && k < MAX_LINKS; k++) {
		if (hd_tl_is(n, "DebugTypeTemplate"))
			n = hd_di_node_of(T->m, hd_tl_word(n, HD_O_Target));
		else if (hd_tl_is(n, "DebugInlinedVariable"))
			n = hd_di_node_of(T->m, hd_tl_word(n, HD_O_Variable));
		else
			return n;
	}
	return NULL;
}

int64_t hd_tl_md(hd_tl *T, uint32_t id)
{
	const hd_di_node *n = hd_tl_resolve(T, id);

	return n && hd_tl_numbered(n) ? (int64_t)(n - T->m->nodes) : -1;
}

/* ---- set-up ---- */

/* The address width: 32 bits under Physical32, else 64 (SPIR-V 2.16,
 * OpMemoryModel; Physical64 and the logical models alike). */
static unsigned pointer_bits(const hd_spv_module *m)
{
	for (uint32_t i = 0; i < m->ninsns; i++)
		if (m->insns[i].opcode == SpvOpMemoryModel && m->insns[i].nwords >= 2)
			return m->words[m->insns[i].offset + 1] == SpvAddressingModelPhysical32 ? 32 : 64;
	return 64;
}

/* template_of: the DebugTypeTemplate naming each Target; listed_by: the
 * composite listing each member (NonSemantic members name no parent);
 * opname: the first OpName of each result. One pass each. */
static int index_module(hd_tl *T)
{
	const hd_spv_module *m = T->m;
	size_t nn = m->nnodes ? m->nnodes : 1, ni = m->ninsns ? m->ninsns : 1;

	T->template_of = malloc(nn * sizeof *T->template_of);
	T->listed_by = malloc(nn * sizeof *T->listed_by);
	T->var_first = malloc(nn * sizeof *T->var_first);
	T->var_next = malloc(nn * sizeof *T->var_next);
	T->opname = calloc(ni, sizeof *T->opname);
	T->irname = calloc(ni, sizeof *T->irname);
	if (!T->template_of || !T->listed_by || !T->opname || !T->irname || !T->var_first ||
	    !T->var_next)
		return -1;
	for (uint32_t i = 0; i < m->nnodes; i++)
		T->template_of[i] = T->listed_by[i] = T->var_first[i] = T->var_next[i] = -1;
	/* each function's local variables, in module order (built backwards) */
	for (uint32_t i = m->nnodes; i-- > 0;) {
		const hd_di_node *sp;
		if (!hd_tl_is(&m->nodes[i], "DebugLocalVariable"))
			continue;
		sp = hd_tl_subprogram(T, hd_tl_resolve(T, hd_tl_word(&m->nodes[i], HD_O_Parent)));
		if (!sp)
			continue;
		T->var_next[i] = T->var_first[sp - m->nodes];
		T->var_first[sp - m->nodes] = (int32_t)i;
	}
	for (uint32_t i = 0; i < m->nnodes; i++) {
		const hd_di_node *n = &m->nodes[i];
		const hd_di_node *t;
		hd_di_span sp;

		if (T->cu < 0 && hd_tl_is(n, "DebugCompilationUnit"))
			T->cu = (int32_t)i;
		if (hd_tl_is(n, "DebugTypeTemplate") &&
		    (t = hd_di_node_of(m, hd_tl_word(n, HD_O_Target))) &&
		    T->template_of[t - m->nodes] < 0)
			T->template_of[t - m->nodes] = (int32_t)i;
		if (hd_tl_is(n, "DebugTypeComposite") && hd_di_span_of(n, HD_O_Members, &sp) == 0)
			for (uint32_t k = 0; k < sp.count; k++)
				if ((t = hd_di_node_of(m, n->args[sp.first + k])) &&
				    T->listed_by[t - m->nodes] < 0)
					T->listed_by[t - m->nodes] = (int32_t)i;
	}
	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		int32_t target;

		if (in->opcode != SpvOpName || in->nwords < 3)
			continue;
		target = hd_spv_def(m, m->words[in->offset + 1]);
		if (target >= 0 && !T->opname[target])
			T->opname[target] = (const char *)&m->words[in->offset + 2];
	}
	return 0;
}

static void free_context(hd_tl *T)
{
	free(T->template_of);
	free(T->listed_by);
	free(T->var_first);
	free(T->var_next);
	free(T->opname);
	free(T->irname);
	hd_buf_free(&T->md);
	hd_buf_free(&T->notes);
	hd_buf_free(&T->fields);
	hd_buf_free(&T->locs);
}

/* ---- the module ---- */

/* !llvm.dbg.cu lists every compilation unit; the module flags say the
 * DWARF version (the first unit's DWARF Version) and LLVM's debug-info
 * version 3 (LangRef, Module Flags Metadata; Source Level Debugging). */
static void named_metadata(hd_tl *T)
{
	const hd_spv_module *m = T->m;
	uint64_t flags = 2 * (uint64_t)m->nnodes, dwarf = 0;
	const char *sep = "";

	hd_buf_printf(T->out, "\n!llvm.dbg.cu = !{");
	for (uint32_t i = 0; i < m->nnodes; i++)
		if (hd_tl_is(&m->nodes[i], "DebugCompilationUnit")) {
			hd_buf_printf(T->out, "%s!%u", sep, i);
			sep = ", ";
		}
	hd_buf_printf(T->out, "}\n!llvm.module.flags = !{!%llu, !%llu}\n\n",
	              (unsigned long long)flags, (unsigned long long)flags + 1);
	if (hd_tl_number(&m->nodes[T->cu], HD_O_DWARF_Version, &dwarf) != 0 || dwarf == 0)
		dwarf = 5;
	hd_buf_printf(T->out, "!%llu = !{i32 7, !\"Dwarf Version\", i32 %llu}\n",
	              (unsigned long long)flags, (unsigned long long)dwarf);
	hd_buf_printf(T->out, "!%llu = !{i32 2, !\"Debug Info Version\", i32 3}\n",
	              (unsigned long long)flags + 1);
}

int hd_tollvm(const hd_spv_module *m, hd_buf *out, hd_status *st)
{
	hd_tl T;
	int rc = 0;

	memset(&T, 0, sizeof T);
	T.m = m;
	T.out = out;
	T.cu = -1;
	hd_buf_init(&T.md);
	hd_buf_init(&T.notes);
	hd_buf_init(&T.fields);
	hd_buf_init(&T.locs);
	T.next_loc = 2 * (uint64_t)m->nnodes + 2;
	if (index_module(&T) != 0) {
		free_context(&T);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	if (T.cu < 0) {
		free_context(&T);
		return hd_fail(st, HD_BAD_INPUT, "no-compilation-unit", 0,
		               "the module has no DebugCompilationUnit: no LLVM debug info to write");
	}
	T.ptr_bits = pointer_bits(m);
	for (uint32_t i = 0; i < m->nnodes; i++) {
		hd_tl_fn fn = handler(&m->nodes[i]);
		if (fn)
			fn(&T, &m->nodes[i]);
	}
	hd_buf_printf(out, "; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di "
	                   "(docs/llvm-translation.md)\n");
	hd_buf_printf(out, "target triple = \"%s\"\n\n",
	              T.ptr_bits == 32 ? "spir-unknown-unknown" : "spir64-unknown-unknown");
	if (hd_tl_ir(&T) != 0)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	named_metadata(&T);
	if (T.md.len)
		hd_buf_put(out, T.md.data, T.md.len);
	if (T.locs.len)
		hd_buf_put(out, T.locs.data, T.locs.len);
	if (T.notes.len) {
		hd_buf_printf(out, "\n");
		hd_buf_put(out, T.notes.data, T.notes.len);
	}
	if (rc == 0 && (T.md.failed || T.locs.failed || T.notes.failed || T.fields.failed || out->failed))
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	free_context(&T);
	return rc;
}
