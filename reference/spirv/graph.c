/* The debug-info graph: one node per OpExtInst of an imported debug set,
 * and the operand layout that names each node's words after the grammar. */
#include <stdlib.h>
#include <string.h>

#include "spirv_impl.h"

/* The debug set an OpExtInst's Set operand imports, NULL when it imports
 * another set (OpenCL.std …); *imported is 0 when the id is no import. */
static uint8_t operands_fit(const hd_di_node *n);

static const hd_spv_set *set_of(const hd_spv_module *m, uint32_t set_id, int *imported)
{
	const hd_spv_insn *in = hd_spv_def_insn(m, set_id);
	const char *name;
	size_t room;

	*imported = in && in->opcode == SpvOpExtInstImport && in->nwords >= 3;
	if (!*imported)
		return NULL;
	name = (const char *)(m->words + in->offset + 2);
	room = (size_t)(in->nwords - 2) * 4;
	if (!memchr(name, 0, room))
		return NULL;
	return hd_spv_set_by_import(name);
}

/* Makes a node of every debug-set OpExtInst; anything that cannot be one
 * becomes a diagnostic. */
static int build_nodes(hd_spv_module *m)
{
	uint32_t count = 0;

	for (uint32_t i = 0; i < m->ninsns; i++)
		count += m->insns[i].opcode == SpvOpExtInst;
	m->nodes = calloc(count ? count : 1, sizeof *m->nodes);
	if (!m->nodes)
		return -1;
	for (uint32_t i = 0; i < m->ninsns; i++) {
		hd_spv_insn *in = &m->insns[i];
		const uint32_t *w = m->words + in->offset;
		const hd_spv_set *set;
		hd_di_node *n;
		int imported;

		if (in->opcode != SpvOpExtInst)
			continue;
		if (in->nwords < 5) {
			hd_spv_diag_add(m, "SPIR-V", "OpExtInst", "word-count", NULL, in->offset,
			                in->result, "OpExtInst needs at least 5 words, it has %u",
			                in->nwords);
			continue;
		}
		set = set_of(m, w[3], &imported);
		if (!imported) {
			hd_spv_diag_add(m, "SPIR-V", "OpExtInst", "set-not-imported", "Set",
			                in->offset, in->result,
			                "%%%u is not the result of an OpExtInstImport", w[3]);
			continue;
		}
		if (!set)
			continue;
		n = &m->nodes[m->nnodes];
		n->m = m;
		n->set = set;
		n->opcode = w[4];
		n->inst = hd_spv_inst_by_opcode(set, w[4]);
		n->id = in->result;
		n->insn = i;
		n->nargs = in->nwords - 5u;
		n->args = w + 5;
		n->fits = operands_fit(n);
		in->node = (int32_t)m->nnodes++;
		if (!n->inst)
			hd_spv_diag_add(m, set->import_name, NULL, "unknown-instruction", NULL,
			                in->offset, in->result, "%s has no instruction %u",
			                set->import_name, w[4]);
	}
	return 0;
}

int hd_di_operands(const hd_di_node *n, hd_di_span *spans)
{
	uint32_t pos = 0;

	if (!n->inst)
		return -1;
	for (int i = 0; i < n->inst->noperands; i++) {
		const hd_spv_operand *op = &n->inst->operands[i];
		uint32_t width = op->kind == HD_SPV_PAIR ? 2 : 1;
		uint32_t left = n->nargs - pos;

		if (op->quant == HD_SPV_ONE && left < width)
			return -1;
		if ((op->quant == HD_SPV_MANY || op->quant == HD_SPV_SOME) &&
		    (left % width != 0 || (op->quant == HD_SPV_SOME && left == 0)))
			return -1;
		spans[i].first = pos;
		spans[i].count = hd_di_operand_words(op, left);
		pos += spans[i].count;
	}
	return pos == n->nargs ? n->inst->noperands : -1;
}

/* Whether n's words fit its grammar operands, found once when the node is
 * made, so that readers of one operand need not lay out all of them. */
static uint8_t operands_fit(const hd_di_node *n)
{
	hd_di_span spans[HD_DI_MAX_OPERANDS];
	return n->inst && hd_di_operands(n, spans) >= 0;
}

uint32_t hd_di_operand_id(const hd_di_node *n, hd_spv_oname name)
{
	hd_di_span spans[HD_DI_MAX_OPERANDS];

	if (hd_di_operands(n, spans) < 0)
		return 0;
	for (int i = 0; i < n->inst->noperands; i++)
		if (n->inst->operands[i].oname == name)
			return spans[i].count ? n->args[spans[i].first] : 0;
	return 0;
}

int hd_di_operand_value(const hd_spv_module *m, const hd_di_node *n, const hd_spv_operand *op,
                        hd_di_span span, uint32_t *v)
{
	uint64_t wide;
	unsigned width;

	if (span.count == 0)
		return -1;
	if (op->kind != HD_SPV_ID) {
		*v = n->args[span.first];
		return 0;
	}
	if (op->target != HD_T_UINT32 && op->target != HD_T_ENUM)
		return -1;
	if (hd_spv_int_constant(m, n->args[span.first], &wide, &width, NULL) != 0 || width != 32)
		return -1;
	*v = (uint32_t)wide;
	return 0;
}

const hd_di_node *hd_di_node_of(const hd_spv_module *m, uint32_t id)
{
	const hd_spv_insn *in = hd_spv_def_insn(m, id);
	return in && in->node >= 0 ? &m->nodes[in->node] : NULL;
}

int hd_di_build(hd_spv_module *m, hd_status *st)
{
	if (build_nodes(m) != 0 || hd_di_build_functions(m) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	return 0;
}
