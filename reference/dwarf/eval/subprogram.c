/* The attributes of a subprogram that are evaluated in one of its frames:
 * DW_AT_frame_base (for DW_OP_fbreg), DW_AT_LLVM_lanes, DW_AT_LLVM_lane_pc
 * and DW_AT_LLVM_active_lane (DWARF Extensions for Heterogeneous Debugging "Debugging Information Entry
 * Attributes" items 3, 11, 12 and 13). */
#include "machine.h"
#include "unwind.h"

#include <stdlib.h>
#include <string.h>

/* More lanes than this is taken as a broken DW_AT_LLVM_lanes rather than
 * a reason to build a vector of that many program locations. */
#define HD_MAX_LANES 4096

/* The innermost subprogram whose code holds frame's program location. */
static int find_subprogram(hd_machine *m, uint32_t frame, const hd_subprogram **out)
{
	const hd_callstack *cs = m->ctx->stack;
	const hd_subprogram *best = NULL;
	uint64_t pc;

	if (hd_frame_lookup_pc(m, frame, &pc) != 0)
		return -1;
	for (size_t i = 0; i < cs->nsubs; i++) {
		const hd_subprogram *s = &cs->subs[i];
		if (pc < s->low_pc || pc >= s->high_pc)
			continue;
		if (best == NULL || s->high_pc - s->low_pc < best->high_pc - best->low_pc)
			best = s;
	}
	if (best == NULL)
		return hd_err(m, "no-subprogram", "no subprogram holds pc 0x%llx of frame %u",
		              (unsigned long long)pc, (unsigned)frame);
	*out = best;
	return 0;
}

/* An attribute's expression evaluated in frame: DWARF Extensions for Heterogeneous Debugging gives it the
 * compilation unit that holds it, no object, an empty stack, and the rest
 * of the focused thread's context. */
static int eval_attribute(hd_machine *m, uint32_t frame, hd_result_kind kind,
                          const uint8_t *expr, size_t len, hd_entry *out)
{
	hd_context sub;

	if (hd_frame_context(m, frame, &sub) != 0)
		return -1;
	hd_context_nested(&sub, kind);
	return hd_eval_nested(m, &sub, expr, len, out);
}

static int contains_fbreg(const hd_encoding *enc, const uint8_t *expr, size_t len,
                          int *found, hd_status *st)
{
	hd_op *ops;
	size_t n;

	if (hd_decode_expr(expr, len, enc, &ops, &n, st) != 0)
		return -1;
	*found = 0;
	for (size_t i = 0; i < n; i++)
		if (ops[i].id == HD_OP_fbreg)
			*found = 1;
	free(ops);
	return 0;
}

/* The value of register reg in frame as an address of the default address
 * space: DW_OP_bregx reg, 0 evaluated there. */
static int bregx_zero(hd_machine *m, uint32_t frame, uint64_t reg, const hd_loc **out)
{
	const hd_context *saved = m->ctx;
	hd_context sub;
	uint64_t base;
	unsigned bits = hd_generic_bits(m);
	int r;

	/* without a call stack the context's own frame is the one (a
	 * caller's hd_frames answered for it) */
	if (m->ctx->stack == NULL)
		sub = *m->ctx;
	else if (hd_frame_context(m, frame, &sub) != 0)
		return -1;
	m->ctx = &sub;
	r = hd_register_value(m, reg, bits, &base);
	if (r == 0)
		r = hd_loc_memory(m, hd_default_aspace(m), base & hd_mask(bits), out);
	m->ctx = saved;
	return r;
}

/* DW_AT_frame_base of the current frame's subprogram. A register result
 * means "the address in that register": it is recognised by E ending with
 * DW_OP_reg*, so a register that unwinding finds saved in memory is still
 * that register, as a deferred evaluation would see it. */
int hd_frame_base(hd_machine *m, const hd_loc **out)
{
	uint32_t frame = m->ctx->frame;
	const hd_subprogram *sp;
	const hd_op *op = m->op;
	hd_entry e;
	hd_status st;
	int fbreg;

	if (!m->ctx->has_frame)
		return hd_missing(m, "call frame");
	if (find_subprogram(m, frame, &sp) != 0)
		return -1;
	if (sp->frame_base == NULL)
		return hd_ill(m, "no-frame-base", "subprogram %s has no DW_AT_frame_base",
		              sp->name ? sp->name : "?");
	if (contains_fbreg(m->enc, sp->frame_base, sp->frame_base_len, &fbreg, &st) != 0) {
		*m->st = st;
		return -1;
	}
	if (fbreg)
		return hd_ill(m, "frame-base-fbreg", "DW_AT_frame_base uses DW_OP_fbreg");
	if (eval_attribute(m, frame, HD_RESULT_LOCATION, sp->frame_base,
	                   sp->frame_base_len, &e) != 0)
		return -1;
	m->op = op;
	return hd_frame_base_result(m, frame, e.loc, out);
}

int hd_frame_base_result(hd_machine *m, uint32_t frame, const hd_loc *l, const hd_loc **out)
{
	const hd_sloc *sl;

	if (l->n != 1)
		return hd_ill(m, "frame-base-not-single",
		              "DW_AT_frame_base gives %u single locations", (unsigned)l->n);
	sl = &l->s[0];
	if (m->last_op == HD_OP_reg || m->last_op == HD_OP_regx)
		return bregx_zero(m, frame, m->last_reg, out);
	if (sl->storage->kind == HD_STORAGE_REGISTER)
		return bregx_zero(m, frame, sl->storage->u.reg.reg, out);
	if (sl->storage->kind != HD_STORAGE_MEMORY)
		return hd_ill(m, "frame-base-not-memory",
		              "DW_AT_frame_base gives neither a register nor a memory location");
	*out = l;
	return 0;
}

static int lanes_of(hd_machine *m, const hd_subprogram *sp, uint64_t *lanes)
{
	*lanes = sp->has_lanes ? sp->lanes : 1;
	if (*lanes == 0)
		return hd_ill(m, "lanes-zero", "DW_AT_LLVM_lanes is 0");
	if (*lanes > HD_MAX_LANES)
		return hd_err(m, "lanes-too-many", "DW_AT_LLVM_lanes is %llu; at most %u are supported",
		              (unsigned long long)*lanes, HD_MAX_LANES);
	return 0;
}

/* ---- the public requests ---- */

/* What the lane requests pass to their machine functions and get back. */
typedef struct lane_arg {
	uint64_t lanes;      /* out: DW_AT_LLVM_lanes of the subprogram */
	const hd_loc *loc;   /* hd_lane_pc_read: the lane_pc result */
	uint32_t lane;
} lane_arg;

static int lane_pc(hd_machine *m, void *arg, hd_entry *out)
{
	lane_arg *a = arg;
	uint32_t frame = m->ctx->frame;
	const hd_subprogram *sp;
	uint8_t *bytes;
	uint64_t pc;

	if (find_subprogram(m, frame, &sp) != 0 || lanes_of(m, sp, &a->lanes) != 0)
		return -1;
	if (sp->lane_pc != NULL)
		return eval_attribute(m, frame, HD_RESULT_LOCATION, sp->lane_pc, sp->lane_pc_len, out);
	/* without the attribute every lane is at the frame's program location */
	if (hd_frame_pc(m, frame, &pc) != 0 || (bytes = hd_alloc(m, a->lanes * 8)) == NULL)
		return -1;
	for (uint64_t l = 0; l < a->lanes; l++)
		for (unsigned i = 0; i < 8; i++)
			bytes[l * 8 + i] = (uint8_t)(pc >> (8 * i));
	memset(out, 0, sizeof *out);
	out->is_loc = 1;
	return hd_loc_implicit(m, bytes, a->lanes * 64, &out->loc);
}

static int active_lane(hd_machine *m, void *arg, hd_entry *out)
{
	lane_arg *a = arg;
	uint32_t frame = m->ctx->frame;
	const hd_subprogram *sp;
	const hd_loc *l;
	uint64_t bits, mask;

	if (find_subprogram(m, frame, &sp) != 0 || lanes_of(m, sp, &a->lanes) != 0)
		return -1;
	if (sp->active_lane != NULL) {
		if (eval_attribute(m, frame, HD_RESULT_VALUE, sp->active_lane,
		                   sp->active_lane_len, out) != 0)
			return -1;
		if (!hd_is_integral(&out->value))
			return hd_ill(m, "active-lane-not-integral",
			              "DW_AT_LLVM_active_lane gives a value that is not integral");
		return 0;
	}
	memset(out, 0, sizeof *out);
	if (a->lanes == 1) {
		hd_value_generic(m, &out->value, 1);
		return 0;
	}
	/* DWARF Extensions for Heterogeneous Debugging: without the attribute, the execution mask of the frame */
	if (m->ctx->arch == NULL)
		return hd_missing(m, "architecture");
	if (hd_frame_loc(m, frame, m->ctx->arch->exec_reg, &l) != 0 ||
	    hd_register_bits(m, m->ctx->arch->exec_reg, &bits) != 0 ||
	    hd_read_u64(m, l, bits > 64 ? 64 : bits, &mask) != 0)
		return -1;
	hd_value_generic(m, &out->value, mask);
	return 0;
}

static int frame_base_request(hd_machine *m, void *arg, hd_entry *out)
{
	(void)arg;
	memset(out, 0, sizeof *out);
	out->is_loc = 1;
	return hd_frame_base(m, &out->loc);
}

static int lane_element(hd_machine *m, void *arg, hd_entry *out)
{
	lane_arg *a = arg;
	const hd_loc *l;
	const hd_ipv *ipv = NULL;
	uint8_t buf[8];

	if (hd_loc_offset(m, a->loc, (hd_bits)a->lane * 64, &l) != 0 ||
	    hd_read_loc(m, l, 64, buf, &ipv) != 0)
		return -1;
	memset(out, 0, sizeof *out);
	return hd_value_from_bytes(m, NULL, buf, 8, &out->value);
}

/* Runs fn in frame of ctx's call stack. */
int hd_run_in_frame(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                    uint32_t frame, hd_result_kind kind, hd_machine_fn fn, void *arg,
                    hd_result *res)
{
	hd_context sub = *ctx;

	if (ctx->stack == NULL) {
		memset(res, 0, sizeof *res);
		res->kind = HD_OUT_ERROR;
		return hd_fail(&res->status, HD_EVAL_ERROR, "missing-context-frame", 0,
		               "the context has no call stack");
	}
	sub.result = kind;
	sub.has_frame = 1;
	sub.frame = frame;
	return hd_eval_with(ev, &sub, enc, fn, arg, res);
}

int hd_eval_frame_base(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                       uint32_t frame, hd_result *res)
{
	return hd_run_in_frame(ev, ctx, enc, frame, HD_RESULT_LOCATION, frame_base_request,
	                       NULL, res);
}

int hd_eval_lane_pc(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                    uint32_t frame, uint64_t *lanes, hd_result *res)
{
	lane_arg a = { 0, NULL, 0 };
	int r = hd_run_in_frame(ev, ctx, enc, frame, HD_RESULT_LOCATION, lane_pc, &a, res);

	*lanes = a.lanes;
	return r;
}

int hd_eval_active_lane(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                        uint32_t frame, hd_result *res)
{
	lane_arg a = { 0, NULL, 0 };

	return hd_run_in_frame(ev, ctx, enc, frame, HD_RESULT_VALUE, active_lane, &a, res);
}

int hd_lane_pc_read(hd_eval *ev, const hd_context *ctx, const hd_loc *loc,
                    uint32_t lane, uint64_t *pc, hd_status *st)
{
	static const hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };
	lane_arg a = { 0, loc, lane };
	hd_context sub = *ctx;
	hd_result res;

	sub.result = HD_RESULT_VALUE;
	if (hd_eval_with(ev, &sub, &enc, lane_element, &a, &res) != 0) {
		*st = res.status;
		return strcmp(res.status.code, "undefined-read") == 0 ? 1 : -1;
	}
	*pc = hd_value_u64(&res.value);
	return 0;
}
