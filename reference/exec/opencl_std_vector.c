/* The OpenCL.std instructions on whole vectors: geometric functions
 * (OpenCL C 6.13.5), vector loads and stores (6.13.7), shuffle and
 * shuffle2 (6.13.12) and prefetch. Loads and stores go through
 * hd_x_load/hd_x_store, so an access outside every object traps as
 * OpLoad's would. */
#include <spirv/unified1/OpenCL.std.h>
#include <string.h>

#include "opencl_std.h"

#define MAXN 16

/* length without overflow or underflow: scaled by the largest magnitude */
static double norm(const double *a, uint32_t n)
{
	double m = 0, s = 0;

	for (uint32_t i = 0; i < n; i++) {
		if (isinf(a[i]))
			return INFINITY;
		if (isnan(a[i]))
			return NAN;
		m = fmax(m, fabs(a[i]));
	}
	if (m == 0)
		return 0;
	for (uint32_t i = 0; i < n; i++)
		s += (a[i] / m) * (a[i] / m);
	return m * sqrt(s);
}

void xs_length(const double *a, const double *b, uint32_t n, double *out)
{
	(void)b;
	out[0] = norm(a, n);
}

void xs_distance(const double *a, const double *b, uint32_t n, double *out)
{
	double d[MAXN];

	if (n == 0 || n > MAXN)  /* the caller's operands hold 1 to MAXN components */
		return;
	for (uint32_t i = 0; i < n; i++)
		d[i] = a[i] - b[i];
	out[0] = norm(d, n);
}

/* normalize: p / length(p); a zero vector stays zero, and infinite
 * components become ±1 and the others 0 before dividing (OpenCL C 6.13.5) */
void xs_normalize(const double *a, const double *b, uint32_t n, double *out)
{
	double v[MAXN], len;
	int inf = 0;

	(void)b;
	if (n == 0 || n > MAXN)  /* the caller's operands hold 1 to MAXN components */
		return;
	for (uint32_t i = 0; i < n; i++)
		inf |= isinf(a[i]);
	for (uint32_t i = 0; i < n; i++)
		v[i] = inf ? (isinf(a[i]) ? copysign(1.0, a[i]) : 0.0 * a[i]) : a[i];
	len = norm(v, n);
	for (uint32_t i = 0; i < n; i++)
		out[i] = len == 0 ? v[i] : v[i] / len;
}

/* cross of the first three components; a 4-vector's w is 0 */
void xs_cross(const double *a, const double *b, uint32_t n, double *out)
{
	(void)n;
	out[0] = a[1] * b[2] - a[2] * b[1];
	out[1] = a[2] * b[0] - a[0] * b[2];
	out[2] = a[0] * b[1] - a[1] * b[0];
	out[3] = 0;
}

/* A pointer operand: its storage class, its value and its pointee's scalar. */
static int pointer_operand(hd_xrun *r, hd_xlane *l, const xs_row *row, uint32_t id,
                           uint32_t *storage, uint64_t *addr, const hd_xtype **elem)
{
	const hd_xtype *pt = hd_x_val_type(r, id);
	const uint8_t *pv = hd_x_val(r, l, id);
	uint32_t n;

	if (pt == NULL || pt->kind != XT_POINTER || pv == NULL ||
	    (*elem = hd_x_scalar(r->x, hd_x_type(r->x, pt->elem), &n)) == NULL ||
	    (*elem)->size == 0)
		return hd_x_unsupported(r, "OpenCL.std %s through a pointer it cannot use",
		                        row->name);
	*storage = pt->storage;
	*addr = hd_x_get_u(pv, pt->size);
	return 0;
}

/* A size_t offset operand. */
static int offset_operand(hd_xrun *r, hd_xlane *l, const xs_row *row, uint32_t id,
                          uint64_t *v)
{
	const hd_xtype *s;
	const uint8_t *b;
	uint32_t n;

	if (xs_operand(r, l, row, id, &s, &n, &b) != 0)
		return -1;
	if (n != 1 || s->kind != XT_INT)
		return hd_x_unsupported(r, "OpenCL.std %s with an offset it cannot read", row->name);
	*v = hd_x_get_u(b, s->size);
	return 0;
}

/* vloadn(offset, p): n components of p's type from p + offset·n */
int xs_vloadn(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	const hd_xtype *rs, *es;
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	uint32_t n, storage;
	uint64_t off = 0, p = 0;

	rs = hd_x_scalar(r->x, hd_x_type(r->x, in->w[1]), &n);
	if (in->nwords < 7 || rs == NULL || res == NULL || n > MAXN)
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	if (offset_operand(r, l, row, in->w[5], &off) != 0 ||
	    pointer_operand(r, l, row, in->w[6], &storage, &p, &es) != 0)
		return -1;
	if (es->size != rs->size)
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	return hd_x_load(r, l, storage, p + off * n * es->size, res, n * es->size);
}

/* vstoren(data, offset, p): data's n components to p + offset·n */
int xs_vstoren(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	const hd_xtype *ds, *es;
	const uint8_t *data;
	uint32_t n, storage;
	uint64_t off = 0, p = 0;

	if (in->nwords < 8 || xs_operand(r, l, row, in->w[5], &ds, &n, &data) != 0 ||
	    offset_operand(r, l, row, in->w[6], &off) != 0 ||
	    pointer_operand(r, l, row, in->w[7], &storage, &p, &es) != 0)
		return in->nwords < 8 ? hd_x_unsupported(r, "OpenCL.std %s without its operands",
		                                         row->name) : -1;
	if (es->size != ds->size)
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	return hd_x_store(r, l, storage, p + off * n * es->size, data, n * es->size);
}

/* The halves' stride of a vload_half/vstore_half family member: 1 for the
 * scalar forms, n for the n forms, and 4 for the aligned forms of 3-vectors
 * (vloada_half3 reads as if the vector had 4). */
static uint64_t half_stride(uint32_t opcode, uint32_t n)
{
	switch (opcode) {
	case OpenCLstd_Vload_half: case OpenCLstd_Vstore_half: case OpenCLstd_Vstore_half_r:
		return 1;
	case OpenCLstd_Vloada_halfn: case OpenCLstd_Vstorea_halfn:
	case OpenCLstd_Vstorea_halfn_r:
		return n == 3 ? 4 : n;
	default:
		return n;
	}
}

/* vload_half, vload_halfn, vloada_halfn(offset, p): halves to floats */
int xs_vload_half(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	const hd_xtype *rs, *es;
	uint8_t *res = hd_x_val(r, l, in->w[2]), h[MAXN * 2];
	uint32_t n, storage;
	uint64_t off = 0, p = 0;

	rs = hd_x_scalar(r->x, hd_x_type(r->x, in->w[1]), &n);
	if (in->nwords < 7 || rs == NULL || res == NULL || n > MAXN || rs->kind != XT_FLOAT)
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	if (offset_operand(r, l, row, in->w[5], &off) != 0 ||
	    pointer_operand(r, l, row, in->w[6], &storage, &p, &es) != 0)
		return -1;
	if (hd_x_load(r, l, storage, p + off * half_stride(row->opcode, n) * 2, h, n * 2) != 0)
		return -1;
	for (uint32_t i = 0; i < n; i++)
		hd_x_put_f(res + i * rs->size, rs->width, hd_x_get_f(h + 2 * i, 16));
	return 0;
}

/* v rounded to half in a SPIR-V FPRoundingMode: the nearest half first,
 * then one step to the neighbour the mode asks for when that one is on the
 * wrong side of v */
static double to_half(double v, uint32_t mode)
{
	double h = xs_round_to(v, 16);

	if (isnan(v) || h == v)
		return h;
	switch (mode) {
	case 1:  /* RTZ */
		return fabs(h) > fabs(v) ? xs_next_float(h, 0.0, 16) : h;
	case 2:  /* RTP */
		return h < v ? xs_next_float(h, INFINITY, 16) : h;
	case 3:  /* RTN */
		return h > v ? xs_next_float(h, -INFINITY, 16) : h;
	default: /* RTE */
		return h;
	}
}

static int rounds(uint32_t opcode)
{
	return opcode == OpenCLstd_Vstore_half_r || opcode == OpenCLstd_Vstore_halfn_r ||
	       opcode == OpenCLstd_Vstorea_halfn_r;
}

/* vstore_half(n)(_r), vstorea_halfn(_r)(data, offset, p[, mode]) */
int xs_vstore_half(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	const hd_xtype *ds, *es;
	const uint8_t *data;
	uint8_t h[MAXN * 2];
	uint32_t n, storage, mode = 0;
	uint64_t off = 0, p = 0;

	if (in->nwords < 8 + rounds(row->opcode))
		return hd_x_unsupported(r, "OpenCL.std %s without its operands", row->name);
	if (xs_operand(r, l, row, in->w[5], &ds, &n, &data) != 0 ||
	    offset_operand(r, l, row, in->w[6], &off) != 0 ||
	    pointer_operand(r, l, row, in->w[7], &storage, &p, &es) != 0)
		return -1;
	if (ds->kind != XT_FLOAT)
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	if (rounds(row->opcode))
		mode = in->w[8];
	for (uint32_t i = 0; i < n; i++)
		hd_x_put_f(h + 2 * i, 16, to_half(xs_comp_f(ds, data, i), mode));
	return hd_x_store(r, l, storage, p + off * half_stride(row->opcode, n) * 2, h, n * 2);
}

/* shuffle(x, mask) and shuffle2(x, y, mask): result component i is
 * component mask[i] of x (or of x then y); only the low bits that can
 * index them count (OpenCL C 6.13.12) */
int xs_shuffle(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	int two = row->opcode == OpenCLstd_Shuffle2;
	const hd_xtype *xs, *ys = NULL, *ms, *rs;
	const uint8_t *xv, *yv = NULL, *mv;
	uint8_t *res = hd_x_val(r, l, in->w[2]), tmp[MAXN * 8];
	uint32_t nx, ny = 0, nm, n;

	rs = hd_x_scalar(r->x, hd_x_type(r->x, in->w[1]), &n);
	if (in->nwords < 7u + two || rs == NULL || res == NULL)
		return hd_x_unsupported(r, "OpenCL.std %s of a type it cannot compute", row->name);
	if (xs_operand(r, l, row, in->w[5], &xs, &nx, &xv) != 0 ||
	    (two && xs_operand(r, l, row, in->w[6], &ys, &ny, &yv) != 0) ||
	    xs_operand(r, l, row, in->w[6 + two], &ms, &nm, &mv) != 0)
		return -1;
	if (nm != n || xs->size != rs->size || (two && (ny != nx || ys->size != xs->size)) ||
	    n > MAXN)
		return hd_x_unsupported(r, "OpenCL.std %s of operands it cannot read", row->name);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t k = hd_x_get_u(mv + i * ms->size, ms->size) % (two ? 2 * nx : nx);
		const uint8_t *from = k < nx ? xv + k * xs->size : yv + (k - nx) * xs->size;
		memcpy(tmp + i * rs->size, from, rs->size);
	}
	memcpy(res, tmp, n * rs->size);  /* the result may be an operand */
	return 0;
}

/* prefetch only hints at the cache: no effect on the program's values */
int xs_prefetch(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	(void)r, (void)l, (void)in, (void)row;
	return 0;
}
