/* hd_dwarf_load (load.h): the dump's libdwarf reading (dump_tree.c,
 * dump_lists.c, dump_line.c) turned into the writer's in-memory units. Every
 * string, expression and list is copied into the unit's arena, so the units
 * outlive libdwarf's handle; a DIE of the dump tree maps to the DIE made
 * for it by its position in file order (dd_die.seq). */
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
#include "load.h"

typedef struct loader {
	dd_ctx *c;
	hd_dw_unit *u;
	hd_die **made;            /* by dd_die.seq */
	uint32_t cap_loc, cap_rng;
} loader;

static int oom(loader *L)
{
	return dd_oom(L->c);
}

/* The DIEs of d's subtree, depth first, so children keep their order. */
static int make_dies(loader *L, const dd_die *d, hd_die *parent, unsigned depth)
{
	hd_die *h;

	if (depth > DD_MAX_DEPTH)
		return hd_fail(L->c->st, HD_BAD_INPUT, "die-depth", 0,
		               ".debug_info: DIEs nested deeper than %u", DD_MAX_DEPTH);
	h = hd_die_new(L->u, parent, d->tag);
	if (h == NULL)
		return oom(L);
	L->made[d->seq] = h;
	for (uint32_t i = 0; i < d->nkids; i++)
		if (make_dies(L, d->kids[i], h, depth + 1) != 0)
			return -1;
	return 0;
}

/* A list of the unit: its entries copied into the arena, in an array that
 * doubles (the old one stays in the arena: at most twice the room). */
static int add_list(loader *L, int loc, const dd_entries *e, uint32_t *index)
{
	hd_dw_unit *u = L->u;
	hd_dw_list **v = loc ? &u->loclists : &u->rnglists;
	uint32_t *n = loc ? &u->nloclists : &u->nrnglists, *cap = loc ? &L->cap_loc : &L->cap_rng;
	hd_dw_list *list;

	if (*n == *cap) {
		uint32_t c2 = *cap ? *cap * 2 : 16;
		hd_dw_list *p = hd_arena_alloc(&u->arena, c2 * sizeof *p);
		if (p == NULL)
			return oom(L);
		if (*n)
			memcpy(p, *v, *n * sizeof *p);
		*v = p;
		*cap = c2;
	}
	list = &(*v)[*n];
	memset(list, 0, sizeof *list);
	list->entries = hd_arena_alloc(&u->arena, (e->n ? e->n : 1) * sizeof *list->entries);
	if (list->entries == NULL)
		return oom(L);
	for (size_t i = 0; i < e->n; i++) {
		hd_dw_range *r = &list->entries[list->n];
		if (e->v[i].is_default)
			continue;  /* no writer of this unit form: a pc outside every entry */
		r->begin = e->v[i].begin;
		r->end = e->v[i].end;
		if (e->v[i].expr != NULL) {
			r->expr = hd_arena_dup(&u->arena, e->v[i].expr, e->v[i].len ? e->v[i].len : 1);
			if (r->expr == NULL)
				return oom(L);
			r->len = e->v[i].len;
		}
		list->n++;
	}
	*index = (*n)++;
	return 0;
}

static int load_list(loader *L, const dd_die *d, const dd_attr *a, hd_die *h, int loc)
{
	dd_entries e = { NULL, 0, 0 };
	uint32_t index = 0;
	int rc = dd_read_list(L->c, d, a, loc, &e);

	if (rc == 0)
		rc = add_list(L, loc, &e, &index);
	dd_free_entries(&e);
	if (rc == 0 && hd_die_list(L->u, h, a->at, loc ? HD_DV_LOCLIST : HD_DV_RNGLIST, index) != 0)
		rc = oom(L);
	return rc;
}

static int load_ref(loader *L, const dd_attr *a, hd_die *h)
{
	Dwarf_Off off;
	const dd_die *t;

	if (dd_ref_target(L->c, a, &off, &t) != DW_DLV_OK)
		return dd_lib_fail(L->c, "a reference");
	if (t == NULL || L->made[t->seq] == NULL)
		return hd_fail(L->c->st, HD_BAD_INPUT, "bad-reference", 0,
		               ".debug_info: a reference to 0x%llx, no DIE of the same unit",
		               (unsigned long long)off);
	return hd_die_ref(L->u, h, a->at, L->made[t->seq]) != 0 ? oom(L) : 0;
}

static int load_constant(loader *L, const dd_attr *a, hd_die *h)
{
	dd_ctx *c = L->c;

	if (a->form == DW_FORM_data16) {
		Dwarf_Form_Data16 v;
		if (dwarf_formdata16(dd_handle(a), &v, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, "a 16-byte constant");
		return hd_die_block(L->u, h, a->at, v.fd_data, sizeof v.fd_data) != 0 ? oom(L) : 0;
	}
	if (a->form == DW_FORM_sdata || a->form == DW_FORM_implicit_const) {
		Dwarf_Signed s;
		if (dd_formsdata(c, a, &s) != DW_DLV_OK)
			return dd_lib_fail(c, "a constant");
		return hd_die_sdata(L->u, h, a->at, (int64_t)s) != 0 ? oom(L) : 0;
	}
	Dwarf_Unsigned v;
	if (dd_formudata(c, a, &v) != DW_DLV_OK)
		return dd_lib_fail(c, "a constant");
	return hd_die_udata(L->u, h, a->at, (uint64_t)v) != 0 ? oom(L) : 0;
}

static int load_bytes(loader *L, const dd_die *d, const dd_attr *a, hd_die *h)
{
	const uint8_t *bytes;
	size_t len;
	int rc;

	if (dd_formbytes(L->c, a, &bytes, &len) != DW_DLV_OK)
		return dd_lib_fail(L->c, a->form == DW_FORM_exprloc ? "an expression" : "a block");
	if (a->form == DW_FORM_exprloc)
		return hd_die_expr(L->u, h, a->at, bytes, len) != 0 ? oom(L) : 0;
	/* DWARF 2-3 location blocks are expressions (the dump reads them so) */
	rc = a->cls == DW_FORM_CLASS_EXPRLOC || dd_block_is_expr(L->c, d, a)
	             ? hd_die_expr(L->u, h, a->at, bytes, len)
	             : hd_die_block(L->u, h, a->at, bytes, len);
	return rc != 0 ? oom(L) : 0;
}

/* One attribute by its class; the layout-only ones (offsets of the unit's
 * tables, the line program's) carry nothing a reader of the unit needs. */
static int load_attr(loader *L, const dd_die *d, const dd_attr *a, hd_die *h)
{
	dd_ctx *c = L->c;
	Dwarf_Addr addr;
	Dwarf_Bool flag;
	const char *copy;
	const char *s;

	switch (a->cls) {
	case DW_FORM_CLASS_ADDRESS:
		if (dd_formaddr(c, a, &addr) != DW_DLV_OK)
			return dd_lib_fail(c, "an address");
		return hd_die_addr(L->u, h, a->at, (uint64_t)addr) != 0 ? oom(L) : 0;
	case DW_FORM_CLASS_CONSTANT:
		return load_constant(L, a, h);
	case DW_FORM_CLASS_BLOCK:
	case DW_FORM_CLASS_EXPRLOC:
		return load_bytes(L, d, a, h);
	case DW_FORM_CLASS_FLAG:
		if (dd_formflag(c, a, &flag) != DW_DLV_OK)
			return dd_lib_fail(c, "a flag");
		return flag && hd_die_flag(L->u, h, a->at) != 0 ? oom(L) : 0;
	case DW_FORM_CLASS_REFERENCE:
		return load_ref(L, a, h);
	case DW_FORM_CLASS_STRING:
		if (dd_formstring(c, a, &s) != DW_DLV_OK)
			return dd_lib_fail(c, "a string");
		copy = hd_dw_strdup(L->u, s, strlen(s));
		return copy == NULL || hd_die_string(L->u, h, a->at, copy) != 0 ? oom(L) : 0;
	case DW_FORM_CLASS_LOCLISTPTR:
	case DW_FORM_CLASS_LOCLIST:
		return load_list(L, d, a, h, 1);
	case DW_FORM_CLASS_RANGELISTPTR:
	case DW_FORM_CLASS_RNGLIST:
		return load_list(L, d, a, h, 0);
	default:
		return 0;
	}
}

static int load_attrs(loader *L, const dd_die *d)
{
	for (uint32_t i = 0; i < d->nattrs; i++)
		if (load_attr(L, d, &d->attrs[i], L->made[d->seq]) != 0)
			return -1;
	for (uint32_t i = 0; i < d->nkids; i++)
		if (load_attrs(L, d->kids[i]) != 0)
			return -1;
	return 0;
}

/* The line table: files by their joined path (directory 0 then means
 * nothing), rows as libdwarf decodes them, file numbers made 0-based. */
static int load_lines(loader *L, const dd_unit *du)
{
	dd_ctx *c = L->c;
	hd_dw_lines *ln = &L->u->lines;
	Dwarf_Line *rows = NULL;
	Dwarf_Signed n = 0;

	if (du->lines == NULL)
		return 0;
	ln->dirs = hd_arena_alloc(&L->u->arena, sizeof *ln->dirs);
	ln->files = hd_arena_alloc(&L->u->arena, (du->nfiles ? (size_t)du->nfiles : 1) *
	                                         sizeof *ln->files);
	if (ln->dirs == NULL || ln->files == NULL)
		return oom(L);
	ln->dirs[0] = "";
	ln->ndirs = 1;
	for (Dwarf_Signed i = 0; i < du->nfiles; i++) {
		ln->files[i].name = hd_dw_strdup(L->u, du->files[i].path, strlen(du->files[i].path));
		if (ln->files[i].name == NULL)
			return oom(L);
		ln->files[i].has_md5 = du->files[i].has_md5;
		memcpy(ln->files[i].md5, du->files[i].md5, sizeof ln->files[i].md5);
	}
	ln->nfiles = (uint32_t)du->nfiles;
	if (dwarf_srclines_from_linecontext(du->lines, &rows, &n, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, ".debug_line rows");
	if (n <= 0)
		return 0;
	ln->rows = hd_arena_alloc(&L->u->arena, (size_t)n * sizeof *ln->rows);
	if (ln->rows == NULL)
		return oom(L);
	for (Dwarf_Signed i = 0; i < n; i++) {
		hd_dw_row *r = &ln->rows[i];
		Dwarf_Addr addr;
		Dwarf_Unsigned line, col, file;
		Dwarf_Unsigned isa, disc;
		Dwarf_Bool stmt, end, pro, epi;
		if (dwarf_lineaddr(rows[i], &addr, &c->err) != DW_DLV_OK ||
		    dwarf_prologue_end_etc(rows[i], &pro, &epi, &isa, &disc, &c->err) != DW_DLV_OK ||
		    dwarf_lineno(rows[i], &line, &c->err) != DW_DLV_OK ||
		    dwarf_lineoff_b(rows[i], &col, &c->err) != DW_DLV_OK ||
		    dwarf_line_srcfileno(rows[i], &file, &c->err) != DW_DLV_OK ||
		    dwarf_linebeginstatement(rows[i], &stmt, &c->err) != DW_DLV_OK ||
		    dwarf_lineendsequence(rows[i], &end, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, ".debug_line rows");
		r->address = addr;
		r->file = file >= (Dwarf_Unsigned)du->file_base ? (uint32_t)(file - du->file_base)
		                                                : UINT32_MAX;
		r->line = (uint32_t)line;
		r->column = (uint32_t)col;
		r->is_stmt = stmt != 0;
		r->end_sequence = end != 0;
		r->prologue_end = pro != 0;
		r->discriminator = (uint32_t)disc;
	}
	ln->nrows = (uint32_t)n;
	return 0;
}

/* The unit's .debug_addr entries, which DW_OP_addrx indexes: libdwarf
 * gives them one index at a time, and the first index it has no entry for
 * ends the table. */
#define MAX_ADDRS 65536u
static int load_addrs(loader *L, const dd_unit *du)
{
	dd_ctx *c = L->c;
	uint64_t *v = NULL;
	uint32_t n = 0;
	Dwarf_Addr a;

	for (; n < MAX_ADDRS; n++) {
		int res = dwarf_debug_addr_index_to_addr(du->cu_die, n, &a, &c->err);
		if (res == DW_DLV_ERROR) {
			dwarf_dealloc_error(c->dbg, c->err);
			c->err = NULL;
		}
		if (res != DW_DLV_OK)
			break;
		if ((n & (n - 1)) == 0) {  /* 0, 1, 2, 4, ...: double the room */
			uint64_t *w = hd_arena_alloc(&L->u->arena, (n ? 2 * n : 1) * sizeof *w);
			if (w == NULL)
				return oom(L);
			if (n > 0)
				memcpy(w, v, n * sizeof *w);
			v = w;
		}
		v[n] = a;
	}
	L->u->addrs = v;
	L->u->naddrs = n;
	return 0;
}

static int load_unit(dd_ctx *c, const dd_unit *du, hd_profile profile, hd_dw_unit *u)
{
	loader L = { c, u, NULL, 0, 0 };
	int rc;

	hd_dw_unit_init(u, du->offset_size == 8, profile, c->st);
	u->addr_size = (uint8_t)du->addr_size;
	L.made = calloc(c->ndies ? c->ndies : 1, sizeof *L.made);
	if (L.made == NULL)
		return oom(&L);
	rc = make_dies(&L, du->root, NULL, 0);
	if (rc == 0)
		rc = load_attrs(&L, du->root);
	if (rc == 0)
		rc = load_lines(&L, du);
	if (rc == 0)
		rc = load_addrs(&L, du);
	free(L.made);
	return rc;
}

void hd_dwarf_units_free(hd_dwarf_units *u)
{
	for (size_t i = 0; i < u->n; i++)
		hd_dw_unit_free(&u->v[i]);
	free(u->v);
	u->v = NULL;
	u->n = 0;
}

int hd_dwarf_load(const char *path, hd_profile profile, hd_dwarf_units *out, hd_status *st)
{
	hd_dump_options o = { profile, 64, 0 };
	dd_ctx c;
	int res, rc = 0;

	out->v = NULL;
	out->n = 0;
	if ((res = dd_open(&c, path, &o, st)) != 0)
		return res < 0 ? -1 : 0;
	c.loading = 1;
	if (dd_read_units(&c) != 0)
		rc = -1;
	else if (c.nunits > 0 && (out->v = calloc(c.nunits, sizeof *out->v)) == NULL)
		rc = dd_oom(&c);
	for (size_t i = 0; rc == 0 && i < c.nunits; i++) {
		if (c.units[i]->root == NULL || c.units[i]->root->tag != DW_TAG_compile_unit)
			continue;  /* type and partial units: nothing a frame is read from */
		rc = load_unit(&c, c.units[i], c.enc.profile, &out->v[out->n]);
		out->n++;
	}
	dd_close(&c);
	if (rc != 0)
		hd_dwarf_units_free(out);
	return rc;
}
