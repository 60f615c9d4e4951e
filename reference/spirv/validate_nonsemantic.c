/* The rules NonSemantic.Shader.DebugInfo.100 states beyond those it shares
 * with OpenCL.DebugInfo.100 (validate.c, validate_refs.c and
 * validate_module.c check those for all three sets):
 *
 * - layout: its body instructions stand inside a block, after the block's
 *   OpPhi and OpVariable instructions and before its merge instruction
 *   (Binary Form, as SPV_KHR_non_semantic_info requires);
 * - DebugFunctionDefinition: in the entry block of the OpFunction it names,
 *   at most one per function and per DebugFunction;
 * - DebugSourceContinued: right after a DebugSource or DebugSourceContinued
 *   of the same import that has text;
 * - DebugLine: the range does not end before it starts;
 * - DebugBuildIdentifier: at least 32 lowercase hexadecimal digits;
 * - DebugEntryPoint: its DebugFunction is defined in an entry point. */
#include <stdlib.h>

#include "spirv_impl.h"

static void report(hd_spv_module *m, const hd_di_node *n, const char *rule,
                   const char *operand, const char *why)
{
	hd_spv_diag_add(m, n->set->import_name, n->inst->name, rule, operand,
	                m->insns[n->insn].offset, n->id, "%s", why);
}

static const hd_di_node *ns_node(const hd_spv_module *m, const hd_spv_insn *in)
{
	const hd_di_node *n = in->node >= 0 ? &m->nodes[in->node] : NULL;

	return n && n->set->id == HD_SET_NONSEMANTIC && hd_di_validated(n) ? n : NULL;
}

static int is_merge(uint32_t opcode)
{
	return opcode == SpvOpLoopMerge || opcode == SpvOpSelectionMerge;
}

/* A DebugFunctionDefinition at insn i of function f, in block `block`
 * (0 is the entry block). defined counts definitions per DebugFunction
 * node; *seen those of this function. */
static void check_definition(hd_spv_module *m, const hd_di_function *f, const hd_di_node *n,
                             int block, uint8_t *defined, int *seen)
{
	int32_t fn = hd_di_index(m, hd_di_operand_id(n, HD_O_Function));

	if (block != 0)
		report(m, n, "definition", NULL, "it must stand in the entry block of its function");
	if (hd_di_operand_id(n, HD_O_Definition) != f->id)
		report(m, n, "definition", "Definition",
		       "it must name the OpFunction it stands in");
	if ((*seen)++)
		report(m, n, "definition", NULL, "a function has at most one DebugFunctionDefinition");
	if (fn >= 0 && defined[fn]++)
		report(m, n, "definition", "Function",
		       "another DebugFunctionDefinition names the same DebugFunction");
}

/* Body instructions of block-walk state: those since the block's label that
 * an OpPhi or OpVariable may still follow start at pending. */
static void check_body(hd_spv_module *m, const hd_di_function *f, uint8_t *defined)
{
	int in_block = 0, merged = 0, block = -1, seen = 0;
	int64_t pending = -1;

	for (uint32_t i = f->insn_begin; i <= f->insn_end && i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		const hd_di_node *n = ns_node(m, in);

		if (n && hd_di_in_body_kind(n)) {
			if (!in_block)
				report(m, n, "layout", NULL, "it must stand inside a block");
			else if (merged)
				report(m, n, "layout", NULL,
				       "it must come before the block's merge instruction");
			else if (pending < 0)
				pending = i;
			if (hd_di_is(n, HD_K_DebugFunctionDefinition))
				check_definition(m, f, n, block, defined, &seen);
			continue;
		}
		if ((in->opcode == SpvOpVariable || in->opcode == SpvOpPhi) && pending >= 0) {
			for (uint32_t j = (uint32_t)pending; j < i; j++)
				if ((n = ns_node(m, &m->insns[j])) != NULL && hd_di_in_body_kind(n))
					report(m, n, "layout", NULL,
					       "it must come after the block's OpPhi and OpVariable "
					       "instructions");
			pending = -1;
		}
		if (in->opcode == SpvOpLabel) {
			in_block = 1;
			merged = 0;
			block++;
			pending = -1;
		} else if (is_merge(in->opcode)) {
			merged = 1;
		} else if (hd_spv_is_block_end(in->opcode)) {
			in_block = 0;
		}
	}
}

/* The instruction before n in the module continues: a DebugSource or
 * DebugSourceContinued of the same import, with text. */
static void check_continued(hd_spv_module *m, const hd_di_node *n)
{
	const hd_spv_insn *prev = n->insn > 0 ? &m->insns[n->insn - 1] : NULL;
	const hd_di_node *p = prev && prev->node >= 0 ? &m->nodes[prev->node] : NULL;
	const uint32_t *w = m->words + m->insns[n->insn].offset;

	if (!p || !(hd_di_is(p, HD_K_DebugSource) || hd_di_is(p, HD_K_DebugSourceContinued)) ||
	    m->words[prev->offset + 3] != w[3])
		report(m, n, "continued", NULL,
		       "the instruction before it must be a DebugSource or DebugSourceContinued "
		       "of the same set");
	else if (hd_di_is(p, HD_K_DebugSource) && hd_di_operand_id(p, HD_O_Text) == 0)
		report(m, n, "continued", NULL, "the DebugSource before it has no Text to continue");
}

/* The value of a uint32 operand, or -1 (operand-target reports that). */
static int64_t number(const hd_spv_module *m, const hd_di_node *n, hd_spv_oname name)
{
	hd_di_span spans[HD_DI_MAX_OPERANDS];
	uint32_t v;

	if (hd_di_operands(n, spans) < 0)
		return -1;
	for (int i = 0; i < n->inst->noperands; i++)
		if (n->inst->operands[i].oname == name)
			return hd_di_operand_value(m, n, &n->inst->operands[i], spans[i], &v) == 0
			       ? (int64_t)v : -1;
	return -1;
}

static void check_line(hd_spv_module *m, const hd_di_node *n)
{
	int64_t l0 = number(m, n, HD_O_Line_Start), l1 = number(m, n, HD_O_Line_End);
	int64_t c0 = number(m, n, HD_O_Column_Start), c1 = number(m, n, HD_O_Column_End);

	if (l0 >= 0 && l1 >= 0 && l1 < l0)
		report(m, n, "line-order", "Line End", "the range ends on a line before it starts");
	else if (l0 >= 0 && l0 == l1 && c0 >= 0 && c1 >= 0 && c1 < c0)
		report(m, n, "line-order", "Column End",
		       "on one line, the range ends at a column before it starts");
}

static void check_build_id(hd_spv_module *m, const hd_di_node *n)
{
	const char *s = hd_spv_string(m, hd_di_operand_id(n, HD_O_Identifier));
	size_t len = 0;

	if (!s)
		return;  /* operand-target */
	for (; s[len]; len++)
		if (!((s[len] >= '0' && s[len] <= '9') || (s[len] >= 'a' && s[len] <= 'f')))
			break;
	if (s[len] || len < 32)
		report(m, n, "identifier", "Identifier",
		       "the identifier must be at least 32 lowercase hexadecimal digits");
}

/* Marks, per node, each DebugFunction that a DebugFunctionDefinition links
 * to a function some OpEntryPoint names; one pass over each, so linear. */
static int mark_entry_functions(hd_spv_module *m, uint8_t *entry_fn)
{
	uint8_t *is_entry = calloc(m->ninsns ? m->ninsns : 1, 1);

	if (!is_entry)
		return -1;
	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		int32_t d;
		if (in->opcode == SpvOpEntryPoint && in->nwords > 2 &&
		    (d = hd_spv_def(m, m->words[in->offset + 2])) >= 0)
			is_entry[d] = 1;
	}
	for (uint32_t k = 0; k < m->nnodes; k++) {
		const hd_di_node *n = &m->nodes[k];
		int32_t d, fn;
		if (n->set->id != HD_SET_NONSEMANTIC || !hd_di_is(n, HD_K_DebugFunctionDefinition))
			continue;
		d = hd_spv_def(m, hd_di_operand_id(n, HD_O_Definition));
		fn = hd_di_index(m, hd_di_operand_id(n, HD_O_Function));
		if (d >= 0 && is_entry[d] && fn >= 0)
			entry_fn[fn] = 1;
	}
	free(is_entry);
	return 0;
}

/* Entry Point names the DebugFunction of an OpEntryPoint's function, which a
 * DebugFunctionDefinition in that function links to it. */
static void check_entry_point(hd_spv_module *m, const hd_di_node *n, const uint8_t *entry_fn)
{
	int32_t fn = hd_di_index(m, hd_di_operand_id(n, HD_O_Entry_Point));

	if (fn < 0 || !hd_di_is(&m->nodes[fn], HD_K_DebugFunction))
		return;  /* operand-target */
	if (!entry_fn[fn])
		report(m, n, "entry-point", "Entry Point",
		       "no DebugFunctionDefinition links this DebugFunction to an entry point's "
		       "function");
}

void hd_di_validate_nonsemantic(hd_spv_module *m)
{
	uint8_t *defined = calloc(m->nnodes ? m->nnodes : 1, 1);
	uint8_t *entry_fn = calloc(m->nnodes ? m->nnodes : 1, 1);

	if (!defined || !entry_fn || mark_entry_functions(m, entry_fn) != 0) {
		m->ndiags_dropped++;
		free(defined);
		free(entry_fn);
		return;
	}
	for (uint32_t f = 0; f < m->nfunctions; f++)
		check_body(m, &m->functions[f], defined);
	for (uint32_t k = 0; k < m->nnodes; k++) {
		const hd_di_node *n = &m->nodes[k];
		hd_di_span spans[HD_DI_MAX_OPERANDS];

		if (n->set->id != HD_SET_NONSEMANTIC || !hd_di_validated(n) ||
		    hd_di_operands(n, spans) < 0)
			continue;  /* operand-count is reported already */
		if (hd_di_is(n, HD_K_DebugSourceContinued))
			check_continued(m, n);
		else if (hd_di_is(n, HD_K_DebugLine))
			check_line(m, n);
		else if (hd_di_is(n, HD_K_DebugBuildIdentifier))
			check_build_id(m, n);
		else if (hd_di_is(n, HD_K_DebugEntryPoint))
			check_entry_point(m, n, entry_fn);
	}
	free(defined);
	free(entry_fn);
}
