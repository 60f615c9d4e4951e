/* The canonical, id-free form of the debug-info graph (docs/debuginfo-dump.md).
 *
 * SPIR-V ids are the producer's choice, so the dump never prints them: a
 * debug instruction is @N, numbered in the order a depth-first walk first
 * reaches it (roots: the instructions no other debug instruction names, in
 * module order; operands in grammar order); strings print as their text,
 * integer constants as their value, DebugInfoNone as `none`, other core
 * instructions by opcode. Function bodies print their ranges in slots
 * (body.c), not word offsets. */
#include <stdlib.h>

#include "spirv_impl.h"

typedef struct dumper {
	const hd_spv_module *m;
	uint32_t *label;  /* node -> label (1-based), 0 = none yet */
	uint32_t *order;  /* label-1 -> node */
	uint32_t nlabels;
} dumper;

/* Calls fn on every id operand word of n; nothing when its words do not fit. */
static void for_each_id(const hd_di_node *n, void (*fn)(void *ctx, uint32_t id), void *ctx)
{
	hd_di_span spans[HD_DI_MAX_OPERANDS];

	if (hd_di_operands(n, spans) < 0)
		return;
	for (int i = 0; i < n->inst->noperands; i++) {
		uint8_t kind = n->inst->operands[i].kind;
		if (kind == HD_SPV_ID || kind == HD_SPV_PAIR)
			for (uint32_t k = 0; k < spans[i].count; k++)
				fn(ctx, n->args[spans[i].first + k]);
	}
}

static void mark_named(void *ctx, uint32_t id)
{
	const hd_spv_module *m = ((dumper *)ctx)->m;
	int32_t k = hd_di_index(m, id);
	if (k >= 0)
		((dumper *)ctx)->label[k] = 1;  /* "is named": reused as a flag first */
}

typedef struct walk {
	dumper *d;
	uint32_t *stack;
	uint32_t top;
} walk;

static void push_id(void *ctx, uint32_t id)
{
	walk *w = ctx;
	int32_t k = hd_di_index(w->d->m, id);
	if (k >= 0 && w->d->label[k] == 0)
		w->stack[w->top++] = (uint32_t)k;
}

static void give_label(dumper *d, uint32_t k)
{
	if (hd_di_is(&d->m->nodes[k], HD_K_DebugInfoNone))
		d->label[k] = UINT32_MAX;  /* printed as `none`, never listed */
	else {
		d->order[d->nlabels++] = k;
		d->label[k] = d->nlabels;
	}
}

/* Pre-order walk from root. Operands are pushed in reverse so the first
 * operand is visited first; the explicit stack bounds memory by the edge
 * count and needs no recursion depth limit. */
static int walk_from(dumper *d, uint32_t root, uint32_t *stack)
{
	walk w = { d, stack, 0 };

	w.stack[w.top++] = root;
	while (w.top) {
		uint32_t k = w.stack[--w.top], mark, i, j;
		if (d->label[k] != 0)
			continue;
		give_label(d, k);
		if (!d->m->nodes[k].inst)
			continue;
		mark = w.top;
		for_each_id(&d->m->nodes[k], push_id, &w);
		if (w.top < mark + 2)
			continue;
		for (i = mark, j = w.top - 1; i < j; i++, j--) {
			uint32_t t = w.stack[i];
			w.stack[i] = w.stack[j];
			w.stack[j] = t;
		}
	}
	return 0;
}

static size_t count_edges(const hd_spv_module *m)
{
	size_t n = 0;
	for (uint32_t k = 0; k < m->nnodes; k++)
		n += m->nodes[k].nargs;
	return n + 1;
}

static int assign_labels(dumper *d)
{
	const hd_spv_module *m = d->m;
	uint8_t *named = calloc(m->nnodes ? m->nnodes : 1, 1);
	uint32_t *stack = malloc((count_edges(m) + m->nnodes) * sizeof *stack);

	if (!named || !stack) {
		free(named);
		free(stack);
		return -1;
	}
	for (uint32_t k = 0; k < m->nnodes; k++)
		if (m->nodes[k].inst)
			for_each_id(&m->nodes[k], mark_named, d);
	for (uint32_t k = 0; k < m->nnodes; k++) {
		named[k] = d->label[k] != 0;
		d->label[k] = 0;
	}
	for (uint32_t k = 0; k < m->nnodes; k++)
		if (!named[k] && d->label[k] == 0)
			walk_from(d, k, stack);
	for (uint32_t k = 0; k < m->nnodes; k++)  /* only reachable through loops */
		if (d->label[k] == 0)
			walk_from(d, k, stack);
	free(named);
	free(stack);
	return 0;
}

static void put_string(hd_buf *out, const char *s)
{
	hd_buf_byte(out, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			hd_buf_printf(out, "\\%c", c);
		else if (c == '\n')
			hd_buf_printf(out, "\\n");
		else if (c < 0x20 || c == 0x7f)
			hd_buf_printf(out, "\\x%02x", c);
		else
			hd_buf_byte(out, c);
	}
	hd_buf_byte(out, '"');
}

/* An id operand: @N, none, "text", a constant, or the core opcode. */
static void put_id(const dumper *d, hd_buf *out, uint32_t id)
{
	const hd_spv_module *m = d->m;
	const hd_spv_insn *def = hd_spv_def_insn(m, id);
	const hd_spv_coreop *op;
	const char *s;
	uint64_t v;
	unsigned width;
	int is_signed;

	if (!def) {
		hd_buf_printf(out, "undefined");
	} else if (def->node >= 0) {
		uint32_t l = d->label[def->node];
		if (l == UINT32_MAX)
			hd_buf_printf(out, "none");
		else
			hd_buf_printf(out, "@%u", l);
	} else if ((s = hd_spv_string(m, id)) != NULL) {
		put_string(out, s);
	} else if (hd_spv_int_constant(m, id, &v, &width, &is_signed) == 0) {
		if (is_signed)
			hd_buf_printf(out, "i%u:%lld", width, (long long)v);
		else
			hd_buf_printf(out, "u%u:%llu", width, (unsigned long long)v);
	} else if (def->opcode == SpvOpFunction && def->function >= 0) {
		hd_buf_printf(out, "function#%d", def->function);
	} else if (def->opcode == SpvOpVariable && def->nwords >= 4) {
		const hd_spv_enumerant *e =
		        hd_spv_enum_value(&hd_spv_enum_StorageClass, m->words[def->offset + 3]);
		hd_buf_printf(out, "OpVariable(%s)", e ? e->name : "?");
	} else {
		op = hd_spv_coreop_by_opcode(def->opcode);
		hd_buf_printf(out, "%s", op ? op->name : "?");
	}
}

static void put_enum(hd_buf *out, const hd_spv_enum *en, uint32_t v)
{
	const hd_spv_enumerant *e = hd_spv_enum_value(en, v);
	int first = 1;

	if (e) {
		hd_buf_printf(out, "%s", e->name);
		return;
	}
	if (!en->is_bits || !hd_spv_enum_valid(en, v)) {
		hd_buf_printf(out, "0x%x", v);
		return;
	}
	/* Single bits, lowest first; FlagIsPublic (3) is the only two-bit value
	 * and prints as the two bits it is made of. */
	for (uint32_t bit = 1; bit && bit <= v; bit <<= 1) {
		if (!(v & bit))
			continue;
		e = hd_spv_enum_value(en, bit);
		hd_buf_printf(out, "%s%s", first ? "" : "|", e ? e->name : "?");
		first = 0;
	}
}

static void put_node(const dumper *d, hd_buf *out, uint32_t k)
{
	const hd_di_node *n = &d->m->nodes[k];
	hd_di_span spans[HD_DI_MAX_OPERANDS];

	hd_buf_printf(out, "@%u %s", d->label[k], hd_di_name(n));
	if (n->set->id != HD_SET_OCL100)
		hd_buf_printf(out, " [%s]", n->set->import_name);
	if (!n->inst || hd_di_operands(n, spans) < 0) {
		hd_buf_printf(out, " words");
		for (uint32_t i = 0; i < n->nargs; i++)
			hd_buf_printf(out, " %u", n->args[i]);
		hd_buf_byte(out, '\n');
		return;
	}
	for (int i = 0; i < n->inst->noperands; i++) {
		const hd_spv_operand *op = &n->inst->operands[i];
		if (spans[i].count == 0 && op->quant == HD_SPV_OPT)
			continue;
		hd_buf_printf(out, " %s=", op->name);
		if (spans[i].count == 0)
			hd_buf_printf(out, "()");
		for (uint32_t w = 0; w < spans[i].count; w++) {
			uint32_t v = n->args[spans[i].first + w];
			if (w)
				hd_buf_byte(out, ',');
			if (op->kind == HD_SPV_LITERAL)
				hd_buf_printf(out, "%u", v);
			else if (op->kind == HD_SPV_ENUM && w == 0)
				put_enum(out, op->en, v);
			else if (op->kind == HD_SPV_ENUM)
				hd_buf_printf(out, "%u", v);  /* the operation's literal operands */
			else
				put_id(d, out, v);
		}
	}
	hd_buf_byte(out, '\n');
}

static void put_node_ref(const dumper *d, hd_buf *out, int32_t k)
{
	if (k < 0)
		hd_buf_printf(out, "none");
	else if (d->label[k] == UINT32_MAX)
		hd_buf_printf(out, "none");
	else
		hd_buf_printf(out, "@%u", d->label[k]);
}

static void put_function(const dumper *d, hd_buf *out, uint32_t fi)
{
	const hd_spv_module *m = d->m;
	const hd_di_function *f = &m->functions[fi];

	hd_buf_printf(out, "function#%u slots=%u debug=", fi, f->nslots);
	put_node_ref(d, out, f->debug_function);
	hd_buf_byte(out, '\n');
	for (uint32_t i = 0; i < f->nscopes; i++) {
		const hd_di_range *r = &f->scopes[i];
		hd_buf_printf(out, "  scope ");
		put_node_ref(d, out, r->scope);
		if (r->inlined >= 0) {
			hd_buf_printf(out, " inlined-at ");
			put_node_ref(d, out, r->inlined);
		}
		hd_buf_printf(out, " slots %u-%u\n", r->slot_begin, r->slot_end);
	}
	for (uint32_t i = 0; i < f->nlines; i++) {
		const hd_di_range *r = &f->lines[i];
		const char *file = r->file >= 0 ? hd_spv_string(m, m->insns[r->file].result) : NULL;
		hd_buf_printf(out, "  line ");
		if (file)
			put_string(out, file);
		else
			hd_buf_printf(out, "?");
		hd_buf_printf(out, " %u:%u slots %u-%u\n", r->line, r->column, r->slot_begin,
		              r->slot_end);
	}
	for (uint32_t i = 0; i < f->npoints; i++) {
		const hd_di_point *p = &f->points[i];
		hd_buf_printf(out, "  %s ", hd_di_is(&m->nodes[p->node], HD_K_DebugDeclare)
		                                  ? "declare" : "value");
		put_node_ref(d, out, p->node);
		hd_buf_printf(out, " slot %u\n", p->slot);
	}
}

void hd_di_dump(const hd_spv_module *m, hd_buf *out)
{
	dumper d = { m, NULL, NULL, 0 };
	uint32_t n = m->nnodes ? m->nnodes : 1;

	d.label = calloc(n, sizeof *d.label);
	d.order = calloc(n, sizeof *d.order);
	if (!d.label || !d.order || assign_labels(&d) != 0) {
		out->failed = 1;
		free(d.label);
		free(d.order);
		return;
	}
	hd_buf_printf(out, "debuginfo 1\n");
	for (uint32_t i = 0; i < d.nlabels; i++)
		put_node(&d, out, d.order[i]);
	for (uint32_t fi = 0; fi < m->nfunctions; fi++)
		put_function(&d, out, fi);
	free(d.label);
	free(d.order);
}
