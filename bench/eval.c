/* bench/eval: evaluations per second of the reference evaluator on a fixed
 * mix of DWARF 5 expressions.
 *
 * The mix and the tiny model are those of the gimli peer (bench/peers/
 * gimli-eval, docs/benchmarks.md: registers read as 0x1000 + number, memory
 * at A reads A ^ 0x5a5a, frame base 0x8000), so both sides do the same work;
 * bench/eval_peer.sh runs the two alternately and prints the ratio.
 *
 * usage: bench_eval [N [ENTRY | ext]]  N evaluations (default 1000000) of
 * the mix, of its entry ENTRY (0-7) alone, or of the extension mix, which
 * uses DWARF Extensions for Heterogeneous Debugging operations no peer
 * evaluates. */
#include "dwarf/eval/eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const uint8_t e0[] = { 0x91, 0x10 };                         /* fbreg 16 */
static const uint8_t e1[] = { 0x70, 0x08 };                         /* breg0 8 */
static const uint8_t e2[] = { 0x70, 0x08, 0x06 };                   /* breg0 8; deref */
static const uint8_t e3[] = { 0x35, 0x36, 0x22, 0x9f };             /* lit5 lit6 plus stack_value */
static const uint8_t e4[] = { 0x50, 0x93, 0x04, 0x51, 0x93, 0x04 }; /* reg0 piece4 reg1 piece4 */
static const uint8_t e5[] = { 0x10, 0x80, 0x20, 0x23, 0x10, 0x06 }; /* constu 4096; plus_uconst 16; deref */
static const uint8_t e6[] = { 0x35, 0x31, 0x28, 0x01, 0x00, 0x39 }; /* lit5 lit1 bra+1 lit9 */
static const uint8_t e7[] = { 0x0c, 0x78, 0x56, 0x34, 0x12, 0x11, 0x7f, 0x1e, 0x9f };

typedef struct bench_expr {
	const uint8_t *bytes;
	size_t len;
} bench_expr;

static const bench_expr mix[] = {
	{ e0, sizeof e0 }, { e1, sizeof e1 }, { e2, sizeof e2 }, { e3, sizeof e3 },
	{ e4, sizeof e4 }, { e5, sizeof e5 }, { e6, sizeof e6 }, { e7, sizeof e7 },
};
#define MIX_SIZE (sizeof mix / sizeof mix[0])

/* The extension mix, amdgpu-v0 encoding (docs/amdgpu-facts.md). */
static const uint8_t x0[] = { 0x40, 0x30, 0xe1 };             /* lit16 lit0 form_aspace_address */
static const uint8_t x1[] = { 0x70, 0x00, 0xe4, 0x08 };       /* breg0 0; offset_uconst 8 */
static const uint8_t x2[] = { 0x50, 0x34, 0xe5 };             /* reg0 lit4 bit_offset */
static const uint8_t x3[] = { 0xe7, 0x93, 0x04, 0x51, 0x93, 0x04 }; /* undefined piece4 reg1 piece4 */
static const uint8_t x4[] = { 0x50, 0xeb, 0x20, 0x02 };       /* reg0 extend 32 2 */
static const uint8_t x5[] = { 0x50, 0x51, 0x31, 0xec, 0x20, 0x02 }; /* reg0 reg1 lit1 select_bit_piece 32 2 */
static const uint8_t x6[] = { 0x30, 0xe8, 0x00, 0x08 };       /* lit0 aspace_bregx 0 8 */
static const uint8_t x7[] = { 0xe2, 0x38, 0x1e, 0x9f };       /* push_lane lit8 mul stack_value */

static const bench_expr ext[] = {
	{ x0, sizeof x0 }, { x1, sizeof x1 }, { x2, sizeof x2 }, { x3, sizeof x3 },
	{ x4, sizeof x4 }, { x5, sizeof x5 }, { x6, sizeof x6 }, { x7, sizeof x7 },
};

/* ---- the peer's model, as an hd_target ---- */

static int register_bits(void *self, uint64_t reg, uint64_t *bits)
{
	(void)self;
	(void)reg;
	*bits = 64;
	return 0;
}

/* The 8 little-endian bytes of v, written out so that the compiler makes
 * them one store, as the peer's model hands over a whole value. */
static void put_le64(uint8_t *buf, uint64_t v)
{
	buf[0] = (uint8_t)v; buf[1] = (uint8_t)(v >> 8);
	buf[2] = (uint8_t)(v >> 16); buf[3] = (uint8_t)(v >> 24);
	buf[4] = (uint8_t)(v >> 32); buf[5] = (uint8_t)(v >> 40);
	buf[6] = (uint8_t)(v >> 48); buf[7] = (uint8_t)(v >> 56);
}

static int read_register(void *self, uint64_t reg, uint8_t *buf, hd_status *st)
{
	(void)self;
	(void)st;
	put_le64(buf, 0x1000 + reg);
	return 0;
}

static int write_register(void *self, uint64_t reg, const uint8_t *buf, hd_status *st)
{
	(void)self;
	(void)reg;
	(void)buf;
	return hd_fail(st, HD_EVAL_ERROR, "read-only", 0, "the bench model is read-only");
}

static int aspace(void *self, uint64_t as, hd_aspace_info *info)
{
	(void)self;
	if (as != 0)
		return -1;
	info->name = "global";
	info->addr_bits = 64;
	info->per_lane = 0;
	return 0;
}

/* Memory at A reads A ^ 0x5a5a: the bytes of that 64-bit value from A on. */
static int read_memory(void *self, uint64_t as, int has_lane, uint32_t lane,
                       uint64_t addr, size_t n, uint8_t *buf, hd_status *st)
{
	uint64_t v = addr ^ 0x5a5a;

	(void)self;
	(void)as;
	(void)has_lane;
	(void)lane;
	(void)st;
	if (n >= 8) {
		put_le64(buf, v);
		if (n > 8)
			memset(buf + 8, 0, n - 8);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		buf[i] = (uint8_t)(v >> (8 * i));
	return 0;
}

static int write_memory(void *self, uint64_t as, int has_lane, uint32_t lane,
                        uint64_t addr, size_t n, const uint8_t *buf, hd_status *st)
{
	(void)self; (void)as; (void)has_lane; (void)lane; (void)addr; (void)n; (void)buf;
	return hd_fail(st, HD_EVAL_ERROR, "read-only", 0, "the bench model is read-only");
}

static const hd_target_ops ops = {
	register_bits, read_register, write_register, aspace, read_memory, write_memory, NULL
};

/* The frame base 0x8000, answered as DW_OP_addr 0x8000. */
static const uint8_t frame_base[] = { 0x03, 0x00, 0x80, 0, 0, 0, 0, 0, 0 };

static int query(void *self, hd_frame_query q, uint32_t frame, uint64_t reg,
                 const uint8_t **expr, size_t *len)
{
	(void)self;
	(void)frame;
	(void)reg;
	if (q != HD_FRAME_BASE)
		return -1;
	*expr = frame_base;
	*len = sizeof frame_base;
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int usage(void)
{
	fprintf(stderr, "usage: bench_eval [N > 0 [ENTRY 0-7 | ext]]\n");
	return 2;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
	hd_target target = { .ops = &ops, .name = "bench", .generic_bits = 64, .lanes = 1 };
	hd_frames frames = { NULL, query };
	hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };
	const bench_expr *set = mix;
	size_t first = 0, count = MIX_SIZE;
	const char *what = "mix of 8";
	char entry[32];
	hd_context ctx;
	hd_eval *ev;
	uint64_t sink = 0;
	double t;

	if (n <= 0 || argc > 3)
		return usage();
	if (argc == 3 && strcmp(argv[2], "ext") == 0) {
		set = ext;
		what = "extension mix of 8";
	} else if (argc == 3) {
		char *end;
		long k = strtol(argv[2], &end, 10);
		if (*end != '\0' || k < 0 || k >= (long)MIX_SIZE)
			return usage();
		first = (size_t)k;
		count = 1;
		snprintf(entry, sizeof entry, "entry %ld", k);
		what = entry;
	}
	if ((ev = hd_eval_new(NULL)) == NULL)
		return 3;
	memset(&ctx, 0, sizeof ctx);
	ctx.arch = &target;
	ctx.has_thread = 1;
	ctx.has_frame = 1;
	ctx.has_lane = 1;
	ctx.frames = &frames;

	/* every expression must evaluate, or the numbers mean nothing */
	for (size_t i = 0; i < MIX_SIZE; i++) {
		hd_result r;
		if (hd_eval_expr(ev, &ctx, &enc, set[i].bytes, set[i].len, &r) != 0) {
			fprintf(stderr, "bench_eval: %s entry %zu failed: %s\n",
			        set == ext ? "extension mix" : "mix", i, r.status.msg);
			return 1;
		}
	}

	t = now();
	for (long i = 0; i < n; i++) {
		const bench_expr *e = &set[first + (size_t)i % count];
		hd_result r;
		hd_eval_reset(ev);
		hd_eval_expr(ev, &ctx, &enc, e->bytes, e->len, &r);
		sink += r.kind == HD_OUT_VALUE ? r.value.lo : r.loc ? r.loc->n : 0;
	}
	t = now() - t;
	printf("hdref: %ld evaluations in %.3f s = %.0f evals/s (%s, checksum %llu)\n",
	       n, t, n / t, what, (unsigned long long)sink);
	hd_eval_free(ev);
	return 0;
}
