/* gen_expr_random's pieces: the abstract stack the moves keep, the world
 * (types, memory places) they may use, and the moves themselves
 * (gen_expr_random_values.c, gen_expr_random_locations.c). See the comment
 * at the top of gen_expr_random.c for how the moves stay well-formed. */
#ifndef HD_GEN_EXPR_RANDOM_H
#define HD_GEN_EXPR_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#include "gen_expr_case.h"

#define MAX_DEPTH 8
#define HUGE_ROOM (UINT64_MAX / 4)
#define GENERIC_BYTES 8  /* the generic type: AMDGPU's 64-bit address */

/* The context a case uses; only what its moves need is written. */
enum {
	F_MEM = 1u << 0, F_TYPES = 1u << 1, F_DIE = 1u << 2, F_ADDR = 1u << 3,
	F_LANE = 1u << 4, F_OBJECT = 1u << 5, F_CFA = 1u << 6, F_FBASE = 1u << 7,
	F_ENTRY = 1u << 8, F_UNWOUND = 1u << 9, F_REGS = 1u << 10
};

/* The base types of F_TYPES. */
typedef struct rx_type {
	unsigned off;
	const char *name;
	const char *enc;
	unsigned bytes;
	int is_float;
} rx_type;

extern const rx_type rx_types[];
#define RX_NTYPES 6

/* Memory the xderef and form moves address. */
typedef struct rx_place {
	unsigned aspace;
	uint64_t addr;
	unsigned addr_bits;  /* of the address space */
	int per_lane;
} rx_place;

extern const rx_place rx_places[];
#define RX_NPLACES 6

enum ekind { E_VAL, E_TYPED, E_LOC, E_IC, E_IPV };

/* One entry of the abstract stack. */
typedef struct entry {
	uint8_t kind;
	uint8_t type;       /* E_TYPED: index in rx_types[] */
	uint8_t known;      /* E_VAL: val is its value */
	uint8_t readable;   /* E_LOC, E_IC: every bit of the storage can be read */
	uint8_t ip_bits;    /* E_LOC: a whole implicit-pointer storage of this many bits */
	uint8_t ip_as;      /* E_LOC implicit pointer, E_IPV: its address space */
	uint64_t val;       /* E_VAL: value; E_IPV and implicit pointer: displacement */
	uint64_t room;      /* E_LOC: bits left in the storage; E_IC: bits so far */
} entry;

typedef struct rstate {
	gen_rng *rng;
	xcase *c;
	const xc_arch *arch;
	unsigned features;  /* F_* */
	unsigned nops;      /* operations written so far */
	int depth;
	entry st[MAX_DEPTH + 1];
	hd_status *err;
} rstate;

static inline uint64_t rnd(rstate *s, uint64_t n)
{
	return gen_rng_below(s->rng, n);
}

/* A 64-bit number shifted right by a random count, so small numbers come as
 * often as large ones. Two statements: in one expression the order of the two
 * draws is unspecified, and GCC's -O0 and -O2 builds took them in different
 * orders, so Debug and Release hdgen wrote different cases. */
static inline uint64_t rnd_any_width(rstate *s)
{
	unsigned shift = (unsigned)rnd(s, 64);

	return gen_rng_next(s->rng) >> shift;
}

/* Entry i from the top (0 is the top). */
static inline entry *top(rstate *s, int i)
{
	return &s->st[s->depth - 1 - i];
}

static inline int room_for(rstate *s, int n)
{
	return s->depth + n <= MAX_DEPTH;
}

static inline void push(rstate *s, entry e)
{
	s->st[s->depth++] = e;
}

static inline entry val(int known, uint64_t v)
{
	entry e = { E_VAL, 0, (uint8_t)known, 0, 0, 0, v, 0 };
	return e;
}

static inline entry typed(unsigned t)
{
	entry e = { E_TYPED, (uint8_t)t, 0, 0, 0, 0, 0, 0 };
	return e;
}

static inline entry loc(uint64_t room, int readable)
{
	entry e = { E_LOC, 0, 0, (uint8_t)readable, 0, 0, 0, room };
	return e;
}

/* Bits from addr to the end of a 2^addr_bits-byte space. */
static inline uint64_t space_room(unsigned addr_bits, uint64_t addr)
{
	if (addr_bits >= 61)
		return HUGE_ROOM;
	return ((UINT64_C(1) << addr_bits) - addr) * 8;
}

static inline int is_val(rstate *s, int i)
{
	return s->depth > i && top(s, i)->kind == E_VAL;
}

static inline int is_int_typed(rstate *s, int i)
{
	return s->depth > i && top(s, i)->kind == E_TYPED && !rx_types[top(s, i)->type].is_float;
}

/* The stack operations may not touch an incomplete composite (DWARF Extensions for Heterogeneous Debugging
 * Composite Location Description Operations). */
static inline int no_ic(rstate *s, int n)
{
	if (s->depth < n)
		return 0;
	for (int i = 0; i < n; i++)
		if (top(s, i)->kind == E_IC)
			return 0;
	return 1;
}

/* Writes ops text and counts its operations. */
void rx_emit(rstate *s, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Entry i from the top as a location input (a location, or a generic value
 * known to be a small address); its room and readability. */
int rx_as_location(rstate *s, int i, uint64_t *room, int *readable);

/* A block operand for a constant of type t; not zero if nonzero. */
void rx_typed_bytes(rstate *s, unsigned t, int nonzero, char *out, size_t outsz);

/* The moves: each returns 1 when it wrote operations, 0 when the stack does
 * not allow it, -1 on a generator error. */
typedef int (*rx_move)(rstate *);

int rx_lit(rstate *s);
int rx_const(rstate *s);
int rx_constx(rstate *s);
int rx_push_lane(rstate *s);
int rx_const_type(rstate *s);
int rx_regval_type(rstate *s);
int rx_entry_value(rstate *s);
int rx_xderef(rstate *s);
int rx_unary(rstate *s);
int rx_binary(rstate *s);
int rx_divmod(rstate *s);
int rx_typed_unary(rstate *s);
int rx_typed_binary(rstate *s);
int rx_typed_divmod(rstate *s);
int rx_convert(rstate *s);
int rx_reinterpret(rstate *s);
int rx_dup(rstate *s);
int rx_drop(rstate *s);
int rx_over(rstate *s);
int rx_pick(rstate *s);
int rx_swap(rstate *s);
int rx_rot(rstate *s);
int rx_nop(rstate *s);
int rx_branch(rstate *s);

int rx_addr(rstate *s);
int rx_breg(rstate *s);
int rx_frame(rstate *s);
int rx_register(rstate *s);
int rx_vgpr_lane(rstate *s);
int rx_aspace_bregx(rstate *s);
int rx_form(rstate *s);
int rx_implicit_value(rstate *s);
int rx_stack_value(rstate *s);
int rx_context_location(rstate *s);
int rx_implicit_pointer(rstate *s);
int rx_call(rstate *s);
int rx_offset(rstate *s);
int rx_deref(rstate *s);
int rx_ipv_form(rstate *s);
int rx_piece(rstate *s);
int rx_piece_end(rstate *s);
int rx_extend(rstate *s);
int rx_select(rstate *s);

#endif
