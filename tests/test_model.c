/* Unit tests of the software AMDGPU model (reference/amdgpu): register
 * numbering and names, lane placement, the swizzle, apertures, strict memory. */
#include <stdlib.h>

#include "amdgpu/model.h"
#include "tap.h"

static hd_status st;

/* register_bits through the evaluator's interface; -1 when unknown. */
static int64_t bits_of(const hd_target *t, uint64_t reg)
{
	uint64_t bits = 0;

	if (t->ops->register_bits(t->self, reg, &bits) != 0)
		return -1;
	return (int64_t)bits;
}

/* Every register number of a class has the given size; its neighbours
 * outside the class are tested separately. */
static int all_bits(const hd_target *t, uint64_t first, unsigned count, int64_t bits)
{
	unsigned i;

	for (i = 0; i < count; i++)
		if (bits_of(t, first + i) != bits)
			return 0;
	return 1;
}

static void test_numbering(unsigned w)
{
	hd_amdgpu *m = hd_amdgpu_new(w);
	const hd_target *t = hd_amdgpu_target(m);
	int64_t vbits = 32 * (int64_t)w;
	uint8_t buf[8];
	char name[64];

	snprintf(name, sizeof name, "amdgpu:wave%u", w);
	EQ_STR(t->name, name, "target name");
	EQ_U64(t->lanes, w, "lanes = wave size");
	EQ_U64(t->generic_bits, 64, "generic is 64 bits");
	EQ_U64(t->default_aspace, 0, "default aspace global");
	OK(t->ops->tls_address == NULL, "no tls_address");
	EQ_U64(hd_amdgpu_wave_size(m), w, "wave size");

	EQ_U64(bits_of(t, HD_AMDGPU_PC_64), 64, "PC_64 is 64 bits");
	EQ_U64(bits_of(t, HD_AMDGPU_PC_32), -1, "PC_32 unknown");
	EQ_U64(bits_of(t, 2), -1, "register 2 unknown");
	EQ_U64(bits_of(t, 15), -1, "register 15 unknown");
	EQ_U64(bits_of(t, HD_AMDGPU_EXEC_32), w == 32 ? 32 : -1, "EXEC_32 only in wave32");
	EQ_U64(bits_of(t, HD_AMDGPU_EXEC_64), w == 64 ? 64 : -1, "EXEC_64 only in wave64");
	EQ_U64(bits_of(t, 31), -1, "31 unknown");
	OK(all_bits(t, 32, 64, 32), "SGPR0-63 = 32..95, 32 bits");
	EQ_U64(bits_of(t, 96), -1, "96 unknown");
	EQ_U64(bits_of(t, 127), -1, "127 unknown");
	EQ_U64(bits_of(t, HD_AMDGPU_STATUS), 32, "STATUS 32 bits");
	EQ_U64(bits_of(t, 129), -1, "129 unknown");
	EQ_U64(bits_of(t, HD_AMDGPU_VCC_32), w == 32 ? 32 : -1, "VCC_32 only in wave32");
	EQ_U64(bits_of(t, HD_AMDGPU_VCC_64), w == 64 ? 64 : -1, "VCC_64 only in wave64");
	EQ_U64(bits_of(t, 1087), -1, "1087 unknown");
	OK(all_bits(t, 1088, 42, 32), "SGPR64-105 = 1088..1129, 32 bits");
	EQ_U64(bits_of(t, 1130), -1, "1130 unknown");
	EQ_U64(bits_of(t, 1535), -1, "1535 unknown");
	OK(all_bits(t, 1536, 256, w == 32 ? vbits : -1), "VGPR wave32 numbers");
	EQ_U64(bits_of(t, 1792), -1, "1792 unknown");
	OK(all_bits(t, 2048, 256, w == 32 ? vbits : -1), "AGPR wave32 numbers");
	EQ_U64(bits_of(t, 2304), -1, "2304 unknown");
	OK(all_bits(t, 2560, 256, w == 64 ? vbits : -1), "VGPR wave64 numbers");
	EQ_U64(bits_of(t, 2816), -1, "2816 unknown");
	OK(all_bits(t, 3072, 256, w == 64 ? vbits : -1), "AGPR wave64 numbers");
	EQ_U64(bits_of(t, 3328), -1, "3328 unknown");
	EQ_U64(bits_of(t, UINT64_MAX), -1, "UINT64_MAX unknown");

	OK(t->ops->read_register(t->self, 0, buf, &st) != 0, "read PC_32 fails");
	EQ_STR(st.code, "unknown-register", "PC_32 unknown-register");
	OK(st.kind == HD_ILL_FORMED, "unknown register is ill-formed");
	OK(t->ops->write_register(t->self, w == 64 ? HD_AMDGPU_EXEC_32 : HD_AMDGPU_EXEC_64,
	                          buf, &st) != 0, "write other wave's EXEC fails");
	EQ_STR(st.code, "unknown-register", "other EXEC unknown-register");
	hd_amdgpu_free(m);
}

/* Every register number below 4096 that has a name round-trips, and every
 * known register has a name except PC_32 (which is unknown). */
static void test_names(unsigned w)
{
	hd_amdgpu *m = hd_amdgpu_new(w);
	const hd_target *t = hd_amdgpu_target(m);
	uint64_t reg, back;
	char name[32];
	int named = 0, bad = 0;

	for (reg = 0; reg < 4096; reg++) {
		int has = hd_amdgpu_reg_name(w, reg, name, sizeof name) == 0;
		if (has != (bits_of(t, reg) >= 0))
			bad++;
		if (!has)
			continue;
		named++;
		if (hd_amdgpu_reg_lookup(w, name, strlen(name), &back) != 0 || back != reg)
			bad++;
		if (t->names.name(t->names.self, reg, name, sizeof name) != 0 ||
		    t->names.lookup(t->names.self, name, strlen(name), &back) != 0 || back != reg)
			bad++;
	}
	EQ_U64(bad, 0, "names round-trip");
	EQ_U64(named, 1 + 1 + 106 + 1 + 1 + 256 + 256, "register count");
	hd_amdgpu_free(m);
}

static int lookup(unsigned w, const char *name, uint64_t *reg)
{
	return hd_amdgpu_reg_lookup(w, name, strlen(name), reg);
}

static void test_name_values(void)
{
	uint64_t r = 0;
	char name[16];

	OK(lookup(64, "s0", &r) == 0 && r == 32, "s0 = 32");
	OK(lookup(64, "s63", &r) == 0 && r == 95, "s63 = 95");
	OK(lookup(64, "s64", &r) == 0 && r == 1088, "s64 = 1088");
	OK(lookup(32, "s105", &r) == 0 && r == 1129, "s105 = 1129");
	OK(lookup(64, "s106", &r) != 0, "s106 rejected");
	OK(lookup(64, "s01", &r) != 0, "s01 rejected");
	OK(lookup(64, "s", &r) != 0, "s rejected");
	OK(lookup(64, "S0", &r) != 0, "S0 rejected (case)");
	OK(lookup(64, "s1x", &r) != 0, "s1x rejected");
	OK(lookup(64, "s0000001", &r) != 0, "long index rejected");
	OK(lookup(64, "v0", &r) == 0 && r == 2560, "v0 wave64 = 2560");
	OK(lookup(32, "v0", &r) == 0 && r == 1536, "v0 wave32 = 1536");
	OK(lookup(64, "v255", &r) == 0 && r == 2815, "v255 wave64");
	OK(lookup(64, "v256", &r) != 0, "v256 rejected");
	OK(lookup(64, "a255", &r) == 0 && r == 3327, "a255 wave64");
	OK(lookup(32, "a0", &r) == 0 && r == 2048, "a0 wave32");
	OK(lookup(64, "exec", &r) == 0 && r == 17, "exec wave64 = 17");
	OK(lookup(32, "exec", &r) == 0 && r == 1, "exec wave32 = 1");
	OK(lookup(64, "vcc", &r) == 0 && r == 768, "vcc wave64 = 768");
	OK(lookup(32, "vcc", &r) == 0 && r == 512, "vcc wave32 = 512");
	OK(lookup(32, "pc", &r) == 0 && r == 16, "pc = 16");
	OK(lookup(64, "status", &r) == 0 && r == 128, "status = 128");
	OK(lookup(64, "exe", &r) != 0 && lookup(64, "execs", &r) != 0, "exec prefixes rejected");
	OK(hd_amdgpu_reg_lookup(64, "s33x", 3, &r) == 0 && r == 65, "length-delimited name");
	OK(hd_amdgpu_reg_lookup(64, "", 0, &r) != 0, "empty name rejected");
	OK(hd_amdgpu_reg_name(64, 65, name, sizeof name) == 0, "name of 65");
	EQ_STR(name, "s33", "65 is s33");
	OK(hd_amdgpu_reg_name(64, 1129, name, sizeof name) == 0, "name of 1129");
	EQ_STR(name, "s105", "1129 is s105");
	OK(hd_amdgpu_reg_name(64, 2601, name, sizeof name) == 0, "name of 2601");
	EQ_STR(name, "v41", "2601 is v41 in wave64");
	OK(hd_amdgpu_reg_name(32, 2601, name, sizeof name) != 0, "2601 has no wave32 name");
	OK(hd_amdgpu_reg_name(64, 0, name, sizeof name) != 0, "PC_32 has no name");
	OK(hd_amdgpu_reg_name(64, 2601, name, 3) != 0, "too small buffer");
	OK(hd_amdgpu_reg_name(64, 2601, name, 0) != 0, "zero buffer");
}

static uint32_t dword_at(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void test_lanes(unsigned w)
{
	hd_amdgpu *m = hd_amdgpu_new(w);
	const hd_target *t = hd_amdgpu_target(m);
	uint64_t v41 = (w == 64 ? HD_AMDGPU_VGPR0_W64 : HD_AMDGPU_VGPR0_W32) + 41;
	uint8_t reg[256], pc[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, got[8];
	unsigned l, bad = 0;

	OK(t->ops->read_register(t->self, v41, reg, &st) == 0, "read v41");
	for (l = 0; l < w * 4; l++)
		bad += reg[l] != 0;
	EQ_U64(bad, 0, "registers start zero");
	for (l = 0; l < w; l++)
		if (hd_amdgpu_set_lane(m, v41, l, 0xA0000000u + l, &st) != 0)
			bad++;
	EQ_U64(bad, 0, "set every lane");
	OK(t->ops->read_register(t->self, v41, reg, &st) == 0, "read v41 back");
	for (l = 0; l < w; l++)
		bad += dword_at(reg + 4 * l) != 0xA0000000u + l;
	EQ_U64(bad, 0, "lane L at bit 32*L");
	EQ_U64(dword_at(reg + 44), 0xA000000Bu, "lane 11 at byte 0x2c");
	OK(hd_amdgpu_set_lane(m, v41, w, 1, &st) != 0, "lane = wave size rejected");
	EQ_STR(st.code, "lane-out-of-range", "lane-out-of-range");
	OK(hd_amdgpu_set_lane(m, 65, 0, 1, &st) != 0, "set_lane on an SGPR rejected");
	EQ_STR(st.code, "not-vector-register", "not-vector-register");
	OK(hd_amdgpu_set_lane(m, 0, 0, 1, &st) != 0, "set_lane on unknown rejected");
	EQ_STR(st.code, "unknown-register", "set_lane unknown-register");

	OK(hd_amdgpu_set_reg(m, HD_AMDGPU_PC_64, pc, 8, &st) == 0, "set pc");
	OK(hd_amdgpu_set_reg(m, HD_AMDGPU_PC_64, (const uint8_t *)"\xff", 1, &st) == 0,
	   "set pc's low byte");
	OK(hd_amdgpu_get_reg(m, HD_AMDGPU_PC_64, got, 8, &st) == 0, "get pc");
	OK(got[0] == 0xff && got[1] == 2 && got[7] == 8, "partial set keeps the rest");
	OK(hd_amdgpu_set_reg(m, HD_AMDGPU_STATUS, pc, 8, &st) != 0, "too many bytes rejected");
	EQ_STR(st.code, "register-size", "register-size");
	/* writing through the target interface, then reading a neighbour */
	OK(t->ops->write_register(t->self, 33, pc, &st) == 0, "write s1");
	OK(hd_amdgpu_get_reg(m, 34, got, 4, &st) == 0 && dword_at(got) == 0, "s2 untouched");
	OK(hd_amdgpu_get_reg(m, 33, got, 4, &st) == 0 && dword_at(got) == 0x04030201u,
	   "s1 written");
	hd_amdgpu_free(m);
}

static void test_swizzle(void)
{
	EQ_U64(hd_amdgpu_swizzle(64, 5, 0x10), 0x414, "wave64 lane 5 addr 0x10");
	EQ_U64(hd_amdgpu_swizzle(32, 5, 0x10), 0x214, "wave32 lane 5 addr 0x10");
	EQ_U64(hd_amdgpu_swizzle(64, 11, 0), 0x2c, "lane 11 dword 0 at 0x2c");
	EQ_U64(hd_amdgpu_swizzle(64, 0, 3), 3, "lane 0 byte 3");
	EQ_U64(hd_amdgpu_swizzle(64, 63, 7), 0x1ff, "wave64 lane 63 byte 7");
	EQ_U64(hd_amdgpu_swizzle(32, 31, 7), 0xff, "wave32 lane 31 byte 7");
	EQ_U64(hd_amdgpu_swizzle(32, 1, 0x13), 0x207, "wave32 lane 1 addr 0x13");
}

static void test_private(unsigned w)
{
	hd_amdgpu *m = hd_amdgpu_new(w);
	const hd_target *t = hd_amdgpu_target(m);
	const uint8_t data[6] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66 };
	uint8_t got[8] = { 0 };
	uint64_t d0 = (uint64_t)(0x10 / 4) * w * 4 + 5 * 4;
	hd_aspace_info info;

	/* lane 5, lane address 0x12..0x17 crosses a dword boundary */
	OK(t->ops->write_memory(t->self, HD_ASPACE_PRIVATE_LANE, 1, 5, 0x12, 6, data, &st) == 0,
	   "private_lane write");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_WAVE, 0, 0, d0 + 2, got, 2, &st) == 0 &&
	   got[0] == 0x11 && got[1] == 0x22, "first dword's bytes in private_wave");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_WAVE, 0, 0, d0 + w * 4, got, 4, &st) == 0 &&
	   got[0] == 0x33 && got[3] == 0x66, "second dword one row further");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_WAVE, 0, 0, d0 + 4, got, 4, &st) == 0 &&
	   dword_at(got) == 0, "lane 6 untouched");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_LANE, 1, 5, 0x12, got, 6, &st) == 0 &&
	   memcmp(got, data, 6) == 0, "private_lane reads back");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_LANE, 1, 4, 0x12, got, 6, &st) == 0 &&
	   got[0] == 0 && got[5] == 0, "other lane reads zero");

	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_LANE, 0, 0, 0, got, 4, &st) != 0,
	   "private_lane without lane fails");
	EQ_STR(st.code, "missing-context-lane", "missing-context-lane");
	OK(st.kind == HD_EVAL_ERROR, "missing lane is an evaluation error");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_LANE, 1, w, 0, got, 4, &st) != 0,
	   "lane past the wave fails");
	EQ_STR(st.code, "lane-out-of-range", "lane-out-of-range");

	/* The last lane dwords whose swizzled bytes still fit 32 bits. */
	{
		uint64_t rows = (UINT64_C(1) << 32) / (w * 4);  /* dwords per lane */
		uint64_t top = rows * 4 - 4;                     /* last lane address */
		OK(hd_amdgpu_write_mem(m, HD_ASPACE_PRIVATE_LANE, 1, w - 1, top, data, 4, &st) == 0,
		   "last private_lane dword of the last lane");
		OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_WAVE, 0, 0, UINT32_MAX - 3, got, 4,
		                      &st) == 0 && memcmp(got, data, 4) == 0,
		   "is private_wave's last dword");
		OK(hd_amdgpu_write_mem(m, HD_ASPACE_PRIVATE_LANE, 1, 0, top + 4, data, 1, &st) != 0,
		   "swizzle past 32 bits fails");
		EQ_STR(st.code, "address-out-of-range", "swizzled out of range");
		OK(hd_amdgpu_write_mem(m, HD_ASPACE_PRIVATE_LANE, 1, 0, top + 2, data, 4, &st) != 0,
		   "straddling write past the end fails");
		OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_LANE, 1, 0, top + 2, got, 2, &st) == 0 &&
		   got[0] == 0 && got[1] == 0, "failed write left nothing");
	}

	OK(t->ops->aspace(t->self, 5, &info) == 0 && info.per_lane == 1 &&
	   info.addr_bits == 32 && strcmp(info.name, "private_lane") == 0, "aspace 5 info");
	hd_amdgpu_free(m);
}

static void test_aspaces(void)
{
	hd_amdgpu *m = hd_amdgpu_new(64);
	const hd_target *t = hd_amdgpu_target(m);
	static const struct { uint64_t n; const char *name; unsigned bits; int lane; } want[] = {
		{ 0, "global", 64, 0 }, { 1, "generic", 64, 0 }, { 2, "region", 32, 0 },
		{ 3, "local", 32, 0 }, { 5, "private_lane", 32, 1 }, { 6, "private_wave", 32, 0 },
	};
	hd_aspace_info info;
	uint64_t a;
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		if (t->ops->aspace(t->self, want[i].n, &info) != 0 ||
		    strcmp(info.name, want[i].name) != 0 || info.addr_bits != want[i].bits ||
		    info.per_lane != want[i].lane)
			bad++;
		if (hd_amdgpu_aspace_lookup(want[i].name, strlen(want[i].name), &a) != 0 ||
		    a != want[i].n)
			bad++;
	}
	EQ_U64(bad, 0, "address space table");
	OK(t->ops->aspace(t->self, 4, &info) == -1, "aspace 4 unknown");
	OK(t->ops->aspace(t->self, 7, &info) == -1, "aspace 7 unknown");
	OK(t->ops->aspace(t->self, 0x20, &info) == -1, "old private_lane0 unknown");
	OK(hd_amdgpu_aspace_lookup("5", 1, &a) == 0 && a == 5, "decimal aspace");
	OK(hd_amdgpu_aspace_lookup("4", 1, &a) == 0 && a == 4, "any decimal aspace");
	OK(hd_amdgpu_aspace_lookup("18446744073709551616", 20, &a) != 0, "overflow rejected");
	OK(hd_amdgpu_aspace_lookup("Global", 6, &a) != 0, "case-sensitive");
	OK(hd_amdgpu_aspace_lookup("05", 2, &a) != 0, "leading zero rejected");
	OK(hd_amdgpu_aspace_lookup("", 0, &a) != 0, "empty rejected");
	OK(hd_amdgpu_aspace_lookup("localx", 5, &a) == 0 && a == 3, "length-delimited");
	OK(hd_amdgpu_read_mem(m, 4, 0, 0, 0, (uint8_t *)&a, 1, &st) != 0, "memory of aspace 4");
	EQ_STR(st.code, "unknown-address-space", "unknown-address-space");
	hd_amdgpu_free(m);
}

static void test_generic(void)
{
	hd_amdgpu *m = hd_amdgpu_new(64);
	const uint8_t data[4] = { 0xde, 0xad, 0xbe, 0xef };
	uint8_t got[8];
	uint64_t sh = HD_AMDGPU_SHARED_APERTURE, pv = HD_AMDGPU_PRIVATE_APERTURE;

	OK(hd_amdgpu_write_mem(m, HD_ASPACE_GENERIC, 0, 0, sh + 0x40, data, 4, &st) == 0,
	   "generic write into shared aperture");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_LOCAL, 0, 0, 0x40, got, 4, &st) == 0 &&
	   memcmp(got, data, 4) == 0, "lands in local");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, sh + 0x40, got, 4, &st) == 0 &&
	   dword_at(got) == 0, "not in global");

	OK(hd_amdgpu_write_mem(m, HD_ASPACE_GENERIC, 1, 5, pv + 0x10, data, 4, &st) == 0,
	   "generic write into private aperture");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_WAVE, 0, 0, 0x414, got, 4, &st) == 0 &&
	   memcmp(got, data, 4) == 0, "lands in private_lane, swizzled");
	OK(hd_amdgpu_write_mem(m, HD_ASPACE_GENERIC, 0, 0, pv, data, 4, &st) != 0,
	   "private aperture needs a lane");
	EQ_STR(st.code, "missing-context-lane", "generic missing-context-lane");

	OK(hd_amdgpu_write_mem(m, HD_ASPACE_GENERIC, 0, 0, 0x1000, data, 4, &st) == 0,
	   "generic write elsewhere");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x1000, got, 4, &st) == 0 &&
	   memcmp(got, data, 4) == 0, "lands in global");
	OK(hd_amdgpu_write_mem(m, HD_ASPACE_GENERIC, 0, 0, sh + HD_AMDGPU_APERTURE_SIZE, data, 4,
	                       &st) == 0, "just past the shared aperture");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, sh + HD_AMDGPU_APERTURE_SIZE, got, 4,
	                      &st) == 0 && memcmp(got, data, 4) == 0, "is global");

	/* an access straddling the aperture's start splits byte-exact */
	OK(hd_amdgpu_write_mem(m, HD_ASPACE_GENERIC, 0, 0, sh - 2, data, 4, &st) == 0,
	   "straddling generic write");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, sh - 2, got, 2, &st) == 0 &&
	   got[0] == 0xde && got[1] == 0xad, "low half in global");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_LOCAL, 0, 0, 0, got, 2, &st) == 0 &&
	   got[0] == 0xbe && got[1] == 0xef, "high half in local");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GENERIC, 0, 0, sh - 2, got, 4, &st) == 0 &&
	   memcmp(got, data, 4) == 0, "read back across the edge");
	hd_amdgpu_free(m);
}

static void test_strict_and_range(void)
{
	hd_amdgpu *m = hd_amdgpu_new(32);
	const uint8_t data[4] = { 1, 2, 3, 4 };
	uint8_t got[8] = { 9, 9, 9, 9, 9, 9, 9, 9 }, *big;

	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x5000, got, 8, &st) == 0 &&
	   got[0] == 0 && got[7] == 0, "unwritten reads zero");
	OK(hd_amdgpu_write_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x5000, data, 4, &st) == 0, "write");
	hd_amdgpu_set_strict(m, 1);
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x5000, got, 4, &st) == 0 &&
	   memcmp(got, data, 4) == 0, "strict read of written bytes");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x5002, got, 4, &st) != 0,
	   "strict read past written bytes");
	EQ_STR(st.code, "memory-unwritten", "memory-unwritten");
	OK(st.kind == HD_EVAL_ERROR, "unwritten is an evaluation error");
	OK(strstr(st.msg, "global") != NULL && strstr(st.msg, "0x5004") != NULL,
	   "message names aspace and first unwritten address");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_LOCAL, 0, 0, 0x5000, got, 1, &st) != 0,
	   "strict read of an absent page");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_LANE, 1, 3, 0, got, 0, &st) == 0,
	   "zero-byte read");
	hd_amdgpu_set_strict(m, 0);

	OK(hd_amdgpu_write_mem(m, HD_ASPACE_LOCAL, 0, 0, UINT32_MAX - 3, data, 4, &st) == 0,
	   "last dword of local");
	OK(hd_amdgpu_write_mem(m, HD_ASPACE_LOCAL, 0, 0, UINT32_MAX - 2, data, 4, &st) != 0,
	   "past the end of local");
	EQ_STR(st.code, "address-out-of-range", "address-out-of-range");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_REGION, 0, 0, UINT64_C(1) << 32, got, 1, &st) != 0,
	   "region address 2^32");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_PRIVATE_WAVE, 0, 0, UINT64_C(1) << 40, got, 1, &st) != 0,
	   "private_wave address 2^40");
	OK(hd_amdgpu_write_mem(m, HD_ASPACE_GLOBAL, 0, 0, UINT64_MAX - 3, data, 4, &st) == 0,
	   "last dword of global");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, UINT64_MAX - 3, got, 4, &st) == 0 &&
	   memcmp(got, data, 4) == 0, "read it back");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, UINT64_MAX, got, 2, &st) != 0,
	   "global wraps");
	EQ_STR(st.code, "address-out-of-range", "global address-out-of-range");
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GENERIC, 0, 0, UINT64_MAX - 1, got, 4, &st) != 0,
	   "generic wraps");

	/* memory bound: 16 pages, a few already used above */
	hd_amdgpu_set_memory_limit(m, 16 * 4096);
	big = calloc(1, 64 * 4096);
	OK(big != NULL && hd_amdgpu_write_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x100000, big,
	                                      64 * 4096, &st) != 0, "write past the memory limit");
	EQ_STR(st.code, "memory-limit", "memory-limit");
	OK(st.kind == HD_NO_MEMORY, "memory-limit is HD_NO_MEMORY");
	hd_amdgpu_set_strict(m, 1);
	OK(hd_amdgpu_read_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x100000, got, 1, &st) != 0,
	   "failed write wrote nothing");
	free(big);
	hd_amdgpu_free(m);
}

static void test_lifecycle(void)
{
	OK(hd_amdgpu_new(0) == NULL, "wave 0 rejected");
	OK(hd_amdgpu_new(16) == NULL, "wave 16 rejected");
	OK(hd_amdgpu_new(128) == NULL, "wave 128 rejected");
	hd_amdgpu_free(NULL);
	OK(1, "free(NULL)");
}

/* hd_amdgpu_new_sharing: waves of one work-group see one global, region
 * and local memory, each its own scratch; a wave of another group shares
 * global only. Freed in any order. */
static void test_sharing(void)
{
	hd_amdgpu *a = hd_amdgpu_new(64), *b = hd_amdgpu_new_sharing(64, a, 1);
	hd_amdgpu *c = hd_amdgpu_new_sharing(64, a, 0);
	const uint8_t v[4] = { 1, 2, 3, 4 }, p[4] = { 9, 9, 9, 9 };
	uint8_t got[4] = { 0, 0, 0, 0 };

	if (!OK(a != NULL && b != NULL && c != NULL, "sharing: the models are made")) {
		hd_amdgpu_free(a);
		hd_amdgpu_free(b);
		hd_amdgpu_free(c);
		return;
	}
	hd_amdgpu_set_strict(b, 1);
	hd_amdgpu_set_strict(c, 1);
	OK(hd_amdgpu_write_mem(a, HD_ASPACE_GLOBAL, 0, 0, 0x100, v, 4, &st) == 0 &&
	   hd_amdgpu_write_mem(a, HD_ASPACE_LOCAL, 0, 0, 0x10, v, 4, &st) == 0 &&
	   hd_amdgpu_write_mem(a, HD_ASPACE_REGION, 0, 0, 0x20, v, 4, &st) == 0 &&
	   hd_amdgpu_write_mem(a, HD_ASPACE_PRIVATE_WAVE, 0, 0, 0x30, p, 4, &st) == 0,
	   "sharing: wave a writes every storage");
	OK(hd_amdgpu_read_mem(b, HD_ASPACE_GLOBAL, 0, 0, 0x100, got, 4, &st) == 0 && got[3] == 4,
	   "sharing: b reads a's global");
	OK(hd_amdgpu_read_mem(b, HD_ASPACE_LOCAL, 0, 0, 0x10, got, 4, &st) == 0 && got[0] == 1,
	   "sharing: b (same group) reads a's local");
	OK(hd_amdgpu_read_mem(c, HD_ASPACE_REGION, 0, 0, 0x20, got, 4, &st) == 0 && got[1] == 2,
	   "sharing: c (another group) reads a's region");
	EQ_STR(hd_amdgpu_read_mem(c, HD_ASPACE_LOCAL, 0, 0, 0x10, got, 4, &st) == 0 ? "ok" : st.code,
	       "memory-unwritten", "sharing: c has its own local memory");
	EQ_STR(hd_amdgpu_read_mem(b, HD_ASPACE_PRIVATE_WAVE, 0, 0, 0x30, got, 4, &st) == 0 ? "ok" :
	       st.code, "memory-unwritten", "sharing: b has its own scratch");
	hd_amdgpu_free(a);
	OK(hd_amdgpu_write_mem(c, HD_ASPACE_GLOBAL, 0, 0, 0x104, v, 4, &st) == 0 &&
	   hd_amdgpu_read_mem(b, HD_ASPACE_GLOBAL, 0, 0, 0x104, got, 4, &st) == 0 && got[0] == 1,
	   "sharing: global outlives the model that made it");
	hd_amdgpu_free(b);
	hd_amdgpu_free(c);
}

int main(void)
{
	tap_begin();
	test_numbering(64);
	test_numbering(32);
	test_names(64);
	test_names(32);
	test_name_values();
	test_lanes(64);
	test_lanes(32);
	test_swizzle();
	test_private(64);
	test_private(32);
	test_aspaces();
	test_generic();
	test_strict_and_range();
	test_lifecycle();
	test_sharing();
	return tap_end();
}
