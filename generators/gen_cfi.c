/* gen_cfi: cases in cases/cfi that use every call frame instruction of
 * reference/dwarf/cfi/cfa.def and evaluate without error, tagged
 * `covers: DW_CFA_<name>`.
 *
 * The generator walks hd_cfa_table. Each instruction has a role (what it
 * does to the CFA, a register's rule or the rows, DWARF Extensions for Heterogeneous Debugging "Call Frame
 * Instructions"), and the role's scenario builds a case around it: a CIE
 * and an FDE, a call stack, the registers and memory they read, and the
 * requests that show the instruction's effect. Every scenario's base case
 * is written in every environment of `envs` (DWARF32 and DWARF64 entries,
 * wave64 and wave32, address sizes 1 to 8, code and data alignment factors
 * including a negative data_align); then its edge cases are written:
 * operand values at the ends of their encodings (taken from the operand
 * kinds of cfa.def), large and negative factored offsets, the address
 * spaces of DW_CFA_LLVM_def_aspace_cfa, and expressions made of the
 * extension operations in both encoding profiles and both wave sizes.
 *
 * The cases hold no expected results: hdgen expected computes them. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dwarf/cfi/cfi.h"
#include "gen.h"

/* Where a case runs. */
typedef struct env {
	const char *name;
	unsigned wave;        /* 64 or 32 */
	int dwarf64;          /* the CIE and the FDE use the 64-bit format */
	unsigned addr_size;   /* the CIE's address_size */
	uint64_t code_align;
	int64_t data_align;
} env;

static const env envs[] = {
	{ "d32-w64", 64, 0, 8, 4, 4 },   /* the AMDGPU conventions; edges use it */
	{ "d64-w64", 64, 1, 8, 4, 4 },
	{ "d32-w32", 32, 0, 8, 4, 4 },
	{ "d64-w32", 32, 1, 8, 4, 4 },
	{ "a4-ca1-da-4", 64, 0, 4, 1, -4 },
	{ "a2-ca2-da8-d64-w32", 32, 1, 2, 2, 8 },
	{ "a1-ca1-da1", 64, 0, 1, 1, 1 },
	{ "ca16-da-8-w32", 32, 0, 8, 16, -8 },
};

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* One case being built. */
typedef struct spec {
	env e;
	int llvm_user;        /* encoding llvm-user for the expressions */
	char variant[64];     /* the name after the instruction's */
	uint64_t low, size;   /* the FDE's range */
	hd_buf why, stack, cie, fde, setup, ask;
} spec;

/* Roles, from DWARF 5 6.4.2 and DWARF Extensions for Heterogeneous Debugging "Call Frame Instructions". */
typedef enum role {
	ROLE_NONE,
	ROLE_ROW,          /* advance_loc*: a new row δ × code_align further */
	ROLE_SET_LOC,      /* a new row at an address */
	ROLE_CFA_DEF,      /* register, offset and maybe address space */
	ROLE_CFA_REGISTER, /* a new register, the offset kept */
	ROLE_CFA_OFFSET,   /* a new offset, the register kept */
	ROLE_CFA_EXPR,
	ROLE_OFFSET,       /* offset(N) */
	ROLE_VAL_OFFSET,   /* val_offset(N) */
	ROLE_KEEP,         /* undefined, same_value */
	ROLE_REGISTER,
	ROLE_EXPRESSION,
	ROLE_VAL_EXPRESSION,
	ROLE_RESTORE,
	ROLE_STATE,        /* remember_state, restore_state: used as a pair */
	ROLE_NOP
} role;

static const role roles[HD_CFA_COUNT] = {
	[HD_CFA_advance_loc] = ROLE_ROW,
	[HD_CFA_offset] = ROLE_OFFSET,
	[HD_CFA_restore] = ROLE_RESTORE,
	[HD_CFA_nop] = ROLE_NOP,
	[HD_CFA_set_loc] = ROLE_SET_LOC,
	[HD_CFA_advance_loc1] = ROLE_ROW,
	[HD_CFA_advance_loc2] = ROLE_ROW,
	[HD_CFA_advance_loc4] = ROLE_ROW,
	[HD_CFA_offset_extended] = ROLE_OFFSET,
	[HD_CFA_restore_extended] = ROLE_RESTORE,
	[HD_CFA_undefined] = ROLE_KEEP,
	[HD_CFA_same_value] = ROLE_KEEP,
	[HD_CFA_register] = ROLE_REGISTER,
	[HD_CFA_remember_state] = ROLE_STATE,
	[HD_CFA_restore_state] = ROLE_STATE,
	[HD_CFA_def_cfa] = ROLE_CFA_DEF,
	[HD_CFA_def_cfa_register] = ROLE_CFA_REGISTER,
	[HD_CFA_def_cfa_offset] = ROLE_CFA_OFFSET,
	[HD_CFA_def_cfa_expression] = ROLE_CFA_EXPR,
	[HD_CFA_expression] = ROLE_EXPRESSION,
	[HD_CFA_offset_extended_sf] = ROLE_OFFSET,
	[HD_CFA_def_cfa_sf] = ROLE_CFA_DEF,
	[HD_CFA_def_cfa_offset_sf] = ROLE_CFA_OFFSET,
	[HD_CFA_val_offset] = ROLE_VAL_OFFSET,
	[HD_CFA_val_offset_sf] = ROLE_VAL_OFFSET,
	[HD_CFA_val_expression] = ROLE_VAL_EXPRESSION,
	[HD_CFA_LLVM_def_aspace_cfa] = ROLE_CFA_DEF,
	[HD_CFA_LLVM_def_aspace_cfa_sf] = ROLE_CFA_DEF,
};

/* ---- expressions of the expression-bearing instructions ---- */

/* CFA expressions: each gives a memory byte address. wave 0 runs in both. */
static const struct {
	const char *name, *expr, *setup;
	unsigned wave;
} cfa_exprs[] = {
	{ "deref-form-aspace", "regx s33; deref_size 4; lit6; LLVM_form_aspace_address",
	  "reg s33 = 0x2400\n", 0 },
	{ "kernel", "lit0; lit6; LLVM_form_aspace_address", "", 0 },
	{ "aspace-bregx", "lit6; LLVM_aspace_bregx s32 0x10", "reg s32 = 0x1000\n", 0 },
	{ "aspace-bregx-local", "lit3; LLVM_aspace_bregx s32 -16", "reg s32 = 0x1000\n", 0 },
	{ "offset-uconst", "lit6; LLVM_aspace_bregx s32 0; LLVM_offset_uconst 0x20",
	  "reg s32 = 0x1000\n", 0 },
	{ "offset", "lit6; LLVM_aspace_bregx s32 0; regx s33; deref_size 4; LLVM_offset",
	  "reg s32 = 0x1000\nreg s33 = 0x40\n", 0 },
	{ "bit-offset", "lit2; LLVM_aspace_bregx s32 0; const1u 64; LLVM_bit_offset",
	  "reg s32 = 0x1000\n", 0 },
	{ "bregx-global", "bregx vcc 8", "reg vcc = 0x10000\n", 64 },
	{ "generic", "bregx vcc 0; lit1; LLVM_form_aspace_address", "reg vcc = 0x10000\n", 64 },
};

/* expression(E) rules: E starts with the CFA on the stack. */
static const struct {
	const char *name, *reg, *expr, *setup;
	unsigned wave;
} reg_exprs[] = {
	{ "cfa-offset", "s40", "LLVM_offset_uconst 8", "", 0 },
	{ "return-address", "pc", "regx s30; piece 4; regx s31; piece 4", "", 0 },
	{ "vgpr-lane", "s40", "regx v41; LLVM_offset_uconst 0x2c", "reg v41 lane 11 = 0xcafe\n", 0 },
	{ "entry-reg", "s40", "drop; LLVM_call_frame_entry_reg s41", "reg s41 = 0x41\n", 0 },
	{ "piece-end", "vcc", "drop; regx s40; piece 4; regx s41; piece 4; LLVM_piece_end",
	  "reg s40 = 0x40\nreg s41 = 0x41\n", 64 },
	{ "vgpr-exec", "v40", "regx v40; swap; LLVM_offset_uconst 0x100; "
	  "LLVM_call_frame_entry_reg exec; deref_size 8; LLVM_select_bit_piece 32 64",
	  "exec 0x5\n", 64 },
	{ "vgpr-exec", "v40", "regx v40; swap; LLVM_offset_uconst 0x100; "
	  "LLVM_call_frame_entry_reg exec; deref_size 4; LLVM_select_bit_piece 32 32",
	  "exec 0x5\n", 32 },
	{ "extend", "v40", "drop; regx s40; LLVM_extend 32 64", "reg s40 = 0x40\n", 64 },
	{ "extend", "v40", "drop; regx s40; LLVM_extend 32 32", "reg s40 = 0x40\n", 32 },
};

/* val_expression(E) rules: E's generic (64-bit) value, so a 64-bit register. */
static const struct {
	const char *name, *reg, *expr, *setup;
	unsigned wave;
} val_exprs[] = {
	{ "constu", "pc", "drop; constu 0x2008", "", 0 },
	{ "entry-reg", "pc", "drop; LLVM_call_frame_entry_reg s30; deref_size 4", "", 0 },
	{ "composite", "pc", "drop; regx s30; piece 4; regx s31; piece 4; LLVM_piece_end; deref", "", 0 },
	{ "cfa-address", "vcc", "LLVM_offset_uconst 0x10; deref_size 4", "", 64 },
	{ "vcc-mask", "exec", "drop; LLVM_call_frame_entry_reg vcc; deref; lit1; or",
	  "reg vcc = 0x6\n", 64 },
};

/* ---- building a case ---- */

/* The return address convention of docs/amdgpu-facts.md: the CFA is s32 in
 * private_wave, the caller resumes at s30:s31 = 0x2008. */
#define CIE_AMD "LLVM_def_aspace_cfa s32 0 6; expression pc { regx s30; piece 4; regx s31; piece 4 }"
#define SETUP_AMD "reg s32 = 0x1000\nreg s30 = 0x2008\n"

static const char *insn_name(hd_cfa_id id)
{
	return hd_cfa_table[id].name;
}

/* The largest value of operand i as encoded: 6 bits for a primary
 * instruction's first operand, else the operand kind's size. */
static uint64_t operand_max(hd_cfa_id id, int i)
{
	const hd_cfa_info *info = &hd_cfa_table[id];
	unsigned size = hd_opnd_table[info->opnd[i]].size;

	if (i == 0 && (info->flags & HD_CFAF_PRIMARY))
		return 63;
	return size >= 8 ? UINT64_MAX : ((uint64_t)1 << (8 * size)) - 1;
}

static int operand_signed(hd_cfa_id id, int i)
{
	return hd_opnd_table[hd_cfa_table[id].opnd[i]].is_signed;
}

static int has_operand(hd_cfa_id id, int i)
{
	return hd_cfa_table[id].opnd[i] != HD_OPND_NONE;
}

/* A register operand encoded in the low 6 bits: 63 is its largest. */
static int primary(hd_cfa_id id)
{
	return (hd_cfa_table[id].flags & HD_CFAF_PRIMARY) != 0;
}

static void spec_clear(spec *s, const env *e)
{
	s->e = *e;
	s->llvm_user = 0;
	s->variant[0] = '\0';
	s->low = 0x40;   /* fits every address size */
	s->size = 0x80;
	hd_buf_reset(&s->why);
	hd_buf_reset(&s->stack);
	hd_buf_reset(&s->cie);
	hd_buf_reset(&s->fde);
	hd_buf_reset(&s->setup);
	hd_buf_reset(&s->ask);
}

/* A thread stopped at pc in the FDE's function, called from 0x2008. */
static void two_frames(spec *s, uint64_t pc)
{
	hd_buf_printf(&s->stack, "0x%" PRIx64 " 0x2008", pc);
	hd_buf_printf(&s->cie, "%s", CIE_AMD);
	hd_buf_printf(&s->setup, "%s", SETUP_AMD);
}

/* A kernel-like top frame alone: only the CFA is asked for. */
static void one_frame(spec *s, uint64_t pc)
{
	hd_buf_printf(&s->stack, "0x%" PRIx64, pc);
}

static void set_variant(spec *s, const char *v)
{
	snprintf(s->variant, sizeof s->variant, "%s", v);
}

/* ---- the scenarios: edge 0 is the base case, later edges the variants.
 * Each returns 1 when it built the case, SKIP when this instruction has no
 * such edge (a later one may exist) and 0 after its last edge ---- */

#define SKIP (-1)

/* advance_loc*: offset_extended s40 changes at the new row; the pc sits on
 * the row (the new rule) or just before it (the old one). */
static int scen_row(spec *s, hd_cfa_id id, int edge)
{
	uint64_t delta = 1, pc;
	int before = 0;

	switch (edge) {
	case 0: break;
	case 1: delta = 0; set_variant(s, "zero"); break;
	case 2: delta = operand_max(id, 0); set_variant(s, "max"); break;
	case 3: delta = operand_max(id, 0); before = 1; set_variant(s, "max-before"); break;
	case 4:
		delta = operand_max(id, 0);
		s->e.code_align = 0x100000;
		set_variant(s, "max-code-align-2p20");
		break;
	case 5: delta = 1; s->e.code_align = 0x100000; s->e.wave = 32;
		set_variant(s, "code-align-2p20-w32"); break;
	default: return 0;
	}
	if (edge >= 2) {
		s->low = 0x1000;
		s->size = delta * s->e.code_align + 0x10;
	}
	pc = s->low + delta * s->e.code_align - (before ? 1 : 0);
	two_frames(s, pc);
	hd_buf_printf(&s->fde, "offset_extended s40 1; DW_CFA_%s %" PRIu64 "; offset_extended s40 2",
	              insn_name(id), delta);
	hd_buf_printf(&s->ask, "evaluate reg s40 frame 1\n");
	hd_buf_printf(&s->why, "a row %" PRIu64 " x code_align %" PRIu64 " after the FDE's start; "
	              "the pc is %s it", delta, s->e.code_align, before ? "just before" : "at");
	return 1;
}

/* set_loc: a new row at an address of the CIE's address size. */
static int scen_set_loc(spec *s, hd_cfa_id id, int edge)
{
	static const unsigned sizes[] = { 1, 2, 4, 8 };
	uint64_t target;
	char tmp[16];

	if (edge == 0) {
		target = s->low + 0x10;
	} else if (edge == 1) {
		target = s->low;   /* the FDE's own start: a row of the same location */
		set_variant(s, "at-start");
	} else if (edge - 2 < (int)NELEMS(sizes)) {
		unsigned a = sizes[edge - 2];
		uint64_t max = a >= 8 ? UINT64_MAX : ((uint64_t)1 << (8 * a)) - 1;
		s->e.addr_size = a;
		s->low = max - 0xff;
		s->size = 0xff;
		target = max - 1;
		snprintf(tmp, sizeof tmp, "a%u-max", a);
		set_variant(s, tmp);
	} else {
		return 0;
	}
	two_frames(s, target);
	hd_buf_printf(&s->fde, "offset_extended s40 1; DW_CFA_%s 0x%" PRIx64 "; offset_extended s40 2",
	              insn_name(id), target);
	hd_buf_printf(&s->ask, "evaluate reg s40 frame 1\n");
	hd_buf_printf(&s->why, "a row at 0x%" PRIx64 " with %u-byte addresses", target,
	              s->e.addr_size);
	return 1;
}

/* A register as wide as an address of a 64-bit address space: vcc in
 * wave64; in wave32 only the pc is (its value is the stack's pc). */
static const char *wide_reg(const spec *s)
{
	return s->e.wave == 64 ? "vcc" : "pc";
}

/* def_cfa, def_cfa_sf, LLVM_def_aspace_cfa(_sf): the operands say which. */
static int scen_cfa_def(spec *s, hd_cfa_id id, int edge)
{
	static const uint64_t aspaces[] = { 0, 1, 2, 3 };  /* 6 is the base's; 5 needs a lane */
	int sf = operand_signed(id, 1), as = has_operand(id, 2);
	uint64_t aspace = 6, regval = 0x1000, wide;
	int64_t b = sf ? -2 : 0x10;
	const char *reg = "s32";
	int in_fde = 0;
	char tmp[24];

	switch (edge) {
	case 0: break;
	case 1: in_fde = 1; set_variant(s, "in-fde"); break;
	case 2: b = 0; set_variant(s, "zero"); break;
	case 3: set_variant(s, "large"); break;   /* b below: it depends on the width */
	case 4: if (!sf) return SKIP; set_variant(s, "large-negative"); break;
	case 5: if (!as) return SKIP; reg = "s105"; set_variant(s, "reg-s105"); break;
	default:
		if (!as || edge - 6 >= (int)NELEMS(aspaces))
			return 0;
		aspace = aspaces[edge - 6];
		snprintf(tmp, sizeof tmp, "aspace%" PRIu64, aspace);
		set_variant(s, tmp);
		break;
	}
	wide = !as || aspace <= 1;   /* a 64-bit address space */
	if (wide)
		reg = wide_reg(s);
	if (edge == 3)   /* near the end of the address space */
		b = wide ? (sf ? INT64_C(0x1fffffffffffc000) : INT64_C(0x7fffffffffff0000))
		         : (sf ? INT64_C(0x3ffff800) : INT64_C(0xffffe000));
	if (edge == 4) { /* from high up down to 0x1000 (data_align 4) */
		b = wide ? -INT64_C(0x2000000000000000) : -INT64_C(0x20000000);
		regval = wide ? UINT64_C(0x8000000000001000) : UINT64_C(0x80001000);
	}
	if (edge == 3 || edge == 4)
		s->low = 0x1000, s->size = 0x100;
	one_frame(s, s->low + 0x10);
	if (strcmp(reg, "pc") != 0)
		hd_buf_printf(&s->setup, "reg %s = 0x%" PRIx64 "\n", reg, wide && edge != 4 ? 0x10000 : regval);
	hd_buf_printf(in_fde ? &s->fde : &s->cie, "DW_CFA_%s %s %" PRId64, insn_name(id), reg, b);
	if (as)
		hd_buf_printf(in_fde ? &s->fde : &s->cie, " %" PRIu64, aspace);
	if (in_fde)   /* the CIE's rule, replaced by the FDE's */
		hd_buf_printf(&s->cie, "LLVM_def_aspace_cfa s33 0 3");
	hd_buf_printf(&s->ask, "evaluate cfa\n");
	hd_buf_printf(&s->why, "the CFA is %s + %" PRId64 "%s", reg, b, sf ? " x data_align" : "");
	return 1;
}

/* def_cfa_register: the offset and the address space stay. */
static int scen_cfa_register(spec *s, hd_cfa_id id, int edge)
{
	const char *cie = "LLVM_def_aspace_cfa s32 8 6", *reg = "s33", *val = "reg s33 = 0x4000\n";

	if (edge == 1) {
		reg = "s105", val = "reg s105 = 0x4000\n";
		set_variant(s, "reg-s105");
	} else if (edge == 2) {   /* the default address space stays too */
		s->e.wave = 64;
		cie = "def_cfa vcc 8", reg = "exec", val = "reg vcc = 0x10000\nexec 0x20000\n";
		set_variant(s, "global-exec");
	} else if (edge != 0) {
		return 0;
	}
	one_frame(s, s->low + 0x10);
	hd_buf_printf(&s->cie, "%s", cie);
	hd_buf_printf(&s->fde, "DW_CFA_%s %s", insn_name(id), reg);
	hd_buf_printf(&s->setup, "reg s32 = 0x100\n%s", val);
	hd_buf_printf(&s->ask, "evaluate cfa\n");
	hd_buf_printf(&s->why, "the CFA moves to %s, keeping offset and address space", reg);
	return 1;
}

/* def_cfa_offset(_sf): the register and the address space stay. */
static int scen_cfa_offset(spec *s, hd_cfa_id id, int edge)
{
	int sf = operand_signed(id, 0);
	int64_t b = sf ? -2 : 0x20;
	uint64_t s32 = 0x1000;
	const char *cie = "LLVM_def_aspace_cfa s32 0 6";

	switch (edge) {
	case 0: break;
	case 1: b = 0; set_variant(s, "zero"); break;
	case 2: b = sf ? 0x3ffff800 : 0xffffe000; set_variant(s, "large"); break;
	case 3:
		if (!sf)
			return SKIP;
		b = -0x20000000, s32 = 0x80001000;
		set_variant(s, "large-negative");
		break;
	case 4:
		s->e.wave = 64;
		cie = "def_cfa vcc 0";
		b = sf ? INT64_C(0x1fffffffffffc000) : INT64_C(0x7fffffffffff0000);
		set_variant(s, "global-large");
		break;
	default: return 0;
	}
	one_frame(s, s->low + 0x10);
	hd_buf_printf(&s->cie, "%s", cie);
	hd_buf_printf(&s->fde, "DW_CFA_%s %" PRId64, insn_name(id), b);
	hd_buf_printf(&s->setup, "reg s32 = 0x%" PRIx64 "\nreg vcc = 0x10000\n", s32);
	if (s->e.wave != 64)   /* vcc is 32 bits there */
		hd_buf_reset(&s->setup), hd_buf_printf(&s->setup, "reg s32 = 0x%" PRIx64 "\n", s32);
	hd_buf_printf(&s->ask, "evaluate cfa\n");
	hd_buf_printf(&s->why, "the CFA offset becomes %" PRId64 "%s", b, sf ? " x data_align" : "");
	return 1;
}

/* The expression edges: each expression in both profiles and, unless it
 * needs one, both wave sizes. Returns the entry index or -1. */
static int expr_edge(spec *s, int edge, unsigned nexpr, const unsigned *waves)
{
	unsigned n = 0;

	for (unsigned i = 0; i < nexpr; i++)
		for (unsigned w = 0; w < 2; w++) {
			unsigned wave = w ? 32 : 64;
			if (waves[i] != 0 && waves[i] != wave)
				continue;
			for (int prof = 0; prof < 2; prof++, n++)
				if ((int)n == edge - 1) {
					s->e.wave = wave;
					s->llvm_user = prof;
					return (int)i;
				}
		}
	return -1;
}

static int scen_cfa_expr(spec *s, hd_cfa_id id, int edge)
{
	unsigned waves[NELEMS(cfa_exprs)];
	int i = 0;

	for (unsigned k = 0; k < NELEMS(cfa_exprs); k++)
		waves[k] = cfa_exprs[k].wave;
	if (edge > 0 && (i = expr_edge(s, edge, NELEMS(cfa_exprs), waves)) < 0)
		return 0;
	if (edge > 0)
		snprintf(s->variant, sizeof s->variant, "%s-w%u%s", cfa_exprs[i].name, s->e.wave,
		         s->llvm_user ? "-llvm-user" : "");
	one_frame(s, s->low + 0x10);
	hd_buf_printf(&s->fde, "DW_CFA_%s { %s }", insn_name(id), cfa_exprs[i].expr);
	hd_buf_printf(&s->setup, "%s", cfa_exprs[i].setup);
	hd_buf_printf(&s->ask, "evaluate cfa\n");
	hd_buf_printf(&s->why, "the CFA is { %s }", cfa_exprs[i].expr);
	return 1;
}

/* offset(N) and val_offset(N) rules, asked for in the caller's frame. */
static int scen_offset(spec *s, hd_cfa_id id, int edge, int val)
{
	int sf = operand_signed(id, 1);
	const char *reg = primary(id) ? "s20" : "s40";
	int64_t b = sf ? -2 : 2;
	const char *cie = CIE_AMD;
	const char *s32 = "reg s32 = 0x1000\n";

	switch (edge) {
	case 0: break;
	case 1: b = 0; set_variant(s, "zero"); break;
	case 2: b = 0x3ffffbfe; set_variant(s, "large"); break;   /* CFA + 0xffffeff8 */
	case 3:
		if (!sf)
			return SKIP;
		b = -0x20000000;
		s32 = "reg s32 = 0x80001000\n";
		set_variant(s, "large-negative");
		break;
	case 4:
		reg = primary(id) ? "s31" : "s105";   /* 63, the largest primary operand */
		snprintf(s->variant, sizeof s->variant, "reg-%s", reg);
		break;
	case 5:
		if (val) {   /* a 64-bit register needs a 64-bit CFA */
			s->e.wave = 64;
			cie = "def_cfa vcc 0; expression pc { regx s30; piece 4; regx s31; piece 4 }";
			reg = "exec";
			s32 = "reg vcc = 0x10000\n";
			set_variant(s, "global-exec");
		} else {     /* the return address saved in memory */
			reg = "pc";
			s32 = "reg s32 = 0x1000\nmem private_wave 0x1008 = 08 20\n";
			set_variant(s, "return-address");
		}
		break;
	default: return 0;
	}
	hd_buf_printf(&s->stack, "0x%" PRIx64 " 0x2008", s->low + 0x10);
	hd_buf_printf(&s->cie, "%s", cie);
	hd_buf_printf(&s->setup, "%sreg s30 = 0x2008\n", s32);
	if (edge == 5 && !val)
		b = 8 / s->e.data_align;   /* CFA + 8 with the default factor 4 */
	hd_buf_printf(&s->fde, "DW_CFA_%s %s %" PRId64, insn_name(id), reg, b);
	hd_buf_printf(&s->ask, "evaluate reg %s frame 1\n", reg);
	hd_buf_printf(&s->why, "the caller's %s is %sCFA + %" PRId64 " x data_align", reg,
	              val ? "the value " : "at ", b);
	return 1;
}

/* undefined, same_value: asked with DW_OP_regx in the caller's frame, so an
 * undefined register is a location, not a failed read. */
static int scen_keep(spec *s, hd_cfa_id id, int edge)
{
	static const char *regs[] = { "s40", "v255", "a255", "s105", "exec" };

	if (edge >= (int)NELEMS(regs))
		return 0;
	if (edge > 0)
		snprintf(s->variant, sizeof s->variant, "reg-%s", regs[edge]);
	two_frames(s, s->low + 0x10);
	hd_buf_printf(&s->fde, "DW_CFA_%s %s", insn_name(id), regs[edge]);
	hd_buf_printf(&s->ask, "context frame=1\nexpr: regx %s\n", regs[edge]);
	hd_buf_printf(&s->why, "the caller's %s, asked for in frame 1", regs[edge]);
	return 1;
}

static int scen_register(spec *s, hd_cfa_id id, int edge)
{
	static const struct { const char *name, *to, *from, *setup; unsigned wave; } pairs[] = {
		{ NULL, "s40", "s50", "reg s50 = 0xabcd\n", 0 },
		{ "vector", "v40", "v41", "reg v41 lane 3 = 0x33\n", 0 },
		{ "agpr-from-vgpr", "a255", "v255", "reg v255 lane 1 = 0x11\n", 0 },
		{ "sgpr-high", "s105", "s104", "reg s104 = 0x104\n", 0 },
		{ "wide", "vcc", "exec", "exec 0xf0f0\n", 64 },
	};

	if (edge >= (int)NELEMS(pairs))
		return 0;
	if (edge > 0)
		set_variant(s, pairs[edge].name);
	if (pairs[edge].wave != 0)
		s->e.wave = pairs[edge].wave;
	two_frames(s, s->low + 0x10);
	hd_buf_printf(&s->fde, "DW_CFA_%s %s %s", insn_name(id), pairs[edge].to, pairs[edge].from);
	hd_buf_printf(&s->setup, "%s", pairs[edge].setup);
	hd_buf_printf(&s->ask, "evaluate reg %s frame 1\n", pairs[edge].to);
	hd_buf_printf(&s->why, "the caller's %s is where %s is now", pairs[edge].to, pairs[edge].from);
	return 1;
}

/* expression(E) and val_expression(E) from their tables. */
static int scen_expression(spec *s, hd_cfa_id id, int edge, int val)
{
	unsigned n = val ? NELEMS(val_exprs) : NELEMS(reg_exprs);
	unsigned waves[NELEMS(reg_exprs) > NELEMS(val_exprs) ? NELEMS(reg_exprs) : NELEMS(val_exprs)];
	const char *name, *reg, *expr, *setup;
	int i = 0;

	for (unsigned k = 0; k < n; k++)
		waves[k] = val ? val_exprs[k].wave : reg_exprs[k].wave;
	if (edge > 0 && (i = expr_edge(s, edge, n, waves)) < 0)
		return 0;
	name = val ? val_exprs[i].name : reg_exprs[i].name;
	reg = val ? val_exprs[i].reg : reg_exprs[i].reg;
	expr = val ? val_exprs[i].expr : reg_exprs[i].expr;
	setup = val ? val_exprs[i].setup : reg_exprs[i].setup;
	if (edge > 0)
		snprintf(s->variant, sizeof s->variant, "%s-w%u%s", name, s->e.wave,
		         s->llvm_user ? "-llvm-user" : "");
	two_frames(s, s->low + 0x10);
	hd_buf_printf(&s->fde, "DW_CFA_%s %s { %s }", insn_name(id), reg, expr);
	hd_buf_printf(&s->setup, "%s", setup);
	hd_buf_printf(&s->ask, "evaluate reg %s frame 1\n", reg);
	hd_buf_printf(&s->why, "the caller's %s is %s{ %s }", reg, val ? "the value of " : "", expr);
	return 1;
}

/* restore(_extended): back to the rule after the CIE's instructions. */
static int scen_restore(spec *s, hd_cfa_id id, int edge)
{
	const char *reg = primary(id) ? "s20" : "s40";
	int in_cie = 1, later = 0;

	switch (edge) {
	case 0: break;
	case 1: in_cie = 0; set_variant(s, "to-default"); break;
	case 2: reg = primary(id) ? "s31" : "v255"; snprintf(s->variant, sizeof s->variant, "reg-%s", reg); break;
	case 3: later = 1; set_variant(s, "later-row"); break;
	default: return 0;
	}
	two_frames(s, s->low + (later ? s->e.code_align : 0x10));
	if (in_cie)
		hd_buf_printf(&s->cie, "; offset_extended %s 1", reg);
	hd_buf_printf(&s->fde, "offset_extended %s 2; %sDW_CFA_%s %s", reg,
	              later ? "advance_loc 1; " : "", insn_name(id), reg);
	hd_buf_printf(&s->ask, "evaluate reg %s frame 1\n", reg);
	hd_buf_printf(&s->why, "%s goes back to its %s rule", reg, in_cie ? "CIE" : "default");
	return 1;
}

/* remember_state and restore_state, always together. */
static int scen_state(spec *s, hd_cfa_id id, int edge)
{
	unsigned depth = 1;
	int between = 0;

	switch (edge) {
	case 0: break;
	case 1: between = 1; set_variant(s, "between"); break;
	case 2: depth = HD_CFI_MAX_REMEMBER; set_variant(s, "depth-max"); break;
	default: return 0;
	}
	two_frames(s, s->low + (between ? 0 : s->e.code_align));
	hd_buf_printf(&s->fde, "offset_extended s40 2; ");
	for (unsigned i = 0; i < depth; i++)
		hd_buf_printf(&s->fde, "remember_state; ");
	hd_buf_printf(&s->fde, "offset_extended s40 3; def_cfa_offset 0x40; advance_loc 1");
	for (unsigned i = 0; i < depth; i++)
		hd_buf_printf(&s->fde, "; restore_state");
	hd_buf_printf(&s->ask, "evaluate cfa\nevaluate reg s40 frame 1\n");
	hd_buf_printf(&s->why, "DW_CFA_%s: %u remembered row%s, the pc %s the restore",
	              insn_name(id), depth, depth > 1 ? "s" : "", between ? "before" : "after");
	return 1;
}

static int scen_nop(spec *s, hd_cfa_id id, int edge)
{
	unsigned n = edge == 0 ? 1 : 40;

	if (edge > 2)
		return 0;
	two_frames(s, s->low + 0x10);
	if (edge == 1)
		set_variant(s, "many");
	if (edge == 2) {   /* in the CIE as well */
		hd_buf_printf(&s->cie, "; DW_CFA_%s", insn_name(id));
		set_variant(s, "in-cie");
	}
	for (unsigned i = 0; i < n; i++)
		hd_buf_printf(&s->fde, "DW_CFA_%s; ", insn_name(id));
	hd_buf_printf(&s->fde, "offset_extended s40 1");
	hd_buf_printf(&s->ask, "evaluate reg s40 frame 1\n");
	hd_buf_printf(&s->why, "%u DW_CFA_nop change nothing", n);
	return 1;
}

static int scenario(spec *s, hd_cfa_id id, int edge)
{
	switch (roles[id]) {
	case ROLE_ROW: return scen_row(s, id, edge);
	case ROLE_SET_LOC: return scen_set_loc(s, id, edge);
	case ROLE_CFA_DEF: return scen_cfa_def(s, id, edge);
	case ROLE_CFA_REGISTER: return scen_cfa_register(s, id, edge);
	case ROLE_CFA_OFFSET: return scen_cfa_offset(s, id, edge);
	case ROLE_CFA_EXPR: return scen_cfa_expr(s, id, edge);
	case ROLE_OFFSET: return scen_offset(s, id, edge, 0);
	case ROLE_VAL_OFFSET: return scen_offset(s, id, edge, 1);
	case ROLE_KEEP: return scen_keep(s, id, edge);
	case ROLE_REGISTER: return scen_register(s, id, edge);
	case ROLE_EXPRESSION: return scen_expression(s, id, edge, 0);
	case ROLE_VAL_EXPRESSION: return scen_expression(s, id, edge, 1);
	case ROLE_RESTORE: return scen_restore(s, id, edge);
	case ROLE_STATE: return scen_state(s, id, edge);
	case ROLE_NOP: return scen_nop(s, id, edge);
	case ROLE_NONE: break;
	}
	return 0;
}

/* ---- writing ---- */

static int write_spec(gen_out *g, hd_cfa_id id, spec *s, const char *env_name)
{
	const env *e = &s->e;
	char name[192], lower[64];
	size_t i;
	hd_buf b;
	int rc;

	for (i = 0; insn_name(id)[i] && i + 1 < sizeof lower; i++)
		lower[i] = (char)tolower((unsigned char)insn_name(id)[i]);
	lower[i] = '\0';
	snprintf(name, sizeof name, "cfa-%s-%s", lower, s->variant[0] ? s->variant : env_name);
	hd_buf_init(&b);
	hd_buf_printf(&b, "format hdcts-case 1\n");
	hd_buf_printf(&b, "# DW_CFA_%s: %s.\n", insn_name(id), hd_buf_str(&s->why));
	hd_buf_printf(&b, "# covers: DW_CFA_%s\n", insn_name(id));
	hd_buf_printf(&b, "arch amdgpu:wave%u\n", e->wave);
	if (s->llvm_user)
		hd_buf_printf(&b, "encoding llvm-user\n");
	hd_buf_printf(&b, "stack %s\n", hd_buf_str(&s->stack));
	hd_buf_printf(&b, "cie c%s code_align=%" PRIu64 " data_align=%" PRId64 " address_size=%u\n",
	              e->dwarf64 ? " dwarf64" : "", e->code_align, e->data_align, e->addr_size);
	if (s->cie.len > 0)
		hd_buf_printf(&b, "cie c: %s\n", hd_buf_str(&s->cie));
	hd_buf_printf(&b, "fde f c 0x%" PRIx64 " 0x%" PRIx64 "%s\n", s->low, s->size,
	              e->dwarf64 ? " dwarf64" : "");
	if (s->fde.len > 0)
		hd_buf_printf(&b, "fde f: %s\n", hd_buf_str(&s->fde));
	hd_buf_printf(&b, "%s%s", hd_buf_str(&s->setup), hd_buf_str(&s->ask));
	rc = gen_case(g, "cfi", name, "case", &b);
	hd_buf_free(&b);
	return rc;
}

int gen_cfi(gen_out *g)
{
	spec s;
	int rc = 0;

	memset(&s, 0, sizeof s);
	hd_buf_init(&s.why);
	hd_buf_init(&s.stack);
	hd_buf_init(&s.cie);
	hd_buf_init(&s.fde);
	hd_buf_init(&s.setup);
	hd_buf_init(&s.ask);
	for (int id = 0; id < HD_CFA_COUNT && rc == 0; id++) {
		if (roles[id] == ROLE_NONE) {
			rc = hd_fail(g->st, HD_INTERNAL, "gen-cfa-role", 0,
			             "DW_CFA_%s has no scenario in gen_cfi.c", insn_name((hd_cfa_id)id));
			break;
		}
		for (size_t e = 0; e < NELEMS(envs) && rc == 0; e++) {
			spec_clear(&s, &envs[e]);
			if (scenario(&s, (hd_cfa_id)id, 0) > 0)
				rc = write_spec(g, (hd_cfa_id)id, &s, envs[e].name);
		}
		for (int edge = 1, r = 1; rc == 0 && r != 0; edge++) {
			spec_clear(&s, &envs[0]);
			r = scenario(&s, (hd_cfa_id)id, edge);
			if (r > 0)
				rc = write_spec(g, (hd_cfa_id)id, &s, envs[0].name);
		}
	}
	hd_buf_free(&s.why);
	hd_buf_free(&s.stack);
	hd_buf_free(&s.cie);
	hd_buf_free(&s.fde);
	hd_buf_free(&s.setup);
	hd_buf_free(&s.ask);
	return rc;
}
