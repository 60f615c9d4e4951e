/* Inside the interpreter: its view of the module (types with their OpenCL C
 * layout, values, functions as arrays of slots), the memories, the
 * work-items and the instruction handlers. exec.h is the interface. */
#ifndef HD_EXEC_IMPL_H
#define HD_EXEC_IMPL_H

#include <spirv/unified1/spirv.h>

#include "exec.h"
#include "util/buf.h"

/* What a type is, as far as layout and arithmetic need. */
typedef enum hd_xkind {
	XT_NONE,       /* not a type the interpreter knows */
	XT_VOID,
	XT_BOOL,
	XT_INT,
	XT_FLOAT,
	XT_VECTOR,
	XT_ARRAY,
	XT_STRUCT,
	XT_POINTER,
	XT_FUNCTION,
	XT_OPAQUE      /* events, queues, reserve ids: a word of bytes, no arithmetic */
} hd_xkind;

typedef struct hd_xtype {
	uint8_t kind;        /* hd_xkind */
	uint8_t is_signed;   /* XT_INT: OpTypeInt's signedness (informative only) */
	uint16_t width;      /* XT_INT, XT_FLOAT: bits */
	uint32_t size;       /* bytes in memory and in a value */
	uint32_t align;
	uint32_t elem;       /* vector and array: element type id; pointer: pointee */
	uint32_t count;      /* vector components, array length, struct members */
	uint32_t storage;    /* XT_POINTER: its storage class */
	const uint32_t *members;  /* XT_STRUCT: member type ids (in the module's words) */
	uint32_t *offsets;        /* XT_STRUCT: byte offset of each member */
} hd_xtype;

/* What an id is. */
enum {
	XID_NONE,
	XID_TYPE,      /* .index: into types */
	XID_CONST,     /* module-level value: .index is its offset in consts */
	XID_LOCAL,     /* value of a function body: .index is its offset in a frame */
	XID_LABEL,     /* .index: the OpLabel's slot */
	XID_FUNCTION,  /* .index: into functions */
	XID_EXTSET     /* OpExtInstImport: .index is an hd_xset */
};

typedef enum hd_xset {
	XSET_OTHER,      /* a set the interpreter does not run */
	XSET_OPENCL_STD  /* OpenCL.std */
} hd_xset;

typedef struct hd_xid {
	uint8_t what;
	uint8_t packed;   /* decorated CPacked */
	uint32_t builtin; /* its BuiltIn decoration + 1; 0 when none */
	uint32_t type;    /* a value's type id */
	uint32_t index;
	uint32_t function;  /* XID_LOCAL: the function whose frame index is in;
	                       a damaged module may use the id in another one */
} hd_xid;

typedef struct hd_xrun hd_xrun;
typedef struct hd_xlane hd_xlane;
typedef struct hd_xinsn hd_xinsn;

/* A handler executes one instruction for one work-item. The work-item's
 * frame already points at the next slot; a branch moves it. 0, or -1 when
 * the run ends (hd_x_trap, hd_x_unsupported, or an error in r->st). */
typedef int (*hd_xfn)(hd_xrun *r, hd_xlane *l, const hd_xinsn *in);

/* One row of the opcode table (ops.def). */
typedef struct hd_xop {
	uint16_t opcode;
	uint8_t control;     /* may change which slot comes next */
	hd_xfn fn;
	uint32_t arg;        /* the handler's sub-operation (an HD_XA_* code) */
} hd_xop;

struct hd_xinsn {
	const uint32_t *w;   /* the instruction's words, w[0] the opcode word */
	uint16_t opcode;
	uint16_t nwords;
	uint32_t bytes;      /* the size of its result value */
	const hd_xop *op;    /* NULL: not implemented */
};

typedef struct hd_xfunc {
	uint32_t id;
	const char *name;        /* its linkage name, else its OpName; NULL when none */
	int has_body;            /* an OpLabel: not an import */
	hd_xinsn *slots;     /* indexed by slot */
	uint32_t nslots;
	uint32_t frame_bytes;    /* bytes of its values */
	uint32_t nparams;
	uint32_t *params;        /* OpFunctionParameter ids */
	uint32_t return_type;
	uint8_t *stop;           /* stop[s]: slot s starts a new source position */
	uint32_t *point_first;   /* points before slot s: [point_first[s], point_first[s+1]) */
} hd_xfunc;

/* One object in a memory: bytes and which of them were written. */
typedef struct hd_xregion {
	uint64_t base;
	uint32_t size;
	uint8_t *bytes;
	uint8_t *set;        /* one byte per byte: 1 when written */
} hd_xregion;

/* A memory: its objects in address order. A work-item's private memory is a
 * stack: a call's objects go on top and leave on return. */
typedef struct hd_xmem {
	hd_xregion *r;
	uint32_t n, cap;
	uint64_t next;       /* where the next object goes */
} hd_xmem;

typedef struct hd_xframe {
	uint32_t function;
	uint32_t slot;        /* the next slot to execute */
	uint32_t block;       /* slot of the current block's OpLabel */
	uint32_t came_from;   /* slot of the OpLabel of the block branched from */
	uint8_t *vals;
	uint32_t ret_id;      /* the caller's OpFunctionCall result, 0 for none */
	uint32_t mem_mark;    /* private objects to keep on return */
	uint64_t mem_next;
} hd_xframe;

enum { XL_RUNNING, XL_BARRIER, XL_DONE };

struct hd_xlane {
	uint32_t item;        /* wave·W + lane in the group */
	uint32_t local_id[3];
	uint8_t state;
	hd_xframe *frames;
	uint32_t depth, cap;
	hd_xmem priv;
};

struct hd_exec {
	const hd_spv_module *m;
	hd_exec_config cfg;
	uint32_t kernel;          /* index in functions */
	uint32_t entry_insn;      /* the OpEntryPoint */
	int addr64;               /* Physical64 */
	uint32_t nids;
	hd_xid *ids;
	hd_xtype *types;
	uint32_t ntypes;
	uint8_t *consts;          /* module-level values */
	uint32_t consts_size;
	hd_xfunc *funcs;          /* parallel to m->functions */
	uint32_t nfuncs;
	/* State of the run (run.c). */
	hd_xmem global, local;
	uint32_t group[3], ngroups[3];
	hd_xlane *lanes;
	uint32_t nlanes;
	size_t mem_used;
	uint64_t steps;
	uint64_t bytes;           /* moved by the steps: bounded by cfg.max_bytes */
	hd_exec_outcome *out;
	uint8_t executed[65536 / 8];  /* bit per opcode a run executed */
	uint8_t executed_std[1024 / 8];  /* bit per OpenCL.std instruction */
	/* The kernel arguments, at the kernel parameters' offsets of a frame
	 * (inputs.c). */
	uint8_t *arg_vals;
	/* What the program printed with printf this run (opencl_std_printf.c),
	 * and whether some of it was cut at the bound. */
	hd_buf printf_out;
	int printf_cut;
};

/* Running one work-group's instruction (run.c). */
struct hd_xrun {
	hd_exec *x;
	const hd_exec_observer *obs;
	hd_status *st;
	uint8_t scratch[256];     /* OpPhi's parallel copy (values up to 128 bytes
	                           * each, the widest OpenCL vector) */
};

/* prepare.c */
int hd_x_prepare(hd_exec *x, hd_status *st);
const hd_xtype *hd_x_type(const hd_exec *x, uint32_t type_id);
/* The byte offset and type of element i of a composite type. -1 when out of range. */
int hd_x_element(const hd_exec *x, uint32_t type_id, uint64_t i, uint32_t *offset,
                 uint32_t *elem_type);

/* ops.c: the opcode table */
const hd_xop *hd_x_op(uint32_t opcode);
const char *hd_x_opname(uint32_t opcode);

/* Value access for handlers (values.c). */
uint8_t *hd_x_val(hd_xrun *r, hd_xlane *l, uint32_t id);
const hd_xtype *hd_x_val_type(hd_xrun *r, uint32_t id);
uint64_t hd_x_get_u(const uint8_t *p, unsigned bytes);
int64_t hd_x_get_s(const uint8_t *p, unsigned bytes);
void hd_x_put_u(uint8_t *p, unsigned bytes, uint64_t v);
double hd_x_get_f(const uint8_t *p, unsigned bits);
void hd_x_put_f(uint8_t *p, unsigned bits, double v);
/* Scalar component type of a scalar or vector type, and its count. */
const hd_xtype *hd_x_scalar(const hd_exec *x, const hd_xtype *t, uint32_t *count);
/* Ends the run: trapped or unsupported; both return -1. */
int hd_x_trap(hd_xrun *r, hd_xlane *l, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
int hd_x_unsupported(hd_xrun *r, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Memory (memory.c). */
int hd_x_alloc(hd_exec *x, hd_xmem *mem, uint32_t size, uint32_t align, uint64_t *addr,
               hd_status *st);
/* The object holding [addr, addr+n), or NULL. */
hd_xregion *hd_x_find(const hd_xmem *mem, uint64_t addr, uint32_t n);
void hd_x_mem_pop(hd_exec *x, hd_xmem *mem, uint32_t keep, uint64_t next);
void hd_x_mem_free(hd_xmem *mem);
/* Loads and stores through a pointer of SPIR-V storage class `storage`;
 * a byte outside every object traps. */
int hd_x_load(hd_xrun *r, hd_xlane *l, uint32_t storage, uint64_t ptr, uint8_t *out,
              uint32_t n);
int hd_x_store(hd_xrun *r, hd_xlane *l, uint32_t storage, uint64_t ptr,
               const uint8_t *in, uint32_t n);
hd_xmem *hd_x_space(hd_exec *x, hd_xlane *l, hd_exec_space s);
/* A pointer's storage class when `id` has a pointer type, else Generic. */
uint32_t hd_x_storage_of(hd_xrun *r, uint32_t id);

/* A call of a function with no body: the few library functions compilers
 * leave to the runtime (imports.c). */
int hd_x_import(hd_xrun *r, hd_xlane *l, uint32_t function, const uint32_t *args,
                uint32_t nargs, uint32_t ret_id);

/* Calls and returns (run.c). */
int hd_x_call(hd_xrun *r, hd_xlane *l, uint32_t function, const uint32_t *args,
              uint32_t nargs, uint32_t ret_id);
int hd_x_return(hd_xrun *r, hd_xlane *l, const uint8_t *value, uint32_t size);
/* The builtin values of a work-item (inputs.c). */
int hd_x_builtin(hd_exec *x, hd_xlane *l, uint32_t builtin, uint8_t *out, uint32_t size);
/* Kernel arguments and module-level memory at the start of a run (inputs.c). */
int hd_x_setup_globals(hd_exec *x, hd_status *st);
int hd_x_setup_local(hd_exec *x, hd_status *st);
int hd_x_kernel_args(hd_exec *x, hd_xlane *l, uint8_t *vals, hd_status *st);
int hd_x_setup_private(hd_exec *x, hd_xlane *l, hd_status *st);

#endif
