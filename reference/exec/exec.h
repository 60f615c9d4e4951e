/* The SPIR-V interpreter: runs an OpenCL kernel (execution model Kernel) of a
 * module on fixed inputs, the way a GPU runs it: one work-group at a time,
 * its work-items the lanes of W-wide wavefronts that execute in lock step
 * while they agree and split where they branch apart. It gives the values a
 * program holds; what a debugger shows is checked against them
 * (reference/watch). docs/interpreter.md describes the model and the inputs.
 *
 * Life cycle: hd_spv_load → hd_di_build → hd_exec_new → hd_exec_run (the
 * observer sees every debug-info point and statement boundary) →
 * hd_exec_free. The interpreter never trusts the module: whatever it cannot
 * run ends the run with an outcome, never a crash. */
#ifndef HD_EXEC_H
#define HD_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "spirv/spirv.h"
#include "util/status.h"

/* How a run ended. Every run ends in exactly one of these. */
typedef enum hd_exec_end {
	HD_EXEC_COMPLETED,    /* every work-item returned from the kernel */
	HD_EXEC_TRAPPED,      /* the program did something with no defined result
	                       * (an access outside every object, a division by
	                       * zero, OpUnreachable, a barrier not every work-item
	                       * reaches); .detail says what and where */
	HD_EXEC_STEP_LIMIT,   /* the step bound ran out (a loop that does not end) */
	HD_EXEC_UNSUPPORTED   /* an instruction or type the interpreter does not
	                       * implement; .detail is its name */
} hd_exec_end;

typedef struct hd_exec_outcome {
	hd_exec_end end;
	char detail[256];
	uint64_t steps;       /* instructions executed, summed over work-items */
} hd_exec_outcome;

/* "completed", "trapped", "step-limit", "unsupported": the outcome's word in
 * hdref exec and the watch files. */
const char *hd_exec_end_name(hd_exec_end e);

#define HD_EXEC_MAX_ARGS 32

/* An argument the default rule does not fit (docs/interpreter.md, "Inputs"). */
typedef struct hd_exec_arg {
	int set;              /* this override is given */
	int has_value;        /* a scalar's value */
	int64_t value;
	double fvalue;
	uint32_t elements;    /* a buffer's element count; 0: the default */
} hd_exec_arg;

typedef struct hd_exec_config {
	unsigned wave_size;          /* 64 or 32 */
	uint32_t global_size[3];     /* work-items per dimension */
	uint32_t local_size[3];      /* work-group size per dimension */
	uint32_t global_offset[3];
	uint32_t work_dim;           /* 1 to 3 */
	uint32_t buffer_elements;    /* 0: twice the number of work-items */
	uint64_t max_steps;          /* bound on .steps */
	uint64_t max_bytes;          /* bound on the bytes the steps move: values
	                              * made, memory loaded and stored, frames */
	size_t max_memory;           /* bound on the bytes of all memory */
	uint32_t max_depth;          /* bound on the call depth */
	hd_exec_arg args[HD_EXEC_MAX_ARGS];
} hd_exec_config;

/* The documented defaults: one work-group of 64 work-items in one dimension,
 * wave64, buffers of 128 elements. */
void hd_exec_config_default(hd_exec_config *c);
/* Applies one input directive, the text after "ndrange:", "wave:" or
 * "arg N:" in a case's header comment (docs/interpreter.md, "Overrides").
 * Errors: HD_BAD_INPUT with the rule broken. */
int hd_exec_config_directive(hd_exec_config *c, const char *key, const char *text,
                             hd_status *st);
/* Applies every directive of the comment lines of a source text: lines
 * "// watch KEY: TEXT" (OpenCL C) or "; watch KEY: TEXT" (assembly).
 * st->offset is the line of a bad one. */
int hd_exec_config_comments(hd_exec_config *c, const char *text, size_t len, hd_status *st);

typedef struct hd_exec hd_exec;

/* Where the observer is called: a set of lanes of one wavefront that execute
 * the same instruction together. */
typedef struct hd_exec_where {
	uint32_t function;    /* index in the module's functions */
	uint32_t slot;        /* the instruction's slot (spirv.h, hd_di_function) */
	uint32_t group[3];    /* the work-group's id */
	uint32_t wave;        /* the wavefront in the group */
	uint64_t lanes;       /* bit L: work-item wave·W + L is here */
	uint32_t depth;       /* call depth, 1 in the kernel */
} hd_exec_where;

typedef struct hd_exec_observer {
	void *ctx;
	/* The lanes are about to execute slot `slot`, the first of a new source
	 * position (docs/interpreter.md, "Stops"); the points before it have been
	 * reported. */
	int (*stop)(void *ctx, hd_exec *x, const hd_exec_where *w, hd_status *st);
	/* The lanes pass a DebugDeclare or DebugValue. */
	int (*point)(void *ctx, hd_exec *x, const hd_exec_where *w, const hd_di_point *p,
	             hd_status *st);
	/* Work-item `item` entered (enter = 1) or is about to leave function
	 * `function`. */
	int (*frame)(void *ctx, hd_exec *x, uint32_t item, uint32_t function, int enter,
	             hd_status *st);
} hd_exec_observer;

/* Prepares kernel `kernel` (an OpEntryPoint name; NULL: the first Kernel
 * entry point) of m, which must stay alive. Errors: HD_BAD_INPUT "no-kernel"
 * and "bad-config"; HD_NO_MEMORY. A module the interpreter cannot run is
 * not an error here: the run says why. */
int hd_exec_new(const hd_spv_module *m, const char *kernel, const hd_exec_config *c,
                hd_exec **out, hd_status *st);
/* The names of m's Kernel entry points, in module order: up to max into
 * names (pointing into m); returns how many there are. */
uint32_t hd_exec_kernel_names(const hd_spv_module *m, const char **names, uint32_t max);

/* Runs every work-group. 0 and *out filled whatever the program did; -1
 * when the observer failed or memory for the interpreter itself ran out.
 * Global memory outlives the run: its buffers hold what the program left
 * in them until the next run or hd_exec_free, for hd_exec_arg_buffer and
 * hd_exec_read (space HD_XS_GLOBAL, any item). */
int hd_exec_run(hd_exec *x, const hd_exec_observer *obs, hd_exec_outcome *out,
                hd_status *st);
/* Places the inputs a run starts from (docs/interpreter.md, "Inputs"):
 * program-scope variables, the kernel arguments' buffers in global memory
 * and the arguments' values, without running, so a caller can give the
 * same inputs to another machine (hd_exec_arg_value, hd_exec_arg_buffer,
 * hd_exec_read). hd_exec_run places them afresh. Errors as hd_exec_run's
 * (an argument with no input rule: HD_BAD_INPUT "unsupported"). */
int hd_exec_place_inputs(hd_exec *x, hd_status *st);
/* How many arguments the kernel has. */
uint32_t hd_exec_nargs(const hd_exec *x);
/* Kernel argument k's value as the kernel receives it (a buffer's
 * address, a scalar's bytes), once placed. -1 when there is no argument k
 * or nothing is placed. */
int hd_exec_arg_value(const hd_exec *x, uint32_t k, const uint8_t **bytes, uint32_t *size);
/* Kernel argument k's buffer in global memory, after a run: its address
 * and its size in bytes. -1 when argument k is not a global buffer (a
 * scalar, a local pointer, no such argument) or no run has placed it. */
int hd_exec_arg_buffer(const hd_exec *x, uint32_t k, uint64_t *addr, uint32_t *size);
/* The bytes of the local buffer each work-group gets for kernel argument
 * k, a pointer to local memory (docs/interpreter.md, "Inputs"). -1 when
 * argument k is none. */
int hd_exec_arg_local_size(const hd_exec *x, uint32_t k, uint32_t *size);
void hd_exec_free(hd_exec *x);

const hd_spv_module *hd_exec_module(const hd_exec *x);
const hd_exec_config *hd_exec_config_of(const hd_exec *x);
/* The function index of the kernel. */
uint32_t hd_exec_kernel(const hd_exec *x);

/* The memories a pointer can reach (docs/interpreter.md, "Memory"). */
typedef enum hd_exec_space {
	HD_XS_GLOBAL,    /* CrossWorkgroup, UniformConstant: shared by all */
	HD_XS_LOCAL,     /* Workgroup: one per work-group */
	HD_XS_PRIVATE,   /* Function, Private, Input: one per work-item */
	HD_XS_COUNT
} hd_exec_space;

/* A generic pointer to local or private memory is the object's address
 * plus its aperture, as AMDGPU's flat addresses are (AMDGPUUsage, "Address
 * Spaces"); any other generic pointer is global. Every memory's addresses
 * are below HD_EXEC_SPACE_END. */
#define HD_EXEC_LOCAL_APERTURE   0x0001000000000000ull
#define HD_EXEC_PRIVATE_APERTURE 0x0002000000000000ull
#define HD_EXEC_APERTURE_SIZE    0x0000000100000000ull
#define HD_EXEC_SPACE_END        0x0000000100000000ull

/* State during a callback. `item` is a work-item of the current group
 * (wave·W + lane). */

/* The bytes of value `id` in the item's innermost frame, or of a module-level
 * constant; -1 when id has no value there. */
int hd_exec_value(const hd_exec *x, uint32_t item, uint32_t id, const uint8_t **bytes,
                  uint32_t *size);
/* Reads n bytes of memory; set[i] (when not NULL) is 1 where the program
 * or the inputs wrote byte i. -1 when some byte is in no object. */
int hd_exec_read(const hd_exec *x, uint32_t item, hd_exec_space space, uint64_t addr,
                 uint32_t n, uint8_t *bytes, uint8_t *set);
/* Calls fn for every object of a memory, in address order (private: the
 * work-item's). */
typedef void (*hd_exec_object_fn)(void *ctx, uint64_t addr, const uint8_t *bytes,
                                  const uint8_t *set, uint32_t size);
void hd_exec_objects(const hd_exec *x, uint32_t item, hd_exec_space space,
                     hd_exec_object_fn fn, void *ctx);
/* Resolves a pointer value of SPIR-V storage class `storage` (Generic
 * through the apertures of docs/interpreter.md). -1 for a storage class
 * that names no memory. */
int hd_exec_resolve(uint32_t storage, uint64_t ptr, hd_exec_space *space, uint64_t *addr);
/* The type id of value id (0 when none), and the storage class of a
 * pointer type (-1 when not one). */
uint32_t hd_exec_type_of(const hd_exec *x, uint32_t id);
int hd_exec_pointer_storage(const hd_exec *x, uint32_t type_id, uint32_t *storage);
/* Whether the last run executed an instruction of this opcode, or this
 * OpenCL.std instruction (coverage). */
int hd_exec_executed(const hd_exec *x, uint32_t opcode);
int hd_exec_executed_std(const hd_exec *x, uint32_t opcode);

/* The opcode table (ops.def): its rows, in table order. */
uint32_t hd_exec_nops(void);
uint32_t hd_exec_op_at(uint32_t i);
/* The OpenCL.std table (opencl_std.def): its rows' instruction numbers and
 * SPIRV-Headers names, in table order; UINT32_MAX past the end. */
uint32_t hd_exec_nstd(void);
uint32_t hd_exec_std_at(uint32_t i, const char **name);

/* What the kernel printed with printf in the last run, in execution order
 * (docs/interpreter.md, "printf"); *cut is 1 when output past the bound
 * of 1 MiB was dropped. Not NUL-terminated: *len bytes. */
const char *hd_exec_printf(const hd_exec *x, size_t *len, int *cut);

/* Bytes of a value of this type in memory (OpenCL C layout). */
uint32_t hd_exec_type_size(const hd_exec *x, uint32_t type_id);

#endif
