/* The dump's printing (dump.c finds and names the nodes): values, inline
 * nodes, entity labels, and the sections of docs/llvm-di.md, "The dump". */
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"

/* A string as LLVM writes it: printable ASCII but '"' and '\', the rest
 * \XX. */
static void put_string(hd_buf *out, const char *s, uint32_t len)
{
	hd_buf_byte(out, '"');
	for (uint32_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
			hd_buf_byte(out, c);
		else
			hd_buf_printf(out, "\\%02X", c);
	}
	hd_buf_byte(out, '"');
}

/* An IR value with its local names (%3, %x.addr) blotted out, since they
 * differ between translations of one source. */
static void put_ir(hd_buf *out, const char *s)
{
	for (const char *p = s; *p; p++) {
		hd_buf_byte(out, (uint8_t)*p);
		if (*p == '%') {
			hd_buf_byte(out, '_');
			while (p[1] && (strchr("-$._", p[1]) || (p[1] >= '0' && p[1] <= '9') ||
			                (p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z')))
				p++;
		}
	}
}

void hd_lldi_put_label(hd_buf *out, const entity *e)
{
	hd_buf_printf(out, "<%s", e->base);
	if (e->ordinal > 1)
		hd_buf_printf(out, " #%u", (unsigned)e->ordinal);
	hd_buf_byte(out, '>');
}

void hd_lldi_put_value(dumper *d, const hd_lldi_value *v, uint32_t depth)
{
	hd_buf *out = d->out;
	const hd_lldi_node *t;

	switch (v->kind) {
	case HD_LLDI_V_INT:
		hd_buf_printf(out, "%s%llu", v->neg ? "-" : "", (unsigned long long)v->u);
		return;
	case HD_LLDI_V_BOOL:
		hd_buf_printf(out, v->u ? "true" : "false");
		return;
	case HD_LLDI_V_NULL:
		hd_buf_printf(out, "null");
		return;
	case HD_LLDI_V_STR:
		put_string(out, v->s, v->len);
		return;
	case HD_LLDI_V_MDSTR:
		hd_buf_byte(out, '!');
		put_string(out, v->s, v->len);
		return;
	case HD_LLDI_V_ENUM:
		hd_buf_printf(out, "%s", v->s);
		return;
	case HD_LLDI_V_IR:
		put_ir(out, v->s);
		return;
	case HD_LLDI_V_REF:
	case HD_LLDI_V_NODE:
		t = hd_lldi_target(v);
		if (t != NULL && (t->mark & ENTITY))
			hd_lldi_put_label(out, &d->ents[INDEX_OF(t->mark)]);
		else if (t != NULL)
			hd_lldi_put_node(d, t, depth + 1);
		return;
	default:
		hd_buf_printf(out, "none");
	}
}

/* An inline node, or an entity's definition at depth 0. The budget and
 * the depth bound keep a node graph built to explode (a tuple naming
 * another three times, and so on) to a bounded amount of text; a tuple on
 * its own printing path prints as <cycle>. */
void hd_lldi_put_node(dumper *d, const hd_lldi_node *n, uint32_t depth)
{
	hd_buf *out = d->out;
	uint32_t idx[HD_LLDI_MAX_FIELDS];
	hd_lldi_node *self = (hd_lldi_node *)n;

	if (depth > HD_LLDI_MAX_DEPTH || d->budget <= 0) {
		hd_buf_printf(out, "...");
		return;
	}
	if (n->mark & ONPATH) {
		hd_buf_printf(out, "<cycle>");
		return;
	}
	d->budget--;
	self->mark |= ONPATH;
	if (n->distinct)
		hd_buf_printf(out, "distinct ");
	hd_buf_printf(out, n->kind[0] ? "!%s(" : "!{", n->kind);
	field_order_of(n, idx);
	for (uint32_t i = 0; i < n->nfields; i++) {
		hd_buf_printf(out, "%s%s: ", i ? ", " : "", n->fields[idx[i]].name);
		hd_lldi_put_value(d, &n->fields[idx[i]].v, depth);
	}
	for (uint32_t i = 0; i < n->nitems; i++) {
		hd_buf_printf(out, "%s", i ? ", " : "");
		hd_lldi_put_value(d, &n->items[i], depth);
	}
	hd_buf_byte(out, n->kind[0] ? ')' : '}');
	self->mark &= ~ONPATH;
}
