/* Function bodies: every DebugDeclare and DebugValue, in order, becomes part
 * of its variable's DW_AT_location (docs/lowering-vars.md, "Locations").
 *
 * Each point gives a part: which bits of the variable it describes (all of
 * them, or a Fragment, or the component its Indexes select), the location
 * of those bits (the storage's base location, lower_storage.c, then the
 * translated DebugExpression, lower_expr.c) and the place it used. The parts
 * live at a pc are assembled into one location: a lone whole part as it is,
 * else a composite in bit order with undefined pieces for the gaps.
 *
 * A variable with only DebugDeclares has one location for its whole life:
 * an exprloc. One with DebugValues has a location list: each point holds
 * from the pc of the instruction it precedes to the next point of the same
 * variable in the same function, or to the function's end (DWARF 5 section
 * 2.6.2). A list of one entry covering the whole function is an exprloc. */
#include <stdlib.h>
#include <string.h>

#include "lower_loc.h"

enum { SHAPE_SIMPLE, SHAPE_OPEN, SHAPE_CLOSED };

/* One point's part of one variable. */
typedef struct rec {
	hd_die *owner;            /* the DIE that gets the location */
	const hd_di_node *var;    /* its DebugLocalVariable */
	uint32_t f;
	uint64_t pc;              /* of the instruction the point precedes */
	int declare;
	uint64_t off, size;       /* bits of the variable; size 0: all of it */
	hd_buf loc;
	int undefined;            /* the location is DW_OP_LLVM_undefined */
	int shape;                /* SIMPLE: one location; OPEN: pieces that add to
	                             an incomplete composite; CLOSED: a complete
	                             composite built from pieces */
	hd_place place;
} rec;

typedef struct inst {
	const hd_di_node *var;
	int32_t inlined;
	hd_die *die;
} inst;

typedef struct body {
	hd_lw *L;
	rec *recs;
	uint32_t nrecs, recs_cap;
	inst *insts;              /* concrete instances made for points */
	uint32_t ninsts, insts_cap;
} body;

static hd_place_function *place_function(hd_lw *L, uint32_t f)
{
	for (uint32_t i = 0; i < L->out->nfunctions; i++)
		if (L->out->functions[i].function == (int32_t)f)
			return &L->out->functions[i];
	return NULL;
}

/* ---- whose location a point gives ---- */

/* The DebugInlinedVariable of var at inlined_at, if the module has one. */
static int32_t inlined_variable(hd_lw *L, const hd_di_node *var, int32_t inlined_at)
{
	uint32_t inl = L->m->nodes[inlined_at].id;

	for (uint32_t i = 0; i < L->m->nnodes; i++)
		if (hd_lw_is(&L->m->nodes[i], HD_K_DebugInlinedVariable) &&
		    hd_lw_word(&L->m->nodes[i], HD_O_Variable) == var->id &&
		    hd_lw_word(&L->m->nodes[i], HD_O_Inlined) == inl)
			return (int32_t)i;
	return -1;
}

/* A point inside inlined code describes the variable's concrete instance
 * there, not the abstract variable: the DebugInlinedVariable's DIE, or one
 * made for it (DWARF 5 section 3.3.8.2). Whether the point is inlined is
 * the point's own DebugScope (pt->inlined), the one it follows: another
 * DebugScope between it and the next instruction does not apply to it. */
static hd_die *owner_of(body *B, const hd_di_node *lv, const hd_di_point *pt)
{
	hd_lw *L = B->L;
	const hd_di_node *var = hd_lower_variable_of(L, lv);
	int32_t iv;
	hd_die *d;

	if (!var)
		return NULL;
	if (lv != var || pt->inlined < 0)
		return hd_lower_node(L, (int32_t)(lv - L->m->nodes));
	if ((iv = inlined_variable(L, var, pt->inlined)) >= 0)
		return hd_lower_node(L, iv);
	for (uint32_t i = 0; i < B->ninsts; i++)
		if (B->insts[i].var == var && B->insts[i].inlined == pt->inlined)
			return B->insts[i].die;
	d = hd_lower_inlined_instance(L, var, pt->inlined);
	if (!d || hd_lower_grow(L, (void **)&B->insts, sizeof *B->insts, B->ninsts,
	                        &B->insts_cap) != 0)
		return NULL;
	B->insts[B->ninsts++] = (inst){ var, pt->inlined, d };
	return d;
}

/* ---- one point ---- */

static int shape_of(const hd_lw_base *b, const hd_lw_expr *e)
{
	if (e->top == HD_LW_PIECES)
		return SHAPE_OPEN;
	return b->start.top == HD_LW_PIECES ? SHAPE_CLOSED : SHAPE_SIMPLE;
}

/* Whether the location needs DW_OP_stack_value after the expression: a
 * value left on the stack would be read as a memory address (DWARF 5
 * 2.6.1.1.2). A constant's value is what DebugValue describes, so a literal
 * stays implicit whatever arithmetic its expression does (`Constu 5;
 * PlusUconst 4` is the value 9, not memory at 9); an OpVariable's address
 * is implicit only when the expression is empty, as a non-empty one may
 * make it the variable's memory (docs/lowering-vars.md). */
static int ends_implicit(const hd_lw_base *b, const hd_lw_expr *e)
{
	return b->constant && e->top == HD_LW_VALUE && (e->nops == 0 || b->literal);
}

/* Which bits the point describes: its Fragment, within the component its
 * Indexes select. -1 when the Indexes do not walk the variable's type. */
static int bits_of(hd_lw *L, const hd_di_node *p, const hd_di_node *var, const hd_lw_expr *e,
                   rec *r)
{
	hd_di_span sp;
	uint64_t off = 0, size = 0;

	if (hd_lw_span(p, HD_O_Indexes, &sp) == 0 && hd_lower_indexes(L, var, p, &off, &size) != 0)
		return -1;
	if (e->has_fragment) {
		off += e->frag_offset;
		size = e->frag_size;
	}
	r->off = off;
	r->size = size;
	return 0;
}

/* The part point p (of function f, at pc) gives; *keep is 0 when it gives
 * none. */
static int point_part(body *B, hd_lw_frame *fr, const hd_di_node *p, const hd_di_node *var,
                      rec *r, int *keep)
{
	hd_lw *L = B->L;
	hd_lw_base b;
	hd_lw_expr e;
	int rc = -1;

	/* both are freed at out, which a failed base reaches before the
	 * expression is read */
	hd_buf_init(&b.ops);
	hd_buf_init(&e.ops);
	*keep = 0;
	if (hd_lower_base(L, fr, p, var, r->declare, &b) != 0 ||
	    hd_lower_expression(L, hd_lw_word(p, HD_O_Expression), &b.start, &e) != 0)
		goto out;
	if (bits_of(L, p, var, &e, r) != 0) {
		rc = 0;  /* a component the type does not have: no location */
		goto out;
	}
	r->loc = b.ops;
	hd_buf_init(&b.ops);
	if (!b.undefined)
		hd_buf_put(&r->loc, e.ops.data, e.ops.len);
	if (ends_implicit(&b, &e))
		hd_lw_op(L, &r->loc, HD_OP_stack_value, 0, 0);
	r->shape = b.undefined ? SHAPE_SIMPLE : shape_of(&b, &e);
	r->undefined = b.undefined;
	r->place = b.place;
	r->place.node = (int32_t)(var - L->m->nodes);
	r->place.point = (uint32_t)(p - L->m->nodes);
	r->place.var_offset = (uint32_t)(r->off / 8);
	r->place.die = r->owner;
	if (r->size && r->place.size > r->size / 8)
		r->place.size = (uint32_t)(r->size / 8);
	*keep = 1;
	rc = r->loc.failed ? -1 : 0;
out:
	hd_buf_free(&b.ops);
	hd_buf_free(&e.ops);
	return rc;
}

static int function_points(body *B, uint32_t f)
{
	hd_lw *L = B->L;
	const hd_di_function *fn = &L->m->functions[f];
	hd_place_function *pf = place_function(L, f);
	hd_lw_frame *fr;
	int rc = 0;

	if (!pf)
		return 0;  /* no code: nothing holds */
	if (!(fr = hd_lower_frame_new(L, f, pf)))
		return -1;
	for (uint32_t i = 0; i < fn->npoints && rc == 0 && !L->failed; i++) {
		const hd_di_node *p = &L->m->nodes[fn->points[i].node];
		const hd_di_node *lv = hd_di_node_of(L->m, hd_lw_word(p, HD_O_Local_Variable));
		const hd_di_node *var = hd_lower_variable_of(L, lv);
		rec r;
		int keep;

		if (!var)
			continue;
		memset(&r, 0, sizeof r);
		r.owner = owner_of(B, lv, &fn->points[i]);
		if (!r.owner || hd_die_attr(r.owner, DW_AT_location))
			continue;
		r.var = var;
		r.f = f;
		r.pc = hd_lower_pc(L, f, fn->points[i].slot);
		r.declare = hd_lw_is(p, HD_K_DebugDeclare);
		if ((rc = point_part(B, fr, p, var, &r, &keep)) != 0 || !keep) {
			hd_buf_free(&r.loc);
			continue;
		}
		if ((rc = hd_lower_grow(L, (void **)&B->recs, sizeof *B->recs, B->nrecs,
		                        &B->recs_cap)) != 0) {
			hd_buf_free(&r.loc);
			break;
		}
		B->recs[B->nrecs++] = r;
	}
	hd_lower_frame_free(fr);
	return rc != 0 || L->failed ? -1 : 0;
}

/* ---- assembling the live parts ---- */

/* A live part: bits [off, off + size) of the variable, held where rec r
 * says (r's location starts at bit r->off of the variable); size 0: the
 * whole variable, from a whole part. */
typedef struct slice {
	const rec *r;
	uint64_t off, size;
} slice;

typedef struct live {
	slice p[64];
	uint32_t n;
	uint64_t bits;            /* the variable's size in bits; 0: unknown */
} live;

/* Keeps slice s in kept[*k], unless there are more live parts than any
 * variable needs (then the newest is dropped, not memory overrun). */
static void keep(slice *kept, uint32_t *k, uint32_t cap, slice s)
{
	if (*k < cap)
		kept[(*k)++] = s;
}

/* A whole part replaces everything. A fragment replaces the bits it covers
 * and nothing more: what the older parts say of the other bits still holds
 * (a DebugDeclare's memory stays the home of the bits a later partial
 * DebugValue does not describe). The parts stay in bit order. */
static void live_add(live *lv, const rec *r)
{
	enum { CAP = sizeof lv->p / sizeof lv->p[0] };
	slice kept[CAP];
	uint64_t ra = r->off, rb = r->off + r->size;
	uint32_t k = 0;

	if (r->size == 0) {
		lv->p[0] = (slice){ r, 0, 0 };
		lv->n = 1;
		return;
	}
	for (uint32_t i = 0; i < lv->n; i++) {
		slice q = lv->p[i];
		uint64_t qa = q.off, qb = q.size ? q.off + q.size : lv->bits ? lv->bits : UINT64_MAX;
		if (qb <= ra || rb <= qa) {
			keep(kept, &k, CAP - 1, q);
			continue;
		}
		if (qa < ra)
			keep(kept, &k, CAP - 1, (slice){ q.r, qa, ra - qa });
		if (rb < qb && qb != UINT64_MAX)
			keep(kept, &k, CAP - 1, (slice){ q.r, rb, qb - rb });
	}
	lv->n = 0;
	for (uint32_t i = 0; i < k && kept[i].off < ra; i++)
		lv->p[lv->n++] = kept[i];
	lv->p[lv->n++] = (slice){ r, ra, r->size };
	for (uint32_t i = 0; i < k; i++)
		if (kept[i].off >= ra)
			lv->p[lv->n++] = kept[i];
}

/* A part of `bits` bits: DW_OP_piece when whole bytes. */
static int piece(hd_lw *L, hd_buf *b, uint64_t bits)
{
	if (bits % 8 == 0)
		return hd_lw_op(L, b, HD_OP_piece, bits / 8, 0);
	return hd_lw_op(L, b, HD_OP_bit_piece, bits, 0);
}

static int gap(hd_lw *L, hd_buf *b, uint64_t bits)
{
	return hd_lw_op(L, b, HD_OP_LLVM_undefined, 0, 0) || piece(L, b, bits);
}

/* Whether slice s is all of the part it comes from. */
static int slice_is_whole(const slice *s)
{
	return s->off == s->r->off && s->size == s->r->size;
}

/* The location of slice s into b, and its shape. A part cut down to some
 * of its bits is its location moved to the first of them: pieces closed
 * with DW_OP_LLVM_piece_end first, then DW_OP_LLVM_offset_uconst (bytes)
 * or DW_OP_LLVM_bit_offset (DWARF Extensions for Heterogeneous Debugging, "General Location Description
 * Operations"); the piece written after it takes only s->size bits. */
static int slice_loc(hd_lw *L, const slice *s, hd_buf *b, int *shape)
{
	const rec *r = s->r;
	uint64_t delta = s->off - r->off;

	*shape = r->shape;
	if (slice_is_whole(s) || s->size == 0) {
		hd_buf_put(b, r->loc.data, r->loc.len);
		return b->failed ? -1 : 0;
	}
	if (r->undefined) {
		*shape = SHAPE_SIMPLE;
		return hd_lw_op(L, b, HD_OP_LLVM_undefined, 0, 0);
	}
	hd_buf_put(b, r->loc.data, r->loc.len);
	if (r->shape == SHAPE_OPEN) {
		*shape = SHAPE_CLOSED;
		if (hd_lw_op(L, b, HD_OP_LLVM_piece_end, 0, 0) != 0)
			return -1;
	}
	if (delta % 8 == 0)
		return delta ? hd_lw_op(L, b, HD_OP_LLVM_offset_uconst, delta / 8, 0) : 0;
	return hd_lw_op(L, b, HD_OP_constu, delta, 0) ||
	       hd_lw_op(L, b, HD_OP_LLVM_bit_offset, 0, 0);
}

/* A complete composite (loc) as a part of another one being built: while
 * the outer composite is incomplete, the inner one's pieces would add to it
 * (DWARF Extensions for Heterogeneous Debugging, DW_OP_piece), so the outer is closed with DW_OP_LLVM_piece_end,
 * the inner built beside it, and the two joined into a new composite. */
static int nested(hd_lw *L, hd_buf *b, const hd_buf *loc, uint64_t pos, uint64_t size)
{
	if (hd_lw_op(L, b, HD_OP_LLVM_piece_end, 0, 0) != 0)
		return -1;
	hd_buf_put(b, loc->data, loc->len);
	return hd_lw_op(L, b, HD_OP_swap, 0, 0) || piece(L, b, pos) ||
	       hd_lw_op(L, b, HD_OP_swap, 0, 0) || piece(L, b, size);
}

/* One slice of a composite at bit pos of the pieces written so far. */
static int put_slice(hd_lw *L, hd_buf *b, const slice *s, uint64_t pos)
{
	hd_buf loc;
	int shape, rc;

	hd_buf_init(&loc);
	rc = slice_loc(L, s, &loc, &shape);
	if (rc == 0 && shape == SHAPE_CLOSED && pos > 0) {
		rc = nested(L, b, &loc, s->off, s->size);
	} else if (rc == 0) {
		hd_buf_put(b, loc.data, loc.len);
		if (shape != SHAPE_OPEN)
			rc = piece(L, b, s->size);
	}
	rc = rc || loc.failed ? -1 : 0;
	hd_buf_free(&loc);
	return rc;
}

/* The location of the live parts of the variable into b. */
static int assemble(hd_lw *L, const live *lv, hd_buf *b)
{
	uint64_t pos = 0;

	if (lv->n == 1 && lv->p[0].size == 0) {
		hd_buf_put(b, lv->p[0].r->loc.data, lv->p[0].r->loc.len);
		return b->failed ? -1 : 0;
	}
	for (uint32_t i = 0; i < lv->n; i++) {
		const slice *s = &lv->p[i];
		if (s->off > pos && gap(L, b, s->off - pos) != 0)
			return -1;
		if (put_slice(L, b, s, pos) != 0)
			return -1;
		pos = s->off + s->size;
	}
	if (lv->bits > pos && gap(L, b, lv->bits - pos) != 0)
		return -1;
	return b->failed ? -1 : 0;
}

/* ---- one variable's location ---- */

/* The place of slice s: its part's place moved to the slice's first byte,
 * or no storage when the cut is not in whole bytes or registers. */
static hd_place slice_place(const slice *s)
{
	hd_place p = s->r->place;
	uint64_t delta = (s->off - s->r->off) / 8;

	if (s->size == 0 || slice_is_whole(s))
		return p;
	p.var_offset = (uint32_t)(s->off / 8);
	if ((s->off - s->r->off) % 8 || s->size % 8 || delta >= p.size) {
		p.kind = HD_PLACE_NONE;
		return p;
	}
	p.size = (uint32_t)(p.size - delta < s->size / 8 ? p.size - delta : s->size / 8);
	switch (p.kind) {
	case HD_PLACE_MEMORY:
		p.addr += delta;
		break;
	case HD_PLACE_VGPR: case HD_PLACE_SGPR:
		if (delta % 4)
			p.kind = HD_PLACE_NONE;
		p.reg += delta / 4;
		break;
	case HD_PLACE_CONSTANT:
		p.value >>= 8 * delta;
		break;
	default:
		break;
	}
	return p;
}

static int add_places(hd_lw *L, const live *lv, uint64_t begin, uint64_t end)
{
	for (uint32_t i = 0; i < lv->n; i++) {
		hd_place *p;
		if (hd_lower_grow(L, (void **)&L->out->places, sizeof *L->out->places,
		                  L->out->nplaces, &L->places_cap) != 0)
			return -1;
		p = &L->out->places[L->out->nplaces++];
		*p = slice_place(&lv->p[i]);
		p->pc_begin = begin;
		p->pc_end = end;
	}
	return 0;
}

static uint64_t var_bits(hd_lw *L, const rec *r)
{
	return hd_lower_type_size(L, hd_lw_word(r->var, HD_O_Type)) * 8;
}

static int exprloc(hd_lw *L, hd_die *d, const live *lv)
{
	hd_buf b;
	int rc;

	hd_buf_init(&b);
	rc = assemble(L, lv, &b);
	if (rc == 0 && hd_die_expr(L->u, d, DW_AT_location, b.data, b.len) != 0) {
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
		rc = -1;
	}
	hd_buf_free(&b);
	return rc;
}

/* Only DebugDeclares: the storage holds for the whole function. */
static int declared(hd_lw *L, const rec *const *rs, uint32_t n)
{
	const hd_place_function *pf = place_function(L, rs[0]->f);
	live lv = { .n = 0, .bits = var_bits(L, rs[0]) };

	for (uint32_t i = 0; i < n; i++)
		live_add(&lv, rs[i]);
	if (exprloc(L, rs[0]->owner, &lv) != 0)
		return -1;
	return add_places(L, &lv, pf->low_pc, pf->high_pc);
}

/* Where rs[i]'s location stops holding: the next point of the variable in
 * the same function, or the function's end. */
static uint64_t end_of(hd_lw *L, const rec *const *rs, uint32_t n, uint32_t i)
{
	if (i + 1 < n && rs[i + 1]->f == rs[i]->f)
		return rs[i + 1]->pc;
	return place_function(L, rs[i]->f)->high_pc;
}

/* The pcs a variable's location may hold at: a concrete instance of an
 * inlined variable lives only in the code of its inlined scope (DWARF 5
 * 3.3.8.2), the pc ranges hd_lower_scopes gave its parent DIE, which has
 * none when the scope covers no code; any other variable holds anywhere in
 * its function (*n 0: no limit). */
static const hd_dw_range *owner_spans(hd_lw *L, const hd_die *owner, hd_dw_range *one,
                                      uint32_t *n)
{
	const hd_die *sd = owner->parent;
	const hd_attr *lo, *hi, *rl;

	*n = 0;
	if (!hd_die_attr(owner, DW_AT_abstract_origin) || !sd)
		return NULL;
	lo = hd_die_attr(sd, DW_AT_low_pc);
	hi = hd_die_attr(sd, DW_AT_high_pc);
	rl = hd_die_attr(sd, DW_AT_ranges);
	*one = (hd_dw_range){ 0, 0, NULL, 0 };  /* no code: an empty span */
	if (lo && hi)
		*one = (hd_dw_range){ lo->u, lo->u + hi->u, NULL, 0 };
	else if (rl && rl->kind == HD_DV_RNGLIST && rl->u < L->u->nrnglists) {
		*n = L->u->rnglists[rl->u].n;
		return L->u->rnglists[rl->u].entries;
	}
	*n = 1;
	return one;
}

/* Appends the entry [begin, end) with expression x, cut to the spans
 * (nspans 0: uncut), and its places. */
static int add_entry(hd_lw *L, const live *lv, hd_dw_range *es, uint32_t *ne, hd_buf *x,
                     uint64_t begin, uint64_t end, const hd_dw_range *spans, uint32_t nspans)
{
	for (uint32_t k = 0; k < (nspans ? nspans : 1); k++) {
		uint64_t b = begin, e = end;
		if (nspans) {
			b = spans[k].begin > begin ? spans[k].begin : begin;
			e = spans[k].end < end ? spans[k].end : end;
		}
		if (b >= e)
			continue;
		es[*ne] = (hd_dw_range){ b, e, hd_arena_dup(&L->u->arena, x->data, x->len ? x->len : 1),
		                         x->len };
		if (!es[*ne].expr) {
			hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
			return -1;
		}
		(*ne)++;
		if (add_places(L, lv, b, e) != 0)
			return -1;
	}
	return 0;
}

static int listed(hd_lw *L, const rec *const *rs, uint32_t n)
{
	hd_dw_range one, *es;
	uint32_t nspans, ne = 0, f0 = rs[0]->f;
	const hd_dw_range *spans = owner_spans(L, rs[0]->owner, &one, &nspans);
	uint64_t base = UINT64_MAX;
	live lv = { .n = 0, .bits = var_bits(L, rs[0]) };
	hd_dw_list *list;

	if (!(es = hd_arena_alloc(&L->u->arena, (size_t)n * (nspans ? nspans : 1) * sizeof *es)))
		goto oom;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t end = end_of(L, rs, n, i);
		hd_buf b;
		int rc;
		if (i == 0 || rs[i]->f != rs[i - 1]->f)
			lv.n = 0;  /* a new function: nothing from the last one holds */
		live_add(&lv, rs[i]);
		if (rs[i]->pc >= end)
			continue;  /* a later point at the same pc overrides it */
		hd_buf_init(&b);
		rc = assemble(L, &lv, &b) != 0 ||
		     add_entry(L, &lv, es, &ne, &b, rs[i]->pc, end, spans, nspans) != 0;
		hd_buf_free(&b);
		if (rc)
			return -1;
		if (place_function(L, rs[i]->f)->low_pc < base)
			base = place_function(L, rs[i]->f)->low_pc;
	}
	if (ne == 0)
		return 0;
	if (ne == 1 && es[0].begin == place_function(L, f0)->low_pc &&
	    es[0].end == place_function(L, f0)->high_pc) {
		if (hd_die_expr(L->u, rs[0]->owner, DW_AT_location, es[0].expr, es[0].len) != 0)
			goto oom;
		return 0;
	}
	if (hd_lower_grow(L, (void **)&L->u->loclists, sizeof *L->u->loclists, L->u->nloclists,
	                  &L->loclists_cap) != 0)
		return -1;
	list = &L->u->loclists[L->u->nloclists];
	list->base = base;
	list->entries = es;
	list->n = ne;
	if (hd_die_list(L->u, rs[0]->owner, DW_AT_location, HD_DV_LOCLIST, L->u->nloclists) != 0)
		goto oom;
	L->u->nloclists++;
	return 0;
oom:
	hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
	return -1;
}

/* Each owner's location from its points, owners in order of first point. */
static int locations(body *B)
{
	hd_lw *L = B->L;
	const rec **rs = calloc(B->nrecs ? B->nrecs : 1, sizeof *rs);
	uint8_t *done = calloc(B->nrecs ? B->nrecs : 1, 1);
	int rc = 0;

	if (!rs || !done) {
		free(rs);
		free(done);
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
		return -1;
	}
	for (uint32_t i = 0; i < B->nrecs && rc == 0; i++) {
		uint32_t n = 0;
		int all_declare = 1;
		if (done[i])
			continue;
		for (uint32_t j = i; j < B->nrecs; j++)
			if (B->recs[j].owner == B->recs[i].owner) {
				done[j] = 1;
				rs[n++] = &B->recs[j];
				all_declare &= B->recs[j].declare;
			}
		rc = all_declare ? declared(L, rs, n) : listed(L, rs, n);
	}
	free(rs);
	free(done);
	return rc;
}

int hd_lower_bodies(hd_lw *L)
{
	body B;
	int rc = 0;

	memset(&B, 0, sizeof B);
	B.L = L;
	if (hd_lower_inlined_variables_late(L) != 0 || hd_lower_order_parameters(L) != 0 ||
	    hd_lower_order_members(L) != 0)
		return -1;
	for (uint32_t f = 0; f < L->m->nfunctions && rc == 0; f++)
		rc = function_points(&B, f);
	if (rc == 0)
		rc = locations(&B);
	for (uint32_t i = 0; i < B.nrecs; i++)
		hd_buf_free(&B.recs[i].loc);
	free(B.recs);
	free(B.insts);
	return rc != 0 || L->failed ? -1 : 0;
}
