/* The value check of the reference lowering (check.h, docs/value-check.md).
 *
 * The interpreter stands in for the code the reference placement invents:
 * at a stop, the model gets what that code would hold there (the frame
 * register, EXEC, the pc, each variable's bytes where its place says:
 * private_lane slots, VGPR lanes, SGPRs, program-scope memory), taken from
 * the interpreter's state of every active work-item. Then the DWARF side
 * (dwarf_frame.h) reads what a debugger would show, lane by lane, and it
 * must be the watch's text. Memory the program never wrote stays unwritten
 * in the strict model, so `<unset>` meets `<unset>`. */
#include <stdlib.h>
#include <string.h>

#include "amdgpu/model.h"
#include "check.h"
#include "dwarf/eval/eval.h"
#include "debugger/dwarf_frame.h"
#include "judge.h"
#include "lower/lower.h"
#include "watch/watch.h"

typedef struct checker {
	const hd_spv_module *m;
	hd_lowered *l;
	hd_exec *x;
	hd_eval *ev;
	hd_encoding enc;
	hd_check_report *r;
	const char *label;
	const char *kernel;
	unsigned W;
	hd_buf mine;
} checker;

/* Writes the bytes of [addr, addr+n) that set marks written, run by run:
 * the others stay unwritten, so the strict model refuses to read them. */
static void write_runs(hd_amdgpu *model, uint64_t aspace, int has_lane, uint32_t lane,
                       uint64_t addr, const uint8_t *bytes, const uint8_t *set, uint32_t n)
{
	hd_status st;

	for (uint32_t i = 0; i < n;) {
		uint32_t j = i;
		if (!set[i]) {
			i++;
			continue;
		}
		while (j < n && set[j])
			j++;
		hd_amdgpu_write_mem(model, aspace, has_lane, lane, addr + i, bytes + i, j - i, &st);
		i = j;
	}
}

/* The SPIR-V id whose interpreter value feeds a place: a DebugDeclare's
 * Variable (the object's address), a DebugValue's Value, or a global's
 * OpVariable. */
static uint32_t source_id(const checker *k, const hd_place *p)
{
	const hd_di_node *n;

	if (p->point == UINT32_MAX)  /* a DebugGlobalVariable */
		return p->var_id != 0 ? p->var_id : hd_di_word(&k->m->nodes[p->node], HD_O_Variable);
	n = &k->m->nodes[p->point];
	return hd_di_word(n, n->inst->kind == HD_K_DebugDeclare ? HD_O_Variable : HD_O_Value);
}

/* The written bytes of the object pointer id leads to, for one work-item,
 * into p's storage. */
static void put_memory(checker *k, hd_amdgpu *model, const hd_place *p, uint32_t id,
                       uint32_t item, uint32_t lane)
{
	const uint8_t *v;
	uint32_t vsize, storage;
	uint64_t ptr = 0, addr;
	hd_exec_space space;
	uint8_t bytes[4096], set[4096];

	if (p->size > sizeof bytes || hd_exec_value(k->x, item, id, &v, &vsize) != 0 ||
	    hd_exec_pointer_storage(k->x, hd_exec_type_of(k->x, id), &storage) != 0)
		return;
	for (uint32_t i = 0; i < vsize && i < 8; i++)
		ptr |= (uint64_t)v[i] << (8 * i);
	if (hd_exec_resolve(storage, ptr, &space, &addr) != 0 ||
	    hd_exec_read(k->x, item, space, addr + p->var_offset, p->size, bytes, set) != 0)
		return;
	write_runs(model, p->aspace, p->aspace == HD_ASPACE_PRIVATE_LANE, lane, p->addr, bytes,
	           set, p->size);
}

static void put_registers(checker *k, hd_amdgpu *model, const hd_place *p, uint32_t id,
                          uint32_t item, uint32_t lane)
{
	const uint8_t *v;
	uint32_t vsize;
	hd_status st;

	if (hd_exec_value(k->x, item, id, &v, &vsize) != 0)
		return;
	for (uint32_t d = 0; d * 4 < p->size && d * 4 < vsize; d++) {
		uint8_t w[4] = { 0, 0, 0, 0 };
		memcpy(w, v + d * 4, vsize - d * 4 < 4 ? vsize - d * 4 : 4);
		if (p->kind == HD_PLACE_VGPR)
			hd_amdgpu_set_lane(model, p->reg + d, lane,
			                   (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 |
			                   (uint32_t)w[3] << 24, &st);
		else
			hd_amdgpu_set_reg(model, p->reg + d, w, 4, &st);
	}
}

static void put_reg64(hd_amdgpu *model, uint64_t reg, uint64_t v, size_t n)
{
	uint8_t b[8];
	hd_status st;
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	hd_amdgpu_set_reg(model, reg, b, n, &st);
}

typedef struct copy_ctx {
	hd_amdgpu *model;
	uint64_t aspace;
} copy_ctx;

/* One object of the interpreter's memory, its written bytes only. */
static void copy_object(void *ctx, uint64_t addr, const uint8_t *bytes, const uint8_t *set,
                        uint32_t size)
{
	copy_ctx *c = ctx;
	write_runs(c->model, c->aspace, 0, 0, addr, bytes, set, size);
}

/* The model as the placement's code leaves it at pc for the stop's lanes.
 * Global memory goes in at the interpreter's own addresses first: a pointer
 * a variable holds (a kernel's buffer argument, a DebugDeclare of a pointer
 * parameter) then leads to the object it points to, as it would on the
 * device, where the buffers are where the runtime put them. The places
 * come after, so a variable's own storage wins where the two meet; the
 * placement's program-scope variables start at 0x10000, above the
 * interpreter's (docs/interpreter.md, "Memory"). Local memory is not
 * copied so: the placement puts Workgroup variables at the addresses the
 * interpreter gives its own objects, and a copy would show one object
 * through another. */
static void populate(checker *k, hd_amdgpu *model, const hd_exec_where *wh, uint64_t pc)
{
	copy_ctx g = { model, HD_ASPACE_GLOBAL };

	hd_exec_objects(k->x, wh->wave * k->W, HD_XS_GLOBAL, copy_object, &g);
	put_reg64(model, HD_AMDGPU_SGPR0 + HD_LOWER_FRAME_SGPR, HD_LOWER_FRAME_WAVE_OFFSET, 4);
	put_reg64(model, k->W == 64 ? HD_AMDGPU_EXEC_64 : HD_AMDGPU_EXEC_32, wh->lanes, k->W / 8);
	put_reg64(model, HD_AMDGPU_PC_64, pc, 8);
	for (uint32_t i = 0; i < k->l->nplaces; i++) {
		const hd_place *p = &k->l->places[i];
		uint32_t id;
		if (p->function >= 0 && ((uint32_t)p->function != wh->function ||
		                         pc < p->pc_begin || pc >= p->pc_end))
			continue;
		id = source_id(k, p);
		for (uint32_t lane = 0; lane < k->W; lane++) {
			uint32_t item = wh->wave * k->W + lane;
			if (!(wh->lanes >> lane & 1))
				continue;
			if (p->kind == HD_PLACE_MEMORY)
				put_memory(k, model, p, id, item, lane);
			else if (p->kind == HD_PLACE_VGPR || p->kind == HD_PLACE_SGPR)
				put_registers(k, model, p, id, item, lane);
			/* memory outside private_lane and SGPRs are the same for
			 * every lane: once is enough */
			if (p->kind == HD_PLACE_SGPR ||
			    (p->kind == HD_PLACE_MEMORY && p->aspace != HD_ASPACE_PRIVATE_LANE))
				break;
		}
	}
}

/* The watch's side of a stop for hd_judge_frame: its items, and each one's
 * value for the work-item at hand, made when asked. */
typedef struct stop_source {
	checker *k;
	hd_watch *w;
	const hd_watch_stop *s;
	uint32_t item;
} stop_source;

static const char *item_name(void *ctx, uint32_t i)
{
	return ((stop_source *)ctx)->s->items[i].name;
}

static const char *item_text(void *ctx, uint32_t i)
{
	stop_source *c = ctx;

	hd_buf_reset(&c->k->mine);
	hd_watch_value(c->w, c->item, &c->s->items[i], &c->k->mine);
	return hd_buf_str(&c->k->mine);
}

static void compare(checker *k, hd_watch *w, const hd_watch_stop *s, uint32_t item,
                    const hd_watch_frame *f)
{
	stop_source c = { k, w, s, item };
	hd_judge_source src = { s->nitems, item_name, item_text, &c, s->function, NULL };
	hd_judge_where where = { k->label, k->kernel, s->function, s->file, s->line, s->column,
	                         item, 0, -1, NULL, NULL };

	hd_judge_frame(&src, f, &where, 0, k->r);
}

static int on_stop(void *ctx, hd_watch *w, const hd_watch_stop *s, hd_status *st)
{
	checker *k = ctx;
	const hd_exec_where *wh = s->where;
	const hd_place_function *pf = &k->l->functions[wh->function];
	uint64_t pc = pf->low_pc + 4ull * wh->slot;
	hd_amdgpu *model = hd_amdgpu_new(k->W);
	int rc = 0;

	if (model == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for the model");
	hd_amdgpu_set_strict(model, 1);
	populate(k, model, wh, pc);
	k->r->stops++;
	for (uint32_t lane = 0; lane < k->W && rc == 0; lane++) {
		hd_context cx;
		hd_watch_frame f;
		if (!(wh->lanes >> lane & 1))
			continue;
		memset(&cx, 0, sizeof cx);
		cx.arch = hd_amdgpu_target(model);
		cx.has_thread = cx.has_frame = cx.has_lane = cx.has_pc = 1;
		cx.lane = lane;
		cx.pc = pc;
		cx.result = HD_RESULT_LOCATION;
		k->r->lanes++;
		hd_eval_reset(k->ev);  /* each lane's evaluations start afresh */
		memset(&f, 0, sizeof f);
		rc = hd_watch_dwarf_frame(&k->l->unit, k->ev, &cx, &k->enc, NULL, pc, &f, st);
		if (rc != 0 && st->code != NULL && strcmp(st->code, "no-function-at-pc") == 0) {
			/* no subprogram covers the pc (a function the debug info
			 * never ties to its code): a debugger shows no variables,
			 * which is right only when the source has none in scope */
			f.function = NULL;
			hd_status_clear(st);
			rc = 0;
		}
		if (rc == 0)
			compare(k, w, s, wh->wave * k->W + lane, &f);
		hd_watch_frame_free(&f);
	}
	hd_amdgpu_free(model);
	return rc;
}

static int check_kernel(checker *k, const char *kernel, const hd_exec_config *c, hd_status *st)
{
	hd_watch *w = NULL;
	int rc;

	k->kernel = kernel;
	if (hd_exec_new(k->m, kernel, c, &k->x, st) != 0)
		return -1;
	rc = hd_watch_new(k->x, on_stop, k, &w, st);
	if (rc == 0)
		rc = hd_exec_run(k->x, hd_watch_observer(w), &k->r->outcome, st);
	hd_watch_free(w);
	hd_exec_free(k->x);
	k->x = NULL;
	return rc;
}

int hd_check_reference(const hd_spv_module *m, const hd_exec_config *c, const char *label,
                       hd_check_report *r, hd_status *st)
{
	hd_lower_options o = { HD_PROFILE_AMDGPU_V0, 0, c->wave_size };
	checker k = { .m = m, .r = r, .label = label, .W = c->wave_size };
	const char *names[64];
	uint32_t n = hd_exec_kernel_names(m, names, 64);
	int rc = 0;

	memset(r, 0, sizeof *r);
	hd_buf_init(&r->failures);
	hd_buf_init(&k.mine);
	k.enc = (hd_encoding){ HD_PROFILE_AMDGPU_V0, 8, 4 };
	if (hd_lower(m, &o, &k.l, st) != 0)
		return -1;
	k.ev = hd_eval_new(NULL);
	if (k.ev == NULL)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for the evaluator");
	for (uint32_t i = 0; i < n && i < 64 && rc == 0; i++)
		rc = check_kernel(&k, names[i], c, st);
	hd_eval_free(k.ev);
	hd_lowered_free(k.l);
	hd_buf_free(&k.mine);
	return rc;
}

void hd_check_report_free(hd_check_report *r)
{
	hd_buf_free(&r->failures);
}

void hd_check_report_add(hd_check_report *sum, const hd_check_report *r)
{
	sum->stops += r->stops;
	sum->lanes += r->lanes;
	sum->right += r->right;
	sum->wrong += r->wrong;
	sum->unavailable += r->unavailable;
	sum->missing += r->missing;
	sum->unset += r->unset;
	sum->layout += r->layout;
	sum->extra += r->extra;
	sum->frames += r->frames;
	sum->not_reached += r->not_reached;
	sum->unmatched += r->unmatched;
	if (sum->nkept < 2 * HD_CHECK_MAX_FAILURES) {  /* a report's lines stay whole */
		hd_buf_put(&sum->failures, r->failures.data, r->failures.len);
		sum->nkept += r->nkept;
		sum->nkept_wrong += r->nkept_wrong;
	}
	sum->nfailures += r->nfailures;
}

double hd_check_score(const hd_check_report *r)
{
	double bad = 4.0 * (double)r->wrong + 2.0 * (double)r->missing +
	             (double)r->unavailable + (double)r->not_reached;

	return r->right + bad > 0 ? (double)r->right / ((double)r->right + bad) : 1.0;
}

int hd_check_failed(const hd_check_report *r)
{
	return r->wrong || r->unavailable || r->missing || r->extra || r->frames;
}
