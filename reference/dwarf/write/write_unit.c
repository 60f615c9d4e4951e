/* hd_dw_write: the order the sections are laid out in. The string and
 * address tables come first, from every value that goes through them, so
 * their indices and offsets are final before any section refers to them;
 * .debug_info follows every section whose base or offset it records, and
 * .debug_names follows .debug_info, whose DIE offsets it lists. */
#include "write_impl.h"

#include <libdwarf/dwarf.h>
#include <string.h>

const char *const hd_dw_section_name[HD_SEC_COUNT] = {
	[HD_SEC_INFO] = ".debug_info",
	[HD_SEC_ABBREV] = ".debug_abbrev",
	[HD_SEC_STR] = ".debug_str",
	[HD_SEC_STR_OFFSETS] = ".debug_str_offsets",
	[HD_SEC_LINE] = ".debug_line",
	[HD_SEC_LINE_STR] = ".debug_line_str",
	[HD_SEC_LOCLISTS] = ".debug_loclists",
	[HD_SEC_RNGLISTS] = ".debug_rnglists",
	[HD_SEC_ADDR] = ".debug_addr",
	[HD_SEC_MACRO] = ".debug_macro",
	[HD_SEC_FRAME] = ".debug_frame",
	[HD_SEC_NAMES] = ".debug_names",
};

void hd_dw_sections_free(hd_dw_sections *s)
{
	for (int i = 0; i < HD_SEC_COUNT; i++)
		hd_buf_free(&s->sec[i]);
}

static int no_memory(hd_dw_writer *w)
{
	return hd_fail(w->st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for the string"
	               " and address tables");
}

/* The strings and addresses of d's attributes, in attribute order. */
static int collect_die(hd_dw_writer *w, const hd_die *d)
{
	for (uint32_t i = 0; i < d->nattrs; i++) {
		const hd_attr *a = &d->attrs[i];

		if (a->kind == HD_DV_STRING && a->s != NULL && hd_strtab_intern(&w->str, a->s) < 0)
			return no_memory(w);
		if (a->kind == HD_DV_ADDR && hd_addrtab_intern(&w->addr, a->u) < 0)
			return no_memory(w);
	}
	/* .debug_names gives it this name, by offset into .debug_str */
	if (d->tag == DW_TAG_namespace && hd_die_attr(d, DW_AT_name) == NULL &&
	    hd_strtab_intern(&w->str, HD_DW_ANON_NAMESPACE) < 0)
		return no_memory(w);
	return 0;
}

/* Every string and address of the unit: the DIEs in pre-order, then the
 * lists' base addresses, then the macros' texts. First use decides the index,
 * so the output depends only on the unit. */
static int collect(hd_dw_writer *w)
{
	const hd_dw_unit *u = w->u;
	unsigned nulls;

	for (const hd_die *d = u->root; d != NULL; d = hd_die_preorder_next(u->root, d, &nulls))
		if (collect_die(w, d) != 0)
			return -1;
	for (uint32_t i = 0; i < u->nloclists; i++)
		if (hd_addrtab_intern(&w->addr, u->loclists[i].base) < 0)
			return no_memory(w);
	for (uint32_t i = 0; i < u->nrnglists; i++)
		if (hd_addrtab_intern(&w->addr, u->rnglists[i].base) < 0)
			return no_memory(w);
	for (uint32_t i = 0; i < u->nmacros; i++) {
		const hd_dw_macro *m = &u->macros[i];

		if ((m->op == DW_MACRO_define || m->op == DW_MACRO_undef) && m->text != NULL &&
		    hd_strtab_intern(&w->str, m->text) < 0)
			return no_memory(w);
	}
	return 0;
}

static int write_frame(hd_dw_writer *w)
{
	const hd_dw_unit *u = w->u;

	if (u->ncies == 0 && u->nfdes == 0)
		return 0;
	return hd_cfi_write(&w->out->sec[HD_SEC_FRAME], u->cies, u->ncies, u->fdes, u->nfdes,
	                    w->st);
}

static int write_all(hd_dw_writer *w)
{
	if (w->u->addr_size != 4 && w->u->addr_size != 8)
		return hd_fail(w->st, HD_INTERNAL, "address-size", w->u->addr_size,
		               "address size %u", w->u->addr_size);
	if (collect(w) != 0 || hd_dw_write_str(w) != 0 || hd_dw_write_addr(w) != 0 ||
	    hd_dw_write_line(w) != 0 || hd_dw_write_lists(w) != 0 ||
	    hd_dw_write_macro(w) != 0 || hd_dw_write_info(w) != 0 ||
	    hd_dw_write_names(w) != 0 || write_frame(w) != 0)
		return -1;
	return hd_dw_check_out(w);
}

int hd_dw_write(hd_dw_unit *u, hd_dw_sections *out, hd_status *st)
{
	hd_dw_writer w;
	int rc;

	memset(out, 0, sizeof *out);
	memset(&w, 0, sizeof w);
	w.u = u;
	w.out = out;
	w.st = st;
	w.off_size = u->dwarf64 ? 8 : 4;
	rc = write_all(&w);
	hd_strtab_free(&w.str);
	hd_strtab_free(&w.line_str);
	hd_addrtab_free(&w.addr);
	if (rc != 0)
		hd_dw_sections_free(out);  /* no half-written sections */
	return rc;
}
