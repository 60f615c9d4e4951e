/* The scalar ALU: SOP2, SOPK, SOP1 and SOPC (Vega ISA, "Scalar ALU
 * Operations"). 32- or 64-bit by the destination's width; SCC as each
 * instruction's description says. */
#include "ops.h"
#include "wave_impl.h"

static uint64_t width_mask(unsigned width)
{
	return width == 2 ? UINT64_MAX : UINT32_MAX;
}

/* An operation of two scalars; *scc is left alone where the instruction
 * does not write it (returns 0 then). */
static int binop(unsigned sub, uint64_t a, uint64_t b, unsigned width, uint32_t scc_in,
                 uint64_t *d, uint32_t *scc)
{
	uint64_t m = width_mask(width), r;
	unsigned bitsz = width == 2 ? 64 : 32;
	int64_t sa = width == 2 ? (int64_t)a : (int32_t)a, sb = width == 2 ? (int64_t)b : (int32_t)b;

	switch (sub) {
	case S_ADD_U32: r = a + b; *scc = r >> 32 & 1; break;
	case S_SUB_U32: r = a - b; *scc = b > a; break;
	case S_ADD_I32: r = (uint32_t)(a + b);
		*scc = ((a ^ ~b) & (a ^ r)) >> 31 & 1; break;
	case S_SUB_I32: r = (uint32_t)(a - b);
		*scc = ((a ^ b) & (a ^ r)) >> 31 & 1; break;
	case S_ADDC_U32: r = a + b + scc_in; *scc = r >> 32 & 1; break;
	case S_SUBB_U32: r = a - b - scc_in; *scc = (uint64_t)b + scc_in > a; break;
	case S_MIN_I32: *scc = sa < sb; r = *scc ? a : b; break;
	case S_MIN_U32: *scc = a < b; r = *scc ? a : b; break;
	case S_MAX_I32: *scc = sa > sb; r = *scc ? a : b; break;
	case S_MAX_U32: *scc = a > b; r = *scc ? a : b; break;
	case S_CSELECT: *d = (scc_in ? a : b) & m; return 0;
	case S_AND: r = a & b; goto bitwise;
	case S_OR: r = a | b; goto bitwise;
	case S_XOR: r = a ^ b; goto bitwise;
	case S_ANDN2: r = a & ~b; goto bitwise;
	case S_ORN2: r = a | ~b; goto bitwise;
	case S_NAND: r = ~(a & b); goto bitwise;
	case S_NOR: r = ~(a | b); goto bitwise;
	case S_XNOR: r = ~(a ^ b); goto bitwise;
	case S_LSHL: r = a << (b & (bitsz - 1)); goto bitwise;
	case S_LSHR: r = (a & m) >> (b & (bitsz - 1)); goto bitwise;
	case S_ASHR: r = (uint64_t)(sa >> (b & (bitsz - 1))); goto bitwise;
	case S_BFM: r = ((UINT64_C(1) << (a & (bitsz - 1))) - 1) << (b & (bitsz - 1));
		*d = r & m; return 0;
	case S_MUL_I32: *d = (uint32_t)((int64_t)(int32_t)a * (int32_t)b); return 0;
	case S_MUL_HI_U32: *d = (uint32_t)(((uint64_t)(uint32_t)a * (uint32_t)b) >> 32); return 0;
	case S_MUL_HI_I32: *d = (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32);
		return 0;
	case S_BFE_U:
	case S_BFE_I: {
		/* src1: offset in [5:0] (64-bit) or [4:0], width in [22:16] */
		unsigned off = (unsigned)(b & (bitsz - 1)), len = (unsigned)(b >> 16) & 0x7f;
		if (len == 0) {
			r = 0;
		} else {
			r = (a & m) >> off;
			if (len < bitsz) {
				r &= (UINT64_C(1) << len) - 1;
				if (sub == S_BFE_I && (r >> (len - 1) & 1))
					r |= ~((UINT64_C(1) << len) - 1);
			}
		}
		goto bitwise;
	}
	case S_LSHL1_ADD: case S_LSHL2_ADD: case S_LSHL3_ADD: case S_LSHL4_ADD:
		r = (a << (sub - S_LSHL1_ADD + 1)) + b;
		*scc = r >> 32 & 1;
		break;
	case S_ABSDIFF_I32: {
		int64_t dd = (int64_t)(int32_t)a - (int32_t)b;
		r = (uint32_t)(dd < 0 ? -dd : dd);
		*scc = r != 0;
		break;
	}
	default: return -1;
	}
	*d = r & m;
	return 0;
bitwise:
	*d = r & m;
	*scc = *d != 0;
	return 0;
}

G9_HANDLER(g9_sop2)
{
	unsigned width = in->op[0].width;
	uint64_t a, b, d = 0;
	uint32_t scc = w->scc;

	if (g9_scalar(x, w, in, 1, in->op[1].width, &a) != 0 ||
	    g9_scalar(x, w, in, 2, in->op[2].width, &b) != 0)
		return 1;
	if (binop(sub, a, b, width, w->scc, &d, &scc) != 0)
		return g9_unsupported(x, in, NULL);
	w->scc = scc;
	if (g9_set_scalar(x, w, &in->op[0], d, width) != 0)
		return g9_unsupported(x, in, "writes a scalar the executor lacks");
	return 0;
}

/* A comparison of two integers of the type in sub. */
static int compare(unsigned sub, uint64_t a, uint64_t b)
{
	int s = CMP_TYPE(sub) == T_I32 || CMP_TYPE(sub) == T_I64;
	int64_t sa = CMP_TYPE(sub) == T_I32 ? (int32_t)a : (int64_t)a;
	int64_t sb = CMP_TYPE(sub) == T_I32 ? (int32_t)b : (int64_t)b;

	return g9_int_rel(CMP_REL(sub), s ? sa < sb : a < b, a == b);
}

G9_HANDLER(g9_sopc)
{
	unsigned width = CMP_TYPE(sub) == T_U64 || CMP_TYPE(sub) == T_I64 ? 2 : 1;
	uint64_t a, b;

	if (g9_scalar(x, w, in, 0, width, &a) != 0 || g9_scalar(x, w, in, 1, width, &b) != 0)
		return 1;
	if (width == 1) {
		a = (uint32_t)a;
		b = (uint32_t)b;
	}
	w->scc = (uint32_t)compare(sub, a, b);
	return 0;
}

G9_HANDLER(g9_sopk)
{
	const hd_isa_operand *d = &in->op[0];
	uint32_t k = (uint32_t)(int32_t)(int16_t)in->f.simm16, cur;
	uint64_t v;

	if (sub & K_CMPK) {
		/* the _u32 forms compare with the zero-extended constant */
		if (g9_scalar(x, w, in, 0, 1, &v) != 0)
			return 1;
		if (CMP_TYPE(sub) == T_U32)
			k = in->f.simm16;
		w->scc = (uint32_t)compare(sub & ~(unsigned)K_CMPK, (uint32_t)v, k);
		return 0;
	}
	if (g9_scalar(x, w, in, 0, 1, &v) != 0)
		return 1;
	cur = (uint32_t)v;
	switch (sub) {
	case K_MOVK: cur = k; break;
	case K_CMOVK: if (w->scc) cur = k; break;
	case K_ADDK: {
		uint32_t r = cur + k;
		w->scc = ((cur ^ ~k) & (cur ^ r)) >> 31 & 1;
		cur = r;
		break;
	}
	case K_MULK: cur = (uint32_t)((int64_t)(int32_t)cur * (int32_t)k); break;
	default: return g9_unsupported(x, in, NULL);
	}
	if (g9_set_scalar(x, w, d, cur, 1) != 0)
		return g9_unsupported(x, in, "writes a scalar the executor lacks");
	return 0;
}

/* s_*_saveexec_b64: the destination takes EXEC, EXEC takes the
 * operation of the source with it, SCC says whether EXEC is non-zero. */
static int saveexec(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned op, uint64_t s)
{
	uint64_t e = g9_exec(x, w), d = 0;
	uint32_t scc = 0;

	if (binop(op, s, e, 2, w->scc, &d, &scc) != 0)
		return g9_unsupported(x, in, NULL);
	if (g9_set_scalar(x, w, &in->op[0], e, 2) != 0)
		return g9_unsupported(x, in, "writes a scalar the executor lacks");
	w->s[G9_EXEC_LO] = (uint32_t)d;
	w->s[G9_EXEC_HI] = x->c.wave_size == 64 ? (uint32_t)(d >> 32) : 0;
	w->scc = d != 0;
	return 0;
}

G9_HANDLER(g9_sop1)
{
	unsigned dw = in->op[0].width, sw = in->op[1].width, bitsz = sw == 2 ? 64 : 32;
	uint64_t s, d, cur = 0;
	uint32_t r;

	if (g9_scalar(x, w, in, 1, sw, &s) != 0)
		return 1;
	if (sub & O_SAVEEXEC)
		return saveexec(x, w, in, sub & ~(unsigned)O_SAVEEXEC, s);
	if ((sub == O_BITSET0 || sub == O_BITSET1 || sub == O_CMOV) &&
	    g9_scalar(x, w, in, 0, dw, &cur) != 0)
		return 1;
	switch (sub) {
	case O_MOV: d = s; break;
	case O_CMOV: d = w->scc ? s : cur; break;
	case O_NOT: d = ~s & width_mask(dw); w->scc = d != 0; break;
	case O_BREV: d = g9_reverse(s, bitsz); break;
	case O_BCNT0: d = bitsz - g9_popcount(s & width_mask(sw)); w->scc = d != 0; break;
	case O_BCNT1: d = g9_popcount(s & width_mask(sw)); w->scc = d != 0; break;
	case O_FF0: r = g9_first_one(~s & width_mask(sw)); d = r; break;
	case O_FF1: r = g9_first_one(s & width_mask(sw)); d = r; break;
	case O_FLBIT: d = g9_first_one_from_msb(s, bitsz); break;
	case O_FLBIT_I32: {
		/* the first bit that differs from the sign bit */
		uint32_t v = (uint32_t)s;
		d = g9_first_one_from_msb((v >> 31) ? ~v : v, 32);
		if ((uint32_t)d == 0)
			d = UINT32_MAX;
		break;
	}
	case O_SEXT_I8: d = (uint32_t)(int32_t)(int8_t)s; break;
	case O_SEXT_I16: d = (uint32_t)(int32_t)(int16_t)s; break;
	case O_BITSET0: d = cur & ~(UINT64_C(1) << (s & (dw == 2 ? 63 : 31))); break;
	case O_BITSET1: d = cur | (UINT64_C(1) << (s & (dw == 2 ? 63 : 31))); break;
	case O_ABS: {
		int32_t v = (int32_t)s;
		d = (uint32_t)(v < 0 ? -(uint32_t)v : (uint32_t)v);
		w->scc = d != 0;
		break;
	}
	default: return g9_unsupported(x, in, NULL);
	}
	if (g9_set_scalar(x, w, &in->op[0], d, dw) != 0)
		return g9_unsupported(x, in, "writes a scalar the executor lacks");
	return 0;
}

/* s_getreg_b32 hwreg(ID, OFFSET, SIZE): the registers a kernel of the
 * corpus reads. MODE is the wave's; SH_MEM_BASES holds the apertures'
 * top 16 bits (private in [15:0], shared in [31:16]: the device
 * libraries build flat addresses from it). */
G9_HANDLER(g9_getreg)
{
	unsigned id = in->f.simm16 & 0x3f, off = (in->f.simm16 >> 6) & 0x1f;
	unsigned size = ((in->f.simm16 >> 11) & 0x1f) + 1;
	uint32_t v;

	(void)sub;
	switch (id) {
	case 1: v = w->mode; break;   /* HW_REG_MODE */
	case 15:                      /* HW_REG_SH_MEM_BASES */
		v = (uint32_t)(HD_AMDGPU_PRIVATE_APERTURE >> 48) |
		    (uint32_t)(HD_AMDGPU_SHARED_APERTURE >> 48) << 16;
		break;
	default: return g9_unsupported(x, in, "of a hardware register the executor lacks");
	}
	v >>= off;
	if (size < 32)
		v &= (1u << size) - 1;
	if (g9_set_scalar(x, w, &in->op[0], v, 1) != 0)
		return g9_unsupported(x, in, "writes a scalar the executor lacks");
	return 0;
}
