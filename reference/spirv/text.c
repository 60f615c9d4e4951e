/* SPIR-V assembly text, through the SPIRV-Tools C API (libspirv.h). The
 * assembler keeps numeric ids as written (%12 stays 12), so diagnostics name
 * the ids a case file shows. */
#include <spirv-tools/libspirv.h>
#include <stdlib.h>
#include <string.h>

#include "spirv.h"

int hd_spv_assemble(const char *text, size_t len, uint32_t **words, size_t *nwords,
                    hd_status *st)
{
	return hd_spv_assemble_version(text, len, 6, words, nwords, st);
}

int hd_spv_assemble_version(const char *text, size_t len, unsigned minor, uint32_t **words,
                            size_t *nwords, hd_status *st)
{
	static const spv_target_env envs[] = {
		SPV_ENV_UNIVERSAL_1_0, SPV_ENV_UNIVERSAL_1_1, SPV_ENV_UNIVERSAL_1_2,
		SPV_ENV_UNIVERSAL_1_3, SPV_ENV_UNIVERSAL_1_4, SPV_ENV_UNIVERSAL_1_5,
		SPV_ENV_UNIVERSAL_1_6,
	};
	spv_context ctx = spvContextCreate(envs[minor < 6 ? minor : 6]);
	spv_binary bin = NULL;
	spv_diagnostic diag = NULL;
	spv_result_t r;
	int rc = 0;

	if (!ctx)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "cannot create a SPIRV-Tools context");
	r = spvTextToBinaryWithOptions(ctx, text, len,
	                               SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS, &bin,
	                               &diag);
	if (r != SPV_SUCCESS || !bin) {
		uint64_t line = diag ? diag->position.line + 1 : 0;
		rc = hd_fail(st, HD_BAD_INPUT, "assemble", line,
		             "line %llu: SPIRV-Tools cannot assemble it: %s [SPIR-V/assemble]",
		             (unsigned long long)line, diag && diag->error ? diag->error : "error");
	} else {
		*words = malloc(bin->wordCount * sizeof **words);
		if (!*words)
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		else
			memcpy(*words, bin->code, bin->wordCount * sizeof **words);
		*nwords = bin->wordCount;
	}
	spvDiagnosticDestroy(diag);
	spvBinaryDestroy(bin);
	spvContextDestroy(ctx);
	return rc;
}
