/* Private to reference/amdgpu: the wavefront's layout and the helpers the
 * three source files share. Nothing outside this directory includes it. */
#ifndef HD_AMDGPU_MODEL_IMPL_H
#define HD_AMDGPU_MODEL_IMPL_H

#include "model.h"

typedef struct hd_amdgpu_mem hd_amdgpu_mem;

struct hd_amdgpu {
	unsigned wave;       /* 32 or 64 */
	int strict;
	uint8_t *regs;       /* every register of this wave size, see regs.c */
	size_t regs_size;
	/* One storage per HD_AMDGPU_ST_* below; slots may share one
	 * hd_amdgpu_mem (a plain model: all four) or point into another
	 * model's (hd_amdgpu_new_sharing). Each slot holds a reference. */
	hd_amdgpu_mem *mem[4];
	hd_target target;    /* what hd_amdgpu_target hands out; self is this model */
};

/* Where a register lives in hd_amdgpu.regs. */
typedef struct hd_amdgpu_slot {
	size_t offset;   /* byte offset into regs */
	size_t bytes;    /* whole register */
	int vector;      /* one dword per lane */
} hd_amdgpu_slot;

/* 0 and *slot filled when reg exists in this wave size; -1 otherwise. */
int hd_amdgpu_reg_slot(unsigned wave, uint64_t reg, hd_amdgpu_slot *slot);
/* Bytes of storage all registers of a wave size need. */
size_t hd_amdgpu_regs_size(unsigned wave);

/* The storages behind the address spaces; pages.c keeps their bytes. */
enum {
	HD_AMDGPU_ST_GLOBAL,
	HD_AMDGPU_ST_REGION,
	HD_AMDGPU_ST_LOCAL,
	HD_AMDGPU_ST_PRIVATE_WAVE,
	HD_AMDGPU_ST_NONE   /* generic: resolved through the apertures */
};

hd_amdgpu_mem *hd_amdgpu_mem_new(void);
/* Another holder of mem: hd_amdgpu_mem_free frees it when the last one
 * lets go, so wavefronts sharing global or local memory free in any order. */
hd_amdgpu_mem *hd_amdgpu_mem_ref(hd_amdgpu_mem *mem);
void hd_amdgpu_mem_free(hd_amdgpu_mem *mem);
void hd_amdgpu_mem_set_limit(hd_amdgpu_mem *mem, size_t bytes);
/* Makes every page of [a, a + len) of a storage exist, so a write that
 * follows cannot fail halfway; a + len - 1 must not wrap. Fails with
 * "memory-limit" past the limit. */
int hd_amdgpu_store_reserve(hd_amdgpu_mem *mem, unsigned storage, uint64_t a,
                            size_t len, hd_status *st);
/* Writes bytes already reserved. */
void hd_amdgpu_store_write(hd_amdgpu_mem *mem, unsigned storage, uint64_t a,
                           const uint8_t *buf, size_t len);
/* Copies [a, a + len) into buf; returns how many bytes were read before the
 * first never-written one (len when none). Unwritten bytes read as zero
 * unless strict, which stops there. */
size_t hd_amdgpu_store_read(const hd_amdgpu_mem *mem, unsigned storage, uint64_t a,
                            uint8_t *buf, size_t len, int strict);

#endif
