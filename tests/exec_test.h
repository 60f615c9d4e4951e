/* Shared by test_exec.c, test_exec_fuzz.c and bench/exec.c: OpenCL kernels
 * written as SPIR-V assembly around a common prelude, assembled, run on
 * the interpreter and their buffers read back. */
#ifndef HD_EXEC_TEST_H
#define HD_EXEC_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/exec.h"
#include "spirv/spirv.h"
#include "util/buf.h"

/* The types, constants and builtin variables every kernel may use. The
 * kernel is %k(%out: global uint*, %out64: global ulong*); %g is its
 * global id x as a ulong, %i as a uint. */
static const char exec_test_prelude[] =
	"OpCapability Addresses\n"
	"OpCapability Kernel\n"
	"OpCapability Int64\n"
	"OpCapability Int16\n"
	"OpCapability Int8\n"
	"OpCapability Float16\n"
	"OpCapability Float64\n"
	"OpCapability Vector16\n"
	"OpCapability GenericPointer\n"
	"OpCapability Int64Atomics\n"
	"%std = OpExtInstImport \"OpenCL.std\"\n"
	"OpMemoryModel Physical64 OpenCL\n"
	"OpEntryPoint Kernel %k \"k\" %gid %lid %wgid %goff\n"
	"%file = OpString \"k.cl\"\n"
	"OpDecorate %gid BuiltIn GlobalInvocationId\n"
	"OpDecorate %lid BuiltIn LocalInvocationId\n"
	"OpDecorate %wgid BuiltIn WorkgroupId\n"
	"OpDecorate %goff BuiltIn GlobalOffset\n"
	"%void = OpTypeVoid\n"
	"%bool = OpTypeBool\n"
	"%uchar = OpTypeInt 8 0\n"
	"%ushort = OpTypeInt 16 0\n"
	"%uint = OpTypeInt 32 0\n"
	"%ulong = OpTypeInt 64 0\n"
	"%half = OpTypeFloat 16\n"
	"%float = OpTypeFloat 32\n"
	"%double = OpTypeFloat 64\n"
	"%v2uint = OpTypeVector %uint 2\n"
	"%v3uint = OpTypeVector %uint 3\n"
	"%v4uint = OpTypeVector %uint 4\n"
	"%v2float = OpTypeVector %float 2\n"
	"%v3float = OpTypeVector %float 3\n"
	"%v4float = OpTypeVector %float 4\n"
	"%v2ushort = OpTypeVector %ushort 2\n"
	"%v3ulong = OpTypeVector %ulong 3\n"
	"%v4bool = OpTypeVector %bool 4\n"
	"%pgu = OpTypePointer CrossWorkgroup %uint\n"
	"%pgl = OpTypePointer CrossWorkgroup %ulong\n"
	"%pgf = OpTypePointer CrossWorkgroup %float\n"
	"%pgh = OpTypePointer CrossWorkgroup %half\n"
	"%pfu = OpTypePointer Function %uint\n"
	"%pff = OpTypePointer Function %float\n"
	"%pfv2f = OpTypePointer Function %v2float\n"
	"%pfv2u = OpTypePointer Function %v2uint\n"
	"%pin = OpTypePointer Input %v3ulong\n"
	"%gid = OpVariable %pin Input\n"
	"%lid = OpVariable %pin Input\n"
	"%wgid = OpVariable %pin Input\n"
	"%goff = OpVariable %pin Input\n"
	"%u0 = OpConstant %uint 0\n"
	"%u1 = OpConstant %uint 1\n"
	"%u2 = OpConstant %uint 2\n"
	"%u3 = OpConstant %uint 3\n"
	"%u4 = OpConstant %uint 4\n"
	"%u5 = OpConstant %uint 5\n"
	"%u7 = OpConstant %uint 7\n"
	"%u8 = OpConstant %uint 8\n"
	"%u10 = OpConstant %uint 10\n"
	"%u16 = OpConstant %uint 16\n"
	"%u32 = OpConstant %uint 32\n"
	"%u63 = OpConstant %uint 63\n"
	"%u64 = OpConstant %uint 64\n"
	"%um1 = OpConstant %uint 0xffffffff\n"
	"%umin = OpConstant %uint 0x80000000\n"
	"%umax = OpConstant %uint 0x7fffffff\n"
	"%l0 = OpConstant %ulong 0\n"
	"%l1 = OpConstant %ulong 1\n"
	"%l2 = OpConstant %ulong 2\n"
	"%f0 = OpConstant %float 0\n"
	"%f1 = OpConstant %float 1\n"
	"%f2 = OpConstant %float 2\n"
	"%f3 = OpConstant %float 3\n"
	"%f4 = OpConstant %float 4\n"
	"%fm1 = OpConstant %float -1\n"
	"%fhalf = OpConstant %float 0.5\n"
	"%fnan = OpConstant %float 0x1.8p+128\n"
	"%d1 = OpConstant %double 1\n"
	"%scope_wg = OpConstant %uint 2\n"
	"%sem_wg = OpConstant %uint 0x110\n"
	"%kfn = OpTypeFunction %void %pgu %pgl\n";

/* The kernel's first block, before the test's body. */
static const char exec_test_entry[] =
	"%k = OpFunction %void None %kfn\n"
	"%out = OpFunctionParameter %pgu\n"
	"%out64 = OpFunctionParameter %pgl\n"
	"%entry = OpLabel\n"
	"%g3 = OpLoad %v3ulong %gid\n"
	"%g = OpCompositeExtract %ulong %g3 0\n"
	"%i = OpUConvert %uint %g\n";

/* A store line of a body: 1 "STORE N %id" (a uint to out[N]), 2 "STORE64
 * N %id" (a ulong to out64[N]), 3 "STOREF N %id" (a float's bits to
 * out[N]), 4 "STOREG %id" (a uint to out[global id]); 0 for any other. */
static inline int exec_test_store(const char *line, unsigned *idx, char id[64])
{
	*idx = 0;
	if (sscanf(line, " STORE64 %u %63s", idx, id) == 2)
		return 2;
	if (sscanf(line, " STOREF %u %63s", idx, id) == 2)
		return 3;
	if (sscanf(line, " STOREG %63s", id) == 1)
		return 4;
	if (sscanf(line, " STORE %u %63s", idx, id) == 2)
		return 1;
	return 0;
}

/* The text of a module: the prelude, the test's declarations, the kernel
 * with its body and the test's other functions. The body's store lines
 * become an access chain and an OpStore; their indices are constants
 * %scN, declared after the test's declarations. */
static inline char *exec_test_module(const char *decls, const char *body, const char *funcs)
{
	hd_buf b, code;
	unsigned n = 0;

	hd_buf_init(&b);
	hd_buf_init(&code);
	hd_buf_printf(&b, "%s%s", exec_test_prelude, decls ? decls : "");
	for (const char *s = body; s != NULL && *s != '\0'; n++) {
		const char *e = strchr(s, '\n');
		size_t len = e != NULL ? (size_t)(e - s) : strlen(s);
		unsigned idx;
		char id[64], line[256];
		int kind;

		snprintf(line, sizeof line, "%.*s", (int)len, s);
		kind = exec_test_store(line, &idx, id);
		if (kind != 0 && kind != 4)
			hd_buf_printf(&b, "%%sc%u = OpConstant %%ulong %u\n", n, idx);
		switch (kind) {
		case 1:
			hd_buf_printf(&code, "%%sp%u = OpInBoundsPtrAccessChain %%pgu %%out %%sc%u\n"
			              "OpStore %%sp%u %s\n", n, n, n, id);
			break;
		case 2:
			hd_buf_printf(&code, "%%sp%u = OpInBoundsPtrAccessChain %%pgl %%out64 %%sc%u\n"
			              "OpStore %%sp%u %s\n", n, n, n, id);
			break;
		case 3:
			hd_buf_printf(&code, "%%sb%u = OpBitcast %%uint %s\n"
			              "%%sp%u = OpInBoundsPtrAccessChain %%pgu %%out %%sc%u\n"
			              "OpStore %%sp%u %%sb%u\n", n, id, n, n, n, n);
			break;
		case 4:
			hd_buf_printf(&code, "%%sp%u = OpInBoundsPtrAccessChain %%pgu %%out %%g\n"
			              "OpStore %%sp%u %s\n", n, n, id);
			break;
		default:
			hd_buf_printf(&code, "%s\n", line);
			break;
		}
		s = e != NULL ? e + 1 : s + len;
	}
	hd_buf_printf(&b, "%s%sOpReturn\nOpFunctionEnd\n%s", exec_test_entry, hd_buf_str(&code),
	              funcs ? funcs : "");
	hd_buf_free(&code);
	return (char *)hd_buf_str(&b);
}

/* A kernel run: the module, the interpreter and how the run ended. */
typedef struct exec_run {
	hd_spv_module *m;
	hd_exec *x;
	hd_exec_outcome o;
	hd_status st;
	int rc;              /* 0: ran; -1: refused (st says why) */
} exec_run;

/* One work-item, wave64, buffers of 256 elements, unless c says. */
static inline void exec_test_config(hd_exec_config *c)
{
	hd_exec_config_default(c);
	c->global_size[0] = c->local_size[0] = 1;
	c->buffer_elements = 256;
}

/* Reads, builds and runs a module's words. */
static inline int exec_test_run_words(exec_run *t, const uint32_t *words, size_t nwords,
                                      const hd_exec_config *c, const hd_exec_observer *obs)
{
	memset(t, 0, sizeof *t);
	t->rc = -1;
	if (hd_spv_read_binary((const uint8_t *)words, nwords * 4, &t->m, &t->st) != 0 ||
	    hd_di_build(t->m, &t->st) != 0 || hd_exec_new(t->m, NULL, c, &t->x, &t->st) != 0)
		return -1;
	t->rc = hd_exec_run(t->x, obs, &t->o, &t->st);
	return t->rc;
}

static inline int exec_test_run(exec_run *t, const char *text, const hd_exec_config *c,
                                const hd_exec_observer *obs)
{
	uint32_t *words = NULL;
	size_t nwords = 0;
	int rc;

	memset(t, 0, sizeof *t);
	t->rc = -1;
	if (hd_spv_assemble(text, strlen(text), &words, &nwords, &t->st) != 0)
		return -1;
	rc = exec_test_run_words(t, words, nwords, c, obs);
	free(words);
	return rc;
}

static inline void exec_test_free(exec_run *t)
{
	hd_exec_free(t->x);
	hd_spv_free(t->m);
	memset(t, 0, sizeof *t);
}

/* Element i of global buffer argument k, n bytes; 0xdeadbeef when it
 * cannot be read. */
static inline uint64_t exec_test_elem(const exec_run *t, uint32_t k, uint32_t i, uint32_t n)
{
	uint64_t addr, v = 0;
	uint32_t size;
	uint8_t b[8];

	if (t->x == NULL || hd_exec_arg_buffer(t->x, k, &addr, &size) != 0 ||
	    (uint64_t)(i + 1) * n > size || hd_exec_read(t->x, 0, HD_XS_GLOBAL, addr + i * n, n, b,
	                                                 NULL) != 0)
		return 0xdeadbeef;
	for (uint32_t j = 0; j < n; j++)
		v |= (uint64_t)b[j] << (8 * j);
	return v;
}

#endif
