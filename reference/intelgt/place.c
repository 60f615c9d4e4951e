/* hd_gt_first_place (place.h): one lane's first piece of an Intel GT location.
 *
 * The stack holds integers and register marks. A mark is what
 * DW_OP_INTEL_regs, DW_OP_regN or DW_OP_regx names; the bit offset of a
 * piece of it is added by DW_OP_INTEL_push_bit_piece_stack or
 * DW_OP_bit_piece. IGC follows a register with DW_OP_stack_value when the
 * variable is the register's bits, and with arithmetic when the register
 * holds an address: a mark that arithmetic touches becomes a computed
 * value remembering the register it came from. */
#include "place.h"

#define STACK_MAX 64
#define STEPS_MAX 10000

typedef struct slot {
	uint64_t v;        /* the integer; the bit offset of a mark */
	uint64_t reg;      /* a mark's or a computed value's register */
	uint8_t is_mark;   /* a register location */
	uint8_t from_reg;  /* computed from reg's contents */
} slot;

typedef struct machine {
	slot s[STACK_MAX];
	unsigned n;
	hd_status *st;
} machine;

static int push(machine *m, slot x)
{
	if (m->n == STACK_MAX)
		return hd_fail(m->st, HD_BAD_INPUT, "gt-stack", 0,
		               "more than %u entries on the stack", STACK_MAX);
	m->s[m->n++] = x;
	return 0;
}

static int push_int(machine *m, uint64_t v)
{
	slot x = { v, 0, 0, 0 };
	return push(m, x);
}

static int pop(machine *m, slot *x)
{
	if (m->n == 0)
		return hd_fail(m->st, HD_BAD_INPUT, "gt-stack", 0, "an operation pops an empty stack");
	*x = m->s[--m->n];
	return 0;
}

/* An integer operand: a mark read as a number is its register's contents. */
static slot as_value(slot x)
{
	if (x.is_mark) {
		x.is_mark = 0;
		x.from_reg = 1;
	}
	return x;
}

static uint64_t binary(uint16_t id, uint64_t a, uint64_t b)
{
	switch (id) {
	case HD_OP_and: return a & b;
	case HD_OP_or: return a | b;
	case HD_OP_xor: return a ^ b;
	case HD_OP_plus: return a + b;
	case HD_OP_minus: return a - b;
	case HD_OP_mul: return a * b;
	case HD_OP_shl: return b >= 64 ? 0 : a << b;
	case HD_OP_shr: return b >= 64 ? 0 : a >> b;
	case HD_OP_eq: return a == b;
	case HD_OP_ne: return a != b;
	case HD_OP_lt: return (int64_t)a < (int64_t)b;
	case HD_OP_le: return (int64_t)a <= (int64_t)b;
	case HD_OP_gt: return (int64_t)a > (int64_t)b;
	default: return (int64_t)a >= (int64_t)b;  /* HD_OP_ge */
	}
}

static int is_binary(uint16_t id)
{
	switch (id) {
	case HD_OP_and: case HD_OP_or: case HD_OP_xor: case HD_OP_plus:
	case HD_OP_minus: case HD_OP_mul: case HD_OP_shl: case HD_OP_shr:
	case HD_OP_eq: case HD_OP_ne: case HD_OP_lt: case HD_OP_le:
	case HD_OP_gt: case HD_OP_ge:
		return 1;
	default:
		return 0;
	}
}

static int do_binary(machine *m, uint16_t id)
{
	slot b, a, r = { 0, 0, 0, 0 };

	if (pop(m, &b) != 0 || pop(m, &a) != 0)
		return -1;
	a = as_value(a);
	b = as_value(b);
	r.v = binary(id, a.v, b.v);
	if (a.from_reg || b.from_reg) {
		r.from_reg = 1;
		r.reg = a.from_reg ? a.reg : b.reg;
	}
	return push(m, r);
}

/* The place the top of the stack describes when a piece ends there. */
static void settle(const machine *m, int stack_value, hd_gt_place *out)
{
	const slot *t;

	if (m->n == 0) {
		out->kind = HD_GT_EMPTY;
		return;
	}
	t = &m->s[m->n - 1];
	if (t->is_mark) {
		out->kind = HD_GT_REGISTER;
		out->reg = t->reg;
		out->bit_offset = t->v;
	} else if (t->from_reg) {
		out->kind = HD_GT_COMPUTED;
		out->reg = t->reg;
	} else {
		out->kind = stack_value ? HD_GT_VALUE : HD_GT_MEMORY;
	}
}

/* Runs one op; *next is the index of the op to run after it. 1 when the
 * first piece has ended (out is set), 0 to go on, -1 on error. */
static int step(machine *m, const hd_op *ops, size_t n, size_t i, unsigned lane,
                int *stack_value, long *next, hd_gt_place *out)
{
	const hd_op *op = &ops[i];
	slot a = { 0, 0, 0, 0 }, b = a, x = a;

	*next = (long)i + 1;
	if (is_binary(op->id))
		return do_binary(m, op->id);
	switch (op->id) {
	case HD_OP_lit: case HD_OP_const1u: case HD_OP_const1s: case HD_OP_const2u:
	case HD_OP_const2s: case HD_OP_const4u: case HD_OP_const4s: case HD_OP_const8u:
	case HD_OP_const8s: case HD_OP_constu: case HD_OP_consts:
		return push_int(m, op->u[0]);
	case HD_OP_INTEL_push_simd_lane:
		return push_int(m, lane);
	case HD_OP_plus_uconst:
		if (pop(m, &a) != 0)
			return -1;
		a = as_value(a);
		a.v += op->u[0];
		return push(m, a);
	case HD_OP_dup:
		if (pop(m, &a) != 0 || push(m, a) != 0)
			return -1;
		return push(m, a);
	case HD_OP_drop:
		return pop(m, &a);
	case HD_OP_swap:
		if (pop(m, &b) != 0 || pop(m, &a) != 0 || push(m, b) != 0)
			return -1;
		return push(m, a);
	case HD_OP_reg: case HD_OP_regx:
		x.is_mark = 1;
		x.reg = op->u[0];
		return push(m, x);
	case HD_OP_INTEL_regs:
		if (pop(m, &a) != 0)
			return -1;
		x.is_mark = 1;
		x.reg = as_value(a).v;
		return push(m, x);
	case HD_OP_INTEL_push_bit_piece_stack:
		/* size on top, bit offset below it, then the register */
		if (pop(m, &b) != 0 || pop(m, &a) != 0 || pop(m, &x) != 0)
			return -1;
		if (x.is_mark)
			x.v += as_value(a).v;
		return push(m, x);
	case HD_OP_stack_value:
		*stack_value = 1;
		return 0;
	case HD_OP_bit_piece:
		if (m->n > 0 && m->s[m->n - 1].is_mark)
			m->s[m->n - 1].v += op->u[1];
		settle(m, *stack_value, out);
		return 1;
	case HD_OP_piece: case HD_OP_INTEL_piece_stack: case HD_OP_INTEL_bit_piece_stack:
		settle(m, *stack_value, out);
		return 1;
	case HD_OP_skip: case HD_OP_bra: {
		int64_t target = (int64_t)op->offset + op->size + (int64_t)op->u[0];
		if (op->id == HD_OP_bra) {
			if (pop(m, &a) != 0)
				return -1;
			if (as_value(a).v == 0)
				return 0;
		}
		/* one past the last operation ends the run */
		if (n > 0 && target == (int64_t)(ops[n - 1].offset + ops[n - 1].size))
			*next = (long)n;
		else
			*next = target < 0 ? -1 : hd_op_at(ops, n, (uint64_t)target);
		if (*next < 0)
			return hd_fail(m->st, HD_BAD_INPUT, "gt-branch", op->offset,
			               "a branch to byte %lld, not the start of an operation",
			               (long long)target);
		return 0;
	}
	default:
		out->kind = HD_GT_UNKNOWN;
		out->op = op->id;
		return 1;
	}
}

int hd_gt_first_place(const hd_op *ops, size_t n, unsigned lane, hd_gt_place *out, hd_status *st)
{
	machine m;
	int stack_value = 0, rc = 0;
	long i = 0;

	m.n = 0;
	m.st = st;
	out->kind = HD_GT_EMPTY;
	out->reg = out->bit_offset = 0;
	out->op = 0;
	for (unsigned steps = 0; i < (long)n; steps++) {
		long next;
		if (steps == STEPS_MAX)
			return hd_fail(st, HD_BAD_INPUT, "gt-steps", 0,
			               "more than %u operations run", STEPS_MAX);
		rc = step(&m, ops, n, (size_t)i, lane, &stack_value, &next, out);
		if (rc != 0)
			return rc < 0 ? -1 : 0;
		i = next;
	}
	settle(&m, stack_value, out);
	return 0;
}
