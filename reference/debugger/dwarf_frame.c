/* Frame 0 as a debugger shows it, read through DWARF (dwarf_frame.h,
 * docs/watch-dwarf.md). */
#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf/codec/expr.h"
#include "dwarf_frame.h"
#include "dwarf_type.h"
#include "reading.h"
#include "watch/value_text.h"
#include "util/sort.h"

/* A value larger than this is not read: a debugger would page it. */
#define MAX_VALUE_BYTES ((uint64_t)16 << 20)
/* Reads one variable's leaf-by-leaf loading may make. */
#define MAX_READS 65536u

const char *hd_watch_die_name(const hd_die *d)
{
	const hd_attr *a = hd_watch_attr(d, DW_AT_name);
	return a != NULL && a->kind == HD_DV_STRING ? a->s : NULL;
}

/* ---- locations ---- */

int hd_watch_location_at(const hd_dw_unit *u, const hd_die *d, uint64_t pc, const uint8_t **b,
                         size_t *n)
{
	const hd_attr *a = d != NULL ? hd_die_attr(d, DW_AT_location) : NULL;

	if (a == NULL)
		return 1;
	if (a->kind == HD_DV_EXPR) {
		*b = a->bytes;
		*n = a->len;
		return 0;
	}
	if (a->kind != HD_DV_LOCLIST || a->u >= u->nloclists)
		return 1;
	for (uint32_t i = 0; i < u->loclists[a->u].n; i++) {
		const hd_dw_range *r = &u->loclists[a->u].entries[i];
		if (r->begin <= pc && pc < r->end) {
			*b = r->expr;
			*n = r->len;
			return 0;
		}
	}
	return 1;
}

/* Whether the expression's last operation is a piece: the composite it
 * builds is unfinished, and an operation after it would add to it. */
static int ends_in_piece(const uint8_t *b, size_t n, const hd_encoding *enc)
{
	hd_op *ops = NULL;
	size_t nops = 0;
	hd_status st;
	int r = 0;

	if (hd_decode_expr(b, n, enc, &ops, &nops, &st) == 0 && nops > 0)
		r = ops[nops - 1].id == HD_OP_piece || ops[nops - 1].id == HD_OP_bit_piece;
	free(ops);
	return r;
}

/* b, then DW_OP_LLVM_offset_uconst off (after DW_OP_LLVM_piece_end when b
 * ends in a piece), so the location starts off bytes into the variable
 * (DWARF Extensions for Heterogeneous Debugging, "General Location
 * Description Operations"). */
static int moved_expr(hd_buf *x, const uint8_t *b, size_t n, uint64_t off,
                      const hd_encoding *enc, hd_status *st)
{
	hd_op op;

	hd_buf_put(x, b, n);
	if (off == 0)
		return 0;
	memset(&op, 0, sizeof op);
	if (ends_in_piece(b, n, enc)) {
		op.id = HD_OP_LLVM_piece_end;
		if (hd_encode_op(x, &op, enc, st) != 0)
			return -1;
	}
	op.id = HD_OP_LLVM_offset_uconst;
	op.u[0] = off;
	return hd_encode_op(x, &op, enc, st);
}

int hd_watch_read_location(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                           const uint8_t *b, size_t n, uint64_t off, uint64_t nbits,
                           uint8_t *out, hd_status *st)
{
	hd_buf x;
	hd_result res;
	int rc = -1;

	hd_buf_init(&x);
	memset(&res, 0, sizeof res);
	if (moved_expr(&x, b, n, off, enc, st) != 0)
		rc = -1;
	else if (x.failed)
		hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	else if (hd_eval_expr(ev, ctx, enc, x.data, x.len, &res) != 0)
		*st = res.status;
	else if (res.kind != HD_OUT_LOCATION)
		hd_fail(st, HD_EVAL_ERROR, "not-a-location", 0, "the expression gives a value");
	else
		rc = hd_loc_read(ev, ctx, res.loc, nbits, out, st);
	hd_buf_free(&x);
	return rc;
}

/* ---- one variable ---- */

typedef struct loader {
	hd_eval *ev;
	const hd_context *ctx;
	const hd_encoding *enc;
	const uint8_t *expr;
	size_t len;
	uint8_t *bytes, *set;
	uint32_t reads;
} loader;

/* Reasons a read finds nothing: undefined storage (DWARF Extensions for
 * Heterogeneous Debugging, "Undefined Location Description Operations"),
 * memory never written on a strict model (docs/amdgpu-model.md), and bits
 * past the end of a composite whose pieces describe less than the whole
 * variable (DWARF 5 2.6.1.2: the pieces say where those bits are, and no
 * piece says where the others are). */
static int holds_nothing(const hd_status *st)
{
	return st->code != NULL &&
	       (strcmp(st->code, "undefined-read") == 0 || strcmp(st->code, "memory-unwritten") == 0 ||
	        strcmp(st->code, "out-of-bounds") == 0);
}

static int load_bytes(void *self, uint64_t byte, uint64_t n, hd_status *st)
{
	loader *l = self;
	hd_status rs;

	if (++l->reads > MAX_READS)
		return hd_fail(st, HD_EVAL_ERROR, "too-many-reads", 0,
		               "more than %u reads for one variable", MAX_READS);
	hd_status_clear(&rs);
	if (hd_watch_read_location(l->ev, l->ctx, l->enc, l->expr, l->len, byte, n * 8,
	                           l->bytes + byte, &rs) == 0) {
		memset(l->set + byte, 1, n);
		return 0;
	}
	if (holds_nothing(&rs))
		return 1;
	*st = rs;
	return -1;
}

/* DW_AT_const_value (DWARF 5 4.1): the variable's value itself, a constant
 * of its type's size or a block of its bytes. */
static void const_bytes(const hd_attr *a, uint8_t *bytes, uint64_t size)
{
	if (a->kind == HD_DV_BLOCK) {
		memcpy(bytes, a->bytes, a->len < size ? a->len : size);
		return;
	}
	for (uint64_t i = 0; i < size && i < 8; i++)
		bytes[i] = (uint8_t)(a->u >> (8 * i));
}

/* The text of var whose location is expr of len bytes (has_loc 0: whose
 * DW_AT_const_value is cv). -1: out of memory. */
static int var_text(const hd_watch_types *ty, hd_eval *ev, const hd_context *ctx,
                    const hd_encoding *enc, const hd_die *var, int has_loc,
                    const uint8_t *expr, size_t len, const hd_attr *cv, hd_buf *out)
{
	const hd_die *type = NULL;
	const hd_attr *ta = hd_watch_attr(var, DW_AT_type);
	const char *why = NULL;
	hd_status rs;
	loader l;
	uint64_t bits, size;

	if (ta != NULL && ta->kind == HD_DV_REF)
		type = ta->ref;
	bits = hd_watch_type_bits(ty, type, &why);
	size = (bits + 7) / 8;
	if (bits == 0 || size > MAX_VALUE_BYTES) {
		hd_buf_printf(out, "<error: %s>", bits == 0 ? why : "value-too-large");
		return 0;
	}
	memset(&l, 0, sizeof l);
	l.bytes = calloc(size, 1);
	l.set = calloc(size, 1);
	if (l.bytes == NULL || l.set == NULL) {
		free(l.bytes);
		free(l.set);
		return -1;
	}
	l.ev = ev;
	l.ctx = ctx;
	l.enc = enc;
	l.expr = expr;
	l.len = len;
	hd_status_clear(&rs);
	if (!has_loc) {
		const_bytes(cv, l.bytes, size);
		memset(l.set, 1, size);
	} else if (hd_watch_type_load(ty, type, bits, load_bytes, &l, &rs) != 0) {
		/* an evaluation that fails otherwise than by finding nothing says
		 * so in place of the value: the frame's other variables stand */
		hd_buf_printf(out, "<error: %s>", rs.code ? rs.code : "unknown");
	}
	if (rs.kind == HD_OK)
		hd_watch_type_print(ty, type, bits, l.bytes, l.set, out);
	free(l.bytes);
	free(l.set);
	return 0;
}

int hd_watch_dwarf_var(const hd_dw_unit *u, hd_eval *ev, const hd_context *ctx,
                       const hd_encoding *enc, const hd_reading *rd, const hd_die *var,
                       uint64_t pc, hd_buf *out, hd_status *st)
{
	const hd_attr *cv = hd_watch_attr(var, DW_AT_const_value);
	const uint8_t *expr = NULL;
	size_t len = 0;
	hd_watch_types ty = { u, rd };
	hd_context c = *ctx;
	hd_status rs;
	hd_buf x;
	int rc = 0;

	c.result = HD_RESULT_LOCATION;
	c.has_pc = 1;
	c.pc = pc;
	hd_buf_init(&x);
	hd_status_clear(&rs);
	if (hd_watch_location_at(u, var, pc, &expr, &len) != 0) {
		if (cv == NULL)
			hd_buf_printf(out, HD_WATCH_UNAVAILABLE);
		else
			rc = var_text(&ty, ev, &c, enc, var, 0, NULL, 0, cv, out);
	} else if (hd_reading_rewrite(rd, ctx->arch, enc, 0, expr, len, &x, &rs) != 0) {
		hd_buf_printf(out, "<error: %s>", rs.code ? rs.code : "unknown");
	} else if (!x.failed) {
		rc = var_text(&ty, ev, &c, enc, var, 1, x.data, x.len, cv, out);
	}
	rc |= x.failed | out->failed;
	hd_buf_free(&x);
	return rc != 0 ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory") : 0;
}

/* ---- the frame ---- */

/* Whether d's pcs hold pc: DW_AT_low_pc with DW_AT_high_pc (an address, or
 * a length from low_pc: DWARF 5 2.17.2), or a range list (2.17.3). */
static int holds_pc(const hd_dw_unit *u, const hd_die *d, uint64_t pc)
{
	const hd_attr *lo = hd_die_attr(d, DW_AT_low_pc);
	const hd_attr *hi = hd_die_attr(d, DW_AT_high_pc);
	const hd_attr *rl = hd_die_attr(d, DW_AT_ranges);

	if (lo != NULL && hi != NULL)
		return lo->u <= pc && pc < (hi->kind == HD_DV_ADDR ? hi->u : lo->u + hi->u);
	if (rl == NULL || rl->kind != HD_DV_RNGLIST || rl->u >= u->nrnglists)
		return 0;
	for (uint32_t i = 0; i < u->rnglists[rl->u].n; i++)
		if (u->rnglists[rl->u].entries[i].begin <= pc && pc < u->rnglists[rl->u].entries[i].end)
			return 1;
	return 0;
}

/* The subprogram whose pcs hold pc (DWARF 5 3.3), under the unit or nested
 * in namespaces and types, which may hold a member function's definition. */
static const hd_die *subprogram_at(const hd_dw_unit *u, const hd_die *d, uint64_t pc,
                                   unsigned depth)
{
	for (const hd_die *c = d->first_child; c != NULL; c = c->next) {
		const hd_die *s;
		if (c->tag == DW_TAG_subprogram) {
			if (holds_pc(u, c, pc))
				return c;
			continue;
		}
		if (depth < HD_WATCH_MAX_DEPTH && c->first_child != NULL &&
		    (s = subprogram_at(u, c, pc, depth + 1)) != NULL)
			return s;
	}
	return NULL;
}

/* The child block or inlined call of d that holds pc (DWARF 5 3.5,
 * 3.3.8.2: a scope's pcs include those of the scopes inside it). */
static const hd_die *inner_scope_at(const hd_dw_unit *u, const hd_die *d, uint64_t pc)
{
	for (const hd_die *c = d->first_child; c != NULL; c = c->next)
		if ((c->tag == DW_TAG_lexical_block || c->tag == DW_TAG_inlined_subroutine) &&
		    holds_pc(u, c, pc))
			return c;
	return NULL;
}

static int has_var(const hd_watch_frame *f, const char *name)
{
	for (uint32_t i = 0; i < f->nvars; i++)
		if (strcmp(f->vars[i].name, name) == 0)
			return 1;
	return 0;
}

/* The variables and parameters of scope, those whose name an inner scope
 * has not taken yet. */
static int add_vars(hd_watch_frame *f, const hd_die *scope, uint32_t depth, uint32_t *cap)
{
	for (const hd_die *c = scope->first_child; c != NULL; c = c->next) {
		const char *name;
		if (c->tag != DW_TAG_variable && c->tag != DW_TAG_formal_parameter)
			continue;
		name = hd_watch_die_name(c);
		if (name == NULL || *name == '\0' || has_var(f, name))
			continue;
		if (f->nvars == *cap) {
			uint32_t ncap = *cap ? *cap * 2 : 8;
			hd_watch_var *v = realloc(f->vars, ncap * sizeof *v);
			if (v == NULL)
				return -1;
			f->vars = v;
			*cap = ncap;
		}
		f->vars[f->nvars++] = (hd_watch_var){ name, depth, c, NULL };
	}
	return 0;
}

static char *copy_text(hd_buf *b)
{
	const char *s = hd_buf_str(b);
	size_t n = strlen(s);
	char *t = b->failed ? NULL : malloc(n + 1);

	if (t != NULL)
		memcpy(t, s, n + 1);
	return t;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const hd_watch_var *)a)->name, ((const hd_watch_var *)b)->name);
}

const hd_die *hd_watch_function_at(const hd_dw_unit *u, uint64_t pc)
{
	const hd_die *s = u->root != NULL ? subprogram_at(u, u->root, pc, 0) : NULL, *f = s;

	for (unsigned depth = 0; s != NULL && depth < HD_WATCH_MAX_DEPTH; depth++) {
		if (s->tag == DW_TAG_inlined_subroutine)
			f = s;
		s = inner_scope_at(u, s, pc);
	}
	return f;
}

/* The frame base of frame 0 for DW_OP_fbreg: the DW_AT_frame_base
 * expression of the subprogram that holds pc (DWARF 5 3.3.5; DWARF
 * Extensions for Heterogeneous Debugging, "DW_AT_frame_base"), which the
 * evaluator runs in frame 0. An inlined subroutine has none of its own: its
 * variables live in the frame of the subprogram it was inlined into. */
static int frame_base_of(void *self, hd_frame_query q, uint32_t frame, uint64_t reg,
                         const uint8_t **expr, size_t *len)
{
	const hd_buf *b = self;

	(void)reg;
	if (q != HD_FRAME_BASE || frame != 0 || b->len == 0)
		return -1;
	*expr = b->data;
	*len = b->len;
	return 0;
}

/* The frame base expression of s as reading rd means it, into b (empty when
 * s has none). One the reading cannot decode is kept as it is: the
 * evaluator then says what is wrong with it. */
static void frame_base_expr(const hd_die *s, const hd_context *ctx, const hd_encoding *enc,
                            const hd_reading *rd, hd_buf *b)
{
	const hd_attr *a = hd_die_attr(s, DW_AT_frame_base);
	hd_status st;

	if (a == NULL || a->kind != HD_DV_EXPR)
		return;
	if (hd_reading_rewrite(rd, ctx->arch, enc, 1, a->bytes, a->len, b, &st) != 0) {
		b->len = 0;
		hd_buf_put(b, a->bytes, a->len);
	}
}

int hd_watch_dwarf_frame(const hd_dw_unit *u, hd_eval *ev, const hd_context *ctx,
                         const hd_encoding *enc, const hd_reading *rd, uint64_t pc,
                         hd_watch_frame *out, hd_status *st)
{
	hd_buf fb;
	hd_frames base = { &fb, frame_base_of };
	hd_context c = *ctx;
	const hd_die *chain[HD_WATCH_MAX_DEPTH];
	uint32_t n = 0, fn = 0, cap = 0;
	const hd_die *s;
	int rc = 0;

	memset(out, 0, sizeof *out);
	hd_status_clear(st);
	s = u->root != NULL ? subprogram_at(u, u->root, pc, 0) : NULL;
	if (s == NULL)
		return hd_fail(st, HD_BAD_INPUT, "no-function-at-pc", pc,
		               "no subprogram holds pc 0x%llx", (unsigned long long)pc);
	for (; s != NULL; s = inner_scope_at(u, s, pc)) {
		if (n == HD_WATCH_MAX_DEPTH)
			return hd_fail(st, HD_BAD_INPUT, "scope-too-deep", pc,
			               "scopes at pc 0x%llx nest deeper than %u",
			               (unsigned long long)pc, HD_WATCH_MAX_DEPTH);
		if (s->tag == DW_TAG_inlined_subroutine)
			fn = n;
		chain[n++] = s;
	}
	out->function = hd_watch_die_name(chain[fn]);
	out->inlined = chain[fn]->tag == DW_TAG_inlined_subroutine;
	for (uint32_t k = n; k-- > fn;)
		if (add_vars(out, chain[k], k - fn, &cap) != 0) {
			hd_watch_frame_free(out);
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		}
	if (out->nvars > 1)
		hd_sort(out->vars, out->nvars, sizeof *out->vars, by_name);
	hd_buf_init(&fb);
	frame_base_expr(chain[0], ctx, enc, rd, &fb);
	if (c.frames == NULL)
		c.frames = &base;
	for (uint32_t i = 0; i < out->nvars && rc == 0; i++) {
		hd_buf text;
		hd_buf_init(&text);
		if (hd_watch_dwarf_var(u, ev, &c, enc, rd, out->vars[i].die, pc, &text, st) != 0)
			rc = -1;
		else if ((out->vars[i].text = copy_text(&text)) == NULL)
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		hd_buf_free(&text);
	}
	if (rc == 0 && fb.failed)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	hd_buf_free(&fb);
	if (rc != 0)
		hd_watch_frame_free(out);
	return rc;
}

void hd_watch_frame_free(hd_watch_frame *f)
{
	for (uint32_t i = 0; f->vars != NULL && i < f->nvars; i++)
		free(f->vars[i].text);
	free(f->vars);
	memset(f, 0, sizeof *f);
}
