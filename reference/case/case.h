/* Expression cases, format v1 (docs/case-format.md): a text file that sets up
 * an AMDGPU wavefront, a compilation unit and an evaluation context, names one
 * DWARF operation expression, and asks for its canonical result.
 *
 * hd_case_parse checks everything that can be checked without evaluating:
 * names are resolved and text expressions assembled, so a parsed case only
 * fails later on things the model decides (a value too wide for a register).
 * Every input error is HD_BAD_INPUT with st->offset the 1-based line. */
#ifndef HD_CASE_H
#define HD_CASE_H

#include <stddef.h>
#include <stdint.h>

#include "../dwarf/eval/eval.h"
#include "../dwarf/eval/unwind.h"
#include "../util/arena.h"
#include "../util/buf.h"
#include "../util/status.h"

#define HD_CASE_MAX_LINE  (64u * 1024u)         /* bytes, without the newline */
#define HD_CASE_MAX_FILE  (16u * 1024u * 1024u)

/* A register or memory directive; they are applied in file order. */
typedef enum hd_case_set_kind {
	HD_SET_REG,       /* whole register: vals[] (one per lane for vector registers) */
	HD_SET_REG_LANE,  /* one lane's dword of a vector register: vals[0] */
	HD_SET_MEM        /* bytes at aspace:addr */
} hd_case_set_kind;

typedef struct hd_case_set {
	hd_case_set_kind kind;
	uint32_t line;
	uint64_t reg;          /* REG, REG_LANE */
	uint32_t lane;         /* REG_LANE, and MEM when has_lane */
	const uint64_t *vals;  /* REG, REG_LANE */
	uint32_t nvals;
	uint64_t aspace;       /* MEM */
	int has_lane;
	uint64_t addr;
	const uint8_t *bytes;
	size_t nbytes;
} hd_case_set;

/* An assembled expression and the line it came from (the first line for a
 * main expression spread over several). */
typedef struct hd_case_expr {
	uint32_t line;
	const uint8_t *bytes;
	size_t len;
} hd_case_expr;

/* An entry of the initial stack. */
typedef struct hd_case_push {
	uint32_t line;
	int is_loc;
	const hd_base_type *type;    /* value: NULL for generic */
	const uint8_t *bytes;        /* value: little-endian, nbytes */
	size_t nbytes;
	const hd_case_expr *alts;    /* location: alternatives, each a location */
	uint32_t nalts;
} hd_case_push;

/* An answer for a frame-dependent operation (hd_frames). */
typedef struct hd_case_frame {
	uint32_t line;
	hd_frame_query query;
	uint32_t frame;
	uint64_t reg;   /* HD_FRAME_REGISTER and HD_FRAME_ENTRY_REG */
	hd_case_expr expr;
} hd_case_frame;

/* A `cie` declaration and its initial instructions (joined from its content
 * lines, or empty). */
typedef struct hd_case_cie {
	uint32_t line;          /* of the declaration */
	const char *name;
	hd_cie_desc desc;       /* what hd_cfi_write lays out */
} hd_case_cie;

/* An `fde` declaration and its instructions; desc.cie indexes hd_case.cies. */
typedef struct hd_case_fde {
	uint32_t line;
	const char *name;
	const char *cie_name;
	hd_fde_desc desc;
} hd_case_fde;

/* A `subprogram` declaration with the attributes its content lines give.
 * sub.has_lanes tells `lanes=0` (ill-formed, for the evaluator to report)
 * from no DW_AT_LLVM_lanes at all. */
typedef struct hd_case_sub {
	uint32_t line;
	hd_subprogram sub;      /* name, range, lanes and expressions */
} hd_case_sub;

/* What an `evaluate` line asks for, answered after the main expression. */
typedef enum hd_case_req_kind {
	HD_REQ_CFA,
	HD_REQ_REG,
	HD_REQ_PC,
	HD_REQ_FRAME_BASE,
	HD_REQ_LANE_PC,
	HD_REQ_ACTIVE_LANE
} hd_case_req_kind;

typedef struct hd_case_request {
	uint32_t line;
	hd_case_req_kind what;
	uint32_t frame;
	uint64_t reg;           /* HD_REQ_REG */
} hd_case_request;

typedef struct hd_case {
	const char *path;       /* for messages; may be NULL */
	unsigned wave;          /* 32 or 64; 0: `arch none` */
	hd_encoding enc;
	int strict;

	/* the context directive, already in evaluator terms */
	hd_result_kind result;
	int has_thread, has_lane, has_frame, has_pc, has_cu;
	uint32_t lane, frame;
	uint64_t pc;

	const hd_case_set *sets;
	size_t nsets;
	hd_cu cu;               /* types, dies and .debug_addr of the CU at offset 0 */
	const hd_case_expr *object;  /* NULL: no current object */
	const hd_case_push *push;
	size_t npush;
	const hd_case_frame *frames;
	size_t nframes;
	int has_read;
	uint64_t read_bits;
	int has_write;          /* `write BITS = BYTES`, done before the read */
	uint64_t write_bits;
	const uint8_t *write_bytes;  /* ceil(write_bits / 8) bytes, little-endian */
	int has_expr;           /* 0 when there are only requests, or a loclist */
	hd_case_expr expr;      /* the expression under test */
	int has_loclist;        /* the expression under test is a location list */
	hd_loclist loclist;

	/* the call stack and its call frame information; stack NULL: none */
	const uint64_t *stack;  /* PCs, top frame first */
	uint32_t nstack;
	const hd_case_cie *cies;       /* in file order */
	size_t ncies;
	const hd_case_fde *fdes;       /* in file order */
	size_t nfdes;
	int has_debug_frame;           /* a whole section instead of cies/fdes */
	const uint8_t *debug_frame;
	size_t debug_frame_len;
	const hd_case_sub *subs;       /* in file order */
	size_t nsubs;
	const hd_case_request *requests;  /* in file order */
	size_t nrequests;

	/* storage: everything above points into these */
	hd_arena arena;
	hd_buf setv, typev, diev, addrv, pushv, framev;
} hd_case;

/* Parses case text (len bytes, need not be NUL-terminated). On success *out
 * is a new case to free with hd_case_free. */
int hd_case_parse(const char *text, size_t len, hd_case **out, hd_status *st);
/* Reads and parses a file. A file that cannot be read, or is too large, fails
 * with st->offset 0 (no line). */
int hd_case_load(const char *path, hd_case **out, hd_status *st);
void hd_case_free(hd_case *c);

/* Builds the model and context the case describes, evaluates, and appends
 * the canonical output to out. An evaluation error is output, not failure;
 * -1 means the case could not be set up (HD_BAD_INPUT with the line) or a
 * resource ran out. verbose adds "  # message" lines under error lines. */
int hd_case_run(const hd_case *c, int verbose, hd_buf *out, hd_status *st);

/* The parts of running a case that the target protocol splits between its
 * two sides (docs/adapter-protocol.md, "The target protocol"). */
struct hd_amdgpu;
/* The wavefront c describes, its registers and memory set as its
 * directives say; *model NULL for `arch none`. Free with hd_amdgpu_free. */
int hd_case_model(const hd_case *c, struct hd_amdgpu **model, hd_status *st);
/* hd_case_run, but on the architecture arch (NULL: none) instead of the
 * model c describes: c's register and memory directives are not applied. */
int hd_case_run_on(const hd_case *c, const hd_target *arch, int verbose, hd_buf *out,
                   hd_status *st);
/* The .debug_frame section c's cie and fde lines describe, or its
 * debug-frame bytes, appended to section; nothing when it has none. */
int hd_case_debug_frame(const hd_case *c, hd_buf *section, hd_status *st);

#endif
