/* Composite values: vectors, arrays and structs as SSA values, laid out
 * exactly as in memory, so extract and insert are byte copies at the
 * offsets of prepare.c. */
#include <string.h>

#include "ops.h"

int x_undef(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *t = hd_x_type(r->x, in->w[1]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	if (t == NULL || res == NULL)
		return hd_x_unsupported(r, "OpUndef of a type it cannot hold");
	memset(res, 0, t->size);
	return 0;
}

int x_copy_object(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *t = hd_x_type(r->x, in->w[1]);
	const uint8_t *v = hd_x_val(r, l, in->w[3]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	if (t == NULL || v == NULL || res == NULL)
		return hd_x_unsupported(r, "OpCopyObject of a value it cannot read");
	memmove(res, v, t->size);
	return 0;
}

/* The byte offset and type of the part literal indexes w[first..] name. */
static int walk(hd_xrun *r, uint32_t type, const hd_xinsn *in, uint32_t first,
                uint32_t *offset, uint32_t *part_type)
{
	uint32_t off = 0;
	for (uint32_t k = first; k < in->nwords; k++) {
		uint32_t o, et;
		if (hd_x_element(r->x, type, in->w[k], &o, &et) != 0)
			return -1;
		off += o;
		type = et;
	}
	*offset = off;
	*part_type = type;
	return 0;
}

int x_composite_extract(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *t = hd_x_type(r->x, in->w[1]);
	const uint8_t *v = hd_x_val(r, l, in->w[3]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t off, pt;

	if (t == NULL || v == NULL || res == NULL ||
	    walk(r, r->x->ids[in->w[3]].type, in, 4, &off, &pt) != 0)
		return hd_x_unsupported(r, "OpCompositeExtract it cannot follow");
	memmove(res, v + off, t->size);
	return 0;
}

int x_composite_insert(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *t = hd_x_type(r->x, in->w[1]), *ot = hd_x_val_type(r, in->w[3]);
	const uint8_t *obj = hd_x_val(r, l, in->w[3]), *comp = hd_x_val(r, l, in->w[4]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t off, pt;

	if (t == NULL || ot == NULL || obj == NULL || comp == NULL || res == NULL ||
	    walk(r, in->w[1], in, 5, &off, &pt) != 0 || off + ot->size > t->size)
		return hd_x_unsupported(r, "OpCompositeInsert it cannot follow");
	memmove(res, comp, t->size);
	memmove(res + off, obj, ot->size);
	return 0;
}

/* A vector is built from scalars and smaller vectors, their components in
 * order; any other composite from one value per element. */
int x_composite_construct(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *t = hd_x_type(r->x, in->w[1]);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t at = 0;

	if (t == NULL || res == NULL)
		return hd_x_unsupported(r, "OpCompositeConstruct of a type it cannot hold");
	for (uint32_t k = 3; k < in->nwords; k++) {
		const hd_xtype *pt = hd_x_val_type(r, in->w[k]), *s;
		const uint8_t *v = hd_x_val(r, l, in->w[k]);
		uint32_t off, et, n, bytes;
		if (pt == NULL || v == NULL)
			return hd_x_unsupported(r, "OpCompositeConstruct of a part it cannot read");
		if (t->kind == XT_VECTOR) {
			s = hd_x_scalar(r->x, pt, &n);
			bytes = s != NULL ? n * s->size : 0;
			off = at;
			at += bytes;
		} else {
			if (hd_x_element(r->x, in->w[1], k - 3, &off, &et) != 0)
				return hd_x_unsupported(r, "OpCompositeConstruct with too many parts");
			bytes = pt->size;
		}
		if (off + bytes > t->size)
			return hd_x_unsupported(r, "OpCompositeConstruct with too many parts");
		memmove(res + off, v, bytes);
	}
	return 0;
}

int x_vector_dynamic(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	int insert = in->op->arg != 0;
	const hd_xtype *vt = hd_x_val_type(r, in->w[3]), *s, *it;
	const uint8_t *v = hd_x_val(r, l, in->w[3]);
	uint32_t idx_id = in->w[insert ? 5 : 4], n;
	const uint8_t *ip = hd_x_val(r, l, idx_id);
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint64_t i;

	it = hd_x_val_type(r, idx_id);
	s = hd_x_scalar(r->x, vt, &n);
	if (s == NULL || v == NULL || ip == NULL || it == NULL || res == NULL ||
	    in->nwords < (insert ? 6u : 5u))
		return hd_x_unsupported(r, "%s of operands it cannot read", hd_x_opname(in->opcode));
	i = hd_x_get_u(ip, it->size);
	if (!insert) {
		/* an index past the end has an undefined result: zero */
		if (i < n)
			memmove(res, v + i * s->size, s->size);
		else
			memset(res, 0, s->size);
		return 0;
	}
	memmove(res, v, vt->size);
	if (i < n) {
		const uint8_t *c = hd_x_val(r, l, in->w[4]);
		if (c == NULL)
			return hd_x_unsupported(r, "OpVectorInsertDynamic of a part it cannot read");
		memmove(res + i * s->size, c, s->size);
	}
	return 0;
}

int x_vector_shuffle(hd_xrun *r, hd_xlane *l, const hd_xinsn *in)
{
	const hd_xtype *at = hd_x_val_type(r, in->w[3]), *s;
	const uint8_t *a = hd_x_val(r, l, in->w[3]), *b = hd_x_val(r, l, in->w[4]);
	uint8_t *res = hd_x_val(r, l, in->w[2]), tmp[128];
	uint32_t na, nb;
	const hd_xtype *bt = hd_x_val_type(r, in->w[4]);

	s = hd_x_scalar(r->x, at, &na);
	if (s == NULL || a == NULL || b == NULL || res == NULL ||
	    hd_x_scalar(r->x, bt, &nb) == NULL || (in->nwords - 5u) * s->size > sizeof tmp)
		return hd_x_unsupported(r, "OpVectorShuffle of operands it cannot read");
	/* the result may be one of the operands' storage: build it aside */
	for (uint32_t k = 5; k < in->nwords; k++) {
		uint32_t c = in->w[k];
		uint8_t *o = tmp + (k - 5) * s->size;
		if (c < na)
			memcpy(o, a + c * s->size, s->size);
		else if (c - na < nb)
			memcpy(o, b + (c - na) * s->size, s->size);
		else
			memset(o, 0, s->size);  /* 0xFFFFFFFF: an undefined component */
	}
	memcpy(res, tmp, (in->nwords - 5u) * s->size);
	return 0;
}
