/* The sub-operations ops.def hands each handler family: which member of
 * the family a row is. */
#ifndef HD_GFX9_OPS_H
#define HD_GFX9_OPS_H

/* Scalar binary operations (g9_sop2), also the operation of s_*_saveexec. */
enum {
	S_ADD_U32, S_SUB_U32, S_ADD_I32, S_SUB_I32, S_ADDC_U32, S_SUBB_U32,
	S_MIN_I32, S_MIN_U32, S_MAX_I32, S_MAX_U32, S_CSELECT,
	S_AND, S_OR, S_XOR, S_ANDN2, S_ORN2, S_NAND, S_NOR, S_XNOR,
	S_LSHL, S_LSHR, S_ASHR, S_BFM, S_MUL_I32, S_BFE_U, S_BFE_I,
	S_MUL_HI_U32, S_MUL_HI_I32, S_LSHL1_ADD, S_LSHL2_ADD, S_LSHL3_ADD, S_LSHL4_ADD,
	S_ABSDIFF_I32
};

/* Comparisons (g9_sopc, s_cmpk_*, g9_vcmp): the relation in the low
 * bits, the operand type above. */
enum {
	CMP_F, CMP_LT, CMP_EQ, CMP_LE, CMP_GT, CMP_LG, CMP_GE, CMP_O, CMP_U,
	CMP_NGE, CMP_NLG, CMP_NGT, CMP_NLE, CMP_NEQ, CMP_NLT, CMP_TRU, CMP_CLASS
};
enum { T_I32 = 0x000, T_U32 = 0x100, T_I64 = 0x200, T_U64 = 0x300, T_F32 = 0x400,
       T_F64 = 0x500, T_I16 = 0x600, T_U16 = 0x700, T_F16 = 0x800 };
#define CMP_X 0x10000   /* v_cmpx: EXEC takes the result too */
#define CMP_REL(sub) ((sub) & 0xff)
#define CMP_TYPE(sub) ((sub) & 0xf00)

/* s_*k (g9_sopk); the comparisons are K_CMPK | relation | type. */
enum { K_MOVK, K_CMOVK, K_ADDK, K_MULK, K_CMPK = 0x1000 };

/* Scalar unary operations (g9_sop1). */
enum {
	O_MOV, O_CMOV, O_NOT, O_BREV, O_BCNT0, O_BCNT1, O_FF0, O_FF1, O_FLBIT,
	O_FLBIT_I32, O_SEXT_I8, O_SEXT_I16, O_BITSET0, O_BITSET1, O_ABS,
	O_SAVEEXEC = 0x100   /* | the S_* operation of EXEC with the source */
};

/* Control (g9_control). */
enum {
	C_ENDPGM, C_BRANCH, C_CBRANCH_SCC0, C_CBRANCH_SCC1, C_CBRANCH_VCCZ,
	C_CBRANCH_VCCNZ, C_CBRANCH_EXECZ, C_CBRANCH_EXECNZ, C_BARRIER, C_TRAP,
	C_GETPC, C_SETPC, C_SWAPPC
};

/* Vector integer operations (g9_vint). */
enum {
	V_MOV, V_ADD, V_SUB, V_SUBREV, V_AND, V_OR, V_XOR, V_NOT,
	V_LSHLREV, V_LSHRREV, V_ASHRREV, V_LSHLREV64, V_LSHRREV64, V_ASHRREV64,
	V_LSHLREV16, V_LSHRREV16, V_ASHRREV16, V_ADD16, V_SUB16, V_MUL_LO16,
	V_MUL_LO, V_MUL_HI_U, V_MUL_HI_I, V_MUL_U24, V_MUL_I24, V_MUL_HI_U24, V_MAD_U24,
	V_MAD_I24, V_ADD3, V_LSHL_ADD, V_ADD_LSHL, V_LSHL_OR, V_AND_OR, V_OR3,
	V_BFE_U, V_BFE_I, V_BFI, V_BFM, V_ALIGNBIT, V_ALIGNBYTE, V_PERM, V_MIN_I, V_MIN_U,
	V_MAX_I, V_MAX_U, V_MED3_I, V_MED3_U, V_MIN3_I, V_MIN3_U, V_MAX3_I, V_MAX3_U,
	V_BCNT, V_MBCNT_LO, V_MBCNT_HI, V_FFBH_U, V_FFBL, V_FFBH_I, V_BFREV,
	V_CNDMASK, V_PK_MOV, V_SAD_U32
};

/* Vector operations with a carry or a scalar result (g9_vcarry). */
enum { V_ADD_CO, V_SUB_CO, V_SUBREV_CO, V_ADDC_CO, V_SUBB_CO, V_SUBBREV_CO,
       V_MAD_U64_U32, V_MAD_I64_I32 };

/* Lane operations (g9_vlane). */
enum { L_READLANE, L_WRITELANE, L_READFIRSTLANE };

/* Float operations (g9_vfloat); the width is the row's G9F_F32/F64/F16. */
enum {
	F_ADD, F_SUB, F_SUBREV, F_MUL, F_MIN, F_MAX, F_FMA, F_MAC, F_MED3, F_MIN3, F_MAX3,
	F_LDEXP, F_RCP, F_RSQ, F_SQRT, F_EXP, F_LOG, F_FLOOR, F_CEIL, F_TRUNC, F_RNDNE,
	F_FRACT, F_FREXP_MANT, F_FREXP_EXP,
	F_CVT_F32_I32, F_CVT_F32_U32, F_CVT_I32_F32, F_CVT_U32_F32, F_CVT_F64_F32,
	F_CVT_F32_F64, F_CVT_F64_I32, F_CVT_I32_F64, F_CVT_F64_U32, F_CVT_U32_F64,
	F_CVT_F16_F32, F_CVT_F32_F16, F_CVT_F32_UBYTE0, F_CVT_F32_UBYTE1,
	F_CVT_F32_UBYTE2, F_CVT_F32_UBYTE3, F_CVT_RPI_I32_F32, F_CVT_FLR_I32_F32
};

/* Memory loads and stores (g9_vmem, g9_ds): the bytes moved per lane in
 * the low byte, then how the register takes them. */
#define M_BYTES(sub) ((sub) & 0xff)
enum { M_SIGNED = 0x100, M_D16_HI = 0x200, M_D16 = 0x400, M_STORE = 0x800,
       M_TWO = 0x1000 /* ds_read2/ds_write2 */, M_CACHE = 0x2000 /* cache control: no-op */ };

/* Atomics (g9_atomic, g9_ds): the operation; M_BYTES 8 for the _x2 forms. */
#define A_OP(sub) (((sub) >> 16) & 0xff)
enum { A_ADD = 1, A_SUB, A_SWAP, A_CMPSWAP, A_SMIN, A_UMIN, A_SMAX, A_UMAX,
       A_AND, A_OR, A_XOR, A_INC, A_DEC };
#define ATOM(op, bytes) (((op) << 16) | (bytes))
#define A_RTN 0x100   /* DS: the _rtn form returns the old value */

#endif
