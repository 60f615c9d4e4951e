/* The interpreter's side of a watch: every work-item's source variables,
 * followed through the DebugDeclare and DebugValue points it passes
 * (docs/watch-format.md, "Variables").
 *
 * A variable is keyed by its DebugLocalVariable and the DebugInlinedAt of
 * its instance, as DWARF keys a concrete inlined copy (DWARF 5 3.3.8.2).
 * Each function's keys are found once, from its points, so a point finds
 * its variable's state by index and nothing an input controls grows a
 * search. */
#include <stdlib.h>
#include <string.h>

#include "value_text.h"
#include "watch.h"
#include "util/sort.h"

enum { W_NONE, W_MEMORY, W_BYTES, W_UNKNOWN };

typedef struct wstate {
	uint8_t kind;
	uint32_t storage;     /* W_MEMORY: the pointer's storage class */
	uint64_t addr;
	uint8_t *bytes, *set; /* W_BYTES: the variable's bytes, size of its type */
	uint64_t size;
} wstate;

typedef struct wframe {
	uint32_t function;
	wstate *vars;         /* one per key of the function */
} wframe;

typedef struct witem {
	wframe *frames;
	uint32_t depth, cap;
} witem;

typedef struct wkey {
	int32_t var, inlined;
} wkey;

typedef struct wfunc {
	wkey *keys;           /* sorted */
	uint32_t nkeys;
	uint32_t *point_key;  /* per point of the function: its key */
	hd_watch_item **vis;  /* per scope range: the visible variables (cached) */
	uint32_t *nvis;
} wfunc;

struct hd_watch {
	hd_exec *x;
	const hd_spv_module *m;
	hd_exec_observer obs;
	hd_watch_stop_fn fn;
	void *ctx;
	witem *items;
	uint32_t nitems;
	wfunc *funcs;
	uint32_t *scope_first;  /* per node + 1: its variables in scope_vars */
	int32_t *scope_vars;
	hd_watch_item none_items[1];
};

static const hd_di_node *node_at(const hd_spv_module *m, int32_t i)
{
	return i >= 0 && (uint32_t)i < m->nnodes ? &m->nodes[i] : NULL;
}

static int32_t index_of(const hd_spv_module *m, uint32_t id)
{
	const hd_di_node *n = hd_di_node_of(m, id);
	return n != NULL ? (int32_t)(n - m->nodes) : -1;
}

static int is(const hd_di_node *n, const char *name)
{
	return n != NULL && n->inst != NULL && strcmp(n->inst->name, name) == 0;
}

/* The variable instance a point describes: a DebugInlinedVariable names its
 * own; a DebugLocalVariable in inlined code is the copy inlined there. */
static wkey key_of_point(const hd_spv_module *m, const hd_di_point *p)
{
	const hd_di_node *n = node_at(m, p->node);
	int32_t var = index_of(m, hd_di_word(n, HD_O_Local_Variable));
	const hd_di_node *v = node_at(m, var);
	wkey k = { var, p->inlined };

	if (is(v, "DebugInlinedVariable")) {
		k.var = index_of(m, hd_di_word(v, HD_O_Variable));
		k.inlined = index_of(m, hd_di_word(v, HD_O_Inlined));
	}
	return k;
}

static int key_cmp(const void *a, const void *b)
{
	const wkey *x = a, *y = b;
	if (x->var != y->var)
		return x->var < y->var ? -1 : 1;
	return (x->inlined > y->inlined) - (x->inlined < y->inlined);
}

static int32_t find_key(const wfunc *f, wkey k)
{
	const wkey *hit = bsearch(&k, f->keys, f->nkeys, sizeof k, key_cmp);
	return hit != NULL ? (int32_t)(hit - f->keys) : -1;
}

static int prepare_function(hd_watch *w, uint32_t fi)
{
	const hd_di_function *df = &w->m->functions[fi];
	wfunc *f = &w->funcs[fi];
	uint32_t n = 0;

	f->keys = calloc(df->npoints + 1, sizeof *f->keys);
	f->point_key = calloc(df->npoints + 1, sizeof *f->point_key);
	f->vis = calloc(df->nscopes + 1, sizeof *f->vis);
	f->nvis = calloc(df->nscopes + 1, sizeof *f->nvis);
	if (!f->keys || !f->point_key || !f->vis || !f->nvis)
		return -1;
	for (uint32_t p = 0; p < df->npoints; p++)
		f->keys[n++] = key_of_point(w->m, &df->points[p]);
	hd_sort(f->keys, n, sizeof *f->keys, key_cmp);
	f->nkeys = 0;
	for (uint32_t i = 0; i < n; i++)
		if (f->nkeys == 0 || key_cmp(&f->keys[f->nkeys - 1], &f->keys[i]) != 0)
			f->keys[f->nkeys++] = f->keys[i];
	for (uint32_t p = 0; p < df->npoints; p++)
		f->point_key[p] = (uint32_t)find_key(f, key_of_point(w->m, &df->points[p]));
	return 0;
}

/* A scope as the variables see it: llvm-spirv names a template function's
 * DebugTypeTemplate where its DebugFunction is meant (as DebugScope and as
 * the Parent of its variables), and the lowering reads it so. */
static int32_t scope_node(const hd_spv_module *m, int32_t s)
{
	const hd_di_node *n = node_at(m, s);
	if (is(n, "DebugTypeTemplate"))
		return index_of(m, hd_di_word(n, HD_O_Target));
	return s;
}

/* The scope a variable is declared in: a DebugLocalVariable's Parent, or a
 * DebugGlobalVariable's when that is a function or block (a kernel's
 * `local` variable, a function's `static` one: DWARF 5 3.3 puts them among
 * the function's children); -1 for anything else. */
static int32_t declared_in(const hd_spv_module *m, const hd_di_node *n)
{
	int32_t parent;
	const hd_di_node *pn;

	if (!is(n, "DebugLocalVariable") && !is(n, "DebugGlobalVariable"))
		return -1;
	parent = scope_node(m, index_of(m, hd_di_word(n, HD_O_Parent)));
	pn = node_at(m, parent);
	if (is(n, "DebugGlobalVariable") && !is(pn, "DebugFunction") &&
	    !is(pn, "DebugLexicalBlock"))
		return -1;
	return parent;
}

/* Every variable under the scope it is declared in, by a counting sort. */
static int index_scopes(hd_watch *w)
{
	const hd_spv_module *m = w->m;
	uint32_t *fill;

	w->scope_first = calloc(m->nnodes + 2, sizeof *w->scope_first);
	w->scope_vars = calloc(m->nnodes + 1, sizeof *w->scope_vars);
	fill = calloc(m->nnodes + 1, sizeof *fill);
	if (!w->scope_first || !w->scope_vars || !fill) {
		free(fill);
		return -1;
	}
	for (uint32_t i = 0; i < m->nnodes; i++) {
		int32_t parent = declared_in(m, &m->nodes[i]);
		if (parent >= 0)
			w->scope_first[parent + 1]++;
	}
	for (uint32_t i = 0; i < m->nnodes; i++)
		w->scope_first[i + 1] += w->scope_first[i];
	for (uint32_t i = 0; i < m->nnodes; i++) {
		int32_t parent = declared_in(m, &m->nodes[i]);
		if (parent >= 0)
			w->scope_vars[w->scope_first[parent] + fill[parent]++] = (int32_t)i;
	}
	free(fill);
	return 0;
}

/* ---- frames ---- */

static void free_frame(wfunc *f, wframe *fr)
{
	for (uint32_t k = 0; k < f->nkeys; k++) {
		free(fr->vars[k].bytes);
		free(fr->vars[k].set);
	}
	free(fr->vars);
}

static int on_frame(void *ctx, hd_exec *x, uint32_t item, uint32_t function, int enter,
                    hd_status *st)
{
	hd_watch *w = ctx;
	witem *it;
	(void)x;

	if (item >= w->nitems)
		return hd_fail(st, HD_INTERNAL, "watch", 0, "work-item %u out of range", item);
	it = &w->items[item];
	if (!enter) {
		if (it->depth > 0) {
			it->depth--;
			free_frame(&w->funcs[it->frames[it->depth].function], &it->frames[it->depth]);
		}
		return 0;
	}
	if (it->depth == it->cap) {
		uint32_t cap = it->cap ? it->cap * 2 : 4;
		wframe *fr = realloc(it->frames, cap * sizeof *fr);
		if (fr == NULL)
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a watch");
		it->frames = fr;
		it->cap = cap;
	}
	it->frames[it->depth].function = function;
	it->frames[it->depth].vars = calloc(w->funcs[function].nkeys + 1, sizeof(wstate));
	if (it->frames[it->depth].vars == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a watch");
	it->depth++;
	return 0;
}

/* ---- points ---- */

/* SPIR target address spaces, as the address-space idiom of clang and
 * llvm-spirv counts them, onto SPIR-V storage classes. */
static uint32_t storage_of_spir(uint64_t as)
{
	static const uint32_t sc[] = { 7 /* Function */, 5 /* CrossWorkgroup */,
	                               0 /* UniformConstant */, 4 /* Workgroup */,
	                               8 /* Generic */ };
	return as < 5 ? sc[as] : 8;
}

typedef struct expr_result {
	int memory;            /* the variable lives in memory at (storage, addr) */
	uint32_t storage;
	uint64_t addr;
	uint64_t value;        /* a plain value computed by the expression */
	int computed;          /* value replaces the Value's bytes */
	uint64_t frag_bit, frag_bits;  /* Fragment: the bits of the variable */
	int fragment;
	uint64_t piece_bit, piece_bits; /* BitPiece: bits of the value that are the
	                                 * variable's first bits, the rest unknown */
	int piece;
} expr_result;

/* The DebugOperations of OpenCL.DebugInfo.100 3.6 that producers write,
 * on a stack of at most eight 64-bit entries. -1 for one it cannot follow
 * (the variable then shows "<unsupported expression>"). */
static int run_expression(const hd_spv_module *m, uint32_t expr, uint64_t first, int declare,
                          uint32_t storage, expr_result *r)
{
	const hd_di_node *e = hd_di_node_of(m, expr);
	uint64_t stack[8];
	int sp = 0, changed = 0;
	hd_di_span ops;

	memset(r, 0, sizeof *r);
	r->storage = storage;
	stack[sp++] = first;
	if (e == NULL || hd_di_span_of(e, HD_O_Operands, &ops) != 0)
		ops.count = 0;
	for (uint32_t k = 0; k < ops.count; k++) {
		const hd_di_node *op = hd_di_node_of(m, e->args[ops.first + k]);
		const char *name = hd_di_enum_name(op, HD_O_OpCode);
		hd_di_span lit;
		uint64_t a[2] = { 0, 0 };
		if (name == NULL)
			return -1;
		if (hd_di_span_of(op, HD_O_Operands, &lit) == 0)
			for (uint32_t j = 0; j < lit.count && j < 2; j++)
				a[j] = op->args[lit.first + j];
		if (strcmp(name, "BitPiece") == 0 && k + 1 == ops.count) {
			/* DW_OP_bit_piece's meaning (DebugInfo 1.00, DebugOperation):
			 * one piece is a composite describing only its own bits */
			r->piece = 1;
			r->piece_bit = a[0];
			r->piece_bits = a[1];
		} else if (strcmp(name, "Fragment") == 0) {
			r->fragment = 1;
			r->frag_bit = a[0];
			r->frag_bits = a[1];
		} else if (strcmp(name, "StackValue") == 0) {
			declare = 0;
		} else if (strcmp(name, "Constu") == 0 && sp < 8) {
			stack[sp++] = a[0];
		} else if (strcmp(name, "PlusUconst") == 0 && sp >= 1) {
			stack[sp - 1] += a[0];
			changed = 1;
		} else if ((strcmp(name, "Plus") == 0 || strcmp(name, "Minus") == 0) && sp >= 2) {
			sp--;
			stack[sp - 1] = name[0] == 'P' ? stack[sp - 1] + stack[sp] : stack[sp - 1] - stack[sp];
			changed = 1;
		} else if (strcmp(name, "Swap") == 0 && sp >= 2) {
			uint64_t t = stack[sp - 1];
			stack[sp - 1] = stack[sp - 2];
			stack[sp - 2] = t;
		} else if (strcmp(name, "Xderef") == 0 && sp >= 2) {
			/* "Constu AS; Swap; Xderef": the address on the stack is in
			 * address space AS (docs/lowering-vars.md) */
			r->storage = storage_of_spir(stack[sp - 2]);
			stack[sp - 2] = stack[sp - 1];
			sp--;
			declare = 1;
		} else if (strcmp(name, "Deref") == 0 && sp >= 1) {
			declare = 1;  /* the variable is in memory at the address */
		} else {
			return -1;
		}
	}
	if (sp < 1)
		return -1;
	r->memory = declare;
	r->addr = stack[sp - 1];
	r->value = stack[sp - 1];
	r->computed = changed;
	return 0;
}

static int is_undef(const hd_spv_module *m, uint32_t id)
{
	const hd_spv_insn *in = hd_spv_def_insn(m, id);
	return in == NULL || in->opcode == 1 /* OpUndef */ ||
	       is(hd_di_node_of(m, id), "DebugInfoNone");
}

/* Makes s hold bytes, the size of the variable's type. */
static int make_bytes(wstate *s, uint64_t size)
{
	if (s->kind == W_BYTES && s->size == size)
		return 0;
	free(s->bytes);
	free(s->set);
	s->bytes = calloc(size + 1, 1);
	s->set = calloc(size + 1, 1);
	s->size = size;
	s->kind = W_BYTES;
	return s->bytes != NULL && s->set != NULL ? 0 : -1;
}

/* A DebugValue whose expression ends in one BitPiece: the variable's first
 * piece_bits are the value's bits from piece_bit, and the rest of it is
 * described by nothing. Whole bytes only. */
static int apply_piece(wstate *s, const expr_result *r, const uint8_t *vb, uint32_t vsize,
                       uint64_t size, uint32_t nidx)
{
	uint64_t from = r->piece_bit / 8, n = r->piece_bits / 8;

	if (nidx > 0 || r->fragment || r->memory || r->piece_bit % 8 || r->piece_bits % 8 ||
	    n > size || make_bytes(s, size) != 0)
		return -1;
	memset(s->set, 0, size);
	if (vb != NULL && from + n <= vsize) {
		memcpy(s->bytes, vb + from, n);
		memset(s->set, 1, n);
	}
	return 0;
}

static void apply_value(hd_watch *w, uint32_t item, const hd_di_node *p, wstate *s)
{
	const hd_spv_module *m = w->m;
	const hd_di_node *var = hd_di_node_of(m, hd_di_word(p, HD_O_Local_Variable));
	uint32_t type, value = hd_di_word(p, HD_O_Value), part_type, vsize = 0, storage = 8;
	uint64_t size, off = 0, idx[16], first = 0;
	const uint8_t *vb = NULL;
	expr_result r;
	hd_di_span ix;
	uint32_t nidx = 0;

	if (is(var, "DebugInlinedVariable"))
		var = hd_di_node_of(m, hd_di_word(var, HD_O_Variable));
	type = hd_di_word(var, HD_O_Type);
	size = hd_watch_type_size(m, type);
	part_type = type;
	if (hd_di_span_of(p, HD_O_Indexes, &ix) == 0)
		for (uint32_t k = 0; k < ix.count && nidx < 16; k++) {
			unsigned width;
			int sg;
			if (hd_spv_int_constant(m, p->args[ix.first + k], &idx[nidx++], &width, &sg) != 0)
				goto unknown;
		}
	if (nidx > 0 && hd_watch_part(m, type, idx, nidx, &off, &part_type) != 0)
		goto unknown;
	if (!is_undef(m, value)) {
		if (hd_exec_value(w->x, item, value, &vb, &vsize) != 0)
			goto unknown;
		hd_exec_pointer_storage(w->x, hd_exec_type_of(w->x, value), &storage);
		for (uint32_t i = 0; i < vsize && i < 8; i++)
			first |= (uint64_t)vb[i] << (8 * i);
	}
	if (run_expression(m, hd_di_word(p, HD_O_Expression), first, 0, storage, &r) != 0)
		goto unknown;
	if (r.memory && vb != NULL && !r.fragment && nidx == 0) {
		s->kind = W_MEMORY;
		s->storage = r.storage;
		s->addr = r.addr;
		return;
	}
	if (r.piece) {
		if (apply_piece(s, &r, vb, vsize, size, nidx) != 0)
			goto unknown;
		return;
	}
	if (r.memory || (r.fragment && (r.frag_bit % 8 || r.frag_bits % 8)))
		goto unknown;
	if (r.fragment) {
		off += r.frag_bit / 8;
		size = size > off ? size : off + r.frag_bits / 8;
	}
	if (size == 0 || make_bytes(s, size) != 0)
		goto unknown;
	{
		uint64_t n = r.fragment ? r.frag_bits / 8 : hd_watch_type_size(m, part_type);
		if (n == 0 || off + n > size)
			n = size > off ? size - off : 0;
		if (vb == NULL) {
			memset(s->set + off, 0, n);  /* undefined: the value is gone */
		} else if (r.computed) {
			for (uint64_t i = 0; i < n; i++)
				s->bytes[off + i] = i < 8 ? (uint8_t)(r.value >> (8 * i)) : 0;
			memset(s->set + off, 1, n);
		} else {
			memcpy(s->bytes + off, vb, n < vsize ? n : vsize);
			memset(s->set + off, 1, n < vsize ? n : vsize);
		}
	}
	return;
unknown:
	s->kind = W_UNKNOWN;
}

static void apply_declare(hd_watch *w, uint32_t item, const hd_di_node *p, wstate *s)
{
	uint32_t var = hd_di_word(p, HD_O_Variable), vsize, storage = 8;
	const uint8_t *vb;
	uint64_t addr = 0;
	expr_result r;

	if (hd_exec_value(w->x, item, var, &vb, &vsize) != 0 ||
	    hd_exec_pointer_storage(w->x, hd_exec_type_of(w->x, var), &storage) != 0) {
		s->kind = W_UNKNOWN;
		return;
	}
	for (uint32_t i = 0; i < vsize && i < 8; i++)
		addr |= (uint64_t)vb[i] << (8 * i);
	if (run_expression(w->m, hd_di_word(p, HD_O_Expression), addr, 1, storage, &r) != 0 ||
	    !r.memory || r.fragment) {
		s->kind = W_UNKNOWN;
		return;
	}
	s->kind = W_MEMORY;
	s->storage = r.storage;
	s->addr = r.addr;
}

static int on_point(void *ctx, hd_exec *x, const hd_exec_where *wh, const hd_di_point *p,
                    hd_status *st)
{
	hd_watch *w = ctx;
	const hd_di_function *df = &w->m->functions[wh->function];
	const wfunc *f = &w->funcs[wh->function];
	uint32_t key = f->point_key[p - df->points], W = hd_exec_config_of(x)->wave_size;
	const hd_di_node *n = node_at(w->m, p->node);
	(void)st;

	for (uint32_t lane = 0; lane < W; lane++) {
		uint32_t item = wh->wave * W + lane;
		witem *it;
		wstate *s;
		if (!(wh->lanes >> lane & 1) || item >= w->nitems)
			continue;
		it = &w->items[item];
		if (it->depth == 0 || key >= f->nkeys)
			continue;
		s = &it->frames[it->depth - 1].vars[key];
		if (is(n, "DebugDeclare"))
			apply_declare(w, item, n, s);
		else
			apply_value(w, item, n, s);
	}
	return 0;
}

/* ---- stops ---- */

static const hd_di_range *range_at(const hd_di_range *r, uint32_t n, uint32_t slot)
{
	uint32_t lo = 0, hi = n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (r[mid].slot_end <= slot)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && r[lo].slot_begin <= slot && slot < r[lo].slot_end ? &r[lo] : NULL;
}

static int item_cmp(const void *a, const void *b)
{
	return strcmp(((const hd_watch_item *)a)->name, ((const hd_watch_item *)b)->name);
}

/* The variables of the scope chain from `scope` up to its function, inner
 * ones hiding outer ones of the same name (a debugger's view of frame 0). */
static int visible(hd_watch *w, const hd_di_range *r, hd_watch_item **out, uint32_t *nout)
{
	const hd_spv_module *m = w->m;
	int32_t chain[64];
	uint32_t depth = 0, n = 0, cap = 16;
	hd_watch_item *items = malloc(cap * sizeof *items);
	int32_t s = r != NULL ? r->scope : -1;

	if (items == NULL)
		return -1;
	while ((s = scope_node(m, s)) >= 0 && depth < 64) {
		const hd_di_node *sn = &m->nodes[s];
		chain[depth++] = s;
		if (is(sn, "DebugFunction"))
			break;
		if (!is(sn, "DebugLexicalBlock") && !is(sn, "DebugLexicalBlockDiscriminator"))
			break;
		s = index_of(m, hd_di_word(sn, HD_O_Parent));
	}
	for (uint32_t d = 0; d < depth; d++) {
		int32_t sc = chain[d];
		for (uint32_t k = w->scope_first[sc]; k < w->scope_first[sc + 1]; k++) {
			const char *name = hd_di_string(&m->nodes[w->scope_vars[k]], HD_O_Name);
			int hidden = 0;
			if (name == NULL || name[0] == '\0')
				continue;
			for (uint32_t j = 0; j < n && !hidden; j++)
				hidden = strcmp(items[j].name, name) == 0;
			if (hidden)
				continue;
			if (n == cap) {
				hd_watch_item *g = realloc(items, (cap *= 2) * sizeof *items);
				if (g == NULL) {
					free(items);
					return -1;
				}
				items = g;
			}
			items[n++] = (hd_watch_item){ name, w->scope_vars[k], r->inlined,
			                              depth - 1 - d };
		}
	}
	hd_sort(items, n, sizeof *items, item_cmp);
	*out = items;
	*nout = n;
	return 0;
}

static int on_stop(void *ctx, hd_exec *x, const hd_exec_where *wh, hd_status *st)
{
	hd_watch *w = ctx;
	const hd_di_function *df = &w->m->functions[wh->function];
	wfunc *f = &w->funcs[wh->function];
	const hd_di_range *sr = range_at(df->scopes, df->nscopes, wh->slot);
	const hd_di_range *lr = range_at(df->lines, df->nlines, wh->slot);
	/* a slot under no DebugScope (or a DebugNoScope) is still the function's
	 * code, as the lowering's subprogram covers every slot: a debugger there
	 * shows the function's own variables */
	hd_di_range own = { .scope = df->debug_function, .inlined = -1, .file = -1 };
	hd_watch_stop s = { .where = wh };
	uint32_t ri = sr != NULL ? (uint32_t)(sr - df->scopes) : df->nscopes;
	const char *fname = NULL;
	int32_t sc;
	(void)x;

	if (sr == NULL || sr->scope < 0)
		sr = &own;
	if (f->vis[ri] == NULL && visible(w, sr, &f->vis[ri], &f->nvis[ri]) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a watch");
	s.items = f->vis[ri];
	s.nitems = f->nvis[ri];
	/* the function instance's name: the chain's DebugFunction, else the
	 * function's own */
	sc = scope_node(w->m, sr->scope);
	for (int i = 0; i < 64 && sc >= 0 && !is(&w->m->nodes[sc], "DebugFunction"); i++)
		sc = scope_node(w->m, index_of(w->m, hd_di_word(&w->m->nodes[sc], HD_O_Parent)));
	if (sc >= 0 && is(&w->m->nodes[sc], "DebugFunction"))
		fname = hd_di_string(&w->m->nodes[sc], HD_O_Name);
	s.inlined = sr->inlined >= 0;
	if (fname == NULL && df->debug_function >= 0)
		fname = hd_di_string(&w->m->nodes[df->debug_function], HD_O_Name);
	s.function = fname != NULL ? fname : "?";
	if (lr != NULL) {
		/* an OpLine names an OpString; a DebugLine a DebugSource */
		const hd_spv_insn *fi = lr->file >= 0 ? &w->m->insns[lr->file] : NULL;
		const hd_di_node *src = fi != NULL ? node_at(w->m, fi->node) : NULL;
		if (fi != NULL && fi->opcode == 7 /* OpString */)
			s.file = (const char *)(w->m->words + fi->offset + 2);
		else if (src != NULL)
			s.file = hd_spv_string(w->m, hd_di_word(src, HD_O_File));
		s.line = lr->line;
		s.column = lr->column;
	}
	if (s.file == NULL)
		s.file = "?";
	return w->fn(w->ctx, w, &s, st);
}

/* The bytes of n bytes of memory at pointer value ptr of storage class
 * storage, printed through type; <unset> when no object holds them. */
static int print_memory(hd_watch *w, uint32_t item, uint32_t storage, uint64_t ptr,
                        uint32_t type, uint64_t size, hd_buf *out)
{
	hd_exec_space space;
	uint64_t addr;
	uint8_t *bytes = calloc(size + 1, 1), *set = calloc(size + 1, 1);

	if (bytes == NULL || set == NULL) {
		free(bytes);
		free(set);
		return -1;
	}
	if (hd_exec_resolve(storage, ptr, &space, &addr) != 0 ||
	    hd_exec_read(w->x, item, space, addr, (uint32_t)size, bytes, set) != 0)
		hd_buf_printf(out, HD_WATCH_UNSET);
	else
		hd_watch_print(w->m, type, bytes, set, out);
	free(bytes);
	free(set);
	return 0;
}

/* A program-scope variable shown in a function: its OpVariable's memory,
 * or the constant a producer folded it to. */
static int global_value(hd_watch *w, uint32_t item, const hd_di_node *var, hd_buf *out)
{
	uint32_t type = hd_di_word(var, HD_O_Type), id = hd_di_word(var, HD_O_Variable), size, storage;
	const uint8_t *v;
	uint64_t ptr = 0;

	if (hd_exec_value(w->x, item, id, &v, &size) != 0) {
		hd_buf_printf(out, HD_WATCH_UNSET);
		return 0;
	}
	if (hd_exec_pointer_storage(w->x, hd_exec_type_of(w->x, id), &storage) != 0) {
		hd_watch_print(w->m, type, v, NULL, out);
		return 0;
	}
	for (uint32_t i = 0; i < size && i < 8; i++)
		ptr |= (uint64_t)v[i] << (8 * i);
	return print_memory(w, item, storage, ptr, type, hd_watch_type_size(w->m, type), out);
}

int hd_watch_value(hd_watch *w, uint32_t item, const hd_watch_item *v, hd_buf *out)
{
	const hd_spv_module *m = w->m;
	const hd_di_node *var = node_at(m, v->var);
	uint32_t type = hd_di_word(var, HD_O_Type);
	uint64_t size = hd_watch_type_size(m, type);
	witem *it = item < w->nitems ? &w->items[item] : NULL;
	const wframe *fr;
	const wstate *s;
	int32_t k;

	if (it == NULL || it->depth == 0)
		return -1;
	if (is(var, "DebugGlobalVariable"))
		return global_value(w, item, var, out);
	fr = &it->frames[it->depth - 1];
	k = find_key(&w->funcs[fr->function], (wkey){ v->var, v->inlined });
	s = k >= 0 ? &fr->vars[k] : NULL;
	if (s == NULL || s->kind == W_NONE) {
		hd_buf_printf(out, HD_WATCH_UNSET);
	} else if (s->kind == W_UNKNOWN) {
		hd_buf_printf(out, "<unsupported expression>");
	} else if (s->kind == W_BYTES) {
		hd_watch_print(m, type, s->bytes, s->set, out);
	} else {
		return print_memory(w, item, s->storage, s->addr, type, size, out);
	}
	return 0;
}

/* ---- life cycle ---- */

int hd_watch_new(hd_exec *x, hd_watch_stop_fn fn, void *ctx, hd_watch **out, hd_status *st)
{
	const hd_exec_config *c = hd_exec_config_of(x);
	hd_watch *w = calloc(1, sizeof *w);

	*out = NULL;
	if (w == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a watch");
	w->x = x;
	w->m = hd_exec_module(x);
	w->fn = fn;
	w->ctx = ctx;
	w->nitems = c->local_size[0] * c->local_size[1] * c->local_size[2];
	w->items = calloc(w->nitems, sizeof *w->items);
	w->funcs = calloc(w->m->nfunctions + 1, sizeof *w->funcs);
	if (w->items == NULL || w->funcs == NULL || index_scopes(w) != 0) {
		hd_watch_free(w);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a watch");
	}
	for (uint32_t fi = 0; fi < w->m->nfunctions; fi++)
		if (prepare_function(w, fi) != 0) {
			hd_watch_free(w);
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a watch");
		}
	w->obs = (hd_exec_observer){ w, on_stop, on_point, on_frame };
	*out = w;
	return 0;
}

const hd_exec_observer *hd_watch_observer(hd_watch *w)
{
	return &w->obs;
}

void hd_watch_free(hd_watch *w)
{
	if (w == NULL)
		return;
	for (uint32_t i = 0; w->items != NULL && i < w->nitems; i++) {
		witem *it = &w->items[i];
		while (it->depth > 0) {
			it->depth--;
			free_frame(&w->funcs[it->frames[it->depth].function], &it->frames[it->depth]);
		}
		free(it->frames);
	}
	for (uint32_t f = 0; w->funcs != NULL && f < w->m->nfunctions; f++) {
		wfunc *fn = &w->funcs[f];
		for (uint32_t r = 0; fn->vis != NULL && r <= w->m->functions[f].nscopes; r++)
			free(fn->vis[r]);
		free(fn->keys);
		free(fn->point_key);
		free(fn->vis);
		free(fn->nvis);
	}
	free(w->funcs);
	free(w->items);
	free(w->scope_first);
	free(w->scope_vars);
	free(w);
}
