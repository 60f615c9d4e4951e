/* The DWARF side of a watch (docs/watch-dwarf.md): what a debugger shows at
 * a pc for the lane a context focuses on, read from an in-memory DWARF unit
 * the way a consumer reads it. The function instance holding pc and its
 * lexical blocks are found by their pc ranges (DWARF 5 3.3, 3.5, 3.3.8.2),
 * each visible variable's location is selected by pc (2.6.2) and evaluated
 * by the reference evaluator on the target of the context, and the bytes are
 * printed through the variable's DWARF type with the shared leaf printer
 * (value_text.h), so the two sides of a watch check print equal values
 * alike.
 *
 * Evaluations leave their results in ev (eval.h); the caller resets it
 * between frames when it keeps one session for many. */
#ifndef HD_WATCH_DWARF_FRAME_H
#define HD_WATCH_DWARF_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "dwarf/write/die.h"
#include "dwarf/eval/eval.h"
#include "reading.h"
#include "util/buf.h"
#include "util/status.h"

/* How deep scopes and type chains may nest: deeper is taken for a cycle. */
#define HD_WATCH_MAX_DEPTH 64u

typedef struct hd_watch_var {
	const char *name;      /* DW_AT_name, through DW_AT_abstract_origin/DW_AT_specification */
	uint32_t depth;        /* 0: the function instance itself; +1 per block inward */
	const hd_die *die;
	char *text;            /* the value (value_text.h), "<unavailable>" when the DIE has
	                          no location at pc, "<error: CODE>" when it cannot be read */
} hd_watch_var;

typedef struct hd_watch_frame {
	const char *function;  /* frame 0: the subprogram, or the innermost
	                          DW_TAG_inlined_subroutine's origin */
	int inlined;
	hd_watch_var *vars;    /* sorted by name (strcmp); an inner scope's variable
	                          hides an outer one of the same name; nameless ones skipped */
	uint32_t nvars;
} hd_watch_frame;

#define HD_WATCH_UNAVAILABLE "<unavailable>"

/* What a debugger shows at pc for the lane ctx focuses on: ctx carries the
 * target, lane and frame (its result kind and pc are set here), enc the
 * unit's encoding, rd how the expressions are read (reading.h; NULL: as the
 * extension defines them). Errors: HD_BAD_INPUT "no-function-at-pc" when no
 * subprogram holds pc, "scope-too-deep" past HD_WATCH_MAX_DEPTH nested
 * scopes; HD_NO_MEMORY. A variable that cannot be read is not an error: its
 * text says why. */
int hd_watch_dwarf_frame(const hd_dw_unit *u, hd_eval *ev, const hd_context *ctx,
                         const hd_encoding *enc, const hd_reading *rd, uint64_t pc,
                         hd_watch_frame *out, hd_status *st);
void hd_watch_frame_free(hd_watch_frame *f);

/* The text of variable var at pc (hd_watch_var.text) appended to out. */
int hd_watch_dwarf_var(const hd_dw_unit *u, hd_eval *ev, const hd_context *ctx,
                       const hd_encoding *enc, const hd_reading *rd, const hd_die *var,
                       uint64_t pc, hd_buf *out, hd_status *st);

/* The function instance frame 0 is at pc: the subprogram holding it, or
 * the innermost inlined subroutine inside that does; NULL when none. */
const hd_die *hd_watch_function_at(const hd_dw_unit *u, uint64_t pc);

/* The name of d: its own DW_AT_name or that of the DIE its
 * DW_AT_abstract_origin or DW_AT_specification names; NULL when none. */
const char *hd_watch_die_name(const hd_die *d);

/* The location expression of d at pc: its DW_AT_location exprloc, or the
 * entry of its location list whose [begin, end) holds pc. Returns 0 with
 * *b, *n set, 1 when d has no location at pc. */
int hd_watch_location_at(const hd_dw_unit *u, const hd_die *d, uint64_t pc, const uint8_t **b,
                         size_t *n);

/* Evaluates the location expression b (ctx->result should be
 * HD_RESULT_LOCATION), moved off bytes further by DW_OP_LLVM_offset_uconst
 * (after DW_OP_LLVM_piece_end when it ends in a piece: an unfinished
 * composite would take the offset as one more part), and reads nbits through
 * it into out. Failures keep the evaluator's reason in st. */
int hd_watch_read_location(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                           const uint8_t *b, size_t n, uint64_t off, uint64_t nbits,
                           uint8_t *out, hd_status *st);

#endif
