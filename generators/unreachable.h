/* What no case of the corpus's formats can exercise, and why: one table of
 * reason codes and one of SPIR-V rule ids. The error generators read it so
 * that a code without a case stops them unless it is listed here, and hdgen
 * coverage reads it to list these in the map instead of asking for them. */
#ifndef HDGEN_UNREACHABLE_H
#define HDGEN_UNREACHABLE_H

#include <stddef.h>

typedef struct gen_unreachable {
	const char *name, *why;
} gen_unreachable;

extern const gen_unreachable gen_unreachable_codes[];  /* reasons.def codes */
extern const size_t gen_nunreachable_codes;
extern const gen_unreachable gen_unreachable_rules[];  /* `hdref check --rules` ids */
extern const size_t gen_nunreachable_rules;

/* The row of t[0..n) named by the len bytes at name, or NULL. */
const gen_unreachable *gen_unreachable_find(const gen_unreachable *t, size_t n,
                                            const char *name, size_t len);

#endif
