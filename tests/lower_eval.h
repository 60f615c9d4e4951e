/* Shared by the lowering tests that evaluate what the lowering wrote: a
 * module loaded and lowered, places found by variable name, and the
 * software AMDGPU model with the reference evaluator to read a variable
 * through its lowered location. */
#ifndef HD_LOWER_EVAL_H
#define HD_LOWER_EVAL_H

#include "tap.h"
#include "lower_test.h"

#include "amdgpu/model.h"
#include "dwarf/eval/eval.h"
#include "dwarf/codec/expr.h"
#include "lower/lower.h"
#include "spirv/spirv.h"
#include "debugger/dwarf_frame.h"

#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

/* The module of text, its findings printed as diagnostics if it has any
 * (the checks that follow then show what the lowering made of it). */
static inline hd_spv_module *load(const char *text)
{
	hd_spv_module *m = lower_test_load(text);

	if (!m)
		return NULL;
	if (hd_di_validate(m) != 0) {
		hd_buf b;
		hd_buf_init(&b);
		hd_spv_diag_print(m, &b);
		printf("# the module breaks rules:\n# %s\n", hd_buf_str(&b));
		hd_buf_free(&b);
	}
	return m;
}

static inline hd_lowered *lower(hd_spv_module *m, unsigned wave)
{
	hd_lower_options o = { HD_PROFILE_AMDGPU_V0, 0, wave };
	hd_lowered *l = NULL;
	hd_status st;

	hd_status_clear(&st);
	if (hd_lower(m, &o, &l, &st) != 0)
		printf("# hd_lower: %s: %s\n", st.code ? st.code : "?", st.msg);
	return l;
}

/* ---- names ---- */

static inline const char *node_name(const hd_spv_module *m, int32_t node)
{
	if (node < 0 || (uint32_t)node >= m->nnodes)
		return "";
	const char *s = hd_spv_string(m, hd_di_operand_id(&m->nodes[node], HD_O_Name));
	return s ? s : "";
}

/* The nth place recorded for the local variable named name. */
static inline const hd_place *place_of(const hd_lowered *l, const hd_spv_module *m, const char *name,
                                unsigned nth)
{
	for (uint32_t i = 0; l && i < l->nplaces; i++)
		if (l->places[i].point != UINT32_MAX &&
		    strcmp(node_name(m, l->places[i].node), name) == 0 && nth-- == 0)
			return &l->places[i];
	return NULL;
}

/* ---- the model and the evaluator ---- */

typedef struct env {
	unsigned wave;
	uint32_t lane;
	hd_amdgpu *model;
	hd_eval *ev;
	hd_context ctx;
	hd_encoding enc;
} env;

static inline void put_reg(env *e, uint64_t reg, uint64_t v, size_t n)
{
	uint8_t b[8];
	hd_status st;

	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	hd_amdgpu_set_reg(e->model, reg, b, n, &st);
}

/* The state every function of the placement assumes: the frame register
 * holds HD_LOWER_FRAME_WAVE_OFFSET, every lane is active, pc is at pc. */
static inline void env_init(env *e, unsigned wave, uint64_t pc)
{
	memset(e, 0, sizeof *e);
	e->wave = wave;
	e->lane = 3;
	e->model = hd_amdgpu_new(wave);
	e->ev = hd_eval_new(NULL);
	e->enc = (hd_encoding){ HD_PROFILE_AMDGPU_V0, 8, 4 };
	put_reg(e, HD_AMDGPU_SGPR0 + HD_LOWER_FRAME_SGPR, HD_LOWER_FRAME_WAVE_OFFSET, 4);
	if (wave == 64)
		put_reg(e, HD_AMDGPU_EXEC_64, UINT64_MAX, 8);
	else
		put_reg(e, HD_AMDGPU_EXEC_32, UINT32_MAX, 4);
	put_reg(e, HD_AMDGPU_PC_64, pc, 8);
	e->ctx.arch = hd_amdgpu_target(e->model);
	e->ctx.has_thread = 1;
	e->ctx.has_frame = 1;
	e->ctx.has_lane = 1;
	e->ctx.lane = e->lane;
	e->ctx.has_pc = 1;
	e->ctx.pc = pc;
	e->ctx.result = HD_RESULT_LOCATION;
}

static inline void env_free(env *e)
{
	hd_eval_free(e->ev);
	hd_amdgpu_free(e->model);
}

/* Writes bytes into the storage place p names, as the focused lane sees
 * it; the other lanes of a VGPR get different bytes. */
static inline void write_place(env *e, const hd_place *p, const uint8_t *bytes)
{
	hd_status st;

	switch (p->kind) {
	case HD_PLACE_MEMORY:
		hd_amdgpu_write_mem(e->model, p->aspace, p->aspace == HD_ASPACE_PRIVATE_LANE, e->lane,
		                    p->addr, bytes, p->size, &st);
		break;
	case HD_PLACE_VGPR:
		for (uint32_t k = 0; k * 4 < p->size; k++) {
			uint32_t v = 0;
			for (unsigned b = 0; b < 4 && k * 4 + b < p->size; b++)
				v |= (uint32_t)bytes[k * 4 + b] << (8 * b);
			for (unsigned lane = 0; lane < e->wave; lane++)
				hd_amdgpu_set_lane(e->model, p->reg + k, lane, lane == e->lane ? v : ~v, &st);
		}
		break;
	case HD_PLACE_SGPR:
		for (uint32_t k = 0; k * 4 < p->size; k++)
			hd_amdgpu_set_reg(e->model, p->reg + k, bytes + k * 4,
			                  p->size - k * 4 < 4 ? p->size - k * 4 : 4, &st);
		break;
	default:
		break;
	}
}

/* The variable's location expression at pc: its exprloc, or the entry of
 * its location list that holds pc (the watch's reader, dwarf_frame.h). */
static inline int location_at(const hd_lowered *l, const hd_die *d, uint64_t pc, const uint8_t **b,
                       size_t *n)
{
	return hd_watch_location_at(&l->unit, d, pc, b, n) == 0 ? 0 : -1;
}

/* Reads nbytes of variable d at pc, from byte off of it: the location with
 * DW_OP_LLVM_offset_uconst off (a composite closed first). */
static inline int read_var(env *e, const hd_lowered *l, const hd_die *d, uint64_t pc, uint32_t off,
                    uint8_t *out, size_t nbytes)
{
	const uint8_t *b;
	size_t n;
	hd_status st;

	if (location_at(l, d, pc, &b, &n) != 0)
		return -1;
	hd_status_clear(&st);
	if (hd_watch_read_location(e->ev, &e->ctx, &e->enc, b, n, off, nbytes * 8, out, &st) != 0) {
		printf("# read: %s: %s\n", st.code ? st.code : "?", st.msg);
		return -1;
	}
	return 0;
}

#endif
