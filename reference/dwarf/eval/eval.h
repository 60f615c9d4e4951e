/* The reference evaluator of DWARF operation expressions, with the semantics
 * of DWARF Extensions for Heterogeneous Debugging ("DWARF Extensions For Heterogeneous Debugging", section "DWARF
 * Expressions" and its subsections). docs/evaluator.md maps each operation to
 * the rule it follows.
 *
 * Results, stack entries and location descriptions live in the hd_eval
 * session that made them, until hd_eval_reset or hd_eval_free; one result may
 * be handed to a later evaluation as its object or initial stack. */
#ifndef HD_EVAL_H
#define HD_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "../codec/expr.h"
#include "target.h"
#include "../../util/status.h"

/* Bit offsets and sizes need 67 bits for a 64-bit address space. */
__extension__ typedef __int128 hd_bits;

/* A DW_TAG_base_type, as the compilation unit describes it. */
typedef struct hd_base_type {
	uint64_t die;        /* offset in the compilation unit */
	const char *name;    /* for canonical output */
	uint8_t encoding;    /* DW_ATE_* */
	uint32_t bits;       /* bit size of one element */
	uint32_t vector;     /* DW_AT_LLVM_vector_size; 0: not a vector */
} hd_base_type;

/* A location list expression (DWARF Extensions for Heterogeneous Debugging "DWARF Location List Expressions")
 * with its entries resolved: a bounded entry matches when low <= pc < high,
 * a default entry when no bounded one does. */
typedef struct hd_loclist_entry {
	int is_default;                /* DW_LLE_default_location */
	uint64_t low, high;            /* bounded entries */
	const uint8_t *expr;
	size_t len;
} hd_loclist_entry;

typedef struct hd_loclist {
	const hd_loclist_entry *entries;
	size_t n;
} hd_loclist;

/* A DIE that DW_OP_call*, DW_OP_implicit_pointer and friends may name. */
typedef struct hd_die_info {
	uint64_t offset;               /* offset in .debug_info */
	const uint8_t *location;       /* DW_AT_location exprloc, or NULL */
	size_t location_len;
	const uint8_t *const_value;    /* DW_AT_const_value bytes, or NULL */
	size_t const_value_len;
	const hd_loclist *loclist;     /* DW_AT_location as a location list, or NULL */
} hd_die_info;

/* The current compilation unit context element. */
typedef struct hd_cu {
	uint64_t offset;               /* of the CU header in .debug_info */
	const hd_base_type *types;     /* looked up by CU-relative DIE offset */
	size_t ntypes;
	const hd_die_info *dies;       /* looked up by .debug_info offset */
	size_t ndies;
	const uint64_t *addrs;         /* .debug_addr entries from DW_AT_addr_base */
	size_t naddrs;
} hd_cu;

struct hd_storage;
struct hd_callstack;

/* An implicit pointer value (DWARF Extensions for Heterogeneous Debugging, DW_OP_implicit_pointer): what a
 * DW_OP_deref* of the whole implicit pointer storage yields. */
typedef struct hd_ipv {
	uint64_t die;
	int64_t disp;
	uint64_t aspace;
	const struct hd_storage *origin;  /* the storage it was read from */
} hd_ipv;

typedef struct hd_value {
	const hd_base_type *type;  /* NULL: the generic type */
	uint32_t bits;             /* total bits (elements x element bits) */
	uint64_t lo;               /* the bits when bits <= 64 */
	const uint8_t *big;        /* little-endian bytes when bits > 64 */
	const hd_ipv *ipv;         /* non-NULL: this is an implicit pointer value */
} hd_value;

typedef enum hd_storage_kind {
	HD_STORAGE_MEMORY,
	HD_STORAGE_REGISTER,
	HD_STORAGE_IMPLICIT,          /* fixed value bytes */
	HD_STORAGE_IMPLICIT_POINTER,  /* DW_OP_(LLVM_aspace_)implicit_pointer */
	HD_STORAGE_UNDEFINED,
	HD_STORAGE_COMPOSITE
} hd_storage_kind;

typedef struct hd_loc hd_loc;

typedef struct hd_part {
	const hd_loc *loc;
	uint64_t bits;
} hd_part;

typedef struct hd_storage {
	hd_storage_kind kind;
	hd_bits size;  /* in bits; unused for undefined storage */
	union {
		struct { uint64_t aspace; int has_lane; uint32_t lane; } mem;
		struct { uint64_t reg; } reg;
		struct { const uint8_t *bytes; } imp;
		hd_ipv iptr;
		struct { hd_part *parts; uint32_t nparts, cap; int complete; } comp;
	} u;
} hd_storage;

/* A single location description: a storage and a bit offset into it. */
typedef struct hd_sloc {
	hd_storage *storage;
	hd_bits offset;
} hd_sloc;

/* A location description: one or more single location descriptions. */
struct hd_loc {
	uint32_t n;
	hd_sloc *s;
};

typedef struct hd_entry {
	int is_loc;
	hd_value value;
	const hd_loc *loc;
} hd_entry;

typedef enum hd_result_kind {
	HD_RESULT_ANY,
	HD_RESULT_LOCATION,
	HD_RESULT_VALUE
} hd_result_kind;

typedef enum hd_frame_query {
	HD_FRAME_CFA,        /* DW_OP_call_frame_cfa */
	HD_FRAME_BASE,       /* DW_AT_frame_base, for DW_OP_fbreg */
	HD_FRAME_REGISTER,   /* register reg in a frame that is not the top one */
	HD_FRAME_ENTRY_REG   /* register reg on entry to the frame's subprogram */
} hd_frame_query;

/* Answers for the frame-dependent operations. Until call frame information is
 * evaluated, the caller supplies each answer as an operation expression that
 * evaluates, in the top frame, to the location description asked for. */
typedef struct hd_frames {
	void *self;
	/* 0 with the expression in *expr and *len; -1 when there is no answer */
	int (*query)(void *self, hd_frame_query q, uint32_t frame, uint64_t reg,
	             const uint8_t **expr, size_t *len);
} hd_frames;

/* The context elements of DWARF Extensions for Heterogeneous Debugging "DWARF Expression Evaluation Context".
 * A zeroed hd_context has none of them. */
typedef struct hd_context {
	hd_result_kind result;
	const hd_target *arch;      /* current target architecture; NULL: none */
	int has_thread;
	int has_lane;
	uint32_t lane;
	int has_frame;
	uint32_t frame;             /* 0: the top call frame */
	int has_pc;
	uint64_t pc;
	const hd_cu *cu;            /* current compilation unit; NULL: none */
	const hd_frames *frames;    /* NULL: no frame answers */
	const struct hd_callstack *stack;  /* the thread's call stack and its CFI
	                                      (unwind.h); when set, it answers the
	                                      frame-dependent operations instead of
	                                      frames */
	const hd_loc *object;       /* current object; NULL: none */
	const hd_entry *initial;    /* initial stack, bottom first */
	size_t ninitial;
} hd_context;

typedef struct hd_limits {
	uint64_t max_steps;       /* operations executed, nested ones included */
	uint32_t max_stack;       /* entries */
	uint32_t max_call_depth;  /* nested expression evaluations */
	size_t max_memory;        /* bytes of the session arena */
} hd_limits;

#define HD_LIMITS_DEFAULT { 1000000, 10000, 256, (size_t)256 << 20 }

typedef enum hd_outcome {
	HD_OUT_VALUE,
	HD_OUT_LOCATION,
	HD_OUT_ERROR   /* status.kind says evaluation error or ill-formed */
} hd_outcome;

typedef struct hd_result {
	hd_outcome kind;
	hd_value value;
	const hd_loc *loc;
	hd_status status;
	uint64_t steps;
} hd_result;

typedef struct hd_eval hd_eval;

hd_eval *hd_eval_new(const hd_limits *limits);  /* NULL limits: defaults */
void hd_eval_free(hd_eval *ev);
/* Forgets every result, location and value made so far. */
void hd_eval_reset(hd_eval *ev);

/* Evaluates an operation expression. Always fills res; returns 0 for a value
 * or location outcome and -1 for an error outcome. */
int hd_eval_expr(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                 const uint8_t *bytes, size_t len, hd_result *res);

/* Evaluates a location list expression with ctx (its pc selects the entries).
 * The list gives a location description, converted to ctx->result as
 * hd_eval_expr converts; returns like hd_eval_expr. */
int hd_eval_loclist(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                    const hd_loclist *l, hd_result *res);

/* Reads nbits through loc into out (little-endian, ceil(nbits/8) bytes). With
 * several single locations it reads the first (DWARF Extensions for Heterogeneous Debugging lets a consumer pick
 * any). */
int hd_loc_read(hd_eval *ev, const hd_context *ctx, const hd_loc *loc,
                uint64_t nbits, uint8_t *out, hd_status *st);
/* Writes nbits to every single location of loc (DWARF Extensions for Heterogeneous Debugging: writes update all). */
int hd_loc_write(hd_eval *ev, const hd_context *ctx, const hd_loc *loc,
                 uint64_t nbits, const uint8_t *in, hd_status *st);
/* One location description holding the single locations of all of locs[]. */
const hd_loc *hd_loc_union(hd_eval *ev, const hd_loc *const *locs, size_t n);
/* A value of the given type (NULL: generic) from little-endian bytes. */
int hd_value_make(hd_eval *ev, const hd_context *ctx, const hd_base_type *type,
                  const uint8_t *bytes, size_t nbytes, hd_value *out, hd_status *st);

#endif
