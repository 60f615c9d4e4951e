/* The vector integer ALU (Vega ISA, "Vector ALU Operations"): every lane
 * of EXEC computes from its sources; lanes outside EXEC keep their
 * destination. Carries and compares write a lane mask whose inactive lanes
 * are 0. Lane operations (readlane, writelane, readfirstlane) ignore EXEC
 * as the ISA says. */
#include "ops.h"
#include "wave_impl.h"

static uint32_t bfe(uint32_t v, uint32_t off, uint32_t len, int sign)
{
	uint32_t r;

	off &= 31;
	len &= 31;
	if (len == 0)
		return 0;
	r = v >> off;
	if (len + off < 32 || len < 32)
		r &= (1u << len) - 1;
	if (sign && (r >> (len - 1) & 1))
		r |= ~((1u << len) - 1);
	return r;
}

static int32_t s24(uint32_t v)
{
	return (int32_t)(v << 8) >> 8;
}

static uint32_t med3u(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
	return c < lo ? lo : c > hi ? hi : c;
}

/* v_perm_b32 (Vega ISA guide, VOP3A): each byte of the result is picked
 * from the 8 bytes of in = {src0, src1} (src1 the low dword) by a byte of
 * sel: 0-7 a byte, 8-11 the sign of byte 1, 3, 5 or 7 spread over the
 * byte, 12 zero, 13 and up all ones. */
static uint32_t perm(uint64_t in, uint32_t sel)
{
	uint32_t r = 0;

	for (int i = 0; i < 4; i++) {
		uint32_t s = sel >> (8 * i) & 0xff, b;
		if (s >= 13)
			b = 0xff;
		else if (s == 12)
			b = 0;
		else if (s >= 8)
			b = (in >> (8 * (2 * (s - 8) + 1) + 7) & 1) ? 0xff : 0;
		else
			b = (uint32_t)(in >> (8 * s)) & 0xff;
		r |= b << (8 * i);
	}
	return r;
}

static int32_t med3i(int32_t a, int32_t b, int32_t c)
{
	int32_t lo = a < b ? a : b, hi = a < b ? b : a;
	return c < lo ? lo : c > hi ? hi : c;
}

/* One lane's 32-bit (or, for the 64-bit shifts, 64-bit) result. */
static uint64_t compute(unsigned sub, uint64_t a, uint64_t b, uint64_t c, unsigned lane,
                        uint64_t mask)
{
	uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b, c32 = (uint32_t)c;
	uint64_t below = lane == 0 ? 0 : UINT64_MAX >> (64 - lane);

	switch (sub) {
	case V_MOV: return a;
	case V_ADD: return a32 + b32;
	case V_SUB: return a32 - b32;
	case V_SUBREV: return b32 - a32;
	case V_AND: return a32 & b32;
	case V_OR: return a32 | b32;
	case V_XOR: return a32 ^ b32;
	case V_NOT: return ~a32;
	case V_LSHLREV: return b32 << (a32 & 31);
	case V_LSHRREV: return b32 >> (a32 & 31);
	case V_ASHRREV: return (uint32_t)((int32_t)b32 >> (a32 & 31));
	case V_LSHLREV64: return b << (a32 & 63);
	case V_LSHRREV64: return b >> (a32 & 63);
	case V_ASHRREV64: return (uint64_t)((int64_t)b >> (a32 & 63));
	case V_LSHLREV16: return (uint16_t)(b32 << (a32 & 15));
	case V_LSHRREV16: return (uint16_t)((b32 & 0xffff) >> (a32 & 15));
	case V_ASHRREV16: return (uint16_t)((int16_t)b32 >> (a32 & 15));
	case V_ADD16: return (uint16_t)(a32 + b32);
	case V_SUB16: return (uint16_t)(a32 - b32);
	case V_MUL_LO16: return (uint16_t)(a32 * b32);
	case V_MUL_LO: return a32 * b32;
	case V_MUL_HI_U: return (uint32_t)(((uint64_t)a32 * b32) >> 32);
	case V_MUL_HI_I: return (uint32_t)((uint64_t)((int64_t)(int32_t)a32 * (int32_t)b32) >> 32);
	case V_MUL_U24: return (a32 & 0xffffff) * (b32 & 0xffffff);
	case V_MUL_I24: return (uint32_t)(s24(a32) * s24(b32));
	case V_MUL_HI_U24: return (uint32_t)(((uint64_t)(a32 & 0xffffff) * (b32 & 0xffffff)) >> 32);
	case V_MAD_U24: return (a32 & 0xffffff) * (b32 & 0xffffff) + c32;
	case V_MAD_I24: return (uint32_t)(s24(a32) * s24(b32)) + c32;
	case V_ADD3: return a32 + b32 + c32;
	case V_LSHL_ADD: return (a32 << (b32 & 31)) + c32;
	case V_ADD_LSHL: return (a32 + b32) << (c32 & 31);
	case V_LSHL_OR: return (a32 << (b32 & 31)) | c32;
	case V_AND_OR: return (a32 & b32) | c32;
	case V_OR3: return a32 | b32 | c32;
	case V_BFE_U: return bfe(a32, b32, c32, 0);
	case V_BFE_I: return bfe(a32, b32, c32, 1);
	case V_BFI: return (a32 & b32) | (~a32 & c32);
	case V_BFM: return ((1u << (a32 & 31)) - 1) << (b32 & 31);
	case V_ALIGNBIT: return (uint32_t)((((uint64_t)a32 << 32) | b32) >> (c32 & 31));
	case V_ALIGNBYTE: return (uint32_t)((((uint64_t)a32 << 32) | b32) >> (8 * (c32 & 3)));
	case V_PERM: return perm(((uint64_t)a32 << 32) | b32, c32);
	case V_MIN_I: return (int32_t)a32 < (int32_t)b32 ? a32 : b32;
	case V_MIN_U: return a32 < b32 ? a32 : b32;
	case V_MAX_I: return (int32_t)a32 > (int32_t)b32 ? a32 : b32;
	case V_MAX_U: return a32 > b32 ? a32 : b32;
	case V_MED3_I: return (uint32_t)med3i((int32_t)a32, (int32_t)b32, (int32_t)c32);
	case V_MED3_U: return med3u(a32, b32, c32);
	case V_MIN3_I: return compute(V_MIN_I, compute(V_MIN_I, a32, b32, 0, lane, mask), c32, 0, lane, mask);
	case V_MIN3_U: return compute(V_MIN_U, compute(V_MIN_U, a32, b32, 0, lane, mask), c32, 0, lane, mask);
	case V_MAX3_I: return compute(V_MAX_I, compute(V_MAX_I, a32, b32, 0, lane, mask), c32, 0, lane, mask);
	case V_MAX3_U: return compute(V_MAX_U, compute(V_MAX_U, a32, b32, 0, lane, mask), c32, 0, lane, mask);
	case V_SAD_U32: return (a32 > b32 ? a32 - b32 : b32 - a32) + c32;
	case V_BCNT: return g9_popcount(a32) + b32;
	case V_MBCNT_LO: return g9_popcount(a32 & (uint32_t)below) + b32;
	case V_MBCNT_HI: return g9_popcount(a32 & (uint32_t)(below >> 32)) + b32;
	case V_FFBH_U: return g9_first_one_from_msb(a32, 32);
	case V_FFBL: return g9_first_one(a32);
	case V_FFBH_I: return g9_first_one_from_msb((int32_t)a32 < 0 ? ~a32 : a32, 32);
	case V_BFREV: return (uint32_t)g9_reverse(a32, 32);
	case V_CNDMASK: return (mask >> lane & 1) ? b32 : a32;
	default: return 0;
	}
}

/* VOP3 abs and neg on a 32-bit source: the float sign bit (v_cndmask_b32
 * selects floats with them). */
static uint64_t sign_mods(const hd_isa_insn *in, unsigned i, uint64_t v)
{
	if (in->row->enc != HD_ISA_VOP3)
		return v;
	if (in->f.abs >> i & 1)
		v &= 0x7fffffffu;
	if (in->f.neg >> i & 1)
		v ^= 0x80000000u;
	return v;
}

/* v_pk_mov_b32: each half of the 64-bit result from the low or the high
 * dword of one source, as op_sel says (VOP3P, gfx90a). */
static int pk_mov(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in)
{
	g9_src s0, s1;
	uint32_t *d = g9_vdst(w, &in->op[0]);
	uint64_t exec = g9_exec(x, w);
	unsigned lane;

	if (g9_src_prep(x, w, in, 1, 2, 0, &s0) != 0 || g9_src_prep(x, w, in, 2, 2, 0, &s1) != 0)
		return 1;
	for (lane = 0; lane < g9_lanes(x); lane++) {
		uint64_t a, b;
		if (!(exec >> lane & 1))
			continue;
		a = g9_src_get(&s0, lane);
		b = g9_src_get(&s1, lane);
		d[lane] = (uint32_t)(in->f.op_sel & 1 ? a >> 32 : a);
		d[G9_LANES + lane] = (uint32_t)(in->f.op_sel & 2 ? b >> 32 : b);
	}
	return 0;
}

G9_HANDLER(g9_vint)
{
	g9_src s[3];
	unsigned nsrc = in->noperands - 1, i, lane, width = in->op[0].width;
	uint64_t exec = g9_exec(x, w), mask = 0;
	uint32_t *d;

	if (sub == V_PK_MOV)
		return pk_mov(x, w, in);
	if (in->row->enc == HD_ISA_VOP3 && (in->f.clamp || in->f.omod || in->f.op_sel))
		return g9_unsupported(x, in, "with clamp, omod or op_sel");
	if (sub == V_CNDMASK) {
		/* the mask: vcc (VOP2, SDWA) or src2 (VOP3) */
		if (g9_scalar(x, w, in, 3, 2, &mask) != 0)
			return 1;
		nsrc = 2;
	}
	if (nsrc > 3)
		return g9_unsupported(x, in, "with more than three sources");
	for (i = 0; i < nsrc; i++)
		if (g9_src_prep(x, w, in, i + 1, in->op[i + 1].width, 0, &s[i]) != 0)
			return 1;
	d = g9_vdst(w, &in->op[0]);
	if (in->op[0].kind != HD_ISA_VGPR && in->op[0].kind != HD_ISA_AGPR)
		return g9_unsupported(x, in, "writes a scalar");
	for (lane = 0; lane < g9_lanes(x); lane++) {
		uint64_t v[3] = { 0, 0, 0 }, r;
		if (!(exec >> lane & 1))
			continue;
		for (i = 0; i < nsrc; i++)
			v[i] = g9_src_get(&s[i], lane);
		if (sub == V_CNDMASK) {
			v[0] = sign_mods(in, 0, v[0]);
			v[1] = sign_mods(in, 1, v[1]);
		}
		r = compute(sub, v[0], v[1], v[2], lane, mask);
		if (width == 2) {
			d[lane] = (uint32_t)r;
			d[G9_LANES + lane] = (uint32_t)(r >> 32);
		} else {
			g9_write_v32(in, d, lane, (uint32_t)r);
		}
	}
	return 0;
}

/* Writes a lane mask to a scalar destination (vcc, or an SGPR pair). */
static int set_mask(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned i, uint64_t m)
{
	if (g9_set_scalar(x, w, &in->op[i], m, 2) != 0)
		return g9_unsupported(x, in, "writes a scalar the executor lacks");
	return 0;
}

/* Adds and subtracts with a carry out (and in), and the 64-bit
 * multiply-adds whose sdst is the carry out. */
G9_HANDLER(g9_vcarry)
{
	int mad = sub == V_MAD_U64_U32 || sub == V_MAD_I64_I32;
	int cin = sub == V_ADDC_CO || sub == V_SUBB_CO || sub == V_SUBBREV_CO;
	g9_src a, b, c;
	uint64_t exec = g9_exec(x, w), carry_in = 0, carry_out = 0;
	uint32_t *d = g9_vdst(w, &in->op[0]);
	unsigned lane;

	if (in->row->enc == HD_ISA_VOP3 && (in->f.clamp || in->f.omod))
		return g9_unsupported(x, in, "with clamp or omod");
	if (g9_src_prep(x, w, in, 2, 1, 0, &a) != 0 || g9_src_prep(x, w, in, 3, 1, 0, &b) != 0)
		return 1;
	if (mad && g9_src_prep(x, w, in, 4, 2, 0, &c) != 0)
		return 1;
	if (cin && g9_scalar(x, w, in, 4, 2, &carry_in) != 0)
		return 1;
	for (lane = 0; lane < g9_lanes(x); lane++) {
		uint64_t va, vb, r;
		unsigned ci = (unsigned)(carry_in >> lane & 1), co;
		if (!(exec >> lane & 1))
			continue;
		va = (uint32_t)g9_src_get(&a, lane);
		vb = (uint32_t)g9_src_get(&b, lane);
		switch (sub) {
		case V_ADD_CO: r = va + vb; co = r >> 32 & 1; break;
		case V_ADDC_CO: r = va + vb + ci; co = r >> 32 & 1; break;
		case V_SUB_CO: r = va - vb; co = vb > va; break;
		case V_SUBB_CO: r = va - vb - ci; co = vb + ci > va; break;
		case V_SUBREV_CO: r = vb - va; co = va > vb; break;
		case V_SUBBREV_CO: r = vb - va - ci; co = va + ci > vb; break;
		default: {
			uint64_t vc = g9_src_get(&c, lane);
			if (sub == V_MAD_U64_U32) {
				uint64_t p = va * vb;
				r = p + vc;
				co = r < p;
			} else {
				int64_t p = (int64_t)(int32_t)va * (int32_t)vb;
				r = (uint64_t)p + vc;
				/* signed overflow of the 64-bit add */
				co = ((uint64_t)p ^ r) & (vc ^ r) & (UINT64_C(1) << 63) ? 1 : 0;
			}
			d[lane] = (uint32_t)r;
			d[G9_LANES + lane] = (uint32_t)(r >> 32);
			carry_out |= (uint64_t)co << lane;
			continue;
		}
		}
		g9_write_v32(in, d, lane, (uint32_t)r);
		carry_out |= (uint64_t)co << lane;
	}
	return set_mask(x, w, in, 1, carry_out);
}

G9_HANDLER(g9_vlane)
{
	g9_src s;
	uint64_t sel = 0, exec = g9_exec(x, w);
	unsigned lane = 0;

	switch (sub) {
	case L_READLANE:
		if (g9_src_prep(x, w, in, 1, 1, 0, &s) != 0 || g9_scalar(x, w, in, 2, 1, &sel) != 0)
			return 1;
		lane = (unsigned)(sel % g9_lanes(x));
		break;
	case L_READFIRSTLANE:
		if (g9_src_prep(x, w, in, 1, 1, 0, &s) != 0)
			return 1;
		/* lane 0 when EXEC is empty */
		while (lane + 1 < g9_lanes(x) && exec != 0 && !(exec >> lane & 1))
			lane++;
		break;
	case L_WRITELANE: {
		uint64_t v;
		if (g9_scalar(x, w, in, 1, 1, &v) != 0 || g9_scalar(x, w, in, 2, 1, &sel) != 0)
			return 1;
		g9_vdst(w, &in->op[0])[sel % g9_lanes(x)] = (uint32_t)v;
		return 0;
	}
	default:
		return g9_unsupported(x, in, NULL);
	}
	if (g9_set_scalar(x, w, &in->op[0], (uint32_t)g9_src_get(&s, lane), 1) != 0)
		return g9_unsupported(x, in, "writes a scalar the executor lacks");
	return 0;
}
