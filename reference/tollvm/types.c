/* The type instructions (OpenCL.DebugInfo.100 section 4.3, templates 4.4)
 * as LLVM's DIBasicType, DIDerivedType, DICompositeType, DISubroutineType
 * and template parameters (LangRef, "Specialized Metadata Nodes");
 * docs/llvm-translation.md has one table per instruction. */
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "tollvm_impl.h"

/* Typedef, qualifier and array chains deeper than this are a cycle the
 * validator missed; the size walk gives up there. */
#define MAX_DEPTH 64

/* llvm-spirv writes this storage class for a pointer with none. */
#define STORAGE_NONE 0xffffffffu

/* flags: from a DebugInfoFlags value, when it maps to any DIFlag. */
static void flags_field(hd_tl *T, const hd_di_node *n, uint32_t value, const char *where)
{
	hd_buf b;

	hd_buf_init(&b);
	hd_tl_flags(&b, n, value, where);
	if (b.len)
		hd_tl_raw(T, "flags", hd_buf_str(&b));
	hd_buf_free(&b);
}

/* size: in bits from a Size operand (a literal, or an id of a constant);
 * nothing for DebugInfoNone. */
static void size_field(hd_tl *T, const hd_di_node *n, hd_spv_oname operand)
{
	uint64_t v;

	if (hd_tl_number(n, operand, &v) == 0)
		hd_tl_uint(T, "size", v);
}

static uint64_t bits_at(hd_tl *T, uint32_t id, int depth);

/* The elements a vector of count components takes: OpenCL C sizes a
 * 3-component vector as 4 (OpenCL C 6.1.5), as clang's DIFlagVector
 * types of float3 say (size 128). */
static uint64_t vector_slots(uint64_t count)
{
	return count == 3 ? 4 : count;
}

static uint64_t array_bits(hd_tl *T, const hd_di_node *n, int depth)
{
	uint64_t bits = bits_at(T, hd_tl_word(n, HD_O_Base_Type), depth + 1), v;
	unsigned width;
	int sgn;
	hd_di_span sp;

	if (hd_di_array_counts(n, &sp) != 0)
		return 0;
	for (uint32_t i = 0; i < sp.count && bits; i++) {
		if (hd_spv_int_constant(T->m, n->args[sp.first + i], &v, &width, &sgn) != 0 ||
		    v > UINT32_MAX)
			return 0;
		bits = bits * v > (uint64_t)1 << 50 ? 0 : bits * v;
	}
	return bits;
}

static uint64_t bits_at(hd_tl *T, uint32_t id, int depth)
{
	const hd_di_node *n = hd_tl_resolve(T, id);
	uint64_t v;

	if (!n || depth > MAX_DEPTH)
		return 0;
	if (hd_tl_is(n, "DebugTypedef") || hd_tl_is(n, "DebugTypeQualifier"))
		return bits_at(T, hd_tl_word(n, HD_O_Base_Type), depth + 1);
	if (hd_tl_is(n, "DebugTypePointer") || hd_tl_is(n, "DebugTypePtrToMember"))
		return T->ptr_bits;
	if (hd_tl_is(n, "DebugTypeArray"))
		return array_bits(T, n, depth);
	if (hd_tl_is(n, "DebugTypeVector") && hd_tl_number(n, HD_O_Component_Count, &v) == 0)
		return vector_slots(v) * bits_at(T, hd_tl_word(n, HD_O_Base_Type), depth + 1);
	if (hd_tl_number(n, HD_O_Size, &v) == 0)
		return v;
	return 0;
}

uint64_t hd_tl_type_bits(hd_tl *T, uint32_t id)
{
	return bits_at(T, id, 0);
}

/* ---- basic, pointer, qualifier ---- */

/* Unspecified has no DW_ATE: LangRef's DIBasicType example writes
 * DW_TAG_unspecified_type with only a name (C++'s decltype(nullptr)). */
void hd_tl_type_basic(hd_tl *T, const hd_di_node *n)
{
	const char *ate = hd_tl_encoding(hd_di_enum_name(n, HD_O_Encoding));
	uint32_t idx = (uint32_t)(n - T->m->nodes);

	hd_tl_begin(T, idx, 0, "DIBasicType");
	if (!ate) {
		hd_tl_raw(T, "tag", "DW_TAG_unspecified_type");
		hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
		hd_tl_end(T);
		return;
	}
	hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
	size_field(T, n, HD_O_Size);
	hd_tl_raw(T, "encoding", ate);
	flags_field(T, n, hd_tl_word(n, HD_O_Flags), "type");
	hd_tl_end(T);
}

/* A pointer or C++ reference (the reference flags pick the tag, as the
 * lowering does); size: the module's address width; dwarfAddressSpace:
 * the SPIR address space of the storage class (tables.c). */
void hd_tl_type_pointer(hd_tl *T, const hd_di_node *n)
{
	uint32_t flags = hd_tl_word(n, HD_O_Flags), sc = STORAGE_NONE;
	const char *tag = "DW_TAG_pointer_type";
	hd_di_span sp;
	int as;

	if (hd_di_span_of(n, HD_O_Storage_Class, &sp) == 0)
		sc = hd_tl_word(n, HD_O_Storage_Class);
	if (hd_tl_has_flag(n, flags, "FlagLValueReference"))
		tag = "DW_TAG_reference_type";
	else if (hd_tl_has_flag(n, flags, "FlagRValueReference"))
		tag = "DW_TAG_rvalue_reference_type";
	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DIDerivedType");
	hd_tl_raw(T, "tag", tag);
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Base_Type));
	hd_tl_uint(T, "size", T->ptr_bits);
	if (sc != STORAGE_NONE && (as = hd_tl_addrspace(sc)) >= 0)
		hd_tl_uint(T, "dwarfAddressSpace", (uint64_t)as);
	flags_field(T, n, flags, "type");
	hd_tl_end(T);
}

void hd_tl_type_qualifier(hd_tl *T, const hd_di_node *n)
{
	const char *tag = hd_tl_qualifier(hd_di_enum_name(n, HD_O_Type_Qualifier));

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DIDerivedType");
	hd_tl_raw(T, "tag", tag ? tag : "DW_TAG_const_type");
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Base_Type));
	hd_tl_end(T);
	if (!tag)
		hd_tl_note(T, n, "unknown Type Qualifier, written as const");
}

/* ---- arrays, vectors, matrices ---- */

/* One dimension: count: N for a constant, count: !VAR for a variable (a
 * VLA's size, which LangRef's DISubrange allows), -1 for DebugInfoNone (an
 * array of unknown bound, as clang writes one). */
static void subrange(hd_tl *T, hd_buf *b, uint32_t count)
{
	const hd_di_node *c = hd_di_node_of(T->m, count);
	uint64_t v;
	unsigned width;
	int sgn;

	if (hd_spv_int_constant(T->m, count, &v, &width, &sgn) == 0)
		hd_buf_printf(b, "!DISubrange(count: %llu)", (unsigned long long)v);
	else if (c && (hd_tl_is(c, "DebugLocalVariable") || hd_tl_is(c, "DebugGlobalVariable"))) {
		hd_buf_printf(b, "!DISubrange(count: ");
		hd_tl_ref(T, b, count);
		hd_buf_printf(b, ")");
	} else
		hd_buf_printf(b, "!DISubrange(count: -1)");
}

void hd_tl_type_array(hd_tl *T, const hd_di_node *n)
{
	uint64_t bits = hd_tl_type_bits(T, n->id);
	hd_di_span sp;
	hd_buf *b;

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DICompositeType");
	hd_tl_raw(T, "tag", "DW_TAG_array_type");
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Base_Type));
	if (bits)
		hd_tl_uint(T, "size", bits);
	b = hd_tl_field(T, "elements");
	hd_buf_printf(b, "!{");
	/* SPIRV-LLVM-Translator's DebugInfoNone lower bounds are no dimensions */
	if (hd_di_array_counts(n, &sp) == 0)
		for (uint32_t i = 0; i < sp.count; i++) {
			if (i)
				hd_buf_printf(b, ", ");
			subrange(T, b, n->args[sp.first + i]);
		}
	hd_buf_printf(b, "}");
	hd_tl_end(T);
}

/* LangRef, DICompositeType: DIFlagVector marks an array type as a native
 * vector, with exactly one subrange. */
void hd_tl_type_vector(hd_tl *T, const hd_di_node *n)
{
	uint64_t count = 0, bits = hd_tl_type_bits(T, n->id);

	hd_tl_number(n, HD_O_Component_Count, &count);
	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DICompositeType");
	hd_tl_raw(T, "tag", "DW_TAG_array_type");
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Base_Type));
	if (bits)
		hd_tl_uint(T, "size", bits);
	hd_tl_raw(T, "flags", "DIFlagVector");
	hd_buf_printf(hd_tl_field(T, "elements"), "!{!DISubrange(count: %llu)}",
	              (unsigned long long)count);
	hd_tl_end(T);
}

/* NonSemantic.Shader.DebugInfo.100 DebugTypeMatrix: LLVM has no matrix
 * type; Vector Count vectors are an array of them. */
void hd_tl_type_matrix(hd_tl *T, const hd_di_node *n)
{
	uint64_t count = 0;

	hd_tl_number(n, HD_O_Vector_Count, &count);
	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DICompositeType");
	hd_tl_raw(T, "tag", "DW_TAG_array_type");
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Vector_Type));
	hd_buf_printf(hd_tl_field(T, "elements"), "!{!DISubrange(count: %llu)}",
	              (unsigned long long)count);
	hd_tl_end(T);
}

/* ---- typedef, function ---- */

void hd_tl_typedef(hd_tl *T, const hd_di_node *n)
{
	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DIDerivedType");
	hd_tl_raw(T, "tag", "DW_TAG_typedef");
	hd_tl_decl(T, n, 0);
	hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Base_Type));
	hd_tl_end(T);
}

/* types: the return type (null for void), then the parameters; a
 * DebugInfoNone parameter is C's "..." , which LLVM writes as a null
 * element after the first. */
void hd_tl_type_function(hd_tl *T, const hd_di_node *n)
{
	hd_di_span sp;
	hd_buf *b;

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DISubroutineType");
	flags_field(T, n, hd_tl_word(n, HD_O_Flags), "subprogram");
	b = hd_tl_field(T, "types");
	hd_buf_printf(b, "!{");
	hd_tl_ref(T, b, hd_tl_word(n, HD_O_Return_Type));
	if (hd_di_span_of(n, HD_O_Parameter_Types, &sp) == 0)
		for (uint32_t i = 0; i < sp.count; i++) {
			hd_buf_printf(b, ", ");
			hd_tl_ref(T, b, n->args[sp.first + i]);
		}
	hd_buf_printf(b, "}");
	hd_tl_end(T);
}

/* ---- enums ---- */

/* Whether the type id names a signed integer (Signed or SignedChar). */
static int is_signed(hd_tl *T, uint32_t id)
{
	const hd_di_node *t = hd_tl_resolve(T, id);

	for (int depth = 0; t && depth < MAX_DEPTH &&
	     (hd_tl_is(t, "DebugTypedef") || hd_tl_is(t, "DebugTypeQualifier")); depth++)
		t = hd_tl_resolve(T, hd_tl_word(t, HD_O_Base_Type));
	if (!t || !hd_tl_is(t, "DebugTypeBasic"))
		return -1;
	const char *e = hd_di_enum_name(t, HD_O_Encoding);
	return e && (strcmp(e, "Signed") == 0 || strcmp(e, "SignedChar") == 0);
}

/* One DIEnumerator: the value is the id of an integer constant (all three
 * grammars type the pairs PairIdRefIdRef), signed when the underlying type
 * is (or, with none, as C's int). */
static void enumerator(hd_tl *T, hd_buf *b, const hd_di_node *n, uint32_t value_id,
                       uint32_t name_id, int sgn)
{
	const char *name = hd_spv_string(T->m, name_id);
	uint64_t v = 0;
	unsigned width = 32;
	int csgn;

	if (hd_spv_int_constant(T->m, value_id, &v, &width, &csgn) != 0) {
		v = 0;
		hd_tl_note(T, n, "an enumerator's Value is no integer constant: written as 0");
	}
	hd_buf_printf(b, "!DIEnumerator(name: ");
	hd_tl_quote(b, name ? name : "");
	if (sgn && width < 64 && (v >> (width - 1) & 1))
		v |= ~(uint64_t)0 << width;
	if (sgn)
		hd_buf_printf(b, ", value: %lld)", (long long)v);
	else
		hd_buf_printf(b, ", value: %llu, isUnsigned: true)", (unsigned long long)v);
}

void hd_tl_type_enum(hd_tl *T, const hd_di_node *n)
{
	uint32_t under = hd_tl_word(n, HD_O_Underlying_Type);
	int sgn = hd_tl_none(T, under) ? 1 : is_signed(T, under) != 0;
	hd_di_span sp;
	hd_buf *b;

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DICompositeType");
	hd_tl_raw(T, "tag", "DW_TAG_enumeration_type");
	hd_tl_decl(T, n, 0);
	hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
	hd_tl_refield(T, "baseType", under);
	size_field(T, n, HD_O_Size);
	flags_field(T, n, hd_tl_word(n, HD_O_Flags), "type");
	b = hd_tl_field(T, "elements");
	hd_buf_printf(b, "!{");
	if (hd_di_span_of(n, HD_O_Enumerators, &sp) == 0)
		for (uint32_t i = 0; i + 1 < sp.count; i += 2) {
			if (i)
				hd_buf_printf(b, ", ");
			enumerator(T, b, n, n->args[sp.first + i], n->args[sp.first + i + 1], sgn);
		}
	hd_buf_printf(b, "}");
	hd_tl_end(T);
}

/* ---- composites and their members ---- */

void hd_tl_template_params(hd_tl *T, const hd_di_node *n)
{
	int32_t t = T->template_of[n - T->m->nodes];
	hd_di_span sp;
	hd_buf *b;

	if (t < 0 || hd_di_span_of(&T->m->nodes[t], HD_O_Parameters, &sp) != 0)
		return;
	b = hd_tl_field(T, "templateParams");
	hd_buf_printf(b, "!{");
	for (uint32_t i = 0; i < sp.count; i++) {
		if (i)
			hd_buf_printf(b, ", ");
		hd_tl_ref(T, b, T->m->nodes[t].args[sp.first + i]);
	}
	hd_buf_printf(b, "}");
}

/* elements: the Members (members, inheritance, methods), each once;
 * identifier: the Linkage Name (LangRef: the ODR name of a type). */
void hd_tl_type_composite(hd_tl *T, const hd_di_node *n)
{
	const char *tag = hd_tl_composite_tag(hd_di_enum_name(n, HD_O_Tag));
	hd_di_span sp;
	hd_buf *b;
	int first = 1;

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DICompositeType");
	hd_tl_raw(T, "tag", tag ? tag : "DW_TAG_structure_type");
	hd_tl_decl(T, n, 0);
	hd_tl_scope(T, "scope", hd_tl_word(n, HD_O_Parent));
	size_field(T, n, HD_O_Size);
	flags_field(T, n, hd_tl_word(n, HD_O_Flags), "type");
	b = hd_tl_field(T, "elements");
	hd_buf_printf(b, "!{");
	if (hd_di_span_of(n, HD_O_Members, &sp) == 0)
		for (uint32_t i = 0; i < sp.count; i++) {
			if (hd_tl_md(T, n->args[sp.first + i]) < 0)
				continue;
			hd_buf_printf(b, first ? "" : ", ");
			hd_tl_ref(T, b, n->args[sp.first + i]);
			first = 0;
		}
	hd_buf_printf(b, "}");
	hd_tl_template_params(T, n);
	hd_tl_str(T, "identifier", hd_tl_string(n, HD_O_Linkage_Name));
	hd_tl_end(T);
}

/* The composite a member or inheritance belongs to: its operand, or in
 * NonSemantic.Shader.DebugInfo.100, which has none, the composite whose
 * Members list it. */
static uint32_t owner(hd_tl *T, const hd_di_node *n, hd_spv_oname operand)
{
	int32_t by;

	if (n->set->id != HD_SET_NONSEMANTIC)
		return hd_tl_word(n, operand);
	by = T->listed_by[n - T->m->nodes];
	return by >= 0 ? T->m->nodes[by].id : 0;
}

/* A constant's value as an IR constant (extraData: of a static member,
 * value: of a template value parameter): 0 when id names no integer one. */
static int ir_constant(hd_tl *T, hd_buf *b, uint32_t id)
{
	uint64_t v;
	unsigned width;
	int sgn;

	if (hd_spv_int_constant(T->m, id, &v, &width, &sgn) != 0)
		return 0;
	hd_buf_printf(b, "i%u %lld", width, (long long)v);
	return 1;
}

/* A field, or with FlagStaticMember or a Value, a static member: LLVM 15
 * writes it as a DW_TAG_member with DIFlagStaticMember and its constant
 * value as extraData. */
void hd_tl_type_member(hd_tl *T, const hd_di_node *n)
{
	uint32_t flags = hd_tl_word(n, HD_O_Flags), value = hd_tl_word(n, HD_O_Value);
	int is_static = hd_tl_has_flag(n, flags, "FlagStaticMember") || value;
	uint64_t v;
	hd_buf tmp;

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DIDerivedType");
	hd_tl_raw(T, "tag", "DW_TAG_member");
	hd_tl_decl(T, n, 0);
	hd_tl_scope(T, "scope", owner(T, n, HD_O_Parent));
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Type));
	if (!is_static) {
		size_field(T, n, HD_O_Size);
		if (hd_tl_number(n, HD_O_Offset, &v) == 0)
			hd_tl_uint(T, "offset", v);
	}
	hd_buf_init(&tmp);
	hd_tl_flags(&tmp, n, flags, "type");
	if (is_static && !hd_tl_has_flag(n, flags, "FlagStaticMember"))
		hd_buf_printf(&tmp, "%sDIFlagStaticMember", tmp.len ? " | " : "");
	if (tmp.len)
		hd_tl_raw(T, "flags", hd_buf_str(&tmp));
	hd_buf_reset(&tmp);
	if (value && ir_constant(T, &tmp, value))
		hd_tl_raw(T, "extraData", hd_buf_str(&tmp));
	hd_buf_free(&tmp);
	hd_tl_end(T);
}

void hd_tl_type_inheritance(hd_tl *T, const hd_di_node *n)
{
	uint64_t v;

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DIDerivedType");
	hd_tl_raw(T, "tag", "DW_TAG_inheritance");
	hd_tl_scope(T, "scope", owner(T, n, HD_O_Child));
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Parent));
	if (hd_tl_number(n, HD_O_Offset, &v) == 0)
		hd_tl_uint(T, "offset", v);
	flags_field(T, n, hd_tl_word(n, HD_O_Flags), "type");
	hd_tl_end(T);
}

/* LangRef, DIDerivedType: a pointer to member names its class in extraData. */
void hd_tl_type_ptr_to_member(hd_tl *T, const hd_di_node *n)
{
	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DIDerivedType");
	hd_tl_raw(T, "tag", "DW_TAG_ptr_to_member_type");
	hd_tl_ref(T, hd_tl_field(T, "baseType"), hd_tl_word(n, HD_O_Member_Type));
	hd_tl_refield(T, "extraData", hd_tl_word(n, HD_O_Parent));
	hd_tl_end(T);
}

/* ---- template parameters ---- */

/* A type parameter when Value is DebugInfoNone, else a value parameter
 * with the constant (LangRef, DITemplateTypeParameter and
 * DITemplateValueParameter). */
void hd_tl_template_parameter(hd_tl *T, const hd_di_node *n)
{
	uint32_t value = hd_tl_word(n, HD_O_Value);
	hd_buf tmp;

	if (hd_tl_none(T, value)) {
		hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DITemplateTypeParameter");
		hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
		hd_tl_ref(T, hd_tl_field(T, "type"), hd_tl_word(n, HD_O_Actual_Type));
		hd_tl_end(T);
		return;
	}
	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DITemplateValueParameter");
	hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
	hd_tl_ref(T, hd_tl_field(T, "type"), hd_tl_word(n, HD_O_Actual_Type));
	hd_buf_init(&tmp);
	if (ir_constant(T, &tmp, value))
		hd_tl_raw(T, "value", hd_buf_str(&tmp));
	hd_buf_free(&tmp);
	hd_tl_end(T);
}

/* LLVM writes a template template parameter as a value parameter with
 * DW_TAG_GNU_template_template_param and the template's name as !"NAME". */
void hd_tl_template_template_parameter(hd_tl *T, const hd_di_node *n)
{
	const char *tname = hd_tl_string(n, HD_O_Template_Name);
	hd_buf *b;

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DITemplateValueParameter");
	hd_tl_raw(T, "tag", "DW_TAG_GNU_template_template_param");
	hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
	b = hd_tl_field(T, "value");
	hd_buf_printf(b, "!");
	hd_tl_quote(b, tname ? tname : "");
	hd_tl_end(T);
}

/* A pack: DW_TAG_GNU_template_parameter_pack with the parameters as value. */
void hd_tl_template_parameter_pack(hd_tl *T, const hd_di_node *n)
{
	hd_di_span sp;
	hd_buf *b;

	hd_tl_begin(T, (uint32_t)(n - T->m->nodes), 0, "DITemplateValueParameter");
	hd_tl_raw(T, "tag", "DW_TAG_GNU_template_parameter_pack");
	hd_tl_str(T, "name", hd_tl_string(n, HD_O_Name));
	b = hd_tl_field(T, "value");
	hd_buf_printf(b, "!{");
	if (hd_di_span_of(n, HD_O_Template_Parameters, &sp) == 0)
		for (uint32_t i = 0; i < sp.count; i++) {
			if (i)
				hd_buf_printf(b, ", ");
			hd_tl_ref(T, b, n->args[sp.first + i]);
		}
	hd_buf_printf(b, "}");
	hd_tl_end(T);
}
