/* The interpreter's inputs given to a code object's kernel, so that the
 * gfx9 executor and the SPIR-V interpreter run one kernel on the same
 * NDRange, buffers and scalars (docs/gfx9-executor.md, "Inputs"): the
 * interpreter's buffers stay at the interpreter's addresses, so a pointer a
 * variable holds reads the same in both. */
#ifndef HD_WATCH_CO_INPUTS_H
#define HD_WATCH_CO_INPUTS_H

#include "amdgpu/wave/wave.h"
#include "exec/exec.h"

#define HD_CO_INPUTS_MAX_ARGS 32

typedef struct hd_co_inputs {
	hd_dispatch_config dc;   /* the NDRange and the explicit arguments */
	hd_dispatch_value vals[HD_CO_INPUTS_MAX_ARGS];
	uint8_t lds[HD_CO_INPUTS_MAX_ARGS][4];  /* local pointers: LDS offsets */
} hd_co_inputs;

/* The dispatch of x's NDRange and argument values; x's inputs must be
 * placed (hd_exec_place_inputs). A pointer to local memory
 * (dynamic_shared_pointer) gets a buffer of the interpreter's size in the
 * dynamic LDS after the kernel's own (group_segment_fixed_size), as the
 * runtime places it, each aligned to 16 bytes (hdcts choice). Errors:
 * HD_BAD_INPUT "co-inputs" when the kernel's argument count or sizes
 * differ from the code object's explicit arguments, or an argument is
 * neither a global buffer, a local pointer nor a value. */
int hd_co_inputs_from(const hd_exec *x, const hd_codeobj *co, const char *kernel,
                      hd_co_inputs *in, hd_status *st);

/* Writes the contents of x's argument buffers into g's global memory at
 * their addresses. Errors: HD_BAD_INPUT "co-inputs" when a buffer overlaps
 * a segment of co, HD_NO_MEMORY. */
int hd_co_inputs_load(const hd_exec *x, const hd_codeobj *co, hd_gfx9 *g, hd_status *st);

/* Both of the above: an executor for the first work-group of `kernel` of
 * co, ready to run on the inputs of the interpreter x (placed here), with
 * the default bounds and x's wave size. */
int hd_co_executor(const hd_codeobj *co, const char *kernel, hd_exec *x, hd_gfx9 **out,
                   hd_status *st);

#endif
