/* Vector compares (VOPC, and VOP3 with an SGPR-pair destination): one bit
 * per lane, 0 for lanes outside EXEC; v_cmpx writes EXEC as well. Floats:
 * the ordered relations are false with a NaN, the N* ones true
 * (Vega ISA, "VOPC Instructions"); v_cmp_class tests the IEEE class bits
 * of src1. */
#include <math.h>

#include "ops.h"
#include "wave_impl.h"

int g9_int_rel(unsigned rel, int lt, int eq)
{
	switch (rel) {
	case CMP_F: return 0;
	case CMP_LT: return lt;
	case CMP_EQ: return eq;
	case CMP_LE: return lt || eq;
	case CMP_GT: return !lt && !eq;
	case CMP_LG: return !eq;
	case CMP_GE: return !lt;
	default: return 1;   /* CMP_TRU */
	}
}

static int float_rel(unsigned rel, double a, double b)
{
	int un = a != a || b != b;

	switch (rel) {
	case CMP_F: return 0;
	case CMP_LT: return !un && a < b;
	case CMP_EQ: return !un && a == b;
	case CMP_LE: return !un && a <= b;
	case CMP_GT: return !un && a > b;
	case CMP_LG: return !un && a != b;
	case CMP_GE: return !un && a >= b;
	case CMP_O: return !un;
	case CMP_U: return un;
	case CMP_NGE: return !(a >= b);
	case CMP_NLG: return !(a < b || a > b);
	case CMP_NGT: return !(a > b);
	case CMP_NLE: return !(a <= b);
	case CMP_NEQ: return !(a == b);
	case CMP_NLT: return !(a < b);
	default: return 1;
	}
}

/* The class bits of v_cmp_class: 0 signaling NaN, 1 quiet NaN, 2 -inf,
 * 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf. */
static int float_class(double v, int is_snan, unsigned mask)
{
	int bit, neg = signbit(v) != 0;

	if (v != v)
		bit = is_snan ? 0 : 1;
	else if (isinf(v))
		bit = neg ? 2 : 9;
	else if (v == 0)
		bit = neg ? 5 : 6;
	else if (fpclassify(v) == FP_SUBNORMAL)
		bit = neg ? 4 : 7;
	else
		bit = neg ? 3 : 8;
	return (int)(mask >> bit & 1);
}

static int lane_result(unsigned sub, uint64_t a, uint64_t b)
{
	unsigned rel = CMP_REL(sub);

	switch (CMP_TYPE(sub)) {
	case T_I32: return g9_int_rel(rel, (int32_t)a < (int32_t)b, (uint32_t)a == (uint32_t)b);
	case T_U32: return g9_int_rel(rel, (uint32_t)a < (uint32_t)b, (uint32_t)a == (uint32_t)b);
	case T_I64: return g9_int_rel(rel, (int64_t)a < (int64_t)b, a == b);
	case T_U64: return g9_int_rel(rel, a < b, a == b);
	case T_I16: return g9_int_rel(rel, (int16_t)a < (int16_t)b, (uint16_t)a == (uint16_t)b);
	case T_U16: return g9_int_rel(rel, (uint16_t)a < (uint16_t)b, (uint16_t)a == (uint16_t)b);
	case T_F32: {
		/* float subnormals of a single are normal doubles: classify as single */
		float f = g9_f32((uint32_t)a);
		if (rel == CMP_CLASS) {
			int sub_n = fpclassify(f) == FP_SUBNORMAL, neg = signbit(f) != 0;
			if (sub_n)
				return (int)((b >> (neg ? 4 : 7)) & 1);
			return float_class(f, f != f && !((uint32_t)a & 0x400000u), (unsigned)b);
		}
		return float_rel(rel, f, g9_f32((uint32_t)b));
	}
	case T_F64:
		if (rel == CMP_CLASS)
			return float_class(g9_f64(a), g9_f64(a) != g9_f64(a) &&
			                   !(a & 0x8000000000000ull), (unsigned)b);
		return float_rel(rel, g9_f64(a), g9_f64(b));
	default: return 0;
	}
}

G9_HANDLER(g9_vcmp)
{
	unsigned t = CMP_TYPE(sub), width = t == T_I64 || t == T_U64 || t == T_F64 ? 2 : 1;
	int isfloat = t == T_F32 || t == T_F64;
	uint64_t exec = g9_exec(x, w), m = 0, sign = width == 2 ? 1ull << 63 : 1u << 31;
	g9_src a, b;
	unsigned lane;

	if (in->row->form != HD_ISA_E)
		return g9_unsupported(x, in, "in the SDWA form");
	if (g9_src_prep(x, w, in, 1, width, isfloat && width == 2 ? G9F_F64 : 0, &a) != 0 ||
	    g9_src_prep(x, w, in, 2, CMP_REL(sub) == CMP_CLASS ? 1 : width,
	                isfloat && width == 2 ? G9F_F64 : 0, &b) != 0)
		return 1;
	for (lane = 0; lane < g9_lanes(x); lane++) {
		uint64_t va, vb;
		if (!(exec >> lane & 1))
			continue;
		va = g9_src_get(&a, lane);
		vb = g9_src_get(&b, lane);
		if (isfloat && in->row->enc == HD_ISA_VOP3) {
			if (in->f.abs & 1) va &= ~sign;
			if (in->f.neg & 1) va ^= sign;
			if (CMP_REL(sub) != CMP_CLASS) {
				if (in->f.abs & 2) vb &= ~sign;
				if (in->f.neg & 2) vb ^= sign;
			}
		}
		if (lane_result(sub, va, vb))
			m |= 1ull << lane;
	}
	if (g9_set_scalar(x, w, &in->op[0], m, 2) != 0)
		return g9_unsupported(x, in, "writes a scalar the executor lacks");
	if (sub & CMP_X) {
		w->s[G9_EXEC_LO] = (uint32_t)m;
		w->s[G9_EXEC_HI] = x->c.wave_size == 64 ? (uint32_t)(m >> 32) : 0;
	}
	return 0;
}
