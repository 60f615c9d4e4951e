/* The code-object reader and the dispatch's initial state
 * (docs/amdgpu-dispatch.md): the MessagePack reader on hand-made bytes;
 * code objects clang-15 builds here for gfx90a and gfx900 (skipped when
 * clang-15 or ld.lld-15 is absent), read and dispatched; malformed copies
 * of them (truncated note, bad MessagePack, descriptor out of range) refused
 * with their reason codes; every one-byte change of the metadata note read
 * without a crash. */
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"

#include "amdgpu/model.h"
#include "amdgpu/codeobj/msgpack.h"
#include "fuzz/codeobj_fuzz.h"
#include "elf/elf_read.h"
#include "util/file.h"

static const char *mp_code(const uint8_t *p, size_t n, uint64_t *offset)
{
	static hd_status st;
	hd_arena a;
	hd_mp *root;
	int rc;

	hd_arena_init(&a, 1u << 20);
	hd_status_clear(&st);
	rc = hd_mp_parse(p, n, &a, &root, &st);
	hd_arena_free(&a);
	*offset = st.offset;
	return rc == 0 ? "ok" : st.code;
}

static void test_msgpack(void)
{
	/* {"a": [1, -2, "xy"], "b": true} */
	static const uint8_t good[] = { 0x82, 0xa1, 'a', 0x93, 0x01, 0xfe, 0xa2, 'x', 'y',
	                                0xa1, 'b', 0xc3 };
	static const uint8_t truncated[] = { 0x92, 0xcd, 0x01 };  /* [uint16 cut short] */
	static const uint8_t c1[] = { 0x92, 0x01, 0xc1 };
	static const uint8_t count[] = { 0xdd, 0xff, 0xff, 0xff, 0xff, 0x00 };
	static const uint8_t trailing[] = { 0x01, 0x02 };
	static const uint8_t longstr[] = { 0xdb, 0x7f, 0xff, 0xff, 0xff, 'a' };
	uint8_t deep[64];
	uint64_t off;
	hd_arena a;
	hd_mp *root;
	hd_status st;

	EQ_STR(mp_code(good, sizeof good, &off), "ok", "msgpack: a map of an array reads");
	hd_arena_init(&a, 1u << 16);
	if (hd_mp_parse(good, sizeof good, &a, &root, &st) == 0) {
		const hd_mp *arr = hd_mp_get(root, "a");
		OK(arr != NULL && arr->kind == HD_MP_ARRAY && arr->v.list.n == 3 &&
		   arr->v.list.items[1].kind == HD_MP_INT && arr->v.list.items[1].v.i == -2 &&
		   hd_mp_str_is(&arr->v.list.items[2], "xy"),
		   "msgpack: values and kinds");
		OK(hd_mp_get(root, "b") != NULL && hd_mp_get(root, "b")->v.b == 1, "msgpack: bool");
	}
	hd_arena_free(&a);
	EQ_STR(mp_code(truncated, sizeof truncated, &off), "msgpack-truncated", "msgpack: truncated");
	EQ_U64(off, 2, "msgpack: truncated where the input ends");
	EQ_STR(mp_code(c1, sizeof c1, &off), "msgpack-format", "msgpack: 0xc1 is refused");
	EQ_U64(off, 2, "msgpack: 0xc1 at its offset");
	EQ_STR(mp_code(count, sizeof count, &off), "msgpack-count",
	       "msgpack: a count beyond the bytes left is refused before allocating");
	EQ_STR(mp_code(trailing, sizeof trailing, &off), "msgpack-trailing", "msgpack: trailing bytes");
	EQ_STR(mp_code(longstr, sizeof longstr, &off), "msgpack-truncated",
	       "msgpack: a string longer than the input");
	memset(deep, 0x91, sizeof deep);  /* [[[[...]]]] */
	deep[sizeof deep - 1] = 0xc0;
	EQ_STR(mp_code(deep, sizeof deep, &off), "msgpack-depth", "msgpack: nesting is bounded");
	for (int i = 0; i < 20000; i++) {  /* random bytes: a value or an error, never a crash */
		uint8_t r[24];
		for (size_t j = 0; j < sizeof r; j++)
			r[j] = (uint8_t)tap_random();
		mp_code(r, 1 + tap_random() % sizeof r, &off);
	}
	OK(1, "msgpack: 20000 random inputs read or refused");
}

static const char kernel_src[] =
	"__kernel void add(__global int *out, __global const int *in, int k, float f) {\n"
	"  size_t i = get_global_id(0); int p[8];\n"
	"  for (int j = 0; j < 8; j++) p[j] = in[j] + k;\n"
	"  out[i] = p[i % 8] + (int)f; }\n";

/* Builds a code object with the shared link script; 0, or -1 when the
 * tools are missing or fail. */
static int build(const char *dir, const char *mcpu, const char *cov, hd_buf *file)
{
	char cmd[2048], path[512];
	hd_status st;
	FILE *f;

	snprintf(path, sizeof path, "%s/k.cl", dir);
	if ((f = fopen(path, "w")) == NULL)
		return -1;
	fputs(kernel_src, f);
	fclose(f);
	snprintf(cmd, sizeof cmd,
	         "sh %s/harness/adapters/amdgcn-link.sh 15 %s %s nogpulib %s/k.cl %s/k-%s-%s.so %s -O0",
	         HDCTS_SOURCE_DIR, mcpu, cov, dir, dir, mcpu, cov, dir);
	if (system(cmd) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/k-%s-%s.so", dir, mcpu, cov);
	hd_buf_init(file);
	return hd_read_file(path, 1u << 24, file, &st);
}

static const char *read_code(const uint8_t *p, size_t n)
{
	static hd_status st;
	hd_codeobj *co;

	hd_status_clear(&st);
	if (hd_codeobj_read(p, n, &co, &st) != 0)
		return st.code;
	hd_codeobj_free(co);
	return "ok";
}

/* The metadata note's descriptor in a copy of the file. */
static int find_note(const hd_buf *file, size_t *desc, size_t *size)
{
	hd_elf_view v;
	hd_elf_shdr s;
	hd_elf_note nt;
	hd_status st;
	size_t pos = 0;
	int found;

	if (hd_elf_open(file->data, file->len, &v, &st) != 0 ||
	    hd_elf_find_section(&v, ".note", &s, &found, &st) != 0 || !found ||
	    hd_elf_note_next(s.data, s.size, s.offset, &pos, &nt, &st) != 1)
		return -1;
	*desc = (size_t)(nt.desc - file->data);
	*size = nt.desc_size;
	return 0;
}

static void test_malformed(const hd_buf *file)
{
	uint8_t *copy = malloc(file->len);
	size_t desc = 0, size = 0, bad = 0, tried = 0;
	hd_codeobj *co;
	hd_status st;

	if (!OK(find_note(file, &desc, &size) == 0, "the metadata note is found"))
		return;
	memcpy(copy, file->data, file->len);
	copy[desc] = 0xc1;
	EQ_STR(read_code(copy, file->len), "msgpack-format", "bad MessagePack in the note");
	memcpy(copy, file->data, file->len);
	/* descsz (the header is 12 bytes and the owner "AMDGPU" 8 before the
	 * descriptor) past the section: the note is cut short */
	copy[desc - 16 + 3] = 0x7f;
	EQ_STR(read_code(copy, file->len), "elf-note", "a truncated note");
	EQ_STR(read_code(file->data, desc + size / 2), "elf-sections",
	       "a file cut inside its note");
	/* the descriptor symbol moved out of the image */
	memcpy(copy, file->data, file->len);
	hd_status_clear(&st);
	if (hd_codeobj_read(copy, file->len, &co, &st) == 0) {
		uint64_t kd = hd_codeobj_kernel(co, 0)->kd.address;
		hd_elf_view v;
		hd_elf_shdr s;
		hd_codeobj_free(co);
		hd_elf_open(copy, file->len, &v, &st);
		for (uint64_t i = 0; i < v.shnum; i++) {
			hd_elf_shdr_at(&v, i, &s, &st);
			if (s.type != HD_SHT_DYNSYM && s.type != HD_SHT_SYMTAB)
				continue;
			for (uint64_t j = 0; j < s.size / 24; j++) {
				uint8_t *e = copy + s.offset + j * 24;
				uint64_t val = 0;
				for (int b = 7; b >= 0; b--)
					val = val << 8 | e[8 + b];
				if (val == kd && e[4] == 0x11)  /* GLOBAL OBJECT */
					e[8 + 5] = 0x40;            /* + 2^46 */
			}
		}
		EQ_STR(read_code(copy, file->len), "codeobj-kd-range", "a descriptor out of range");
	}
	/* every byte of the note's descriptor changed three ways */
	for (size_t i = 0; i < size; i++) {
		static const uint8_t vals[] = { 0x00, 0xff, 0xdf };
		for (size_t k = 0; k < 3; k++) {
			memcpy(copy + desc, file->data + desc, size);
			copy[desc + i] = vals[k];
			bad += codeobj_fuzz_one(copy, file->len) < 0;
			tried++;
		}
	}
	EQ_U64(bad, 0, "every one-byte change of the metadata is read or refused with a value");
	printf("# %zu changes\n", tried);
	free(copy);
}

static const hd_co_arg *arg_of(const hd_co_kernel *k, const char *kind)
{
	for (size_t i = 0; i < k->nargs; i++)
		if (strcmp(k->args[i].value_kind, kind) == 0)
			return &k->args[i];
	return NULL;
}

static uint64_t kernarg_at(const hd_dispatch_state *s, const hd_co_arg *a)
{
	uint64_t v = 0;

	for (uint64_t i = a ? a->size : 0; i-- > 0;)
		v = v << 8 | s->kernarg[a->offset + i];
	return v;
}

static void test_dispatch(const hd_buf *file, int packed, int cov)
{
	static const uint8_t out_addr[8] = { 0x00, 0x10, 0, 0, 1, 0, 0, 0 };
	static const uint8_t in_addr[8] = { 0x00, 0x20, 0, 0, 1, 0, 0, 0 };
	static const uint8_t k7[4] = { 7 }, f[4] = { 0, 0, 0x80, 0x3f };
	hd_dispatch_value args[4] = { { out_addr, 8 }, { in_addr, 8 }, { k7, 4 }, { f, 4 } };
	hd_codeobj *co;
	const hd_co_kernel *k;
	hd_dispatch_config c;
	hd_dispatch_state s;
	hd_status st;
	uint32_t w[4];

	if (!OK(hd_codeobj_read(file->data, file->len, &co, &st) == 0, "the code object reads"))
		return;
	k = hd_codeobj_find_kernel(co, "add");
	if (!OK(k != NULL, "kernel add is in the metadata"))
		goto out;
	EQ_U64(hd_codeobj_version(co), cov, "the code object version");
	EQ_U64(hd_kd_entry(&k->kd), hd_codeobj_find_symbol(co, "add")->value,
	       "the entry is the kernel's function symbol");
	hd_dispatch_config_default(&c);
	c.dims = 3;
	c.global_size[0] = 100, c.group_size[0] = 8;
	c.global_size[1] = 6, c.group_size[1] = 4;
	c.global_size[2] = 2, c.group_size[2] = 2;
	c.global_offset[0] = 5;
	c.group_id[0] = 12, c.group_id[1] = 1, c.group_id[2] = 0;
	c.args = args, c.nargs = 4;
	if (!OK(hd_dispatch(co, k, &c, &s, &st) == 0, "a 3-D dispatch at the grid's edge"))
		goto out;
	/* group 12 of x holds 100 - 96 = 4 items, group 1 of y 6 - 4 = 2: 4 x 2 x 2 */
	EQ_U64(s.group_items[0] * 10000 + s.group_items[1] * 100 + s.group_items[2], 40202,
	       "the work-group at the edge is smaller");
	EQ_U64(s.exec, 0xffff, "EXEC has one lane per work-item of the partial wave");
	/* lane 13: x 1, y 1, z 1 */
	if (packed)
		EQ_U64(s.vgpr[0][13], 1 | 1 << 10 | 1 << 20, "gfx90a packs the ids into v0");
	else
		EQ_U64(s.vgpr[0][13] * 100 + s.vgpr[1][13] * 10 + s.vgpr[2][13], 111,
		       "gfx900 puts the ids in v0, v1, v2");
	EQ_U64(s.nvgprs, packed ? 1 : 3, "VGPRs with ids");
	EQ_U64(kernarg_at(&s, &k->args[0]), 0x100001000ull, "explicit global_buffer at its offset");
	EQ_U64(kernarg_at(&s, &k->args[2]), 7, "explicit by_value at its offset");
	EQ_U64(kernarg_at(&s, arg_of(k, "hidden_global_offset_x")), 5, "hidden_global_offset_x");
	if (cov >= 5) {
		EQ_U64(kernarg_at(&s, arg_of(k, "hidden_block_count_x")), 12, "hidden_block_count_x");
		EQ_U64(kernarg_at(&s, arg_of(k, "hidden_group_size_y")), 4, "hidden_group_size_y");
		EQ_U64(kernarg_at(&s, arg_of(k, "hidden_remainder_x")), 4, "hidden_remainder_x");
		EQ_U64(kernarg_at(&s, arg_of(k, "hidden_grid_dims")), 3, "hidden_grid_dims");
	}
	EQ_U64(s.packet[2] | s.packet[4] << 8, 3 | 8 << 8, "packet: dims and workgroup_size_x");
	EQ_U64(s.packet[12], 100, "packet: grid_size_x");
	EQ_U64(s.nuser_sgprs, hd_kd_get(&k->kd, HD_KD_USER_SGPR_COUNT), "USER_SGPR_COUNT user SGPRs");
	if (OK(hd_kd_get(&k->kd, HD_KD_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER), "a private segment buffer")) {
		for (int i = 0; i < 4; i++)
			w[i] = s.sgprs[i].value;
		/* a MUBUF access through the V# (swizzled, ADD_TID_ENABLE): element
		 * 4 bytes, index stride 8 << INDEX_STRIDE lanes, base + soffset +
		 * (A / 4) * 4 * stride + lane * 4 + A % 4, soffset the wave's offset */
		OK(w[1] >> 31 == 1 && (w[3] >> 23 & 1) == 1 && (w[3] >> 19 & 3) == 1,
		   "V#: swizzled, ADD_TID_ENABLE, element size 4");
		for (uint32_t lane = 0; lane < 64; lane += 21)
			for (uint32_t a = 0; a < 40; a += 7) {
				uint32_t stride = 8u << (w[3] >> 21 & 3);
				uint64_t mubuf = w[0] + (a / 4) * 4 * stride + lane * 4 + a % 4;
				if (mubuf != hd_amdgpu_swizzle(64, lane, a))
					printf("# lane %u addr %u: MUBUF 0x%llx\n", lane, a,
					       (unsigned long long)mubuf);
				tap_failed += mubuf != hd_amdgpu_swizzle(64, lane, a);
			}
		OK(1, "V#: a MUBUF access lands where the model's swizzle says");
	}
	hd_dispatch_state_free(&s);
	c.wave_size = 32;
	EQ_STR(hd_dispatch(co, k, &c, &s, &st) == 0 ? "ok" : st.code, "dispatch-wave-size",
	       "wave32 is refused for a wave64 kernel");
	c.wave_size = 64;
	c.nargs = 3;
	EQ_STR(hd_dispatch(co, k, &c, &s, &st) == 0 ? "ok" : st.code, "dispatch-args",
	       "a missing explicit argument is refused");
out:
	hd_codeobj_free(co);
}

int main(void)
{
	char dir[] = "/tmp/test_codeobj.XXXXXX";
	hd_buf file;
	char cmd[600];

	tap_begin();
	test_msgpack();
	if (system("command -v clang-15 >/dev/null 2>&1 && command -v ld.lld-15 >/dev/null 2>&1") != 0) {
		printf("# SKIP the code objects: clang-15 or ld.lld-15 is not installed\n");
		return tap_end();
	}
	if (mkdtemp(dir) == NULL)
		return 2;
	if (OK(build(dir, "gfx90a", "5", &file) == 0, "clang-15 builds a gfx90a v5 code object")) {
		test_dispatch(&file, 1, 5);
		test_malformed(&file);
		hd_buf_free(&file);
	}
	if (OK(build(dir, "gfx900", "4", &file) == 0, "clang-15 builds a gfx900 v4 code object")) {
		test_dispatch(&file, 0, 4);
		hd_buf_free(&file);
	}
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return tap_end();
}
