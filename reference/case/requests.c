/* Running a case with a call stack (docs/case-format.md, "Call stacks and
 * call frame information" and "Requests"): the .debug_frame section is laid
 * out from the cie and fde lines (or taken whole from debug-frame lines) and
 * parsed, the subprograms and the stack go into the context, and the stack
 * is checked by unwinding it. Then, after the main expression, each
 * `evaluate` line is answered in file order in the same evaluator session. */
#include "run_impl.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../dwarf/eval/print.h"

/* DW_AT_LLVM_lane_pc lines are printed for at most this many lanes, the
 * largest wavefront; a bigger DW_AT_LLVM_lanes only lengthens the output. */
#define MAX_LANE_LINES 64

static int no_memory(hd_runner *r)
{
	return hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}

/* ---- building the stack ---- */

int hd_case_debug_frame(const hd_case *c, hd_buf *section, hd_status *st)
{
	hd_cie_desc *cies;
	hd_fde_desc *fdes;
	int rc;

	if (c->has_debug_frame) {
		hd_buf_put(section, c->debug_frame, c->debug_frame_len);
		return 0;
	}
	if (c->ncies == 0 && c->nfdes == 0)
		return 0;
	cies = calloc(c->ncies ? c->ncies : 1, sizeof *cies);
	fdes = calloc(c->nfdes ? c->nfdes : 1, sizeof *fdes);
	if (cies == NULL || fdes == NULL) {
		free(cies);
		free(fdes);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	for (size_t i = 0; i < c->ncies; i++)
		cies[i] = c->cies[i].desc;
	for (size_t i = 0; i < c->nfdes; i++)
		fdes[i] = c->fdes[i].desc;
	rc = hd_cfi_write(section, cies, c->ncies, fdes, c->nfdes, st);
	free(cies);
	free(fdes);
	return rc;
}

/* Lays out and parses the CFI. A case without cie, fde or debug-frame lines
 * has no .debug_frame at all. 1: an outcome was printed. */
static int build_cfi(hd_runner *r)
{
	static const uint8_t empty[1];
	const hd_case *c = r->c;
	hd_status st;

	if (!c->has_debug_frame && c->ncies == 0 && c->nfdes == 0)
		return 0;
	hd_status_clear(&st);
	if (hd_case_debug_frame(c, &r->section, &st) != 0) {
		if (st.kind == HD_NO_MEMORY)
			return hd_fail(r->st, HD_NO_MEMORY, st.code, 0, "%s", st.msg);
		hd_run_setup_error(r, &st);
		return 1;
	}
	if (r->section.failed)
		return no_memory(r);
	hd_status_clear(&st);
	if (hd_cfi_parse(r->section.len ? r->section.data : empty, r->section.len, 8,
	                 &r->cfi, &st) != 0) {
		r->cfi = NULL;
		hd_run_setup_error(r, &st);
		return 1;
	}
	return 0;
}

/* The subprograms as the evaluator sees them. */
static int build_subprograms(hd_runner *r)
{
	const hd_case *c = r->c;

	if (c->nsubs == 0)
		return 0;
	r->subs = calloc(c->nsubs, sizeof *r->subs);
	if (r->subs == NULL)
		return no_memory(r);
	for (size_t i = 0; i < c->nsubs; i++)
		r->subs[i] = c->subs[i].sub;
	return 0;
}

int hd_run_stack(hd_runner *r)
{
	const hd_case *c = r->c;
	hd_status st;
	int rc;

	if ((rc = build_cfi(r)) != 0 || (rc = build_subprograms(r)) != 0)
		return rc;
	r->stack.cfi = r->cfi;
	r->stack.subs = r->subs;
	r->stack.nsubs = c->nsubs;
	r->stack.pcs = c->stack;
	r->stack.nframes = c->nstack;
	r->ctx.stack = &r->stack;
	/* the PCs the case states must be the ones unwinding finds */
	hd_status_clear(&st);
	if (hd_unwind_check(r->ev, &r->ctx, &c->enc, &st) != 0) {
		hd_run_setup_error(r, &st);
		return 1;
	}
	return 0;
}

void hd_run_stack_free(hd_runner *r)
{
	hd_cfi_free(r->cfi);
	r->cfi = NULL;
	hd_buf_free(&r->section);
	free(r->subs);
	r->subs = NULL;
}

/* ---- requests ---- */

static const char *const request_names[] = {
	[HD_REQ_CFA] = "cfa",
	[HD_REQ_REG] = "reg",
	[HD_REQ_PC] = "pc",
	[HD_REQ_FRAME_BASE] = "frame_base",
	[HD_REQ_LANE_PC] = "lane_pc",
	[HD_REQ_ACTIVE_LANE] = "active_lane",
};

/* A register by the architecture's name, else its DWARF number, as the
 * canonical output names registers everywhere. */
static void print_reg(hd_runner *r, uint64_t reg)
{
	char name[32];

	if (r->arch != NULL && r->arch->names.name != NULL &&
	    r->arch->names.name(r->arch->names.self, reg, name, sizeof name) == 0) {
		name[sizeof name - 1] = '\0';
		hd_buf_put(r->out, name, strlen(name));
		return;
	}
	hd_buf_printf(r->out, "%" PRIu64, reg);
}

/* "evaluate <what> frame <N>" */
static void print_header(hd_runner *r, const hd_case_request *q)
{
	hd_buf_printf(r->out, "evaluate %s ", request_names[q->what]);
	if (q->what == HD_REQ_REG) {
		print_reg(r, q->reg);
		hd_buf_byte(r->out, ' ');
	}
	hd_buf_printf(r->out, "frame %" PRIu32 "\n", q->frame);
}

/* Asks the evaluator; *lanes is set for lane_pc only. */
static void answer(hd_runner *r, const hd_case_request *q, hd_result *res, uint64_t *lanes)
{
	const hd_encoding *enc = &r->c->enc;

	switch (q->what) {
	case HD_REQ_CFA:
		hd_unwind_cfa(r->ev, &r->ctx, enc, q->frame, res);
		break;
	case HD_REQ_REG:
		hd_unwind_register(r->ev, &r->ctx, enc, q->frame, q->reg, res);
		break;
	case HD_REQ_PC:
		hd_unwind_pc(r->ev, &r->ctx, enc, q->frame, res);
		break;
	case HD_REQ_FRAME_BASE:
		hd_eval_frame_base(r->ev, &r->ctx, enc, q->frame, res);
		break;
	case HD_REQ_LANE_PC:
		hd_eval_lane_pc(r->ev, &r->ctx, enc, q->frame, lanes, res);
		break;
	case HD_REQ_ACTIVE_LANE:
		hd_eval_active_lane(r->ev, &r->ctx, enc, q->frame, res);
		break;
	}
}

/* One "lane L pc ..." line per lane of a DW_AT_LLVM_lane_pc location. */
static void print_lanes(hd_runner *r, const hd_loc *loc, uint64_t lanes)
{
	uint64_t n = lanes < MAX_LANE_LINES ? lanes : MAX_LANE_LINES;

	for (uint32_t lane = 0; lane < n; lane++) {
		uint64_t pc = 0;
		hd_status st;
		int rc;

		hd_status_clear(&st);
		rc = hd_lane_pc_read(r->ev, &r->ctx, loc, lane, &pc, &st);
		hd_buf_printf(r->out, "lane %" PRIu32 " pc ", lane);
		if (rc == 0) {
			hd_buf_printf(r->out, "= 0x%016" PRIx64 "\n", pc);
		} else if (rc > 0) {
			hd_buf_put(r->out, "undefined\n", 10);
		} else {
			hd_buf_printf(r->out, "error %s: %s\n", hd_kind_name(st.kind),
			              st.code != NULL ? st.code : "unknown");
			hd_run_message(r, st.msg);
		}
	}
}

static int run_request(hd_runner *r, const hd_case_request *q)
{
	hd_result res;
	uint64_t lanes = 0, bits;

	print_header(r, q);
	memset(&res, 0, sizeof res);
	answer(r, q, &res, &lanes);
	hd_print_result(r->out, &res, r->arch);
	if (res.kind == HD_OUT_ERROR)
		hd_run_message(r, res.status.msg);
	if (res.kind != HD_OUT_LOCATION || res.loc == NULL)
		return 0;
	/* a register's location is read whole; the target knows its size */
	if (q->what == HD_REQ_REG && r->arch != NULL && r->arch->ops->register_bits != NULL &&
	    r->arch->ops->register_bits(r->arch->self, q->reg, &bits) == 0 && bits > 0)
		return hd_run_read(r, res.loc, bits);
	if (q->what == HD_REQ_LANE_PC)
		print_lanes(r, res.loc, lanes);
	return 0;
}

int hd_run_requests(hd_runner *r)
{
	for (size_t i = 0; i < r->c->nrequests; i++)
		if (run_request(r, &r->c->requests[i]) != 0)
			return -1;
	return 0;
}
