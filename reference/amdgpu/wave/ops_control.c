/* Program control: s_endpgm, branches, s_getpc/s_setpc/s_swappc (calls
 * into the device libraries), s_barrier and s_trap; and the instructions
 * that change nothing a program can see here (ops.def's g9_nop rows). */
#include <stdio.h>

#include "ops.h"
#include "wave_impl.h"

G9_HANDLER(g9_nop)
{
	(void)x;
	(void)w;
	(void)in;
	(void)sub;
	return 0;
}

static int taken(const hd_gfx9 *x, const g9_wave *w, unsigned sub)
{
	switch (sub) {
	case C_BRANCH: return 1;
	case C_CBRANCH_SCC0: return w->scc == 0;
	case C_CBRANCH_SCC1: return w->scc != 0;
	case C_CBRANCH_VCCZ: return (g9_vcc(w) & (x->c.wave_size == 64 ? UINT64_MAX : UINT32_MAX)) == 0;
	case C_CBRANCH_VCCNZ: return (g9_vcc(w) & (x->c.wave_size == 64 ? UINT64_MAX : UINT32_MAX)) != 0;
	case C_CBRANCH_EXECZ: return g9_exec(x, w) == 0;
	case C_CBRANCH_EXECNZ: return g9_exec(x, w) != 0;
	default: return 0;
	}
}

G9_HANDLER(g9_control)
{
	uint64_t v;

	switch (sub) {
	case C_ENDPGM:
		w->state = G9_ENDED;
		w->next_pc = w->pc;
		return 0;
	case C_BARRIER:
		w->state = G9_AT_BARRIER;
		return 0;
	case C_TRAP:
		return g9_trap(x, "s_trap %u at 0x%llx", in->f.simm16 & 0xff,
		               (unsigned long long)w->pc);
	case C_GETPC:
		/* the address of the next instruction */
		if (g9_set_scalar(x, w, &in->op[0], w->pc + 4, 2) != 0)
			return g9_unsupported(x, in, "writes a scalar the executor lacks");
		return 0;
	case C_SETPC:
		if (g9_scalar(x, w, in, 0, 2, &v) != 0)
			return 1;
		/* a return: the depth s_swappc_b64 counted */
		if (w->depth > 0)
			w->depth--;
		w->next_pc = v;
		return 0;
	case C_SWAPPC:
		if (g9_scalar(x, w, in, 1, 2, &v) != 0)
			return 1;
		if (w->depth >= x->c.max_depth) {
			x->out->end = HD_GFX9_STEP_LIMIT;
			snprintf(x->out->detail, sizeof x->out->detail, "call depth %u",
			         (unsigned)w->depth);
			return 1;
		}
		w->depth++;
		if (g9_set_scalar(x, w, &in->op[0], w->pc + 4, 2) != 0)
			return g9_unsupported(x, in, "writes a scalar the executor lacks");
		w->next_pc = v;
		return 0;
	default:
		if (in->has_target && taken(x, w, sub))
			w->next_pc = in->target;
		return 0;
	}
}
