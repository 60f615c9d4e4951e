/* Memory instructions: scalar loads (SMEM), vector loads and stores of
 * the global, flat, scratch and buffer (MUBUF) kinds, LDS (DS), and the
 * atomics. Every access completes at once, lane by lane in lane order
 * (docs/gfx9-executor.md, "Memory"). Addresses: Vega ISA, "Scalar Memory
 * Operations", "Vector Memory Buffer Instructions" ("Swizzled Buffer
 * Addressing"), "Flat Memory Instructions", "Data Share Operations". */
#include <string.h>

#include "ops.h"
#include "wave_impl.h"

/* The operand of an encoding field, or NULL. */
static const hd_isa_operand *field(const hd_isa_insn *in, const char *name)
{
	unsigned i;

	for (i = 0; i < in->noperands; i++)
		if (strcmp(in->op[i].field, name) == 0)
			return &in->op[i];
	return NULL;
}

static unsigned index_of(const hd_isa_insn *in, const hd_isa_operand *o)
{
	return (unsigned)(o - in->op);
}

G9_HANDLER(g9_smem)
{
	uint64_t base, off;
	uint8_t buf[64];
	unsigned i;

	if (g9_scalar(x, w, in, 1, 2, &base) != 0)
		return 1;
	/* soe: the soffset SGPR, plus the 21-bit offset when imm; without soe,
	 * the offset field is a byte offset (imm) or names an SGPR (Vega ISA,
	 * "SMEM"): with soe and no imm the offset field is not used, which is
	 * how clang writes `s_load_dword s8, s[0:1], s7` */
	if (in->f.soe) {
		if (in->f.soffset >= G9_NSCALAR)
			return g9_unsupported(x, in, "with this offset");
		off = w->s[in->f.soffset] + (in->f.imm ? (uint64_t)(int64_t)in->f.offset : 0);
	} else if (in->f.imm) {
		off = (uint64_t)(int64_t)in->f.offset;
	} else if ((in->f.offset & 0xff) < G9_NSCALAR) {
		off = w->s[in->f.offset & 0xff];
	} else {
		return g9_unsupported(x, in, "with this offset");
	}
	if (sub > sizeof buf || in->op[0].num + sub / 4 > G9_NSCALAR)
		return g9_unsupported(x, in, "of this size");
	/* the low two bits of the address are ignored */
	if (g9_mem(x, w, HD_ASPACE_GLOBAL, (base + off) & ~UINT64_C(3), buf, sub, 0) != 0)
		return 1;
	for (i = 0; i < sub / 4; i++)
		memcpy(&w->s[in->op[0].num + i], buf + 4 * i, 4);
	return 0;
}

/* ---- the data of a vector load or store ---- */

/* The bytes a store takes from lane's data register. */
static void store_data(const uint32_t *r, unsigned lane, unsigned sub, uint8_t *buf)
{
	unsigned n = M_BYTES(sub), i;
	uint32_t v;

	if (n < 4) {
		v = r[lane];
		if (sub & M_D16_HI)
			v >>= 16;
		for (i = 0; i < n; i++)
			buf[i] = (uint8_t)(v >> (8 * i));
		return;
	}
	for (i = 0; i < n / 4; i++) {
		v = r[(size_t)i * G9_LANES + lane];
		memcpy(buf + 4 * i, &v, 4);
	}
}

/* Puts loaded bytes in lane's destination: sub-dword values extended to
 * a dword, or (d16) to the low or high half with the other half kept. */
static void load_data(uint32_t *r, unsigned lane, unsigned sub, const uint8_t *buf)
{
	unsigned n = M_BYTES(sub), i;
	uint32_t v = 0;

	if (n < 4) {
		for (i = 0; i < n; i++)
			v |= (uint32_t)buf[i] << (8 * i);
		if (sub & M_SIGNED)
			v = n == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
		if (sub & M_D16)
			r[lane] = (r[lane] & 0xffff0000u) | (v & 0xffff);
		else if (sub & M_D16_HI)
			r[lane] = (r[lane] & 0xffffu) | v << 16;
		else
			r[lane] = v;
		return;
	}
	for (i = 0; i < n / 4; i++)
		memcpy(&r[(size_t)i * G9_LANES + lane], buf + 4 * i, 4);
}

/* ---- addresses ---- */

/* A buffer resource (V#, Vega ISA "Buffer Resource"): the fields the
 * address needs. */
typedef struct vsharp {
	uint64_t base;
	uint32_t stride, num_records, index_stride, element_size;
	int swizzle, add_tid;
} vsharp;

static void read_vsharp(const g9_wave *w, unsigned s, vsharp *v)
{
	uint32_t w1 = w->s[s + 1], w3 = w->s[s + 3];

	v->base = w->s[s] | (uint64_t)(w1 & 0xffff) << 32;
	v->stride = (w1 >> 16) & 0x3fff;
	v->swizzle = (int)(w1 >> 31);
	v->num_records = w->s[s + 2];
	v->element_size = 2u << ((w3 >> 19) & 3);
	v->index_stride = 8u << ((w3 >> 21) & 3);
	v->add_tid = (int)((w3 >> 23) & 1);
}

/* Swizzled buffer addressing: records of index_stride lanes, each lane's
 * element_size bytes side by side. */
static uint64_t buffer_offset(const vsharp *v, uint32_t index, uint64_t offset)
{
	if (!v->swizzle)
		return offset + (uint64_t)index * v->stride;
	return ((uint64_t)(index / v->index_stride) * v->stride +
	        offset / v->element_size * v->element_size) * v->index_stride +
	       (uint64_t)(index % v->index_stride) * v->element_size + offset % v->element_size;
}

/* MUBUF: the buffers of the corpus's kernels are scratch (the V# the
 * runtime builds, docs/amdgpu-dispatch.md), so the model places every
 * buffer access in private_wave (docs/gfx9-executor.md). Bytes of one
 * element stay together; the next element of a swizzled buffer is a
 * record further on. */
static int buffer_access(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned lane,
                         const vsharp *v, uint64_t soffset, uint8_t *buf, size_t n, int store)
{
	const hd_isa_operand *va = field(in, "vaddr");
	uint32_t vindex = 0, voffset = 0, index;
	uint64_t offset;
	size_t done = 0;

	if (va != NULL && va->kind == HD_ISA_VGPR) {
		const uint32_t *r = w->v + (size_t)va->num * G9_LANES;
		if (in->f.idxen && in->f.offen) {
			vindex = r[lane];
			voffset = r[G9_LANES + lane];
		} else if (in->f.idxen) {
			vindex = r[lane];
		} else {
			voffset = r[lane];
		}
	}
	index = vindex + (v->add_tid ? lane : 0);
	offset = (uint64_t)voffset + (uint32_t)in->f.offset;
	while (done < n) {
		uint64_t o = offset + done;
		size_t run = v->swizzle ? v->element_size - (size_t)(o % v->element_size) : n - done;
		if (run > n - done)
			run = n - done;
		if (g9_mem(x, w, HD_ASPACE_PRIVATE_WAVE,
		           (v->base + soffset + buffer_offset(v, index, o)) & 0xffffffffu,
		           buf + done, run, store) != 0)
			return 1;
		done += run;
	}
	return 0;
}

/* The per-lane part of a vector memory access: where lane's bytes are
 * and the move itself. */
typedef struct vaccess {
	const hd_isa_operand *addr;
	uint64_t saddr;        /* global: the SGPR pair; scratch: the SGPR */
	int has_saddr;
	vsharp v;              /* MUBUF */
	uint64_t soffset;
} vaccess;

static int prep_access(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, vaccess *a)
{
	const hd_isa_operand *s;

	memset(a, 0, sizeof *a);
	a->addr = field(in, in->row->enc == HD_ISA_MUBUF ? "vaddr" : "addr");
	if (in->f.lds)
		return g9_unsupported(x, in, "with lds");
	if (in->row->enc == HD_ISA_MUBUF) {
		const hd_isa_operand *r = field(in, "srsrc");
		s = field(in, "soffset");
		if (r == NULL || r->num + 4 > G9_NSCALAR || s == NULL)
			return g9_unsupported(x, in, "of this operand shape");
		read_vsharp(w, r->num, &a->v);
		return g9_scalar(x, w, in, index_of(in, s), 1, &a->soffset) != 0;
	}
	s = field(in, "saddr");
	if (s != NULL) {
		a->has_saddr = 1;
		return g9_scalar(x, w, in, index_of(in, s), s->width, &a->saddr) != 0;
	}
	return 0;
}

static int lane_access(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, const vaccess *a,
                       unsigned lane, uint8_t *buf, size_t n, int store)
{
	const uint32_t *r = a->addr != NULL && a->addr->kind == HD_ISA_VGPR ?
	                    w->v + (size_t)a->addr->num * G9_LANES : NULL;
	uint64_t va = r != NULL ? r[lane] : 0, fs;

	switch (in->row->enc) {
	case HD_ISA_MUBUF:
		return buffer_access(x, w, in, lane, &a->v, a->soffset, buf, n, store);
	case HD_ISA_GLOBAL:
		if (!a->has_saddr && r != NULL)
			va |= (uint64_t)r[G9_LANES + lane] << 32;
		return g9_mem(x, w, HD_ASPACE_GLOBAL,
		              (a->has_saddr ? a->saddr : 0) + va + (uint64_t)(int64_t)in->f.offset,
		              buf, n, store);
	case HD_ISA_FLAT:
		if (r != NULL)
			va |= (uint64_t)r[G9_LANES + lane] << 32;
		return g9_flat(x, w, lane, va + (uint64_t)(int64_t)in->f.offset, buf, n, store);
	case HD_ISA_SCRATCH:
		/* the lane's address swizzled, from flat_scratch (per wave) */
		fs = w->s[G9_FLAT_SCRATCH_LO] | (uint64_t)w->s[G9_FLAT_SCRATCH_LO + 1] << 32;
		return g9_scratch(x, w, lane, fs,
		                  (uint32_t)((a->has_saddr ? a->saddr : 0) + va +
		                             (uint64_t)(int64_t)in->f.offset), buf, n, store);
	default:
		return g9_unsupported(x, in, NULL);
	}
}

G9_HANDLER(g9_vmem)
{
	const hd_isa_operand *data = field(in, sub & M_STORE ?
	                                   (in->row->enc == HD_ISA_MUBUF ? "vdata" : "data") :
	                                   (in->row->enc == HD_ISA_MUBUF ? "vdata" : "vdst"));
	uint64_t exec = g9_exec(x, w);
	unsigned lane, n = M_BYTES(sub);
	uint8_t buf[16];
	uint32_t *r;
	vaccess a;

	if (data == NULL || (data->kind != HD_ISA_VGPR && data->kind != HD_ISA_AGPR) ||
	    n > sizeof buf)
		return g9_unsupported(x, in, "of this operand shape");
	if (prep_access(x, w, in, &a) != 0)
		return 1;
	r = g9_vdst(w, data);
	for (lane = 0; lane < g9_lanes(x); lane++) {
		if (!(exec >> lane & 1))
			continue;
		if (sub & M_STORE) {
			store_data(r, lane, sub, buf);
			if (lane_access(x, w, in, &a, lane, buf, n, 1) != 0)
				return 1;
		} else {
			if (lane_access(x, w, in, &a, lane, buf, n, 0) != 0)
				return 1;
			load_data(r, lane, sub, buf);
		}
	}
	return 0;
}

/* ---- LDS ---- */

static int ds_lane(hd_gfx9 *x, g9_wave *w, uint32_t addr, uint8_t *buf, size_t n, int store)
{
	return g9_mem(x, w, HD_ASPACE_LOCAL, addr, buf, n, store);
}

G9_HANDLER(g9_ds)
{
	const hd_isa_operand *ad = field(in, "addr"), *d0 = field(in, "data0"),
	                     *d1 = field(in, "data1"), *dst = field(in, "vdst");
	uint64_t exec = g9_exec(x, w);
	unsigned lane, n = M_BYTES(sub), two = (sub & M_TWO) != 0;
	uint8_t buf[16];

	if (in->f.gds)
		return g9_unsupported(x, in, "with gds");
	if (ad == NULL || ad->kind != HD_ISA_VGPR || n > sizeof buf ||
	    ((sub & M_STORE) ? d0 == NULL || (two && d1 == NULL) : dst == NULL))
		return g9_unsupported(x, in, "of this operand shape");
	for (lane = 0; lane < g9_lanes(x); lane++) {
		uint32_t base = w->v[(size_t)ad->num * G9_LANES + lane];
		uint32_t a0 = base + (two ? in->f.offset0 * n : (uint32_t)in->f.offset);
		uint32_t a1 = base + in->f.offset1 * n;
		if (!(exec >> lane & 1))
			continue;
		if (sub & M_STORE) {
			store_data(g9_vdst(w, d0), lane, sub, buf);
			if (ds_lane(x, w, a0, buf, n, 1) != 0)
				return 1;
			if (two) {
				store_data(g9_vdst(w, d1), lane, sub, buf);
				if (ds_lane(x, w, a1, buf, n, 1) != 0)
					return 1;
			}
			continue;
		}
		if (ds_lane(x, w, a0, buf, n, 0) != 0)
			return 1;
		load_data(g9_vdst(w, dst), lane, sub & ~(unsigned)M_TWO, buf);
		if (two) {
			if (ds_lane(x, w, a1, buf, n, 0) != 0)
				return 1;
			load_data(g9_vdst(w, dst) + (size_t)(n / 4) * G9_LANES, lane,
			          sub & ~(unsigned)M_TWO, buf);
		}
	}
	return 0;
}

/* ---- atomics ---- */

static uint64_t atomic_op(unsigned op, uint64_t old, uint64_t src, uint64_t cmp, unsigned n)
{
	uint64_t m = n == 8 ? UINT64_MAX : UINT32_MAX;
	int64_t so = n == 8 ? (int64_t)old : (int32_t)old, ss = n == 8 ? (int64_t)src : (int32_t)src;

	switch (op) {
	case A_ADD: return (old + src) & m;
	case A_SUB: return (old - src) & m;
	case A_SWAP: return src;
	case A_CMPSWAP: return old == cmp ? src : old;
	case A_SMIN: return so < ss ? old : src;
	case A_UMIN: return old < src ? old : src;
	case A_SMAX: return so > ss ? old : src;
	case A_UMAX: return old > src ? old : src;
	case A_AND: return old & src;
	case A_OR: return old | src;
	case A_XOR: return old ^ src;
	case A_INC: return old >= src ? 0 : (old + 1) & m;
	case A_DEC: return old == 0 || old > src ? src : old - 1;
	default: return old;
	}
}

static uint64_t reg_value(const uint32_t *r, unsigned lane, unsigned dwords)
{
	return r[lane] | (dwords == 2 ? (uint64_t)r[G9_LANES + lane] << 32 : 0);
}

/* The atomics of global, flat and LDS memory: read, compute, write back
 * per lane in lane order; the old value goes to the destination when the
 * instruction returns it (glc, or a DS _rtn form). cmpswap's data holds
 * the new value then the compared one (DS: data0 compared, data1 new). */
G9_HANDLER(g9_atomic)
{
	int ds = in->row->enc == HD_ISA_DS;
	const hd_isa_operand *d0 = field(in, ds ? "data0" : "data"), *d1 = field(in, "data1");
	unsigned n = M_BYTES(sub), dw = n / 4, op = A_OP(sub), lane;
	int rtn = ds ? (sub & A_RTN) != 0 : in->f.glc;
	uint64_t exec = g9_exec(x, w);
	uint32_t *ret = NULL;
	vaccess a;

	if (d0 == NULL || d0->kind != HD_ISA_VGPR || (ds && op == A_CMPSWAP && d1 == NULL))
		return g9_unsupported(x, in, "of this operand shape");
	if (!ds && prep_access(x, w, in, &a) != 0)
		return 1;
	if (rtn) {
		const hd_isa_operand *vd = field(in, "vdst");
		/* FLAT/GLOBAL return into the vdst field, which the shape omits */
		ret = vd != NULL ? g9_vdst(w, vd) : w->v + (size_t)(in->words[1] >> 24) * G9_LANES;
	}
	for (lane = 0; lane < g9_lanes(x); lane++) {
		uint64_t src, cmp = 0, old = 0, nv;
		uint8_t buf[8];
		uint32_t la = 0;
		if (!(exec >> lane & 1))
			continue;
		src = reg_value(g9_vdst(w, d0), lane, dw);
		if (op == A_CMPSWAP) {
			if (ds) {
				cmp = src;
				src = reg_value(g9_vdst(w, d1), lane, dw);
			} else {
				cmp = reg_value(g9_vdst(w, d0) + (size_t)dw * G9_LANES, lane, dw);
			}
		}
		if (ds) {
			const hd_isa_operand *ad = field(in, "addr");
			la = w->v[(size_t)ad->num * G9_LANES + lane] + (uint32_t)in->f.offset;
			if (ds_lane(x, w, la, buf, n, 0) != 0)
				return 1;
		} else if (lane_access(x, w, in, &a, lane, buf, n, 0) != 0) {
			return 1;
		}
		memcpy(&old, buf, n);
		nv = atomic_op(op, old, src, cmp, n);
		memcpy(buf, &nv, n);
		if (ds ? ds_lane(x, w, la, buf, n, 1) != 0 : lane_access(x, w, in, &a, lane, buf, n, 1) != 0)
			return 1;
		if (ret != NULL) {
			ret[lane] = (uint32_t)old;
			if (dw == 2)
				ret[G9_LANES + lane] = (uint32_t)(old >> 32);
		}
	}
	return 0;
}
