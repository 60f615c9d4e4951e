/* The IR that carries the metadata (docs/llvm-translation.md, "The
 * module"): module-scope OpVariables as `i8` globals with their
 * DIGlobalVariableExpressions, and one skeleton `define` per SPIR-V
 * function with a DebugFunction: its parameters, the values its records
 * name, one llvm.donothing call per run of instructions with one
 * DebugScope and one OpLine (their DILocation), and llvm.dbg.declare /
 * llvm.dbg.value (the LLVM 15 intrinsics) for DebugDeclare / DebugValue
 * where they stand. */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "names.h"
#include "tollvm_impl.h"

/* Scope and inlined-at chains deeper than this are a cycle. */
#define MAX_DEPTH 64

typedef struct ir {
	hd_tl *T;
	uint32_t *stamp;        /* per insn: 1 + the function whose def it has */
	int32_t *gdv_first;     /* per insn: first DebugGlobalVariable naming it */
	int32_t *gdv_next;      /* per node: the next one naming the same insn */
	uint8_t *global;        /* per insn: a module-scope OpVariable the IR defines */
} ir;

static const hd_spv_insn *insn_of(hd_tl *T, uint32_t id)
{
	return hd_spv_def_insn(T->m, id);
}

static uint32_t word(hd_tl *T, const hd_spv_insn *in, uint32_t k)
{
	return k < in->nwords ? T->m->words[in->offset + k] : 0;
}

/* ---- IR types and values ---- */

/* The IR type of a SPIR-V type: scalars, pointers (opaque, in their SPIR
 * address space) and vectors of scalars; i8 stands for the rest. */
static void ir_type(hd_tl *T, uint32_t type, hd_buf *b, int depth)
{
	const hd_spv_insn *in = insn_of(T, type);
	int as;

	switch (in ? in->opcode : 0) {
	case SpvOpTypeInt:
		hd_buf_printf(b, "i%u", word(T, in, 2) ? word(T, in, 2) : 8);
		return;
	case SpvOpTypeFloat:
		hd_buf_printf(b, "%s", word(T, in, 2) == 16 ? "half" :
		                       word(T, in, 2) == 64 ? "double" : "float");
		return;
	case SpvOpTypeBool:
		hd_buf_printf(b, "i1");
		return;
	case SpvOpTypePointer:
		as = hd_tl_addrspace(word(T, in, 2));
		hd_buf_printf(b, as > 0 ? "ptr addrspace(%d)" : "ptr", as);
		return;
	case SpvOpTypeVector:
		if (depth == 0 && word(T, in, 3) > 0) {
			const hd_spv_insn *e = insn_of(T, word(T, in, 2));
			if (e && (e->opcode == SpvOpTypeInt || e->opcode == SpvOpTypeFloat ||
			          e->opcode == SpvOpTypeBool)) {
				hd_buf_printf(b, "<%u x ", word(T, in, 3));
				ir_type(T, word(T, in, 2), b, 1);
				hd_buf_printf(b, ">");
				return;
			}
		}
		break;
	default:
		break;
	}
	hd_buf_printf(b, "i8");
}

/* A float constant in LLVM's hexadecimal form: a float's value as the
 * double it widens to, a half as 0xH. */
static void float_constant(hd_tl *T, const hd_spv_insn *in, unsigned width, hd_buf *b)
{
	uint64_t bits = word(T, in, 3);

	if (width == 16) {
		hd_buf_printf(b, "0xH%04X", (unsigned)(bits & 0xffff));
		return;
	}
	if (width == 32) {
		float f;
		double d;
		uint32_t w = (uint32_t)bits;
		memcpy(&f, &w, sizeof f);
		d = f;
		memcpy(&bits, &d, sizeof bits);
	} else {
		bits |= (uint64_t)word(T, in, 4) << 32;
	}
	hd_buf_printf(b, "0x%016llX", (unsigned long long)bits);
}

/* A constant's IR text ("i32 -3", "float 0x...", "i1 true", "ptr null");
 * 0 when id is no scalar constant. */
static int constant(hd_tl *T, uint32_t id, hd_buf *b)
{
	const hd_spv_insn *in = insn_of(T, id), *ty;
	uint64_t v;
	unsigned width;
	int sgn;

	if (!in)
		return 0;
	ty = insn_of(T, in->type);
	switch (in->opcode) {
	case SpvOpConstantTrue:
	case SpvOpConstantFalse:
		hd_buf_printf(b, "i1 %s", in->opcode == SpvOpConstantTrue ? "true" : "false");
		return 1;
	case SpvOpUndef:
		ir_type(T, in->type, b, 0);
		hd_buf_printf(b, " undef");
		return 1;
	case SpvOpConstantNull:
		ir_type(T, in->type, b, 0);
		hd_buf_printf(b, ty && ty->opcode == SpvOpTypePointer ? " null" :
		                 ty && ty->opcode == SpvOpTypeFloat ? " 0.0" :
		                 ty && (ty->opcode == SpvOpTypeInt || ty->opcode == SpvOpTypeBool) ?
		                 " 0" : " zeroinitializer");
		return 1;
	case SpvOpConstant:
		if (hd_spv_int_constant(T->m, id, &v, &width, &sgn) == 0) {
			if (width < 64 && (v >> (width - 1) & 1))
				v |= ~(uint64_t)0 << width;  /* LLVM reads iN constants signed */
			hd_buf_printf(b, "i%u %lld", width, (long long)v);
			return 1;
		}
		if (ty && ty->opcode == SpvOpTypeFloat) {
			ir_type(T, in->type, b, 0);
			hd_buf_printf(b, " ");
			float_constant(T, in, word(T, ty, 2), b);
			return 1;
		}
		return 0;
	default:
		return 0;
	}
}

/* Whether insn index i is a body instruction of f. */
static int in_function(const hd_di_function *f, int32_t i)
{
	return i > (int32_t)f->insn_begin && (uint32_t)i < f->insn_end;
}

/* The value a record names, as "TYPE VALUE": a constant, a parameter, a
 * local (%v<id>, defined by define_value), a module-scope variable's
 * global, or undef when it is none of these (DebugInfoNone, a value of
 * another function). */
static void value_text(ir *R, const hd_di_function *f, uint32_t id, hd_buf *b)
{
	hd_tl *T = R->T;
	int32_t i = hd_spv_def(T->m, id);
	const hd_spv_insn *in = i >= 0 ? &T->m->insns[i] : NULL;

	if (!in || in->node >= 0) {
		hd_buf_printf(b, "ptr undef");
		return;
	}
	if (constant(T, id, b))
		return;
	if (in->opcode == SpvOpVariable && in->function < 0 && R->global[i]) {
		ir_type(T, in->type, b, 0);
		hd_buf_printf(b, " @");
		hd_tl_quote(b, T->irname[i]);
		return;
	}
	ir_type(T, in->type, b, 0);
	if (in_function(f, i))
		hd_buf_printf(b, " %%v%u", id);
	else
		hd_buf_printf(b, " undef");
}

/* Defines a local the records name, once per function: an alloca for an
 * OpVariable, a parameter needs none, anything else a frozen undef of its
 * type (the skeleton computes nothing). */
static void define_value(ir *R, uint32_t fi, const hd_di_function *f, uint32_t id)
{
	hd_tl *T = R->T;
	int32_t i = hd_spv_def(T->m, id);
	const hd_spv_insn *in;

	if (i < 0 || !in_function(f, i) || R->stamp[i] == fi + 1)
		return;
	in = &T->m->insns[i];
	if (in->node >= 0 || in->opcode == SpvOpFunctionParameter)
		return;
	R->stamp[i] = fi + 1;
	if (in->opcode == SpvOpVariable) {
		hd_buf_printf(T->out, "  %%v%u = alloca i8\n", id);
		return;
	}
	hd_buf_printf(T->out, "  %%v%u = freeze ", id);
	ir_type(T, in->type, T->out, 0);
	hd_buf_printf(T->out, " undef\n");
}

/* ---- locations ---- */

/* The DebugFunction the location of (scope, inlined) belongs to: the
 * outermost call site's scope's when inlined, else the scope's. */
static const hd_di_node *location_owner(hd_tl *T, int32_t scope, int32_t inlined)
{
	const hd_di_node *at = inlined >= 0 ? &T->m->nodes[inlined] : NULL;

	for (int depth = 0; at && depth < MAX_DEPTH; depth++) {
		const hd_di_node *up = hd_di_node_of(T->m, hd_tl_word(at, HD_O_Inlined));
		if (!up || !hd_tl_is(up, "DebugInlinedAt"))
			return hd_tl_subprogram(T, hd_tl_resolve(T, hd_tl_word(at, HD_O_Scope)));
		at = up;
	}
	if (at)
		return NULL;
	return hd_tl_subprogram(T, &T->m->nodes[scope]);
}

/* A DILocation for an instruction of f in scope (node index) and line
 * range ln (NULL: line 0), inlined at inlined (-1: not): its !N into b,
 * the node into T->locs. A line in another
 * file than the scope's goes through a DILexicalBlockFile, as LLVM
 * describes code from an included file. -1 (nothing written) when LLVM
 * cannot attach it to f: no scope, no local scope, or a scope of another
 * function. */
static int location(hd_tl *T, const hd_di_function *f, int32_t scope, int32_t inlined,
                    const hd_di_range *ln, hd_buf *b)
{
	const hd_di_node *sn = scope >= 0 ? &T->m->nodes[scope] : NULL;
	const char *lfile, *sfile;

	if (!sn || !hd_tl_local_scope(T, sn) ||
	    location_owner(T, scope, inlined) != &T->m->nodes[f->debug_function])
		return -1;
	hd_buf_printf(b, "!%llu", (unsigned long long)T->next_loc);
	b = &T->locs;
	hd_buf_printf(b, "!%llu = !DILocation(line: %u, column: %u, scope: ",
	              (unsigned long long)T->next_loc++, ln ? ln->line : 0, ln ? ln->column : 0);
	lfile = ln && ln->file >= 0 ? hd_tl_source_path(T, T->m->insns[ln->file].result) : NULL;
	sfile = hd_tl_source_path(T, hd_tl_word(sn, HD_O_Source));
	if (lfile && sfile && strcmp(lfile, sfile) != 0) {
		hd_buf_printf(b, "!DILexicalBlockFile(scope: !%d, file: ", scope);
		hd_tl_file(T, b, T->m->insns[ln->file].result);
		hd_buf_printf(b, ", discriminator: 0)");
	} else {
		hd_buf_printf(b, "!%d", scope);
	}
	if (inlined >= 0)
		hd_buf_printf(b, ", inlinedAt: !%d", inlined);
	hd_buf_printf(b, ")\n");
	return 0;
}

/* ---- records ---- */

/* One DebugDeclare or DebugValue as a call of llvm.dbg.declare or
 * llvm.dbg.value, or a note saying why LLVM cannot hold it. */
static void record(ir *R, const hd_di_function *f, const hd_di_point *p,
                   const hd_di_range *ln)
{
	hd_tl *T = R->T;
	const hd_di_node *n = &T->m->nodes[p->node];
	int declare = hd_tl_is(n, "DebugDeclare");
	const hd_di_node *var = hd_tl_resolve(T, hd_tl_word(n, HD_O_Local_Variable));
	const char *why = NULL;
	hd_di_span sp;
	hd_buf loc, expr, val;

	if (!var || !hd_tl_is(var, "DebugLocalVariable")) {
		hd_tl_note(T, n, "its Local Variable is no DebugLocalVariable");
		return;
	}
	if (hd_di_span_of(n, HD_O_Indexes, &sp) == 0) {
		hd_tl_note(T, n, "Indexes: LLVM's records name whole values");
		return;
	}
	hd_buf_init(&loc);
	hd_buf_init(&expr);
	hd_buf_init(&val);
	if (hd_tl_subprogram(T, hd_tl_resolve(T, hd_tl_word(var, HD_O_Parent))) !=
	    (p->scope >= 0 ? hd_tl_subprogram(T, &T->m->nodes[p->scope]) : NULL) ||
	    location(T, f, p->scope, p->inlined, ln, &loc) != 0)
		why = "no DebugScope in the variable's function where it stands";
	else if (hd_tl_expression(T, &expr, hd_tl_word(n, HD_O_Expression), &why) == 0)
		value_text(R, f, hd_tl_word(n, declare ? HD_O_Variable : HD_O_Value), &val);
	if (why) {
		hd_tl_note(T, n, "%s", why);
	} else {
		hd_buf_printf(T->out, "  call void @llvm.dbg.%s(metadata %s, metadata !%lld, "
		              "metadata %s), !dbg %s\n", declare ? "declare" : "value",
		              hd_buf_str(&val), (long long)hd_tl_md(T, var->id),
		              hd_buf_str(&expr), hd_buf_str(&loc));
	}
	hd_buf_free(&loc);
	hd_buf_free(&expr);
	hd_buf_free(&val);
}

/* ---- the line of each record ---- */

/* The OpLine (or NonSemantic DebugLine) in effect at each DebugDeclare and
 * DebugValue of f, in order: the last one before it in its block not ended
 * by an OpNoLine/DebugNoLine (SPIR-V 2.4 and OpLine: a line applies to the
 * instructions after it, the debug instructions among them, up to the next
 * line instruction or the block's end). file -1: no line. */
static void point_lines(hd_tl *T, const hd_di_function *f, hd_di_range *out)
{
	hd_di_range cur = { .file = -1 };
	uint32_t k = 0;

	for (uint32_t i = f->insn_begin; i < f->insn_end && k < f->npoints; i++) {
		const hd_spv_insn *in = &T->m->insns[i];
		const hd_di_node *n = in->node >= 0 ? &T->m->nodes[in->node] : NULL;
		uint64_t v;

		if (in->opcode == SpvOpLine && in->nwords >= 4) {
			cur.file = hd_spv_def(T->m, word(T, in, 1));
			cur.line = word(T, in, 2);
			cur.column = word(T, in, 3);
		} else if (in->opcode == SpvOpNoLine || in->opcode == SpvOpLabel ||
		           hd_tl_is(n, "DebugNoLine")) {
			cur.file = -1;
		} else if (hd_tl_is(n, "DebugLine")) {
			cur.file = hd_spv_def(T->m, hd_tl_word(n, HD_O_Source));
			cur.line = hd_tl_number(n, HD_O_Line_Start, &v) == 0 ? (uint32_t)v : 0;
			cur.column = hd_tl_number(n, HD_O_Column_Start, &v) == 0 ? (uint32_t)v : 0;
		} else if (in->node >= 0 && (uint32_t)in->node == (uint32_t)f->points[k].node) {
			out[k++] = cur;
		}
	}
	for (; k < f->npoints; k++)
		out[k].file = -1;
}

/* ---- functions ---- */

static void parameters(ir *R, const hd_di_function *f)
{
	hd_tl *T = R->T;
	const char *sep = "";

	for (uint32_t i = f->insn_begin + 1; i < f->insn_end; i++) {
		const hd_spv_insn *in = &T->m->insns[i];
		if (in->opcode != SpvOpFunctionParameter)
			break;
		hd_buf_printf(T->out, "%s", sep);
		ir_type(T, in->type, T->out, 0);
		hd_buf_printf(T->out, " %%v%u", in->result);
		sep = ", ";
	}
}

/* The range of arr (n, sorted, disjoint) covering slot s, advancing *k. */
static const hd_di_range *covering(const hd_di_range *arr, uint32_t n, uint32_t *k, uint32_t s)
{
	while (*k < n && arr[*k].slot_end <= s)
		(*k)++;
	return *k < n && arr[*k].slot_begin <= s ? &arr[*k] : NULL;
}

/* Where the run starting at s ends: the next range boundary or record. */
static uint32_t run_end(const hd_di_function *f, uint32_t si, uint32_t li, uint32_t pi,
                        uint32_t s)
{
	uint32_t e = f->nslots;

	if (si < f->nscopes)
		e = f->scopes[si].slot_begin > s ? f->scopes[si].slot_begin :
		    f->scopes[si].slot_end < e ? f->scopes[si].slot_end : e;
	if (li < f->nlines) {
		uint32_t x = f->lines[li].slot_begin > s ? f->lines[li].slot_begin :
		             f->lines[li].slot_end;
		e = x < e ? x : e;
	}
	if (pi < f->npoints && f->points[pi].slot < e)
		e = f->points[pi].slot;
	return e > s ? e : s + 1;
}

/* The body: records where they stand and one placeholder per run of one
 * scope and one line; runs with no line or no scope in f get none. */
static int body(ir *R, uint32_t fi, const hd_di_function *f)
{
	hd_tl *T = R->T;
	uint32_t si = 0, li = 0, pi = 0, s = 0;
	hd_di_range *plines = malloc((f->npoints ? f->npoints : 1) * sizeof *plines);
	hd_buf loc;

	if (!plines)
		return -1;
	point_lines(T, f, plines);

	for (uint32_t k = 0; k < f->npoints; k++) {
		const hd_di_node *n = &T->m->nodes[f->points[k].node];
		define_value(R, fi, f, hd_tl_word(n, hd_tl_is(n, "DebugDeclare") ? HD_O_Variable : HD_O_Value));
	}
	hd_buf_init(&loc);
	for (;;) {
		const hd_di_range *sc = covering(f->scopes, f->nscopes, &si, s);
		const hd_di_range *ln = covering(f->lines, f->nlines, &li, s);

		while (pi < f->npoints && f->points[pi].slot <= s) {
			record(R, f, &f->points[pi], plines[pi].file >= 0 ? &plines[pi] : NULL);
			pi++;
		}
		if (s >= f->nslots)
			break;
		hd_buf_reset(&loc);
		if (sc && ln && location(T, f, sc->scope, sc->inlined, ln, &loc) == 0)
			hd_buf_printf(T->out, "  call void @llvm.donothing(), !dbg %s\n", hd_buf_str(&loc));
		s = run_end(f, si, li, pi, s);
	}
	hd_buf_free(&loc);
	free(plines);
	return 0;
}

static int function(ir *R, uint32_t fi)
{
	hd_tl *T = R->T;
	const hd_di_function *f = &T->m->functions[fi];

	hd_buf_printf(T->out, "define void @");
	hd_tl_quote(T->out, T->irname[f->insn_begin]);
	hd_buf_printf(T->out, "(");
	parameters(R, f);
	hd_buf_printf(T->out, ") !dbg !%d {\nentry:\n", f->debug_function);
	if (body(R, fi, f) != 0)
		return -1;
	hd_buf_printf(T->out, "  ret void\n}\n\n");
	return 0;
}

/* Whether the IR gets a define for f: it has a DebugFunction. */
static int has_define(const hd_di_function *f)
{
	return f->debug_function >= 0;
}

/* ---- globals ---- */

/* Marks the module-scope OpVariables the IR defines (those a
 * DebugGlobalVariable or a record names) and chains each one's
 * DebugGlobalVariables. */
static void find_globals(ir *R)
{
	hd_tl *T = R->T;
	const hd_spv_module *m = T->m;

	for (uint32_t i = 0; i < m->nnodes; i++) {
		int32_t v;
		if (!hd_tl_is(&m->nodes[i], "DebugGlobalVariable"))
			continue;
		v = hd_spv_def(m, hd_tl_word(&m->nodes[i], HD_O_Variable));
		if (v < 0 || m->insns[v].opcode != SpvOpVariable || m->insns[v].function >= 0)
			continue;
		R->global[v] = 1;
		R->gdv_next[i] = R->gdv_first[v];
		R->gdv_first[v] = (int32_t)i;
	}
	for (uint32_t fi = 0; fi < m->nfunctions; fi++)
		for (uint32_t k = 0; has_define(&m->functions[fi]) && k < m->functions[fi].npoints; k++) {
			const hd_di_node *n = &m->nodes[m->functions[fi].points[k].node];
			int32_t v = hd_spv_def(m, hd_tl_word(n, hd_tl_is(n, "DebugDeclare") ?
			                                         HD_O_Variable : HD_O_Value));
			if (v >= 0 && m->insns[v].opcode == SpvOpVariable && m->insns[v].function < 0)
				R->global[v] = 1;
		}
}

/* `@NAME = addrspace(AS) global i8 0, !dbg !GVE ...`: the storage class's
 * SPIR address space, each DIGlobalVariableExpression attached. */
static void global(ir *R, uint32_t i)
{
	hd_tl *T = R->T;
	int as = hd_tl_addrspace(word(T, &T->m->insns[i], 3));

	hd_buf_printf(T->out, "@");
	hd_tl_quote(T->out, T->irname[i]);
	hd_buf_printf(T->out, as > 0 ? " = addrspace(%d) global i8 0" : " = global i8 0", as);
	for (int32_t g = R->gdv_first[i]; g >= 0; g = R->gdv_next[g])
		hd_buf_printf(T->out, ", !dbg !%llu", (unsigned long long)T->m->nnodes + (uint32_t)g);
	hd_buf_printf(T->out, "\n");
}

/* ---- naming and the whole ---- */

/* The wanted name of a function or global insn: its OpName, else the Name
 * of dn, its DebugFunction or first DebugGlobalVariable (names.c decides). */
static const char *wanted_name(ir *R, uint32_t i, const hd_di_node *dn)
{
	hd_tl *T = R->T;

	if (T->opname[i] && T->opname[i][0])
		return T->opname[i];
	return dn ? hd_tl_string(dn, HD_O_Name) : NULL;
}

static int name_entities(ir *R, char **pool)
{
	hd_tl *T = R->T;
	const hd_spv_module *m = T->m;
	size_t count = 0, cap = m->nfunctions + m->ninsns + 1;
	uint32_t *which = malloc(cap * sizeof *which);
	hd_tl_naming nm = { 0 };
	int rc = -1;

	nm.names = malloc(cap * sizeof *nm.names);
	nm.is_global = malloc(cap);
	if (!which || !nm.names || !nm.is_global)
		goto out;
	for (uint32_t f = 0; f < m->nfunctions; f++)
		if (has_define(&m->functions[f])) {
			which[count] = m->functions[f].insn_begin;
			((uint8_t *)nm.is_global)[count] = 0;
			nm.names[count] = wanted_name(R, which[count],
			                              &m->nodes[m->functions[f].debug_function]);
			count++;
		}
	for (uint32_t i = 0; i < m->ninsns; i++)
		if (R->global[i]) {
			which[count] = i;
			((uint8_t *)nm.is_global)[count] = 1;
			nm.names[count] = wanted_name(R, i, R->gdv_first[i] >= 0 ?
			                              &m->nodes[R->gdv_first[i]] : NULL);
			count++;
		}
	nm.count = count;
	if (hd_tl_names(&nm) != 0)
		goto out;
	for (size_t k = 0; k < count; k++)
		T->irname[which[k]] = nm.names[k];
	*pool = nm.pool;
	nm.pool = NULL;
	rc = 0;
out:
	free(which);
	free((void *)nm.names);
	free((void *)nm.is_global);
	free(nm.pool);
	return rc;
}

int hd_tl_ir(hd_tl *T)
{
	const hd_spv_module *m = T->m;
	size_t ni = m->ninsns ? m->ninsns : 1, nn = m->nnodes ? m->nnodes : 1;
	ir R = { .T = T };
	char *pool = NULL;
	int rc = -1;

	R.stamp = calloc(ni, sizeof *R.stamp);
	R.gdv_first = malloc(ni * sizeof *R.gdv_first);
	R.gdv_next = malloc(nn * sizeof *R.gdv_next);
	R.global = calloc(ni, 1);
	if (!R.stamp || !R.gdv_first || !R.gdv_next || !R.global)
		goto out;
	for (size_t i = 0; i < ni; i++)
		R.gdv_first[i] = -1;
	for (size_t i = 0; i < nn; i++)
		R.gdv_next[i] = -1;
	find_globals(&R);
	if (name_entities(&R, &pool) != 0)
		goto out;
	for (uint32_t i = 0; i < m->ninsns; i++)
		if (R.global[i])
			global(&R, i);
	hd_buf_printf(T->out, "\n");
	for (uint32_t f = 0; f < m->nfunctions; f++)
		if (has_define(&m->functions[f]) && function(&R, f) != 0)
			goto out;
	hd_buf_printf(T->out, "declare void @llvm.dbg.declare(metadata, metadata, metadata)\n"
	                      "declare void @llvm.dbg.value(metadata, metadata, metadata)\n"
	                      "declare void @llvm.donothing()\n");
	rc = 0;
out:
	free(R.stamp);
	free(R.gdv_first);
	free(R.gdv_next);
	free(R.global);
	free(pool);
	return rc;
}
