/* Arithmetic, logical, comparison and type conversion operations. DWARF Extensions for Heterogeneous Debugging
 * keeps DWARF 5 sections 2.5.1.4 to 2.5.1.6 for these; docs/evaluator.md
 * lists the choices where DWARF 5 leaves freedom (signedness of the generic
 * type per operation, shifts past the width, division by zero). */
#include "machine.h"

#include <math.h>
#include <string.h>

static int is_float(const hd_value *v)
{
	return v->type != NULL && v->type->encoding == HD_ATE_float &&
	       v->type->vector == 0 && (v->bits == 32 || v->bits == 64);
}

static double get_float(const hd_value *v)
{
	if (v->bits == 32) {
		float f;
		uint32_t x = (uint32_t)v->lo;
		memcpy(&f, &x, sizeof f);
		return f;
	} else {
		double d;
		memcpy(&d, &v->lo, sizeof d);
		return d;
	}
}

static void set_float(hd_value *v, double d)
{
	if (v->bits == 32) {
		float f = (float)d;
		uint32_t x;
		memcpy(&x, &f, sizeof x);
		v->lo = x;
	} else {
		memcpy(&v->lo, &d, sizeof d);
	}
}

/* An operand the arithmetic can work on: not an implicit pointer, a scalar of
 * at most 64 bits, integral (or float when floats are allowed). */
static int check_operand(hd_machine *m, const hd_value *v, int floats_ok)
{
	if (v->ipv != NULL)
		return hd_err(m, "implicit-pointer-use",
		              "an implicit pointer value may only become a location");
	if (hd_is_integral(v) || (floats_ok && is_float(v))) {
		if (v->bits > 64)
			return hd_err(m, "unsupported-type-size",
			              "arithmetic on %u-bit values is not supported", (unsigned)v->bits);
		return 0;
	}
	return hd_ill(m, "bad-operand-type", floats_ok
	              ? "needs an integral or floating-point scalar value"
	              : "needs a value of integral type");
}

/* DWARF 5 2.5.1.4: both operands of a binary operation have the same type. */
static int check_same_type(hd_machine *m, const hd_value *a, const hd_value *b)
{
	if (a->type != b->type)
		return hd_ill(m, "type-mismatch", "the two operands have different types");
	return 0;
}

int hd_op_unary(hd_machine *m, const hd_op *op)
{
	hd_value v;
	int floats = op->id != HD_OP_not;

	if (hd_pop_value(m, &v) != 0 || check_operand(m, &v, floats) != 0)
		return -1;
	if (is_float(&v)) {
		double d = get_float(&v);
		set_float(&v, op->id == HD_OP_abs ? fabs(d) : -d);
		return hd_push_value(m, &v);
	}
	switch (op->id) {
	case HD_OP_abs:
		if (hd_type_signed(v.type) && hd_value_s64(&v) < 0)
			v.lo = (0 - v.lo) & hd_mask(v.bits);
		break;
	case HD_OP_neg:
		v.lo = (0 - v.lo) & hd_mask(v.bits);
		break;
	default: /* not */
		v.lo = ~v.lo & hd_mask(v.bits);
		break;
	}
	return hd_push_value(m, &v);
}

static int float_binary(hd_machine *m, hd_op_id id, hd_value *a, const hd_value *b)
{
	double x = get_float(a), y = get_float(b), r;

	switch (id) {
	case HD_OP_plus: r = x + y; break;
	case HD_OP_minus: r = x - y; break;
	case HD_OP_mul: r = x * y; break;
	case HD_OP_div: r = x / y; break;  /* IEEE: division by zero is defined */
	default:
		return hd_ill(m, "bad-operand-type", "needs a value of integral type");
	}
	set_float(a, r);
	return 0;
}

/* Division and remainder with the signedness of the type; the generic type
 * divides signed (DWARF 5 "signed division") and takes the remainder
 * unsigned, as gimli and GDB do. */
static int divide(hd_machine *m, hd_op_id id, hd_value *a, const hd_value *b)
{
	int is_signed = id == HD_OP_div ? hd_type_signed(a->type)
	                                : (a->type != NULL && hd_type_signed(a->type));
	uint64_t r;

	if (b->lo == 0)
		return hd_err(m, "division-by-zero", "the divisor is zero");
	if (is_signed) {
		int64_t x = hd_value_s64(a), y = hd_value_s64(b);
		if (y == -1)  /* INT64_MIN / -1 overflows in C; the wrapped answer is -x */
			r = id == HD_OP_div ? 0 - (uint64_t)x : 0;
		else
			r = (uint64_t)(id == HD_OP_div ? x / y : x % y);
	} else {
		r = id == HD_OP_div ? a->lo / b->lo : a->lo % b->lo;
	}
	a->lo = r & hd_mask(a->bits);
	return 0;
}

/* Shifts: the amount is any integral value; shifting by the width or more
 * gives 0, or all sign bits for shra. */
static void shift(hd_op_id id, hd_value *a, uint64_t n)
{
	uint64_t x = a->lo;

	if (id == HD_OP_shl)
		x = n >= 64 ? 0 : x << n;
	else if (id == HD_OP_shr)
		x = n >= 64 ? 0 : x >> n;
	else {
		/* arithmetic: the top bit of the width is the sign, whatever the type */
		int64_t s = (int64_t)((a->lo >> (a->bits - 1)) & 1 ? a->lo | ~hd_mask(a->bits) : a->lo);
		x = n >= 64 ? (s < 0 ? ~(uint64_t)0 : 0) : (uint64_t)(s >> n);
	}
	a->lo = x & hd_mask(a->bits);
}

/* The binary operation id on a (the second entry) and b (the top), its
 * result left in a. */
static int binary(hd_machine *m, hd_op_id id, hd_value *a, const hd_value *b)
{
	int floats = id == HD_OP_plus || id == HD_OP_minus || id == HD_OP_mul ||
	             id == HD_OP_div;

	if (check_operand(m, a, floats) != 0 || check_operand(m, b, floats) != 0)
		return -1;
	if (id == HD_OP_shl || id == HD_OP_shr || id == HD_OP_shra) {
		shift(id, a, b->lo);
		return 0;
	}
	if (check_same_type(m, a, b) != 0)
		return -1;
	if (is_float(a))
		return float_binary(m, id, a, b);
	switch (id) {
	case HD_OP_and: a->lo &= b->lo; break;
	case HD_OP_or: a->lo |= b->lo; break;
	case HD_OP_xor: a->lo ^= b->lo; break;
	case HD_OP_plus: a->lo += b->lo; break;
	case HD_OP_minus: a->lo -= b->lo; break;
	case HD_OP_mul: a->lo *= b->lo; break;
	case HD_OP_div:
	case HD_OP_mod:
		if (divide(m, id, a, b) != 0)
			return -1;
		break;
	default:
		return hd_ill(m, "internal", "not a binary operation");
	}
	a->lo &= hd_mask(a->bits);
	return 0;
}

/* Two values on top, the common case, are worked on where they stand;
 * otherwise the operands are popped, converting locations to values. */
int hd_op_binary(hd_machine *m, const hd_op *op)
{
	hd_value *pa = hd_top_value(m, 1), *pb = hd_top_value(m, 0);
	hd_value a, b;

	if (pa != NULL && pb != NULL) {
		if (binary(m, op->id, pa, pb) != 0)
			return -1;
		m->ev->depth--;
		return 0;
	}
	if (hd_pop_value(m, &b) != 0 || hd_pop_value(m, &a) != 0 ||
	    binary(m, op->id, &a, &b) != 0)
		return -1;
	return hd_push_value(m, &a);
}

/* DWARF 5 2.5.1.5: comparisons of the generic type are signed; typed values
 * compare by their type. The result is 1 or 0 of the generic type. */
int hd_op_compare(hd_machine *m, const hd_op *op)
{
	hd_value a, b, r;
	int c;

	if (hd_pop_value(m, &b) != 0 || hd_pop_value(m, &a) != 0)
		return -1;
	if (check_operand(m, &a, 1) != 0 || check_operand(m, &b, 1) != 0 ||
	    check_same_type(m, &a, &b) != 0)
		return -1;
	if (is_float(&a)) {
		double x = get_float(&a), y = get_float(&b);
		c = x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;  /* 2: unordered */
	} else if (hd_type_signed(a.type)) {
		int64_t x = hd_value_s64(&a), y = hd_value_s64(&b);
		c = x < y ? -1 : x > y;
	} else {
		c = a.lo < b.lo ? -1 : a.lo > b.lo;
	}
	switch (op->id) {
	case HD_OP_eq: c = c == 0; break;
	case HD_OP_ne: c = c != 0; break;
	case HD_OP_lt: c = c == -1; break;
	case HD_OP_le: c = c == -1 || c == 0; break;
	case HD_OP_gt: c = c == 1; break;
	default: c = c == 1 || c == 0; break;  /* ge */
	}
	hd_value_generic(m, &r, (uint64_t)c);
	return hd_push_value(m, &r);
}

int hd_op_plus_uconst(hd_machine *m, const hd_op *op)
{
	hd_value *top = hd_top_value(m, 0), v;

	if (top == NULL) {
		if (hd_pop_value(m, &v) != 0 || hd_push_value(m, &v) != 0)
			return -1;
		top = hd_top_value(m, 0);
	}
	if (hd_check_integral(m, top) != 0 || check_operand(m, top, 0) != 0)
		return -1;
	top->lo = (top->lo + op->u[0]) & hd_mask(top->bits);
	return 0;
}

/* DWARF 5 2.5.1.6 DW_OP_convert: integral to integral keeps the value modulo
 * the new width (extending by the source's signedness); conversions between
 * integral and float types convert the number. */
int hd_op_convert(hd_machine *m, const hd_op *op)
{
	const hd_base_type *t;
	hd_value v, r;

	if (hd_find_type(m, op->u[0], 1, &t) != 0 || hd_pop_value(m, &v) != 0)
		return -1;
	if (check_operand(m, &v, 1) != 0)
		return -1;
	memset(&r, 0, sizeof r);
	r.type = t;
	r.bits = hd_type_bits(m, t);
	if (!hd_is_integral_type(t) && !(t->encoding == HD_ATE_float && t->vector == 0 &&
	                                 (r.bits == 32 || r.bits == 64)))
		return hd_ill(m, "bad-conversion", "cannot convert to this type");
	if (r.bits > 64)
		return hd_err(m, "unsupported-type-size",
		              "conversion to %u bits is not supported", (unsigned)r.bits);
	if (is_float(&r)) {
		double d = is_float(&v) ? get_float(&v)
		           : hd_type_signed(v.type) ? (double)hd_value_s64(&v)
		           : (double)v.lo;
		set_float(&r, d);
	} else if (is_float(&v)) {
		double d = trunc(get_float(&v));
		int is_signed = hd_type_signed(t);
		if (!(d >= (is_signed ? -9223372036854775808.0 : 0.0) &&
		      d < (is_signed ? 9223372036854775808.0 : 18446744073709551616.0)))
			return hd_err(m, "conversion-out-of-range",
			              "the floating-point value does not fit the integral type");
		r.lo = (is_signed ? (uint64_t)(int64_t)d : (uint64_t)d) & hd_mask(r.bits);
	} else {
		r.lo = (hd_type_signed(v.type) ? (uint64_t)hd_value_s64(&v) : v.lo) & hd_mask(r.bits);
	}
	return hd_push_value(m, &r);
}

/* DWARF 5 2.5.1.6 DW_OP_reinterpret: same bits, another type of equal size. */
int hd_op_reinterpret(hd_machine *m, const hd_op *op)
{
	const hd_base_type *t;
	hd_value v;

	if (hd_find_type(m, op->u[0], 1, &t) != 0 || hd_pop_value(m, &v) != 0)
		return -1;
	if (v.ipv != NULL)
		return hd_err(m, "implicit-pointer-use",
		              "an implicit pointer value may only become a location");
	if (hd_type_bits(m, t) != v.bits)
		return hd_ill(m, "size-mismatch",
		              "reinterpret needs a type of the value's size (%u bits)",
		              (unsigned)v.bits);
	v.type = t;
	return hd_push_value(m, &v);
}
