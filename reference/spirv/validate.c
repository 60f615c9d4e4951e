/* The validator: every rule OpenCL.DebugInfo.100, DebugInfo
 * 1.00 (DebugInfo 1.00) and NonSemantic.Shader.DebugInfo.100 state, instruction
 * by instruction. Each check is one function; rules.c lists the rule ids
 * they report with their spec source. The rules only the NonSemantic set
 * has are in validate_nonsemantic.c. DebugModuleINTEL is decode-only. */
#include "spirv_impl.h"

/* OpenCL.DebugInfo.100 section 2: the Result Type of every instruction is OpTypeVoid.
 * It is an <id> operand like the others, so section 2.2 forbids naming an
 * OpTypeVoid that comes later (a DebugInfoNone before the type). */
static void check_result_type(hd_spv_module *m, const hd_di_node *n)
{
	const hd_spv_insn *in = &m->insns[n->insn];
	int32_t d = hd_spv_def(m, in->type);
	const hd_spv_insn *ty = d >= 0 ? &m->insns[d] : NULL;

	if (!ty || ty->opcode != SpvOpTypeVoid)
		hd_spv_diag_add(m, n->set->import_name, n->inst->name, "result-type", NULL,
		                in->offset, n->id, "the Result Type %%%u is not OpTypeVoid",
		                in->type);
	if (ty && (uint32_t)d > n->insn)
		hd_spv_diag_add(m, n->set->import_name, n->inst->name, "forward-reference",
		                "Result Type", in->offset, n->id, "%%%u is defined later, at word %u",
		                in->type, ty->offset);
}

/* DebugOperation: the operation takes exactly the operands its table row
 * gives (OpenCL.DebugInfo.100 section 3.6, "No. of Operands"): literals, or in
 * NonSemantic.Shader.DebugInfo.100 ids of constants. */
static void check_operation(hd_spv_module *m, const hd_di_node *n, const hd_di_span *spans,
                            const hd_spv_enumerant *e)
{
	uint32_t have = spans[1].count;
	int literal = n->inst->operands[1].kind == HD_SPV_LITERAL;

	if (e && have != e->nparams)
		hd_spv_diag_add(m, n->set->import_name, n->inst->name, "operation-operands",
		                n->inst->operands[1].name, m->insns[n->insn].offset, n->id,
		                "%s takes %u %soperand%s, not %u", e->name, e->nparams,
		                literal ? "literal " : "", e->nparams == 1 ? "" : "s", have);
}

/* Every enum operand takes its value from the set's own table: the two
 * sets number base-type encodings differently (1.00 Float is 4, 100 Float
 * is 3), and 1.00 lacks AtomicType, Fragment and the three newer flags. */
static void check_enums(hd_spv_module *m, const hd_di_node *n, const hd_di_span *spans)
{
	for (int i = 0; i < n->inst->noperands; i++) {
		const hd_spv_operand *op = &n->inst->operands[i];
		uint32_t v;

		if (!op->en || spans[i].count == 0 ||
		    hd_di_operand_value(m, n, op, spans[i], &v) != 0)
			continue;  /* an id that names no constant is operand-target's */
		if (!hd_spv_enum_valid(op->en, v)) {
			hd_spv_diag_add(m, n->set->import_name, n->inst->name, "enum-value", op->name,
			                m->insns[n->insn].offset, n->id,
			                "%u (0x%x) is not a %s value of %s", v, v, op->en->name,
			                n->set->import_name);
			continue;
		}
		if (n->inst->kind == HD_K_DebugOperation && i == 0)
			check_operation(m, n, spans, hd_spv_enum_value(op->en, v));
	}
}

/* OpenCL.DebugInfo.100 section 2 and the DebugTypeComposite note: an opaque type (its
 * Name starts with '@') has no Members and a Size of DebugInfoNone. */
static void check_opaque(hd_spv_module *m, const hd_di_node *n, const hd_di_span *spans)
{
	const char *name = hd_spv_string(m, hd_di_operand_id(n, HD_O_Name));
	const hd_spv_insn *in = &m->insns[n->insn];
	int last = n->inst->noperands - 1;  /* Members */

	if (!name || name[0] != '@')
		return;
	if (spans[last].count != 0)
		hd_spv_diag_add(m, n->set->import_name, n->inst->name, "opaque-type", "Members",
		                in->offset, n->id, "the opaque type \"%s\" has %u members", name,
		                spans[last].count);
	if (!hd_di_is(hd_di_node_of(m, hd_di_operand_id(n, HD_O_Size)), HD_K_DebugInfoNone))
		hd_spv_diag_add(m, n->set->import_name, n->inst->name, "opaque-type", "Size",
		                in->offset, n->id,
		                "the opaque type \"%s\" must have Size DebugInfoNone", name);
}

/* The id by which a Members item names the composite it belongs to: a
 * DebugTypeMember's Parent ("the composite type containing this member")
 * or a DebugTypeInheritance's Child (the derived class, which lists it as
 * a member), DebugInfo 1.00 section 4.3. 0 for a DebugFunction, whose Parent is
 * a lexical scope the spec does not tie to the list, and for an item of
 * the wrong kind or set, which operand-target reports. */
static uint32_t owner_of(const hd_di_node *n, const hd_di_node *item)
{
	if (!item || item->set != n->set)
		return 0;
	if (hd_di_is(item, HD_K_DebugTypeMember))
		return hd_di_operand_id(item, HD_O_Parent);
	if (hd_di_is(item, HD_K_DebugTypeInheritance))
		return hd_di_operand_id(item, HD_O_Child);
	return 0;
}

/* A composite lists only its own members: otherwise the member would be
 * lowered into the wrong structure. Only an owner that is another
 * composite conflicts: DebugInfoNone is a removed reference (OpenCL.DebugInfo.100
 * section 2.1), and anything else is operand-target's finding. */
static void check_members(hd_spv_module *m, const hd_di_node *n, const hd_di_span *spans)
{
	const hd_di_span *members = &spans[n->inst->noperands - 1];

	for (uint32_t k = 0; k < members->count; k++) {
		const hd_di_node *item = hd_di_node_of(m, n->args[members->first + k]);
		uint32_t owner = owner_of(n, item);

		if (owner == n->id || !hd_di_is(hd_di_node_of(m, owner), HD_K_DebugTypeComposite))
			continue;
		hd_spv_diag_add(m, n->set->import_name, n->inst->name, "member-parent", "Members",
		                m->insns[n->insn].offset, n->id,
		                "item %u: %%%u is a %s whose %s is %%%u, not this composite", k + 1,
		                item->id, item->inst->name,
		                hd_di_is(item, HD_K_DebugTypeMember) ? "Parent" : "Child", owner);
	}
}

static void check_node(hd_spv_module *m, const hd_di_node *n)
{
	hd_di_span spans[HD_DI_MAX_OPERANDS];

	check_result_type(m, n);
	if (hd_di_operands(n, spans) < 0) {
		hd_spv_diag_add(m, n->set->import_name, n->inst->name, "operand-count", NULL,
		                m->insns[n->insn].offset, n->id,
		                "%u operand word%s cannot be read as the operands of %s",
		                n->nargs, n->nargs == 1 ? "" : "s", n->inst->name);
		return;
	}
	check_enums(m, n, spans);
	hd_di_validate_refs(m, n, spans);
	if (n->inst->kind == HD_K_DebugTypeComposite) {
		check_opaque(m, n, spans);
		check_members(m, n, spans);
	}
}

uint32_t hd_di_validate(hd_spv_module *m)
{
	for (uint32_t i = 0; i < m->nnodes; i++)
		if (hd_di_validated(&m->nodes[i]))
			check_node(m, &m->nodes[i]);
	hd_di_validate_layout(m);
	hd_di_validate_cycles(m);
	hd_di_validate_nonsemantic(m);
	return m->ndiags + m->ndiags_dropped;
}
