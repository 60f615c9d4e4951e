/* Values as handlers see them: every SSA value is the bytes of its type's
 * memory layout (little-endian, as AMDGPU stores them), in the frame of the
 * work-item that computed it or among the module's constants. Scalars are
 * read and written through these helpers, so the handlers never care where
 * a value lives. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "exec_impl.h"

uint8_t *hd_x_val(hd_xrun *r, hd_xlane *l, uint32_t id)
{
	const hd_exec *x = r->x;
	const hd_xid *d;

	if (id >= x->nids)
		return NULL;
	d = &x->ids[id];
	if (d->what == XID_CONST)
		return x->consts + d->index;
	/* a local of another function has no value here: its index is into
	 * that function's frame (found by fuzz_exec: an id used outside the
	 * function defining it read past the frame) */
	if (d->what == XID_LOCAL && l->depth > 0 &&
	    l->frames[l->depth - 1].function == d->function)
		return l->frames[l->depth - 1].vals + d->index;
	return NULL;
}

const hd_xtype *hd_x_val_type(hd_xrun *r, uint32_t id)
{
	const hd_exec *x = r->x;
	if (id >= x->nids)
		return NULL;
	return hd_x_type(x, x->ids[id].type);
}

uint64_t hd_x_get_u(const uint8_t *p, unsigned bytes)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes && i < 8; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

int64_t hd_x_get_s(const uint8_t *p, unsigned bytes)
{
	uint64_t v = hd_x_get_u(p, bytes);
	if (bytes > 0 && bytes < 8 && (v >> (8 * bytes - 1)) & 1)
		v |= ~0ull << (8 * bytes);
	return (int64_t)v;
}

void hd_x_put_u(uint8_t *p, unsigned bytes, uint64_t v)
{
	for (unsigned i = 0; i < bytes && i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* IEEE half precision, which OpenCL's half and vload_half use. */
static double half_to_double(uint16_t h)
{
	int e = (h >> 10) & 0x1f, f = h & 0x3ff;
	double v;

	if (e == 0)
		v = ldexp(f, -24);
	else if (e == 31)
		v = f ? NAN : INFINITY;
	else
		v = ldexp(f + 1024, e - 25);
	return (h & 0x8000) ? -v : v;
}

/* Round to nearest even, as a conversion to half does by default. */
static uint16_t double_to_half(double v)
{
	uint16_t sign = signbit(v) ? 0x8000 : 0;
	double a = fabs(v), m;
	int e;

	if (isnan(v))
		return 0x7e00;
	if (a >= 65520.0)
		return sign | 0x7c00;
	if (a < ldexp(1, -14)) {  /* subnormal: units of 2^-24 */
		m = nearbyint(a * ldexp(1, 24));
		return sign | (uint16_t)m;
	}
	m = frexp(a, &e);           /* a = m · 2^e, m in [0.5, 1) */
	m = nearbyint(m * 2048.0);  /* 11 significant bits */
	if (m >= 2048.0) {
		m /= 2;
		e++;
	}
	return sign | (uint16_t)((e + 14) << 10) | (uint16_t)((uint32_t)m & 0x3ff);
}

/* A float of width bits touches exactly bits/8 bytes, and a width that is
 * no float's (an integer's 8, a bool's or a pointer's 0) touches none: a
 * float op on such an operand, which a damaged module can ask for, then
 * reads NaN and writes nothing instead of eight bytes of a smaller value
 * (found by fuzz_exec, once in a conversion and once in OpIsNan). */
double hd_x_get_f(const uint8_t *p, unsigned bits)
{
	if (bits == 16)
		return half_to_double((uint16_t)hd_x_get_u(p, 2));
	if (bits == 32) {
		uint32_t u = (uint32_t)hd_x_get_u(p, 4);
		float f;
		memcpy(&f, &u, 4);
		return f;
	}
	if (bits == 64) {
		uint64_t u = hd_x_get_u(p, 8);
		double d;
		memcpy(&d, &u, 8);
		return d;
	}
	return NAN;
}

void hd_x_put_f(uint8_t *p, unsigned bits, double v)
{
	if (bits == 16) {
		hd_x_put_u(p, 2, double_to_half(v));
	} else if (bits == 32) {
		float f = (float)v;
		uint32_t u;
		memcpy(&u, &f, 4);
		hd_x_put_u(p, 4, u);
	} else if (bits == 64) {
		uint64_t u;
		memcpy(&u, &v, 8);
		hd_x_put_u(p, 8, u);
	}
}

const hd_xtype *hd_x_scalar(const hd_exec *x, const hd_xtype *t, uint32_t *count)
{
	if (t == NULL)
		return NULL;
	if (t->kind == XT_VECTOR) {
		*count = t->count;
		return hd_x_type(x, t->elem);
	}
	*count = 1;
	return t;
}

static void where(hd_xrun *r, hd_xlane *l, char *out, size_t size)
{
	const hd_exec *x = r->x;

	if (l == NULL || l->depth == 0) {
		snprintf(out, size, "group (%u,%u,%u)", x->group[0], x->group[1], x->group[2]);
		return;
	}
	snprintf(out, size, "work-item %u of group (%u,%u,%u), function %u slot %u", l->item,
	         x->group[0], x->group[1], x->group[2], l->frames[l->depth - 1].function,
	         l->frames[l->depth - 1].slot - 1);
}

int hd_x_trap(hd_xrun *r, hd_xlane *l, const char *fmt, ...)
{
	hd_exec_outcome *o = r->x->out;
	char what[120], at[120];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	where(r, l, at, sizeof at);
	o->end = HD_EXEC_TRAPPED;
	snprintf(o->detail, sizeof o->detail, "%s (%s)", what, at);
	return -1;
}

int hd_x_unsupported(hd_xrun *r, const char *fmt, ...)
{
	hd_exec_outcome *o = r->x->out;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->detail, sizeof o->detail, fmt, ap);
	va_end(ap);
	o->end = HD_EXEC_UNSUPPORTED;
	return -1;
}

/* The interface of exec.h. */

static hd_xlane *lane_of(const hd_exec *x, uint32_t item)
{
	return item < x->nlanes ? &x->lanes[item] : NULL;
}

int hd_exec_value(const hd_exec *x, uint32_t item, uint32_t id, const uint8_t **bytes,
                  uint32_t *size)
{
	hd_xlane *l = lane_of(x, item);
	const hd_xtype *t;
	hd_xrun r = { .x = (hd_exec *)x };
	const uint8_t *p;

	if (l == NULL || id >= x->nids || (t = hd_x_type(x, x->ids[id].type)) == NULL)
		return -1;
	p = hd_x_val(&r, l, id);
	if (p == NULL)
		return -1;
	*bytes = p;
	*size = t->size;
	return 0;
}

uint32_t hd_exec_type_of(const hd_exec *x, uint32_t id)
{
	return id < x->nids ? x->ids[id].type : 0;
}

int hd_exec_pointer_storage(const hd_exec *x, uint32_t type_id, uint32_t *storage)
{
	const hd_xtype *t = hd_x_type(x, type_id);
	if (t == NULL || t->kind != XT_POINTER)
		return -1;
	*storage = t->storage;
	return 0;
}

uint32_t hd_exec_type_size(const hd_exec *x, uint32_t type_id)
{
	const hd_xtype *t = hd_x_type(x, type_id);
	return t != NULL ? t->size : 0;
}

const hd_spv_module *hd_exec_module(const hd_exec *x)
{
	return x->m;
}

const hd_exec_config *hd_exec_config_of(const hd_exec *x)
{
	return &x->cfg;
}

uint32_t hd_exec_kernel(const hd_exec *x)
{
	return x->kernel;
}

int hd_exec_executed(const hd_exec *x, uint32_t opcode)
{
	return opcode < 65536 && (x->executed[opcode >> 3] >> (opcode & 7) & 1);
}

int hd_exec_executed_std(const hd_exec *x, uint32_t opcode)
{
	return opcode < 1024 && (x->executed_std[opcode >> 3] >> (opcode & 7) & 1);
}

const char *hd_exec_end_name(hd_exec_end e)
{
	switch (e) {
	case HD_EXEC_COMPLETED: return "completed";
	case HD_EXEC_TRAPPED: return "trapped";
	case HD_EXEC_STEP_LIMIT: return "step-limit";
	default: return "unsupported";
	}
}
