/* Internal to the evaluator: the state of one evaluation and the helpers the
 * operation handlers share. Not part of libhdref's API. */
#ifndef HD_MACHINE_H
#define HD_MACHINE_H

#include "eval.h"
#include "../../util/arena.h"
#include "../../util/le.h"

#include <string.h>

/* DW_ATE_* values used by the evaluator (DWARF 5 Table 7.11). */
enum {
	HD_ATE_address = 0x01, HD_ATE_boolean = 0x02, HD_ATE_float = 0x04,
	HD_ATE_signed = 0x05, HD_ATE_signed_char = 0x06, HD_ATE_unsigned = 0x07,
	HD_ATE_unsigned_char = 0x08, HD_ATE_lo_user = 0x80, HD_ATE_hi_user = 0xff
};

struct hd_eval {
	hd_arena arena;
	hd_limits limits;
	hd_entry *stack;  /* shared by nested evaluations, each above its base */
	uint32_t depth, cap;
	/* What one top-level evaluation has unwound so far, per frame (unwind.c).
	 * Without it a question about frame N costs about 3^N rule evaluations. */
	uint8_t *known;         /* HD_KNOWN_PC, HD_KNOWN_CFA bits */
	uint64_t *pc;
	const hd_loc **cfa;
	uint32_t ncache;
};

enum { HD_KNOWN_PC = 1, HD_KNOWN_CFA = 2 };

/* A rule application or CFA computation in progress. The list runs through
 * the nested evaluations it starts, so CFI that needs its own result is
 * found (DWARF Extensions for Heterogeneous Debugging, "Call Frame Instructions": circular dependencies). */
typedef struct hd_unwinding {
	uint32_t frame;
	uint64_t column;   /* a register, HD_CFA_COLUMN or HD_PC_COLUMN */
	const struct hd_unwinding *prev;
} hd_unwinding;

#define HD_CFA_COLUMN UINT64_MAX
#define HD_PC_COLUMN (UINT64_MAX - 1)   /* the frame's program location */

/* One evaluation in progress: the session plus what every handler needs. */
typedef struct hd_machine {
	hd_eval *ev;
	const hd_encoding *enc;
	const hd_context *ctx;  /* context of the expression being executed */
	uint32_t base;          /* stack index where this evaluation's entries start */
	uint64_t steps;
	uint32_t call_depth;
	uint16_t last_op;       /* id of the last executed op (DW_OP_entry_value) */
	uint64_t last_reg;      /* register of the last DW_OP_reg* executed */
	const hd_op *op;        /* the op being executed, for messages */
	hd_status *st;
	const hd_unwinding *unwinding;  /* CFI being evaluated (unwind.c) */
} hd_machine;

typedef int (*hd_op_handler)(hd_machine *m, const hd_op *op);

/* A single location with its storage, in one piece: what hd_loc_of_new
 * allocates, and what an operation that uses a location at once and keeps
 * nothing of it (DW_OP_deref of an address) builds on the C stack. */
typedef struct hd_loc_buf {
	hd_loc l;
	hd_sloc s;
	hd_storage st;
} hd_loc_buf;

/* The low `bits` bits set. */
static inline uint64_t hd_mask(unsigned bits)
{
	return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
}

/* The generic type has the size of an address in the default address
 * space: the architecture says, or else the compilation unit's address
 * size. Inline, like the stack helpers below: every operation asks. */
static inline unsigned hd_generic_bits(const hd_machine *m)
{
	if (m->ctx->arch != NULL)
		return m->ctx->arch->generic_bits;
	return 8u * m->enc->addr_size;
}

/* The number of entries of this evaluation's stack, and entry index of it
 * (0 is the top; NULL when there is none). */
static inline uint32_t hd_stack_size(const hd_machine *m)
{
	return m->ev->depth - m->base;
}

static inline hd_entry *hd_stack_at(hd_machine *m, uint32_t index)
{
	if (index >= hd_stack_size(m))
		return NULL;
	return &m->ev->stack[m->ev->depth - 1 - index];
}

/* Entry index (0 is the top) when it is a value, for an operation to work
 * on in place; NULL when it is a location or missing, for which the
 * operation pops and converts. */
static inline hd_value *hd_top_value(hd_machine *m, uint32_t index)
{
	hd_entry *e = hd_stack_at(m, index);

	return e != NULL && !e->is_loc ? &e->value : NULL;
}

/* An incomplete composite: what DW_OP_piece is building, which only the
 * composite operations may use (location.c). */
static inline int hd_is_incomplete(const hd_loc *l)
{
	return l->n == 1 && l->s[0].storage->kind == HD_STORAGE_COMPOSITE &&
	       !l->s[0].storage->u.comp.complete;
}

/* A value of the generic type, x cut to its size. */
static inline void hd_value_generic(const hd_machine *m, hd_value *v, uint64_t x)
{
	unsigned bits = hd_generic_bits(m);

	v->type = NULL;
	v->bits = bits;
	v->lo = x & hd_mask(bits);
	v->big = NULL;
	v->ipv = NULL;
}

/* DWARF Extensions for Heterogeneous Debugging: integral means DW_ATE_signed, signed_char, unsigned,
 * unsigned_char, boolean, or a target encoding in lo_user..hi_user. A vector
 * type is not integral. */
static inline int hd_is_integral_type(const hd_base_type *t)
{
	if (t == NULL)
		return 1;
	if (t->vector != 0)
		return 0;
	switch (t->encoding) {
	case HD_ATE_boolean:
	case HD_ATE_signed:
	case HD_ATE_signed_char:
	case HD_ATE_unsigned:
	case HD_ATE_unsigned_char:
		return 1;
	default:
		return t->encoding >= HD_ATE_lo_user;
	}
}

static inline int hd_is_integral(const hd_value *v)
{
	return v->ipv == NULL && hd_is_integral_type(v->type);
}

/* DW_ASPACE_none: the architecture's default address space. */
static inline uint64_t hd_default_aspace(const hd_machine *m)
{
	return m->ctx->arch ? m->ctx->arch->default_aspace : 0;
}

/* The pc at which frame's program location is looked up: its FDE row, its
 * subprogram, the entries of a location list. A caller frame's pc is its
 * return address, which may lie past the call's subprogram or the range of
 * a variable's location, so the call site one byte before it is used
 * (DWARF 5 6.4.4); the top frame's pc is where it stopped. One rule, so CFI,
 * subprograms and location lists never disagree about where a frame is. */
static inline uint64_t hd_lookup_pc(uint32_t frame, uint64_t pc)
{
	return frame > 0 ? pc - 1 : pc;
}

/* A nested evaluation's own start: DWARF Extensions for Heterogeneous Debugging gives DIE locations, frame
 * answers, CFI, attributes and entry values the result kind they need, no
 * object and an empty initial stack. */
static inline void hd_context_nested(hd_context *sub, hd_result_kind kind)
{
	sub->result = kind;
	sub->object = NULL;
	sub->initial = NULL;
	sub->ninitial = 0;
}

/* ---- errors (eval.c) ---- */
int hd_ill(hd_machine *m, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
int hd_err(hd_machine *m, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
int hd_missing(hd_machine *m, const char *element);
/* NULL after reporting "memory-limit". Inline: an evaluation makes a few
 * of these, and the arena's bump is a handful of instructions. */
void *hd_alloc_failed(hd_machine *m);
static inline void *hd_alloc(hd_machine *m, size_t n)
{
	void *p = hd_arena_alloc(&m->ev->arena, n);

	return p != NULL ? p : hd_alloc_failed(m);
}

/* hd_alloc, not cleared: for the location objects, which set what they use. */
static inline void *hd_alloc_raw(hd_machine *m, size_t n)
{
	void *p = hd_arena_alloc_raw(&m->ev->arena, n);

	return p != NULL ? p : hd_alloc_failed(m);
}

/* Entry index of the CU's .debug_addr (eval.c). */
int hd_debug_addr(hd_machine *m, uint64_t index, uint64_t *x);

/* ---- the stack (eval.c) ---- */
int hd_push(hd_machine *m, const hd_entry *e);
/* hd_push_slot when the stack is full: the limit, or a larger stack. */
hd_entry *hd_push_grow(hd_machine *m);

/* The slot a push fills, for a caller that writes the entry in place:
 * NULL after reporting the stack limit or no memory. Inline, with the
 * pushes below: most operations push, and the stack nearly always has
 * room. */
static inline hd_entry *hd_push_slot(hd_machine *m)
{
	hd_eval *ev = m->ev;

	if (ev->depth < ev->cap && ev->depth < ev->limits.max_stack)
		return &ev->stack[ev->depth++];
	return hd_push_grow(m);
}

static inline int hd_push_value(hd_machine *m, const hd_value *v)
{
	hd_entry *slot = hd_push_slot(m);

	if (slot == NULL)
		return -1;
	slot->is_loc = 0;
	slot->value = *v;
	slot->loc = NULL;
	return 0;
}

/* The entry's value is left as it was: nothing reads the value of a
 * location entry. */
static inline int hd_push_loc(hd_machine *m, const hd_loc *l)
{
	hd_entry *slot = hd_push_slot(m);

	if (slot == NULL)
		return -1;
	slot->is_loc = 1;
	slot->loc = l;
	return 0;
}
int hd_pop(hd_machine *m, hd_entry *e);
/* Pops an entry that must be (or convert to) a location / value / integral
 * value. The first two are inline for the entry that is one already, the
 * common case; the functions they fall back on take any entry. */
/* hd_pop_loc_in converts an address in buf (NULL: the arena), for a
 * location that is used at once and kept nowhere. */
int hd_pop_loc_in(hd_machine *m, hd_loc_buf *buf, const hd_loc **l);
int hd_pop_value_any(hd_machine *m, hd_value *v);

static inline int hd_pop_loc(hd_machine *m, const hd_loc **l)
{
	hd_entry *e = hd_stack_at(m, 0);

	if (e != NULL && e->is_loc && !hd_is_incomplete(e->loc)) {
		m->ev->depth--;
		*l = e->loc;
		return 0;
	}
	return hd_pop_loc_in(m, NULL, l);
}

static inline int hd_pop_value(hd_machine *m, hd_value *v)
{
	hd_entry *e = hd_stack_at(m, 0);

	if (e != NULL && !e->is_loc) {
		m->ev->depth--;
		*v = e->value;
		return 0;
	}
	return hd_pop_value_any(m, v);
}

int hd_pop_integral(hd_machine *m, hd_value *v);
/* What hd_pop_integral requires of the value it pops. */
int hd_check_integral(hd_machine *m, const hd_value *v);

/* Evaluates bytes as a separate expression above the current stack, with
 * context ctx, and leaves its result in *out (eval.c). */
int hd_eval_nested(hd_machine *m, const hd_context *ctx, const uint8_t *bytes,
                   size_t len, hd_entry *out);
/* Runs fn as a top-level evaluation: a fresh machine on ev, the result rules
 * of hd_eval_expr applied to what fn leaves in *out (eval.c). */
typedef int (*hd_machine_fn)(hd_machine *m, void *arg, hd_entry *out);
int hd_eval_with(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                 hd_machine_fn fn, void *arg, hd_result *res);

/* ---- values (value.c) ---- */
uint32_t hd_type_bits(const hd_machine *m, const hd_base_type *t);
int hd_type_signed(const hd_base_type *t);   /* generic: 1 (DWARF 5 2.5.1.5) */
uint64_t hd_value_u64(const hd_value *v);     /* zero-extended low 64 bits */
int64_t hd_value_s64(const hd_value *v);      /* sign-extended per the type */
/* The whole number v holds, of any width, read signed or unsigned, clamped
 * to +-2^HD_NUMBER_LIMIT_BITS. Where a value wider than 64 bits may arrive
 * (a branch condition, an address space, a displacement), the low 64 bits of
 * hd_value_u64 would make 2^64 look like 0; no location storage and no
 * identifier reaches the limit, so a clamped number is as wrong as the exact
 * one wherever it is used. */
#define HD_NUMBER_LIMIT_BITS 100
hd_bits hd_value_number(const hd_value *v, int is_signed);
int hd_find_type(hd_machine *m, uint64_t die, int allow_generic,
                 const hd_base_type **t);
/* A value of type t from the low bits of bytes (little-endian). */
int hd_value_from_bytes(hd_machine *m, const hd_base_type *t, const uint8_t *bytes,
                        size_t nbytes, hd_value *v);
/* The bytes of v: ceil(bits/8) of them, little-endian. */
const uint8_t *hd_value_bytes(hd_machine *m, const hd_value *v, uint8_t tmp[8]);

/* ---- locations (location.c) ---- */
hd_storage *hd_storage_new(hd_machine *m, hd_storage_kind kind, hd_bits size);
hd_loc *hd_loc_single(hd_machine *m, hd_storage *s, hd_bits offset);
/* A single location at offset in a new storage of kind and size, with extra
 * bytes after the storage, not cleared: one allocation for all three, since
 * most evaluations make a few and none is freed apart. *out is the
 * storage. */
static inline hd_loc *hd_loc_of_new(hd_machine *m, hd_storage_kind kind, hd_bits size,
                                    hd_bits offset, size_t extra, hd_storage **out)
{
	/* inline, and not cleared by memset: most locations are made here.
	 * The storage is set whole (its union zero, which an empty composite
	 * needs); the extra bytes are the caller's to fill before it reads
	 * them. */
	hd_loc_buf *p = hd_alloc_raw(m, sizeof *p + extra);

	if (p == NULL)
		return NULL;
	p->st = (hd_storage){ .kind = kind, .size = size };
	p->l.n = 1;
	p->l.s = &p->s;
	p->s.storage = &p->st;
	p->s.offset = offset;
	*out = &p->st;
	return &p->l;
}
const hd_loc *hd_loc_undefined(hd_machine *m);
/* A memory location in aspace at byte address addr (already cut to the
 * address space's size). info is the address space's, when the caller has
 * asked the architecture already (NULL: ask it); buf is where to build it
 * (NULL: the arena). */
int hd_loc_memory_at(hd_machine *m, uint64_t aspace, const hd_aspace_info *info,
                     uint64_t addr, hd_loc_buf *buf, const hd_loc **out);
static inline int hd_loc_memory(hd_machine *m, uint64_t aspace, uint64_t addr,
                                const hd_loc **out)
{
	return hd_loc_memory_at(m, aspace, NULL, addr, NULL, out);
}
int hd_loc_implicit(hd_machine *m, const uint8_t *bytes, uint64_t nbits,
                    const hd_loc **out);
int hd_loc_offset(hd_machine *m, const hd_loc *l, hd_bits delta, const hd_loc **out);
/* Reads nbits through l; sets *ipv when the bits are a whole implicit pointer
 * storage (DWARF Extensions for Heterogeneous Debugging, DW_OP_implicit_pointer rules 1 and 2). */
int hd_read_loc(hd_machine *m, const hd_loc *l, uint64_t nbits, uint8_t *out,
                const hd_ipv **ipv);
int hd_write_loc(hd_machine *m, const hd_loc *l, uint64_t nbits, const uint8_t *in);
/* Reads bits (at most 64) through l as an unsigned number: a register's
 * contents, a return address, an execution mask. */
int hd_read_u64(hd_machine *m, const hd_loc *l, uint64_t bits, uint64_t *v);
/* Memory location of a value (DWARF Extensions for Heterogeneous Debugging implicit conversion to a location). */
int hd_value_to_loc(hd_machine *m, const hd_value *v, const hd_loc **out);
/* The same, built in buf when the value is an address (see hd_loc_buf). */
int hd_value_to_loc_in(hd_machine *m, const hd_value *v, hd_loc_buf *buf,
                       const hd_loc **out);
/* The location an implicit pointer value designates (DIE location + disp). */
int hd_ipv_deref(hd_machine *m, const hd_ipv *ipv, const hd_loc **out);
/* The location a location list gives at the current pc (loclist.c). */
int hd_loclist_run(hd_machine *m, const hd_loclist *l, const hd_loc **out);
/* Value of a location (DWARF Extensions for Heterogeneous Debugging implicit conversion to a value); -1 silently
 * when it does not convert. */
int hd_loc_to_value(hd_machine *m, const hd_loc *l, hd_value *v);

/* ---- operation handlers ---- */
/* arith.c: arithmetic, logical, comparison and conversion ops */
int hd_op_unary(hd_machine *m, const hd_op *op);
int hd_op_binary(hd_machine *m, const hd_op *op);
int hd_op_compare(hd_machine *m, const hd_op *op);
int hd_op_plus_uconst(hd_machine *m, const hd_op *op);
int hd_op_convert(hd_machine *m, const hd_op *op);
int hd_op_reinterpret(hd_machine *m, const hd_op *op);
/* locops.c: location description ops */
int hd_op_memory(hd_machine *m, const hd_op *op);      /* addr, addrx, form_aspace_address, form_tls_address */
int hd_op_breg(hd_machine *m, const hd_op *op);        /* breg*, bregx, aspace_bregx, fbreg */
int hd_op_register(hd_machine *m, const hd_op *op);    /* reg*, regx */
int hd_register_value(hd_machine *m, uint64_t reg, unsigned bits, uint64_t *value);
/* The size of register reg; ill-formed "unknown-register" if there is none. */
int hd_register_bits(hd_machine *m, uint64_t reg, uint64_t *bits);
int hd_op_frame(hd_machine *m, const hd_op *op);       /* call_frame_cfa, call_frame_entry_reg */
int hd_op_implicit(hd_machine *m, const hd_op *op);    /* implicit_value, stack_value, implicit_pointer */
int hd_op_offset(hd_machine *m, const hd_op *op);      /* LLVM_offset, offset_uconst, bit_offset */
int hd_op_undefined(hd_machine *m, const hd_op *op);
int hd_op_piece(hd_machine *m, const hd_op *op);       /* piece, bit_piece */
int hd_op_piece_end(hd_machine *m, const hd_op *op);
int hd_op_extend(hd_machine *m, const hd_op *op);
int hd_op_select_bit_piece(hd_machine *m, const hd_op *op);
/* unwind.c: call frames, when the context has a call stack (ctx->stack) */
int hd_frame_pc(hd_machine *m, uint32_t frame, uint64_t *pc);
/* The pc that selects frame's row and subprogram: a caller's call site. */
int hd_frame_lookup_pc(hd_machine *m, uint32_t frame, uint64_t *pc);
/* The current context with the frame and its program location replaced. */
int hd_frame_context(hd_machine *m, uint32_t frame, hd_context *sub);
/* Where register reg of frame lives. */
int hd_frame_loc(hd_machine *m, uint32_t frame, uint64_t reg, const hd_loc **out);
int hd_frame_register(hd_machine *m, uint64_t reg, const hd_loc **out);   /* DW_OP_regx, frame > 0 */
int hd_frame_entry_reg(hd_machine *m, uint64_t reg, const hd_loc **out);  /* call_frame_entry_reg */
int hd_frame_cfa(hd_machine *m, const hd_loc **out);                      /* call_frame_cfa */
int hd_frame_base(hd_machine *m, const hd_loc **out);                     /* DW_OP_fbreg */
/* What a DW_AT_frame_base result l of frame `frame` stands for: a register
 * result is the address in that register (DW_OP_bregx R, 0), memory is
 * itself, anything else is ill-formed (subprogram.c). */
int hd_frame_base_result(hd_machine *m, uint32_t frame, const hd_loc *l, const hd_loc **out);
/* Runs fn as a top-level evaluation in frame of ctx's call stack (subprogram.c). */
int hd_run_in_frame(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                    uint32_t frame, hd_result_kind kind, hd_machine_fn fn, void *arg,
                    hd_result *res);
/* The context of the frame that called the current one, at its call site. */
int hd_caller_context(hd_machine *m, hd_context *sub);
/* deref.c: ops that read through a location */
int hd_op_deref(hd_machine *m, const hd_op *op);       /* deref, deref_size, deref_type, xderef*, regval_type */
int hd_op_entry_value(hd_machine *m, const hd_op *op);

#endif
