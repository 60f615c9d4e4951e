/* translate-llvm/module (docs/harness.md, "Checks"; docs/llvm-facts.md):
 * the SPIR-V module a candidate made of an LLVM module with debug metadata
 * must break no rule of its debug-info set (docs/validation.md), and must
 * mean what the metadata meant: its reference translation back to LLVM
 * (hdref llvm-di) is reduced to facts and compared with the input's, both
 * named alike (files by their last component; both are SPIR address
 * spaces). The reason names the first difference, the diff lists them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blame.h"
#include "judge.h"
#include "spirv/spirv.h"

static int outcome(hc_result *r, hc_outcome o, const char *reason)
{
	r->outcome = o;
	return (r->reason = strdup(reason)) ? 0 : -1;
}

/* The rules: 0 when the module reads and breaks none, 1 when r says why
 * not, -1 when memory runs out. */
static int module_rules(const char *out, hc_result *r)
{
	hd_spv_module *m = NULL;
	hd_status st;
	hd_buf diags;
	char why[700];
	uint32_t broken;
	int rc = 1;

	hd_status_clear(&st);
	if (hd_spv_load(out, &m, &st) != 0 || hd_di_build(m, &st) != 0) {
		snprintf(why, sizeof why, "the SPIR-V module at {out} does not read: %s", st.msg);
		hd_spv_free(m);
		return outcome(r, HC_FAIL, why) == 0 ? 1 : -1;
	}
	if ((broken = hd_di_validate(m)) == 0) {
		hd_spv_free(m);
		return 0;
	}
	hd_buf_init(&diags);
	hd_spv_diag_print(m, &diags);
	{
		const char *w = strstr(hd_buf_str(&diags), "word ");
		snprintf(why, sizeof why, "the SPIR-V module has %u findings; first: %.*s",
		         (unsigned)broken, w ? (int)strcspn(w, "\n") : 0, w ? w : "");
	}
	if (outcome(r, HC_FAIL, why) != 0 ||
	    (diags.len > 0 && (r->diff = strdup(hd_buf_str(&diags))) == NULL))
		rc = -1;
	hd_buf_free(&diags);
	hd_spv_free(m);
	return rc;
}

int hc_judge_translate_llvm(const char *out, hc_result *r, hd_status *st)
{
	hd_lldi_facts input = { 0 }, back = { 0 };
	char in[4400], why[600];
	const char *slash = strrchr(out, '/');
	int rc;

	/* the runner made the input beside the output (run.c, prepare_job) */
	snprintf(in, sizeof in, "%.*s/in.ll", slash ? (int)(slash - out) : 1, slash ? out : ".");
	rc = module_rules(out, r);
	if (rc == 0 && (rc = hc_ir_facts(in, "the input", &input, why, sizeof why)) == 1)
		rc = outcome(r, HC_INTERNAL_ERROR, why) == 0 ? 1 : -1;
	if (rc == 0 && (rc = hc_reference_facts(out, &back, why, sizeof why)) == 1)
		rc = outcome(r, HC_FAIL, why) == 0 ? 1 : -1;
	if (rc == 0 && hc_blame_prepare(&input, &back, "spir64", 0) != 0)
		rc = -1;
	if (rc == 0)
		rc = hc_judge_llvm_facts(&input, &back, "input", "module", r);
	hd_lldi_facts_free(&input);
	hd_lldi_facts_free(&back);
	return rc >= 0 ? 0 : hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}
