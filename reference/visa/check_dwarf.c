/* visa-dwarf-register: the DWARF IGC wrote for a kernel against the vISA
 * live intervals it wrote beside it (docs/visa.md, "DWARF against the live
 * intervals").
 *
 * A claim (intelgt/claims.h) says: over the code [begin, end), lane 0 of
 * variable x starts at byte b of GRF r. The vISA tables name variables by
 * their vISA names, not the source's, so the join is the register: the
 * claim holds when, at every vISA instruction the indexMap places in
 * [begin, end), some vISA variable has a live interval at r.b (an
 * interval's register and sub-register, in bytes). Both sides come from
 * the same compiler run, so a gap is IGC's DWARF pointing at a register
 * no vISA variable holds there. */
#include <stdio.h>
#include <stdlib.h>

#include "check_impl.h"

/* Intervals looked at in all, so a hostile pair of files costs bounded
 * work; past it a claim is dropped, which counts as a finding. */
#define WORK_MAX (1u << 26)

/* The GRF intervals of the object's variables at grf.byte. */
typedef struct live {
	const hd_visa_interval **v;
	size_t n;
} live;

static int collect_live(const hd_visa_object *o, uint32_t grf, uint32_t byte, live *l)
{
	size_t n = 0;

	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		for (uint32_t k = 0; k < o->nvars; k++)
			for (uint16_t j = 0; j < o->vars[k].lr.n; j++) {
				const hd_visa_interval *iv = &o->vars[k].lr.v[j];
				if (iv->ptype != HD_VISA_GRF || hd_visa_regnum(iv->loc) != grf ||
				    hd_visa_subreg(iv->loc) != byte)
					continue;
				if (pass == 1)
					l->v[n] = iv;
				n++;
			}
		if (pass == 0 && (l->v = malloc((n ? n : 1) * sizeof *l->v)) == NULL)
			return -1;
	}
	l->n = n;
	return 0;
}

static int is_live(const live *l, uint32_t index)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i]->start <= index && index <= l->v[i]->end)
			return 1;
	return 0;
}

/* The spans of [begin, end) (Gen offsets relative to the object) where
 * the vISA instruction has nothing live in the claim's GRF, as text: up to
 * three "0x..-0x.." and a count of the rest. 0 when there is none, 1 when
 * there are, -1 when the work bound stopped the search. */
static int gaps(const hd_visa_map *m, const live *l, uint64_t begin, uint64_t end,
                size_t *work, char *text, size_t cap)
{
	uint64_t from = 0, to = 0;
	unsigned nspans = 0;
	size_t used = 0;
	int open = 0;

	text[0] = '\0';
	/* the last entry is the end of the code, not an instruction */
	for (uint32_t j = 0; j + 1 <= m->n; j++) {
		uint64_t at = j + 1 < m->n ? m->v[j].gen : UINT64_MAX;
		uint64_t next = j + 1 < m->n ? m->v[j + 1].gen : UINT64_MAX;
		int gap = 0;
		*work += 1 + l->n;  /* is_live's loop included */
		if (*work > WORK_MAX)
			return -1;
		if (j + 1 < m->n && next > begin && at < end && next > at)
			gap = !is_live(l, m->v[j].visa);
		if (gap && !open) {
			from = at > begin ? at : begin;
			open = 1;
		}
		if (gap)
			to = next < end ? next : end;
		if (open && (!gap || j + 1 == m->n)) {
			if (nspans < 3 && used < cap)
				used += (size_t)snprintf(text + used, cap - used, "%s0x%llx-0x%llx",
				                         nspans ? ", " : "", (unsigned long long)from,
				                         (unsigned long long)to);
			nspans++;
			open = 0;
		}
	}
	if (nspans > 3 && used < cap)
		snprintf(text + used, cap - used, " and %u more", nspans - 3);
	return nspans > 0;
}

static void check_claim(hd_visa_ck *c, const hd_gt_claim *cl, size_t *work)
{
	const hd_visa_object *o = c->obj;
	live l = { NULL, 0 };
	char where[120], spans[120];
	int rc;

	*work += o->nvars;
	if (collect_live(o, cl->grf, cl->byte, &l) != 0) {
		c->out->dropped++;
		return;
	}
	rc = gaps(&o->index_map, &l, cl->begin - o->reloc, cl->end - o->reloc, work, spans,
	          sizeof spans);
	free(l.v);
	if (rc < 0)
		c->out->dropped++;
	if (rc <= 0)
		return;
	hd_visa_where(c, where, sizeof where, " DWARF variable '%s'", cl->name);
	hd_visa_finding_add(c->out, o->index_map.offset, HD_VISA_R_DWARF_REGISTER, where,
	                    "DWARF puts it in r%u.%u over 0x%llx-0x%llx, but no vISA variable "
	                    "is live there at %s",
	                    (unsigned)cl->grf, (unsigned)cl->byte,
	                    (unsigned long long)(cl->begin - o->reloc),
	                    (unsigned long long)(cl->end - o->reloc), spans);
}

/* The claims that start in the object being checked; c->ext must be known.
 * done[i] is set for each claim checked here. */
void hd_visa_check_dwarf(hd_visa_ck *c, unsigned char *done)
{
	const hd_gt_claims *cs = c->o->claims;
	uint64_t lo = c->obj->reloc, hi = lo + c->ext.gen_end;
	size_t work = 0;

	for (size_t i = 0; i < cs->n; i++) {
		const hd_gt_claim *cl = &cs->v[i];
		if (done[i] || cl->begin < lo || cl->begin >= hi)
			continue;
		done[i] = 1;
		if (work <= WORK_MAX)
			check_claim(c, cl, &work);
	}
}

/* Claims in no object's code: DWARF describing code the vISA tables do not. */
void hd_visa_check_dwarf_rest(hd_visa_ck *c, const unsigned char *done)
{
	const hd_gt_claims *cs = c->o->claims;

	for (size_t i = 0; i < cs->n; i++) {
		char where[120];
		if (done[i])
			continue;
		snprintf(where, sizeof where, "DWARF variable '%s'", cs->v[i].name);
		hd_visa_finding_add(c->out, 0, HD_VISA_R_DWARF_REGISTER, where,
		                    "DWARF puts it in r%u.%u over 0x%llx-0x%llx, code no vISA "
		                    "object maps", (unsigned)cs->v[i].grf, (unsigned)cs->v[i].byte,
		                    (unsigned long long)cs->v[i].begin,
		                    (unsigned long long)cs->v[i].end);
	}
}
