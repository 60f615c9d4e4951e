/* The value check of a candidate's code object (candidate.h). */
#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "candidate.h"
#include "dwarf/codec/expr.h"
#include "debugger/dwarf_frame.h"
#include "judge.h"
#include "stop_index.h"
#include "util/sort.h"

typedef struct u64s {
	uint64_t *v;
	uint32_t n, cap;
} u64s;

struct hd_candidate {
	const hd_dw_unit *u;
	hd_encoding enc;
	const hd_watch_file *wf;
	const hd_wf_kernel *k;
	const char *label;
	hd_stop_index *ix;
	hd_eval *ev;
	const hd_dw_row **rows;   /* statement rows by address, the last of each address */
	uint32_t nrows;
	u64s entries;             /* the prologue_end addresses, sorted: where functions
	                             are entered */
	hd_cu cu;                 /* the unit's .debug_addr, for DW_OP_addrx */
	uint64_t shared[HD_CANDIDATE_MAX_SHARED][2];  /* [lo, hi): see hd_candidate_share */
	uint32_t nshared;
	hd_reading rd[HD_READINGS];
	hd_check_report r[HD_READINGS];  /* one per reading: stops and lanes in each */
	/* the watch's side of the lane being judged */
	const char **names, **texts;
	uint32_t nvals, cap;
};

static int cmp_row(const void *a, const void *b)
{
	const hd_dw_row *x = *(const hd_dw_row *const *)a, *y = *(const hd_dw_row *const *)b;

	if (x->address != y->address)
		return x->address < y->address ? -1 : 1;
	return x < y ? -1 : x > y;  /* table order: the last row of an address wins */
}

static int push_u64(u64s *a, uint64_t x)
{
	if (a->n == a->cap) {
		uint32_t cap = a->cap ? a->cap * 2 : 16;
		uint64_t *v = realloc(a->v, cap * sizeof *v);
		if (v == NULL)
			return -1;
		a->v = v;
		a->cap = cap;
	}
	a->v[a->n++] = x;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The first element of sorted a that is >= x (n when none is). */
static uint32_t lower_bound(const u64s *a, uint64_t x)
{
	uint32_t lo = 0, hi = a->n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (a->v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The entry addresses (DW_AT_low_pc) of the subprograms under d. */
static int entries_of(const hd_die *d, unsigned depth, u64s *e)
{
	for (const hd_die *k = d->first_child; k != NULL; k = k->next) {
		const hd_attr *a = k->tag == DW_TAG_subprogram ? hd_die_attr(k, DW_AT_low_pc) : NULL;
		if (a != NULL && a->kind == HD_DV_ADDR && push_u64(e, a->u) != 0)
			return -1;
		if (k->tag != DW_TAG_subprogram && depth < HD_WATCH_MAX_DEPTH &&
		    k->first_child != NULL && entries_of(k, depth + 1, e) != 0)
			return -1;
	}
	return 0;
}

/* Whether pc is in a function's prologue: at or past its entry and before
 * the first prologue_end row at or past the entry (DWARF 5 6.2.2, where a
 * debugger breaks on entry to the function), that row coming before the
 * next function's entry. A debugger stepping into a function stops at its
 * prologue_end row, not before: until then the frame is the caller's. */
static int in_prologue(const u64s *entries, const u64s *ends, uint64_t pc)
{
	uint32_t f = pc == UINT64_MAX ? entries->n : lower_bound(entries, pc + 1), p;
	uint64_t next;

	if (f-- == 0)  /* now the last entry at or below pc */
		return 0;
	next = f + 1 < entries->n ? entries->v[f + 1] : UINT64_MAX;
	p = lower_bound(ends, entries->v[f]);
	return p < ends->n && ends->v[p] < next && pc < ends->v[p];
}

/* Drops the statement rows in prologues from c->rows (sorted), and keeps
 * the prologue_end addresses, sorted, in c->entries. */
static int drop_prologues(hd_candidate *c)
{
	const hd_dw_lines *ln = &c->u->lines;
	u64s entries = { NULL, 0, 0 }, ends = { NULL, 0, 0 };
	uint32_t n = 0;
	int rc = c->u->root != NULL ? entries_of(c->u->root, 0, &entries) : 0;

	for (uint32_t i = 0; i < ln->nrows && rc == 0; i++)
		if (ln->rows[i].prologue_end)
			rc = push_u64(&ends, ln->rows[i].address);
	if (rc == 0 && ends.n > 0) {
		hd_sort(entries.v, entries.n, sizeof *entries.v, cmp_u64);
		hd_sort(ends.v, ends.n, sizeof *ends.v, cmp_u64);
		for (uint32_t i = 0; i < c->nrows; i++)
			if (!in_prologue(&entries, &ends, c->rows[i]->address))
				c->rows[n++] = c->rows[i];
		c->nrows = n;
	}
	free(entries.v);
	c->entries = ends;
	return rc;
}

/* The rows a debugger stops at: is_stmt, not the end of a sequence, not in
 * a function's prologue. */
static int index_rows(hd_candidate *c)
{
	const hd_dw_lines *ln = &c->u->lines;
	uint32_t n = 0;

	c->rows = malloc((ln->nrows ? ln->nrows : 1) * sizeof *c->rows);
	if (c->rows == NULL)
		return -1;
	for (uint32_t i = 0; i < ln->nrows; i++)
		if (ln->rows[i].is_stmt && !ln->rows[i].end_sequence && ln->rows[i].line != 0)
			c->rows[n++] = &ln->rows[i];
	hd_sort(c->rows, n, sizeof *c->rows, cmp_row);
	c->nrows = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (c->nrows > 0 && c->rows[c->nrows - 1]->address == c->rows[i]->address)
			c->nrows--;
		c->rows[c->nrows++] = c->rows[i];
	}
	return drop_prologues(c);
}

void hd_candidate_free(hd_candidate *c)
{
	if (c == NULL)
		return;
	hd_stop_index_free(c->ix);
	hd_eval_free(c->ev);
	for (unsigned k = 0; k < HD_READINGS; k++)
		hd_check_report_free(&c->r[k]);
	free(c->rows);
	free(c->entries.v);
	free(c->names);
	free(c->texts);
	free(c);
}

int hd_candidate_new(const hd_dw_unit *u, const hd_encoding *enc, const hd_watch_file *wf,
                     const hd_wf_kernel *k, const char *label, hd_candidate **out,
                     hd_status *st)
{
	hd_candidate *c = calloc(1, sizeof *c);

	*out = NULL;
	if (c == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a candidate check");
	c->u = u;
	c->enc = *enc;
	c->wf = wf;
	c->k = k;
	c->label = label;
	c->cu.addrs = u->addrs;
	c->cu.naddrs = u->naddrs;
	for (unsigned i = 0; i < HD_READINGS; i++) {
		c->rd[i].kind = (hd_reading_kind)i;
		c->rd[i].clang_aspaces = hd_reading_clang_aspaces(u);
		hd_buf_init(&c->r[i].failures);
	}
	if (hd_stop_index_new(wf, k, &c->ix, st) != 0) {
		hd_candidate_free(c);
		return -1;
	}
	c->ev = hd_eval_new(NULL);
	if (c->ev == NULL || index_rows(c) != 0) {
		hd_candidate_free(c);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a candidate check");
	}
	*out = c;
	return 0;
}

const hd_dw_row *hd_candidate_row_at(const hd_candidate *c, uint64_t pc)
{
	uint32_t lo = 0, hi = c->nrows;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (c->rows[mid]->address < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nrows && c->rows[lo]->address == pc ? c->rows[lo] : NULL;
}

/* The values stop s shows work-item `item`: one line per variable at most,
 * in the watch's order, which is by name. */
static int collect(hd_candidate *c, const hd_wf_stop *s, uint32_t item)
{
	c->nvals = 0;
	for (uint32_t i = s->value; i < s->value + s->nvalues; i++) {
		const hd_wf_value *v = &c->wf->values[i];
		if (!hd_wf_has_item(c->wf, v->range, v->nranges, item))
			continue;
		if (c->nvals == c->cap) {
			uint32_t cap = c->cap ? c->cap * 2 : 32;
			const char **n = realloc(c->names, cap * sizeof *n);
			if (n != NULL)
				c->names = n;
			const char **t = realloc(c->texts, cap * sizeof *t);
			if (t != NULL)
				c->texts = t;
			if (n == NULL || t == NULL)
				return -1;
			c->cap = cap;
		}
		c->names[c->nvals] = v->var;
		c->texts[c->nvals++] = v->text;
	}
	return 0;
}

static const char *val_name(void *ctx, uint32_t i)
{
	return ((hd_candidate *)ctx)->names[i];
}

static const char *val_text(void *ctx, uint32_t i)
{
	return ((hd_candidate *)ctx)->texts[i];
}

static int val_shared(void *ctx, uint64_t addr)
{
	const hd_candidate *c = ctx;

	for (uint32_t i = 0; i < c->nshared; i++)
		if (c->shared[i][0] <= addr && addr < c->shared[i][1])
			return 1;
	return 0;
}

int hd_candidate_share(hd_candidate *c, uint64_t addr, uint64_t size)
{
	if (c->nshared == HD_CANDIDATE_MAX_SHARED)
		return -1;
	c->shared[c->nshared][0] = addr;
	c->shared[c->nshared++][1] = addr + size;
	return 0;
}

/* What a failure line's location callback needs (judge.h). */
typedef struct where_ctx {
	const hd_candidate *c;
	const hd_context *cx;
} where_ctx;

/* The variable's location expression at the stop, as the producer wrote it. */
static void location_text(void *ctx, const hd_watch_var *v, hd_buf *out)
{
	const where_ctx *w = ctx;
	const uint8_t *b;
	size_t n;
	hd_status st;

	if (hd_watch_location_at(w->c->u, v->die, w->cx->pc, &b, &n) != 0)
		hd_buf_printf(out, "none");
	else if (hd_disassemble(b, n, &w->c->enc, &w->cx->arch->names, out, &st) != 0)
		hd_buf_printf(out, " <%s>", st.code ? st.code : "undecodable");
}

/* The frame one reading shows, judged into its report. */
static int judge_reading(hd_candidate *c, const hd_context *cx, const hd_wf_stop *s,
                         uint32_t item, unsigned k, hd_status *st)
{
	hd_watch_frame f;
	int rc;

	hd_eval_reset(c->ev);  /* each evaluation session starts afresh */
	memset(&f, 0, sizeof f);
	rc = hd_watch_dwarf_frame(c->u, c->ev, cx, &c->enc, &c->rd[k], cx->pc, &f, st);
	if (rc != 0 && st->code != NULL && strcmp(st->code, "no-function-at-pc") == 0) {
		f.function = NULL;  /* no variables shown: see check.c */
		hd_status_clear(st);
		rc = 0;
	}
	if (rc == 0) {
		hd_judge_source src = { c->nvals, val_name, val_text, c, s->function, val_shared };
		where_ctx wc = { c, cx };
		hd_judge_where w = { c->label,  c->k->name, s->function, s->file,
		                     s->line,   s->column,  item,        s->number,
		                     (int)cx->lane, location_text, &wc };
		hd_judge_frame(&src, &f, &w, 1, &c->r[k]);
	}
	hd_watch_frame_free(&f);
	return rc;
}

/* One lane: the stop it meets, frame 0 as each reading of the DWARF shows
 * it, the judge. */
static int judge_lane(hd_candidate *c, hd_amdgpu *model, const uint32_t group[3], uint32_t item,
                      unsigned lane, uint64_t pc, const hd_dw_row *row, const hd_die *fn,
                      hd_status *st)
{
	const char *file = row->file < c->u->lines.nfiles ? c->u->lines.files[row->file].name : "";
	uint32_t e = lower_bound(&c->entries, pc);
	const hd_wf_stop *s = hd_stop_index_meet(c->ix, group, item, file, row->line, row->column,
	                                         fn, e < c->entries.n && c->entries.v[e] == pc);
	hd_context cx;
	int rc = 0;

	for (unsigned k = 0; k < HD_READINGS; k++)
		c->r[k].lanes++;
	if (s == NULL) {
		for (unsigned k = 0; k < HD_READINGS; k++)
			c->r[k].unmatched++;
		return 0;
	}
	if (collect(c, s, item) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a candidate check");
	memset(&cx, 0, sizeof cx);
	cx.arch = hd_amdgpu_target(model);
	cx.has_thread = cx.has_frame = cx.has_lane = cx.has_pc = 1;
	cx.lane = lane;
	cx.pc = pc;
	cx.cu = &c->cu;
	cx.result = HD_RESULT_LOCATION;
	for (unsigned k = 0; k < HD_READINGS && rc == 0; k++)
		rc = judge_reading(c, &cx, s, item, k, st);
	return rc;
}

int hd_candidate_stop(hd_candidate *c, hd_amdgpu *model, const uint32_t group[3], uint32_t wave,
                      unsigned wave_size, uint64_t lanes, uint64_t pc, hd_status *st)
{
	const hd_dw_row *row = hd_candidate_row_at(c, pc);
	const hd_die *fn;
	int rc = 0;

	if (row == NULL)
		return 0;
	fn = hd_watch_function_at(c->u, pc);
	for (unsigned k = 0; k < HD_READINGS; k++)
		c->r[k].stops++;
	hd_amdgpu_set_strict(model, 1);
	for (unsigned lane = 0; lane < wave_size && lane < 64 && rc == 0; lane++)
		if (lanes >> lane & 1)
			rc = judge_lane(c, model, group, wave * wave_size + lane, lane, pc, row, fn, st);
	hd_amdgpu_set_strict(model, 0);
	return rc;
}

void hd_candidate_finish(hd_candidate *c, hd_check_report out[HD_READINGS])
{
	uint64_t unmet = hd_stop_index_unmet_all(c->ix);

	for (unsigned k = 0; k < HD_READINGS; k++) {
		c->r[k].not_reached = unmet;
		out[k] = c->r[k];
		memset(&c->r[k], 0, sizeof c->r[k]);
		hd_buf_init(&c->r[k].failures);
	}
}
