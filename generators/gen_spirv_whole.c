/* Realistic kernels, a handful per set: what an OpenCL C compiler writes
 * for a kernel with a struct, nested lexical blocks, a chain of inlined
 * callees (DebugInlinedAt naming DebugInlinedAt), locals in memory
 * (DebugDeclare of Function-storage OpVariables) and in SSA values
 * (DebugValue, whole and in pieces), a parameter, and program-scope
 * variables in the three OpenCL address spaces that have them (global:
 * CrossWorkgroup, constant: UniformConstant, local: Workgroup), with
 * DebugScope and OpLine throughout the body. The shape varies with the
 * variant and the seed (nesting depth, inlining depth, struct size, lines). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen_spirv.h"

#define NVARIANTS 4

typedef struct kernel {
	spv_mod *m;
	gen_rng rng;
	unsigned line;
	const char *t_int, *t_float, *t_s, *e_empty;
	const char *g_global, *g_constant;  /* the CrossWorkgroup and UniformConstant variables */
	const char *piece_op;  /* the set's last two-literal operation (Fragment, BitPiece) */
} kernel;

/* A literal as operand text (kept in the module's memo, so it stays put). */
static const char *lit(spv_mod *m, unsigned v)
{
	char key[32], text[16];

	snprintf(key, sizeof key, "lit:%u", v);
	snprintf(text, sizeof text, "%u", v);
	return spv_memo_get(m, key) ? spv_memo_get(m, key) : spv_memo_put(m, key, text);
}

/* The next source line: increasing, with gaps from the seeded stream. */
static unsigned next_line(kernel *k)
{
	k->line += 1 + (unsigned)gen_rng_below(&k->rng, 3);
	return k->line;
}

/* Writes debug instruction inst (result NULL: a fresh name) at sec with
 * the operands given as name, text pairs up to a NULL name; the builder
 * fills the others from their target classes. */
static const char *di(kernel *k, spv_sec sec, const char *inst, const char *result, ...)
{
	const hd_spv_inst *in = spv_inst(k->m, inst);
	spv_args a = { 0 };
	const char *name;
	va_list ap;

	va_start(ap, result);
	while ((name = va_arg(ap, const char *)) != NULL) {
		const char *text = va_arg(ap, const char *);
		int i = spv_op_index(in, name);
		if (i >= 0) {
			a.text[i] = text;
			a.count[i] = 1;
		}
	}
	va_end(ap);
	a.sec = sec;
	a.result = result;
	return spv_emit(k->m, in, &a);
}

static const char *piece_op(const hd_spv_set *set)
{
	const hd_spv_enum *en = hd_spv_inst_by_name(set, "DebugOperation")->operands[0].en;
	const char *name = NULL;

	for (uint16_t i = 0; i < en->count; i++)
		if (en->values[i].nparams == 2)
			name = en->values[i].name;
	return name;
}

/* struct S { int m0; float m1; int m2; ... } with nmem members. */
static void struct_type(kernel *k, int nmem)
{
	spv_mod *m = k->m;
	const char *members[8], *ty;
	char list[256] = "", core[256] = "";
	size_t n = 0, c = 0;

	for (int i = 0; i < nmem; i++) {
		members[i] = spv_fresh(m, "m");
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? " " : "", members[i]);
		c += (size_t)snprintf(core + c, sizeof core - c, " %s", i % 2 ? "%float" : "%uint");
	}
	spv_line(m, SEC_TYPES, "%struct_S", "OpTypeStruct%s", core);
	k->t_s = di(k, SEC_DEBUG, "DebugTypeComposite", "%t_s", "Name", spv_str(m, "S"),
	            "Line", lit(m, next_line(k)), "Size", spv_const(m, 32u * (unsigned)nmem),
	            "Linkage Name", spv_str(m, "S"), "Members", list, NULL);
	for (int i = 0; i < nmem; i++) {
		char mname[16];
		snprintf(mname, sizeof mname, "m%d", i);
		ty = i % 2 ? k->t_float : k->t_int;
		di(k, SEC_DEBUG, "DebugTypeMember", members[i], "Name", spv_str(m, mname), "Type", ty,
		   "Line", lit(m, k->line), "Parent", k->t_s, "Offset", spv_const(m, 32u * (unsigned)i),
		   "Size", spv_const(m, 32), "Flags", "FlagIsPublic", NULL);
	}
}

/* The three program-scope variables and their DebugGlobalVariables. */
static void globals(kernel *k, const char *cu)
{
	spv_mod *m = k->m;
	const char *arr = "%_arr_uint_4", *t_arr, *t_const, *g;

	g = k->g_global = spv_global_var(m, "CrossWorkgroup");
	di(k, SEC_DEBUG, "DebugGlobalVariable", NULL, "Name", spv_str(m, "g_buf"), "Type", k->t_int,
	   "Line", lit(m, next_line(k)), "Parent", cu, "Linkage Name", spv_str(m, "g_buf"),
	   "Variable", g, "Flags", "FlagIsDefinition", NULL);
	t_const = di(k, SEC_DEBUG, "DebugTypeQualifier", NULL, "Base Type", k->t_int,
	             "Type Qualifier", "ConstType", NULL);
	g = k->g_constant = spv_global_var(m, "UniformConstant");
	di(k, SEC_DEBUG, "DebugGlobalVariable", NULL, "Name", spv_str(m, "g_const"), "Type", t_const,
	   "Line", lit(m, next_line(k)), "Parent", cu, "Linkage Name", spv_str(m, "g_const"),
	   "Variable", g, "Flags", "FlagIsDefinition", NULL);
	spv_line(m, SEC_TYPES, arr, "OpTypeArray %s %s", spv_uint(m), spv_const(m, 4));
	spv_line(m, SEC_TYPES, "%_ptr_Workgroup_arr", "OpTypePointer Workgroup %s", arr);
	spv_line(m, SEC_TYPES, "%g_tile", "OpVariable %%_ptr_Workgroup_arr Workgroup");
	t_arr = di(k, SEC_DEBUG, "DebugTypeArray", NULL, "Base Type", k->t_int,
	           "Component Counts", spv_const(m, 4), NULL);
	di(k, SEC_DEBUG, "DebugGlobalVariable", NULL, "Name", spv_str(m, "g_tile"), "Type", t_arr,
	   "Line", lit(m, next_line(k)), "Parent", cu, "Linkage Name", spv_str(m, "g_tile"),
	   "Variable", "%g_tile", "Flags", "FlagIsLocal|FlagIsDefinition", NULL);
}

static void scope_at(kernel *k, const char *scope, const char *inlined)
{
	di(k, SEC_BODY, "DebugScope", NULL, "Scope", scope, "Inlined At", inlined, NULL);
	spv_line(k->m, SEC_BODY, NULL, "OpLine %s %u %u", spv_str(k->m, "k.cl"), next_line(k), 5u);
}

static int whole_case(gen_out *g, const hd_spv_set *set, int v)
{
	int depth = 1 + v % 3, chain = 1 + (v + 1) % 3, nmem = 2 + v % 3;
	const char *blocks[4], *callees[4], *at[4], *callee_vars[4], *cu, *fn, *fnty, *lv;
	char stream[64], name[64];
	spv_mod m;
	kernel k;
	int rc;

	spv_init(&m, set);
	memset(&k, 0, sizeof k);
	k.m = &m;
	snprintf(stream, sizeof stream, "spirv-whole-%s-%d", spv_set_prefix(set), v);
	gen_rng_init(&k.rng, g->seed, stream);
	k.piece_op = piece_op(set);
	/* OpSource gives 1.00 its language (docs/lowering.md) */
	spv_line(&m, SEC_STRINGS, NULL, "OpSource OpenCL_C 200000 %s", spv_str(&m, "k.cl"));
	spv_line(&m, SEC_TYPES, "%float", "OpTypeFloat 32");
	cu = spv_cu(&m);
	k.t_int = di(&k, SEC_DEBUG, "DebugTypeBasic", "%t_int", "Name", spv_str(&m, "int"),
	             "Size", spv_const(&m, 32), "Encoding", "Signed", NULL);
	k.t_float = di(&k, SEC_DEBUG, "DebugTypeBasic", "%t_float", "Name", spv_str(&m, "float"),
	               "Size", spv_const(&m, 32), "Encoding", "Float", NULL);
	struct_type(&k, nmem);
	globals(&k, cu);

	/* kernel void main(global int *out) */
	{
		const char *ptr = spv_ptr(&m, "CrossWorkgroup", spv_uint(&m));
		const char *t_ptr = di(&k, SEC_DEBUG, "DebugTypePointer", NULL, "Base Type", k.t_int,
		                       "Storage Class", "CrossWorkgroup", "Flags", "None", NULL);
		spv_line(&m, SEC_TYPES, "%fnty_k", "OpTypeFunction %%void %s", ptr);
		m.main_type = "%fnty_k";
		spv_line(&m, SEC_PARAMS, "%out", "OpFunctionParameter %s", ptr);
		fnty = di(&k, SEC_DEBUG, "DebugTypeFunction", NULL, "Flags", "None", "Return Type", "%void",
		          "Parameter Types", t_ptr, NULL);
		fn = di(&k, SEC_DEBUG, "DebugFunction", "%fn_main", "Name", spv_str(&m, "main"),
		        "Type", fnty, "Line", lit(&m, next_line(&k)), "Parent", cu,
		        "Linkage Name", spv_str(&m, "main"), "Flags", "FlagIsDefinition|FlagPrototyped",
		        "Scope Line", lit(&m, k.line), "Function", "%main", NULL);
		lv = di(&k, SEC_DEBUG, "DebugLocalVariable", "%lv_out", "Name", spv_str(&m, "out"),
		        "Type", t_ptr, "Line", lit(&m, k.line), "Parent", fn, "Flags", "None",
		        "Arg Number", "1", NULL);
	}
	/* nested blocks, innermost last */
	for (int i = 0; i < depth; i++)
		blocks[i] = di(&k, SEC_DEBUG, "DebugLexicalBlock", NULL, "Line", lit(&m, next_line(&k)),
		               "Column", "3", "Parent", i ? blocks[i - 1] : fn, NULL);
	/* callees int f_i(int), each inlined into the previous one: the chain
	 * of DebugInlinedAt (OpenCL.DebugInfo.100 section 4.7) */
	fnty = di(&k, SEC_DEBUG, "DebugTypeFunction", NULL, "Flags", "None", "Return Type", k.t_int,
	          "Parameter Types", k.t_int, NULL);
	for (int i = 0; i < chain; i++) {
		char fname[16];
		snprintf(fname, sizeof fname, "f%d", i);
		callees[i] = di(&k, SEC_DEBUG, "DebugFunction", NULL, "Name", spv_str(&m, fname),
		                "Type", fnty, "Line", lit(&m, next_line(&k)), "Parent", cu,
		                "Linkage Name", spv_str(&m, fname), "Flags",
		                "FlagIsDefinition|FlagPrototyped|FlagIsOptimized",
		                "Scope Line", lit(&m, k.line), "Function", spv_none(&m), NULL);
		callee_vars[i] = di(&k, SEC_DEBUG, "DebugLocalVariable", NULL, "Name", spv_str(&m, "n"),
		                    "Type", k.t_int, "Line", lit(&m, k.line), "Parent", callees[i],
		                    "Flags", "None", "Arg Number", "1", NULL);
	}
	for (int i = 0; i < chain; i++) {
		at[i] = di(&k, SEC_DEBUG, "DebugInlinedAt", NULL, "Line", lit(&m, next_line(&k)),
		           "Scope", i ? callees[i - 1] : blocks[depth - 1],
		           "Inlined", i ? at[i - 1] : "", NULL);
		di(&k, SEC_DEBUG, "DebugInlinedVariable", NULL, "Variable", callee_vars[i],
		   "Inlined", at[i], NULL);
	}
	{
		const char *lv_s, *lv_t, *lv_x, *lv_p, *e_lo, *e_hi, *inner = blocks[depth - 1];
		const char *op_lo = di(&k, SEC_DEBUG, "DebugOperation", NULL, "OpCode", k.piece_op,
		                       "Operands", "0 32", NULL);
		const char *op_hi = di(&k, SEC_DEBUG, "DebugOperation", NULL, "OpCode", k.piece_op,
		                       "Operands", "32 32", NULL);
		const char *pf = spv_ptr(&m, "Function", spv_uint(&m));
		const char *psf = spv_ptr(&m, "Function", "%struct_S");

		lv_s = di(&k, SEC_DEBUG, "DebugLocalVariable", "%lv_s", "Name", spv_str(&m, "s"),
		          "Type", k.t_s, "Line", lit(&m, next_line(&k)), "Parent", blocks[0],
		          "Flags", "None", NULL);
		lv_t = di(&k, SEC_DEBUG, "DebugLocalVariable", "%lv_t", "Name", spv_str(&m, "t"),
		          "Type", k.t_int, "Line", lit(&m, next_line(&k)), "Parent", inner,
		          "Flags", "None", NULL);
		lv_x = di(&k, SEC_DEBUG, "DebugLocalVariable", "%lv_x", "Name", spv_str(&m, "x"),
		          "Type", k.t_int, "Line", lit(&m, next_line(&k)), "Parent", inner,
		          "Flags", "None", NULL);
		lv_p = di(&k, SEC_DEBUG, "DebugLocalVariable", "%lv_p", "Name", spv_str(&m, "p"),
		          "Type", k.t_s, "Line", lit(&m, next_line(&k)), "Parent", inner,
		          "Flags", "None", NULL);
		k.e_empty = di(&k, SEC_DEBUG, "DebugExpression", "%e_empty", "Operands", "", NULL);
		e_lo = di(&k, SEC_DEBUG, "DebugExpression", NULL, "Operands", op_lo, NULL);
		e_hi = di(&k, SEC_DEBUG, "DebugExpression", NULL, "Operands", op_hi, NULL);

		/* the body */
		spv_line(&m, SEC_FVARS, "%s", "OpVariable %s Function", psf);
		spv_line(&m, SEC_FVARS, "%t", "OpVariable %s Function", pf);
		scope_at(&k, fn, "");
		di(&k, SEC_BODY, "DebugValue", NULL, "Local Variable", lv, "Value", "%out",
		   "Expression", k.e_empty, NULL);
		scope_at(&k, blocks[0], "");
		di(&k, SEC_BODY, "DebugDeclare", NULL, "Local Variable", lv_s, "Variable", "%s",
		   "Expression", k.e_empty, NULL);
		spv_line(&m, SEC_BODY, "%pa", "OpInBoundsAccessChain %s %%s %s", pf, spv_const(&m, 0));
		spv_line(&m, SEC_BODY, NULL, "OpStore %%pa %s", spv_const(&m, 4));
		spv_line(&m, SEC_BODY, "%a", "OpLoad %s %%pa", spv_uint(&m));
		scope_at(&k, inner, "");
		di(&k, SEC_BODY, "DebugDeclare", NULL, "Local Variable", lv_t, "Variable", "%t",
		   "Expression", k.e_empty, NULL);
		spv_line(&m, SEC_BODY, NULL, "OpStore %%t %%a");
		spv_line(&m, SEC_BODY, "%x", "OpIAdd %s %%a %%a", spv_uint(&m));
		di(&k, SEC_BODY, "DebugValue", NULL, "Local Variable", lv_x, "Value", "%x",
		   "Expression", k.e_empty, NULL);
		di(&k, SEC_BODY, "DebugValue", NULL, "Local Variable", lv_p, "Value", "%x",
		   "Expression", e_lo, NULL);
		di(&k, SEC_BODY, "DebugValue", NULL, "Local Variable", lv_p, "Value", "%a",
		   "Expression", e_hi, NULL);
		/* the inlined callees, innermost last, each doubling the value */
		for (int i = 0; i < chain; i++) {
			char val[16], prev[16];
			snprintf(val, sizeof val, "%%y%d", i);
			if (i)
				snprintf(prev, sizeof prev, "%%y%d", i - 1);
			else
				snprintf(prev, sizeof prev, "%%x");
			scope_at(&k, callees[i], at[i]);
			di(&k, SEC_BODY, "DebugValue", NULL, "Local Variable", callee_vars[i], "Value", prev,
			   "Expression", k.e_empty, NULL);
			spv_line(&m, SEC_BODY, val, "OpIMul %s %s %s", spv_uint(&m), prev,
			         spv_const(&m, 2));
		}
		scope_at(&k, inner, "");
		spv_line(&m, SEC_BODY, NULL, "OpStore %%out %%y%d", chain - 1);
		spv_line(&m, SEC_BODY, "%c", "OpLoad %s %s", spv_uint(&m), k.g_constant);
		spv_line(&m, SEC_BODY, "%w", "OpInBoundsAccessChain %s %%g_tile %s",
		         spv_ptr(&m, "Workgroup", spv_uint(&m)), spv_const(&m, 0));
		spv_line(&m, SEC_BODY, NULL, "OpStore %%w %%c");
		spv_line(&m, SEC_BODY, NULL, "OpStore %s %%c", k.g_global);
		di(&k, SEC_BODY, "DebugNoScope", NULL, NULL);
		spv_line(&m, SEC_BODY, NULL, "OpNoLine");
	}
	spv_cover_used(&m);
	spv_head(&m, "covers: %s/DebugTypePointer storage-class=CrossWorkgroup", set->import_name);
	if (chain > 1)  /* a DebugInlinedAt naming the one before */
		spv_head(&m, "covers: %s/DebugInlinedAt inlined=present", set->import_name);
	spv_head(&m, "covers: %s/DebugScope inlined-at=present", set->import_name);
	spv_head(&m, "expect: ok");
	spv_head(&m, "why: %s sections 2, 4.3, 4.5-4.8: a kernel with a struct, %d nested lexical "
	         "block%s, %d inlined callee%s, locals in memory and in SSA values, a parameter, and "
	         "global, constant and local program-scope variables",
	         hd_spv_spec_name(set), depth, depth > 1 ? "s" : "",
	         chain, chain > 1 ? "s" : "");
	snprintf(name, sizeof name, "%s-whole-kernel-%d", spv_set_prefix(set), v + 1);
	rc = spv_write_case(g, &m, name);
	spv_free(&m);
	return rc;
}

int gen_spirv_whole(gen_out *g, const hd_spv_set *set)
{
	for (int v = 0; v < NVARIANTS; v++)
		if (whole_case(g, set, v) != 0)
			return -1;
	return 0;
}
