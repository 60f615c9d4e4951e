/* gen_expr_errors, gen_cfi_errors: a case for every reason code of
 * reference/dwarf/eval/reasons.def that the case format can reach, each tagged
 * `rule eval/<code>` (a negative case). The cases are data: one row per
 * case, a code and a small body of case directives; the generator adds the
 * header and the tag. Every SPEC code must have a row or be listed in
 * reference/coverage/unreachable.c with the reason, so a code added to
 * reasons.def without a case stops the generator instead of going
 * uncovered.
 *
 * Bodies may repeat text with @N(TEXT): TEXT, which holds no ')', written N
 * times. It keeps the cases that need many frames or instructions short. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf/eval/reasons.h"
#include "gen.h"
#include "coverage/unreachable.h"

/* One error case: the reason code it must end in, an optional name suffix,
 * what it does (the comment line) and its directives. */
typedef struct gen_err_case {
	const char *code, *variant, *why, *body;
} gen_err_case;

/* The AMDGPU conventions (docs/amdgpu-facts.md): CFA = s32 in private_wave,
 * the return address in s30:s31; frame 0 at 0x1010 returns to 0x2008. */
#define CFI_AMD                                                                   \
	"cie amd\n"                                                               \
	"cie amd: LLVM_def_aspace_cfa s32 0 6; "                                  \
	"expression pc { regx s30; piece 4; regx s31; piece 4 }\n"                \
	"fde g amd 0x1000 0x100\n"                                                \
	"reg s32 = 0x1000\n"                                                      \
	"reg s30 = 0x2008\n"
#define CFI_TWO_FRAMES "stack 0x1010 0x2008\n" CFI_AMD
#define CFI_ONE_FRAME "stack 0x1010\n" CFI_AMD
/* A CIE with no initial instructions, for the CFA definition rules. */
#define CFI_BARE "stack 0x1010\ncie c\nfde f c 0x1000 0x100\n"
/* The CIE of debug-frame-bytes.case: version 4, augmentation "", address
 * size 8, no segment selector, code_align 4, data_align 4, ra 16,
 * DW_CFA_LLVM_def_aspace_cfa s32 0 6, five DW_CFA_nop. */
#define CIE_BYTES(len, ver, asz, ssz, nops) \
	"debug-frame bytes: " len " ffffffff " ver " 00 " asz " " ssz " 04 04 10 30400006 " nops "\n"
#define CIE_OK CIE_BYTES("14000000", "04", "08", "00", "0000000000")
/* An FDE at 0x18 for [0x1000, 0x1100) with DW_CFA_offset_extended s40 2. */
#define FDE_BYTES(cieptr) \
	"debug-frame bytes: 1c000000 " cieptr " 0010000000000000 0001000000000000 054802 0000000000\n"
/* Base types for the typed operations. */
#define TYPES \
	"type 0x30 int32 signed 32\n" \
	"type 0x38 float32 float 32\n" \
	"type 0x3c v4i32 signed 32 vector 4\n" \
	"type 0x44 int8 signed 8\n" \
	"type 0x50 int128 signed 128\n"
#define F32_ONE "const_type 0x38 [00 00 80 3f]"
#define I32_ONE "const_type 0x30 [01 00 00 00]"

static const gen_err_case expr_cases[] = {
	/* decoding */
	{ "truncated", "operand", "DW_OP_const4u with two of its four bytes",
	  "bytes: 0c 01 02\n" },
	{ "truncated", "block", "DW_OP_implicit_value of 8 bytes with 3",
	  "bytes: 9e 08 01 02 03\n" },
	{ "leb128-overflow", NULL, "DW_OP_constu with a ULEB128 of 71 bits",
	  "bytes: 10 ff ff ff ff ff ff ff ff ff 7f\n" },
	{ "unknown-opcode", NULL, "0x01 is no operation",
	  "bytes: 01\n" },
	{ "unknown-opcode", "llvm-user", "DW_OP_LLVM_user sub-opcode 0x7f is none",
	  "encoding llvm-user\nbytes: e9 7f\n" },
	/* the stack and the result */
	{ "stack-underflow", NULL, "DW_OP_plus with one entry",
	  "expr: lit1; plus\n" },
	{ "stack-underflow", "rot", "DW_OP_rot with two entries",
	  "expr: lit1; lit2; rot\n" },
	{ "bad-branch-target", NULL, "DW_OP_bra into DW_OP_const2u's operand",
	  "expr: lit1; bra 2; const2u 0x1234\n" },
	{ "bad-branch-target", "before-start", "DW_OP_skip before the first operation",
	  "expr: skip -10; lit1\n" },
	{ "no-such-die", NULL, "DW_OP_call2 to a DIE the unit does not list",
	  "die 0x80 location: lit1\nexpr: call2 0x99\n" },
	{ "result-not-location", NULL, "a typed value cannot become a location",
	  TYPES "context result=location\nexpr: " I32_ONE "\n" },
	{ "result-not-value", NULL, "a register location cannot become a value",
	  "context result=value\nexpr: regx s33\n" },
	{ "empty-stack", NULL, "a value result from an empty stack",
	  "context result=value\nexpr: nop\n" },
	/* values and types */
	{ "not-a-value", NULL, "a register location where a value is needed",
	  "expr: regx s33; lit1; plus\n" },
	{ "not-a-location", NULL, "a typed value where a location is needed",
	  TYPES "expr: " I32_ONE "; deref_size 4\n" },
	{ "not-integral", NULL, "a float as an address",
	  TYPES "expr: " F32_ONE "; lit6; LLVM_form_aspace_address\n" },
	{ "not-integral", "bra", "a float as DW_OP_bra's condition",
	  TYPES "expr: lit0; " F32_ONE "; bra 0\n" },
	{ "bad-operand-type", NULL, "DW_OP_and of two floats",
	  TYPES "expr: " F32_ONE "; " F32_ONE "; and\n" },
	{ "type-mismatch", NULL, "DW_OP_plus of int32 and generic",
	  TYPES "expr: " I32_ONE "; lit1; plus\n" },
	{ "size-mismatch", NULL, "DW_OP_reinterpret of int32 to the 64-bit generic type",
	  TYPES "expr: " I32_ONE "; reinterpret 0\n" },
	{ "bad-conversion", NULL, "DW_OP_convert to a vector type",
	  TYPES "expr: lit1; convert 0x3c\n" },
	{ "not-a-base-type", NULL, "DW_OP_convert to a DIE that is no base type",
	  TYPES "die 0x80\nexpr: lit1; convert 0x80\n" },
	{ "type-size-mismatch", NULL, "DW_OP_const_type of int32 with 2 bytes",
	  TYPES "expr: const_type 0x30 [2a 00]\n" },
	{ "type-size-mismatch", "deref-type", "DW_OP_deref_type of 8 bytes as int32",
	  TYPES "mem global 0x2000 = 01 00 00 00 00 00 00 00\nexpr: addr 0x2000; deref_type 8 0x30\n" },
	{ "entry-value-not-value", NULL, "DW_OP_entry_value of a memory location",
	  "expr: entry_value { addr 0x2000 }\n" },
	{ "division-by-zero", NULL, "DW_OP_div by 0",
	  "expr: lit1; lit0; div\n" },
	{ "division-by-zero", "mod", "DW_OP_mod by 0",
	  "expr: lit7; lit0; mod\n" },
	{ "conversion-out-of-range", NULL, "float +inf converted to int8",
	  TYPES "expr: const_type 0x38 [00 00 80 7f]; convert 0x44\n" },
	{ "unsupported-type-size", NULL, "DW_OP_plus on 128-bit integers",
	  TYPES "expr: const_type 0x50 [01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00]; dup; plus\n" },
	{ "unsupported-op", NULL, "DW_OP_GNU_parameter_ref is decoded but not evaluated",
	  "expr: GNU_parameter_ref 0x80\n" },
	/* locations */
	{ "unknown-register", NULL, "DWARF register 1536 does not exist in wave64",
	  "expr: regx 1536\n" },
	{ "unknown-register", "wave32", "v0 of wave64 numbering (2560) in wave32",
	  "arch amdgpu:wave32\nexpr: regx 2560\n" },
	{ "unknown-aspace", NULL, "address space 4 is not an AMDGPU DW_ASPACE value",
	  "expr: lit0; lit4; LLVM_form_aspace_address\n" },
	{ "unknown-aspace", "bregx", "DW_OP_LLVM_aspace_bregx in address space 7",
	  "reg s32 = 0x100\nexpr: lit7; LLVM_aspace_bregx s32 0\n" },
	{ "addr-index", NULL, "DW_OP_addrx past the end of .debug_addr",
	  "addr 0 = 0x1000\nexpr: addrx 3\n" },
	{ "register-too-small", NULL, "DW_OP_bregx on a 32-bit SGPR reads 64 bits",
	  "reg s33 = 0x1000\nexpr: bregx s33 0\n" },
	{ "offset-out-of-range", NULL, "DW_OP_LLVM_offset to the end of s33",
	  "expr: regx s33; lit4; LLVM_offset\n" },
	{ "offset-out-of-range", "negative", "DW_OP_LLVM_offset below 0",
	  "expr: regx s33; consts -1; LLVM_offset\n" },
	{ "out-of-bounds", NULL, "DW_OP_deref of 64 bits from the 32-bit s33",
	  "expr: regx s33; deref\n" },
	{ "address-out-of-range", NULL, "private_lane 0xfffffffc of lane 1 swizzles past 2^32",
	  "context lane=1\nexpr: const4u 0xfffffffc; lit5; LLVM_form_aspace_address; deref_size 4\n" },
	{ "lane-out-of-range", NULL, "private_lane memory of lane 99 in wave64",
	  "context lane=99\nexpr: lit0; lit5; LLVM_form_aspace_address; deref_size 4\n" },
	{ "lane-out-of-range", "wave32", "private_lane memory of lane 32 in wave32",
	  "arch amdgpu:wave32\ncontext lane=32\n"
	  "expr: lit0; lit5; LLVM_form_aspace_address; deref_size 4\n" },
	{ "undefined-read", NULL, "DW_OP_deref of an undefined location",
	  "expr: LLVM_undefined; deref\n" },
	{ "undefined-read", "composite", "DW_OP_deref through a composite's undefined part",
	  "expr: regx s33; piece 4; piece 4; LLVM_piece_end; deref\n" },
	{ "undefined-write", NULL, "a write through an undefined location",
	  "expr: LLVM_undefined\nwrite 32 = 01 02 03 04\n" },
	{ "implicit-write", NULL, "a write through implicit storage",
	  "expr: implicit_value [01 02 03 04]\nwrite 8 = ff\n" },
	{ "implicit-pointer-partial", NULL, "DW_OP_deref_size 4 of an 8-byte implicit pointer",
	  "die 0x80 location: addr 0x2000\nexpr: implicit_pointer 0x80 0; deref_size 4\n" },
	{ "implicit-pointer-use", NULL, "arithmetic on an implicit pointer value",
	  "die 0x80 location: addr 0x2000\nexpr: implicit_pointer 0x80 0; deref; lit1; plus\n" },
	{ "implicit-pointer-target", NULL, "dereferencing an implicit pointer to a DIE with no location",
	  "die 0x80\ncontext result=location\nexpr: implicit_pointer 0x80 0; deref\n" },
	{ "implicit-pointer-read", NULL, "reading the bits of an implicit pointer location",
	  "die 0x80 location: addr 0x2000\nread 64\nexpr: implicit_pointer 0x80 0\n" },
	{ "no-thread-local-storage", NULL, "AMDGPU has no thread-local storage",
	  "expr: lit0; form_tls_address\n" },
	{ "memory-unwritten", NULL, "strict memory read of an address never written",
	  "strict\nexpr: addr 0x5000; deref\n" },
	/* composites */
	{ "incomplete-composite", NULL, "DW_OP_dup of an incomplete composite",
	  "expr: regx s33; piece 4; dup\n" },
	{ "not-incomplete-composite", NULL, "DW_OP_LLVM_piece_end with no composite",
	  "expr: regx s33; LLVM_piece_end\n" },
	{ "part-out-of-range", NULL, "an 8-byte piece of the 4-byte s33",
	  "expr: regx s33; piece 8\n" },
	{ "composite-too-large", NULL, "a piece of 2^61 bytes",
	  "expr: regx s33; piece 0x2000000000000000\n" },
	{ "zero-size", NULL, "DW_OP_LLVM_extend of 0-bit parts",
	  "expr: regx s33; LLVM_extend 0 2\n" },
	{ "mask-too-small", NULL, "an 8-bit mask for 16 parts",
	  TYPES "expr: regx v0; regx v1; const_type 0x44 [05]; LLVM_select_bit_piece 32 16\n" },
	/* context elements */
	{ "missing-context-architecture", NULL, "a register without an architecture",
	  "arch none\nexpr: regx 65\n" },
	{ "missing-context-thread", NULL, "a register without a thread",
	  "context thread=none\nexpr: regx s33\n" },
	{ "missing-context-lane", NULL, "DW_OP_LLVM_push_lane without a lane",
	  "expr: LLVM_push_lane\n" },
	{ "missing-context-frame", NULL, "a register without a call frame",
	  "context frame=none\nexpr: regx s33\n" },
	{ "missing-context-cu", NULL, "DW_OP_constx without a compilation unit",
	  "context cu=none\naddr 0 = 0x1000\nexpr: constx 0\n" },
	{ "missing-context-object", NULL, "DW_OP_push_object_address without an object",
	  "expr: push_object_address\n" },
	{ "missing-context-pc", NULL, "a location list without a program location",
	  "loclist 0x1000 0x100: regx s33\n" },
	{ "missing-context-pc", "call", "DW_OP_call2 of a DIE with a location list, without a pc",
	  "die 0x80 loclist default: regx s33\nexpr: call2 0x80\n" },
	{ "no-call-frame-information", NULL, "DW_OP_call_frame_cfa with no stack and no answer",
	  "expr: call_frame_cfa\n" },
	/* hdref's bounds */
	{ "step-limit", NULL, "DW_OP_skip to itself forever",
	  "expr: skip -3\n" },
	{ "stack-limit", NULL, "a loop that pushes forever",
	  "expr: lit0; skip -4\n" },
	{ "call-depth", NULL, "a DIE whose location calls itself",
	  "die 0x80 location: call2 0x80\nexpr: call2 0x80\n" },
	/* a loop wraps s33 in 1001 one-part composites, then reads through
	 * them: counter below the location; swap, decrement, loop while not 0 */
	{ "nesting-limit", NULL, "a location nested in 1001 composites",
	  "expr: const2u 1001; regx s33; LLVM_extend 32 1; swap; lit1; minus; dup; "
	  "bra 4; drop; skip 4; swap; skip -18; deref_size 4\n" },
	{ "resource-limit", NULL, "DW_OP_LLVM_extend to 2^20 + 1 parts",
	  "expr: regx s33; LLVM_extend 1 1048577\n" },
	/* DW_OP_implicit_value of 30000 bytes, DW_OP_drop, DW_OP_skip back to
	 * the start (-30008): each round keeps another 30000-byte storage */
	{ "memory-limit", NULL, "a loop making 30000-byte implicit storages past 256 MiB",
	  "bytes: 9e b0ea01\nbytes: @30000(00)\nbytes: 13 2f c88a\n" },
};

static const gen_err_case cfi_cases[] = {
	/* the .debug_frame reader: the case cannot be set up */
	{ "truncated", NULL, "a CIE whose length runs past the section",
	  "stack 0x1010\n" CIE_BYTES("30000000", "04", "08", "00", "0000000000") "evaluate cfa\n" },
	{ "truncated", "instruction", "DW_CFA_def_cfa missing its offset at the end of a CIE",
	  "stack 0x1010\ndebug-frame bytes: 0c000000 ffffffff 04 00 04 00 04 04 10 0c 40\n"
	  "evaluate cfa\n" },
	{ "leb128-overflow", NULL, "DW_CFA_def_cfa_offset with a ULEB128 of 71 bits",
	  "stack 0x1010\ncie c\ncie c bytes: 0e ff ff ff ff ff ff ff ff ff 7f\nfde f c 0x1000 0x100\n"
	  "evaluate cfa\n" },
	{ "unknown-cfa", NULL, "DW_CFA_GNU_args_size (0x2e) has no row",
	  "stack 0x1010\ncie c\nfde f c 0x1000 0x100\nfde f bytes: 2e 08\nevaluate cfa\n" },
	{ "reserved-length", NULL, "a CIE length of 0xfffffff0",
	  "stack 0x1010\n" CIE_BYTES("f0ffffff", "04", "08", "00", "0000000000") "evaluate cfa\n" },
	{ "cie-version", NULL, "CIE version 3",
	  "stack 0x1010\n" CIE_BYTES("14000000", "03", "08", "00", "0000000000") "evaluate cfa\n" },
	{ "address-size", NULL, "CIE address size 3",
	  "stack 0x1010\n" CIE_BYTES("14000000", "04", "03", "00", "0000000000") "evaluate cfa\n" },
	{ "segment-selector-size", NULL, "CIE segment selector size 9",
	  "stack 0x1010\n" CIE_BYTES("14000000", "04", "08", "09", "0000000000") "evaluate cfa\n" },
	{ "entry-size", NULL, "a CIE of 23 bytes with 8-byte addresses",
	  "stack 0x1010\n" CIE_BYTES("13000000", "04", "08", "00", "00000000") "evaluate cfa\n" },
	{ "bad-cie-pointer", NULL, "an FDE whose CIE_pointer (4) is no CIE",
	  "stack 0x1010\n" CIE_OK FDE_BYTES("04000000") "reg s32 = 0x1000\nevaluate cfa\n" },
	/* the rules at a location */
	{ "cfa-rule-missing", NULL, "DW_CFA_def_cfa_offset with no CFA rule",
	  CFI_BARE "fde f: def_cfa_offset 8\nevaluate cfa\n" },
	{ "cfa-rule-missing", "register", "DW_CFA_def_cfa_register with no CFA rule",
	  CFI_BARE "fde f: def_cfa_register s32\nevaluate cfa\n" },
	{ "cfa-rule-is-expression", NULL, "DW_CFA_def_cfa_offset_sf after DW_CFA_def_cfa_expression",
	  CFI_BARE "fde f: def_cfa_expression { lit0; lit6; LLVM_form_aspace_address }; "
	  "def_cfa_offset_sf 2\nevaluate cfa\n" },
	{ "restore-state-empty", NULL, "DW_CFA_restore_state with nothing remembered",
	  CFI_ONE_FRAME "fde g: restore_state\nevaluate cfa\n" },
	{ "remember-state-depth", NULL, "65 nested DW_CFA_remember_state",
	  CFI_ONE_FRAME "fde g: @65(remember_state; )nop\nevaluate cfa\n" },
	{ "set-loc-backwards", NULL, "DW_CFA_set_loc below the current row",
	  CFI_ONE_FRAME "fde g: set_loc 0x1008; set_loc 0x1004\nevaluate cfa\n" },
	{ "row-in-cie", NULL, "DW_CFA_advance_loc1 in a CIE",
	  "stack 0x1010\ncie c\ncie c: LLVM_def_aspace_cfa s32 0 6; advance_loc1 1\n"
	  "fde f c 0x1000 0x100\nevaluate cfa\n" },
	{ "restore-in-cie", NULL, "DW_CFA_restore_extended in a CIE",
	  "stack 0x1010\ncie c\ncie c: LLVM_def_aspace_cfa s32 0 6; restore_extended s40\n"
	  "fde f c 0x1000 0x100\nevaluate cfa\n" },
	{ "offset-overflow", NULL, "DW_CFA_offset_extended of (2^63 - 1) x 4 bytes",
	  CFI_ONE_FRAME "fde g: offset_extended s40 0x7fffffffffffffff\nevaluate cfa\n" },
	{ "cfi-unknown-augmentation", NULL, "an FDE of a CIE with augmentation [xyz:v1.0]",
	  "stack 0x1010\ncie x augmentation=[xyz:v1.0]\ncie x: LLVM_def_aspace_cfa s32 0 6\n"
	  "fde f x 0x1000 0x100\nevaluate cfa\n" },
	/* unwinding */
	{ "cfi-cycle", NULL, "two registers whose rules read each other on entry",
	  CFI_TWO_FRAMES "fde g: expression s40 { LLVM_call_frame_entry_reg s41 }; "
	  "expression s41 { LLVM_call_frame_entry_reg s40 }\nevaluate reg s40 frame 1\n" },
	{ "cfi-forbidden-op", NULL, "DW_OP_call_frame_cfa in the CFA's own expression",
	  CFI_BARE "fde f: def_cfa_expression { call_frame_cfa }\nevaluate cfa\n" },
	{ "cfi-forbidden-op", "unreached", "DW_OP_push_object_address skipped over is still barred",
	  CFI_BARE "fde f: def_cfa_expression { lit0; lit6; LLVM_form_aspace_address; skip 1; "
	  "push_object_address }\nevaluate cfa\n" },
	{ "cfa-not-memory", NULL, "a CFA expression giving a register location",
	  CFI_BARE "fde f: def_cfa_expression { regx s33 }\nevaluate cfa\n" },
	{ "val-offset-size", NULL, "val_offset for 64-bit vcc with a 32-bit private_wave CFA",
	  CFI_TWO_FRAMES "fde g: val_offset vcc 0\nevaluate reg vcc frame 1\n" },
	{ "val-expression-size", NULL, "val_expression of a generic value for 32-bit s40",
	  CFI_TWO_FRAMES "fde g: val_expression s40 { lit1 }\nevaluate reg s40 frame 1\n" },
	{ "register-rule-size", NULL, "64-bit vcc saved in 32-bit s40",
	  CFI_TWO_FRAMES "fde g: register vcc s40\nevaluate reg vcc frame 1\n" },
	{ "unknown-aspace", "cfa", "DW_CFA_LLVM_def_aspace_cfa in address space 4",
	  CFI_BARE "cie c: LLVM_def_aspace_cfa s32 0 4\nreg s32 = 0x1000\nevaluate cfa\n" },
	{ "register-too-small", "cfa", "DW_CFA_def_cfa on the 32-bit s32",
	  CFI_BARE "cie c: def_cfa s32 0\nreg s32 = 0x1000\nevaluate cfa\n" },
	{ "no-call-frame-information", "no-fde", "a pc no FDE covers",
	  "stack 0x5000\ncie c\nfde f c 0x1000 0x100\nevaluate cfa\n" },
	{ "frame-not-active", NULL, "frame 2 of a two-frame stack",
	  CFI_TWO_FRAMES "evaluate pc frame 2\n" },
	{ "outermost-frame", NULL, "a caller of a kernel whose return address is undefined",
	  "stack 0x1010 0x2000\ncie amd\nfde k amd 0x1000 0x100\n"
	  "fde k: def_cfa_expression { lit0; lit6; LLVM_form_aspace_address }; undefined pc\n"
	  "evaluate cfa\n" },
	{ "call-stack-mismatch", NULL, "the stack says 0x2010, the return address is 0x2008",
	  "stack 0x1010 0x2010\n" CFI_AMD "evaluate cfa\n" },
	/* subprogram attributes */
	{ "no-subprogram", NULL, "DW_AT_frame_base where no subprogram covers the pc",
	  "stack 0x1010\nevaluate frame_base\n" },
	{ "frame-base-fbreg", NULL, "a frame base that uses DW_OP_fbreg",
	  CFI_ONE_FRAME "subprogram g 0x1000 0x100\nsubprogram g frame_base: fbreg 0\nexpr: fbreg 4\n" },
	{ "frame-base-not-memory", NULL, "an implicit frame base",
	  CFI_ONE_FRAME "subprogram g 0x1000 0x100\nsubprogram g frame_base: lit1; stack_value\n"
	  "evaluate frame_base\n" },
	{ "frame-base-not-single", NULL, "a frame base that calls a location list with two "
	  "matching entries",
	  CFI_ONE_FRAME "die 0x80 loclist 0x1000 0x100: regx s32\n"
	  "die 0x80 loclist 0x1000 0x100: regx s33\n"
	  "subprogram g 0x1000 0x100\nsubprogram g frame_base: call2 0x80\n"
	  "evaluate frame_base\n" },
	{ "no-frame-base", NULL, "DW_OP_fbreg in a subprogram without DW_AT_frame_base",
	  CFI_ONE_FRAME "subprogram g 0x1000 0x100\nexpr: fbreg 4\n" },
	{ "lanes-zero", NULL, "DW_AT_LLVM_lanes 0",
	  "arch amdgpu:wave32\nstack 0x1010\nsubprogram k 0x1000 0x100 lanes=0\nevaluate lane_pc\n" },
	{ "lanes-too-many", NULL, "DW_AT_LLVM_lanes 4097",
	  "stack 0x1010\nsubprogram k 0x1000 0x100 lanes=4097\nevaluate lane_pc\n" },
	{ "active-lane-not-integral", NULL, "DW_AT_LLVM_active_lane giving a float",
	  TYPES "arch amdgpu:wave32\nstack 0x1010\nsubprogram k 0x1000 0x100 lanes=32\n"
	  "subprogram k active_lane: " F32_ONE "\nevaluate active_lane\n" },
};

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

static int has_row(const gen_err_case *rows, size_t n, const char *code)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(rows[i].code, code) == 0)
			return 1;
	return 0;
}

static int is_unreachable(const char *code)
{
	return hd_cov_unreachable_find(hd_cov_unreachable_codes, hd_cov_nunreachable_codes, code,
	                            strlen(code)) != NULL;
}

/* Every row names a code of reasons.def, and every SPEC code has a case
 * or a reason why none can exist. */
static int check_tables(gen_out *g)
{
	for (size_t i = 0; i < hd_reason_count; i++) {
		const hd_reason_info *r = &hd_reason_table[i];
		int rows = has_row(expr_cases, NELEMS(expr_cases), r->code) ||
		           has_row(cfi_cases, NELEMS(cfi_cases), r->code);
		if (r->origin == HD_REASON_SPEC && !is_unreachable(r->code) && !rows)
			return hd_fail(g->st, HD_INTERNAL, "gen-uncovered", 0,
			               "reason code %s has no error case", r->code);
		if (is_unreachable(r->code) && rows)
			return hd_fail(g->st, HD_INTERNAL, "gen-uncovered", 0,
			               "reason code %s has a case but is listed as unreachable",
			               r->code);
	}
	for (size_t i = 0; i < hd_cov_nunreachable_codes; i++)
		if (hd_reason_lookup(hd_cov_unreachable_codes[i].name) == NULL)
			return hd_fail(g->st, HD_INTERNAL, "gen-unknown-code", 0,
			               "%s is not in reasons.def", hd_cov_unreachable_codes[i].name);
	return 0;
}

/* Appends body with every @N(TEXT) written out. */
static int expand(gen_out *g, hd_buf *b, const char *body)
{
	const char *p = body;

	while (*p) {
		const char *at = strchr(p, '@');
		char *end;
		unsigned long n;
		const char *text, *close;

		if (at == NULL) {
			hd_buf_put(b, p, strlen(p));
			break;
		}
		hd_buf_put(b, p, (size_t)(at - p));
		n = strtoul(at + 1, &end, 10);
		close = *end == '(' ? strchr(end, ')') : NULL;
		if (close == NULL || end == at + 1)
			return hd_fail(g->st, HD_INTERNAL, "gen-body", 0, "bad @N(TEXT) in a case body");
		text = end + 1;
		for (unsigned long i = 0; i < n; i++)
			hd_buf_put(b, text, (size_t)(close - text));
		p = close + 1;
	}
	return 0;
}

static int write_case(gen_out *g, const char *kind, const gen_err_case *c)
{
	const hd_reason_info *r = hd_reason_lookup(c->code);
	char name[160];
	hd_buf b;
	int rc;

	if (r == NULL)
		return hd_fail(g->st, HD_INTERNAL, "gen-unknown-code", 0,
		               "error case for %s, which is not in reasons.def", c->code);
	snprintf(name, sizeof name, "err-%s%s%s", c->code, c->variant ? "-" : "",
	         c->variant ? c->variant : "");
	hd_buf_init(&b);
	hd_buf_printf(&b, "format hdcts-case 1\n");
	hd_buf_printf(&b, "# %s: %s (%s).\n", c->code, c->why, r->section);
	hd_buf_printf(&b, "# covers: rule eval/%s\n", c->code);
	rc = expand(g, &b, c->body);
	if (rc == 0)
		rc = gen_case(g, kind, name, "case", &b);
	hd_buf_free(&b);
	return rc;
}

static int write_all(gen_out *g, const char *kind, const gen_err_case *rows, size_t n)
{
	if (check_tables(g) != 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (write_case(g, kind, &rows[i]) != 0)
			return -1;
	return 0;
}

int gen_expr_errors(gen_out *g)
{
	return write_all(g, "expr", expr_cases, NELEMS(expr_cases));
}

int gen_cfi_errors(gen_out *g)
{
	return write_all(g, "cfi", cfi_cases, NELEMS(cfi_cases));
}
