/* translate-spirv/metadata (docs/harness.md, "Checks"; docs/llvm-facts.md):
 * the LLVM IR a candidate made of a SPIR-V module holds the debug metadata
 * the module means. The reference translation (hdref llvm-di,
 * docs/llvm-translation.md) is computed here from the case's module; both
 * are read by the LLVM debug-metadata reader and reduced to facts (names,
 * kinds, types by structure, scopes, lines, files, variables and their
 * records, locations: no ids, IR names or order), and the facts must be
 * the same. The reason names the first differing fact in sorted order;
 * the diff lists them all ("-" only the reference's, "+" only the
 * candidate's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "llvmdi/facts.h"
#include "tollvm/tollvm.h"
#include "util/file.h"

#define MAX_DIFF_LINES 200

static int outcome(hc_result *r, hc_outcome o, const char *reason)
{
	r->outcome = o;
	return (r->reason = strdup(reason)) ? 0 : -1;
}

/* The reference translation of the module at path, as facts: 0, or 1 with
 * why set (the module breaks a rule or has no compile unit), or -1 when
 * memory runs out. Blame (judge.c) takes it too. */
int hc_reference_facts(const char *path, hd_lldi_facts *f, char *why, size_t size)
{
	hd_spv_module *m = NULL;
	hd_lldi_module *lm = NULL;
	hd_status st;
	hd_buf text;
	int rc = 1;

	hd_buf_init(&text);
	hd_status_clear(&st);
	if (hd_spv_load(path, &m, &st) != 0 || hd_di_build(m, &st) != 0)
		snprintf(why, size, "the module does not read: %s", st.msg);
	else if (hd_di_validate(m) != 0)
		snprintf(why, size, "the module breaks a rule: the reference translates no such module");
	else if (hd_tollvm(m, &text, &st) != 0)
		snprintf(why, size, "the reference does not translate it: %s", st.msg);
	else if (hd_lldi_read("reference", (const char *)text.data, text.len, &lm, &st) != 0)
		snprintf(why, size, "the reference translation does not read: %s", st.msg);
	else
		rc = hd_lldi_facts_of(lm, f) == 0 ? 0 : -1;
	if (st.kind == HD_NO_MEMORY)
		rc = -1;
	hd_lldi_free(lm);
	hd_spv_free(m);
	hd_buf_free(&text);
	return rc;
}

/* The candidate's IR at out, as facts: 0, 1 with why set, or -1. place
 * names where the IR was to be ("{out}", "{ir}"). */
int hc_ir_facts(const char *out, const char *place, hd_lldi_facts *f, char *why, size_t size)
{
	hd_lldi_module *lm = NULL;
	hd_status st;
	hd_buf text;
	int rc = 1;

	hd_buf_init(&text);
	hd_status_clear(&st);
	if (hd_read_file(out, HD_LLDI_MAX_FILE, &text, &st) != 0)
		snprintf(why, size, "no LLVM IR at %s: %s", place, st.msg);
	else if (hd_lldi_read(out, (const char *)text.data, text.len, &lm, &st) != 0)
		snprintf(why, size, "the candidate's LLVM IR at %s does not read: %s", place, st.msg);
	else
		rc = hd_lldi_facts_of(lm, f) == 0 ? 0 : -1;
	if (st.kind == HD_NO_MEMORY)
		rc = -1;
	hd_lldi_free(lm);
	hd_buf_free(&text);
	return rc;
}

/* want against got, fact by fact: pass when equal, else fail naming the
 * first difference (the reference's side named ref, the other's got). */
static int compare_facts(const hd_lldi_facts *want, const hd_lldi_facts *got, const char *ref,
                         const char *other, hc_result *r)
{
	char why[700];
	const char *first;
	int in_want = 0, rc = 0;
	size_t n;
	hd_buf diff;

	hd_buf_init(&diff);
	n = hd_lldi_facts_diff(want, got, &diff, MAX_DIFF_LINES, &first, &in_want);
	if (n == 0) {
		r->outcome = HC_PASS;
	} else {
		snprintf(why, sizeof why, "%zu facts differ; first: the %s has, the %s lacks: %.400s",
		         n, in_want ? ref : other, in_want ? other : ref, first);
		rc = outcome(r, HC_FAIL, why);
		if (rc == 0 && !diff.failed && !(r->diff = strdup(hd_buf_str(&diff))))
			rc = -1;
	}
	hd_buf_free(&diff);
	return rc;
}

int hc_judge_ir_facts(const hd_lldi_facts *ref, const hd_lldi_facts *ir, hc_result *r)
{
	return compare_facts(ref, ir, "reference translation", "IR", r);
}

int hc_judge_llvm_facts(const hd_lldi_facts *want, const hd_lldi_facts *got, const char *want_name,
                        const char *got_name, hc_result *r)
{
	return compare_facts(want, got, want_name, got_name, r);
}

int hc_judge_translate(const hc_job *job, const char *out, hc_result *r, hd_status *st)
{
	hd_lldi_facts want = { 0 }, got = { 0 };
	char why[600];
	int rc;

	rc = hc_reference_facts(job->input, &want, why, sizeof why);
	if (rc == 1)
		rc = outcome(r, HC_NOT_SUPPORTED, why);
	else if (rc == 0 && (rc = hc_ir_facts(out, "{out}", &got, why, sizeof why)) == 1)
		rc = outcome(r, HC_FAIL, why);
	else if (rc == 0)
		rc = compare_facts(&want, &got, "reference", "candidate", r);
	hd_lldi_facts_free(&want);
	hd_lldi_facts_free(&got);
	return rc == 0 ? 0 : hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}
