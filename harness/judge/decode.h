/* The decode role (docs/adapter-protocol.md, "decode"): a candidate that
 * decodes DWARF expressions gets one ELF object holding every expression of
 * the corpus that its encoding profile can express, one DW_TAG_variable
 * `e<N>` per expression, and writes one `e<N>: <ops>` line per variable in
 * the canonical text form with register numbers. Each line is compared with
 * the reference's decoding of the same bytes.
 *
 * decode.c collects the items and writes the object; decode_judge.c reads
 * the candidate's output and gives one verdict per item. */
#ifndef HC_DECODE_H
#define HC_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "dwarf/codec/ops.h"
#include "result.h"
#include "util/buf.h"
#include "util/status.h"

/* The check name results of this role carry. */
#define HC_DECODE_CHECK "decode"

/* Bounds on a candidate's output, so a runaway tool cannot eat memory or
 * time: the file, one line, and the lines read. */
#define HC_DECODE_MAX_OUTPUT (64u * 1024u * 1024u)
#define HC_DECODE_MAX_LINE (1024u * 1024u)
#define HC_DECODE_MAX_LINES 1000000u

/* One expression of the object: variable e<N> is items[N]. */
typedef struct hc_decode_item {
	const char *case_id;     /* "expr/gen-op-lit-000" */
	const uint8_t *bytes;    /* in the profile the set was collected for, DWARF32 */
	size_t len;
} hc_decode_item;

/* Why a case of the corpus is not an item. */
typedef enum hc_decode_skip_kind {
	HC_DECODE_SKIP_PROFILE,  /* encoded in the other profile: not-supported */
	HC_DECODE_SKIP_BROKEN    /* the case does not load: internal-error */
} hc_decode_skip_kind;

typedef struct hc_decode_skip {
	const char *case_id;
	hc_decode_skip_kind kind;
	const char *reason;      /* one line, for hc_result.reason */
} hc_decode_skip;

typedef struct hc_decode_set {
	hd_profile profile;
	hc_decode_item *items;   /* sorted by case_id */
	size_t nitems;
	hc_decode_skip *skips;   /* sorted by case_id */
	size_t nskips;
	/* cases that are no decode case at all: no single expression under
	 * test (requests only, location lists) or bytes the reference itself
	 * rejects as ill-formed (the error-* cases). No result is made for them. */
	size_t nexcluded;
} hc_decode_set;

/* Reads every *.case file of dir (the corpus's cases/expr) and sorts them
 * into the set for profile. Case ids are "expr/" + the file name without
 * ".case". An expression written for DWARF64 is re-encoded in the 32-bit
 * format when that gives the same text, since the object has one DWARF32
 * unit; otherwise it is excluded. Errors: HD_BAD_INPUT when dir cannot be
 * read; HD_NO_MEMORY. set is left empty on error. */
int hc_decode_collect(const char *dir, hd_profile profile, hc_decode_set *set,
                      hd_status *st);
void hc_decode_set_free(hc_decode_set *set);

/* Writes the candidate's input object to path (atomically): an AMDGPU ELF
 * code object with one DWARF 5 unit in profile whose root has variable
 * e<N> with DW_AT_location exprloc items[N].bytes. */
int hc_decode_write_object(const hc_decode_item *items, size_t n, hd_profile profile,
                           const char *path, hd_status *st);

/* Appends the reference's canonical text of it (register numbers, no
 * names). Fails with the decoder's status when the bytes do not decode. */
int hc_decode_expected(const hc_decode_item *it, hd_profile profile, hd_buf *out,
                       hd_status *st);

/* The reference's text of it as a reader that takes every top-level
 * DW_OP_LLVM_aspace_bregx displacement for a ULEB128 would print it: the
 * same bytes, the displacement as the unsigned value they encode. The
 * extension's encoding table gives the operand as ULEB128, its description
 * of the operation a signed displacement; the reference reads SLEB128
 * (docs/expression-text.md). Returns 1 with that text appended to out when
 * some displacement reads differently (a negative one whose bytes fit a
 * 64-bit ULEB128), 0 with out untouched when none does, -1 on error. */
int hc_decode_expected_unsigned_bregx(const hc_decode_item *it, hd_profile profile,
                                      hd_buf *out, hd_status *st);

/* The verdict on one item; reason and diff are malloc'd (NULL when none)
 * and may be moved into an hc_result. */
typedef struct hc_decode_verdict {
	hc_outcome outcome;      /* HC_PASS, HC_FAIL, HC_COMPAT_WARNING or HC_INTERNAL_ERROR */
	char *reason;            /* one line; NULL for a pass */
	char *diff;              /* "expected: ...\ngot: ...\n"; NULL for a pass */
} hc_decode_verdict;

/* Judges the candidate's output text (len bytes, need not be
 * NUL-terminated) against items[0..n): fills verdicts[0..n). Lines are
 * matched by N in any order; a missing line, an `error` line, a line
 * different from the reference's, and two different lines for one N are
 * fails, with one exception: a line that is the reference's text except
 * that DW_OP_LLVM_aspace_bregx displacements are read unsigned
 * (hc_decode_expected_unsigned_bregx) is a compatibility warning. Output
 * that breaks the protocol never fails the call: it becomes the reason of
 * the items it leaves without a line. -1 only on
 * HD_NO_MEMORY, with verdicts left empty. */
int hc_decode_judge(const hc_decode_item *items, size_t n, hd_profile profile,
                    const char *text, size_t len, hc_decode_verdict *verdicts,
                    hd_status *st);
/* The same on a file: a file that cannot be read or is larger than
 * HC_DECODE_MAX_OUTPUT fails every item with that reason. */
int hc_decode_judge_file(const hc_decode_item *items, size_t n, hd_profile profile,
                         const char *path, hc_decode_verdict *verdicts, hd_status *st);
void hc_decode_verdicts_free(hc_decode_verdict *v, size_t n);

#endif
