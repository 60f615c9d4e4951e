/* The SPIR-V front end on hostile input at scale: very long scope and
 * inlining chains, every one-word change and every cut of the reference
 * module, 64 MiB of random words, and a random well-framed module. It must
 * never crash or hang (the sanitizers of the CI build watch) and keep its
 * diagnostics under the cap. */
#include "spirv_test.h"

#define CHAIN 100000u

/* CHAIN nested blocks (or a ring when ring is set), then CHAIN
 * DebugInlinedAt, each inlined at the one before, and one function whose
 * DebugScope names the innermost block and the last call site. */
static void build_chain(mod *m, int ring)
{
	uint32_t first = ID_FIRST, parent = ring ? ID_FIRST + CHAIN - 1 : ID_CU, inlined, fn;

	frame(m, OCL100);
	for (uint32_t i = 0; i < CHAIN; i++) {
		uint32_t id = new_id(m);
		EXT(m, id, DI_LEXICAL_BLOCK, ID_SRC, i + 1, 1, parent);
		parent = id;
	}
	inlined = new_id(m);
	EXT(m, inlined, DI_INLINED_AT, 1, first);
	for (uint32_t i = 1; i < CHAIN; i++) {
		uint32_t id = new_id(m);
		EXT(m, id, DI_INLINED_AT, i + 1, first, inlined);
		inlined = id;
	}
	fn = new_id(m);
	function_begin(m, fn);
	EXT(m, new_id(m), DI_SCOPE, parent, inlined);
	function_end(m);
	finish(m);
}

static void test_chains(void)
{
	mod m;
	run r;

	build_chain(&m, 0);
	run_mod(&r, &m);
	if (!OK(r.rc == 0 && r.sane && r.broken == 0,
	        "chain: 100,000 nested blocks and 100,000 DebugInlinedAt validate clean"))
		show(&r);
	if (r.rc == 0)
		OK(count_lines(&r.dump, " DebugLexicalBlock ") == CHAIN &&
		   count_lines(&r.dump, " DebugInlinedAt ") == CHAIN &&
		   count_lines(&r.dump, "  scope @") == 1,
		   "chain: the dump lists every block and call site");
	run_free(&r);
	mod_free(&m);

	build_chain(&m, 1);
	run_mod(&r, &m);
	if (r.rc == 0)
		OK(r.sane && count_rule(r.m, OCL100 "/DebugLexicalBlock/scope-cycle", ANY) == 1 &&
		   count_rule(r.m, OCL100 "/DebugLexicalBlock/forward-reference", ANY) == 1 &&
		   r.broken == 2 && count_lines(&r.dump, " DebugLexicalBlock ") == CHAIN,
		   "ring: 100,000 blocks in one Parent loop: one scope-cycle, all dumped");
	else
		OK(0, "ring: the module reads");
	run_free(&r);
	mod_free(&m);
}

/* ------------------------------------------------------------------------
 * 7. Every one-word change and every cut of the reference module. */

/* The values tried at word p: a few everywhere; at an instruction's first
 * word, other word counts and opcodes; at an extended opcode, every debug
 * opcode 0-40. */
static size_t mutations_at(size_t p, int insn_start, int extop, uint32_t *vals)
{
	uint32_t orig = base[p];
	size_t nv = 0;

	vals[nv++] = 0;
	vals[nv++] = 1;
	vals[nv++] = 0xffffffffu;
	vals[nv++] = orig + 1;
	vals[nv++] = orig - 1;
	vals[nv++] = 0x7fffffffu;
	if (insn_start) {
		uint32_t op = orig & 0xffff, count = orig >> 16;
		vals[nv++] = (count + 1) << 16 | op;
		vals[nv++] = (count - 1) << 16 | op;
		vals[nv++] = op;                   /* word count 0 */
		vals[nv++] = 0xffffu << 16 | op;
		vals[nv++] = 1u << 16 | op;
		vals[nv++] = count << 16 | OP_EXT_INST;
		vals[nv++] = count << 16 | OP_FUNCTION;
		vals[nv++] = count << 16 | OP_FUNCTION_END;
		vals[nv++] = count << 16 | OP_LINE;
		vals[nv++] = count << 16 | OP_NOP;
	}
	if (extop)
		for (uint32_t d = 0; d <= 40; d++)
			vals[nv++] = d;
	return nv;
}

static void test_mutations(void)
{
	uint32_t *w = malloc(nbase * 4);
	uint8_t *insn_start = calloc(nbase, 1), *extop = calloc(nbase, 1);
	size_t tried = 0, read_ok = 0, bad = 0, differ = 0;
	long first_bad = -1;
	uint32_t first_val = 0;

	for (size_t p = 5; p < nbase; p += base[p] >> 16) {
		insn_start[p] = 1;
		if ((base[p] & 0xffff) == OP_EXT_INST && p + 4 < nbase)
			extop[p + 4] = 1;
	}
	memcpy(w, base, nbase * 4);
	for (size_t p = 0; p < nbase; p++) {
		uint32_t vals[64];
		size_t nv = mutations_at(p, insn_start[p], extop[p], vals);

		for (size_t v = 0; v < nv; v++) {
			run r;
			int ok;

			w[p] = vals[v];
			tried++;
			run_words(&r, w, nbase);
			if (r.rc == 0) {
				read_ok++;
				ok = r.sane;
			} else {
				ok = refused_cleanly(&r.st, nbase);
			}
			run_free(&r);
			/* The same change seen big-endian must read the same way. */
			if (!same_both_ways(w, nbase, NULL))
				differ++;
			if (!ok && bad++ == 0) {
				first_bad = (long)p;
				first_val = vals[v];
			}
		}
		w[p] = base[p];
	}
	if (!OK(bad == 0, "mutations: every one-word change reads and runs, or is refused cleanly"))
		printf("  # %zu bad, first at word %ld = 0x%08x\n", bad, first_bad, first_val);
	OK(differ == 0, "mutations: each reads the same big-endian");
	OK(read_ok > tried / 4 && read_ok < tried,
	   "mutations: some changes are read and some refused");
	printf("# %zu changes, %zu read\n", tried, read_ok);

	/* Every cut, to each byte length. A cut on an instruction boundary reads
	 * those instructions; inside one, it is refused at that instruction. */
	bad = 0;
	for (size_t len = 0; len <= nbase * 4; len++) {
		size_t nw = len / 4, last = 5, ninsns = 0;
		const char *code;
		uint64_t offset;
		run r;
		int ok;

		for (size_t p = 5; p < nw; p += base[p] >> 16) {
			last = p;
			ninsns++;
		}
		if (len % 4 != 0) {
			code = "truncated";
			offset = nw;
		} else if (nw < 5) {
			code = "header";
			offset = nw;
		} else if (nw > 5 && last + (base[last] >> 16) > nw) {
			code = "truncated";
			offset = last;
		} else {
			code = NULL;
			offset = 0;
		}
		run_bytes(&r, (const uint8_t *)base, len);
		if (code)
			ok = r.rc == -1 && strcmp(r.st.code, code) == 0 && r.st.offset == offset &&
			     refused_cleanly(&r.st, nw);
		else
			ok = r.rc == 0 && r.sane && r.m->ninsns == ninsns;
		if (!ok && bad++ == 0)
			printf("  # cut to %zu bytes: rc %d %s at %llu\n", len, r.rc,
			       r.rc ? r.st.code : "", (unsigned long long)r.st.offset);
		run_free(&r);
	}
	OK(bad == 0, "cuts: every length reads its whole instructions or is refused at the cut one");
	free(w);
	free(insn_start);
	free(extop);
}

/* ------------------------------------------------------------------------
 * 8. Random words and random well-framed modules. */

/* 64 MiB of random words after a valid header. */
#define RANDOM_WORDS (16u << 20)

static void test_random_words(void)
{
	uint32_t *w = malloc((size_t)RANDOM_WORDS * 4);
	size_t p, end;
	run r;
	int ok;

	if (!w) {
		OK(0, "random: 64 MiB allocated");
		return;
	}
	memcpy(w, base, 5 * 4);
	for (size_t i = 5; i < RANDOM_WORDS; i++)
		w[i] = (uint32_t)(tap_random() >> 32);
	run_words(&r, w, RANDOM_WORDS);
	ok = r.rc == 0 ? r.sane : refused_cleanly(&r.st, RANDOM_WORDS);
	if (!OK(ok, "random: 64 MiB of random words after a header: read or refused cleanly"))
		show(&r);
	printf("# 64 MiB random: %s\n", r.rc ? r.st.msg : "read");
	run_free(&r);

	/* The same words with small word counts: millions of instructions of
	 * random opcodes, read to the end. */
	for (p = 5, end = 5; p < RANDOM_WORDS; p += w[p] >> 16) {
		w[p] = (w[p] & 0xffffu) | (1 + (uint32_t)(tap_random() % 8)) << 16;
		end = p;
	}
	if (p != RANDOM_WORDS)  /* the last one ran past the end: shorten it */
		w[end] = (w[end] & 0xffffu) | (uint32_t)(RANDOM_WORDS - end) << 16;
	run_words(&r, w, RANDOM_WORDS);
	if (!OK(r.rc == 0 && r.sane,
	        "random: 64 MiB of framed random instructions: read, validated, dumped"))
		show(&r);
	if (r.rc == 0)
		printf("# %u instructions, %u nodes, %u findings\n", r.m->ninsns, r.m->nnodes,
		       r.broken);
	run_free(&r);
	free(w);
}

/* A random operand: mostly an id of the module, sometimes a small literal,
 * sometimes anything. */
static uint32_t random_operand(uint32_t limit)
{
	uint64_t k = tap_random();

	switch (k % 8) {
	case 0:
		return (uint32_t)(k >> 32);
	case 1:
		return (uint32_t)(k >> 40) % 16;
	default:
		return 1 + (uint32_t)((k >> 32) % limit);
	}
}

#define RANDOM_INSNS 200000u

/* After the frame, RANDOM_INSNS random OpExtInst of the debug set: debug
 * opcodes 0-40, 0 to 11 random operands. Besides random OpExtInst
 * alone, a function opens or closes now and then and an OpLine stands here
 * and there, so that bodies, scopes and lines are random too. */
static void test_random_module(void)
{
	mod m;
	run r;
	uint32_t id_limit = ID_FIRST + RANDOM_INSNS + 16, nnone = 0, fn_lines = 0;
	int in_function = 0;
	char want[80];

	frame(&m, OCL100);
	for (uint32_t i = 0; i < RANDOM_INSNS; i++) {
		uint64_t k = tap_random();
		uint32_t nops = (uint32_t)(k % 12), ops[16];

		if (k % 997 == 0) {
			if (in_function)
				function_end(&m);
			else
				function_begin(&m, new_id(&m));
			in_function = !in_function;
			continue;
		}
		if (k % 61 == 0) {
			INSN(&m, OP_LINE, random_operand(id_limit), (uint32_t)(k >> 40), 1);
			continue;
		}
		ops[0] = (uint32_t)(k >> 16) % 41;  /* debug opcodes 0-40; 37-40 are unknown */
		for (uint32_t j = 1; j <= nops; j++)
			ops[j] = random_operand(id_limit);
		/* Mostly fresh result ids; one in 64 reuses one. */
		ext(&m, (k >> 8) % 64 == 0 ? random_operand(id_limit) : new_id(&m), nops + 1, ops);
		if ((k >> 20) % 128 == 0)  /* one in 128 names another Set */
			m.w[m.n - nops - 2] = random_operand(id_limit);
	}
	if (in_function)
		function_end(&m);
	finish(&m);
	run_mod(&r, &m);
	if (!OK(r.rc == 0 && r.sane,
	        "random module: 200,000 random debug instructions read, validated, dumped")) {
		show(&r);
		run_free(&r);
		mod_free(&m);
		return;
	}
	OK(r.m->ndiags <= HD_SPV_MAX_DIAGS && r.m->ndiags == HD_SPV_MAX_DIAGS &&
	   r.m->ndiags_dropped > 0,
	   "random module: the diagnostics stored stop at HD_SPV_MAX_DIAGS, the rest counted");
	OK(count_lines(&r.diags, "") == HD_SPV_MAX_DIAGS + 2,
	   "random module: the check output is the cap's lines plus two");
	/* The last line counts every finding, stored or not; its wording is the
	 * command's, so only the number is checked. */
	snprintf(want, sizeof want, "(%u more not shown)\n", r.m->ndiags_dropped);
	OK(strstr(hd_buf_str(&r.diags), want) != NULL,
	   "random module: the findings not shown are counted");
	snprintf(want, sizeof want, "%u ", r.broken);
	if (!OK(starts(last_line(&r.diags), want), "random module: the last line is the total"))
		printf("  # last line: %s", last_line(&r.diags));
	for (uint32_t i = 0; i < r.m->nnodes; i++)
		nnone += r.m->nodes[i].inst && strcmp(r.m->nodes[i].inst->name, "DebugInfoNone") == 0;
	for (uint32_t i = 0; i < r.m->nfunctions; i++) {
		const hd_di_function *f = &r.m->functions[i];
		fn_lines += 1 + f->nscopes + f->nlines + f->npoints;
	}
	OK(count_lines(&r.dump, "") == 1 + r.m->nnodes - nnone + fn_lines,
	   "random module: the dump has one line per node (but DebugInfoNone) and per range");
	printf("# %u instructions, %u nodes, %u functions, %u findings\n", r.m->ninsns,
	       r.m->nnodes, r.m->nfunctions, r.broken);
	run_free(&r);
	mod_free(&m);
}

int main(void)
{
	tap_begin();
	load_base();
	test_chains();
	test_mutations();
	test_random_words();
	test_random_module();
	free(base);
	return tap_end();
}
