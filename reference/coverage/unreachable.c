/* The tables of unreachable.h. A row here is a claim about the case
 * formats, so each says what stops a case from reaching the rule; the rule
 * itself is still tested through the library API by the unit tests. */
#include "unreachable.h"

#include <string.h>

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

const hd_cov_unreachable hd_cov_unreachable_codes[] = {
	{ "not-in-profile", "the case's assembler rejects an operation the profile cannot encode "
	  "(a bad-input error) before anything is encoded" },
	{ "operand-range", "the text assemblers reject an operand that does not fit (bad-input); "
	  "bytes cannot hold one" },
	{ "bad-base-type", "the case format only declares base types of 1 to 65536 bits" },
	{ "unknown-address-space", "the evaluator checks every address space (unknown-aspace) "
	  "before the AMDGPU model sees an access" },
	{ "pc-outside-fde", "unwinding only asks an FDE for the rules at a pc it covers" },
	{ "val-offset-cfa", "every CFA rule already yields a memory byte address" },
	{ "architectural-rule", "no call frame instruction makes an architectural rule and AMDGPU "
	  "defines none" },
};
const size_t hd_cov_nunreachable_codes = NELEMS(hd_cov_unreachable_codes);

const hd_cov_unreachable hd_cov_unreachable_rules[] = {
	{ "SPIR-V/id-bound", "the assembler computes the header's Bound, so no .spvasm case "
	  "can exceed it (a binary module can)" },
	{ "OpenCL.DebugInfo.100/DebugExpression/operand-count", "the only operand is a list of "
	  "ids of any length, so no word sequence has the wrong count" },
	{ "DebugInfo/DebugExpression/operand-count", "the only operand is a list of ids of any "
	  "length, so no word sequence has the wrong count" },
};
const size_t hd_cov_nunreachable_rules = NELEMS(hd_cov_unreachable_rules);

const hd_cov_unreachable *hd_cov_unreachable_find(const hd_cov_unreachable *t, size_t n,
                                            const char *name, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(t[i].name) == len && strncmp(t[i].name, name, len) == 0)
			return &t[i];
	return NULL;
}
