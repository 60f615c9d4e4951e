/* The LLVM debug-metadata reader on hostile input, the deterministic part
 * of its fuzzing (llvmdi_fuzz_target.c explores further): the committed
 * cases/llvmdi/ok-*.ll cut at every length and changed one byte at a time
 * (a sample of values at every byte), each read and validated and dumped
 * or refused with a named syntax rule, never a crash (the sanitizers of
 * the CI build watch). Then the bounds: a line past 1 MiB, nesting past
 * the depth bound, and a long chain of scopes and a wide tuple, which
 * must read and validate in linear time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fuzz/llvmdi_fuzz.h"
#include "tap.h"
#include "util/file.h"

static size_t cuts(const uint8_t *p, size_t n)
{
	size_t bad = 0;

	for (size_t k = 0; k < n; k++)
		bad += llvmdi_fuzz_one(p, k) < 0;
	return bad;
}

/* The values a byte is changed to: the characters of the grammar, digits,
 * a quote, a backslash, a newline, and bytes outside ASCII. */
static const uint8_t few[] = { '!', '"', '\\', ')', ',', ':', '{', '0', '-', '\n', 0x00, 0xff };

static size_t changes(const uint8_t *p, size_t n, size_t *tried)
{
	uint8_t *buf = malloc(n ? n : 1);
	size_t bad = 0;

	if (buf == NULL)
		return 1;
	memcpy(buf, p, n);
	for (size_t i = 0; i < n; i++) {
		for (size_t v = i % 2; v < sizeof few; v += 2) {  /* half the values, alternating */
			if (few[v] == p[i])
				continue;
			buf[i] = few[v];
			bad += llvmdi_fuzz_one(buf, n) < 0;
			(*tried)++;
		}
		buf[i] = p[i];
	}
	free(buf);
	return bad;
}

static void check_file(const char *path)
{
	hd_buf b;
	hd_status st;
	char name[512];
	size_t bad, tried = 0;

	hd_buf_init(&b);
	if (hd_read_file(path, 1u << 20, &b, &st) != 0) {
		snprintf(name, sizeof name, "%s reads", path);
		OK(0, name);
		printf("  # %s\n", st.msg);
		return;
	}
	snprintf(name, sizeof name, "%s (%zu bytes) reads clean", path, b.len);
	OK(llvmdi_fuzz_one(b.data, b.len) == 0, name);
	bad = cuts(b.data, b.len);
	snprintf(name, sizeof name, "%s: each of its %zu cuts reads or is a named error", path, b.len);
	if (!OK(bad == 0, name))
		printf("  # %zu cuts broke the contract\n", bad);
	bad = changes(b.data, b.len, &tried);
	snprintf(name, sizeof name, "%s: all %zu one-byte changes read or are named errors", path,
	         tried);
	if (!OK(bad == 0, name))
		printf("  # %zu changes broke the contract\n", bad);
	hd_buf_free(&b);
}

/* Reads text and says whether it was refused with rule id. */
static int refused_with(const char *text, size_t len, const char *id)
{
	hd_lldi_module *m = NULL;
	hd_status st;
	int rc = hd_lldi_read("in.ll", text, len, &m, &st);

	hd_lldi_free(m);
	if (rc == 0)
		return 0;
	return st.code != NULL && strcmp(st.code, id) == 0;
}

static void test_bounds(void)
{
	size_t big = (1u << 20) + 16;
	char *line = malloc(big + 64);
	hd_buf b;

	if (line == NULL)
		return;
	memcpy(line, "!0 = !{!\"", 9);
	memset(line + 9, 'a', big);
	memcpy(line + 9 + big, "\"}\n", 3);
	OK(refused_with(line, big + 12, "llvmdi-line-length"), "a metadata line past 1 MiB is llvmdi-line-length");
	free(line);

	hd_buf_init(&b);
	hd_buf_printf(&b, "!0 = ");
	for (int i = 0; i < 40; i++)
		hd_buf_printf(&b, "!{");
	for (int i = 0; i < 40; i++)
		hd_buf_printf(&b, "}");
	OK(refused_with((const char *)b.data, b.len, "llvmdi-limit"), "tuples nested 40 deep are llvmdi-limit");
	hd_buf_reset(&b);
	hd_buf_printf(&b, "!0 = !DIFile(filename: \"");
	for (int i = 0; i < 70000; i++)
		hd_buf_byte(&b, 'a');
	hd_buf_printf(&b, "\", directory: \"/\")\n");
	OK(refused_with((const char *)b.data, b.len, "llvmdi-limit"), "a string past 64 KiB is llvmdi-limit");
	hd_buf_free(&b);
}

/* 200000 lexical blocks, each the scope of the next, and a wide tuple: read, validated and dumped in well under the time a quadratic
 * walk would take. The tuple names 60000 of them. */
static void test_scale(void)
{
	const int n = 200000;
	hd_lldi_findings fs = { 0 };
	hd_lldi_module *m = NULL;
	hd_status st;
	hd_buf b, out;
	clock_t t0 = clock();
	double secs;

	hd_buf_init(&b);
	hd_buf_printf(&b, "!0 = distinct !DISubprogram(name: \"f\")\n");
	for (int i = 1; i <= n; i++)
		hd_buf_printf(&b, "!%d = distinct !DILexicalBlock(scope: !%d)\n", i, i - 1);
	hd_buf_printf(&b, "!%d = !{", n + 1);
	for (int i = 60000; i >= 1; i--)  /* under the 65536 operands of a tuple */
		hd_buf_printf(&b, "!%d%s", i, i > 1 ? ", " : "}\n");
	if (!OK(hd_lldi_read("in.ll", (const char *)b.data, b.len, &m, &st) == 0,
	        "200000 chained lexical blocks read")) {
		printf("  # %s\n", st.msg);
		hd_buf_free(&b);
		return;
	}
	hd_lldi_validate(m, &fs);
	hd_buf_init(&out);
	hd_lldi_dump(m, &out);
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	OK(fs.n == 0 && !out.failed, "and validate and dump with no finding");
	if (!OK(secs < 20.0, "in linear time (under 20 s with the sanitizers)"))
		printf("  # %.1f s\n", secs);
	hd_buf_free(&out);
	hd_lldi_findings_free(&fs);
	hd_lldi_free(m);
	hd_buf_free(&b);
}

int main(int argc, char **argv)
{
	tap_begin();
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			check_file(argv[i]);
	} else {
		check_file(HDCTS_SOURCE_DIR "/cases/llvmdi/ok-records.ll");
		check_file(HDCTS_SOURCE_DIR "/cases/llvmdi/ok-intrinsics.ll");
	}
	test_bounds();
	test_scale();
	return tap_end();
}
