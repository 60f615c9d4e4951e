/* The DWARF and ELF writers (die.h, elf_write.h) checked by a second
 * implementation: the unit of dwarf_write_test.h is written DWARF32 and
 * DWARF64 under both encoding profiles into a code object, and libdwarf
 * reads it back: tags, offsets, forms and values of every DIE, line rows,
 * list entries, macros, frame entries; the name index is parsed here, as
 * Debian's libdwarf cannot read one. LLVM's reading is test_dwarf_write_tools.c. */
#include "dwarf_write_test.h"

#include <libdwarf/libdwarf.h>
#include <unistd.h>

/* ---- reading it back with libdwarf ---- */

static Dwarf_Error derr;

static const char *dmsg(void)
{
	return derr != NULL ? dwarf_errmsg(derr) : "(no libdwarf error)";
}

/* Forms seen while walking the tree, so the form choices can be asserted. */
static unsigned forms_seen[0x30];

/* The first mismatch found while comparing trees, reported once. */
static char mismatch[256];

static void note(const char *what, const hd_die *d, uint16_t at)
{
	if (mismatch[0] == '\0')
		snprintf(mismatch, sizeof mismatch, "DIE 0x%llx tag 0x%x attr 0x%x: %s",
		         (unsigned long long)d->offset, d->tag, at, what);
}

static int expected_form_ok(const hd_dw_unit *u, const hd_attr *a, Dwarf_Half form)
{
	switch ((hd_dv_kind)a->kind) {
	case HD_DV_UDATA:
		return form == (a->u <= 0xff ? DW_FORM_data1 : a->u <= 0xffff ? DW_FORM_data2 :
		                a->u <= 0xffffffffu ? DW_FORM_data4 : DW_FORM_data8);
	case HD_DV_SDATA: return form == DW_FORM_sdata;
	case HD_DV_FLAG: return form == DW_FORM_flag_present;
	case HD_DV_STRING:
		return form == DW_FORM_strx1 || form == DW_FORM_strx2 || form == DW_FORM_strx4;
	case HD_DV_REF: return form == (u->dwarf64 ? DW_FORM_ref8 : DW_FORM_ref4);
	case HD_DV_ADDR: return form == DW_FORM_addrx;
	case HD_DV_EXPR: return form == DW_FORM_exprloc;
	case HD_DV_LOCLIST: return form == DW_FORM_loclistx;
	case HD_DV_RNGLIST: return form == DW_FORM_rnglistx;
	case HD_DV_LINES: case HD_DV_MACROS: return form == DW_FORM_sec_offset;
	case HD_DV_BLOCK: return form == DW_FORM_block;
	}
	return 0;
}

/* The value libdwarf reads for a matches what the unit says. */
static int value_ok(Dwarf_Attribute at, const hd_attr *a)
{
	Dwarf_Unsigned uv, len;
	Dwarf_Signed sv;
	Dwarf_Bool flag;
	Dwarf_Addr addr;
	Dwarf_Off off;
	Dwarf_Ptr ptr;
	Dwarf_Block *blk;
	char *s;

	switch ((hd_dv_kind)a->kind) {
	case HD_DV_UDATA:
		return dwarf_formudata(at, &uv, &derr) == DW_DLV_OK && uv == a->u;
	case HD_DV_SDATA:
		return dwarf_formsdata(at, &sv, &derr) == DW_DLV_OK && (uint64_t)sv == a->u;
	case HD_DV_FLAG:
		return dwarf_formflag(at, &flag, &derr) == DW_DLV_OK && flag;
	case HD_DV_STRING:
		return dwarf_formstring(at, &s, &derr) == DW_DLV_OK && strcmp(s, a->s) == 0;
	case HD_DV_REF:
		return dwarf_global_formref(at, &off, &derr) == DW_DLV_OK && off == a->ref->offset;
	case HD_DV_ADDR:
		return dwarf_formaddr(at, &addr, &derr) == DW_DLV_OK && addr == a->u;
	case HD_DV_EXPR:
		return dwarf_formexprloc(at, &len, &ptr, &derr) == DW_DLV_OK && len == a->len &&
		       memcmp(ptr, a->bytes, len) == 0;
	case HD_DV_BLOCK:
		return dwarf_formblock(at, &blk, &derr) == DW_DLV_OK && blk->bl_len == a->len &&
		       memcmp(blk->bl_data, a->bytes, a->len) == 0;
	case HD_DV_LOCLIST: case HD_DV_RNGLIST:
		/* the index; the entries are checked on their own */
		return dwarf_formudata(at, &uv, &derr) == DW_DLV_OK && uv == a->u;
	case HD_DV_LINES: case HD_DV_MACROS:
		return dwarf_global_formref(at, &off, &derr) == DW_DLV_OK && off == 0;
	}
	return 0;
}

static void compare_attrs(Dwarf_Debug dbg, Dwarf_Die ld, const hd_dw_unit *u,
                          const hd_die *d)
{
	Dwarf_Attribute *list;
	Dwarf_Signed n;
	uint32_t want = d->nattrs + (d == u->root ? 4 : 0);

	switch (dwarf_attrlist(ld, &list, &n, &derr)) {
	case DW_DLV_OK:
		break;
	case DW_DLV_NO_ENTRY:
		n = 0;
		list = NULL;
		break;
	default:
		note("attribute list", d, 0);
		return;
	}
	if ((uint64_t)n != want)
		note("attribute count", d, 0);
	for (Dwarf_Signed i = 0; i < n; i++)
		dwarf_dealloc(dbg, list[i], DW_DLA_ATTR);
	if (list != NULL)
		dwarf_dealloc(dbg, list, DW_DLA_LIST);
	for (uint32_t i = 0; i < d->nattrs; i++) {
		const hd_attr *a = &d->attrs[i];
		Dwarf_Attribute at;
		Dwarf_Half form;

		if (dwarf_attr(ld, a->name, &at, &derr) != DW_DLV_OK) {
			note("missing", d, a->name);
			continue;
		}
		if (dwarf_whatform(at, &form, &derr) != DW_DLV_OK || !expected_form_ok(u, a, form))
			note("form", d, a->name);
		else if (!value_ok(at, a))
			note("value", d, a->name);
		if (form < sizeof forms_seen / sizeof forms_seen[0])
			forms_seen[form]++;
		dwarf_dealloc(dbg, at, DW_DLA_ATTR);
	}
}

/* Walks libdwarf's tree and the unit's together: same tags, same offsets,
 * same attributes. Returns how many DIEs matched up. */
static unsigned compare_tree(Dwarf_Debug dbg, Dwarf_Die ld, const hd_dw_unit *u,
                             const hd_die *d)
{
	unsigned count = 0;

	while (ld != NULL && d != NULL) {
		Dwarf_Half tag;
		Dwarf_Off off;
		Dwarf_Die child = NULL, sib = NULL;

		count++;
		if (dwarf_tag(ld, &tag, &derr) != DW_DLV_OK || tag != d->tag)
			note("tag", d, 0);
		if (dwarf_dieoffset(ld, &off, &derr) != DW_DLV_OK || off != d->offset)
			note("offset", d, 0);
		compare_attrs(dbg, ld, u, d);
		if (dwarf_child(ld, &child, &derr) == DW_DLV_OK)
			count += compare_tree(dbg, child, u, d->first_child);
		else if (d->first_child != NULL)
			note("children missing", d, 0);
		if (dwarf_siblingof_b(dbg, ld, 1, &sib, &derr) != DW_DLV_OK)
			sib = NULL;
		if (d != u->root)
			dwarf_dealloc_die(ld);
		ld = sib;
		d = d->next;
		if ((ld == NULL) != (d == NULL))
			note("sibling count", d ? d : u->root, 0);
	}
	if (ld != NULL)
		dwarf_dealloc_die(ld);
	return count;
}

/* libdwarf's line rows against rows[]; end_sequence rows only by address. */
static void check_lines(Dwarf_Die cu, const char *tag)
{
	Dwarf_Unsigned version;
	Dwarf_Small count;
	Dwarf_Line_Context ctx;
	Dwarf_Line *lines;
	Dwarf_Signed n;
	char name[192];
	int ok = 1;
	size_t nrows = sizeof rows / sizeof rows[0];

	snprintf(name, sizeof name, "%s: dwarf_srclines_b reads the line program", tag);
	if (!OK(dwarf_srclines_b(cu, &version, &count, &ctx, &derr) == DW_DLV_OK, name)) {
		printf("  # %s\n", dmsg());
		return;
	}
	snprintf(name, sizeof name, "%s: line table version 5", tag);
	EQ_U64(version, 5, name);
	if (dwarf_srclines_from_linecontext(ctx, &lines, &n, &derr) != DW_DLV_OK)
		n = 0;
	snprintf(name, sizeof name, "%s: %zu rows", tag, nrows);
	EQ_U64(n, nrows, name);
	for (Dwarf_Signed i = 0; i < n && (size_t)i < nrows && ok; i++) {
		Dwarf_Addr addr = 0;
		Dwarf_Unsigned line = 0, file = 0, col = 0, isa = 0, disc = 0;
		Dwarf_Bool end = 0, stmt = 0, pe = 0, eb = 0;

		dwarf_lineaddr(lines[i], &addr, &derr);
		dwarf_lineno(lines[i], &line, &derr);
		dwarf_line_srcfileno(lines[i], &file, &derr);
		dwarf_lineoff_b(lines[i], &col, &derr);
		dwarf_lineendsequence(lines[i], &end, &derr);
		dwarf_linebeginstatement(lines[i], &stmt, &derr);
		dwarf_prologue_end_etc(lines[i], &pe, &eb, &isa, &disc, &derr);
		ok = addr == rows[i].address && !end == !rows[i].end_sequence;
		if (ok && !end)
			ok = line == rows[i].line && file == rows[i].file &&
			     col == rows[i].column &&
			     !stmt == !rows[i].is_stmt && disc == rows[i].discriminator;
		if (!ok)
			printf("  # row %d: 0x%llx line %llu file %llu col %llu end %d stmt %d"
			       " discriminator %llu\n", (int)i, (unsigned long long)addr,
			       (unsigned long long)line, (unsigned long long)file,
			       (unsigned long long)col, end, stmt, (unsigned long long)disc);
	}
	snprintf(name, sizeof name, "%s: every row's address, file, line, column, is_stmt,"
	         " discriminator", tag);
	OK(ok && n > 0, name);
	{
		const char *fname = NULL;
		Dwarf_Unsigned dir = 0, mtime, size;
		Dwarf_Form_Data16 *md5 = NULL;

		snprintf(name, sizeof name, "%s: file 0 is kern.cl in directory 0 with its MD5",
		         tag);
		OK(dwarf_srclines_files_data_b(ctx, 0, &fname, &dir, &mtime, &size, &md5, &derr) ==
		   DW_DLV_OK && fname != NULL && strcmp(fname, "kern.cl") == 0 && dir == 0 &&
		   md5 != NULL && memcmp(md5->fd_data, md5_kern, 16) == 0, name);
		snprintf(name, sizeof name, "%s: file 1 is hdr.h in directory 1", tag);
		OK(dwarf_srclines_files_data_b(ctx, 1, &fname, &dir, &mtime, &size, &md5, &derr) ==
		   DW_DLV_OK && fname != NULL && strcmp(fname, "hdr.h") == 0 && dir == 1, name);
	}
	dwarf_srclines_dealloc_b(ctx);
}

/* The parameter's location list: the offset pairs, cooked to addresses, and
 * their expressions' first operation. */
static void check_loclist(Dwarf_Debug dbg, Dwarf_Die cu, const built *b, const char *tag)
{
	Dwarf_Die param;
	Dwarf_Attribute at;
	Dwarf_Loc_Head_c head;
	Dwarf_Unsigned count, seen = 0;
	char name[128];
	int ok = 1;

	snprintf(name, sizeof name, "%s: the parameter's DW_AT_location opens as a list", tag);
	if (!OK(dwarf_offdie_b(dbg, b->param->offset, 1, &param, &derr) == DW_DLV_OK &&
	        dwarf_attr(param, DW_AT_location, &at, &derr) == DW_DLV_OK &&
	        dwarf_get_loclist_c(at, &head, &count, &derr) == DW_DLV_OK, name)) {
		printf("  # %s\n", dmsg());
		return;
	}
	(void)cu;
	for (Dwarf_Unsigned i = 0; i < count; i++) {
		Dwarf_Small lle, src;
		Dwarf_Unsigned rawlo, rawhi, nops, expr_off, desc_off;
		Dwarf_Bool unavail;
		Dwarf_Addr lo, hi;
		Dwarf_Locdesc_c desc;
		Dwarf_Small atom;
		Dwarf_Unsigned o1, o2, o3, r1, r2, r3, br;

		if (dwarf_get_locdesc_entry_d(head, i, &lle, &rawlo, &rawhi, &unavail, &lo, &hi,
		                              &nops, &desc, &src, &expr_off, &desc_off,
		                              &derr) != DW_DLV_OK) {
			ok = 0;
			break;
		}
		if (lle != DW_LLE_offset_pair)
			continue;
		if (seen >= 2 || lo != loc_entries[seen].begin || hi != loc_entries[seen].end ||
		    dwarf_get_location_op_value_d(desc, 0, &atom, &o1, &o2, &o3, &r1, &r2, &r3, &br,
		                                  &derr) != DW_DLV_OK ||
		    atom != loc_entries[seen].expr[0]) {
			printf("  # entry %llu: lle %u [0x%llx, 0x%llx)\n", (unsigned long long)i,
			       lle,
			       (unsigned long long)lo, (unsigned long long)hi);
			ok = 0;
		}
		seen++;
	}
	snprintf(name, sizeof name, "%s: two offset pairs with their addresses and expressions",
	         tag);
	OK(ok && seen == 2, name);
	dwarf_loc_head_c_dealloc(head);
	dwarf_dealloc(dbg, at, DW_DLA_ATTR);
	dwarf_dealloc_die(param);
}

static void check_rnglist(Dwarf_Debug dbg, Dwarf_Die cu, const char *tag)
{
	Dwarf_Attribute at;
	Dwarf_Half form;
	Dwarf_Unsigned index, count, global, seen = 0;
	Dwarf_Rnglists_Head head;
	char name[128];
	int ok = 1;

	snprintf(name, sizeof name, "%s: the unit's DW_AT_ranges opens as a range list", tag);
	if (!OK(dwarf_attr(cu, DW_AT_ranges, &at, &derr) == DW_DLV_OK &&
	        dwarf_whatform(at, &form, &derr) == DW_DLV_OK &&
	        dwarf_formudata(at, &index, &derr) == DW_DLV_OK &&
	        dwarf_rnglists_get_rle_head(at, form, index, &head, &count, &global, &derr) ==
	        DW_DLV_OK, name)) {
		printf("  # %s\n", dmsg());
		return;
	}
	for (Dwarf_Unsigned i = 0; i < count; i++) {
		unsigned len, code;
		Dwarf_Unsigned raw1, raw2, c1, c2;
		Dwarf_Bool unavail;

		if (dwarf_get_rnglists_entry_fields_a(head, i, &len, &code, &raw1, &raw2, &unavail,
		                                      &c1, &c2, &derr) != DW_DLV_OK) {
			ok = 0;
			break;
		}
		if (code != DW_RLE_offset_pair)
			continue;
		if (seen >= 2 || c1 != rng_entries[seen].begin || c2 != rng_entries[seen].end) {
			printf("  # entry %llu: [0x%llx, 0x%llx)\n", (unsigned long long)i,
			       (unsigned long long)c1, (unsigned long long)c2);
			ok = 0;
		}
		seen++;
	}
	snprintf(name, sizeof name, "%s: the ranges [0x1000,0x1200) and [0x1300,0x1340)", tag);
	OK(ok && seen == 2, name);
	dwarf_dealloc_rnglists_head(head);
	dwarf_dealloc(dbg, at, DW_DLA_ATTR);
}

static void check_macros(Dwarf_Die cu, const char *tag)
{
	Dwarf_Unsigned version, unit_off, nops, len, seen = 0;
	Dwarf_Macro_Context ctx;
	char name[128];
	int ok = 1;
	size_t nm = sizeof macros / sizeof macros[0];

	snprintf(name, sizeof name, "%s: dwarf_get_macro_context reads .debug_macro", tag);
	if (!OK(dwarf_get_macro_context(cu, &version, &ctx, &unit_off, &nops, &len, &derr) ==
	        DW_DLV_OK, name)) {
		printf("  # %s\n", dmsg());
		return;
	}
	for (Dwarf_Unsigned i = 0; i < nops && ok; i++) {
		Dwarf_Unsigned start, line = 0, index = 0, off;
		Dwarf_Half op, nforms;
		const Dwarf_Small *forms;
		const char *text = NULL;
		const hd_dw_macro *m;

		if (dwarf_get_macro_op(ctx, i, &start, &op, &nforms, &forms, &derr) != DW_DLV_OK) {
			ok = 0;
			break;
		}
		if (op == 0)
			continue;
		m = seen < nm ? &macros[seen] : NULL;
		seen++;
		if (m == NULL) {
			ok = 0;
		} else if (op == DW_MACRO_define_strp || op == DW_MACRO_undef_strp) {
			/* strp, not strx: libdwarf 20210528 resolves macro strx
			 * indices to the wrong strings (write_macro.c) */
			ok = op == (m->op == DW_MACRO_define ? DW_MACRO_define_strp
			                                     : DW_MACRO_undef_strp) &&
			     dwarf_get_macro_defundef(ctx, i, &line, &index, &off, &nforms, &text,
			                              &derr) == DW_DLV_OK &&
			     line == m->line && text != NULL && strcmp(text, m->text) == 0;
		} else if (op == DW_MACRO_start_file) {
			ok = m->op == op &&
			     dwarf_get_macro_startend_file(ctx, i, &line, &index, &text, &derr) ==
			     DW_DLV_OK &&
			     line == m->line && index == m->file;
		} else {
			ok = m->op == op;
		}
		if (!ok)
			printf("  # macro op %llu: 0x%x line %llu index %llu text %s (%s)\n",
			       (unsigned long long)i, op, (unsigned long long)line,
			       (unsigned long long)index, text ? text : "(null)", dmsg());
	}
	snprintf(name, sizeof name, "%s: the macro ops, lines, files and texts", tag);
	OK(ok && seen == nm, name);
	dwarf_dealloc_macro_context(ctx);
}

static void check_frame(Dwarf_Debug dbg, const char *tag)
{
	Dwarf_Cie *cies;
	Dwarf_Fde *fdes;
	Dwarf_Signed ncies, nfdes, cie_index;
	Dwarf_Addr lo;
	Dwarf_Unsigned flen, blen;
	Dwarf_Ptr bytes;
	Dwarf_Off cie_off, fde_off;
	char name[128];

	snprintf(name, sizeof name, "%s: one CIE and one FDE for [0x1000, 0x1200)", tag);
	if (!OK(dwarf_get_fde_list(dbg, &cies, &ncies, &fdes, &nfdes, &derr) == DW_DLV_OK &&
	        ncies == 1 && nfdes == 1 &&
	        dwarf_get_fde_range(fdes[0], &lo, &flen, &bytes, &blen, &cie_off, &cie_index,
	                            &fde_off, &derr) == DW_DLV_OK &&
	        lo == 0x1000 && flen == 0x200, name)) {
		printf("  # %s\n", dmsg());
		return;
	}
	dwarf_fde_cie_list_dealloc(dbg, cies, ncies, fdes, nfdes);
}

/* ---- the name index, read here: Debian's libdwarf (20210528) cannot read
 * any .debug_names, LLVM's own included ---- */

typedef struct rd {
	const uint8_t *p;
	size_t len, pos;
	int bad;
} rd;

static uint64_t rd_uint(rd *r, unsigned n)
{
	uint64_t v = 0;

	if (r->pos + n > r->len) {
		r->bad = 1;
		return 0;
	}
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)r->p[r->pos + i] << (8 * i);
	r->pos += n;
	return v;
}

static uint64_t rd_uleb(rd *r)
{
	uint64_t v = 0;

	for (unsigned shift = 0; shift < 64; shift += 7) {
		uint8_t b = (uint8_t)rd_uint(r, 1);

		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80) || r->bad)
			return v;
	}
	r->bad = 1;
	return v;
}

/* DWARF 5 7.33 over the case-folded (here: ASCII) name. */
static uint32_t djb(const char *s)
{
	uint32_t h = 5381;

	for (; *s; s++)
		h = h * 33 + (uint32_t)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
	return h;
}

typedef struct name_entry {
	const char *s;
	uint64_t die;
	uint64_t tag;
} name_entry;

/* Every (name, DIE, tag) of the index; -1 when it does not parse or its
 * hashes and buckets disagree. */
static int read_names(const hd_buf *sec, const hd_buf *str, int dwarf64, name_entry *out,
                      size_t max, size_t *n)
{
	rd r = { sec->data, sec->len, 0, 0 };
	unsigned off = dwarf64 ? 8 : 4;
	uint64_t nb, nn, absz, augsz, buckets, hashes, strs, ents, abbrevs, pool;
	uint64_t codes[16], tags[16], forms[16];
	unsigned ncodes = 0;

	*n = 0;
	if (rd_uint(&r, 4) == 0xffffffffu)
		rd_uint(&r, 8);
	if (rd_uint(&r, 2) != 5)
		return -1;
	rd_uint(&r, 2);
	if (rd_uint(&r, 4) != 1 || rd_uint(&r, 4) != 0 || rd_uint(&r, 4) != 0)
		return -1;
	nb = rd_uint(&r, 4);
	nn = rd_uint(&r, 4);
	absz = rd_uint(&r, 4);
	augsz = rd_uint(&r, 4);
	if (r.bad || augsz < 14 || memcmp(r.p + r.pos, "[amdgpu:v0.0]", 14) != 0)
		return -1;
	r.pos += augsz + off;  /* augmentation, CU offset */
	buckets = r.pos;
	hashes = buckets + 4 * nb;
	strs = hashes + 4 * nn;
	ents = strs + off * nn;
	abbrevs = ents + off * nn;
	pool = abbrevs + absz;
	if (pool > sec->len)
		return -1;
	r.pos = abbrevs;
	while (!r.bad && ncodes < 16 && (codes[ncodes] = rd_uleb(&r)) != 0) {
		tags[ncodes] = rd_uleb(&r);
		if (rd_uleb(&r) != DW_IDX_die_offset)
			return -1;
		forms[ncodes] = rd_uleb(&r);
		if (rd_uleb(&r) != 0 || rd_uleb(&r) != 0)
			return -1;
		ncodes++;
	}
	for (uint64_t i = 0; i < nn && !r.bad; i++) {
		uint32_t hash, bucket;
		uint64_t first;
		const char *s;

		r.pos = hashes + 4 * i;
		hash = (uint32_t)rd_uint(&r, 4);
		r.pos = strs + off * i;
		s = (const char *)str->data + rd_uint(&r, off);
		if (hash != djb(s))
			return -1;
		/* the name's bucket starts at or before it, and no later bucket does */
		bucket = hash % (uint32_t)nb;
		r.pos = buckets + 4 * bucket;
		first = rd_uint(&r, 4);
		if (first == 0 || first > i + 1)
			return -1;
		r.pos = ents + off * i;
		r.pos = pool + rd_uint(&r, off);
		for (uint64_t code; !r.bad && (code = rd_uleb(&r)) != 0;) {
			unsigned k = 0;

			while (k < ncodes && codes[k] != code)
				k++;
			if (k == ncodes || *n == max)
				return -1;
			out[*n].s = s;
			out[*n].tag = tags[k];
			out[*n].die = rd_uint(&r, forms[k] == DW_FORM_ref8 ? 8 : 4);
			(*n)++;
		}
	}
	return r.bad ? -1 : (int)nn;
}

static void check_names(Dwarf_Debug dbg, const hd_dw_unit *u, const hd_dw_sections *secs,
                        const built *b, const char *tag)
{
	static name_entry e[NLABELS + 16];
	Dwarf_Addr addr;
	Dwarf_Unsigned size;
	size_t n = 0;
	int names, lds = 0, gvar = 0, nowhere = 0, anon = 0, linkage = 0;
	char name[128];

	snprintf(name, sizeof name, "%s: libdwarf finds .debug_names", tag);
	OK(dwarf_get_section_info_by_name(dbg, ".debug_names", &addr, &size, &derr) ==
	   DW_DLV_OK && size == secs->sec[HD_SEC_NAMES].len, name);
	names = read_names(&secs->sec[HD_SEC_NAMES], &secs->sec[HD_SEC_STR], u->dwarf64, e,
	                   sizeof e / sizeof e[0], &n);
	/* int, S, kern, _Z4kernPi, the labels, helper, lds_var, gvar,
	 * (anonymous namespace); not the pointer (no name), nowhere, big */
	snprintf(name, sizeof name, "%s: .debug_names parses: %d names, hashes in their buckets",
	         tag, NLABELS + 8);
	if (!EQ_U64(names, NLABELS + 8, name))
		return;
	for (size_t i = 0; i < n; i++) {
		lds |= strcmp(e[i].s, "lds_var") == 0 && e[i].tag == DW_TAG_variable &&
		       e[i].die == b->lds_var->offset;
		gvar |= strcmp(e[i].s, "gvar") == 0 && e[i].die == b->gvar->offset;
		nowhere |= strcmp(e[i].s, "nowhere") == 0 || strcmp(e[i].s, "big") == 0;
		anon |= strcmp(e[i].s, "(anonymous namespace)") == 0 &&
		        e[i].tag == DW_TAG_namespace;
		linkage |= strcmp(e[i].s, "_Z4kernPi") == 0 && e[i].die == b->kern->offset;
	}
	snprintf(name, sizeof name, "%s: lds_var is listed (LLVM_form_aspace_address)", tag);
	OK(lds, name);
	snprintf(name, sizeof name, "%s: gvar is listed (DW_OP_addr)", tag);
	OK(gvar, name);
	snprintf(name, sizeof name, "%s: variables without an address are not listed", tag);
	OK(!nowhere, name);
	snprintf(name, sizeof name, "%s: the unnamed namespace and kern's linkage name are listed",
	         tag);
	OK(anon && linkage, name);
}

/* ---- one configuration ---- */

static void check_object(const char *path, const hd_dw_unit *u, const built *b,
                         const hd_dw_sections *secs, const char *tag)
{
	Dwarf_Debug dbg;
	Dwarf_Die cu;
	Dwarf_Unsigned hlen, typeoff, next;
	Dwarf_Half version, asize, lsize, esize, ut;
	Dwarf_Off aoff;
	Dwarf_Sig8 sig;
	char name[256];
	unsigned ndies;

	snprintf(name, sizeof name, "%s: libdwarf opens the code object", tag);
	if (!OK(dwarf_init_path(path, NULL, 0, DW_DLC_READ, DW_GROUPNUMBER_ANY, NULL, NULL,
	                        &dbg, NULL, 0, NULL, &derr) == DW_DLV_OK, name)) {
		printf("  # %s\n", dmsg());
		return;
	}
	snprintf(name, sizeof name, "%s: a DWARF 5 compile unit header", tag);
	if (!OK(dwarf_next_cu_header_d(dbg, 1, &hlen, &version, &aoff, &asize, &lsize, &esize,
	                               &sig, &typeoff, &next, &ut, &derr) == DW_DLV_OK &&
	        version == 5 && asize == 8 && ut == DW_UT_compile &&
	        lsize == (u->dwarf64 ? 8 : 4) &&
	        dwarf_siblingof_b(dbg, NULL, 1, &cu, &derr) == DW_DLV_OK, name)) {
		printf("  # %s\n", dmsg());
		dwarf_finish(dbg, &derr);
		return;
	}
	memset(forms_seen, 0, sizeof forms_seen);
	mismatch[0] = '\0';
	ndies = compare_tree(dbg, cu, u, u->root);
	snprintf(name, sizeof name, "%s: every DIE's tag, offset, forms and values (%u DIEs)",
	         tag, ndies);
	if (!OK(mismatch[0] == '\0' && ndies == NLABELS + 13, name))
		printf("  # %s (%s)\n", mismatch, dmsg());
	snprintf(name, sizeof name, "%s: data1/2/4/8, strx1/2, addrx, ref, exprloc, block,"
	         " sdata, flag_present, loclistx, rnglistx and sec_offset all used", tag);
	OK(forms_seen[DW_FORM_data1] && forms_seen[DW_FORM_data2] && forms_seen[DW_FORM_data4] &&
	   forms_seen[DW_FORM_data8] && forms_seen[DW_FORM_strx1] && forms_seen[DW_FORM_strx2] &&
	   forms_seen[DW_FORM_addrx] &&
	   forms_seen[u->dwarf64 ? DW_FORM_ref8 : DW_FORM_ref4] && forms_seen[DW_FORM_exprloc] &&
	   forms_seen[DW_FORM_block] && forms_seen[DW_FORM_sdata] &&
	   forms_seen[DW_FORM_flag_present] && forms_seen[DW_FORM_loclistx] &&
	   forms_seen[DW_FORM_rnglistx] && forms_seen[DW_FORM_sec_offset], name);
	check_lines(cu, tag);
	check_loclist(dbg, cu, b, tag);
	check_rnglist(dbg, cu, tag);
	check_macros(cu, tag);
	check_frame(dbg, tag);
	check_names(dbg, u, secs, b, tag);
	dwarf_dealloc_die(cu);
	dwarf_finish(dbg, &derr);
}

/* Table sizes that show deduplication: 301 distinct addresses (0, the
 * labels' 300 of which the first is kern's and the lists' base, helper's)
 * and 317 distinct strings (the member's name is the parameter's). */
static void check_tables(const hd_dw_unit *u, const hd_dw_sections *secs, const char *tag)
{
	unsigned hdr = u->dwarf64 ? 16 : 8, off = u->dwarf64 ? 8 : 4;
	char name[128];

	snprintf(name, sizeof name, "%s: .debug_addr holds 301 addresses", tag);
	EQ_U64(secs->sec[HD_SEC_ADDR].len, hdr + 301 * 8, name);
	snprintf(name, sizeof name, "%s: .debug_str_offsets holds 317 strings", tag);
	EQ_U64(secs->sec[HD_SEC_STR_OFFSETS].len, hdr + 317 * off, name);
	snprintf(name, sizeof name, "%s: .debug_line_str holds the embedded source", tag);
	OK(contains(&secs->sec[HD_SEC_LINE_STR], source_kern, sizeof source_kern), name);
	snprintf(name, sizeof name, "%s: every file has an MD5: no DW_LNCT_LLVM_is_MD5", tag);
	OK(!contains(&secs->sec[HD_SEC_LINE], is_md5_format, sizeof is_md5_format), name);
}

static void run_config(const char *dir, int dwarf64, hd_profile p)
{
	hd_dw_unit u;
	hd_dw_sections secs, again;
	hd_status st;
	built b;
	char path[512], tag[64], name[160];
	int same = 1;

	config_tag(tag, sizeof tag, dwarf64, p);
	snprintf(path, sizeof path, "%s/%s-%d.o", dir, hd_profile_name(p), dwarf64 ? 64 : 32);
	hd_status_clear(&st);
	snprintf(name, sizeof name, "%s: the unit builds", tag);
	if (!OK(build(&u, dwarf64, p, &b, &st) == 0, name)) {
		hd_dw_unit_free(&u);
		return;
	}
	snprintf(name, sizeof name, "%s: hd_dw_write", tag);
	if (!OK(hd_dw_write(&u, &secs, &st) == 0, name)) {
		printf("  # %s: %s\n", st.code, st.msg);
		hd_dw_unit_free(&u);
		return;
	}
	if (hd_dw_write(&u, &again, &st) != 0)
		same = 0;
	for (int i = 0; same && i < HD_SEC_COUNT; i++)
		same = secs.sec[i].len == again.sec[i].len &&
		       (secs.sec[i].len == 0 ||
		        memcmp(secs.sec[i].data, again.sec[i].data, secs.sec[i].len) == 0);
	snprintf(name, sizeof name, "%s: writing twice gives the same bytes", tag);
	OK(same, name);
	hd_dw_sections_free(&again);
	check_tables(&u, &secs, tag);
	snprintf(name, sizeof name, "%s: hd_elf_write", tag);
	if (OK(write_object(&secs, path, &st) == 0, name)) {
		check_object(path, &u, &b, &secs, tag);
		if (getenv("HDCTS_KEEP") == NULL)
			unlink(path);
		else
			printf("# kept %s\n", path);
	}
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&u);
}

/* A DIE's attribute array grows in place while it is the arena's last
 * block and is copied once another allocation follows it: both ways every
 * value stays, and the arena hands out no byte twice. */
static void attribute_growth(void)
{
	hd_dw_unit u;
	hd_status st;
	hd_die *a = NULL, *b = NULL;
	int kept = 1;
	unsigned char *p, *q;

	if (!OK(hd_dw_unit_init(&u, 0, HD_PROFILE_AMDGPU_V0, &st) == 0 &&
	        (a = hd_die_new(&u, NULL, DW_TAG_compile_unit)) != NULL &&
	        (b = hd_die_new(&u, a, DW_TAG_variable)) != NULL, "attribute growth: a unit")) {
		printf("  # %s\n", st.msg);
		return;
	}
	for (uint16_t i = 0; i < 40; i++)  /* b's array is the last block: in place */
		kept &= hd_die_udata(&u, b, (uint16_t)(0x2000 + i), 1000u + i) == 0;
	for (uint16_t i = 0; i < 40; i++)  /* a's and b's by turns: copies */
		kept &= hd_die_udata(&u, a, (uint16_t)(0x2000 + i), 2000u + i) == 0 &&
		        hd_die_udata(&u, b, (uint16_t)(0x2100 + i), 3000u + i) == 0;
	for (uint16_t i = 0; i < 40; i++) {
		const hd_attr *x = hd_die_attr(b, (uint16_t)(0x2000 + i));
		const hd_attr *y = hd_die_attr(a, (uint16_t)(0x2000 + i));
		const hd_attr *z = hd_die_attr(b, (uint16_t)(0x2100 + i));
		kept &= x && x->u == 1000u + i && y && y->u == 2000u + i && z && z->u == 3000u + i;
	}
	OK(kept && a->nattrs == 40 && b->nattrs == 80,
	   "attribute growth: every value stays, grown in place or copied");
	p = hd_arena_alloc(&u.arena, 16);
	OK(p != NULL && hd_arena_extend(&u.arena, p, 16, 48) == 1 &&
	   (q = hd_arena_alloc(&u.arena, 16)) == p + 48 && hd_arena_extend(&u.arena, p, 48, 64) == 0,
	   "attribute growth: the arena extends only its last block, past which it then allocates");
	hd_dw_unit_free(&u);
}

int main(void)
{
	char dir[] = "/tmp/hdcts-dwarf-write-XXXXXX";

	tap_begin();
	attribute_growth();
	if (!OK(mkdtemp(dir) != NULL, "a temporary directory"))
		return tap_end();
	run_config(dir, 0, HD_PROFILE_AMDGPU_V0);
	run_config(dir, 1, HD_PROFILE_AMDGPU_V0);
	run_config(dir, 0, HD_PROFILE_LLVM_USER);
	run_config(dir, 1, HD_PROFILE_LLVM_USER);
	if (getenv("HDCTS_KEEP") == NULL)
		rmdir(dir);
	return tap_end();
}
