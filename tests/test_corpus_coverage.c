/* Coverage of the hand-written expression corpus (cases/expr): every
 * operation of ops.def must appear in at least one case of each encoding
 * profile that can encode it. A case contributes the operations of all the
 * expressions it holds: the expression under test, the object, the initial
 * stack's locations, the DIE locations and the frame answers, and the nested
 * expressions of DW_OP_entry_value. Decoding stops at the first malformed
 * operation, so a malformed-bytes case still counts what precedes it.
 *
 * Usage: test_corpus_coverage CASES_DIR. Prints TAP version 13: one line for
 * loading the corpus, then one per (operation, profile) with an encoding. */
#define _POSIX_C_SOURCE 200809L

#include "tap.h"

#include "case/case.h"
#include "dwarf/expr.h"
#include "dwarf/ops.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define NPROFILES 2
#define MAX_NESTING 8

static unsigned seen[HD_OP_COUNT][NPROFILES];  /* cases using the op */
static unsigned ncases[NPROFILES];

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

static void record_case(const hd_case *c)
{
	unsigned char mark[HD_OP_COUNT];
	const hd_encoding *enc = &c->enc;
	int p = enc->profile == HD_PROFILE_LLVM_USER ? 1 : 0;

	memset(mark, 0, sizeof mark);
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

int main(int argc, char **argv)
{
	static const hd_profile profiles[NPROFILES] = {
		HD_PROFILE_AMDGPU_V0, HD_PROFILE_LLVM_USER
	};
	const char *dir = argc > 1 ? argv[1] : "cases/expr";
	char **names = NULL;
	size_t nnames = 0, cap = 0, bad = 0;
	struct dirent *de;
	DIR *d;

	tap_begin();
	d = opendir(dir);
	if (!OK(d != NULL, "the cases directory opens")) {
		printf("  # cannot open %s\n", dir);
		return tap_end();
	}
	while ((de = readdir(d)) != NULL) {
		if (!is_case_name(de->d_name))
			continue;
		if (nnames == cap) {
			char **v;
			cap = cap ? cap * 2 : 256;
			v = realloc(names, cap * sizeof *v);
			if (v == NULL)
				return 99;
			names = v;
		}
		names[nnames] = malloc(strlen(dir) + strlen(de->d_name) + 2);
		if (names[nnames] == NULL)
			return 99;
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
			continue;
		}
		record_case(c);
		hd_case_free(c);
	}
	{
		char name[96];
		snprintf(name, sizeof name, "all %zu cases load", nnames);
		OK(nnames > 0 && bad == 0, name);
	}

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
	for (size_t i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	return tap_end();
}
