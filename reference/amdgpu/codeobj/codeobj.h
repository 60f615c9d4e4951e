/* AMDGPU code objects as a loader sees them (docs/amdgpu-dispatch.md): the
 * ELF64 EM_AMDGPU shared objects ld.lld links for amdgcn-amd-amdhsa, code
 * object versions 4, 5 and 6. The reader gives the loadable image, the
 * symbols, every kernel's 64-byte descriptor and its metadata (the
 * NT_AMDGPU_METADATA note); dispatch.c computes from them the initial state
 * of one wavefront of a kernel dispatch, as plain data an executor loads
 * into the model (model.h). Every error is a value: HD_BAD_INPUT
 * "codeobj-*", "elf-*" or "msgpack-*" with the offset of the fault, or
 * "dispatch-*" for a dispatch the kernel cannot take. */
#ifndef HD_CODEOBJ_H
#define HD_CODEOBJ_H

#include <stddef.h>
#include <stdint.h>

#include "../../util/buf.h"
#include "../../util/status.h"

/* e_flags (AMDGPUUsage "ELF Header"). */
#define HD_EF_AMDGPU_MACH 0x0ffu
#define HD_EF_AMDGPU_MACH_GFX900 0x02cu
#define HD_EF_AMDGPU_MACH_GFX906 0x02fu
#define HD_EF_AMDGPU_MACH_GFX90A 0x03fu
#define HD_EF_AMDGPU_FEATURE_XNACK_V4 0x300u
#define HD_EF_AMDGPU_FEATURE_SRAMECC_V4 0xc00u

/* The bounds of what the reader accepts: larger inputs are refused with
 * "codeobj-limit" rather than allocated. */
#define HD_CODEOBJ_MAX_IMAGE (256u << 20)  /* bytes of all PT_LOAD segments' memsz */
#define HD_CODEOBJ_MAX_META (4u << 20)     /* bytes of the metadata tree */

typedef struct hd_codeobj hd_codeobj;

/* A loadable segment: memsz bytes at vaddr, the file's bytes followed by
 * zeros, with R_AMDGPU_RELATIVE64 relocations applied (load base 0). */
typedef struct hd_co_segment {
	uint64_t vaddr, memsz;
	uint32_t flags;        /* PF_X 1, PF_W 2, PF_R 4 */
	const uint8_t *bytes;  /* memsz bytes */
} hd_co_segment;

enum { HD_CO_STT_OBJECT = 1, HD_CO_STT_FUNC = 2 };

typedef struct hd_co_symbol {
	const char *name;
	uint64_t value, size;
	uint8_t type, bind;    /* STT_*, STB_* */
	int dynamic;           /* from .dynsym (else .symtab) */
} hd_co_symbol;

/* Fields of the kernel descriptor, in kd_fields.def order. */
typedef enum hd_kd_field {
#define KD_FIELD(id, name, directive, word, shift, width) HD_KD_##id,
#include "kd_fields.def"
#undef KD_FIELD
	HD_KD_NFIELDS
} hd_kd_field;

typedef struct hd_kd {
	uint64_t address;      /* of the descriptor in the image */
	uint32_t group_segment_fixed_size;
	uint32_t private_segment_fixed_size;
	uint32_t kernarg_size;
	int64_t kernel_code_entry_byte_offset;
	uint32_t compute_pgm_rsrc3, compute_pgm_rsrc1, compute_pgm_rsrc2;
	uint16_t kernel_code_properties;
	uint16_t kernarg_preload;
} hd_kd;

/* One kernel argument of the metadata (".args"). */
typedef struct hd_co_arg {
	const char *name, *type_name;  /* NULL when absent */
	const char *value_kind;        /* e.g. "global_buffer", "hidden_block_count_x" */
	const char *address_space;     /* NULL when absent */
	uint64_t offset, size;
	int hidden;                    /* a value_kind beginning with "hidden_" */
} hd_co_arg;

typedef struct hd_co_kernel {
	const char *name, *symbol;
	uint64_t kernarg_segment_size, kernarg_segment_align;
	uint64_t group_segment_fixed_size, private_segment_fixed_size;
	uint64_t wavefront_size, sgpr_count, vgpr_count, agpr_count;
	uint64_t max_flat_workgroup_size;
	const hd_co_arg *args;
	size_t nargs;
	hd_kd kd;              /* the descriptor .symbol names */
} hd_co_kernel;

/* Reads a code object from file (len bytes; the reader copies what it
 * keeps, file may be freed after). */
int hd_codeobj_read(const uint8_t *file, size_t len, hd_codeobj **out, hd_status *st);
void hd_codeobj_free(hd_codeobj *co);

uint32_t hd_codeobj_e_flags(const hd_codeobj *co);
/* The code object version: EI_ABIVERSION 2, 3, 4 are versions 4, 5, 6. */
unsigned hd_codeobj_version(const hd_codeobj *co);
/* "gfx900", "gfx906", "gfx90a" from EF_AMDGPU_MACH. */
const char *hd_codeobj_processor(const hd_codeobj *co);
/* The same from an ELF header's e_flags, or NULL for another processor. */
const char *hd_codeobj_processor_of(uint32_t e_flags);
/* Whether the target packs the work-item ids into v0 (AMDGPUUsage
 * "Initial Kernel Execution State": GFX90A and later). */
int hd_codeobj_packed_tid(const hd_codeobj *co);
/* The metadata's amdhsa.target, or NULL. */
const char *hd_codeobj_target(const hd_codeobj *co);

size_t hd_codeobj_nsegments(const hd_codeobj *co);
const hd_co_segment *hd_codeobj_segment(const hd_codeobj *co, size_t i);
/* Copies n bytes at vaddr from the image; -1 "codeobj-address" when any byte
 * lies outside every segment. */
int hd_codeobj_read_image(const hd_codeobj *co, uint64_t vaddr, uint8_t *out, size_t n,
                          hd_status *st);

size_t hd_codeobj_nsymbols(const hd_codeobj *co);
const hd_co_symbol *hd_codeobj_symbol(const hd_codeobj *co, size_t i);
const hd_co_symbol *hd_codeobj_find_symbol(const hd_codeobj *co, const char *name);

size_t hd_codeobj_nkernels(const hd_codeobj *co);
const hd_co_kernel *hd_codeobj_kernel(const hd_codeobj *co, size_t i);
const hd_co_kernel *hd_codeobj_find_kernel(const hd_codeobj *co, const char *name);

/* The kernel descriptor: decoding the 64 bytes, a field's value, its names. */
int hd_kd_decode(const uint8_t bytes[64], uint64_t address, hd_kd *kd, hd_status *st);
uint32_t hd_kd_get(const hd_kd *kd, hd_kd_field f);
const char *hd_kd_field_name(hd_kd_field f);
const char *hd_kd_field_directive(hd_kd_field f);  /* NULL: none */
/* The entry point: descriptor address + kernel_code_entry_byte_offset. */
uint64_t hd_kd_entry(const hd_kd *kd);

/* The launch of one wavefront (docs/amdgpu-dispatch.md). Addresses are the
 * caller's choice in the model's address spaces: kernarg, packet and queue
 * in global, scratch in private_wave. */
typedef struct hd_dispatch_value {
	const uint8_t *bytes;
	size_t size;
} hd_dispatch_value;

typedef struct hd_dispatch_config {
	unsigned dims;                  /* 1..3 */
	uint32_t global_size[3];        /* work-items; unused dims 1 */
	uint16_t group_size[3];         /* work-items; unused dims 1 */
	uint64_t global_offset[3];
	uint32_t group_id[3];
	uint32_t wave_index;            /* in the work-group, from 0 */
	unsigned wave_size;             /* 64, or 32 where the kernel allows */
	uint64_t kernarg_address, packet_address, queue_address;
	uint32_t scratch_base;          /* private_wave: the queue's scratch backing */
	uint32_t scratch_size;          /* its bytes: the V#'s NUM_RECORDS */
	uint32_t scratch_wave_offset;   /* this wave's offset in it */
	uint32_t dynamic_lds_size;
	uint64_t dispatch_id;
	const hd_dispatch_value *args;  /* the explicit arguments, in .args order */
	size_t nargs;
} hd_dispatch_config;

/* Defaults: one dimension, one work-group of 64, wave size 64, the
 * addresses documented in docs/amdgpu-dispatch.md. */
void hd_dispatch_config_default(hd_dispatch_config *c);

#define HD_DISPATCH_MAX_SGPRS 32

typedef struct hd_dispatch_sgpr {
	uint64_t reg;          /* DWARF number (model.h) */
	uint32_t value;
	const char *what;      /* e.g. "private segment buffer[0]", "work-group id x" */
} hd_dispatch_sgpr;

typedef struct hd_dispatch_state {
	unsigned wave_size;
	uint64_t pc;
	uint64_t exec;
	hd_dispatch_sgpr sgprs[HD_DISPATCH_MAX_SGPRS];
	size_t nsgprs;
	unsigned nuser_sgprs;
	unsigned nvgprs;       /* VGPRs with work-item ids: v0..v(nvgprs-1) */
	uint32_t vgpr[3][64];  /* [v][lane] */
	uint32_t mode;         /* MODE: FP_ROUND [3:0], FP_DENORM [7:4], DX10_CLAMP [8], IEEE [9] */
	uint8_t packet[64];    /* hsa_kernel_dispatch_packet_t at packet_address */
	uint64_t packet_address;
	uint8_t *kernarg;      /* kernarg_size bytes at kernarg_address (malloc'd) */
	size_t kernarg_size;
	uint64_t kernarg_address;
	uint32_t group_items[3];  /* this work-group's size (smaller at the grid's edge) */
} hd_dispatch_state;

int hd_dispatch(const hd_codeobj *co, const hd_co_kernel *k, const hd_dispatch_config *c,
                hd_dispatch_state *out, hd_status *st);
void hd_dispatch_state_free(hd_dispatch_state *s);

/* The text forms of hdref codeobj-dump (print.c). */
void hd_codeobj_print(const hd_codeobj *co, hd_buf *out);
void hd_dispatch_print(const hd_dispatch_state *s, hd_buf *out);

#endif
