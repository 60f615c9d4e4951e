/* bench/eval: evaluations per second of the reference evaluator on a fixed
 * mix of DWARF 5 expressions.
 *
 * The mix and the tiny model are those of the gimli peer (docs/benchmarks.md:
 * an evaluator on the gimli crate; registers read as 0x1000 + number, memory at A
 * reads A ^ 0x5a5a, frame base 0x8000), so both sides do the same work and a
 * comparison is one run of each, side by side, with the ratio of their
 * evals/s. Usage: bench_eval [iterations]  (default 1000000) */
#include "dwarf/eval.h"

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

static const struct { const uint8_t *bytes; size_t len; } mix[] = {
	{ e0, sizeof e0 }, { e1, sizeof e1 }, { e2, sizeof e2 }, { e3, sizeof e3 },
	{ e4, sizeof e4 }, { e5, sizeof e5 }, { e6, sizeof e6 }, { e7, sizeof e7 },
};
#define MIX_SIZE (sizeof mix / sizeof mix[0])

/* ---- the peer's model, as an hd_target ---- */

static int register_bits(void *self, uint64_t reg, uint64_t *bits)
{
	(void)self;
	(void)reg;
	*bits = 64;
	return 0;
}

static int read_register(void *self, uint64_t reg, uint8_t *buf, hd_status *st)
{
	uint64_t v = 0x1000 + reg;

	(void)self;
	(void)st;
	for (int i = 0; i < 8; i++)
		buf[i] = (uint8_t)(v >> (8 * i));
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
	for (size_t i = 0; i < n; i++)
		buf[i] = i < 8 ? (uint8_t)(v >> (8 * i)) : 0;
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

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
	hd_target target = { .ops = &ops, .name = "bench", .generic_bits = 64, .lanes = 1 };
	hd_frames frames = { NULL, query };
	hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };
	hd_context ctx;
	hd_eval *ev = hd_eval_new(NULL);
	uint64_t sink = 0;
	double t;

	if (ev == NULL || n <= 0) {
		fprintf(stderr, "usage: bench_eval [iterations > 0]\n");
		return 2;
	}
	memset(&ctx, 0, sizeof ctx);
	ctx.arch = &target;
	ctx.has_thread = 1;
	ctx.has_frame = 1;
	ctx.frames = &frames;

	/* every expression of the mix must evaluate, or the numbers mean nothing */
	for (size_t i = 0; i < MIX_SIZE; i++) {
		hd_result r;
		if (hd_eval_expr(ev, &ctx, &enc, mix[i].bytes, mix[i].len, &r) != 0) {
			fprintf(stderr, "bench_eval: mix entry %zu failed: %s\n", i, r.status.msg);
			return 1;
		}
	}

	t = now();
	for (long i = 0; i < n; i++) {
		hd_result r;
		hd_eval_reset(ev);
		hd_eval_expr(ev, &ctx, &enc, mix[i % MIX_SIZE].bytes, mix[i % MIX_SIZE].len, &r);
		sink += r.kind == HD_OUT_VALUE ? r.value.lo : r.loc ? r.loc->n : 0;
	}
	t = now() - t;
	printf("hdref: %ld evaluations in %.3f s = %.0f evals/s (mix of %zu, checksum %llu)\n",
	       n, t, n / t, MIX_SIZE, (unsigned long long)sink);
	hd_eval_free(ev);
	return 0;
}
