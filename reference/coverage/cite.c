/* Citations of DWARF operations, call frame instructions and evaluator
 * rules (cite.h): the section columns of ops.def, cfa.def and reasons.def
 * written out with the section's title, each part checked against the
 * sections below, which are the ones those tables cite. A part that names
 * none of them makes the row uncited. Only names and numbers of the
 * documents are kept here, never their text. */
#include "cite.h"

#include <string.h>

const hd_cov_document hd_cov_documents[] = {
	{ "DWARF 5", "DWARF Debugging Information Format, Version 5 (dwarfstd.org, 2017)" },
	{ "DWARF Extensions for Heterogeneous Debugging",
	  "AMD, DWARF Extensions For Heterogeneous Debugging (LLVM documentation, "
	  "AMDGPUDwarfExtensionsForHeterogeneousDebugging), cited by section title" },
	{ "LLVM Dwarf.def", "llvm/include/llvm/BinaryFormat/Dwarf.def in the LLVM repository: "
	  "the codes of the llvm-user encoding" },
	{ "OpenCL.DebugInfo.100", "Khronos, OpenCL.DebugInfo.100 Extended Instruction Set "
	  "Specification, version 2.00 revision 2" },
	{ "DebugInfo 1.00", "Khronos, DebugInfo Extended Instruction Set Specification, "
	  "version 1.00" },
	{ "SPIR-V Specification", "Khronos, SPIR-V Specification (unified, version 1.6)" },
	{ "SPV_INTEL_debug_module", "Khronos SPIR-V Registry, SPV_INTEL_debug_module extension" },
	{ "Intel GT DWARF", "Intel Graphics Compiler (github.com/intel/intel-graphics-compiler), "
	  "IGC/DebugInfo: the DW_OP_INTEL_* and DW_AT_INTEL_* codes IGC writes" },
};
const size_t hd_cov_ndocuments = sizeof hd_cov_documents / sizeof hd_cov_documents[0];

static const char EXT[] = "DWARF Extensions for Heterogeneous Debugging";

/* The DWARF 5 sections and tables the tables cite, with their titles. */
static const char *const dwarf5[][2] = {
	{ "2.5.1.1", "Literal Encodings" },
	{ "2.5.1.2", "Register Values" },
	{ "2.5.1.3", "Stack Operations" },
	{ "2.5.1.4", "Arithmetic and Logical Operations" },
	{ "2.5.1.5", "Control Flow Operations" },
	{ "2.5.1.6", "Type Conversions" },
	{ "2.5.1.7", "Special Operations" },
	{ "2.6.1.1.3", "Register Location Descriptions" },
	{ "2.6.1.1.4", "Implicit Location Descriptions" },
	{ "2.6.1.2", "Composite Location Descriptions" },
	{ "5.1", "Base Type Entries" },
	{ "6.4.1", "Structure of Call Frame Information" },
	{ "6.4.2.1", "Row Creation Instructions" },
	{ "6.4.2.2", "CFA Definition Instructions" },
	{ "6.4.2.3", "Register Rule Instructions" },
	{ "6.4.2.4", "Row State Instructions" },
	{ "6.4.2.5", "Padding Instruction" },
	{ "6.4.3", "Call Frame Instruction Usage" },
	{ "6.4.4", "Call Frame Calling Address" },
	{ "7.4", "32-Bit and 64-Bit DWARF Formats" },
	{ "7.6", "Variable Length Data" },
	{ "7.7.1", "DWARF Expressions" },
	{ "Table 7.9", "DWARF operation encodings" },
	{ "Table 7.29", "Call frame instruction encodings" },
};

/* The section titles of DWARF Extensions for Heterogeneous Debugging that
 * the tables cite (its sections restate DWARF 5's by title). */
static const char *const ext_titles[] = {
	"DWARF Expression Evaluation Context",
	"DWARF Expression Value",
	"DWARF Location Description",
	"DWARF Operation Expressions",
	"Stack Operations",
	"Control Flow Operations",
	"Literal Operations",
	"Arithmetic and Logical Operations",
	"Type Conversion Operations",
	"Special Value Operations",
	"General Location Description Operations",
	"Undefined Location Description Operations",
	"Memory Location Description Operations",
	"Register Location Description Operations",
	"Implicit Location Description Operations",
	"Composite Location Description Operations",
	"DWARF Location List Expressions",
	"Debugging Information Entry Attributes",
	"Call Frame Information",
	"Structure of Call Frame Information",
	"Call Frame Instructions",
	"Row Creation Instructions",
	"CFA Definition Instructions",
	"Register Rule Instructions",
	"Row State Instructions",
	"32-Bit and 64-Bit DWARF Formats",
	"Operation Expressions",
	"Address Class and Address Space Encodings",
};

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* "DWARF 5 2.5.1.1 (note)" -> "DWARF 5 §2.5.1.1 Literal Encodings (note)";
 * p..end is the part after "DWARF 5 ". */
static int cite_dwarf5(const char *p, const char *end, hd_buf *out)
{
	for (size_t i = 0; i < NELEMS(dwarf5); i++) {
		size_t k = strlen(dwarf5[i][0]);
		const char *rest = p + k;
		if ((size_t)(end - p) < k || strncmp(p, dwarf5[i][0], k) != 0 ||
		    (rest < end && *rest != ' ' && *rest != ','))
			continue;
		hd_buf_printf(out, "DWARF 5 %s%s %s%.*s", dwarf5[i][0][0] == 'T' ? "" : "§",
		              dwarf5[i][0], dwarf5[i][1], (int)(end - rest), rest);
		return 0;
	}
	return -1;
}

/* A section title of the extension, then an optional " (note)". */
static int cite_ext(const char *p, const char *end, hd_buf *out)
{
	for (size_t i = 0; i < NELEMS(ext_titles); i++) {
		size_t k = strlen(ext_titles[i]);
		const char *rest = p + k;
		if ((size_t)(end - p) < k || strncmp(p, ext_titles[i], k) != 0 ||
		    (rest < end && strncmp(rest, " (", 2) != 0))
			continue;
		hd_buf_printf(out, "%s, \"%s\"%.*s", EXT, ext_titles[i], (int)(end - rest), rest);
		return 0;
	}
	return -1;
}

static int cite_part(const char *p, const char *end, hd_buf *out)
{
	static const char d5[] = "DWARF 5 ", llvm[] = "LLVM Dwarf.def", intel[] = "Intel GT DWARF";

	if ((size_t)(end - p) > strlen(d5) && strncmp(p, d5, strlen(d5)) == 0)
		return cite_dwarf5(p + strlen(d5), end, out);
	if (((size_t)(end - p) >= strlen(llvm) && strncmp(p, llvm, strlen(llvm)) == 0) ||
	    ((size_t)(end - p) >= strlen(intel) && strncmp(p, intel, strlen(intel)) == 0)) {
		hd_buf_put(out, p, (size_t)(end - p));
		return 0;
	}
	return cite_ext(p, end, out);
}

int hd_cov_cite_sections(const char *sections, hd_buf *out)
{
	hd_buf b;
	const char *p = sections;
	int rc = sections != NULL && *sections != '\0' ? 0 : -1;

	hd_buf_init(&b);
	while (rc == 0 && p != NULL) {
		const char *semi = strstr(p, "; ");
		const char *end = semi != NULL ? semi : p + strlen(p);
		if (b.len > 0)
			hd_buf_printf(&b, "; ");
		rc = end > p ? cite_part(p, end, &b) : -1;
		p = semi != NULL ? semi + 2 : NULL;
	}
	if (rc == 0)
		hd_buf_put(out, b.data, b.len);
	hd_buf_free(&b);
	return rc;
}
