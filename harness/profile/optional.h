/* The optional features a candidate may declare not supported
 * (docs/conformance.md, "What a candidate may declare"): one table, which
 * the profile reader checks names against and the runner matches cases
 * with. Anything else a candidate does not do is a failure, not a
 * declaration. */
#ifndef HC_OPTIONAL_H
#define HC_OPTIONAL_H

#include <stddef.h>

#include "lists.h"

typedef struct hc_feature {
	const char *name;       /* as the profile's not-supported names it */
	const char *what;       /* one line for the docs and the reports */
	const char *case_glob;  /* the cases that need it, by id; NULL: by fact */
	const char *fact;       /* a coverage fact word, or the prefix of one ending
	                           in '/', that marks a case needing it; NULL: by id */
} hc_feature;

/* The feature called name, or NULL. */
const hc_feature *hc_feature_find(const char *name);

/* Whether a case with id case_id and coverage facts facts[0..n) (the
 * lines of expected/coverage.tsv, the fact in .c) needs f. */
int hc_feature_needed(const hc_feature *f, const char *case_id, const hc_line *facts, size_t n);

/* The features' names, for messages: "a, b, c". */
const char *hc_feature_names(void);

#endif
