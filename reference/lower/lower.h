/* The lowering: a validated SPIR-V module's debug info (either set) to one
 * DWARF 5 compilation unit with the AMDGPU extensions, placed on the
 * software AMDGPU model by the reference placement, and written as an
 * EM_AMDGPU code object. docs/lowering.md says, instruction by instruction,
 * what each DebugInfo instruction becomes and why; the placement rule is
 * there too.
 *
 * Life cycle: hd_spv_load → hd_di_build → hd_di_validate (no finding) →
 * hd_lower → hd_lower_write_elf → hd_lowered_free. */
#ifndef HD_LOWER_H
#define HD_LOWER_H

#include <stddef.h>
#include <stdint.h>

#include "dwarf/write/die.h"
#include "elf/elf_write.h"
#include "spirv/spirv.h"

typedef struct hd_lower_options {
	hd_profile profile;   /* encoding of extension ops and attributes */
	int dwarf64;
	unsigned wave_size;   /* 64, or 32 with --wave32 */
} hd_lower_options;

/* Where the reference placement put one variable's storage, so a test can
 * evaluate the lowered location on the model and compare. */
typedef enum hd_place_kind {
	HD_PLACE_MEMORY,      /* bytes at addr in address space aspace (for
	                         private_lane: the lane-relative address) */
	HD_PLACE_VGPR,        /* lane L's dword(s) of VGPRs reg, reg+1 ... */
	HD_PLACE_SGPR,        /* SGPRs reg, reg+1 ... */
	HD_PLACE_CONSTANT,    /* an implicit value: the constant's bytes */
	HD_PLACE_NONE         /* no storage (DebugInfoNone, or no location) */
} hd_place_kind;

typedef struct hd_place {
	int32_t node;         /* the DebugLocalVariable/DebugGlobalVariable node */
	int32_t function;     /* index into the module's functions; -1 for globals */
	hd_place_kind kind;
	uint64_t aspace;      /* MEMORY: DW_ASPACE_* of the AMDGPU model */
	uint64_t addr;        /* MEMORY */
	uint64_t reg;         /* VGPR, SGPR: the first register's DWARF number */
	uint32_t size;        /* bytes of storage */
	uint64_t value;       /* CONSTANT: up to 8 bytes, little-endian */
	uint64_t pc_begin, pc_end;  /* where the location holds: [begin, end) */
	uint32_t point;       /* the DebugDeclare/DebugValue node giving it, or
	                         UINT32_MAX for globals */
	uint32_t var_id;      /* globals: the OpVariable's id, so a DebugDeclare
	                         of it finds its address; 0 otherwise */
	uint32_t var_offset;  /* byte offset of this storage in the variable: a
	                         Fragment or an Indexes component; 0 for all of it */
	const hd_die *die;    /* the DIE whose DW_AT_location says it */
} hd_place;

/* The model state the placement assumes in every function: the frame
 * register's value (a private_wave byte offset, docs/amdgpu-model.md) and the
 * code layout. */
typedef struct hd_place_function {
	int32_t function;     /* index into the module's functions */
	const char *symbol;   /* the ELF symbol naming its code */
	uint64_t low_pc, high_pc;
	int is_kernel;        /* an OpEntryPoint with execution model Kernel */
	uint32_t frame_size;  /* bytes of private_lane memory per lane */
} hd_place_function;

/* Frame register and its value in the model (a private_wave offset). */
#define HD_LOWER_FRAME_SGPR 33u
#define HD_LOWER_FRAME_WAVE_OFFSET 0x1000u

typedef struct hd_lowered {
	hd_lower_options opt;
	hd_dw_unit unit;
	uint8_t *text;        /* .text: 4 bytes (s_nop 0) per code slot */
	size_t text_size;
	uint64_t text_addr;
	uint64_t bss_addr, bss_size;   /* program-scope variables */
	hd_elf_symbol *symbols;
	uint32_t nsymbols;
	hd_place_function *functions;
	uint32_t nfunctions;
	hd_place *places;
	uint32_t nplaces;
} hd_lowered;

/* Lowers m, which must have been built and validated without a finding (the
 * lowering assumes the rules hold and is only defensive about them: a broken
 * rule gives HD_BAD_INPUT "invalid-module", never a crash). Errors:
 * HD_BAD_INPUT for what the lowering cannot express (st->code says what),
 * HD_NO_MEMORY. */
int hd_lower(const hd_spv_module *m, const hd_lower_options *o, hd_lowered **out,
             hd_status *st);
/* Writes the unit's sections and the code object into out. */
int hd_lower_write_elf(hd_lowered *l, hd_buf *out, hd_status *st);
void hd_lowered_free(hd_lowered *l);

#endif
