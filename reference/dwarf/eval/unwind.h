/* Virtual unwinding with call frame information, and the attributes of a
 * subprogram that depend on the call frame (DWARF Extensions for Heterogeneous Debugging "Call Frame
 * Information", DW_OP_regx in a frame that is not the top one,
 * DW_OP_call_frame_cfa, DW_OP_LLVM_call_frame_entry_reg, DW_OP_entry_value,
 * DW_AT_frame_base, DW_AT_LLVM_lanes, DW_AT_LLVM_lane_pc and
 * DW_AT_LLVM_active_lane).
 *
 * A caller describes the thread's call stack in an hd_callstack and puts it
 * in hd_context.stack; the evaluator then answers every frame-dependent
 * operation from the CFI, eagerly: a register of a caller frame resolves to
 * a location in the top frame's registers, in memory, or to an implicit or
 * undefined location, which is what a deferred evaluation would also give. */
#ifndef HD_UNWIND_H
#define HD_UNWIND_H

#include "../cfi/cfi.h"
#include "eval.h"

/* A DW_TAG_subprogram (or inlined subroutine / entry point) as far as the
 * frame-dependent attributes need it. An expression pointer is NULL when the
 * attribute is absent. */
typedef struct hd_subprogram {
	const char *name;              /* for messages */
	uint64_t low_pc, high_pc;      /* the code it covers: [low_pc, high_pc) */
	int has_lanes;                 /* DW_AT_LLVM_lanes present; absent means 1 */
	uint64_t lanes;
	const uint8_t *frame_base;     /* DW_AT_frame_base */
	size_t frame_base_len;
	const uint8_t *lane_pc;        /* DW_AT_LLVM_lane_pc */
	size_t lane_pc_len;
	const uint8_t *active_lane;    /* DW_AT_LLVM_active_lane */
	size_t active_lane_len;
} hd_subprogram;

/* A thread's call stack. Frame 0 is the top frame; its program location is
 * pcs[0], the thread's program counter. The program location of every other
 * frame comes from unwinding (the return address column of the callee's
 * row); pcs[1..] state what the caller expects and hd_unwind_check compares
 * them. Frames 0 .. nframes-1 are the active ones. */
typedef struct hd_callstack {
	const hd_cfi *cfi;             /* the .debug_frame; NULL: none */
	const hd_subprogram *subs;
	size_t nsubs;
	const uint64_t *pcs;
	uint32_t nframes;              /* at least 1 */
} hd_callstack;

/* Requests a consumer can be asked directly (docs/case-format.md, `evaluate`).
 * Each fills res as hd_eval_expr does; ctx supplies the architecture, the
 * thread, the stack and (for the attributes) the lane and compilation unit;
 * its frame element is replaced by `frame`.
 *
 *   hd_unwind_cfa        the CFA of frame (a location description)
 *   hd_unwind_register   where register reg of frame lives (a location)
 *   hd_unwind_pc         the program location of frame (a generic value)
 *   hd_eval_frame_base   DW_AT_frame_base of frame's subprogram (a location)
 *   hd_eval_lane_pc      DW_AT_LLVM_lane_pc: a location of *lanes generic
 *                        elements; without the attribute, an implicit vector
 *                        of the frame's program location
 *   hd_eval_active_lane  DW_AT_LLVM_active_lane: a mask value; without the
 *                        attribute, EXEC when lanes > 1, else 1 */
int hd_unwind_cfa(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                  uint32_t frame, hd_result *res);
int hd_unwind_register(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                       uint32_t frame, uint64_t reg, hd_result *res);
int hd_unwind_pc(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                 uint32_t frame, hd_result *res);
int hd_eval_frame_base(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                       uint32_t frame, hd_result *res);
int hd_eval_lane_pc(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                    uint32_t frame, uint64_t *lanes, hd_result *res);
int hd_eval_active_lane(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                        uint32_t frame, hd_result *res);

/* Element lane of a DW_AT_LLVM_lane_pc result: 0 with *pc, 1 when the
 * element is undefined (the lane was inactive on entry), -1 for an error. */
int hd_lane_pc_read(hd_eval *ev, const hd_context *ctx, const hd_loc *loc,
                    uint32_t lane, uint64_t *pc, hd_status *st);

/* Unwinds every frame of ctx->stack and compares the program locations with
 * pcs[]. -1 with an evaluation error "call-stack-mismatch" (or the error
 * unwinding met) when they disagree. */
int hd_unwind_check(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                    hd_status *st);

#endif
