/* What IGC's DWARF says about registers: for each variable and formal
 * parameter, each address range over which its location puts lane 0's
 * element in a GRF. The vISA cross-check (visa-dwarf-register, docs/visa.md)
 * holds these claims against the vISA live intervals. */
#ifndef HD_INTELGT_CLAIMS_H
#define HD_INTELGT_CLAIMS_H

#include <stddef.h>
#include <stdint.h>

#include "dump/load.h"

typedef struct hd_gt_claim {
	const char *name;     /* the variable's DW_AT_name, or "": a copy */
	uint64_t begin, end;  /* [begin, end): addresses of the kernel's code */
	uint32_t grf;         /* the GRF lane 0's element starts in */
	uint32_t byte;        /* and its byte offset there */
} hd_gt_claim;

typedef struct hd_gt_claims {
	hd_gt_claim *v;
	size_t n, cap;
	/* locations the claims leave out, so a report can say what it skipped:
	 * in memory or computed from a register, constants or empty, not a
	 * GRF, outside what place.c follows, not decodable, or with no code
	 * range */
	size_t memory, value, other_reg, unknown, undecodable, no_range;
} hd_gt_claims;

/* Collects the claims of every unit (profile intel-gt). An expression that
 * does not decode is counted; one that decodes but cannot be evaluated
 * (place.h's errors) is an error naming the variable. */
int hd_gt_collect_claims(const hd_dwarf_units *u, hd_gt_claims *out, hd_status *st);
/* The claims of the DWARF in the ELF object at path (hd_dwarf_load's
 * errors, then hd_gt_collect_claims's); nothing is kept on error. */
int hd_gt_claims_of_object(const char *path, hd_gt_claims *out, hd_status *st);
void hd_gt_claims_free(hd_gt_claims *c);

#endif
