/* The conformance check of a producer (docs/conformance-rules.md): the
 * candidate's DWARF must hold every normative fact of the reference's for
 * the same input, and its location expressions must be well formed, in
 * the extension's forms. Both sides arrive as canonical dumps. */
#ifndef HC_CONFORM_H
#define HC_CONFORM_H

#include <stddef.h>

#include "blame.h"
#include "dumptree.h"
#include "result.h"
#include "util/buf.h"
#include "util/status.h"

/* The normative facts of a dump, one per line, sorted (`hdcts facts`
 * prints them; the judge compares them). name labels parse errors. */
int hc_conform_facts(const char *dump, size_t len, const char *name, hd_buf *out,
                     hd_status *st);

/* The facts of a parsed dump, sorted, as pointers into lines (which holds
 * them NUL-separated); *facts is malloc'd. -1 on no memory. */
int hc_conform_fact_list(const hc_dump *d, hd_buf *lines, char ***facts, size_t *n);

/* Judges the candidate's dump got against the reference's want. The
 * facts check (locations 0): every normative fact of want must be in got;
 * r->diff has `-` the reference's fact and `+` what got has for the same
 * key and attribute. The locations check (locations 1): every location
 * expression of got must decode (fail) and should not use DW_OP_xderef
 * (quality-warning). A dump that does not parse is an internal error:
 * hdref dump printed it (the object itself was read before). -1 only on
 * HD_NO_MEMORY. With blame (not NULL), each fact got lacks is also
 * blamed on a stage (blame.h): a "  blame:" line after it in the diff, and
 * the counts and the first fact's stage in the reason. */
int hc_conform_judge(const char *want, size_t wlen, const char *got, size_t glen,
                     int locations, hc_blame *blame, hc_result *r, hd_status *st);

#endif
