/* Writes seed inputs of the eval and cfi fuzz targets from case files
 * (docs/fuzzing.md, "Seed corpora"): the bytes those targets read are what
 * a case holds as text, its expression or its .debug_frame, so the seeds
 * come from the committed cases rather than by hand.
 *
 * usage: fuzz_seed_tool eval|cfi OUTDIR CASE...
 * Each case that parses and has what the target reads becomes OUTDIR/NAME
 * (the case's file name without .case): the setting byte the target reads
 * first, made from the case's own setting, then the bytes. Exit 0 when every
 * case was read, 2 on an error (the message says which). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "case/case.h"
#include "util/buf.h"

/* The eval target's first byte for c: wave32, llvm-user, DWARF64, the
 * result kind, no lane, no compilation unit (eval_fuzz_target.c). */
static uint8_t eval_setting(const hd_case *c)
{
	return (uint8_t)((c->wave == 32 ? 1 : 0) | (c->enc.profile == HD_PROFILE_LLVM_USER ? 2 : 0) |
	                 (c->enc.offset_size == 8 ? 4 : 0) | ((unsigned)c->result % 3) << 3 |
	                 (c->has_lane ? 0 : 0x20) | (c->has_cu ? 0 : 0x40));
}

/* The cfi target's first byte for c: 8-byte addresses, its wave size, the
 * register s33 (number 65 is past the six bits; 33 is s1, a saved one). */
static uint8_t cfi_setting(const hd_case *c)
{
	return (uint8_t)((c->wave == 32 ? 2 : 0) | 33u << 2);
}

/* The bytes of the target's input for c in out; 0 when c has none. */
static int seed_of(const char *target, const hd_case *c, hd_buf *out, hd_status *st)
{
	if (strcmp(target, "eval") == 0) {
		if (!c->has_expr)
			return 0;
		hd_buf_byte(out, eval_setting(c));
		hd_buf_put(out, c->expr.bytes, c->expr.len);
		return 1;
	}
	hd_buf_byte(out, cfi_setting(c));
	if (hd_case_debug_frame(c, out, st) != 0)
		return -1;
	return out->len > 1;
}

/* OUTDIR/NAME for the case at path: its file name without ".case". */
static void seed_path(char *buf, size_t cap, const char *dir, const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".case") == 0)
		n -= 5;
	snprintf(buf, cap, "%s/%.*s", dir, (int)n, base);
}

static int write_file(const char *path, const hd_buf *b)
{
	FILE *f = fopen(path, "wb");
	int ok;

	if (f == NULL)
		return -1;
	ok = fwrite(b->data, 1, b->len, f) == b->len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

int main(int argc, char **argv)
{
	int status = 0;

	if (argc < 3 || (strcmp(argv[1], "eval") != 0 && strcmp(argv[1], "cfi") != 0)) {
		fprintf(stderr, "usage: fuzz_seed_tool eval|cfi OUTDIR CASE...\n");
		return 2;
	}
	for (int i = 3; i < argc; i++) {
		hd_case *c = NULL;
		hd_status st;
		hd_buf b;
		char path[4096];
		int has;

		hd_status_clear(&st);
		if (hd_case_load(argv[i], &c, &st) != 0) {
			fprintf(stderr, "%s: %s\n", argv[i], st.msg);
			status = 2;
			continue;
		}
		hd_buf_init(&b);
		has = seed_of(argv[1], c, &b, &st);
		seed_path(path, sizeof path, argv[2], argv[i]);
		if (has < 0 || b.failed || (has > 0 && write_file(path, &b) != 0)) {
			fprintf(stderr, "%s: %s\n", argv[i], has < 0 ? st.msg : "cannot write the seed");
			status = 2;
		}
		hd_buf_free(&b);
		hd_case_free(c);
	}
	return status;
}
