/* Shared by test_spirv.c and test_spirv_fuzz.c: building SPIR-V modules
 * word by word, running one through every step of the front end, and
 * the reference module both mutate. Helpers are static inline so a file
 * that does not use one does not warn. */
#ifndef HD_SPIRV_TEST_H
#define HD_SPIRV_TEST_H

#include "tap.h"

#include "spirv/spirv.h"
#include "util/buf.h"
#include "util/status.h"

#include <spirv/unified1/OpenCLDebugInfo100.h>
#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Core opcodes and enumerants, and the extended opcodes (the same numbers
 * in OpenCL.DebugInfo.100 and DebugInfo), from the SPIRV-Headers C headers. */
enum {
	OP_NOP = SpvOpNop, OP_STRING = SpvOpString, OP_LINE = SpvOpLine,
	OP_EXT_INST_IMPORT = SpvOpExtInstImport, OP_EXT_INST = SpvOpExtInst,
	OP_MEMORY_MODEL = SpvOpMemoryModel, OP_CAPABILITY = SpvOpCapability,
	OP_TYPE_VOID = SpvOpTypeVoid, OP_TYPE_INT = SpvOpTypeInt,
	OP_TYPE_FUNCTION = SpvOpTypeFunction, OP_CONSTANT = SpvOpConstant,
	OP_FUNCTION = SpvOpFunction, OP_FUNCTION_END = SpvOpFunctionEnd,
	OP_LABEL = SpvOpLabel, OP_RETURN = SpvOpReturn,
	CAP_ADDRESSES = SpvCapabilityAddresses, CAP_KERNEL = SpvCapabilityKernel,
	PHYSICAL64 = SpvAddressingModelPhysical64, MM_OPENCL = SpvMemoryModelOpenCL,
	LANG_OPENCL_C = SpvSourceLanguageOpenCL_C
};

enum {
	DI_NONE = OpenCLDebugInfo100DebugInfoNone,
	DI_COMPILATION_UNIT = OpenCLDebugInfo100DebugCompilationUnit,
	DI_TYPE_BASIC = OpenCLDebugInfo100DebugTypeBasic,
	DI_TYPE_FUNCTION = OpenCLDebugInfo100DebugTypeFunction,
	DI_TYPE_ENUM = OpenCLDebugInfo100DebugTypeEnum,
	DI_FUNCTION = OpenCLDebugInfo100DebugFunction,
	DI_LEXICAL_BLOCK = OpenCLDebugInfo100DebugLexicalBlock,
	DI_SCOPE = OpenCLDebugInfo100DebugScope,
	DI_NO_SCOPE = OpenCLDebugInfo100DebugNoScope,
	DI_INLINED_AT = OpenCLDebugInfo100DebugInlinedAt,
	DI_LOCAL_VARIABLE = OpenCLDebugInfo100DebugLocalVariable,
	DI_VALUE = OpenCLDebugInfo100DebugValue,
	DI_EXPRESSION = OpenCLDebugInfo100DebugExpression,
	DI_SOURCE = OpenCLDebugInfo100DebugSource
};

#define SPV_MAGIC 0x07230203u
#define OCL100 "OpenCL.DebugInfo.100"

/* ------------------------------------------------------------------------
 * Building modules word by word. */

typedef struct mod {
	uint32_t *w;
	size_t n, cap;
	uint32_t next_id;  /* the first id no instruction has taken */
} mod;

static inline void put(mod *m, uint32_t v)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 256;
		m->w = realloc(m->w, m->cap * sizeof *m->w);
		if (!m->w) {
			printf("Bail out! out of memory\n");
			exit(1);
		}
	}
	m->w[m->n++] = v;
}

/* One instruction; returns its word offset. */
static inline uint32_t insn(mod *m, uint32_t opcode, size_t n, const uint32_t *ops)
{
	uint32_t at = (uint32_t)m->n;

	put(m, (uint32_t)(n + 1) << 16 | opcode);
	for (size_t i = 0; i < n; i++)
		put(m, ops[i]);
	return at;
}

/* An instruction of one id and a literal string (OpString, OpExtInstImport). */
static inline uint32_t insn_str(mod *m, uint32_t opcode, uint32_t id, const char *s)
{
	size_t len = strlen(s) + 1, nw = (len + 3) / 4;
	uint32_t at = (uint32_t)m->n;

	put(m, (uint32_t)(nw + 2) << 16 | opcode);
	put(m, id);
	for (size_t i = 0; i < nw * 4; i += 4) {
		uint32_t v = 0;
		for (size_t k = 0; k < 4 && i + k < len; k++)
			v |= (uint32_t)(uint8_t)s[i + k] << (8 * k);
		put(m, v);
	}
	return at;
}

#define NWORDS(...) (sizeof (const uint32_t[]){ __VA_ARGS__ } / sizeof(uint32_t))
#define INSN(m, op, ...) insn((m), (op), NWORDS(__VA_ARGS__), (const uint32_t[]){ __VA_ARGS__ })

/* The fixed ids of frame(); tests take ids from ID_FIRST on. */
enum {
	ID_SET = 1, ID_FILE, ID_NAME, ID_VOID, ID_UINT, ID_C32, ID_FNTY, ID_NONE, ID_SRC,
	ID_CU, ID_FIRST
};

/* OpExtInst %void %set EXTOP operands...: ops are the extended opcode and
 * its operands. */
static inline uint32_t ext(mod *m, uint32_t result, size_t n, const uint32_t *ops)
{
	uint32_t at = (uint32_t)m->n;

	put(m, (uint32_t)(n + 4) << 16 | OP_EXT_INST);
	put(m, ID_VOID);
	put(m, result);
	put(m, ID_SET);
	for (size_t i = 0; i < n; i++)
		put(m, ops[i]);
	return at;
}

#define EXT(m, result, ...) ext((m), (result), NWORDS(__VA_ARGS__), (const uint32_t[]){ __VA_ARGS__ })

/* Header, capabilities, the import of set_name as %1, memory model, strings,
 * void, uint, the constant 32, a function type; for OpenCL.DebugInfo.100
 * also DebugInfoNone, DebugSource and DebugCompilationUnit. The bound is
 * written by finish(). */
static inline void frame(mod *m, const char *set_name)
{
	memset(m, 0, sizeof *m);
	put(m, SPV_MAGIC);
	put(m, 0x00010000);
	put(m, 0);
	put(m, 0);
	put(m, 0);
	INSN(m, OP_CAPABILITY, CAP_ADDRESSES);
	INSN(m, OP_CAPABILITY, CAP_KERNEL);
	insn_str(m, OP_EXT_INST_IMPORT, ID_SET, set_name);
	INSN(m, OP_MEMORY_MODEL, PHYSICAL64, MM_OPENCL);
	insn_str(m, OP_STRING, ID_FILE, "a.cl");
	insn_str(m, OP_STRING, ID_NAME, "x");
	INSN(m, OP_TYPE_VOID, ID_VOID);
	INSN(m, OP_TYPE_INT, ID_UINT, 32, 0);
	INSN(m, OP_CONSTANT, ID_UINT, ID_C32, 32);
	INSN(m, OP_TYPE_FUNCTION, ID_FNTY, ID_VOID);
	if (strcmp(set_name, OCL100) == 0) {
		EXT(m, ID_NONE, DI_NONE);
		EXT(m, ID_SRC, DI_SOURCE, ID_FILE);
		EXT(m, ID_CU, DI_COMPILATION_UNIT, 65536, 5, ID_SRC, LANG_OPENCL_C);
	}
	m->next_id = ID_FIRST;
}

static inline uint32_t new_id(mod *m)
{
	return m->next_id++;
}

static inline void finish(mod *m)
{
	m->w[3] = m->next_id;
}

static inline void function_begin(mod *m, uint32_t fn)
{
	INSN(m, OP_FUNCTION, ID_VOID, fn, 0, ID_FNTY);
	INSN(m, OP_LABEL, new_id(m));
}

static inline void function_end(mod *m)
{
	put(m, 1u << 16 | OP_RETURN);
	put(m, 1u << 16 | OP_FUNCTION_END);
}

static inline void mod_free(mod *m)
{
	free(m->w);
	memset(m, 0, sizeof *m);
}

/* ------------------------------------------------------------------------
 * Running the front end. */

/* A module read, built, validated, its diagnostics printed and dumped. */
typedef struct run {
	hd_spv_module *m;
	hd_status st;
	int rc;          /* hd_spv_read_binary's */
	int sane;        /* every step after reading kept its promises */
	uint32_t broken; /* hd_di_validate's count */
	hd_buf diags, dump;
} run;

static inline uint32_t bswap32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

/* Whether text (NUL-terminated) starts with prefix. */
static inline int starts(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* Reads n bytes and, when that works, runs every later step, checking what
 * the API promises of each: build never fails on a readable module, the
 * count validate returns is the stored plus the dropped diagnostics, the
 * stored ones stay under the cap, and both texts come out whole. */
static inline int run_bytes(run *r, const uint8_t *bytes, size_t n)
{
	memset(r, 0, sizeof *r);
	hd_buf_init(&r->diags);
	hd_buf_init(&r->dump);
	r->rc = hd_spv_read_binary(bytes, n, &r->m, &r->st);
	if (r->rc != 0) {
		r->m = NULL;
		return r->rc;
	}
	r->sane = hd_di_build(r->m, &r->st) == 0;
	r->broken = hd_di_validate(r->m);
	r->sane &= r->broken == r->m->ndiags + r->m->ndiags_dropped;
	r->sane &= r->m->ndiags <= HD_SPV_MAX_DIAGS;
	hd_spv_diag_print(r->m, &r->diags);
	hd_di_dump(r->m, &r->dump);
	r->sane &= !r->diags.failed && !r->dump.failed;
	r->sane &= starts(hd_buf_str(&r->dump), "debuginfo 1\n");
	hd_buf_str(&r->diags);
	return 0;
}

static inline int run_words(run *r, const uint32_t *w, size_t n)
{
	return run_bytes(r, (const uint8_t *)w, n * 4);
}

static inline int run_mod(run *r, mod *m)
{
	return run_words(r, m->w, m->n);
}

static inline void run_free(run *r)
{
	hd_spv_free(r->m);
	hd_buf_free(&r->diags);
	hd_buf_free(&r->dump);
	r->m = NULL;
}

/* A refusal is clear when it is bad input with one of the reader's codes,
 * names the word it stopped at (within the module) and its rule id. */
static inline int refused_cleanly(const hd_status *st, size_t nwords)
{
	char tag[40];

	if (st->kind != HD_BAD_INPUT || !st->code || st->offset > nwords)
		return 0;
	if (strcmp(st->code, "header") && strcmp(st->code, "word-count") &&
	    strcmp(st->code, "truncated"))
		return 0;
	snprintf(tag, sizeof tag, "[SPIR-V/%s]", st->code);
	return strstr(st->msg, "word") != NULL && strstr(st->msg, tag) != NULL;
}

static inline void rule_of(const hd_spv_diag *d, char *buf, size_t cap)
{
	if (d->inst)
		snprintf(buf, cap, "%s/%s/%s", d->prefix, d->inst, d->rule);
	else
		snprintf(buf, cap, "%s/%s", d->prefix, d->rule);
}

/* How many diagnostics carry rule id rid, at word offset `at` (any offset
 * when at is ANY). */
#define ANY UINT32_MAX

static inline unsigned count_rule(const hd_spv_module *m, const char *rid, uint32_t at)
{
	unsigned n = 0;
	char buf[200];

	for (uint32_t i = 0; i < m->ndiags; i++) {
		rule_of(&m->diags[i], buf, sizeof buf);
		if (strcmp(buf, rid) == 0 && (at == ANY || m->diags[i].offset == at))
			n++;
	}
	return n;
}

/* Diagnostics at word offset `at`, whatever their rule. */
static inline unsigned count_at(const hd_spv_module *m, uint32_t at)
{
	unsigned n = 0;

	for (uint32_t i = 0; i < m->ndiags; i++)
		n += m->diags[i].offset == at;
	return n;
}

/* Whether the len bytes at s contain needle. (strstr would run on past the
 * line, which makes counting lines of a large dump quadratic.) */
static inline int line_has(const char *s, size_t len, const char *needle)
{
	size_t k = strlen(needle);

	for (size_t i = 0; i + k <= len; i++)
		if (memcmp(s + i, needle, k) == 0)
			return 1;
	return 0;
}

/* Lines of text that contain needle ("": every line). */
static inline size_t count_lines(hd_buf *b, const char *needle)
{
	const char *s = hd_buf_str(b);
	size_t n = 0;

	while (*s) {
		const char *end = strchr(s, '\n');
		size_t len = end ? (size_t)(end - s) : strlen(s);
		n += line_has(s, len, needle);
		s += len + (end != NULL);
	}
	return n;
}

/* The last line of a text that ends with a newline. */
static inline const char *last_line(hd_buf *b)
{
	const char *s = hd_buf_str(b);
	size_t len = b->len;

	if (len && s[len - 1] == '\n')
		len--;
	while (len && s[len - 1] != '\n')
		len--;
	return s + len;
}

/* The node an instruction at word offset `at` became, or NULL. */
static inline const hd_di_node *node_at(const hd_spv_module *m, uint32_t at)
{
	for (uint32_t i = 0; i < m->ninsns; i++)
		if (m->insns[i].offset == at)
			return m->insns[i].node >= 0 ? &m->nodes[m->insns[i].node] : NULL;
	return NULL;
}

/* Prints the diagnostics as TAP comments, to see why a check failed. */
static inline void show(run *r)
{
	const char *s = hd_buf_str(&r->diags);
	int lines = 0;

	if (r->rc != 0) {
		printf("  # read failed: %s at %llu: %s\n", r->st.code,
		       (unsigned long long)r->st.offset, r->st.msg);
		return;
	}
	while (*s && lines++ < 40) {
		const char *end = strchr(s, '\n');
		int len = end ? (int)(end - s) : (int)strlen(s);
		printf("  # %.*s\n", len, s);
		s += len + (end != NULL);
	}
}

static inline void swap_words(uint32_t *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		w[i] = bswap32(w[i]);
}

/* ------------------------------------------------------------------------
 * The reference module: a kernel with a lexical block, a local variable,
 * an inlined call site, scopes and a line; it breaks no rule. It is 175
 * words rather than the ~100 a mutation run needs, so that every kind of
 * body range (two scopes, one inlined, a line, a value) gets mutated. */

static const char base_text[] =
	"OpCapability Addresses\n"
	"OpCapability Kernel\n"
	"%1 = OpExtInstImport \"OpenCL.DebugInfo.100\"\n"
	"OpMemoryModel Physical64 OpenCL\n"
	"OpEntryPoint Kernel %30 \"k\"\n"
	"%2 = OpString \"k.cl\"\n"
	"%3 = OpString \"int\"\n"
	"%4 = OpString \"k\"\n"
	"%5 = OpString \"x\"\n"
	"%6 = OpTypeVoid\n"
	"%7 = OpTypeInt 32 0\n"
	"%8 = OpConstant %7 32\n"
	"%9 = OpTypeFunction %6\n"
	"%10 = OpExtInst %6 %1 DebugInfoNone\n"
	"%11 = OpExtInst %6 %1 DebugSource %2\n"
	"%12 = OpExtInst %6 %1 DebugCompilationUnit 65536 5 %11 OpenCL_C\n"
	"%13 = OpExtInst %6 %1 DebugTypeBasic %3 %8 Signed\n"
	"%14 = OpExtInst %6 %1 DebugTypeFunction None %6\n"
	"%15 = OpExtInst %6 %1 DebugFunction %4 %14 %11 1 1 %12 %4 FlagIsDefinition 2 %30\n"
	"%16 = OpExtInst %6 %1 DebugLexicalBlock %11 2 1 %15\n"
	"%17 = OpExtInst %6 %1 DebugLocalVariable %5 %13 %11 3 5 %16 None\n"
	"%18 = OpExtInst %6 %1 DebugExpression\n"
	"%19 = OpExtInst %6 %1 DebugInlinedAt 4 %16\n"
	"%30 = OpFunction %6 None %9\n"
	"%31 = OpLabel\n"
	"%32 = OpExtInst %6 %1 DebugScope %16\n"
	"OpLine %2 3 5\n"
	"%33 = OpExtInst %6 %1 DebugValue %17 %8 %18\n"
	"OpNop\n"
	"%34 = OpExtInst %6 %1 DebugScope %15 %19\n"
	"OpNoLine\n"
	"OpNop\n"
	"%35 = OpExtInst %6 %1 DebugNoScope\n"
	"OpReturn\n"
	"OpFunctionEnd\n";

static uint32_t *base;
static size_t nbase;

/* Runs w in both byte orders; both must read the same way and print the
 * same diagnostics and dump. *swapped_seen gets m->swapped of the BE run. */
static inline int same_both_ways(const uint32_t *w, size_t n, int *swapped_seen)
{
	uint32_t *be = malloc(n * 4 + 4);
	run le, bi;
	int same;

	memcpy(be, w, n * 4);
	swap_words(be, n);
	run_words(&le, w, n);
	run_words(&bi, be, n);
	if (le.rc != 0 || bi.rc != 0) {
		same = le.rc == bi.rc && le.st.kind == bi.st.kind && le.st.offset == bi.st.offset &&
		       strcmp(le.st.code, bi.st.code) == 0 && strcmp(le.st.msg, bi.st.msg) == 0;
		if (swapped_seen)
			*swapped_seen = -1;
	} else {
		same = le.sane && bi.sane && le.m->swapped == 0 &&
		       strcmp(hd_buf_str(&le.diags), hd_buf_str(&bi.diags)) == 0 &&
		       strcmp(hd_buf_str(&le.dump), hd_buf_str(&bi.dump)) == 0;
		if (swapped_seen)
			*swapped_seen = bi.m->swapped;
	}
	run_free(&le);
	run_free(&bi);
	free(be);
	return same;
}

/* Assembles the reference module into base/nbase, or bails out. */
static inline void load_base(void)
{
	hd_status st;

	if (hd_spv_assemble(base_text, strlen(base_text), &base, &nbase, &st) != 0) {
		printf("Bail out! the reference module does not assemble: %s\n", st.msg);
		exit(1);
	}
}

#endif
