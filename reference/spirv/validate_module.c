/* Rules about the module as a whole: where debug instructions may stand
 * (the layout rule) and that scope and inlining chains end. */
#include <stdlib.h>

#include "spirv_impl.h"

int hd_di_in_body_kind(const hd_di_node *n)
{
	return hd_di_is(n, HD_K_DebugScope) || hd_di_is(n, HD_K_DebugNoScope) ||
	       hd_di_is(n, HD_K_DebugDeclare) || hd_di_is(n, HD_K_DebugValue) ||
	       /* NonSemantic.Shader.DebugInfo.100, Binary Form */
	       hd_di_is(n, HD_K_DebugLine) || hd_di_is(n, HD_K_DebugNoLine) ||
	       hd_di_is(n, HD_K_DebugFunctionDefinition);
}

/* Sections 1–8 of the core logical layout (capabilities … annotations):
 * module-scope debug instructions must come after all of them. OpLine and
 * OpNoLine are "Debug" class but may stand in section 9 too. */
static int before_section9(const hd_spv_insn *in)
{
	const hd_spv_coreop *op = hd_spv_coreop_by_opcode(in->opcode);

	if (!op || in->opcode == SpvOpExtInst || in->opcode == SpvOpLine ||
	    in->opcode == SpvOpNoLine)
		return 0;
	return strcmp(op->cls, "Mode-Setting") == 0 || strcmp(op->cls, "Extension") == 0 ||
	       strcmp(op->cls, "Debug") == 0 || strcmp(op->cls, "Annotation") == 0;
}

/* OpenCL.DebugInfo.100 section 2 / DebugInfo 1.00 section 2: DebugScope, DebugNoScope,
 * DebugDeclare and DebugValue go inside function bodies (NonSemantic adds
 * DebugLine, DebugNoLine and DebugFunctionDefinition); every other debug
 * instruction goes after section 9's start and before the first function.
 * Like SPIRV-Tools, we let them interleave with section 9's types,
 * constants and variables: they must, to name constants without forward
 * references (docs/validation.md). */
void hd_di_validate_layout(hd_spv_module *m)
{
	uint32_t first_function = m->ninsns, last_early = 0;
	int have_early = 0;

	for (uint32_t i = 0; i < m->ninsns; i++)
		if (m->insns[i].opcode == SpvOpFunction) {
			first_function = i;
			break;
		}
	for (uint32_t i = 0; i < first_function; i++)
		if (before_section9(&m->insns[i])) {
			last_early = i;
			have_early = 1;
		}
	for (uint32_t k = 0; k < m->nnodes; k++) {
		const hd_di_node *n = &m->nodes[k];
		const hd_spv_insn *in = &m->insns[n->insn];
		const char *why = NULL;

		if (!hd_di_validated(n))
			continue;
		if (in->function >= 0) {
			if (!hd_di_in_body_kind(n))
				why = n->set->id == HD_SET_NONSEMANTIC
				      ? "only DebugScope, DebugNoScope, DebugDeclare, DebugValue, "
				        "DebugLine, DebugNoLine and DebugFunctionDefinition may stand "
				        "inside a function"
				      : "only DebugScope, DebugNoScope, DebugDeclare and DebugValue may "
				        "stand inside a function";
		} else if (hd_di_in_body_kind(n)) {
			why = "it may only stand inside a function";
		} else if (n->insn > first_function) {
			why = "it must come before the first function";
		} else if (have_early && n->insn < last_early) {
			why = "it must come after the debug names and annotations "
			      "(core logical layout sections 1-8)";
		}
		if (why)
			hd_spv_diag_add(m, n->set->import_name, n->inst->name, "layout", NULL,
			                in->offset, n->id, "%s", why);
	}
}

/* The next node up a chain, or -1 where it ends. */
typedef int32_t (*next_fn)(const hd_spv_module *m, const hd_di_node *n);

static int is_scope(const hd_di_node *n)
{
	return hd_di_is(n, HD_K_DebugLexicalBlock) || hd_di_is(n, HD_K_DebugLexicalBlockDiscriminator) ||
	       hd_di_is(n, HD_K_DebugFunction) || hd_di_is(n, HD_K_DebugTypeComposite);
}

static int32_t next_scope(const hd_spv_module *m, const hd_di_node *n)
{
	int32_t k;

	if (!is_scope(n) || !hd_di_validated(n))
		return -1;
	k = hd_di_index(m, hd_di_operand_id(n, HD_O_Parent));
	return k >= 0 && m->nodes[k].set == n->set ? k : -1;
}

static int32_t next_inlined(const hd_spv_module *m, const hd_di_node *n)
{
	int32_t k;

	if (!hd_di_is(n, HD_K_DebugInlinedAt) || !hd_di_validated(n))
		return -1;
	k = hd_di_index(m, hd_di_operand_id(n, HD_O_Inlined));
	return k >= 0 && m->nodes[k].set == n->set ? k : -1;
}

/* Follows every chain once (linear time): a node is white until reached,
 * grey while on the current path, black when its chain is known to end or
 * its loop was reported. Reaching a grey node closes a loop; the loop is
 * reported once, at its first node in module order. */
static void find_loops(hd_spv_module *m, next_fn next, const char *rule,
                       const char *operand, uint8_t *color)
{
	memset(color, 0, m->nnodes);
	for (uint32_t start = 0; start < m->nnodes; start++) {
		int32_t k = (int32_t)start, first;

		while (k >= 0 && color[k] == 0) {
			color[k] = 1;
			k = next(m, &m->nodes[k]);
		}
		if (k >= 0 && color[k] == 1) {
			/* k is on the current path: the loop runs k → … → k. */
			first = k;
			for (int32_t j = next(m, &m->nodes[k]); j != k; j = next(m, &m->nodes[j]))
				if (j < first)
					first = j;
			hd_spv_diag_add(m, m->nodes[first].set->import_name,
			                m->nodes[first].inst->name, rule, operand,
			                m->insns[m->nodes[first].insn].offset, m->nodes[first].id,
			                "following %s from here comes back here", operand);
		}
		for (k = (int32_t)start; k >= 0 && color[k] == 1; k = next(m, &m->nodes[k]))
			color[k] = 2;
	}
}

void hd_di_validate_cycles(hd_spv_module *m)
{
	uint8_t *color = malloc(m->nnodes ? m->nnodes : 1);

	if (!color) {
		m->ndiags_dropped++;
		return;
	}
	find_loops(m, next_scope, "scope-cycle", "Parent", color);
	find_loops(m, next_inlined, "inlined-cycle", "Inlined", color);
	free(color);
}
