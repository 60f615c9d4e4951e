/* The six DWARF address spaces of the AMDGPU model mapped onto its four
 * storages (global, region, local, private_wave; pages.c keeps them). private_lane reaches private_wave through the scratch
 * swizzle, generic reaches local, private_lane or global through the flat
 * apertures (docs/amdgpu-model.md, AMDGPUUsage "Address Space Identifier"). */
#include "model_impl.h"

#include <inttypes.h>
#include <string.h>

/* The address spaces. HD_AMDGPU_ST_NONE marks generic: it has no storage
 * of its own. */
typedef struct aspace_def {
	uint64_t number;
	const char *name;
	unsigned bits;
	int per_lane;
	unsigned storage;
} aspace_def;

static const aspace_def aspaces[] = {
	{ HD_ASPACE_GLOBAL,       "global",       64, 0, HD_AMDGPU_ST_GLOBAL },
	{ HD_ASPACE_GENERIC,      "generic",      64, 0, HD_AMDGPU_ST_NONE },
	{ HD_ASPACE_REGION,       "region",       32, 0, HD_AMDGPU_ST_REGION },
	{ HD_ASPACE_LOCAL,        "local",        32, 0, HD_AMDGPU_ST_LOCAL },
	{ HD_ASPACE_PRIVATE_LANE, "private_lane", 32, 1, HD_AMDGPU_ST_PRIVATE_WAVE },
	{ HD_ASPACE_PRIVATE_WAVE, "private_wave", 32, 0, HD_AMDGPU_ST_PRIVATE_WAVE },
};

#define NASPACES (sizeof aspaces / sizeof aspaces[0])

static const aspace_def *find_aspace(uint64_t number)
{
	size_t i;

	for (i = 0; i < NASPACES; i++)
		if (aspaces[i].number == number)
			return &aspaces[i];
	return NULL;
}

int hd_amdgpu_aspace_info(uint64_t aspace, hd_aspace_info *info)
{
	const aspace_def *a = find_aspace(aspace);

	if (a == NULL)
		return -1;
	info->name = a->name;
	info->addr_bits = a->bits;
	info->per_lane = a->per_lane;
	return 0;
}

/* Names, or any decimal number (so the text form can also spell an address
 * space the model lacks, for ill-formed cases). */
int hd_amdgpu_aspace_lookup(const char *name, size_t len, uint64_t *aspace)
{
	uint64_t v = 0;
	size_t i;

	if (name == NULL || len == 0)
		return -1;
	for (i = 0; i < NASPACES; i++) {
		if (strlen(aspaces[i].name) == len && memcmp(aspaces[i].name, name, len) == 0) {
			*aspace = aspaces[i].number;
			return 0;
		}
	}
	if (name[0] == '0' && len > 1)
		return -1;
	for (i = 0; i < len; i++) {
		unsigned d = (unsigned)(name[i] - '0');
		if (name[i] < '0' || name[i] > '9' || v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*aspace = v;
	return 0;
}

uint64_t hd_amdgpu_swizzle(unsigned wave_size, uint32_t lane, uint64_t lane_addr)
{
	/* Scratch is interleaved a dword at a time: dword k of every lane sits
	 * together, lane 0 first. */
	return lane_addr / 4 * wave_size * 4 + (uint64_t)lane * 4 + lane_addr % 4;
}

/* ---- address spaces onto storages ---- */

/* A run of bytes of an access that lies contiguously in one storage. */
typedef struct segment {
	unsigned storage;
	uint64_t addr;
	size_t len;
} segment;

static int check_range(const aspace_def *a, uint64_t addr, size_t n, hd_status *st)
{
	uint64_t last = a->bits >= 64 ? UINT64_MAX : (UINT64_C(1) << a->bits) - 1;

	if (addr > last || (n > 0 && (uint64_t)(n - 1) > last - addr))
		return hd_fail(st, HD_EVAL_ERROR, "address-out-of-range", 0,
		               "%zu bytes at %s 0x%" PRIx64 " pass the end of its %u-bit space",
		               n, a->name, addr, a->bits);
	return 0;
}

static int need_lane(const hd_amdgpu *m, const aspace_def *a, int has_lane,
                     uint32_t lane, hd_status *st)
{
	if (!has_lane)
		return hd_fail(st, HD_EVAL_ERROR, "missing-context-lane", 0,
		               "%s memory needs a lane and the location has none", a->name);
	if (lane >= m->wave)
		return hd_fail(st, HD_EVAL_ERROR, "lane-out-of-range", 0,
		               "lane %" PRIu32 " of a wave%u", lane, m->wave);
	return 0;
}

/* The segment starting at byte ad of a (not generic), at most rem bytes;
 * ad .. ad + rem - 1 is inside a's range. */
static int locate_plain(const hd_amdgpu *m, const aspace_def *a, int has_lane,
                        uint32_t lane, uint64_t ad, size_t rem, segment *seg,
                        hd_status *st)
{
	uint64_t last;

	seg->storage = a->storage;
	if (a->number != HD_ASPACE_PRIVATE_LANE) {
		seg->addr = ad;
		seg->len = rem;
		return 0;
	}
	if (need_lane(m, a, has_lane, lane, st) != 0)
		return -1;
	/* Consecutive lane bytes stay together only within a dword. */
	seg->addr = hd_amdgpu_swizzle(m->wave, lane, ad);
	seg->len = 4 - (size_t)(ad % 4);
	if (seg->len > rem)
		seg->len = rem;
	last = seg->addr + (seg->len - 1);
	if (last > UINT32_MAX)
		return hd_fail(st, HD_EVAL_ERROR, "address-out-of-range", 0,
		               "private_lane 0x%" PRIx64 " of lane %" PRIu32
		               " swizzles to private_wave 0x%" PRIx64 ", past its 32-bit end",
		               ad, lane, last);
	return 0;
}

/* generic: the apertures pick the address space; a run never crosses an
 * aperture's edge, so an access straddling one is split, byte-exact. */
static int locate_generic(const hd_amdgpu *m, int has_lane, uint32_t lane,
                          uint64_t ad, size_t rem, segment *seg, hd_status *st)
{
	const aspace_def *sub;
	uint64_t sa, room;

	if (ad - HD_AMDGPU_SHARED_APERTURE < HD_AMDGPU_APERTURE_SIZE) {
		sub = find_aspace(HD_ASPACE_LOCAL);
		sa = ad - HD_AMDGPU_SHARED_APERTURE;
		room = HD_AMDGPU_APERTURE_SIZE - sa;
	} else if (ad - HD_AMDGPU_PRIVATE_APERTURE < HD_AMDGPU_APERTURE_SIZE) {
		sub = find_aspace(HD_ASPACE_PRIVATE_LANE);
		sa = ad - HD_AMDGPU_PRIVATE_APERTURE;
		room = HD_AMDGPU_APERTURE_SIZE - sa;
	} else {
		sub = find_aspace(HD_ASPACE_GLOBAL);
		sa = ad;
		if (ad < HD_AMDGPU_SHARED_APERTURE)
			room = HD_AMDGPU_SHARED_APERTURE - ad;
		else if (ad < HD_AMDGPU_PRIVATE_APERTURE)
			room = HD_AMDGPU_PRIVATE_APERTURE - ad;
		else
			room = UINT64_MAX;
	}
	if (room < rem)
		rem = (size_t)room;
	return locate_plain(m, sub, has_lane, lane, sa, rem, seg, st);
}

static int locate(const hd_amdgpu *m, const aspace_def *a, int has_lane, uint32_t lane,
                  uint64_t ad, size_t rem, segment *seg, hd_status *st)
{
	if (a->storage == HD_AMDGPU_ST_NONE)
		return locate_generic(m, has_lane, lane, ad, rem, seg, st);
	return locate_plain(m, a, has_lane, lane, ad, rem, seg, st);
}

static const aspace_def *access_aspace(const hd_amdgpu *m, uint64_t aspace,
                                       uint64_t addr, size_t n, hd_status *st)
{
	const aspace_def *a;

	if (m == NULL) {
		hd_fail(st, HD_INTERNAL, "no-model", 0, "no AMDGPU model");
		return NULL;
	}
	a = find_aspace(aspace);
	if (a == NULL) {
		hd_fail(st, HD_ILL_FORMED, "unknown-address-space", 0,
		        "address space %" PRIu64 " is not an AMDGPU DW_ASPACE value", aspace);
		return NULL;
	}
	if (check_range(a, addr, n, st) != 0)
		return NULL;
	return a;
}

int hd_amdgpu_read_mem(hd_amdgpu *m, uint64_t aspace, int has_lane, uint32_t lane,
                       uint64_t addr, uint8_t *bytes, size_t n, hd_status *st)
{
	const aspace_def *a = access_aspace(m, aspace, addr, n, st);
	size_t pos, got;
	segment seg;

	if (a == NULL)
		return -1;
	for (pos = 0; pos < n; pos += seg.len) {
		if (locate(m, a, has_lane, lane, addr + pos, n - pos, &seg, st) != 0)
			return -1;
		got = hd_amdgpu_store_read(m->mem[seg.storage], seg.storage, seg.addr, bytes + pos,
		                           seg.len, m->strict);
		if (got < seg.len)
			return hd_fail(st, HD_EVAL_ERROR, "memory-unwritten", 0,
			               "%s 0x%" PRIx64 " was never written", a->name,
			               addr + pos + got);
	}
	return 0;
}

/* Two passes: the first finds every segment and makes its pages, so an error
 * (range, lane, memory limit) leaves memory as it was. */
int hd_amdgpu_write_mem(hd_amdgpu *m, uint64_t aspace, int has_lane, uint32_t lane,
                        uint64_t addr, const uint8_t *bytes, size_t n, hd_status *st)
{
	const aspace_def *a = access_aspace(m, aspace, addr, n, st);
	size_t pos;
	segment seg;

	if (a == NULL)
		return -1;
	for (pos = 0; pos < n; pos += seg.len) {
		if (locate(m, a, has_lane, lane, addr + pos, n - pos, &seg, st) != 0)
			return -1;
		if (hd_amdgpu_store_reserve(m->mem[seg.storage], seg.storage, seg.addr, seg.len, st) != 0)
			return -1;
	}
	for (pos = 0; pos < n; pos += seg.len) {
		if (locate(m, a, has_lane, lane, addr + pos, n - pos, &seg, st) != 0)
			return -1;
		hd_amdgpu_store_write(m->mem[seg.storage], seg.storage, seg.addr, bytes + pos, seg.len);
	}
	return 0;
}
