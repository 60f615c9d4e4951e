/* gen_expr_random's moves that push locations or work on them (DWARF Extensions for Heterogeneous Debugging
 * General, Undefined, Memory, Register, Implicit and Composite Location
 * Description Operations). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "amdgpu/model.h"
#include "gen_expr_random.h"

int rx_addr(rstate *s)
{
	uint64_t a = 0x2000 + 8 * rnd(s, 4);
	int k = (int)rnd(s, 2);

	if (!room_for(s, 1))
		return 0;
	s->features |= F_MEM | (k ? F_ADDR : 0);
	if (k) {
		rx_emit(s, "addrx %u", (unsigned)rnd(s, 3));
	} else {
		rx_emit(s, "addr 0x%" PRIx64, a);
	}
	push(s, loc(HUGE_ROOM, 1));
	return 1;
}

/* pc holds 0x2000: breg16 (pc's DWARF number) and bregx give global memory. */
int rx_breg(rstate *s)
{
	long off = (long)rnd(s, 0x200) - 0x100;

	if (!room_for(s, 1))
		return 0;
	s->features |= F_REGS;
	if (rnd(s, 2))
		rx_emit(s, "breg16 %ld", off);
	else
		rx_emit(s, "bregx pc %ld", off);
	push(s, loc(HUGE_ROOM, 1));
	return 1;
}

int rx_frame(rstate *s)
{
	long off = (long)rnd(s, 0x200) - 0x100;

	if (!room_for(s, 1))
		return 0;
	if (rnd(s, 2)) {
		s->features |= F_FBASE;
		rx_emit(s, "fbreg %ld", off);
		push(s, loc(space_room(32, (uint64_t)(0x100 + off)), 1));
	} else {
		s->features |= F_CFA;
		rx_emit(s, "call_frame_cfa");
		push(s, loc(space_room(32, 0), 1));
	}
	return 1;
}

/* Registers by name, with their sizes from the model. */
int rx_register(rstate *s)
{
	static const char *const names[] = { "s33", "s40", "pc", "v7", "exec" };
	const char *name = names[rnd(s, sizeof names / sizeof names[0])];
	uint64_t reg = 0;
	unsigned bits;

	if (!room_for(s, 1) || hd_amdgpu_reg_lookup(s->arch->wave, name, strlen(name), &reg) != 0)
		return 0;
	bits = xc_reg_bits(s->arch, reg);
	s->features |= F_REGS;
	if (reg < 32 && rnd(s, 2))
		rx_emit(s, "reg%" PRIu64, reg);  /* the family member for the same register */
	else
		rx_emit(s, "regx %s", name);
	push(s, loc(bits, 1));
	return 1;
}

/* The focused lane's dword of a VGPR (docs/amdgpu-facts.md "VGPR variable"). */
int rx_vgpr_lane(rstate *s)
{
	if (!room_for(s, 2))
		return 0;
	s->features |= F_REGS | F_LANE;
	rx_emit(s, "regx v7; LLVM_push_lane; lit4; mul; LLVM_offset");
	push(s, loc((uint64_t)(s->arch->wave - 5) * 32, 1));
	return 1;
}

int rx_aspace_bregx(rstate *s)
{
	static const unsigned spaces[] = { 2, 3, 5, 6 };  /* the 32-bit ones; s33 is 32 bits */
	unsigned as = spaces[rnd(s, 4)];
	unsigned off = (unsigned)rnd(s, 0x40);

	if (!room_for(s, 1))
		return 0;
	s->features |= F_REGS | (as == 5 ? F_LANE : 0);
	rx_emit(s, "lit%u; LLVM_aspace_bregx s33 %u", as, off);
	push(s, loc(space_room(32, 0x40 + off), 1));
	return 1;
}

int rx_form(rstate *s)
{
	unsigned p = (unsigned)rnd(s, RX_NPLACES);

	if (!room_for(s, 2))
		return 0;
	s->features |= F_MEM | (rx_places[p].per_lane ? F_LANE : 0);
	rx_emit(s, "const2u 0x%" PRIx64 "; lit%u; LLVM_form_aspace_address", rx_places[p].addr,
	     rx_places[p].aspace);
	push(s, loc(space_room(rx_places[p].addr_bits, rx_places[p].addr), 1));
	return 1;
}

int rx_implicit_value(rstate *s)
{
	unsigned n = (unsigned)rnd(s, 8) + 1;
	char text[64];
	size_t at = 0;

	if (!room_for(s, 1))
		return 0;
	at += (size_t)snprintf(text + at, sizeof text - at, "[");
	for (unsigned i = 0; i < n; i++)
		at += (size_t)snprintf(text + at, sizeof text - at, i ? " %02x" : "%02x",
		                       (unsigned)rnd(s, 256));
	snprintf(text + at, sizeof text - at, "]");
	rx_emit(s, "implicit_value %s", text);
	push(s, loc(8u * n, 1));
	return 1;
}

/* A value becomes implicit storage of its own size; an implicit pointer
 * value becomes its implicit pointer again (docs/evaluator.md). */
int rx_stack_value(rstate *s)
{
	entry *e;

	if (s->depth < 1)
		return 0;
	e = top(s, 0);
	if (e->kind == E_VAL) {
		*e = loc(GENERIC_BYTES * 8, 1);
	} else if (e->kind == E_TYPED) {
		*e = loc(rx_types[e->type].bytes * 8u, 1);
	} else if (e->kind == E_IPV) {
		unsigned as = e->ip_as;
		*e = loc(as ? 32 : 64, 0);
		e->ip_bits = as ? 32 : 64;
		e->ip_as = (uint8_t)as;
	} else {
		return 0;
	}
	rx_emit(s, "stack_value");
	return 1;
}

int rx_context_location(rstate *s)
{
	unsigned k = (unsigned)rnd(s, 3);

	if (!room_for(s, 1))
		return 0;
	if (k == 0) {
		rx_emit(s, "LLVM_undefined");
		push(s, loc(HUGE_ROOM, 0));
	} else if (k == 1) {
		s->features |= F_OBJECT;
		rx_emit(s, "push_object_address");
		push(s, loc(HUGE_ROOM, 1));
	} else {
		s->features |= F_ENTRY | F_REGS;
		rx_emit(s, "LLVM_call_frame_entry_reg s33");
		push(s, loc(32, 1));
	}
	return 1;
}

int rx_implicit_pointer(rstate *s)
{
	unsigned disp = (unsigned)rnd(s, 8);
	entry e;

	if (!room_for(s, 2))
		return 0;
	s->features |= F_DIE | F_MEM;
	if (hd_op_encodable(HD_OP_LLVM_aspace_implicit_pointer, s->c->profile) && rnd(s, 3) == 0) {
		rx_emit(s, "lit3; LLVM_aspace_implicit_pointer 0x84 %u", disp);
		e = loc(32, 0);
		e.ip_as = 3;
	} else {
		rx_emit(s, "%s 0x80 %u", rnd(s, 2) ? "implicit_pointer" : "GNU_implicit_pointer",
		        disp);
		e = loc(64, 0);
	}
	e.ip_bits = (uint8_t)e.room;
	e.val = disp;
	push(s, e);
	return 1;
}

/* DW_OP_call*: DIE 0x80 pushes global memory, 0x88 is a 4-byte constant
 * (as implicit_value), 0x8c has neither attribute and does nothing. */
int rx_call(rstate *s)
{
	static const char *const ops[] = { "call2", "call4", "call_ref" };
	static const unsigned dies[] = { 0x80, 0x88, 0x8c };
	unsigned die = (unsigned)rnd(s, 3);

	if (!room_for(s, 1))
		return 0;
	s->features |= F_DIE | F_MEM;
	rx_emit(s, "%s 0x%x", ops[rnd(s, 3)], dies[die]);
	if (die == 0)
		push(s, loc(HUGE_ROOM, 1));
	else if (die == 1)
		push(s, loc(32, 1));
	return 1;
}

/* ---- operations on locations ---- */

/* LLVM_offset, offset_uconst, bit_offset: the new offset must stay inside
 * the storage (DWARF Extensions for Heterogeneous Debugging General Location Description Operations 1-3). */
int rx_offset(rstate *s)
{
	uint64_t room;
	int readable;
	unsigned k = (unsigned)rnd(s, 3), n;

	if (!rx_as_location(s, 0, &room, &readable) || !room_for(s, 1))
		return 0;
	n = (unsigned)rnd(s, 8) + 1;  /* bytes, or bits for bit_offset */
	if ((k == 2 ? n : n * 8u) >= room)
		return 0;
	if (k == 0)
		rx_emit(s, "lit%u; LLVM_offset", n);
	else if (k == 1)
		rx_emit(s, "LLVM_offset_uconst %u", n);
	else
		rx_emit(s, "lit%u; LLVM_bit_offset", n);
	*top(s, 0) = loc(room - (k == 2 ? n : n * 8u), readable);
	return 1;
}

/* deref, deref_size, deref_type of readable storage that holds the bits; a
 * whole implicit-pointer storage gives an implicit pointer value. */
int rx_deref(rstate *s)
{
	uint64_t room;
	int readable;
	unsigned k = (unsigned)rnd(s, 3), bytes, t = (unsigned)rnd(s, RX_NTYPES);
	entry *e;

	if (!rx_as_location(s, 0, &room, &readable))
		return 0;
	e = top(s, 0);
	if (e->kind == E_LOC && e->ip_bits != 0 && e->room == e->ip_bits) {
		unsigned as = e->ip_as;
		uint64_t disp = e->val;
		if (e->ip_bits == 64)
			rx_emit(s, "deref");
		else
			rx_emit(s, "deref_size %u", e->ip_bits / 8u);
		*e = val(0, disp);
		e->kind = E_IPV;
		e->ip_as = (uint8_t)as;
		return 1;
	}
	bytes = k == 0 ? GENERIC_BYTES : k == 1 ? (unsigned)rnd(s, 8) + 1 : rx_types[t].bytes;
	if (!readable || room < bytes * 8u)
		return 0;
	if (k == 0) {
		rx_emit(s, "deref");
		*e = val(0, 0);
	} else if (k == 1) {
		rx_emit(s, "deref_size %u", bytes);
		*e = val(0, 0);
	} else {
		s->features |= F_TYPES;
		rx_emit(s, "deref_type %u 0x%x", bytes, rx_types[t].off);
		*e = typed(t);
	}
	return 1;
}

/* An implicit pointer value back to a location: DIE 0x80 is global memory
 * at 0x2000, 0x84 local memory at 0x40, each moved by the displacement. */
int rx_ipv_form(rstate *s)
{
	entry *e;
	uint64_t disp;
	unsigned as;

	if (s->depth < 1 || (e = top(s, 0))->kind != E_IPV || !room_for(s, 1))
		return 0;
	disp = e->val;
	as = e->ip_as;
	rx_emit(s, "lit%u; LLVM_form_aspace_address", as);
	*e = loc(as ? space_room(32, 0x40 + disp) : HUGE_ROOM, 1);
	return 1;
}

/* Adds a part of bits to the incomplete composite below the popped part, or
 * starts one (DWARF Extensions for Heterogeneous Debugging Composite Location Description Operations item 1). */
static void add_part(rstate *s, uint64_t bits, int readable)
{
	if (s->depth > 0 && top(s, 0)->kind == E_IC) {
		top(s, 0)->room += bits;
		top(s, 0)->readable &= (uint8_t)readable;
		return;
	}
	push(s, loc(bits, readable));
	top(s, 0)->kind = E_IC;
}

int rx_piece(rstate *s)
{
	uint64_t room;
	int readable, bit = (int)rnd(s, 3) == 0;
	unsigned size = bit ? (unsigned)rnd(s, 32) + 1 : (unsigned)rnd(s, 4) + 1;
	unsigned disp = bit ? (unsigned)rnd(s, 8) : 0;
	uint64_t bits = bit ? size : size * 8u;

	if (s->depth == 0 || top(s, 0)->kind == E_IC) {
		/* an undefined part (the first two cases of the extension) */
		if (s->depth == 0 && !room_for(s, 1))
			return 0;
		readable = 0;
	} else if (rx_as_location(s, 0, &room, &readable)) {
		if (disp >= room || room - disp < bits)
			return 0;
		if (top(s, 0)->kind == E_LOC && top(s, 0)->ip_bits != 0)
			readable = 0;
		s->depth--;
	} else {
		return 0;
	}
	if (bit)
		rx_emit(s, "bit_piece %u %u", size, disp);
	else
		rx_emit(s, "piece %u", size);
	add_part(s, bits, readable);
	return 1;
}

int rx_piece_end(rstate *s)
{
	if (s->depth < 1 || top(s, 0)->kind != E_IC)
		return 0;
	rx_emit(s, "LLVM_piece_end");
	top(s, 0)->kind = E_LOC;
	return 1;
}

int rx_extend(rstate *s)
{
	static const unsigned sizes[] = { 8, 16, 32 };
	unsigned size = sizes[rnd(s, 3)], count = (unsigned)rnd(s, 4) + 1;
	uint64_t room;
	int readable;

	if (!rx_as_location(s, 0, &room, &readable) || room < size)
		return 0;
	rx_emit(s, "LLVM_extend %u %u", size, count);
	*top(s, 0) = loc((uint64_t)size * count, readable && top(s, 0)->ip_bits == 0);
	return 1;
}

/* Pops a mask, L1 and L0; part N comes from L1 or L0 at N*S bits (DWARF Extensions for Heterogeneous Debugging
 * Composite Location Description Operations item 5). */
int rx_select(rstate *s)
{
	static const unsigned sizes[] = { 8, 16, 32 };
	unsigned size = sizes[rnd(s, 3)], count = (unsigned)rnd(s, 4) + 1;
	uint64_t r0, r1, mask = rnd(s, (uint64_t)1 << count);
	int rd0, rd1;

	if (!rx_as_location(s, 0, &r1, &rd1) || !rx_as_location(s, 1, &r0, &rd0) ||
	    r0 < (uint64_t)size * count || r1 < (uint64_t)size * count || !room_for(s, 1))
		return 0;
	rx_emit(s, "constu %" PRIu64 "; LLVM_select_bit_piece %u %u", mask, size, count);
	s->depth--;
	*top(s, 0) = loc((uint64_t)size * count, rd0 && rd1);
	return 1;
}
