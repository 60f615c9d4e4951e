/* The initial state of one wavefront of a kernel dispatch, as the ROCm
 * runtime and the command processor set it up (AMDGPUUsage "Initial Kernel
 * Execution State", "Kernarg Segment", "Private Segment Buffer", "Flat
 * Scratch"; the HSA runtime's hsa_kernel_dispatch_packet_t). The rules and
 * every value hdcts chooses are in docs/amdgpu-dispatch.md. */
#include <stdlib.h>
#include <string.h>

#include "../model.h"
#include "codeobj.h"

/* hsa_kernel_dispatch_packet_t's header: HSA_PACKET_TYPE_KERNEL_DISPATCH
 * (2), the barrier bit, acquire and release fences of system scope (2) -
 * what ROCm's clr writes for a kernel launch. */
#define PACKET_HEADER (2u | 1u << 8 | 2u << 9 | 2u << 11)

/* The scratch V# (GFX9 buffer resource; ROCm's AqlQueue::InitScratchSRD):
 * word1 SWIZZLE_ENABLE; word3 DST_SEL_XYZW, NUM_FORMAT UINT, DATA_FORMAT
 * 32, ELEMENT_SIZE 1 (4 bytes), INDEX_STRIDE (3: 64, 2: 32), ADD_TID_ENABLE,
 * TYPE buffer. */
#define VSHARP1_SWIZZLE (1u << 31)
#define VSHARP3_BASE (4u | 5u << 3 | 6u << 6 | 7u << 9 | 4u << 12 | 4u << 15 | 1u << 19 | 1u << 23)
#define VSHARP3_INDEX_STRIDE_SHIFT 21

void hd_dispatch_config_default(hd_dispatch_config *c)
{
	memset(c, 0, sizeof *c);
	c->dims = 1;
	for (int d = 0; d < 3; d++) {
		c->global_size[d] = 1;
		c->group_size[d] = 1;
	}
	c->global_size[0] = 64;
	c->group_size[0] = 64;
	c->wave_size = 64;
	c->packet_address = 0x100000000ull;
	c->queue_address = 0x100001000ull;
	c->kernarg_address = 0x100002000ull;
}

void hd_dispatch_state_free(hd_dispatch_state *s)
{
	free(s->kernarg);
	s->kernarg = NULL;
}

static int refuse(hd_status *st, const char *code, const char *what)
{
	return hd_fail(st, HD_BAD_INPUT, code, 0, "dispatch: %s", what);
}

static void put(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

static uint32_t round_up4(uint32_t n)
{
	return n > UINT32_MAX - 3 ? UINT32_MAX & ~3u : (n + 3) & ~3u;
}

/* The hidden arguments the runtime fills (AMDGPUUsage "Code Object V4/V5
 * Metadata", value kinds); a kind not listed here is refused. */
typedef enum hidden_what {
	H_ZERO, H_GLOBAL_OFFSET, H_BLOCK_COUNT, H_GROUP_SIZE, H_REMAINDER, H_GRID_DIMS,
	H_DYNAMIC_LDS, H_QUEUE_PTR, H_PRIVATE_BASE, H_SHARED_BASE
} hidden_what;

static const struct {
	const char *kind;
	hidden_what what;
	int dim;
} hidden_kinds[] = {
	{ "hidden_global_offset_x", H_GLOBAL_OFFSET, 0 },
	{ "hidden_global_offset_y", H_GLOBAL_OFFSET, 1 },
	{ "hidden_global_offset_z", H_GLOBAL_OFFSET, 2 },
	{ "hidden_block_count_x", H_BLOCK_COUNT, 0 },
	{ "hidden_block_count_y", H_BLOCK_COUNT, 1 },
	{ "hidden_block_count_z", H_BLOCK_COUNT, 2 },
	{ "hidden_group_size_x", H_GROUP_SIZE, 0 },
	{ "hidden_group_size_y", H_GROUP_SIZE, 1 },
	{ "hidden_group_size_z", H_GROUP_SIZE, 2 },
	{ "hidden_remainder_x", H_REMAINDER, 0 },
	{ "hidden_remainder_y", H_REMAINDER, 1 },
	{ "hidden_remainder_z", H_REMAINDER, 2 },
	{ "hidden_grid_dims", H_GRID_DIMS, 0 },
	{ "hidden_dynamic_lds_size", H_DYNAMIC_LDS, 0 },
	{ "hidden_queue_ptr", H_QUEUE_PTR, 0 },
	{ "hidden_private_base", H_PRIVATE_BASE, 0 },
	{ "hidden_shared_base", H_SHARED_BASE, 0 },
	/* host services hdcts does not provide: null, as when absent */
	{ "hidden_none", H_ZERO, 0 },
	{ "hidden_printf_buffer", H_ZERO, 0 },
	{ "hidden_hostcall_buffer", H_ZERO, 0 },
	{ "hidden_heap_v1", H_ZERO, 0 },
	{ "hidden_default_queue", H_ZERO, 0 },
	{ "hidden_completion_action", H_ZERO, 0 },
	{ "hidden_multigrid_sync_arg", H_ZERO, 0 },
};

static int hidden_value(const hd_co_arg *a, const hd_dispatch_config *c, uint64_t *v,
                        hd_status *st)
{
	for (size_t i = 0; i < sizeof hidden_kinds / sizeof hidden_kinds[0]; i++) {
		int d = hidden_kinds[i].dim;
		if (strcmp(hidden_kinds[i].kind, a->value_kind) != 0)
			continue;
		switch (hidden_kinds[i].what) {
		case H_ZERO: *v = 0; break;
		case H_GLOBAL_OFFSET: *v = c->global_offset[d]; break;
		/* clr: whole work-groups, and the size of the last partial one */
		case H_BLOCK_COUNT: *v = c->global_size[d] / c->group_size[d]; break;
		case H_GROUP_SIZE: *v = c->group_size[d]; break;
		case H_REMAINDER: *v = c->global_size[d] % c->group_size[d]; break;
		case H_GRID_DIMS: *v = c->dims; break;
		case H_DYNAMIC_LDS: *v = c->dynamic_lds_size; break;
		case H_QUEUE_PTR: *v = c->queue_address; break;
		case H_PRIVATE_BASE: *v = HD_AMDGPU_PRIVATE_APERTURE >> 32; break;
		case H_SHARED_BASE: *v = HD_AMDGPU_SHARED_APERTURE >> 32; break;
		}
		return 0;
	}
	return hd_fail(st, HD_BAD_INPUT, "dispatch-arg-kind", a->offset,
	               "dispatch: argument at kernarg offset %llu has a value kind hdcts does not fill: %s",
	               (unsigned long long)a->offset, a->value_kind);
}

/* The kernarg segment: explicit arguments from the caller, in .args order,
 * and the hidden ones the runtime fills. */
static int build_kernarg(const hd_co_kernel *k, const hd_dispatch_config *c,
                         hd_dispatch_state *s, hd_status *st)
{
	size_t next = 0;

	s->kernarg_size = (size_t)(k->kernarg_segment_size > k->kd.kernarg_size
	                           ? k->kernarg_segment_size : k->kd.kernarg_size);
	if (s->kernarg_size > (1u << 20))
		return refuse(st, "dispatch-kernarg-range", "the kernarg segment is larger than 1 MiB");
	s->kernarg = calloc(1, s->kernarg_size + 1);
	if (s->kernarg == NULL)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0, "dispatch: out of memory");
	s->kernarg_address = c->kernarg_address;
	for (size_t i = 0; i < k->nargs; i++) {
		const hd_co_arg *a = &k->args[i];
		uint64_t v = 0;
		if (a->offset > s->kernarg_size || a->size > s->kernarg_size - a->offset)
			return hd_fail(st, HD_BAD_INPUT, "dispatch-kernarg-range", a->offset,
			               "dispatch: argument %zu lies outside the kernarg segment", i);
		if (!a->hidden) {
			if (next >= c->nargs)
				return hd_fail(st, HD_BAD_INPUT, "dispatch-args", 0,
				               "dispatch: the kernel %s takes more than %zu explicit arguments",
				               k->name, c->nargs);
			if (c->args[next].size != a->size)
				return hd_fail(st, HD_BAD_INPUT, "dispatch-args", a->offset,
				               "dispatch: explicit argument %zu is %llu bytes, not %zu", next,
				               (unsigned long long)a->size, c->args[next].size);
			if (a->size != 0)
				memcpy(s->kernarg + a->offset, c->args[next].bytes, (size_t)a->size);
			next++;
			continue;
		}
		if (hidden_value(a, c, &v, st) != 0)
			return -1;
		if (a->size > 8)
			return hd_fail(st, HD_BAD_INPUT, "dispatch-arg-kind", a->offset,
			               "dispatch: hidden argument %s is wider than 8 bytes", a->value_kind);
		put(s->kernarg + a->offset, v, (unsigned)a->size);
	}
	if (next != c->nargs)
		return hd_fail(st, HD_BAD_INPUT, "dispatch-args", 0,
		               "dispatch: the kernel %s takes %zu explicit arguments, not %zu", k->name,
		               next, c->nargs);
	return 0;
}

/* hsa_kernel_dispatch_packet_t (HSA runtime, hsa.h). */
static void build_packet(const hd_co_kernel *k, const hd_dispatch_config *c,
                         hd_dispatch_state *s)
{
	uint8_t *p = s->packet;

	memset(p, 0, 64);
	put(p, PACKET_HEADER, 2);
	put(p + 2, c->dims, 2);  /* setup: dimensions in bits 1:0 */
	for (int d = 0; d < 3; d++) {
		put(p + 4 + 2 * d, c->group_size[d], 2);
		put(p + 12 + 4 * d, c->global_size[d], 4);
	}
	put(p + 24, k->kd.private_segment_fixed_size, 4);
	put(p + 28, (uint64_t)k->kd.group_segment_fixed_size + c->dynamic_lds_size, 4);
	put(p + 32, k->kd.address, 8);
	put(p + 40, c->kernarg_address, 8);
	s->packet_address = c->packet_address;
}

static uint64_t sgpr_reg(unsigned n)
{
	return n < 64 ? HD_AMDGPU_SGPR0 + n : HD_AMDGPU_SGPR64 + (n - 64);
}

static void push(hd_dispatch_state *s, uint32_t v, const char *what)
{
	unsigned n = (unsigned)s->nsgprs;

	s->sgprs[s->nsgprs++] = (hd_dispatch_sgpr){ sgpr_reg(n), v, what };
}

static void push64(hd_dispatch_state *s, uint64_t v, const char *lo, const char *hi)
{
	push(s, (uint32_t)v, lo);
	push(s, (uint32_t)(v >> 32), hi);
}

/* The SGPRs in AMDGPUUsage's order: user SGPRs as the descriptor enables
 * them, then the system SGPRs of COMPUTE_PGM_RSRC2. */
static int build_sgprs(const hd_co_kernel *k, const hd_dispatch_config *c, uint32_t waves,
                       hd_dispatch_state *s, hd_status *st)
{
	const hd_kd *kd = &k->kd;
	uint32_t scratch_size = c->scratch_size;

	if (scratch_size == 0)
		scratch_size = round_up4(kd->private_segment_fixed_size) * c->wave_size;
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER)) {
		push(s, c->scratch_base, "private segment buffer V# word 0: base");
		push(s, VSHARP1_SWIZZLE, "private segment buffer V# word 1: swizzle");
		push(s, scratch_size, "private segment buffer V# word 2: num_records");
		push(s, VSHARP3_BASE | (c->wave_size == 64 ? 3u : 2u) << VSHARP3_INDEX_STRIDE_SHIFT,
		     "private segment buffer V# word 3");
	}
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_DISPATCH_PTR))
		push64(s, c->packet_address, "dispatch ptr lo", "dispatch ptr hi");
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_QUEUE_PTR))
		push64(s, c->queue_address, "queue ptr lo", "queue ptr hi");
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_KERNARG_SEGMENT_PTR))
		push64(s, c->kernarg_address, "kernarg segment ptr lo", "kernarg segment ptr hi");
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_DISPATCH_ID))
		push64(s, c->dispatch_id, "dispatch id lo", "dispatch id hi");
	/* GFX9: the queue's scratch backing base (in the model, its
	 * private_wave address); the prolog adds the wave's offset and moves
	 * the sum to FLAT_SCRATCH */
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_FLAT_SCRATCH_INIT))
		push64(s, c->scratch_base, "flat scratch init lo", "flat scratch init hi");
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE))
		push(s, round_up4(kd->private_segment_fixed_size), "private segment size");
	s->nuser_sgprs = (unsigned)s->nsgprs;
	if (hd_kd_get(kd, HD_KD_KERNARG_PRELOAD_SPEC_LENGTH) != 0)
		return refuse(st, "dispatch-kernarg-preload",
		              "the descriptor preloads kernel arguments, which GFX9 before GFX940 cannot");
	if (s->nuser_sgprs != hd_kd_get(kd, HD_KD_USER_SGPR_COUNT))
		return hd_fail(st, HD_BAD_INPUT, "dispatch-user-sgprs", kd->address,
		               "dispatch: the descriptor enables %u user SGPRs but USER_SGPR_COUNT is %u",
		               s->nuser_sgprs, hd_kd_get(kd, HD_KD_USER_SGPR_COUNT));
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_WORKGROUP_ID_X))
		push(s, c->group_id[0], "work-group id x");
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_WORKGROUP_ID_Y))
		push(s, c->group_id[1], "work-group id y");
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_WORKGROUP_ID_Z))
		push(s, c->group_id[2], "work-group id z");
	/* {first_wavefront, 14 zero bits, ordered_append_term[10:0],
	 * threadgroup_size_in_wavefronts[5:0]} */
	if (hd_kd_get(kd, HD_KD_ENABLE_SGPR_WORKGROUP_INFO))
		push(s, (c->wave_index == 0 ? 1u << 31 : 0) | (waves & 0x3f), "work-group info");
	if (hd_kd_get(kd, HD_KD_ENABLE_PRIVATE_SEGMENT))
		push(s, c->scratch_wave_offset, "private segment wavefront offset");
	return 0;
}

/* Work-item ids of the wave's lanes: v0, v1, v2, or packed into v0 as
 * x | y << 10 | z << 20 on targets with packed work-item ids. */
static void build_vgprs(const hd_codeobj *co, const hd_co_kernel *k, const hd_dispatch_config *c,
                        uint32_t items, hd_dispatch_state *s)
{
	unsigned ids = hd_kd_get(&k->kd, HD_KD_ENABLE_VGPR_WORKITEM_ID) + 1;  /* x, x y, x y z */
	int packed = hd_codeobj_packed_tid(co);

	if (ids > 3)
		ids = 3;
	s->nvgprs = packed ? 1 : ids;
	for (unsigned lane = 0; lane < c->wave_size; lane++) {
		uint32_t flat = c->wave_index * c->wave_size + lane, id[3];
		if (flat >= items)
			continue;  /* inactive lane: left 0 */
		id[0] = flat % s->group_items[0];
		id[1] = flat / s->group_items[0] % s->group_items[1];
		id[2] = flat / (s->group_items[0] * s->group_items[1]);
		for (unsigned d = 0; d < ids; d++) {
			if (packed)
				s->vgpr[0][lane] |= id[d] << (10 * d);
			else
				s->vgpr[d][lane] = id[d];
		}
	}
}

/* MODE's float fields from COMPUTE_PGM_RSRC1: FP_ROUND [3:0] (32-bit in
 * 1:0, 16/64-bit in 3:2), FP_DENORM [7:4] likewise, DX10_CLAMP [8],
 * IEEE [9]. */
static uint32_t initial_mode(const hd_kd *kd)
{
	return hd_kd_get(kd, HD_KD_FLOAT_ROUND_MODE_32) |
	       hd_kd_get(kd, HD_KD_FLOAT_ROUND_MODE_16_64) << 2 |
	       hd_kd_get(kd, HD_KD_FLOAT_DENORM_MODE_32) << 4 |
	       hd_kd_get(kd, HD_KD_FLOAT_DENORM_MODE_16_64) << 6 |
	       hd_kd_get(kd, HD_KD_ENABLE_DX10_CLAMP) << 8 |
	       hd_kd_get(kd, HD_KD_ENABLE_IEEE_MODE) << 9;
}

static int check_config(const hd_co_kernel *k, const hd_dispatch_config *c, hd_status *st)
{
	uint64_t flat = 1;

	if (c->dims < 1 || c->dims > 3)
		return refuse(st, "dispatch-ndrange", "dims must be 1, 2 or 3");
	if (c->wave_size != 64 && c->wave_size != 32)
		return refuse(st, "dispatch-wave-size", "the wave size must be 32 or 64");
	if ((c->wave_size == 32) != (hd_kd_get(&k->kd, HD_KD_ENABLE_WAVEFRONT_SIZE32) != 0) ||
	    (k->wavefront_size != 0 && k->wavefront_size != c->wave_size))
		return refuse(st, "dispatch-wave-size",
		              "the wave size is not the kernel's (.wavefront_size, ENABLE_WAVEFRONT_SIZE32)");
	for (unsigned d = 0; d < 3; d++) {
		if (c->global_size[d] == 0 || c->group_size[d] == 0 ||
		    (d >= c->dims && (c->global_size[d] != 1 || c->group_size[d] != 1)))
			return refuse(st, "dispatch-ndrange",
			              "sizes must be at least 1, and 1 in the dimensions past dims");
		if (c->group_id[d] >= (c->global_size[d] + c->group_size[d] - 1ull) / c->group_size[d])
			return refuse(st, "dispatch-ndrange", "the work-group id lies outside the grid");
		flat *= c->group_size[d];
	}
	if (k->max_flat_workgroup_size != 0 && flat > k->max_flat_workgroup_size)
		return refuse(st, "dispatch-group-size",
		              "the work-group is larger than the kernel's .max_flat_workgroup_size");
	if (c->args == NULL && c->nargs != 0)
		return refuse(st, "dispatch-args", "nargs without args");
	return 0;
}

int hd_dispatch(const hd_codeobj *co, const hd_co_kernel *k, const hd_dispatch_config *c,
                hd_dispatch_state *out, hd_status *st)
{
	uint32_t items = 1, waves, active;

	memset(out, 0, sizeof *out);
	if (check_config(k, c, st) != 0)
		return -1;
	for (unsigned d = 0; d < 3; d++) {
		uint32_t left = c->global_size[d] - c->group_id[d] * c->group_size[d];
		out->group_items[d] = left < c->group_size[d] ? left : c->group_size[d];
		items *= out->group_items[d];
	}
	waves = (items + c->wave_size - 1) / c->wave_size;
	if (c->wave_index >= waves)
		return refuse(st, "dispatch-ndrange", "the wave index lies past the work-group's waves");
	out->wave_size = c->wave_size;
	active = items - c->wave_index * c->wave_size;
	out->exec = active >= c->wave_size ? (c->wave_size == 64 ? ~0ull : 0xffffffffull)
	                                   : (1ull << active) - 1;
	out->pc = hd_kd_entry(&k->kd);
	out->mode = initial_mode(&k->kd);
	build_packet(k, c, out);
	if (build_kernarg(k, c, out, st) != 0 || build_sgprs(k, c, waves, out, st) != 0) {
		hd_dispatch_state_free(out);
		return -1;
	}
	build_vgprs(co, k, c, items, out);
	return 0;
}
