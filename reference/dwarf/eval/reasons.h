/* The reason codes of evaluation outcomes, built from reasons.def: what
 * kind of error each is, and whether a specification rule or one of
 * hdref's own bounds asks for it. The generators iterate it to make a case
 * per code; tests/reasons_table.sh keeps it in step with the sources. */
#ifndef HD_REASONS_H
#define HD_REASONS_H

#include <stddef.h>

#include "../../util/status.h"

/* Where a code's rule comes from (reasons.def, "origin"). */
typedef enum hd_reason_origin {
	HD_REASON_SPEC,  /* DWARF Extensions for Heterogeneous Debugging or DWARF 5: cases must exercise it */
	HD_REASON_IMPL   /* an hdref bound or fallback */
} hd_reason_origin;

typedef enum hd_reason_id {
#define HD_REASON(id, code, kind, origin, section) HD_REASON_##id,
#include "reasons.def"
#undef HD_REASON
	HD_REASON_COUNT
} hd_reason_id;

typedef struct hd_reason_info {
	const char *code;         /* "stack-underflow" */
	hd_kind kind;             /* HD_EVAL_ERROR, HD_ILL_FORMED, HD_NO_MEMORY, HD_INTERNAL */
	hd_reason_origin origin;
	const char *section;      /* DWARF Extensions for Heterogeneous Debugging section, DWARF 5 section or hdref document */
} hd_reason_info;

extern const hd_reason_info hd_reason_table[HD_REASON_COUNT];
extern const size_t hd_reason_count;

/* The row of code, or NULL when no row has it. */
const hd_reason_info *hd_reason_lookup(const char *code);

#endif
