/* The vISA debug-information reader on hostile input, the deterministic
 * part of its fuzzing (visa_fuzz_target.c explores further): files cut at
 * every length and changed one byte at a time. Every cut must be refused
 * with a named reading error (a file is read whole or not at all), and
 * every changed file refused so or read, validated and dumped back into
 * the same bytes; never a crash (the sanitizers of the CI build watch).
 * Files with the largest counts must validate in linear time, their
 * findings past the cap counted.
 *
 * With no argument it takes the committed hand-made files
 * cases/visa/ok-stack-call.visa and ok-edges.visa, assembled; with FILE...
 * (visa_igc_fuzz.sh passes the .dbg IGC writes) it takes those. Every
 * value of every byte is read and validated; the dump's round trip, the
 * costly part, is tried for every value on the hand-made files and for a
 * dozen values per byte on the real ones. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tap.h"
#include "util/file.h"
#include "fuzz/visa_fuzz.h"

/* Every proper prefix of p: refused with a named error. */
static size_t cuts(const uint8_t *p, size_t n, size_t *tried)
{
	size_t bad = 0;

	for (size_t k = 0; k < n; k++, (*tried)++)
		bad += visa_fuzz_one(p, k) != 1;
	return bad;
}

/* p with byte i changed to each value of vals (or all 256 when nvals is
 * 0): read and dumped back (or only read and validated, with fn
 * visa_fuzz_read), or refused with a named error. */
static size_t changes(int (*fn)(const uint8_t *, size_t), const uint8_t *p, size_t n,
                      const uint8_t *vals, size_t nvals, size_t *tried)
{
	uint8_t *buf = malloc(n ? n : 1);
	size_t bad = 0;

	if (buf == NULL)
		return 1;
	memcpy(buf, p, n);
	for (size_t i = 0; i < n; i++) {
		size_t count = nvals ? nvals : 256;
		for (size_t v = 0; v < count; v++) {
			uint8_t b = nvals ? vals[v] : (uint8_t)v;
			if (b == p[i])
				continue;
			buf[i] = b;
			bad += fn(buf, n) < 0;
			(*tried)++;
		}
		buf[i] = p[i];
	}
	free(buf);
	return bad;
}

/* The values a byte of a real file is changed to: small counts, sign and
 * top bits, all ones. */
static const uint8_t few[] = { 0x00, 0x01, 0x02, 0x03, 0x07, 0x10, 0x40, 0x7f, 0x80, 0xc0, 0xfe, 0xff };

/* The cuts of p and its one-byte changes: each value of each byte read and
 * validated; a dozen values of each (all of them when every_value is set,
 * for the small hand-made files) also dumped and assembled back. */
static void check_file(const char *label, const uint8_t *p, size_t n, int every_value)
{
	size_t tried = 0, bad;
	char name[512];

	snprintf(name, sizeof name, "%s (%zu bytes) reads clean and dumps back", label, n);
	OK(visa_fuzz_one(p, n) == 0, name);
	bad = cuts(p, n, &tried);
	snprintf(name, sizeof name, "%s: each of its %zu cuts is a named reading error", label, n);
	if (!OK(bad == 0, name))
		printf("  # %zu cuts broke the contract\n", bad);
	tried = 0;
	bad = changes(visa_fuzz_read, p, n, few, 0, &tried);
	snprintf(name, sizeof name, "%s: all %zu one-byte changes read and validate or are named "
	         "errors", label, tried);
	if (!OK(bad == 0, name))
		printf("  # %zu changes broke the contract\n", bad);
	tried = 0;
	bad = changes(visa_fuzz_one, p, n, few, every_value ? 0 : sizeof few, &tried);
	snprintf(name, sizeof name, "%s: %zu one-byte changes that read dump back into the same "
	         "bytes", label, tried);
	if (!OK(bad == 0, name))
		printf("  # %zu changes broke the contract\n", bad);
}

/* A committed text case, assembled. */
static int assembled(const char *path, hd_buf *bytes)
{
	hd_status st;
	hd_buf text;
	int rc;

	hd_buf_init(&text);
	rc = hd_read_file(path, 1u << 20, &text, &st) == 0 &&
	             hd_visa_assemble((const char *)text.data, text.len, bytes, &st) == 0
	         ? 0
	         : -1;
	if (rc != 0)
		printf("# %s: %s\n", path, st.msg);
	hd_buf_free(&text);
	return rc;
}

/* The largest counts a file can hold, built byte by byte: 65535 objects
 * all at one reloc_offset with one name (every pair a duplicate, so a
 * quadratic check would take minutes), and one variable with 65535
 * intervals that each break a rule. Both must validate quickly, with the
 * findings past the cap counted, not kept. */
static void put_object(hd_buf *b, uint32_t reloc, uint16_t nintervals)
{
	hd_buf_uint(b, 1, 2);
	hd_buf_byte(b, 'o');
	hd_buf_uint(b, reloc, 4);
	hd_buf_uint(b, 0, 4);  /* offsetMap */
	hd_buf_uint(b, 0, 4);  /* indexMap */
	hd_buf_uint(b, nintervals ? 1 : 0, 4);
	if (nintervals) {
		hd_buf_uint(b, 1, 2);
		hd_buf_byte(b, 'v');
		hd_buf_uint(b, nintervals, 2);
		for (uint32_t i = 0; i < nintervals; i++) {
			hd_buf_uint(b, 2, 2);  /* start 2 after end 1 */
			hd_buf_uint(b, 1, 2);
			hd_buf_byte(b, 2);
			hd_buf_byte(b, 2);
			hd_buf_uint(b, 5, 4);
		}
	}
	hd_buf_uint(b, 0, 2);   /* numSubs */
	hd_buf_uint(b, 0, 2);   /* frameSizeInBytes */
	hd_buf_uint(b, 0, 3);   /* the three valid bytes */
	hd_buf_uint(b, 0, 4);   /* callee and caller save counts */
}

#define MAX_SECONDS 10.0

static void test_scale(void)
{
	hd_visa_options o = { 0, 0, NULL, NULL };
	hd_visa_findings fs = { 0 };
	hd_visa_file *f = NULL;
	hd_status st;
	hd_buf b;
	clock_t t0 = clock();
	double secs;
	size_t n;

	hd_buf_init(&b);
	hd_buf_uint(&b, HD_VISA_MAGIC, 4);
	hd_buf_uint(&b, 65535, 2);
	for (uint32_t i = 0; i < 65535; i++)
		put_object(&b, i == 0 ? 0 : 0x100, 0);
	n = hd_visa_read(b.data, b.len, &f, &st) == 0 ? hd_visa_validate(f, &o, &fs) : 0;
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	OK(f != NULL && fs.n == HD_VISA_MAX_FINDINGS && n > 4 * 65534u,
	   "65535 objects at one reloc_offset with one name: read, findings past the cap counted");
	/* CPU time, so a busy machine does not fail it: linear takes well
	 * under a second even with the sanitizers, quadratic minutes */
	OK(secs < MAX_SECONDS, "... in under 10 s of CPU time");
	printf("# %zu findings, %.2f s\n", n, secs);
	hd_visa_findings_free(&fs);
	hd_visa_free(f);

	t0 = clock();
	hd_buf_reset(&b);
	hd_buf_uint(&b, HD_VISA_MAGIC, 4);
	hd_buf_uint(&b, 1, 2);
	put_object(&b, 0, 65535);
	f = NULL;
	n = hd_visa_read(b.data, b.len, &f, &st) == 0 ? hd_visa_validate(f, &o, &fs) : 0;
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	OK(f != NULL && n == 65535u + 1 && fs.n == HD_VISA_MAX_FINDINGS,
	   "a variable with 65535 intervals, each starting after it ends: one finding each, "
	   "the indexMap's missing end entry once");
	OK(secs < MAX_SECONDS, "... in under 10 s of CPU time");
	printf("# %zu findings, %.2f s\n", n, secs);
	hd_visa_findings_free(&fs);
	hd_visa_free(f);
	hd_buf_free(&b);
}

/* The last two parts of a path, "-O0/OCL_asm...dbg": the scratch
 * directory above them changes from run to run. */
static const char *short_name(const char *path)
{
	const char *last = strrchr(path, '/'), *p;

	if (last == NULL || last == path)
		return path;
	for (p = last - 1; p > path && *p != '/'; p--)
		;
	return *p == '/' ? p + 1 : p;
}

int main(int argc, char **argv)
{
	static const char *const cases[] = { "ok-stack-call.visa", "ok-edges.visa" };

	tap_begin();
	if (argc > 1) {
		for (int i = 1; i < argc; i++) {
			hd_status st;
			hd_buf b;
			hd_buf_init(&b);
			if (OK(hd_read_file(argv[i], 1u << 20, &b, &st) == 0, short_name(argv[i])))
				check_file(short_name(argv[i]), b.data, b.len, 0);
			hd_buf_free(&b);
		}
		return tap_end();
	}
	test_scale();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char path[1024];
		hd_buf b;

		snprintf(path, sizeof path, "%s/cases/visa/%s", HDCTS_SOURCE_DIR, cases[i]);
		hd_buf_init(&b);
		if (OK(assembled(path, &b) == 0, cases[i]))
			check_file(cases[i], b.data, b.len, 1);
		hd_buf_free(&b);
	}
	return tap_end();
}
