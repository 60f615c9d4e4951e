/* DebugInfoFlags → attributes (docs/lowering.md, "Flags"). One table, read
 * by enumerant name so that both sets, which number the shared flags alike
 * but where 1.00 lacks the last three, go through the same rows. */
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

static const struct {
	const char *flag;
	how how;
	uint16_t attr;
	uint64_t value;
	where where;
} rows[] = {
	/* FlagIsProtected, FlagIsPrivate, FlagIsPublic: a two-bit field, SPECIAL */
	{ "FlagIsLocal", SPECIAL, DW_AT_external, 0, ANY },
	{ "FlagIsDefinition", NOTHING, 0, 0, ANY },
	{ "FlagFwdDecl", FLAG, DW_AT_declaration, 0, ANY },
	{ "FlagArtificial", FLAG, DW_AT_artificial, 0, ANY },
	{ "FlagExplicit", FLAG, DW_AT_explicit, 0, FUNCTIONS },
	{ "FlagPrototyped", FLAG, DW_AT_prototyped, 0, FUNCTIONS },
	{ "FlagObjectPointer", SPECIAL, DW_AT_object_pointer, 0, ANY },
	{ "FlagStaticMember", SPECIAL, DW_AT_external, 0, ANY },
	{ "FlagIndirectVariable", NOTHING, 0, 0, ANY },
	{ "FlagLValueReference", FLAG, DW_AT_reference, 0, FUNCTIONS },
	{ "FlagRValueReference", FLAG, DW_AT_rvalue_reference, 0, FUNCTIONS },
	{ "FlagIsOptimized", NOTHING, 0, 0, ANY },
	{ "FlagIsEnumClass", FLAG, DW_AT_enum_class, 0, ENUMS },
	{ "FlagTypePassByValue", UDATA, DW_AT_calling_convention, DW_CC_pass_by_value, CLASSES },
	{ "FlagTypePassByReference", UDATA, DW_AT_calling_convention, DW_CC_pass_by_reference,
	  CLASSES },
};

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

/* The DebugInfoFlags enum for n: its own Flags operand's, else its set's
 * (1.00's grammar types some Flags operands as plain literals). */
static const hd_spv_enum *flags_enum(const hd_di_node *n)
{
	const hd_spv_set *set = n->set;

	for (int i = 0; n->inst && i < n->inst->noperands; i++)
		if (strcmp(n->inst->operands[i].name, "Flags") == 0 && n->inst->operands[i].en)
			return n->inst->operands[i].en;
	for (int i = 0; set->enums && set->enums[i]; i++)
		if (strcmp(set->enums[i]->name, "DebugInfoFlags") == 0)
			return set->enums[i];
	return NULL;
}

/* The bit value of the flag named name in en, 0 when en has no such flag. */
static uint32_t bit(const hd_spv_enum *en, const char *name)
{
	for (uint16_t i = 0; en && i < en->count; i++)
		if (strcmp(en->values[i].name, name) == 0)
			return en->values[i].value;
	return 0;
}

static int has(const hd_spv_enum *en, uint32_t flags, const char *name)
{
	uint32_t b = bit(en, name);
	return b && (flags & b) == b;
}

int hd_lower_has_flag(const hd_di_node *n, uint32_t flags, const char *name)
{
	return has(flags_enum(n), flags, name);
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
static int accessibility(hd_lw *L, hd_die *d, const hd_spv_enum *en, uint32_t flags)
{
	uint32_t prot = bit(en, "FlagIsProtected"), priv = bit(en, "FlagIsPrivate");
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
	return hd_lw_is(n, "DebugGlobalVariable") || hd_lw_is(n, "DebugFunction") ||
	       hd_lw_is(n, "DebugFunctionDeclaration");
}

/* The code-driven rows: external, static members, the object pointer. */
static int special(hd_lw *L, hd_die *d, const hd_di_node *n, const hd_spv_enum *en,
                   uint32_t flags)
{
	if (may_be_external(n, d) && !has(en, flags, "FlagIsLocal") &&
	    flag_once(L, d, DW_AT_external) != 0)
		return -1;
	/* A static data member is declared in its class and defined outside
	 * (DWARF 5 section 5.7.7): the member DIE is that declaration. */
	if (has(en, flags, "FlagStaticMember") && !hd_lw_is(n, "DebugGlobalVariable") &&
	    (flag_once(L, d, DW_AT_external) != 0 || flag_once(L, d, DW_AT_declaration) != 0))
		return -1;
	/* FlagObjectPointer marks the `this` parameter; DWARF puts the mark on
	 * the subprogram, as a reference to that parameter (DWARF 5 section
	 * 5.7.8). Only a formal parameter already under its subprogram can. */
	if (has(en, flags, "FlagObjectPointer") && d->tag == DW_TAG_formal_parameter &&
	    d->parent && (d->parent->tag == DW_TAG_subprogram ||
	                  d->parent->tag == DW_TAG_subroutine_type) &&
	    !hd_die_attr(d->parent, DW_AT_object_pointer))
		return hd_die_ref(L->u, d->parent, DW_AT_object_pointer, d);
	return 0;
}

int hd_lower_flags(hd_lw *L, hd_die *d, const hd_di_node *n, uint32_t flags)
{
	const hd_spv_enum *en = flags_enum(n);

	if (!d)
		return 0;
	if (accessibility(L, d, en, flags) != 0 || special(L, d, n, en, flags) != 0)
		goto nomem;
	for (size_t i = 0; i < NROWS; i++) {
		if (rows[i].how != FLAG && rows[i].how != UDATA)
			continue;
		if (!has(en, flags, rows[i].flag) || !applies(rows[i].where, d->tag) ||
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
