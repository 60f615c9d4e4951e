/* One attribute's canonical value (docs/dwarf-dump.md, "Attribute values").
 * The value is printed by its class (DWARF 5 section 7.5.5), never by its
 * form: a string is a string whether it sits in .debug_str, .debug_line_str
 * or inline, a constant is a number whatever its width, an address is an
 * address whether DW_FORM_addr or addrx put it there. Attributes that only
 * describe the layout (DW_AT_sibling, the *_base attributes) are left out. */
#include <inttypes.h>
#include <string.h>

#include "dump_impl.h"
#include "dwarf/codec/dwarf_ext.h"

void dd_put_hex(hd_buf *out, const uint8_t *bytes, size_t len)
{
	for (size_t i = 0; i < len; i++)
	{
		hd_buf_byte(out, "0123456789abcdef"[bytes[i] >> 4]);
		hd_buf_byte(out, "0123456789abcdef"[bytes[i] & 15]);
	}
}

void dd_put_attr_name(dd_ctx *c, Dwarf_Half at, hd_buf *out)
{
	const char *name = NULL;

	if (at >= 0x2000)  /* DW_AT_lo_user: the vendor codes the profile names */
		name = hd_xat_name(at, c->enc.profile);
	if (name == NULL && dwarf_get_AT_name(at, &name) != DW_DLV_OK)
		name = NULL;
	if (name != NULL)
		hd_buf_puts(out, name);
	else {
		hd_buf_puts(out, "DW_AT_0x");
		hd_buf_hex(out, at);
	}
}

void dd_drop_error(dd_ctx *c)
{
	if (c->err != NULL) {
		dwarf_dealloc_error(c->dbg, c->err);
		c->err = NULL;
	}
}

int dd_high_pc(dd_ctx *c, const dd_die *d, uint64_t low, uint64_t *high)
{
	const dd_attr *a = dd_attr_of(d, DW_AT_high_pc);
	Dwarf_Addr addr;
	Dwarf_Unsigned u;
	Dwarf_Signed s;

	if (a == NULL)
		return 0;
	if (a->cls == DW_FORM_CLASS_ADDRESS) {
		if (dd_formaddr(c, a, &addr) != DW_DLV_OK)
			return dd_lib_fail(c, "DW_AT_high_pc");
		*high = addr;
		return 1;
	}
	switch (a->form) {
	case DW_FORM_data1: case DW_FORM_data2: case DW_FORM_data4: case DW_FORM_data8:
	case DW_FORM_udata:
		if (dd_formudata(c, a, &u) != DW_DLV_OK)
			return dd_lib_fail(c, "DW_AT_high_pc");
		*high = low + u;
		return 1;
	case DW_FORM_sdata: case DW_FORM_implicit_const:
		if (dd_formsdata(c, a, &s) != DW_DLV_OK)
			return dd_lib_fail(c, "DW_AT_high_pc");
		if (s < 0)
			break;
		*high = low + (uint64_t)s;
		return 1;
	default:
		break;
	}
	return hd_fail(c->st, HD_BAD_INPUT, "bad-high-pc", 0,
	               ".debug_info: a DW_AT_high_pc that is neither an address nor "
	               "a size (form 0x%x)", (unsigned)a->form);
}

int dd_form_uvalue(dd_ctx *c, const dd_attr *a, Dwarf_Unsigned *v, const char *what)
{
	Dwarf_Off off;

	if (a->form == DW_FORM_sec_offset) {
		if (dd_global_formref(c, a, &off) != DW_DLV_OK)
			return dd_lib_fail(c, what);
		*v = off;
		return 0;
	}
	if (dd_formudata(c, a, v) != DW_DLV_OK)
		return dd_lib_fail(c, what);
	return 0;
}

void dd_put_expr(dd_ctx *c, const uint8_t *bytes, size_t len, hd_buf *out)
{
	hd_status st;
	hd_buf text;

	if (len == 0) {
		hd_buf_puts(out, "(empty)");
		return;
	}
	hd_buf_init(&text);
	if (hd_disassemble(bytes, len, &c->enc, &c->names, &text, &st) == 0) {
		hd_buf_put(out, text.data, text.len);
	} else {
		/* still deterministic: the bytes and why they did not decode */
		hd_buf_printf(out, "undecodable %s at %" PRIu64 " [", st.code, st.offset);
		dd_put_hex(out, bytes, len);
		hd_buf_byte(out, ']');
	}
	hd_buf_free(&text);
}

/* Attributes that only say where other data lives in the file. */
static int layout_only(const dd_attr *a)
{
	switch (a->cls) {
	case DW_FORM_CLASS_ADDRPTR:
	case DW_FORM_CLASS_STROFFSETSPTR:
	case DW_FORM_CLASS_LOCLISTSPTR:
	case DW_FORM_CLASS_RNGLISTSPTR:
		return 1;
	default:
		break;
	}
	switch (a->at) {
	case DW_AT_sibling:
	case DW_AT_str_offsets_base:
	case DW_AT_addr_base:
	case DW_AT_rnglists_base:
	case DW_AT_loclists_base:
	case DW_AT_GNU_addr_base:
	case DW_AT_GNU_ranges_base:
		return 1;
	default:
		return 0;
	}
}

/* Attributes that held a location description or DWARF expression before
 * DWARF 4 gave expressions their own class. */
static int takes_expression(dd_ctx *c, Dwarf_Half at)
{
	switch (at) {
	case DW_AT_location: case DW_AT_frame_base: case DW_AT_data_member_location:
	case DW_AT_vtable_elem_location: case DW_AT_use_location: case DW_AT_return_addr:
	case DW_AT_static_link: case DW_AT_segment: case DW_AT_string_length:
	case DW_AT_lower_bound: case DW_AT_upper_bound: case DW_AT_count:
	case DW_AT_byte_size: case DW_AT_bit_size: case DW_AT_byte_stride:
	case DW_AT_bit_stride: case DW_AT_data_location: case DW_AT_allocated:
	case DW_AT_associated: case DW_AT_rank:
		return 1;
	default:
		return at == hd_xat_code(HD_XAT_active_lane, c->enc.profile) ||
		       at == hd_xat_code(HD_XAT_lane_pc, c->enc.profile);
	}
}

/* Constants whose meaning is a name from one of DWARF's enumerations. */
static const char *enum_name(Dwarf_Half at, Dwarf_Unsigned v)
{
	const char *s = NULL;
	int r = DW_DLV_NO_ENTRY;

	switch (at) {
	case DW_AT_language: r = dwarf_get_LANG_name((unsigned)v, &s); break;
	case DW_AT_encoding: r = dwarf_get_ATE_name((unsigned)v, &s); break;
	case DW_AT_calling_convention: r = dwarf_get_CC_name((unsigned)v, &s); break;
	case DW_AT_accessibility: r = dwarf_get_ACCESS_name((unsigned)v, &s); break;
	case DW_AT_virtuality: r = dwarf_get_VIRTUALITY_name((unsigned)v, &s); break;
	case DW_AT_visibility: r = dwarf_get_VIS_name((unsigned)v, &s); break;
	case DW_AT_inline: r = dwarf_get_INL_name((unsigned)v, &s); break;
	case DW_AT_ordering: r = dwarf_get_ORD_name((unsigned)v, &s); break;
	case DW_AT_identifier_case: r = dwarf_get_ID_name((unsigned)v, &s); break;
	case DW_AT_decimal_sign: r = dwarf_get_DS_name((unsigned)v, &s); break;
	case DW_AT_endianity: r = dwarf_get_END_name((unsigned)v, &s); break;
	case DW_AT_defaulted: r = dwarf_get_DEFAULTED_name((unsigned)v, &s); break;
	default: break;
	}
	return r == DW_DLV_OK ? s : NULL;
}

/* Whether the type of d (through typedefs, qualifiers and enumerations) is
 * a signed base type; depth-bounded against cycles. */
static int type_is_signed(dd_ctx *c, const dd_die *d, int fallback)
{
	for (int i = 0; d != NULL && i < 16; i++) {
		const dd_attr *t = dd_attr_of(d, DW_AT_type);
		const dd_attr *e = dd_attr_of(d, DW_AT_encoding);
		Dwarf_Off off;
		if (d->tag == DW_TAG_base_type && e != NULL) {
			Dwarf_Unsigned v;
			if (dd_formudata(c, e, &v) != DW_DLV_OK) {
				dd_drop_error(c);
				return fallback;
			}
			return v == DW_ATE_signed || v == DW_ATE_signed_char ||
			       v == DW_ATE_signed_fixed;
		}
		if (t == NULL || t->cls != DW_FORM_CLASS_REFERENCE)
			return fallback;
		if (dd_ref_target(c, t, &off, &d) != DW_DLV_OK) {
			dd_drop_error(c);
			return fallback;
		}
	}
	return fallback;
}

/* Fixed-size data forms carry no sign; DWARF 5 section 7.5.5 leaves it to
 * the attribute. Constant values take their type's, bounds their subrange's
 * (signed by default, as C's), enumerators their enumeration's. An
 * enumeration with no type says nothing about sign, so its enumerators are
 * unsigned like any other constant: data4 0xffffffff then prints as the
 * udata 4294967295 that LLVM writes for the same value. */
static int signed_context(dd_ctx *c, const dd_die *d, Dwarf_Half at)
{
	switch (at) {
	case DW_AT_const_value:
		if (d->tag == DW_TAG_enumerator)
			return type_is_signed(c, d->parent, 0);
		return type_is_signed(c, d, 0);
	case DW_AT_lower_bound:
	case DW_AT_upper_bound:
	case DW_AT_count:
		return dd_attr_of(d, DW_AT_type) != NULL ? type_is_signed(c, d, 1) : 1;
	default:
		return 0;
	}
}

static unsigned data_size(Dwarf_Half form)
{
	switch (form) {
	case DW_FORM_data1: return 1;
	case DW_FORM_data2: return 2;
	case DW_FORM_data4: return 4;
	case DW_FORM_data8: return 8;
	default: return 0;
	}
}

static int put_constant(dd_ctx *c, const dd_die *d, const dd_attr *a, hd_buf *out)
{
	Dwarf_Unsigned u;
	unsigned size = data_size(a->form);
	const char *name;

	if (a->form == DW_FORM_data16) {
		Dwarf_Form_Data16 v;
		if (dwarf_formdata16(dd_handle(a), &v, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, "a 16-byte constant");
		hd_buf_puts(out, "bytes ");
		dd_put_hex(out, v.fd_data, sizeof v.fd_data);
		return 0;
	}
	if (a->form == DW_FORM_sdata || a->form == DW_FORM_implicit_const) {
		Dwarf_Signed s;
		if (dd_formsdata(c, a, &s) != DW_DLV_OK)
			return dd_lib_fail(c, "a constant");
		u = (Dwarf_Unsigned)s;
		if (s < 0) {
			hd_buf_puts(out, "constant ");
			hd_buf_sdec(out, s);
			return 0;
		}
	} else if (dd_formudata(c, a, &u) != DW_DLV_OK) {
		return dd_lib_fail(c, "a constant");
	}
	if (a->at == DW_AT_high_pc) {
		hd_buf_puts(out, "size 0x");
		hd_buf_hex(out, u);
		return 0;
	}
	if (a->at == DW_AT_decl_file || a->at == DW_AT_call_file) {
		const char *path = dd_file_path(d->unit, u);
		if (path == NULL)
			hd_buf_printf(out, "file %" PRIu64 " (not in the line table)", (uint64_t)u);
		else {
			hd_buf_puts(out, "file ");
			dd_put_string(out, path);
		}
		return 0;
	}
	if ((name = enum_name(a->at, u)) != NULL) {
		hd_buf_puts(out, "constant ");
		hd_buf_puts(out, name);
		return 0;
	}
	/* a fixed-size form is negative only where the attribute says signed */
	if (size != 0 && (u >> (size * 8 - 1)) & 1 && signed_context(c, d, a->at)) {
		if (size < 8)
			u |= ~(Dwarf_Unsigned)0 << (size * 8);
		hd_buf_puts(out, "constant ");
		hd_buf_sdec(out, (int64_t)u);
	} else {
		hd_buf_puts(out, "constant ");
		hd_buf_udec(out, u);
	}
	return 0;
}

static int put_address(dd_ctx *c, const dd_die *d, const dd_attr *a, hd_buf *out)
{
	Dwarf_Addr v;
	uint64_t base, low;

	if (dd_formaddr(c, a, &v) != DW_DLV_OK)
		return dd_lib_fail(c, "an address");
	/* high_pc as an address or as an offset from low_pc is one fact */
	if (a->at == DW_AT_high_pc) {
		int res = dd_low_pc(c, d, &low);
		if (res < 0)
			return -1;
		if (res == 1) {
			hd_buf_puts(out, "size 0x");
			hd_buf_hex(out, v - low);
			return 0;
		}
	}
	/* where code sits is the producer's free choice: an address prints
	 * relative to the enclosing subprogram's start, and a subprogram's or
	 * unit's own start only as present (docs/dwarf-dump.md) */
	if (!(d->tag == DW_TAG_subprogram && a->at == DW_AT_low_pc)) {
		int rel = dd_func_base(c, d, &base);
		if (rel < 0)
			return -1;
		if (rel) {
			hd_buf_puts(out, v >= base ? "address +0x" : "address -0x");
			hd_buf_hex(out, v >= base ? v - base : base - v);
			return 0;
		}
	}
	hd_buf_puts(out, "address");
	return 0;
}

/* DWARF 2 and 3 put expressions in blocks; so does IGC's DWARF 4
 * (docs/intel-gt.md) */
int dd_block_is_expr(dd_ctx *c, const dd_die *d, const dd_attr *a)
{
	return (d->unit->version <= 3 || c->intel_gt) && takes_expression(c, a->at);
}

static int put_block(dd_ctx *c, const dd_die *d, const dd_attr *a, hd_buf *out)
{
	const uint8_t *p;
	size_t len;

	if (dd_formbytes(c, a, &p, &len) != DW_DLV_OK)
		return dd_lib_fail(c, "a block");
	if (dd_block_is_expr(c, d, a)) {
		hd_buf_puts(out, "exprloc ");
		dd_put_expr(c, p, len, out);
	} else {
		hd_buf_puts(out, "block ");
		dd_put_hex(out, p, len);
	}
	return 0;
}

/* The target's tag and name; an unnamed one by what its DW_AT_type names,
 * a few levels deep. Used only by signatures, before paths exist. */
static void put_shallow(dd_ctx *c, const dd_die *t, hd_buf *out)
{
	for (int depth = 0; t != NULL; depth++) {
		const dd_attr *ta = dd_attr_of(t, DW_AT_type);
		Dwarf_Off off;
		dd_put_tag(out, t->tag, 0);
		if (t->name != NULL) {
			hd_buf_byte(out, ' ');
			dd_put_string(out, t->name);
			return;
		}
		if (depth >= DD_SHALLOW_DEPTH || ta == NULL || ta->cls != DW_FORM_CLASS_REFERENCE)
			return;
		if (dd_ref_target(c, ta, &off, &t) != DW_DLV_OK) {
			dd_drop_error(c);  /* the full path, printed too, reports it */
			return;
		}
		hd_buf_puts(out, " -> ");
	}
}

/* The DIE a reference names; bad input when it names none. Printing and
 * the streamed dump's check both ask, with the same error. */
static int ref_die(dd_ctx *c, const dd_attr *a, const dd_die **t)
{
	Dwarf_Off off;

	if (dd_ref_target(c, a, &off, t) != DW_DLV_OK)
		return dd_lib_fail(c, "a reference");
	if (*t == NULL)
		return hd_fail(c->st, HD_BAD_INPUT, "bad-reference", 0,
		               ".debug_info: a reference to 0x%" PRIx64 ", which is no DIE",
		               (uint64_t)off);
	return 0;
}

static int put_reference(dd_ctx *c, const dd_die *d, const dd_attr *a, int shallow,
                         hd_buf *out)
{
	const dd_die *t;

	if (a->form == DW_FORM_ref_sig8) {
		Dwarf_Sig8 sig;
		if (dwarf_formsig8(dd_handle(a), &sig, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, "a type signature");
		hd_buf_puts(out, "signature ");
		dd_put_hex(out, (const uint8_t *)sig.signature, sizeof sig.signature);
		return 0;
	}
	if (ref_die(c, a, &t) != 0)
		return -1;
	hd_buf_puts(out, "reference ");
	if (shallow) {
		put_shallow(c, t, out);
		return 0;
	}
	if (t->unit != d->unit)
	{
		hd_buf_puts(out, "unit ");
		hd_buf_puts(out, t->unit->label);
		hd_buf_byte(out, ' ');
	}
	dd_put_path(out, t);
	return 0;
}

int dd_put_value(dd_ctx *c, const dd_die *d, const dd_attr *a, int shallow,
                 int indent, hd_buf *out)
{
	const char *s;
	Dwarf_Bool flag;
	size_t len;
	const uint8_t *bytes;

	if (layout_only(a))
		return 1;
	switch (a->cls) {
	case DW_FORM_CLASS_ADDRESS:
		return put_address(c, d, a, out);
	case DW_FORM_CLASS_CONSTANT:
		return put_constant(c, d, a, out);
	case DW_FORM_CLASS_BLOCK:
		return put_block(c, d, a, out);
	case DW_FORM_CLASS_EXPRLOC:
		/* libdwarf classes a DWARF 2-3 block on a location attribute
		 * (clang's -gdwarf-2 DW_AT_data_member_location) as an
		 * expression, but dwarf_formexprloc reads DW_FORM_exprloc only */
		if (a->form != DW_FORM_exprloc)
			return put_block(c, d, a, out);
		if (dd_formbytes(c, a, &bytes, &len) != DW_DLV_OK)
			return dd_lib_fail(c, "an expression");
		hd_buf_puts(out, "exprloc ");
		dd_put_expr(c, bytes, len, out);
		return 0;
	case DW_FORM_CLASS_FLAG:
		if (dd_formflag(c, a, &flag) != DW_DLV_OK)
			return dd_lib_fail(c, "a flag");
		/* an absent flag is false (DWARF 5 section 7.5.5): no line */
		if (!flag)
			return 1;
		hd_buf_puts(out, "flag true");
		return 0;
	case DW_FORM_CLASS_REFERENCE:
		return put_reference(c, d, a, shallow, out);
	case DW_FORM_CLASS_STRING:
		if (dd_formstring(c, a, &s) != DW_DLV_OK)
			return dd_lib_fail(c, "a string");
		hd_buf_puts(out, "string ");
		dd_put_string(out, s);
		return 0;
	case DW_FORM_CLASS_LINEPTR:
		hd_buf_puts(out, "lines");
		return 0;
	case DW_FORM_CLASS_MACPTR:
	case DW_FORM_CLASS_MACROPTR:
		hd_buf_puts(out, "macros");
		return 0;
	case DW_FORM_CLASS_LOCLISTPTR:
	case DW_FORM_CLASS_LOCLIST:
		return dd_put_loclist(c, d, a, indent, out);
	case DW_FORM_CLASS_RANGELISTPTR:
	case DW_FORM_CLASS_RNGLIST:
		return dd_put_ranges(c, d, a, indent, out);
	default: {
		const char *f = NULL;
		if (dwarf_get_FORM_name(a->form, &f) != DW_DLV_OK)
			f = NULL;
		if (f != NULL)
			hd_buf_printf(out, "unknown-class %s", f);
		else
			hd_buf_printf(out, "unknown-class DW_FORM_0x%x", (unsigned)a->form);
		return 0;
	}
	}
}

/* What dd_put_value can fail on, tried without printing: the streamed dump
 * (hd_dwarf_dump_to) runs this over every DIE before its first byte goes
 * out, so that bad input still leaves nothing on the output. A value read
 * when the tree was read cannot fail; a lazy one is printed into scratch
 * and dropped (lists, 16-byte constants: few); a reference must name a
 * DIE; an address needs its function's or its own DW_AT_low_pc. */
int dd_check_value(dd_ctx *c, const dd_die *d, const dd_attr *a, hd_buf *scratch)
{
	const dd_die *t;
	uint64_t base;
	int rc = 0;

	if (layout_only(a))
		return 0;
	if (a->kind == DD_V_LAZY) {
		rc = dd_put_value(c, d, a, 0, 0, scratch);
		hd_buf_reset(scratch);
		return rc < 0 ? -1 : 0;
	}
	switch (a->cls) {
	case DW_FORM_CLASS_REFERENCE:
		return ref_die(c, a, &t);
	case DW_FORM_CLASS_ADDRESS:
		if (a->at == DW_AT_high_pc)
			rc = dd_low_pc(c, d, &base);
		if (rc >= 0 && !(d->tag == DW_TAG_subprogram && a->at == DW_AT_low_pc))
			rc = dd_func_base(c, d, &base);
		return rc < 0 ? -1 : 0;
	default:
		return 0;
	}
}
