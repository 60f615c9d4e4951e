/* The stack machine: the evaluation session, the operation loop, the stack
 * and control-flow operations, DW_OP_call*, and the result rules of DWARF Extensions for Heterogeneous Debugging
 * "DWARF Operation Expressions". Operations on values and locations live in
 * arith.c, locops.c and deref.c; this file dispatches to them through one
 * table indexed by operation. */
#include "machine.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors ---- */

static int fail_at(hd_machine *m, hd_kind kind, const char *code,
                   const char *fmt, va_list ap)
{
	char text[200];
	const hd_op *op = m->op;

	vsnprintf(text, sizeof text, fmt, ap);
	if (op == NULL)
		return hd_fail(m->st, kind, code, 0, "%s", text);
	return hd_fail(m->st, kind, code, op->offset, "DW_OP_%s at offset %u: %s",
	               hd_op_table[op->id].name, (unsigned)op->offset, text);
}

int hd_ill(hd_machine *m, const char *code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fail_at(m, HD_ILL_FORMED, code, fmt, ap);
	va_end(ap);
	return -1;
}

int hd_err(hd_machine *m, const char *code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fail_at(m, HD_EVAL_ERROR, code, fmt, ap);
	va_end(ap);
	return -1;
}

/* DWARF Extensions for Heterogeneous Debugging: "If the evaluation requires a context element that is not
 * specified, then the result of the evaluation is an error." The code names
 * the element so a case can tell which one was missing. */
int hd_missing(hd_machine *m, const char *element)
{
	static const struct { const char *element, *code; } codes[] = {
		{ "architecture", "missing-context-architecture" },
		{ "thread", "missing-context-thread" },
		{ "lane", "missing-context-lane" },
		{ "call frame", "missing-context-frame" },
		{ "program location", "missing-context-pc" },
		{ "compilation unit", "missing-context-cu" },
		{ "object", "missing-context-object" },
	};

	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		if (strcmp(codes[i].element, element) == 0)
			return hd_err(m, codes[i].code, "needs the current %s", element);
	return hd_err(m, "missing-context", "needs the current %s", element);
}

void *hd_alloc_failed(hd_machine *m)
{
	hd_fail(m->st, HD_NO_MEMORY, "memory-limit", m->op ? m->op->offset : 0,
	        "evaluation needs more than %zu bytes", m->ev->limits.max_memory);
	return NULL;
}

/* ---- the stack ---- */

hd_entry *hd_push_grow(hd_machine *m)
{
	hd_eval *ev = m->ev;

	if (ev->depth >= ev->limits.max_stack) {
		hd_err(m, "stack-limit", "stack holds more than %u entries",
		       (unsigned)ev->limits.max_stack);
		return NULL;
	}
	if (ev->depth == ev->cap) {
		uint32_t cap = ev->cap ? ev->cap * 2 : 64;
		hd_entry *s = realloc(ev->stack, cap * sizeof *s);
		if (s == NULL) {
			hd_fail(m->st, HD_NO_MEMORY, "memory-limit", 0, "stack");
			return NULL;
		}
		ev->stack = s;
		ev->cap = cap;
	}
	return &ev->stack[ev->depth++];
}

int hd_push(hd_machine *m, const hd_entry *e)
{
	hd_entry *slot = hd_push_slot(m);

	if (slot == NULL)
		return -1;
	*slot = *e;
	return 0;
}

int hd_pop(hd_machine *m, hd_entry *e)
{
	if (hd_stack_size(m) == 0) {
		memset(e, 0, sizeof *e);  /* callers' GCC -O2 flow analysis reads it as set */
		return hd_ill(m, "stack-underflow", "the stack is empty");
	}
	*e = m->ev->stack[--m->ev->depth];
	return 0;
}

/* DWARF Extensions for Heterogeneous Debugging "Composite Location Description Operations": an incomplete
 * composite may only be used by the operations that build it. */
static int check_complete(hd_machine *m, const hd_entry *e)
{
	if (e->is_loc && hd_is_incomplete(e->loc))
		return hd_ill(m, "incomplete-composite",
		              "an incomplete composite location description is used here");
	return 0;
}

/* The top entry, taken off the stack but read in place: the pops below
 * copy only the part they return. NULL after reporting underflow or an
 * incomplete composite, which only the composite operations may take. */
static const hd_entry *pop_complete(hd_machine *m)
{
	const hd_entry *e;

	if (hd_stack_size(m) == 0) {
		hd_ill(m, "stack-underflow", "the stack is empty");
		return NULL;
	}
	e = &m->ev->stack[--m->ev->depth];
	return check_complete(m, e) == 0 ? e : NULL;
}

int hd_pop_loc_in(hd_machine *m, hd_loc_buf *buf, const hd_loc **l)
{
	const hd_entry *e = pop_complete(m);
	hd_value v;

	if (e == NULL)
		return -1;
	if (e->is_loc) {
		*l = e->loc;
		return 0;
	}
	/* a copy: the conversion may evaluate (an implicit pointer's DIE),
	 * which pushes over the slot e is in */
	v = e->value;
	return hd_value_to_loc_in(m, &v, buf, l);
}

int hd_pop_value_any(hd_machine *m, hd_value *v)
{
	const hd_entry *e = pop_complete(m);

	if (e == NULL)
		return -1;
	if (!e->is_loc) {
		*v = e->value;
		return 0;
	}
	if (hd_loc_to_value(m, e->loc, v) == 0)
		return 0;
	return hd_ill(m, "not-a-value",
	              "needs a value; a location description converts to one only "
	              "when it is a byte address in the default address space");
}

int hd_pop_integral(hd_machine *m, hd_value *v)
{
	if (hd_pop_value(m, v) != 0)
		return -1;
	return hd_check_integral(m, v);
}

int hd_check_integral(hd_machine *m, const hd_value *v)
{
	if (v->ipv != NULL)
		return hd_err(m, "implicit-pointer-use",
		              "an implicit pointer value may only become a location");
	if (!hd_is_integral(v))
		return hd_ill(m, "not-integral", "needs a value of integral type");
	return 0;
}

/* ---- stack operations (DWARF Extensions for Heterogeneous Debugging "Stack Operations") ---- */

static int op_stack(hd_machine *m, const hd_op *op)
{
	hd_entry a, b, c, *e;
	uint32_t index;

	switch (op->id) {
	case HD_OP_dup:
	case HD_OP_over:
	case HD_OP_pick:
		index = op->id == HD_OP_dup ? 0 : op->id == HD_OP_over ? 1 : (uint32_t)op->u[0];
		e = hd_stack_at(m, index);
		if (e == NULL)
			return hd_ill(m, "stack-underflow", "there is no stack entry %u",
			              (unsigned)index);
		a = *e;
		if (check_complete(m, &a) != 0)
			return -1;
		return hd_push(m, &a);
	case HD_OP_drop:
		return hd_pop(m, &a) != 0 ? -1 : check_complete(m, &a);
	case HD_OP_swap:
		if (hd_pop(m, &a) != 0 || hd_pop(m, &b) != 0)
			return -1;
		if (check_complete(m, &a) != 0 || check_complete(m, &b) != 0)
			return -1;
		return hd_push(m, &a) != 0 ? -1 : hd_push(m, &b);
	case HD_OP_rot:
		/* top becomes third, second becomes top, third becomes second */
		if (hd_pop(m, &a) != 0 || hd_pop(m, &b) != 0 || hd_pop(m, &c) != 0)
			return -1;
		if (check_complete(m, &a) != 0 || check_complete(m, &b) != 0 ||
		    check_complete(m, &c) != 0)
			return -1;
		if (hd_push(m, &a) != 0 || hd_push(m, &c) != 0)
			return -1;
		return hd_push(m, &b);
	default:
		return hd_ill(m, "internal", "not a stack operation");
	}
}

/* ---- literals (DWARF Extensions for Heterogeneous Debugging "Literal Operations") ---- */

/* Entry index of the CU's .debug_addr (DW_OP_addrx and DW_OP_constx). */
int hd_debug_addr(hd_machine *m, uint64_t index, uint64_t *x)
{
	const hd_cu *cu = m->ctx->cu;

	if (cu == NULL)
		return hd_missing(m, "compilation unit");
	if (index >= cu->naddrs)
		return hd_ill(m, "addr-index", ".debug_addr has no entry %llu",
		              (unsigned long long)index);
	*x = cu->addrs[index];
	return 0;
}

static int op_literal(hd_machine *m, const hd_op *op)
{
	uint64_t x = op->u[0];
	hd_entry *slot;

	if (op->id == HD_OP_constx && hd_debug_addr(m, op->u[0], &x) != 0)
		return -1;
	if ((slot = hd_push_slot(m)) == NULL)
		return -1;
	slot->is_loc = 0;
	hd_value_generic(m, &slot->value, x);  /* truncates to the generic type */
	slot->loc = NULL;
	return 0;
}

static int op_const_type(hd_machine *m, const hd_op *op)
{
	const hd_base_type *t;
	hd_value v;
	uint32_t bits;

	if (hd_find_type(m, op->u[0], 0, &t) != 0)
		return -1;
	bits = hd_type_bits(m, t);
	if ((bits + 7) / 8 != op->block_len)
		return hd_ill(m, "type-size-mismatch",
		              "the type has %u bits but the constant has %llu bytes",
		              (unsigned)bits, (unsigned long long)op->block_len);
	if (hd_value_from_bytes(m, t, op->block, op->block_len, &v) != 0)
		return -1;
	return hd_push_value(m, &v);
}

static int op_push_lane(hd_machine *m, const hd_op *op)
{
	hd_value v;

	(void)op;
	if (!m->ctx->has_lane)
		return hd_missing(m, "lane");
	hd_value_generic(m, &v, m->ctx->lane);
	return hd_push_value(m, &v);
}

static int op_push_object_address(hd_machine *m, const hd_op *op)
{
	(void)op;
	if (m->ctx->object == NULL)
		return hd_missing(m, "object");
	return hd_push_loc(m, m->ctx->object);
}

static int op_nop(hd_machine *m, const hd_op *op)
{
	(void)m;
	(void)op;
	return 0;
}

/* ---- the dispatch table: one handler per operation ---- */

static const hd_op_handler handlers[HD_OP_COUNT] = {
	[HD_OP_addr] = hd_op_memory,
	[HD_OP_deref] = hd_op_deref,
	[HD_OP_const1u] = op_literal, [HD_OP_const1s] = op_literal,
	[HD_OP_const2u] = op_literal, [HD_OP_const2s] = op_literal,
	[HD_OP_const4u] = op_literal, [HD_OP_const4s] = op_literal,
	[HD_OP_const8u] = op_literal, [HD_OP_const8s] = op_literal,
	[HD_OP_constu] = op_literal, [HD_OP_consts] = op_literal,
	[HD_OP_lit] = op_literal, [HD_OP_constx] = op_literal,
	[HD_OP_dup] = op_stack, [HD_OP_drop] = op_stack, [HD_OP_over] = op_stack,
	[HD_OP_pick] = op_stack, [HD_OP_swap] = op_stack, [HD_OP_rot] = op_stack,
	[HD_OP_xderef] = hd_op_deref, [HD_OP_xderef_size] = hd_op_deref,
	[HD_OP_xderef_type] = hd_op_deref,
	[HD_OP_abs] = hd_op_unary, [HD_OP_neg] = hd_op_unary, [HD_OP_not] = hd_op_unary,
	[HD_OP_and] = hd_op_binary, [HD_OP_div] = hd_op_binary,
	[HD_OP_minus] = hd_op_binary, [HD_OP_mod] = hd_op_binary,
	[HD_OP_mul] = hd_op_binary, [HD_OP_or] = hd_op_binary,
	[HD_OP_plus] = hd_op_binary, [HD_OP_shl] = hd_op_binary,
	[HD_OP_shr] = hd_op_binary, [HD_OP_shra] = hd_op_binary,
	[HD_OP_xor] = hd_op_binary,
	[HD_OP_plus_uconst] = hd_op_plus_uconst,
	[HD_OP_eq] = hd_op_compare, [HD_OP_ge] = hd_op_compare,
	[HD_OP_gt] = hd_op_compare, [HD_OP_le] = hd_op_compare,
	[HD_OP_lt] = hd_op_compare, [HD_OP_ne] = hd_op_compare,
	[HD_OP_reg] = hd_op_register, [HD_OP_regx] = hd_op_register,
	[HD_OP_breg] = hd_op_breg, [HD_OP_bregx] = hd_op_breg, [HD_OP_fbreg] = hd_op_breg,
	[HD_OP_LLVM_aspace_bregx] = hd_op_breg,
	[HD_OP_piece] = hd_op_piece, [HD_OP_bit_piece] = hd_op_piece,
	[HD_OP_deref_size] = hd_op_deref, [HD_OP_deref_type] = hd_op_deref,
	[HD_OP_regval_type] = hd_op_deref,
	[HD_OP_nop] = op_nop, [HD_OP_LLVM_nop] = op_nop,
	[HD_OP_push_object_address] = op_push_object_address,
	[HD_OP_form_tls_address] = hd_op_memory,
	[HD_OP_GNU_push_tls_address] = hd_op_memory,
	[HD_OP_call_frame_cfa] = hd_op_frame,
	[HD_OP_LLVM_call_frame_entry_reg] = hd_op_frame,
	[HD_OP_implicit_value] = hd_op_implicit, [HD_OP_stack_value] = hd_op_implicit,
	[HD_OP_implicit_pointer] = hd_op_implicit,
	[HD_OP_GNU_implicit_pointer] = hd_op_implicit,
	[HD_OP_LLVM_aspace_implicit_pointer] = hd_op_implicit,
	[HD_OP_addrx] = hd_op_memory,
	[HD_OP_entry_value] = hd_op_entry_value,
	[HD_OP_GNU_entry_value] = hd_op_entry_value,
	[HD_OP_const_type] = op_const_type,
	[HD_OP_convert] = hd_op_convert, [HD_OP_reinterpret] = hd_op_reinterpret,
	[HD_OP_LLVM_form_aspace_address] = hd_op_memory,
	[HD_OP_LLVM_push_lane] = op_push_lane,
	[HD_OP_LLVM_offset] = hd_op_offset, [HD_OP_LLVM_offset_uconst] = hd_op_offset,
	[HD_OP_LLVM_bit_offset] = hd_op_offset,
	[HD_OP_LLVM_undefined] = hd_op_undefined,
	[HD_OP_LLVM_piece_end] = hd_op_piece_end,
	[HD_OP_LLVM_extend] = hd_op_extend,
	[HD_OP_LLVM_select_bit_piece] = hd_op_select_bit_piece,
	/* bra, skip and call* change the flow and are handled by run();
	 * GNU_parameter_ref is decoded only. */
};

/* ---- the operation loop ---- */

/* Ops of an expression this long or shorter are decoded on the C stack:
 * most are (a location is a few ops), and the arena would zero their bytes
 * again at every reset. Nesting is bounded by max_call_depth, so is the
 * stack this takes. */
#define SMALL_EXPR 16

static int find_die(hd_machine *m, uint64_t offset, const hd_die_info **die)
{
	const hd_cu *cu = m->ctx->cu;

	for (size_t i = 0; i < cu->ndies; i++)
		if (cu->dies[i].offset == offset) {
			*die = &cu->dies[i];
			return 0;
		}
	return hd_ill(m, "no-such-die", "there is no DIE at .debug_info offset 0x%llx",
	              (unsigned long long)offset);
}

static int run(hd_machine *m, const uint8_t *bytes, size_t len);

/* DW_OP_call2/call4/call_ref (DWARF Extensions for Heterogeneous Debugging "Control Flow Operations" item 5):
 * a DW_AT_location expression runs on this same stack, a location list
 * pushes its result; a DW_AT_const_value
 * acts as DW_OP_implicit_value; a DIE with neither has no effect.
 * The call sets last_op itself: the operations of a DW_AT_location
 * expression are executed as part of the caller, so the last of them, not
 * the call, is the last operation executed (DW_OP_entry_value asks). */
static int op_call(hd_machine *m, const hd_op *op)
{
	const hd_cu *cu = m->ctx->cu;
	const hd_die_info *die = NULL;
	const hd_loc *l;
	uint64_t offset;
	int r;

	m->last_op = op->id;
	if (cu == NULL)
		return hd_missing(m, "compilation unit");
	offset = op->id == HD_OP_call_ref ? op->u[0] : cu->offset + op->u[0];
	if (find_die(m, offset, &die) != 0)
		return -1;
	if (die->loclist != NULL) {
		/* DWARF Extensions for Heterogeneous Debugging item 5: a location list is evaluated on its own (empty
		 * initial stack, location result) and its result pushed */
		if (hd_loclist_run(m, die->loclist, &l) != 0)
			return -1;
		m->last_op = op->id;  /* the list's own evaluation is not this one's */
		return hd_push_loc(m, l);
	}
	if (die->location != NULL) {
		if (m->call_depth >= m->ev->limits.max_call_depth)
			return hd_err(m, "call-depth", "calls nest deeper than %u",
			              (unsigned)m->ev->limits.max_call_depth);
		m->call_depth++;
		r = run(m, die->location, die->location_len);  /* sets last_op per op */
		m->call_depth--;
		return r;
	}
	if (die->const_value != NULL) {
		if (hd_loc_implicit(m, die->const_value, 8 * (uint64_t)die->const_value_len, &l) != 0)
			return -1;
		return hd_push_loc(m, l);
	}
	return 0;
}

/* DW_OP_skip and DW_OP_bra: *i becomes the index of the op that runs next,
 * the target's or the next one's, or n when the target is one past the last
 * operation and the expression is complete. */
static int branch(hd_machine *m, const hd_op *ops, size_t n, size_t len, size_t *i)
{
	const hd_op *op = &ops[*i];
	int64_t target = (int64_t)op->offset + op->size + (int64_t)op->u[0];
	hd_value c;
	long next;

	if (op->id == HD_OP_bra) {
		if (hd_pop_integral(m, &c) != 0)
			return -1;
		/* the whole value: a wide 2^64 is not 0 */
		if (hd_value_number(&c, 0) == 0) {
			(*i)++;
			return 0;
		}
	}
	m->last_op = op->id;
	if (target == (int64_t)len) {
		*i = n;  /* one past the last operation: complete */
		return 0;
	}
	next = target < 0 ? -1 : hd_op_at(ops, n, (uint64_t)target);
	if (next < 0)
		return hd_ill(m, "bad-branch-target",
		              "branch to offset %lld, which is not the start of an operation",
		              (long long)target);
	*i = (size_t)next;
	return 0;
}

/* What run() does with an op besides calling its handler: one table
 * lookup per op instead of comparing the id with each special one. */
enum { FLOW_HANDLER, FLOW_BRANCH, FLOW_CALL };
static const uint8_t flow[HD_OP_COUNT] = {
	[HD_OP_skip] = FLOW_BRANCH, [HD_OP_bra] = FLOW_BRANCH,
	[HD_OP_call2] = FLOW_CALL, [HD_OP_call4] = FLOW_CALL, [HD_OP_call_ref] = FLOW_CALL,
};

/* Runs an operation expression on the current stack until one past its last
 * operation (DWARF Extensions for Heterogeneous Debugging "DWARF Operation Expressions"). */
static int run(hd_machine *m, const uint8_t *bytes, size_t len)
{
	const hd_op *saved = m->op;
	const uint64_t max_steps = m->ev->limits.max_steps;
	hd_op small[SMALL_EXPR], *ops = small;
	size_t n, i = 0;
	int r = 0;

	m->op = NULL;
	if (len > SMALL_EXPR && (ops = hd_alloc(m, len * sizeof *ops)) == NULL)
		return -1;
	if (hd_decode_checked(bytes, len, m->enc, ops, &n, m->st) != 0)
		return -1;
	while (i < n) {
		const hd_op *op = &ops[i];

		m->op = op;
		if (++m->steps > max_steps) {
			r = hd_err(m, "step-limit", "more than %llu operations executed",
			           (unsigned long long)max_steps);
			break;
		}
		switch (flow[op->id]) {
		case FLOW_BRANCH:
			r = branch(m, ops, n, len, &i);
			break;
		case FLOW_CALL:
			r = op_call(m, op);  /* sets last_op; its run() puts m->op back */
			i++;
			break;
		default:
			r = handlers[op->id] != NULL
			    ? handlers[op->id](m, op)
			    : hd_err(m, "unsupported-op", "is decoded but not evaluated");
			/* after the handler: a nested evaluation it ran (entry_value,
			 * a frame answer) set last_op to its own last operation */
			m->last_op = op->id;
			i++;
			break;
		}
		if (r != 0)
			break;
	}
	/* ops may be on this frame's stack: nothing may point at them after */
	m->op = saved;
	return r;
}

/* DWARF Extensions for Heterogeneous Debugging "DWARF Operation Expressions": the result of an evaluation from its
 * final stack and the current result kind. */
static int convert_result(hd_machine *m, hd_entry *out);

/* The final stack's top entry, a completed composite, or an undefined
 * location for an empty stack; convert_result then gives it the kind the
 * context asks for (hd_eval_with does that for a top-level evaluation). */
static int take_result(hd_machine *m, hd_entry *out)
{
	hd_entry *top = hd_stack_at(m, 0);

	m->op = NULL;
	if (top != NULL && top->is_loc && hd_is_incomplete(top->loc))
		top->loc->s[0].storage->u.comp.complete = 1;
	if (top == NULL) {
		if (m->ctx->result == HD_RESULT_VALUE)
			return hd_ill(m, "empty-stack", "a value is required but the stack is empty");
		/* DWARF 5 compatibility: an empty expression is an undefined location */
		memset(out, 0, sizeof *out);
		out->is_loc = 1;
		out->loc = hd_loc_undefined(m);
		return out->loc ? 0 : -1;
	}
	*out = *top;
	return 0;
}

/* The result kind the context asks for, by the implicit conversions. */
static int convert_result(hd_machine *m, hd_entry *out)
{
	if (m->ctx->result == HD_RESULT_LOCATION && !out->is_loc) {
		if (out->value.ipv == NULL && out->value.type != NULL)
			return hd_ill(m, "result-not-location",
			              "a location description is required but the result is a value "
			              "that does not convert to one");
		out->is_loc = 1;
		return hd_value_to_loc(m, &out->value, &out->loc);
	}
	if (m->ctx->result == HD_RESULT_VALUE && out->is_loc) {
		if (hd_loc_to_value(m, out->loc, &out->value) != 0)
			return hd_ill(m, "result-not-value",
			              "a value is required but the result is a location description "
			              "that does not convert to one");
		out->is_loc = 0;
	}
	return 0;
}

static int push_initial(hd_machine *m, const hd_context *ctx)
{
	for (size_t i = 0; i < ctx->ninitial; i++)
		if (hd_push(m, &ctx->initial[i]) != 0)
			return -1;
	return 0;
}

int hd_eval_nested(hd_machine *m, const hd_context *ctx, const uint8_t *bytes,
                   size_t len, hd_entry *out)
{
	hd_machine sub = *m;
	int r;

	if (m->call_depth >= m->ev->limits.max_call_depth)
		return hd_err(m, "call-depth", "nested evaluations deeper than %u",
		              (unsigned)m->ev->limits.max_call_depth);
	sub.ctx = ctx;
	sub.base = m->ev->depth;
	sub.call_depth = m->call_depth + 1;
	sub.op = NULL;
	sub.last_op = HD_OP_COUNT;
	r = push_initial(&sub, ctx);
	if (r == 0)
		r = run(&sub, bytes, len);
	if (r == 0)
		r = take_result(&sub, out);
	if (r == 0)
		r = convert_result(&sub, out);
	m->steps = sub.steps;
	m->last_op = sub.last_op;  /* DW_OP_entry_value asks what E ended with */
	m->last_reg = sub.last_reg;
	m->ev->depth = sub.base;
	return r;
}

/* ---- the session ---- */

hd_eval *hd_eval_new(const hd_limits *limits)
{
	static const hd_limits defaults = HD_LIMITS_DEFAULT;
	hd_eval *ev = calloc(1, sizeof *ev);

	if (ev == NULL)
		return NULL;
	ev->limits = limits ? *limits : defaults;
	hd_arena_init(&ev->arena, ev->limits.max_memory);
	return ev;
}

void hd_eval_free(hd_eval *ev)
{
	if (ev == NULL)
		return;
	hd_arena_free(&ev->arena);
	free(ev->stack);
	free(ev->known);
	free(ev->pc);
	free(ev->cfa);
	free(ev);
}

void hd_eval_reset(hd_eval *ev)
{
	hd_arena_reset(&ev->arena);
	ev->depth = 0;
}

/* Reads, writes and value construction decode nothing; this encoding only
 * supplies the address size when there is no architecture. */
static const hd_encoding access_enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };

static void machine_init(hd_machine *m, hd_eval *ev, const hd_context *ctx,
                         const hd_encoding *enc, hd_status *st)
{
	memset(m, 0, sizeof *m);
	m->ev = ev;
	m->ctx = ctx;
	m->enc = enc;
	m->st = st;
	m->last_op = HD_OP_COUNT;
	hd_status_clear(st);
}

typedef struct expr_arg {
	const uint8_t *bytes;
	size_t len;
} expr_arg;

static int run_expr(hd_machine *m, void *arg, hd_entry *out)
{
	const expr_arg *e = arg;

	if (push_initial(m, m->ctx) != 0 || run(m, e->bytes, e->len) != 0)
		return -1;
	return take_result(m, out);
}

int hd_eval_expr(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                 const uint8_t *bytes, size_t len, hd_result *res)
{
	expr_arg e = { bytes, len };

	return hd_eval_with(ev, ctx, enc, run_expr, &e, res);
}

int hd_eval_with(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                 hd_machine_fn fn, void *arg, hd_result *res)
{
	hd_machine m;
	hd_entry out;
	int r;

	/* field by field: the status's message buffer is most of the result,
	 * and machine_init empties it with one byte */
	res->kind = HD_OUT_ERROR;
	memset(&res->value, 0, sizeof res->value);
	res->loc = NULL;
	res->steps = 0;
	machine_init(&m, ev, ctx, enc, &res->status);
	/* once here, so that each expression it runs is decoded unchecked */
	if (hd_encoding_check(enc, &res->status) != 0)
		return -1;
	ev->depth = 0;
	/* registers and memory may have changed since the last evaluation */
	if (ev->ncache > 0)
		memset(ev->known, 0, ev->ncache);
	r = fn(&m, arg, &out);
	if (r == 0) {
		m.op = NULL;
		r = convert_result(&m, &out);
	}
	ev->depth = 0;
	res->steps = m.steps;
	if (r != 0) {
		res->kind = HD_OUT_ERROR;
		return -1;
	}
	if (out.is_loc) {
		res->kind = HD_OUT_LOCATION;
		res->loc = out.loc;
	} else {
		res->kind = HD_OUT_VALUE;
		res->value = out.value;
	}
	return 0;
}

int hd_loc_read(hd_eval *ev, const hd_context *ctx, const hd_loc *loc,
                uint64_t nbits, uint8_t *out, hd_status *st)
{
	hd_machine m;
	const hd_ipv *ipv = NULL;

	machine_init(&m, ev, ctx, &access_enc, st);
	if (hd_read_loc(&m, loc, nbits, out, &ipv) != 0)
		return -1;
	if (ipv != NULL)
		return hd_fail(st, HD_EVAL_ERROR, "implicit-pointer-read", 0,
		               "the bits are an implicit pointer, which has no bits to show");
	return 0;
}

int hd_loc_write(hd_eval *ev, const hd_context *ctx, const hd_loc *loc,
                 uint64_t nbits, const uint8_t *in, hd_status *st)
{
	hd_machine m;

	machine_init(&m, ev, ctx, &access_enc, st);
	return hd_write_loc(&m, loc, nbits, in);
}

int hd_value_make(hd_eval *ev, const hd_context *ctx, const hd_base_type *type,
                  const uint8_t *bytes, size_t nbytes, hd_value *out, hd_status *st)
{
	hd_machine m;

	machine_init(&m, ev, ctx, &access_enc, st);
	return hd_value_from_bytes(&m, type, bytes, nbytes, out);
}
