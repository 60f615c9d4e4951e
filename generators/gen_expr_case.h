/* Writing cases/expr files: the pieces gen_expr.c, gen_expr_storage.c and
 * gen_expr_random.c share. A case is collected as its parts (comments,
 * context, setup directives, the expression text) and written in one fixed
 * order, so every generated file has the same layout. */
#ifndef HD_GEN_EXPR_CASE_H
#define HD_GEN_EXPR_CASE_H

#include <stdint.h>

#include "dwarf/codec/ops.h"
#include "gen.h"

/* One case under construction. */
typedef struct xcase {
	hd_profile profile;
	unsigned wave;        /* 64 or 32: arch amdgpu:wave64 / wave32 */
	int dwarf64;          /* encoding ... dwarf64: 8-byte call_ref/implicit_pointer */
	int lane;             /* context lane=N; -1 for none */
	const char *result;   /* context result=...; NULL for the default (any) */
	unsigned read_bits;   /* read N after a location outcome; 0 for none */
	const char *rule;     /* reason code of a negative case; NULL when positive */
	hd_buf about;         /* comment lines, each "# ...\n" */
	hd_buf setup;         /* directives, each ending in "\n" */
	hd_buf expr;          /* the expression under test, text form */
} xcase;

void xc_init(xcase *c);
void xc_free(xcase *c);

/* Starts a new case: empty parts, wave64 with no lane, the given profile. */
void xc_start(xcase *c, hd_profile profile, unsigned wave);

/* A comment line (without the "# "). */
void xc_about(xcase *c, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* A setup directive (one line, without the newline). */
void xc_line(xcase *c, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* Appends each line of text (lines separated by '\n'), as xc_line would. */
void xc_lines(xcase *c, const char *text);

/* Appends operations to the expression, joined to what is there by "; ".
 * An empty text appends nothing. */
void xc_ops(xcase *c, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Assembles the expression in the case's profile to find the operations it
 * uses (one `covers:` line per distinct operation, in order of first use),
 * then writes cases/expr/gen-<name>.case. An expression that does not
 * assemble is a generator bug (HD_INTERNAL). */
int xc_write(gen_out *g, xcase *c, const char *name);

/* The encoded size in bytes of ops text in profile p and wave size wave;
 * -1 (st filled) when it does not assemble. For branch displacements. */
long xc_encoded_size(const char *text, hd_profile p, unsigned wave, hd_status *st);

/* The lowercase file-name spelling of an op name ("LLVM_offset" ->
 * "llvm_offset"), into out (at least 64 bytes). */
void xc_file_name(char *out, size_t outsz, const char *opname);

/* Register facts of the AMDGPU model, read from the model itself so that the
 * generators hold no copy of its register table. */
typedef struct xc_arch {
	unsigned wave;
	struct hd_amdgpu *model;
	const struct hd_target *target;
} xc_arch;

int xc_arch_open(xc_arch *a, unsigned wave, hd_status *st);
void xc_arch_close(xc_arch *a);
/* The size of DWARF register reg, 0 when this wave size has no such register. */
unsigned xc_reg_bits(const xc_arch *a, uint64_t reg);
/* The register's name ("" when it has none). */
void xc_reg_name(const xc_arch *a, uint64_t reg, char *out, size_t outsz);

/* The storage kinds x location operations matrix (gen_expr_storage.c). */
int gen_expr_storage(gen_out *g);

#endif
