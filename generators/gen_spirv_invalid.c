/* Invalid modules: every rule id the validator reports (`hdref check
 * --rules`, docs/validation.md), each broken alone. The catalogue is the
 * library's own, so a rule added there without a way to break it here
 * stops the generator (a rule kind no breaker knows is a generator bug).
 * How each rule is broken follows from its kind and the instruction's
 * operand table; where breaking one rule necessarily breaks another (a loop
 * needs a forward reference), the case expects both. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_spirv.h"

void spv_bad_start(spv_bad *c, spv_mod *m, int with_cu)
{
	spv_head(m, "covers: rule %s", c->rule);
	spv_head(m, "expect: %s", c->rule);
	if (with_cu && !(c->in && strcmp(c->in->name, "DebugCompilationUnit") == 0))
		spv_cu(m);
}

void spv_bad_also(spv_bad *c, spv_mod *m, const char *inst, const char *kind)
{
	spv_head(m, "expect: %s/%s/%s", c->set->import_name, inst, kind);
}

int spv_bad_finish(spv_bad *c, spv_mod *m, const char *detail, const char *why)
{
	char name[200];

	spv_head(m, "why: %s: %s", hd_spv_spec_name(c->set), why);
	snprintf(name, sizeof name, "%s-%s-%s%s%s", spv_set_prefix(c->set),
	         c->in ? c->inst_l : "module", c->kind, detail ? "-" : "", detail ? detail : "");
	return spv_write_case(c->g, m, name);
}

/* Section 2: Result Type is OpTypeVoid; here it is OpTypeInt. */
static int break_result_type(spv_bad *c)
{
	spv_mod m;
	spv_args a = { 0 };
	int rc;

	spv_init(&m, c->set);
	spv_bad_start(c, &m, 1);
	a.result = "%test";
	a.rtype = spv_uint(&m);
	spv_emit(&m, c->in, &a);
	rc = spv_bad_finish(c, &m, NULL, "section 2: the Result Type of every debug instruction "
	                                  "is OpTypeVoid (here OpTypeInt)");
	spv_free(&m);
	return rc;
}

/* Section 4's word counts: a required operand left out, or a word no
 * operand takes. Written with the extended opcode as !N, so spirv-as
 * reads no grammar and keeps the words as they are. */
static int operand_count_case(spv_bad *c, int drop)
{
	const hd_spv_inst *in = c->in;
	const hd_spv_operand *last = in->noperands ? &in->operands[in->noperands - 1] : NULL;
	char why[256];
	spv_mod m;
	spv_args a = { 0 };
	int rc, required = 0;

	for (int i = 0; i < in->noperands; i++)
		required += in->operands[i].quant == HD_SPV_ONE;
	if (drop && required == 0)
		return 0;  /* nothing to leave out */
	/* a surplus word must not fit: a last variadic operand of single
	 * words takes any number; a pair list is given half a pair */
	if (!drop && last && (last->quant == HD_SPV_MANY || last->quant == HD_SPV_SOME) &&
	    last->kind != HD_SPV_PAIR)
		return 0;
	spv_init(&m, c->set);
	spv_bad_start(c, &m, 1);
	a.result = "%test";
	a.raw = 1;
	a.drop_last = drop;
	if (!drop) {
		if (last && last->quant == HD_SPV_OPT)
			a.count[in->noperands - 1] = 1;
		a.extra = last && last->kind == HD_SPV_PAIR ? spv_const(&m, 5) : "7";
	}
	spv_emit(&m, in, &a);
	snprintf(why, sizeof why, "section 4: %s %s", in->name,
	         drop ? "lacks its last required operand"
	              : last && last->kind == HD_SPV_PAIR ? "ends with half an enumerator pair"
	                                                  : "has a word no operand takes");
	rc = spv_bad_finish(c, &m, drop ? "missing" : "surplus", why);
	spv_free(&m);
	return rc;
}

static int break_operand_count(spv_bad *c)
{
	if (operand_count_case(c, 1) != 0 || operand_count_case(c, 0) != 0)
		return -1;
	return 0;
}

/* The first value enum en does not have: for a BitEnum the lowest bit no
 * flag uses, else the lowest number no enumerant has. */
static uint32_t missing_value(const hd_spv_enum *en)
{
	if (en->is_bits) {
		for (uint32_t b = 1; b; b <<= 1)
			if (!hd_spv_enum_valid(en, b))
				return b;
		return 0x80000000u;
	}
	for (uint32_t v = 0;; v++)
		if (!hd_spv_enum_value(en, v))
			return v;
}

/* Section 3: each enum operand takes a value of the set's own table. */
static int break_enum_value(spv_bad *c)
{
	for (int i = 0; i < c->in->noperands; i++) {
		const hd_spv_operand *op = &c->in->operands[i];
		char tag[64], why[256];
		spv_mod m;
		spv_args a = { 0 };
		int rc;

		if (op->kind != HD_SPV_ENUM)
			continue;
		spv_init(&m, c->set);
		spv_bad_start(c, &m, 1);
		a.result = "%test";
		a.has_enum[i] = 1;
		a.enum_value[i] = missing_value(op->en);
		spv_emit(&m, c->in, &a);
		spv_tag_name(tag, sizeof tag, op->name);
		snprintf(why, sizeof why, "section 3: %s %u (0x%x) is no %s of %s", op->name,
		         a.enum_value[i], a.enum_value[i], op->en->name, c->set->import_name);
		rc = spv_bad_finish(c, &m, tag, why);
		spv_free(&m);
		if (rc != 0)
			return -1;
	}
	return 0;
}

static int has_target(const hd_spv_inst *in, hd_spv_target t)
{
	for (int i = 0; i < in->noperands; i++)
		if (in->operands[i].target == t)
			return 1;
	return 0;
}

static int has_ids(const hd_spv_inst *in)
{
	for (int i = 0; i < in->noperands; i++)
		if (in->operands[i].kind == HD_SPV_ID || in->operands[i].kind == HD_SPV_PAIR)
			return 1;
	return 0;
}

static int layout_case(spv_bad *c, spv_sec sec, const char *detail, const char *why)
{
	spv_mod m;
	spv_args a = { 0 };
	int rc;

	spv_init(&m, c->set);
	spv_bad_start(c, &m, 1);
	/* before section 9 it precedes OpTypeVoid: its Result Type is a
	 * forward reference (section 2.2) */
	if (sec == SEC_EARLY)
		spv_bad_also(c, &m, c->in->name, "forward-reference");
	a.result = "%test";
	a.sec = sec;
	spv_emit(&m, c->in, &a);
	rc = spv_bad_finish(c, &m, detail, why);
	spv_free(&m);
	return rc;
}

/* Section 2: DebugScope, DebugNoScope, DebugDeclare and DebugValue stand
 * in a function body; every other debug instruction at module scope, after
 * core layout sections 1-8 and before the first function. */
static int break_layout(spv_bad *c)
{
	int body = spv_in_body(c->in);

	if (body) {
		if (layout_case(c, SEC_AFTER, "after-functions",
		                "section 2: a body instruction after the last function, outside any "
		                "function body") != 0)
			return -1;
		/* before the functions only when nothing it names lives in one */
		if (!has_target(c->in, HD_T_VALUE) && !has_target(c->in, HD_T_OPVARIABLE) &&
		    layout_case(c, SEC_DEBUG, "module-scope",
		                "section 2: a body instruction among the module-scope debug "
		                "instructions") != 0)
			return -1;
	} else {
		if (layout_case(c, SEC_BODY, "in-body",
		                "section 2: a module-scope debug instruction inside main's body") != 0 ||
		    layout_case(c, SEC_AFTER, "after-functions",
		                "section 2: a module-scope debug instruction after the functions") != 0)
			return -1;
	}
	/* among core sections 1-8 (before the strings): only without id
	 * operands, which would otherwise be forward references too (the
	 * Result Type is one anyway) */
	if (!has_ids(c->in) &&
	    layout_case(c, SEC_EARLY, "before-strings",
	                "section 2: a debug instruction before the debug strings (core layout "
	                "section 7), so before OpTypeVoid too") != 0)
		return -1;
	return 0;
}

/* Section 3.6: an operation takes exactly its "No. of Operands" literals:
 * one more, and (where it takes any) one fewer. */
static int break_operation_operands(spv_bad *c)
{
	const hd_spv_enum *en = c->in->operands[0].en;
	int lits = spv_op_index(c->in, "Operands");

	for (uint16_t k = 0; k < en->count; k++) {
		const hd_spv_enumerant *e = &en->values[k];
		for (int more = 1; more >= 0; more--) {
			char detail[64], name[48], why[256], opcode[16];
			spv_mod m;
			spv_args a = { 0 };
			int rc, n = more ? e->nparams + 1 : e->nparams - 1;

			if (n < 0 || lits < 0)
				continue;
			spv_init(&m, c->set);
			spv_bad_start(c, &m, 1);
			a.result = "%test";
			/* spirv-as knows each operation's literals: as !N it takes
			 * whatever follows */
			snprintf(opcode, sizeof opcode, "!%u", e->value);
			a.text[0] = more ? e->name : opcode;
			a.count[lits] = n;
			if (n == 0)
				a.text[lits] = "";
			spv_emit(&m, c->in, &a);
			spv_lower(name, sizeof name, e->name);
			snprintf(detail, sizeof detail, "%s-%s", name, more ? "more" : "fewer");
			snprintf(why, sizeof why, "section 3.6: %s takes %u literal operand%s, here %d",
			         e->name, e->nparams, e->nparams == 1 ? "" : "s", n);
			rc = spv_bad_finish(c, &m, detail, why);
			spv_free(&m);
			if (rc != 0)
				return -1;
		}
	}
	return 0;
}

/* Section 2 and DebugTypeComposite: an opaque type (Name starting with
 * '@') has no Members and Size DebugInfoNone; break each half. */
static int break_opaque(spv_bad *c)
{
	for (int members = 1; members >= 0; members--) {
		spv_mod m;
		spv_args a = { 0 };
		int rc;

		spv_init(&m, c->set);
		spv_bad_start(c, &m, 1);
		a.result = "%test";
		spv_set(&a, c->in, "Name", spv_str(&m, "@opaque"));
		if (members) {
			spv_set(&a, c->in, "Size", spv_none(&m));
			a.count[spv_op_index(c->in, "Members")] = 1;
		}
		spv_emit(&m, c->in, &a);
		rc = spv_bad_finish(c, &m, members ? "members" : "size",
		                    members ? "section 2: the opaque type \"@opaque\" has a member"
		                            : "section 2: the opaque type \"@opaque\" has a Size "
		                              "other than DebugInfoNone");
		spv_free(&m);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* Section 4.3: a composite lists a DebugTypeMember whose Parent is the
 * module's other composite (the inheritance variant is hand-written). */
static int break_member_parent(spv_bad *c)
{
	const hd_spv_inst *member;
	spv_mod m;
	spv_args a = { 0 }, b = { 0 };
	int rc;

	spv_init(&m, c->set);
	spv_bad_start(c, &m, 1);
	member = spv_inst(&m, "DebugTypeMember");
	b.result = "%stray";
	spv_set(&b, member, "Parent", spv_need(&m, HD_T_COMPOSITE));
	spv_emit(&m, member, &b);
	a.result = "%test";
	spv_set(&a, c->in, "Members", "%stray");
	spv_emit(&m, c->in, &a);
	rc = spv_bad_finish(c, &m, NULL, "section 4.3: %test lists %stray, a DebugTypeMember "
	                                 "whose Parent is another composite");
	spv_free(&m);
	return rc;
}

/* A chain through `operand` that comes back: the instruction names itself
 * (one finding), or two of its kind name each other (the first names the
 * second before it is defined: forward-reference too). */
static int break_cycle(spv_bad *c, const char *operand)
{
	for (int pair = 0; pair < 2; pair++) {
		int i = spv_op_index(c->in, operand);
		char why[256];
		spv_mod m;
		spv_args a = { 0 };
		int rc;

		spv_init(&m, c->set);
		spv_bad_start(c, &m, 1);
		if (pair)
			spv_bad_also(c, &m, c->in->name, "forward-reference");
		a.result = "%test";
		a.text[i] = pair ? "%peer" : "%test";
		spv_emit(&m, c->in, &a);
		if (pair) {
			spv_args b = { 0 };
			b.result = "%peer";
			b.text[i] = "%test";
			spv_emit(&m, c->in, &b);
		}
		snprintf(why, sizeof why, "%s: following %s from %s comes back to it%s",
		         strcmp(operand, "Parent") == 0 ? "section 2.2" : "section 4.7", operand,
		         c->in->name, pair ? " (through a second one, named before it is defined)"
		                           : " at once: it names itself");
		rc = spv_bad_finish(c, &m, pair ? "pair" : "self", why);
		spv_free(&m);
		if (rc != 0)
			return -1;
	}
	return 0;
}

static int break_scope_cycle(spv_bad *c) { return break_cycle(c, "Parent"); }
static int break_inlined_cycle(spv_bad *c) { return break_cycle(c, "Inlined"); }

static const struct {
	const char *kind;
	int (*run)(spv_bad *c);
} breakers[] = {
	{ "result-type", break_result_type },
	{ "operand-count", break_operand_count },
	{ "undefined-id", spv_break_undefined },
	{ "forward-reference", spv_break_forward },
	{ "operand-target", spv_break_target },
	{ "enum-value", break_enum_value },
	{ "layout", break_layout },
	{ "operation-operands", break_operation_operands },
	{ "opaque-type", break_opaque },
	{ "member-parent", break_member_parent },
	{ "scope-cycle", break_scope_cycle },
	{ "inlined-cycle", break_inlined_cycle },
};

/* The smallest extended opcode the set does not define (its insts are
 * sorted by opcode). */
static uint32_t unused_opcode(const hd_spv_set *set)
{
	uint32_t v = 0;

	for (uint32_t k = 0; k < set->ninsts && set->insts[k].opcode == v; k++)
		v++;
	return v;
}

/* The rules about the module rather than one instruction. Returns 1 when
 * the rule has no case (SPIR-V/id-bound: the assembler sets the bound, so
 * assembly text cannot break it). */
static int module_rule(spv_bad *c)
{
	spv_mod m;
	char why[256];
	int rc;

	if (strcmp(c->rule, "SPIR-V/id-bound") == 0)
		return 1;
	spv_init(&m, c->set);
	spv_bad_start(c, &m, 1);
	if (strcmp(c->rule, "SPIR-V/id-redefined") == 0) {
		spv_line(&m, SEC_TYPES, spv_const(&m, 32), "OpConstant %s 64", spv_uint(&m));
		snprintf(why, sizeof why, "core SPIR-V 2.2.1: %%uint_32 is defined twice");
	} else if (strcmp(c->rule, "SPIR-V/OpExtInst/word-count") == 0) {
		/* opcode 12 (OpExtInst) with 4 words: no extended opcode */
		spv_line(&m, SEC_DEBUG, NULL, "!0x0004000C %%void %%test %s", m.import);
		snprintf(why, sizeof why, "core SPIR-V OpExtInst: 4 words, no extended opcode");
	} else if (strcmp(c->rule, "SPIR-V/OpExtInst/set-not-imported") == 0) {
		spv_line(&m, SEC_DEBUG, NULL, "!0x0005000C %%void %%test %s !0", spv_uint(&m));
		snprintf(why, sizeof why, "core SPIR-V OpExtInst: Set is an OpTypeInt (raw words: "
		                          "spirv-as refuses it)");
	} else {
		uint32_t op = unused_opcode(c->set);
		spv_line(&m, SEC_DEBUG, "%test", "OpExtInst %%void %s !%u", m.import, op);
		snprintf(why, sizeof why, "section 3.1: %s has no instruction %u", c->set->import_name,
		         op);
	}
	rc = spv_bad_finish(c, &m, NULL, why);
	spv_free(&m);
	return rc;
}

/* One catalogue line: "ID<TAB>SOURCE". */
static int rule_line(gen_out *g, const hd_spv_set *set, char *line)
{
	char *tab = strchr(line, '\t'), *kind;
	spv_bad c = { g, set, NULL, line, NULL, "" };
	size_t n = strlen(set->import_name);

	if (tab)
		*tab = '\0';
	kind = strrchr(line, '/') + 1;
	c.kind = kind;
	if (strncmp(line, "SPIR-V/", 7) == 0) {
		char k[64];
		spv_lower(k, sizeof k, line + 7);
		c.kind = k;
		return module_rule(&c) < 0 ? -1 : 0;
	}
	if (strncmp(line, set->import_name, n) != 0 || line[n] != '/')
		return 0;  /* the other set's */
	if (strcmp(line + n + 1, "unknown-instruction") == 0)
		return module_rule(&c) < 0 ? -1 : 0;
	{
		char inst[64];
		size_t len = (size_t)(kind - 1 - (line + n + 1));
		snprintf(inst, sizeof inst, "%.*s", (int)len, line + n + 1);
		c.in = hd_spv_inst_by_name(set, inst);
		if (!c.in)
			return hd_fail(g->st, HD_INTERNAL, "gen-spirv", 0,
			               "rule %s names no instruction of %s", line, set->import_name);
		spv_lower(c.inst_l, sizeof c.inst_l, c.in->name);
	}
	for (size_t i = 0; i < sizeof breakers / sizeof breakers[0]; i++)
		if (strcmp(breakers[i].kind, kind) == 0)
			return breakers[i].run(&c);
	return hd_fail(g->st, HD_INTERNAL, "gen-spirv", 0,
	               "rule %s: no way to break a rule of kind %s is known", line, kind);
}

int gen_spirv_invalid(gen_out *g, const hd_spv_set *set, const spv_rules *r)
{
	char *copy = malloc(r->text.len + 1), *line, *next;
	int rc = 0;

	if (!copy)
		return hd_fail(g->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (r->text.len > 0)  /* an empty buffer's data is NULL */
		memcpy(copy, r->text.data, r->text.len);
	copy[r->text.len] = '\0';
	for (line = copy; rc == 0 && line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		rc = rule_line(g, set, line);
	}
	free(copy);
	return rc;
}
