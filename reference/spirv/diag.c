/* Diagnostics: collected while reading and validating, printed sorted so the
 * output does not depend on the order the checks ran in. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv.h"
#include "util/sort.h"

void hd_spv_diag_add(hd_spv_module *m, const char *prefix, const char *inst,
                     const char *rule, const char *operand, uint32_t offset, uint32_t id,
                     const char *fmt, ...)
{
	hd_spv_diag *d;
	va_list ap;

	if (m->ndiags == HD_SPV_MAX_DIAGS) {
		m->ndiags_dropped++;
		return;
	}
	if (m->ndiags == m->diag_cap) {
		uint32_t cap = m->diag_cap ? m->diag_cap * 2 : 16;
		hd_spv_diag *nd = realloc(m->diags, cap * sizeof *nd);
		if (!nd) {
			m->ndiags_dropped++;
			return;
		}
		m->diags = nd;
		m->diag_cap = cap;
	}
	d = &m->diags[m->ndiags++];
	d->prefix = prefix;
	d->inst = inst;
	d->rule = rule;
	d->operand = operand;
	d->offset = offset;
	d->id = id;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
}

static void rule_id(const hd_spv_diag *d, char *buf, size_t cap)
{
	if (d->inst)
		snprintf(buf, cap, "%s/%s/%s", d->prefix, d->inst, d->rule);
	else
		snprintf(buf, cap, "%s/%s", d->prefix, d->rule);
}

static int diag_cmp(const void *a, const void *b)
{
	const hd_spv_diag *x = a, *y = b;
	char rx[160], ry[160];
	int c;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	rule_id(x, rx, sizeof rx);
	rule_id(y, ry, sizeof ry);
	c = strcmp(rx, ry);
	if (c)
		return c;
	c = strcmp(x->operand ? x->operand : "", y->operand ? y->operand : "");
	return c ? c : strcmp(x->msg, y->msg);
}

/* The instruction's name for the reader: the debug instruction, else the
 * core opcode's name. */
static const char *insn_name(const hd_spv_module *m, uint32_t offset)
{
	uint32_t lo = 0, hi = m->ninsns;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		const hd_spv_insn *in = &m->insns[mid];
		if (in->offset == offset) {
			const hd_spv_coreop *op;
			if (in->node >= 0 && m->nodes[in->node].inst)
				return m->nodes[in->node].inst->name;
			op = hd_spv_coreop_by_opcode(in->opcode);
			return op ? op->name : "?";
		}
		if (in->offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return "?";
}

void hd_spv_diag_print(hd_spv_module *m, hd_buf *out)
{
	if (m->ndiags > 1)  /* diags is NULL until the first one */
		hd_sort(m->diags, m->ndiags, sizeof *m->diags, diag_cmp);
	for (uint32_t i = 0; i < m->ndiags; i++) {
		const hd_spv_diag *d = &m->diags[i];
		char rid[160];

		rule_id(d, rid, sizeof rid);
		hd_buf_printf(out, "word %u", d->offset);
		if (d->id)
			hd_buf_printf(out, " %%%u", d->id);
		hd_buf_printf(out, " %s", insn_name(m, d->offset));
		if (d->operand)
			hd_buf_printf(out, " '%s'", d->operand);
		hd_buf_printf(out, ": %s: %s\n", rid, d->msg);
	}
	if (m->ndiags_dropped)
		hd_buf_printf(out, "(%u more not shown)\n", m->ndiags_dropped);
	if (m->ndiags + m->ndiags_dropped == 0)
		hd_buf_printf(out, "no rule broken\n");
	else  /* one line per finding; a rule may be broken in several places */
		hd_buf_printf(out, "%u finding%s\n", m->ndiags + m->ndiags_dropped,
		              m->ndiags + m->ndiags_dropped == 1 ? "" : "s");
}
