/* The mappings that are tables in the specs: base-type encodings, type
 * qualifiers, composite and imported-entity tags, debug operations, source
 * languages, storage classes and DebugInfoFlags, each read by enumerant
 * name so that OpenCL.DebugInfo.100, which renumbered the encodings, and
 * DebugInfo 1.00 go through the same rows (docs/llvm-translation.md,
 * "Tables"). */
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "tollvm_impl.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

typedef struct pair {
	const char *spirv;
	const char *llvm;
} pair;

/* The row whose SPIR-V name is name, or NULL. */
static const char *lookup(const pair *rows, size_t n, const char *name)
{
	for (size_t i = 0; name && i < n; i++)
		if (strcmp(rows[i].spirv, name) == 0)
			return rows[i].llvm;
	return NULL;
}

/* OpenCL.DebugInfo.100 section 3.3 → LangRef, DIBasicType (DW_ATE_*).
 * Unspecified has no row: it becomes DW_TAG_unspecified_type. */
static const pair encodings[] = {
	{ "Address", "DW_ATE_address" },
	{ "Boolean", "DW_ATE_boolean" },
	{ "Float", "DW_ATE_float" },
	{ "Signed", "DW_ATE_signed" },
	{ "SignedChar", "DW_ATE_signed_char" },
	{ "Unsigned", "DW_ATE_unsigned" },
	{ "UnsignedChar", "DW_ATE_unsigned_char" },
};

const char *hd_tl_encoding(const char *name)
{
	return lookup(encodings, COUNT(encodings), name);
}

/* OpenCL.DebugInfo.100 section 3.5 → LangRef, DIDerivedType tags. */
static const pair qualifiers[] = {
	{ "ConstType", "DW_TAG_const_type" },
	{ "VolatileType", "DW_TAG_volatile_type" },
	{ "RestrictType", "DW_TAG_restrict_type" },
	{ "AtomicType", "DW_TAG_atomic_type" },
};

const char *hd_tl_qualifier(const char *name)
{
	return lookup(qualifiers, COUNT(qualifiers), name);
}

/* OpenCL.DebugInfo.100 section 3.4 (DebugCompositeType) → LangRef,
 * DICompositeType tags. */
static const pair composite_tags[] = {
	{ "Class", "DW_TAG_class_type" },
	{ "Structure", "DW_TAG_structure_type" },
	{ "Union", "DW_TAG_union_type" },
};

const char *hd_tl_composite_tag(const char *name)
{
	return lookup(composite_tags, COUNT(composite_tags), name);
}

/* OpenCL.DebugInfo.100 section 3.7 → LangRef, DIImportedEntity tags. */
static const pair import_tags[] = {
	{ "ImportedModule", "DW_TAG_imported_module" },
	{ "ImportedDeclaration", "DW_TAG_imported_declaration" },
};

const char *hd_tl_import_tag(const char *name)
{
	return lookup(import_tags, COUNT(import_tags), name);
}

/* OpenCL.DebugInfo.100 section 3.6 → LangRef, DIExpression. BitPiece has no
 * row: DIExpression has no DW_OP_bit_piece, and DW_OP_LLVM_fragment counts
 * its offset in the variable, not in the location (Fragment's meaning). */
static const struct {
	const char *spirv;
	const char *llvm;
	unsigned noperands;
} operations[] = {
	{ "Deref", "DW_OP_deref", 0 },
	{ "Plus", "DW_OP_plus", 0 },
	{ "Minus", "DW_OP_minus", 0 },
	{ "PlusUconst", "DW_OP_plus_uconst", 1 },
	{ "Swap", "DW_OP_swap", 0 },
	{ "Xderef", "DW_OP_xderef", 0 },
	{ "StackValue", "DW_OP_stack_value", 0 },
	{ "Constu", "DW_OP_constu", 1 },
	{ "Fragment", "DW_OP_LLVM_fragment", 2 },
};

const char *hd_tl_operation(const char *name, unsigned *noperands)
{
	for (size_t i = 0; name && i < COUNT(operations); i++)
		if (strcmp(operations[i].spirv, name) == 0) {
			*noperands = operations[i].noperands;
			return operations[i].llvm;
		}
	return NULL;
}

/* SPIR-V SourceLanguage → DW_LANG. LLVM 15 knows the DWARF 5 names; the
 * codes registered later (GLSL 0x34 ... SYCL 0x39, as the lowering writes
 * them) it reads only as decimal numbers. Unknown and the rest: 0, which
 * LLVM 15 reads and which names no language. */
static const struct {
	const char *spirv;
	const char *name;
	unsigned code;
} languages[] = {
	{ "OpenCL_C", "DW_LANG_OpenCL", 0x15 },
	{ "GLSL", NULL, 0x34 },
	{ "ESSL", NULL, 0x35 },
	{ "HLSL", NULL, 0x36 },
	{ "OpenCL_CPP", NULL, 0x37 },
	{ "CPP_for_OpenCL", NULL, 0x38 },
	{ "SYCL", NULL, 0x39 },
};

void hd_tl_language(hd_buf *b, const char *name)
{
	for (size_t i = 0; name && i < COUNT(languages); i++)
		if (strcmp(languages[i].spirv, name) == 0) {
			if (languages[i].name)
				hd_buf_printf(b, "%s", languages[i].name);
			else
				hd_buf_printf(b, "%u", languages[i].code);
			return;
		}
	hd_buf_printf(b, "0");
}

/* SPIR-V storage classes → the SPIR address spaces LLVM's SPIR and SPIR-V
 * targets number (private 0, global 1, constant 2, local 3, generic 4),
 * the numbering the SPIR-V translator's dwarfAddressSpace uses. */
static const struct {
	uint32_t sc;
	int as;
} storage[] = {
	{ SpvStorageClassFunction, 0 },
	{ SpvStorageClassPrivate, 0 },
	{ SpvStorageClassCrossWorkgroup, 1 },
	{ SpvStorageClassUniformConstant, 2 },
	{ SpvStorageClassWorkgroup, 3 },
	{ SpvStorageClassGeneric, 4 },
};

int hd_tl_addrspace(uint32_t sc)
{
	for (size_t i = 0; i < COUNT(storage); i++)
		if (storage[i].sc == sc)
			return storage[i].as;
	return -1;
}

/* DebugInfoFlags (OpenCL.DebugInfo.100 section 3.2) → LangRef's DIFlag*.
 * where: "" for every node kind, else the kinds the flag applies to; the
 * reference flags of a pointer are its tag (types.c), FlagIsLocal,
 * FlagIsDefinition and FlagIsOptimized are isLocal:, isDefinition: and
 * spFlags: (scopes.c), and FlagIndirectVariable and
 * FlagUnknownPhysicalLayout have no LLVM flag. The access bits are a
 * two-bit field: Protected 1, Private 2, Public 3. */
static const struct {
	const char *spirv;
	const char *llvm;
	const char *where;
} flags[] = {
	{ "FlagFwdDecl", "DIFlagFwdDecl", "" },
	{ "FlagArtificial", "DIFlagArtificial", "" },
	{ "FlagExplicit", "DIFlagExplicit", "" },
	{ "FlagPrototyped", "DIFlagPrototyped", "" },
	{ "FlagObjectPointer", "DIFlagObjectPointer", "" },
	{ "FlagStaticMember", "DIFlagStaticMember", "" },
	{ "FlagLValueReference", "DIFlagLValueReference", "subprogram" },
	{ "FlagRValueReference", "DIFlagRValueReference", "subprogram" },
	{ "FlagIsEnumClass", "DIFlagEnumClass", "" },
	{ "FlagTypePassByValue", "DIFlagTypePassByValue", "" },
	{ "FlagTypePassByReference", "DIFlagTypePassByReference", "" },
};

static const char *const access[] = { NULL, "DIFlagProtected", "DIFlagPrivate",
	                              "DIFlagPublic" };

/* The DebugInfoFlags enum of n's set. */
static const hd_spv_enum *flags_enum(const hd_di_node *n)
{
	for (int i = 0; n->set->enums && n->set->enums[i]; i++)
		if (strcmp(n->set->enums[i]->name, "DebugInfoFlags") == 0)
			return n->set->enums[i];
	return NULL;
}

int hd_tl_has_flag(const hd_di_node *n, uint32_t value, const char *name)
{
	const hd_spv_enum *e = flags_enum(n);

	for (uint32_t i = 0; e && i < e->count; i++)
		if (strcmp(e->values[i].name, name) == 0)
			return e->values[i].value != 0 && (value & e->values[i].value) ==
			                                   e->values[i].value;
	return 0;
}

void hd_tl_flags(hd_buf *b, const hd_di_node *n, uint32_t value, const char *where)
{
	const char *sep = "";

	if (access[value & 3]) {
		hd_buf_printf(b, "%s", access[value & 3]);
		sep = " | ";
	}
	for (size_t i = 0; i < COUNT(flags); i++) {
		if (flags[i].where[0] && strcmp(flags[i].where, where) != 0)
			continue;
		if (hd_tl_has_flag(n, value, flags[i].spirv)) {
			hd_buf_printf(b, "%s%s", sep, flags[i].llvm);
			sep = " | ";
		}
	}
}
