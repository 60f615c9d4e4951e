/* The structure rules on how the IR uses debug metadata (Verifier.cpp's
 * visitFunction, visitGlobalVariable, visitInstruction, the dbg intrinsic
 * and record checks) and on the module's named metadata. */
#include <stdlib.h>
#include <string.h>

#include "check_impl.h"
#include "util/sort.h"

static const hd_lldi_named *named_find(const hd_lldi_module *m, const char *name)
{
	for (uint32_t i = 0; i < m->nnamed; i++)
		if (strcmp(m->named[i].name, name) == 0)
			return &m->named[i];
	return NULL;
}

static int ptr_cmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const void *const *)a, y = (uintptr_t)*(const void *const *)b;
	return x < y ? -1 : x > y;
}

/* Every DICompileUnit is in !llvm.dbg.cu, which holds only those: the
 * listed ones sorted, each definition searched for by bisection. */
static void check_cu_list(const hd_lldi_module *m, hd_lldi_findings *fs)
{
	const hd_lldi_named *cu = named_find(m, "llvm.dbg.cu");
	uint32_t n = cu ? cu->nitems : 0, k = 0;
	const hd_lldi_node **listed = malloc((n ? n : 1) * sizeof *listed);

	if (listed == NULL)
		return;
	for (uint32_t i = 0; i < n; i++) {
		const hd_lldi_node *t = hd_lldi_target(&cu->items[i]);
		if (!hd_lldi_is(t, K_COMPILE_UNIT))
			hd_lldi_report(fs, HD_LLDI_R_CU_LIST, cu->items[i].pos,
			             "!llvm.dbg.cu element %u is %s, not a DICompileUnit", (unsigned)i,
			             t ? hd_lldi_kind_label(t) : "not a node");
		else
			listed[k++] = t;
	}
	hd_sort(listed, k, sizeof *listed, ptr_cmp);
	for (uint32_t i = 0; i < m->nnodes; i++) {
		const hd_lldi_node *c = m->nodes[i];
		if (c->known == K_COMPILE_UNIT && (k == 0 || !bsearch(&c, listed, k, sizeof *listed, ptr_cmp)))
			hd_lldi_report(fs, HD_LLDI_R_CU_LIST, c->pos, "DICompileUnit !%u is not in !llvm.dbg.cu",
			             (unsigned)c->id);
	}
	free(listed);
}

/* Whether an IR value's text is `TYPE 3` for the Debug Info Version. */
static int is_three(const hd_lldi_value *v)
{
	return v->kind == HD_LLDI_V_IR && v->len >= 2 && strcmp(v->s + v->len - 2, " 3") == 0;
}

/* LLVM drops all debug information from a module whose "Debug Info
 * Version" flag is missing or not the current 3 (StripDebugInfo). */
static void check_module_flags(const hd_lldi_module *m, hd_lldi_findings *fs)
{
	const hd_lldi_named *cu = named_find(m, "llvm.dbg.cu");
	const hd_lldi_named *flags = named_find(m, "llvm.module.flags");

	if (cu == NULL)
		return;
	for (uint32_t i = 0; flags && i < flags->nitems; i++) {
		const hd_lldi_node *t = hd_lldi_target(&flags->items[i]);
		if (t && t->kind[0] == '\0' && t->nitems == 3 && t->items[1].kind == HD_LLDI_V_MDSTR &&
		    strcmp(t->items[1].s, "Debug Info Version") == 0) {
			if (!is_three(&t->items[2]))
				hd_lldi_report(fs, HD_LLDI_R_MODULE_FLAGS, t->items[2].pos,
				             "\"Debug Info Version\" is not 3");
			return;
		}
	}
	hd_lldi_report(fs, HD_LLDI_R_MODULE_FLAGS, cu->pos,
	             "!llvm.dbg.cu without a \"Debug Info Version\" module flag");
}

static void check_functions(const hd_lldi_module *m, hd_lldi_findings *fs)
{
	for (uint32_t i = 0; i < m->nfunctions; i++) {
		const hd_lldi_function *f = &m->functions[i];
		const hd_lldi_node *sp = hd_lldi_target(&f->sp);
		if (f->sp.kind == HD_LLDI_V_NONE)
			continue;
		if (!hd_lldi_is(sp, K_SUBPROGRAM))
			hd_lldi_report(fs, HD_LLDI_R_DBG_FUNCTION, f->sp.pos, "%s's !dbg is %s, not a DISubprogram",
			             f->name, sp ? hd_lldi_kind_label(sp) : "not a node");
		else if (f->defined && !sp->distinct)
			hd_lldi_report(fs, HD_LLDI_R_DBG_FUNCTION, f->sp.pos,
			             "definition %s's DISubprogram is not distinct", f->name);
	}
}

/* The DISubprogram a DILocation's code belongs to, outermost inlining
 * first (Verifier: the function's own subprogram). */
static hd_lldi_node *location_function_sp(hd_lldi_node *loc)
{
	for (uint32_t steps = 0; steps < 4096; steps++) {
		hd_lldi_node *at = hd_lldi_field_node(loc, "inlinedAt");
		if (!hd_lldi_is(at, K_LOCATION))
			return hd_lldi_subprogram_of(hd_lldi_field_node(loc, "scope"));
		loc = at;
	}
	return NULL;
}

/* A use's location is a DILocation in its function's subprogram. */
static void check_location(const hd_lldi_module *m, const hd_lldi_use *u, hd_lldi_rule rule,
                           hd_lldi_findings *fs)
{
	hd_lldi_node *loc = hd_lldi_target(&u->loc), *sp, *want;

	if (u->loc.kind == HD_LLDI_V_NONE) {
		hd_lldi_report(fs, rule, u->pos, "no !dbg location");
		return;
	}
	if (!hd_lldi_is(loc, K_LOCATION)) {
		hd_lldi_report(fs, rule, u->loc.pos, "the !dbg is %s, not a DILocation",
		             loc ? hd_lldi_kind_label(loc) : "not a node");
		return;
	}
	if (u->func < 0)
		return;
	want = hd_lldi_target(&m->functions[u->func].sp);
	sp = location_function_sp(loc);
	if (hd_lldi_is(want, K_SUBPROGRAM) && sp != NULL && sp != want)
		hd_lldi_report(fs, HD_LLDI_R_DBG_LOCATION, u->loc.pos,
		             "the location's DISubprogram (line %u) is not %s's (line %u)",
		             (unsigned)sp->pos.line, m->functions[u->func].name,
		             (unsigned)want->pos.line);
}

/* ops[k] is a node of kind k (inline or referenced). */
static int operand_is(const hd_lldi_use *u, uint32_t k, int kind)
{
	return k < u->nops && hd_lldi_is(hd_lldi_target(&u->ops[k]), kind);
}

static const char *record_name(const hd_lldi_use *u)
{
	static const char *const names[] = { "", "", "", "dbg_declare", "dbg_value", "dbg_assign",
		"dbg_label" };
	return names[u->kind];
}

static void check_record(const hd_lldi_module *m, const hd_lldi_use *u, hd_lldi_findings *fs)
{
	uint32_t want = u->kind == HD_LLDI_U_LABEL ? 1 : u->kind == HD_LLDI_U_ASSIGN ? 6 : 3;
	const hd_lldi_node *var, *loc;
	hd_lldi_node *vsp, *lsp;

	if (u->nops != want) {
		hd_lldi_report(fs, HD_LLDI_R_DBG_OPERAND, u->pos, "%s has %u operands, not %u",
		             record_name(u), (unsigned)u->nops, (unsigned)want);
		return;
	}
	if (u->kind == HD_LLDI_U_LABEL ? !operand_is(u, 0, K_LABEL) : !operand_is(u, 1, K_LOCAL_VARIABLE)) {
		const hd_lldi_value *v = &u->ops[u->kind == HD_LLDI_U_LABEL ? 0 : 1];
		hd_lldi_report(fs, HD_LLDI_R_DBG_OPERAND, v->pos, "%s's %s is not a %s", record_name(u),
		             u->kind == HD_LLDI_U_LABEL ? "label" : "variable",
		             u->kind == HD_LLDI_U_LABEL ? "DILabel" : "DILocalVariable");
		return;
	}
	if (u->kind != HD_LLDI_U_LABEL && !operand_is(u, 2, K_EXPRESSION)) {
		hd_lldi_report(fs, HD_LLDI_R_DBG_OPERAND, u->ops[2].pos, "%s's expression is not a DIExpression",
		             record_name(u));
		return;
	}
	if (u->kind == HD_LLDI_U_ASSIGN && (!operand_is(u, 3, K_ASSIGN_ID) || !operand_is(u, 5, K_EXPRESSION))) {
		hd_lldi_report(fs, HD_LLDI_R_DBG_OPERAND, u->pos,
		             "dbg_assign's operands 4 and 6 are not a DIAssignID and a DIExpression");
		return;
	}
	check_location(m, u, HD_LLDI_R_DBG_OPERAND, fs);
	var = hd_lldi_target(&u->ops[u->kind == HD_LLDI_U_LABEL ? 0 : 1]);
	loc = hd_lldi_target(&u->loc);
	if (!hd_lldi_is(loc, K_LOCATION))
		return;
	vsp = hd_lldi_subprogram_of(hd_lldi_field_node(var, "scope"));
	lsp = hd_lldi_subprogram_of(hd_lldi_field_node(loc, "scope"));
	if (vsp != NULL && lsp != NULL && vsp != lsp)
		hd_lldi_report(fs, HD_LLDI_R_DBG_SCOPE, u->pos,
		             "%s's %s lies in the DISubprogram on line %u, its location in the one on line %u",
		             record_name(u), u->kind == HD_LLDI_U_LABEL ? "label" : "variable",
		             (unsigned)vsp->pos.line, (unsigned)lsp->pos.line);
}

void hd_lldi_check_uses(const hd_lldi_module *m, hd_lldi_findings *fs)
{
	check_cu_list(m, fs);
	check_module_flags(m, fs);
	check_functions(m, fs);
	for (uint32_t i = 0; i < m->nuses; i++) {
		const hd_lldi_use *u = &m->uses[i];
		const hd_lldi_node *t = hd_lldi_target(&u->loc);
		switch (u->kind) {
		case HD_LLDI_U_GLOBAL:
			if (!hd_lldi_is(t, K_GLOBAL_VARIABLE_EXPR))
				hd_lldi_report(fs, HD_LLDI_R_DBG_GLOBAL, u->loc.pos,
				             "%s's !dbg is %s, not a DIGlobalVariableExpression", u->name,
				             t ? hd_lldi_kind_label(t) : "not a node");
			break;
		case HD_LLDI_U_INST:
			check_location(m, u, HD_LLDI_R_DBG_LOCATION, fs);
			break;
		default:
			check_record(m, u, fs);
			break;
		}
	}
}
