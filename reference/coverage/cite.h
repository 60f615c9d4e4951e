/* Citations of the coverage universe: the document and section that define
 * each item, written from the tables that already say it (ops.def and
 * cfa.def's section column, reasons.def's section column, the SPIR-V
 * grammar tables' opcodes and enums, the rule catalogue of `hdref check
 * --rules`). Each function checks what it is given against the section
 * lists of cite.c and cite_spirv.c and returns -1, writing nothing, when a
 * part names no known section: a typo in a table then shows as an uncited
 * row instead of a citation nobody can look up. */
#ifndef HD_COV_CITE_H
#define HD_COV_CITE_H

#include "../spirv/tables.h"
#include "../util/buf.h"

/* The documents citations name: short name (docs/sources.md) and full title. */
typedef struct hd_cov_document {
	const char *name, *title;
} hd_cov_document;
extern const hd_cov_document hd_cov_documents[];
extern const size_t hd_cov_ndocuments;

/* A section column of ops.def, cfa.def or reasons.def: parts joined by
 * "; ", each "DWARF 5 <section or Table n.m>", "LLVM Dwarf.def", or a
 * section title of DWARF Extensions for Heterogeneous Debugging, any of
 * them followed by a note. */
int hd_cov_cite_sections(const char *sections, hd_buf *out);

/* Where set s defines instruction in (its section of "Instructions"). */
int hd_cov_cite_spirv_inst(const hd_spv_set *s, const hd_spv_inst *in, hd_buf *out);
/* Where the enumeration en of an operand of set s is defined. */
int hd_cov_cite_spirv_enum(const hd_spv_set *s, const hd_spv_enum *en, hd_buf *out);
/* A rule of the catalogue: its id "<set>/<inst>/<rule>" (or "SPIR-V/...")
 * and its source column, "<spec> section N: what it asks" or "core SPIR-V
 * N: ...". A rule of section 4 (the instructions) is cited at the
 * instruction's own subsection. */
int hd_cov_cite_rule(const char *id, const char *source, hd_buf *out);

#endif
