/* The OpenCL kernel generator's parts (gen_opencl*.c): construct snippets
 * and the kernel builder that combines them into cases/opencl/gen-*.cl
 * (OpenCL C 2.0) and gen-*.clcpp (C++ for OpenCL 2021).
 *
 * A snippet is the smallest piece of source that makes clang emit one
 * construct's debug information. Snippets are data: the tables below list
 * them, and the generator combines them (each alone, a few realistic
 * kernels, seeded mixes). A kernel is
 *
 *     // <summary>
 *     // covers: opencl/<tag>           one line per tag of every snippet
 *     <preludes>                       #pragma lines, each once
 *     <decls>                          program-scope declarations
 *     kernel void gen_<name>(global int *out, int n<, params>)
 *     {
 *             int acc = n;
 *             <bodies>                 each adds what it computed to acc
 *             out[0] = acc;
 *     }
 *
 * so every variable a snippet declares feeds the kernel's one store and
 * stays live even at -O0 (the kernels are compiled with -O0 -g anyway).
 *
 * The rules a snippet must keep so that any set of snippets combines:
 * its identifiers (types, functions, variables, macros, parameters) are
 * unique across its table; its body is statements at kernel scope that
 * only read n and out and add to acc; it calls no OpenCL library function
 * (there is no device library on the amdgcn route: get_global_id and
 * friends stay unresolved and ld.lld refuses the code object). */
#ifndef HD_GEN_OPENCL_H
#define HD_GEN_OPENCL_H

#include <stddef.h>

#include "gen.h"

typedef enum ocl_lang {
	OCL_C,    /* OpenCL C 2.0, tags opencl/<construct>, files .cl */
	OCL_CXX   /* C++ for OpenCL 2021, tags opencl-cxx/<construct>, files .clcpp */
} ocl_lang;

typedef struct ocl_snippet {
	const char *id;       /* its case name when alone: [a-z0-9-]+ */
	const char *tags;     /* the constructs it covers, space-separated, no prefix */
	const char *what;     /* one line for the kernel's header comment */
	const char *prelude;  /* a #pragma line, or NULL; emitted once per kernel */
	const char *decls;    /* program-scope text, or NULL */
	const char *params;   /* extra kernel parameters ("local int *l"), or NULL */
	const char *body;     /* kernel statements, one a line, unindented, or NULL */
} ocl_snippet;

/* The hand-written snippet tables (gen_opencl_c.c, gen_opencl_cxx.c). */
extern const ocl_snippet ocl_c_snippets[];
extern const size_t ocl_c_nsnippets;
extern const ocl_snippet ocl_cxx_snippets[];
extern const size_t ocl_cxx_nsnippets;

/* A realistic kernel: a name and the ids of the snippets it combines. */
typedef struct ocl_combo {
	const char *name;
	const char *summary;
	const char *ids;      /* space-separated snippet ids */
} ocl_combo;

extern const ocl_combo ocl_c_combos[];
extern const size_t ocl_c_ncombos;
extern const ocl_combo ocl_cxx_combos[];
extern const size_t ocl_cxx_ncombos;

/* A snippet built at run time, owning its text (gen_opencl_types.c). */
typedef struct ocl_owned {
	hd_buf id, tags, what, prelude, decls, params, body;
	ocl_snippet view;     /* points into the buffers once ocl_owned_seal ran */
} ocl_owned;

void ocl_owned_init(ocl_owned *o);
void ocl_owned_free(ocl_owned *o);
/* Fills o->view from the buffers; -1 when one of them ran out of memory. */
int ocl_owned_seal(ocl_owned *o);

/* The snippets made from the type tables: one per scalar element type with
 * its vectors of every width, and one per address space and qualifier.
 * Returns the number written to out (at most cap), or -1 with st set. */
size_t ocl_type_snippet_count(void);
int ocl_type_snippets(ocl_owned *out, size_t cap, hd_status *st);

/* Writes one kernel of the snippets s[0..n) as <kind>/gen-<name>.<ext>. */
int ocl_write_kernel(gen_out *g, ocl_lang lang, const char *name, const char *summary,
                     const ocl_snippet *const *s, size_t n);

#endif
