/* Control flow, calls and barriers. A branch moves the work-item's frame to
 * the target's OpLabel, which evaluates the block's OpPhis for the edge it
 * came by. */
#include <string.h>

#include "ops.h"

static hd_xframe *top(hd_xlane *l)
{
	return &l->frames[l->depth - 1];
}

int x_nop(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	(void)r, (void)l, (void)in;
	return 0;
}

int x_unreachable(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	return hd_x_trap(r, l, "%s is reached", hd_x_opname(in->opcode));
}

static int jump(hd_xrun *r, hd_xlane *l, uint32_t label)
{
	const hd_exec *x = r->x;
	hd_xframe *f = top(l);

	if (label >= x->nids || x->ids[label].what != XID_LABEL)
		return hd_x_trap(r, l, "a branch to %%%u, which is no label", label);
	f->came_from = f->block;
	f->slot = x->ids[label].index;
	return 0;
}

/* OpPhi: every phi of the block reads its value for the edge taken before
 * any of them is written, as SPIR-V 2.2.5 says phis are evaluated at once. */
int x_label(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	hd_xframe *f = top(l);
	const hd_xfunc *xf = &r->x->funcs[f->function];
	uint32_t s = f->slot, used = 0, end;
	(void)in;

	f->block = s - 1;
	for (end = s; end < xf->nslots && xf->slots[end].opcode == SpvOpPhi; end++) {
		const hd_xinsn *phi = &xf->slots[end];
		const hd_xtype *t = hd_x_type(r->x, phi->w[1]);
		const uint8_t *v = NULL;
		for (uint32_t k = 3; k + 1 < phi->nwords; k += 2) {
			uint32_t from = phi->w[k + 1];
			if (from < r->x->nids && r->x->ids[from].what == XID_LABEL &&
			    r->x->ids[from].index == f->came_from) {
				v = hd_x_val(r, l, phi->w[k]);
				break;
			}
		}
		if (t == NULL || v == NULL)
			return hd_x_trap(r, l, "an OpPhi has no value for the edge taken");
		if (used + t->size > sizeof r->scratch)
			return hd_x_unsupported(r, "OpPhis of more than %zu bytes in one block",
			                        sizeof r->scratch);
		memcpy(r->scratch + used, v, t->size);
		used += t->size;
	}
	used = 0;
	for (uint32_t k = s; k < end; k++) {
		const hd_xinsn *phi = &xf->slots[k];
		const hd_xtype *t = hd_x_type(r->x, phi->w[1]);
		uint8_t *dst = hd_x_val(r, l, phi->w[2]);
		if (dst != NULL)
			memcpy(dst, r->scratch + used, t->size);
		used += t->size;
	}
	return 0;
}

int x_branch(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	return jump(r, l, in->w[1]);
}

int x_branch_conditional(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const uint8_t *c = hd_x_val(r, l, in->w[1]);
	if (c == NULL || in->nwords < 4)
		return hd_x_unsupported(r, "OpBranchConditional on a value it cannot read");
	return jump(r, l, c[0] ? in->w[2] : in->w[3]);
}

int x_switch(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *t = hd_x_val_type(r, in->w[1]);
	const uint8_t *v = hd_x_val(r, l, in->w[1]);
	uint32_t words, target;
	uint64_t sel;

	if (t == NULL || v == NULL || t->kind != XT_INT)
		return hd_x_unsupported(r, "OpSwitch on a value it cannot read");
	words = t->width == 64 ? 2 : 1;
	sel = hd_x_get_u(v, t->size);
	target = in->w[2];
	for (uint32_t k = 3; k + words < in->nwords; k += words + 1) {
		uint64_t lit = in->w[k];
		if (words == 2)
			lit |= (uint64_t)in->w[k + 1] << 32;
		if (t->width < 64)
			lit &= (1ull << t->width) - 1;
		if (lit == sel) {
			target = in->w[k + words];
			break;
		}
	}
	return jump(r, l, target);
}

int x_return(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	if (in->op->arg) {
		const hd_xtype *t = hd_x_val_type(r, in->w[1]);
		const uint8_t *v = hd_x_val(r, l, in->w[1]);
		if (t == NULL || v == NULL)
			return hd_x_unsupported(r, "OpReturnValue of a value it cannot read");
		return hd_x_return(r, l, v, t->size);
	}
	return hd_x_return(r, l, NULL, 0);
}

int x_call(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_exec *x = r->x;
	uint32_t fid = in->w[3];

	if (fid >= x->nids || x->ids[fid].what != XID_FUNCTION ||
	    x->ids[fid].index >= x->nfuncs)
		return hd_x_unsupported(r, "a call of %%%u, which is no function", fid);
	if (!x->funcs[x->ids[fid].index].has_body)
		return hd_x_import(r, l, x->ids[fid].index, in->w + 4, in->nwords - 4u, in->w[2]);
	return hd_x_call(r, l, x->ids[fid].index, in->w + 4, in->nwords - 4u, in->w[2]);
}

/* OpControlBarrier with Workgroup execution scope waits for the whole group;
 * a narrower scope (Subgroup) is met by the wavefront running in lock step. */
int x_barrier(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const uint8_t *scope = hd_x_val(r, l, in->w[1]);
	if (scope == NULL)
		return hd_x_unsupported(r, "OpControlBarrier with a scope it cannot read");
	if (hd_x_get_u(scope, 4) <= SpvScopeWorkgroup)
		l->state = XL_BARRIER;
	return 0;
}
