/* Loading a wave's initial state from a dispatch (codeobj.h) and a code
 * object's image, and copying a wave's registers into its model for the
 * evaluator. */
#include <string.h>

#include "wave_impl.h"

/* The scalar operand code of a DWARF SGPR number (model.h), or -1. */
static int sgpr_code(uint64_t reg)
{
	if (reg >= HD_AMDGPU_SGPR0 && reg < HD_AMDGPU_SGPR0 + 64)
		return (int)(reg - HD_AMDGPU_SGPR0);
	if (reg >= HD_AMDGPU_SGPR64 && reg < HD_AMDGPU_SGPR64 + 42)
		return (int)(reg - HD_AMDGPU_SGPR64 + 64);
	return -1;
}

int hd_gfx9_load_dispatch(hd_gfx9 *x, uint32_t wave, const hd_dispatch_state *s,
                          hd_status *st)
{
	size_t i;
	unsigned v, lane;
	hd_amdgpu *m = hd_gfx9_model(x, wave);

	if (m == NULL || s->wave_size != x->c.wave_size)
		return hd_fail(st, HD_BAD_INPUT, "gfx9-dispatch", 0,
		               "no wave %u, or a dispatch of another wave size", wave);
	for (i = 0; i < s->nsgprs; i++) {
		int code = sgpr_code(s->sgprs[i].reg);
		if (code < 0)
			return hd_fail(st, HD_BAD_INPUT, "gfx9-dispatch", 0,
			               "dispatch SGPR %llu is not an SGPR",
			               (unsigned long long)s->sgprs[i].reg);
		hd_gfx9_set_sgpr(x, wave, (unsigned)code, s->sgprs[i].value);
	}
	for (v = 0; v < s->nvgprs && v < 3; v++)
		for (lane = 0; lane < s->wave_size; lane++)
			hd_gfx9_set_vgpr(x, wave, v, lane, s->vgpr[v][lane]);
	hd_gfx9_set_exec(x, wave, s->exec);
	hd_gfx9_set_pc(x, wave, s->pc);
	hd_gfx9_set_mode(x, wave, s->mode);
	if (hd_amdgpu_write_mem(m, HD_ASPACE_GLOBAL, 0, 0, s->packet_address, s->packet,
	                        sizeof s->packet, st) != 0)
		return -1;
	if (s->kernarg_size > 0 &&
	    hd_amdgpu_write_mem(m, HD_ASPACE_GLOBAL, 0, 0, s->kernarg_address, s->kernarg,
	                        s->kernarg_size, st) != 0)
		return -1;
	return 0;
}

int hd_gfx9_load_codeobj(hd_gfx9 *x, const hd_codeobj *co, hd_status *st)
{
	size_t i, n = hd_codeobj_nsegments(co);
	hd_amdgpu *m = hd_gfx9_model(x, 0);

	if (m == NULL)
		return hd_fail(st, HD_BAD_INPUT, "gfx9-dispatch", 0, "add a wave before the image");
	for (i = 0; i < n; i++) {
		const hd_co_segment *s = hd_codeobj_segment(co, i);
		if ((s->flags & 1) && hd_gfx9_add_code(x, s->vaddr, s->bytes, s->memsz, st) != 0)
			return -1;
		if (hd_amdgpu_write_mem(m, HD_ASPACE_GLOBAL, 0, 0, s->vaddr, s->bytes, s->memsz,
		                        st) != 0)
			return -1;
	}
	return 0;
}

/* A vector register's lanes as the model's bytes (lane 0 first). */
static int set_vector(hd_amdgpu *m, uint64_t reg, const uint32_t *lanes, unsigned n,
                      hd_status *st)
{
	uint8_t bytes[G9_LANES * 4];
	unsigned i;

	for (i = 0; i < n; i++) {
		bytes[4 * i] = (uint8_t)lanes[i];
		bytes[4 * i + 1] = (uint8_t)(lanes[i] >> 8);
		bytes[4 * i + 2] = (uint8_t)(lanes[i] >> 16);
		bytes[4 * i + 3] = (uint8_t)(lanes[i] >> 24);
	}
	return hd_amdgpu_set_reg(m, reg, bytes, 4 * (size_t)n, st);
}

static int set_u64(hd_amdgpu *m, uint64_t reg, uint64_t v, size_t n, hd_status *st)
{
	uint8_t b[8];
	unsigned i;

	for (i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	return hd_amdgpu_set_reg(m, reg, b, n, st);
}

/* Everything the model names: pc, exec, vcc, s0..s105, v0..v255,
 * a0..a255. */
int hd_gfx9_sync(hd_gfx9 *x, uint32_t wave, hd_status *st)
{
	g9_wave *w;
	unsigned i, W = x->c.wave_size;
	int w64 = W == 64;

	if (wave >= x->nwaves)
		return hd_fail(st, HD_BAD_INPUT, "gfx9-wave", 0, "no wave %u", wave);
	w = x->waves[wave];
	if (set_u64(w->model, HD_AMDGPU_PC_64, w->pc, 8, st) != 0 ||
	    set_u64(w->model, w64 ? HD_AMDGPU_EXEC_64 : HD_AMDGPU_EXEC_32, g9_exec(x, w),
	            w64 ? 8 : 4, st) != 0 ||
	    set_u64(w->model, w64 ? HD_AMDGPU_VCC_64 : HD_AMDGPU_VCC_32, g9_vcc(w),
	            w64 ? 8 : 4, st) != 0)
		return -1;
	for (i = 0; i < 106; i++)
		if (set_u64(w->model, i < 64 ? HD_AMDGPU_SGPR0 + i : HD_AMDGPU_SGPR64 + i - 64,
		            w->s[i], 4, st) != 0)
			return -1;
	for (i = 0; i < 256; i++)
		if (set_vector(w->model, (w64 ? HD_AMDGPU_VGPR0_W64 : HD_AMDGPU_VGPR0_W32) + i,
		               w->v + (size_t)i * G9_LANES, W, st) != 0 ||
		    set_vector(w->model, (w64 ? HD_AMDGPU_AGPR0_W64 : HD_AMDGPU_AGPR0_W32) + i,
		               w->a + (size_t)i * G9_LANES, W, st) != 0)
			return -1;
	return 0;
}
