/* DebugLocalVariable and DebugInlinedVariable (docs/lowering-vars.md). A
 * local variable becomes a DW_TAG_variable, or a DW_TAG_formal_parameter
 * when it has an Arg Number, under the DIE of its Parent scope. An inlined
 * variable is the concrete instance of one inside an inlined subroutine: the
 * same tag with DW_AT_abstract_origin (DWARF 5 section 3.3.8.2). Locations
 * are not here: they come from the function bodies (lower_body.c). */
#include <stdlib.h>

#include "lower_loc.h"
#include "util/sort.h"

static hd_die *no_memory(hd_lw *L, const hd_di_node *n)
{
	return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
}

/* The Arg Number of a DebugLocalVariable: 1-based, 0 when it has none. */
static uint32_t arg_number(const hd_di_node *var)
{
	hd_di_span sp;
	return hd_lw_span(var, HD_O_Arg_Number, &sp) == 0 ? var->args[sp.first] : 0;
}

hd_die *hd_lower_local_variable(hd_lw *L, const hd_di_node *n)
{
	hd_die *parent = hd_lower_parent(L, hd_lw_word(n, HD_O_Parent));
	uint16_t tag = arg_number(n) ? DW_TAG_formal_parameter : DW_TAG_variable;
	hd_di_span sp;
	hd_die *d;

	if (L->failed)
		return NULL;
	d = hd_die_new(L->u, parent, tag);
	if (!d)
		return no_memory(L, n);
	hd_lower_set_die(L, n, d);
	if (hd_lw_name(L, d, n, HD_O_Name) != 0 ||
	    hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Type)) != 0 ||
	    hd_lw_decl(L, d, n) != 0)
		return L->failed ? NULL : no_memory(L, n);
	/* DebugInfo 1.00's DebugLocalVariable has no Flags operand */
	if (hd_lw_span(n, HD_O_Flags, &sp) == 0 && hd_lower_flags(L, d, n, n->args[sp.first]) != 0)
		return L->failed ? NULL : no_memory(L, n);
	return d;
}

const hd_di_node *hd_lower_variable_of(hd_lw *L, const hd_di_node *n)
{
	for (int hops = 0; n && hops < 8; hops++) {
		if (hd_lw_is(n, HD_K_DebugLocalVariable))
			return n;
		if (!hd_lw_is(n, HD_K_DebugInlinedVariable))
			return NULL;
		n = hd_di_node_of(L->m, hd_lw_word(n, HD_O_Variable));
	}
	return NULL;
}

static int32_t node_index(hd_lw *L, uint32_t id)
{
	const hd_di_node *n = hd_di_node_of(L->m, id);
	return n ? (int32_t)(n - L->m->nodes) : -1;
}

/* The concrete instance of var in scope die sd. */
static hd_die *instance_in(hd_lw *L, const hd_di_node *var, hd_die *sd)
{
	hd_die *origin = hd_lower_node(L, (int32_t)(var - L->m->nodes)), *d;

	if (!origin)
		return NULL;
	d = hd_die_new(L->u, sd, origin->tag);
	if (!d || hd_die_ref(L->u, d, DW_AT_abstract_origin, origin) != 0)
		return no_memory(L, var);
	return d;
}

hd_die *hd_lower_inlined_instance(hd_lw *L, const hd_di_node *var, int32_t inlined_at)
{
	hd_die *sd = hd_lower_scope_die(L, node_index(L, hd_lw_word(var, HD_O_Parent)), inlined_at);
	return sd ? instance_in(L, var, sd) : NULL;
}

/* The DIE of the scope the inlined variable n lives in, or NULL while the
 * inlined subroutines are not built yet (they come with hd_lower_scopes,
 * after the nodes). */
static hd_die *inlined_scope(hd_lw *L, const hd_di_node *n, const hd_di_node **var)
{
	*var = hd_lower_variable_of(L, hd_di_node_of(L->m, hd_lw_word(n, HD_O_Variable)));
	if (!*var)
		return NULL;
	return hd_lower_scope_die(L, node_index(L, hd_lw_word(*var, HD_O_Parent)),
	                          node_index(L, hd_lw_word(n, HD_O_Inlined)));
}

hd_die *hd_lower_inlined_variable(hd_lw *L, const hd_di_node *n)
{
	const hd_di_node *var;
	hd_die *sd = inlined_scope(L, n, &var), *d;

	if (!sd)
		return NULL;  /* hd_lower_inlined_variables_late tries again */
	d = instance_in(L, var, sd);
	if (d)
		hd_lower_set_die(L, n, d);
	return d;
}

int hd_lower_inlined_variables_late(hd_lw *L)
{
	for (uint32_t i = 0; i < L->m->nnodes && !L->failed; i++) {
		const hd_di_node *n = &L->m->nodes[i], *var;
		hd_die *sd, *d;

		if (L->die_of[i] || !L->fn_of[i] || !hd_lw_is(n, HD_K_DebugInlinedVariable))
			continue;
		sd = inlined_scope(L, n, &var);
		if (sd && (d = instance_in(L, var, sd)) != NULL)
			hd_lower_set_die(L, n, d);
	}
	return L->failed ? -1 : 0;
}

/* ---- parameter order ---- */

typedef struct param {
	hd_die *die;
	uint32_t arg;
	uint32_t node;
} param;

static int cmp_param(const void *a, const void *b)
{
	const param *x = a, *y = b;

	if (x->die->parent != y->die->parent)
		return (uintptr_t)x->die->parent < (uintptr_t)y->die->parent ? -1 : 1;
	if (x->arg != y->arg)
		return x->arg < y->arg ? -1 : 1;
	return x->node < y->node ? -1 : x->node > y->node;
}

int hd_lower_order_parameters(hd_lw *L)
{
	param *ps = calloc(L->m->nnodes ? L->m->nnodes : 1, sizeof *ps);
	uint32_t n = 0;

	if (!ps) {
		no_memory(L, NULL);
		return -1;
	}
	for (uint32_t i = 0; i < L->m->nnodes; i++) {
		const hd_di_node *var = hd_lower_variable_of(L, &L->m->nodes[i]);
		hd_die *d = L->die_of[i];
		if (var && d && d->parent && d->tag == DW_TAG_formal_parameter && arg_number(var))
			ps[n++] = (param){ d, arg_number(var), i };
	}
	hd_sort(ps, n, sizeof *ps, cmp_param);
	for (uint32_t i = 0, j; i < n; i = j) {
		hd_die *dies[256];
		uint32_t k = 0;
		for (j = i + 1; j < n && ps[j].die->parent == ps[i].die->parent; j++)
			;
		/* more parameters than any function has are left in module order */
		for (uint32_t t = i; t < j && j - i <= 256; t++)
			dies[k++] = ps[t].die;
		if (hd_lower_reorder(ps[i].die->parent, dies, k) != 0) {
			free(ps);
			no_memory(L, NULL);
			return -1;
		}
	}
	free(ps);
	return 0;
}
