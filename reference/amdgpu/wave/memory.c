/* The executor's memory accesses, all through the wave's model so that
 * the evaluator reads exactly the bytes the program wrote: global and
 * local as they are, scratch at the place the model's private_lane →
 * private_wave swizzle gives, flat addresses through the apertures. */
#include <inttypes.h>

#include "wave_impl.h"

int g9_mem(hd_gfx9 *x, g9_wave *w, uint64_t aspace, uint64_t addr, uint8_t *buf,
           size_t n, int store)
{
	hd_status st = { 0 };
	int rc;

	x->bytes += n;
	rc = store ? hd_amdgpu_write_mem(w->model, aspace, 0, 0, addr, buf, n, &st) :
	             hd_amdgpu_read_mem(w->model, aspace, 0, 0, addr, buf, n, &st);
	if (rc != 0)
		return g9_trap(x, "%s of %zu bytes at %s 0x%" PRIx64 ": %s",
		               store ? "store" : "load", n,
		               aspace == HD_ASPACE_LOCAL ? "local" :
		               aspace == HD_ASPACE_PRIVATE_WAVE ? "private_wave" : "global",
		               addr, st.msg);
	return 0;
}

/* Scratch is interleaved a dword at a time (hd_amdgpu_swizzle): bytes of
 * one lane stay together only inside a dword, so an access goes dword
 * piece by dword piece, each at base + the swizzled lane address. */
int g9_scratch(hd_gfx9 *x, g9_wave *w, unsigned lane, uint64_t base, uint64_t addr,
               uint8_t *buf, size_t n, int store)
{
	size_t done = 0;

	while (done < n) {
		uint64_t a = addr + done;
		size_t run = 4 - (size_t)(a % 4);
		if (run > n - done)
			run = n - done;
		if (g9_mem(x, w, HD_ASPACE_PRIVATE_WAVE,
		           base + hd_amdgpu_swizzle(x->c.wave_size, lane, a & 0xffffffffu),
		           buf + done, run, store) != 0)
			return 1;
		done += run;
	}
	return 0;
}

/* The apertures of the model (model.h): local at address − shared base,
 * scratch at address − private base (through flat_scratch, as scratch_*
 * instructions reach it), global otherwise. */
int g9_flat(hd_gfx9 *x, g9_wave *w, unsigned lane, uint64_t addr, uint8_t *buf, size_t n,
            int store)
{
	uint64_t scratch_base = w->s[G9_FLAT_SCRATCH_LO] |
	                        (uint64_t)w->s[G9_FLAT_SCRATCH_LO + 1] << 32;

	if (addr - HD_AMDGPU_SHARED_APERTURE < HD_AMDGPU_APERTURE_SIZE)
		return g9_mem(x, w, HD_ASPACE_LOCAL, addr - HD_AMDGPU_SHARED_APERTURE, buf, n, store);
	if (addr - HD_AMDGPU_PRIVATE_APERTURE < HD_AMDGPU_APERTURE_SIZE)
		return g9_scratch(x, w, lane, scratch_base, addr - HD_AMDGPU_PRIVATE_APERTURE, buf, n,
		                  store);
	return g9_mem(x, w, HD_ASPACE_GLOBAL, addr, buf, n, store);
}
