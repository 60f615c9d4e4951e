/* The type instructions with no members: basic, pointer, qualifier, array,
 * vector, typedef, function and enum types (docs/lowering.md, one section
 * each), and the size of a type for the placement. Composites are
 * lower_composite.c, templates lower_template.c. */
#include <stdio.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "amdgpu/model.h"
#include "lower_type.h"

/* Deeper chains of typedefs and qualifiers than this are a cycle the
 * validator missed; the size and signedness walks stop there. */
#define MAX_DEPTH 64

/* ---- shared helpers (lower_type.h) ---- */

static hd_die *nomem(hd_lw *L, const hd_di_node *n)
{
	return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
}

int hd_lower_size_attr(hd_lw *L, hd_die *d, uint64_t bits)
{
	if (bits % 8 == 0)
		return hd_die_udata(L->u, d, DW_AT_byte_size, bits / 8);
	return hd_die_udata(L->u, d, DW_AT_bit_size, bits);
}

const char *hd_lower_nonempty(hd_lw *L, const hd_di_node *n, hd_spv_oname operand)
{
	const char *s = hd_lw_string(L, n, operand);
	return s && *s ? s : NULL;
}

/* The node a type id names after typedefs and qualifiers, or NULL. */
static const hd_di_node *strip(hd_lw *L, uint32_t id)
{
	const hd_di_node *n = hd_di_node_of(L->m, id);

	for (int depth = 0; n && depth < MAX_DEPTH; depth++) {
		if (!hd_lw_is(n, HD_K_DebugTypedef) && !hd_lw_is(n, HD_K_DebugTypeQualifier))
			return n;
		n = hd_di_node_of(L->m, hd_lw_word(n, HD_O_Base_Type));
	}
	return NULL;
}

int hd_lower_type_is_signed(hd_lw *L, uint32_t type)
{
	const hd_di_node *n = strip(L, type);
	const char *enc;

	if (hd_lw_is(n, HD_K_DebugTypeEnum))
		n = strip(L, hd_lw_word(n, HD_O_Underlying_Type));
	if (!hd_lw_is(n, HD_K_DebugTypeBasic) || !(enc = hd_lw_enum(n, HD_O_Encoding)))
		return 0;
	return strcmp(enc, "Signed") == 0 || strcmp(enc, "SignedChar") == 0;
}

int hd_lower_const_value(hd_lw *L, hd_die *d, uint32_t id, int is_signed)
{
	const hd_spv_insn *in = hd_spv_def_insn(L->m, id);
	uint64_t v;
	unsigned width;
	int sgn, rc;

	if (!in)
		return 0;
	switch (in->opcode) {
	case SpvOpConstantTrue:
	case SpvOpConstantFalse:
		rc = hd_die_udata(L->u, d, DW_AT_const_value, in->opcode == SpvOpConstantTrue);
		break;
	case SpvOpConstantNull:
		rc = hd_die_udata(L->u, d, DW_AT_const_value, 0);
		break;
	case SpvOpConstant:
		if (hd_spv_int_constant(L->m, id, &v, &width, &sgn) == 0) {
			/* Kernel modules have only unsigned OpTypeInt: the debug
			 * type says whether the bits are a negative number. */
			if (is_signed && width < 64 && (v >> (width - 1) & 1))
				v |= ~(uint64_t)0 << width;
			rc = is_signed ? hd_die_sdata(L->u, d, DW_AT_const_value, (int64_t)v) :
			     hd_die_udata(L->u, d, DW_AT_const_value, v);
		} else {
			/* A float: its value's bytes, little-endian words. */
			rc = hd_die_block(L->u, d, DW_AT_const_value,
			                  (const uint8_t *)(L->m->words + in->offset + 3),
			                  (size_t)(in->nwords - 3) * 4);
		}
		break;
	default:
		return 0;
	}
	if (rc != 0) {
		nomem(L, NULL);
		return -1;
	}
	return 1;
}

/* ---- DebugTypeBasic ---- */

/* Encoding enumerant → DW_ATE_*, by name: 100 renumbered the values but
 * kept the names (docs/amdgpu-facts.md, 1.00 differences). */
static const struct {
	const char *name;
	uint8_t ate;
} encodings[] = {
	{ "Address", DW_ATE_address },
	{ "Boolean", DW_ATE_boolean },
	{ "Float", DW_ATE_float },
	{ "Signed", DW_ATE_signed },
	{ "SignedChar", DW_ATE_signed_char },
	{ "Unsigned", DW_ATE_unsigned },
	{ "UnsignedChar", DW_ATE_unsigned_char },
};

static unsigned encoding(const char *name)
{
	for (size_t i = 0; name && i < sizeof encodings / sizeof encodings[0]; i++)
		if (strcmp(encodings[i].name, name) == 0)
			return encodings[i].ate;
	return 0;
}

/* A named scalar: DW_TAG_base_type. Unspecified has no DW_ATE value; it is
 * how producers carry C++'s nullptr_t and the like, which DWARF 5 section
 * 5.2 describes as DW_TAG_unspecified_type with only a name. */
hd_die *hd_lower_type_basic(hd_lw *L, const hd_di_node *n)
{
	unsigned ate = encoding(hd_lw_enum(n, HD_O_Encoding));
	hd_die *d = hd_die_new(L->u, L->u->root, ate ? DW_TAG_base_type : DW_TAG_unspecified_type);
	uint64_t bits;

	if (!d)
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_name(L, d, n, HD_O_Name) != 0)
		return nomem(L, n);
	if (!ate)
		return d;
	if (hd_die_udata(L->u, d, DW_AT_encoding, ate) != 0 ||
	    (hd_lw_number(L, n, HD_O_Size, &bits) == 0 && hd_lower_size_attr(L, d, bits) != 0))
		return nomem(L, n);
	return d;
}

/* ---- DebugTypePointer ---- */

/* llvm-spirv writes this storage class when the LLVM pointer had no
 * address space of its own (docs/amdgpu-facts.md). */
#define STORAGE_NONE 0xffffffffu

/* A pointer's Storage Class operand; STORAGE_NONE when it has none. */
static uint32_t storage_class(const hd_di_node *n)
{
	hd_di_span sp;

	return hd_lw_span(n, HD_O_Storage_Class, &sp) == 0 ? n->args[sp.first] : STORAGE_NONE;
}

/* The memory a pointer points into: DW_AT_address_class with DWARF Extensions for Heterogeneous Debugging's
 * DW_ADDR_LLVM_* numbers in the amdgpu-v0 profile, DW_AT_LLVM_memory_space
 * with the same numbers in llvm-user (where DW_AT_address_class is left to
 * its DWARF 5 meaning). Nothing for the default (none). */
static int memory_space(hd_lw *L, hd_die *d, uint32_t sc)
{
	uint32_t cls = sc == STORAGE_NONE ? HD_DW_ADDR_LLVM_none : hd_lw_addr_class(sc);

	if (cls == HD_DW_ADDR_LLVM_none)
		return 0;
	if (L->opt.profile == HD_PROFILE_AMDGPU_V0)
		return hd_die_udata(L->u, d, DW_AT_address_class, cls);
	return hd_lw_xat_udata(L, d, HD_XAT_memory_space, cls);
}

/* A pointer's bytes on AMDGPU: the width of an address in the address
 * space its storage class lives in (AMDGPUUsage, "Address Spaces"). Local
 * and private addresses are 32 bits, global and generic ones 64, which is
 * what clang writes for amdgcn (a 32-bit pointer to addrspace 3 or 5). */
static unsigned pointer_bytes(uint32_t sc)
{
	hd_aspace_info info;

	if (sc == STORAGE_NONE || hd_amdgpu_aspace_info(hd_lw_aspace(sc), &info) != 0)
		return 8;
	return info.addr_bits / 8;
}

/* Pointer or C++ reference: the reference flags pick the tag (DWARF 5
 * section 5.3), as DebugInfo 1.00 section 4.3 describes the instruction as
 * "pointer or reference". The byte size is written even where it is the
 * unit's address size, so no reader has to know AMDGPU's 32-bit spaces. */
hd_die *hd_lower_type_pointer(hd_lw *L, const hd_di_node *n)
{
	uint32_t flags = hd_lw_word(n, HD_O_Flags), sc = storage_class(n);
	uint16_t tag = DW_TAG_pointer_type;
	hd_die *d;

	if (hd_lower_has_flag(L, n, flags, HD_FLAG_LVALUE_REFERENCE))
		tag = DW_TAG_reference_type;
	else if (hd_lower_has_flag(L, n, flags, HD_FLAG_RVALUE_REFERENCE))
		tag = DW_TAG_rvalue_reference_type;
	d = hd_die_new(L->u, L->u->root, tag);
	if (!d)
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_die_udata(L->u, d, DW_AT_byte_size, pointer_bytes(sc)) != 0 ||
	    memory_space(L, d, sc) != 0 ||
	    hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Base_Type)) != 0)
		return L->failed ? NULL : nomem(L, n);
	if (hd_lower_flags(L, d, n, flags) != 0)
		return NULL;
	return d;
}

/* ---- DebugTypeQualifier ---- */

static const struct {
	const char *name;
	uint16_t tag;
} qualifiers[] = {
	{ "ConstType", DW_TAG_const_type },
	{ "VolatileType", DW_TAG_volatile_type },
	{ "RestrictType", DW_TAG_restrict_type },
	{ "AtomicType", DW_TAG_atomic_type },   /* 100 only */
};

/* One qualifier per instruction (DebugInfo 1.00 section 4.3: several qualifiers
 * are a chain), one modifier DIE each (DWARF 5 section 5.3). */
hd_die *hd_lower_type_qualifier(hd_lw *L, const hd_di_node *n)
{
	const char *q = hd_lw_enum(n, HD_O_Type_Qualifier);
	hd_die *d;
	size_t i;

	for (i = 0; q && i < sizeof qualifiers / sizeof qualifiers[0]; i++)
		if (strcmp(qualifiers[i].name, q) == 0)
			break;
	if (!q || i == sizeof qualifiers / sizeof qualifiers[0])
		return hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", n,
		                     "unknown type qualifier");
	d = hd_die_new(L->u, L->u->root, qualifiers[i].tag);
	if (!d)
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Base_Type)) != 0)
		return L->failed ? NULL : nomem(L, n);
	return d;
}

/* ---- DebugTypeArray ---- */

/* One dimension: DW_TAG_subrange_type with DW_AT_count. A constant count
 * is the number; a variable (a VLA's hidden size) is a reference to its
 * DIE, which DWARF 5 section 5.13 allows for bounds and counts;
 * DebugInfoNone leaves the count out (an array of unknown size). */
static int subrange(hd_lw *L, hd_die *arr, uint32_t count)
{
	hd_die *s = hd_die_new(L->u, arr, DW_TAG_subrange_type), *var;
	const hd_di_node *c = hd_di_node_of(L->m, count);
	uint64_t v;
	unsigned width;
	int sgn;

	if (!s)
		return -1;
	if (hd_spv_int_constant(L->m, count, &v, &width, &sgn) == 0)
		return hd_die_udata(L->u, s, DW_AT_count, v);
	if (c && (hd_lw_is(c, HD_K_DebugLocalVariable) || hd_lw_is(c, HD_K_DebugGlobalVariable)) &&
	    (var = hd_lower_node(L, (int32_t)(c - L->m->nodes))))
		return hd_die_ref(L->u, s, DW_AT_count, var);
	return 0;
}

hd_die *hd_lower_type_array(hd_lw *L, const hd_di_node *n)
{
	hd_die *d = hd_die_new(L->u, L->u->root, DW_TAG_array_type);
	hd_di_span sp;

	if (!d)
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Base_Type)) != 0)
		return L->failed ? NULL : nomem(L, n);
	/* SPIRV-LLVM-Translator's DebugInfoNone lower bounds are not dimensions */
	if (hd_di_array_counts(n, &sp) == 0)
		for (uint32_t i = 0; i < sp.count; i++)
			if (subrange(L, d, n->args[sp.first + i]) != 0)
				return L->failed ? NULL : nomem(L, n);
	return d;
}

/* ---- DebugTypeVector ---- */

/* The elements a vector of count components occupies: OpenCL C 6.1.5 sizes
 * and aligns a 3-component vector as 4, so that float3 a[2] has its a[1]
 * 16 bytes after a[0]. */
static uint64_t storage_count(uint64_t count)
{
	return count == 3 ? 4 : count;
}

/* A vector of a base type is that base type with DW_AT_LLVM_vector_size N
 * (DWARF Extensions for Heterogeneous Debugging defines the attribute on DW_TAG_base_type only): the form an
 * AMDGPU debugger needs to type a whole vector value on the stack, and the
 * one DWARF Extensions for Heterogeneous Debugging's own examples use. Its name is the element's name followed
 * by N ("float4"), the OpenCL C spelling of the type, since nothing else in
 * SPIR-V names it. Vectors of anything else take clang's form: an array
 * with DW_AT_GNU_vector and one subrange of N. Either form's size is the
 * storage size, a 3-vector's padding included, as clang writes it: the size
 * of a type is what a debugger steps by through an array of it or behind a
 * pointer (DWARF 5 section 5.1). */
hd_die *hd_lower_type_vector(hd_lw *L, const hd_di_node *n)
{
	const hd_di_node *base = hd_di_node_of(L->m, hd_lw_word(n, HD_O_Base_Type));
	unsigned ate = hd_lw_is(base, HD_K_DebugTypeBasic) ?
	               encoding(hd_lw_enum(base, HD_O_Encoding)) : 0;
	uint64_t count = hd_lw_word(n, HD_O_Component_Count), bits, size;
	const char *ename;
	hd_die *d, *s;

	if (ate) {
		if (!(d = hd_die_new(L->u, L->u->root, DW_TAG_base_type)))
			return nomem(L, n);
		hd_lower_set_die(L, n, d);
		if ((ename = hd_lower_nonempty(L, base, HD_O_Name))) {
			char buf[256];
			int len = snprintf(buf, sizeof buf, "%s%llu", ename, (unsigned long long)count);
			const char *name = hd_dw_strdup(L->u, buf, len < (int)sizeof buf ?
			                                (size_t)len : sizeof buf - 1);
			if (!name || hd_die_string(L->u, d, DW_AT_name, name) != 0)
				return nomem(L, n);
		}
		if (hd_die_udata(L->u, d, DW_AT_encoding, ate) != 0 ||
		    (hd_lw_number(L, base, HD_O_Size, &bits) == 0 &&
		     hd_lower_size_attr(L, d, bits * storage_count(count)) != 0) ||
		    hd_lw_xat_udata(L, d, HD_XAT_vector_size, count) != 0)
			return nomem(L, n);
		return d;
	}
	if (!(d = hd_die_new(L->u, L->u->root, DW_TAG_array_type)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_die_flag(L->u, d, DW_AT_GNU_vector) != 0 ||
	    hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Base_Type)) != 0)
		return L->failed ? NULL : nomem(L, n);
	if ((size = hd_lower_type_size(L, n->id)) != 0 &&
	    hd_die_udata(L->u, d, DW_AT_byte_size, size) != 0)
		return nomem(L, n);
	if (!(s = hd_die_new(L->u, d, DW_TAG_subrange_type)) ||
	    hd_die_udata(L->u, s, DW_AT_count, count) != 0)
		return nomem(L, n);
	return d;
}

/* ---- DebugTypedef ---- */

hd_die *hd_lower_typedef(hd_lw *L, const hd_di_node *n)
{
	hd_die *parent = hd_lower_parent(L, hd_lw_word(n, HD_O_Parent));
	hd_die *d;

	if (L->failed)
		return NULL;
	if (!(d = hd_die_new(L->u, parent, DW_TAG_typedef)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_name(L, d, n, HD_O_Name) != 0 || hd_lw_decl(L, d, n) != 0 ||
	    hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Base_Type)) != 0)
		return L->failed ? NULL : nomem(L, n);
	return d;
}

/* ---- DebugTypeFunction ---- */

/* One parameter type's marks, as clang writes them: a type flagged
 * FlagArtificial (the `this` pointer llvm-spirv writes for a method) makes
 * an artificial parameter (DWARF 5 section 2.11), else a debugger shows it
 * as one the caller passes; FlagObjectPointer makes it the object the
 * method is called for, which a subprogram names with
 * DW_AT_object_pointer (DWARF 5 section 5.7.8). Without that name GDB
 * takes the method for a static one. */
static int param_marks(hd_lw *L, hd_die *d, hd_die *p, uint32_t type)
{
	const hd_di_node *t = hd_di_node_of(L->m, type);
	uint32_t flags = t ? hd_lw_word(t, HD_O_Flags) : 0;

	if (!flags)
		return 0;
	if (hd_lower_has_flag(L, t, flags, HD_FLAG_ARTIFICIAL) &&
	    hd_die_flag(L->u, p, DW_AT_artificial) != 0)
		return -1;
	if (hd_lower_has_flag(L, t, flags, HD_FLAG_OBJECT_POINTER) && d->tag == DW_TAG_subprogram &&
	    !hd_die_attr(d, DW_AT_object_pointer))
		return hd_die_ref(L->u, d, DW_AT_object_pointer, p);
	return 0;
}

int hd_lower_type_params(hd_lw *L, hd_die *d, const hd_di_node *ft)
{
	hd_di_span sp;
	hd_die *p;

	if (hd_lw_span(ft, HD_O_Parameter_Types, &sp) != 0)
		return 0;
	for (uint32_t i = 0; i < sp.count; i++) {
		uint32_t t = ft->args[sp.first + i];
		int none = hd_lw_is_none(L, t);
		p = hd_die_new(L->u, d, none ? DW_TAG_unspecified_parameters :
		                               DW_TAG_formal_parameter);
		if (!p || (!none && (hd_lw_type(L, p, DW_AT_type, t) != 0 ||
		                     param_marks(L, d, p, t) != 0)))
			return -1;
	}
	return 0;
}

/* DW_TAG_subroutine_type (DWARF 5 section 5.10): the return type unless it
 * is OpTypeVoid, and the parameters (hd_lower_type_params). Always
 * DW_AT_prototyped: a SPIR-V function type lists its parameters exactly,
 * and OpenCL C has no unprototyped functions. 1.00 has no Flags operand. */
hd_die *hd_lower_type_function(hd_lw *L, const hd_di_node *n)
{
	hd_die *d = hd_die_new(L->u, L->u->root, DW_TAG_subroutine_type);

	if (!d)
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_die_flag(L->u, d, DW_AT_prototyped) != 0 ||
	    hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Return_Type)) != 0 ||
	    hd_lower_type_params(L, d, n) != 0)
		return L->failed ? NULL : nomem(L, n);
	if (hd_lower_flags(L, d, n, hd_lw_word(n, HD_O_Flags)) != 0)
		return NULL;
	return d;
}

/* ---- DebugTypeEnum ---- */

/* DW_TAG_enumeration_type (DWARF 5 section 5.9) with a DW_TAG_enumerator
 * per Value/Name pair; the values are signed exactly when the underlying
 * type is (sdata keeps -1 from reading as 0xffffffff). Without an
 * underlying type (DebugInfoNone) the values are unsigned. */
hd_die *hd_lower_type_enum(hd_lw *L, const hd_di_node *n)
{
	hd_die *parent = hd_lower_parent(L, hd_lw_word(n, HD_O_Parent)), *d, *e;
	uint32_t under = hd_lw_word(n, HD_O_Underlying_Type);
	int is_signed = hd_lower_type_is_signed(L, under);
	uint64_t bits;
	hd_di_span sp;

	if (L->failed)
		return NULL;
	if (!(d = hd_die_new(L->u, parent, DW_TAG_enumeration_type)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_name(L, d, n, HD_O_Name) != 0 ||
	    hd_lw_type(L, d, DW_AT_type, under) != 0 ||
	    (hd_lw_number(L, n, HD_O_Size, &bits) == 0 && hd_lower_size_attr(L, d, bits) != 0) ||
	    hd_lw_decl(L, d, n) != 0)
		return L->failed ? NULL : nomem(L, n);
	if (hd_lower_flags(L, d, n, hd_lw_word(n, HD_O_Flags)) != 0)
		return NULL;
	if (hd_lw_span(n, HD_O_Enumerators, &sp) != 0)
		return d;
	for (uint32_t i = 0; i + 1 < sp.count; i += 2) {
		const char *name = hd_spv_string(L->m, n->args[sp.first + i + 1]);
		if (!(e = hd_die_new(L->u, d, DW_TAG_enumerator)) ||
		    (name && hd_die_string(L->u, e, DW_AT_name, name) != 0) ||
		    hd_lower_const_value(L, e, n->args[sp.first + i], is_signed) < 0)
			return L->failed ? NULL : nomem(L, n);
	}
	return d;
}

/* ---- sizes for the placement ---- */

static uint64_t bits_of(hd_lw *L, const hd_di_node *n)
{
	uint64_t bits;
	return hd_lw_number(L, n, HD_O_Size, &bits) == 0 ? (bits + 7) / 8 : 0;
}

static uint64_t size_of(hd_lw *L, uint32_t id, int depth)
{
	const hd_di_node *n = hd_di_node_of(L->m, id), *t;
	uint64_t size, v;
	unsigned width;
	int sgn;
	hd_di_span sp;

	if (!n || depth > MAX_DEPTH)
		return 0;
	if (hd_lw_is(n, HD_K_DebugTypeBasic) || hd_lw_is(n, HD_K_DebugTypeComposite))
		return bits_of(L, n);
	if (hd_lw_is(n, HD_K_DebugTypeEnum))
		return (size = bits_of(L, n)) ? size :
		       size_of(L, hd_lw_word(n, HD_O_Underlying_Type), depth + 1);
	if (hd_lw_is(n, HD_K_DebugTypePointer))
		return 8;
	/* Itanium C++ ABI 2.3: a pointer to data member is one offset, a
	 * pointer to member function two words. */
	if (hd_lw_is(n, HD_K_DebugTypePtrToMember))
		return hd_lw_is(hd_di_node_of(L->m, hd_lw_word(n, HD_O_Member_Type)),
		                HD_K_DebugTypeFunction) ? 16 : 8;
	if (hd_lw_is(n, HD_K_DebugTypedef) || hd_lw_is(n, HD_K_DebugTypeQualifier))
		return size_of(L, hd_lw_word(n, HD_O_Base_Type), depth + 1);
	if (hd_lw_is(n, HD_K_DebugTypeTemplate))
		return size_of(L, hd_lw_word(n, HD_O_Target), depth + 1);
	if (hd_lw_is(n, HD_K_DebugTypeVector)) {
		v = hd_lw_word(n, HD_O_Component_Count);
		t = hd_di_node_of(L->m, hd_lw_word(n, HD_O_Base_Type));
		return size_of(L, t ? t->id : 0, depth + 1) * storage_count(v);
	}
	if (hd_lw_is(n, HD_K_DebugTypeArray)) {
		size = size_of(L, hd_lw_word(n, HD_O_Base_Type), depth + 1);
		if (hd_di_array_counts(n, &sp) != 0)
			return 0;
		for (uint32_t i = 0; i < sp.count; i++) {
			if (hd_spv_int_constant(L->m, n->args[sp.first + i], &v, &width, &sgn) != 0)
				return 0;
			size *= v;
		}
		return size;
	}
	return 0;
}

uint64_t hd_lower_type_size(hd_lw *L, uint32_t id)
{
	return size_of(L, id, 0);
}
