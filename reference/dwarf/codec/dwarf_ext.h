/* The heterogeneous-debugging extension's numbers outside the expression
 * and CFA opcodes (those are ops.def and cfa.def): attributes, line-table
 * content codes and address classes. DWARF Extensions for Heterogeneous Debugging section 7 ("Data
 * Representation") and docs/amdgpu-facts.md; standard DWARF 5 constants come
 * from libdwarf's <libdwarf/dwarf.h>. */
#ifndef HD_DWARF_EXT_H
#define HD_DWARF_EXT_H

#include <stdint.h>

#include "ops.h"

/* Attributes whose code depends on the encoding profile. */
typedef enum hd_xat {
	HD_XAT_active_lane,
	HD_XAT_augmentation,
	HD_XAT_lanes,
	HD_XAT_lane_pc,
	HD_XAT_vector_size,
	HD_XAT_memory_space,   /* llvm-user only: replaces DW_AT_address_class */
	HD_XAT_INTEL_simd_width,  /* intel-gt only */
	HD_XAT_COUNT
} hd_xat;

typedef struct hd_xat_info {
	const char *name;      /* "DW_AT_LLVM_lanes" */
	uint16_t code[HD_NPROFILES];  /* by hd_profile; 0 when the profile has none */
} hd_xat_info;

extern const hd_xat_info hd_xat_table[HD_XAT_COUNT];

/* The code of a in profile p, 0 when p has no such attribute. */
unsigned hd_xat_code(hd_xat a, hd_profile p);
/* The extension attribute with code in p: its name, or NULL. */
const char *hd_xat_name(unsigned code, hd_profile p);

/* Line-table content codes (DWARF Extensions for Heterogeneous Debugging section 6.2.4.1). */
#define HD_DW_LNCT_LLVM_source 0x2001
#define HD_DW_LNCT_LLVM_is_MD5 0x2002

/* Address classes on pointer types (DWARF Extensions for Heterogeneous Debugging "Memory Spaces", table of
 * DW_ADDR_LLVM_*); current LLVM's DW_MSPACE_LLVM_* use the same numbers. */
enum {
	HD_DW_ADDR_LLVM_none = 0,
	HD_DW_ADDR_LLVM_global = 1,
	HD_DW_ADDR_LLVM_constant = 2,
	HD_DW_ADDR_LLVM_group = 3,
	HD_DW_ADDR_LLVM_private = 4
};

/* The compile unit's augmentation string this implementation writes. */
#define HD_CU_AUGMENTATION "[amdgpu:v0.0]"

#endif
