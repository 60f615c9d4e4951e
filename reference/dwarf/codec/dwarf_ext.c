/* The profile-dependent attribute codes (docs/amdgpu-facts.md "Encodings of
 * the extension"): DWARF Extensions for Heterogeneous Debugging numbers them 0x3e08-0x3e0c; current LLVM reuses
 * those codes for other things and has lanes, lane_pc and vector_size at
 * 0x3e11-0x3e13, memory_space at 0x3e0f, and no active_lane or augmentation. */
#include <stddef.h>

#include "dwarf_ext.h"

const hd_xat_info hd_xat_table[HD_XAT_COUNT] = {
	[HD_XAT_active_lane] = { "DW_AT_LLVM_active_lane", { 0x3e08, 0 } },
	[HD_XAT_augmentation] = { "DW_AT_LLVM_augmentation", { 0x3e09, 0 } },
	[HD_XAT_lanes] = { "DW_AT_LLVM_lanes", { 0x3e0a, 0x3e11 } },
	[HD_XAT_lane_pc] = { "DW_AT_LLVM_lane_pc", { 0x3e0b, 0x3e12 } },
	[HD_XAT_vector_size] = { "DW_AT_LLVM_vector_size", { 0x3e0c, 0x3e13 } },
	[HD_XAT_memory_space] = { "DW_AT_LLVM_memory_space", { 0, 0x3e0f } },
	/* IGC's kernels' SIMD width (docs/intel-gt.md) */
	[HD_XAT_INTEL_simd_width] = { "DW_AT_INTEL_simd_width", { 0, 0, 0x2400 } },
};

unsigned hd_xat_code(hd_xat a, hd_profile p)
{
	return hd_xat_table[a].code[p];
}

const char *hd_xat_name(unsigned code, hd_profile p)
{
	for (int a = 0; a < HD_XAT_COUNT; a++)
		if (code != 0 && hd_xat_table[a].code[p] == code)
			return hd_xat_table[a].name;
	return NULL;
}
