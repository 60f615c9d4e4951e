/* The coverage universe: everything the case corpus must exercise, area by
 * area, each item with the polarity its case must have and the document
 * and section that define it (docs/generators.md, "Coverage"). One
 * definition for both readers: `hdgen coverage` measures the corpus
 * against it (docs/coverage.md, docs/coverage.html) and the run report's
 * coverage bars (index.html) count the same universes under the same
 * names, so the two cannot disagree on what an area holds. */
#ifndef HD_COV_UNIVERSE_H
#define HD_COV_UNIVERSE_H

#include <stddef.h>

#include "../util/buf.h"

/* The areas of coverage facts, in the order both reports show them. The
 * first HD_COV_UNIVERSES have a universe; the others group the facts of
 * expected/coverage.tsv that no universe asks for. */
typedef enum hd_cov_area {
	HD_COV_OPS,        /* "DW_OP_<op> encoding=<profile>" */
	HD_COV_CFA,        /* "DW_CFA_<insn>" */
	HD_COV_EVAL,       /* "rule eval/<reason code>" */
	HD_COV_SPV,        /* "<set>/<instruction>[ <operand fact>]" */
	HD_COV_RULES,      /* "rule <set>/<instruction>/<rule>", "rule SPIR-V/..." */
	HD_COV_UNIVERSES,
	HD_COV_OPENCL = HD_COV_UNIVERSES,  /* "opencl ..." constructs of kernels */
	HD_COV_OTHER,
	HD_COV_AREA_COUNT
} hd_cov_area;

/* The area's name, the same in every report ("Evaluator rules"). */
const char *hd_cov_area_name(int area);
/* The area a fact spelling belongs to (its prefix); HD_COV_OTHER if none. */
int hd_cov_area_of(const char *fact);

enum {
	HD_COV_POS = 1,  /* a case exhibits the fact and the reference accepts it */
	HD_COV_NEG = 2   /* a case exhibits the fact and the reference rejects it */
};

typedef struct hd_cov_item {
	int area;     /* hd_cov_area, < HD_COV_UNIVERSES */
	char *fact;
	int need;     /* HD_COV_POS or HD_COV_NEG */
	char *cite;   /* document and section, "DWARF 5 §2.5.1.1 ...; ..."; NULL
	               * when no source is known: an error of the table it came from */
} hd_cov_item;

/* The universe, area by area in table order (ops.def, cfa.def, reasons.def,
 * the grammar tables, the rule catalogue); byfact indexes it sorted. */
typedef struct hd_cov_universe {
	hd_cov_item *v;
	size_t n, cap;
	hd_cov_item **byfact;
	int failed;   /* an allocation failed: the universe is incomplete */
} hd_cov_universe;

/* Builds u; -1 when out of memory (u is still freed by hd_cov_universe_free). */
int hd_cov_universe_build(hd_cov_universe *u);
void hd_cov_universe_free(hd_cov_universe *u);
/* The item whose fact is fact, or NULL: the fact is outside the universe. */
const hd_cov_item *hd_cov_universe_find(const hd_cov_universe *u, const char *fact);
/* Items of area. */
size_t hd_cov_universe_count(const hd_cov_universe *u, int area);

/* "Storage Class" -> "storage-class": how an operand is named in a fact. */
void hd_cov_operand_slug(const char *name, char *out, size_t size);

/* The operations that can only have negative cases on AMDGPU, with why:
 * the universe asks a negative case of them (docs/evaluator.md). */
typedef struct hd_cov_negative_only {
	const char *op, *why;
} hd_cov_negative_only;
extern const hd_cov_negative_only hd_cov_negative_ops[];
extern const size_t hd_cov_nnegative_ops;

#endif
