/* Decoder and encoder: every row of the op table decoded from bytes this test
 * builds itself (with its own idea of each operand kind's layout, so it checks
 * the codec rather than repeating it), in every profile that encodes it, in
 * DWARF32 and DWARF64; every strict prefix of those bytes is "truncated";
 * then the LEB128, profile and opcode edge cases. */
#include "tap.h"

#include "dwarf/codec/expr.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

static const uint8_t block_sample[] = { 0x2a, 0x00, 0x00, 0x00 };
static const uint8_t block1_sample[] = { 0xde, 0xad };
static const uint8_t expr_sample[] = { 0x31, 0x50 };  /* lit1; reg0 */

static hd_encoding encoding(hd_profile p, unsigned offset_size)
{
	hd_encoding e = { p, 8, (uint8_t)offset_size };
	return e;
}

/* The test's own rule for which profile has which op (docs/amdgpu-facts.md,
 * docs/intel-gt.md): the extension's ops in its two encodings, Intel's
 * only in intel-gt, DWARF 5's and GNU's everywhere. */
static int expect_encodable(const hd_op_info *info, hd_profile p)
{
	if (info->flags & HD_OPF_INTEL)
		return p == HD_PROFILE_INTEL_GT;
	if (p == HD_PROFILE_INTEL_GT && (info->flags & HD_OPF_EXT))
		return 0;
	if (p == HD_PROFILE_LLVM_USER && (info->flags & HD_OPF_EXT))
		return info->llvm_sub != 0;
	return info->code != 0;
}

/* A value for each integer kind that fills its field and, where signed, is
 * negative. */
static uint64_t sample(hd_opnd k, const hd_encoding *enc)
{
	switch (k) {
	case HD_OPND_U1: return 0xab;
	case HD_OPND_S1: return (uint64_t)-5;
	case HD_OPND_U2: return 0xbeef;
	case HD_OPND_S2: return (uint64_t)-300;
	case HD_OPND_U4: return 0xdeadbeef;
	case HD_OPND_S4: return (uint64_t)-70000;
	case HD_OPND_U8: return 0x0123456789abcdefu;
	case HD_OPND_S8: return (uint64_t)(INT64_MIN + 1);
	case HD_OPND_ULEB: return 624485;
	case HD_OPND_SLEB: return (uint64_t)-123456;
	case HD_OPND_ADDR: return 0x1122334455667788u;
	case HD_OPND_REF: return enc->offset_size == 8 ? 0x123456789au : 0x12345678;
	case HD_OPND_DIE2: return 0x1234;
	case HD_OPND_DIE4: return 0x89abcdef;
	case HD_OPND_TYPE: return 0x2a;
	case HD_OPND_REG: return 1234;
	case HD_OPND_BRANCH: return (uint64_t)-2;
	default: return 0;
	}
}

static void put_fixed(hd_buf *b, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		hd_buf_byte(b, (uint8_t)(v >> (8 * i)));
}

/* Hand-made LEB128 for the sample values (no padding). */
static void put_leb(hd_buf *b, uint64_t v, int is_signed)
{
	for (;;) {
		uint8_t byte = v & 0x7f;
		int64_t s = (int64_t)v;
		int done;

		v = is_signed ? (uint64_t)(s < 0 ? ~(~s >> 7) : s >> 7) : v >> 7;
		if (is_signed)
			done = ((int64_t)v == 0 && !(byte & 0x40)) || ((int64_t)v == -1 && (byte & 0x40));
		else
			done = v == 0;
		hd_buf_byte(b, done ? byte : byte | 0x80);
		if (done)
			return;
	}
}

static void put_block(hd_buf *b, const uint8_t *p, size_t n, int one_byte_len)
{
	if (one_byte_len)
		hd_buf_byte(b, (uint8_t)n);
	else
		put_leb(b, n, 0);
	hd_buf_put(b, p, n);
}

static void put_sample(hd_buf *b, hd_opnd k, const hd_encoding *enc)
{
	uint64_t v = sample(k, enc);

	switch (k) {
	case HD_OPND_NONE: break;
	case HD_OPND_U1: case HD_OPND_S1: put_fixed(b, v, 1); break;
	case HD_OPND_U2: case HD_OPND_S2: case HD_OPND_DIE2: case HD_OPND_BRANCH:
		put_fixed(b, v, 2); break;
	case HD_OPND_U4: case HD_OPND_S4: case HD_OPND_DIE4: put_fixed(b, v, 4); break;
	case HD_OPND_U8: case HD_OPND_S8: put_fixed(b, v, 8); break;
	case HD_OPND_ADDR: put_fixed(b, v, enc->addr_size); break;
	case HD_OPND_REF: put_fixed(b, v, enc->offset_size); break;
	case HD_OPND_ULEB: case HD_OPND_TYPE: case HD_OPND_REG: put_leb(b, v, 0); break;
	case HD_OPND_SLEB: put_leb(b, v, 1); break;
	case HD_OPND_BLOCK: put_block(b, block_sample, sizeof block_sample, 0); break;
	case HD_OPND_BLOCK1: put_block(b, block1_sample, sizeof block1_sample, 1); break;
	case HD_OPND_EXPR: put_block(b, expr_sample, sizeof expr_sample, 0); break;
	}
}

static void block_sample_of(hd_opnd k, const uint8_t **p, size_t *n)
{
	*p = NULL;
	*n = 0;
	if (k == HD_OPND_BLOCK) { *p = block_sample; *n = sizeof block_sample; }
	if (k == HD_OPND_BLOCK1) { *p = block1_sample; *n = sizeof block1_sample; }
	if (k == HD_OPND_EXPR) { *p = expr_sample; *n = sizeof expr_sample; }
}

/* One op, preceded by DW_OP_nop so its offset is 1. */
static void build(hd_buf *b, unsigned id, unsigned member, const hd_encoding *enc)
{
	const hd_op_info *info = &hd_op_table[id];

	hd_buf_reset(b);
	hd_buf_byte(b, 0x96);
	if (enc->profile == HD_PROFILE_LLVM_USER && (info->flags & HD_OPF_EXT)) {
		hd_buf_byte(b, 0xe9);
		put_leb(b, info->llvm_sub, 0);
	} else {
		hd_buf_byte(b, (uint8_t)(info->code + member));
	}
	for (int i = 0; i < 2; i++)
		put_sample(b, (hd_opnd)info->opnd[i], enc);
}

static int check_operands(const hd_op *op, const hd_op_info *info, unsigned member,
                          const hd_encoding *enc)
{
	int ok = 1, slot = info->family > 1 ? 1 : 0;

	if (info->family > 1 && op->u[0] != member)
		ok = 0;
	for (int i = 0; i < 2; i++, slot++) {
		hd_opnd k = (hd_opnd)info->opnd[i];
		const uint8_t *p;
		size_t n;

		if (k == HD_OPND_NONE)
			break;
		block_sample_of(k, &p, &n);
		if (p != NULL) {
			if (op->block_len != n || memcmp(op->block, p, n) != 0)
				ok = 0;
		} else if (op->u[slot] != sample(k, enc)) {
			ok = 0;
		}
	}
	return ok;
}

static void test_row(unsigned id, unsigned member, const hd_encoding *enc, hd_buf *b)
{
	const hd_op_info *info = &hd_op_table[id];
	char label[120], name[180];
	hd_status st;
	hd_op op;
	hd_buf re;
	int rc, prefixes_ok = 1;

	build(b, id, member, enc);
	if (info->family > 1)
		snprintf(label, sizeof label, "%s: DW_OP_%s%u (DWARF%u)", hd_profile_name(enc->profile),
		         info->name, member, enc->offset_size == 8 ? 64 : 32);
	else
		snprintf(label, sizeof label, "%s: DW_OP_%s (DWARF%u)", hd_profile_name(enc->profile),
		         info->name, enc->offset_size == 8 ? 64 : 32);
	snprintf(name, sizeof name, "%s decodes with its operands", label);
	rc = hd_decode_op(b->data, b->len, 1, enc, &op, &st);
	OK(rc == 0 && op.id == id && op.offset == 1 && op.size == b->len - 1 &&
	   check_operands(&op, info, member, enc), name);
	if (rc != 0)
		printf("  # %s: %s\n", st.code, st.msg);

	/* encoding what was decoded gives the same bytes */
	hd_buf_init(&re);
	rc = rc == 0 ? hd_encode_op(&re, &op, enc, &st) : -1;
	snprintf(name, sizeof name, "%s re-encodes to the same bytes", label);
	OK(rc == 0 && re.len == b->len - 1 && memcmp(re.data, b->data + 1, re.len) == 0, name);
	hd_buf_free(&re);

	/* every strict prefix is truncated, reported at or after the op */
	for (size_t cut = 1; cut < b->len; cut++) {
		if (hd_decode_op(b->data, cut, 1, enc, &op, &st) == 0 ||
		    strcmp(st.code, "truncated") != 0 || st.kind != HD_ILL_FORMED ||
		    st.offset < 1 || st.offset > cut) {
			prefixes_ok = 0;
			printf("  # cut at %zu: %s\n", cut, st.code);
		}
	}
	snprintf(name, sizeof name, "%s: every prefix is truncated", label);
	OK(prefixes_ok, name);
}

static void test_all_rows(void)
{
	static const hd_profile profiles[] = { HD_PROFILE_AMDGPU_V0, HD_PROFILE_LLVM_USER,
	                                       HD_PROFILE_INTEL_GT };
	static const unsigned members[] = { 0, 7, 31 };
	hd_buf b;
	int agree = 1;

	hd_buf_init(&b);
	for (unsigned p = 0; p < HD_NPROFILES; p++) {
		for (unsigned id = 0; id < HD_OP_COUNT; id++) {
			const hd_op_info *info = &hd_op_table[id];

			if (hd_op_encodable((hd_op_id)id, profiles[p]) != expect_encodable(info, profiles[p]))
				agree = 0;
			if (!expect_encodable(info, profiles[p]))
				continue;
			for (unsigned os = 4; os <= 8; os += 4) {
				hd_encoding enc = encoding(profiles[p], os);

				for (unsigned m = 0; m < 3; m++) {
					if (members[m] >= info->family)
						break;
					test_row(id, members[m], &enc, &b);
				}
			}
		}
	}
	OK(agree, "hd_op_encodable agrees with the profile rules for every row");
	hd_buf_free(&b);
}

static int decode_fails(const uint8_t *p, size_t n, hd_profile prof, const char *code,
                        uint64_t offset, const char *name)
{
	hd_encoding enc = encoding(prof, 4);
	hd_status st;
	hd_op op;
	int rc = hd_decode_op(p, n, 0, &enc, &op, &st);

	if (!OK(rc != 0 && st.kind == HD_ILL_FORMED && strcmp(st.code, code) == 0 &&
	        st.offset == offset, name)) {
		printf("  # rc %d code %s offset %" PRIu64 ": %s\n", rc, rc ? st.code : "-",
		       rc ? st.offset : 0, rc ? st.msg : "");
		return 0;
	}
	return 1;
}

static int decode_one(const uint8_t *p, size_t n, hd_profile prof, hd_op *op)
{
	hd_encoding enc = encoding(prof, 4);
	hd_status st;

	if (hd_decode_op(p, n, 0, &enc, op, &st) != 0) {
		printf("  # %s: %s\n", st.code, st.msg);
		return -1;
	}
	return 0;
}

static void test_profiles(void)
{
	static const uint8_t user_push_lane[] = { 0xe9, 0x03 };
	static const uint8_t user_nop[] = { 0xe9, 0x01 };
	static const uint8_t user_padded[] = { 0xe9, 0x8c, 0x00, 0x40, 0x20 };
	static const uint8_t raw_e9[] = { 0xe9, 0x10, 0x00, 0x00, 0x00, 0x7c };
	static const uint8_t user_bad_sub[] = { 0xe9, 0x0d };
	static const uint8_t user_zero_sub[] = { 0xe9, 0x00 };
	static const uint8_t user_big_sub[] = { 0xe9, 0xff, 0x01 };
	static const uint8_t user_no_sub[] = { 0xe9 };
	hd_op op;
	char name[96];

	OK(decode_one(user_push_lane, 2, HD_PROFILE_LLVM_USER, &op) == 0 &&
	   op.id == HD_OP_LLVM_push_lane && op.size == 2,
	   "llvm-user: 0xe9 0x03 is DW_OP_LLVM_push_lane");
	OK(decode_one(user_nop, 2, HD_PROFILE_LLVM_USER, &op) == 0 && op.id == HD_OP_LLVM_nop,
	   "llvm-user: 0xe9 0x01 is DW_OP_LLVM_nop");
	OK(decode_one(user_padded, sizeof user_padded, HD_PROFILE_LLVM_USER, &op) == 0 &&
	   op.id == HD_OP_LLVM_select_bit_piece && op.size == 5 && op.u[0] == 0x40 && op.u[1] == 0x20,
	   "llvm-user: a padded sub-op LEB128 is accepted");
	OK(decode_one(raw_e9, sizeof raw_e9, HD_PROFILE_AMDGPU_V0, &op) == 0 &&
	   op.id == HD_OP_LLVM_aspace_implicit_pointer && op.u[0] == 0x10 && op.u[1] == (uint64_t)-4,
	   "amdgpu-v0: 0xe9 is DW_OP_LLVM_aspace_implicit_pointer");
	decode_fails(user_bad_sub, 2, HD_PROFILE_LLVM_USER, "unknown-opcode", 0,
	             "llvm-user: sub-op 0x0d is an unknown opcode");
	decode_fails(user_zero_sub, 2, HD_PROFILE_LLVM_USER, "unknown-opcode", 0,
	             "llvm-user: sub-op 0x00 is an unknown opcode");
	decode_fails(user_big_sub, 3, HD_PROFILE_LLVM_USER, "unknown-opcode", 0,
	             "llvm-user: sub-op 0xff is an unknown opcode");
	decode_fails(user_no_sub, 1, HD_PROFILE_LLVM_USER, "truncated", 1,
	             "llvm-user: a prefix without its sub-op is truncated");

	/* the raw extension bytes other than 0xe9 mean nothing in llvm-user */
	for (unsigned c = 0xe1; c <= 0xec; c++) {
		uint8_t bytes[4] = { (uint8_t)c, 0, 0, 0 };

		if (c == 0xe9)
			continue;
		snprintf(name, sizeof name, "llvm-user: 0x%02x is an unknown opcode", c);
		decode_fails(bytes, sizeof bytes, HD_PROFILE_LLVM_USER, "unknown-opcode", 0, name);
	}
	/* bytes no row claims are unknown in both profiles */
	static const uint8_t unknown[] = { 0x00, 0x01, 0x02, 0x04, 0x05, 0x07, 0xaa, 0xdf,
	                                   0xe0 + 0x0d, 0xf0, 0xf1, 0xff };
	for (unsigned p = 0; p < 2; p++) {
		for (unsigned i = 0; i < sizeof unknown; i++) {
			uint8_t bytes[2] = { unknown[i], 0 };
			hd_status st;
			hd_encoding enc = encoding((hd_profile)p, 4);

			snprintf(name, sizeof name, "%s: 0x%02x is an unknown opcode",
			         hd_profile_name((hd_profile)p), unknown[i]);
			if (decode_fails(bytes, 2, (hd_profile)p, "unknown-opcode", 0, name)) {
				hd_decode_op(bytes, 2, 0, &enc, &(hd_op){ 0 }, &st);
				char want[8];
				snprintf(want, sizeof want, "0x%02x", unknown[i]);
				snprintf(name, sizeof name, "%s: the message for 0x%02x names the byte"
				         " and the offset", hd_profile_name((hd_profile)p), unknown[i]);
				OK(strstr(st.msg, want) != NULL && strstr(st.msg, "offset 0") != NULL, name);
			}
		}
	}
	/* the error offset is that of the op, not of the expression */
	static const uint8_t later[] = { 0x30, 0x31, 0xff };
	{
		hd_encoding enc = encoding(HD_PROFILE_AMDGPU_V0, 4);
		hd_status st;
		hd_op *ops;
		size_t n;

		OK(hd_decode_expr(later, 3, &enc, &ops, &n, &st) != 0 &&
		   strcmp(st.code, "unknown-opcode") == 0 && st.offset == 2 && ops == NULL,
		   "hd_decode_expr reports an unknown opcode at its offset");
	}
	/* every byte value decodes to an op whose encoding starts with it, or is unknown */
	for (unsigned p = 0; p < HD_NPROFILES; p++) {
		int consistent = 1;
		for (unsigned c = 0; c < 256; c++) {
			uint8_t bytes[24] = { (uint8_t)c, 0x01 };
			hd_encoding enc = encoding((hd_profile)p, 4);
			hd_status st;

			if (hd_decode_op(bytes, sizeof bytes, 0, &enc, &op, &st) == 0) {
				const hd_op_info *info = &hd_op_table[op.id];
				unsigned first = (p == HD_PROFILE_LLVM_USER && (info->flags & HD_OPF_EXT))
				                 ? 0xe9 : info->code + (unsigned)(info->family > 1 ? op.u[0] : 0);
				if (first != c)
					consistent = 0;
			} else if (strcmp(st.code, "unknown-opcode") != 0) {
				consistent = 0;
			}
		}
		snprintf(name, sizeof name, "%s: all 256 opcode bytes decode consistently",
		         hd_profile_name((hd_profile)p));
		OK(consistent, name);
	}
}

/* The same bytes are different ops under the extension and under Intel's
 * vendor ops, as IGC writes them (docs/intel-gt.md). */
static void test_intel_gt(void)
{
	static const uint8_t shared[] = { 0xeb, 0x10, 0x20 };
	static const uint8_t igc_lane[] = { 0xed, 0x32, 0x25, 0x23, 0x1c, 0xeb, 0xed, 0x33, 0x1a,
	                                    0x08, 0x40, 0x1e, 0x08, 0x40, 0xec };
	static const uint8_t regval[] = { 0xfe, 0x40 };
	static const uint8_t form_aspace[] = { 0xe1 };
	hd_encoding intel = encoding(HD_PROFILE_INTEL_GT, 4);
	hd_op op;
	hd_buf text;
	hd_status st;

	OK(decode_one(shared, 3, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.id == HD_OP_LLVM_extend &&
	   op.u[0] == 0x10 && op.u[1] == 0x20,
	   "amdgpu-v0: 0xeb 0x10 0x20 is DW_OP_LLVM_extend 16 32");
	OK(decode_one(shared, 3, HD_PROFILE_INTEL_GT, &op) == 0 && op.id == HD_OP_INTEL_regs &&
	   op.size == 1, "intel-gt: 0xeb is DW_OP_INTEL_regs, with no operand");
	decode_fails(igc_lane, 1, HD_PROFILE_AMDGPU_V0, "unknown-opcode", 0,
	             "amdgpu-v0: 0xed is an unknown opcode");
	OK(decode_one(regval, 2, HD_PROFILE_INTEL_GT, &op) == 0 &&
	   op.id == HD_OP_INTEL_regval_bits && op.u[0] == 0x40 && op.size == 2,
	   "intel-gt: 0xfe is DW_OP_INTEL_regval_bits with a one-byte bit count");
	decode_fails(form_aspace, 1, HD_PROFILE_INTEL_GT, "unknown-opcode", 0,
	             "intel-gt: 0xe1 (the extension's form_aspace_address) is unknown");
	hd_buf_init(&text);
	OK(hd_disassemble(igc_lane, sizeof igc_lane, &intel, NULL, &text, &st) == 0 &&
	   strcmp(hd_buf_str(&text),
	          "DW_OP_INTEL_push_simd_lane; DW_OP_lit2; DW_OP_shr; DW_OP_plus_uconst 28; "
	          "DW_OP_INTEL_regs; DW_OP_INTEL_push_simd_lane; DW_OP_lit3; DW_OP_and; "
	          "DW_OP_const1u 64; DW_OP_mul; DW_OP_const1u 64; "
	          "DW_OP_INTEL_push_bit_piece_stack") == 0,
	   "intel-gt: IGC's location of a SIMD8 pointer argument decodes whole");
	hd_buf_free(&text);
	EQ_STR(hd_profile_name(HD_PROFILE_INTEL_GT), "intel-gt", "profile name intel-gt");
}

static void test_leb(void)
{
	static const uint8_t pad0[] = { 0x10, 0x80, 0x80, 0x00 };
	static const uint8_t pad1[] = { 0x10, 0x81, 0x80, 0x80, 0x00 };
	static const uint8_t max[] = { 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01 };
	static const uint8_t over[] = { 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02 };
	static const uint8_t over11[] = { 0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
	                                  0x80, 0x80, 0x01 };
	static const uint8_t pad11[] = { 0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
	                                 0x80, 0x80, 0x00 };
	static const uint8_t unterminated[] = { 0x10, 0x80, 0x80 };
	static const uint8_t s_neg1_pad[] = { 0x11, 0xff, 0xff, 0x7f };
	static const uint8_t s_min[] = { 0x11, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f };
	static const uint8_t s_over[] = { 0x11, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7e };
	static const uint8_t s_unterminated[] = { 0x11, 0xff };
	static const uint8_t bregx_bad[] = { 0x92, 0x05, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	                                     0xff, 0xff, 0xff, 0x01 };
	hd_op op;

	OK(decode_one(pad0, sizeof pad0, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.u[0] == 0 && op.size == 4,
	   "ULEB128: padded zero is valid");
	OK(decode_one(pad1, sizeof pad1, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.u[0] == 1 && op.size == 5,
	   "ULEB128: padded one is valid");
	OK(decode_one(max, sizeof max, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.u[0] == UINT64_MAX,
	   "ULEB128: 2^64-1 in ten bytes");
	OK(decode_one(pad11, sizeof pad11, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.u[0] == 0 && op.size == 12,
	   "ULEB128: eleven bytes of padding around zero still fit");
	decode_fails(over, sizeof over, HD_PROFILE_AMDGPU_V0, "leb128-overflow", 1,
	             "ULEB128: a 65th bit is leb128-overflow");
	decode_fails(over11, sizeof over11, HD_PROFILE_AMDGPU_V0, "leb128-overflow", 1,
	             "ULEB128: a set bit past 64 in an eleventh byte is leb128-overflow");
	decode_fails(unterminated, sizeof unterminated, HD_PROFILE_AMDGPU_V0, "truncated", 1,
	             "ULEB128: no final byte is truncated");
	OK(decode_one(s_neg1_pad, sizeof s_neg1_pad, HD_PROFILE_AMDGPU_V0, &op) == 0 &&
	   op.u[0] == UINT64_MAX && op.size == 4, "SLEB128: padded -1 is valid");
	OK(decode_one(s_min, sizeof s_min, HD_PROFILE_AMDGPU_V0, &op) == 0 &&
	   op.u[0] == (uint64_t)INT64_MIN, "SLEB128: INT64_MIN in ten bytes");
	decode_fails(s_over, sizeof s_over, HD_PROFILE_AMDGPU_V0, "leb128-overflow", 1,
	             "SLEB128: below INT64_MIN is leb128-overflow");
	decode_fails(s_unterminated, sizeof s_unterminated, HD_PROFILE_AMDGPU_V0, "truncated", 1,
	             "SLEB128: no final byte is truncated");
	decode_fails(bregx_bad, sizeof bregx_bad, HD_PROFILE_AMDGPU_V0, "leb128-overflow", 2,
	             "SLEB128: the second operand's overflow is reported at its offset");
}

static const char *const kind_names[] = {
	"NONE", "U1", "S1", "U2", "S2", "U4", "S4", "U8", "S8", "ULEB", "SLEB", "ADDR",
	"REF", "DIE2", "DIE4", "TYPE", "REG", "BRANCH", "BLOCK", "BLOCK1", "EXPR"
};

/* A truncated operand of each kind, named: the first row that has the kind. */
static void test_truncated_kinds(void)
{
	hd_encoding enc = encoding(HD_PROFILE_AMDGPU_V0, 4);
	hd_buf b;
	char name[120];

	hd_buf_init(&b);
	for (unsigned k = HD_OPND_U1; k <= HD_OPND_EXPR; k++) {
		unsigned id;
		hd_status st;
		hd_op op;

		for (id = 0; id < HD_OP_COUNT; id++)
			if (hd_op_table[id].code != 0 &&
			    (hd_op_table[id].opnd[0] == k || hd_op_table[id].opnd[1] == k))
				break;
		if (id == HD_OP_COUNT)
			continue;
		build(&b, id, 0, &enc);
		snprintf(name, sizeof name, "a cut %s operand (DW_OP_%s) is truncated",
		         kind_names[k], hd_op_table[id].name);
		OK(hd_decode_op(b.data, b.len - 1, 1, &enc, &op, &st) != 0 &&
		   strcmp(st.code, "truncated") == 0, name);
	}
	hd_buf_free(&b);

	static const uint8_t block_long[] = { 0x9e, 0x05, 0x01, 0x02 };
	static const uint8_t block1_long[] = { 0xa4, 0x2a, 0x03, 0x01 };
	static const uint8_t block_huge[] = { 0x9e, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	                                      0xff, 0xff, 0x01, 0x00 };
	decode_fails(block_long, sizeof block_long, HD_PROFILE_AMDGPU_V0, "truncated", 2,
	             "a ULEB128 block length past the end is truncated");
	decode_fails(block1_long, sizeof block1_long, HD_PROFILE_AMDGPU_V0, "truncated", 3,
	             "a 1-byte block length past the end is truncated");
	decode_fails(block_huge, sizeof block_huge, HD_PROFILE_AMDGPU_V0, "truncated", 11,
	             "a 2^64-1 block length is truncated, not wrapped");
}

static void test_sizes_and_signs(void)
{
	static const uint8_t bra_back[] = { 0x28, 0xfe, 0xff };
	static const uint8_t skip_min[] = { 0x2f, 0x00, 0x80 };
	static const uint8_t skip_max[] = { 0x2f, 0xff, 0x7f };
	static const uint8_t ref64[] = { 0x9a, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 };
	static const uint8_t addr4[] = { 0x03, 0x78, 0x56, 0x34, 0x12 };
	static const uint8_t c1s[] = { 0x09, 0x80 };
	static const uint8_t breg_neg[] = { 0x7f, 0x78 };
	hd_encoding e64 = encoding(HD_PROFILE_AMDGPU_V0, 8);
	hd_encoding e32a4 = { HD_PROFILE_AMDGPU_V0, 4, 4 };
	hd_status st;
	hd_op op;

	OK(decode_one(bra_back, 3, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.u[0] == (uint64_t)-2,
	   "DW_OP_bra 0xfffe is -2, sign-extended");
	OK(decode_one(skip_min, 3, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.u[0] == (uint64_t)-32768,
	   "DW_OP_skip 0x8000 is -32768");
	OK(decode_one(skip_max, 3, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.u[0] == 32767,
	   "DW_OP_skip 0x7fff is 32767");
	OK(decode_one(c1s, 2, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.u[0] == (uint64_t)-128,
	   "DW_OP_const1s 0x80 is -128");
	OK(decode_one(breg_neg, 2, HD_PROFILE_AMDGPU_V0, &op) == 0 && op.id == HD_OP_breg &&
	   op.u[0] == 15 && op.u[1] == (uint64_t)-8, "DW_OP_breg15 -8");
	OK(hd_decode_op(ref64, sizeof ref64, 0, &e64, &op, &st) == 0 && op.size == 9 &&
	   op.u[0] == 0x1122334455667788u, "DWARF64: DW_OP_call_ref takes 8 bytes");
	decode_fails(ref64, 5 - 1, HD_PROFILE_AMDGPU_V0, "truncated", 1,
	             "DWARF32: DW_OP_call_ref with 3 bytes is truncated");
	OK(hd_decode_op(addr4, sizeof addr4, 0, &e32a4, &op, &st) == 0 && op.size == 5 &&
	   op.u[0] == 0x12345678, "address size 4: DW_OP_addr takes 4 bytes");
}

static void test_decode_expr(void)
{
	/* lit1; breg5 -8; 0xe9 sub 3 (push_lane in llvm-user); stack_value */
	static const uint8_t bytes[] = { 0x31, 0x75, 0x78, 0xe9, 0x03, 0x9f };
	hd_encoding enc = encoding(HD_PROFILE_LLVM_USER, 4);
	hd_status st;
	hd_op *ops;
	size_t n;

	OK(hd_decode_expr(bytes, sizeof bytes, &enc, &ops, &n, &st) == 0 && n == 4 &&
	   ops[0].id == HD_OP_lit && ops[0].u[0] == 1 &&
	   ops[1].id == HD_OP_breg && ops[1].offset == 1 && ops[1].u[1] == (uint64_t)-8 &&
	   ops[2].id == HD_OP_LLVM_push_lane && ops[2].offset == 3 && ops[2].size == 2 &&
	   ops[3].id == HD_OP_stack_value && ops[3].offset == 5,
	   "hd_decode_expr decodes a mixed expression");
	free(ops);
	OK(hd_decode_expr(bytes, 0, &enc, &ops, &n, &st) == 0 && n == 0 && ops == NULL,
	   "hd_decode_expr: the empty expression has no ops");
	OK(hd_decode_expr(bytes, 2, &enc, &ops, &n, &st) != 0 && strcmp(st.code, "truncated") == 0 &&
	   st.offset == 2, "hd_decode_expr: a cut breg is truncated at its operand");
}

static int same_op(const hd_op *a, const hd_op *b)
{
	return a->id == b->id && a->offset == b->offset && a->size == b->size &&
	       a->u[0] == b->u[0] && a->u[1] == b->u[1] && a->block == b->block &&
	       a->block_len == b->block_len;
}

/* The same ops and errors as hd_decode_op at each offset: hd_decode_into
 * reads the common shapes in place, and must not differ from the one path
 * that names errors on any bytes, in any profile and address size. */
static void test_decode_into_agrees(void)
{
	static const hd_profile profiles[] = { HD_PROFILE_AMDGPU_V0, HD_PROFILE_LLVM_USER,
	                                       HD_PROFILE_INTEL_GT };
	unsigned differ = 0, failed = 0;
	hd_op into[24], slow[24];

	for (unsigned t = 0; t < 30000; t++) {
		uint8_t bytes[24];
		size_t len = 1 + (size_t)(tap_random() % sizeof bytes), n = 0, off = 0, k = 0;
		hd_encoding enc = encoding(profiles[t % 3], t % 2 ? 8 : 4);
		hd_status a, b;
		int ra, rb = 0, same;

		enc.addr_size = (uint8_t)(t % 4 == 0 ? 4 : 8);
		for (size_t i = 0; i < len; i++)
			/* small bytes often, so LEB128s end and blocks fit */
			bytes[i] = (uint8_t)(tap_random() % 3 ? tap_random() % 256 : tap_random() % 8);
		ra = hd_decode_into(bytes, len, &enc, into, &n, &a);
		while (off < len && (rb = hd_decode_op(bytes, len, off, &enc, &slow[k], &b)) == 0)
			off += slow[k++].size;
		if (rb != 0) {
			failed++;
			same = ra != 0 && strcmp(a.code, b.code) == 0 && a.offset == b.offset &&
			       strcmp(a.msg, b.msg) == 0;
		} else {
			same = ra == 0 && n == k;
			for (size_t i = 0; same && i < k; i++)
				same = same_op(&slow[i], &into[i]);
		}
		differ += !same;
	}
	EQ_U64(differ, 0, "hd_decode_into: the ops and errors of hd_decode_op on 30000 random expressions");
	OK(failed > 1000 && failed < 29000, "hd_decode_into: the random expressions both decode and fail");
}

static int encode_fails(const hd_op *op, const hd_encoding *enc, const char *code, const char *name)
{
	hd_buf b;
	hd_status st;
	int rc;

	hd_buf_init(&b);
	hd_buf_byte(&b, 0x42);
	rc = hd_encode_op(&b, op, enc, &st);
	rc = OK(rc != 0 && st.kind == HD_ILL_FORMED && strcmp(st.code, code) == 0 && b.len == 1, name);
	hd_buf_free(&b);
	return rc;
}

static void test_encode(void)
{
	hd_encoding v0 = encoding(HD_PROFILE_AMDGPU_V0, 4);
	hd_encoding user = encoding(HD_PROFILE_LLVM_USER, 4);
	hd_encoding v0a4 = { HD_PROFILE_AMDGPU_V0, 4, 4 };
	static uint8_t big[300];
	hd_op op;
	hd_buf b;
	hd_status st;

	memset(&op, 0, sizeof op);
	op.id = HD_OP_LLVM_aspace_implicit_pointer;
	encode_fails(&op, &user, "not-in-profile", "encode: aspace_implicit_pointer is not in llvm-user");
	op.id = HD_OP_LLVM_nop;
	encode_fails(&op, &v0, "not-in-profile", "encode: LLVM_nop is not in amdgpu-v0");
	op.id = HD_OP_const1u; op.u[0] = 300;
	encode_fails(&op, &v0, "operand-range", "encode: const1u 300 is out of range");
	op.id = HD_OP_const1s; op.u[0] = (uint64_t)-129;
	encode_fails(&op, &v0, "operand-range", "encode: const1s -129 is out of range");
	op.id = HD_OP_const2s; op.u[0] = 0x8000;
	encode_fails(&op, &v0, "operand-range", "encode: const2s 32768 is out of range");
	op.id = HD_OP_lit; op.u[0] = 32;
	encode_fails(&op, &v0, "operand-range", "encode: lit32 is out of range");
	op.id = HD_OP_breg; op.u[0] = 40;
	encode_fails(&op, &v0, "operand-range", "encode: breg40 is out of range");
	op.id = HD_OP_call2; op.u[0] = 0x10000;
	encode_fails(&op, &v0, "operand-range", "encode: call2 0x10000 is out of range");
	op.id = HD_OP_call_ref; op.u[0] = 0x100000000u;
	encode_fails(&op, &v0, "operand-range", "encode: DWARF32 call_ref 2^32 is out of range");
	op.id = HD_OP_addr; op.u[0] = 0x100000000u;
	encode_fails(&op, &v0a4, "operand-range", "encode: 4-byte DW_OP_addr 2^32 is out of range");
	op.id = HD_OP_bra; op.u[0] = 0x8000;
	encode_fails(&op, &v0, "operand-range", "encode: bra 32768 is out of range");
	op.id = HD_OP_const_type; op.u[0] = 1; op.block = big; op.block_len = sizeof big;
	encode_fails(&op, &v0, "operand-range", "encode: const_type with 300 bytes is out of range");

	hd_buf_init(&b);
	memset(&op, 0, sizeof op);
	op.id = HD_OP_LLVM_select_bit_piece; op.u[0] = 32; op.u[1] = 64;
	OK(hd_encode_op(&b, &op, &user, &st) == 0 && b.len == 4 && b.data[0] == 0xe9 &&
	   b.data[1] == 0x0c && b.data[2] == 32 && b.data[3] == 64,
	   "encode: llvm-user select_bit_piece is 0xe9 0x0c then operands");
	hd_buf_reset(&b);
	OK(hd_encode_op(&b, &op, &v0, &st) == 0 && b.len == 3 && b.data[0] == 0xec,
	   "encode: amdgpu-v0 select_bit_piece is 0xec then operands");
	hd_buf_reset(&b);
	op.id = HD_OP_consts; op.u[0] = (uint64_t)-1;
	OK(hd_encode_op(&b, &op, &v0, &st) == 0 && b.len == 2 && b.data[1] == 0x7f,
	   "encode: consts -1 is minimal SLEB128");
	hd_buf_reset(&b);
	op.id = HD_OP_constu; op.u[0] = UINT64_MAX;
	OK(hd_encode_op(&b, &op, &v0, &st) == 0 && b.len == 11 && b.data[10] == 0x01,
	   "encode: constu 2^64-1 is ten LEB128 bytes");
	hd_buf_reset(&b);
	op.id = HD_OP_call_ref; op.u[0] = 0x100000000u;
	hd_encoding v64 = encoding(HD_PROFILE_AMDGPU_V0, 8);
	OK(hd_encode_op(&b, &op, &v64, &st) == 0 && b.len == 9,
	   "encode: DWARF64 call_ref 2^32 fits");
	hd_buf_free(&b);
}

static void test_lookup(void)
{
	hd_op_id id;
	unsigned n = 99;
	hd_profile p;

	OK(hd_op_lookup("lit7", 4, &id, &n) == 0 && id == HD_OP_lit && n == 7, "lookup lit7");
	OK(hd_op_lookup("DW_OP_breg31", 12, &id, &n) == 0 && id == HD_OP_breg && n == 31,
	   "lookup DW_OP_breg31");
	OK(hd_op_lookup("reg0", 4, &id, &n) == 0 && id == HD_OP_reg && n == 0, "lookup reg0");
	OK(hd_op_lookup("regx", 4, &id, &n) == 0 && id == HD_OP_regx, "lookup regx");
	OK(hd_op_lookup("DW_OP_LLVM_push_lane", 20, &id, &n) == 0 && id == HD_OP_LLVM_push_lane,
	   "lookup DW_OP_LLVM_push_lane");
	OK(hd_op_lookup("lit32", 5, &id, &n) != 0, "lit32 is not a name");
	OK(hd_op_lookup("lit05", 5, &id, &n) != 0, "lit05 is not a name");
	OK(hd_op_lookup("lit", 3, &id, &n) != 0, "lit alone is not a name");
	OK(hd_op_lookup("DW_OP_", 6, &id, &n) != 0, "DW_OP_ alone is not a name");
	OK(hd_op_lookup("dup_", 3, &id, &n) == 0 && id == HD_OP_dup, "lookup honours len");
	OK(hd_op_lookup("Dup", 3, &id, &n) != 0, "names are case-sensitive");
	EQ_STR(hd_op_table[HD_OP_LLVM_push_lane].name, "LLVM_push_lane", "table name of push_lane");
	EQ_STR(hd_profile_name(HD_PROFILE_AMDGPU_V0), "amdgpu-v0", "profile name amdgpu-v0");
	EQ_STR(hd_profile_name(HD_PROFILE_LLVM_USER), "llvm-user", "profile name llvm-user");
	OK(hd_profile_parse("llvm-user", &p) == 0 && p == HD_PROFILE_LLVM_USER, "parse llvm-user");
	OK(hd_profile_parse("amdgpu-v0", &p) == 0 && p == HD_PROFILE_AMDGPU_V0, "parse amdgpu-v0");
	OK(hd_profile_parse("dwarf6-draft", &p) != 0, "dwarf6-draft is not (yet) a profile");
	OK(!hd_op_encodable(HD_OP_LLVM_aspace_implicit_pointer, HD_PROFILE_LLVM_USER),
	   "aspace_implicit_pointer has no llvm-user encoding");
	OK(!hd_op_encodable(HD_OP_LLVM_nop, HD_PROFILE_AMDGPU_V0), "LLVM_nop has no amdgpu-v0 encoding");
}

int main(void)
{
	tap_begin();
	test_all_rows();
	test_profiles();
	test_intel_gt();
	test_leb();
	test_truncated_kinds();
	test_sizes_and_signs();
	test_decode_expr();
	test_decode_into_agrees();
	test_encode();
	test_lookup();
	return tap_end();
}
