/* The conformance check (conform.h): facts compared as multisets, then the
 * candidate's location expressions looked at on their own. */
#include "conform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blame.h"

/* How many facts or locations a diff lists before it stops. */
#define DIFF_MAX_ITEMS 200

typedef struct side {
	hc_dump dump;
	hd_buf lines;
	char **facts;
	size_t n;
} side;

/* Parses a dump. */
static int load(side *s, const char *text, size_t len, const char *name, hd_status *st)
{
	memset(s, 0, sizeof *s);
	hd_buf_init(&s->lines);
	return hc_dump_parse(text, len, name, &s->dump, st);
}

/* Lists a side's facts: only the source's when source_only. */
static int list_facts(side *s, int source_only, hd_status *st)
{
	s->dump.source_only = source_only;
	if (hc_conform_fact_list(&s->dump, &s->lines, &s->facts, &s->n) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	return 0;
}

static void unload(side *s)
{
	hc_dump_free(&s->dump);
	hd_buf_free(&s->lines);
	free(s->facts);
}

/* The length of a fact's key and attribute, "KEY: ATTR = " included; the
 * whole fact when it is an entity's. */
static size_t prefix_len(const char *fact)
{
	const char *eq = strstr(fact, " = ");

	return eq ? (size_t)(eq - fact) + 3 : strlen(fact);
}

/* What got has for the missing fact's key and attribute, as `+` lines. */
static void put_got(const side *got, const char *fact, hd_buf *diff)
{
	size_t plen = prefix_len(fact), lo = 0, hi = got->n, shown = 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strncmp(got->facts[mid], fact, plen) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < got->n && strncmp(got->facts[lo], fact, plen) == 0; lo++)
		if (strlen(got->facts[lo]) > plen || plen == strlen(fact))
			hd_buf_printf(diff, "+ %s\n", got->facts[lo]), shown++;
	if (shown == 0)
		hd_buf_printf(diff, "+ (none)\n");
}

/* Each fact of want that got lacks, counted (got may have more); with
 * blame, each is blamed on a stage (blame.h), the first 200 in the diff. */
static size_t compare(const side *want, const side *got, hd_buf *diff, const char **first,
                      hc_blame *blame, hc_stage *first_stage)
{
	size_t i = 0, j = 0, missing = 0;
	hd_buf unseen;
	hc_stage s;

	hd_buf_init(&unseen);

	while (i < want->n) {
		int c = j < got->n ? strcmp(want->facts[i], got->facts[j]) : -1;
		if (c > 0) {
			j++;
			continue;
		}
		if (c < 0) {
			if (missing == 0)
				*first = want->facts[i];
			if (missing < DIFF_MAX_ITEMS) {
				hd_buf_printf(diff, "- %s\n", want->facts[i]);
				put_got(got, want->facts[i], diff);
			}
			if (blame != NULL) {
				hd_buf_reset(&unseen);
				s = hc_blame_fact(blame, want->facts[i],
				                  missing < DIFF_MAX_ITEMS ? diff : &unseen);
				if (missing == 0)
					*first_stage = s;
			}
			missing++;
		} else {
			j++;
		}
		i++;
	}
	if (missing > DIFF_MAX_ITEMS)
		hd_buf_printf(diff, "... %zu more\n", missing - DIFF_MAX_ITEMS);
	hd_buf_free(&unseen);
	return missing;
}

/* Whether an expression uses DW_OP_xderef, DW_OP_xderef_size or
 * DW_OP_xderef_type: DWARF Extensions for Heterogeneous Debugging ("Memory Location Description Operations",
 * 5-7) deprecates them for DW_OP_LLVM_form_aspace_address, and read as
 * DWARF 5 defines them they load the value instead of locating it. */
static int uses_xderef(const char *expr)
{
	for (const char *p = expr; (p = strstr(p, "DW_OP_xderef")) != NULL; p += 12)
		if (p[12] == '\0' || p[12] == ';' || p[12] == ' ' || p[12] == '_')
			return 1;
	return 0;
}

typedef struct loc_counts {
	size_t undecodable, xderef;
} loc_counts;

/* The candidate's location expressions: one that does not decode breaks
 * DWARF 5 section 2.5 (fail); one in the deprecated forms is a quality
 * warning. */
static void check_locations(const side *got, hd_buf *bad, hd_buf *weak, loc_counts *n)
{
	const hc_dump *d = &got->dump;

	for (size_t i = 0; i < d->ndies; i++) {
		const hc_die *e = &d->dies[i];
		for (size_t k = e->attr; k < e->attr + e->nattr; k++) {
			const hc_dattr *a = &d->attrs[k];
			int expr = strcmp(a->cls, "exprloc") == 0 ||
			           (strcmp(a->cls, "entry") == 0 && strstr(a->value, "DW_OP_"));
			if (strstr(a->value, "undecodable") != NULL &&
			    (expr || strcmp(a->cls, "entry") == 0)) {
				if (n->undecodable++ < DIFF_MAX_ITEMS)
					hd_buf_printf(bad, "! %s: %s = %s\n", e->path[0] ? e->path : "/",
					              a->name, a->value);
			} else if (expr && uses_xderef(a->value)) {
				if (n->xderef++ < DIFF_MAX_ITEMS)
					hd_buf_printf(weak, "~ %s: %s = %s\n", e->path[0] ? e->path : "/",
					              a->name, a->value);
			}
		}
	}
}

static int set(hc_result *r, hc_outcome o, const char *reason, hd_buf *diff)
{
	r->outcome = o;
	r->reason = reason ? strdup(reason) : NULL;
	r->diff = diff && diff->len ? strdup(hd_buf_str(diff)) : NULL;
	return (reason && r->reason == NULL) || (diff && diff->len && r->diff == NULL) ? -1 : 0;
}

/* The facts: every one of want's must be in got. With blame, the reason
 * counts the stages and names the first fact's. */
static int facts_verdict(const side *want, const side *got, hc_blame *blame, hc_result *r)
{
	hd_buf diff;
	const char *first = NULL;
	hc_stage first_stage = HC_BLAME_NONE;
	size_t missing;
	char reason[800], stages[160] = "";
	int rc;

	hd_buf_init(&diff);
	missing = compare(want, got, &diff, &first, blame, &first_stage);
	if (missing > 0) {
		if (blame != NULL)
			snprintf(stages, sizeof stages, " (blame: %zu %s, %zu %s, %zu %s)",
			         blame->count[HC_BLAME_BEFORE_IR], hc_stage_name(HC_BLAME_BEFORE_IR),
			         blame->count[HC_BLAME_AFTER_IR], hc_stage_name(HC_BLAME_AFTER_IR),
			         blame->count[HC_BLAME_NONE], hc_stage_name(HC_BLAME_NONE));
		snprintf(reason, sizeof reason,
		         "%zu of %zu normative facts missing or different%s; first: %.400s%s%s%s",
		         missing, want->n, stages, first, blame ? " [" : "",
		         blame ? hc_stage_name(first_stage) : "", blame ? "]" : "");
		rc = set(r, HC_FAIL, reason, &diff);
	} else {
		rc = set(r, HC_PASS, NULL, NULL);
	}
	rc |= diff.failed ? -1 : 0;
	hd_buf_free(&diff);
	return rc;
}

/* The locations: none may fail to decode, and none should use xderef. */
static int locations_verdict(const side *got, hc_result *r)
{
	hd_buf bad, weak;
	loc_counts n = { 0, 0 };
	char reason[600];
	int rc;

	hd_buf_init(&bad);
	hd_buf_init(&weak);
	check_locations(got, &bad, &weak, &n);
	if (n.undecodable > 0) {
		snprintf(reason, sizeof reason, "%zu location expressions do not decode",
		         n.undecodable);
		hd_buf_put(&bad, weak.data, weak.len);
		rc = set(r, HC_FAIL, reason, &bad);
	} else if (n.xderef > 0) {
		snprintf(reason, sizeof reason,
		         "%zu location expressions use DW_OP_xderef, deprecated by DWARF Extensions for Heterogeneous Debugging for "
		         "DW_OP_LLVM_form_aspace_address", n.xderef);
		rc = set(r, HC_QUALITY_WARNING, reason, &weak);
	} else {
		rc = set(r, HC_PASS, NULL, NULL);
	}
	rc |= bad.failed | weak.failed ? -1 : 0;
	hd_buf_free(&bad);
	hd_buf_free(&weak);
	return rc;
}

/* A dump that does not load: the result's internal error, with why; -1
 * only when memory ran out. */
static int unreadable(hc_result *r, const char *what, hd_status *st)
{
	char reason[600];

	if (st->kind == HD_NO_MEMORY)
		return -1;
	snprintf(reason, sizeof reason, "%s: %s", what, st->msg);
	return set(r, HC_INTERNAL_ERROR, reason, NULL) == 0
	               ? 0
	               : hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}

int hc_conform_judge(const char *want, size_t wlen, const char *got, size_t glen,
                     int locations, hc_blame *blame, hc_result *r, hd_status *st)
{
	side w, g;
	int rc;

	memset(&w, 0, sizeof w);
	memset(&g, 0, sizeof g);
	if (!locations && load(&w, want, wlen, "expected dump", st) != 0)
		rc = unreadable(r, "the expected dump does not read", st);
	/* hdref dump printed it: text it cannot read back is the suite's bug */
	else if (load(&g, got, glen, "candidate's dump", st) != 0)
		rc = unreadable(r, "the dump of the object does not read back", st);
	/* an Intel GPU object against the AMDGPU lowering: the facts of the
	 * source, not of the target (docs/conformance-rules.md) */
	else if (!locations && (list_facts(&w, g.dump.intel_gt, st) != 0 ||
	                        list_facts(&g, g.dump.intel_gt, st) != 0))
		rc = -1;
	else if ((locations ? locations_verdict(&g, r) : facts_verdict(&w, &g, blame, r)) != 0)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	else
		rc = 0;
	unload(&w);
	unload(&g);
	return rc;
}
