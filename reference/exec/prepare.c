/* The interpreter's view of a module, made once before a run: every id's
 * kind, every type's OpenCL C layout, the module-level constants as bytes,
 * and each function as an array of slots with its stops and points.
 *
 * Layout follows the OpenCL SPIR-V environment ("Alignment" of the OpenCL
 * SPIR-V Environment Specification, which defers to OpenCL C 6.1.5): a scalar
 * is aligned to its size, a 3-component vector takes the size and alignment
 * of the 4-component one, a struct is laid out as C does unless it is
 * CPacked. Nothing here trusts the module: a malformed instruction leaves
 * its id unknown, and using it later is an outcome of the run. */
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

#define MAX_TYPE_BYTES (1u << 30)

static uint32_t word(const hd_spv_module *m, const hd_spv_insn *in, uint32_t k)
{
	return k < in->nwords ? m->words[in->offset + k] : 0;
}

/* The id's entry; NULL for 0, which is no id (SPIR-V 1.6 section 2.3: every
 * id is above 0 and below the bound) and which word() gives for a missing
 * operand: a result id 0 would otherwise define what every absent type or
 * value stands for (found by fuzz_exec: an OpTypePointer with result 0
 * gave a kernel parameter of no known type a pointer type, and its value
 * was written into a frame that had no room for it). */
static hd_xid *xid(hd_exec *x, uint32_t id)
{
	return id != 0 && id < x->nids ? &x->ids[id] : NULL;
}

const hd_xtype *hd_x_type(const hd_exec *x, uint32_t type_id)
{
	if (type_id >= x->nids || x->ids[type_id].what != XID_TYPE)
		return NULL;
	return &x->types[x->ids[type_id].index];
}

static uint32_t round_up(uint32_t v, uint32_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* The decorations the interpreter obeys, read in one pass so that a module
 * with many of them stays linear. */
static void read_decorations(hd_exec *x)
{
	const hd_spv_module *m = x->m;

	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		hd_xid *d;
		if (in->opcode != SpvOpDecorate || (d = xid(x, word(m, in, 1))) == NULL)
			continue;
		if (word(m, in, 2) == SpvDecorationCPacked)
			d->packed = 1;
		if (word(m, in, 2) == SpvDecorationBuiltIn && in->nwords >= 4)
			d->builtin = word(m, in, 3) + 1;
	}
}

static hd_xtype *new_type(hd_exec *x, uint32_t id)
{
	hd_xid *d = xid(x, id);
	if (d == NULL)
		return NULL;
	d->what = XID_TYPE;
	d->index = x->ntypes;
	return &x->types[x->ntypes++];
}

/* Size and alignment of a composite from its parts; 0 when a part is
 * unknown or the total is absurd. */
static void layout_struct(hd_exec *x, hd_xtype *t, int packed)
{
	uint64_t off = 0;
	uint32_t align = 1;

	t->offsets = calloc(t->count ? t->count : 1, sizeof *t->offsets);
	if (t->offsets == NULL)
		return;
	for (uint32_t i = 0; i < t->count; i++) {
		const hd_xtype *mt = hd_x_type(x, t->members[i]);
		if (mt == NULL || (mt->size == 0 && mt->kind != XT_ARRAY))
			return;
		if (!packed) {
			off = round_up((uint32_t)off, mt->align);
			align = mt->align > align ? mt->align : align;
		}
		t->offsets[i] = (uint32_t)off;
		off += mt->size;
		if (off > MAX_TYPE_BYTES)
			return;
	}
	t->align = align;
	t->size = round_up((uint32_t)off, align);
}

static void make_type(hd_exec *x, const hd_spv_insn *in)
{
	const hd_spv_module *m = x->m;
	uint32_t op = in->opcode, id = word(m, in, 1);
	const hd_xtype *e;
	hd_xtype *t;
	uint64_t len = 0;

	if (op == SpvOpTypeForwardPointer) {
		/* a pointer's layout is known before its pointee: a struct that
		 * points at itself can be laid out (OpTypePointer completes it) */
		t = new_type(x, id);
		if (t != NULL) {
			memset(t, 0, sizeof *t);
			t->kind = XT_POINTER;
			t->storage = word(m, in, 2);
			t->size = t->align = x->addr64 ? 8 : 4;
		}
		return;
	}
	if (op == SpvOpTypePointer && id < x->nids && x->ids[id].what == XID_TYPE)
		t = &x->types[x->ids[id].index];  /* declared by OpTypeForwardPointer */
	else
		t = new_type(x, id);
	if (t == NULL)
		return;
	/* a reused entry may be a struct's, whose member offsets would leak
	 * (found by fuzz_exec: an OpTypePointer of a struct's id) */
	free(t->offsets);
	memset(t, 0, sizeof *t);
	switch (op) {
	case SpvOpTypeVoid:
		t->kind = XT_VOID;
		break;
	case SpvOpTypeBool:
		t->kind = XT_BOOL;
		t->size = t->align = 1;
		break;
	case SpvOpTypeInt:
	case SpvOpTypeFloat:
		t->kind = op == SpvOpTypeInt ? XT_INT : XT_FLOAT;
		t->width = (uint16_t)word(m, in, 2);
		t->is_signed = op == SpvOpTypeInt && word(m, in, 3) != 0;
		if (t->width != 8 && t->width != 16 && t->width != 32 && t->width != 64)
			t->kind = XT_NONE;
		if (op == SpvOpTypeFloat && t->width == 8)
			t->kind = XT_NONE;
		t->size = t->align = t->width / 8u;
		break;
	case SpvOpTypeVector:
		e = hd_x_type(x, word(m, in, 2));
		t->elem = word(m, in, 2);
		t->count = word(m, in, 3);
		if (e == NULL || (e->kind != XT_INT && e->kind != XT_FLOAT && e->kind != XT_BOOL) ||
		    t->count < 2 || t->count > 16)
			break;
		t->kind = XT_VECTOR;
		t->size = t->align = e->size * (t->count == 3 ? 4 : t->count);
		break;
	case SpvOpTypeArray:
	case SpvOpTypeRuntimeArray:
		e = hd_x_type(x, word(m, in, 2));
		t->elem = word(m, in, 2);
		if (op == SpvOpTypeArray &&
		    hd_spv_int_constant(m, word(m, in, 3), &len, NULL, NULL) != 0)
			break;
		if (e == NULL || e->size == 0 || len * e->size > MAX_TYPE_BYTES)
			break;
		t->kind = XT_ARRAY;
		t->count = (uint32_t)len;
		t->size = (uint32_t)(len * e->size);
		t->align = e->align;
		break;
	case SpvOpTypeStruct:
		if (in->nwords < 2)
			break;  /* no result id: a count of nwords - 2 would wrap */
		t->kind = XT_STRUCT;
		t->count = in->nwords - 2u;
		t->members = m->words + in->offset + 2;
		layout_struct(x, t, x->ids[id].packed);
		if (t->size == 0 && t->count > 0)
			t->kind = XT_NONE;
		break;
	case SpvOpTypePointer:
		t->kind = XT_POINTER;
		t->storage = word(m, in, 2);
		t->elem = word(m, in, 3);
		t->size = t->align = x->addr64 ? 8 : 4;
		break;
	case SpvOpTypeFunction:
		t->kind = XT_FUNCTION;
		break;
	case SpvOpTypeEvent:
	case SpvOpTypeDeviceEvent:
	case SpvOpTypeReserveId:
	case SpvOpTypeQueue:
		t->kind = XT_OPAQUE;
		t->size = t->align = 8;
		break;
	default:
		t->kind = XT_NONE;  /* images, samplers, pipes: unsupported when used */
		break;
	}
}

/* Bytes of a module-level constant. */
static int make_const(hd_exec *x, const hd_spv_insn *in, uint32_t *cursor)
{
	const hd_spv_module *m = x->m;
	uint32_t op = in->opcode, type = word(m, in, 1), id = word(m, in, 2);
	const hd_xtype *t = hd_x_type(x, type);
	hd_xid *d = xid(x, id);
	uint8_t *p;

	if (d == NULL || t == NULL || t->size == 0)
		return 0;
	*cursor = round_up(*cursor, 16);
	d->what = XID_CONST;
	d->type = type;
	d->index = *cursor;
	if ((uint64_t)*cursor + t->size > x->consts_size) {
		d->what = XID_NONE;
		return 0;
	}
	p = x->consts + *cursor;
	*cursor += t->size;
	switch (op) {
	case SpvOpConstant:
	case SpvOpSpecConstant:
		for (uint32_t k = 0; k < t->size; k++)
			p[k] = (uint8_t)(word(m, in, 3 + k / 4) >> (8 * (k % 4)));
		break;
	case SpvOpConstantTrue:
	case SpvOpSpecConstantTrue:
		p[0] = 1;
		break;
	case SpvOpConstantComposite:
	case SpvOpSpecConstantComposite:
		for (uint32_t k = 3; k < in->nwords; k++) {
			uint32_t off, et, part = word(m, in, k);
			const hd_xid *pd = xid(x, part);
			const hd_xtype *pt;
			if (pd == NULL || pd->what != XID_CONST ||
			    hd_x_element(x, type, k - 3, &off, &et) != 0 ||
			    (pt = hd_x_type(x, et)) == NULL)
				continue;
			memcpy(p + off, x->consts + pd->index, pt->size);
		}
		break;
	default:  /* OpConstantFalse, OpConstantNull, OpUndef: zeros */
		break;
	}
	return 0;
}

int hd_x_element(const hd_exec *x, uint32_t type_id, uint64_t i, uint32_t *offset,
                 uint32_t *elem_type)
{
	const hd_xtype *t = hd_x_type(x, type_id), *e;

	if (t == NULL)
		return -1;
	switch (t->kind) {
	case XT_VECTOR:
	case XT_ARRAY:
		e = hd_x_type(x, t->elem);
		if (e == NULL || (i >= t->count && t->count != 0))
			return -1;
		*offset = (uint32_t)(i * e->size);
		*elem_type = t->elem;
		return 0;
	case XT_STRUCT:
		if (i >= t->count || t->offsets == NULL)
			return -1;
		*offset = t->offsets[i];
		*elem_type = t->members[i];
		return 0;
	default:
		return -1;
	}
}

/* Stops: the first slot of each new source position (docs/interpreter.md). */
static int same_position(const hd_di_range *a, const hd_di_range *b)
{
	return a->file == b->file && a->line == b->line && a->column == b->column;
}

static int prepare_stops(hd_xfunc *xf, const hd_di_function *f)
{
	const hd_di_range *prev = NULL;
	uint32_t k = 0;

	xf->stop = calloc(xf->nslots + 1, 1);
	xf->point_first = calloc(xf->nslots + 2, sizeof *xf->point_first);
	if (xf->stop == NULL || xf->point_first == NULL)
		return -1;
	for (uint32_t s = 0; s < xf->nslots; s++) {
		const hd_di_range *cur = NULL;
		while (k < f->nlines && f->lines[k].slot_end <= s)
			k++;
		if (k < f->nlines && f->lines[k].slot_begin <= s && f->lines[k].slot_end > s)
			cur = &f->lines[k];
		if (cur != NULL && cur->line != 0 && (prev == NULL || !same_position(cur, prev)))
			xf->stop[s] = 1;
		prev = cur;
	}
	/* points are in slot order (body.c) */
	for (uint32_t s = 0, p = 0; s <= xf->nslots + 1; s++) {
		while (p < f->npoints && f->points[p].slot < s)
			p++;
		xf->point_first[s] = p;
	}
	return 0;
}

/* Fewer words than its result type and result id: the handlers read those
 * at fixed positions (found by fuzz_exec: an OpUndef of one word). */
static int too_short(const hd_spv_insn *in)
{
	const hd_spv_coreop *op = hd_spv_coreop_by_opcode(in->opcode);

	return op != NULL && in->nwords < 1u + op->has_type + op->has_result;
}

static int prepare_function(hd_exec *x, uint32_t fi, hd_status *st)
{
	const hd_spv_module *m = x->m;
	const hd_di_function *f = &m->functions[fi];
	hd_xfunc *xf = &x->funcs[fi];
	uint32_t slot = 0, vals = 0;

	xf->id = f->id;
	xf->nslots = f->nslots;
	xf->slots = calloc(f->nslots + 1, sizeof *xf->slots);
	xf->params = calloc(f->nslots + 1, sizeof *xf->params);
	if (xf->slots == NULL || xf->params == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a function");
	for (uint32_t i = f->insn_begin; i <= f->insn_end && i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		hd_xinsn *xi;
		hd_xid *d;
		const hd_xtype *t;

		if (in->node >= 0 || in->opcode == SpvOpLine || in->opcode == SpvOpNoLine)
			continue;
		if (slot >= f->nslots)
			break;
		xi = &xf->slots[slot];
		xi->w = m->words + in->offset;
		xi->opcode = in->opcode;
		xi->nwords = in->nwords;
		xi->op = hd_x_op(in->opcode);
		if (too_short(in))
			xi->op = NULL;  /* reaching it ends the run as unsupported */
		if (in->opcode == SpvOpFunction)
			xf->return_type = in->type;
		if (in->opcode == SpvOpFunctionParameter)
			xf->params[xf->nparams++] = in->result;
		d = xid(x, in->result);
		if (in->opcode == SpvOpLabel)
			xf->has_body = 1;
		if (in->opcode == SpvOpLabel && d != NULL) {
			d->what = XID_LABEL;
			d->index = slot;
		} else if (in->opcode != SpvOpFunction && d != NULL &&
		           (t = hd_x_type(x, in->type)) != NULL && t->size > 0) {
			vals = round_up(vals, 16);
			d->what = XID_LOCAL;
			d->type = in->type;
			d->index = vals;
			d->function = fi;
			if ((uint64_t)vals + t->size > MAX_TYPE_BYTES)
				return hd_fail(st, HD_BAD_INPUT, "too-big", 0,
				               "function %u: values too large", fi);
			vals += t->size;
			xi->bytes = t->size;
		}
		slot++;
	}
	xf->nslots = slot;
	xf->frame_bytes = vals;
	return prepare_stops(xf, f);
}

/* Every instruction with a result value must own its id: a handler writes
 * its result type's bytes at the id's index, which is the last definition's.
 * An id defined twice (in another function, or as another type) would be
 * written past its slot. Runs after every function is prepared, when each id has its last
 * definition. */
static int check_results(const hd_exec *x, hd_status *st)
{
	for (uint32_t fi = 0; fi < x->nfuncs; fi++) {
		const hd_xfunc *xf = &x->funcs[fi];
		for (uint32_t s = 0; s < xf->nslots; s++) {
			const hd_xinsn *xi = &xf->slots[s];
			const hd_xid *d;
			if (xi->bytes == 0)
				continue;
			d = xi->nwords >= 3 && xi->w[2] < x->nids ? &x->ids[xi->w[2]] : NULL;
			if (d == NULL || d->what != XID_LOCAL || d->function != fi ||
			    d->type != xi->w[1])
				return hd_fail(st, HD_BAD_INPUT, "unsupported", 0,
				               "function %u: a result id defined twice", fi);
		}
	}
	return 0;
}

/* A function's name for imports: the LinkageAttributes name wins over
 * OpName, as a linker would see it. */
static void read_names(hd_exec *x)
{
	const hd_spv_module *m = x->m;

	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		const char *s = (const char *)(m->words + in->offset);
		uint32_t target = word(m, in, 1);
		int linkage = in->opcode == SpvOpDecorate && word(m, in, 2) ==
		              SpvDecorationLinkageAttributes && in->nwords > 3;
		const hd_xid *d;

		if (in->opcode != SpvOpName && !linkage)
			continue;
		if (target >= x->nids || (d = &x->ids[target])->what != XID_FUNCTION ||
		    d->index >= x->nfuncs)
			continue;
		s += 4 * (linkage ? 3 : 2);
		if (memchr(s, '\0', (in->nwords - (linkage ? 3u : 2u)) * 4u) == NULL)
			continue;
		if (linkage || x->funcs[d->index].name == NULL)
			x->funcs[d->index].name = s;
	}
}

/* The reader's id map reaches as far (spirv.h); the interpreter's own table
 * has an entry for every id, so it refuses ids beyond. */
#define MAX_SPARSE_IDS HD_SPV_MAX_SPARSE_IDS

static uint32_t max_id(const hd_spv_module *m)
{
	uint32_t hi = 0;
	for (uint32_t i = 0; i < m->ninsns; i++)
		if (m->insns[i].result > hi)
			hi = m->insns[i].result;
	return hi;
}

/* A module-scope id defined a second time, which SSA forbids (SPIR-V 1.6
 * section 1.7): what was laid out from its first definition would disagree
 * with its second (found by fuzz_exec: a vector's element type redefined
 * wider after the vector was sized, so a kernel argument was written past
 * its slot). The one second sight allowed is the OpTypePointer that
 * completes an OpTypeForwardPointer. */
static int defined_twice(const hd_exec *x, const hd_spv_insn *in)
{
	const hd_xid *d;

	if (in->result == 0 || in->result >= x->nids)
		return 0;
	d = &x->ids[in->result];
	if (d->what == XID_NONE)
		return 0;
	return !(in->opcode == SpvOpTypePointer && d->what == XID_TYPE &&
	         x->types[d->index].kind == XT_POINTER);
}

int hd_x_prepare(hd_exec *x, hd_status *st)
{
	const hd_spv_module *m = x->m;
	uint32_t cursor = 0, hi = max_id(m);

	/* one entry per id up to the largest: producers number ids densely, so
	 * an id far above the module's size is a damaged module, not a reason
	 * to allocate gigabytes */
	if ((uint64_t)hi > (uint64_t)m->nwords + MAX_SPARSE_IDS)
		return hd_fail(st, HD_BAD_INPUT, "bad-module", 0,
		               "result id %u is far above the ids a module of %llu words has", hi,
		               (unsigned long long)m->nwords);
	x->nids = hi + 1;
	x->ids = calloc(x->nids, sizeof *x->ids);
	x->types = calloc(m->ninsns + 1, sizeof *x->types);
	x->consts_size = (uint32_t)(m->nwords * 4 < MAX_TYPE_BYTES ? m->nwords * 4 + 64 : MAX_TYPE_BYTES);
	x->consts = calloc(x->consts_size, 1);
	x->nfuncs = m->nfunctions;
	x->funcs = calloc(m->nfunctions + 1, sizeof *x->funcs);
	if (x->ids == NULL || x->types == NULL || x->consts == NULL ||
	    x->funcs == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for the module");
	x->addr64 = 1;
	read_decorations(x);
	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		const hd_spv_coreop *op;
		hd_xid *d;

		if (in->function >= 0)
			continue;
		if (defined_twice(x, in))
			return hd_fail(st, HD_BAD_INPUT, "unsupported", 0,
			               "result id %u is defined twice", in->result);
		switch (in->opcode) {
		case SpvOpMemoryModel:
			x->addr64 = word(m, in, 1) != SpvAddressingModelPhysical32;
			continue;
		case SpvOpExtInstImport:
			d = xid(x, in->result);
			if (d != NULL) {
				const char *name = (const char *)(m->words + in->offset + 2);
				d->what = XID_EXTSET;
				d->index = strncmp(name, "OpenCL.std", (in->nwords - 2u) * 4u) == 0
					? XSET_OPENCL_STD : XSET_OTHER;
			}
			continue;
		case SpvOpConstant: case SpvOpConstantTrue: case SpvOpConstantFalse:
		case SpvOpConstantNull: case SpvOpConstantComposite: case SpvOpUndef:
		case SpvOpSpecConstant: case SpvOpSpecConstantTrue: case SpvOpSpecConstantFalse:
		case SpvOpSpecConstantComposite:
			if (make_const(x, in, &cursor) != 0)
				return -1;
			continue;
		case SpvOpVariable:
			/* module-level variables: their pointer is a constant whose
			 * value inputs.c fills when it places them */
			if (make_const(x, in, &cursor) != 0)
				return -1;
			continue;
		default:
			break;
		}
		op = hd_spv_coreop_by_opcode(in->opcode);
		if (op != NULL && op->cls != NULL && strcmp(op->cls, "Type-Declaration") == 0)
			make_type(x, in);
	}
	for (uint32_t fi = 0; fi < m->nfunctions; fi++) {
		hd_xid *d = xid(x, m->functions[fi].id);
		if (d != NULL) {
			d->what = XID_FUNCTION;
			d->index = fi;
		}
		if (prepare_function(x, fi, st) != 0)
			return -1;
	}
	if (check_results(x, st) != 0)
		return -1;
	read_names(x);
	return 0;
}

uint32_t hd_exec_kernel_names(const hd_spv_module *m, const char **names, uint32_t max)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		const char *name = (const char *)(m->words + in->offset + 3);
		if (in->opcode != SpvOpEntryPoint || in->nwords < 4 ||
		    word(m, in, 1) != SpvExecutionModelKernel ||
		    memchr(name, '\0', (in->nwords - 3u) * 4u) == NULL)
			continue;
		if (n < max)
			names[n] = name;
		n++;
	}
	return n;
}

/* The kernel named `kernel` (or the first): the function an OpEntryPoint of
 * execution model Kernel names. */
static int find_kernel(hd_exec *x, const char *kernel, hd_status *st)
{
	const hd_spv_module *m = x->m;

	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		const hd_xid *d;
		const char *name;
		if (in->opcode != SpvOpEntryPoint || in->nwords < 4 ||
		    word(m, in, 1) != SpvExecutionModelKernel)
			continue;
		name = (const char *)(m->words + in->offset + 3);
		if (memchr(name, '\0', (in->nwords - 3u) * 4u) == NULL)
			continue;
		if (kernel != NULL && strcmp(name, kernel) != 0)
			continue;
		d = xid(x, word(m, in, 2));
		if (d == NULL || d->what != XID_FUNCTION || d->index >= x->nfuncs)
			return hd_fail(st, HD_BAD_INPUT, "no-kernel", in->offset,
			               "entry point %s names no function with a body", name);
		x->kernel = d->index;
		x->entry_insn = i;
		return 0;
	}
	return hd_fail(st, HD_BAD_INPUT, "no-kernel", 0,
	               kernel ? "no Kernel entry point named %s" : "no Kernel entry point%s",
	               kernel ? kernel : "");
}

static int check_config(const hd_exec_config *c, uint32_t ngroups[3], hd_status *st)
{
	uint64_t items = 1;

	if (c->wave_size != 32 && c->wave_size != 64)
		return hd_fail(st, HD_BAD_INPUT, "bad-config", 0, "the wave size is 32 or 64");
	for (int d = 0; d < 3; d++) {
		if (c->local_size[d] == 0 || c->global_size[d] == 0 ||
		    c->global_size[d] % c->local_size[d] != 0)
			return hd_fail(st, HD_BAD_INPUT, "bad-config", 0,
			               "dimension %d: the global size (%u) must be a multiple of the "
			               "work-group size (%u)", d, c->global_size[d], c->local_size[d]);
		ngroups[d] = c->global_size[d] / c->local_size[d];
		items *= c->local_size[d];
	}
	if (items > 1024)
		return hd_fail(st, HD_BAD_INPUT, "bad-config", 0,
		               "a work-group of %llu work-items; at most 1024",
		               (unsigned long long)items);
	return 0;
}

int hd_exec_new(const hd_spv_module *m, const char *kernel, const hd_exec_config *c,
                hd_exec **out, hd_status *st)
{
	hd_exec *x = calloc(1, sizeof *x);

	*out = NULL;
	if (x == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory");
	x->m = m;
	x->cfg = *c;
	if (check_config(c, x->ngroups, st) != 0 || hd_x_prepare(x, st) != 0 ||
	    find_kernel(x, kernel, st) != 0) {
		hd_exec_free(x);
		return -1;
	}
	*out = x;
	return 0;
}

void hd_exec_free(hd_exec *x)
{
	if (x == NULL)
		return;
	for (uint32_t i = 0; i < x->ntypes; i++)
		free(x->types[i].offsets);
	for (uint32_t i = 0; x->funcs != NULL && i < x->nfuncs; i++) {
		free(x->funcs[i].slots);
		free(x->funcs[i].params);
		free(x->funcs[i].stop);
		free(x->funcs[i].point_first);
	}
	free(x->funcs);
	free(x->types);
	free(x->ids);
	free(x->consts);
	free(x->arg_vals);
	hd_x_mem_free(&x->global);
	hd_x_mem_free(&x->local);
	hd_buf_free(&x->printf_out);
	free(x);
}
