/* An executor ready to run the first work-group of a code object's kernel
 * from the default dispatch (docs/amdgpu-dispatch.md): what hdref gfx9-run
 * and bench_gfx9 start from. */
#include <string.h>

#include "wave_impl.h"

#define MAX_ARGS 64

/* The explicit arguments: global buffer k at HD_GFX9_BUFFER_BASE +
 * k * HD_GFX9_BUFFER_STRIDE, everything else zero. */
static int arguments(const hd_co_kernel *k, uint8_t bytes[][16], hd_dispatch_value *vals,
                     size_t *n, hd_status *st)
{
	size_t i, b = 0;
	unsigned j;

	*n = 0;
	for (i = 0; i < k->nargs; i++) {
		const hd_co_arg *a = &k->args[i];
		if (a->hidden)
			continue;
		if (*n == MAX_ARGS || a->size > 16)
			return hd_fail(st, HD_BAD_INPUT, "dispatch-args", 0,
			               "kernel %s: more or larger explicit arguments than the executor fills",
			               k->name);
		memset(bytes[*n], 0, 16);
		if (strcmp(a->value_kind, "global_buffer") == 0 && a->size == 8) {
			uint64_t addr = HD_GFX9_BUFFER_BASE + b++ * HD_GFX9_BUFFER_STRIDE;
			for (j = 0; j < 8; j++)
				bytes[*n][j] = (uint8_t)(addr >> (8 * j));
		}
		vals[*n] = (hd_dispatch_value){ bytes[*n], (size_t)a->size };
		(*n)++;
	}
	return 0;
}

int hd_gfx9_new_kernel(const hd_codeobj *co, const char *name, const hd_dispatch_config *dc,
                       const hd_gfx9_config *c, hd_gfx9 **out, hd_status *st)
{
	const hd_co_kernel *k = name != NULL ? hd_codeobj_find_kernel(co, name) :
	                        hd_codeobj_nkernels(co) > 0 ? hd_codeobj_kernel(co, 0) : NULL;
	uint8_t bytes[MAX_ARGS][16];
	hd_dispatch_value vals[MAX_ARGS];
	hd_dispatch_config d;
	hd_dispatch_state s;
	hd_gfx9_config gc = *c;
	hd_gfx9 *x = NULL;
	uint32_t wave, items;
	int rc = -1;

	*out = NULL;
	if (k == NULL)
		return hd_fail(st, HD_BAD_INPUT, "dispatch-kernel", 0, "no kernel %s",
		               name != NULL ? name : "in the code object");
	if (dc != NULL) {
		d = *dc;
	} else {
		hd_dispatch_config_default(&d);
		if (arguments(k, bytes, vals, &d.nargs, st) != 0)
			return -1;
		d.args = vals;
	}
	memset(d.group_id, 0, sizeof d.group_id);
	d.wave_size = gc.wave_size;
	items = (uint32_t)d.group_size[0] * d.group_size[1] * d.group_size[2];
	gc.mach = hd_isa_mach_named(hd_codeobj_processor(co));
	for (d.wave_index = 0; d.wave_index * gc.wave_size < items; d.wave_index++) {
		if (hd_dispatch(co, k, &d, &s, st) != 0)
			goto out;
		if ((x == NULL && hd_gfx9_new(&gc, &x, st) != 0) ||
		    hd_gfx9_add_wave(x, &wave, st) != 0 ||
		    (wave == 0 && hd_gfx9_load_codeobj(x, co, st) != 0) ||
		    hd_gfx9_load_dispatch(x, wave, &s, st) != 0) {
			hd_dispatch_state_free(&s);
			goto out;
		}
		hd_dispatch_state_free(&s);
	}
	*out = x;
	x = NULL;
	rc = 0;
out:
	hd_gfx9_free(x);
	return rc;
}
