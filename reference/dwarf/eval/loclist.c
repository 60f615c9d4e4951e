/* Location list expressions (DWARF Extensions for Heterogeneous Debugging "DWARF Location List Expressions",
 * which keeps DWARF 5 2.6.2 for the entry kinds). A list is given already
 * resolved: each bounded entry as an address range, so the reader that
 * decodes DW_LLE_* and base addresses stays out of the evaluator. */
#include "machine.h"

#include <string.h>

static int matches(const hd_loclist_entry *e, uint64_t pc)
{
	return !e->is_default && e->low <= pc && pc < e->high;
}

/* DWARF Extensions for Heterogeneous Debugging: the default entries match only when no bounded entry does. */
static int selected(const hd_loclist *l, size_t i, uint64_t pc, int any_bounded)
{
	return any_bounded ? matches(&l->entries[i], pc) : l->entries[i].is_default;
}

int hd_loclist_run(hd_machine *m, const hd_loclist *l, const hd_loc **out)
{
	uint64_t pc;
	int any_bounded = 0;
	size_t n = 0, k = 0;
	const hd_loc **locs;

	/* DWARF Extensions for Heterogeneous Debugging leaves open whether a list of only a default entry needs a
	 * program location; hdref says it does, as the rule is written
	 * (docs/evaluator.md, Choices). */
	if (!m->ctx->has_pc)
		return hd_missing(m, "program location");
	/* in a caller frame, the call site, as for its CFI row and subprogram */
	pc = hd_lookup_pc(m->ctx->has_frame ? m->ctx->frame : 0, m->ctx->pc);
	for (size_t i = 0; i < l->n; i++)
		any_bounded |= matches(&l->entries[i], pc);
	for (size_t i = 0; i < l->n; i++)
		n += (size_t)selected(l, i, pc, any_bounded);
	if (n == 0) {
		/* no entry matches: one undefined location description */
		*out = hd_loc_undefined(m);
		return *out != NULL ? 0 : -1;
	}
	locs = hd_alloc(m, n * sizeof *locs);
	if (locs == NULL)
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		const hd_loclist_entry *e = &l->entries[i];
		hd_context sub = *m->ctx;
		hd_entry r;
		if (!selected(l, i, pc, any_bounded))
			continue;
		/* each matching E: the current context, but a location result, no
		 * object and an empty initial stack */
		hd_context_nested(&sub, HD_RESULT_LOCATION);
		if (hd_eval_nested(m, &sub, e->expr, e->len, &r) != 0)
			return -1;
		locs[k++] = r.loc;
	}
	*out = hd_loc_union(m->ev, locs, n);
	if (*out == NULL)
		return hd_fail(m->st, HD_NO_MEMORY, "memory-limit", 0,
		               "evaluation needs more than %zu bytes", m->ev->limits.max_memory);
	return 0;
}

static int run_list(hd_machine *m, void *arg, hd_entry *out)
{
	memset(out, 0, sizeof *out);
	out->is_loc = 1;
	return hd_loclist_run(m, arg, &out->loc);
}

/* A location list expression is a DWARF expression like an operation
 * expression (DWARF Extensions for Heterogeneous Debugging "DWARF Expressions"): its location result meets the
 * result kind the caller asked for through the implicit conversions that
 * hd_eval_with applies, so a list asked for a value gives the address of one
 * default-address-space memory location and is ill-formed otherwise. Only
 * the entries' own expressions run with a location result kind. */
int hd_eval_loclist(hd_eval *ev, const hd_context *ctx, const hd_encoding *enc,
                    const hd_loclist *l, hd_result *res)
{
	return hd_eval_with(ev, ctx, enc, run_list, (void *)l, res);
}
