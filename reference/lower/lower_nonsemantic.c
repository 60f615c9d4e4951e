/* What NonSemantic.Shader.DebugInfo.100 leaves implicit and the lowering
 * needs: a DebugTypeMember has no Parent and a DebugTypeInheritance no
 * Child, since forward references are not allowed; the composite that
 * lists them in its Members is their parent (the spec's list of changes to
 * OpenCL.DebugInfo.100). */
#include <stdlib.h>

#include "lower_impl.h"

/* Fills L->listed_by once: for each node, the node of the first composite
 * whose Members name it, or -1. One pass over every Members list. */
static int index_members(hd_lw *L)
{
	const hd_spv_module *m = L->m;

	L->listed_by = malloc((m->nnodes ? m->nnodes : 1) * sizeof *L->listed_by);
	if (!L->listed_by) {
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
		return -1;
	}
	for (uint32_t i = 0; i < m->nnodes; i++)
		L->listed_by[i] = -1;
	for (uint32_t i = 0; i < m->nnodes; i++) {
		const hd_di_node *n = &m->nodes[i];
		hd_di_span sp;

		if (!hd_lw_is(n, HD_K_DebugTypeComposite) || hd_lw_span(n, HD_O_Members, &sp) != 0)
			continue;
		for (uint32_t k = 0; k < sp.count; k++) {
			const hd_di_node *mem = hd_di_node_of(m, n->args[sp.first + k]);
			if (mem && L->listed_by[mem - m->nodes] < 0)
				L->listed_by[mem - m->nodes] = (int32_t)i;
		}
	}
	return 0;
}

uint32_t hd_lower_member_of(hd_lw *L, const hd_di_node *n, hd_spv_oname operand)
{
	int32_t c;

	if (n->set->id != HD_SET_NONSEMANTIC)
		return hd_lw_word(n, operand);
	if (!L->listed_by && index_members(L) != 0)
		return 0;
	c = L->listed_by[n - L->m->nodes];
	return c >= 0 ? L->m->nodes[c].id : 0;
}
