/* The rule catalogue (rules.def) and the findings list: recorded while the
 * checks run, printed sorted so the output does not depend on the order the
 * checks ran in. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_impl.h"
#include "util/grow.h"
#include "util/sort.h"

typedef struct rule_row {
	const char *id, *source, *what;
} rule_row;

static const rule_row rules[HD_VISA_NRULES] = {
#define HD_VISA_RULE(sym, id, source, what) { id, source, what },
#include "rules.def"
#undef HD_VISA_RULE
};

const char *hd_visa_rule_id(hd_visa_rule r)
{
	return (unsigned)r < HD_VISA_NRULES ? rules[r].id : "visa-?";
}

void hd_visa_rules_print(hd_buf *out)
{
	for (int i = 0; i < HD_VISA_NRULES; i++)
		hd_buf_printf(out, "%s\t%s\n", rules[i].id, rules[i].source);
}

void hd_visa_finding_add(hd_visa_findings *fs, uint64_t offset, hd_visa_rule rule,
                         const char *where, const char *fmt, ...)
{
	hd_visa_finding *d, *nv;
	va_list ap;

	if (fs->n == HD_VISA_MAX_FINDINGS ||
	    (nv = hd_grow(fs->v, fs->n, &fs->cap, sizeof *nv)) == NULL) {
		fs->dropped++;
		return;
	}
	fs->v = nv;
	d = &fs->v[fs->n++];
	d->offset = offset;
	d->rule = rule;
	snprintf(d->where, sizeof d->where, "%s", where);
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
}

/* Printable ASCII stays, except the quote and the backslash; everything
 * else is \xHH, so a name of any bytes prints on one line and reads back. */
void hd_visa_quote(const hd_visa_name *n, char *buf, size_t cap)
{
	size_t k = 0;

	if (cap < 8) {
		if (cap)
			buf[0] = '\0';
		return;
	}
	buf[k++] = '\'';
	for (uint16_t i = 0; i < n->len; i++) {
		uint8_t b = n->p[i];
		if (k + 9 > cap) {  /* room for an escape, "...'" and the NUL */
			memcpy(buf + k, "...", 3);
			k += 3;
			break;
		}
		if (b >= 0x20 && b < 0x7f && b != '\'' && b != '\\')
			buf[k++] = (char)b;
		else
			k += (size_t)snprintf(buf + k, cap - k, "\\x%02x", b);
	}
	buf[k++] = '\'';
	buf[k] = '\0';
}

void hd_visa_where(const hd_visa_ck *c, char *buf, size_t cap, const char *fmt, ...)
{
	char name[48];
	va_list ap;
	int k;

	hd_visa_quote(&c->obj->name, name, sizeof name);
	k = snprintf(buf, cap, "object %u %s", (unsigned)c->oi, name);
	if (k < 0 || (size_t)k >= cap || fmt == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + k, cap - (size_t)k, fmt, ap);
	va_end(ap);
}

void hd_visa_report(hd_visa_ck *c, const hd_visa_site *s, uint64_t offset, hd_visa_rule rule,
                    const char *fmt, ...)
{
	char where[160], q[48], msg[sizeof c->out->v->msg];
	size_t k;
	va_list ap;

	if (c->out->n >= HD_VISA_MAX_FINDINGS) {  /* counted, not printed: skip the formatting */
		c->out->dropped++;
		return;
	}
	hd_visa_where(c, where, sizeof where, NULL);
	k = strlen(where);
	if (s->kind)
		k += (size_t)snprintf(where + k, sizeof where - k, " %s", s->kind);
	if (s->index >= 0 && k < sizeof where)
		k += (size_t)snprintf(where + k, sizeof where - k, " %ld", s->index);
	if (s->name && k < sizeof where) {
		hd_visa_quote(s->name, q, sizeof q);
		k += (size_t)snprintf(where + k, sizeof where - k, " %s", q);
	}
	if (s->part && k < sizeof where)
		k += (size_t)snprintf(where + k, sizeof where - k, " %s", s->part);
	if (s->item && k < sizeof where)
		snprintf(where + k, sizeof where - k, " %s %ld", s->item, s->item_index);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	hd_visa_finding_add(c->out, offset, rule, where, "%s", msg);
}

static int finding_cmp(const void *a, const void *b)
{
	const hd_visa_finding *x = a, *y = b;
	int c;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	c = strcmp(hd_visa_rule_id(x->rule), hd_visa_rule_id(y->rule));
	if (c)
		return c;
	c = strcmp(x->where, y->where);
	return c ? c : strcmp(x->msg, y->msg);
}

void hd_visa_findings_print(hd_visa_findings *fs, hd_buf *out)
{
	size_t total = fs->n + fs->dropped;

	if (fs->n > 1)
		hd_sort(fs->v, fs->n, sizeof *fs->v, finding_cmp);
	for (size_t i = 0; i < fs->n; i++) {
		const hd_visa_finding *d = &fs->v[i];
		hd_buf_printf(out, "offset 0x%llx %s: %s: %s\n", (unsigned long long)d->offset,
		              d->where, hd_visa_rule_id(d->rule), d->msg);
	}
	if (fs->dropped)
		hd_buf_printf(out, "(%zu more not shown)\n", fs->dropped);
	if (total == 0)
		hd_buf_printf(out, "no rule broken\n");
	else
		hd_buf_printf(out, "%zu finding%s\n", total, total == 1 ? "" : "s");
}

void hd_visa_findings_free(hd_visa_findings *fs)
{
	free(fs->v);
	fs->v = NULL;
	fs->n = fs->cap = fs->dropped = 0;
}
