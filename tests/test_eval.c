/* Unit tests of the evaluator's API on the AMDGPU model: each location
 * storage kind read and written bit by bit, location descriptions with
 * several single locations, the configured bounds, and the session's
 * lifetime rules. The corpus (cases/expr) covers the operations one by one;
 * this covers what a case file cannot say. */
#include "tap.h"

#include "amdgpu/model.h"
#include "dwarf/eval/eval.h"
#include "dwarf/eval/print.h"

#include <stdlib.h>
#include <string.h>

static hd_amdgpu *model;
static const hd_target *target;
static hd_eval *ev;
static hd_context ctx;
static hd_status st;
static const hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };

static void setup(unsigned wave)
{
	hd_amdgpu_free(model);
	model = hd_amdgpu_new(wave);
	target = hd_amdgpu_target(model);
	memset(&ctx, 0, sizeof ctx);
	ctx.arch = target;
	ctx.has_thread = 1;
	ctx.has_frame = 1;
	ctx.has_lane = 1;
	ctx.lane = 5;
}

/* Evaluates text and returns its canonical output (static buffer). */
static const char *eval_text(const char *text, hd_result *res)
{
	static hd_buf out;
	hd_buf bytes;
	hd_result local;

	if (res == NULL)
		res = &local;
	hd_buf_init(&bytes);
	hd_buf_reset(&out);
	if (hd_assemble(text, strlen(text), &enc, &target->names, &bytes, &st) != 0) {
		hd_buf_printf(&out, "assembler: %s\n", st.msg);
	} else {
		hd_eval_expr(ev, &ctx, &enc, bytes.data, bytes.len, res);
		hd_print_result(&out, res, target);
	}
	hd_buf_free(&bytes);
	return hd_buf_str(&out);
}

static const hd_loc *eval_loc(const char *text)
{
	hd_result r;

	eval_text(text, &r);
	return r.kind == HD_OUT_LOCATION ? r.loc : NULL;
}

static uint32_t read32(const hd_loc *l, int *ok)
{
	uint8_t b[4] = { 0 };

	*ok = l != NULL && hd_loc_read(ev, &ctx, l, 32, b, &st) == 0;
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void test_memory_storage(void)
{
	static const uint8_t word[] = { 0x78, 0x56, 0x34, 0x12, 0xbc, 0x9a };
	const hd_loc *l;
	uint8_t b[2] = { 0 };
	int ok;

	hd_amdgpu_write_mem(model, 0, 0, 0, 0x2000, word, sizeof word, &st);
	l = eval_loc("DW_OP_addr 0x2000");
	EQ_U64(read32(l, &ok), 0x12345678, "memory: 32 bits at a byte address");
	OK(ok, "memory: read succeeds");
	/* a bit field: 12 bits starting at bit 4 of byte 0x2001 (0x56 >> 4 | 0x34 << 4) */
	l = eval_loc("DW_OP_addr 0x2001; DW_OP_lit4; DW_OP_LLVM_bit_offset");
	OK(l != NULL && hd_loc_read(ev, &ctx, l, 12, b, &st) == 0, "memory: bit field read");
	EQ_U64(b[0] | (b[1] << 8), 0x345, "memory: bit field value");
	/* a write at a bit offset keeps the neighbouring bits */
	b[0] = 0xf;
	OK(hd_loc_write(ev, &ctx, l, 4, b, &st) == 0, "memory: bit field write");
	hd_amdgpu_read_mem(model, 0, 0, 0, 0x2001, b, 1, &st);
	EQ_U64(b[0], 0xf6, "memory: write changed bits 4..7 only");
}

static void test_register_storage(void)
{
	const hd_loc *l;
	uint8_t b[4] = { 0xef, 0xbe, 0xad, 0xde };
	int ok;

	for (unsigned lane = 0; lane < 64; lane++)
		hd_amdgpu_set_lane(model, HD_AMDGPU_VGPR0_W64 + 1, lane, 0x100 + lane, &st);
	l = eval_loc("DW_OP_regx v1; DW_OP_LLVM_push_lane; DW_OP_lit4; DW_OP_mul; DW_OP_LLVM_offset");
	EQ_U64(read32(l, &ok), 0x105, "register: lane 5's dword of v1");
	OK(hd_loc_write(ev, &ctx, l, 32, b, &st) == 0, "register: write lane 5's dword");
	hd_amdgpu_get_reg(model, HD_AMDGPU_VGPR0_W64 + 1, NULL, 0, &st);
	{
		uint8_t whole[256];
		hd_amdgpu_get_reg(model, HD_AMDGPU_VGPR0_W64 + 1, whole, sizeof whole, &st);
		EQ_U64(whole[20] | whole[21] << 8 | whole[22] << 16 | (uint32_t)whole[23] << 24,
		       0xdeadbeef, "register: the write landed at bit 160");
		EQ_U64(whole[16], 0x04, "register: lane 4 is untouched");
	}
	/* reading past the end of a register is an evaluation error */
	l = eval_loc("DW_OP_regx s0; DW_OP_lit2; DW_OP_LLVM_offset");
	read32(l, &ok);
	OK(!ok && strcmp(st.code, "out-of-bounds") == 0, "register: read past its end fails");
}

static void test_implicit_storage(void)
{
	const hd_loc *l = eval_loc("DW_OP_implicit_value [11 22 33 44 55]; DW_OP_lit1; DW_OP_LLVM_offset");
	uint8_t b[4] = { 0 };
	int ok;

	EQ_U64(read32(l, &ok), 0x55443322, "implicit: bytes 1..4");
	OK(l != NULL && hd_loc_write(ev, &ctx, l, 8, b, &st) != 0 &&
	   strcmp(st.code, "implicit-write") == 0, "implicit: writing is an evaluation error");
	l = eval_loc("DW_OP_const2u 0xbeef; DW_OP_stack_value");
	{
		uint8_t wide[12];
		OK(l != NULL && hd_loc_read(ev, &ctx, l, 64, wide, &st) == 0,
		   "implicit: all 64 bits of a generic value");
		OK(l != NULL && hd_loc_read(ev, &ctx, l, 96, wide, &st) != 0 &&
		   strcmp(st.code, "out-of-bounds") == 0, "implicit: 96 bits of it fail");
	}
	EQ_U64(read32(l, &ok), 0xbeef, "implicit: stack_value keeps the generic value");
}

static void test_undefined_storage(void)
{
	const hd_loc *l = eval_loc("DW_OP_LLVM_undefined; DW_OP_lit8; DW_OP_LLVM_offset");
	int ok;

	OK(l != NULL && l->s[0].storage->kind == HD_STORAGE_UNDEFINED,
	   "undefined: offset leaves it undefined");
	read32(l, &ok);
	OK(!ok && strcmp(st.code, "undefined-read") == 0, "undefined: read is an evaluation error");
	EQ_STR(eval_text("", NULL), "location\n  undefined\n", "undefined: empty expression");
}

static void test_composite_storage(void)
{
	const hd_loc *l;
	int ok;

	hd_amdgpu_set_reg(model, HD_AMDGPU_SGPR0 + 30, (const uint8_t *)"\x44\x33\x22\x11", 4, &st);
	hd_amdgpu_set_reg(model, HD_AMDGPU_SGPR0 + 31, (const uint8_t *)"\x88\x77\x66\x55", 4, &st);
	/* DWARF Extensions for Heterogeneous Debugging: only a complete composite may be offset, hence piece_end */
	l = eval_loc("DW_OP_regx s30; DW_OP_piece 4; DW_OP_regx s31; DW_OP_piece 4; "
	             "DW_OP_LLVM_piece_end; DW_OP_lit2; DW_OP_LLVM_offset");
	EQ_U64(read32(l, &ok), 0x77881122, "composite: a read across two parts");
	OK(ok, "composite: read succeeds");
	{
		uint8_t b[4] = { 1, 2, 3, 4 }, s30[4], s31[4];
		OK(hd_loc_write(ev, &ctx, l, 32, b, &st) == 0, "composite: write across parts");
		hd_amdgpu_get_reg(model, HD_AMDGPU_SGPR0 + 30, s30, 4, &st);
		hd_amdgpu_get_reg(model, HD_AMDGPU_SGPR0 + 31, s31, 4, &st);
		OK(s30[2] == 1 && s30[3] == 2 && s31[0] == 3 && s31[1] == 4 && s31[2] == 0x66,
		   "composite: each part got its bytes");
	}
	l = eval_loc("DW_OP_piece 2; DW_OP_regx s30; DW_OP_piece 2");
	read32(l, &ok);
	OK(!ok && strcmp(st.code, "undefined-read") == 0,
	   "composite: an undefined part makes the read fail");
	EQ_STR(eval_text("DW_OP_regx s30; DW_OP_piece 4; DW_OP_dup", NULL),
	       "error ill-formed: incomplete-composite\n",
	       "composite: stack ops reject an incomplete composite");
}

static void test_multiple_locations(void)
{
	const hd_loc *parts[2];
	const hd_loc *both, *moved;
	uint8_t b[4] = { 0xaa, 0xbb, 0xcc, 0xdd }, m[4], r[4];
	hd_buf out;
	int ok;

	parts[0] = eval_loc("DW_OP_addr 0x3000");
	parts[1] = eval_loc("DW_OP_regx s7");
	both = hd_loc_union(ev, parts, 2);
	OK(both != NULL && both->n == 2, "union: two single locations");
	OK(hd_loc_write(ev, &ctx, both, 32, b, &st) == 0, "union: write");
	hd_amdgpu_read_mem(model, 0, 0, 0, 0x3000, m, 4, &st);
	hd_amdgpu_get_reg(model, HD_AMDGPU_SGPR0 + 7, r, 4, &st);
	OK(memcmp(m, b, 4) == 0 && memcmp(r, b, 4) == 0, "union: the write updated both places");
	EQ_U64(read32(both, &ok), 0xddccbbaa, "union: a read picks one");
	/* an expression given the union as its object offsets every place */
	ctx.object = both;
	moved = eval_loc("DW_OP_push_object_address; DW_OP_lit1; DW_OP_LLVM_offset");
	ctx.object = NULL;
	hd_buf_init(&out);
	if (moved != NULL)
		hd_print_loc(&out, moved, target, 2);
	EQ_STR(hd_buf_str(&out), "  memory global addr=0x3001 bit=0\n  register s7 bit=8\n",
	       "union: DW_OP_LLVM_offset moves each single location");
	hd_buf_free(&out);
}

/* Implicit pointer storage: a whole read gives an implicit pointer value,
 * which becomes its DIE's location moved by the displacement; a partial read
 * is an evaluation error (DWARF Extensions for Heterogeneous Debugging, DW_OP_implicit_pointer). */
static void test_implicit_pointer_storage(void)
{
	static const uint8_t target_loc[] = { 0x03, 0x00, 0x50, 0, 0, 0, 0, 0, 0 }; /* addr 0x5000 */
	hd_die_info die = { 0x40, target_loc, sizeof target_loc, NULL, 0, NULL };
	hd_cu cu = { 0, NULL, 0, &die, 1, NULL, 0 };

	ctx.cu = &cu;
	EQ_STR(eval_text("DW_OP_implicit_pointer 0x40 4", NULL),
	       "location\n  implicit-pointer die=0x40 disp=4 aspace=0 bit=0\n",
	       "implicit pointer: the location");
	EQ_STR(eval_text("DW_OP_implicit_pointer 0x40 4; DW_OP_deref", NULL),
	       "value implicit-pointer die=0x40 disp=4 aspace=0\n",
	       "implicit pointer: deref of the whole storage is an implicit pointer value");
	EQ_STR(eval_text("DW_OP_implicit_pointer 0x40 4; DW_OP_deref; DW_OP_dup; DW_OP_swap; DW_OP_drop", NULL),
	       "value implicit-pointer die=0x40 disp=4 aspace=0\n",
	       "implicit pointer: the value survives stack operations");
	hd_amdgpu_write_mem(model, 0, 0, 0, 0x5004, (const uint8_t *)"\x2a", 1, &st);
	EQ_STR(eval_text("DW_OP_implicit_pointer 0x40 4; DW_OP_deref; DW_OP_deref_size 1", NULL),
	       "value generic = 0x000000000000002a\n",
	       "implicit pointer: the value converts to the DIE's location + 4");
	EQ_STR(eval_text("DW_OP_implicit_pointer 0x40 0; DW_OP_deref_size 4", NULL),
	       "error evaluation: implicit-pointer-partial\n",
	       "implicit pointer: reading half of it fails");
	EQ_STR(eval_text("DW_OP_implicit_pointer 0x40 0; DW_OP_deref; DW_OP_lit1; DW_OP_plus", NULL),
	       "error evaluation: implicit-pointer-use\n",
	       "implicit pointer: arithmetic on the value fails");
	EQ_STR(eval_text("DW_OP_implicit_pointer 0x40 0; DW_OP_deref; DW_OP_stack_value", NULL),
	       "location\n  implicit-pointer die=0x40 disp=0 aspace=0 bit=0\n",
	       "implicit pointer: stack_value gives the location back");
	ctx.cu = NULL;
}

/* DWARF Extensions for Heterogeneous Debugging DW_OP_skip/bra: one past the end completes; anything that is not
 * the start of an operation is ill-formed. */
static void test_branch_targets(void)
{
	EQ_STR(eval_text("DW_OP_lit1; DW_OP_skip 1; DW_OP_lit2", NULL),
	       "value generic = 0x0000000000000001\n", "branch: one past the end completes");
	EQ_STR(eval_text("DW_OP_lit1; DW_OP_bra 0; DW_OP_lit2", NULL),
	       "value generic = 0x0000000000000002\n", "branch: to the next operation");
	EQ_STR(eval_text("DW_OP_skip 2; DW_OP_constu 300; DW_OP_lit3", NULL),
	       "error ill-formed: bad-branch-target\n", "branch: into an operand");
	EQ_STR(eval_text("DW_OP_skip 2", NULL),
	       "error ill-formed: bad-branch-target\n", "branch: past one past the end");
	EQ_STR(eval_text("DW_OP_lit0; DW_OP_skip -5", NULL),
	       "error ill-formed: bad-branch-target\n", "branch: before the start");
	EQ_STR(eval_text("DW_OP_lit1; DW_OP_lit0; DW_OP_bra -5", NULL),
	       "value generic = 0x0000000000000001\n", "branch: not taken on 0");
}

/* DW_OP_entry_value reads a register as the calling frame has it; the frame
 * answer here says the caller's s4 is in the callee's v2 (a 2048-bit
 * register), so the read must use s4's size, not v2's. */
static int answer(void *self, hd_frame_query q, uint32_t frame, uint64_t reg,
                  const uint8_t **expr, size_t *len)
{
	static const uint8_t v2_lane3[] = { 0x90, 0x82, 0x14, 0xe4, 0x0c };  /* regx v2; offset_uconst 12 */

	(void)self;
	if (q != HD_FRAME_REGISTER || frame != 1 || reg != HD_AMDGPU_SGPR0 + 4)
		return -1;
	*expr = v2_lane3;
	*len = sizeof v2_lane3;
	return 0;
}

static void test_entry_value(void)
{
	hd_frames frames = { NULL, answer };

	hd_amdgpu_set_lane(model, HD_AMDGPU_VGPR0_W64 + 2, 3, 0xcafe, &st);
	hd_amdgpu_set_lane(model, HD_AMDGPU_VGPR0_W64 + 2, 4, 0xffff, &st);
	ctx.frames = &frames;
	EQ_STR(eval_text("DW_OP_entry_value {DW_OP_regx s4}", NULL),
	       "value generic = 0x000000000000cafe\n",
	       "entry_value: the caller's 32-bit s4, found in the callee's v2 lane 3");
	EQ_STR(eval_text("DW_OP_entry_value {DW_OP_regx s5}", NULL),
	       "error evaluation: no-call-frame-information\n",
	       "entry_value: no answer for the caller's s5");
	ctx.frames = NULL;
	EQ_STR(eval_text("DW_OP_entry_value {DW_OP_lit7}", NULL),
	       "value generic = 0x0000000000000007\n", "entry_value: a value result");
}

/* A DW_OP_call2 that calls itself: the call depth bound ends it. */
static void test_bounds(void)
{
	static const uint8_t self_call[] = { 0x98, 0x40, 0x00 };
	hd_die_info die = { 0x40, self_call, sizeof self_call, NULL, 0, NULL };
	hd_cu cu = { 0, NULL, 0, &die, 1, NULL, 0 };
	hd_limits small = { 1000, 8, 16, 1 << 20 };
	hd_eval *tight = hd_eval_new(&small);
	hd_eval *saved = ev;
	hd_result r;

	ctx.cu = &cu;
	EQ_STR(eval_text("DW_OP_call2 0x40", NULL), "error evaluation: call-depth\n",
	       "bounds: recursive DW_OP_call2 stops at the call depth");
	ctx.cu = NULL;
	ev = tight;
	EQ_STR(eval_text("DW_OP_lit1; DW_OP_dup; DW_OP_dup; DW_OP_dup; DW_OP_dup; DW_OP_dup; "
	                 "DW_OP_dup; DW_OP_dup; DW_OP_dup", NULL),
	       "error evaluation: stack-limit\n", "bounds: the stack bound (8 entries)");
	EQ_STR(eval_text("DW_OP_skip -3", &r), "error evaluation: step-limit\n",
	       "bounds: the step bound ends a loop");
	EQ_U64(r.steps, 1001, "bounds: steps counted up to the bound");
	eval_text("DW_OP_LLVM_undefined; DW_OP_LLVM_extend 1 100000", &r);
	OK(r.kind == HD_OUT_ERROR && r.status.kind == HD_NO_MEMORY &&
	   strcmp(r.status.code, "memory-limit") == 0, "bounds: the arena bound (1 MiB)");
	ev = saved;
	hd_eval_free(tight);
}

/* Results stay valid until the session is reset, so an earlier result can
 * be the object of a later evaluation. */
static void test_session(void)
{
	const hd_loc *obj = eval_loc("DW_OP_addr 0x4000");

	ctx.object = obj;
	EQ_STR(eval_text("DW_OP_push_object_address; DW_OP_lit8; DW_OP_LLVM_offset", NULL),
	       "location\n  memory global addr=0x4008 bit=0\n",
	       "session: an earlier result as the object");
	ctx.object = NULL;
	hd_eval_reset(ev);
	EQ_STR(eval_text("DW_OP_lit1; DW_OP_lit2; DW_OP_plus", NULL), "value generic = 0x0000000000000003\n",
	       "session: evaluation after reset");
}

int main(void)
{
	tap_begin();
	ev = hd_eval_new(NULL);
	setup(64);
	test_memory_storage();
	test_register_storage();
	test_implicit_storage();
	test_undefined_storage();
	test_composite_storage();
	test_multiple_locations();
	test_implicit_pointer_storage();
	test_branch_targets();
	test_entry_value();
	test_bounds();
	test_session();
	hd_eval_free(ev);
	hd_amdgpu_free(model);
	return tap_end();
}
