/* bench/gen_spirv_big: writes a valid SPIR-V 1.3 module (binary, little
 * endian) whose debug information is N OpenCL.DebugInfo.100 instructions, for
 * timing validators on one large input (bench/spirv_validate.sh).
 *
 * Around a fixed frame (DebugInfoNone, DebugSource, DebugCompilationUnit,
 * DebugTypeFunction, DebugFunction for the one kernel) come N/4 groups of
 *   DebugTypeBasic, DebugTypePointer and DebugTypeQualifier of that basic
 *   type, DebugLocalVariable of the qualified type,
 * so every operand is an id a validator has to resolve and type-check, and
 * none is a forward reference. DebugSource carries an empty Text because
 * llvm-spirv-15 -r (bench/lower.sh) fails an assertion on a DebugSource
 * without one. (Pointer and qualifier both take the basic
 * type because SPIRV-Tools 2023.1, Debian 12's, accepts nothing else as
 * their Base Type.) The module
 * breaks no rule: spirv-val and hdref check must both accept it, or their
 * times are not of the same work.
 *
 * usage: gen_spirv_big [N] OUT.spv   (default N = 1000000, rounded down to a
 * multiple of 4) */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* core opcodes, capabilities and enumerants (SPIR-V 1.3 unified spec) */
enum {
	OP_STRING = 7, OP_EXT_INST_IMPORT = 11, OP_EXT_INST = 12,
	OP_MEMORY_MODEL = 14, OP_ENTRY_POINT = 15, OP_CAPABILITY = 17,
	OP_TYPE_VOID = 19, OP_TYPE_INT = 21, OP_TYPE_FUNCTION = 33,
	OP_CONSTANT = 43, OP_FUNCTION = 54, OP_FUNCTION_END = 56,
	OP_LABEL = 248, OP_RETURN = 253,
	CAP_ADDRESSES = 4, CAP_KERNEL = 6,
	ADDRESSING_PHYSICAL64 = 2, MEMORY_MODEL_OPENCL = 2,
	EXEC_MODEL_KERNEL = 6, SOURCE_LANG_OPENCL_C = 3,
	STORAGE_CROSS_WORKGROUP = 5
};

/* OpenCL.DebugInfo.100 opcodes and enumerants (the SPIRV-Headers grammar) */
enum {
	DI_INFO_NONE = 0, DI_COMPILATION_UNIT = 1, DI_TYPE_BASIC = 2,
	DI_TYPE_POINTER = 3, DI_TYPE_QUALIFIER = 4, DI_TYPE_FUNCTION = 8,
	DI_FUNCTION = 20, DI_LOCAL_VARIABLE = 26, DI_SOURCE = 35,
	DI_ENC_SIGNED = 4, DI_QUAL_CONST = 0,
	DI_FLAG_IS_DEFINITION = 1 << 3, DI_FLAG_PROTOTYPED = 1 << 7
};

/* fixed result ids; the groups take ids from ID_FIRST_FREE on */
enum {
	ID_SET = 1, ID_FILE, ID_NAME_INT, ID_NAME_VAR, ID_NAME_FN, ID_EMPTY,
	ID_VOID, ID_UINT, ID_UINT_32, ID_FN_TYPE, ID_FN, ID_LABEL,
	ID_NONE, ID_SOURCE, ID_CU, ID_DI_FN_TYPE, ID_DI_FN,
	ID_FIRST_FREE
};

static FILE *out;

static void word(uint32_t w)
{
	uint8_t b[4] = { (uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24) };

	fwrite(b, 1, 4, out);
}

/* One instruction: opcode and its n operand words. */
static void insn(uint32_t opcode, size_t n, const uint32_t *ops)
{
	word((uint32_t)(n + 1) << 16 | opcode);
	for (size_t i = 0; i < n; i++)
		word(ops[i]);
}

/* An instruction whose last operand is a literal string (nul-terminated,
 * zero-padded to a whole word). */
static void insn_str(uint32_t opcode, size_t n, const uint32_t *ops, const char *s)
{
	size_t len = strlen(s) + 1, sw = (len + 3) / 4;

	word((uint32_t)(n + sw + 1) << 16 | opcode);
	for (size_t i = 0; i < n; i++)
		word(ops[i]);
	for (size_t i = 0; i < sw * 4; i += 4) {
		uint32_t w = 0;
		for (size_t k = 0; k < 4 && i + k < len; k++)
			w |= (uint32_t)(uint8_t)s[i + k] << (8 * k);
		word(w);
	}
}

/* OpExtInst %void %set OPCODE operands... */
static void di(uint32_t result, uint32_t opcode, size_t n, const uint32_t *ops)
{
	uint32_t all[16] = { ID_VOID, result, ID_SET, opcode };

	if (n > 0)
		memcpy(all + 4, ops, n * sizeof *ops);
	insn(OP_EXT_INST, n + 4, all);
}

#define DI(result, opcode, ...) do { \
	const uint32_t ops_[] = { __VA_ARGS__ }; \
	di(result, opcode, sizeof ops_ / sizeof ops_[0], ops_); \
} while (0)
#define INSN(opcode, ...) do { \
	const uint32_t ops_[] = { __VA_ARGS__ }; \
	insn(opcode, sizeof ops_ / sizeof ops_[0], ops_); \
} while (0)

int main(int argc, char **argv)
{
	unsigned long n = 1000000;
	const char *path;
	uint32_t groups, id;

	if (argc == 3) {
		char *end;
		errno = 0;
		n = strtoul(argv[1], &end, 10);
		if (errno || *end || n < 4 || n / 4 > (UINT32_MAX - ID_FIRST_FREE) / 4) {
			fprintf(stderr, "gen_spirv_big: N must be a whole number from 4 to %lu\n",
			        4ul * ((UINT32_MAX - ID_FIRST_FREE) / 4) + 3);
			return 2;
		}
		path = argv[2];
	} else if (argc == 2) {
		path = argv[1];
	} else {
		fprintf(stderr, "usage: gen_spirv_big [N] OUT.spv\n");
		return 2;
	}
	groups = (uint32_t)(n / 4);
	out = fopen(path, "wb");
	if (out == NULL) {
		fprintf(stderr, "gen_spirv_big: %s: %s\n", path, strerror(errno));
		return 1;
	}

	/* header: magic, version 1.3, generator 0, bound, schema */
	word(0x07230203);
	word(0x00010300);
	word(0);
	word(ID_FIRST_FREE + 4 * groups);
	word(0);

	INSN(OP_CAPABILITY, CAP_ADDRESSES);
	INSN(OP_CAPABILITY, CAP_KERNEL);
	insn_str(OP_EXT_INST_IMPORT, 1, (const uint32_t[]){ ID_SET }, "OpenCL.DebugInfo.100");
	INSN(OP_MEMORY_MODEL, ADDRESSING_PHYSICAL64, MEMORY_MODEL_OPENCL);
	insn_str(OP_ENTRY_POINT, 2, (const uint32_t[]){ EXEC_MODEL_KERNEL, ID_FN }, "big");

	insn_str(OP_STRING, 1, (const uint32_t[]){ ID_FILE }, "big.cl");
	insn_str(OP_STRING, 1, (const uint32_t[]){ ID_NAME_INT }, "int");
	insn_str(OP_STRING, 1, (const uint32_t[]){ ID_NAME_VAR }, "v");
	insn_str(OP_STRING, 1, (const uint32_t[]){ ID_NAME_FN }, "big");
	insn_str(OP_STRING, 1, (const uint32_t[]){ ID_EMPTY }, "");

	INSN(OP_TYPE_VOID, ID_VOID);
	INSN(OP_TYPE_INT, ID_UINT, 32, 0);
	INSN(OP_CONSTANT, ID_UINT, ID_UINT_32, 32);
	INSN(OP_TYPE_FUNCTION, ID_FN_TYPE, ID_VOID);

	/* the frame: every group's variable lives in the kernel's DebugFunction */
	di(ID_NONE, DI_INFO_NONE, 0, NULL);
	DI(ID_SOURCE, DI_SOURCE, ID_FILE, ID_EMPTY);
	DI(ID_CU, DI_COMPILATION_UNIT, 65536, 5, ID_SOURCE, SOURCE_LANG_OPENCL_C);
	DI(ID_DI_FN_TYPE, DI_TYPE_FUNCTION, 0, ID_VOID);
	/* Function is the one forward reference the set allows */
	DI(ID_DI_FN, DI_FUNCTION, ID_NAME_FN, ID_DI_FN_TYPE, ID_SOURCE, 1, 1, ID_CU,
	   ID_EMPTY, DI_FLAG_IS_DEFINITION | DI_FLAG_PROTOTYPED, 2, ID_FN);

	id = ID_FIRST_FREE;
	for (uint32_t g = 0; g < groups; g++, id += 4) {
		uint32_t line = 3 + g;
		DI(id, DI_TYPE_BASIC, ID_NAME_INT, ID_UINT_32, DI_ENC_SIGNED);
		DI(id + 1, DI_TYPE_POINTER, id, STORAGE_CROSS_WORKGROUP, 0);
		DI(id + 2, DI_TYPE_QUALIFIER, id, DI_QUAL_CONST);
		DI(id + 3, DI_LOCAL_VARIABLE, ID_NAME_VAR, id + 2, ID_SOURCE, line, 1, ID_DI_FN, 0);
	}

	INSN(OP_FUNCTION, ID_VOID, ID_FN, 0, ID_FN_TYPE);
	INSN(OP_LABEL, ID_LABEL);
	insn(OP_RETURN, 0, NULL);
	insn(OP_FUNCTION_END, 0, NULL);

	if (fclose(out) != 0) {
		fprintf(stderr, "gen_spirv_big: %s: %s\n", path, strerror(errno));
		return 1;
	}
	return 0;
}
