/* The inputs of a run, by rules anyone can recompute (docs/interpreter.md,
 * "Inputs"): the NDRange, the kernel arguments (buffers filled with a
 * pattern, scalars from their position), the builtin variables of each
 * work-item, and the program-scope variables with their initializers. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

#define GLOBAL_VARS_BASE 0x1000u       /* program-scope variables */
#define BUFFERS_BASE     0x100000u     /* kernel argument buffers */
#define BUFFER_ALIGN     0x10000u
#define SMALL_BASE       0x10u         /* local and private: 0 is never an object */

void hd_exec_config_default(hd_exec_config *c)
{
	memset(c, 0, sizeof *c);
	c->wave_size = 64;
	c->global_size[0] = 64;
	c->local_size[0] = 64;
	c->global_size[1] = c->global_size[2] = 1;
	c->local_size[1] = c->local_size[2] = 1;
	c->work_dim = 1;
	c->max_steps = 50000000;
	c->max_bytes = 16ull << 30;
	c->max_memory = 256u << 20;
	c->max_depth = 64;
}

/* "X[,Y[,Z]]" into v; the count of numbers read, 0 on a bad list. */
static unsigned read_dims(const char *s, uint32_t v[3])
{
	unsigned n = 0;
	while (n < 3) {
		char *end;
		unsigned long d = strtoul(s, &end, 10);
		if (end == s || d == 0 || d > 65536)
			return 0;
		v[n++] = (uint32_t)d;
		if (*end != ',')
			return *end == '\0' || isspace((unsigned char)*end) ? n : 0;
		s = end + 1;
	}
	return 0;
}

static int directive_ndrange(hd_exec_config *c, const char *text, hd_status *st)
{
	const char *p = text;
	while (*p != '\0') {
		uint32_t v[3] = { 1, 1, 1 };
		unsigned n;
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0')
			break;
		if (strncmp(p, "global=", 7) == 0 && (n = read_dims(p + 7, v)) > 0) {
			memcpy(c->global_size, v, sizeof v);
			c->work_dim = n;
		} else if (strncmp(p, "local=", 6) == 0 && read_dims(p + 6, v) > 0) {
			memcpy(c->local_size, v, sizeof v);
		} else if (strncmp(p, "offset=", 7) == 0 && read_dims(p + 7, v) > 0) {
			memcpy(c->global_offset, v, sizeof v);
		} else {
			return hd_fail(st, HD_BAD_INPUT, "bad-config", 0,
			               "ndrange: expected global=X[,Y[,Z]], local=... or offset=..., "
			               "each number 1 to 65536, at \"%.40s\"", p);
		}
		while (*p != '\0' && !isspace((unsigned char)*p))
			p++;
	}
	return 0;
}

static int directive_arg(hd_exec_config *c, const char *key, const char *text,
                         hd_status *st)
{
	char *end;
	unsigned long k = strtoul(key + 3, &end, 10);
	hd_exec_arg *a;

	if (end == key + 3 || *end != '\0' || k >= HD_EXEC_MAX_ARGS)
		return hd_fail(st, HD_BAD_INPUT, "bad-config", 0,
		               "\"%s\": an argument is \"arg N\", N below %u", key, HD_EXEC_MAX_ARGS);
	a = &c->args[k];
	a->set = 1;
	while (isspace((unsigned char)*text))
		text++;
	if (strncmp(text, "elements=", 9) == 0) {
		unsigned long n = strtoul(text + 9, &end, 10);
		if (end == text + 9 || n == 0 || n > (1u << 24))
			return hd_fail(st, HD_BAD_INPUT, "bad-config", 0,
			               "%s: elements must be 1 to 16777216", key);
		a->elements = (uint32_t)n;
		return 0;
	}
	a->fvalue = strtod(text, &end);
	if (end == text)
		return hd_fail(st, HD_BAD_INPUT, "bad-config", 0,
		               "%s: expected a number or elements=N, got \"%.40s\"", key, text);
	a->value = (int64_t)strtoll(text, NULL, 0);
	a->has_value = 1;
	return 0;
}

int hd_exec_config_directive(hd_exec_config *c, const char *key, const char *text,
                             hd_status *st)
{
	if (strcmp(key, "ndrange") == 0)
		return directive_ndrange(c, text, st);
	if (strcmp(key, "wave") == 0) {
		int w = atoi(text);
		if (w != 32 && w != 64)
			return hd_fail(st, HD_BAD_INPUT, "bad-config", 0, "wave: 32 or 64");
		c->wave_size = (unsigned)w;
		return 0;
	}
	if (strcmp(key, "buffers") == 0) {
		hd_exec_arg a = { 0 };
		hd_exec_config tmp = *c;
		if (directive_arg(&tmp, "arg0", text, st) != 0)
			return -1;
		a = tmp.args[0];
		if (a.elements == 0)
			return hd_fail(st, HD_BAD_INPUT, "bad-config", 0, "buffers: elements=N");
		c->buffer_elements = a.elements;
		return 0;
	}
	if (strncmp(key, "arg", 3) == 0)
		return directive_arg(c, key, text, st);
	return hd_fail(st, HD_BAD_INPUT, "bad-config", 0,
	               "unknown watch directive \"%s\" (ndrange, wave, buffers, arg N)", key);
}

int hd_exec_config_comments(hd_exec_config *c, const char *text, size_t len, hd_status *st)
{
	uint64_t line = 1;

	for (size_t i = 0; i < len; line++) {
		size_t e = i;
		char buf[512], *colon, *key;
		while (e < len && text[e] != '\n')
			e++;
		if (e - i < sizeof buf) {
			memcpy(buf, text + i, e - i);
			buf[e - i] = '\0';
			key = buf;
			while (isspace((unsigned char)*key))
				key++;
			if (strncmp(key, "// watch ", 9) == 0)
				key += 9;
			else if (strncmp(key, "; watch ", 8) == 0)
				key += 8;
			else
				key = NULL;
			if (key != NULL && (colon = strchr(key, ':')) != NULL) {
				*colon = '\0';
				if (hd_exec_config_directive(c, key, colon + 1, st) != 0) {
					st->offset = line;
					return -1;
				}
			}
		}
		i = e + 1;
	}
	return 0;
}

/* The pattern of buffer contents: the j-th scalar of argument k's buffer, in
 * memory order, holds j + 1000·k, converted to the scalar's type
 * (integers modulo 2^width). */
static uint32_t fill(hd_exec *x, uint32_t type_id, uint8_t *p, uint64_t *j, uint32_t k)
{
	const hd_xtype *t = hd_x_type(x, type_id);
	uint32_t off, et;

	/* A runtime array has no size here and hd_x_element never ends it, so
	 * only what has a size is filled (found by fuzz_exec: a buffer of
	 * OpTypeRuntimeArray filled past its end). */
	if (t == NULL || t->size == 0)
		return 0;
	switch (t->kind) {
	case XT_INT:
		hd_x_put_u(p, t->size, *j + 1000ull * k);
		(*j)++;
		break;
	case XT_FLOAT:
		hd_x_put_f(p, t->width, (double)(*j + 1000ull * k));
		(*j)++;
		break;
	case XT_VECTOR:
	case XT_ARRAY:
	case XT_STRUCT:
		for (uint64_t i = 0; hd_x_element(x, type_id, i, &off, &et) == 0; i++)
			fill(x, et, p + off, j, k);
		break;
	default:  /* pointers and the rest: zero */
		break;
	}
	return t->size;
}

static uint32_t buffer_elements(const hd_exec *x, uint32_t k)
{
	const hd_exec_config *c = &x->cfg;
	if (k < HD_EXEC_MAX_ARGS && c->args[k].elements != 0)
		return c->args[k].elements;
	if (c->buffer_elements != 0)
		return c->buffer_elements;
	return 2 * c->global_size[0] * c->global_size[1] * c->global_size[2];
}

static int new_buffer(hd_exec *x, hd_xmem *mem, uint32_t param, uint32_t k, int filled,
                      hd_status *st)
{
	const hd_xid *d = &x->ids[param];
	const hd_xtype *pt = hd_x_type(x, d->type), *et = hd_x_type(x, pt->elem);
	uint32_t esize = et != NULL && et->size > 0 ? et->size : 1, n = buffer_elements(x, k);
	uint64_t addr, j = 0;
	hd_xregion *g;

	if ((uint64_t)esize * n > x->cfg.max_memory)
		return hd_fail(st, HD_NO_MEMORY, "memory-limit", 0,
		               "argument %u: a buffer of %u elements of %u bytes is over the bound",
		               k, n, esize);
	if (mem == &x->global)
		mem->next = (mem->next + BUFFER_ALIGN - 1) / BUFFER_ALIGN * BUFFER_ALIGN;
	if (hd_x_alloc(x, mem, esize * n, 16, &addr, st) != 0)
		return -1;
	g = &mem->r[mem->n - 1];
	if (filled) {
		for (uint32_t i = 0; i < n && et != NULL; i++)
			fill(x, pt->elem, g->bytes + (uint64_t)i * esize, &j, k);
		memset(g->set, 1, g->size);
	}
	hd_x_put_u(x->arg_vals + d->index, pt->size, addr);
	return 0;
}

static int scalar_arg(hd_exec *x, uint32_t param, uint32_t k, hd_status *st)
{
	const hd_xid *d = &x->ids[param];
	const hd_xtype *t = hd_x_type(x, d->type), *s;
	const hd_exec_arg *a = k < HD_EXEC_MAX_ARGS ? &x->cfg.args[k] : NULL;
	uint32_t n = 1;
	uint8_t *p = x->arg_vals + d->index;

	s = hd_x_scalar(x, t, &n);
	if (s == NULL || (s->kind != XT_INT && s->kind != XT_FLOAT))
		return hd_fail(st, HD_BAD_INPUT, "unsupported", 0,
		               "kernel argument %u has a type the inputs have no rule for", k);
	for (uint32_t c = 0; c < n; c++) {
		int64_t v = (int64_t)k + 3 + c;
		double f = (double)k + 3.5 + c;
		if (a != NULL && a->has_value) {
			v = a->value;
			f = a->fvalue;
		}
		if (s->kind == XT_INT)
			hd_x_put_u(p + c * s->size, s->size, (uint64_t)v);
		else
			hd_x_put_f(p + c * s->size, s->width, f);
	}
	return 0;
}

/* The first contents of a module-scope variable: a builtin's value for
 * work-item l; the initializer, or zeros, for static storage (C 6.7.9);
 * nothing for Workgroup memory, which starts undefined (OpenCL C 6.5.2). */
static int first_contents(hd_exec *x, hd_xlane *l, const uint32_t *w, uint32_t nwords,
                          hd_xregion *g, hd_status *st)
{
	const hd_xid *d = &x->ids[w[2]];
	const hd_xid *init = nwords >= 5 && w[4] < x->nids ? &x->ids[w[4]] : NULL;

	if (w[3] == SpvStorageClassWorkgroup)
		return 0;
	if (d->builtin != 0) {
		if (l == NULL || hd_x_builtin(x, l, d->builtin - 1, g->bytes, g->size) != 0)
			return hd_fail(st, HD_BAD_INPUT, "unsupported", 0, "BuiltIn %u", d->builtin - 1);
	} else if (init != NULL && init->what == XID_CONST) {
		memcpy(g->bytes, x->consts + init->index, g->size);
	}
	memset(g->set, 1, g->size);
	return 0;
}

/* Places every module-scope OpVariable of storage class a or b in mem, in
 * module order, and makes its pointer constant hold the address. */
static int place_vars(hd_exec *x, hd_xlane *l, hd_xmem *mem, uint32_t a, uint32_t b,
                      hd_status *st)
{
	const hd_spv_module *m = x->m;

	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		const uint32_t *w = m->words + in->offset;
		const hd_xtype *pt, *vt;
		uint64_t addr;

		if (in->function >= 0 || in->opcode != SpvOpVariable || in->nwords < 4 ||
		    (w[3] != a && w[3] != b))
			continue;
		pt = hd_x_type(x, w[1]);
		vt = pt != NULL ? hd_x_type(x, pt->elem) : NULL;
		if (vt == NULL || x->ids[w[2]].what != XID_CONST)
			continue;
		if (hd_x_alloc(x, mem, vt->size, vt->align, &addr, st) != 0 ||
		    first_contents(x, l, w, in->nwords, &mem->r[mem->n - 1], st) != 0)
			return -1;
		hd_x_put_u(x->consts + x->ids[w[2]].index, pt->size, addr);
	}
	return 0;
}

/* Program-scope variables (their initializer, or zeros: static storage
 * starts zeroed in C) and the kernel's global buffers and scalars. */
int hd_x_setup_globals(hd_exec *x, hd_status *st)
{
	const hd_xfunc *k = &x->funcs[x->kernel];

	x->global.next = GLOBAL_VARS_BASE;
	if (place_vars(x, NULL, &x->global, SpvStorageClassCrossWorkgroup,
	               SpvStorageClassUniformConstant, st) != 0)
		return -1;
	free(x->arg_vals);
	x->arg_vals = calloc(k->frame_bytes ? k->frame_bytes : 1, 1);
	if (x->arg_vals == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory");
	x->global.next = BUFFERS_BASE;
	for (uint32_t p = 0; p < k->nparams; p++) {
		const hd_xid *d = &x->ids[k->params[p]];
		const hd_xtype *t = hd_x_type(x, d->type);
		/* arg_vals is laid out as the kernel's frame: a parameter id that
		 * another function or the module redefines has its index elsewhere
		 * (one of no size, an image or a sampler, has none: XID_NONE) */
		if ((d->what == XID_LOCAL && d->function != x->kernel) ||
		    (d->what != XID_LOCAL && d->what != XID_NONE))
			return hd_fail(st, HD_BAD_INPUT, "unsupported", 0,
			               "kernel argument %u is not a value of the kernel", p);
		if (t == NULL)
			return hd_fail(st, HD_BAD_INPUT, "unsupported", 0,
			               "kernel argument %u has no type the interpreter knows", p);
		if (t->kind != XT_POINTER) {
			if (scalar_arg(x, k->params[p], p, st) != 0)
				return -1;
		} else if (t->storage == SpvStorageClassCrossWorkgroup ||
		           t->storage == SpvStorageClassUniformConstant ||
		           t->storage == SpvStorageClassGeneric) {
			if (new_buffer(x, &x->global, k->params[p], p, 1, st) != 0)
				return -1;
		} else if (t->storage != SpvStorageClassWorkgroup &&
		           t->storage != SpvStorageClassFunction) {
			return hd_fail(st, HD_BAD_INPUT, "unsupported", 0,
			               "kernel argument %u: a pointer to storage class %u", p, t->storage);
		}
	}
	return 0;
}

/* A work-group's local memory: the Workgroup variables (never initialized,
 * OpenCL C 6.5.2) and one buffer per local-pointer argument. */
int hd_x_setup_local(hd_exec *x, hd_status *st)
{
	const hd_xfunc *k = &x->funcs[x->kernel];

	x->local.next = SMALL_BASE;
	if (place_vars(x, NULL, &x->local, SpvStorageClassWorkgroup, SpvStorageClassWorkgroup,
	               st) != 0)
		return -1;
	for (uint32_t p = 0; p < k->nparams; p++) {
		const hd_xtype *t = hd_x_type(x, x->ids[k->params[p]].type);
		if (t != NULL && t->kind == XT_POINTER && t->storage == SpvStorageClassWorkgroup &&
		    new_buffer(x, &x->local, k->params[p], p, 0, st) != 0)
			return -1;
	}
	return 0;
}

int hd_exec_arg_local_size(const hd_exec *x, uint32_t k, uint32_t *size)
{
	const hd_xfunc *kf;
	const hd_xtype *t, *et;

	if (x->funcs == NULL || k >= (kf = &x->funcs[x->kernel])->nparams)
		return -1;
	t = hd_x_type(x, x->ids[kf->params[k]].type);
	if (t == NULL || t->kind != XT_POINTER || t->storage != SpvStorageClassWorkgroup)
		return -1;
	et = hd_x_type(x, t->elem);
	*size = (et != NULL && et->size > 0 ? et->size : 1) * buffer_elements(x, k);
	return 0;
}

/* A work-item's private memory starts with its Input (builtin) and Private
 * variables; Function variables are pushed above them as calls run. */
int hd_x_setup_private(hd_exec *x, hd_xlane *l, hd_status *st)
{
	l->priv.next = SMALL_BASE;
	/* every work-item gets the same addresses, so the shared constant
	 * holding each variable's pointer is right for all of them */
	return place_vars(x, l, &l->priv, SpvStorageClassInput, SpvStorageClassPrivate, st);
}

/* The kernel's parameters in a new work-item's frame: the shared values,
 * and a private copy of every by-value aggregate. */
int hd_x_kernel_args(hd_exec *x, hd_xlane *l, uint8_t *vals, hd_status *st)
{
	const hd_xfunc *k = &x->funcs[x->kernel];

	memcpy(vals, x->arg_vals, k->frame_bytes);
	for (uint32_t p = 0; p < k->nparams; p++) {
		const hd_xid *d = &x->ids[k->params[p]];
		const hd_xtype *t = hd_x_type(x, d->type);
		uint64_t addr, j = 0;
		hd_xregion *g;

		if (t == NULL || t->kind != XT_POINTER || t->storage != SpvStorageClassFunction)
			continue;
		if (hd_x_alloc(x, &l->priv, hd_exec_type_size(x, t->elem), 16, &addr, st) != 0)
			return -1;
		g = &l->priv.r[l->priv.n - 1];
		fill(x, t->elem, g->bytes, &j, p);
		memset(g->set, 1, g->size);
		hd_x_put_u(vals + d->index, t->size, addr);
	}
	/* the kernel frame's objects stay until the work-item ends */
	l->frames[0].mem_mark = l->priv.n;
	l->frames[0].mem_next = l->priv.next;
	return 0;
}

/* OpenCL C 6.13.1 work-item functions, as SPIR-V builtin variables (the
 * OpenCL SPIR-V Environment Specification, "Built-in Variables"). */
int hd_x_builtin(hd_exec *x, hd_xlane *l, uint32_t builtin, uint8_t *out, uint32_t size)
{
	const hd_exec_config *c = &x->cfg;
	uint32_t W = c->wave_size, n = c->local_size[0] * c->local_size[1] * c->local_size[2];
	uint64_t v[3] = { 0, 0, 0 };
	unsigned width = size >= 24 ? 8 : size >= 12 ? 4 : size;

	for (int d = 0; d < 3; d++) {
		uint64_t ngroups = c->global_size[d] / c->local_size[d];
		uint64_t gid = (uint64_t)x->group[d] * c->local_size[d] + l->local_id[d] +
		               c->global_offset[d];
		switch (builtin) {
		case SpvBuiltInGlobalInvocationId: v[d] = gid; break;
		case SpvBuiltInLocalInvocationId: v[d] = l->local_id[d]; break;
		case SpvBuiltInWorkgroupId: v[d] = x->group[d]; break;
		case SpvBuiltInNumWorkgroups: v[d] = ngroups; break;
		case SpvBuiltInWorkgroupSize:
		case SpvBuiltInEnqueuedWorkgroupSize: v[d] = c->local_size[d]; break;
		case SpvBuiltInGlobalSize: v[d] = c->global_size[d]; break;
		case SpvBuiltInGlobalOffset: v[d] = c->global_offset[d]; break;
		default: break;
		}
	}
	switch (builtin) {
	case SpvBuiltInGlobalInvocationId: case SpvBuiltInLocalInvocationId:
	case SpvBuiltInWorkgroupId: case SpvBuiltInNumWorkgroups:
	case SpvBuiltInWorkgroupSize: case SpvBuiltInEnqueuedWorkgroupSize:
	case SpvBuiltInGlobalSize: case SpvBuiltInGlobalOffset:
		break;
	case SpvBuiltInGlobalLinearId: {
		uint64_t g[3];
		for (int d = 0; d < 3; d++)
			g[d] = (uint64_t)x->group[d] * c->local_size[d] + l->local_id[d];
		v[0] = g[0] + g[1] * c->global_size[0] + g[2] * c->global_size[0] * c->global_size[1];
		width = size;
		break;
	}
	case SpvBuiltInLocalInvocationIndex: v[0] = l->item; width = size; break;
	case SpvBuiltInWorkDim: v[0] = c->work_dim; width = size; break;
	case SpvBuiltInSubgroupSize:
	case SpvBuiltInSubgroupMaxSize: v[0] = W; width = size; break;
	case SpvBuiltInNumSubgroups:
	case SpvBuiltInNumEnqueuedSubgroups: v[0] = (n + W - 1) / W; width = size; break;
	case SpvBuiltInSubgroupId: v[0] = l->item / W; width = size; break;
	case SpvBuiltInSubgroupLocalInvocationId: v[0] = l->item % W; width = size; break;
	default:
		return -1;
	}
	if (width == 0 || width > 8)
		return -1;
	for (uint32_t d = 0; d < 3 && (d + 1) * width <= size; d++)
		hd_x_put_u(out + d * width, width, v[d]);
	return 0;
}
