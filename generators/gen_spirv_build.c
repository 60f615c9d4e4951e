/* Debug instructions written from the grammar tables. spv_emit() walks an
 * instruction's operand table: an id operand not given by the case is
 * filled with an instruction of its target class (operand-targets.txt),
 * made on demand, so each case gets exactly the context its operands
 * require. */
#include <stdio.h>
#include <string.h>

#include "gen_spirv.h"

const hd_spv_inst *spv_inst(const spv_mod *m, const char *name)
{
	return hd_spv_inst_by_name(m->set, name);
}

int spv_op_index(const hd_spv_inst *in, const char *operand)
{
	for (int i = 0; in && i < in->noperands; i++)
		if (strcmp(in->operands[i].name, operand) == 0)
			return i;
	return -1;
}

void spv_set(spv_args *a, const hd_spv_inst *in, const char *operand, const char *text)
{
	int i = spv_op_index(in, operand);

	if (i >= 0)
		a->text[i] = text;
}

/* OpenCL.DebugInfo.100 section 2 (and DebugInfo 1.00): these four stand in function bodies, every
 * other debug instruction at module scope. */
int spv_in_body(const hd_spv_inst *in)
{
	static const char *const body[] = { "DebugScope", "DebugNoScope", "DebugDeclare",
		                            "DebugValue" };

	for (size_t i = 0; i < sizeof body / sizeof body[0]; i++)
		if (strcmp(in->name, body[i]) == 0)
			return 1;
	return 0;
}

/* The enumerant a case gets when it does not choose: a kernel's usual one
 * where the enum has it, else the table's first. */
uint32_t spv_enum_default(const hd_spv_enum *en)
{
	static const char *const usual[] = { "OpenCL_C", "CrossWorkgroup", "Signed", "Structure",
		                             "None", "ConstType", "ImportedDeclaration" };

	for (size_t u = 0; u < sizeof usual / sizeof usual[0]; u++)
		for (uint16_t i = 0; i < en->count; i++)
			if (strcmp(en->values[i].name, usual[u]) == 0)
				return en->values[i].value;
	return en->count ? en->values[0].value : 0;
}

static int popcount(uint32_t v)
{
	int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

/* An enum value as spirv-as reads it: a name, flags joined with '|', or
 * "!N" for a value the grammar does not have. */
static void format_enum(char *out, size_t n, const hd_spv_enum *en, uint32_t v, int raw)
{
	const hd_spv_enumerant *e = hd_spv_enum_value(en, v);
	uint32_t rest = v;
	size_t k = 0;

	if (raw) {
		snprintf(out, n, "%u", v);
		return;
	}
	if (e) {
		snprintf(out, n, "%s", e->name);
		return;
	}
	if (!en->is_bits || !hd_spv_enum_valid(en, v)) {
		snprintf(out, n, "!%u", v);
		return;
	}
	/* named combinations (FlagIsPublic) first, then single bits */
	out[0] = '\0';
	for (int pass = 0; pass < 2; pass++)
		for (uint16_t i = 0; i < en->count; i++) {
			uint32_t b = en->values[i].value;
			if (b == 0 || (pass == 0) != (popcount(b) > 1) || (rest & b) != b)
				continue;
			k += (size_t)snprintf(out + k, k < n ? n - k : 0, "%s%s", k ? "|" : "",
			                      en->values[i].name);
			rest &= ~b;
		}
}

/* A literal operand's value, from its grammar name: the compile unit's
 * versions, source positions, a vector's four lanes, the first argument. */
static uint32_t literal_for(spv_mod *m, const char *operand)
{
	if (strcmp(operand, "Version") == 0)
		return 65536;  /* what llvm-spirv writes, as in the hand-written cases */
	if (strcmp(operand, "DWARF Version") == 0)
		return 5;
	if (strcmp(operand, "Line") == 0 || strcmp(operand, "Scope Line") == 0)
		return m->line++;
	if (strcmp(operand, "Component Count") == 0)
		return 4;
	return 1;  /* Column, Discriminator, Arg Number, ... */
}

static const char *stem_of(const hd_spv_inst *in)
{
	return strncmp(in->name, "Debug", 5) == 0 ? in->name + 5 : in->name;
}

static const char *fresh_debug_name(spv_mod *m, const hd_spv_inst *in)
{
	char stem[SPV_NAME];

	spv_lower(stem, sizeof stem, stem_of(in));
	return spv_fresh(m, stem);
}

/* A new OpString with a name no other string of the module has. */
static const char *fresh_string(spv_mod *m)
{
	char text[32];

	snprintf(text, sizeof text, "n%u", ++m->fresh);
	return spv_str(m, text);
}

const char *spv_none(spv_mod *m)
{
	const char *have = spv_memo_get(m, "dinone");
	spv_args a = { 0 };

	if (have)
		return have;
	a.result = spv_memo_put(m, "dinone", "%dinone");
	a.sec = SEC_DEBUG;
	return spv_emit(m, spv_inst(m, "DebugInfoNone"), &a);
}

static const char *source(spv_mod *m)
{
	const hd_spv_inst *in = spv_inst(m, "DebugSource");
	const char *have = spv_memo_get(m, "dsrc");
	spv_args a = { 0 };

	/* 1.00 has no DebugSource: its Source operands name the file's OpString */
	if (m->set->id == HD_SET_DI100 || !in)
		return spv_str(m, "k.cl");
	if (have)
		return have;
	a.result = spv_memo_put(m, "dsrc", "%dsrc");
	a.sec = SEC_DEBUG;
	spv_set(&a, in, "File", spv_str(m, "k.cl"));
	return spv_emit(m, in, &a);
}

const char *spv_cu(spv_mod *m)
{
	const char *have = spv_memo_get(m, "cu");
	spv_args a = { 0 };

	if (have)
		return have;
	a.result = spv_memo_put(m, "cu", "%cu");
	a.sec = SEC_DEBUG;
	return spv_emit(m, spv_inst(m, "DebugCompilationUnit"), &a);
}

/* The DebugFunction of the kernel, %main. */
const char *spv_main_fn(spv_mod *m)
{
	const hd_spv_inst *in = spv_inst(m, "DebugFunction");
	const char *have = spv_memo_get(m, "fn_main");
	spv_args a = { 0 };

	if (have)
		return have;
	a.result = spv_memo_put(m, "fn_main", "%fn_main");
	a.sec = SEC_DEBUG;
	spv_set(&a, in, "Name", spv_str(m, "main"));
	spv_set(&a, in, "Linkage Name", spv_str(m, "main"));
	spv_set(&a, in, "Parent", spv_cu(m));
	spv_set(&a, in, "Flags", "FlagIsDefinition|FlagPrototyped");
	return spv_emit(m, in, &a);
}

const char *spv_callee_fn(spv_mod *m)
{
	const hd_spv_inst *in = spv_inst(m, "DebugFunction");
	const char *have = spv_memo_get(m, "fn_callee");
	spv_args a = { 0 };

	if (have)
		return have;
	a.result = spv_memo_put(m, "fn_callee", "%fn_callee");
	a.sec = SEC_DEBUG;
	spv_set(&a, in, "Name", spv_str(m, "callee"));
	spv_set(&a, in, "Linkage Name", spv_str(m, "callee"));
	spv_set(&a, in, "Parent", spv_cu(m));
	spv_set(&a, in, "Flags", "FlagIsDefinition|FlagPrototyped");
	spv_set(&a, in, "Function", spv_none(m));
	return spv_emit(m, in, &a);
}

/* Whether in describes code, so that its scope is a function rather than
 * the unit (OpenCL.DebugInfo.100 sections 4.7 and 4.8: blocks, locals, inlining). */
static int code_level(const hd_spv_inst *in)
{
	static const char *const code[] = { "DebugLexicalBlock", "DebugLexicalBlockDiscriminator",
		                            "DebugLocalVariable", "DebugInlinedAt" };

	for (size_t i = 0; i < sizeof code / sizeof code[0]; i++)
		if (strcmp(in->name, code[i]) == 0)
			return 1;
	return spv_in_body(in);
}

static const char *basic_type(spv_mod *m, spv_sec sec, const char *result, int shared)
{
	const hd_spv_inst *in = spv_inst(m, "DebugTypeBasic");
	spv_args a = { 0 };

	a.sec = sec;
	a.result = result;
	if (shared) {
		a.result = spv_memo_put(m, "t_int", "%t_int");
		spv_set(&a, in, "Name", spv_str(m, "int"));
	}
	return spv_emit(m, in, &a);
}

/* The debug instruction a case makes for target class t: a kind the class
 * admits (validate_refs.c). Scopes and sources are the module's own (the
 * compile unit, main's function, the DebugSource) and made elsewhere. */
static const char *kind_for(hd_spv_target t)
{
	switch (t) {
	case HD_T_TYPE:
	case HD_T_DEBUG: return "DebugTypeBasic";
	case HD_T_MEMBER:
	case HD_T_MEMBER_DECL: return "DebugTypeMember";
	case HD_T_COMPOSITE:
	case HD_T_TEMPLATE_TARGET: return "DebugTypeComposite";
	case HD_T_FUNCTION_TYPE: return "DebugTypeFunction";
	case HD_T_FUNCTION_DECL: return "DebugFunctionDeclaration";
	case HD_T_TEMPLATE_PARAM:
	case HD_T_TEMPLATE_VALUE_PARAM: return "DebugTypeTemplateParameter";
	case HD_T_LOCAL_VAR: return "DebugLocalVariable";
	case HD_T_EXPRESSION: return "DebugExpression";
	case HD_T_OPERATION: return "DebugOperation";
	case HD_T_INLINED_AT: return "DebugInlinedAt";
	case HD_T_MACRO_DEF: return "DebugMacroDef";
	default: return NULL;
	}
}

/* Target classes met by a core instruction rather than a debug one. */
static int is_core(const spv_mod *m, hd_spv_target t)
{
	switch (t) {
	case HD_T_SOURCE: return m->set->id == HD_SET_DI100;
	case HD_T_STRING:
	case HD_T_INT:
	case HD_T_INT_OR_NONE:
	case HD_T_CONSTANT_OR_NONE:
	case HD_T_GLOBAL_VAR:
	case HD_T_OPFUNCTION:
	case HD_T_OPVARIABLE:
	case HD_T_VALUE:
	case HD_T_NONE: return 1;
	default: return 0;
	}
}

/* A new core part of class t written at sec, where a case places it (a
 * forward reference): a string, a constant, a variable or a value. */
static const char *core_at(spv_mod *m, hd_spv_target t, spv_sec sec, const char *result)
{
	const char *name = result ? result : spv_fresh(m, "late");

	if (t == HD_T_STRING || t == HD_T_SOURCE)
		spv_line(m, sec, name, "OpString \"late%u\"", ++m->fresh);
	else if (t == HD_T_GLOBAL_VAR)
		spv_line(m, sec, name, "OpVariable %s CrossWorkgroup",
		         spv_ptr(m, "CrossWorkgroup", spv_uint(m)));
	else if (t == HD_T_OPVARIABLE)
		spv_line(m, sec, name, "OpVariable %s Function", spv_ptr(m, "Function", spv_uint(m)));
	else if (t == HD_T_VALUE && sec == SEC_BODY)
		spv_line(m, sec, name, "OpIAdd %s %s %s", spv_uint(m), spv_const(m, 32),
		         spv_const(m, 32));
	else
		spv_line(m, sec, name, "OpConstant %s %u", spv_uint(m), 100 + ++m->fresh);
	return name;
}

const char *spv_kind_for(const spv_mod *m, hd_spv_target t)
{
	if (t == HD_T_SCOPE || t == HD_T_LEXICAL_SCOPE)
		return "DebugLexicalBlock";
	if (t == HD_T_SOURCE)
		return m->set->id == HD_SET_DI100 ? NULL : "DebugSource";
	if (t == HD_T_TYPE_OR_VOID)
		return "DebugTypeBasic";
	return kind_for(t);
}

const char *spv_make(spv_mod *m, hd_spv_target t, spv_sec sec, const char *result)
{
	const char *kind;
	spv_args a = { 0 };

	if (t == HD_T_TYPE_OR_VOID) {
		if (sec == SEC_OWN && !result)
			return "%void";
		t = HD_T_TYPE;
	}
	if ((sec != SEC_OWN || result) && is_core(m, t))
		return core_at(m, t, sec == SEC_OWN ? SEC_TYPES : sec, result);
	a.sec = sec;
	a.result = result;
	switch (t) {
	case HD_T_STRING: return fresh_string(m);
	case HD_T_INT:
	case HD_T_INT_OR_NONE:
	case HD_T_CONSTANT_OR_NONE: return spv_const(m, 32);
	case HD_T_SOURCE:
		if (m->set->id == HD_SET_DI100)
			return spv_str(m, "k.cl");
		spv_set(&a, spv_inst(m, "DebugSource"), "File", spv_str(m, "k.cl"));
		return spv_emit(m, spv_inst(m, "DebugSource"), &a);
	case HD_T_SCOPE:
	case HD_T_LEXICAL_SCOPE: {
		const hd_spv_inst *lb = spv_inst(m, "DebugLexicalBlock");
		spv_set(&a, lb, "Parent", m->body ? spv_main_fn(m) : spv_cu(m));
		return spv_emit(m, lb, &a);
	}
	case HD_T_GLOBAL_VAR: return spv_global_var(m, "CrossWorkgroup");
	case HD_T_OPFUNCTION: return "%main";
	case HD_T_OPVARIABLE: return spv_local_var(m);
	case HD_T_VALUE: return m->body ? spv_body_value(m) : spv_const(m, 0);
	case HD_T_TYPE:
	case HD_T_DEBUG: return basic_type(m, sec, result, 0);
	default: break;
	}
	if ((kind = kind_for(t)) == NULL)
		return spv_const(m, 32);  /* HD_T_NONE: an unchecked id (DebugModuleINTEL) */
	if (t == HD_T_COMPOSITE || t == HD_T_TEMPLATE_TARGET)
		a.count[spv_op_index(spv_inst(m, kind), "Members")] = 1;
	return spv_emit(m, spv_inst(m, kind), &a);
}

/* The shared instance of target class t: one per module, so a case names
 * one compile unit, one int type, one function type ... */
const char *spv_need(spv_mod *m, hd_spv_target t)
{
	char key[32];
	const char *have;

	switch (t) {
	case HD_T_SOURCE: return source(m);
	case HD_T_SCOPE:
	case HD_T_LEXICAL_SCOPE: return m->body ? spv_main_fn(m) : spv_cu(m);
	case HD_T_MEMBER:
	case HD_T_MEMBER_DECL: {
		/* the member the module's shared composite lists */
		char mkey[64];
		snprintf(mkey, sizeof mkey, "first_member:%s", spv_need(m, HD_T_COMPOSITE));
		return spv_memo_get(m, mkey) ? spv_memo_get(m, mkey) : spv_make(m, t, SEC_OWN, NULL);
	}
	case HD_T_TYPE:
	case HD_T_DEBUG: return spv_memo_get(m, "t_int") ? spv_memo_get(m, "t_int")
	                                                  : basic_type(m, SEC_OWN, NULL, 1);
	case HD_T_STRING:
	case HD_T_TYPE_OR_VOID:
	case HD_T_OPFUNCTION:
	case HD_T_INT:
	case HD_T_INT_OR_NONE:
	case HD_T_CONSTANT_OR_NONE: return spv_make(m, t, SEC_OWN, NULL);
	default: break;
	}
	snprintf(key, sizeof key, "need:%d:%d", (int)t, m->body);
	if ((have = spv_memo_get(m, key)) != NULL)
		return have;
	have = spv_make(m, t, SEC_OWN, NULL);
	return spv_memo_put(m, key, have);
}

/* Item k of a variadic operand: new instances, so a list names distinct
 * things; members are written after the composite that lists them. */
static const char *item(spv_mod *m, const hd_spv_operand *op, const char *self, int k)
{
	if (op->target == HD_T_MEMBER && m->npending < (int)(sizeof m->pending / sizeof m->pending[0])) {
		spv_pending *p = &m->pending[m->npending++];
		snprintf(p->name, sizeof p->name, "%s", spv_fresh(m, "member"));
		snprintf(p->parent, sizeof p->parent, "%s", self);
		return p->name;
	}
	if (op->target == HD_T_INT || op->target == HD_T_VALUE)
		return spv_const(m, op->target == HD_T_INT ? 2u + (uint32_t)k : (uint32_t)k);
	if (op->target == HD_T_TYPE)
		return k == 0 ? spv_need(m, HD_T_TYPE) : spv_make(m, HD_T_TYPE, SEC_OWN, NULL);
	return spv_make(m, op->target, SEC_OWN, NULL);
}

/* The chosen enumerant of the instruction's first (enum) operand, for
 * DebugOperation's literal count. */
static const hd_spv_enumerant *opcode_of(const hd_spv_inst *in, const spv_args *a)
{
	const hd_spv_operand *op0 = &in->operands[0];

	if (op0->kind != HD_SPV_ENUM)
		return NULL;
	if (a->text[0]) {
		for (uint16_t i = 0; i < op0->en->count; i++)
			if (strcmp(op0->en->values[i].name, a->text[0]) == 0)
				return &op0->en->values[i];
		return NULL;
	}
	return hd_spv_enum_value(op0->en, a->has_enum[0] ? a->enum_value[0]
	                                                  : spv_enum_default(op0->en));
}

/* The default words of operand i. */
static void fill(spv_mod *m, const hd_spv_inst *in, const spv_args *a, int i, const char *self,
                 char *out, size_t n)
{
	const hd_spv_operand *op = &in->operands[i];
	int items = a->count[i];
	size_t k = 0;

	out[0] = '\0';
	if (op->quant == HD_SPV_OPT && items == 0)
		return;
	if (op->kind == HD_SPV_LITERAL) {
		const hd_spv_enumerant *e = op->quant == HD_SPV_MANY ? opcode_of(in, a) : NULL;
		if (op->quant != HD_SPV_MANY) {
			snprintf(out, n, "%u", literal_for(m, op->name));
			return;
		}
		/* OpenCL.DebugInfo.100 section 3.6: an operation's literals; a pair is an
		 * offset and a size (BitPiece, Fragment) */
		if (items == 0)
			items = e ? e->nparams : 0;
		for (int j = 0; j < items; j++)
			k += (size_t)snprintf(out + k, k < n ? n - k : 0, "%s%u", j ? " " : "",
			                      items == 1 ? 4u : j == 0 ? 0u : 32u);
		return;
	}
	if (op->quant == HD_SPV_ONE || op->quant == HD_SPV_OPT) {
		if (op->kind == HD_SPV_PAIR)
			snprintf(out, n, "%s %s", spv_need(m, op->target), spv_need(m, op->target2));
		else
			snprintf(out, n, "%s", spv_need(m, op->target));
		return;
	}
	if (items == 0)
		items = op->quant == HD_SPV_SOME ? 1 : 0;
	for (int j = 0; j < items; j++) {
		if (op->kind == HD_SPV_PAIR) {
			const char *v = spv_const(m, (uint32_t)j);
			k += (size_t)snprintf(out + k, k < n ? n - k : 0, "%s%s %s", j ? " " : "", v,
			                      fresh_string(m));
		} else {
			k += (size_t)snprintf(out + k, k < n ? n - k : 0, "%s%s", j ? " " : "",
			                      item(m, op, self, j));
		}
	}
}

/* Writes the members a composite listed, now that the composite exists. */
static void flush_members(spv_mod *m, const char *parent)
{
	const hd_spv_inst *in = spv_inst(m, "DebugTypeMember");

	for (int i = 0; i < m->npending; i++) {
		spv_pending p = m->pending[i];
		spv_args a = { 0 };

		if (strcmp(p.parent, parent) != 0)
			continue;
		memmove(&m->pending[i], &m->pending[i + 1],
		        (size_t)(m->npending - i - 1) * sizeof m->pending[0]);
		m->npending--;
		i--;
		a.result = p.name;
		spv_set(&a, in, "Parent", p.parent);
		spv_emit(m, in, &a);
		{
			char key[64];
			snprintf(key, sizeof key, "first_member:%s", p.parent);
			if (!spv_memo_get(m, key))
				spv_memo_put(m, key, p.name);
		}
	}
}

const char *spv_emit(spv_mod *m, const hd_spv_inst *in, const spv_args *a)
{
	char ops[SPV_MAXOPS][512], line[2048], self[SPV_NAME];
	int body = spv_in_body(in), saved_body = m->body, last = -1, immediate = a->raw;
	spv_sec sec = a->sec != SEC_OWN ? a->sec : body ? SEC_BODY : SEC_DEBUG;
	size_t k = 0;

	if (!in || in->noperands > SPV_MAXOPS) {
		m->oom = 1;  /* a generator bug: no such instruction */
		return "%bad";
	}
	snprintf(self, sizeof self, "%s", a->result ? a->result : fresh_debug_name(m, in));
	m->body = code_level(in) || sec == SEC_BODY;
	for (int i = 0; i < in->noperands; i++) {
		const hd_spv_operand *op = &in->operands[i];
		if (op->quant == HD_SPV_ONE)
			last = i;
		if (a->text[i])
			snprintf(ops[i], sizeof ops[i], "%s", a->text[i]);
		else if (op->kind == HD_SPV_ENUM)
			format_enum(ops[i], sizeof ops[i], op->en,
			            a->has_enum[i] ? a->enum_value[i] : spv_enum_default(op->en),
			            immediate);
		else
			fill(m, in, a, i, self, ops[i], sizeof ops[i]);
		/* after a !N word spirv-as reads the rest of the instruction as
		 * plain words: ids and numbers, no enumerant names */
		if (ops[i][0] == '!')
			immediate = 1;
	}
	m->body = saved_body;
	if (a->raw)
		k += (size_t)snprintf(line + k, sizeof line - k, "!%u", in->opcode);
	else
		k += (size_t)snprintf(line + k, sizeof line - k, "%s", in->name);
	for (int i = 0; i < in->noperands && k < sizeof line; i++)
		if (ops[i][0] && !(a->drop_last && i == last))
			k += (size_t)snprintf(line + k, sizeof line - k, " %s", ops[i]);
	if (a->extra && k < sizeof line)
		snprintf(line + k, sizeof line - k, " %s", a->extra);
	spv_line(m, sec, self, "OpExtInst %s %s %s", a->rtype ? a->rtype : "%void", m->import, line);
	if (in->opcode < 64)
		m->used |= 1ull << in->opcode;
	flush_members(m, self);
	{
		char key[64];
		snprintf(key, sizeof key, "emitted:%s", self);
		return spv_memo_put(m, key, self);
	}
}
