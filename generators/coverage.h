/* The coverage map's pieces (docs/generators.md, "Coverage"): facts that
 * cases exhibit, computed from their content and their reference outcome,
 * and the universe the facts are measured against. */
#ifndef HD_COVERAGE_H
#define HD_COVERAGE_H

#include <stddef.h>

#include "coverage/universe.h"

enum {
	COV_POS = HD_COV_POS,  /* a case exhibits the fact and the reference accepts it */
	COV_NEG = HD_COV_NEG   /* a case exhibits the fact and the reference rejects it */
};

typedef struct cov_fact {
	char *fact;
	unsigned char pol;     /* COV_POS or COV_NEG */
	char *where;           /* the case, "<kind>/<file>" */
} cov_fact;

/* A bag of facts; cov_finish sorts it by fact, then polarity, then case. */
typedef struct cov_facts {
	cov_fact *v;
	size_t n, cap;
	int failed;            /* an allocation failed */
} cov_facts;

void cov_add(cov_facts *f, const char *fact, int pol, const char *where);
void cov_finish(cov_facts *f);
void cov_free(cov_facts *f);
/* Index of the first entry for fact (any polarity), or -1. After cov_finish. */
long cov_find(const cov_facts *f, const char *fact);
/* Which polarities fact has: COV_POS | COV_NEG bits. After cov_finish. */
int cov_polarities(const cov_facts *f, const char *fact, size_t *ncases, const char **first);

/* The facts one case exhibits, added to out. Its `covers:` tags are checked
 * against them: each tag must name one of its facts, or the tag goes to bad
 * as "<case>: <tag>". Return -1 when the reference cannot read the case. */
int cov_case_facts(const char *path, const char *where, cov_facts *out, cov_facts *bad);
int cov_spirv_facts(const char *path, const char *where, cov_facts *out, cov_facts *bad);
int cov_opencl_facts(const char *path, const char *where, cov_facts *out, cov_facts *bad);

/* The `covers:` tags of a file whose comment lines start with marker
 * ("#", ";", "//"), into tags (pol unused). */
int cov_tags(const char *path, const char *marker, const char *where, cov_facts *tags);
/* Moves into bad every tag of tags that facts lacks; frees tags. */
void cov_check_tags(cov_facts *tags, cov_facts *facts_of_case, cov_facts *bad);

/* One run of hdgen coverage: the universe, the facts of the cases. */
typedef struct cov_run {
	const char *cases;
	const char *watches;
	cov_facts facts, bad;
	hd_cov_universe u;
	size_t ncases, unreadable;
} cov_run;

/* Cases of fact with polarity pol. After cov_finish. */
size_t cov_count(const cov_run *r, const char *fact, int pol);
/* Cases of the universe item with the polarity it needs. */
size_t cov_item_cases(const cov_run *r, const hd_cov_item *it);

/* What the summary table says of one area. */
typedef struct cov_summary {
	size_t total, covered, single, uncited;
} cov_summary;
void cov_summarize(const cov_run *r, int area, cov_summary *s);

/* The map as markdown (coverage_md.c) and as one self-contained HTML page
 * (coverage_html.c): the same rows, counts and citations. */
struct hd_buf;
void cov_markdown(const cov_run *r, struct hd_buf *b);
void cov_html(const cov_run *r, struct hd_buf *b);

/* The interpreter's table: which of its instructions the watches in
 * `watches` executed (coverage_exec.c). */
void cov_exec_report(const char *watches, struct hd_buf *b);

#endif
