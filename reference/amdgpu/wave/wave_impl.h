/* Inside the gfx9 executor: the waves' register files, the semantics
 * table's rows and the helpers the handler families (ops_*.c) share.
 * wave.h is the interface. */
#ifndef HD_GFX9_WAVE_IMPL_H
#define HD_GFX9_WAVE_IMPL_H

#include "wave.h"

/* Register file sizes: VGPR/AGPR numbers are 8-bit, a tuple may reach 16
 * dwords past the last, so reads of v255..v270 stay inside. */
#define G9_NSCALAR 128          /* 8-bit scalar codes 0..127 */
#define G9_NVREGS (256 + 16)
#define G9_LANES 64

/* Scalar codes (Vega ISA, "Scalar ALU Operands"). */
enum {
	G9_FLAT_SCRATCH_LO = 102, G9_XNACK_MASK_LO = 104, G9_VCC_LO = 106,
	G9_TTMP0 = 108, G9_M0 = 124, G9_EXEC_LO = 126, G9_EXEC_HI = 127,
	G9_SRC_SHARED_BASE = 235, G9_SRC_SHARED_LIMIT = 236,
	G9_SRC_PRIVATE_BASE = 237, G9_SRC_PRIVATE_LIMIT = 238,
	G9_SRC_POPS_EXITING_WAVE_ID = 239,
	G9_SRC_VCCZ = 251, G9_SRC_EXECZ = 252, G9_SRC_SCC = 253
};

typedef enum { G9_RUNNING, G9_AT_BARRIER, G9_ENDED } g9_state;

typedef struct g9_wave {
	uint32_t s[G9_NSCALAR];
	uint32_t *v;            /* v[reg * 64 + lane] */
	uint32_t *a;            /* AGPRs, the same layout */
	uint64_t pc, next_pc;
	uint32_t scc, mode;
	uint32_t depth;         /* s_swappc_b64 calls not yet returned */
	g9_state state;
	hd_amdgpu *model;
} g9_wave;

typedef struct g9_code {
	uint64_t vaddr;
	const uint8_t *bytes;
	size_t n;
} g9_code;

typedef struct hd_gfx9 hd_gfx9;
typedef int (*g9_fn)(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned sub);

/* A row of ops.def. */
typedef struct g9_op {
	const char *mnemonic;
	g9_fn fn;
	unsigned sub;
	unsigned flags;         /* G9F_* */
} g9_op;

enum {
	G9F_SDWA = 1,           /* also runs in the SDWA form */
	G9F_F32 = 2,            /* float sources: VOP3 abs/neg, clamp, omod apply */
	G9F_F64 = 4,            /* the same for doubles; a literal is the high dword */
	G9F_F16 = 8
};

#define G9_DECODE_CACHE 4096

typedef struct g9_cached {
	uint64_t pc;
	int valid;
	hd_isa_insn in;
	const g9_op *op;
} g9_cached;

struct hd_gfx9 {
	hd_gfx9_config c;
	g9_code *code;
	size_t ncode;
	g9_wave **waves;
	uint32_t nwaves;
	g9_cached *cache;       /* direct-mapped by pc */
	uint64_t bytes;         /* moved by memory instructions this run */
	hd_gfx9_outcome *out;   /* of the run going on */
	hd_status *st;
};

/* The row of a decoded instruction's table row (NULL: unsupported). */
const g9_op *g9_op_for(const hd_isa_row *row);

/* Ending the run from a handler: each returns 1 (the handler's result). */
int g9_trap(hd_gfx9 *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int g9_unsupported(hd_gfx9 *x, const hd_isa_insn *in, const char *what);
/* An integer relation (ops.h CMP_*) from "less than" and "equal": the
 * scalar and vector compares share it (ops_vcmp.c). */
int g9_int_rel(unsigned rel, int lt, int eq);
/* An internal failure already in x->st: returns -1. */
int g9_fail(hd_gfx9 *x);

static inline unsigned g9_lanes(const hd_gfx9 *x)
{
	return x->c.wave_size;
}

static inline uint64_t g9_exec(const hd_gfx9 *x, const g9_wave *w)
{
	uint64_t e = w->s[G9_EXEC_LO] | (uint64_t)w->s[G9_EXEC_HI] << 32;
	return x->c.wave_size == 64 ? e : e & 0xffffffffu;
}

static inline uint64_t g9_vcc(const g9_wave *w)
{
	return w->s[G9_VCC_LO] | (uint64_t)w->s[G9_VCC_LO + 1] << 32;
}

/* ---- operands (operands.c) ---- */

/* A source prepared once per instruction: a constant (scalar, inline,
 * literal) or a vector register read per lane. */
typedef struct g9_src {
	const uint32_t *v;      /* first dword of lane 0, or NULL for a constant */
	uint64_t k;
	unsigned width;         /* dwords: 1 or 2 */
	unsigned sel, sext;     /* SDWA selection (6: the whole dword) */
} g9_src;

/* Prepares operand i as a source of width dwords. flags: G9F_F64 makes a
 * literal the high dword of a double. -1 (after g9_unsupported) for an
 * operand it cannot read. */
int g9_src_prep(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned i, unsigned width,
                unsigned flags, g9_src *s);
uint64_t g9_src_get(const g9_src *s, unsigned lane);

/* A scalar operand's value (SGPR, special, constant), width 1 or 2. */
int g9_scalar(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned i, unsigned width,
              uint64_t *v);
/* Writes a scalar destination (an SGPR code < 128). */
int g9_set_scalar(hd_gfx9 *x, g9_wave *w, const hd_isa_operand *o, uint64_t v,
                  unsigned width);
/* The dword array of a vector destination (VGPR or AGPR) of lane 0. */
uint32_t *g9_vdst(g9_wave *w, const hd_isa_operand *o);
/* Writes a 32-bit VALU result, through the SDWA dst_sel when the form is
 * SDWA. */
void g9_write_v32(const hd_isa_insn *in, uint32_t *d, unsigned lane, uint32_t v);

/* Float rounding and MODE (ops_vfloat.c). */
float g9_f32(uint32_t bits);
uint32_t g9_bits32(float f);
double g9_f64(uint64_t bits);
uint64_t g9_bits64(double d);

/* ---- memory (memory.c) ---- */

/* Moves n bytes of lane `lane` between buf and a model address space
 * (global, local); counts them against the byte bound. 1 after a trap. */
int g9_mem(hd_gfx9 *x, g9_wave *w, uint64_t aspace, uint64_t addr, uint8_t *buf,
           size_t n, int store);
/* Scratch of lane `lane` at swizzled base + swizzle(lane address). */
int g9_scratch(hd_gfx9 *x, g9_wave *w, unsigned lane, uint64_t base, uint64_t addr,
               uint8_t *buf, size_t n, int store);
/* A flat address through the apertures. */
int g9_flat(hd_gfx9 *x, g9_wave *w, unsigned lane, uint64_t addr, uint8_t *buf, size_t n,
            int store);

/* The handlers, by family: one declaration per g9_fn of ops.def. */
#define G9_HANDLER(name) int name(hd_gfx9 *x, g9_wave *w, const hd_isa_insn *in, unsigned sub)
G9_HANDLER(g9_sop2);
G9_HANDLER(g9_sopk);
G9_HANDLER(g9_sop1);
G9_HANDLER(g9_sopc);
G9_HANDLER(g9_sopp);
G9_HANDLER(g9_control);
G9_HANDLER(g9_getreg);
G9_HANDLER(g9_smem);
G9_HANDLER(g9_vint);
G9_HANDLER(g9_vlane);
G9_HANDLER(g9_vcarry);
G9_HANDLER(g9_vfloat);
G9_HANDLER(g9_vcmp);
G9_HANDLER(g9_vmem);
G9_HANDLER(g9_atomic);
G9_HANDLER(g9_ds);
G9_HANDLER(g9_nop);

/* Bit counts and searches the scalar and vector ALUs share (s_bcnt1 and
 * v_bcnt, s_ff1 and v_ffbl, s_flbit and v_ffbh, s_brev and v_bfrev). */
static inline unsigned g9_popcount(uint64_t v)
{
	unsigned n = 0;

	for (; v != 0; v &= v - 1)
		n++;
	return n;
}

/* Index of the lowest 1 bit; UINT32_MAX when none. */
static inline uint32_t g9_first_one(uint64_t v)
{
	for (uint32_t i = 0; i < 64; i++)
		if (v >> i & 1)
			return i;
	return UINT32_MAX;
}

/* How many bits of a bitsz-bit v stand above its highest 1; UINT32_MAX
 * when none. */
static inline uint32_t g9_first_one_from_msb(uint64_t v, unsigned bitsz)
{
	for (uint32_t i = 0; i < bitsz; i++)
		if (v >> (bitsz - 1 - i) & 1)
			return i;
	return UINT32_MAX;
}

/* The low bitsz bits of v in reverse order. */
static inline uint64_t g9_reverse(uint64_t v, unsigned bitsz)
{
	uint64_t r = 0;

	for (unsigned i = 0; i < bitsz; i++)
		if (v >> i & 1)
			r |= UINT64_C(1) << (bitsz - 1 - i);
	return r;
}

#endif
