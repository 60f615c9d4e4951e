/* The target interface: everything the evaluator needs to know about an
 * architecture and a thread's state, supplied by the caller. The evaluator
 * reaches registers and memory only through these functions, the way gimli's
 * evaluator asks its caller for them; reference/amdgpu implements it. */
#ifndef HD_TARGET_H
#define HD_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "../codec/expr.h"
#include "../../util/status.h"

typedef struct hd_aspace_info {
	const char *name;     /* canonical-output name, e.g. "global", "private_lane" */
	unsigned addr_bits;   /* bits of an address: the storage holds 2^addr_bits bytes */
	int per_lane;         /* the storage depends on the lane (DWARF Extensions for Heterogeneous Debugging: "specific to
	                         context elements"); locations capture the lane */
} hd_aspace_info;

typedef struct hd_target_ops {
	/* Size in bits of register reg; -1 if the architecture has no such register. */
	int (*register_bits)(void *self, uint64_t reg, uint64_t *bits);
	/* Copies the whole register (little-endian; a vector register lane 0
	 * first) into buf of register_bits/8 bytes. */
	int (*read_register)(void *self, uint64_t reg, uint8_t *buf, hd_status *st);
	int (*write_register)(void *self, uint64_t reg, const uint8_t *buf, hd_status *st);
	/* -1 if aspace is not one of the architecture's DW_ASPACE values. */
	int (*aspace)(void *self, uint64_t aspace, hd_aspace_info *info);
	/* n bytes at addr of aspace; lane is meaningful for per-lane address spaces
	 * (has_lane 0: the location was made without a lane). Errors are
	 * evaluation errors, e.g. "memory-unwritten" in strict mode. */
	int (*read_memory)(void *self, uint64_t aspace, int has_lane, uint32_t lane,
	                   uint64_t addr, size_t n, uint8_t *buf, hd_status *st);
	int (*write_memory)(void *self, uint64_t aspace, int has_lane, uint32_t lane,
	                    uint64_t addr, size_t n, const uint8_t *buf, hd_status *st);
	/* DW_OP_form_tls_address: maps a thread-local address to (aspace, addr).
	 * NULL when the architecture has no thread-local storage. */
	int (*tls_address)(void *self, uint64_t ta, uint64_t *aspace, uint64_t *addr,
	                   hd_status *st);
} hd_target_ops;

typedef struct hd_target {
	const hd_target_ops *ops;
	void *self;
	const char *name;        /* e.g. "amdgpu:wave64" */
	unsigned generic_bits;   /* size of the generic type (default address space) */
	unsigned lanes;          /* lanes per thread (wavefront size); 1 for SISD */
	uint64_t default_aspace; /* DW_ASPACE_none's storage: 0 on AMDGPU */
	hd_regnames names;       /* register names for text and canonical output */
	uint64_t exec_reg;       /* the execution mask register (DWARF Extensions for Heterogeneous Debugging
	                            DW_AT_LLVM_active_lane); used when lanes > 1 */
	int cfi_same_value;      /* the ABI's rule for a CFI column before any
	                            instruction: same value (1) or undefined (0) */
} hd_target;

#endif
