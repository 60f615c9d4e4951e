/* The executor's life cycle and its loop: instruction fetch from the code
 * ranges through a per-pc decode cache, the semantics table's handler, the
 * waves run round-robin with s_barrier, the observer and the bounds. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wave_impl.h"

#define MAX_CODE 64   /* code ranges: a code object has a handful of segments */

const char *hd_gfx9_end_name(hd_gfx9_end e)
{
	switch (e) {
	case HD_GFX9_COMPLETED: return "completed";
	case HD_GFX9_TRAPPED: return "trapped";
	case HD_GFX9_STEP_LIMIT: return "step-limit";
	case HD_GFX9_UNSUPPORTED: return "unsupported";
	case HD_GFX9_STOPPED: return "stopped";
	}
	return "?";
}

/* The SPIR-V interpreter's bounds (docs/interpreter.md), so that a kernel
 * run both ways is stopped at the same sizes of work. */
void hd_gfx9_config_default(hd_gfx9_config *c)
{
	memset(c, 0, sizeof *c);
	c->mach = HD_ISA_GFX90A;
	c->wave_size = 64;
	c->max_steps = 50000000;
	c->max_bytes = 16ull << 30;
	c->max_depth = 64;
}

int hd_gfx9_new(const hd_gfx9_config *c, hd_gfx9 **out, hd_status *st)
{
	hd_gfx9 *x;

	*out = NULL;
	if (c->wave_size != 32 && c->wave_size != 64)
		return hd_fail(st, HD_BAD_INPUT, "gfx9-config", 0,
		               "wave size %u: the executor runs wave64 and wave32", c->wave_size);
	if (c->mach != HD_ISA_GFX900 && c->mach != HD_ISA_GFX906 && c->mach != HD_ISA_GFX90A)
		return hd_fail(st, HD_BAD_INPUT, "gfx9-config", 0, "not a gfx9 machine");
	x = calloc(1, sizeof *x);
	if (x != NULL) {
		x->code = calloc(MAX_CODE, sizeof *x->code);
		x->cache = calloc(G9_DECODE_CACHE, sizeof *x->cache);
	}
	if (x == NULL || x->code == NULL || x->cache == NULL) {
		hd_gfx9_free(x);
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for the executor");
	}
	x->c = *c;
	*out = x;
	return 0;
}

static void free_wave(g9_wave *w)
{
	if (w == NULL)
		return;
	free(w->v);
	free(w->a);
	hd_amdgpu_free(w->model);
	free(w);
}

void hd_gfx9_free(hd_gfx9 *x)
{
	uint32_t i;

	if (x == NULL)
		return;
	for (i = 0; i < x->nwaves; i++)
		free_wave(x->waves[i]);
	free(x->waves);
	free(x->code);
	free(x->cache);
	free(x);
}

int hd_gfx9_add_code(hd_gfx9 *x, uint64_t vaddr, const uint8_t *bytes, size_t n,
                     hd_status *st)
{
	size_t i;

	if (n == 0)
		return 0;
	if (x->ncode == MAX_CODE || vaddr + n < vaddr)
		return hd_fail(st, HD_BAD_INPUT, "gfx9-code", vaddr,
		               "code at 0x%llx: too many ranges or past the end of the address space",
		               (unsigned long long)vaddr);
	for (i = 0; i < x->ncode; i++)
		if (vaddr < x->code[i].vaddr + x->code[i].n && x->code[i].vaddr < vaddr + n)
			return hd_fail(st, HD_BAD_INPUT, "gfx9-code", vaddr,
			               "code at 0x%llx overlaps code already added",
			               (unsigned long long)vaddr);
	x->code[x->ncode].vaddr = vaddr;
	x->code[x->ncode].bytes = bytes;
	x->code[x->ncode].n = n;
	x->ncode++;
	memset(x->cache, 0, G9_DECODE_CACHE * sizeof *x->cache);
	return 0;
}

int hd_gfx9_add_wave(hd_gfx9 *x, uint32_t *index, hd_status *st)
{
	g9_wave *w = calloc(1, sizeof *w), **waves;

	if (w != NULL) {
		w->v = calloc((size_t)G9_NVREGS * G9_LANES, sizeof *w->v);
		w->a = calloc((size_t)G9_NVREGS * G9_LANES, sizeof *w->a);
		w->model = x->nwaves == 0 ? hd_amdgpu_new(x->c.wave_size) :
		           hd_amdgpu_new_sharing(x->c.wave_size, x->waves[0]->model, 1);
	}
	waves = realloc(x->waves, (x->nwaves + 1) * sizeof *waves);
	if (waves != NULL)
		x->waves = waves;
	if (w == NULL || w->v == NULL || w->a == NULL || w->model == NULL || waves == NULL) {
		free_wave(w);
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for a wave");
	}
	w->s[G9_EXEC_LO] = UINT32_MAX;
	w->s[G9_EXEC_HI] = x->c.wave_size == 64 ? UINT32_MAX : 0;
	*index = x->nwaves;
	x->waves[x->nwaves++] = w;
	return 0;
}

uint32_t hd_gfx9_nwaves(const hd_gfx9 *x)
{
	return x->nwaves;
}

hd_amdgpu *hd_gfx9_model(hd_gfx9 *x, uint32_t wave)
{
	return wave < x->nwaves ? x->waves[wave]->model : NULL;
}

/* ---- the state, for loaders and tests ---- */

void hd_gfx9_set_sgpr(hd_gfx9 *x, uint32_t wave, unsigned sgpr, uint32_t v)
{
	if (wave < x->nwaves && sgpr < G9_NSCALAR)
		x->waves[wave]->s[sgpr] = v;
}

uint32_t hd_gfx9_sgpr(const hd_gfx9 *x, uint32_t wave, unsigned sgpr)
{
	return wave < x->nwaves && sgpr < G9_NSCALAR ? x->waves[wave]->s[sgpr] : 0;
}

void hd_gfx9_set_vgpr(hd_gfx9 *x, uint32_t wave, unsigned vgpr, unsigned lane, uint32_t v)
{
	if (wave < x->nwaves && vgpr < 256 && lane < G9_LANES)
		x->waves[wave]->v[vgpr * G9_LANES + lane] = v;
}

uint32_t hd_gfx9_vgpr(const hd_gfx9 *x, uint32_t wave, unsigned vgpr, unsigned lane)
{
	return wave < x->nwaves && vgpr < 256 && lane < G9_LANES ?
	       x->waves[wave]->v[vgpr * G9_LANES + lane] : 0;
}

void hd_gfx9_set_agpr(hd_gfx9 *x, uint32_t wave, unsigned agpr, unsigned lane, uint32_t v)
{
	if (wave < x->nwaves && agpr < 256 && lane < G9_LANES)
		x->waves[wave]->a[agpr * G9_LANES + lane] = v;
}

uint32_t hd_gfx9_agpr(const hd_gfx9 *x, uint32_t wave, unsigned agpr, unsigned lane)
{
	return wave < x->nwaves && agpr < 256 && lane < G9_LANES ?
	       x->waves[wave]->a[agpr * G9_LANES + lane] : 0;
}

void hd_gfx9_set_pc(hd_gfx9 *x, uint32_t wave, uint64_t pc)
{
	if (wave < x->nwaves)
		x->waves[wave]->pc = pc;
}

uint64_t hd_gfx9_pc(const hd_gfx9 *x, uint32_t wave)
{
	return wave < x->nwaves ? x->waves[wave]->pc : 0;
}

void hd_gfx9_set_exec(hd_gfx9 *x, uint32_t wave, uint64_t exec)
{
	if (wave < x->nwaves) {
		x->waves[wave]->s[G9_EXEC_LO] = (uint32_t)exec;
		x->waves[wave]->s[G9_EXEC_HI] = x->c.wave_size == 64 ? (uint32_t)(exec >> 32) : 0;
	}
}

uint64_t hd_gfx9_exec(const hd_gfx9 *x, uint32_t wave)
{
	return wave < x->nwaves ? g9_exec(x, x->waves[wave]) : 0;
}

void hd_gfx9_set_scc(hd_gfx9 *x, uint32_t wave, int scc)
{
	if (wave < x->nwaves)
		x->waves[wave]->scc = scc != 0;
}

int hd_gfx9_scc(const hd_gfx9 *x, uint32_t wave)
{
	return wave < x->nwaves ? (int)x->waves[wave]->scc : 0;
}

void hd_gfx9_set_mode(hd_gfx9 *x, uint32_t wave, uint32_t mode)
{
	if (wave < x->nwaves)
		x->waves[wave]->mode = mode;
}

/* ---- ending a run ---- */

int g9_trap(hd_gfx9 *x, const char *fmt, ...)
{
	va_list ap;

	x->out->end = HD_GFX9_TRAPPED;
	va_start(ap, fmt);
	vsnprintf(x->out->detail, sizeof x->out->detail, fmt, ap);
	va_end(ap);
	return 1;
}

int g9_unsupported(hd_gfx9 *x, const hd_isa_insn *in, const char *what)
{
	x->out->end = HD_GFX9_UNSUPPORTED;
	if (what == NULL)
		snprintf(x->out->detail, sizeof x->out->detail, "%s", in->row->mnemonic);
	else
		snprintf(x->out->detail, sizeof x->out->detail, "%s %s", in->row->mnemonic, what);
	return 1;
}

int g9_fail(hd_gfx9 *x)
{
	(void)x;
	return -1;
}

/* ---- fetch and decode ---- */

/* The instruction at pc, decoded once and kept in a direct-mapped cache:
 * a loop's body decodes on its first turn only. NULL after a trap (the
 * pc is outside the code or does not decode). */
static const g9_cached *fetch(hd_gfx9 *x, uint64_t pc)
{
	g9_cached *c = &x->cache[(pc >> 2) % G9_DECODE_CACHE];
	hd_status dst = { 0 };
	size_t i;

	if (c->valid && c->pc == pc)
		return c;
	for (i = 0; i < x->ncode; i++)
		if (pc >= x->code[i].vaddr && pc - x->code[i].vaddr < x->code[i].n)
			break;
	if (i == x->ncode) {
		g9_trap(x, "pc 0x%llx is outside the code", (unsigned long long)pc);
		return NULL;
	}
	if (hd_isa_decode(x->c.mach, x->code[i].bytes + (pc - x->code[i].vaddr),
	                  x->code[i].n - (size_t)(pc - x->code[i].vaddr), pc, &c->in, &dst) != 0) {
		c->valid = 0;
		g9_trap(x, "%s", dst.msg);
		return NULL;
	}
	c->pc = pc;
	c->valid = 1;
	c->op = g9_op_for(c->in.row);
	return c;
}

/* ---- the loop ---- */

static int ended(const hd_gfx9 *x)
{
	uint32_t i;

	for (i = 0; i < x->nwaves; i++)
		if (x->waves[i]->state != G9_ENDED)
			return 0;
	return 1;
}

/* s_barrier: the waves waiting go on when every wave not ended waits
 * (an ended wave no longer counts, as hardware does). */
static void release_barrier(hd_gfx9 *x)
{
	uint32_t i, waiting = 0, running = 0;

	for (i = 0; i < x->nwaves; i++) {
		waiting += x->waves[i]->state == G9_AT_BARRIER;
		running += x->waves[i]->state == G9_RUNNING;
	}
	if (waiting > 0 && running == 0)
		for (i = 0; i < x->nwaves; i++)
			if (x->waves[i]->state == G9_AT_BARRIER)
				x->waves[i]->state = G9_RUNNING;
}

/* One instruction of wave i: 0 go on, 1 the run ends (out says how),
 * -1 an error in st. */
static int step(hd_gfx9 *x, uint32_t i, const hd_gfx9_observer *obs, hd_status *st)
{
	g9_wave *w = x->waves[i];
	const g9_cached *c = fetch(x, w->pc);
	int rc;

	if (c == NULL)
		return 1;
	if (obs != NULL && obs->step != NULL) {
		hd_gfx9_where where = { i, w->pc, g9_exec(x, w), &c->in };
		rc = obs->step(obs->ctx, x, &where, st);
		if (rc < 0)
			return -1;
		if (rc > 0) {
			x->out->end = HD_GFX9_STOPPED;
			snprintf(x->out->detail, sizeof x->out->detail,
			         "the observer stopped wave %u at 0x%llx", i, (unsigned long long)w->pc);
			return 1;
		}
	}
	if (c->op == NULL)
		return g9_unsupported(x, &c->in, NULL);
	if (x->out->steps >= x->c.max_steps) {
		x->out->end = HD_GFX9_STEP_LIMIT;
		snprintf(x->out->detail, sizeof x->out->detail, "%llu steps",
		         (unsigned long long)x->out->steps);
		return 1;
	}
	x->out->steps++;
	w->next_pc = w->pc + c->in.size;
	rc = c->op->fn(x, w, &c->in, c->op->sub);
	if (rc != 0)
		return rc;
	w->pc = w->next_pc;
	if (x->bytes > x->c.max_bytes) {
		x->out->end = HD_GFX9_STEP_LIMIT;
		snprintf(x->out->detail, sizeof x->out->detail, "%llu bytes moved",
		         (unsigned long long)x->bytes);
		return 1;
	}
	return 0;
}

int hd_gfx9_run(hd_gfx9 *x, const hd_gfx9_observer *obs, hd_gfx9_outcome *out,
                hd_status *st)
{
	int rc = 0;

	memset(out, 0, sizeof *out);
	x->out = out;
	x->st = st;
	x->bytes = 0;
	while (!ended(x)) {
		uint32_t i, ran = 0;
		for (i = 0; i < x->nwaves && rc == 0; i++) {
			if (x->waves[i]->state != G9_RUNNING)
				continue;
			ran++;
			rc = step(x, i, obs, st);
		}
		if (rc != 0)
			break;
		release_barrier(x);
		if (ran == 0 && !ended(x)) {
			/* cannot happen: release_barrier frees waiters when none runs */
			g9_trap(x, "no wave can run");
			rc = 1;
			break;
		}
	}
	x->out = NULL;
	if (rc < 0)
		return -1;
	if (rc == 0) {
		out->end = HD_GFX9_COMPLETED;
		out->detail[0] = '\0';
	}
	return 0;
}
