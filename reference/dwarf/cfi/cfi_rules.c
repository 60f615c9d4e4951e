/* The row of the call frame table that holds a program location (DWARF 5
 * 6.4.3): the CIE's initial instructions, then the FDE's up to the first row
 * that starts past pc. Only the CFA rule and the rule of the one register
 * asked for are tracked, so there is no per-row or per-register allocation;
 * the remember/restore stack is a fixed array. Semantics follow DWARF Extensions for Heterogeneous Debugging "CFA
 * Definition Instructions" and "Register Rule Instructions", and DWARF 5
 * 6.4.2.1 and 6.4.2.4 for rows and the state stack. */
#include "cfi.h"

#include <inttypes.h>
#include <string.h>

/* What an instruction does, by kind of effect. */
enum {
	ACT_MISSING,        /* a cfa.def row without an entry below: a bug */
	ACT_NOP,
	ACT_ROW,            /* a new row: advance (factored) or set_loc (absolute) */
	ACT_RULE,           /* operand 1's register gets the rule kind `rule` */
	ACT_RESTORE,        /* operand 1's register gets its rule from the CIE */
	ACT_CFA,            /* CFA = register + offset [in an address space] */
	ACT_CFA_REGISTER,   /* a new CFA register, the old offset and space */
	ACT_CFA_OFFSET,     /* a new CFA offset, the old register and space */
	ACT_CFA_EXPRESSION,
	ACT_REMEMBER,
	ACT_RESTORE_STATE
};

typedef struct action {
	uint8_t act;       /* ACT_* */
	uint8_t rule;      /* ACT_RULE: hd_rule_kind */
	uint8_t factored;  /* the offset (or advance) is multiplied by the CIE's factor */
} action;

/* The semantics of each cfa.def row. Which operand is the register, the
 * offset, the address space or the expression follows from the operand
 * kinds in hd_cfa_table, not from here. */
static const action actions[HD_CFA_COUNT] = {
	[HD_CFA_advance_loc]            = { ACT_ROW, 0, 1 },
	[HD_CFA_offset]                 = { ACT_RULE, HD_RULE_OFFSET, 1 },
	[HD_CFA_restore]                = { ACT_RESTORE, 0, 0 },
	[HD_CFA_nop]                    = { ACT_NOP, 0, 0 },
	[HD_CFA_set_loc]                = { ACT_ROW, 0, 0 },
	[HD_CFA_advance_loc1]           = { ACT_ROW, 0, 1 },
	[HD_CFA_advance_loc2]           = { ACT_ROW, 0, 1 },
	[HD_CFA_advance_loc4]           = { ACT_ROW, 0, 1 },
	[HD_CFA_offset_extended]        = { ACT_RULE, HD_RULE_OFFSET, 1 },
	[HD_CFA_restore_extended]       = { ACT_RESTORE, 0, 0 },
	[HD_CFA_undefined]              = { ACT_RULE, HD_RULE_UNDEFINED, 0 },
	[HD_CFA_same_value]             = { ACT_RULE, HD_RULE_SAME_VALUE, 0 },
	[HD_CFA_register]               = { ACT_RULE, HD_RULE_REGISTER, 0 },
	[HD_CFA_remember_state]         = { ACT_REMEMBER, 0, 0 },
	[HD_CFA_restore_state]          = { ACT_RESTORE_STATE, 0, 0 },
	[HD_CFA_def_cfa]                = { ACT_CFA, 0, 0 },
	[HD_CFA_def_cfa_register]       = { ACT_CFA_REGISTER, 0, 0 },
	[HD_CFA_def_cfa_offset]         = { ACT_CFA_OFFSET, 0, 0 },
	[HD_CFA_def_cfa_expression]     = { ACT_CFA_EXPRESSION, 0, 0 },
	[HD_CFA_expression]             = { ACT_RULE, HD_RULE_EXPRESSION, 0 },
	[HD_CFA_offset_extended_sf]     = { ACT_RULE, HD_RULE_OFFSET, 1 },
	[HD_CFA_def_cfa_sf]             = { ACT_CFA, 0, 1 },
	[HD_CFA_def_cfa_offset_sf]      = { ACT_CFA_OFFSET, 0, 1 },
	[HD_CFA_val_offset]             = { ACT_RULE, HD_RULE_VAL_OFFSET, 1 },
	[HD_CFA_val_offset_sf]          = { ACT_RULE, HD_RULE_VAL_OFFSET, 1 },
	[HD_CFA_val_expression]         = { ACT_RULE, HD_RULE_VAL_EXPRESSION, 0 },
	[HD_CFA_LLVM_def_aspace_cfa]    = { ACT_CFA, 0, 0 },
	[HD_CFA_LLVM_def_aspace_cfa_sf] = { ACT_CFA, 0, 1 },
};

/* The part of a row this computation tracks. DW_CFA_remember_state saves
 * the CFA rule too, as GDB, libgcc and LLVM's unwinder do. */
typedef struct row {
	hd_cfa_rule cfa;
	hd_rule rule;
} row;

typedef struct machine {
	const hd_cie *cie;
	uint64_t reg;              /* the column asked for */
	uint64_t pc;
	uint64_t loc;              /* where the current row starts */
	int in_cie;                /* running the CIE's initial instructions */
	row cur;
	hd_rule initial;           /* reg's rule after the initial instructions */
	row saved[HD_CFI_MAX_REMEMBER];
	unsigned depth;
} machine;

static int ill_formed(const char *code, uint64_t where, const char *name, const char *why,
                      hd_status *st)
{
	return hd_fail(st, HD_ILL_FORMED, code, where, "DW_CFA_%s at offset %" PRIu64 ": %s",
	               name, where, why);
}

/* a * b, or -1 when it does not fit 64 signed bits. */
static int mul_checked(int64_t a, int64_t b, int64_t *r)
{
	if (a != 0 && b != 0 &&
	    (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
	           : (b > 0 ? a < INT64_MIN / b : a < INT64_MAX / b)))
		return -1;
	*r = a * b;
	return 0;
}

/* Operand i as a byte offset: signed or not by its kind, multiplied by the
 * data alignment factor when factored, and within int64 either way. */
static int byte_offset(const machine *m, const hd_cfa_insn *in, int i, int factored,
                       uint64_t where, int64_t *out, hd_status *st)
{
	const hd_cfa_info *info = &hd_cfa_table[in->id];
	int is_signed = hd_opnd_table[info->opnd[i]].is_signed;

	if ((!is_signed && in->u[i] > (uint64_t)INT64_MAX) ||
	    mul_checked((int64_t)in->u[i], factored ? m->cie->data_align : 1, out) != 0)
		return ill_formed("offset-overflow", where, info->name,
		                  "the byte offset does not fit 64 signed bits", st);
	return 0;
}

/* A row creation instruction: 1 when its row starts past pc (the current
 * row is the answer), 0 to go on. */
static int new_row(machine *m, const hd_cfa_insn *in, int factored, uint64_t where,
                   hd_status *st)
{
	const char *name = hd_cfa_table[in->id].name;
	uint64_t a = m->cie->code_align, next = in->u[0];

	if (m->in_cie)
		return ill_formed("row-in-cie", where, name,
		                  "row creation is not allowed in a CIE's initial instructions", st);
	if (factored) {
		if ((a != 0 && next > UINT64_MAX / a) || next * a > UINT64_MAX - m->loc)
			return ill_formed("offset-overflow", where, name,
			                  "the advanced location does not fit 64 bits", st);
		next = m->loc + next * a;
	} else if (next < m->loc) {
		return ill_formed("set-loc-backwards", where, name,
		                  "the new location is below the current row's", st);
	}
	if (next > m->pc)
		return 1;
	m->loc = next;
	return 0;
}

/* A register rule instruction; its rule is computed (and checked) even when
 * its register is not the one asked for, so verdicts do not depend on reg. */
static int set_rule(machine *m, const hd_cfa_insn *in, const action *a, uint64_t where,
                    hd_status *st)
{
	hd_rule r;

	memset(&r, 0, sizeof r);
	r.kind = (hd_rule_kind)a->rule;
	r.where = where;
	if (r.kind == HD_RULE_OFFSET || r.kind == HD_RULE_VAL_OFFSET) {
		if (byte_offset(m, in, 1, a->factored, where, &r.offset, st) != 0)
			return -1;
	} else if (r.kind == HD_RULE_REGISTER) {
		r.reg = in->u[1];
	} else if (r.kind == HD_RULE_EXPRESSION || r.kind == HD_RULE_VAL_EXPRESSION) {
		r.expr = in->block;
		r.expr_len = (size_t)in->block_len;
	}
	if (in->u[0] == m->reg)
		m->cur.rule = r;
	return 0;
}

/* def_cfa_register and def_cfa_offset(_sf) change half of a register+offset
 * rule, so one must be there (DWARF Extensions for Heterogeneous Debugging CFA Definition Instructions 5-7). */
static int need_register_cfa(const machine *m, const hd_cfa_insn *in, uint64_t where,
                             hd_status *st)
{
	const char *name = hd_cfa_table[in->id].name;

	if (m->cur.cfa.kind == HD_CFA_RULE_NONE)
		return ill_formed("cfa-rule-missing", where, name, "there is no CFA rule yet", st);
	if (m->cur.cfa.kind == HD_CFA_RULE_EXPRESSION)
		return ill_formed("cfa-rule-is-expression", where, name,
		                  "the CFA rule comes from DW_CFA_def_cfa_expression", st);
	return 0;
}

static int set_cfa(machine *m, const hd_cfa_insn *in, const action *a, uint64_t where,
                   hd_status *st)
{
	const hd_cfa_info *info = &hd_cfa_table[in->id];
	hd_cfa_rule *c = &m->cur.cfa;
	int64_t off;

	switch (a->act) {
	case ACT_CFA:
		if (byte_offset(m, in, 1, a->factored, where, &off, st) != 0)
			return -1;
		c->kind = HD_CFA_RULE_REGISTER;
		c->reg = in->u[0];
		c->offset = off;
		/* a third operand is the address space (LLVM_def_aspace_cfa*) */
		c->has_aspace = info->opnd[2] != HD_OPND_NONE;
		c->aspace = c->has_aspace ? in->u[2] : 0;
		break;
	case ACT_CFA_REGISTER:
		if (need_register_cfa(m, in, where, st) != 0)
			return -1;
		c->reg = in->u[0];
		break;
	case ACT_CFA_OFFSET:
		if (need_register_cfa(m, in, where, st) != 0 ||
		    byte_offset(m, in, 0, a->factored, where, &off, st) != 0)
			return -1;
		c->offset = off;
		break;
	default:  /* ACT_CFA_EXPRESSION */
		memset(c, 0, sizeof *c);
		c->kind = HD_CFA_RULE_EXPRESSION;
		c->expr = in->block;
		c->expr_len = (size_t)in->block_len;
		break;
	}
	c->where = where;
	return 0;
}

/* DW_CFA_remember_state / restore_state (DWARF 5 6.4.2.4) on a fixed stack. */
static int state_stack(machine *m, const hd_cfa_insn *in, const action *a, uint64_t where,
                       hd_status *st)
{
	const char *name = hd_cfa_table[in->id].name;

	if (a->act == ACT_REMEMBER) {
		if (m->depth == HD_CFI_MAX_REMEMBER)
			return ill_formed("remember-state-depth", where, name,
			                  "states nest deeper than HD_CFI_MAX_REMEMBER", st);
		m->saved[m->depth++] = m->cur;
		return 0;
	}
	if (m->depth == 0)
		return ill_formed("restore-state-empty", where, name, "no state was remembered", st);
	m->cur = m->saved[--m->depth];
	return 0;
}

static int apply(machine *m, const hd_cfa_insn *in, uint64_t where, hd_status *st)
{
	const action *a = &actions[in->id];

	switch (a->act) {
	case ACT_MISSING:
		return hd_fail(st, HD_INTERNAL, "bad-insn", where, "DW_CFA_%s has no semantics in"
		               " cfi_rules.c", hd_cfa_table[in->id].name);
	case ACT_NOP:
		return 0;
	case ACT_ROW:
		return new_row(m, in, a->factored, where, st);
	case ACT_RULE:
		return set_rule(m, in, a, where, st);
	case ACT_RESTORE:
		if (m->in_cie)
			return ill_formed("restore-in-cie", where, hd_cfa_table[in->id].name,
			                  "the CIE's instructions have no initial rule to restore", st);
		if (in->u[0] == m->reg)
			m->cur.rule = m->initial;
		return 0;
	case ACT_REMEMBER:
	case ACT_RESTORE_STATE:
		return state_stack(m, in, a, where, st);
	default:
		return set_cfa(m, in, a, where, st);
	}
}

/* Runs instructions until they end (0) or a row starts past pc (1). */
static int run(machine *m, const uint8_t *insns, size_t len, uint64_t base, hd_status *st)
{
	hd_cfa_insn in;
	int rc;

	for (size_t off = 0; off < len; off += in.size) {
		if (hd_cfa_decode(insns, len, off, m->cie->address_size, &in, st) != 0) {
			if (st != NULL)
				st->offset += base;
			return -1;
		}
		rc = apply(m, &in, base + in.offset, st);
		if (rc != 0)
			return rc;
	}
	return 0;
}

int hd_cfi_rules(const hd_cfi *cfi, const hd_fde *fde, uint64_t pc, uint64_t reg,
                 hd_rule_kind default_rule, hd_cfa_rule *cfa, hd_rule *rule,
                 hd_status *st)
{
	machine m;

	if (cfi == NULL || fde == NULL || fde->cie >= cfi->ncies)
		return hd_fail(st, HD_INTERNAL, "bad-fde", 0, "no FDE, or its CIE is not in the CFI");
	m.cie = &cfi->cies[fde->cie];
	if (!m.cie->known)
		return hd_fail(st, HD_EVAL_ERROR, "cfi-unknown-augmentation", fde->offset,
		               "the CIE of the FDE at offset %" PRIu64 " has the unknown"
		               " augmentation \"%s\"", fde->offset, m.cie->augmentation);
	if (pc < fde->initial_location || pc - fde->initial_location >= fde->address_range)
		return hd_fail(st, HD_EVAL_ERROR, "pc-outside-fde", fde->offset,
		               "pc 0x%" PRIx64 " is outside the FDE at offset %" PRIu64
		               " [0x%" PRIx64 ", +0x%" PRIx64 ")", pc, fde->offset,
		               fde->initial_location, fde->address_range);
	m.reg = reg;
	m.pc = pc;
	m.loc = fde->initial_location;
	m.depth = 0;
	memset(&m.cur, 0, sizeof m.cur);
	m.cur.cfa.kind = HD_CFA_RULE_NONE;
	m.cur.rule.kind = default_rule;
	m.in_cie = 1;
	if (run(&m, m.cie->insns, m.cie->insns_len, m.cie->insns_offset, st) < 0)
		return -1;
	m.initial = m.cur.rule;
	m.in_cie = 0;
	if (run(&m, fde->insns, fde->insns_len, fde->insns_offset, st) < 0)
		return -1;
	*cfa = m.cur.cfa;
	*rule = m.cur.rule;
	return 0;
}
