/* What no case of the corpus's formats can exercise, and why: one table of
 * reason codes and one of SPIR-V rule ids. The error generators read it so
 * that a code without a case stops them unless it is listed here, and the
 * coverage universe (universe.h) reads it to list these instead of asking
 * for them. */
#ifndef HD_COV_UNREACHABLE_H
#define HD_COV_UNREACHABLE_H

#include <stddef.h>

typedef struct hd_cov_unreachable {
	const char *name, *why;
} hd_cov_unreachable;

extern const hd_cov_unreachable hd_cov_unreachable_codes[];  /* reasons.def codes */
extern const size_t hd_cov_nunreachable_codes;
extern const hd_cov_unreachable hd_cov_unreachable_rules[];  /* `hdref check --rules` ids */
extern const size_t hd_cov_nunreachable_rules;

/* The row of t[0..n) named by the len bytes at name, or NULL. */
const hd_cov_unreachable *hd_cov_unreachable_find(const hd_cov_unreachable *t, size_t n,
                                            const char *name, size_t len);

#endif
