/* The AMDGPU metadata note (AMDGPUUsage "Code Object V4 Metadata", "Code
 * Object V5 Metadata"): a MessagePack map whose amdhsa.kernels array holds
 * one map per kernel. Only the keys docs/amdgpu-dispatch.md lists are
 * kept; a key the dispatch needs that is missing or of the wrong type is
 * "codeobj-metadata" with the file offset of the map that lacks it. */
#include <string.h>

#include "codeobj_impl.h"

/* The bound of the tree's arena: the note is at most HD_CODEOBJ_MAX_META
 * bytes and each element costs one hd_mp. */
static int meta_fail(hd_status *st, uint64_t at, const char *what, const char *key)
{
	return hd_fail(st, HD_BAD_INPUT, "codeobj-metadata", at,
	               "AMDGPU metadata at byte %llu: %s %s", (unsigned long long)at, what, key);
}

const char *hd_co_str(hd_codeobj *co, const hd_mp *v)
{
	char *s;

	if (v == NULL || v->kind != HD_MP_STR || memchr(v->v.str.p, 0, v->v.str.n) != NULL)
		return NULL;
	s = hd_arena_alloc(&co->arena, v->v.str.n + 1);
	if (s != NULL)
		memcpy(s, v->v.str.p, v->v.str.n);
	return s;
}

/* A required unsigned key of map m. */
static int need_uint(const hd_mp *m, const char *key, uint64_t base, uint64_t *out, hd_status *st)
{
	if (hd_mp_uint(hd_mp_get(m, key), out) != 0)
		return meta_fail(st, base + m->offset, "no unsigned integer for", key);
	return 0;
}

/* An optional string key: *out NULL when absent, an error when present but
 * not a string. */
static int opt_str(hd_codeobj *co, const hd_mp *m, const char *key, uint64_t base,
                   const char **out, hd_status *st)
{
	const hd_mp *v = hd_mp_get(m, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if ((*out = hd_co_str(co, v)) == NULL)
		return v->kind == HD_MP_STR ? hd_fail(st, HD_NO_MEMORY, "codeobj-limit", base + v->offset,
		                                      "AMDGPU metadata: out of memory")
		                            : meta_fail(st, base + v->offset, "no string for", key);
	return 0;
}

static int need_str(hd_codeobj *co, const hd_mp *m, const char *key, uint64_t base,
                    const char **out, hd_status *st)
{
	if (opt_str(co, m, key, base, out, st) != 0)
		return -1;
	return *out == NULL ? meta_fail(st, base + m->offset, "no string for", key) : 0;
}

static int read_arg(hd_codeobj *co, const hd_mp *m, uint64_t base, hd_co_arg *a, hd_status *st)
{
	if (m->kind != HD_MP_MAP)
		return meta_fail(st, base + m->offset, "an argument is not a map:", ".args");
	if (need_uint(m, ".offset", base, &a->offset, st) != 0 ||
	    need_uint(m, ".size", base, &a->size, st) != 0 ||
	    need_str(co, m, ".value_kind", base, &a->value_kind, st) != 0 ||
	    opt_str(co, m, ".name", base, &a->name, st) != 0 ||
	    opt_str(co, m, ".type_name", base, &a->type_name, st) != 0 ||
	    opt_str(co, m, ".address_space", base, &a->address_space, st) != 0)
		return -1;
	a->hidden = strncmp(a->value_kind, "hidden_", 7) == 0;
	return 0;
}

static int read_kernel(hd_codeobj *co, const hd_mp *m, uint64_t base, hd_co_kernel *k,
                       hd_status *st)
{
	const hd_mp *args;
	hd_co_arg *out;

	if (m->kind != HD_MP_MAP)
		return meta_fail(st, base + m->offset, "a kernel is not a map:", "amdhsa.kernels");
	if (need_str(co, m, ".name", base, &k->name, st) != 0 ||
	    need_str(co, m, ".symbol", base, &k->symbol, st) != 0 ||
	    need_uint(m, ".kernarg_segment_size", base, &k->kernarg_segment_size, st) != 0 ||
	    need_uint(m, ".kernarg_segment_align", base, &k->kernarg_segment_align, st) != 0 ||
	    need_uint(m, ".group_segment_fixed_size", base, &k->group_segment_fixed_size, st) != 0 ||
	    need_uint(m, ".private_segment_fixed_size", base, &k->private_segment_fixed_size, st) != 0 ||
	    need_uint(m, ".wavefront_size", base, &k->wavefront_size, st) != 0 ||
	    need_uint(m, ".sgpr_count", base, &k->sgpr_count, st) != 0 ||
	    need_uint(m, ".vgpr_count", base, &k->vgpr_count, st) != 0 ||
	    need_uint(m, ".max_flat_workgroup_size", base, &k->max_flat_workgroup_size, st) != 0)
		return -1;
	/* .agpr_count is required only for GFX90A and later */
	if (hd_mp_get(m, ".agpr_count") != NULL &&
	    need_uint(m, ".agpr_count", base, &k->agpr_count, st) != 0)
		return -1;
	args = hd_mp_get(m, ".args");
	if (args == NULL)
		return 0;
	if (args->kind != HD_MP_ARRAY)
		return meta_fail(st, base + args->offset, "no array for", ".args");
	if (args->v.list.n == 0)
		return 0;
	out = hd_arena_alloc(&co->arena, args->v.list.n * sizeof *out);
	if (out == NULL)
		return hd_fail(st, HD_NO_MEMORY, "codeobj-limit", base + args->offset,
		               "AMDGPU metadata: out of memory");
	for (size_t i = 0; i < args->v.list.n; i++)
		if (read_arg(co, &args->v.list.items[i], base, &out[i], st) != 0)
			return -1;
	k->args = out;
	k->nargs = args->v.list.n;
	return 0;
}

int hd_co_read_metadata(hd_codeobj *co, const uint8_t *desc, size_t n, uint64_t desc_offset,
                        hd_status *st)
{
	hd_arena tree;
	hd_mp *root;
	const hd_mp *version, *kernels;
	uint64_t major = 0;
	int rc = -1;

	if (n > HD_CODEOBJ_MAX_META)
		return hd_fail(st, HD_BAD_INPUT, "codeobj-limit", desc_offset,
		               "the AMDGPU metadata note is larger than %u bytes", HD_CODEOBJ_MAX_META);
	/* each element is at least one byte and one hd_mp: a tree of n bytes fits */
	hd_arena_init(&tree, (n + 1) * sizeof(hd_mp) * 2 + 4096);
	if (hd_mp_parse(desc, n, &tree, &root, st) != 0) {
		st->offset += desc_offset;
		goto out;
	}
	if (root->kind != HD_MP_MAP) {
		meta_fail(st, desc_offset, "the note's value is not a map:", "");
		goto out;
	}
	version = hd_mp_get(root, "amdhsa.version");
	if (version == NULL || version->kind != HD_MP_ARRAY || version->v.list.n < 1 ||
	    hd_mp_uint(&version->v.list.items[0], &major) != 0 || major != 1) {
		meta_fail(st, desc_offset, "no version [1, N] in", "amdhsa.version");
		goto out;
	}
	if (opt_str(co, root, "amdhsa.target", desc_offset, &co->target, st) != 0)
		goto out;
	kernels = hd_mp_get(root, "amdhsa.kernels");
	if (kernels == NULL || kernels->kind != HD_MP_ARRAY) {
		meta_fail(st, desc_offset, "no array for", "amdhsa.kernels");
		goto out;
	}
	if (kernels->v.list.n > 0) {
		co->kernels = hd_arena_alloc(&co->arena, kernels->v.list.n * sizeof *co->kernels);
		if (co->kernels == NULL) {
			hd_fail(st, HD_NO_MEMORY, "codeobj-limit", desc_offset, "AMDGPU metadata: out of memory");
			goto out;
		}
	}
	for (size_t i = 0; i < kernels->v.list.n; i++)
		if (read_kernel(co, &kernels->v.list.items[i], desc_offset, &co->kernels[i], st) != 0)
			goto out;
	co->nkernels = kernels->v.list.n;
	rc = 0;
out:
	hd_arena_free(&tree);
	return rc;
}
