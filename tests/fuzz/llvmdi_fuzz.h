/* One input of the LLVM debug-metadata reader's fuzzing (test_llvmdi_fuzz.c,
 * the libFuzzer target llvmdi_fuzz_target.c). The text must be refused
 * with a named error (HD_BAD_INPUT whose code is a syntax rule of
 * rules.def, the message "PATH:LINE:COL: RULE: ..."), or read; what is
 * read is validated (every finding a structure rule) and dumped. Returns 0
 * read, 1 refused, -1 when a contract broke; a crash or a hang is the
 * sanitizers' and the fuzzer's to see. */
#ifndef HD_LLVMDI_FUZZ_H
#define HD_LLVMDI_FUZZ_H

#include <stdint.h>
#include <string.h>

#include "llvmdi/llvmdi.h"

static inline int llvmdi_fuzz_named(const hd_status *st)
{
	if (st->kind == HD_NO_MEMORY)
		return 1;  /* the arena's bound: a named refusal too */
	if (st->kind != HD_BAD_INPUT || st->code == NULL || strncmp(st->msg, "in.ll:", 6) != 0)
		return 0;
	for (int r = 0; r < HD_LLDI_NRULES; r++)
		if (strcmp(st->code, hd_lldi_rule_id((hd_lldi_rule)r)) == 0)
			return hd_lldi_rule_is_syntax((hd_lldi_rule)r);
	return 0;
}

static inline int llvmdi_fuzz_one(const uint8_t *data, size_t size)
{
	hd_lldi_findings fs = { 0 };
	hd_lldi_module *m;
	hd_status st;
	hd_buf out;
	int rc = 0;

	hd_status_clear(&st);
	if (hd_lldi_read("in.ll", (const char *)data, size, &m, &st) != 0)
		return llvmdi_fuzz_named(&st) && m == NULL ? 1 : -1;
	if (hd_lldi_validate(m, &fs) != fs.n + fs.dropped)
		rc = -1;
	for (size_t i = 0; i < fs.n; i++)
		if (hd_lldi_rule_is_syntax(fs.v[i].rule))
			rc = -1;
	hd_lldi_findings_free(&fs);
	hd_buf_init(&out);
	hd_lldi_dump(m, &out);
	if (out.failed)
		rc = -1;
	hd_buf_free(&out);
	hd_lldi_free(m);
	return rc;
}

#endif
