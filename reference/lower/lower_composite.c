/* Structures, classes and unions and what lives in them: DebugTypeComposite,
 * DebugTypeMember, DebugTypeInheritance, DebugTypePtrToMember
 * (docs/lowering.md, one section each). */
#include <string.h>

#include "lower_type.h"

static hd_die *nomem(hd_lw *L, const hd_di_node *n)
{
	return L->failed ? NULL : hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
}

/* ---- DebugTypeComposite ---- */

static const struct {
	const char *name;
	uint16_t tag;
} composite_tags[] = {
	{ "Class", DW_TAG_class_type },
	{ "Structure", DW_TAG_structure_type },
	{ "Union", DW_TAG_union_type },
};

static uint16_t composite_tag(const hd_di_node *n)
{
	const char *t = hd_lw_enum(n, HD_O_Tag);

	for (size_t i = 0; t && i < sizeof composite_tags / sizeof composite_tags[0]; i++)
		if (strcmp(composite_tags[i].name, t) == 0)
			return composite_tags[i].tag;
	return 0;
}

/* The name, and whether it marks an opaque type. OpenCL.DebugInfo.100 section 2 and
 * DebugInfo 1.00 section 4.3 spell an opaque type (one the source never defines, such
 * as OpenCL's image and event types) with a leading '@' only to keep it
 * apart from user names; the source name is what follows. */
static int composite_name(hd_lw *L, hd_die *d, const hd_di_node *n, int *opaque)
{
	const char *s = hd_lower_nonempty(L, n, HD_O_Name);

	*opaque = s && s[0] == '@';
	if (*opaque)
		s++;
	return s && *s ? hd_die_string(L->u, d, DW_AT_name, s) : 0;
}

/* DW_TAG_class_type / structure_type / union_type (DWARF 5 section 5.7.1)
 * under its Parent, members in Members order. An opaque type and a
 * FlagFwdDecl one are declarations (DW_AT_declaration, no size): a reader
 * treats them as incomplete. 100's Linkage Name is not lowered: llvm-spirv
 * puts LLVM's ODR identifier there (a uniquing key, often the mangled
 * typeinfo name), and DWARF 5 has no attribute for a type's linkage name. */
hd_die *hd_lower_type_composite(hd_lw *L, const hd_di_node *n)
{
	uint16_t tag = composite_tag(n);
	hd_die *parent, *d;
	uint64_t bits;
	int opaque;
	hd_di_span sp;

	if (!tag)
		return hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", n, "unknown composite tag");
	parent = hd_lower_parent(L, hd_lw_word(n, HD_O_Parent));
	if (L->failed || !(d = hd_die_new(L->u, parent, tag)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (composite_name(L, d, n, &opaque) != 0 ||
	    (!opaque && hd_lw_number(L, n, HD_O_Size, &bits) == 0 &&
	     hd_lower_size_attr(L, d, bits) != 0) ||
	    (opaque && hd_die_flag(L->u, d, DW_AT_declaration) != 0) ||
	    hd_lw_decl(L, d, n) != 0)
		return nomem(L, n);
	if (hd_lower_flags(L, d, n, hd_lw_word(n, HD_O_Flags)) != 0)
		return NULL;
	if (hd_lw_span(n, HD_O_Members, &sp) == 0)
		for (uint32_t i = 0; i < sp.count && !L->failed; i++)
			hd_lower_id(L, n->args[sp.first + i]);
	return L->failed ? NULL : d;
}

/* A composite's children in its Members order (DWARF 5 5.7.6: as the source
 * declares them). Lowering follows references, so a member another
 * instruction reached first, before its composite (llvm-spirv writes
 * members before their composite), got its DIE early and out of turn. */
int hd_lower_order_members(hd_lw *L)
{
	for (uint32_t i = 0; i < L->m->nnodes; i++) {
		const hd_di_node *n = &L->m->nodes[i];
		hd_die *d = L->die_of[i], *dies[1024];
		uint32_t k = 0;
		hd_di_span sp;
		if (!d || !hd_lw_is(n, HD_K_DebugTypeComposite) || hd_lw_span(n, HD_O_Members, &sp) != 0 ||
		    sp.count > 1024)
			continue;
		for (uint32_t j = 0; j < sp.count; j++) {
			const hd_di_node *mem = hd_di_node_of(L->m, n->args[sp.first + j]);
			hd_die *md = mem ? L->die_of[mem - L->m->nodes] : NULL;
			if (md && md->parent == d)
				dies[k++] = md;
		}
		if (hd_lower_reorder(d, dies, k) != 0) {
			hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "no memory to order members");
			return -1;
		}
	}
	return 0;
}

/* ---- DebugTypeMember ---- */

/* Where a data member sits. Whole bytes of the member's own type size: the
 * byte offset as DW_AT_data_member_location. Anything else is a bit field:
 * DW_AT_data_bit_offset from the start of the containing type and
 * DW_AT_bit_size (DWARF 5 section 5.7.6, the DWARF 5 form that replaces
 * DW_AT_bit_offset). */
static int member_location(hd_lw *L, hd_die *d, const hd_di_node *n)
{
	uint64_t off = 0, bits = 0, type_bytes;
	int have_off = hd_lw_number(L, n, HD_O_Offset, &off) == 0;
	int have_size = hd_lw_number(L, n, HD_O_Size, &bits) == 0;

	type_bytes = hd_lower_type_size(L, hd_lw_word(n, HD_O_Type));
	if (have_size && (off % 8 || bits % 8 || (type_bytes && bits != type_bytes * 8)))
		return hd_die_udata(L->u, d, DW_AT_data_bit_offset, off) != 0 ||
		       hd_die_udata(L->u, d, DW_AT_bit_size, bits) != 0 ? -1 : 0;
	return have_off ? hd_die_udata(L->u, d, DW_AT_data_member_location, off / 8) : 0;
}

/* A data member: DW_TAG_member. A static one (FlagStaticMember, or a
 * Value, which only a static const member has) takes DWARF 5's form,
 * DW_TAG_variable inside the class (section 5.7.7), declared and external
 * (lower_flags.c), with DW_AT_const_value when the Value is known; its
 * definition is a DebugGlobalVariable pointing back here. */
int hd_lower_member_is_static(hd_lw *L, const hd_di_node *n)
{
	uint32_t value = hd_lw_word(n, HD_O_Value);

	return hd_lower_has_flag(L, n, hd_lw_word(n, HD_O_Flags), HD_FLAG_STATIC_MEMBER) ||
	       (value && !hd_lw_is_none(L, value));
}

hd_die *hd_lower_type_member(hd_lw *L, const hd_di_node *n)
{
	uint32_t flags = hd_lw_word(n, HD_O_Flags), value = hd_lw_word(n, HD_O_Value);
	int is_static = hd_lower_member_is_static(L, n);
	hd_die *parent = hd_lower_parent(L, hd_lower_member_of(L, n, HD_O_Parent)), *d;

	if (L->failed || !(d = hd_die_new(L->u, parent, is_static ? DW_TAG_variable :
	                                                            DW_TAG_member)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_name(L, d, n, HD_O_Name) != 0 ||
	    hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Type)) != 0 ||
	    hd_lw_decl(L, d, n) != 0)
		return nomem(L, n);
	if (is_static) {
		if (hd_die_flag(L->u, d, DW_AT_declaration) != 0 ||
		    hd_die_flag(L->u, d, DW_AT_external) != 0 ||
		    hd_lower_const_value(L, d, value, hd_lower_type_is_signed(L, hd_lw_word(n, HD_O_Type))) < 0)
			return nomem(L, n);
	} else if (member_location(L, d, n) != 0) {
		return nomem(L, n);
	}
	if (hd_lower_flags(L, d, n, flags) != 0)
		return NULL;
	return d;
}

/* ---- DebugTypeInheritance ---- */

/* DW_TAG_inheritance inside the derived class (Child), typed by the base
 * class (Parent), at its byte offset (DWARF 5 section 5.7.3); the access
 * flags give DW_AT_accessibility. */
hd_die *hd_lower_type_inheritance(hd_lw *L, const hd_di_node *n)
{
	hd_die *child = hd_lower_parent(L, hd_lower_member_of(L, n, HD_O_Child)), *d;
	uint64_t off;

	if (L->failed || !(d = hd_die_new(L->u, child, DW_TAG_inheritance)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Parent)) != 0 ||
	    (hd_lw_number(L, n, HD_O_Offset, &off) == 0 &&
	     hd_die_udata(L->u, d, DW_AT_data_member_location, off / 8) != 0))
		return nomem(L, n);
	if (hd_lower_flags(L, d, n, hd_lw_word(n, HD_O_Flags)) != 0)
		return NULL;
	return d;
}

/* ---- DebugTypePtrToMember ---- */

/* DW_TAG_ptr_to_member_type (DWARF 5 section 5.14): the member's type and
 * the class it is a member of. */
hd_die *hd_lower_type_ptr_to_member(hd_lw *L, const hd_di_node *n)
{
	hd_die *d = hd_die_new(L->u, L->u->root, DW_TAG_ptr_to_member_type);

	if (!d)
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Member_Type)) != 0 ||
	    hd_lw_type(L, d, DW_AT_containing_type, hd_lw_word(n, HD_O_Parent)) != 0)
		return nomem(L, n);
	return d;
}
