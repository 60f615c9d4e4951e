/* Values read through DWARF types (dwarf_type.h, docs/watch-dwarf.md
 * "Values"). The layout is what the DWARF says, as a consumer reads it:
 * sizes from DW_AT_byte_size/DW_AT_bit_size (DWARF 5 2.21), members at
 * DW_AT_data_member_location or DW_AT_data_bit_offset (5.7.6), array
 * dimensions from their subranges and strides (5.5, 5.13), vectors from
 * DW_AT_LLVM_vector_size (DWARF Extensions for Heterogeneous Debugging) or
 * DW_AT_GNU_vector arrays. What the text looks like is value_text.h's, and
 * the composite rules (nesting, the element cap, the text cap) mirror the
 * SPIR-V side's walk so equal values print equal text. */
#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf/codec/dwarf_ext.h"
#include "dwarf_frame.h"
#include "dwarf_type.h"
#include "watch/value_text.h"

/* Composites nest at most this deep in the text, as on the SPIR-V side. */
#define PRINT_DEPTH 32
/* Array dimensions a consumer follows. */
#define MAX_DIMS 16u
/* A value's size past this many bits is taken for a malformed type. */
#define MAX_BITS ((uint64_t)1 << 40)

const hd_attr *hd_watch_attr(const hd_die *d, uint16_t name)
{
	for (unsigned depth = 0; d != NULL && depth <= HD_WATCH_MAX_DEPTH; depth++) {
		const hd_attr *a = hd_die_attr(d, name), *link;
		if (a != NULL)
			return a;
		link = hd_die_attr(d, DW_AT_abstract_origin);
		if (link == NULL)
			link = hd_die_attr(d, DW_AT_specification);
		d = link != NULL && link->kind == HD_DV_REF ? link->ref : NULL;
	}
	return NULL;
}

static const hd_die *type_of(const hd_die *d)
{
	const hd_attr *a = hd_watch_attr(d, DW_AT_type);
	return a != NULL && a->kind == HD_DV_REF ? a->ref : NULL;
}

/* An integer constant attribute (DWARF 5 7.5.5 constant class). */
static int constant(const hd_die *d, uint16_t name, uint64_t *v)
{
	const hd_attr *a = hd_die_attr(d, name);

	if (a == NULL || (a->kind != HD_DV_UDATA && a->kind != HD_DV_SDATA))
		return -1;
	*v = a->u;
	return 0;
}

/* Typedefs and type modifiers (DWARF 5 5.3, 5.4) change nothing of a
 * value's bits: the printer looks through them. NULL for a missing type or
 * a chain longer than HD_WATCH_MAX_DEPTH (a cycle). */
static const hd_die *strip(const hd_die *t)
{
	for (unsigned depth = 0; t != NULL && depth <= HD_WATCH_MAX_DEPTH; depth++) {
		switch (t->tag) {
		case DW_TAG_typedef: case DW_TAG_const_type: case DW_TAG_volatile_type:
		case DW_TAG_restrict_type: case DW_TAG_atomic_type: case DW_TAG_immutable_type:
		case DW_TAG_packed_type: case DW_TAG_shared_type:
			t = type_of(t);
			break;
		default:
			return t;
		}
	}
	return NULL;
}

static int is_pointer(uint16_t tag)
{
	return tag == DW_TAG_pointer_type || tag == DW_TAG_reference_type ||
	       tag == DW_TAG_rvalue_reference_type || tag == DW_TAG_ptr_to_member_type;
}

/* DW_AT_byte_size in bits, else DW_AT_bit_size; 0 when neither. */
static uint64_t own_bits(const hd_die *t)
{
	uint64_t v;

	if (constant(t, DW_AT_byte_size, &v) == 0)
		return v < MAX_BITS / 8 ? v * 8 : 0;
	if (constant(t, DW_AT_bit_size, &v) == 0)
		return v < MAX_BITS ? v : 0;
	return 0;
}

/* The dimensions of an array type (DWARF 5 5.5, 5.13): count and stride in
 * bits of each subrange, outermost first. The innermost stride is the
 * array's DW_AT_byte_stride/DW_AT_bit_stride, else the element's size; an
 * outer one is its subrange's stride, else the inner dimension's extent. */
typedef struct dims {
	uint32_t n;
	uint64_t count[MAX_DIMS];
	uint64_t stride[MAX_DIMS];
} dims;

static uint64_t bits_at(const hd_watch_types *ty, const hd_die *type, unsigned depth,
                        const char **why);

static int stride_of(const hd_die *d, uint64_t *bits)
{
	uint64_t v;

	if (constant(d, DW_AT_byte_stride, &v) == 0 && v < MAX_BITS / 8) {
		*bits = v * 8;
		return 0;
	}
	if (constant(d, DW_AT_bit_stride, &v) == 0 && v < MAX_BITS) {
		*bits = v;
		return 0;
	}
	return -1;
}

/* A subrange's element count: DW_AT_count, else upper - lower + 1 with the
 * C default lower bound 0 (DWARF 5 5.13). Bounds that are references to
 * variables (variable-length arrays) are not followed. */
static int count_of(const hd_die *s, uint64_t *count)
{
	uint64_t c, lo = 0, hi;

	if (constant(s, DW_AT_count, &c) == 0) {
		*count = c;
		return 0;
	}
	if (constant(s, DW_AT_upper_bound, &hi) != 0)
		return -1;
	if (hd_die_attr(s, DW_AT_lower_bound) && constant(s, DW_AT_lower_bound, &lo) != 0)
		return -1;
	*count = (int64_t)hi < (int64_t)lo ? 0 : hi - lo + 1;
	return 0;
}

static int array_dims(const hd_watch_types *ty, const hd_die *t, unsigned depth, dims *d,
                      uint64_t *elem_bits, const char **why)
{
	uint64_t own[MAX_DIMS];
	int has_own[MAX_DIMS];

	d->n = 0;
	for (const hd_die *c = t->first_child; c != NULL; c = c->next) {
		if (c->tag != DW_TAG_subrange_type)
			continue;
		if (d->n == MAX_DIMS) {
			*why = "array-dimensions";
			return -1;
		}
		if (count_of(c, &d->count[d->n]) != 0) {
			*why = "array-count";
			return -1;
		}
		has_own[d->n] = stride_of(c, &own[d->n]) == 0;
		d->n++;
	}
	if (d->n == 0) {
		*why = "array-count";
		return -1;
	}
	*elem_bits = bits_at(ty, type_of(t), depth + 1, why);
	if (*elem_bits == 0)
		return -1;
	for (uint32_t k = d->n; k-- > 0;) {
		uint64_t inner = *elem_bits;
		if (has_own[k]) {
			inner = own[k];
		} else if (k + 1 < d->n) {
			if (d->count[k + 1] != 0 && d->stride[k + 1] > MAX_BITS / d->count[k + 1])
				inner = MAX_BITS;
			else
				inner = d->stride[k + 1] * d->count[k + 1];
		} else {
			(void)stride_of(t, &inner);
		}
		if (inner >= MAX_BITS) {
			*why = "value-too-large";
			return -1;
		}
		d->stride[k] = inner;
	}
	return 0;
}

/* The size of type in bits; 0 with *why when unknown. */
static uint64_t bits_at(const hd_watch_types *ty, const hd_die *type, unsigned depth,
                        const char **why)
{
	const hd_die *t = strip(type);
	uint64_t bits;
	uint64_t eb;
	dims d;

	if (t == NULL || depth > HD_WATCH_MAX_DEPTH) {
		*why = type == NULL ? "no-type" : "type-cycle";
		return 0;
	}
	bits = own_bits(t);
	if (is_pointer(t->tag))
		return bits ? bits : hd_reading_pointer_bits(ty->rd, ty->u, t);
	switch (t->tag) {
	case DW_TAG_base_type: case DW_TAG_structure_type: case DW_TAG_class_type:
	case DW_TAG_union_type:
		break;
	case DW_TAG_enumeration_type:
		if (bits == 0 && type_of(t) != NULL)
			return bits_at(ty, type_of(t), depth + 1, why);
		break;
	case DW_TAG_array_type:
		if (bits != 0)
			return bits;
		if (array_dims(ty, t, depth, &d, &eb, why) != 0)
			return 0;
		if (d.count[0] > MAX_BITS / (d.stride[0] ? d.stride[0] : 1)) {
			*why = "value-too-large";
			return 0;
		}
		bits = d.count[0] * d.stride[0];
		if (bits == 0)
			*why = "array-empty";
		return bits;
	default:
		*why = "type-unsupported";
		return 0;
	}
	if (bits == 0)
		*why = "type-no-size";
	return bits;
}

uint64_t hd_watch_type_bits(const hd_watch_types *ty, const hd_die *t, const char **why)
{
	return bits_at(ty, t, 0, why);
}

/* ---- the walks ---- */

typedef struct walk {
	const hd_watch_types *ty;
	uint64_t size;            /* bits of the value */
	/* print walk */
	hd_buf *out;
	size_t start;
	const uint8_t *bytes, *set;
	/* load walk */
	hd_watch_loader load;
	void *self;
	hd_status *st;
	int failed;
} walk;

static void value_at(walk *w, const hd_die *type, uint64_t bit, uint64_t bits, int depth);

static void put(walk *w, const char *s)
{
	if (w->out != NULL)
		hd_buf_printf(w->out, "%s", s);
}

static void put_error(walk *w, const char *why)
{
	if (w->out != NULL)
		hd_buf_printf(w->out, "<error: %s>", why);
}

/* The load walk's step at one node: the node's bytes at once, then (when
 * they hold nothing and the node has parts) part by part. Returns 1 when
 * the parts are still to be tried. */
static int load_node(walk *w, uint64_t bit, uint64_t bits)
{
	int r;

	if (w->failed)
		return 0;
	r = w->load(w->self, bit / 8, (bit + bits + 7) / 8 - bit / 8, w->st);
	if (r < 0)
		w->failed = 1;
	return r == 1;
}

static hd_leaf_kind leaf_kind(uint64_t encoding, int *ok)
{
	*ok = 1;
	switch (encoding) {
	case DW_ATE_signed: case DW_ATE_signed_char:
		return HD_LEAF_SIGNED;
	case DW_ATE_unsigned: case DW_ATE_unsigned_char: case DW_ATE_UTF:
		return HD_LEAF_UNSIGNED;
	case DW_ATE_boolean:
		return HD_LEAF_BOOL;
	case DW_ATE_float:
		return HD_LEAF_FLOAT;
	case DW_ATE_address:
		return HD_LEAF_POINTER;
	}
	*ok = 0;
	return HD_LEAF_UNSIGNED;
}

/* A leaf of kind at [bit, bit + bits). */
static void leaf(walk *w, hd_leaf_kind kind, uint64_t bit, uint64_t bits)
{
	if (w->out != NULL)
		hd_watch_leaf(w->out, kind, w->bytes, w->set, bit, (unsigned)(bits > UINT32_MAX ? 0 : bits));
}

/* The smallest power of two at or above n. */
static uint64_t pow2_at_least(uint64_t n)
{
	uint64_t p = 1;

	while (p < n && p < ((uint64_t)1 << 32))
		p <<= 1;
	return p;
}

/* A base type: a scalar leaf, or with DW_AT_LLVM_vector_size N a vector of
 * N elements. The byte size covers the storage, which OpenCL C 6.1.5 pads
 * to a power of two of elements (a 3-vector takes 4), so an element's size
 * is the byte size over N rounded up to a power of two. */
static void base_at(walk *w, const hd_die *t, uint64_t bit, uint64_t bits, int depth)
{
	uint64_t enc = 0, n = 0;
	int ok;
	hd_leaf_kind kind;

	(void)constant(t, DW_AT_encoding, &enc);
	kind = leaf_kind(enc, &ok);
	if (!ok) {
		put_error(w, "base-type-encoding");
		return;
	}
	if (constant(t, (uint16_t)hd_xat_code(HD_XAT_vector_size, w->ty->u->profile), &n) != 0 ||
	    n == 0) {
		if (w->out == NULL)
			(void)load_node(w, bit, bits);
		leaf(w, kind, bit, bits);
		return;
	}
	uint64_t eb = bits / pow2_at_least(n);
	if (eb == 0) {
		put_error(w, "vector-size");
		return;
	}
	if (w->out == NULL && !load_node(w, bit, bits))
		return;
	put(w, "{");
	for (uint64_t i = 0; i < n && !w->failed; i++) {
		if (i == HD_WATCH_MAX_ELEMENTS) {
			put(w, ", ...");
			break;
		}
		if (i > 0)
			put(w, ", ");
		if (w->out != NULL && w->out->len - w->start > HD_WATCH_MAX_TEXT) {
			put(w, "...");
			continue;
		}
		if (depth + 1 > PRINT_DEPTH) {
			put(w, "...");
			continue;
		}
		if (w->out == NULL)
			(void)load_node(w, bit + i * eb, eb);
		leaf(w, kind, bit + i * eb, eb);
	}
	put(w, "}");
}

/* An enumeration (DWARF 5 5.9): the enumerator's name, else the number.
 * Signed when the underlying type is, or, without one, when an enumerator
 * is written signed and negative. */
static void enum_at(walk *w, const hd_die *t, uint64_t bit, uint64_t bits)
{
	const hd_die *under = strip(type_of(t));
	uint64_t enc = 0;
	size_t n = 0, k = 0;
	const char **names;
	int64_t *values;
	int is_signed = 0;

	if (w->out == NULL) {
		(void)load_node(w, bit, bits);
		return;
	}
	if (under != NULL && under->tag == DW_TAG_base_type &&
	    constant(under, DW_AT_encoding, &enc) == 0)
		is_signed = enc == DW_ATE_signed || enc == DW_ATE_signed_char;
	for (const hd_die *c = t->first_child; c != NULL; c = c->next)
		n++;
	names = calloc(n ? n : 1, sizeof *names);
	values = calloc(n ? n : 1, sizeof *values);
	if (names == NULL || values == NULL) {
		put_error(w, "no-memory");
		free(names);
		free(values);
		return;
	}
	for (const hd_die *c = t->first_child; c != NULL; c = c->next) {
		const hd_attr *name = hd_die_attr(c, DW_AT_name);
		const hd_attr *v = hd_die_attr(c, DW_AT_const_value);
		if (c->tag != DW_TAG_enumerator || name == NULL || v == NULL ||
		    (v->kind != HD_DV_UDATA && v->kind != HD_DV_SDATA))
			continue;
		if (under == NULL && v->kind == HD_DV_SDATA && (int64_t)v->u < 0)
			is_signed = 1;
		names[k] = name->s;
		values[k++] = (int64_t)v->u;
	}
	hd_watch_enum(w->out, is_signed, w->bytes, w->set, bit, (unsigned)(bits > UINT32_MAX ? 0 : bits),
	              names, values, k);
	free(names);
	free(values);
}

/* DWARF 2's DW_AT_data_member_location block: only the common
 * DW_OP_plus_uconst N is followed. */
static int member_block(const hd_attr *a, uint64_t *bytes)
{
	uint64_t v = 0;
	unsigned shift = 0;

	if (a->len < 2 || a->bytes[0] != DW_OP_plus_uconst)
		return -1;
	for (size_t i = 1; i < a->len; i++, shift += 7) {
		if (shift > 63)
			return -1;
		v |= (uint64_t)(a->bytes[i] & 0x7f) << shift;
		if (!(a->bytes[i] & 0x80)) {
			*bytes = v;
			return i + 1 == a->len ? 0 : -1;
		}
	}
	return -1;
}

/* Where a member or base is in its composite (DWARF 5 5.7.3, 5.7.6): bit
 * offset *off and, for a bit field, *bits (0: the type's size). The DWARF 2
 * bit field form counts DW_AT_bit_offset from the most significant bit of
 * a DW_AT_byte_size storage unit; on a little-endian target its low bit is
 * unit size - bit_offset - bit_size bits above the unit's start. */
static int member_place(const hd_watch_types *ty, const hd_die *m, uint64_t *off, uint64_t *bits,
                        const char **why)
{
	const hd_attr *loc = hd_die_attr(m, DW_AT_data_member_location);
	uint64_t v, unit, bo;

	*off = 0;
	*bits = 0;
	(void)constant(m, DW_AT_bit_size, bits);
	if (constant(m, DW_AT_data_bit_offset, &v) == 0) {
		*off = v;
		return 0;
	}
	if (loc != NULL) {
		if (constant(m, DW_AT_data_member_location, &v) != 0 &&
		    (loc->kind != HD_DV_EXPR || member_block(loc, &v) != 0)) {
			*why = "member-location";
			return -1;
		}
		*off = v * 8;
	}
	if (constant(m, DW_AT_bit_offset, &bo) == 0) {
		if (constant(m, DW_AT_byte_size, &unit) == 0)
			unit *= 8;
		else
			unit = bits_at(ty, type_of(m), 0, why);
		if (*bits == 0 || unit < bo + *bits) {
			*why = "member-bit-offset";
			return -1;
		}
		*off += unit - bo - *bits;
	}
	return 0;
}

/* A structure, class or union (DWARF 5 5.7): its data members and bases in
 * DIE order, "<Base> = " for a base; static members (DW_TAG_variable in
 * DWARF 5, a DW_TAG_member declaration before) live elsewhere. */
static void members_at(walk *w, const hd_die *t, uint64_t bit, int depth)
{
	int first = 1;

	put(w, "{");
	for (const hd_die *c = t->first_child; c != NULL && !w->failed; c = c->next) {
		uint64_t off, bits;
		const char *why = NULL;
		const hd_attr *name;

		if ((c->tag != DW_TAG_member && c->tag != DW_TAG_inheritance) ||
		    hd_die_attr(c, DW_AT_declaration) != NULL)
			continue;
		put(w, first ? "" : ", ");
		first = 0;
		if (c->tag == DW_TAG_inheritance) {
			const hd_die *base = strip(type_of(c));
			name = base != NULL ? hd_die_attr(base, DW_AT_name) : NULL;
			put(w, "<");
			put(w, name != NULL ? name->s : "");
			put(w, "> = ");
		} else {
			name = hd_die_attr(c, DW_AT_name);
			put(w, name != NULL ? name->s : "");
			put(w, " = ");
		}
		if (member_place(w->ty, c, &off, &bits, &why) != 0 || off > MAX_BITS)
			put_error(w, why ? why : "member-location");
		else
			value_at(w, type_of(c), bit + off, bits, depth + 1);
	}
	put(w, "}");
}

/* One dimension k of an array, nested as on the SPIR-V side: rows are not
 * checked for being unset or for the text cap, their elements are. */
static void rows_at(walk *w, const hd_die *elem, const dims *d, uint32_t k, uint64_t bit,
                    uint64_t elem_bits, int depth)
{
	if (w->out != NULL && w->out->len - w->start > HD_WATCH_MAX_TEXT) {
		put(w, "...");  /* a row past the cap would still print one "..." per element */
		return;
	}
	put(w, "{");
	for (uint64_t i = 0; i < d->count[k] && !w->failed; i++) {
		if (i == HD_WATCH_MAX_ELEMENTS) {
			put(w, ", ...");
			break;
		}
		if (i > 0)
			put(w, ", ");
		if (k + 1 < d->n)
			rows_at(w, elem, d, k + 1, bit + i * d->stride[k], elem_bits, depth + 1);
		else
			value_at(w, elem, bit + i * d->stride[k], elem_bits, depth + 1);
	}
	put(w, "}");
}

static void array_at(walk *w, const hd_die *t, uint64_t bit, int depth)
{
	const char *why = NULL;
	uint64_t eb;
	dims d;

	if (array_dims(w->ty, t, 0, &d, &eb, &why) != 0) {
		put_error(w, why);
		return;
	}
	rows_at(w, type_of(t), &d, 0, bit, eb, depth);
}

/* The value of `bits` bits (0: the type's size; less for a bit field) of
 * type at bit `bit` of the value. */
static void value_at(walk *w, const hd_die *type, uint64_t bit, uint64_t bits, int depth)
{
	const char *why = "type-unsupported";
	const hd_die *t = strip(type);
	uint64_t size = bits_at(w->ty, type, 0, &why);

	if (w->out != NULL && (w->out->len - w->start > HD_WATCH_MAX_TEXT || depth > PRINT_DEPTH)) {
		put(w, "...");
		return;
	}
	if (w->failed || depth > PRINT_DEPTH)
		return;
	if (t == NULL || size == 0) {
		put_error(w, why);
		return;
	}
	if (bits == 0 || bits > size)
		bits = size;
	if (bit > w->size || bits > w->size - bit) {
		put_error(w, "outside-value");
		return;
	}
	if (w->out != NULL && bit % 8 == 0 && bits == size && size % 8 == 0 &&
	    !hd_watch_any_set(w->set, bit / 8, size / 8)) {
		put(w, HD_WATCH_UNSET);
		return;
	}
	if (is_pointer(t->tag)) {
		if (w->out == NULL)
			(void)load_node(w, bit, bits);
		leaf(w, HD_LEAF_POINTER, bit, bits);
		return;
	}
	switch (t->tag) {
	case DW_TAG_base_type:
		base_at(w, t, bit, bits, depth);
		break;
	case DW_TAG_enumeration_type:
		enum_at(w, t, bit, bits);
		break;
	case DW_TAG_structure_type: case DW_TAG_class_type: case DW_TAG_union_type:
		if (w->out == NULL && !load_node(w, bit, bits))
			break;
		members_at(w, t, bit, depth);
		break;
	case DW_TAG_array_type:
		if (w->out == NULL && !load_node(w, bit, bits))
			break;
		array_at(w, t, bit, depth);
		break;
	default:
		put_error(w, "type-unsupported");
		break;
	}
}

int hd_watch_type_load(const hd_watch_types *ty, const hd_die *t, uint64_t size_bits,
                       hd_watch_loader load, void *self, hd_status *st)
{
	walk w;

	memset(&w, 0, sizeof w);
	w.ty = ty;
	w.size = size_bits;
	w.load = load;
	w.self = self;
	w.st = st;
	value_at(&w, t, 0, 0, 0);
	return w.failed ? -1 : 0;
}

void hd_watch_type_print(const hd_watch_types *ty, const hd_die *t, uint64_t size_bits,
                         const uint8_t *bytes, const uint8_t *set, hd_buf *out)
{
	walk w;

	memset(&w, 0, sizeof w);
	w.ty = ty;
	w.size = size_bits;
	w.out = out;
	w.start = out->len;
	w.bytes = bytes;
	w.set = set;
	value_at(&w, t, 0, 0, 0);
}
