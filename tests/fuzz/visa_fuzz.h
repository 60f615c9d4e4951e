/* One input of the vISA debug-information reader's fuzzing (test_visa_fuzz.c,
 * the libFuzzer target visa_fuzz_target.c). The bytes must be refused with
 * a named reading error (HD_BAD_INPUT, a "visa/" code, the offset in the
 * message), or read; what is read is validated (with and without a code
 * size), and its dump must assemble back into exactly the same bytes.
 * Returns 0 read, 1 refused, -1 when a contract broke; a crash or a hang is
 * the sanitizers' and the fuzzer's to see. */
#ifndef HD_VISA_FUZZ_H
#define HD_VISA_FUZZ_H

#include <stdint.h>
#include <string.h>

#include "intelgt/claims.h"
#include "visa/gen_code.h"
#include "visa/visa.h"

static inline int visa_fuzz_named(const hd_status *st)
{
	return st->kind == HD_BAD_INPUT && st->code != NULL && strncmp(st->code, "visa/", 5) == 0 &&
	       strncmp(st->msg, "offset 0x", 9) == 0;
}

/* The findings of one validation stay under the cap and name known rules. */
static inline int visa_fuzz_validate(const hd_visa_file *f, const hd_visa_options *o)
{
	hd_visa_findings fs = { 0 };
	size_t n = hd_visa_validate(f, o, &fs);
	int ok = n == fs.n + fs.dropped && fs.n <= HD_VISA_MAX_FINDINGS;

	for (size_t i = 0; ok && i < fs.n; i++)
		ok = (unsigned)fs.v[i].rule < HD_VISA_NRULES && fs.v[i].offset <= f->size;
	hd_visa_findings_free(&fs);
	return ok;
}

/* Read and validate only, without the dump's round trip: the cheap part,
 * for the tests that try every value of every byte. */
static inline int visa_fuzz_read(const uint8_t *data, size_t size)
{
	hd_visa_options unknown = { 0, 0, NULL, NULL };
	hd_visa_file *f;
	hd_status st;
	int rc;

	hd_status_clear(&st);
	if (hd_visa_read(data, size, &f, &st) != 0)
		return visa_fuzz_named(&st) && f == NULL ? 1 : -1;
	rc = visa_fuzz_validate(f, &unknown) ? 0 : -1;
	hd_visa_free(f);
	return rc;
}

static inline int visa_fuzz_one(const uint8_t *data, size_t size)
{
	/* DWARF register claims in and past the code, so that mutated maps and
	 * intervals meet visa-dwarf-register's join too */
	static hd_gt_claim claim_v[] = {
		{ "x", 0, 0x400, 1, 0 }, { "y", 0x20, 0x60, 12, 8 }, { "z", 0x10000, 0x10010, 2, 0 }
	};
	hd_gt_claims claims = { claim_v, 3, 3, 0, 0, 0, 0, 0, 0 };
	hd_visa_options unknown = { 0, 0, NULL, NULL }, known = { 1, 0x400, NULL, &claims },
	                code = { 0, 0, NULL, NULL };
	hd_gen_code g = { NULL, 0 };
	hd_visa_file *f;
	hd_status st;
	hd_buf text, back;
	int rc;

	hd_status_clear(&st);
	if (hd_visa_read(data, size, &f, &st) != 0)
		return visa_fuzz_named(&st) && f == NULL ? 1 : -1;
	rc = visa_fuzz_validate(f, &unknown) && visa_fuzz_validate(f, &known) ? 0 : -1;
	/* the input's own bytes as the Gen code: any offsets, any instruction
	 * lengths, checked against each other */
	if (hd_gen_code_scan(data, size, &g, &st) == 0) {
		code.code_size_known = 1;
		code.code_size = g.len;
		code.code = &g;
		if (!visa_fuzz_validate(f, &code))
			rc = -1;
		hd_gen_code_free(&g);
	} else if (st.kind != HD_BAD_INPUT || strcmp(st.code, "gen-truncated") != 0) {
		rc = -1;  /* code that ends inside an instruction is the only way to fail */
	}
	hd_buf_init(&text);
	hd_buf_init(&back);
	hd_visa_dump(f, &text);
	if (text.failed || hd_visa_assemble((const char *)text.data, text.len, &back, &st) != 0 ||
	    back.len != size || (size && memcmp(back.data, data, size) != 0))
		rc = -1;
	hd_buf_free(&text);
	hd_buf_free(&back);
	hd_visa_free(f);
	return rc;
}

#endif
