/* Location lists and range lists (DWARF 5 sections 2.6.2 and 2.17.3),
 * printed inline under their attribute as address ranges relative to the
 * enclosing subprogram's low_pc, sorted, with base-address entries folded
 * in: how a writer encoded the entries (offset pairs, startx_length,
 * base_addressx) does not show (docs/dwarf-dump.md, "Lists").
 *
 * libdwarf 20210528 decodes every expression of a list it opens with
 * dwarf_get_loclist_c and fails on any DW_OP_LLVM_* opcode, so DWARF 5
 * location lists are walked entry by entry with dwarf_get_loclist_lle, which
 * hands over each entry's raw expression bytes for our decoder. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
#include "util/sort.h"

int dd_push_entry(dd_ctx *c, dd_entries *e, int is_default, uint64_t begin,
                  uint64_t end, const uint8_t *expr, size_t len, int has_expr)
{
	dd_entry *x;

	if (e->n == e->cap) {
		size_t n = e->cap ? e->cap * 2 : 8;
		dd_entry *p = realloc(e->v, n * sizeof *p);
		if (p == NULL)
			return dd_oom(c);
		e->v = p;
		e->cap = n;
	}
	x = &e->v[e->n++];
	x->is_default = is_default;
	x->begin = begin;
	x->end = end;
	x->expr = has_expr ? expr : NULL;
	x->len = has_expr ? len : 0;
	x->text = NULL;
	if (has_expr && !c->loading) {
		hd_buf b;
		hd_buf_init(&b);
		dd_put_expr(c, expr, len, &b);
		x->text = dd_take(&b);
		hd_buf_free(&b);
		if (x->text == NULL)
			return dd_oom(c);
	}
	return 0;
}

void dd_free_entries(dd_entries *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->v[i].text);
	free(e->v);
}

static int cmp_entry(const void *a, const void *b)
{
	const dd_entry *x = a, *y = b;

	if (x->is_default != y->is_default)
		return x->is_default ? 1 : -1;
	if (x->begin != y->begin)
		return x->begin < y->begin ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	if (x->text != NULL && y->text != NULL)
		return strcmp(x->text, y->text);
	return 0;
}

int dd_func_base(dd_ctx *c, const dd_die *d, uint64_t *base)
{
	for (; d != NULL; d = d->parent) {
		if (d->tag != DW_TAG_subprogram)
			continue;
		return dd_low_pc(c, d, base);
	}
	return 0;
}

/* Sorted entries, one a line under the attribute. */
static int print_entries(dd_ctx *c, const dd_die *d, dd_entries *e, int indent,
                         hd_buf *out)
{
	uint64_t base = 0;
	int rel = dd_func_base(c, d, &base);

	if (rel < 0)
		return -1;
	hd_sort(e->v, e->n, sizeof e->v[0], cmp_entry);  /* v is NULL for an empty list */
	for (size_t i = 0; i < e->n; i++) {
		const dd_entry *x = &e->v[i];
		hd_buf_byte(out, '\n');
		dd_indent(out, indent + 1);
		if (x->is_default)
			hd_buf_printf(out, "default");
		else if (rel)
			hd_buf_printf(out, "[+0x%" PRIx64 ", +0x%" PRIx64 ")", x->begin - base,
			              x->end - base);
		else
			hd_buf_printf(out, "[0x%" PRIx64 ", 0x%" PRIx64 ")", x->begin, x->end);
		if (x->text != NULL)
			hd_buf_printf(out, " %s", x->text);
	}
	return 0;
}

/* The .debug_loclists table (libdwarf's "context") holding a list. */
static int find_context(dd_ctx *c, const dd_die *d, const dd_attr *a,
                        Dwarf_Unsigned value, Dwarf_Unsigned *ctx,
                        Dwarf_Unsigned *start, Dwarf_Unsigned *past)
{
	Dwarf_Unsigned base = 0;
	const dd_attr *ba = dd_attr_of(d->unit->root, DW_AT_loclists_base);
	int has_base = ba != NULL;

	if (has_base && dd_form_uvalue(c, ba, &base, "DW_AT_loclists_base") != 0)
		return -1;

	/* libdwarf loaded the tables with .debug_info; dwarf_load_loclists
	 * would load them again and leak the first copy */
	for (Dwarf_Unsigned i = 0;; i++) {
		Dwarf_Unsigned hdr, nofs, ofs_array, first, last;
		Dwarf_Small offset_size, ext_size, addr_size, seg_size;
		unsigned version;
		int res = dwarf_get_loclist_context_basics(c->dbg, i, &hdr, &offset_size,
		                                           &ext_size, &version, &addr_size,
		                                           &seg_size, &nofs, &ofs_array,
		                                           &first, &last, &c->err);
		if (res == DW_DLV_ERROR)
			return dd_lib_fail(c, ".debug_loclists");
		if (res == DW_DLV_NO_ENTRY)
			break;
		if (a->form == DW_FORM_loclistx ? (has_base ? ofs_array == base : i == 0)
		                                : value >= first && value < last) {
			*ctx = i;
			*past = last;
			if (a->form != DW_FORM_loclistx) {
				*start = value;
				return 0;
			}
			if (value >= nofs)
				break;
			if (dwarf_get_loclist_offset_index_value(c->dbg, i, value, &hdr, start,
			                                         &c->err) != DW_DLV_OK)
				return dd_lib_fail(c, ".debug_loclists offsets");
			return 0;
		}
	}
	return hd_fail(c->st, HD_BAD_INPUT, "bad-loclist", 0,
	               ".debug_loclists: no location list for %s 0x%" PRIx64,
	               a->form == DW_FORM_loclistx ? "index" : "offset", (uint64_t)value);
}

static int addr_of_index(dd_ctx *c, const dd_die *d, Dwarf_Unsigned index, uint64_t *addr)
{
	Dwarf_Addr v;

	if (dwarf_debug_addr_index_to_addr(d->unit->cu_die, index, &v, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_addr");
	*addr = v;
	return 0;
}

/* The table end libdwarf 20210528 reports comes from the table's header
 * (its unit_length), which it does not hold against the section: a damaged
 * header would send the walk and the expressions it hands over past the
 * section's bytes. The real size bounds the walk instead. */
static int check_table_end(dd_ctx *c, Dwarf_Unsigned past)
{
	Dwarf_Addr addr = 0;
	Dwarf_Unsigned size = 0;

	if (dwarf_get_section_info_by_name(c->dbg, ".debug_loclists", &addr, &size, &c->err) !=
	    DW_DLV_OK)
		return dd_lib_fail(c, ".debug_loclists size");
	if (past > size)
		return hd_fail(c->st, HD_BAD_INPUT, "bad-loclist", 0,
		               ".debug_loclists: a table claims %" PRIu64 " bytes, past the "
		               "section's %" PRIu64,
		               (uint64_t)past, (uint64_t)size);
	return 0;
}

/* Walks one DWARF 5 location list; DW_LLE_* per DWARF 5 section 7.7.3. */
static int read_loclists(dd_ctx *c, const dd_die *d, const dd_attr *a, dd_entries *e)
{
	Dwarf_Unsigned value, ctx = 0, off = 0, past = 0;
	uint64_t base = d->unit->low_pc;

	if (dd_form_uvalue(c, a, &value, "a location list attribute") != 0)
		return -1;
	if (find_context(c, d, a, value, &ctx, &off, &past) != 0 || check_table_end(c, past) != 0)
		return -1;
	while (off < past) {
		unsigned len = 0, kind = 0;
		Dwarf_Unsigned op1 = 0, op2 = 0, elen = 0, eoff = 0;
		Dwarf_Small *expr = NULL;
		uint64_t b = 0, x = 0;   /* set by addr_of_index before use; -O2 cannot see it */
		int rc = 0;
		if (dwarf_get_loclist_lle(c->dbg, ctx, off, past, &len, &kind, &op1, &op2,
		                          &elen, &eoff, &expr, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, ".debug_loclists entry");
		if (kind == DW_LLE_end_of_list)
			return 0;
		/* libdwarf does not check that an entry's expression ends inside
		 * the table */
		if (len == 0 || len > past - off ||
		    (elen > 0 && (eoff < off || elen > past - eoff)))
			return hd_fail(c->st, HD_BAD_INPUT, "bad-loclist", 0,
			               ".debug_loclists: an entry runs past the end of its table");
		off += len;
		switch (kind) {
		case DW_LLE_base_addressx:
			rc = addr_of_index(c, d, op1, &base);
			break;
		case DW_LLE_base_address:
			base = op1;
			break;
		case DW_LLE_startx_endx:
			if ((rc = addr_of_index(c, d, op1, &b)) == 0 &&
			    (rc = addr_of_index(c, d, op2, &x)) == 0)
				rc = dd_push_entry(c, e, 0, b, x, expr, elen, 1);
			break;
		case DW_LLE_startx_length:
			if ((rc = addr_of_index(c, d, op1, &b)) == 0)
				rc = dd_push_entry(c, e, 0, b, b + op2, expr, elen, 1);
			break;
		case DW_LLE_offset_pair:
			rc = dd_push_entry(c, e, 0, base + op1, base + op2, expr, elen, 1);
			break;
		case DW_LLE_default_location:
			rc = dd_push_entry(c, e, 1, 0, 0, expr, elen, 1);
			break;
		case DW_LLE_start_end:
			rc = dd_push_entry(c, e, 0, op1, op2, expr, elen, 1);
			break;
		case DW_LLE_start_length:
			rc = dd_push_entry(c, e, 0, op1, op1 + op2, expr, elen, 1);
			break;
		default:
			return hd_fail(c->st, HD_BAD_INPUT, "bad-loclist", 0,
			               ".debug_loclists: unknown entry kind 0x%x", kind);
		}
		if (rc != 0)
			return -1;
	}
	return hd_fail(c->st, HD_BAD_INPUT, "bad-loclist", 0,
	               ".debug_loclists: a list without DW_LLE_end_of_list");
}

int dd_put_loclist(dd_ctx *c, const dd_die *d, const dd_attr *a, int indent, hd_buf *out)
{
	dd_entries e = { NULL, 0, 0 };
	int rc;

	hd_buf_printf(out, "loclist");
	rc = dd_read_list(c, d, a, 1, &e);
	if (rc == 0)
		rc = print_entries(c, d, &e, indent, out);
	dd_free_entries(&e);
	return rc;
}

static int read_rnglists(dd_ctx *c, const dd_die *d, const dd_attr *a, dd_entries *e)
{
	Dwarf_Unsigned value, count = 0, global;
	Dwarf_Rnglists_Head head = NULL;
	int rc = 0;

	(void)d;
	if (dd_form_uvalue(c, a, &value, "a range list attribute") != 0)
		return -1;
	if (dwarf_rnglists_get_rle_head(dd_handle(a), a->form, value, &head, &count, &global,
	                                &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_rnglists");
	for (Dwarf_Unsigned i = 0; i < count && rc == 0; i++) {
		unsigned len, kind;
		Dwarf_Unsigned raw1, raw2, lo, hi;
		Dwarf_Bool unavailable = 0;
		if (dwarf_get_rnglists_entry_fields_a(head, i, &len, &kind, &raw1, &raw2,
		                                      &unavailable, &lo, &hi,
		                                      &c->err) != DW_DLV_OK) {
			rc = dd_lib_fail(c, ".debug_rnglists entry");
			break;
		}
		if (kind == DW_RLE_end_of_list || kind == DW_RLE_base_address ||
		    kind == DW_RLE_base_addressx)
			continue;
		if (unavailable)
			rc = hd_fail(c->st, HD_BAD_INPUT, "bad-rnglist", 0,
			             ".debug_rnglists: an address index outside .debug_addr");
		else
			rc = dd_push_entry(c, e, 0, lo, hi, NULL, 0, 0);
	}
	dwarf_dealloc_rnglists_head(head);
	return rc;
}

/* DWARF 2-4 .debug_ranges: offsets from the unit's base address, which a
 * selection entry may change. */
static int read_ranges(dd_ctx *c, const dd_die *d, const dd_attr *a, dd_entries *e)
{
	Dwarf_Unsigned value, bytes;
	Dwarf_Off real;
	Dwarf_Ranges *r = NULL;
	Dwarf_Signed n = 0;
	uint64_t base = d->unit->low_pc;
	int rc = 0;

	if (dd_form_uvalue(c, a, &value, "a range list attribute") != 0)
		return -1;
	if (dwarf_get_ranges_b(c->dbg, value, d->unit->cu_die, &real, &r, &n, &bytes,
	                       &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_ranges");
	for (Dwarf_Signed i = 0; i < n && rc == 0; i++) {
		if (r[i].dwr_type == DW_RANGES_ADDRESS_SELECTION)
			base = r[i].dwr_addr2;
		else if (r[i].dwr_type == DW_RANGES_ENTRY)
			rc = dd_push_entry(c, e, 0, base + r[i].dwr_addr1, base + r[i].dwr_addr2,
			                NULL, 0, 0);
	}
	dwarf_ranges_dealloc(c->dbg, r, n);
	return rc;
}

int dd_put_ranges(dd_ctx *c, const dd_die *d, const dd_attr *a, int indent, hd_buf *out)
{
	dd_entries e = { NULL, 0, 0 };
	int rc;

	hd_buf_printf(out, "ranges");
	rc = dd_read_list(c, d, a, 0, &e);
	if (rc == 0)
		rc = print_entries(c, d, &e, indent, out);
	dd_free_entries(&e);
	return rc;
}

int dd_read_list(dd_ctx *c, const dd_die *d, const dd_attr *a, int loc, dd_entries *e)
{
	if (loc)
		return d->unit->version >= 5 ? read_loclists(c, d, a, e) : dd_read_loc(c, d, a, e);
	return d->unit->version >= 5 ? read_rnglists(c, d, a, e) : read_ranges(c, d, a, e);
}
