/* DebugImportedEntity and DebugModuleINTEL, both OpenCL.DebugInfo.100 only
 * (docs/lowering.md, their sections). */
#include <string.h>

#include "lower_type.h"

/* Current LLVM's number (llvm/BinaryFormat/Dwarf.def); Debian's libdwarf
 * still has the older 0x3e03, which LLVM reassigned to
 * DW_AT_LLVM_tag_offset. */
#define HD_DW_AT_LLVM_apinotes 0x3e07

static hd_die *nomem(hd_lw *L, const hd_di_node *n)
{
	return L->failed ? NULL : hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
}

/* A C++ using-directive (ImportedModule → DW_TAG_imported_module) or
 * using-declaration (ImportedDeclaration → DW_TAG_imported_declaration),
 * DWARF 5 sections 3.2.3 and 3.2.4, in the scope that has it, with
 * DW_AT_import naming the Entity's DIE. A Name is the alias a declaration
 * introduces (`namespace A = B;`), which DWARF 5 section 3.2.3 writes as
 * DW_AT_name on the imported declaration. A using-directive introduces no
 * name (section 3.2.4 gives DW_TAG_imported_module none), so its Name is
 * not lowered: a named one would have to be in .debug_names, and
 * llvm-dwarfdump --verify says so. */
hd_die *hd_lower_imported_entity(hd_lw *L, const hd_di_node *n)
{
	const char *tag = hd_lw_enum(n, HD_O_Tag);
	hd_die *parent, *d, *entity;

	/* one the lowering cannot read (llvm-spirv-15 writes an operand word
	 * too many, docs/findings.md) gets no DIE: it holds no storage and no
	 * code, so the rest of the unit stands without it */
	if (!tag || (strcmp(tag, "ImportedModule") && strcmp(tag, "ImportedDeclaration")))
		return NULL;
	parent = hd_lower_parent(L, hd_lw_word(n, HD_O_Parent));
	if (L->failed || !(d = hd_die_new(L->u, parent, strcmp(tag, "ImportedModule") == 0 ?
	                                  DW_TAG_imported_module : DW_TAG_imported_declaration)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	entity = hd_lower_id(L, hd_lw_word(n, HD_O_Entity));
	if (L->failed)
		return NULL;
	if ((entity && hd_die_ref(L->u, d, DW_AT_import, entity) != 0) ||
	    (d->tag == DW_TAG_imported_declaration && hd_lw_name(L, d, n, HD_O_Name) != 0) ||
	    hd_lw_decl(L, d, n) != 0)
		return nomem(L, n);
	return d;
}

/* A Clang module (or Fortran module): DW_TAG_module (DWARF 5 section
 * 3.2.1) under its Parent, with LLVM's DW_AT_LLVM_config_macros,
 * DW_AT_LLVM_include_path and DW_AT_LLVM_apinotes for the three strings
 * (left out when empty, as LLVM does), and DW_AT_declaration when
 * IsDeclaration is non-zero. */
hd_die *hd_lower_module(hd_lw *L, const hd_di_node *n)
{
	static const struct {
		hd_spv_oname operand;
		uint16_t attr;
	} strings[] = {
		{ HD_O_ConfigurationMacros, DW_AT_LLVM_config_macros },
		{ HD_O_IncludePath, DW_AT_LLVM_include_path },
		{ HD_O_APINotesFile, HD_DW_AT_LLVM_apinotes },
	};
	hd_die *parent = hd_lower_parent(L, hd_lw_word(n, HD_O_Parent)), *d;

	if (L->failed || !(d = hd_die_new(L->u, parent, DW_TAG_module)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_name(L, d, n, HD_O_Name) != 0 || hd_lw_decl(L, d, n) != 0)
		return nomem(L, n);
	for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
		const char *s = hd_lower_nonempty(L, n, strings[i].operand);
		if (s && hd_die_string(L->u, d, strings[i].attr, s) != 0)
			return nomem(L, n);
	}
	if (hd_lw_word(n, HD_O_IsDeclaration) && hd_die_flag(L->u, d, DW_AT_declaration) != 0)
		return nomem(L, n);
	return d;
}
