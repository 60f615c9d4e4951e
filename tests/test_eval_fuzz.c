/* Robustness of the evaluator on hostile input: deterministic pseudo-random
 * expressions, built mostly from real opcodes with random operands, in both
 * encoding profiles and both wave sizes. Every one must end in a value, a
 * location, an evaluation error or an ill-formed verdict with a reason code;
 * never an internal error, a crash (the sanitizers watch) or a hang (small
 * step bound). Reading the result must be just as safe. */
#include "tap.h"

#include "amdgpu/model.h"
#include "dwarf/eval/eval.h"
#include "dwarf/eval/print.h"

#include <stdlib.h>
#include <string.h>

#define ROUNDS 20000

/* Opcode bytes worth trying: every code of the table plus a few unknown ones. */
static size_t opcodes(uint8_t *out)
{
	size_t n = 0;

	for (int id = 0; id < HD_OP_COUNT; id++) {
		const hd_op_info *i = &hd_op_table[id];
		if (i->code != 0)
			out[n++] = (uint8_t)(i->code + (i->family > 1 ? tap_random() % i->family : 0));
	}
	out[n++] = 0x00;
	out[n++] = 0xff;
	out[n++] = 0x04;
	return n;
}

/* Operand bytes: small numbers, register numbers of the model, LEB128
 * continuation bytes and garbage, in a mix that reaches deep code paths. */
static uint8_t operand_byte(void)
{
	static const uint8_t interesting[] = {
		0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x08, 0x10, 0x20, 0x30, 0x40,
		0x7f, 0x80, 0x81, 0xff, 0xa1, 0x14, 0x90, 0x0a, 0x28, 0xe9,
	};

	if (tap_random() % 3 == 0)
		return (uint8_t)tap_random();
	return interesting[tap_random() % sizeof interesting];
}

/* Raw mode: opcode bytes and operand bytes thrown together. */
static size_t make_raw(uint8_t *buf, size_t cap, const uint8_t *ops, size_t nops,
                       hd_profile profile)
{
	size_t len = 0, target = tap_random() % cap;

	while (len < target) {
		if (tap_random() % 4 != 0) {
			buf[len++] = ops[tap_random() % nops];
			if (profile == HD_PROFILE_LLVM_USER && buf[len - 1] == HD_DW_OP_LLVM_user &&
			    len < cap)
				buf[len++] = (uint8_t)(tap_random() % 14);
		} else {
			buf[len++] = operand_byte();
		}
	}
	return len;
}

/* An operand value that the model, the CU above and the stack can use. */
static uint64_t operand_value(hd_opnd kind, unsigned wave)
{
	static const uint64_t dies[] = { 0x10, 0x20, 0x30, 0x40, 0x50, 0 };
	uint64_t vgpr = wave == 64 ? HD_AMDGPU_VGPR0_W64 : HD_AMDGPU_VGPR0_W32;
	uint64_t regs[] = { HD_AMDGPU_SGPR0 + 33, vgpr + 1, HD_AMDGPU_PC_64,
	                    wave == 64 ? HD_AMDGPU_EXEC_64 : HD_AMDGPU_EXEC_32, 5, 3000 };

	switch (kind) {
	case HD_OPND_REG: return regs[tap_random() % 6];
	case HD_OPND_TYPE: case HD_OPND_DIE2: case HD_OPND_DIE4: case HD_OPND_REF:
		return dies[tap_random() % 6];
	case HD_OPND_BRANCH: return (uint64_t)(int64_t)((int)(tap_random() % 13) - 6);
	case HD_OPND_U1: return tap_random() % 9;
	default: return tap_random() % 3 == 0 ? tap_random() % 0x10000 : tap_random() % 70;
	}
}

/* Structured mode: a few pushes, then encodable ops with plausible operands;
 * sometimes one byte is then damaged. */
static size_t make_structured(uint8_t *buf, size_t cap, const hd_encoding *enc,
                              unsigned wave)
{
	static const uint8_t blocks[][4] = { { 0x30, 0x9f }, { 0x51 }, { 0x2a, 0, 0, 0 } };
	hd_buf b;
	size_t nops = 1 + tap_random() % 8, len;

	hd_buf_init(&b);
	for (size_t i = tap_random() % 3; i > 0; i--)
		hd_buf_byte(&b, (uint8_t)(0x30 + tap_random() % 32));  /* litN */
	while (nops-- > 0) {
		hd_op op;
		const hd_op_info *info;
		hd_status st;

		memset(&op, 0, sizeof op);
		do
			op.id = (uint16_t)(tap_random() % HD_OP_COUNT);
		while (!hd_op_encodable((hd_op_id)op.id, enc->profile));
		info = &hd_op_table[op.id];
		if (info->family > 1)
			op.u[0] = tap_random() % info->family;
		for (int k = 0; k < 2; k++) {
			hd_opnd kind = (hd_opnd)info->opnd[k];
			int slot = info->family > 1 ? 1 : k;
			if (kind == HD_OPND_BLOCK || kind == HD_OPND_BLOCK1 || kind == HD_OPND_EXPR) {
				size_t which = tap_random() % 3;
				op.block = blocks[which];
				op.block_len = which == 2 ? 4 : which == 0 ? 2 : 1;
			} else if (kind != HD_OPND_NONE && slot < 2) {
				op.u[slot] = operand_value(kind, wave);
			}
		}
		hd_encode_op(&b, &op, enc, &st);  /* an operand out of range just drops the op */
	}
	len = b.len < cap ? b.len : cap;
	if (len > 0)
		memcpy(buf, b.data, len);
	if (len > 0 && tap_random() % 4 == 0)
		buf[tap_random() % len] = operand_byte();
	hd_buf_free(&b);
	return len;
}

static int known_code(const hd_status *st)
{
	return st->code != NULL && st->code[0] != '\0' && strcmp(st->code, "ok") != 0 &&
	       strcmp(st->code, "internal") != 0;
}

int main(void)
{
	static const uint8_t die_loc[] = { 0x30, 0x9f };  /* lit0; stack_value */
	hd_die_info dies[] = { { 0x10, die_loc, sizeof die_loc, NULL, 0, NULL },
	                       { 0x20, NULL, 0, (const uint8_t *)"\x2a\0\0\0", 4, NULL } };
	hd_base_type types[] = { { 0x30, "int32", 0x05, 32, 0 }, { 0x40, "float", 0x04, 32, 0 },
	                         { 0x50, "v4u8", 0x08, 8, 4 } };
	uint64_t addrs[] = { 0x1000, 0x2000 };
	hd_cu cu = { 0, types, 3, dies, 2, addrs, 2 };
	hd_limits limits = { 20000, 256, 16, 16u << 20 };
	uint8_t ops[HD_OP_COUNT + 8], expr[96], out[64];
	size_t nops = opcodes(ops);
	int internal = 0, uncoded = 0, outcomes[3] = { 0, 0, 0 };
	hd_buf text;

	tap_begin();
	hd_buf_init(&text);
	for (int round = 0; round < ROUNDS; round++) {
		unsigned wave = round % 2 ? 32 : 64;
		hd_amdgpu *model = hd_amdgpu_new(wave);
		hd_eval *ev = hd_eval_new(&limits);
		hd_profile profile = round % 3 ? HD_PROFILE_AMDGPU_V0 : HD_PROFILE_LLVM_USER;
		hd_encoding enc = { profile, 8, (uint8_t)(round % 5 ? 4 : 8) };
		hd_context ctx;
		hd_result r;
		hd_status st;
		size_t len = round % 4 == 0 ? make_raw(expr, sizeof expr, ops, nops, profile)
		                            : make_structured(expr, sizeof expr, &enc, wave);

		memset(&ctx, 0, sizeof ctx);
		ctx.arch = hd_amdgpu_target(model);
		ctx.has_thread = round % 7 != 0;
		ctx.has_lane = round % 5 != 0;
		ctx.lane = (uint32_t)(tap_random() % wave);
		ctx.has_frame = 1;
		ctx.cu = round % 11 ? &cu : NULL;
		ctx.result = (hd_result_kind)(round % 3);
		hd_eval_expr(ev, &ctx, &enc, expr, len, &r);
		outcomes[r.kind]++;
		if (getenv("HD_FUZZ_CODES") && r.kind == HD_OUT_ERROR)
			printf("# code %s\n", r.status.code);
		if (r.kind == HD_OUT_ERROR) {
			if (r.status.kind == HD_INTERNAL)
				internal++;
			if (!known_code(&r.status))
				uncoded++;
		} else if (r.kind == HD_OUT_LOCATION) {
			hd_loc_read(ev, &ctx, r.loc, 1 + tap_random() % 500, out, &st);
		}
		hd_buf_reset(&text);
		hd_print_result(&text, &r, ctx.arch);
		hd_eval_free(ev);
		hd_amdgpu_free(model);
	}
	hd_buf_free(&text);
	EQ_U64(internal, 0, "no expression ends in an internal error");
	EQ_U64(uncoded, 0, "every error outcome has a reason code");
	OK(outcomes[HD_OUT_VALUE] > 0, "some expressions give values");
	OK(outcomes[HD_OUT_LOCATION] > 0, "some expressions give locations");
	OK(outcomes[HD_OUT_ERROR] > 0, "some expressions give errors");
	printf("# %d values, %d locations, %d errors of %d\n", outcomes[0], outcomes[1],
	       outcomes[2], ROUNDS);
	return tap_end();
}
