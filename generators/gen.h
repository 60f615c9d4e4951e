/* hdgen: the generators of the case corpus, the expected outputs and the
 * coverage map (docs/generators.md). Every generator is deterministic: the
 * same hdgen version and seed give byte-identical files, so CI can
 * regenerate the corpus into a scratch directory and diff it.
 *
 * A generator writes each case through gen_case(); the file lands in
 * <root>/<kind>/gen-<name>.<ext>. Hand-written cases in the same folders
 * have no "gen-" prefix and are never touched. */
#ifndef HD_GEN_H
#define HD_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "util/status.h"

/* Where the generators write, and what they have written so far. */
typedef struct gen_out {
	const char *root;      /* the cases directory, e.g. "cases" */
	uint64_t seed;         /* for the seeded random generators */
	size_t written;        /* files written */
	char **names;          /* "<kind>/<name>" of every file, for the duplicate check */
	size_t nnames, cap;
	hd_status *st;
} gen_out;

/* Writes text as <root>/<kind>/gen-<name>.<ext> (atomically). name is
 * [a-z0-9._-]+ and unique within kind; a bad or repeated name is
 * HD_INTERNAL (a generator bug), never a silent overwrite. */
int gen_case(gen_out *g, const char *kind, const char *name, const char *ext,
             const hd_buf *text);

/* A splitmix64 stream, seeded from the run's seed and a stream name, so
 * adding a stream does not change the others' numbers. */
typedef struct gen_rng {
	uint64_t s;
} gen_rng;

void gen_rng_init(gen_rng *r, uint64_t seed, const char *stream);
uint64_t gen_rng_next(gen_rng *r);
/* Uniform in [0, n); 0 when n is 0. */
uint64_t gen_rng_below(gen_rng *r, uint64_t n);

/* The generators, one per case kind. Each returns 0 or -1 with g->st set. */
int gen_expr(gen_out *g);         /* cases/expr: operations, operands, storage kinds */
int gen_expr_errors(gen_out *g);  /* cases/expr: every expression reason code */
int gen_cfi_errors(gen_out *g);   /* cases/cfi: every call-frame reason code */
int gen_expr_random(gen_out *g);  /* cases/expr: random well-formed expressions */
int gen_cfi(gen_out *g);          /* cases/cfi: every DW_CFA instruction */
int gen_spirv(gen_out *g);        /* cases/spirv: both DebugInfo sets */
int gen_opencl(gen_out *g);       /* cases/opencl: OpenCL C and C++ for OpenCL */

#endif
