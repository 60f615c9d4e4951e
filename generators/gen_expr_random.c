/* gen_expr_random: random well-formed expressions.
 *
 * Each expression is built one move at a time while the generator keeps an
 * abstract copy of the evaluation stack: what kind each entry is (a generic
 * value, a typed value, a location with how many bits its storage has left,
 * an incomplete composite, an implicit pointer value). A move is an
 * operation, or a short sequence of them, that is chosen only when the
 * entries it consumes are there with the kinds it needs (DWARF Extensions for Heterogeneous Debugging, each
 * operation's section), so every expression evaluates without error:
 *  - divisors are literals that are not zero;
 *  - offsets and parts stay inside their storage (DWARF Extensions for Heterogeneous Debugging General Location
 *    Description Operations; "part-out-of-range");
 *  - only readable storage is read (not undefined, not part of an implicit
 *    pointer), and only as far as it goes;
 *  - branches jump forward over whole operations that leave the stack as it
 *    was, so both ways of a DW_OP_bra give the same stack;
 *  - an incomplete composite is only added to or completed.
 * Nothing is filtered after the fact: a case that errs is a generator bug. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen_expr_random.h"

#define NCASES 400
#define MAX_LEN 20       /* a case aims at 1..MAX_LEN ops; a move adds at most 5 */
#define MAX_ATTEMPTS 400 /* moves tried per case before it is written as it is */

/* The directives of each feature, '\n'-separated. */
static const struct {
	unsigned feature;
	const char *lines;
} world[] = {
	{ F_MEM, "mem global 0x2000 = 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10\n"
	         "mem region 0x20 = 21 22 23 24 25 26 27 28\n"
	         "mem local 0x40 = 41 42 43 44 45 46 47 48\n"
	         "mem private_wave 0x100 = 61 62 63 64 65 66 67 68" },
	{ F_DIE, "die 0x80 location: addr 0x2000\n"
	         "die 0x84 location: const1u 0x40; lit3; LLVM_form_aspace_address\n"
	         "die 0x88 const_value = 2a 00 00 00\n"
	         "die 0x8c" },
	{ F_ADDR, "addr 0 = 0x2000\naddr 1 = 0x1234\naddr 2 = 0x40" },
	{ F_OBJECT, "object: addr 0x3000" },
	{ F_CFA, "cfa: lit0; lit6; LLVM_form_aspace_address" },
	{ F_FBASE, "frame-base: const2u 0x100; lit6; LLVM_form_aspace_address" },
	{ F_ENTRY, "entry-reg s33: regx s40" },
	{ F_UNWOUND, "unwound-reg s33 frame 1: regx s40" },
	{ F_REGS, "reg s33 = 0x40\nreg s40 = 0x1234\nreg pc = 0x2000\n"
	          "reg v7 lane 5 = 0x77777777" },
};

/* The base types (F_TYPES); their type lines are written from this table. */
const rx_type rx_types[RX_NTYPES] = {
	{ 0x30, "int32", "signed", 4, 0 },   { 0x34, "uint32", "unsigned", 4, 0 },
	{ 0x38, "float32", "float", 4, 1 },  { 0x40, "uint64", "unsigned", 8, 0 },
	{ 0x44, "uint8", "unsigned", 1, 0 }, { 0x48, "float64", "float", 8, 1 },
};

/* Memory with bytes in it (F_MEM), private_lane through the lane. */
const rx_place rx_places[RX_NPLACES] = {
	{ 0, 0x2000, 64, 0 }, { 1, 0x2000, 64, 0 }, { 2, 0x20, 32, 0 },
	{ 3, 0x40, 32, 0 },   { 5, 0x10, 32, 1 },   { 6, 0x100, 32, 0 },
};

/* Counts one operation more than the text has ';'. */
void rx_emit(rstate *s, const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	xc_ops(s->c, "%s", text);
	s->nops++;
	for (const char *p = text; *p; p++)
		s->nops += *p == ';';
}

/* A generic value converts to global memory at that address where a location
 * is needed (DWARF Extensions for Heterogeneous Debugging Memory Location Description Operations, the implicit
 * conversion); only a known small one is used, so that reads stay in range. */
int rx_as_location(rstate *s, int i, uint64_t *room, int *readable)
{
	entry *e;

	if (s->depth <= i)
		return 0;
	e = top(s, i);
	if (e->kind == E_LOC) {
		*room = e->room;
		*readable = e->readable;
		return 1;
	}
	if (e->kind == E_VAL && e->known && e->val < 0x100000000ull) {
		*room = HUGE_ROOM;
		*readable = 1;
		return 1;
	}
	return 0;
}

/* An integer's little-endian bytes, or a small whole number as an IEEE
 * float, so that no later conversion leaves an integer's range. */
void rx_typed_bytes(rstate *s, unsigned t, int nonzero, char *out, size_t outsz)
{
	uint64_t bits;
	size_t at = 0;

	if (rx_types[t].is_float) {
		double d = (double)(rnd(s, 100) + (nonzero ? 1 : 0));
		if (rx_types[t].bytes == 4) {
			float f = (float)d;
			uint32_t u;
			memcpy(&u, &f, sizeof u);
			bits = u;
		} else {
			memcpy(&bits, &d, sizeof bits);
		}
	} else {
		bits = gen_rng_next(s->rng);
		if (nonzero && (bits & ((UINT64_C(1) << (rx_types[t].bytes * 8 - 1)) * 2 - 1)) == 0)
			bits = 1;
	}
	at += (size_t)snprintf(out + at, outsz - at, "[");
	for (unsigned i = 0; i < rx_types[t].bytes; i++)
		at += (size_t)snprintf(out + at, outsz - at, i ? " %02x" : "%02x",
		                       (unsigned)((bits >> (8 * i)) & 0xff));
	snprintf(out + at, outsz - at, "]");
}

static const struct {
	rx_move fn;
	unsigned weight;
} moves[] = {
	{ rx_lit, 6 }, { rx_const, 4 }, { rx_constx, 1 }, { rx_push_lane, 1 },
	{ rx_const_type, 3 }, { rx_regval_type, 1 }, { rx_entry_value, 1 }, { rx_xderef, 1 },
	{ rx_unary, 3 }, { rx_binary, 6 }, { rx_divmod, 2 }, { rx_typed_unary, 2 },
	{ rx_typed_binary, 3 }, { rx_typed_divmod, 1 }, { rx_convert, 2 }, { rx_reinterpret, 2 },
	{ rx_dup, 2 }, { rx_drop, 2 }, { rx_over, 1 }, { rx_pick, 1 }, { rx_swap, 2 },
	{ rx_rot, 1 }, { rx_nop, 1 }, { rx_branch, 2 },
	{ rx_addr, 2 }, { rx_breg, 1 }, { rx_frame, 1 }, { rx_register, 2 }, { rx_vgpr_lane, 1 },
	{ rx_aspace_bregx, 1 }, { rx_form, 2 }, { rx_implicit_value, 1 }, { rx_stack_value, 2 },
	{ rx_context_location, 2 }, { rx_implicit_pointer, 1 }, { rx_call, 1 },
	{ rx_offset, 3 }, { rx_deref, 3 }, { rx_ipv_form, 2 }, { rx_piece, 3 },
	{ rx_piece_end, 2 }, { rx_extend, 1 }, { rx_select, 1 },
};
#define NMOVES (sizeof moves / sizeof moves[0])

static rx_move pick_move(rstate *s)
{
	unsigned total = 0, r;

	for (size_t i = 0; i < NMOVES; i++)
		total += moves[i].weight;
	r = (unsigned)rnd(s, total);
	for (size_t i = 0; i < NMOVES; i++) {
		if (r < moves[i].weight)
			return moves[i].fn;
		r -= moves[i].weight;
	}
	return moves[0].fn;
}

static void write_world(rstate *s)
{
	xcase *c = s->c;

	if (s->features & F_LANE)
		c->lane = 5;  /* a lane of both wave sizes */
	if (s->features & F_TYPES)
		for (size_t i = 0; i < RX_NTYPES; i++)
			xc_line(c, "type 0x%x %s %s %u", rx_types[i].off, rx_types[i].name,
			        rx_types[i].enc, rx_types[i].bytes * 8);
	for (size_t i = 0; i < sizeof world / sizeof world[0]; i++)
		if ((s->features & world[i].feature) != 0)
			xc_lines(c, world[i].lines);
}

/* After the last move: sometimes ask for the kind the top entry already is
 * (or converts to), and read through a readable location. */
static void finish(rstate *s)
{
	entry *e = s->depth > 0 ? top(s, 0) : NULL;

	if (e == NULL)
		return;
	if ((e->kind == E_VAL || e->kind == E_TYPED || e->kind == E_IPV) && rnd(s, 3) == 0)
		s->c->result = "value";
	if ((e->kind == E_LOC || e->kind == E_IC) && rnd(s, 3) == 0)
		s->c->result = "location";
	if ((e->kind == E_LOC || e->kind == E_IC) && e->readable && e->ip_bits == 0)
		s->c->read_bits = (unsigned)(e->room < 64 ? e->room : 64);
}

static int gen_one(gen_out *g, gen_rng *rng, xcase *c, const xc_arch *arch, unsigned i)
{
	hd_profile p = i % 2 ? HD_PROFILE_LLVM_USER : HD_PROFILE_AMDGPU_V0;
	rstate s;
	unsigned target;
	char name[64];

	memset(&s, 0, sizeof s);
	s.rng = rng;
	s.c = c;
	s.arch = arch;
	s.err = g->st;
	xc_start(c, p, arch->wave);
	target = (unsigned)rnd(&s, MAX_LEN) + 1;
	for (unsigned tries = 0; s.nops < target && tries < MAX_ATTEMPTS; tries++) {
		int rc = pick_move(&s)(&s);
		if (rc < 0)
			return -1;
	}
	if (s.nops == 0)
		rx_lit(&s);
	finish(&s);
	xc_about(c, "A random well-formed expression (gen_expr_random, seed %" PRIu64 ", case %u):",
	         g->seed, i);
	xc_about(c, "each operation finds the stack entries it needs (DWARF Extensions for Heterogeneous Debugging DWARF Operation");
	xc_about(c, "Expressions); it evaluates without error.");
	write_world(&s);
	snprintf(name, sizeof name, "random-%03u", i);
	return xc_write(g, c, name);
}

int gen_expr_random(gen_out *g)
{
	gen_rng rng;
	xc_arch arch[2];
	xcase c;
	int rc = 0;

	gen_rng_init(&rng, g->seed, "expr-random");
	if (xc_arch_open(&arch[0], 64, g->st) != 0)
		return -1;
	if (xc_arch_open(&arch[1], 32, g->st) != 0) {
		xc_arch_close(&arch[0]);
		return -1;
	}
	xc_init(&c);
	for (unsigned i = 0; i < NCASES && rc == 0; i++)
		rc = gen_one(g, &rng, &c, &arch[gen_rng_below(&rng, 2)], i);
	xc_free(&c);
	xc_arch_close(&arch[1]);
	xc_arch_close(&arch[0]);
	return rc;
}
