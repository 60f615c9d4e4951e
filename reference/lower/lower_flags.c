/* DebugInfoFlags → attributes (docs/lowering.md, "Flags"). One table, read
 * by enumerant name so that both sets, which number the shared flags alike
 * but where 1.00 lacks the last three, go through the same rows. */
#include <stdlib.h>
#include <string.h>

#include "lower_type.h"

typedef enum how {
	NOTHING,    /* documented as having no attribute of its own */
	FLAG,       /* attr as a present flag */
	UDATA,      /* attr = value */
	SPECIAL     /* handled in code below the table */
} how;

/* Which DIEs a row applies to: a flag that means something on one kind of
 * entry is meaningless on another (an rvalue-reference flag on a pointer is
 * the pointer's tag, decided by its handler, not an attribute). */
typedef enum where {
	ANY,
	FUNCTIONS,  /* DW_TAG_subprogram, DW_TAG_subroutine_type */
	CLASSES,    /* structure, class, union types */
	ENUMS       /* DW_TAG_enumeration_type */
} where;

/* The grammar's names of the flags below, read once per flags enum
 * (resolve) so that a node's flags are tested by bit, not by name. */
static const char *const flag_names[HD_FLAG_COUNT] = {
	[HD_FLAG_IS_PROTECTED] = "FlagIsProtected",
	[HD_FLAG_IS_PRIVATE] = "FlagIsPrivate",
	[HD_FLAG_IS_LOCAL] = "FlagIsLocal",
	[HD_FLAG_IS_DEFINITION] = "FlagIsDefinition",
	[HD_FLAG_FWD_DECL] = "FlagFwdDecl",
	[HD_FLAG_ARTIFICIAL] = "FlagArtificial",
	[HD_FLAG_EXPLICIT] = "FlagExplicit",
	[HD_FLAG_PROTOTYPED] = "FlagPrototyped",
	[HD_FLAG_OBJECT_POINTER] = "FlagObjectPointer",
	[HD_FLAG_STATIC_MEMBER] = "FlagStaticMember",
	[HD_FLAG_INDIRECT_VARIABLE] = "FlagIndirectVariable",
	[HD_FLAG_LVALUE_REFERENCE] = "FlagLValueReference",
	[HD_FLAG_RVALUE_REFERENCE] = "FlagRValueReference",
	[HD_FLAG_IS_OPTIMIZED] = "FlagIsOptimized",
	[HD_FLAG_IS_ENUM_CLASS] = "FlagIsEnumClass",
	[HD_FLAG_PASS_BY_VALUE] = "FlagTypePassByValue",
	[HD_FLAG_PASS_BY_REFERENCE] = "FlagTypePassByReference",
};

static const struct {
	hd_lower_flag flag;
	how how;
	uint16_t attr;
	uint64_t value;
	where where;
} rows[] = {
	/* FlagIsProtected, FlagIsPrivate, FlagIsPublic: a two-bit field, SPECIAL */
	{ HD_FLAG_IS_LOCAL, SPECIAL, DW_AT_external, 0, ANY },
	{ HD_FLAG_IS_DEFINITION, NOTHING, 0, 0, ANY },
	{ HD_FLAG_FWD_DECL, FLAG, DW_AT_declaration, 0, ANY },
	{ HD_FLAG_ARTIFICIAL, FLAG, DW_AT_artificial, 0, ANY },
	{ HD_FLAG_EXPLICIT, FLAG, DW_AT_explicit, 0, FUNCTIONS },
	{ HD_FLAG_PROTOTYPED, FLAG, DW_AT_prototyped, 0, FUNCTIONS },
	{ HD_FLAG_OBJECT_POINTER, SPECIAL, DW_AT_object_pointer, 0, ANY },
	{ HD_FLAG_STATIC_MEMBER, SPECIAL, DW_AT_external, 0, ANY },
	{ HD_FLAG_INDIRECT_VARIABLE, NOTHING, 0, 0, ANY },
	{ HD_FLAG_LVALUE_REFERENCE, FLAG, DW_AT_reference, 0, FUNCTIONS },
	{ HD_FLAG_RVALUE_REFERENCE, FLAG, DW_AT_rvalue_reference, 0, FUNCTIONS },
	{ HD_FLAG_IS_OPTIMIZED, NOTHING, 0, 0, ANY },
	{ HD_FLAG_IS_ENUM_CLASS, FLAG, DW_AT_enum_class, 0, ENUMS },
	{ HD_FLAG_PASS_BY_VALUE, UDATA, DW_AT_calling_convention, DW_CC_pass_by_value, CLASSES },
	{ HD_FLAG_PASS_BY_REFERENCE, UDATA, DW_AT_calling_convention, DW_CC_pass_by_reference,
	  CLASSES },
};

/* inst_flags' mark for an instruction known to have no flags enum */
static const hd_spv_enum no_enum;
#define NO_ENUM (&no_enum)

#define NROWS (sizeof rows / sizeof rows[0])

static int applies(where w, uint16_t tag)
{
	switch (w) {
	case FUNCTIONS:
		return tag == DW_TAG_subprogram || tag == DW_TAG_subroutine_type;
	case CLASSES:
		return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
		       tag == DW_TAG_union_type;
	case ENUMS:
		return tag == DW_TAG_enumeration_type;
	default:
		return 1;
	}
}

/* The DebugInfoFlags enum of instruction in of set: its own Flags
 * operand's, else its set's (1.00's grammar types some Flags operands as
 * plain literals). */
static const hd_spv_enum *find_flags_enum(const hd_spv_set *set, const hd_spv_inst *in)
{
	for (int i = 0; in && i < in->noperands; i++)
		if (strcmp(in->operands[i].name, "Flags") == 0 && in->operands[i].en)
			return in->operands[i].en;
	for (int i = 0; set->enums && set->enums[i]; i++)
		if (strcmp(set->enums[i]->name, "DebugInfoFlags") == 0)
			return set->enums[i];
	return NULL;
}

/* The bit value of the flag named name in en, 0 when en has no such flag. */
static uint32_t find_bit(const hd_spv_enum *en, const char *name)
{
	for (uint16_t i = 0; en && i < en->count; i++)
		if (strcmp(en->values[i].name, name) == 0)
			return en->values[i].value;
	return 0;
}

/* The bits of every hd_lower_flag in en, found by name once per lowering:
 * a module has thousands of nodes with flags but at most a few flags
 * enums, and the names are the only link between a flag and its value.
 * NULL when memory runs out. */
static const uint32_t *resolve(hd_lw *L, const hd_spv_enum *en)
{
	hd_lw_flagbits *fb;

	for (uint32_t i = 0; i < L->nflagbits; i++)
		if (L->flagbits[i].en == en)
			return L->flagbits[i].bit;
	if (hd_lower_grow(L, (void **)&L->flagbits, sizeof *L->flagbits, L->nflagbits,
	                  &L->flagbits_cap) != 0)
		return NULL;
	fb = &L->flagbits[L->nflagbits++];
	fb->en = en;
	for (int f = 0; f < HD_FLAG_COUNT; f++)
		fb->bit[f] = find_bit(en, flag_names[f]);
	return fb->bit;
}

/* The flag bits for node n: those of its instruction's flags enum, found
 * once per instruction (inst_flags caches the enum by set and opcode
 * index). NULL when memory runs out. */
static const uint32_t *bits_of(hd_lw *L, const hd_di_node *n)
{
	const hd_spv_enum *en;
	const hd_spv_enum **slot = NULL;
	uint8_t set = n->set->id;

	if (n->inst && set < HD_SET_COUNT) {
		if (!L->inst_flags[set]) {
			L->inst_flags[set] = calloc(n->set->ninsts, sizeof *L->inst_flags[set]);
			if (!L->inst_flags[set])
				return NULL;
		}
		slot = &L->inst_flags[set][n->inst - n->set->insts];
		if (*slot)
			return resolve(L, *slot == NO_ENUM ? NULL : *slot);
	}
	en = find_flags_enum(n->set, n->inst);
	if (slot)
		*slot = en ? en : NO_ENUM;
	return resolve(L, en);
}

static int has(const uint32_t *bits, uint32_t flags, hd_lower_flag f)
{
	uint32_t b = bits[f];
	return b && (flags & b) == b;
}

int hd_lower_has_flag(hd_lw *L, const hd_di_node *n, uint32_t flags, hd_lower_flag f)
{
	const uint32_t *bits = bits_of(L, n);

	if (!bits) {
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
		return 0;
	}
	return has(bits, flags, f);
}

/* Attributes are added at most once: several flags may imply the same one
 * (FlagStaticMember and non-local both say external), and a handler may
 * have set it already. */
static int flag_once(hd_lw *L, hd_die *d, uint16_t attr)
{
	return hd_die_attr(d, attr) ? 0 : hd_die_flag(L->u, d, attr);
}

/* DW_AT_accessibility from the two access bits: protected 1, private 2,
 * both (FlagIsPublic) 3 (OpenCL.DebugInfo.100 section 3.2). Written whenever the flags
 * name one, even the language's default, so no reader has to know which
 * default the source language had. */
static int accessibility(hd_lw *L, hd_die *d, const uint32_t *bits, uint32_t flags)
{
	uint32_t prot = bits[HD_FLAG_IS_PROTECTED], priv = bits[HD_FLAG_IS_PRIVATE];
	uint64_t acc;

	if ((flags & (prot | priv)) == (prot | priv))
		acc = DW_ACCESS_public;
	else if (flags & prot)
		acc = DW_ACCESS_protected;
	else if (flags & priv)
		acc = DW_ACCESS_private;
	else
		return 0;
	return hd_die_attr(d, DW_AT_accessibility) ? 0 :
	       hd_die_udata(L->u, d, DW_AT_accessibility, acc);
}

/* Whether n declares something with linkage, where DW_AT_external says
 * "visible outside its unit" (DWARF 5 sections 3.3.1, 4.1 item 5) unless
 * FlagIsLocal says otherwise. */
static int may_be_external(const hd_di_node *n, const hd_die *d)
{
	if (d->tag != DW_TAG_variable && d->tag != DW_TAG_subprogram)
		return 0;
	/* A definition completing a declaration (DW_AT_specification) takes
	 * its visibility from the declaration (DWARF 5 section 2.13.2). */
	if (hd_die_attr(d, DW_AT_specification))
		return 0;
	return hd_lw_is(n, HD_K_DebugGlobalVariable) || hd_lw_is(n, HD_K_DebugFunction) ||
	       hd_lw_is(n, HD_K_DebugFunctionDeclaration);
}

/* The code-driven rows: external, static members, the object pointer. */
static int special(hd_lw *L, hd_die *d, const hd_di_node *n, const uint32_t *bits,
                   uint32_t flags)
{
	if (may_be_external(n, d) && !has(bits, flags, HD_FLAG_IS_LOCAL) &&
	    flag_once(L, d, DW_AT_external) != 0)
		return -1;
	/* A static data member is declared in its class and defined outside
	 * (DWARF 5 section 5.7.7): the member DIE is that declaration. */
	if (has(bits, flags, HD_FLAG_STATIC_MEMBER) && !hd_lw_is(n, HD_K_DebugGlobalVariable) &&
	    (flag_once(L, d, DW_AT_external) != 0 || flag_once(L, d, DW_AT_declaration) != 0))
		return -1;
	/* FlagObjectPointer marks the `this` parameter; DWARF puts the mark on
	 * the subprogram, as a reference to that parameter (DWARF 5 section
	 * 5.7.8). Only a formal parameter already under its subprogram can. */
	if (has(bits, flags, HD_FLAG_OBJECT_POINTER) && d->tag == DW_TAG_formal_parameter &&
	    d->parent && (d->parent->tag == DW_TAG_subprogram ||
	                  d->parent->tag == DW_TAG_subroutine_type) &&
	    !hd_die_attr(d->parent, DW_AT_object_pointer))
		return hd_die_ref(L->u, d->parent, DW_AT_object_pointer, d);
	return 0;
}

int hd_lower_flags(hd_lw *L, hd_die *d, const hd_di_node *n, uint32_t flags)
{
	const uint32_t *bits;

	if (!d)
		return 0;
	if (!(bits = bits_of(L, n)) || accessibility(L, d, bits, flags) != 0 ||
	    special(L, d, n, bits, flags) != 0)
		goto nomem;
	if (flags == 0)  /* no row's flag is set: most nodes */
		return 0;
	for (size_t i = 0; i < NROWS; i++) {
		if (rows[i].how != FLAG && rows[i].how != UDATA)
			continue;
		if (!has(bits, flags, rows[i].flag) || !applies(rows[i].where, d->tag) ||
		    hd_die_attr(d, rows[i].attr))
			continue;
		if (rows[i].how == FLAG ? hd_die_flag(L->u, d, rows[i].attr) != 0 :
		    hd_die_udata(L->u, d, rows[i].attr, rows[i].value) != 0)
			goto nomem;
	}
	return 0;
nomem:
	hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	return -1;
}
