/* Function bodies: which instructions each DebugScope and OpLine covers, and
 * where each DebugDeclare and DebugValue sits.
 *
 * Positions are slots: a function's instructions other than debug-set
 * instructions, OpLine and OpNoLine, numbered from 0 at the OpFunction. They
 * do not move when debug instructions are added or removed, so two producers
 * of the same code give the same slots.
 *
 * A DebugScope covers the instructions after it up to the next DebugScope,
 * DebugNoScope or block end (DebugInfo 1.00 section 4.7, DebugScope); the block's
 * terminator is the last instruction it covers. OpLine ends the same way
 * (core SPIR-V, OpLine), at the next OpLine, OpNoLine or block end. */
#include <stdlib.h>

#include "spirv_impl.h"

int hd_spv_is_block_end(uint32_t opcode)
{
	switch (opcode) {
	case SpvOpBranch:
	case SpvOpBranchConditional:
	case SpvOpSwitch:
	case SpvOpKill:
	case SpvOpReturn:
	case SpvOpReturnValue:
	case SpvOpUnreachable:
	case SpvOpTerminateInvocation:
	case SpvOpIgnoreIntersectionKHR:
	case SpvOpTerminateRayKHR:
	case SpvOpEmitMeshTasksEXT:
		return 1;
	default:
		return 0;
	}
}

/* Appends one element to a growable array; -1 when memory runs out. */
static int grow(void **arr, uint32_t *n, size_t size)
{
	if ((*n & (*n - 1)) == 0) {  /* at 0, 1, 2, 4 …: double */
		void *na = realloc(*arr, (*n ? *n * 2 : 1) * size);
		if (!na)
			return -1;
		*arr = na;
	}
	(*n)++;
	return 0;
}

/* An open range: index into the array, or -1. */
typedef struct open_range {
	hd_di_range **arr;
	uint32_t *n;
	int32_t open;
} open_range;

static void close_range(open_range *r, uint32_t slot)
{
	if (r->open >= 0)
		(*r->arr)[r->open].slot_end = slot;
	r->open = -1;
}

static int open_new(open_range *r, uint32_t slot, hd_di_range init)
{
	close_range(r, slot);
	if (grow((void **)r->arr, r->n, sizeof **r->arr) != 0)
		return -1;
	init.slot_begin = init.slot_end = slot;
	(*r->arr)[*r->n - 1] = init;
	r->open = (int32_t)(*r->n - 1);
	return 0;
}

/* One debug-set instruction inside a body. NonSemantic.Shader.DebugInfo.100's
 * DebugLine and DebugNoLine make line ranges as OpLine and OpNoLine do (its
 * DebugLine: up to the next DebugLine, DebugNoLine or block end); the range's
 * file is the DebugSource's insn. */
static int body_debug(hd_spv_module *m, hd_di_function *f, const hd_di_node *n,
                      uint32_t slot, open_range *scope, open_range *line)
{
	if (hd_di_is(n, HD_K_DebugLine)) {
		hd_di_range r = { .scope = -1, .inlined = -1 };
		hd_di_span spans[HD_DI_MAX_OPERANDS];
		uint32_t v = 0;

		r.file = hd_spv_def(m, hd_di_operand_id(n, HD_O_Source));
		if (hd_di_operands(n, spans) >= 0) {
			if (hd_di_operand_value(m, n, &n->inst->operands[1], spans[1], &v) == 0)
				r.line = v;  /* Line Start */
			if (hd_di_operand_value(m, n, &n->inst->operands[3], spans[3], &v) == 0)
				r.column = v;  /* Column Start */
		}
		return open_new(line, slot, r);
	}
	if (hd_di_is(n, HD_K_DebugNoLine)) {
		close_range(line, slot);
		return 0;
	}
	if (hd_di_is(n, HD_K_DebugScope)) {
		hd_di_range r = { .file = -1 };
		r.scope = hd_di_index(m, hd_di_operand_id(n, HD_O_Scope));
		r.inlined = hd_di_index(m, hd_di_operand_id(n, HD_O_Inlined_At));
		return open_new(scope, slot, r);
	}
	if (hd_di_is(n, HD_K_DebugNoScope)) {
		close_range(scope, slot);
		return 0;
	}
	if (hd_di_is(n, HD_K_DebugDeclare) || hd_di_is(n, HD_K_DebugValue)) {
		hd_di_point *p;
		if (grow((void **)&f->points, &f->npoints, sizeof *f->points) != 0)
			return -1;
		p = &f->points[f->npoints - 1];
		p->node = (int32_t)(n - m->nodes);
		p->slot = slot;
		p->scope = scope->open >= 0 ? (*scope->arr)[scope->open].scope : -1;
		p->inlined = scope->open >= 0 ? (*scope->arr)[scope->open].inlined : -1;
	}
	return 0;
}

static int build_body(hd_spv_module *m, hd_di_function *f)
{
	open_range scope = { &f->scopes, &f->nscopes, -1 };
	open_range line = { &f->lines, &f->nlines, -1 };
	uint32_t slot = 0;

	for (uint32_t i = f->insn_begin; i <= f->insn_end && i < m->ninsns; i++) {
		hd_spv_insn *in = &m->insns[i];
		const uint32_t *w = m->words + in->offset;

		in->function = (int32_t)(f - m->functions);
		if (in->node >= 0) {
			if (body_debug(m, f, &m->nodes[in->node], slot, &scope, &line) != 0)
				return -1;
			continue;
		}
		if (in->opcode == SpvOpLine && in->nwords == 4) {
			hd_di_range r = { .scope = -1, .inlined = -1 };
			int32_t file = hd_spv_def(m, w[1]);
			r.file = file;
			r.line = w[2];
			r.column = w[3];
			if (open_new(&line, slot, r) != 0)
				return -1;
			continue;
		}
		if (in->opcode == SpvOpNoLine || in->opcode == SpvOpLine) {
			close_range(&line, slot);
			continue;
		}
		slot++;
		if (hd_spv_is_block_end(in->opcode)) {
			close_range(&scope, slot);
			close_range(&line, slot);
		}
	}
	close_range(&scope, slot);
	close_range(&line, slot);
	f->nslots = slot;
	return 0;
}

/* Links each DebugFunction to the body its Function operand names. In
 * NonSemantic.Shader.DebugInfo.100 a DebugFunction has no Function operand:
 * a DebugFunctionDefinition in the body names it and the OpFunction. */
static void link_debug_functions(hd_spv_module *m)
{
	for (uint32_t i = 0; i < m->nnodes; i++) {
		const hd_di_node *n = &m->nodes[i];
		const hd_spv_insn *fn;
		int32_t df = (int32_t)i;

		if (hd_di_is(n, HD_K_DebugFunctionDefinition) && n->set->id == HD_SET_NONSEMANTIC) {
			fn = hd_spv_def_insn(m, hd_di_operand_id(n, HD_O_Definition));
			df = hd_di_index(m, hd_di_operand_id(n, HD_O_Function));
		} else if (hd_di_is(n, HD_K_DebugFunction) && n->set->id != HD_SET_NONSEMANTIC) {
			fn = hd_spv_def_insn(m, hd_di_operand_id(n, HD_O_Function));
		} else {
			continue;
		}
		if (fn && fn->opcode == SpvOpFunction && fn->function >= 0 && df >= 0 &&
		    hd_di_is(&m->nodes[df], HD_K_DebugFunction) &&
		    m->functions[fn->function].debug_function < 0)
			m->functions[fn->function].debug_function = df;
	}
}

int hd_di_build_functions(hd_spv_module *m)
{
	uint32_t count = 0;

	for (uint32_t i = 0; i < m->ninsns; i++)
		count += m->insns[i].opcode == SpvOpFunction;
	m->functions = calloc(count ? count : 1, sizeof *m->functions);
	if (!m->functions)
		return -1;
	for (uint32_t i = 0; i < m->ninsns; i++) {
		hd_di_function *f;

		if (m->insns[i].opcode != SpvOpFunction)
			continue;
		f = &m->functions[m->nfunctions++];
		f->id = m->insns[i].result;
		f->insn_begin = i;
		f->debug_function = -1;
		/* A body runs to its OpFunctionEnd, or up to the next OpFunction when
		 * the end is missing (a core-layout error spirv-val reports). */
		for (f->insn_end = i + 1; f->insn_end < m->ninsns; f->insn_end++) {
			uint32_t op = m->insns[f->insn_end].opcode;
			if (op == SpvOpFunctionEnd)
				break;
			if (op == SpvOpFunction) {
				f->insn_end--;
				break;
			}
		}
		if (build_body(m, f) != 0)
			return -1;
		i = f->insn_end;
	}
	link_debug_functions(m);
	return 0;
}
