/* Reading and writing operands: SGPRs and the special scalar sources,
 * inline constants, the literal, VGPRs and AGPRs per lane, 64-bit pairs,
 * and SDWA's sub-dword selections (Vega ISA, "Instruction Operands" and
 * "SDWA"). */
#include <string.h>

#include "wave_impl.h"

/* The high dword of an aperture (src_shared_base, src_private_base): where
 * flat addresses reach local and scratch memory in the model. */
static uint32_t aperture_hi(uint64_t base)
{
	return (uint32_t)(base >> 32);
}

/* A scalar source code's value: SGPRs and the registers below 128, the
 * src_* sources above. -1 for a code the executor does not read. */
static int scalar_code(const hd_gfx9 *x, const g9_wave *w, unsigned code, uint32_t *v)
{
	if (code < G9_NSCALAR) {
		*v = w->s[code];
		return 0;
	}
	switch (code) {
	case G9_SRC_SHARED_BASE: *v = aperture_hi(HD_AMDGPU_SHARED_APERTURE); return 0;
	case G9_SRC_SHARED_LIMIT:
		*v = aperture_hi(HD_AMDGPU_SHARED_APERTURE + HD_AMDGPU_APERTURE_SIZE - 1);
		return 0;
	case G9_SRC_PRIVATE_BASE: *v = aperture_hi(HD_AMDGPU_PRIVATE_APERTURE); return 0;
	case G9_SRC_PRIVATE_LIMIT:
		*v = aperture_hi(HD_AMDGPU_PRIVATE_APERTURE + HD_AMDGPU_APERTURE_SIZE - 1);
		return 0;
	case G9_SRC_POPS_EXITING_WAVE_ID: *v = 0; return 0;
	case G9_SRC_VCCZ: *v = g9_vcc(w) == 0; return 0;
	case G9_SRC_EXECZ: *v = g9_exec(x, w) == 0; return 0;
	case G9_SRC_SCC: *v = w->scc; return 0;
	default: return -1;
	}
}

static int const_value(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in,
                       const hd_isa_operand *o, unsigned width, unsigned flags, uint64_t *v)
{
	uint32_t lo, hi = 0;

	switch (o->kind) {
	case HD_ISA_SGPR:
	case HD_ISA_SPECIAL:
		if (scalar_code(x, w, o->num, &lo) != 0 ||
		    (width == 2 && scalar_code(x, w, o->num + 1u, &hi) != 0))
			return g9_unsupported(x, in, "reads a scalar source the executor lacks"), -1;
		*v = lo | (uint64_t)hi << 32;
		return 0;
	case HD_ISA_INT:
		/* sign-extended to the operand's width */
		*v = width == 2 ? o->value : (uint32_t)o->value;
		return 0;
	case HD_ISA_FLOAT:
		/* the decoder gives the bits at the operand's width; an f32 constant
		 * read as a double (v_cvt_f64_f32's source is one dword) is itself */
		*v = o->value;
		return 0;
	case HD_ISA_LITERAL:
		/* a 64-bit float operand takes the literal as its high dword */
		*v = width == 2 && (flags & G9F_F64) ? o->value << 32 :
		     width == 2 ? (uint64_t)(int64_t)(int32_t)o->value : (uint32_t)o->value;
		return 0;
	case HD_ISA_IMM:
		*v = o->value;
		return 0;
	default:
		return g9_unsupported(x, in, "has an operand the executor cannot read"), -1;
	}
}

int g9_src_prep(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned i, unsigned width,
                unsigned flags, g9_src *s)
{
	const hd_isa_operand *o = &in->op[i];

	s->v = NULL;
	s->k = 0;
	s->width = width;
	s->sel = 6;
	s->sext = 0;
	if (i >= in->noperands)
		return g9_unsupported(x, in, "lacks an operand"), -1;
	if (o->kind == HD_ISA_VGPR || o->kind == HD_ISA_AGPR) {
		s->v = (o->kind == HD_ISA_VGPR ? w->v : w->a) + (size_t)o->num * G9_LANES;
	} else if (const_value(x, w, in, o, width, flags, &s->k) != 0) {
		return -1;
	}
	if (in->row->form == HD_ISA_SDWA && strcmp(o->field, "src0") == 0) {
		s->sel = in->f.src0_sel;
		s->sext = in->f.src0_sext;
	} else if (in->row->form == HD_ISA_SDWA && strcmp(o->field, "vsrc1") == 0) {
		s->sel = in->f.src1_sel;
		s->sext = in->f.src1_sext;
	}
	return 0;
}

/* SDWA's selection of a byte (0..3), a word (4, 5) or the dword (6). */
static uint32_t sdwa_sel(uint32_t v, unsigned sel, unsigned sext)
{
	if (sel < 4) {
		uint32_t b = (v >> (8 * sel)) & 0xff;
		return sext ? (uint32_t)(int32_t)(int8_t)b : b;
	}
	if (sel < 6) {
		uint32_t h = (v >> (16 * (sel - 4))) & 0xffff;
		return sext ? (uint32_t)(int32_t)(int16_t)h : h;
	}
	return v;
}

uint64_t g9_src_get(const g9_src *s, unsigned lane)
{
	uint64_t v;

	if (s->v == NULL)
		return s->k;
	v = s->v[lane];
	if (s->width == 2)
		v |= (uint64_t)s->v[G9_LANES + lane] << 32;
	else if (s->sel != 6)
		v = sdwa_sel((uint32_t)v, s->sel, s->sext);
	return v;
}

int g9_scalar(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned i, unsigned width,
              uint64_t *v)
{
	if (i >= in->noperands)
		return g9_unsupported(x, in, "lacks an operand"), -1;
	if (in->op[i].kind == HD_ISA_VGPR || in->op[i].kind == HD_ISA_AGPR)
		return g9_unsupported(x, in, "reads a vector register as a scalar"), -1;
	return const_value(x, w, in, &in->op[i], width, 0, v);
}

int g9_set_scalar(hd_gfx9 *x, g9_wave *w, const hd_isa_operand *o, uint64_t v, unsigned width)
{
	unsigned n = o->num;

	(void)x;
	if ((o->kind != HD_ISA_SGPR && o->kind != HD_ISA_SPECIAL) || n + width > G9_NSCALAR)
		return -1;
	w->s[n] = (uint32_t)v;
	if (width == 2)
		w->s[n + 1] = (uint32_t)(v >> 32);
	if (x->c.wave_size == 32)
		w->s[G9_EXEC_HI] = 0;
	return 0;
}

uint32_t *g9_vdst(g9_wave *w, const hd_isa_operand *o)
{
	return (o->kind == HD_ISA_AGPR ? w->a : w->v) + (size_t)o->num * G9_LANES;
}

/* SDWA dst_sel puts the result's low byte or word at the selected place;
 * dst_unused says what the rest of the dword becomes: 0 zeros, 1 the
 * sign of the result, 2 what was there. */
void g9_write_v32(const hd_isa_insn *in, uint32_t *d, unsigned lane, uint32_t v)
{
	unsigned sel = in->f.dst_sel, shift, bits;
	uint32_t mask, old = d[lane], out;

	if (in->row->form != HD_ISA_SDWA || sel == 6) {
		d[lane] = v;
		return;
	}
	shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
	bits = sel < 4 ? 8 : 16;
	mask = ((1u << bits) - 1) << shift;
	out = (v << shift) & mask;
	if (in->f.dst_unused == 2)
		out |= old & ~mask;
	else if (in->f.dst_unused == 1 && (v >> (bits - 1)) & 1)
		out |= ~mask & ~((1u << shift) - 1);
	d[lane] = out;
}
