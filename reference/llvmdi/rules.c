/* The rule catalogue (rules.def) and the findings list: recorded while the
 * checks run, printed sorted by place so the output does not depend on the
 * order the checks ran in. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_impl.h"
#include "util/grow.h"
#include "util/sort.h"

typedef struct rule_row {
	const char *id, *cls, *source;
} rule_row;

static const rule_row rules[HD_LLDI_NRULES] = {
#define HD_LLDI_RULE(sym, id, cls, source, what) { id, cls, source },
#include "rules.def"
#undef HD_LLDI_RULE
};

const char *hd_lldi_rule_id(hd_lldi_rule r)
{
	return (unsigned)r < HD_LLDI_NRULES ? rules[r].id : "llvmdi-?";
}

int hd_lldi_rule_is_syntax(hd_lldi_rule r)
{
	return (unsigned)r < HD_LLDI_NRULES && strcmp(rules[r].cls, "syntax") == 0;
}

void hd_lldi_rules_print(hd_buf *out)
{
	for (int i = 0; i < HD_LLDI_NRULES; i++)
		hd_buf_printf(out, "%s\t%s\t%s\n", rules[i].id, rules[i].cls, rules[i].source);
}

void hd_lldi_report(hd_lldi_findings *fs, hd_lldi_rule rule, hd_lldi_pos pos, const char *fmt, ...)
{
	hd_lldi_finding *d, *nv;
	va_list ap;

	if (fs->n == HD_LLDI_MAX_FINDINGS ||
	    (nv = hd_grow(fs->v, fs->n, &fs->cap, sizeof *nv)) == NULL) {
		fs->dropped++;
		return;
	}
	fs->v = nv;
	d = &fs->v[fs->n++];
	d->rule = rule;
	d->pos = pos;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
}

static int finding_cmp(const void *a, const void *b)
{
	const hd_lldi_finding *x = a, *y = b;
	int c;

	if (x->pos.line != y->pos.line)
		return x->pos.line < y->pos.line ? -1 : 1;
	if (x->pos.col != y->pos.col)
		return x->pos.col < y->pos.col ? -1 : 1;
	c = strcmp(hd_lldi_rule_id(x->rule), hd_lldi_rule_id(y->rule));
	return c ? c : strcmp(x->msg, y->msg);
}

void hd_lldi_findings_print(hd_lldi_findings *fs, const char *path, hd_buf *out)
{
	size_t total = fs->n + fs->dropped;

	hd_sort(fs->v, fs->n, sizeof *fs->v, finding_cmp);
	for (size_t i = 0; i < fs->n; i++) {
		const hd_lldi_finding *d = &fs->v[i];
		hd_buf_printf(out, "%s:%u:%u: %s: %s\n", path, (unsigned)d->pos.line,
		              (unsigned)d->pos.col, hd_lldi_rule_id(d->rule), d->msg);
	}
	if (fs->dropped)
		hd_buf_printf(out, "(%zu more not shown)\n", fs->dropped);
	if (total == 0)
		hd_buf_printf(out, "no rule broken\n");
	else
		hd_buf_printf(out, "%zu finding%s\n", total, total == 1 ? "" : "s");
}

void hd_lldi_findings_free(hd_lldi_findings *fs)
{
	free(fs->v);
	fs->v = NULL;
	fs->n = fs->cap = fs->dropped = 0;
}
