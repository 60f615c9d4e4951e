/* DebugExpression to DWARF operations (docs/lowering-vars.md,
 * "DebugExpression"). One table row per DebugOperation enumerant name, the
 * same names in both sets (OpenCL.DebugInfo.100 and DebugInfo 1.00 section 3.6; 1.00 has no
 * Fragment).
 *
 * The DebugInfo stack holds plain values: the variable's address for a
 * DebugDeclare, its value for a DebugValue. The DWARF Extensions for Heterogeneous Debugging stack the lowering
 * writes for also holds location descriptions, and the base location put one
 * there: a memory location for the address, or a register location holding
 * the value. So each row looks at what the top stands for (hd_lw_top) and
 * picks the operation with the DebugInfo meaning: adding to an address
 * offsets the memory location (DW_OP_LLVM_offset*), while adding to a value
 * held in a register needs the value read out first (DW_OP_deref_size). */
#include <stdlib.h>
#include <string.h>

#include "lower_loc.h"

#define MAX_DEPTH 32

typedef struct tx {
	hd_lw *L;
	const hd_di_node *expr;
	hd_lw_expr *e;
	uint8_t kind[MAX_DEPTH];  /* hd_lw_top per entry, bottom first */
	int depth;
	uint32_t load_size;       /* bytes of the value a HOLDER holds */
	int open;                 /* the base left an incomplete composite */
} tx;

static int op(tx *t, hd_op_id id, uint64_t u0, uint64_t u1)
{
	t->e->nops++;
	return hd_lw_op(t->L, &t->e->ops, id, u0, u1);
}

static hd_lw_top top(tx *t)
{
	return t->depth > 0 ? (hd_lw_top)t->kind[t->depth - 1] : HD_LW_VALUE;
}

/* Entries the expression did not push are values as far as the DWARF
 * operation is concerned (an ill-formed DebugExpression stays ill-formed). */
static hd_lw_top pop(tx *t)
{
	return t->depth > 0 ? (hd_lw_top)t->kind[--t->depth] : HD_LW_VALUE;
}

static int push(tx *t, hd_lw_top k)
{
	if (t->depth == MAX_DEPTH) {
		hd_lower_fail(t->L, HD_BAD_INPUT, "expression-depth", t->expr,
		              "the expression stacks more than %d entries", MAX_DEPTH);
		return -1;
	}
	t->kind[t->depth++] = (uint8_t)k;
	return 0;
}

/* A base of several pieces (a value in two registers) is an incomplete
 * composite: any further operation would add to it or find it ill-formed
 * (DWARF Extensions for Heterogeneous Debugging, "Composite Location Description Operations"), so it is closed
 * with DW_OP_LLVM_piece_end first. */
static int close_base(tx *t)
{
	if (!t->open)
		return 0;
	t->open = 0;
	if (t->depth > 0 && t->kind[t->depth - 1] == HD_LW_PIECES)
		t->kind[t->depth - 1] = HD_LW_HOLDER;
	return op(t, HD_OP_LLVM_piece_end, 0, 0);
}

/* The value a register location holds, for an operation that works on the
 * value: DW_OP_deref_size reads it out of the register (DWARF Extensions for Heterogeneous Debugging lets the
 * deref operations read any location storage). */
static int as_value(tx *t)
{
	if (close_base(t) != 0)
		return -1;
	if (top(t) != HD_LW_HOLDER)
		return 0;
	t->kind[t->depth - 1] = HD_LW_VALUE;
	return op(t, HD_OP_deref_size, t->load_size && t->load_size < 8 ? t->load_size : 8, 0);
}

/* ---- one function per DebugOperation ---- */

static int do_deref(tx *t, const uint32_t *a)
{
	(void)a;
	if (as_value(t) != 0 || op(t, HD_OP_deref, 0, 0) != 0)
		return -1;
	pop(t);
	return push(t, HD_LW_VALUE);
}

/* An address plus a value stays a location: DW_OP_LLVM_offset, in
 * whichever order the two came (DWARF Extensions for Heterogeneous Debugging "General Operations": plus would
 * need the address back as a value, which a memory location outside the
 * default address space cannot give). */
static int do_plus(tx *t, const uint32_t *a)
{
	hd_lw_top b, c;
	(void)a;
	if (as_value(t) != 0)
		return -1;
	b = pop(t);
	c = pop(t);
	if (c == HD_LW_ADDRESS && b == HD_LW_VALUE)
		return op(t, HD_OP_LLVM_offset, 0, 0) || push(t, HD_LW_ADDRESS);
	if (c == HD_LW_VALUE && b == HD_LW_ADDRESS)
		return op(t, HD_OP_swap, 0, 0) || op(t, HD_OP_LLVM_offset, 0, 0) ||
		       push(t, HD_LW_ADDRESS);
	return op(t, HD_OP_plus, 0, 0) || push(t, HD_LW_VALUE);
}

static int do_minus(tx *t, const uint32_t *a)
{
	hd_lw_top b, c;
	(void)a;
	if (as_value(t) != 0)
		return -1;
	b = pop(t);
	c = pop(t);
	if (c == HD_LW_ADDRESS && b == HD_LW_VALUE)
		return op(t, HD_OP_neg, 0, 0) || op(t, HD_OP_LLVM_offset, 0, 0) ||
		       push(t, HD_LW_ADDRESS);
	return op(t, HD_OP_minus, 0, 0) || push(t, HD_LW_VALUE);
}

static int do_plus_uconst(tx *t, const uint32_t *a)
{
	if (as_value(t) != 0)
		return -1;
	if (top(t) == HD_LW_ADDRESS)
		return op(t, HD_OP_LLVM_offset_uconst, a[0], 0);
	return op(t, HD_OP_plus_uconst, a[0], 0);
}

/* BitPiece(Offset, Size): DW_OP_bit_piece takes the size first. */
static int do_bit_piece(tx *t, const uint32_t *a)
{
	if (close_base(t) != 0 || op(t, HD_OP_bit_piece, a[1], a[0]) != 0)
		return -1;
	pop(t);
	if (top(t) == HD_LW_PIECES)
		return 0;
	return push(t, HD_LW_PIECES);
}

static int do_swap(tx *t, const uint32_t *a)
{
	hd_lw_top b, c;
	(void)a;
	if (as_value(t) != 0)
		return -1;
	b = pop(t);
	c = pop(t);
	return op(t, HD_OP_swap, 0, 0) || push(t, b) || push(t, c);
}

/* A lone Xderef (not the address-space idiom) keeps its DWARF meaning:
 * read the value at an address in an address space. */
static int do_xderef(tx *t, const uint32_t *a)
{
	(void)a;
	if (as_value(t) != 0 || op(t, HD_OP_xderef, 0, 0) != 0)
		return -1;
	pop(t);
	pop(t);
	return push(t, HD_LW_VALUE);
}

/* A value in a register already is the variable's value: the register
 * location says so better than an implicit copy would (a debugger can
 * write it). */
static int do_stack_value(tx *t, const uint32_t *a)
{
	(void)a;
	if (close_base(t) != 0)
		return -1;
	if (top(t) == HD_LW_HOLDER)
		return 0;
	if (op(t, HD_OP_stack_value, 0, 0) != 0)
		return -1;
	pop(t);
	return push(t, HD_LW_IMPLICIT);
}

static int do_constu(tx *t, const uint32_t *a)
{
	if (as_value(t) != 0 || op(t, HD_OP_constu, a[0], 0) != 0)
		return -1;
	return push(t, HD_LW_VALUE);
}

/* Fragment(Offset, Size) says which bits of the variable the expression
 * describes; the caller assembles fragments into one composite. */
static int do_fragment(tx *t, const uint32_t *a)
{
	t->e->has_fragment = 1;
	t->e->frag_offset = a[0];
	t->e->frag_size = a[1];
	return 0;
}

typedef struct operation {
	const char *name;      /* the DebugOperation enumerant */
	uint32_t nargs;
	int (*fn)(tx *t, const uint32_t *args);
} operation;

static const operation operations[] = {
	{ "Deref", 0, do_deref },
	{ "Plus", 0, do_plus },
	{ "Minus", 0, do_minus },
	{ "PlusUconst", 1, do_plus_uconst },
	{ "BitPiece", 2, do_bit_piece },
	{ "Swap", 0, do_swap },
	{ "Xderef", 0, do_xderef },
	{ "StackValue", 0, do_stack_value },
	{ "Constu", 1, do_constu },
	{ "Fragment", 2, do_fragment },
};

#define NOPERATIONS (sizeof operations / sizeof operations[0])

/* ---- reading the DebugExpression ---- */

typedef struct dop {
	const operation *o;
	const hd_di_node *n;
	uint32_t args[2];
} dop;

/* The DebugOperation node n decoded: its row and literal operands. */
static int read_operation(hd_lw *L, const hd_di_node *n, dop *d)
{
	const char *name = hd_lw_is(n, HD_K_DebugOperation) ? hd_lw_enum(n, HD_O_OpCode) : NULL;
	hd_di_span sp;

	memset(d, 0, sizeof *d);
	d->n = n;
	for (size_t i = 0; name && i < NOPERATIONS; i++)
		if (strcmp(operations[i].name, name) == 0)
			d->o = &operations[i];
	if (!d->o) {
		hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", n, "not a known DebugOperation");
		return -1;
	}
	if (d->o->nargs == 0)
		return 0;
	if (hd_lw_span(n, HD_O_Operands, &sp) != 0 || sp.count < d->o->nargs) {
		hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", n,
		              "%s needs %u operands", d->o->name, d->o->nargs);
		return -1;
	}
	for (uint32_t i = 0; i < d->o->nargs; i++) {
		hd_di_span one = { sp.first + i, 1 };
		/* literals, or (NonSemantic.Shader.DebugInfo.100) ids of constants */
		const hd_spv_operand *op = &n->inst->operands[n->inst->noperands - 1];
		if (hd_di_operand_value(L->m, n, op, one, &d->args[i]) != 0)
			d->args[i] = 0;
	}
	return 0;
}

/* Whether ops[i..] is `Constu AS; Swap; Xderef` with an AS the SPIR target
 * numbering knows: *aspace gets its DWARF address space. */
static int idiom_at(const dop *ops, uint32_t n, uint32_t i, uint32_t *aspace)
{
	if (i + 3 > n || strcmp(ops[i].o->name, "Constu") != 0 ||
	    strcmp(ops[i + 1].o->name, "Swap") != 0 || strcmp(ops[i + 2].o->name, "Xderef") != 0)
		return 0;
	*aspace = hd_lw_aspace_of_spir(ops[i].args[0]);
	return *aspace != UINT32_MAX;
}

/* `Constu AS; Swap; Xderef` is how clang and llvm-spirv say "this address is
 * in address space AS": DW_OP_xderef would read memory and push a value
 * (DWARF 5 section 2.5.1.3), so the variable's contents would become its
 * location. DWARF Extensions for Heterogeneous Debugging deprecates it for this use and makes a memory location
 * in a chosen space with DW_OP_LLVM_form_aspace_address instead. */
static int form_aspace(tx *t, uint32_t aspace)
{
	if (as_value(t) != 0 || op(t, HD_OP_constu, aspace, 0) != 0 ||
	    op(t, HD_OP_LLVM_form_aspace_address, 0, 0) != 0)
		return -1;
	pop(t);
	return push(t, HD_LW_ADDRESS);
}

static int translate(tx *t, const dop *ops, uint32_t n, const hd_lw_start *start)
{
	uint32_t i = 0, aspace;

	if (start->top == HD_LW_VALUE && start->aspace != UINT32_MAX) {
		if (idiom_at(ops, n, 0, &aspace)) {
			if (form_aspace(t, aspace) != 0)
				return -1;
			i = 3;
		} else if (form_aspace(t, start->aspace) != 0) {
			return -1;
		}
	}
	for (; i < n; i++) {
		if (top(t) != HD_LW_ADDRESS && idiom_at(ops, n, i, &aspace)) {
			if (form_aspace(t, aspace) != 0)
				return -1;
			i += 2;
			continue;
		}
		if (ops[i].o->fn(t, ops[i].args) != 0)
			return -1;
	}
	t->e->top = top(t);
	return 0;
}

int hd_lower_expression(hd_lw *L, uint32_t expr_id, const hd_lw_start *start, hd_lw_expr *e)
{
	const hd_di_node *x = hd_lw_is_none(L, expr_id) ? NULL : hd_di_node_of(L->m, expr_id);
	hd_di_span sp;
	dop *ops = NULL;
	uint32_t n = 0;
	tx t;
	int rc = -1;

	memset(e, 0, sizeof *e);
	hd_buf_init(&e->ops);
	memset(&t, 0, sizeof t);
	t.L = L;
	t.expr = x;
	t.e = e;
	t.load_size = start->load_size;
	t.open = start->top == HD_LW_PIECES;
	t.kind[t.depth++] = (uint8_t)start->top;
	e->top = start->top;
	if (x && !hd_lw_is(x, HD_K_DebugExpression)) {
		hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", x, "Expression is not a DebugExpression");
		return -1;
	}
	if (x && hd_lw_span(x, HD_O_Operands, &sp) == 0) {
		ops = calloc(sp.count, sizeof *ops);
		if (!ops) {
			hd_lower_fail(L, HD_NO_MEMORY, "no-memory", x, "out of memory");
			return -1;
		}
		for (; n < sp.count; n++) {
			const hd_di_node *o = hd_di_node_of(L->m, x->args[sp.first + n]);
			if (!o) {
				hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", x,
				              "an operand is not a DebugOperation");
				goto out;
			}
			if (read_operation(L, o, &ops[n]) != 0)
				goto out;
		}
	}
	rc = translate(&t, ops, n, start) != 0 ? -1 : 0;
	if (rc == 0 && e->ops.failed) {
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", x, "out of memory");
		rc = -1;
	}
out:
	free(ops);
	return rc;
}
