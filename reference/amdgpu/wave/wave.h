/* The gfx9 executor (docs/gfx9-executor.md): runs decoded gfx9 instructions
 * (../isa/isa.h) on the wavefronts of one work-group, their memory the
 * software model's (../model.h), so that what a debugger reads through
 * DWARF at a stop is exactly what the program wrote. Same outcome
 * vocabulary as the SPIR-V interpreter (exec/exec.h).
 *
 * Life cycle: hd_gfx9_new → hd_gfx9_add_code (the image instructions are
 * fetched from) → hd_gfx9_add_wave and its initial state (the setters, or
 * hd_gfx9_load_dispatch) → hd_gfx9_run (the observer sees every
 * instruction) → hd_gfx9_free. Nothing the program does crashes the
 * executor: it ends the run with an outcome. */
#ifndef HD_GFX9_WAVE_H
#define HD_GFX9_WAVE_H

#include <stddef.h>
#include <stdint.h>

#include "../codeobj/codeobj.h"
#include "../isa/isa.h"
#include "../model.h"

typedef enum hd_gfx9_end {
	HD_GFX9_COMPLETED,    /* every wave reached s_endpgm */
	HD_GFX9_TRAPPED,      /* s_trap, a fetch outside the code, an instruction
	                       * that does not decode, a memory fault (an access
	                       * past an address space, the memory bound);
	                       * .detail says what */
	HD_GFX9_STEP_LIMIT,   /* a bound ran out: steps, bytes or call depth */
	HD_GFX9_UNSUPPORTED,  /* a mnemonic with no row in ops.def, or a form of
	                       * one the executor does not run; .detail names it */
	HD_GFX9_STOPPED       /* the observer asked to stop */
} hd_gfx9_end;

typedef struct hd_gfx9_outcome {
	hd_gfx9_end end;
	char detail[256];
	uint64_t steps;       /* instructions executed, summed over waves */
} hd_gfx9_outcome;

/* "completed", "trapped", "step-limit", "unsupported", "stopped". */
const char *hd_gfx9_end_name(hd_gfx9_end e);

typedef struct hd_gfx9_config {
	hd_isa_mach mach;       /* the decoder's machine */
	unsigned wave_size;     /* 64 or 32 */
	uint64_t max_steps;     /* bound on .steps */
	uint64_t max_bytes;     /* bound on the bytes memory instructions move */
	uint32_t max_depth;     /* bound on the s_swappc_b64 call depth */
} hd_gfx9_config;

/* gfx90a, wave64, the interpreter's bounds (docs/gfx9-executor.md). */
void hd_gfx9_config_default(hd_gfx9_config *c);

typedef struct hd_gfx9 hd_gfx9;

int hd_gfx9_new(const hd_gfx9_config *c, hd_gfx9 **out, hd_status *st);
void hd_gfx9_free(hd_gfx9 *x);

/* n bytes of code at vaddr, fetched from there; the bytes must outlive x.
 * Errors: HD_BAD_INPUT "gfx9-code" (overlap, too many ranges). */
int hd_gfx9_add_code(hd_gfx9 *x, uint64_t vaddr, const uint8_t *bytes, size_t n,
                     hd_status *st);

/* A new wave of the work-group; its index is the number of waves before
 * it. Every wave sees the global, region and local memory of wave 0 and
 * has its own registers and scratch (hd_amdgpu_new_sharing). Registers
 * start as zero, EXEC as every lane. */
int hd_gfx9_add_wave(hd_gfx9 *x, uint32_t *index, hd_status *st);
uint32_t hd_gfx9_nwaves(const hd_gfx9 *x);
/* The wave's model: write its initial memory there (global, local: every
 * wave's; private_wave: its own); at a stop, after hd_gfx9_sync, the
 * evaluator reads it. */
hd_amdgpu *hd_gfx9_model(hd_gfx9 *x, uint32_t wave);

/* The initial state (or any state between runs). sgpr is the 8-bit scalar
 * operand code: 0..101 s0..s101, 102 flat_scratch_lo, 106 vcc_lo, 108..123
 * ttmp0..15, 124 m0, 126 exec_lo, 127 exec_hi. */
void hd_gfx9_set_sgpr(hd_gfx9 *x, uint32_t wave, unsigned sgpr, uint32_t v);
uint32_t hd_gfx9_sgpr(const hd_gfx9 *x, uint32_t wave, unsigned sgpr);
void hd_gfx9_set_vgpr(hd_gfx9 *x, uint32_t wave, unsigned vgpr, unsigned lane, uint32_t v);
uint32_t hd_gfx9_vgpr(const hd_gfx9 *x, uint32_t wave, unsigned vgpr, unsigned lane);
void hd_gfx9_set_agpr(hd_gfx9 *x, uint32_t wave, unsigned agpr, unsigned lane, uint32_t v);
uint32_t hd_gfx9_agpr(const hd_gfx9 *x, uint32_t wave, unsigned agpr, unsigned lane);
void hd_gfx9_set_pc(hd_gfx9 *x, uint32_t wave, uint64_t pc);
uint64_t hd_gfx9_pc(const hd_gfx9 *x, uint32_t wave);
void hd_gfx9_set_exec(hd_gfx9 *x, uint32_t wave, uint64_t exec);
uint64_t hd_gfx9_exec(const hd_gfx9 *x, uint32_t wave);
void hd_gfx9_set_scc(hd_gfx9 *x, uint32_t wave, int scc);
int hd_gfx9_scc(const hd_gfx9 *x, uint32_t wave);
/* MODE as the dispatch gives it (codeobj.h: FP_ROUND 3:0, FP_DENORM 7:4,
 * DX10_CLAMP 8, IEEE 9). */
void hd_gfx9_set_mode(hd_gfx9 *x, uint32_t wave, uint32_t mode);

/* Loads one wavefront's dispatch state (codeobj.h) into a wave: SGPRs,
 * the work-item id VGPRs, EXEC, pc, MODE, and the packet and kernarg bytes
 * into global memory. */
int hd_gfx9_load_dispatch(hd_gfx9 *x, uint32_t wave, const hd_dispatch_state *s,
                          hd_status *st);
/* Every segment of a code object as code, and its bytes into global
 * memory at their addresses (constants the program loads live there). */
int hd_gfx9_load_codeobj(hd_gfx9 *x, const hd_codeobj *co, hd_status *st);

/* An executor with the waves of the first work-group of kernel `name`
 * (NULL: the first kernel) of co. dc gives the NDRange and the explicit
 * arguments (its group id, wave index and wave size are set here); NULL is
 * the default dispatch: one group of 64 work-items in one dimension
 * (docs/amdgpu-dispatch.md), explicit global buffer k at
 * HD_GFX9_BUFFER_BASE + k * HD_GFX9_BUFFER_STRIDE (hdcts choice), every
 * other explicit argument zero. c gives the bounds and wave size; the
 * machine is co's. co (and dc's argument bytes) must outlive the call. */
#define HD_GFX9_BUFFER_BASE 0x10000000ull
#define HD_GFX9_BUFFER_STRIDE 0x1000000ull
int hd_gfx9_new_kernel(const hd_codeobj *co, const char *name, const hd_dispatch_config *dc,
                       const hd_gfx9_config *c, hd_gfx9 **out, hd_status *st);

/* Copies the wave's registers (pc, exec, vcc, SGPRs, VGPRs, AGPRs) into
 * its model, in DWARF numbering, for the evaluator. */
int hd_gfx9_sync(hd_gfx9 *x, uint32_t wave, hd_status *st);

/* Where the observer is called: before each instruction of a wave. */
typedef struct hd_gfx9_where {
	uint32_t wave;
	uint64_t pc;
	uint64_t exec;
	const hd_isa_insn *insn;
} hd_gfx9_where;

typedef struct hd_gfx9_observer {
	void *ctx;
	/* 0: go on; 1: stop the run (outcome "stopped"); -1: an error, in st. */
	int (*step)(void *ctx, hd_gfx9 *x, const hd_gfx9_where *w, hd_status *st);
} hd_gfx9_observer;

/* Runs every wave round-robin, one instruction each in turn, until all end
 * (a wave at s_barrier waits for every wave not ended). 0 and *out filled
 * whatever the program did; -1 when the observer failed or the executor
 * ran out of memory. A later call goes on from where the waves are. */
int hd_gfx9_run(hd_gfx9 *x, const hd_gfx9_observer *obs, hd_gfx9_outcome *out,
                hd_status *st);

/* The semantics table (ops.def): its mnemonics, in table order. */
size_t hd_gfx9_nops(void);
const char *hd_gfx9_op_at(size_t i);

#endif
