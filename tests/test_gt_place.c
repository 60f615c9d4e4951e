/* Where IGC's location expressions put a variable for a lane
 * (reference/intelgt/place.c): the byte sequences IGC 1.0.12504 writes,
 * each lane's register and bit offset, the kinds a cross-check skips, and
 * bounded errors for expressions that underflow, branch off an operation or
 * loop. */
#include <stdlib.h>

#include "intelgt/place.h"
#include "tap.h"

/* Decodes bytes in intel-gt and places them for lane; 0 or -1 (st set). */
static int place(const uint8_t *bytes, size_t len, unsigned lane, hd_gt_place *p,
                 hd_status *st)
{
	hd_encoding enc = { HD_PROFILE_INTEL_GT, 8, 4 };
	hd_op *ops = NULL;
	size_t n = 0;
	int rc;

	if (hd_decode_expr(bytes, len, &enc, &ops, &n, st) != 0)
		return -1;
	rc = hd_gt_first_place(ops, n, lane, p, st);
	free(ops);
	return rc;
}

static void expect_register(const uint8_t *bytes, size_t len, unsigned lane, uint64_t reg,
                            uint64_t bit, const char *name)
{
	hd_gt_place p;
	hd_status st;

	OK(place(bytes, len, lane, &p, &st) == 0 && p.kind == HD_GT_REGISTER && p.reg == reg &&
	   p.bit_offset == bit, name);
}

static void expect_kind(const uint8_t *bytes, size_t len, hd_gt_kind kind, const char *name)
{
	hd_gt_place p;
	hd_status st;

	OK(place(bytes, len, 0, &p, &st) == 0 && p.kind == kind, name);
}

static void expect_error(const uint8_t *bytes, size_t len, const char *code, const char *name)
{
	hd_gt_place p;
	hd_status st;

	OK(place(bytes, len, 0, &p, &st) != 0 && strcmp(st.code, code) == 0, name);
}

/* -cl-opt-disable, SIMD8: a 64-bit element per lane, four to a 32-byte GRF,
 * from DWARF register 28 (r12) on. */
static void test_simd8(void)
{
	static const uint8_t a[] = { 0xed, 0x32, 0x25, 0x23, 0x1c, 0xeb, 0xed, 0x33, 0x1a,
	                             0x08, 0x40, 0x1e, 0x08, 0x40, 0xec };

	expect_register(a, sizeof a, 0, 28, 0, "SIMD8 lane 0: register 28, bit 0");
	expect_register(a, sizeof a, 5, 29, 64, "SIMD8 lane 5: register 29, bit 64");
}

/* Optimised, SIMD32: lanes 16-31 take the branch to the second half's
 * registers (from 25), lanes 0-15 fall through to the first's (from 21);
 * DW_OP_stack_value says the variable is the register's bits. */
static void test_simd32_branches(void)
{
	static const uint8_t i[] = {
		0xed, 0x40, 0x2a, 0x28, 0x13, 0x00, 0xed, 0x33, 0x25, 0x23, 0x15, 0xeb, 0xed, 0x37,
		0x1a, 0x08, 0x20, 0x1e, 0x08, 0x20, 0xec, 0x9f, 0x2f, 0x12, 0x00, 0xed, 0x40, 0x1c,
		0x33, 0x25, 0x23, 0x19, 0xeb, 0xed, 0x37, 0x1a, 0x08, 0x20, 0x1e, 0x08, 0x20, 0xec,
		0x9f
	};

	expect_register(i, sizeof i, 0, 21, 0, "SIMD32 lane 0: register 21, bit 0");
	expect_register(i, sizeof i, 9, 22, 32, "SIMD32 lane 9: register 22, bit 32");
	expect_register(i, sizeof i, 20, 25, 128, "SIMD32 lane 20: the branch, register 25, bit 128");
}

static void test_kinds(void)
{
	static const uint8_t bit_piece[] = { 0x68, 0x9d, 0x20, 0x40 };        /* reg24; bit_piece 32 64 */
	static const uint8_t address[] = { 0x90, 0x4b, 0x08, 0x00, 0x08, 0x20, 0xec, 0x23, 0x10,
	                                   0xed, 0x34, 0x1e, 0x22 };          /* regx 75 ... plus */
	static const uint8_t constant[] = { 0x35, 0x9f };                      /* lit5; stack_value */
	static const uint8_t memory[] = { 0x0c, 0x00, 0x10, 0x00, 0x00 };      /* const4u 0x1000 */
	static const uint8_t deref[] = { 0x30, 0x06 };                         /* lit0; deref */
	hd_gt_place p;
	hd_status st;

	expect_register(bit_piece, sizeof bit_piece, 0, 24, 64,
	                "DW_OP_reg24; DW_OP_bit_piece 32 64: register 24 from bit 64");
	OK(place(address, sizeof address, 3, &p, &st) == 0 && p.kind == HD_GT_COMPUTED &&
	   p.reg == 75, "arithmetic on a register's bits: computed from register 75");
	expect_kind(constant, sizeof constant, HD_GT_VALUE, "lit5; stack_value: a value");
	expect_kind(memory, sizeof memory, HD_GT_MEMORY, "a constant address: memory");
	expect_kind(NULL, 0, HD_GT_EMPTY, "no operations: empty");
	OK(place(deref, sizeof deref, 0, &p, &st) == 0 && p.kind == HD_GT_UNKNOWN &&
	   p.op == HD_OP_deref, "DW_OP_deref is not followed, and named");
}

static void test_errors(void)
{
	static const uint8_t underflow[] = { 0x13 };                       /* drop */
	static const uint8_t mid_op[] = { 0x31, 0x28, 0x01, 0x00, 0x08, 0x05 };  /* lit1; bra +1 */
	static const uint8_t loop[] = { 0x2f, 0xfd, 0xff };               /* skip -3 */

	expect_error(underflow, sizeof underflow, "gt-stack", "an empty stack popped: gt-stack");
	expect_error(mid_op, sizeof mid_op, "gt-branch", "a branch into an operand: gt-branch");
	expect_error(loop, sizeof loop, "gt-steps", "a loop ends at the step bound: gt-steps");
}

int main(void)
{
	tap_begin();
	test_simd8();
	test_simd32_branches();
	test_kinds();
	test_errors();
	return tap_end();
}
