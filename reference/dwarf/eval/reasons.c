/* The reason code table, built from reasons.def. */
#include "reasons.h"

#include <string.h>

/* reasons.def's kind column in hd_kind terms: a resource failure is
 * HD_NO_MEMORY, which hd_kind_name prints as "resource". */
#define HD_REASON_KIND_EVAL_ERROR HD_EVAL_ERROR
#define HD_REASON_KIND_ILL_FORMED HD_ILL_FORMED
#define HD_REASON_KIND_RESOURCE HD_NO_MEMORY
#define HD_REASON_KIND_INTERNAL HD_INTERNAL

const hd_reason_info hd_reason_table[HD_REASON_COUNT] = {
#define HD_REASON(id, code, kind, origin, section) \
	{ code, HD_REASON_KIND_##kind, HD_REASON_##origin, section },
#include "reasons.def"
#undef HD_REASON
};

const size_t hd_reason_count = HD_REASON_COUNT;

const hd_reason_info *hd_reason_lookup(const char *code)
{
	if (code == NULL)
		return NULL;
	for (size_t i = 0; i < HD_REASON_COUNT; i++)
		if (strcmp(hd_reason_table[i].code, code) == 0)
			return &hd_reason_table[i];
	return NULL;
}
