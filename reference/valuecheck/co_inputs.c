/* The interpreter's inputs on a code object's dispatch (co_inputs.h). */
#include <stdlib.h>
#include <string.h>

#include "co_inputs.h"

static int mismatch(hd_status *st, const char *kernel, const char *why)
{
	return hd_fail(st, HD_BAD_INPUT, "co-inputs", 0, "kernel %s: %s", kernel, why);
}

int hd_co_inputs_from(const hd_exec *x, const hd_codeobj *co, const char *kernel,
                      hd_co_inputs *in, hd_status *st)
{
	const hd_exec_config *c = hd_exec_config_of(x);
	const hd_co_kernel *k = hd_codeobj_find_kernel(co, kernel);
	uint32_t arg = 0, lds = 0;  /* the dynamic LDS given so far */

	if (k == NULL)
		return mismatch(st, kernel, "not in the code object");
	hd_dispatch_config_default(&in->dc);
	in->dc.dims = c->work_dim;
	for (int d = 0; d < 3; d++) {
		in->dc.global_size[d] = c->global_size[d];
		in->dc.group_size[d] = (uint16_t)c->local_size[d];
		in->dc.global_offset[d] = c->global_offset[d];
	}
	in->dc.nargs = 0;
	for (size_t i = 0; i < k->nargs; i++) {
		const hd_co_arg *a = &k->args[i];
		const uint8_t *bytes;
		uint32_t size;
		if (a->hidden)
			continue;
		if (in->dc.nargs == HD_CO_INPUTS_MAX_ARGS)
			return mismatch(st, kernel, "more explicit arguments than hdcts passes");
		if (strcmp(a->value_kind, "dynamic_shared_pointer") == 0) {
			if (a->size != 4 || hd_exec_arg_local_size(x, arg++, &size) != 0)
				return mismatch(st, kernel, "a local pointer the interpreter has not");
			lds = (lds + 15) / 16 * 16;
			for (int b = 0; b < 4; b++)
				in->lds[in->dc.nargs][b] = (uint8_t)((k->kd.group_segment_fixed_size + lds) >> (8 * b));
			in->vals[in->dc.nargs] = (hd_dispatch_value){ in->lds[in->dc.nargs], 4 };
			in->dc.nargs++;
			lds += size;
			continue;
		}
		if (strcmp(a->value_kind, "global_buffer") != 0 && strcmp(a->value_kind, "by_value") != 0)
			return mismatch(st, kernel,
			                "an argument neither a global buffer, a local pointer nor a value");
		if (hd_exec_arg_value(x, arg++, &bytes, &size) != 0 || size != a->size)
			return mismatch(st, kernel, "its arguments differ from the interpreter's");
		in->vals[in->dc.nargs++] = (hd_dispatch_value){ bytes, size };
	}
	if (arg != hd_exec_nargs(x))
		return mismatch(st, kernel, "the interpreter's kernel has more arguments");
	in->dc.args = in->vals;
	in->dc.dynamic_lds_size = lds;
	return 0;
}

/* Whether [a, a + n) meets a segment of co. */
static int overlaps(const hd_codeobj *co, uint64_t a, uint64_t n)
{
	for (size_t i = 0; i < hd_codeobj_nsegments(co); i++) {
		const hd_co_segment *s = hd_codeobj_segment(co, i);
		if (a < s->vaddr + s->memsz && s->vaddr < a + n)
			return 1;
	}
	return 0;
}

int hd_co_inputs_load(const hd_exec *x, const hd_codeobj *co, hd_gfx9 *g, hd_status *st)
{
	uint64_t addr;
	uint32_t size;

	for (uint32_t k = 0; k < hd_exec_nargs(x); k++) {
		uint8_t *bytes, *set;
		int rc;
		if (hd_exec_arg_buffer(x, k, &addr, &size) != 0)
			continue;
		if (overlaps(co, addr, size))
			return hd_fail(st, HD_BAD_INPUT, "co-inputs", 0,
			               "argument %u's buffer at 0x%llx meets the code object's image", k,
			               (unsigned long long)addr);
		bytes = malloc(size ? size : 1);
		set = malloc(size ? size : 1);
		rc = bytes == NULL || set == NULL
		             ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a buffer")
		             : hd_exec_read(x, 0, HD_XS_GLOBAL, addr, size, bytes, set);
		if (rc == 0)
			rc = hd_amdgpu_write_mem(hd_gfx9_model(g, 0), HD_ASPACE_GLOBAL, 0, 0, addr, bytes,
			                         size, st);
		free(bytes);
		free(set);
		if (rc != 0)
			return -1;
	}
	return 0;
}

int hd_co_executor(const hd_codeobj *co, const char *kernel, hd_exec *x, hd_gfx9 **out,
                   hd_status *st)
{
	hd_gfx9_config c;
	hd_co_inputs in;

	*out = NULL;
	hd_gfx9_config_default(&c);
	c.wave_size = hd_exec_config_of(x)->wave_size;
	if (hd_exec_place_inputs(x, st) != 0 || hd_co_inputs_from(x, co, kernel, &in, st) != 0 ||
	    hd_gfx9_new_kernel(co, kernel, &in.dc, &c, out, st) != 0)
		return -1;
	if (hd_co_inputs_load(x, co, *out, st) != 0) {
		hd_gfx9_free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}
