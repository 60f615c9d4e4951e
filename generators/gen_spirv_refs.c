/* Invalid modules for the rules about id operands (docs/validation.md):
 * an id that names nothing (OpenCL.DebugInfo.100 section 2.1), one that names an
 * instruction further down (section 2.2), and one that names the wrong
 * kind of instruction (section 4, operand-targets.txt). The operand and
 * the stand-in follow from the operand table and the target classes. */
#include <stdio.h>
#include <string.h>

#include "gen_spirv.h"

static int is_id(const hd_spv_operand *op)
{
	return op->kind == HD_SPV_ID || op->kind == HD_SPV_PAIR;
}

/* Operand i's words with `id` in place of its first id (second = 1: of a
 * pair's second id); a pair keeps a fitting partner. */
static const char *with_id(spv_mod *m, const hd_spv_operand *op, const char *id, int second,
                           char *buf, size_t n)
{
	if (op->kind != HD_SPV_PAIR)
		return id;
	if (second)
		snprintf(buf, n, "%s %s", spv_need(m, op->target), id);
	else
		snprintf(buf, n, "%s %s", id, spv_need(m, op->target2));
	return buf;
}

/* The first id operand, and every operand the spec lets be a forward
 * reference (which must still name something): each names %undefined. */
int spv_break_undefined(spv_bad *c)
{
	int first = 1;

	for (int i = 0; i < c->in->noperands; i++) {
		const hd_spv_operand *op = &c->in->operands[i];
		char tag[64], why[256], buf[128];
		spv_mod m;
		spv_args a = { 0 };
		int rc;

		if (!is_id(op) || (!first && !op->forward))
			continue;
		first = 0;
		spv_init(&m, c->set);
		spv_bad_start(c, &m, 1);
		a.result = "%test";
		a.text[i] = with_id(&m, op, "%undefined", 0, buf, sizeof buf);
		a.count[i] = 1;
		spv_emit(&m, c->in, &a);
		spv_tag_name(tag, sizeof tag, op->name);
		snprintf(why, sizeof why, "section 2.1: %s names %%undefined, which no instruction "
		                          "defines%s", op->name,
		         op->forward ? " (a forward reference is allowed here, a dangling one is not)"
		                     : "");
		rc = spv_bad_finish(c, &m, tag, why);
		spv_free(&m);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* How cleanly operand op can name something defined after the instruction
 * (lower is cleaner): 0 when the later definition breaks nothing else, 1
 * when it needs a second function, 2 when it must stand where the layout
 * rule forbids it (a string after section 9 begins, a module-scope debug
 * instruction after the functions), -1 when the operand may be forward. */
static int forward_rank(const hd_spv_set *set, const hd_spv_inst *in, const hd_spv_operand *op)
{
	int core_string = op->target == HD_T_STRING ||
	                  (op->target == HD_T_SOURCE && set->id == HD_SET_DI100);

	if (!is_id(op) || op->forward)
		return -1;
	if (!spv_in_body(in))
		return core_string ? 2 : 0;
	if (op->target == HD_T_VALUE)
		return 0;
	if (op->target == HD_T_OPVARIABLE)
		return 1;
	return 2;
}

/* A function after main holding the variable `name`. */
static void later_function_var(spv_mod *m, const char *name)
{
	const char *ptr = spv_ptr(m, "Function", spv_uint(m));

	spv_line(m, SEC_AFTER, "%later", "OpFunction %%void None %%fnty");
	spv_line(m, SEC_AFTER, "%later_entry", "OpLabel");
	spv_line(m, SEC_AFTER, name, "OpVariable %s Function", ptr);
	spv_line(m, SEC_AFTER, NULL, "OpReturn");
	spv_line(m, SEC_AFTER, NULL, "OpFunctionEnd");
}

/* Section 2.2 for an instruction whose only id is its Result Type
 * (DebugInfoNone, DebugNoScope, DebugOperation): it names %late, defined
 * after it. One OpTypeVoid is the case's own already, so %late is another
 * type (or, in a body, a value): result-type is broken too. The pure case,
 * DebugInfoNone before the module's only OpTypeVoid, is hand-written. */
static int result_type_forward(spv_bad *c)
{
	int body = spv_in_body(c->in);
	spv_mod m;
	spv_args a = { 0 };
	int rc;

	spv_init(&m, c->set);
	spv_bad_start(c, &m, 1);
	spv_bad_also(c, &m, c->in->name, "result-type");
	a.result = "%test";
	a.rtype = "%late";
	spv_emit(&m, c->in, &a);
	if (body)
		spv_make(&m, HD_T_VALUE, SEC_BODY, "%late");
	else
		spv_line(&m, SEC_DEBUG, "%late", "OpTypeInt 16 0");
	rc = spv_bad_finish(c, &m, "result-type-later",
	                    body ? "section 2.2: Result Type names %late, an OpIAdd after it "
	                           "(and no OpTypeVoid)"
	                         : "section 2.2: Result Type names %late, a type declared after "
	                           "it (and no OpTypeVoid)");
	spv_free(&m);
	return rc;
}

/* Section 2.2: only DebugTypeComposite's Members and DebugFunction's
 * Function may name what comes later. The cleanest other operand names
 * %late, defined right after the instruction. */
int spv_break_forward(spv_bad *c)
{
	int best = -1, rank = 3, body = spv_in_body(c->in);
	const hd_spv_operand *op;
	char tag[64], why[320], buf[128];
	const char *dep_kind;
	spv_mod m;
	spv_args a = { 0 };
	int rc;

	for (int i = 0; i < c->in->noperands; i++) {
		int r = forward_rank(c->set, c->in, &c->in->operands[i]);
		if (r >= 0 && r < rank) {
			rank = r;
			best = i;
		}
	}
	if (best < 0)
		return result_type_forward(c);
	op = &c->in->operands[best];
	spv_init(&m, c->set);
	/* a late string makes every debug instruction before it misplaced:
	 * then the instruction under test is the module's only one */
	spv_bad_start(c, &m, !(rank == 2 && !body));
	dep_kind = spv_kind_for(&m, op->target);
	if (rank == 2)
		spv_bad_also(c, &m, body ? dep_kind : c->in->name, "layout");
	a.result = "%test";
	a.text[best] = with_id(&m, op, "%late", 0, buf, sizeof buf);
	a.count[best] = 1;
	spv_emit(&m, c->in, &a);
	if (!body)
		spv_make(&m, op->target, SEC_DEBUG, "%late");
	else if (op->target == HD_T_VALUE)
		spv_make(&m, op->target, SEC_BODY, "%late");
	else if (op->target == HD_T_OPVARIABLE)
		later_function_var(&m, "%late");
	else
		spv_make(&m, op->target, SEC_AFTER, "%late");
	spv_tag_name(tag, sizeof tag, op->name);
	snprintf(why, sizeof why, "section 2.2: %s names %%late, defined after it%s", op->name,
	         rank == 0   ? ""
	         : rank == 1 ? ", in a later function"
	         : body      ? "; a module-scope instruction after the functions breaks the layout "
	                       "rule too"
	                     : "; a string after a debug instruction breaks the layout rule too");
	rc = spv_bad_finish(c, &m, tag, why);
	spv_free(&m);
	return rc;
}

/* An id defined before any case instruction that class t does not admit
 * (validate_refs.c): a constant for a string, a string for a number or a
 * core instruction, the compile unit for a type, a basic type for any
 * other class of debug instructions. */
static const char *wrong_for(spv_mod *m, hd_spv_target t)
{
	switch (t) {
	case HD_T_STRING:
	case HD_T_OPVARIABLE: return spv_const(m, 32);
	case HD_T_SOURCE:
		return m->set->id == HD_SET_DI100 ? spv_const(m, 32) : spv_str(m, "k.cl");
	case HD_T_INT:
	case HD_T_INT_OR_NONE:
	case HD_T_CONSTANT_OR_NONE:
	case HD_T_GLOBAL_VAR:
	case HD_T_OPFUNCTION:
	case HD_T_DEBUG: return spv_str(m, "k.cl");
	case HD_T_TYPE:
	case HD_T_TYPE_OR_VOID: return spv_cu(m);
	default: return spv_need(m, HD_T_TYPE);
	}
}

static const char *what(const spv_mod *m, hd_spv_target t)
{
	switch (t) {
	case HD_T_STRING:
	case HD_T_OPVARIABLE: return "an OpConstant";
	case HD_T_SOURCE: return m->set->id == HD_SET_DI100 ? "an OpConstant" : "an OpString";
	case HD_T_INT:
	case HD_T_INT_OR_NONE:
	case HD_T_CONSTANT_OR_NONE:
	case HD_T_GLOBAL_VAR:
	case HD_T_OPFUNCTION:
	case HD_T_DEBUG: return "an OpString";
	case HD_T_TYPE:
	case HD_T_TYPE_OR_VOID: return "the DebugCompilationUnit";
	default: return "a DebugTypeBasic";
	}
}

static int target_case(spv_bad *c, int i, int second)
{
	const hd_spv_operand *op = &c->in->operands[i];
	hd_spv_target t = second ? op->target2 : op->target;
	char tag[64], detail[80], why[320], buf[128];
	spv_mod m;
	spv_args a = { 0 };
	int rc;

	spv_init(&m, c->set);
	spv_bad_start(c, &m, 1);
	a.result = "%test";
	a.text[i] = with_id(&m, op, wrong_for(&m, t), second, buf, sizeof buf);
	a.count[i] = 1;
	spv_emit(&m, c->in, &a);
	spv_tag_name(tag, sizeof tag, op->name);
	snprintf(detail, sizeof detail, "%s%s", tag,
	         op->kind != HD_SPV_PAIR ? "" : second ? "-name" : "-value");
	snprintf(why, sizeof why, "section 4: %s%s names %s, which its target class (%s) does not "
	                          "admit", op->name,
	         op->kind != HD_SPV_PAIR ? "" : second ? " (a pair's Name)" : " (a pair's Value)",
	         what(&m, t), hd_spv_target_name(t));
	rc = spv_bad_finish(c, &m, detail, why);
	spv_free(&m);
	return rc;
}

/* Every id operand with a target class, and both ids of a pair. */
int spv_break_target(spv_bad *c)
{
	for (int i = 0; i < c->in->noperands; i++) {
		const hd_spv_operand *op = &c->in->operands[i];

		if (!is_id(op) || op->target == HD_T_NONE)
			continue;
		if (target_case(c, i, 0) != 0)
			return -1;
		if (op->kind == HD_SPV_PAIR && target_case(c, i, 1) != 0)
			return -1;
	}
	return 0;
}
