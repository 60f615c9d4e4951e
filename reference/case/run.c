/* Running a parsed case: build the AMDGPU wavefront and the evaluation
 * context the case describes, evaluate its setup expressions (current object,
 * initial stack) and then the expression under test, and print the outcome in
 * canonical form (docs/canonical-output.md). A case with a call stack is
 * built and answered with requests.c. */
#include "run_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../dwarf/eval/print.h"

/* A setup problem the model finds (a value too wide for a register, an
 * address space it lacks) is the case's fault: report it at its line. */
static int bad_at(hd_runner *r, uint32_t line, const hd_status *why)
{
	return hd_fail(r->st, HD_BAD_INPUT, why->code != NULL ? why->code : "case-setup",
	               line, "%s", why->msg);
}

static int bad_msg(hd_runner *r, uint32_t line, const char *code, const char *msg)
{
	return hd_fail(r->st, HD_BAD_INPUT, code, line, "%s", msg);
}

/* ---- the wavefront ---- */

static int set_whole_reg(hd_runner *r, const hd_case_set *s)
{
	uint64_t bits;
	uint8_t *buf;
	size_t nbytes;
	hd_status mst;
	int rc;

	if (r->arch->ops->register_bits(r->arch->self, s->reg, &bits) != 0)
		return bad_msg(r, s->line, "case-name", "the architecture has no such register");
	nbytes = (size_t)((bits + 7) / 8);
	if (bits > 64) {
		/* a vector register: one dword per lane, the rest zero */
		if ((uint64_t)s->nvals * 32 > bits)
			return bad_msg(r, s->line, "case-number", "more values than the register has lanes");
		for (uint32_t i = 0; i < s->nvals; i++)
			if (s->vals[i] > UINT32_MAX)
				return bad_msg(r, s->line, "case-number", "a lane value wider than 32 bits");
	} else {
		if (s->nvals != 1)
			return bad_msg(r, s->line, "case-syntax", "a scalar register takes one value");
		if (bits < 64 && s->vals[0] >> bits != 0)
			return bad_msg(r, s->line, "case-number", "the value is wider than the register");
	}
	buf = calloc(nbytes ? nbytes : 1, 1);
	if (buf == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", s->line, "out of memory");
	if (bits > 64) {
		for (uint32_t i = 0; i < s->nvals; i++)
			for (unsigned b = 0; b < 4; b++)
				buf[i * 4 + b] = (uint8_t)(s->vals[i] >> (8 * b));
	} else {
		for (size_t b = 0; b < nbytes; b++)
			buf[b] = (uint8_t)(s->vals[0] >> (8 * b));
	}
	hd_status_clear(&mst);
	rc = hd_amdgpu_set_reg(r->model, s->reg, buf, nbytes, &mst);
	free(buf);
	return rc != 0 ? bad_at(r, s->line, &mst) : 0;
}

static int apply_set(hd_runner *r, const hd_case_set *s)
{
	hd_status mst;

	hd_status_clear(&mst);
	switch (s->kind) {
	case HD_SET_REG:
		return set_whole_reg(r, s);
	case HD_SET_REG_LANE:
		if (s->vals[0] > UINT32_MAX)
			return bad_msg(r, s->line, "case-number", "a lane value wider than 32 bits");
		if (hd_amdgpu_set_lane(r->model, s->reg, s->lane, (uint32_t)s->vals[0], &mst) != 0)
			return bad_at(r, s->line, &mst);
		return 0;
	case HD_SET_MEM:
		if (hd_amdgpu_write_mem(r->model, s->aspace, s->has_lane, s->lane, s->addr,
		                        s->bytes, s->nbytes, &mst) != 0)
			return bad_at(r, s->line, &mst);
		return 0;
	}
	return bad_msg(r, s->line, "case-internal", "unknown directive kind");
}

/* The top frame of a call stack is where the thread is: its PC goes into
 * the pc register, after the reg directives (which may not set pc then). */
static int set_stack_pc(hd_runner *r)
{
	uint8_t buf[8];
	hd_status mst;

	for (unsigned b = 0; b < 8; b++)
		buf[b] = (uint8_t)(r->c->stack[0] >> (8 * b));
	hd_status_clear(&mst);
	if (hd_amdgpu_set_reg(r->model, HD_AMDGPU_PC_64, buf, sizeof buf, &mst) != 0)
		return bad_at(r, 0, &mst);
	return 0;
}

/* Applies c's register and memory directives to model; the case's line on
 * an error. */
static int apply_sets(hd_runner *r)
{
	const hd_case *c = r->c;

	for (size_t i = 0; i < c->nsets; i++)
		if (apply_set(r, &c->sets[i]) != 0)
			return -1;
	return c->stack != NULL ? set_stack_pc(r) : 0;
}

int hd_case_model(const hd_case *c, hd_amdgpu **model, hd_status *st)
{
	hd_runner r;

	*model = NULL;
	if (c->wave == 0)
		return 0;
	memset(&r, 0, sizeof r);
	r.c = c;
	r.st = st;
	r.model = hd_amdgpu_new(c->wave);
	if (r.model == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "cannot make the model");
	hd_amdgpu_set_strict(r.model, c->strict);
	r.arch = hd_amdgpu_target(r.model);
	if (apply_sets(&r) != 0) {
		hd_amdgpu_free(r.model);
		return -1;
	}
	*model = r.model;
	return 0;
}

/* ---- frame answers ---- */

static int cmp_key(const hd_case_frame *f, hd_frame_query q, uint32_t frame, uint64_t reg)
{
	if ((int)f->query != (int)q)
		return (int)f->query < (int)q ? -1 : 1;
	if (f->frame != frame)
		return f->frame < frame ? -1 : 1;
	if (f->reg != reg)
		return f->reg < reg ? -1 : 1;
	return 0;
}

static int frame_query(void *self, hd_frame_query q, uint32_t frame, uint64_t reg,
                       const uint8_t **expr, size_t *len)
{
	const hd_case *c = self;
	size_t lo = 0, hi = c->nframes;

	/* the CFA and the frame base do not depend on a register */
	if (q == HD_FRAME_CFA || q == HD_FRAME_BASE)
		reg = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int k = cmp_key(&c->frames[mid], q, frame, reg);
		if (k == 0) {
			*expr = c->frames[mid].expr.bytes;
			*len = c->frames[mid].expr.len;
			return 0;
		}
		if (k < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* ---- output helpers ---- */

/* "  # message", on one line whatever the message holds. */
void hd_run_message(hd_runner *r, const char *msg)
{
	if (!r->verbose || msg == NULL || msg[0] == '\0')
		return;
	hd_buf_put(r->out, "  # ", 4);
	for (const char *p = msg; *p != '\0'; p++)
		hd_buf_byte(r->out, (uint8_t)(*p == '\n' || *p == '\r' ? ' ' : *p));
	hd_buf_byte(r->out, '\n');
}

static const char *code_of(const hd_status *st)
{
	return st->code != NULL ? st->code : "unknown";
}

/* A setup expression failed: that is the case's outcome. */
void hd_run_setup_error(hd_runner *r, const hd_status *st)
{
	hd_buf_printf(r->out, "error setup %s: %s\n", hd_kind_name(st->kind), code_of(st));
	hd_run_message(r, st->msg);
}

/* ---- setup expressions ---- */

/* Evaluates e as a location in the case's context, without object or stack.
 * Returns 1 when an error outcome was printed. */
static int eval_location(hd_runner *r, const hd_case_expr *e, const hd_loc **loc)
{
	hd_context lctx = r->ctx;
	hd_result res;

	lctx.result = HD_RESULT_LOCATION;
	lctx.object = NULL;
	lctx.initial = NULL;
	lctx.ninitial = 0;
	memset(&res, 0, sizeof res);
	if (hd_eval_expr(r->ev, &lctx, &r->c->enc, e->bytes, e->len, &res) != 0) {
		hd_run_setup_error(r, &res.status);
		return 1;
	}
	if (res.kind != HD_OUT_LOCATION || res.loc == NULL) {
		hd_status st;
		hd_fail(&st, HD_INTERNAL, "not-a-location", 0,
		        "a location was asked for and something else came back");
		hd_run_setup_error(r, &st);
		return 1;
	}
	*loc = res.loc;
	return 0;
}

static int push_entry(hd_runner *r, const hd_case_push *p, hd_entry *e)
{
	hd_status st;

	memset(e, 0, sizeof *e);
	if (!p->is_loc) {
		hd_status_clear(&st);
		if (hd_value_make(r->ev, &r->ctx, p->type, p->bytes, p->nbytes, &e->value,
		                  &st) != 0) {
			hd_run_setup_error(r, &st);
			return 1;
		}
		return 0;
	}
	e->is_loc = 1;
	if (p->nalts == 1)
		return eval_location(r, &p->alts[0], &e->loc);
	{
		const hd_loc **locs = calloc(p->nalts, sizeof *locs);
		int rc = 0;
		if (locs == NULL)
			return hd_fail(r->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
		for (uint32_t i = 0; i < p->nalts && rc == 0; i++)
			rc = eval_location(r, &p->alts[i], &locs[i]);
		if (rc == 0) {
			e->loc = hd_loc_union(r->ev, locs, p->nalts);
			if (e->loc == NULL)
				rc = hd_fail(r->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
		}
		free(locs);
		return rc;
	}
}

/* 0: ready; 1: an outcome was printed; -1: failure. */
static int setup(hd_runner *r)
{
	const hd_case *c = r->c;
	int rc;

	if (c->object != NULL) {
		const hd_loc *obj = NULL;
		if ((rc = eval_location(r, c->object, &obj)) != 0)
			return rc;
		r->ctx.object = obj;
	}
	if (c->npush > 0) {
		r->entries = calloc(c->npush, sizeof *r->entries);
		if (r->entries == NULL)
			return hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		for (size_t i = 0; i < c->npush; i++)
			if ((rc = push_entry(r, &c->push[i], &r->entries[i])) != 0)
				return rc;
		r->ctx.initial = r->entries;
		r->ctx.ninitial = c->npush;
	}
	return 0;
}

static void make_context(hd_runner *r)
{
	const hd_case *c = r->c;
	hd_context *x = &r->ctx;

	memset(x, 0, sizeof *x);
	x->result = c->result;
	x->arch = r->arch;
	x->has_thread = c->has_thread;
	x->has_lane = c->has_lane;
	x->lane = c->lane;
	x->has_frame = c->has_frame;
	x->frame = c->frame;
	x->has_pc = c->has_pc;
	x->pc = c->pc;
	x->cu = c->has_cu ? &c->cu : NULL;
	if (c->nframes > 0) {
		r->frames.self = (void *)c;
		r->frames.query = frame_query;
		x->frames = &r->frames;
	}
}

/* ---- the expression under test ---- */

int hd_run_read(hd_runner *r, const hd_loc *loc, uint64_t n)
{
	uint8_t *buf = calloc((size_t)((n + 7) / 8), 1);
	hd_status st;

	if (buf == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	hd_status_clear(&st);
	hd_buf_printf(r->out, "read %llu", (unsigned long long)n);
	if (hd_loc_read(r->ev, &r->ctx, loc, n, buf, &st) != 0) {
		hd_buf_printf(r->out, " error %s: %s\n", hd_kind_name(st.kind), code_of(&st));
		hd_run_message(r, st.msg);
	} else {
		hd_buf_put(r->out, " = ", 3);
		hd_print_hex(r->out, buf, n);
		hd_buf_byte(r->out, '\n');
	}
	free(buf);
	return 0;
}

/* DWARF Extensions for Heterogeneous Debugging: a write goes to every single location of the description. */
static void run_write(hd_runner *r, const hd_loc *loc)
{
	hd_status st;

	hd_status_clear(&st);
	hd_buf_printf(r->out, "write %llu", (unsigned long long)r->c->write_bits);
	if (hd_loc_write(r->ev, &r->ctx, loc, r->c->write_bits, r->c->write_bytes, &st) != 0) {
		hd_buf_printf(r->out, " error %s: %s\n", hd_kind_name(st.kind), code_of(&st));
		hd_run_message(r, st.msg);
	} else {
		hd_buf_printf(r->out, " ok\n");
	}
}

/* The main expression or location list, if the case has one, and the read
 * through it. */
static int main_expr(hd_runner *r)
{
	hd_result res;

	memset(&res, 0, sizeof res);
	if (r->c->has_loclist)
		hd_eval_loclist(r->ev, &r->ctx, &r->c->enc, &r->c->loclist, &res);
	else if (r->c->has_expr)
		hd_eval_expr(r->ev, &r->ctx, &r->c->enc, r->c->expr.bytes, r->c->expr.len, &res);
	else
		return 0;
	hd_print_result(r->out, &res, r->arch);
	if (res.kind == HD_OUT_ERROR)
		hd_run_message(r, res.status.msg);
	if (res.kind == HD_OUT_LOCATION && r->c->has_write)
		run_write(r, res.loc);
	if (res.kind == HD_OUT_LOCATION && r->c->has_read)
		return hd_run_read(r, res.loc, r->c->read_bits);
	return 0;
}

/* One evaluator session for everything: results stay alive until the end,
 * so the setup's locations can be used by the expression and requests. */
static int evaluate(hd_runner *r)
{
	int rc;

	r->ev = hd_eval_new(NULL);
	if (r->ev == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "cannot make an evaluator");
	/* the stack first: the setup expressions may need the CFI too */
	if (r->c->stack != NULL && (rc = hd_run_stack(r)) != 0)
		return rc < 0 ? -1 : 0;
	rc = setup(r);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (main_expr(r) != 0)
		return -1;
	return hd_run_requests(r);
}

/* Runs c on arch with r's output set up. */
static int run_on(hd_runner *r)
{
	int rc;

	make_context(r);
	rc = evaluate(r);
	if (rc == 0 && r->out->failed)
		rc = hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	hd_run_stack_free(r);
	if (r->ev != NULL)
		hd_eval_free(r->ev);
	free(r->entries);
	return rc;
}

int hd_case_run_on(const hd_case *c, const hd_target *arch, int verbose, hd_buf *out,
                   hd_status *st)
{
	hd_runner r;

	memset(&r, 0, sizeof r);
	r.c = c;
	r.arch = arch;
	r.verbose = verbose;
	r.out = out;
	r.st = st;
	return run_on(&r);
}

int hd_case_run(const hd_case *c, int verbose, hd_buf *out, hd_status *st)
{
	hd_amdgpu *model = NULL;
	int rc;

	if (hd_case_model(c, &model, st) != 0)
		return -1;
	rc = hd_case_run_on(c, model != NULL ? hd_amdgpu_target(model) : NULL, verbose, out, st);
	if (model != NULL)
		hd_amdgpu_free(model);
	return rc;
}
