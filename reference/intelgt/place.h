/* Where an Intel GT location expression puts a variable for one SIMD lane.
 *
 * The reference evaluator does not evaluate Intel's operations: no
 * specification defines them (docs/intel-gt.md). What a cross-check needs
 * is narrower: the register (and bit offset in it) IGC's emitter names for
 * a lane, read off the sequences it writes. hd_gt_first_place runs a decoded
 * intel-gt expression for a lane on a stack of integers and register
 * marks, following the meanings docs/intel-gt.md gives each operation, up
 * to the end of the first piece, and says what that piece is. Anything
 * else (memory, a constant, a value computed from a register, an operation
 * this table does not know) is reported as such, never guessed. */
#ifndef HD_INTELGT_PLACE_H
#define HD_INTELGT_PLACE_H

#include <stddef.h>
#include <stdint.h>

#include "dwarf/codec/expr.h"

typedef enum hd_gt_kind {
	HD_GT_REGISTER,  /* reg's bits from bit_offset on */
	HD_GT_MEMORY,    /* an address computed without reading a register */
	HD_GT_COMPUTED,  /* computed from reg's contents: an address or a value */
	HD_GT_VALUE,     /* a constant (DW_OP_stack_value of a number) */
	HD_GT_EMPTY,     /* no location: an empty expression or piece */
	HD_GT_UNKNOWN    /* an operation outside what is followed; op says which */
} hd_gt_kind;

typedef struct hd_gt_place {
	hd_gt_kind kind;
	uint64_t reg;         /* DWARF register number: REGISTER, COMPUTED */
	uint64_t bit_offset;  /* REGISTER */
	uint16_t op;          /* UNKNOWN: the hd_op_id not followed */
} hd_gt_place;

/* The first piece of ops[0..n) for lane. Errors (HD_BAD_INPUT, code
 * "gt-stack", "gt-branch" or "gt-steps") are expressions that underflow
 * the stack, branch off an operation or run more than 10,000 steps. */
int hd_gt_first_place(const hd_op *ops, size_t n, unsigned lane, hd_gt_place *out, hd_status *st);

/* IGC's DWARF register number of GRF r0 (its RegisterNumbering); the
 * GRF of a register number reg is reg - HD_GT_GRF_BASE. */
#define HD_GT_GRF_BASE 16

#endif
