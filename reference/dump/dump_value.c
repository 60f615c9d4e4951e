/* Attribute values read once, when the tree is read, into the compact
 * dd_attr record, so that libdwarf's Dwarf_Attribute and Dwarf_Die handles
 * (about 350 MB for a million DIEs) can be released at once instead of
 * being held until the end of the dump (docs/benchmarks.md,
 * "bench/dump.sh").
 *
 * A value the record cannot hold (a list, a 16-byte constant, a type
 * signature, an offset into another section) or that libdwarf refuses to
 * read keeps its handle, and the accessors below read it through libdwarf
 * when the dump asks, exactly as before: the same value, or the same error
 * at the same point of the dump. The accessors take the place of the
 * libdwarf calls of the same name and return the same DW_DLV_* codes; on
 * DW_DLV_ERROR the error, if libdwarf made one, is pending in c->err. */
#include <string.h>

#include "dump_impl.h"

/* The block's bytes point into libdwarf's copy of the section, which lives
 * until dwarf_finish; only the Dwarf_Block around them is released. */
static int block_bytes(dd_ctx *c, Dwarf_Attribute h, const uint8_t **p, Dwarf_Unsigned *len)
{
	Dwarf_Block *b = NULL;

	if (dwarf_formblock(h, &b, &c->err) != DW_DLV_OK)
		return DW_DLV_ERROR;
	*p = b->bl_data;
	*len = b->bl_len;
	dwarf_dealloc(c->dbg, b, DW_DLA_BLOCK);
	return DW_DLV_OK;
}

/* Which libdwarf read a value of this class and form takes, the one the
 * printers make; DD_V_LAZY for values left to be read later. */
static uint8_t kind_of(const dd_attr *a)
{
	switch (a->cls) {
	case DW_FORM_CLASS_CONSTANT:
		if (a->form == DW_FORM_data16)
			return DD_V_LAZY;
		return a->form == DW_FORM_sdata || a->form == DW_FORM_implicit_const
		               ? DD_V_SDATA : DD_V_UDATA;
	case DW_FORM_CLASS_ADDRESS:
		return DD_V_ADDR;
	case DW_FORM_CLASS_REFERENCE:
		/* dwarf_global_formref looks a signature up in the type units */
		return a->form == DW_FORM_ref_sig8 ? DD_V_LAZY : DD_V_REF;
	case DW_FORM_CLASS_FLAG:
		return DD_V_FLAG;
	case DW_FORM_CLASS_STRING:
		return DD_V_STR;
	case DW_FORM_CLASS_EXPRLOC:
	case DW_FORM_CLASS_BLOCK:
		return DD_V_BYTES;
	default:
		return DD_V_LAZY;
	}
}

/* One read of h by kind; DW_DLV_OK with the value in a. */
static int read_kind(dd_ctx *c, dd_attr *a, Dwarf_Attribute h, uint8_t kind)
{
	Dwarf_Addr addr;
	Dwarf_Off off;
	Dwarf_Bool flag;
	Dwarf_Unsigned len = 0;
	Dwarf_Ptr ptr;
	const uint8_t *p = NULL;
	char *s;

	switch (kind) {
	case DD_V_UDATA:
		return dwarf_formudata(h, &a->v.u, &c->err);
	case DD_V_SDATA:
		return dwarf_formsdata(h, &a->v.s, &c->err);
	case DD_V_ADDR:
		if (dwarf_formaddr(h, &addr, &c->err) != DW_DLV_OK)
			return DW_DLV_ERROR;
		a->v.u = addr;
		return DW_DLV_OK;
	case DD_V_REF:
		if (dwarf_global_formref(h, &off, &c->err) != DW_DLV_OK)
			return DW_DLV_ERROR;
		a->v.u = off;
		return DW_DLV_OK;
	case DD_V_FLAG:
		if (dwarf_formflag(h, &flag, &c->err) != DW_DLV_OK)
			return DW_DLV_ERROR;
		a->v.u = flag != 0;
		return DW_DLV_OK;
	case DD_V_STR:
		if (dwarf_formstring(h, &s, &c->err) != DW_DLV_OK)
			return DW_DLV_ERROR;
		a->v.str = s;
		return DW_DLV_OK;
	case DD_V_BYTES:
		if (a->form == DW_FORM_exprloc) {
			if (dwarf_formexprloc(h, &len, &ptr, &c->err) != DW_DLV_OK)
				return DW_DLV_ERROR;
			p = ptr;
		} else if (block_bytes(c, h, &p, &len) != DW_DLV_OK) {
			return DW_DLV_ERROR;
		}
		if (len > DD_MAX_BYTES)
			return DW_DLV_NO_ENTRY;  /* does not fit the record: stays lazy */
		a->v.p = p;
		a->len = (uint16_t)len;
		return DW_DLV_OK;
	default:
		return DW_DLV_NO_ENTRY;
	}
}

int dd_take_value(dd_ctx *c, dd_attr *a, Dwarf_Attribute h)
{
	uint8_t kind = kind_of(a);
	dd_attr tmp = *a;

	if (kind != DD_V_LAZY && read_kind(c, &tmp, h, kind) == DW_DLV_OK) {
		*a = tmp;
		a->kind = kind;
		dwarf_dealloc(c->dbg, h, DW_DLA_ATTR);
		return 1;
	}
	/* refused now, refused again when printed: the error is made then */
	dd_drop_error(c);
	a->kind = DD_V_LAZY;
	a->v.h = h;
	return 0;
}

void dd_release_value(dd_ctx *c, dd_attr *a)
{
	if (a->kind == DD_V_LAZY && a->v.h != NULL)
		dwarf_dealloc(c->dbg, a->v.h, DW_DLA_ATTR);
	a->v.h = NULL;
}

/* A value read eagerly, but asked for by another read than the printer's
 * (an unsigned read of a signed form): what libdwarf would have answered
 * for the cases that occur, else an error without a libdwarf message. */
static int mismatch(const dd_attr *a, uint8_t want, Dwarf_Unsigned *u)
{
	if (want == DD_V_UDATA && a->kind == DD_V_SDATA && a->v.s >= 0) {
		*u = (Dwarf_Unsigned)a->v.s;
		return DW_DLV_OK;
	}
	return DW_DLV_ERROR;
}

int dd_formudata(dd_ctx *c, const dd_attr *a, Dwarf_Unsigned *u)
{
	if (a->kind == DD_V_LAZY)
		return dwarf_formudata(a->v.h, u, &c->err);
	if (a->kind != DD_V_UDATA)
		return mismatch(a, DD_V_UDATA, u);
	*u = a->v.u;
	return DW_DLV_OK;
}

int dd_formsdata(dd_ctx *c, const dd_attr *a, Dwarf_Signed *s)
{
	if (a->kind == DD_V_LAZY)
		return dwarf_formsdata(a->v.h, s, &c->err);
	if (a->kind != DD_V_SDATA)
		return DW_DLV_ERROR;
	*s = a->v.s;
	return DW_DLV_OK;
}

int dd_formaddr(dd_ctx *c, const dd_attr *a, Dwarf_Addr *addr)
{
	if (a->kind == DD_V_LAZY)
		return dwarf_formaddr(a->v.h, addr, &c->err);
	if (a->kind != DD_V_ADDR)
		return DW_DLV_ERROR;
	*addr = a->v.u;
	return DW_DLV_OK;
}

int dd_global_formref(dd_ctx *c, const dd_attr *a, Dwarf_Off *off)
{
	if (a->kind == DD_V_LAZY)
		return dwarf_global_formref(a->v.h, off, &c->err);
	if (a->kind != DD_V_REF)
		return DW_DLV_ERROR;
	*off = a->v.u;
	return DW_DLV_OK;
}

int dd_formflag(dd_ctx *c, const dd_attr *a, Dwarf_Bool *flag)
{
	if (a->kind == DD_V_LAZY)
		return dwarf_formflag(a->v.h, flag, &c->err);
	if (a->kind != DD_V_FLAG)
		return DW_DLV_ERROR;
	*flag = (Dwarf_Bool)a->v.u;
	return DW_DLV_OK;
}

int dd_formstring(dd_ctx *c, const dd_attr *a, const char **s)
{
	char *p;

	if (a->kind == DD_V_LAZY) {
		if (dwarf_formstring(a->v.h, &p, &c->err) != DW_DLV_OK)
			return DW_DLV_ERROR;
		*s = p;
		return DW_DLV_OK;
	}
	if (a->kind != DD_V_STR)
		return DW_DLV_ERROR;
	*s = a->v.str;
	return DW_DLV_OK;
}

int dd_formbytes(dd_ctx *c, const dd_attr *a, const uint8_t **p, size_t *len)
{
	Dwarf_Unsigned n = 0;
	Dwarf_Ptr ptr;

	if (a->kind == DD_V_LAZY) {
		if (a->form == DW_FORM_exprloc) {
			if (dwarf_formexprloc(a->v.h, &n, &ptr, &c->err) != DW_DLV_OK)
				return DW_DLV_ERROR;
			*p = ptr;
		} else if (block_bytes(c, a->v.h, p, &n) != DW_DLV_OK) {
			return DW_DLV_ERROR;
		}
		*len = (size_t)n;
		return DW_DLV_OK;
	}
	if (a->kind != DD_V_BYTES)
		return DW_DLV_ERROR;
	*p = a->v.p;
	*len = a->len;
	return DW_DLV_OK;
}

int dd_ref_target(dd_ctx *c, const dd_attr *a, Dwarf_Off *off, const dd_die **t)
{
	*off = 0;
	if (a->kind == DD_V_DIE) {
		*t = a->v.d;
		return DW_DLV_OK;
	}
	if (dd_global_formref(c, a, off) != DW_DLV_OK)
		return DW_DLV_ERROR;
	*t = dd_find(c, *off);
	return DW_DLV_OK;
}

void dd_resolve_refs(dd_ctx *c)
{
	for (size_t i = 0; i < c->ndies; i++) {
		dd_die *d = dd_die_at(c, i);
		for (uint32_t k = 0; k < d->nattrs; k++) {
			dd_attr *a = &d->attrs[k];
			const dd_die *t;
			if (a->kind != DD_V_REF || (t = dd_find(c, a->v.u)) == NULL)
				continue;  /* a missing target is reported where it is printed */
			a->kind = DD_V_DIE;
			a->v.d = t;
		}
	}
}

Dwarf_Attribute dd_handle(const dd_attr *a)
{
	return a->kind == DD_V_LAZY ? a->v.h : NULL;
}

int dd_low_pc(dd_ctx *c, const dd_die *d, uint64_t *low)
{
	const dd_attr *a = dd_attr_of(d, DW_AT_low_pc);
	Dwarf_Addr v;

	if (a == NULL)
		return 0;
	/* dwarf_lowpc reads the attribute as an address and refuses any
	 * other class */
	if (a->cls != DW_FORM_CLASS_ADDRESS)
		return hd_fail(c->st, HD_BAD_INPUT, "bad-low-pc", 0,
		               ".debug_info: a DW_AT_low_pc that is not an address (form 0x%x)",
		               (unsigned)a->form);
	if (dd_formaddr(c, a, &v) != DW_DLV_OK)
		return dd_lib_fail(c, "DW_AT_low_pc");
	*low = v;
	return 1;
}
