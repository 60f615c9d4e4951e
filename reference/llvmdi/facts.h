/* The facts of LLVM debug metadata (docs/llvm-facts.md): what a module's
 * debug information says, one line per fact, with no metadata ids, IR
 * names or order in it, so that two translations of one SPIR-V module can
 * be compared fact by fact (the translate-spirv/metadata check). */
#ifndef HD_LLDI_FACTS_H
#define HD_LLDI_FACTS_H

#include <stddef.h>

#include "llvmdi.h"

typedef struct hd_lldi_facts {
	char **v;    /* sorted, no two alike */
	size_t n, cap;
} hd_lldi_facts;

/* The facts of m's metadata reachable from its roots (the compile units,
 * the functions' and globals' attachments, the debug records and the
 * instructions' locations). Uses the nodes' mark field. 0, or -1 when
 * memory runs out. */
int hd_lldi_facts_of(hd_lldi_module *m, hd_lldi_facts *f);
void hd_lldi_facts_free(hd_lldi_facts *f);
/* The facts one set has and the other lacks, "- FACT" (only in want) and
 * "+ FACT" (only in got), in sorted order, at most max lines into out (the
 * rest counted). Returns the number of differing facts; *first gets the
 * first one's line (NULL when none), valid while both sets live. */
size_t hd_lldi_facts_diff(const hd_lldi_facts *want, const hd_lldi_facts *got, hd_buf *out,
                          size_t max, const char **first, int *first_in_want);

#endif
