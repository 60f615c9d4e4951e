/* The SPIR-V front end on bad input: the reader's header and framing
 * errors, byte order, id bookkeeping, operand counts, unknown extended
 * opcodes, scope and inlining loops, broken assembly text, and DebugInfo
 * 1.00's DebugValue as the grammar errata restore it. Each refusal must come
 * with a clear diagnostic. Modules are built here as word arrays, or
 * assembled from text by SPIRV-Tools; test_spirv_fuzz.c does the same at
 * scale. */
#include "spirv_test.h"

static void test_base(void)
{
	run r;

	load_base();
	OK(nbase == 175, "the reference module assembles to 175 words");
	run_words(&r, base, nbase);
	if (!OK(r.rc == 0 && r.sane && r.broken == 0 && r.m->nnodes == 14 &&
	        r.m->nfunctions == 1,
	        "the reference module reads, builds, and breaks no rule"))
		show(&r);
	OK(r.rc == 0 && strcmp(hd_buf_str(&r.diags), "no rule broken\n") == 0,
	   "its check output is \"no rule broken\"");
	/* Slots: OpFunction 0, OpLabel 1, the two OpNop 2 and 3, OpReturn 4,
	 * OpFunctionEnd 5; labels from the walk of docs/debuginfo-dump.md. */
	OK(count_lines(&r.dump, "") == 1 + 13 + 5 &&
	   strstr(hd_buf_str(&r.dump), "function#0 slots=6 debug=@4\n"
	                              "  scope @2 slots 2-3\n"
	                              "  scope @4 inlined-at @12 slots 3-4\n"
	                              "  line \"k.cl\" 3:5 slots 2-3\n"
	                              "  value @7 slot 2\n") != NULL,
	   "its dump: 13 nodes (DebugInfoNone unlisted) and the function's ranges");
	run_free(&r);
}

/* ------------------------------------------------------------------------
 * 1. Header errors. */

static void expect_refusal(const uint8_t *bytes, size_t n, const char *code,
                           uint64_t offset, const char *name)
{
	run r;
	int rc = run_bytes(&r, bytes, n);

	if (!OK(rc == -1 && r.st.kind == HD_BAD_INPUT && r.st.code &&
	        strcmp(r.st.code, code) == 0 && r.st.offset == offset &&
	        strstr(r.st.msg, "word") != NULL && refused_cleanly(&r.st, n / 4),
	        name))
		printf("  # rc %d kind %d code %s offset %llu: %s\n", rc, (int)r.st.kind,
		       r.st.code ? r.st.code : "(null)", (unsigned long long)r.st.offset, r.st.msg);
	run_free(&r);
}

static void test_header(void)
{
	uint32_t *w = malloc(nbase * 4 + 8);
	const uint8_t *b = (const uint8_t *)w;
	uint8_t empty[1] = { 0 };

	memcpy(w, base, nbase * 4);
	expect_refusal(empty, 0, "header", 0, "header: empty input");
	expect_refusal(b, 4, "header", 1, "header: the magic alone");
	expect_refusal(b, 12, "header", 3, "header: 3 words");
	expect_refusal(b, 16, "header", 4, "header: 4 words");
	w[0] = SPV_MAGIC + 1;
	expect_refusal(b, nbase * 4, "header", 0, "header: wrong magic");
	w[0] = 0;
	expect_refusal(b, nbase * 4, "header", 0, "header: a zero first word");
	w[0] = SPV_MAGIC;
	w[4] = 1;
	expect_refusal(b, nbase * 4, "header", 4, "header: schema word 1");
	w[4] = 0xffffffffu;
	expect_refusal(b, nbase * 4, "header", 4, "header: schema word 0xFFFFFFFF");
	w[4] = 0;
	expect_refusal(b, nbase * 4 - 1, "truncated", nbase - 1, "size: 4n-1 bytes");
	w[nbase] = 0;
	expect_refusal(b, nbase * 4 + 1, "truncated", nbase, "size: 4n+1 bytes");
	expect_refusal(b, 3, "truncated", 0, "size: 3 bytes");
	/* Big-endian header errors are found after the swap, at the same words. */
	swap_words(w, nbase);
	w[4] = bswap32(7);
	expect_refusal(b, nbase * 4, "header", 4, "header: big-endian, schema word 7");
	expect_refusal(b, 8, "header", 2, "header: big-endian, 2 words");
	free(w);
}

/* ------------------------------------------------------------------------
 * 2. Framing errors in the middle and at the end. */

static void test_framing(void)
{
	mod m;
	uint32_t at_zero, at_long;

	frame(&m, OCL100);
	at_zero = INSN(&m, OP_CAPABILITY, CAP_KERNEL);
	INSN(&m, OP_CAPABILITY, CAP_KERNEL);
	finish(&m);
	m.w[at_zero] = OP_CAPABILITY;  /* word count 0, opcode kept */
	expect_refusal((const uint8_t *)m.w, m.n * 4, "word-count", at_zero,
	               "word count 0 in the middle: its word offset");
	m.w[at_zero] = 0;
	expect_refusal((const uint8_t *)m.w, m.n * 4, "word-count", at_zero,
	               "an all-zero word in the middle: its word offset");
	m.w[at_zero] = 2u << 16 | OP_CAPABILITY;
	at_long = INSN(&m, OP_STRING, new_id(&m), 0);
	m.w[at_long] = 9u << 16 | OP_STRING;  /* claims 9 words, 3 are there */
	expect_refusal((const uint8_t *)m.w, m.n * 4, "truncated", at_long,
	               "the last instruction runs past the end: its word offset");
	m.w[at_long] = 0xffffu << 16 | OP_STRING;
	expect_refusal((const uint8_t *)m.w, m.n * 4, "truncated", at_long,
	               "word count 65535 at the end: its word offset");
	m.w[at_zero] = 0xffffu << 16 | OP_CAPABILITY;
	expect_refusal((const uint8_t *)m.w, m.n * 4, "truncated", at_zero,
	               "word count 65535 in the middle: the first bad instruction's offset");
	mod_free(&m);
}

/* ------------------------------------------------------------------------
 * 3. Byte order: a big-endian module reads as the same module. */

static void test_byte_order(void)
{
	mod m;
	int swapped = 0;

	OK(same_both_ways(base, nbase, &swapped) && swapped == 1,
	   "big-endian reference module: swapped == 1, same check and dump text");

	/* A module that breaks rules, so the diagnostics text is not trivial. */
	frame(&m, OCL100);
	EXT(&m, new_id(&m), DI_LEXICAL_BLOCK, ID_SRC, 1, 1, ID_CU + 100);
	EXT(&m, new_id(&m), DI_TYPE_BASIC, ID_NAME, ID_C32);
	EXT(&m, new_id(&m), 77);
	finish(&m);
	swapped = 0;
	OK(same_both_ways(m.w, m.n, &swapped) && swapped == 1,
	   "big-endian module with findings: same check and dump text");
	mod_free(&m);
}

/* ------------------------------------------------------------------------
 * 4. Ids. */

static void test_ids(void)
{
	mod m;
	run r;
	uint32_t at_bound, at_edge, at_first, at_twice, at_set, at_short, at_std, std_id;
	char want[120];

	frame(&m, OCL100);
	at_edge = insn_str(&m, OP_STRING, 40, "edge");    /* bound - 1: fine */
	at_bound = insn_str(&m, OP_STRING, 41, "over");   /* == bound */
	at_first = insn_str(&m, OP_STRING, 30, "one");
	at_twice = insn_str(&m, OP_STRING, 30, "two");
	at_set = INSN(&m, OP_EXT_INST, ID_VOID, 31, ID_FILE, DI_NONE);
	at_short = INSN(&m, OP_EXT_INST, ID_VOID, 32, ID_SET);
	std_id = 33;
	insn_str(&m, OP_EXT_INST_IMPORT, std_id, "OpenCL.std");
	at_std = INSN(&m, OP_EXT_INST, ID_VOID, 34, std_id, 1, ID_C32);
	m.w[3] = 41;
	run_mod(&r, &m);
	if (!OK(r.rc == 0 && r.sane, "ids: the module reads"))
		show(&r);
	if (r.rc == 0) {
		OK(count_rule(r.m, "SPIR-V/id-bound", at_bound) == 1 &&
		   count_rule(r.m, "SPIR-V/id-bound", ANY) == 1 &&
		   count_rule(r.m, "SPIR-V/id-bound", at_edge) == 0,
		   "ids: result id == bound is SPIR-V/id-bound, bound - 1 is not");
		snprintf(want, sizeof want, "already defined at word %u", at_first);
		OK(count_rule(r.m, "SPIR-V/id-redefined", at_twice) == 1 &&
		   count_rule(r.m, "SPIR-V/id-redefined", ANY) == 1 &&
		   strstr(hd_buf_str(&r.diags), want) != NULL,
		   "ids: an id defined twice is SPIR-V/id-redefined at the second, naming the first");
		OK(count_rule(r.m, "SPIR-V/OpExtInst/set-not-imported", at_set) == 1 &&
		   strstr(hd_buf_str(&r.diags), "OpExtInst 'Set'") != NULL,
		   "ids: OpExtInst whose Set is an OpString is set-not-imported");
		OK(count_rule(r.m, "SPIR-V/OpExtInst/word-count", at_short) == 1 &&
		   node_at(r.m, at_short) == NULL,
		   "ids: a 4-word OpExtInst is OpExtInst/word-count and no node");
		OK(node_at(r.m, at_std) == NULL && count_at(r.m, at_std) == 0,
		   "ids: an OpExtInst of OpenCL.std is no node and no finding");
		snprintf(want, sizeof want, "word %u %%41 OpString: SPIR-V/id-bound", at_bound);
		OK(strstr(hd_buf_str(&r.diags), want) != NULL,
		   "ids: the id-bound line names word, id and instruction");
	}
	run_free(&r);

	/* A bound of 0xFFFFFFFF on a tiny module: the id map follows the
	 * definitions, not the bound. */
	m.w[3] = 0xffffffffu;
	run_mod(&r, &m);
	OK(r.rc == 0 && r.sane && r.m->bound == 0xffffffffu && r.m->ids.cap <= 64 &&
	   count_rule(r.m, "SPIR-V/id-bound", ANY) == 0,
	   "ids: bound 0xFFFFFFFF reads, with an id map of at most 64 slots");
	run_free(&r);
	/* And a bound of 0: every id is past it (the redefinition counts twice). */
	m.w[3] = 0;
	run_mod(&r, &m);
	OK(r.rc == 0 && r.sane && count_rule(r.m, "SPIR-V/id-bound", ANY) == r.m->ids.count + 1,
	   "ids: bound 0 makes every definition an id-bound finding");
	run_free(&r);
	mod_free(&m);
}

/* ------------------------------------------------------------------------
 * 4b. The id map stays linear whatever ids a module picks. */

/* n OpString "" instructions (3 words each) defining ids[0..n) under
 * bound; *nwords gets the module's length. */
static uint32_t *strings_module(const uint32_t *ids, uint32_t n, uint32_t bound,
                                size_t *nwords)
{
	uint32_t *w = malloc(((size_t)5 + 3u * n) * sizeof *w);
	size_t k = 5;

	if (w == NULL)
		return NULL;
	w[0] = 0x07230203u;
	w[1] = 0x00010000u;
	w[2] = 0;
	w[3] = bound;
	w[4] = 0;
	for (uint32_t i = 0; i < n; i++) {
		w[k++] = 3u << 16 | OP_STRING;
		w[k++] = ids[i];
		w[k++] = 0;  /* "" and its NUL */
	}
	*nwords = k;
	return w;
}

/* The reader once kept ids in a linear-probing table whose slot was
 * id * 2654435769 modulo its size, a power of two at least twice the
 * definitions: 2^18 for 131072. Every id r + k * 2^18 then starts at r's
 * slot, so 131072 ids over 8 residues whose slots are 1..8 made one
 * cluster and about 8.6e9 probes. The entries examined while building
 * (m->ids.probes) must now stay at one per dense id and 1 + log2(n) per id
 * far above the module's size. */
static void test_id_map_linear(void)
{
	enum { N = 131072, SLOTS = 1u << 18, LOG2N = 17 };
	const uint32_t inverse = 0x144cbc89u; /* 2654435769^-1 modulo 2^32 */
	uint32_t *ids = malloc(N * sizeof *ids), *w;
	size_t nwords = 0;
	run r;

	if (!OK(ids != NULL && 2654435769u * inverse == 1u, "id map: the old hash inverts"))
		return;
	for (uint32_t i = 0; i < N; i++) {
		uint32_t home = 1 + i % 8, r0 = (home * inverse) & (SLOTS - 1);
		ids[i] = r0 + (i / 8) * SLOTS;
	}
	OK(((ids[N - 1] * 2654435769u) & (SLOTS - 1)) == 8 &&
	   ((ids[N / 2] * 2654435769u) & (SLOTS - 1)) == 1,
	   "id map: the ids share the old table's slots 1..8");
	w = strings_module(ids, N, 0xffffffffu, &nwords);
	memset(&r, 0, sizeof r);
	r.rc = hd_spv_read_binary((const uint8_t *)w, nwords * 4, &r.m, &r.st);
	if (OK(r.rc == 0 && r.m->ids.count == N && r.m->ndiags == 0,
	       "id map: 131072 ids colliding in the old hash read, with no finding")) {
		uint32_t wrong = 0;
		if (!OK(r.m->ids.probes <= (uint64_t)N * (1 + LOG2N),
		        "id map: at most 1 + log2(n) entries examined per id"))
			printf("  # entries examined %llu for %u ids\n",
			       (unsigned long long)r.m->ids.probes, (unsigned)N);
		for (uint32_t i = 0; i < N; i++)
			wrong += hd_spv_def(r.m, ids[i]) != (int32_t)i;
		wrong += hd_spv_def(r.m, ids[0] + 1) != -1 || hd_spv_def(r.m, 0xffffffffu) != -1;
		OK(wrong == 0, "id map: each of them finds its instruction, and no other id resolves");
	} else {
		printf("  # rc %d: %s\n", r.rc, r.st.msg);
	}
	hd_spv_free(r.m);
	free(w);

	/* As many ids, dense (1..N) and interleaved: each examines one entry. */
	for (uint32_t i = 0; i < N; i++)
		ids[i] = 1 + (i % 8) * (N / 8) + i / 8;
	w = strings_module(ids, N, N + 1, &nwords);
	r.rc = hd_spv_read_binary((const uint8_t *)w, nwords * 4, &r.m, &r.st);
	if (OK(r.rc == 0 && r.m->ids.count == N, "id map: 131072 dense ids read")) {
		uint32_t wrong = 0;
		OK(r.m->ids.probes <= N, "id map: one entry examined per definition");
		for (uint32_t i = 0; i < N; i++)
			wrong += hd_spv_def(r.m, ids[i]) != (int32_t)i;
		wrong += hd_spv_def(r.m, N + 1) != -1 || hd_spv_def(r.m, 0) != -1 ||
		         hd_spv_def(r.m, 0xffffffffu) != -1;
		OK(wrong == 0, "id map: every id finds its instruction, and no other id resolves");
		if (r.m->ids.probes > N)
			printf("  # entries examined %llu for %u ids\n",
			       (unsigned long long)r.m->ids.probes, (unsigned)N);
	}
	hd_spv_free(r.m);
	free(w);
	free(ids);
}

/* ------------------------------------------------------------------------
 * 5. Operand counts and unknown extended opcodes. */

static void test_operand_count(void)
{
	static const struct {
		const char *name;  /* the instruction's name in the rule id */
		const char *why;
		uint32_t nops;
		uint32_t ops[12];  /* extended opcode, then operands */
	} cases[] = {
		{ "DebugTypeBasic", "Encoding missing", 3, { DI_TYPE_BASIC, ID_NAME, ID_C32 } },
		{ "DebugTypeBasic", "a word left over", 5,
		  { DI_TYPE_BASIC, ID_NAME, ID_C32, 4, 4 } },
		{ "DebugSource", "File missing", 1, { DI_SOURCE } },
		{ "DebugSource", "a word after Text", 4, { DI_SOURCE, ID_FILE, ID_FILE, ID_FILE } },
		{ "DebugInfoNone", "a word where none belongs", 2, { DI_NONE, ID_CU } },
		{ "DebugCompilationUnit", "Language missing", 4,
		  { DI_COMPILATION_UNIT, 65536, 5, ID_SRC } },
		{ "DebugLexicalBlock", "Parent missing", 4, { DI_LEXICAL_BLOCK, ID_SRC, 1, 1 } },
		{ "DebugLexicalBlock", "a word after Name", 7,
		  { DI_LEXICAL_BLOCK, ID_SRC, 1, 1, ID_CU, ID_NAME, 0 } },
		{ "DebugTypeEnum", "half an enumerator pair", 12,
		  { DI_TYPE_ENUM, ID_NAME, ID_NONE, ID_SRC, 1, 1, ID_CU, ID_C32, 0, 7, ID_NAME, 8 } },
		{ "DebugScope", "a word after Inlined At", 4, { DI_SCOPE, ID_CU, ID_NONE, ID_NONE } },
		{ "DebugNoScope", "a word where none belongs", 2, { DI_NO_SCOPE, ID_CU } },
	};
	enum { NCASES = sizeof cases / sizeof cases[0] };
	uint32_t at[NCASES], at_unknown, at_big;
	mod m;
	run r;
	char rid[120], name[160];

	frame(&m, OCL100);
	for (int i = 0; i < NCASES; i++)
		at[i] = ext(&m, new_id(&m), cases[i].nops, cases[i].ops);
	at_unknown = EXT(&m, new_id(&m), 200, 1, 2, 3);
	at_big = EXT(&m, new_id(&m), 0xffffffffu);
	finish(&m);
	run_mod(&r, &m);
	if (!OK(r.rc == 0 && r.sane, "operand-count: the module reads, builds, validates")) {
		show(&r);
		run_free(&r);
		mod_free(&m);
		return;
	}
	for (int i = 0; i < NCASES; i++) {
		hd_di_span spans[HD_DI_MAX_OPERANDS];
		const hd_di_node *n = node_at(r.m, at[i]);

		snprintf(rid, sizeof rid, OCL100 "/%s/operand-count", cases[i].name);
		snprintf(name, sizeof name, "%s: %s", rid, cases[i].why);
		OK(n && n->inst && hd_di_operands(n, spans) == -1 &&
		   count_rule(r.m, rid, at[i]) == 1, name);
	}
	/* The DebugInfoNone case is not listed (references print `none`); the
	 * two unknown opcodes print their words too. */
	OK(count_lines(&r.dump, " words") == NCASES - 1 + 2,
	   "operand-count: the dump prints such nodes as raw words");
	OK(count_rule(r.m, OCL100 "/unknown-instruction", at_unknown) == 1 &&
	   count_rule(r.m, OCL100 "/unknown-instruction", at_big) == 1 &&
	   strstr(hd_buf_str(&r.diags), "has no instruction 200") != NULL,
	   "extended opcodes 200 and 0xFFFFFFFF: " OCL100 "/unknown-instruction");
	OK(count_lines(&r.dump, " OpExtInst words 1 2 3") == 1,
	   "an unknown extended opcode dumps as OpExtInst and its words");
	run_free(&r);
	mod_free(&m);
}

/* ------------------------------------------------------------------------
 * 6. Loops and long chains. */

static void test_cycles(void)
{
	mod m;
	run r;
	uint32_t a, b, c, x, y, self, at_a, at_b, at_c, at_x, at_self;

	frame(&m, OCL100);
	a = new_id(&m);
	b = new_id(&m);
	c = new_id(&m);
	x = new_id(&m);
	y = new_id(&m);
	self = new_id(&m);
	at_a = EXT(&m, a, DI_LEXICAL_BLOCK, ID_SRC, 1, 1, b);
	at_b = EXT(&m, b, DI_LEXICAL_BLOCK, ID_SRC, 2, 1, a);
	at_c = EXT(&m, c, DI_LEXICAL_BLOCK, ID_SRC, 3, 1, b);  /* leads into the loop */
	at_x = EXT(&m, x, DI_INLINED_AT, 1, ID_CU, y);
	EXT(&m, y, DI_INLINED_AT, 2, ID_CU, x);
	at_self = EXT(&m, self, DI_LEXICAL_BLOCK, ID_SRC, 4, 1, self);
	finish(&m);
	run_mod(&r, &m);
	if (!OK(r.rc == 0 && r.sane, "loops: the module reads, builds, validates, dumps"))
		show(&r);
	if (r.rc == 0) {
		OK(count_rule(r.m, OCL100 "/DebugLexicalBlock/scope-cycle", at_a) == 1 &&
		   count_rule(r.m, OCL100 "/DebugLexicalBlock/scope-cycle", at_self) == 1 &&
		   count_rule(r.m, OCL100 "/DebugLexicalBlock/scope-cycle", ANY) == 2,
		   "loops: two blocks naming each other: one scope-cycle, at the first; "
		   "a self-parent: one; a tail into the loop: none");
		OK(count_rule(r.m, OCL100 "/DebugLexicalBlock/forward-reference", at_a) == 1 &&
		   count_rule(r.m, OCL100 "/DebugLexicalBlock/forward-reference", ANY) == 1 &&
		   count_rule(r.m, OCL100 "/DebugLexicalBlock/scope-cycle", at_b) == 0 &&
		   count_rule(r.m, OCL100 "/DebugLexicalBlock/scope-cycle", at_c) == 0,
		   "loops: the first block's Parent is a forward reference, once");
		OK(count_rule(r.m, OCL100 "/DebugInlinedAt/inlined-cycle", at_x) == 1 &&
		   count_rule(r.m, OCL100 "/DebugInlinedAt/inlined-cycle", ANY) == 1 &&
		   count_rule(r.m, OCL100 "/DebugInlinedAt/forward-reference", at_x) == 1,
		   "loops: two DebugInlinedAt naming each other: one inlined-cycle, at the first");
		OK(r.broken == 5 && count_lines(&r.dump, " DebugLexicalBlock ") == 4 &&
		   count_lines(&r.dump, " DebugInlinedAt ") == 2,
		   "loops: five findings in all; every node of a loop is dumped");
	}
	run_free(&r);
	mod_free(&m);
}

/* ------------------------------------------------------------------------
 * 9. Broken assembly text. */

static void expect_assembly_error(const char *text, uint64_t line, const char *name)
{
	uint32_t *words = NULL;
	size_t nwords = 0;
	hd_status st;
	char want[40];
	int rc;

	hd_status_clear(&st);
	rc = hd_spv_assemble(text, strlen(text), &words, &nwords, &st);
	snprintf(want, sizeof want, "line %llu:", (unsigned long long)line);
	if (!OK(rc == -1 && st.kind == HD_BAD_INPUT && strcmp(st.code, "assemble") == 0 &&
	        st.offset == line && starts(st.msg, want) &&
	        strstr(st.msg, "[SPIR-V/assemble]") != NULL,
	        name))
		printf("  # rc %d code %s offset %llu: %s\n", rc, st.code,
		       (unsigned long long)st.offset, st.msg);
	if (rc == 0)
		free(words);
}

static void test_assembly(void)
{
	char path[] = "/tmp/hdcts_spirv_XXXXXX";
	hd_spv_module *m = NULL;
	hd_status st;
	FILE *f;
	int fd, rc;

	expect_assembly_error("OpCapability Shader\n%1 = OpBogus\n", 2,
	                      "assemble: an unknown opcode on line 2");
	expect_assembly_error("OpCapability Addresses\nOpCapability Kernel\n"
	                      "%1 = OpExtInstImport \"OpenCL.DebugInfo.100\"\n"
	                      "OpMemoryModel Physical64 OpenCL\n"
	                      "%2 = OpTypeVoid\n"
	                      "%3 = OpExtInst %2 %1 DebugNoSuchThing\n", 6,
	                      "assemble: an unknown extended instruction on line 6");
	expect_assembly_error("OpCapability Kernel\n\n\n%1 = OpString \"open\n", 4,
	                      "assemble: an unterminated string on line 4");
	expect_assembly_error("OpCapability NoSuchCapability\n", 1,
	                      "assemble: an unknown operand on line 1");
	/* SPIRV-Tools places "found the end of the stream" after the last
	 * newline, so this text has none. */
	expect_assembly_error("%1 = OpTypeInt 32", 1, "assemble: a missing operand on line 1");

	/* The same through hd_spv_load, which picks text by content. */
	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		OK(0, "load: a temporary file");
		return;
	}
	fputs("OpCapability Kernel\n%1 = OpNope\n", f);
	fclose(f);
	rc = hd_spv_load(path, &m, &st);
	OK(rc == -1 && m == NULL && st.kind == HD_BAD_INPUT && strcmp(st.code, "assemble") == 0 &&
	   st.offset == 2, "load: broken text is refused with its line");
	remove(path);
	rc = hd_spv_load(path, &m, &st);
	OK(rc == -1 && m == NULL && st.kind == HD_BAD_INPUT && strcmp(st.code, "open") == 0,
	   "load: a missing file is refused");
}

/* ------------------------------------------------------------------------
 * 10. DebugInfo 1.00's DebugValue: Local Variable, Value, Expression, then
 * Indexes (grammar-errata.txt restores the first, DebugInfo 1.00 section 4.8). */

static void test_debuginfo_100(void)
{
	enum { S_INT = ID_FIRST, S_F, T_INT, T_FN, FN_DI, VAR, EXPR, FN, LABEL, SCOPE, V2, V3, V5,
	       END };
	mod m;
	run r;
	uint32_t at2, at3, at5;
	const hd_di_node *n2, *n3, *n5;
	hd_di_span spans[HD_DI_MAX_OPERANDS];

	frame(&m, "DebugInfo");
	insn_str(&m, OP_STRING, S_INT, "int");
	insn_str(&m, OP_STRING, S_F, "f");
	/* 1.00 numbers: CompilationUnit Source (the file's OpString), Version,
	 * DWARF Version; Encoding 0 (Unspecified) and Flags 0 are in both sets. */
	EXT(&m, ID_CU, DI_COMPILATION_UNIT, ID_FILE, 1, 4);
	EXT(&m, T_INT, DI_TYPE_BASIC, S_INT, ID_C32, 0);
	EXT(&m, T_FN, DI_TYPE_FUNCTION, ID_VOID);
	EXT(&m, FN_DI, DI_FUNCTION, S_F, T_FN, ID_FILE, 1, 1, ID_CU, S_F, 0, 1, FN);
	EXT(&m, VAR, DI_LOCAL_VARIABLE, ID_NAME, T_INT, ID_FILE, 2, 3, FN_DI);
	EXT(&m, EXPR, DI_EXPRESSION);
	INSN(&m, OP_FUNCTION, ID_VOID, FN, 0, ID_FNTY);
	INSN(&m, OP_LABEL, LABEL);
	EXT(&m, SCOPE, DI_SCOPE, FN_DI);
	at2 = EXT(&m, V2, DI_VALUE, VAR, ID_C32);
	at3 = EXT(&m, V3, DI_VALUE, VAR, ID_C32, EXPR);
	at5 = EXT(&m, V5, DI_VALUE, VAR, ID_C32, EXPR, ID_C32, ID_C32);
	function_end(&m);
	m.next_id = END;
	finish(&m);
	run_mod(&r, &m);
	if (!OK(r.rc == 0 && r.sane, "DebugInfo 1.00: the module reads, builds, validates")) {
		show(&r);
		run_free(&r);
		mod_free(&m);
		return;
	}
	n2 = node_at(r.m, at2);
	n3 = node_at(r.m, at3);
	n5 = node_at(r.m, at5);
	OK(n3 && n3->inst && n3->inst->noperands == 4 &&
	   strcmp(n3->inst->operands[0].name, "Local Variable") == 0 &&
	   strcmp(n3->inst->operands[3].name, "Indexes") == 0,
	   "DebugInfo 1.00 DebugValue: Local Variable first, Indexes last");
	OK(n2 && hd_di_operands(n2, spans) == -1 &&
	   count_rule(r.m, "DebugInfo/DebugValue/operand-count", at2) == 1,
	   "DebugInfo 1.00 DebugValue with 2 ids (no Expression): operand-count");
	OK(n3 && hd_di_operands(n3, spans) == 4 && spans[3].count == 0 &&
	   hd_di_operand_id(n3, HD_O_Local_Variable) == VAR &&
	   hd_di_operand_id(n3, HD_O_Expression) == EXPR &&
	   count_rule(r.m, "DebugInfo/DebugValue/operand-count", at3) == 0,
	   "DebugInfo 1.00 DebugValue with 3 ids: fits, no Indexes");
	OK(n5 && hd_di_operands(n5, spans) == 4 && spans[3].first == 3 && spans[3].count == 2 &&
	   count_rule(r.m, "DebugInfo/DebugValue/operand-count", at5) == 0,
	   "DebugInfo 1.00 DebugValue with 3 ids and 2 Indexes: fits");
	if (!OK(r.broken == 1, "DebugInfo 1.00: the 2-id DebugValue is the only finding"))
		show(&r);
	OK(count_lines(&r.dump, "DebugValue [DebugInfo] Local Variable=@") == 2,
	   "DebugInfo 1.00: the dump names the Local Variable operand");
	run_free(&r);
	mod_free(&m);
}

int main(void)
{
	tap_begin();
	test_base();
	test_header();
	test_framing();
	test_byte_order();
	test_ids();
	test_id_map_linear();
	test_operand_count();
	test_cycles();
	test_assembly();
	test_debuginfo_100();
	free(base);
	return tap_end();
}
