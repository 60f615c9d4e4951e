/* What the CFI tests share: the AMDGPU wave64 register names for the text
 * forms, the expression encoding, the registers they use by number, and the
 * AMDGPU CIE and FDE of docs/amdgpu-facts.md ("AMDGPU conventions"). */
#ifndef HD_TEST_CFI_H
#define HD_TEST_CFI_H

#include "tap.h"

#include "amdgpu/model.h"
#include "dwarf/cfi/cfi.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

static inline int amd_lookup(void *self, const char *name, size_t len, uint64_t *reg)
{
	(void)self;
	return hd_amdgpu_reg_lookup(64, name, len, reg);
}

static inline int amd_name(void *self, uint64_t reg, char *out, size_t outsz)
{
	(void)self;
	return hd_amdgpu_reg_name(64, reg, out, outsz);
}

static const hd_regnames amd = { NULL, amd_lookup, amd_name };
static const hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };

/* wave64 DWARF numbers: s1, s32 .. s35, v40, pc */
enum { S1 = 33, S32 = 64, S33 = 65, S34 = 66, S35 = 67, V40 = 2600, PC = 16 };

static const char amd_cie_text[] =
	"DW_CFA_LLVM_def_aspace_cfa s32 0 6; "
	"DW_CFA_expression pc { DW_OP_regx s30; DW_OP_piece 4; DW_OP_regx s31; DW_OP_piece 4 }";


/* Rows at 0x1000 (the CIE's), 0x1004, 0x1010, 0x1020, 0x1040, 0x1050 and
 * 0x1080 with code alignment 4; test_cfi_rules.c lists the offsets. */
static const char amd_fde_text[] =
	"DW_CFA_advance_loc 1; DW_CFA_def_cfa_offset 64; DW_CFA_offset_extended s33 2;"
	" DW_CFA_undefined pc; DW_CFA_advance_loc1 3; DW_CFA_remember_state;"
	" DW_CFA_def_cfa_register s33; DW_CFA_offset_extended_sf s33 -3; DW_CFA_val_offset v40 5;"
	" DW_CFA_advance_loc2 4; DW_CFA_restore_state; DW_CFA_restore pc; DW_CFA_register s34 s35;"
	" DW_CFA_val_offset_sf v40 -2; DW_CFA_advance_loc4 8; DW_CFA_LLVM_def_aspace_cfa_sf s33 -4 5;"
	" DW_CFA_val_expression v40 { DW_OP_regx s30 }; DW_CFA_advance_loc 4; DW_CFA_def_cfa_sf s32 -8;"
	" DW_CFA_same_value s33; DW_CFA_set_loc 0x1080; DW_CFA_def_cfa s32 16; DW_CFA_offset s1 3;"
	" DW_CFA_def_cfa_expression { DW_OP_lit0; DW_OP_lit6; DW_OP_LLVM_form_aspace_address };"
	" DW_CFA_restore_extended s33; DW_CFA_nop";

/* Appends the bytes of text (8-byte addresses, AMDGPU names). */
static inline void assemble(hd_buf *b, const char *text)
{
	hd_status st;

	if (hd_cfa_assemble(text, strlen(text), 8, &enc, &amd, b, &st) != 0)
		printf("  # assemble \"%s\": %s: %s\n", text, st.code, st.msg);
}

/* For checks of many fields in one test point: prints what is wrong. */
#define FIELD(cond) do { if (!(cond)) { printf("  # wrong: %s\n", #cond); ok = 0; } } while (0)

#endif
