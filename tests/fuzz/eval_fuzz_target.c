/* The expression evaluator's libFuzzer target (docs/fuzzing.md): built when
 * HDCTS_FUZZ is on, with clang. The first byte of an input chooses the
 * setting (wave size, encoding profile, offset size, result kind, whether
 * there is a lane and a compilation unit), the rest is a DWARF expression.
 * It is decoded to the canonical text and evaluated on the AMDGPU model
 * with small bounds, as tests/test_eval_fuzz.c does with generated
 * expressions. Whatever the bytes: an outcome (value, location or an error
 * with a reason code), never an internal error, a crash or a hang; the text
 * of a decodable expression assembles back to the same text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/model.h"
#include "dwarf/eval/eval.h"
#include "dwarf/codec/expr.h"
#include "dwarf/eval/print.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Expressions are short; longer ones only repeat what shorter ones reach. */
#define MAX_INPUT 4096

/* The compilation unit the typed and DIE-referencing operations find: the
 * one of tests/test_eval_fuzz.c. */
static const uint8_t die_loc[] = { 0x30, 0x9f };  /* lit0; stack_value */
static const hd_die_info dies[] = {
	{ 0x10, die_loc, sizeof die_loc, NULL, 0, NULL },
	{ 0x20, NULL, 0, (const uint8_t *)"\x2a\0\0\0", 4, NULL },
};
static const hd_base_type types[] = {
	{ 0x30, "int32", 0x05, 32, 0 }, { 0x40, "float", 0x04, 32, 0 },
	{ 0x50, "v4u8", 0x08, 8, 4 },
};
static const uint64_t addrs[] = { 0x1000, 0x2000 };
static const hd_cu cu = { 0, types, 3, dies, 2, addrs, 2 };

/* An error outcome names why; "internal" is the evaluator's own failure. */
static int coded(const hd_status *st)
{
	return st->kind != HD_INTERNAL && st->code != NULL && st->code[0] != '\0' &&
	       strcmp(st->code, "internal") != 0;
}

/* The decoder's text, when it has one, must assemble to bytes whose text is
 * the same (docs/expression-text.md); the bytes themselves may differ, as a
 * LEB128 may be padded. 0 when it holds or the bytes do not decode. */
static int text_round_trip(const uint8_t *bytes, size_t len, const hd_encoding *enc,
                           const hd_regnames *names)
{
	hd_buf text, again, bin;
	hd_status st;
	int bad = 0;

	hd_buf_init(&text);
	hd_buf_init(&again);
	hd_buf_init(&bin);
	if (hd_disassemble(bytes, len, enc, names, &text, &st) == 0 && !text.failed) {
		if (hd_assemble((const char *)text.data, text.len, enc, names, &bin, &st) != 0)
			bad = st.kind != HD_NO_MEMORY;
		else if (hd_disassemble(bin.data, bin.len, enc, names, &again, &st) != 0)
			bad = st.kind != HD_NO_MEMORY;
		else
			bad = !again.failed && (again.len != text.len ||
			                        (text.len > 0 && memcmp(again.data, text.data, text.len) != 0));
	}
	hd_buf_free(&text);
	hd_buf_free(&again);
	hd_buf_free(&bin);
	return bad ? -1 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hd_limits limits = { 20000, 256, 16, 16u << 20 };
	hd_amdgpu *model;
	hd_eval *ev;
	hd_context ctx;
	hd_encoding enc;
	hd_result r;
	hd_status st;
	hd_buf out;
	uint8_t bytes[64];
	unsigned setting;

	if (size < 1 || size > MAX_INPUT)
		return 0;
	setting = data[0];
	enc.profile = setting & 2 ? HD_PROFILE_LLVM_USER : HD_PROFILE_AMDGPU_V0;
	enc.addr_size = 8;
	enc.offset_size = setting & 4 ? 8 : 4;
	model = hd_amdgpu_new(setting & 1 ? 32 : 64);
	ev = hd_eval_new(&limits);
	if (model == NULL || ev == NULL)
		abort();
	memset(&ctx, 0, sizeof ctx);
	ctx.arch = hd_amdgpu_target(model);
	ctx.result = (hd_result_kind)((setting >> 3) % 3);
	ctx.has_thread = 1;
	ctx.has_lane = !(setting & 0x20);
	ctx.lane = setting >> 6;
	ctx.has_frame = 1;
	ctx.cu = setting & 0x40 ? NULL : &cu;
	data++;
	size--;
	if (text_round_trip(data, size, &enc, &ctx.arch->names) != 0)
		abort();
	hd_eval_expr(ev, &ctx, &enc, data, size, &r);
	if (r.kind == HD_OUT_ERROR && !coded(&r.status))
		abort();
	if (r.kind == HD_OUT_LOCATION)
		hd_loc_read(ev, &ctx, r.loc, 8 * sizeof bytes, bytes, &st);
	hd_buf_init(&out);
	hd_print_result(&out, &r, ctx.arch);
	hd_buf_free(&out);
	hd_eval_free(ev);
	hd_amdgpu_free(model);
	return 0;
}
