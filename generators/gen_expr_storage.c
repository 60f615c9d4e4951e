/* gen_expr, second part: every kind of location storage (DWARF Extensions for Heterogeneous Debugging "DWARF
 * Location Description": memory in each address space, registers, implicit,
 * undefined, composite, implicit pointer) as the input of every operation
 * that takes a location description from the stack.
 *
 * A few combinations are errors by the extension's rules; they are still
 * written, as negative cases, because they show where a rule bites (a
 * location that is not a value, reading undefined storage, an incomplete
 * composite used as a location). expected_error() says which, and why. */
#include <stdio.h>
#include <string.h>

#include "gen_expr_case.h"

enum {
	K_WAVES = 1u << 0,      /* registers or lanes: both wave sizes */
	K_MEMORY = 1u << 1,     /* a memory location; aspace and addr say where */
	K_UNDEF = 1u << 2,      /* reading it is an error */
	K_IPTR = 1u << 3,       /* implicit-pointer storage: only a whole read works */
	K_INCOMPLETE = 1u << 4, /* an incomplete composite */
	K_VALUE = 1u << 5       /* converts to a value as it is (default-space memory) */
};

/* One kind of location on the stack. */
typedef struct storage {
	const char *name;
	const char *setup;     /* directives, '\n'-separated */
	const char *make;      /* ops that push the location */
	unsigned flags;        /* K_* */
	int lane;              /* context lane, -1 for none */
	unsigned bits;         /* storage bits from the location on; 0: the rest of a
	                          VGPR from lane 5 (depends on the wave size) */
	const char *aspace;    /* K_MEMORY: the address space number and the */
	const char *addr;      /* address, as ops pushing them (for DW_OP_xderef*) */
	const char *to_value;  /* K_IPTR: ops reading the pointer value */
	const char *value_as;  /* K_IPTR, K_VALUE: the address space to form with */
	hd_op_id needs;        /* an operation the kind uses that a profile may lack */
} storage;

#define BYTES16 "= 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10"
#define NO_OP HD_OP_COUNT

static const storage kinds[] = {
	{ "memory-global", "mem global 0x2000 " BYTES16, "addr 0x2000", K_MEMORY | K_VALUE, -1,
	  64, "lit0", "const2u 0x2000", NULL, "lit0", NO_OP },
	{ "memory-generic", "mem generic 0x2000 " BYTES16,
	  "const2u 0x2000; lit1; LLVM_form_aspace_address", K_MEMORY, -1, 64, "lit1",
	  "const2u 0x2000", NULL, NULL, NO_OP },
	/* the generic private aperture reaches the lane's private memory */
	{ "memory-generic-private", "mem private_lane:5 0x10 " BYTES16,
	  "const8u 0x0002000000000010; lit1; LLVM_form_aspace_address", K_MEMORY | K_WAVES, 5, 64,
	  "lit1", "const8u 0x0002000000000010", NULL, NULL, NO_OP },
	{ "memory-region", "mem region 0x20 " BYTES16,
	  "const1u 0x20; lit2; LLVM_form_aspace_address", K_MEMORY, -1, 64, "lit2",
	  "const1u 0x20", NULL, NULL, NO_OP },
	{ "memory-local", "mem local 0x40 " BYTES16, "const1u 0x40; lit3; LLVM_form_aspace_address",
	  K_MEMORY, -1, 64, "lit3", "const1u 0x40", NULL, NULL, NO_OP },
	{ "memory-private-lane", "mem private_lane:5 0x10 " BYTES16,
	  "lit16; lit5; LLVM_form_aspace_address", K_MEMORY | K_WAVES, 5, 64, "lit5", "lit16",
	  NULL, NULL, NO_OP },
	{ "memory-private-wave", "mem private_wave 0x100 " BYTES16,
	  "const2u 0x100; lit6; LLVM_form_aspace_address", K_MEMORY, -1, 64, "lit6",
	  "const2u 0x100", NULL, NULL, NO_OP },
	{ "register-sgpr", "reg s33 = 0x11223344", "regx s33", K_WAVES, -1, 32, NULL, NULL, NULL,
	  NULL, NO_OP },
	{ "register-pc", "reg pc = 0x1122334455667788", "regx pc", 0, -1, 64, NULL, NULL, NULL,
	  NULL, NO_OP },
	/* the focused lane's dword of a VGPR (docs/amdgpu-facts.md, "VGPR variable") */
	{ "register-vgpr-lane", "reg v7 lane 5 = 0x11223344\nreg v7 lane 6 = 0x55667788",
	  "regx v7; LLVM_push_lane; lit4; mul; LLVM_offset", K_WAVES, 5, 0, NULL, NULL, NULL, NULL,
	  NO_OP },
	{ "implicit-value", "", "implicit_value [11 22 33 44 55 66 77 88]", 0, -1, 64, NULL, NULL,
	  NULL, NULL, NO_OP },
	{ "implicit-stack-value", "", "const4u 0x11223344; stack_value", 0, -1, 64, NULL, NULL,
	  NULL, NULL, NO_OP },
	{ "undefined", "", "LLVM_undefined", K_UNDEF, -1, 64, NULL, NULL, NULL, NULL, NO_OP },
	{ "composite", "reg s33 = 0x11223344\nmem global 0x2000 " BYTES16,
	  "regx s33; piece 4; addr 0x2000; piece 4; LLVM_piece_end", 0, -1, 64, NULL, NULL, NULL,
	  NULL, NO_OP },
	{ "composite-incomplete", "reg s33 = 0x11223344", "regx s33; piece 4", K_INCOMPLETE, -1,
	  32, NULL, NULL, NULL, NULL, NO_OP },
	{ "implicit-pointer", "die 0x80 location: addr 0x2000\nmem global 0x2000 " BYTES16,
	  "implicit_pointer 0x80 0", K_IPTR, -1, 64, NULL, NULL, "deref", "lit0", NO_OP },
	{ "implicit-pointer-local",
	  "die 0x84 location: const1u 0x40; lit3; LLVM_form_aspace_address\n"
	  "mem local 0x40 " BYTES16,
	  "lit3; LLVM_aspace_implicit_pointer 0x84 0", K_IPTR, -1, 32, NULL, NULL, "deref_size 4",
	  "lit3", HD_OP_LLVM_aspace_implicit_pointer },
};

enum {
	L_VALUE = 1u << 0,   /* reads a value through the location */
	L_TYPES = 1u << 1,   /* needs the base type int32 at 0x30 */
	L_XDEREF = 1u << 2,  /* memory kinds only: takes address space and address values */
	L_APPENDS = 1u << 3, /* adds a part to an incomplete composite on top */
	L_FORM = 1u << 4     /* LLVM_form_aspace_address with the location as its value */
};

/* One operation applied to the location S: `before; S; after`. */
typedef struct locop {
	const char *name;
	const char *before;
	const char *after;
	unsigned need;    /* bits of the storage the operation uses */
	unsigned shift;   /* bits the result is moved along the storage */
	unsigned result;  /* bits of a new composite; 0: the location moved by shift */
	unsigned flags;   /* L_* */
} locop;

static const locop locops[] = {
	{ "offset", "", "lit1; LLVM_offset", 8, 8, 0, 0 },
	{ "offset-uconst", "", "LLVM_offset_uconst 2", 16, 16, 0, 0 },
	{ "bit-offset", "", "lit3; LLVM_bit_offset", 3, 3, 0, 0 },
	{ "piece", "", "piece 4", 32, 0, 32, L_APPENDS },
	{ "bit-piece", "", "bit_piece 12 4", 16, 0, 12, L_APPENDS },
	{ "piece-end", "", "piece 4; LLVM_piece_end", 32, 0, 32, L_APPENDS },
	{ "extend", "", "LLVM_extend 16 2", 16, 0, 32, 0 },
	/* S as L0 (mask bits 0 and 2 pick L1) and as L1 */
	{ "select-l0", "", "implicit_value [a0 a1 a2 a3]; lit5; LLVM_select_bit_piece 8 4", 32, 0,
	  32, 0 },
	{ "select-l1", "implicit_value [a0 a1 a2 a3]", "lit5; LLVM_select_bit_piece 8 4", 32, 0,
	  32, 0 },
	{ "deref", "", "deref", 64, 0, 0, L_VALUE },
	{ "deref-size", "", "deref_size 4", 32, 0, 0, L_VALUE },
	{ "deref-type", "", "deref_type 4 0x30", 32, 0, 0, L_VALUE | L_TYPES },
	{ "xderef", "", "xderef", 64, 0, 0, L_VALUE | L_XDEREF },
	{ "xderef-size", "", "xderef_size 4", 32, 0, 0, L_VALUE | L_XDEREF },
	{ "xderef-type", "", "xderef_type 4 0x30", 32, 0, 0, L_VALUE | L_XDEREF | L_TYPES },
	{ "form-aspace-address", "", "LLVM_form_aspace_address", 0, 0, 0, L_FORM },
	{ "dup", "", "dup", 0, 0, 0, 0 },
	{ "drop", "", "dup; drop", 0, 0, 0, 0 },
	{ "swap", "", "lit1; swap", 0, 0, 0, 0 },
	{ "over", "", "lit1; over", 0, 0, 0, 0 },
	{ "pick", "", "lit1; lit2; pick 2", 0, 0, 0, 0 },
	{ "rot", "lit1", "lit2; rot", 0, 0, 0, 0 },
};

#define NKINDS (sizeof kinds / sizeof kinds[0])
#define NLOCOPS (sizeof locops / sizeof locops[0])

static unsigned storage_bits(const storage *k, unsigned wave)
{
	return k->bits ? k->bits : (wave - 5) * 32;
}

/* The reason code of a combination the extension makes an error, NULL when it
 * gives a value or a location. */
static const char *expected_error(const storage *k, const locop *o, unsigned wave)
{
	unsigned bits = storage_bits(k, wave);

	/* DWARF Extensions for Heterogeneous Debugging Composite Location Description Operations: an incomplete
	 * composite may only be added to or completed */
	if (k->flags & K_INCOMPLETE)
		return (o->flags & L_APPENDS) ? NULL : "incomplete-composite";
	/* Memory Location Description Operations item 3 takes a value; a location
	 * converts to one only as a default-space byte address, an implicit
	 * pointer only once read as an implicit pointer value */
	if (o->flags & L_FORM)
		return (k->flags & (K_VALUE | K_IPTR)) ? NULL : "not-a-value";
	if (o->flags & L_VALUE) {
		if (k->flags & K_UNDEF)
			return "undefined-read";
		/* docs/evaluator.md "Implicit pointers": only the whole storage */
		if ((k->flags & K_IPTR) && o->need < bits)
			return "implicit-pointer-partial";
		if (o->need > bits)
			return "out-of-bounds";
		return NULL;
	}
	if (o->need > bits)
		return "part-out-of-range";
	return NULL;
}

/* Bits to read through the outcome: what the location still has, at most
 * 64; nothing after a value, an error, or through storage that cannot be
 * read (undefined, implicit pointer). */
static unsigned read_bits(const storage *k, const locop *o, unsigned wave)
{
	unsigned bits = storage_bits(k, wave);

	if (o->flags & L_FORM)
		return 64;  /* a memory location in every positive case */
	if ((o->flags & L_VALUE) || (k->flags & (K_UNDEF | K_IPTR)))
		return 0;
	if (o->result > 0)
		return o->result;
	if (k->flags & K_INCOMPLETE)
		return 0;
	bits -= o->shift;
	return bits < 64 ? bits : 64;
}

/* The ops that put the input of o on the stack: the location itself, or
 * for DW_OP_xderef* the address space and address values, or for
 * LLVM_form_aspace_address a value and the address space to form. */
static void add_input(xcase *c, const storage *k, const locop *o)
{
	if (o->flags & L_XDEREF) {
		xc_ops(c, "%s; %s", k->aspace, k->addr);
		return;
	}
	xc_ops(c, "%s", k->make);
	if (o->flags & L_FORM) {
		if (k->to_value != NULL)
			xc_ops(c, "%s", k->to_value);
		xc_ops(c, "%s", k->value_as != NULL ? k->value_as : "lit0");
	}
}

static int write_combination(gen_out *g, xcase *c, const storage *k, const locop *o,
                             hd_profile p, unsigned wave)
{
	char name[160];
	const char *err = expected_error(k, o, wave);

	xc_start(c, p, wave);
	xc_about(c, "Storage kind %s as the input of %s (DWARF Extensions for Heterogeneous Debugging DWARF Location Description;",
	         k->name, o->name);
	xc_about(c, "the operation's own section for what it does with it).");
	if (err != NULL) {
		xc_about(c, "The extension makes this combination an error: a negative case.");
		c->rule = err;
	}
	c->lane = k->lane;
	xc_lines(c, k->setup);
	if (o->flags & L_TYPES)
		xc_line(c, "type 0x30 int32 signed 32");
	xc_ops(c, "%s", o->before);
	add_input(c, k, o);
	xc_ops(c, "%s", o->after);
	c->read_bits = err == NULL ? read_bits(k, o, wave) : 0;
	snprintf(name, sizeof name, "storage-%s-%s-%s%s", k->name, o->name, hd_profile_name(p),
	         wave == 32 ? "-wave32" : "");
	return xc_write(g, c, name);
}

/* Each combination is written once per wave size it depends on; the
 * profiles take turns (the op cases already have every operation in both),
 * unless the kind needs an operation only one profile encodes. */
static hd_profile profile_for(const storage *k, size_t turn)
{
	hd_profile p = turn % 2 ? HD_PROFILE_LLVM_USER : HD_PROFILE_AMDGPU_V0;

	if (k->needs != NO_OP && !hd_op_encodable(k->needs, p))
		p = p == HD_PROFILE_AMDGPU_V0 ? HD_PROFILE_LLVM_USER : HD_PROFILE_AMDGPU_V0;
	return p;
}

int gen_expr_storage(gen_out *g)
{
	xcase c;
	size_t turn = 0;
	int rc = 0;

	xc_init(&c);
	for (size_t ki = 0; ki < NKINDS && rc == 0; ki++) {
		const storage *k = &kinds[ki];

		for (size_t oi = 0; oi < NLOCOPS && rc == 0; oi++) {
			const locop *o = &locops[oi];

			/* the xderef forms address memory by number; other kinds
			 * have no address space and address to give them */
			if ((o->flags & L_XDEREF) && !(k->flags & K_MEMORY))
				continue;
			rc = write_combination(g, &c, k, o, profile_for(k, turn++), 64);
			if (rc == 0 && (k->flags & K_WAVES))
				rc = write_combination(g, &c, k, o, profile_for(k, turn++), 32);
		}
	}
	xc_free(&c);
	return rc;
}
