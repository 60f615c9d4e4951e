/* The instruction handlers of ops.def and the sub-operations that tell a
 * family handler which member of the family it runs. */
#ifndef HD_EXEC_OPS_H
#define HD_EXEC_OPS_H

#include "exec_impl.h"

enum {
	/* integer binary operations (also the atomics that share them) */
	XA_IADD = 1, XA_ISUB, XA_IMUL, XA_UDIV, XA_SDIV, XA_UMOD, XA_SREM, XA_SMOD,
	XA_SHR, XA_SAR, XA_SHL, XA_OR, XA_XOR, XA_AND,
	/* integer unary */
	XA_SNEGATE, XA_NOT, XA_BIT_REVERSE, XA_BIT_COUNT,
	/* float */
	XA_FNEGATE, XA_FADD, XA_FSUB, XA_FMUL, XA_FDIV, XA_FREM, XA_FMOD,
	/* extended arithmetic: a struct of two results */
	XA_IADD_CARRY, XA_ISUB_BORROW, XA_UMUL_EXTENDED, XA_SMUL_EXTENDED,
	/* comparisons; XA_UNORD marks the unordered float forms */
	XA_EQ, XA_NE, XA_UGT, XA_SGT, XA_UGE, XA_SGE, XA_ULT, XA_SLT, XA_ULE, XA_SLE,
	XA_ORDERED,
	/* float classes */
	XA_IS_NAN, XA_IS_INF, XA_IS_FINITE, XA_IS_NORMAL, XA_SIGN_BIT,
	/* conversions */
	XA_F_TO_U, XA_F_TO_S, XA_S_TO_F, XA_U_TO_F, XA_U_TO_U, XA_S_TO_S, XA_F_TO_F,
	XA_SAT_S_TO_U, XA_SAT_U_TO_S, XA_PTR_TO_U, XA_U_TO_PTR,
	/* atomics */
	XA_ATOMIC_LOAD, XA_ATOMIC_STORE, XA_ATOMIC_EXCHANGE, XA_ATOMIC_CMPXCHG,
	XA_ATOMIC_INC, XA_ATOMIC_DEC, XA_ATOMIC_SMIN, XA_ATOMIC_UMIN, XA_ATOMIC_SMAX,
	XA_ATOMIC_UMAX, XA_ATOMIC_FLAG_SET, XA_ATOMIC_FLAG_CLEAR
};
#define XA_UNORD 0x100u

/* One integer operation on 64-bit lanes of width `bits` (ops_arith.c); -1
 * for a division by zero. Atomics share it. */
int hd_x_int_op(uint32_t op, unsigned bits, uint64_t a, uint64_t b, uint64_t *out);

#define X(name, control, fn, arg) int fn(hd_xrun *r, hd_xlane *l, const hd_xinsn *in);
#include "ops.def"
#undef X

#endif
