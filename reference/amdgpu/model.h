/* The software AMDGPU model: one wavefront (wave32 or wave64) with its
 * registers in DWARF numbering and the memory of every address space it can
 * see. It implements the evaluator's target interface (dwarf/target.h).
 * Numbers follow docs/amdgpu-model.md; docs/amdgpu-model.md describes it. */
#ifndef HD_AMDGPU_MODEL_H
#define HD_AMDGPU_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "../dwarf/eval/target.h"
#include "../util/status.h"

/* DWARF register numbers (AMDGPUUsage "DWARF Register Identifier"). */
enum {
	HD_AMDGPU_PC_32 = 0,
	HD_AMDGPU_EXEC_32 = 1,
	HD_AMDGPU_PC_64 = 16,
	HD_AMDGPU_EXEC_64 = 17,
	HD_AMDGPU_SGPR0 = 32,      /* SGPR0..63 */
	HD_AMDGPU_STATUS = 128,
	HD_AMDGPU_VCC_32 = 512,
	HD_AMDGPU_VCC_64 = 768,
	HD_AMDGPU_SGPR64 = 1088,   /* SGPR64..105 */
	HD_AMDGPU_VGPR0_W32 = 1536,
	HD_AMDGPU_AGPR0_W32 = 2048,
	HD_AMDGPU_VGPR0_W64 = 2560,
	HD_AMDGPU_AGPR0_W64 = 3072
};

/* DWARF address spaces (AMDGPUUsage "Address Space Identifier"). */
enum {
	HD_ASPACE_GLOBAL = 0,        /* DW_ASPACE_none: the default address space */
	HD_ASPACE_GENERIC = 1,
	HD_ASPACE_REGION = 2,
	HD_ASPACE_LOCAL = 3,
	HD_ASPACE_PRIVATE_LANE = 5,
	HD_ASPACE_PRIVATE_WAVE = 6
};

/* Flat-address apertures of the generic address space: an address in
 * [base, base + 4 GiB) is local or private_lane memory at (address - base);
 * any other address is global. */
#define HD_AMDGPU_SHARED_APERTURE  0x0001000000000000ull
#define HD_AMDGPU_PRIVATE_APERTURE 0x0002000000000000ull
#define HD_AMDGPU_APERTURE_SIZE    0x0000000100000000ull

typedef struct hd_amdgpu hd_amdgpu;

/* wave_size is 32 or 64; NULL on a bad size or no memory. */
hd_amdgpu *hd_amdgpu_new(unsigned wave_size);
void hd_amdgpu_free(hd_amdgpu *m);
/* Another wavefront that sees other's global and region memory, and its
 * local memory too when share_local (a wave of the same work-group), but
 * has its own registers and private_wave (scratch) memory. The memories
 * live until the last model using them is freed. NULL on a bad size, no
 * other, or no memory. */
hd_amdgpu *hd_amdgpu_new_sharing(unsigned wave_size, hd_amdgpu *other, int share_local);

unsigned hd_amdgpu_wave_size(const hd_amdgpu *m);

/* Strict: reading a memory byte never written is an evaluation error
 * ("memory-unwritten"). Otherwise it reads as zero. Default: not strict. */
void hd_amdgpu_set_strict(hd_amdgpu *m, int strict);

/* Bound on the memory pages of all address spaces together; writing past it
 * fails with HD_NO_MEMORY "memory-limit". Default HD_AMDGPU_MEMORY_LIMIT. */
#define HD_AMDGPU_MEMORY_LIMIT (64u << 20)
void hd_amdgpu_set_memory_limit(hd_amdgpu *m, size_t bytes);

/* The evaluator's view of this wavefront; valid as long as m. */
const hd_target *hd_amdgpu_target(hd_amdgpu *m);

/* Sets the first n bytes of a register (little-endian, vector registers lane 0
 * first); the rest of it is left as it was. */
int hd_amdgpu_set_reg(hd_amdgpu *m, uint64_t reg, const uint8_t *bytes, size_t n,
                      hd_status *st);
/* Sets lane's dword of a vector register. */
int hd_amdgpu_set_lane(hd_amdgpu *m, uint64_t reg, unsigned lane, uint32_t v,
                       hd_status *st);
int hd_amdgpu_get_reg(hd_amdgpu *m, uint64_t reg, uint8_t *bytes, size_t n,
                      hd_status *st);

/* Memory of an address space as the evaluator sees it (private_lane through
 * the swizzle, generic through the apertures). */
int hd_amdgpu_write_mem(hd_amdgpu *m, uint64_t aspace, int has_lane, uint32_t lane,
                        uint64_t addr, const uint8_t *bytes, size_t n, hd_status *st);
int hd_amdgpu_read_mem(hd_amdgpu *m, uint64_t aspace, int has_lane, uint32_t lane,
                       uint64_t addr, uint8_t *bytes, size_t n, hd_status *st);

/* Register and address-space names of the text forms: "s33", "v7", "a0",
 * "exec", "pc", "vcc", "status"; "global", "generic", "region", "local",
 * "private_lane", "private_wave". 0 when found. */
int hd_amdgpu_reg_lookup(unsigned wave_size, const char *name, size_t len,
                         uint64_t *reg);
int hd_amdgpu_reg_name(unsigned wave_size, uint64_t reg, char *out, size_t outsz);
int hd_amdgpu_aspace_lookup(const char *name, size_t len, uint64_t *aspace);
/* 0 and *info filled for one of the model's DW_ASPACE values (its name, its
 * address bits: 64 for global and generic, 32 for region, local and
 * private); -1 otherwise. */
int hd_amdgpu_aspace_info(uint64_t aspace, hd_aspace_info *info);

/* private_lane -> private_wave (docs/amdgpu-model.md): the dword-interleaved
 * swizzle of scratch memory. */
uint64_t hd_amdgpu_swizzle(unsigned wave_size, uint32_t lane, uint64_t lane_addr);

#endif
