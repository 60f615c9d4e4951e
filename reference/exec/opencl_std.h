/* Inside the OpenCL.std instructions: the families of operand shapes of
 * opencl_std.def and the functions its rows name. opencl_std.c runs the
 * component-wise families; opencl_std_math.c, opencl_std_int.c,
 * opencl_std_vector.c and opencl_std_printf.c hold the functions. */
#ifndef HD_EXEC_OPENCL_STD_H
#define HD_EXEC_OPENCL_STD_H

#include <math.h>

#include "ops.h"

typedef enum xs_family {
	F1, F2, F3,   /* float operands, float result: double f(double...) */
	F2W, F3W,     /* the same, but the function needs the result width */
	FI,           /* float and integer operand, float result (ldexp, pown) */
	IF,           /* float operand, integer result (ilogb) */
	FP1, FP2,     /* one or two float operands and a pointer the function
	               * writes a second result through (frexp, remquo) */
	I1, I2, I3,   /* integer (or raw component bits) operands and result */
	SEL,          /* select: the condition is a scalar's truth or a vector
	               * component's most significant bit */
	G1, G2,       /* geometric: whole vectors of floats */
	SP            /* an instruction of its own shape: the function runs it */
} xs_family;

typedef struct xs_row xs_row;

/* The function shapes, one per family group. `bits` is the result's
 * component width (float families) or the first operand's (integer). */
typedef double (*xs_f1)(double);
typedef double (*xs_f2)(double, double);
typedef double (*xs_f3)(double, double, double);
typedef double (*xs_f2w)(double, double, unsigned bits);
typedef double (*xs_f3w)(double, double, double, unsigned bits);
typedef double (*xs_fi)(double, int64_t);
typedef int64_t (*xs_if)(double);
/* *out is the value written through the pointer operand */
typedef double (*xs_fp)(double, double, unsigned bits, double *out);
typedef uint64_t (*xs_int)(uint64_t, uint64_t, uint64_t, unsigned bits);
/* n components of a and b; writes the result's components to out */
typedef void (*xs_geo)(const double *a, const double *b, uint32_t n, double *out);
typedef int (*xs_special)(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row);

struct xs_row {
	uint32_t opcode;
	xs_family fam;
	const char *name;
	union {
		xs_f1 f1;
		xs_f2 f2;
		xs_f3 f3;
		xs_f2w f2w;
		xs_f3w f3w;
		xs_fi fi;
		xs_if fif;
		xs_fp fp;
		xs_int i;
		xs_geo g;
		xs_special sp;
	} fn;
};

/* The declarations of every function the table names, from the table. */
#define XS_DECL_F1(f)  double f(double)
#define XS_DECL_F2(f)  double f(double, double)
#define XS_DECL_F3(f)  double f(double, double, double)
#define XS_DECL_F2W(f) double f(double, double, unsigned)
#define XS_DECL_F3W(f) double f(double, double, double, unsigned)
#define XS_DECL_FI(f)  double f(double, int64_t)
#define XS_DECL_IF(f)  int64_t f(double)
#define XS_DECL_FP1(f) double f(double, double, unsigned, double *)
#define XS_DECL_FP2(f) XS_DECL_FP1(f)
#define XS_DECL_I1(f)  uint64_t f(uint64_t, uint64_t, uint64_t, unsigned)
#define XS_DECL_I2(f)  XS_DECL_I1(f)
#define XS_DECL_I3(f)  XS_DECL_I1(f)
#define XS_DECL_SEL(f) XS_DECL_I1(f)
#define XS_DECL_G1(f)  void f(const double *, const double *, uint32_t, double *)
#define XS_DECL_G2(f)  XS_DECL_G1(f)
#define XS_DECL_SP(f)  int f(hd_xrun *, hd_xlane *, const hd_xinsn *, const xs_row *)
#define Y(name, fam, fn) XS_DECL_##fam(fn);
#include "opencl_std.def"
#undef Y

/* A value rounded to a float of `bits` (16, 32, 64) and back. */
double xs_round_to(double v, unsigned bits);
/* The next float of width `bits` after v in the direction of y. */
double xs_next_float(double v, double y, unsigned bits);

/* An operand of an instruction: its scalar component type, its component
 * count and its bytes; -1 (the run ended unsupported) when it has none. */
int xs_operand(hd_xrun *r, hd_xlane *l, const xs_row *row, uint32_t id,
               const hd_xtype **scalar, uint32_t *count, const uint8_t **bytes);
/* Component i of an operand as a double (float) or raw bits. */
double xs_comp_f(const hd_xtype *s, const uint8_t *bytes, uint32_t i);

#endif
