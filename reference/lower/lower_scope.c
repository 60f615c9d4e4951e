/* Scopes and inlining (docs/lowering-code.md, "DebugLexicalBlock",
 * "DebugLexicalBlockDiscriminator", "DebugScope/DebugNoScope" and
 * "DebugInlinedAt"): lexical blocks and namespaces, the concrete DIEs of
 * scopes inlined at a call site, and the pc ranges every scope DIE gets from
 * the DebugScope ranges of the function bodies. */
#include <stdlib.h>
#include <string.h>

#include "lower_impl.h"
#include "util/sort.h"

/* Deeper scope or inlining chains than this are taken for a cycle the
 * validator should have caught. */
#define MAX_CHAIN 4096

struct hd_lw_inst {
	int32_t scope;   /* the scope node this DIE instantiates */
	int32_t next;    /* next instance at the same DebugInlinedAt, -1 ends */
	hd_die *die;
};

/* The node index of id, or -1 (absent, not a debug instruction). */
static int32_t node_index(hd_lw *L, uint32_t id)
{
	const hd_di_node *n = hd_di_node_of(L->m, id);
	return n ? (int32_t)(n - L->m->nodes) : -1;
}

/* DebugInfo 1.00 4.7 (DebugLexicalBlock): a Name operand, even an empty string,
 * makes the instruction a C++ namespace rather than a block. */
static int is_namespace(const hd_di_node *n)
{
	hd_di_span sp;
	return hd_lw_span(n, HD_O_Name, &sp) == 0;
}

static int is_block(const hd_di_node *n)
{
	return hd_lw_is(n, HD_K_DebugLexicalBlock) && !is_namespace(n);
}

/* The namespace DIE under parent with this name (NULL: anonymous), so that a
 * namespace opened several times is one DW_TAG_namespace, as a reader
 * expects (DWARF 5 3.2.1 otherwise needs DW_AT_extension links). */
static hd_die *find_namespace(hd_die *parent, const char *name)
{
	for (hd_die *c = parent->first_child; c; c = c->next) {
		const hd_attr *a;

		if (c->tag != DW_TAG_namespace)
			continue;
		a = hd_die_attr(c, DW_AT_name);
		if ((!a && !name) || (a && name && strcmp(a->s, name) == 0))
			return c;
	}
	return NULL;
}

/* An empty Name is an anonymous namespace: DWARF 5 3.2.1 spells that as a
 * namespace without DW_AT_name. */
static hd_die *lower_namespace(hd_lw *L, const hd_di_node *n, hd_die *parent)
{
	const char *name = hd_lw_string(L, n, HD_O_Name);
	hd_die *d;

	if (name && !*name)
		name = NULL;
	if ((d = find_namespace(parent, name)))
		return d;
	if (!(d = hd_die_new(L->u, parent, DW_TAG_namespace)) ||
	    (name && hd_die_string(L->u, d, DW_AT_name, name) != 0))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	return d;
}

/* A block's Source, Line and Column are not kept: DWARF 5 2.14 gives decl_*
 * to declarations, and a block's start is in the line table. Its pc ranges
 * come later, from the bodies (hd_lower_scopes). */
hd_die *hd_lower_lexical_block(hd_lw *L, const hd_di_node *n)
{
	hd_die *parent = hd_lower_parent(L, hd_lw_word(n, HD_O_Parent));
	hd_die *d;

	if (L->failed)
		return NULL;
	if (is_namespace(n))
		d = lower_namespace(L, n, parent);
	else if (!(d = hd_die_new(L->u, parent, DW_TAG_lexical_block)))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	if (d)
		hd_lower_set_die(L, n, d);
	return d;
}

/* DWARF has no DIE for a discriminator: it is a line-table register (DWARF 5
 * 6.2.2, DW_LNE_set_discriminator), which hd_lower_lines fills from the
 * DebugScope ranges. Anything scoped to the discriminator belongs to the
 * block it refines, so its DIE is the Parent's. */
hd_die *hd_lower_lexical_block_discriminator(hd_lw *L, const hd_di_node *n)
{
	return hd_lower_parent(L, hd_lw_word(n, HD_O_Parent));
}

/* ---- inlined instances ---- */

static int32_t *inst_head(hd_lw *L)
{
	if (!L->inst_head) {
		uint32_t nn = L->m->nnodes ? L->m->nnodes : 1;

		if (!(L->inst_head = malloc(nn * sizeof *L->inst_head)))
			return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), NULL;
		for (uint32_t i = 0; i < nn; i++)
			L->inst_head[i] = -1;
	}
	return L->inst_head;
}

static hd_die *find_instance(hd_lw *L, int32_t scope, int32_t inl)
{
	for (int32_t i = L->inst_head[inl]; i >= 0; i = L->insts[i].next)
		if (L->insts[i].scope == scope)
			return L->insts[i].die;
	return NULL;
}

static hd_die *add_instance(hd_lw *L, int32_t scope, int32_t inl, hd_die *d)
{
	struct hd_lw_inst *e;

	if (hd_lower_grow(L, (void **)&L->insts, sizeof *L->insts, L->ninsts, &L->insts_cap) != 0)
		return NULL;
	e = &L->insts[L->ninsts];
	e->scope = scope;
	e->die = d;
	e->next = L->inst_head[inl];
	L->inst_head[inl] = (int32_t)L->ninsts++;
	return d;
}

static hd_die *instance(hd_lw *L, int32_t scope, int32_t inl, unsigned depth);

/* The DIE of the call site of inlined-at node inl: its Scope as inlined at
 * its own Inlined (DebugInfo 1.00 4.7, DebugInlinedAt: Inlined is the next level
 * of a recursive inlining). */
static hd_die *call_site(hd_lw *L, const hd_di_node *ia, unsigned depth)
{
	int32_t scope = node_index(L, hd_lw_word(ia, HD_O_Scope));
	int32_t outer = node_index(L, hd_lw_word(ia, HD_O_Inlined));
	hd_die *d = instance(L, scope, outer, depth + 1);

	return d ? d : L->u->root;
}

/* DW_TAG_inlined_subroutine (DWARF 5 3.3.8.2) for function node fn inlined at
 * inl: under the call site, its abstract origin the DebugFunction's DIE, its
 * call coordinates the DebugInlinedAt's Line and the call-site scope's
 * Source. A callee with no code of its own is an abstract instance root
 * (DW_AT_inline DW_INL_inlined, DWARF 5 3.3.8.1); one that also has code
 * keeps a single DIE, which then carries pcs and is not marked. */
static hd_die *inlined_subroutine(hd_lw *L, int32_t fn, int32_t inl, unsigned depth)
{
	const hd_di_node *ia = &L->m->nodes[inl];
	const hd_di_node *site = hd_di_node_of(L->m, hd_lw_word(ia, HD_O_Scope));
	hd_die *parent = call_site(L, ia, depth);
	hd_die *origin = hd_lower_node(L, fn);
	int32_t file = site ? hd_lower_file(L, hd_lw_word(site, HD_O_Source)) : -1;
	uint64_t line = hd_lw_word(ia, HD_O_Line);
	hd_die *d;

	if (L->failed)
		return NULL;
	if (!(d = hd_die_new(L->u, parent, DW_TAG_inlined_subroutine)) ||
	    (origin && hd_die_ref(L->u, d, DW_AT_abstract_origin, origin) != 0) ||
	    (file >= 0 && hd_die_udata(L->u, d, DW_AT_call_file, (uint64_t)file) != 0) ||
	    (line && hd_die_udata(L->u, d, DW_AT_call_line, line) != 0) ||
	    (origin && !hd_die_attr(origin, DW_AT_low_pc) && !hd_die_attr(origin, DW_AT_inline) &&
	     hd_die_udata(L->u, origin, DW_AT_inline, DW_INL_inlined) != 0))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", ia, "out of memory");
	return add_instance(L, fn, inl, d);
}

/* A block inside inlined code: a concrete lexical_block under the instance
 * of its parent scope, its abstract origin the block's own DIE (DWARF 5
 * 3.3.8.2: the concrete tree mirrors the abstract one). */
static hd_die *inlined_block(hd_lw *L, int32_t scope, int32_t inl, unsigned depth)
{
	const hd_di_node *n = &L->m->nodes[scope];
	hd_die *parent = instance(L, node_index(L, hd_lw_word(n, HD_O_Parent)), inl, depth + 1);
	hd_die *origin = hd_lower_node(L, scope);
	hd_die *d;

	if (L->failed)
		return NULL;
	if (!(d = hd_die_new(L->u, parent ? parent : L->u->root, DW_TAG_lexical_block)) ||
	    (origin && hd_die_ref(L->u, d, DW_AT_abstract_origin, origin) != 0))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	return add_instance(L, scope, inl, d);
}

static hd_die *instance(hd_lw *L, int32_t scope, int32_t inl, unsigned depth)
{
	const hd_di_node *n;
	hd_die *d;

	if (scope < 0 || (uint32_t)scope >= L->m->nnodes || L->failed)
		return NULL;
	if (depth > MAX_CHAIN)
		return hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", &L->m->nodes[scope],
		                     "scope or inlining chain deeper than %u (a cycle?)", MAX_CHAIN);
	n = &L->m->nodes[scope];
	if (hd_lw_is(n, HD_K_DebugLexicalBlockDiscriminator))
		return instance(L, node_index(L, hd_lw_word(n, HD_O_Parent)), inl, depth + 1);
	if (inl < 0 || (uint32_t)inl >= L->m->nnodes || !hd_lw_is(&L->m->nodes[inl], HD_K_DebugInlinedAt))
		return hd_lower_node(L, scope);
	if (!inst_head(L))
		return NULL;
	if ((d = find_instance(L, scope, inl)))
		return d;
	if (hd_lw_is(n, HD_K_DebugFunction))
		return inlined_subroutine(L, scope, inl, depth);
	if (is_block(n))
		return inlined_block(L, scope, inl, depth);
	return hd_lower_node(L, scope);  /* the chain left the inlined function */
}

hd_die *hd_lower_scope_die(hd_lw *L, int32_t scope, int32_t inlined_at)
{
	return instance(L, scope, inlined_at, 0);
}

/* ---- pc ranges ---- */

typedef struct span {
	hd_die *die;
	uint32_t fn;          /* the module function whose code it is */
	uint64_t begin, end;
} span;

typedef struct spans {
	span *v;
	uint32_t n, cap;
} spans;

static int add_span(hd_lw *L, spans *S, hd_die *d, uint32_t f, uint64_t b, uint64_t e)
{
	if (!d || (d->tag != DW_TAG_lexical_block && d->tag != DW_TAG_inlined_subroutine))
		return 0;
	if (hd_lower_grow(L, (void **)&S->v, sizeof *S->v, S->n, &S->cap) != 0)
		return -1;
	S->v[S->n++] = (span){ d, f, b, e };
	return 0;
}

/* A DebugScope range covers its scope and every enclosing block up to the
 * function; inside inlined code it also covers the inlined_subroutine and,
 * through the DebugInlinedAt's Scope, the caller's blocks (DWARF 5 3.5 and
 * 3.3.8.2: a scope's pcs include those of the scopes it contains). */
static int cover(hd_lw *L, spans *S, const hd_di_range *r, uint32_t f)
{
	uint64_t b = hd_lower_pc(L, f, r->slot_begin), e = hd_lower_pc(L, f, r->slot_end);
	int32_t scope = r->scope, inl = r->inlined;

	for (unsigned steps = 0; scope >= 0 && !L->failed; steps++) {
		const hd_di_node *n = &L->m->nodes[scope];

		if (steps > MAX_CHAIN) {
			hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", n,
			              "scope chain deeper than %u (a cycle?)", MAX_CHAIN);
			break;
		}
		if (hd_lw_is(n, HD_K_DebugLexicalBlockDiscriminator) || is_block(n)) {
			if (is_block(n) && add_span(L, S, instance(L, scope, inl, 0), f, b, e) != 0)
				return -1;
			scope = node_index(L, hd_lw_word(n, HD_O_Parent));
		} else if (hd_lw_is(n, HD_K_DebugFunction) && inl >= 0) {
			const hd_di_node *ia = &L->m->nodes[inl];

			if (add_span(L, S, instance(L, scope, inl, 0), f, b, e) != 0)
				return -1;
			scope = node_index(L, hd_lw_word(ia, HD_O_Scope));
			inl = node_index(L, hd_lw_word(ia, HD_O_Inlined));
		} else {
			break;  /* the function itself, or a scope without pcs */
		}
	}
	return L->failed ? -1 : 0;
}

static int cmp_span(const void *a, const void *b)
{
	const span *x = a, *y = b;

	if (x->die != y->die)
		return (uintptr_t)x->die < (uintptr_t)y->die ? -1 : 1;
	if (x->begin != y->begin)
		return x->begin < y->begin ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/* Merges the sorted spans v[0..n) of one DIE in place; returns the count. */
static uint32_t merge(span *v, uint32_t n)
{
	uint32_t k = 0;

	for (uint32_t i = 1; i < n; i++) {
		if (v[i].begin <= v[k].end) {
			if (v[i].end > v[k].end)
				v[k].end = v[i].end;
		} else {
			v[++k] = v[i];
		}
	}
	return n ? k + 1 : 0;
}

/* One contiguous range is DW_AT_low_pc/high_pc (high as a length, DWARF 5
 * 2.17.2); more is DW_AT_ranges (2.17.3), a range list based at the low pc
 * of the function holding the lowest range. */
static int put_ranges(hd_lw *L, hd_die *d, const span *v, uint32_t n)
{
	hd_dw_unit *u = L->u;
	hd_dw_list *list;
	hd_dw_range *e;

	if (n == 1)
		return hd_die_addr(u, d, DW_AT_low_pc, v[0].begin) != 0 ||
		       hd_die_udata(u, d, DW_AT_high_pc, v[0].end - v[0].begin) != 0 ? -1 : 0;
	if (hd_lower_grow(L, (void **)&u->rnglists, sizeof *u->rnglists, u->nrnglists,
	                  &L->rnglists_cap) != 0)
		return -1;
	if (!(e = hd_arena_alloc(&u->arena, (size_t)n * sizeof *e)))
		return -1;
	for (uint32_t i = 0; i < n; i++)
		e[i] = (hd_dw_range){ v[i].begin, v[i].end, NULL, 0 };
	list = &u->rnglists[u->nrnglists];
	list->base = L->out->functions[v[0].fn].low_pc;
	list->entries = e;
	list->n = n;
	return hd_die_list(u, d, DW_AT_ranges, HD_DV_RNGLIST, u->nrnglists++);
}

/* The spans of d in the sorted array, or NULL and n == 0. A module whose
 * scopes have no pcs leaves the array NULL, and NULL + 0 is undefined. */
static span *spans_of(spans *S, const hd_die *d, uint32_t *n)
{
	uint32_t lo = 0, hi = S->n;

	*n = 0;
	if (S->v == NULL)
		return NULL;

	while (lo < hi) {  /* first span of d */
		uint32_t mid = lo + (hi - lo) / 2;
		if ((uintptr_t)S->v[mid].die < (uintptr_t)d)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (hi = lo; hi < S->n && S->v[hi].die == d; hi++)
		;
	*n = hi - lo;
	return S->v + lo;
}

/* Range lists are numbered in DIE-tree order, so the same module always
 * gives the same unit whatever the allocator does. The walk stops once the
 * last DIE with spans has them: a unit's DIEs are mostly types, and every
 * one visited is a cache miss. */
static int apply(hd_lw *L, spans *S)
{
	hd_die *d = L->u->root;
	uint32_t left = 0;

	hd_sort(S->v, S->n, sizeof *S->v, cmp_span);  /* S->v is NULL when no scope has pcs */
	for (uint32_t i = 0; i < S->n; i++)
		left += i == 0 || S->v[i].die != S->v[i - 1].die;
	while (d && left > 0) {
		uint32_t n;
		span *v = spans_of(S, d, &n);

		if (n && put_ranges(L, d, v, merge(v, n)) != 0)
			return L->failed ? -1 : (hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL,
			                                       "out of memory"), -1);
		left -= n != 0;
		if (d->first_child) {
			d = d->first_child;
			continue;
		}
		while (d && !d->next)
			d = d->parent;
		if (d)
			d = d->next;
	}
	return 0;
}

int hd_lower_scopes(hd_lw *L)
{
	spans S = { NULL, 0, 0 };
	int rc = 0;

	for (uint32_t f = 0; f < L->m->nfunctions && rc == 0; f++) {
		const hd_di_function *fn = &L->m->functions[f];

		for (uint32_t i = 0; i < fn->nscopes && rc == 0; i++)
			if (fn->scopes[i].slot_begin < fn->scopes[i].slot_end && fn->scopes[i].scope >= 0)
				rc = cover(L, &S, &fn->scopes[i], f);
	}
	if (rc == 0 && !L->failed)
		rc = apply(L, &S);
	free(S.v);
	return rc != 0 || L->failed ? -1 : 0;
}
