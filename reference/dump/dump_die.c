/* Prints a unit's DIE tree: one line per DIE (its tag, name and rank among
 * same-named siblings, the same words its path uses), its attributes one a
 * line sorted by code, then its children in canonical order, each level
 * indented two spaces (docs/dwarf-dump.md, "The DIE tree"). */
#include "dump_impl.h"

static int print_die(dd_ctx *c, const dd_die *d, int indent, hd_buf *out)
{
	if (c->streaming && out->len >= c->flush_at && dd_flush(c, out) != 0)
		return -1;
	dd_indent(out, indent);
	dd_put_tag(out, d->tag, 1);
	if (d->name != NULL) {
		hd_buf_byte(out, ' ');
		dd_put_string(out, d->name);
	}
	if (d->dup != 0) {
		hd_buf_byte(out, '#');
		hd_buf_udec(out, d->dup);
	}
	hd_buf_byte(out, '\n');
	for (uint32_t i = 0; i < d->nattrs; i++) {
		size_t mark = out->len;
		int rc;
		dd_indent(out, indent + 1);
		dd_put_attr_name(c, d->attrs[i].at, out);
		hd_buf_byte(out, ' ');
		rc = dd_put_value(c, d, &d->attrs[i], 0, indent + 1, out);
		if (rc < 0)
			return -1;
		if (rc == 1)
			out->len = mark;
		else
			hd_buf_byte(out, '\n');
	}
	/* depth is bounded by the reader (DD_MAX_DEPTH) */
	for (uint32_t i = 0; i < d->nkids; i++)
		if (print_die(c, d->kids[i], indent + 1, out) != 0)
			return -1;
	return 0;
}

int dd_print_tree(dd_ctx *c, dd_unit *u, hd_buf *out)
{
	return print_die(c, u->root, 1, out);
}
