/* Running a kernel: work-groups one after the other, each group's
 * work-items the lanes of W-wide wavefronts (docs/interpreter.md,
 * "Execution").
 *
 * A wavefront runs its lanes in lock step while they are at the same place.
 * When they branch apart, the lanes furthest behind run first (the smallest
 * position: slots compared frame by frame, the deeper call first when one
 * stack extends the other), so lanes that took different ways meet again
 * where the ways join, as hardware reconverges. Every lane's instructions are
 * the same whichever order the groups run in; only which lanes share a stop
 * depends on it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

#define MAX_WAVE 64u

static hd_xframe *top(hd_xlane *l)
{
	return &l->frames[l->depth - 1];
}

/* Which lane is further behind: <0 when a, >0 when b, 0 when together. */
static int position_cmp(const hd_xlane *a, const hd_xlane *b)
{
	uint32_t n = a->depth < b->depth ? a->depth : b->depth;

	for (uint32_t d = 0; d < n; d++) {
		const hd_xframe *fa = &a->frames[d], *fb = &b->frames[d];
		if (fa->function != fb->function)
			return fa->function < fb->function ? -1 : 1;
		if (fa->slot != fb->slot)
			return fa->slot < fb->slot ? -1 : 1;
	}
	/* one stack extends the other: the deeper lane is still in a call the
	 * other has left, so it goes first and both meet after the call */
	return (a->depth < b->depth) - (a->depth > b->depth);
}

/* The running lanes of wave [first, end) furthest behind, into idx. */
static uint32_t pick(hd_exec *x, uint32_t first, uint32_t end, uint32_t *idx,
                     uint32_t *running)
{
	uint32_t n = 0;

	*running = 0;
	for (uint32_t i = first; i < end; i++) {
		hd_xlane *l = &x->lanes[i];
		int c;
		if (l->state != XL_RUNNING)
			continue;
		(*running)++;
		c = n == 0 ? -1 : position_cmp(l, &x->lanes[idx[0]]);
		if (c < 0)
			n = 0;
		if (c <= 0)
			idx[n++] = i;
	}
	return n;
}

int hd_x_call(hd_xrun *r, hd_xlane *l, uint32_t function, const uint32_t *args,
              uint32_t nargs, uint32_t ret_id)
{
	hd_exec *x = r->x;
	const hd_xfunc *xf = &x->funcs[function];
	hd_xframe *f;

	if (l->depth >= x->cfg.max_depth)
		return hd_x_trap(r, l, "the call depth bound (%u) is reached", x->cfg.max_depth);
	if (args != NULL && nargs != xf->nparams)
		return hd_x_trap(r, l, "a call passes %u arguments to a function of %u parameters",
		                 nargs, xf->nparams);
	if (l->depth == l->cap) {
		uint32_t cap = l->cap ? l->cap * 2 : 4;
		hd_xframe *fr = realloc(l->frames, cap * sizeof *fr);
		if (fr == NULL)
			return hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "no memory for a frame");
		l->frames = fr;
		l->cap = cap;
	}
	f = &l->frames[l->depth];
	memset(f, 0, sizeof *f);
	f->function = function;
	f->ret_id = ret_id;
	f->mem_mark = l->priv.n;
	f->mem_next = l->priv.next;
	if (x->mem_used + xf->frame_bytes > x->cfg.max_memory)
		return hd_x_trap(r, l, "the memory bound (%zu bytes) is reached", x->cfg.max_memory);
	f->vals = calloc(xf->frame_bytes ? xf->frame_bytes : 1, 1);
	if (f->vals == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "no memory for a frame");
	x->mem_used += xf->frame_bytes;
	x->bytes += xf->frame_bytes;
	/* arguments are read in the caller's frame, before the new one is on top */
	for (uint32_t i = 0; i < nargs; i++) {
		const hd_xid *pd = &x->ids[xf->params[i]];
		const hd_xtype *pt = hd_x_type(x, pd->type);
		const uint8_t *v = args != NULL ? hd_x_val(r, l, args[i]) : NULL;
		const hd_xtype *at = args != NULL ? hd_x_val_type(r, args[i]) : NULL;
		if (pd->what != XID_LOCAL || pt == NULL || pd->function != function)
			continue;
		/* the copy is the parameter's size: an argument must have as many bytes */
		if ((v == NULL || at == NULL || at->size < pt->size) && args != NULL) {
			free(f->vals);
			return hd_x_unsupported(r, "a call argument with no value of the parameter's size");
		}
		if (v != NULL)
			memcpy(f->vals + pd->index, v, pt->size);
	}
	l->depth++;
	if (r->obs != NULL && r->obs->frame != NULL &&
	    r->obs->frame(r->obs->ctx, x, l->item, function, 1, r->st) != 0)
		return -1;
	return 0;
}

int hd_x_return(hd_xrun *r, hd_xlane *l, const uint8_t *value, uint32_t size)
{
	hd_exec *x = r->x;
	hd_xframe *f = top(l);
	uint32_t ret_id = f->ret_id;

	if (r->obs != NULL && r->obs->frame != NULL &&
	    r->obs->frame(r->obs->ctx, x, l->item, f->function, 0, r->st) != 0)
		return -1;
	hd_x_mem_pop(x, &l->priv, f->mem_mark, f->mem_next);
	x->mem_used -= x->funcs[f->function].frame_bytes;
	/* the value may live in the frame being left: copy before freeing */
	if (l->depth > 1 && ret_id != 0 && value != NULL) {
		hd_xframe *caller = &l->frames[l->depth - 2];
		const hd_xid *d = &x->ids[ret_id];
		const hd_xtype *t = hd_x_type(x, d->type);
		/* only into the caller's own value of the call's result type */
		if (d->what == XID_LOCAL && d->function == caller->function && t != NULL &&
		    size <= t->size)
			memcpy(caller->vals + d->index, value, size);
	}
	free(f->vals);
	l->depth--;
	if (l->depth == 0)
		l->state = XL_DONE;
	return 0;
}

static void where_of(hd_exec *x, hd_xlane *l, uint32_t wave, const uint32_t *idx, uint32_t n,
                     hd_exec_where *w)
{
	const hd_xframe *f = top(l);

	w->function = f->function;
	w->slot = f->slot;
	memcpy(w->group, x->group, sizeof w->group);
	w->wave = wave;
	w->depth = l->depth;
	w->lanes = 0;
	for (uint32_t i = 0; i < n; i++)
		w->lanes |= 1ull << (idx[i] % x->cfg.wave_size);
}

/* The observer's points and stop before the lanes execute their slot. */
static int observe(hd_xrun *r, uint32_t wave, const uint32_t *idx, uint32_t n)
{
	hd_exec *x = r->x;
	hd_xlane *l = &x->lanes[idx[0]];
	const hd_xframe *f = top(l);
	const hd_xfunc *xf = &x->funcs[f->function];
	const hd_di_function *df = &x->m->functions[f->function];
	hd_exec_where w;

	if (r->obs == NULL)
		return 0;
	where_of(x, l, wave, idx, n, &w);
	if (r->obs->point != NULL)
		for (uint32_t p = xf->point_first[f->slot]; p < xf->point_first[f->slot + 1]; p++)
			if (r->obs->point(r->obs->ctx, x, &w, &df->points[p], r->st) != 0)
				return -1;
	if (r->obs->stop != NULL && xf->stop[f->slot])
		return r->obs->stop(r->obs->ctx, x, &w, r->st);
	return 0;
}

/* The step bound, and the bound on the bytes the steps move: a step may
 * load or call a value of many MiB, and a loop of those would run for
 * hours inside the step bound. Either ends the run as step-limit. */
static int past_bounds(hd_exec *x)
{
	if (x->steps > x->cfg.max_steps)
		snprintf(x->out->detail, sizeof x->out->detail, "more than %llu steps",
		         (unsigned long long)x->cfg.max_steps);
	else if (x->bytes > x->cfg.max_bytes)
		snprintf(x->out->detail, sizeof x->out->detail,
		         "the steps moved more than %llu bytes", (unsigned long long)x->cfg.max_bytes);
	else
		return 0;
	x->out->end = HD_EXEC_STEP_LIMIT;
	return 1;
}

/* Runs one wavefront until none of its lanes can go on: all returned, or
 * waiting at a barrier. */
static int run_wave(hd_xrun *r, uint32_t wave)
{
	hd_exec *x = r->x;
	uint32_t first = wave * x->cfg.wave_size, end = first + x->cfg.wave_size;
	uint32_t idx[MAX_WAVE], n, running;

	if (end > x->nlanes)
		end = x->nlanes;
	while ((n = pick(x, first, end, idx, &running)) > 0) {
		int again = 1;
		while (again) {
			hd_xframe *f = top(&x->lanes[idx[0]]);
			const hd_xfunc *xf = &x->funcs[f->function];
			const hd_xinsn *in;

			if (f->slot >= xf->nslots)
				return hd_x_trap(r, &x->lanes[idx[0]], "the function ends without a return");
			if (observe(r, wave, idx, n) != 0)
				return -1;
			in = &xf->slots[f->slot];
			if (in->op == NULL)
				return hd_x_unsupported(r, "%s", hd_x_opname(in->opcode));
			for (uint32_t i = 0; i < n; i++) {
				hd_xlane *l = &x->lanes[idx[i]];
				top(l)->slot++;
				if (in->op->fn(r, l, in) != 0)
					return -1;
			}
			x->steps += n;
			x->bytes += (uint64_t)n * in->bytes;
			x->executed[in->opcode >> 3] |= (uint8_t)(1u << (in->opcode & 7));
			if (past_bounds(x))
				return -1;
			/* lanes that wait elsewhere may meet this group anywhere,
			 * and a branch may split it: look again */
			again = !in->op->control && n == running;
		}
	}
	return 0;
}

/* All lanes of the group wait at one barrier: release them. Lanes at
 * different barriers, or some returned while others wait, is a barrier not
 * every work-item reaches (OpenCL C 6.13.8: undefined). */
static int release_barrier(hd_xrun *r)
{
	hd_exec *x = r->x;
	hd_xlane *first = NULL;

	for (uint32_t i = 0; i < x->nlanes; i++) {
		hd_xlane *l = &x->lanes[i];
		if (l->state == XL_DONE)
			return hd_x_trap(r, l, "a barrier not every work-item reaches: this one "
			                 "returned while others wait");
		if (first == NULL)
			first = l;
		else if (position_cmp(first, l) != 0)
			return hd_x_trap(r, l, "work-items wait at different barriers");
	}
	for (uint32_t i = 0; i < x->nlanes; i++)
		x->lanes[i].state = XL_RUNNING;
	return 0;
}

static void free_lanes(hd_exec *x)
{
	for (uint32_t i = 0; i < x->nlanes; i++) {
		hd_xlane *l = &x->lanes[i];
		while (l->depth > 0)
			free(l->frames[--l->depth].vals);
		free(l->frames);
		hd_x_mem_free(&l->priv);
	}
	free(x->lanes);
	x->lanes = NULL;
	x->nlanes = 0;
	x->mem_used = 0;
}

static int start_lanes(hd_xrun *r)
{
	hd_exec *x = r->x;
	const uint32_t *ls = x->cfg.local_size;

	x->nlanes = ls[0] * ls[1] * ls[2];
	x->lanes = calloc(x->nlanes, sizeof *x->lanes);
	if (x->lanes == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "no memory for work-items");
	for (uint32_t i = 0; i < x->nlanes; i++) {
		hd_xlane *l = &x->lanes[i];
		l->item = i;
		l->local_id[0] = i % ls[0];
		l->local_id[1] = i / ls[0] % ls[1];
		l->local_id[2] = i / (ls[0] * ls[1]);
		if (hd_x_setup_private(x, l, r->st) != 0 || hd_x_call(r, l, x->kernel, NULL, 0,
		                                                      0) != 0)
			return -1;
		if (hd_x_kernel_args(x, l, l->frames[0].vals, r->st) != 0)
			return -1;
	}
	return 0;
}

static int run_group(hd_xrun *r)
{
	hd_exec *x = r->x;
	uint32_t W = x->cfg.wave_size;

	if (hd_x_setup_local(x, r->st) != 0 || start_lanes(r) != 0)
		return -1;
	for (;;) {
		int done = 1;
		for (uint32_t w = 0; w * W < x->nlanes; w++)
			if (run_wave(r, w) != 0)
				return -1;
		for (uint32_t i = 0; i < x->nlanes; i++)
			done &= x->lanes[i].state == XL_DONE;
		if (done)
			return 0;
		if (release_barrier(r) != 0)
			return -1;
	}
}

int hd_exec_place_inputs(hd_exec *x, hd_status *st)
{
	/* the last run's buffers stayed for the caller (exec.h) */
	hd_x_mem_free(&x->global);
	return hd_x_setup_globals(x, st);
}

int hd_exec_run(hd_exec *x, const hd_exec_observer *obs, hd_exec_outcome *out,
                hd_status *st)
{
	hd_xrun r = { .x = x, .obs = obs, .st = st };
	int rc = 0;

	memset(out, 0, sizeof *out);
	out->end = HD_EXEC_COMPLETED;
	x->out = out;
	x->steps = 0;
	x->bytes = 0;
	memset(x->executed, 0, sizeof x->executed);
	memset(x->executed_std, 0, sizeof x->executed_std);
	hd_status_clear(st);
	hd_buf_reset(&x->printf_out);
	x->printf_cut = 0;
	if (hd_exec_place_inputs(x, st) != 0) {
		rc = -1;
		goto done;
	}
	for (uint32_t gz = 0; gz < x->ngroups[2] && rc == 0; gz++)
		for (uint32_t gy = 0; gy < x->ngroups[1] && rc == 0; gy++)
			for (uint32_t gx = 0; gx < x->ngroups[0] && rc == 0; gx++) {
				x->group[0] = gx;
				x->group[1] = gy;
				x->group[2] = gz;
				rc = run_group(&r);
				free_lanes(x);
				hd_x_mem_free(&x->local);
			}
done:
	out->steps = x->steps;
	if (rc != 0 && st->kind == HD_NO_MEMORY && st->code != NULL &&
	    strcmp(st->code, "memory-limit") == 0) {
		/* the program's memory outgrew the bound: an outcome, like the
		 * step bound, not a failure of the interpreter */
		out->end = HD_EXEC_TRAPPED;
		snprintf(out->detail, sizeof out->detail, "%s", st->msg);
		hd_status_clear(st);
		return 0;
	}
	if (rc != 0 && st->kind == HD_BAD_INPUT && st->code != NULL &&
	    strcmp(st->code, "unsupported") == 0) {
		/* inputs the interpreter has no rule for (an image argument, an
		 * unknown builtin) */
		out->end = HD_EXEC_UNSUPPORTED;
		snprintf(out->detail, sizeof out->detail, "%s", st->msg);
		hd_status_clear(st);
		return 0;
	}
	if (rc != 0 && st->kind != HD_OK)
		return -1;  /* the observer or the host failed */
	return 0;
}
