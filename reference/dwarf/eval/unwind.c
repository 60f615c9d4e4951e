/* Virtual unwinding: the register rules and CFA rules of DWARF Extensions for Heterogeneous Debugging "Call
 * Frame Information" applied to a call stack (hd_callstack), and the
 * frame-dependent operations built on them. docs/evaluator.md, section
 * "Call frames", lists every rule and choice.
 *
 * Frame 0 is the top frame. The rules of frame F's row say where the
 * registers of frame F+1 (its caller) are, and are evaluated in frame F:
 *   loc(F, R)    where register R of frame F is: the register itself when
 *                F is 0, else rule(F-1, R)
 *   rule(F, R)   the value of R on entry to frame F's subprogram, which is
 *                loc(F+1, R) and what DW_OP_LLVM_call_frame_entry_reg gives
 *   cfa(F)       frame F's CFA rule, evaluated in frame F
 *   pc(F)        pcs[0] for the top frame, else the return address column
 *                read through rule(F-1, RA)
 * Everything is resolved eagerly, down to the top frame's registers. */
#include "machine.h"
#include "unwind.h"

#include <stdlib.h>
#include <string.h>

static const hd_callstack *stack_of(hd_machine *m)
{
	return m->ctx->stack;
}

static hd_rule_kind default_rule(hd_machine *m)
{
	const hd_target *arch = m->ctx->arch;

	return arch != NULL && arch->cfi_same_value ? HD_RULE_SAME_VALUE : HD_RULE_UNDEFINED;
}

/* A status from the CFI layer becomes this evaluation's outcome. */
static int cfi_fail(hd_machine *m, const hd_status *st)
{
	*m->st = *st;
	return -1;
}

/* ---- cycles ---- */

/* Rules in progress at once; each frame of depth adds about two, and each
 * is a few C stack frames, so this bounds the recursion of unwinding. */
#define HD_UNWIND_DEPTH 1024

static int enter(hd_machine *m, hd_unwinding *u, uint32_t frame, uint64_t column)
{
	unsigned depth = 0;

	for (const hd_unwinding *p = m->unwinding; p != NULL; p = p->prev, depth++) {
		if (depth >= HD_UNWIND_DEPTH)
			return hd_err(m, "unwind-depth", "more than %u rules in progress at once",
			              HD_UNWIND_DEPTH);
		if (p->frame == frame && p->column == column) {
			if (column == HD_CFA_COLUMN)
				return hd_ill(m, "cfi-cycle",
				              "the CFA rule of frame %u needs the CFA itself",
				              (unsigned)frame);
			return hd_ill(m, "cfi-cycle",
			              "the rule of register %llu in frame %u needs itself",
			              (unsigned long long)column, (unsigned)frame);
		}
	}
	u->frame = frame;
	u->column = column;
	u->prev = m->unwinding;
	/* u is a local of the caller, linked only until its leave(), which every
	 * enter() that succeeds is paired with in the same function; GCC 12's
	 * -Wdangling-pointer cannot see the pairing. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#endif
	m->unwinding = u;
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic pop
#endif
	return 0;
}

static int leave(hd_machine *m, const hd_unwinding *u, int r)
{
	m->unwinding = u->prev;
	return r;
}

/* ---- rows ---- */

/* The PC that selects frame's row and subprogram (hd_lookup_pc). */
int hd_frame_lookup_pc(hd_machine *m, uint32_t frame, uint64_t *pc)
{
	if (hd_frame_pc(m, frame, pc) != 0)
		return -1;
	*pc = hd_lookup_pc(frame, *pc);
	return 0;
}

/* The FDE for frame, or NULL when no call frame information covers it. */
static int frame_fde(hd_machine *m, uint32_t frame, const hd_fde **fde, uint64_t *pc)
{
	const hd_callstack *cs = stack_of(m);

	if (hd_frame_lookup_pc(m, frame, pc) != 0)
		return -1;
	*fde = cs->cfi ? hd_cfi_find(cs->cfi, *pc) : NULL;
	return 0;
}

/* The CFA rule and the rule of reg in frame's row. Without an FDE the
 * architecture's default rules apply and there is no CFA rule (DWARF Extensions for Heterogeneous Debugging,
 * DW_OP_LLVM_call_frame_entry_reg). */
static int row(hd_machine *m, uint32_t frame, uint64_t reg, hd_cfa_rule *cfa,
               hd_rule *rule)
{
	const hd_fde *fde;
	uint64_t pc;
	hd_status st;

	if (frame_fde(m, frame, &fde, &pc) != 0)
		return -1;
	if (fde == NULL) {
		memset(cfa, 0, sizeof *cfa);
		memset(rule, 0, sizeof *rule);
		cfa->kind = HD_CFA_RULE_NONE;
		rule->kind = default_rule(m);
		return 0;
	}
	if (hd_cfi_rules(stack_of(m)->cfi, fde, pc, reg, default_rule(m), cfa, rule, &st) != 0)
		return cfi_fail(m, &st);
	return 0;
}

/* ---- contexts ---- */

/* The context of frame: the current one with the frame and its program
 * location replaced. */
int hd_frame_context(hd_machine *m, uint32_t frame, hd_context *sub)
{
	uint64_t pc;

	if (hd_frame_pc(m, frame, &pc) != 0)
		return -1;
	*sub = *m->ctx;
	sub->has_frame = 1;
	sub->frame = frame;
	sub->has_pc = 1;
	sub->pc = pc;
	return 0;
}

/* DWARF Extensions for Heterogeneous Debugging evaluates CFI expressions with the frame's context except: no
 * compilation unit, no object, and no lane (CFI describes the whole thread). */
static int cfi_context(hd_machine *m, uint32_t frame, hd_result_kind kind,
                       hd_context *sub)
{
	if (hd_frame_context(m, frame, sub) != 0)
		return -1;
	hd_context_nested(sub, kind);
	sub->has_lane = 0;
	sub->cu = NULL;
	return 0;
}

/* DWARF Extensions for Heterogeneous Debugging "Call Frame Instructions" bars some operations from CFI
 * expressions whatever path the evaluation takes; ops.def marks them. */
static int check_cfi_ops(hd_machine *m, const uint8_t *expr, size_t len)
{
	hd_op *ops;
	size_t n;
	hd_status st;
	int r = 0;

	if (hd_decode_expr(expr, len, m->enc, &ops, &n, &st) != 0)
		return cfi_fail(m, &st);
	for (size_t i = 0; i < n && r == 0; i++)
		if (hd_op_table[ops[i].id].flags & HD_OPF_NOT_IN_CFI)
			r = hd_ill(m, "cfi-forbidden-op",
			           "DW_OP_%s at offset %u is not allowed in call frame information",
			           hd_op_table[ops[i].id].name, (unsigned)ops[i].offset);
	free(ops);
	return r;
}

static int eval_cfi_expr(hd_machine *m, const hd_context *sub, const uint8_t *expr,
                         size_t len, hd_entry *out)
{
	const hd_op *op = m->op;
	int r;

	if (check_cfi_ops(m, expr, len) != 0)
		return -1;
	r = hd_eval_nested(m, sub, expr, len, out);
	m->op = op;
	return r;
}

/* ---- registers ---- */

static int apply_rule(hd_machine *m, uint32_t frame, uint64_t reg, const hd_loc **out);
static int cfa_of(hd_machine *m, uint32_t frame, const hd_loc **out);

/* Where register reg of frame lives. */
int hd_frame_loc(hd_machine *m, uint32_t frame, uint64_t reg, const hd_loc **out)
{
	uint64_t bits;
	hd_storage *s;

	if (frame > 0)
		return apply_rule(m, frame - 1, reg, out);
	if (hd_register_bits(m, reg, &bits) != 0)
		return -1;
	*out = hd_loc_of_new(m, HD_STORAGE_REGISTER, (hd_bits)bits, 0, 0, &s);
	if (*out == NULL)
		return -1;
	s->u.reg.reg = reg;
	return 0;
}

/* The memory byte address a location describes, for val_offset(N). */
static int memory_byte_address(const hd_loc *l, uint64_t *aspace, uint64_t *addr)
{
	const hd_sloc *sl = &l->s[0];

	if (l->n != 1 || sl->storage->kind != HD_STORAGE_MEMORY || sl->offset % 8 != 0)
		return -1;
	*aspace = sl->storage->u.mem.aspace;
	*addr = (uint64_t)(sl->offset / 8);
	return 0;
}

/* val_offset(N): the CFA moved by N bytes, as a value. DWARF Extensions for Heterogeneous Debugging makes the
 * DWARF ill-formed unless the CFA is a memory byte address and the register
 * is exactly as wide as an address of the CFA's address space. */
static int val_offset(hd_machine *m, uint32_t frame, uint64_t reg, int64_t n,
                      const hd_loc **out)
{
	const hd_loc *cfa;
	uint64_t aspace, addr, bits;
	hd_aspace_info info;
	uint8_t bytes[8];

	if (cfa_of(m, frame, &cfa) != 0 || hd_register_bits(m, reg, &bits) != 0)
		return -1;
	if (hd_loc_offset(m, cfa, (hd_bits)n * 8, &cfa) != 0)
		return -1;
	if (memory_byte_address(cfa, &aspace, &addr) != 0)
		return hd_ill(m, "val-offset-cfa", "val_offset needs a CFA that is a memory byte address");
	if (m->ctx->arch->ops->aspace(m->ctx->arch->self, aspace, &info) != 0 ||
	    info.addr_bits != bits)
		return hd_ill(m, "val-offset-size",
		              "register %llu has %llu bits but an address of the CFA's space has %u",
		              (unsigned long long)reg, (unsigned long long)bits, info.addr_bits);
	for (unsigned i = 0; i < 8; i++)
		bytes[i] = (uint8_t)(addr >> (8 * i));
	return hd_loc_implicit(m, bytes, bits, out);
}

/* val_expression(E): E's value, which must be exactly as wide as the register. */
static int val_expression(hd_machine *m, const hd_context *sub, uint64_t reg,
                          const hd_rule *rule, const hd_loc **out)
{
	hd_entry e;
	uint64_t bits;
	uint8_t tmp[8];
	const uint8_t *bytes;

	if (hd_register_bits(m, reg, &bits) != 0 ||
	    eval_cfi_expr(m, sub, rule->expr, rule->expr_len, &e) != 0)
		return -1;
	if (e.value.ipv != NULL || e.value.bits != bits)
		return hd_ill(m, "val-expression-size",
		              "val_expression gives %u bits for %llu-bit register %llu",
		              (unsigned)e.value.bits, (unsigned long long)bits,
		              (unsigned long long)reg);
	bytes = hd_value_bytes(m, &e.value, tmp);
	return bytes ? hd_loc_implicit(m, bytes, bits, out) : -1;
}

/* register(R): DWARF Extensions for Heterogeneous Debugging says the previous value is where R is in the current
 * frame (the same as DWARF 5's "stored in another register"), and that the
 * two registers must be the same size. */
static int register_rule(hd_machine *m, uint32_t frame, uint64_t reg, uint64_t other,
                         const hd_loc **out)
{
	uint64_t a, b;

	if (hd_register_bits(m, reg, &a) != 0 || hd_register_bits(m, other, &b) != 0)
		return -1;
	if (a != b)
		return hd_ill(m, "register-rule-size",
		              "register %llu (%llu bits) is saved in register %llu (%llu bits)",
		              (unsigned long long)reg, (unsigned long long)a,
		              (unsigned long long)other, (unsigned long long)b);
	return hd_frame_loc(m, frame, other, out);
}

/* The rules needing the CFA get it as their initial stack. */
static int with_cfa(hd_machine *m, uint32_t frame, hd_result_kind kind,
                    hd_context *sub, hd_entry *cfa)
{
	memset(cfa, 0, sizeof *cfa);
	cfa->is_loc = 1;
	if (cfa_of(m, frame, &cfa->loc) != 0 || cfi_context(m, frame, kind, sub) != 0)
		return -1;
	sub->initial = cfa;
	sub->ninitial = 1;
	return 0;
}

/* rule(frame, reg): where reg of frame's caller is, per frame's row. */
static int apply_rule(hd_machine *m, uint32_t frame, uint64_t reg, const hd_loc **out)
{
	hd_unwinding u;
	hd_cfa_rule cfa;
	hd_rule rule;
	hd_context sub;
	hd_entry e, c;
	const hd_loc *l;
	int r;

	if (enter(m, &u, frame, reg) != 0)
		return -1;
	if (row(m, frame, reg, &cfa, &rule) != 0)
		return leave(m, &u, -1);
	switch (rule.kind) {
	case HD_RULE_UNDEFINED:
		*out = hd_loc_undefined(m);
		r = *out ? 0 : -1;
		break;
	case HD_RULE_SAME_VALUE:
		r = hd_frame_loc(m, frame, reg, out);
		break;
	case HD_RULE_OFFSET:
		r = cfa_of(m, frame, &l);
		if (r == 0)
			r = hd_loc_offset(m, l, (hd_bits)rule.offset * 8, out);
		break;
	case HD_RULE_VAL_OFFSET:
		r = val_offset(m, frame, reg, rule.offset, out);
		break;
	case HD_RULE_REGISTER:
		r = register_rule(m, frame, reg, rule.reg, out);
		break;
	case HD_RULE_EXPRESSION:
		r = with_cfa(m, frame, HD_RESULT_LOCATION, &sub, &c);
		if (r == 0)
			r = eval_cfi_expr(m, &sub, rule.expr, rule.expr_len, &e);
		if (r == 0)
			*out = e.loc;
		break;
	case HD_RULE_VAL_EXPRESSION:
		r = with_cfa(m, frame, HD_RESULT_VALUE, &sub, &c);
		if (r == 0)
			r = val_expression(m, &sub, reg, &rule, out);
		break;
	default:
		r = hd_err(m, "architectural-rule",
		           "the architecture defines no rule for register %llu",
		           (unsigned long long)reg);
		break;
	}
	return leave(m, &u, r);
}

/* ---- the CFA ---- */

/* DW_CFA_def_cfa and its variants: DW_OP_constu AS; DW_OP_LLVM_aspace_bregx R, B
 * evaluated in frame (DWARF Extensions for Heterogeneous Debugging "CFA Definition Instructions"). */
static int register_cfa(hd_machine *m, uint32_t frame, const hd_cfa_rule *cfa,
                        const hd_loc **out)
{
	const hd_target *arch = m->ctx->arch;
	uint64_t aspace = cfa->has_aspace ? cfa->aspace : hd_default_aspace(m);
	const hd_context *saved = m->ctx;
	hd_aspace_info info;
	hd_context sub;
	uint64_t base;
	int r;

	if (arch == NULL)
		return hd_missing(m, "architecture");
	if (arch->ops->aspace(arch->self, aspace, &info) != 0)
		return hd_ill(m, "unknown-aspace",
		              "the CFA rule names address space %llu, not one of the architecture's",
		              (unsigned long long)aspace);
	if (cfi_context(m, frame, HD_RESULT_LOCATION, &sub) != 0)
		return -1;
	m->ctx = &sub;
	r = hd_register_value(m, cfa->reg, info.addr_bits, &base);
	if (r == 0)
		r = hd_loc_memory(m, aspace, (base + (uint64_t)cfa->offset) & hd_mask(info.addr_bits), out);
	m->ctx = saved;
	return r;
}

static int compute_cfa(hd_machine *m, uint32_t frame, const hd_loc **out)
{
	hd_cfa_rule cfa;
	hd_rule rule;
	hd_context sub;
	hd_entry e;
	uint64_t aspace, addr;

	if (row(m, frame, 0, &cfa, &rule) != 0)
		return -1;
	switch (cfa.kind) {
	case HD_CFA_RULE_REGISTER:
		return register_cfa(m, frame, &cfa, out);
	case HD_CFA_RULE_EXPRESSION:
		if (cfi_context(m, frame, HD_RESULT_LOCATION, &sub) != 0 ||
		    eval_cfi_expr(m, &sub, cfa.expr, cfa.expr_len, &e) != 0)
			return -1;
		if (memory_byte_address(e.loc, &aspace, &addr) != 0)
			return hd_ill(m, "cfa-not-memory",
			              "DW_CFA_def_cfa_expression gives no memory byte address");
		*out = e.loc;
		return 0;
	default:
		return hd_err(m, "no-call-frame-information",
		              "no CFA rule covers frame %u", (unsigned)frame);
	}
}

/* Room to remember the pc and CFA of every frame of the stack. Without it
 * unwinding still works, only slower, so a failed allocation is not an error. */
static int cache_ready(hd_machine *m, uint32_t frame)
{
	hd_eval *ev = m->ev;
	uint32_t n = m->ctx->stack->nframes;

	if (frame < ev->ncache)
		return 1;
	if (n > ev->ncache) {
		uint8_t *known = realloc(ev->known, n);
		uint64_t *pc = realloc(ev->pc, n * sizeof *pc);
		const hd_loc **cfa = realloc(ev->cfa, n * sizeof *cfa);
		if (known != NULL)
			ev->known = known;
		if (pc != NULL)
			ev->pc = pc;
		if (cfa != NULL)
			ev->cfa = cfa;
		if (known == NULL || pc == NULL || cfa == NULL)
			return 0;
		memset(known + ev->ncache, 0, n - ev->ncache);
		ev->ncache = n;
	}
	return frame < ev->ncache;
}

static int cfa_of(hd_machine *m, uint32_t frame, const hd_loc **out)
{
	hd_eval *ev = m->ev;
	int cache = cache_ready(m, frame);
	hd_unwinding u;
	int r;

	if (cache && (ev->known[frame] & HD_KNOWN_CFA)) {
		*out = ev->cfa[frame];
		return 0;
	}
	if (enter(m, &u, frame, HD_CFA_COLUMN) != 0)
		return -1;
	r = compute_cfa(m, frame, out);
	if (r == 0 && cache) {
		ev->cfa[frame] = *out;
		ev->known[frame] |= HD_KNOWN_CFA;
	}
	return leave(m, &u, r);
}

/* ---- program locations ---- */

/* The return address of frame - 1, read through its rule. An undefined
 * return address means frame - 1 is the outermost frame. */
static int unwind_pc(hd_machine *m, uint32_t frame, uint64_t *pc)
{
	const hd_fde *fde;
	const hd_cie *cie;
	const hd_loc *l;
	uint64_t callee_pc, bits;

	if (frame_fde(m, frame - 1, &fde, &callee_pc) != 0)
		return -1;
	if (fde == NULL)
		return hd_err(m, "no-call-frame-information",
		              "no FDE covers pc 0x%llx of frame %u",
		              (unsigned long long)callee_pc, (unsigned)frame - 1);
	cie = &stack_of(m)->cfi->cies[fde->cie];
	if (apply_rule(m, frame - 1, cie->ra_column, &l) != 0 ||
	    hd_register_bits(m, cie->ra_column, &bits) != 0)
		return -1;
	if (l->n == 1 && l->s[0].storage->kind == HD_STORAGE_UNDEFINED)
		return hd_err(m, "outermost-frame",
		              "the return address of frame %u is undefined", (unsigned)frame - 1);
	if (bits > 64)
		return hd_err(m, "unsupported-type-size", "a %llu-bit return address",
		              (unsigned long long)bits);
	return hd_read_u64(m, l, bits, pc);
}

int hd_frame_pc(hd_machine *m, uint32_t frame, uint64_t *pc)
{
	const hd_callstack *cs = stack_of(m);
	hd_eval *ev = m->ev;
	hd_unwinding u;
	int cache, r;

	if (frame >= cs->nframes)
		return hd_err(m, "frame-not-active", "the call stack has %u frames, not frame %u",
		              (unsigned)cs->nframes, (unsigned)frame);
	if (frame == 0) {
		*pc = cs->pcs[0];
		return 0;
	}
	cache = cache_ready(m, frame);
	if (cache && (ev->known[frame] & HD_KNOWN_PC)) {
		*pc = ev->pc[frame];
		return 0;
	}
	/* Frame by frame from the top, so each finds the one below remembered
	 * and the recursion stays shallow however deep the stack is. */
	for (uint32_t f = 1; cache && f < frame; f++)
		if (!(ev->known[f] & HD_KNOWN_PC) && hd_frame_pc(m, f, pc) != 0)
			return -1;
	if (enter(m, &u, frame, HD_PC_COLUMN) != 0)
		return -1;
	r = unwind_pc(m, frame, pc);
	if (r == 0 && cache) {
		ev->pc[frame] = *pc;
		ev->known[frame] |= HD_KNOWN_PC;
	}
	return leave(m, &u, r);
}

/* ---- the operations (machine.h) ---- */

int hd_frame_register(hd_machine *m, uint64_t reg, const hd_loc **out)
{
	uint64_t pc;

	/* the frame must be active before its registers mean anything */
	if (hd_frame_pc(m, m->ctx->frame, &pc) != 0)
		return -1;
	return hd_frame_loc(m, m->ctx->frame, reg, out);
}

int hd_frame_entry_reg(hd_machine *m, uint64_t reg, const hd_loc **out)
{
	uint64_t pc;

	if (hd_frame_pc(m, m->ctx->frame, &pc) != 0)
		return -1;
	return apply_rule(m, m->ctx->frame, reg, out);
}

int hd_frame_cfa(hd_machine *m, const hd_loc **out)
{
	return cfa_of(m, m->ctx->frame, out);
}

int hd_caller_context(hd_machine *m, hd_context *sub)
{
	return hd_frame_context(m, m->ctx->frame + 1, sub);
}

/* ---- the public requests (unwind.h) ---- */

static int cfa_request(hd_machine *m, void *arg, hd_entry *out)
{
	(void)arg;
	memset(out, 0, sizeof *out);
	out->is_loc = 1;
	return hd_frame_cfa(m, &out->loc);
}

static int register_request(hd_machine *m, void *arg, hd_entry *out)
{
	const uint64_t *reg = arg;
	uint64_t bits;

	memset(out, 0, sizeof *out);
	out->is_loc = 1;
	if (hd_register_bits(m, *reg, &bits) != 0 || hd_frame_register(m, *reg, &out->loc) != 0)
		return -1;
	return 0;
}

static int pc_request(hd_machine *m, void *arg, hd_entry *out)
{
	uint64_t pc;

	(void)arg;
	memset(out, 0, sizeof *out);
	if (hd_frame_pc(m, m->ctx->frame, &pc) != 0)
		return -1;
	hd_value_generic(m, &out->value, pc);
	return 0;
}

int hd_unwind_cfa(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                  uint32_t frame, hd_result *res)
{
	return hd_run_in_frame(ev, ctx, enc, frame, HD_RESULT_LOCATION, cfa_request, NULL, res);
}

int hd_unwind_register(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                       uint32_t frame, uint64_t reg, hd_result *res)
{
	return hd_run_in_frame(ev, ctx, enc, frame, HD_RESULT_LOCATION, register_request,
	                       &reg, res);
}

int hd_unwind_pc(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                 uint32_t frame, hd_result *res)
{
	return hd_run_in_frame(ev, ctx, enc, frame, HD_RESULT_VALUE, pc_request, NULL, res);
}

int hd_unwind_check(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                    hd_status *st)
{
	const hd_callstack *cs = ctx->stack;
	hd_result res;

	for (uint32_t f = 1; cs != NULL && f < cs->nframes; f++) {
		if (hd_unwind_pc(ev, ctx, enc, f, &res) != 0) {
			*st = res.status;
			return -1;
		}
		if (hd_value_u64(&res.value) != cs->pcs[f])
			return hd_fail(st, HD_EVAL_ERROR, "call-stack-mismatch", 0,
			               "frame %u unwinds to pc 0x%llx, the stack says 0x%llx",
			               (unsigned)f, (unsigned long long)hd_value_u64(&res.value),
			               (unsigned long long)cs->pcs[f]);
	}
	return 0;
}
