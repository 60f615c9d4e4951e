/* .debug_loclists and .debug_rnglists (DWARF 5 7.29 and 7.28): one table
 * each, with an offset array so DW_FORM_loclistx / rnglistx index it. Every
 * list is its base address through .debug_addr, then offset pairs from that
 * base, then the end marker: the shortest form for the code slots of one
 * kernel, and the lists need no relocation. */
#include "write_impl.h"

#include <inttypes.h>
#include <libdwarf/dwarf.h>

/* The DW_LLE_* and DW_RLE_* codes this writer uses share their numbers,
 * which is why one function writes both tables. */
typedef struct list_kind {
	hd_dw_section sec;
	const char *what;
	uint8_t base_addressx, offset_pair, end_of_list;
	int locations;   /* entries carry an expression */
} list_kind;

static const list_kind loclists = {
	HD_SEC_LOCLISTS, "location list", DW_LLE_base_addressx, DW_LLE_offset_pair,
	DW_LLE_end_of_list, 1
};
static const list_kind rnglists = {
	HD_SEC_RNGLISTS, "range list", DW_RLE_base_addressx, DW_RLE_offset_pair,
	DW_RLE_end_of_list, 0
};

static int put_list(hd_dw_writer *w, hd_buf *b, const list_kind *k, const hd_dw_list *l,
                    uint32_t index)
{
	int64_t base = hd_addrtab_find(&w->addr, l->base);

	if (base < 0)
		return hd_fail(w->st, HD_INTERNAL, "list-base", index,
		               "%s %u: base address not collected", k->what, index);
	hd_buf_byte(b, k->base_addressx);
	hd_buf_uleb(b, (uint64_t)base);
	for (uint32_t i = 0; i < l->n; i++) {
		const hd_dw_range *e = &l->entries[i];

		if (e->begin < l->base || e->end < e->begin)
			return hd_fail(w->st, HD_INTERNAL, "list-entry", index,
			               "%s %u entry %u: [0x%" PRIx64 ", 0x%" PRIx64 ") before"
			               " its base 0x%" PRIx64 " or reversed", k->what, index, i,
			               e->begin, e->end, l->base);
		if (k->locations && e->expr == NULL && e->len != 0)
			return hd_fail(w->st, HD_INTERNAL, "list-entry", index,
			               "%s %u entry %u has no expression", k->what, index, i);
		hd_buf_byte(b, k->offset_pair);
		hd_buf_uleb(b, e->begin - l->base);
		hd_buf_uleb(b, e->end - l->base);
		if (k->locations) {
			hd_buf_uleb(b, e->len);
			hd_buf_put(b, e->expr, e->len);
		}
	}
	hd_buf_byte(b, k->end_of_list);
	return 0;
}

/* The header (unit_length, version, address_size, segment_selector_size,
 * offset_entry_count), the offset array, then the lists; the offsets count
 * from the array's first byte, which is also what the base attribute says. */
static int put_table(hd_dw_writer *w, const list_kind *k, const hd_dw_list *lists,
                     uint32_t n, uint64_t *base_out)
{
	hd_buf *b = &w->out->sec[k->sec];
	int dwarf64 = w->u->dwarf64;
	size_t at, base;

	at = hd_dw_len_begin(b, dwarf64);
	hd_buf_uint(b, 5, 2);
	hd_buf_byte(b, w->u->addr_size);
	hd_buf_byte(b, 0);
	hd_buf_uint(b, n, 4);
	base = b->len;
	for (uint32_t i = 0; i < n; i++)
		hd_buf_uint(b, 0, w->off_size);  /* patched as each list is placed */
	for (uint32_t i = 0; i < n; i++) {
		hd_dw_patch(b, base + (size_t)i * w->off_size, b->len - base, w->off_size);
		if (put_list(w, b, k, &lists[i], i) != 0)
			return -1;
	}
	*base_out = base;
	return hd_dw_len_end(b, at, dwarf64, w->st);
}

int hd_dw_write_lists(hd_dw_writer *w)
{
	const hd_dw_unit *u = w->u;

	if (u->nloclists != 0) {
		if (put_table(w, &loclists, u->loclists, u->nloclists, &w->loclists_base) != 0)
			return -1;
		w->has_loclists = 1;
	}
	if (u->nrnglists != 0) {
		if (put_table(w, &rnglists, u->rnglists, u->nrnglists, &w->rnglists_base) != 0)
			return -1;
		w->has_rnglists = 1;
	}
	return 0;
}
