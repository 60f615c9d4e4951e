/* Internal to the variable-location files of reference/lower: lower_var.c
 * (the variable DIEs), lower_expr.c (DebugExpression to DWARF operations),
 * lower_storage.c (where the reference placement puts each variable's bytes,
 * and the location expression of that storage) and lower_body.c (the points
 * of each function body to DW_AT_location and location lists).
 * docs/lowering-vars.md describes the rules these files follow. */
#ifndef HD_LOWER_LOC_H
#define HD_LOWER_LOC_H

#include "lower_impl.h"

/* What the top of the DWARF stack stands for while a DebugExpression is
 * translated. The DebugInfo sets describe a stack of plain values (OpenCL.DebugInfo.100
 * section 3.6); the DWARF Extensions for Heterogeneous Debugging stack also holds location descriptions, so the
 * translator keeps track of which is which to pick the right operation. */
typedef enum hd_lw_top {
	HD_LW_VALUE,     /* a value: an integer, or an address not yet in a space */
	HD_LW_ADDRESS,   /* a memory location standing for the variable's address */
	HD_LW_HOLDER,    /* a register location holding the variable's value */
	HD_LW_IMPLICIT,  /* an implicit location (after DW_OP_stack_value) */
	HD_LW_PIECES     /* an incomplete composite (after DW_OP_piece/bit_piece) */
} hd_lw_top;

/* How the stack starts: the entry the base location left on it. */
typedef struct hd_lw_start {
	hd_lw_top top;
	uint32_t load_size;   /* HOLDER and PIECES: bytes of the value held */
	uint32_t aspace;      /* VALUE that is an address: the DW_ASPACE_* to put it
	                         in unless the expression begins with the
	                         address-space idiom; UINT32_MAX: leave it a value */
} hd_lw_start;

/* One translated DebugExpression. */
typedef struct hd_lw_expr {
	hd_buf ops;           /* DWARF operations, Fragment left out */
	int has_fragment;
	uint64_t frag_offset, frag_size;   /* bits of the variable (Fragment) */
	uint32_t nops;        /* DWARF operations emitted */
	hd_lw_top top;        /* what the top stands for at the end */
} hd_lw_expr;

/* ---- lower_expr.c ---- */
/* Translates the DebugExpression expr_id (DebugInfoNone or 0: empty) for a
 * stack that starts as *start. The caller frees e->ops (hd_buf_free) even
 * on failure. 0, or -1 with the failure recorded. */
int hd_lower_expression(hd_lw *L, uint32_t expr_id, const hd_lw_start *start,
                        hd_lw_expr *e);

/* ---- lower_var.c ---- */
/* A DW_TAG_variable/formal_parameter inside the DIE of the local variable
 * var's scope as inlined at inlined_at, with DW_AT_abstract_origin to var's
 * DIE; NULL when that scope has no DIE. */
hd_die *hd_lower_inlined_instance(hd_lw *L, const hd_di_node *var, int32_t inlined_at);
/* After hd_lower_scopes: DebugInlinedVariables whose scope DIE did not exist
 * yet when they were lowered get their DIE now. */
int hd_lower_inlined_variables_late(hd_lw *L);
/* After every variable has its DIE: formal parameters in Arg Number order
 * among their siblings (DWARF 5 section 3.3.8.1). */
int hd_lower_order_parameters(hd_lw *L);
int hd_lower_order_members(hd_lw *L);  /* lower_composite.c */

/* ---- lower_storage.c ---- */
/* The storage one point describes and the base of its location: what the
 * DebugInfo stack starts with (OpenCL.DebugInfo.100 section 3.6), before the
 * expression's operations. */
typedef struct hd_lw_base {
	hd_buf ops;           /* the base location's DWARF operations */
	hd_lw_start start;
	hd_place place;       /* kind, aspace, addr, reg, size, value */
	int undefined;        /* DW_OP_LLVM_undefined: the expression is not applied */
	int constant;         /* a constant: DW_OP_stack_value ends an empty expression */
	int literal;          /* a constant of the module (not an address): its value
	                         stays implicit whatever the expression does to it */
} hd_lw_base;

/* Per-function placement state: frame slots and the registers SSA ids hold. */
typedef struct hd_lw_frame hd_lw_frame;

/* Gives the function's Function and Private OpVariables named by a
 * DebugDeclare their frame offsets (in order of first DebugDeclare) and
 * records the frame size in pf. NULL with the failure recorded. */
hd_lw_frame *hd_lower_frame_new(hd_lw *L, uint32_t f, hd_place_function *pf);
void hd_lower_frame_free(hd_lw_frame *fr);
/* The base of a DebugDeclare (declare nonzero) or DebugValue point node n,
 * of variable var. 0, or -1 with the failure recorded; the caller frees
 * b->ops (hd_buf_free) in both cases. */
int hd_lower_base(hd_lw *L, hd_lw_frame *fr, const hd_di_node *n, const hd_di_node *var,
                  int declare, hd_lw_base *b);
/* The bits of variable var that an Indexes list (DebugValue's operands from
 * the first index on) selects: 0 with *offset and *size, or -1 when the
 * indexes do not walk the variable's type. */
int hd_lower_indexes(hd_lw *L, const hd_di_node *var, const hd_di_node *value,
                     uint64_t *offset, uint64_t *size);
/* The DebugLocalVariable behind a DebugLocalVariable or DebugInlinedVariable. */
const hd_di_node *hd_lower_variable_of(hd_lw *L, const hd_di_node *n);

#endif
