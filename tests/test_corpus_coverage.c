/* Coverage of the hand-written corpus (cases/expr, cases/cfi): every
 * operation of ops.def must appear in at least one case of each encoding
 * profile that can encode it, and every call frame instruction of cfa.def in
 * at least one case. A case contributes the operations of all the
 * expressions it holds: the expression under test, the object, the initial
 * stack's locations, the DIE locations, the frame answers, the subprograms'
 * attributes, the expression operands of its CFI, and the nested expressions
 * of DW_OP_entry_value. Decoding stops at the first malformed operation or
 * instruction, so a malformed-bytes case still counts what precedes it.
 *
 * Usage: test_corpus_coverage CASES_DIR... Prints TAP version 13: one line
 * per directory loaded, then one per (operation, profile) with an encoding,
 * then one per call frame instruction. */
#define _POSIX_C_SOURCE 200809L

#include "tap.h"

#include "case/case.h"
#include "dwarf/cfi.h"
#include "dwarf/expr.h"
#include "dwarf/ops.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define NPROFILES 2
#define MAX_NESTING 8

static unsigned seen[HD_OP_COUNT][NPROFILES];  /* cases using the op */
static unsigned ncases[NPROFILES];
static unsigned cfa_seen[HD_CFA_COUNT];        /* cases using the instruction */

static void record_expr(const uint8_t *bytes, size_t len, const hd_encoding *enc,
                        unsigned char *mark, int depth)
{
	size_t off = 0;
	hd_op op;
	hd_status st;

	if (bytes == NULL || depth > MAX_NESTING)
		return;
	while (off < len) {
		hd_status_clear(&st);
		if (hd_decode_op(bytes, len, off, enc, &op, &st) != 0 || op.size == 0)
			return;
		mark[op.id] = 1;
		for (int i = 0; i < 2; i++)
			if (hd_op_table[op.id].opnd[i] == HD_OPND_EXPR && op.block != NULL)
				record_expr(op.block, op.block_len, enc, mark, depth + 1);
		off += op.size;
	}
}

/* The instructions of one CIE or FDE, and the expressions they hold. */
static void record_cfa(const uint8_t *bytes, size_t len, unsigned addr_size,
                       const hd_encoding *enc, unsigned char *ops, unsigned char *cfa)
{
	size_t off = 0;
	hd_cfa_insn in;
	hd_status st;

	while (off < len && hd_cfa_decode(bytes, len, off, addr_size, &in, &st) == 0) {
		cfa[in.id] = 1;
		if (in.block != NULL)
			record_expr(in.block, in.block_len, enc, ops, 0);
		off += in.size;
	}
}

static void record_cfi(const hd_case *c, unsigned char *ops, unsigned char *cfa)
{
	hd_cfi *cfi = NULL;
	hd_status st;

	for (size_t i = 0; i < c->ncies; i++)
		record_cfa(c->cies[i].desc.insns, c->cies[i].desc.insns_len,
		           c->cies[i].desc.address_size, &c->enc, ops, cfa);
	for (size_t i = 0; i < c->nfdes; i++)
		record_cfa(c->fdes[i].desc.insns, c->fdes[i].desc.insns_len,
		           c->cies[c->fdes[i].desc.cie].desc.address_size, &c->enc, ops, cfa);
	if (!c->has_debug_frame ||
	    hd_cfi_parse(c->debug_frame, c->debug_frame_len, 8, &cfi, &st) != 0)
		return;
	for (size_t i = 0; i < cfi->ncies; i++)
		if (cfi->cies[i].known)
			record_cfa(cfi->cies[i].insns, cfi->cies[i].insns_len,
			           cfi->cies[i].address_size, &c->enc, ops, cfa);
	for (size_t i = 0; i < cfi->nfdes; i++)
		if (cfi->cies[cfi->fdes[i].cie].known)
			record_cfa(cfi->fdes[i].insns, cfi->fdes[i].insns_len,
			           cfi->cies[cfi->fdes[i].cie].address_size, &c->enc, ops, cfa);
	hd_cfi_free(cfi);
}

static void record_case(const hd_case *c)
{
	unsigned char mark[HD_OP_COUNT], cfa[HD_CFA_COUNT];
	const hd_encoding *enc = &c->enc;
	int p = enc->profile == HD_PROFILE_LLVM_USER ? 1 : 0;

	memset(mark, 0, sizeof mark);
	memset(cfa, 0, sizeof cfa);
	record_expr(c->expr.bytes, c->expr.len, enc, mark, 0);
	if (c->object != NULL)
		record_expr(c->object->bytes, c->object->len, enc, mark, 0);
	for (size_t i = 0; i < c->npush; i++)
		for (uint32_t j = 0; c->push[i].is_loc && j < c->push[i].nalts; j++)
			record_expr(c->push[i].alts[j].bytes, c->push[i].alts[j].len, enc, mark, 0);
	for (size_t i = 0; i < c->cu.ndies; i++)
		record_expr(c->cu.dies[i].location, c->cu.dies[i].location_len, enc, mark, 0);
	for (size_t i = 0; i < c->nframes; i++)
		record_expr(c->frames[i].expr.bytes, c->frames[i].expr.len, enc, mark, 0);
	for (size_t i = 0; i < c->nsubs; i++) {
		const hd_subprogram *sp = &c->subs[i].sub;
		record_expr(sp->frame_base, sp->frame_base_len, enc, mark, 0);
		record_expr(sp->lane_pc, sp->lane_pc_len, enc, mark, 0);
		record_expr(sp->active_lane, sp->active_lane_len, enc, mark, 0);
	}
	record_cfi(c, mark, cfa);
	for (int id = 0; id < HD_CFA_COUNT; id++)
		cfa_seen[id] += cfa[id];
	ncases[p]++;
	for (int id = 0; id < HD_OP_COUNT; id++)
		seen[id][p] += mark[id];
}

static int is_case_name(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && name[0] != '.' && strcmp(name + n - 5, ".case") == 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Loads every case of dir into the counts; 0 when all of them load. */
static int load_dir(const char *dir)
{
	char **names = NULL;
	size_t nnames = 0, cap = 0, bad = 0;
	struct dirent *de;
	DIR *d = opendir(dir);
	char name[160];

	if (d == NULL) {
		printf("# cannot open %s\n", dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (!is_case_name(de->d_name))
			continue;
		if (nnames == cap) {
			char **v;
			cap = cap ? cap * 2 : 256;
			v = realloc(names, cap * sizeof *v);
			if (v == NULL)
				exit(99);
			names = v;
		}
		names[nnames] = malloc(strlen(dir) + strlen(de->d_name) + 2);
		if (names[nnames] == NULL)
			exit(99);
		sprintf(names[nnames], "%s/%s", dir, de->d_name);
		nnames++;
	}
	closedir(d);
	if (nnames > 1)
		qsort(names, nnames, sizeof *names, cmp_names);
	for (size_t i = 0; i < nnames; i++) {
		hd_case *c = NULL;
		hd_status st;

		hd_status_clear(&st);
		if (hd_case_load(names[i], &c, &st) != 0) {
			printf("# %s:%llu: %s: %s\n", names[i], (unsigned long long)st.offset,
			       st.code ? st.code : "?", st.msg);
			bad++;
		} else {
			record_case(c);
			hd_case_free(c);
		}
		free(names[i]);
	}
	free(names);
	snprintf(name, sizeof name, "all %zu cases of %s load", nnames, dir);
	return OK(nnames > 0 && bad == 0, name) ? 0 : -1;
}

int main(int argc, char **argv)
{
	static const hd_profile profiles[NPROFILES] = {
		HD_PROFILE_AMDGPU_V0, HD_PROFILE_LLVM_USER
	};

	tap_begin();
	if (argc < 2)
		OK(load_dir("cases/expr") == 0, "the default corpus loads");
	for (int i = 1; i < argc; i++)
		load_dir(argv[i]);

	for (int id = 0; id < HD_OP_COUNT; id++) {
		for (int p = 0; p < NPROFILES; p++) {
			char name[160];
			if (!hd_op_encodable((hd_op_id)id, profiles[p]))
				continue;
			snprintf(name, sizeof name, "DW_OP_%s in %s (%u of %u cases)",
			         hd_op_table[id].name, hd_profile_name(profiles[p]),
			         seen[id][p], ncases[p]);
			if (!OK(seen[id][p] > 0, name))
				printf("  # no %s case uses DW_OP_%s\n", hd_profile_name(profiles[p]),
				       hd_op_table[id].name);
		}
	}
	for (int id = 0; id < HD_CFA_COUNT; id++) {
		char name[96];
		snprintf(name, sizeof name, "DW_CFA_%s (%u cases)", hd_cfa_table[id].name,
		         cfa_seen[id]);
		OK(cfa_seen[id] > 0, name);
	}
	return tap_end();
}
