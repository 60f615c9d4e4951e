/* gen_expr_random's moves that push values or work on values, and the stack
 * and control-flow moves (DWARF Extensions for Heterogeneous Debugging Literal, Arithmetic and Logical, Type
 * Conversion, Special Value, Stack and Control Flow Operations). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gen_expr_random.h"

static const uint64_t addr_entries[] = { 0x2000, 0x1234, 0x40 };  /* F_ADDR's entries */

int rx_lit(rstate *s)
{
	unsigned n = (unsigned)rnd(s, 32);

	if (!room_for(s, 1))
		return 0;
	rx_emit(s, "lit%u", n);
	push(s, val(1, n));
	return 1;
}

/* One of the const ops with a random operand that fits it. */
int rx_const(rstate *s)
{
	static const struct { hd_op_id id; unsigned bytes; int is_signed; } consts[] = {
		{ HD_OP_const1u, 1, 0 }, { HD_OP_const1s, 1, 1 }, { HD_OP_const2u, 2, 0 },
		{ HD_OP_const2s, 2, 1 }, { HD_OP_const4u, 4, 0 }, { HD_OP_const4s, 4, 1 },
		{ HD_OP_const8u, 8, 0 }, { HD_OP_const8s, 8, 1 }, { HD_OP_constu, 8, 0 },
		{ HD_OP_consts, 8, 1 },
	};
	unsigned k = (unsigned)rnd(s, sizeof consts / sizeof consts[0]);
	unsigned bits = consts[k].bytes * 8;
	uint64_t v = rnd_any_width(s);

	if (!room_for(s, 1))
		return 0;
	if (bits < 64)
		v &= (UINT64_C(1) << bits) - 1;
	if (consts[k].is_signed && bits < 64 && (v >> (bits - 1)) & 1)
		v |= ~((UINT64_C(1) << bits) - 1);  /* sign-extend */
	if (consts[k].is_signed && (int64_t)v < 0)
		rx_emit(s, "%s -%" PRIu64, hd_op_table[consts[k].id].name, (uint64_t)0 - v);
	else
		rx_emit(s, "%s %" PRIu64, hd_op_table[consts[k].id].name, v);
	push(s, val(1, v));
	return 1;
}

int rx_constx(rstate *s)
{
	unsigned i = (unsigned)rnd(s, sizeof addr_entries / sizeof addr_entries[0]);

	if (!room_for(s, 1))
		return 0;
	s->features |= F_ADDR;
	rx_emit(s, "constx %u", i);
	push(s, val(1, addr_entries[i]));
	return 1;
}

int rx_push_lane(rstate *s)
{
	if (!room_for(s, 1))
		return 0;
	s->features |= F_LANE;
	rx_emit(s, "LLVM_push_lane");
	push(s, val(1, 5));
	return 1;
}

int rx_const_type(rstate *s)
{
	unsigned t = (unsigned)rnd(s, RX_NTYPES);
	char bytes[64];

	if (!room_for(s, 1))
		return 0;
	s->features |= F_TYPES;
	rx_typed_bytes(s, t, 0, bytes, sizeof bytes);
	rx_emit(s, "const_type 0x%x %s", rx_types[t].off, bytes);
	push(s, typed(t));
	return 1;
}

/* s33 is a 32-bit register: a type of at most 4 bytes */
int rx_regval_type(rstate *s)
{
	unsigned t = (unsigned)rnd(s, RX_NTYPES);

	if (!room_for(s, 1) || rx_types[t].bytes > 4)
		return 0;
	s->features |= F_TYPES | F_REGS;
	rx_emit(s, "regval_type s33 0x%x", rx_types[t].off);
	push(s, typed(t));
	return 1;
}

int rx_entry_value(rstate *s)
{
	const char *op = rnd(s, 2) ? "entry_value" : "GNU_entry_value";

	if (!room_for(s, 1))
		return 0;
	if (rnd(s, 2)) {
		s->features |= F_UNWOUND | F_REGS;
		rx_emit(s, "%s {regx s33}", op);
		push(s, val(1, 0x1234));
	} else {
		unsigned n = (unsigned)rnd(s, 32);
		rx_emit(s, "%s {lit%u}", op, n);
		push(s, val(1, n));
	}
	return 1;
}

int rx_xderef(rstate *s)
{
	unsigned p = (unsigned)rnd(s, RX_NPLACES), t = (unsigned)rnd(s, RX_NTYPES);
	unsigned form = (unsigned)rnd(s, 3);

	if (!room_for(s, 2))
		return 0;
	s->features |= F_MEM | (rx_places[p].per_lane ? F_LANE : 0);
	if (form == 0) {
		rx_emit(s, "lit%u; const2u 0x%" PRIx64 "; xderef", rx_places[p].aspace,
		        rx_places[p].addr);
		push(s, val(0, 0));
	} else if (form == 1) {
		rx_emit(s, "lit%u; const2u 0x%" PRIx64 "; xderef_size %u", rx_places[p].aspace,
		     rx_places[p].addr, (unsigned)rnd(s, 8) + 1);
		push(s, val(0, 0));
	} else {
		s->features |= F_TYPES;
		rx_emit(s, "lit%u; const2u 0x%" PRIx64 "; xderef_type %u 0x%x", rx_places[p].aspace,
		     rx_places[p].addr, rx_types[t].bytes, rx_types[t].off);
		push(s, typed(t));
	}
	return 1;
}

/* ---- operations on values ---- */

int rx_unary(rstate *s)
{
	static const char *const ops[] = { "abs", "neg", "not", "plus_uconst" };
	unsigned k = (unsigned)rnd(s, 4);

	if (!is_val(s, 0))
		return 0;
	if (k == 3)
		rx_emit(s, "plus_uconst %" PRIu64, rnd_any_width(s));
	else
		rx_emit(s, "%s", ops[k]);
	*top(s, 0) = val(0, 0);
	return 1;
}

static const char *const int_binary[] = { "and", "or", "xor", "plus", "minus", "mul",
	                                          "shl", "shr", "shra", "eq", "ge", "gt",
	                                          "le", "lt", "ne" };
#define NINT_BINARY (sizeof int_binary / sizeof int_binary[0])
#define FIRST_COMPARE 9  /* int_binary[9..] give a generic 0 or 1 */

int rx_binary(rstate *s)
{
	unsigned k = (unsigned)rnd(s, NINT_BINARY);

	if (!is_val(s, 0))
		return 0;
	if (is_val(s, 1) && rnd(s, 2)) {
		rx_emit(s, "%s", int_binary[k]);
		s->depth--;
	} else if (room_for(s, 1)) {
		/* the second operand made here: a literal */
		rx_emit(s, "lit%u; %s", (unsigned)rnd(s, 32), int_binary[k]);
	} else {
		return 0;
	}
	*top(s, 0) = val(0, 0);
	return 1;
}

/* DWARF 5 2.5.1.4: div and mod by a literal that is not zero. */
int rx_divmod(rstate *s)
{
	unsigned lit, is_div;

	if (!is_val(s, 0))
		return 0;
	is_div = (unsigned)rnd(s, 2);  /* one draw a statement: see rnd_any_width */
	lit = (unsigned)rnd(s, 31) + 1;
	rx_emit(s, "lit%u; %s", lit, is_div ? "div" : "mod");
	*top(s, 0) = val(0, 0);
	return 1;
}

int rx_typed_unary(rstate *s)
{
	static const char *const ops[] = { "abs", "neg", "not" };
	entry *e;
	unsigned k;

	if (s->depth < 1 || (e = top(s, 0))->kind != E_TYPED)
		return 0;
	k = (unsigned)rnd(s, rx_types[e->type].is_float ? 2 : 3);  /* not: integral only */
	rx_emit(s, "%s", ops[k]);
	return 1;
}

/* Same-type operands (evaluator choice 7); floats take the arithmetic
 * operations and comparisons, not the bit operations. */
int rx_typed_binary(rstate *s)
{
	static const char *const float_ops[] = { "plus", "minus", "mul", "div", "eq", "ge",
	                                         "gt", "le", "lt", "ne" };
	entry *a, *b;
	const char *op;
	int compare, made = 0;
	char bytes[64];

	if (s->depth < 1 || top(s, 0)->kind != E_TYPED)
		return 0;
	a = top(s, 0);
	b = s->depth > 1 ? top(s, 1) : NULL;
	if (b == NULL || b->kind != E_TYPED || a->type != b->type || rnd(s, 2)) {
		/* the second operand made here, of the same type */
		if (!room_for(s, 1))
			return 0;
		rx_typed_bytes(s, a->type, 0, bytes, sizeof bytes);
		made = 1;
	}
	if (rx_types[a->type].is_float) {
		unsigned k = (unsigned)rnd(s, 10);
		op = float_ops[k];
		compare = k >= 4;
	} else {
		unsigned k = (unsigned)rnd(s, NINT_BINARY);
		op = int_binary[k];
		compare = k >= FIRST_COMPARE;
	}
	if (made)
		rx_emit(s, "const_type 0x%x %s; %s", rx_types[a->type].off, bytes, op);
	else
		rx_emit(s, "%s", op);
	if (!made)
		s->depth--;
	if (compare)
		*top(s, 0) = val(0, 0);
	return 1;
}

int rx_typed_divmod(rstate *s)
{
	char bytes[64];
	unsigned t;
	int is_mod;

	if (s->depth < 1 || top(s, 0)->kind != E_TYPED || !room_for(s, 1))
		return 0;
	t = top(s, 0)->type;
	is_mod = !rx_types[t].is_float && rnd(s, 2);
	rx_typed_bytes(s, t, 1, bytes, sizeof bytes);
	rx_emit(s, "const_type 0x%x %s; %s", rx_types[t].off, bytes, is_mod ? "mod" : "div");
	return 1;
}

/* DWARF 5 2.5.1.6: integral to integral or to float, and to generic; a
 * float is never converted back, which could leave an integer's range. */
int rx_convert(rstate *s)
{
	unsigned t = (unsigned)rnd(s, RX_NTYPES);

	if (!is_val(s, 0) && !is_int_typed(s, 0))
		return 0;
	s->features |= F_TYPES;
	if (top(s, 0)->kind == E_TYPED && rnd(s, 3) == 0) {
		rx_emit(s, "convert 0");
		*top(s, 0) = val(0, 0);
	} else {
		rx_emit(s, "convert 0x%x", rx_types[t].off);
		*top(s, 0) = typed(t);
	}
	return 1;
}

/* The same bits as another type of the same size; generic is 8 bytes. */
int rx_reinterpret(rstate *s)
{
	unsigned from, t = (unsigned)rnd(s, RX_NTYPES + 1);

	if (is_val(s, 0))
		from = GENERIC_BYTES;
	else if (s->depth > 0 && top(s, 0)->kind == E_TYPED)
		from = rx_types[top(s, 0)->type].bytes;
	else
		return 0;
	if (t == RX_NTYPES) {
		if (from != GENERIC_BYTES)
			return 0;
		rx_emit(s, "reinterpret 0");
		*top(s, 0) = val(0, 0);
		return 1;
	}
	if (rx_types[t].bytes != from)
		return 0;
	s->features |= F_TYPES;
	rx_emit(s, "reinterpret 0x%x", rx_types[t].off);
	*top(s, 0) = typed(t);
	return 1;
}

/* ---- stack and control flow ---- */

int rx_dup(rstate *s)
{
	if (!no_ic(s, 1) || !room_for(s, 1))
		return 0;
	rx_emit(s, "dup");
	push(s, *top(s, 0));
	return 1;
}

int rx_drop(rstate *s)
{
	if (!no_ic(s, 1))
		return 0;
	rx_emit(s, "drop");
	s->depth--;
	return 1;
}

int rx_over(rstate *s)
{
	if (!no_ic(s, 2) || !room_for(s, 1))
		return 0;
	rx_emit(s, "over");
	push(s, *top(s, 1));
	return 1;
}

int rx_pick(rstate *s)
{
	unsigned k;

	if (s->depth < 1 || !room_for(s, 1))
		return 0;
	k = (unsigned)rnd(s, (uint64_t)s->depth);
	if (!no_ic(s, (int)k + 1))
		return 0;
	rx_emit(s, "pick %u", k);
	push(s, *top(s, (int)k));
	return 1;
}

int rx_swap(rstate *s)
{
	entry t;

	if (!no_ic(s, 2))
		return 0;
	rx_emit(s, "swap");
	t = *top(s, 0);
	*top(s, 0) = *top(s, 1);
	*top(s, 1) = t;
	return 1;
}

/* DW_OP_rot: the top entry becomes the third, the second the top. */
int rx_rot(rstate *s)
{
	entry a, b, c;

	if (!no_ic(s, 3))
		return 0;
	rx_emit(s, "rot");
	a = *top(s, 0);
	b = *top(s, 1);
	c = *top(s, 2);
	*top(s, 0) = b;
	*top(s, 1) = c;
	*top(s, 2) = a;
	return 1;
}

int rx_nop(rstate *s)
{
	if (hd_op_encodable(HD_OP_LLVM_nop, s->c->profile) && rnd(s, 2))
		rx_emit(s, "LLVM_nop");
	else
		rx_emit(s, "nop");
	return 1;
}

/* Operations that leave the stack as they found it, to be jumped over. */
static const char *neutral_block(rstate *s)
{
	static const char *const blocks[] = { "nop", "lit0; drop", "lit1; lit2; plus; drop",
	                                      "const2u 0x1234; not; drop" };
	return blocks[rnd(s, sizeof blocks / sizeof blocks[0])];
}

/* skip, or bra on a literal condition, over a neutral block: the target is
 * the operation after the block, or one past the end (DWARF Extensions for Heterogeneous Debugging Control Flow
 * Operations items 3 and 4). */
int rx_branch(rstate *s)
{
	const char *block = neutral_block(s);
	long n;

	if (!room_for(s, 3))  /* the neutral blocks push at most two entries */
		return 0;
	n = xc_encoded_size(block, s->c->profile, s->c->wave, s->err);
	if (n < 0)
		return -1;
	if (rnd(s, 2))
		rx_emit(s, "skip %ld; %s", n, block);
	else
		rx_emit(s, "lit%u; bra %ld; %s", (unsigned)rnd(s, 2), n, block);
	return 1;
}
