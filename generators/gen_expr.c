/* gen_expr: one well-formed case per operation of ops.def and encoding
 * profile, variants with edge operand values, and (gen_expr_storage.c)
 * every storage kind under every location operation.
 *
 * The list of operations is hd_op_table; this file adds, per operation, a
 * recipe: what the stack and the context must hold for the operation to
 * give a value or a location (DWARF Extensions for Heterogeneous Debugging, "DWARF Operation Expressions" and
 * the operation sections named in each row). An operation of the table with
 * no recipe is a generator error, so a new row of ops.def cannot go
 * untested silently. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dwarf/eval/target.h"
#include "gen_expr_case.h"

/* What a recipe needs in the case besides its expression. */
enum {
	N_MEM = 1u << 0,      /* bytes in global 0x2000 and local 0x40 */
	N_TYPES = 1u << 1,    /* the base types (the hand-written cases' set) */
	N_BIGTYPE = 1u << 2,  /* a base type of 255 bytes, for const_type's BLOCK1 */
	N_DIE = 1u << 3,      /* DIEs: 0x80 in global memory, 0x84 in local, 0x88
	                         a constant, 0x8c without attributes */
	N_DIEMAX = 1u << 4,   /* DIEs at the largest 2- and 4-byte offsets */
	N_ADDR = 1u << 5,     /* .debug_addr entries 0 and 1 */
	N_ADDRMAX = 1u << 6,  /* the largest .debug_addr index the case format has */
	N_LANE = 1u << 7,     /* a lane in the context */
	N_OBJECT = 1u << 8,   /* the current object */
	N_CFA = 1u << 9,      /* an answer for DW_OP_call_frame_cfa */
	N_FBASE = 1u << 10,   /* an answer for DW_AT_frame_base */
	N_ENTRY = 1u << 11,   /* s33 on entry is in s40 */
	N_UNWOUND = 1u << 12, /* s33 of the calling frame is in s40 */
	N_S33 = 1u << 13,     /* s33 holds 0x40 (an address in a 32-bit space) */
	N_S40 = 1u << 14,     /* s40 holds 0x1234 */
	N_VREG = 1u << 15,    /* v0 and v1 hold a value per lane */
	N_PC = 1u << 16,      /* pc holds 0x2000 */
	N_DIEMAX64 = 1u << 17 /* a DIE at the largest DWARF64 offset */
};

/* The directives of each need; lines are separated by '\n'. */
static const struct {
	unsigned need;
	const char *lines;
} setups[] = {
	{ N_MEM, "mem global 0x2000 = 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10\n"
	         "mem local 0x40 = 11 12 13 14 15 16 17 18" },
	{ N_TYPES, "type 0x30 int32 signed 32\n"
	           "type 0x34 uint32 unsigned 32\n"
	           "type 0x38 float32 float 32\n"
	           "type 0x3c v4i32 signed 32 vector 4\n"
	           "type 0x40 uint64 unsigned 64\n"
	           "type 0x44 uint8 unsigned 8\n"
	           "type 0x48 float64 float 64" },
	{ N_BIGTYPE, "type 0x50 uint2040 unsigned 2040" },
	{ N_DIE, "die 0x80 location: addr 0x2000\n"
	         "die 0x84 location: const1u 0x40; lit3; LLVM_form_aspace_address\n"
	         "die 0x88 const_value = 2a 00 00 00\n"
	         "die 0x8c" },
	{ N_DIEMAX, "die 0xffff location: addr 0x2000\n"
	            "die 0xffffffff location: addr 0x2000" },
	{ N_DIEMAX64, "die 0xffffffffffffffff location: addr 0x2000" },
	{ N_ADDR, "addr 0 = 0x2000\naddr 1 = 0x1234" },
	{ N_ADDRMAX, "addr 1048575 = 0x2000" },
	{ N_OBJECT, "object: addr 0x3000" },
	{ N_CFA, "cfa: lit0; lit6; LLVM_form_aspace_address" },
	{ N_FBASE, "frame-base: const2u 0x100; lit6; LLVM_form_aspace_address" },
	{ N_ENTRY, "entry-reg s33: regx s40" },
	{ N_UNWOUND, "unwound-reg s33 frame 1: regx s40" },
	{ N_S33, "reg s33 = 0x40" },
	{ N_S40, "reg s40 = 0x1234" },
	{ N_VREG, "reg v0 = 0xa0, 0xa1, 0xa2, 0xa3\nreg v1 = 0xb0, 0xb1, 0xb2, 0xb3" },
	{ N_PC, "reg pc = 0x2000" },
};

enum {
	R_WAVES = 1u << 0,  /* registers or lanes: both wave sizes */
	R_EDGE1 = 1u << 1,  /* every edge value of operand 1 is well-formed here */
	R_EDGE2 = 1u << 2,  /* the same for operand 2 */
	R_DWARF64 = 1u << 3 /* the 64-bit DWARF format */
};

/* DWARF Extensions for Heterogeneous Debugging section names, for the comment of each case. */
#define S_LIT "Literal Operations"
#define S_STACK "Stack Operations"
#define S_ARITH "Arithmetic and Logical Operations"
#define S_FLOW "Control Flow Operations"
#define S_CONV "Type Conversion Operations"
#define S_SPECIAL "Special Value Operations"
#define S_GENERAL "General Location Description Operations"
#define S_UNDEF "Undefined Location Description Operations"
#define S_MEMORY "Memory Location Description Operations"
#define S_REGISTER "Register Location Description Operations"
#define S_IMPLICIT "Implicit Location Description Operations"
#define S_COMPOSITE "Composite Location Description Operations"

/* How to exercise one operation: the expression is
 * `before (repeated) ; OP opnd1 opnd2 ; after`. */
typedef struct recipe {
	const char *op;       /* ops.def name; "lit", "reg", "breg" stand for their families */
	const char *variant;  /* NULL for the operation's main case, else a name suffix */
	unsigned need;        /* N_* */
	const char *before;
	unsigned repeat;      /* before is written this many times (0 means once) */
	const char *opnd[2];  /* operand text; NULL for none */
	const char *after;
	unsigned read;        /* bits read through a location outcome */
	unsigned flags;       /* R_* */
	unsigned fill;        /* operand 2 (or 1 if it has one) is a block of this many bytes */
	const char *error;    /* reason code when AMDGPU makes every use an error */
	const char *why;      /* DWARF Extensions for Heterogeneous Debugging section */
} recipe;

#define OP0 { NULL, NULL }
#define OP1(a) { a, NULL }
#define OP2(a, b) { a, b }
#define BINARY(name) { name, NULL, 0, "const1u 0x6c; lit5", 0, OP0, "", 0, 0, 0, NULL, S_ARITH }
#define SIGNED(name) \
	{ name, "negative", 0, "consts -100; lit3", 0, OP0, "", 0, 0, 0, NULL, S_ARITH }
#define COMPARE(name) { name, NULL, 0, "lit5; lit3", 0, OP0, "", 0, 0, 0, NULL, S_FLOW }
#define CONST(name, v) { name, NULL, 0, "", 0, OP1(v), "", 0, R_EDGE1, 0, NULL, S_LIT }

static const recipe recipes[] = {
	{ "lit", NULL, 0, "", 0, OP0, "", 0, 0, 0, NULL, S_LIT },
	CONST("const1u", "0x2a"), CONST("const1s", "-42"),
	CONST("const2u", "0x1234"), CONST("const2s", "-4660"),
	CONST("const4u", "0x12345678"), CONST("const4s", "-305419896"),
	CONST("const8u", "0x123456789abcdef0"), CONST("const8s", "-81985529216486896"),
	CONST("constu", "0x12345"), CONST("consts", "-74565"),
	{ "constx", NULL, N_ADDR, "", 0, OP1("1"), "", 0, 0, 0, NULL, S_LIT },
	{ "constx", "max-index", N_ADDRMAX, "", 0, OP1("1048575"), "", 0, 0, 0, NULL, S_LIT },
	{ "const_type", NULL, N_TYPES, "", 0, OP2("0x30", "[2a 00 00 00]"), "", 0, 0, 0, NULL,
	  S_LIT },
	{ "const_type", "vector", N_TYPES, "", 0,
	  OP2("0x3c", "[01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00]"), "", 0, 0, 0, NULL,
	  S_LIT },
	{ "const_type", "max-block", N_BIGTYPE, "", 0, OP2("0x50", NULL), "", 0, 0, 255, NULL,
	  S_LIT },
	{ "LLVM_push_lane", NULL, N_LANE, "", 0, OP0, "", 0, R_WAVES, 0, NULL, S_LIT },

	{ "dup", NULL, 0, "lit7", 0, OP0, "plus", 0, 0, 0, NULL, S_STACK },
	{ "drop", NULL, 0, "lit1; lit2", 0, OP0, "", 0, 0, 0, NULL, S_STACK },
	{ "over", NULL, 0, "lit1; lit2", 0, OP0, "minus", 0, 0, 0, NULL, S_STACK },
	{ "pick", NULL, 0, "lit1; lit2; lit3", 0, OP1("2"), "", 0, 0, 0, NULL, S_STACK },
	{ "pick", "zero", 0, "lit1", 0, OP1("0"), "", 0, 0, 0, NULL, S_STACK },
	{ "pick", "max", 0, "lit1", 256, OP1("255"), "", 0, 0, 0, NULL, S_STACK },
	{ "swap", NULL, 0, "lit1; lit2", 0, OP0, "minus", 0, 0, 0, NULL, S_STACK },
	{ "rot", NULL, 0, "lit1; lit2; lit3", 0, OP0, "", 0, 0, 0, NULL, S_STACK },

	{ "abs", NULL, 0, "consts -5", 0, OP0, "", 0, 0, 0, NULL, S_ARITH },
	BINARY("and"), BINARY("div"), SIGNED("div"), BINARY("minus"), BINARY("mod"), SIGNED("mod"),
	BINARY("mul"), BINARY("or"), BINARY("plus"), BINARY("shl"), BINARY("shr"),
	BINARY("shra"), SIGNED("shra"), BINARY("xor"),
	{ "neg", NULL, 0, "lit5", 0, OP0, "", 0, 0, 0, NULL, S_ARITH },
	{ "not", NULL, 0, "lit5", 0, OP0, "", 0, 0, 0, NULL, S_ARITH },
	{ "plus_uconst", NULL, 0, "lit1", 0, OP1("0x10"), "", 0, R_EDGE1, 0, NULL, S_ARITH },

	COMPARE("eq"), COMPARE("ge"), COMPARE("gt"), COMPARE("le"), COMPARE("lt"), COMPARE("ne"),
	/* branch displacements count bytes from the end of the branch op */
	{ "skip", NULL, 0, "", 0, OP1("1"), "lit2; lit3", 0, 0, 0, NULL, S_FLOW },
	{ "skip", "zero", 0, "", 0, OP1("0"), "lit2", 0, 0, 0, NULL, S_FLOW },
	{ "skip", "to-end", 0, "lit2", 0, OP1("1"), "lit3", 0, 0, 0, NULL, S_FLOW },
	/* lit0 @0; skip 4 @1 -> 8; lit1 @4; skip 3 @5 -> 11 (the end); skip -7 @8 -> 4 */
	{ "skip", "backward", 0, "lit0; skip 4; lit1; skip 3", 0, OP1("-7"), "", 0, 0, 0, NULL,
	  S_FLOW },
	{ "bra", NULL, 0, "lit1", 0, OP1("1"), "lit2; lit3", 0, 0, 0, NULL, S_FLOW },
	{ "bra", "not-taken", 0, "lit0", 0, OP1("1"), "lit2; lit3", 0, 0, 0, NULL, S_FLOW },
	{ "bra", "zero", 0, "lit1", 0, OP1("0"), "lit2", 0, 0, 0, NULL, S_FLOW },
	{ "bra", "to-end", 0, "lit7; lit1", 0, OP1("1"), "lit3", 0, 0, 0, NULL, S_FLOW },
	/* a countdown from 3: lit1 @1 is the loop head, bra ends at 7 */
	{ "bra", "backward", 0, "lit3; lit1; minus; dup", 0, OP1("-6"), "", 0, 0, 0, NULL,
	  S_FLOW },
	{ "call2", NULL, N_DIE, "", 0, OP1("0x80"), "", 0, 0, 0, NULL, S_FLOW },
	{ "call2", "const-value", N_DIE, "", 0, OP1("0x88"), "", 32, 0, 0, NULL, S_FLOW },
	{ "call2", "no-attributes", N_DIE, "lit1", 0, OP1("0x8c"), "", 0, 0, 0, NULL, S_FLOW },
	{ "call2", "max-offset", N_DIEMAX, "", 0, OP1("0xffff"), "", 0, 0, 0, NULL, S_FLOW },
	{ "call4", NULL, N_DIE, "", 0, OP1("0x80"), "", 0, 0, 0, NULL, S_FLOW },
	{ "call4", "max-offset", N_DIEMAX, "", 0, OP1("0xffffffff"), "", 0, 0, 0, NULL, S_FLOW },
	{ "call_ref", NULL, N_DIE, "", 0, OP1("0x80"), "", 0, 0, 0, NULL, S_FLOW },
	{ "call_ref", "max-offset", N_DIEMAX, "", 0, OP1("0xffffffff"), "", 0, 0, 0, NULL, S_FLOW },
	{ "call_ref", "max-offset-dwarf64", N_DIEMAX64, "", 0, OP1("0xffffffffffffffff"), "", 0,
	  R_DWARF64, 0, NULL, S_FLOW },
	{ "nop", NULL, 0, "lit1", 0, OP0, "", 0, 0, 0, NULL, S_FLOW },
	{ "LLVM_nop", NULL, 0, "lit1", 0, OP0, "", 0, 0, 0, NULL, S_FLOW },

	{ "convert", NULL, N_TYPES, "const_type 0x30 [fe ff ff ff]", 0, OP1("0x40"), "", 0, 0, 0,
	  NULL, S_CONV },
	{ "convert", "generic", N_TYPES, "const_type 0x30 [fe ff ff ff]", 0, OP1("0"), "", 0, 0, 0,
	  NULL, S_CONV },
	{ "convert", "int-to-float", N_TYPES, "const_type 0x30 [fe ff ff ff]", 0, OP1("0x38"), "",
	  0, 0, 0, NULL, S_CONV },
	{ "reinterpret", NULL, N_TYPES, "const_type 0x30 [fe ff ff ff]", 0, OP1("0x38"), "", 0, 0,
	  0, NULL, S_CONV },
	{ "reinterpret", "generic", N_TYPES, "lit5", 0, OP1("0x48"), "", 0, 0, 0, NULL, S_CONV },

	{ "regval_type", NULL, N_TYPES | N_S33, "", 0, OP2("s33", "0x30"), "", 0, R_WAVES, 0, NULL,
	  S_SPECIAL },
	{ "deref", NULL, N_MEM, "addr 0x2000", 0, OP0, "", 0, 0, 0, NULL, S_SPECIAL },
	{ "deref_size", NULL, N_MEM, "addr 0x2000", 0, OP1("4"), "", 0, R_EDGE1, 0, NULL,
	  S_SPECIAL },
	{ "deref_type", NULL, N_MEM | N_TYPES, "addr 0x2000", 0, OP2("4", "0x30"), "", 0, 0, 0,
	  NULL, S_SPECIAL },
	{ "xderef", NULL, N_MEM, "lit3; const1u 0x40", 0, OP0, "", 0, 0, 0, NULL, S_SPECIAL },
	{ "xderef_size", NULL, N_MEM, "lit3; const1u 0x40", 0, OP1("4"), "", 0, R_EDGE1, 0, NULL,
	  S_SPECIAL },
	{ "xderef_type", NULL, N_MEM | N_TYPES, "lit3; const1u 0x40", 0, OP2("4", "0x30"), "", 0,
	  0, 0, NULL, S_SPECIAL },
	{ "entry_value", NULL, N_UNWOUND | N_S40, "", 0, OP1("{regx s33}"), "", 0, R_WAVES, 0,
	  NULL, S_SPECIAL },
	{ "entry_value", "value", 0, "", 0, OP1("{lit5}"), "", 0, 0, 0, NULL, S_SPECIAL },
	{ "GNU_entry_value", NULL, N_UNWOUND | N_S40, "", 0, OP1("{regx s33}"), "", 0, R_WAVES, 0,
	  NULL, S_SPECIAL },

	{ "LLVM_offset", NULL, N_S33, "regx s33; lit1", 0, OP0, "", 24, R_WAVES, 0, NULL,
	  S_GENERAL },
	{ "LLVM_offset_uconst", NULL, N_S33, "regx s33", 0, OP1("2"), "", 16, R_WAVES, 0, NULL,
	  S_GENERAL },
	{ "LLVM_offset_uconst", "memory", 0, "lit0", 0, OP1("0x10"), "", 0, R_EDGE1, 0, NULL,
	  S_GENERAL },
	{ "LLVM_bit_offset", NULL, N_S33, "regx s33; lit3", 0, OP0, "", 16, R_WAVES, 0, NULL,
	  S_GENERAL },
	{ "push_object_address", NULL, N_OBJECT, "", 0, OP0, "", 0, 0, 0, NULL, S_GENERAL },
	{ "LLVM_call_frame_entry_reg", NULL, N_ENTRY | N_S40, "", 0, OP1("s33"), "", 32, R_WAVES,
	  0, NULL, S_GENERAL },

	{ "LLVM_undefined", NULL, 0, "", 0, OP0, "", 0, 0, 0, NULL, S_UNDEF },

	{ "addr", NULL, N_MEM, "", 0, OP1("0x2000"), "", 64, 0, 0, NULL, S_MEMORY },
	{ "addrx", NULL, N_MEM | N_ADDR, "", 0, OP1("0"), "", 64, 0, 0, NULL, S_MEMORY },
	{ "addrx", "max-index", N_MEM | N_ADDRMAX, "", 0, OP1("1048575"), "", 64, 0, 0, NULL,
	  S_MEMORY },
	{ "LLVM_form_aspace_address", NULL, N_MEM, "const1u 0x40; lit3", 0, OP0, "", 64, 0, 0,
	  NULL, S_MEMORY },
	{ "LLVM_form_aspace_address", "implicit-pointer-value", N_MEM | N_DIE,
	  "implicit_pointer 0x80 0; deref; lit0", 0, OP0, "", 64, 0, 0, NULL, S_MEMORY },
	{ "form_tls_address", NULL, 0, "lit0", 0, OP0, "", 0, 0, 0, "no-thread-local-storage",
	  S_MEMORY },
	{ "GNU_push_tls_address", NULL, 0, "lit0", 0, OP0, "", 0, 0, 0, "no-thread-local-storage",
	  S_MEMORY },
	{ "call_frame_cfa", NULL, N_CFA, "", 0, OP0, "", 0, 0, 0, NULL, S_MEMORY },
	{ "fbreg", NULL, N_FBASE, "", 0, OP1("8"), "", 0, 0, 0, NULL, S_MEMORY },
	{ "fbreg", "negative", N_FBASE, "", 0, OP1("-8"), "", 0, 0, 0, NULL, S_MEMORY },
	{ "breg", NULL, N_MEM, "", 0, OP1("8"), "", 0, R_WAVES | R_EDGE1, 0, NULL, S_MEMORY },
	{ "bregx", NULL, N_PC | N_MEM, "", 0, OP2("pc", "8"), "", 64, R_WAVES | R_EDGE2, 0,
	  NULL, S_MEMORY },
	{ "LLVM_aspace_bregx", NULL, N_S33 | N_MEM, "lit3", 0, OP2("s33", "8"), "", 32,
	  R_WAVES | R_EDGE2, 0, NULL, S_MEMORY },

	{ "reg", NULL, 0, "", 0, OP0, "", 0, R_WAVES, 0, NULL, S_REGISTER },
	{ "regx", NULL, N_S33, "", 0, OP1("s33"), "", 32, R_WAVES | R_EDGE1, 0, NULL, S_REGISTER },

	{ "implicit_value", NULL, 0, "", 0, OP1("[2a 00 00 00]"), "", 32, 0, 0, NULL, S_IMPLICIT },
	{ "implicit_value", "empty", 0, "", 0, OP1("[]"), "", 0, 0, 0, NULL, S_IMPLICIT },
	{ "implicit_value", "large", 0, "", 0, OP1(NULL), "", 64, 0, 300, NULL, S_IMPLICIT },
	{ "stack_value", NULL, 0, "lit5", 0, OP0, "", 64, 0, 0, NULL, S_IMPLICIT },
	{ "stack_value", "typed", N_TYPES, "const_type 0x30 [2a 00 00 00]", 0, OP0, "", 32, 0, 0,
	  NULL, S_IMPLICIT },
	{ "implicit_pointer", NULL, N_DIE, "", 0, OP2("0x80", "4"), "", 0, R_EDGE2, 0, NULL,
	  S_IMPLICIT },
	{ "implicit_pointer", "deref", N_DIE, "", 0, OP2("0x80", "4"), "deref", 0, 0, 0, NULL,
	  S_IMPLICIT },
	{ "GNU_implicit_pointer", NULL, N_DIE, "", 0, OP2("0x80", "4"), "", 0, R_EDGE2, 0, NULL,
	  S_IMPLICIT },
	{ "LLVM_aspace_implicit_pointer", NULL, N_DIE, "lit3", 0, OP2("0x84", "0"), "", 0, R_EDGE2,
	  0, NULL, S_IMPLICIT },

	{ "piece", NULL, N_S33, "regx s33", 0, OP1("4"), "", 32, R_WAVES, 0, NULL, S_COMPOSITE },
	{ "piece", "two-parts", N_S33 | N_MEM, "regx s33; piece 4; addr 0x2000", 0, OP1("4"), "",
	  64, 0, 0, NULL, S_COMPOSITE },
	{ "piece", "zero", N_S33, "regx s33", 0, OP1("0"), "", 0, 0, 0, NULL, S_COMPOSITE },
	{ "piece", "empty-stack", 0, "", 0, OP1("4"), "", 0, 0, 0, NULL, S_COMPOSITE },
	/* the largest piece whose bit size a 64-bit count still holds */
	{ "piece", "max", 0, "LLVM_undefined", 0, OP1("0x1fffffffffffffff"), "", 0, 0, 0, NULL,
	  S_COMPOSITE },
	{ "bit_piece", NULL, N_S33, "regx s33", 0, OP2("16", "8"), "", 16, 0, 0, NULL,
	  S_COMPOSITE },
	{ "bit_piece", "undefined", 0, "LLVM_undefined", 0, OP2("8", "0"), "", 0,
	  R_EDGE1 | R_EDGE2, 0, NULL, S_COMPOSITE },
	{ "LLVM_piece_end", NULL, N_S33, "regx s33; piece 4", 0, OP0, "", 32, 0, 0, NULL,
	  S_COMPOSITE },
	{ "LLVM_piece_end", "two-parts", N_S33 | N_MEM, "regx s33; piece 4; addr 0x2000; piece 4",
	  0, OP0, "", 64, 0, 0, NULL, S_COMPOSITE },
	{ "LLVM_extend", NULL, N_S33, "regx s33", 0, OP2("32", "2"), "", 64, R_WAVES, 0, NULL,
	  S_COMPOSITE },
	{ "LLVM_extend", "max-size", 0, "LLVM_undefined", 0, OP2("0xffffffffffffffff", "1"), "", 0,
	  0, 0, NULL, S_COMPOSITE },
	{ "LLVM_select_bit_piece", NULL, N_VREG, "regx v0; regx v1; lit5", 0, OP2("32", "4"), "",
	  128, R_WAVES, 0, NULL, S_COMPOSITE },
	{ "LLVM_select_bit_piece", "max-size", 0, "LLVM_undefined; LLVM_undefined; lit1", 0,
	  OP2("0xffffffffffffffff", "1"), "", 0, 0, 0, NULL, S_COMPOSITE },
	/* a generic mask has 64 bits: the most parts it can select */
	{ "LLVM_select_bit_piece", "max-count", N_VREG,
	  "regx v0; regx v1; const8u 0x5555555555555555", 0, OP2("1", "64"), "", 64, 0, 0, NULL,
	  S_COMPOSITE },

	/* docs/evaluator.md: decoded and printed, never evaluated */
	{ "GNU_parameter_ref", NULL, N_DIE, "", 0, OP1("0x80"), "", 0, 0, 0, "unsupported-op",
	  "none (a GNU extension the reference decodes only)" },
};

#define NRECIPES (sizeof recipes / sizeof recipes[0])
#define NSETUPS (sizeof setups / sizeof setups[0])

static const hd_profile profiles[] = { HD_PROFILE_AMDGPU_V0, HD_PROFILE_LLVM_USER };

/* Writes the directives of every need in need. */
static void add_setup(xcase *c, unsigned need)
{
	if (need & N_LANE)
		c->lane = 5;  /* a lane both wave sizes have */
	for (size_t i = 0; i < NSETUPS; i++)
		if ((need & setups[i].need) != 0)
			xc_lines(c, setups[i].lines);
}

/* A block operand of n bytes 00 01 02 ... */
static void block_text(char *out, size_t outsz, unsigned n)
{
	size_t at = 0;

	at += (size_t)snprintf(out + at, outsz - at, "[");
	for (unsigned i = 0; i < n && at + 4 < outsz; i++)
		at += (size_t)snprintf(out + at, outsz - at, i ? " %02x" : "%02x", i & 0xff);
	snprintf(out + at, outsz - at, "]");
}

/* One case: the recipe with operand texts opnd (already chosen). */
typedef struct shape {
	const recipe *r;
	const char *opname;   /* spelled as in the text: "lit5", "LLVM_offset" */
	const char *opnd[2];
	hd_profile profile;
	unsigned wave;
	int dwarf64;
	unsigned read;
	const char *reg_line; /* a register setup line for the families, or NULL */
	const char *note;     /* an extra comment, or NULL */
} shape;

static int write_shape(gen_out *g, xcase *c, const shape *s, const char *name)
{
	const recipe *r = s->r;
	unsigned reps = r->repeat ? r->repeat : 1;

	xc_start(c, s->profile, s->wave);
	c->dwarf64 = s->dwarf64;
	xc_about(c, "DW_OP_%s in the %s encoding (DWARF Extensions for Heterogeneous Debugging %s).", s->opname,
	         hd_profile_name(s->profile), r->why);
	if (s->note != NULL)
		xc_about(c, "%s", s->note);
	if (r->error != NULL) {
		xc_about(c, "AMDGPU gives this operation no well-formed outcome: a negative case.");
		c->rule = r->error;
	}
	add_setup(c, r->need);
	if (s->reg_line != NULL)
		xc_line(c, "%s", s->reg_line);
	for (unsigned i = 0; i < reps; i++)
		xc_ops(c, "%s", r->before);
	xc_ops(c, "%s%s%s%s%s", s->opname, s->opnd[0] ? " " : "", s->opnd[0] ? s->opnd[0] : "",
	       s->opnd[1] ? " " : "", s->opnd[1] ? s->opnd[1] : "");
	xc_ops(c, "%s", r->after);
	c->read_bits = s->read;
	return xc_write(g, c, name);
}

/* gen-op-<op>-<profile>[-wave32][-<variant>][-<suffix>] */
static void case_name(char *out, size_t outsz, const shape *s, const char *suffix)
{
	char op[64];

	xc_file_name(op, sizeof op, s->opname);
	snprintf(out, outsz, "op-%s-%s%s%s%s%s%s", op, hd_profile_name(s->profile),
	         s->wave == 32 ? "-wave32" : "", s->r->variant ? "-" : "",
	         s->r->variant ? s->r->variant : "", suffix[0] ? "-" : "", suffix);
}

/* Edge values of an integer operand kind: the extremes of fixed fields, and
 * for LEB128 the one/two-byte boundaries and the 64-bit extremes. They are
 * 64-bit patterns: in an unsigned list -1 is 2^64-1 and INT64_MIN is 2^63. */
static const int64_t *edge_values(hd_opnd k, size_t *n)
{
	static const int64_t u1[] = { 0, 0xff };
	static const int64_t s1[] = { INT8_MIN, -1, 0, INT8_MAX };
	static const int64_t u2[] = { 0, 0xffff };
	static const int64_t s2[] = { INT16_MIN, -1, 0, INT16_MAX };
	static const int64_t u4[] = { 0, 0xffffffff };
	static const int64_t s4[] = { INT32_MIN, -1, 0, INT32_MAX };
	static const int64_t u8[] = { 0, -1 };
	static const int64_t s8[] = { INT64_MIN, -1, 0, INT64_MAX };
	static const int64_t uleb[] = { 0, 0x7f, 0x80, 0x3fff, 0x4000, INT64_MIN, -1 };
	static const int64_t sleb[] = { INT64_MIN, -0x41, -0x40, -1, 0, 0x3f, 0x40, INT64_MAX };
#define EDGES(a) (*n = sizeof a / sizeof a[0], a)
	switch (k) {
	case HD_OPND_U1: return EDGES(u1);
	case HD_OPND_S1: return EDGES(s1);
	case HD_OPND_U2: return EDGES(u2);
	case HD_OPND_S2: return EDGES(s2);
	case HD_OPND_U4: return EDGES(u4);
	case HD_OPND_S4: return EDGES(s4);
	case HD_OPND_U8: return EDGES(u8);
	case HD_OPND_S8: return EDGES(s8);
	case HD_OPND_ULEB: return EDGES(uleb);
	case HD_OPND_SLEB: return EDGES(sleb);
	default: *n = 0; return NULL;
	}
#undef EDGES
}

static int kind_is_signed(hd_opnd k)
{
	return k == HD_OPND_S1 || k == HD_OPND_S2 || k == HD_OPND_S4 || k == HD_OPND_S8 ||
	       k == HD_OPND_SLEB;
}

/* The operand's text and a file-name label for it. */
static void edge_text(hd_opnd k, int64_t v, char *text, size_t tsz, char *label, size_t lsz)
{
	if (kind_is_signed(k) && v < 0) {
		uint64_t mag = (uint64_t)0 - (uint64_t)v;
		snprintf(text, tsz, "-%" PRIu64, mag);
		snprintf(label, lsz, "m%" PRIu64, mag);
	} else if (kind_is_signed(k)) {
		snprintf(text, tsz, "%" PRId64, v);
		snprintf(label, lsz, "%" PRId64, v);
	} else {
		snprintf(text, tsz, "0x%" PRIx64, (uint64_t)v);
		snprintf(label, lsz, "0x%" PRIx64, (uint64_t)v);
	}
}

/* Register operands: the first and last register of every run of DWARF
 * numbers the wave size has (the model's classes, found by asking it). */
static int reg_edges(gen_out *g, xcase *c, shape s, int slot, const xc_arch *arch)
{
	/* the highest DWARF number in either wave size is below this */
	const uint64_t limit = 4096;
	char name[64], text[32], label[192]; /* label: op, profile and register name */
	uint64_t reg = 0;

	while (reg < limit) {
		uint64_t first, last;
		unsigned bits;

		while (reg < limit && xc_reg_bits(arch, reg) == 0)
			reg++;
		if (reg == limit)
			break;
		first = reg;
		while (reg + 1 < limit && xc_reg_bits(arch, reg + 1) != 0)
			reg++;
		last = reg++;
		for (int end = 0; end < 2; end++) {
			uint64_t r = end ? last : first;

			if (end && last == first)
				break;
			bits = xc_reg_bits(arch, r);
			snprintf(text, sizeof text, "%" PRIu64, r);
			s.opnd[slot] = text;
			s.read = bits < 64 ? bits : 64;
			/* the operand is the number; the file is named after the register */
			xc_reg_name(arch, r, name, sizeof name);
			case_name(label, sizeof label, &s, name);
			if (write_shape(g, c, &s, label) != 0)
				return -1;
		}
	}
	return 0;
}

/* The edge variants of operand slot of s's recipe. */
static int gen_edges(gen_out *g, xcase *c, shape s, const hd_op_info *info, int slot,
                     const xc_arch *arch)
{
	hd_opnd k = (hd_opnd)info->opnd[slot];
	size_t n;
	const int64_t *v = edge_values(k, &n);
	char text[32], label[40], name[160], suffix[64];

	if (k == HD_OPND_REG)
		return reg_edges(g, c, s, slot, arch);
	s.read = 0;  /* an edge address or offset need not be readable */
	for (size_t i = 0; i < n; i++) {
		edge_text(k, v[i], text, sizeof text, label, sizeof label);
		s.opnd[slot] = text;
		snprintf(suffix, sizeof suffix, "opnd%d-%s", slot + 1, label);
		case_name(name, sizeof name, &s, suffix);
		if (write_shape(g, c, &s, name) != 0)
			return -1;
	}
	return 0;
}

/* The families: every literal and every register number. A number the
 * model has no register for (reg), or none as wide as an address (breg,
 * which reads one), still gets a case: a negative one, since AMDGPU gives
 * it no well-formed outcome (unknown-register, register-too-small). */
static int gen_family(gen_out *g, xcase *c, shape s, const hd_op_info *info,
                      const xc_arch *arch)
{
	char opname[32], line[96], reg[32], name[160];
	int edges_done = 0;

	for (unsigned n = 0; n < info->family; n++) {
		unsigned bits = 0;

		snprintf(opname, sizeof opname, "%s%u", info->name, n);
		s.opname = opname;
		s.reg_line = NULL;
		s.read = 0;
		/* the register families name DWARF register n; lit names a number */
		if (strcmp(info->name, "lit") != 0) {
			bits = xc_reg_bits(arch, n);
			if (bits == 0 || (info->opnd[0] != HD_OPND_NONE &&
			                  bits != arch->target->generic_bits)) {
				case_name(name, sizeof name, &s, "negative");
				if (write_shape(g, c, &s, name) != 0)
					return -1;
				continue;
			}
			xc_reg_name(arch, n, reg, sizeof reg);
			snprintf(line, sizeof line, "reg %s = 0x2000", reg);
			s.reg_line = line;
			s.read = info->opnd[0] == HD_OPND_NONE ? (bits < 64 ? bits : 64) : 64;
		}
		case_name(name, sizeof name, &s, "");
		if (write_shape(g, c, &s, name) != 0)
			return -1;
		/* operand edges once per family, on its first usable member */
		if (!edges_done && (s.r->flags & R_EDGE1) && s.wave == 64) {
			edges_done = 1;
			if (gen_edges(g, c, s, info, 0, arch) != 0)
				return -1;
		}
	}
	return 0;
}

static int has_ref_operand(const hd_op_info *info)
{
	return info->opnd[0] == HD_OPND_REF || info->opnd[1] == HD_OPND_REF;
}

/* Every case of one recipe in one profile and wave size. */
static int gen_recipe(gen_out *g, xcase *c, const recipe *r, hd_op_id id, hd_profile p,
                      const xc_arch *arch)
{
	const hd_op_info *info = &hd_op_table[id];
	char fill[1024], name[160];
	shape s;

	memset(&s, 0, sizeof s);
	s.r = r;
	s.opname = info->name;
	s.profile = p;
	s.wave = arch->wave;
	s.opnd[0] = r->opnd[0];
	s.opnd[1] = r->opnd[1];
	s.read = r->read;
	s.dwarf64 = (r->flags & R_DWARF64) != 0;
	if (info->family > 1)
		return gen_family(g, c, s, info, arch);
	if (r->fill > 0) {
		block_text(fill, sizeof fill, r->fill);
		s.opnd[info->opnd[1] != HD_OPND_NONE ? 1 : 0] = fill;
	}
	case_name(name, sizeof name, &s, "");
	if (write_shape(g, c, &s, name) != 0)
		return -1;
	/* DWARF64 changes the size of a .debug_info reference (DWARF 5 7.4) */
	if (r->variant == NULL && has_ref_operand(info) && arch->wave == 64) {
		s.dwarf64 = 1;
		case_name(name, sizeof name, &s, "dwarf64");
		s.note = "The DWARF64 format: the DIE reference is 8 bytes.";
		if (write_shape(g, c, &s, name) != 0)
			return -1;
		s.dwarf64 = 0;
		s.note = NULL;
	}
	for (int slot = 0; slot < 2; slot++) {
		unsigned flag = slot == 0 ? R_EDGE1 : R_EDGE2;

		if ((r->flags & flag) == 0)
			continue;
		/* register runs differ by wave size; other edges once */
		if (arch->wave != 64 && info->opnd[slot] != HD_OPND_REG)
			continue;
		if (gen_edges(g, c, s, info, slot, arch) != 0)
			return -1;
	}
	return 0;
}

static int gen_op(gen_out *g, xcase *c, hd_op_id id, xc_arch arch[2])
{
	const hd_op_info *info = &hd_op_table[id];
	int found = 0;

	/* Intel's vendor ops exist only in intel-gt, where the reference
	 * decodes them and evaluates none: an evaluation case could expect
	 * nothing but unsupported-op (tests/test_decode.c covers them) */
	if (info->flags & HD_OPF_INTEL)
		return 0;
	for (size_t i = 0; i < NRECIPES; i++) {
		const recipe *r = &recipes[i];

		if (strcmp(r->op, info->name) != 0)
			continue;
		found = 1;
		for (size_t p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
			if (!hd_op_encodable(id, profiles[p]))
				continue;
			for (int w = 0; w < ((r->flags & R_WAVES) ? 2 : 1); w++)
				if (gen_recipe(g, c, r, id, profiles[p], &arch[w]) != 0)
					return -1;
		}
	}
	if (!found)
		return hd_fail(g->st, HD_INTERNAL, "gen-no-recipe", 0,
		               "gen_expr has no recipe for DW_OP_%s", info->name);
	return 0;
}

/* A recipe that names no operation of the table is a typo. */
static int check_recipes(gen_out *g)
{
	for (size_t i = 0; i < NRECIPES; i++) {
		int known = 0;

		for (unsigned id = 0; id < HD_OP_COUNT && !known; id++)
			known = strcmp(recipes[i].op, hd_op_table[id].name) == 0;
		if (!known)
			return hd_fail(g->st, HD_INTERNAL, "gen-no-op", 0,
			               "gen_expr recipe for unknown DW_OP_%s", recipes[i].op);
	}
	return 0;
}

static int gen_expr_ops(gen_out *g)
{
	xc_arch arch[2];
	xcase c;
	int rc = 0;

	if (check_recipes(g) != 0)
		return -1;
	if (xc_arch_open(&arch[0], 64, g->st) != 0)
		return -1;
	if (xc_arch_open(&arch[1], 32, g->st) != 0) {
		xc_arch_close(&arch[0]);
		return -1;
	}
	xc_init(&c);
	for (unsigned id = 0; id < HD_OP_COUNT && rc == 0; id++)
		rc = gen_op(g, &c, (hd_op_id)id, arch);
	xc_free(&c);
	xc_arch_close(&arch[1]);
	xc_arch_close(&arch[0]);
	return rc;
}

int gen_expr(gen_out *g)
{
	if (gen_expr_ops(g) != 0)
		return -1;
	return gen_expr_storage(g);
}
