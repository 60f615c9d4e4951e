/* The decode judge's libFuzzer target (docs/fuzzing.md): built when
 * HDCTS_FUZZ is on, with clang. The judge reads a candidate's output
 * (docs/adapter-protocol.md, "decode"), which the suite does not control.
 * The first byte of an input chooses the encoding profile and with it a
 * fixed set of expressions (those of tests/test_decode_role.c: nested,
 * address-space and aspace_bregx displacements the unsigned reading
 * changes); the rest is the output judged against them. Whatever the text:
 * the call succeeds with one verdict per item, a pass or a verdict with a
 * reason; never a crash, a hang or unbounded memory. */
#include <stdint.h>
#include <stdlib.h>

#include "decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A few lines per item are all the judge can match; more only cost time. */
#define MAX_INPUT (64u << 10)

static const uint8_t b_lit0[] = { 0x30 };
static const uint8_t b_regx65[] = { 0x90, 0x41 };
static const uint8_t b_entry[] = { 0xa3, 0x02, 0x31, 0x50 };   /* entry_value {lit1; reg0} */
static const uint8_t b_aspace[] = { 0x30, 0x36, 0xe1 };        /* lit0; lit6; form_aspace_address */
static const uint8_t v0_m1[] = { 0x33, 0xe8, 0x41, 0x7f };     /* lit3; aspace_bregx 65 -1 */
static const uint8_t user_m65[] = { 0x33, 0xe9, 0x09, 0x41, 0xbf, 0x7f };
static const uint8_t user_min[] = { 0x33, 0xe9, 0x09, 0x41, 0x80, 0x80, 0x80, 0x80,
                                    0x80, 0x80, 0x80, 0x80, 0x80, 0x7f };
static const uint8_t user_nested[] = { 0xa3, 0x05, 0x33, 0xe9, 0x09, 0x41, 0x7f };

static const hc_decode_item v0_items[] = {
	{ "expr/a", b_lit0, sizeof b_lit0 },     { "expr/b", b_regx65, sizeof b_regx65 },
	{ "expr/c", NULL, 0 },                   { "expr/d", b_entry, sizeof b_entry },
	{ "expr/e", b_aspace, sizeof b_aspace }, { "expr/f", v0_m1, sizeof v0_m1 },
};
static const hc_decode_item user_items[] = {
	{ "expr/u", user_m65, sizeof user_m65 }, { "expr/m", user_min, sizeof user_min },
	{ "expr/n", user_nested, sizeof user_nested }, { "expr/a", b_lit0, sizeof b_lit0 },
	{ "expr/b", b_regx65, sizeof b_regx65 },
};
#define NMAX 6

/* A verdict is one the judge may give, and every verdict but a pass says why. */
static int verdict_ok(const hc_decode_verdict *v)
{
	if (v->outcome == HC_PASS)
		return 1;
	return (v->outcome == HC_FAIL || v->outcome == HC_COMPAT_WARNING ||
	        v->outcome == HC_INTERNAL_ERROR) && v->reason != NULL && v->reason[0] != '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hc_decode_verdict v[NMAX] = { 0 };
	int user;
	const hc_decode_item *items;
	size_t n;
	hd_status st;

	if (size < 1 || size > MAX_INPUT)
		return 0;
	user = data[0] & 1;
	items = user ? user_items : v0_items;
	n = user ? sizeof user_items / sizeof user_items[0] : sizeof v0_items / sizeof v0_items[0];
	hd_status_clear(&st);
	if (hc_decode_judge(items, n, user ? HD_PROFILE_LLVM_USER : HD_PROFILE_AMDGPU_V0,
	                    (const char *)data + 1, size - 1, v, &st) != 0) {
		if (st.kind != HD_NO_MEMORY)
			abort();
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (!verdict_ok(&v[i]))
			abort();
	hc_decode_verdicts_free(v, n);
	return 0;
}
