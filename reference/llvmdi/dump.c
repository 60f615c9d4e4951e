/* The canonical dump (docs/llvm-di.md, "The dump"): the module's debug
 * metadata with no !N in it, so two translations of one source diff
 * cleanly. Nodes are found by a walk from the roots (!llvm.dbg.cu, then
 * each function's subprogram and debug records in file order, then the
 * globals' attachments, then whatever is left in id order), fields taken
 * in kinds.def's order. "Entities" (subprograms, types, variables, ...)
 * get a label from their kind and name, numbered only among namesakes
 * (`<DIBasicType "int">`, `<DILocalVariable "i" #2>`) and are printed once
 * each; the small kinds (tuples, DILocation, DIExpression, DIFile,
 * DISubrange, DIEnumerator, ...) are printed inline where used. */
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
#include "util/sort.h"

#define BUDGET 4096  /* inline nodes printed on one line before "..." */

static int is_inline_kind(const hd_lldi_node *n)
{
	static const int kinds[] = { K_LOCATION, K_EXPRESSION, K_ARGLIST, K_FILE, K_SUBRANGE,
		K_GENERIC_SUBRANGE, K_ENUMERATOR, K_ASSIGN_ID };

	if (n->kind[0] == '\0')
		return 1;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (n->known == kinds[i])
			return 1;
	return 0;
}

static void clear_tree(hd_lldi_node *n, uint32_t depth)
{
	n->mark = 0;
	if (depth > HD_LLDI_MAX_DEPTH + 1)
		return;
	for (uint32_t i = 0; i < n->nfields; i++)
		if (n->fields[i].v.kind == HD_LLDI_V_NODE)
			clear_tree(n->fields[i].v.node, depth + 1);
	for (uint32_t i = 0; i < n->nitems; i++)
		if (n->items[i].kind == HD_LLDI_V_NODE)
			clear_tree(n->items[i].node, depth + 1);
}

static void clear_value(const hd_lldi_value *v)
{
	if (v->kind == HD_LLDI_V_NODE)
		clear_tree(v->node, 0);
}

static void clear_marks(const hd_lldi_module *m)
{
	for (uint32_t i = 0; i < m->nnodes; i++)
		clear_tree(m->nodes[i], 0);
	for (uint32_t i = 0; i < m->nnamed; i++)
		for (uint32_t k = 0; k < m->named[i].nitems; k++)
			clear_value(&m->named[i].items[k]);
	for (uint32_t i = 0; i < m->nuses; i++) {
		for (uint32_t k = 0; k < m->uses[i].nops; k++)
			clear_value(&m->uses[i].ops[k]);
		clear_value(&m->uses[i].loc);
	}
}

void field_order_of(const hd_lldi_node *n, uint32_t *idx)
{
	for (uint32_t i = 0; i < n->nfields; i++)
		idx[i] = i;
	for (uint32_t i = 1; i < n->nfields; i++) {  /* insertion sort: at most 64 fields */
		uint32_t x = idx[i], j = i;
		size_t rx = hd_lldi_field_rank(n->known, n->fields[x].name);
		while (j > 0) {
			uint32_t y = idx[j - 1];
			size_t ry = hd_lldi_field_rank(n->known, n->fields[y].name);
			if (ry < rx || (ry == rx && strcmp(n->fields[y].name, n->fields[x].name) <= 0))
				break;
			idx[j] = y;
			j--;
		}
		idx[j] = x;
	}
}

static void push(dumper *d, hd_lldi_node *n)
{
	if (n == NULL || (n->mark & (ENTITY | SEEN)))
		return;
	if (d->nstack == d->capstack) {
		size_t cap = d->capstack ? d->capstack * 2 : 256;
		hd_lldi_node **ns = realloc(d->stack, cap * sizeof *ns);
		if (ns == NULL) {
			d->failed = 1;
			return;
		}
		d->stack = ns;
		d->capstack = cap;
	}
	d->stack[d->nstack++] = n;
}

static void add_entity(dumper *d, hd_lldi_node *n)
{
	if (d->nents == d->capents) {
		uint32_t cap = d->capents ? d->capents * 2 : 64;
		entity *ne = realloc(d->ents, cap * sizeof *ne);
		if (ne == NULL) {
			d->failed = 1;
			n->mark = SEEN;
			return;
		}
		d->ents = ne;
		d->capents = cap;
	}
	d->ents[d->nents] = (entity){ n, NULL, 1 };
	n->mark = ENTITY | d->nents++;
}

/* Visits what root leads to, depth first; a node's children are pushed in
 * reverse so they are visited in field order. */
static void walk(dumper *d, hd_lldi_node *root)
{
	uint32_t idx[HD_LLDI_MAX_FIELDS];

	push(d, root);
	while (d->nstack > 0 && !d->failed) {
		hd_lldi_node *n = d->stack[--d->nstack];
		if (n->mark & (ENTITY | SEEN))
			continue;
		if (is_inline_kind(n))
			n->mark = SEEN;
		else
			add_entity(d, n);
		field_order_of(n, idx);
		for (uint32_t i = n->nitems; i-- > 0;)
			push(d, hd_lldi_target(&n->items[i]));
		for (uint32_t i = n->nfields; i-- > 0;)
			push(d, hd_lldi_target(&n->fields[idx[i]].v));
	}
}

static void walk_value(dumper *d, const hd_lldi_value *v)
{
	walk(d, hd_lldi_target(v));
}

static void walk_roots(dumper *d)
{
	const hd_lldi_module *m = d->m;

	for (uint32_t i = 0; i < m->nnamed; i++)
		if (strcmp(m->named[i].name, "llvm.dbg.cu") == 0)
			for (uint32_t k = 0; k < m->named[i].nitems; k++)
				walk_value(d, &m->named[i].items[k]);
	for (uint32_t f = 0; f < m->nfunctions; f++)
		walk_value(d, &m->functions[f].sp);
	for (uint32_t i = 0; i < m->nuses; i++) {
		for (uint32_t k = 0; k < m->uses[i].nops; k++)
			walk_value(d, &m->uses[i].ops[k]);
		walk_value(d, &m->uses[i].loc);
	}
	for (uint32_t i = 0; i < m->nnodes; i++)
		walk(d, m->nodes[i]);
}

/* An entity's label before numbering: its kind and name; a compile unit
 * by its file's name, a nameless type by its tag. */
static char *base_of(const hd_lldi_node *n)
{
	const hd_lldi_field *name = hd_lldi_field_get(n, "name");
	const hd_lldi_field *tag = hd_lldi_field_get(n, "tag");
	const hd_lldi_node *file;
	hd_buf b;
	char *s;

	hd_buf_init(&b);
	hd_buf_printf(&b, "%s", n->kind);
	if (n->known == K_COMPILE_UNIT && (file = hd_lldi_field_node(n, "file")) != NULL)
		name = hd_lldi_field_get(file, "filename");
	if (name && name->v.kind == HD_LLDI_V_STR) {
		hd_buf_byte(&b, ' ');
		hd_buf_byte(&b, '"');
		for (uint32_t i = 0; i < name->v.len; i++) {
			unsigned char c = (unsigned char)name->v.s[i];
			if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '>')
				hd_buf_byte(&b, c);
			else
				hd_buf_printf(&b, "\\%02X", c);
		}
		hd_buf_byte(&b, '"');
	} else if (tag && tag->v.kind == HD_LLDI_V_ENUM) {
		hd_buf_printf(&b, " %s", tag->v.s);
	}
	s = b.failed ? NULL : strdup(hd_buf_str(&b));
	hd_buf_free(&b);
	return s;
}

static int base_cmp(const void *a, const void *b)
{
	const entity *x = *(const entity *const *)a, *y = *(const entity *const *)b;
	int c = strcmp(x->base, y->base);

	return c ? c : (x < y ? -1 : x > y);
}

/* Numbers the entities among namesakes in walk order: sorted by base
 * name, then by walk position, so no hash of the input's names is made. */
static int label_entities(dumper *d)
{
	entity **by = malloc((d->nents ? d->nents : 1) * sizeof *by);

	if (by == NULL)
		return -1;
	for (uint32_t i = 0; i < d->nents; i++) {
		d->ents[i].base = base_of(d->ents[i].node);
		by[i] = &d->ents[i];
		if (d->ents[i].base == NULL) {
			free(by);
			return -1;
		}
	}
	hd_sort(by, d->nents, sizeof *by, base_cmp);
	for (uint32_t i = 1; i < d->nents; i++)
		if (strcmp(by[i]->base, by[i - 1]->base) == 0)
			by[i]->ordinal = by[i - 1]->ordinal + 1;
	free(by);
	return 0;
}

static void line_value(dumper *d, const hd_lldi_value *v)
{
	d->budget = BUDGET;
	hd_lldi_put_value(d, v, 0);
}

static void put_named(dumper *d)
{
	for (uint32_t i = 0; i < d->m->nnamed; i++) {
		const hd_lldi_named *nm = &d->m->named[i];
		if (strcmp(nm->name, "llvm.dbg.cu") != 0 && strcmp(nm->name, "llvm.module.flags") != 0)
			continue;
		for (uint32_t k = 0; k < nm->nitems; k++) {
			hd_buf_printf(d->out, "!%s ", nm->name);
			line_value(d, &nm->items[k]);
			hd_buf_byte(d->out, '\n');
		}
	}
}

static const char *use_name(const hd_lldi_use *u)
{
	static const char *const names[] = { "function", "global", "location", "declare", "value",
		"assign", "label" };
	return names[u->kind];
}

/* A function's subprogram, then its records and the runs of its
 * instructions' locations (a location repeated by the next instruction is
 * printed once). */
static void put_function(dumper *d, uint32_t f, uint32_t *u)
{
	const hd_lldi_module *m = d->m;
	const hd_lldi_node *last = NULL;

	hd_buf_printf(d->out, "%s %s ", m->functions[f].defined ? "define" : "declare",
	              m->functions[f].name);
	if (m->functions[f].sp.kind == HD_LLDI_V_NONE)
		hd_buf_printf(d->out, "(no !dbg)");
	else
		line_value(d, &m->functions[f].sp);
	hd_buf_byte(d->out, '\n');
	for (; *u < m->nuses; (*u)++) {
		const hd_lldi_use *use = &m->uses[*u];
		if (use->func < 0)
			continue;  /* a global's: printed after the functions */
		if (use->func != (int32_t)f)
			break;
		const hd_lldi_node *loc = hd_lldi_target(&use->loc);
		if (use->kind == HD_LLDI_U_INST && loc != NULL && loc == last)
			continue;
		last = use->kind == HD_LLDI_U_INST ? loc : NULL;
		hd_buf_printf(d->out, "  %s%s", use->record ? "#dbg_" : "", use_name(use));
		for (uint32_t k = 0; k < use->nops; k++) {
			hd_buf_byte(d->out, ' ');
			line_value(d, &use->ops[k]);
		}
		hd_buf_printf(d->out, " at ");
		line_value(d, &use->loc);
		hd_buf_byte(d->out, '\n');
	}
}

static void put_uses(dumper *d)
{
	const hd_lldi_module *m = d->m;
	uint32_t u = 0;

	/* uses are in file order, so each function's follow the last's */
	for (uint32_t f = 0; f < m->nfunctions; f++)
		put_function(d, f, &u);
	for (u = 0; u < m->nuses; u++)
		if (m->uses[u].kind == HD_LLDI_U_GLOBAL) {
			hd_buf_printf(d->out, "global %s ", m->uses[u].name);
			line_value(d, &m->uses[u].loc);
			hd_buf_byte(d->out, '\n');
		}
}

void hd_lldi_dump(const hd_lldi_module *m, hd_buf *out)
{
	dumper d;

	memset(&d, 0, sizeof d);
	d.m = m;
	d.out = out;
	clear_marks(m);
	walk_roots(&d);
	if (d.failed || label_entities(&d) != 0) {
		out->failed = 1;
	} else {
		hd_buf_printf(out, "; LLVM debug metadata, canonical (hdref di-dump, docs/llvm-di.md)\n");
		put_named(&d);
		put_uses(&d);
		for (uint32_t i = 0; i < d.nents; i++) {
			hd_lldi_put_label(out, &d.ents[i]);
			hd_buf_printf(out, " = ");
			d.budget = BUDGET;
			hd_lldi_put_node(&d, d.ents[i].node, 0);
			hd_buf_byte(out, '\n');
		}
	}
	for (uint32_t i = 0; i < d.nents; i++)
		free(d.ents[i].base);
	free(d.ents);
	free(d.stack);
}
