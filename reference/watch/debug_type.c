/* Reading a variable through its DebugType (docs/watch-format.md,
 * "Values").
 *
 * The layout is the source language's, computed here from the DebugType's
 * own operands and OpenCL C's rules (OpenCL C 6.1.5: a 3-component vector
 * is as large and as aligned as the 4-component one; an array's elements
 * follow each other at the element's size; members at the Offset the
 * producer gave them). It is deliberately not the lowering's code: the
 * value check compares the two, so they must be computed apart. */
#include <string.h>

#include "value_text.h"
#include "watch.h"

#define MAX_DEPTH 32

static const hd_di_node *node(const hd_spv_module *m, uint32_t id)
{
	return hd_di_node_of(m, id);
}

static int is(const hd_di_node *n, const char *name)
{
	return n != NULL && n->inst != NULL && strcmp(n->inst->name, name) == 0;
}

/* Typedefs, qualifiers and template instances stand for their base type. */
static const hd_di_node *strip(const hd_spv_module *m, uint32_t type)
{
	const hd_di_node *n = node(m, type);

	for (int i = 0; i < MAX_DEPTH && n != NULL; i++) {
		if (is(n, "DebugTypedef") || is(n, "DebugTypeQualifier"))
			n = node(m, hd_di_word(n, HD_O_Base_Type));
		else if (is(n, "DebugTypeTemplate"))
			n = node(m, hd_di_word(n, HD_O_Target));
		else
			return n;
	}
	return NULL;
}

static uint64_t number(const hd_di_node *n, hd_spv_oname operand)
{
	uint64_t v = 0;
	return hd_di_number(n, operand, &v) == 0 ? v : 0;
}

static unsigned pointer_bytes(const hd_spv_module *m)
{
	for (uint32_t i = 0; i < m->ninsns && m->insns[i].function < 0; i++)
		if (m->insns[i].opcode == 14 /* OpMemoryModel */ && m->insns[i].nwords >= 2)
			return m->words[m->insns[i].offset + 1] == 1 /* Physical32 */ ? 4 : 8;
	return 8;
}

/* The Component Counts of an array: their product, or 0 when one is not a
 * constant (a variable-length array). */
static uint64_t array_count(const hd_di_node *n, uint32_t *dims, uint64_t *counts,
                            uint32_t max)
{
	hd_di_span sp;
	uint64_t total = 1;

	*dims = 0;
	if (hd_di_array_counts(n, &sp) != 0)
		return 0;
	for (uint32_t k = 0; k < sp.count; k++) {
		uint64_t c = 0;
		unsigned width;
		int is_signed;
		if (hd_spv_int_constant(n->m, n->args[sp.first + k], &c, &width, &is_signed) != 0)
			c = 0;
		if (k < max)
			counts[k] = c;
		total = c != 0 && total <= UINT32_MAX / c ? total * c : 0;
	}
	*dims = sp.count < max ? sp.count : max;
	return total;
}

static uint64_t size_at(const hd_spv_module *m, uint32_t type, int depth)
{
	const hd_di_node *n = strip(m, type);
	uint64_t c;

	if (n == NULL || depth > MAX_DEPTH)
		return 0;
	if (is(n, "DebugTypeBasic") || is(n, "DebugTypeComposite") || is(n, "DebugTypeEnum"))
		return number(n, HD_O_Size) / 8;
	/* a pointer to member reads as an address too: the offset of a data
	 * member, or the first word of a member function pointer, as DWARF's
	 * DW_TAG_ptr_to_member_type without a size gives it (DWARF 5 5.14) */
	if (is(n, "DebugTypePointer") || is(n, "DebugTypePtrToMember"))
		return pointer_bytes(m);
	if (is(n, "DebugTypeVector")) {
		c = hd_di_word(n, HD_O_Component_Count);
		return (c == 3 ? 4 : c) * size_at(m, hd_di_word(n, HD_O_Base_Type), depth + 1);
	}
	if (is(n, "DebugTypeArray")) {
		uint32_t dims;
		uint64_t counts[8];
		c = array_count(n, &dims, counts, 8);
		return c * size_at(m, hd_di_word(n, HD_O_Base_Type), depth + 1);
	}
	return 0;
}

uint64_t hd_watch_type_size(const hd_spv_module *m, uint32_t type)
{
	return size_at(m, type, 0);
}

static hd_leaf_kind leaf_kind(const hd_di_node *basic)
{
	const char *e = hd_di_enum_name(basic, HD_O_Encoding);

	if (e == NULL)
		return HD_LEAF_UNSIGNED;
	if (strcmp(e, "Signed") == 0 || strcmp(e, "SignedChar") == 0)
		return HD_LEAF_SIGNED;
	if (strcmp(e, "Float") == 0)
		return HD_LEAF_FLOAT;
	if (strcmp(e, "Boolean") == 0)
		return HD_LEAF_BOOL;
	if (strcmp(e, "Address") == 0)
		return HD_LEAF_POINTER;
	return HD_LEAF_UNSIGNED;
}

static int is_static_member(const hd_di_node *member)
{
	hd_di_span sp;
	const hd_spv_operand *op = NULL;

	if (hd_di_span_of(member, HD_O_Flags, &sp) != 0)
		return 0;
	for (int i = 0; i < member->inst->noperands; i++)
		if (strcmp(member->inst->operands[i].name, "Flags") == 0)
			op = &member->inst->operands[i];
	for (uint32_t k = 0; op != NULL && op->en != NULL && k < op->en->count; k++)
		if (strcmp(op->en->values[k].name, "FlagStaticMember") == 0)
			return (hd_di_word(member, HD_O_Flags) & op->en->values[k].value) != 0;
	return 0;
}

typedef struct printer {
	const hd_spv_module *m;
	const uint8_t *bytes, *set;
	hd_buf *out;
	size_t start;
} printer;

static void print_at(printer *p, uint32_t type, uint64_t bit, uint64_t bits, int depth);

static void print_enum(printer *p, const hd_di_node *n, uint64_t bit, unsigned bits)
{
	const char *names[64];
	int64_t values[64];
	size_t count = 0;
	hd_di_span sp;
	const hd_di_node *under = strip(p->m, hd_di_word(n, HD_O_Underlying_Type));
	int is_signed = under != NULL && is(under, "DebugTypeBasic") &&
	                leaf_kind(under) == HD_LEAF_SIGNED;

	if (hd_di_span_of(n, HD_O_Enumerators, &sp) == 0)
		for (uint32_t k = 0; k + 1 < sp.count && count < 64; k += 2) {
			uint64_t v = n->args[sp.first + k];
			unsigned width;
			int sgn;
			/* the value is a constant's id, or a literal in older producers */
			if (hd_spv_int_constant(n->m, n->args[sp.first + k], &v, &width, &sgn) != 0)
				v = n->args[sp.first + k];
			names[count] = hd_spv_string(n->m, n->args[sp.first + k + 1]);
			values[count] = (int64_t)v;
			if (names[count] != NULL)
				count++;
		}
	hd_watch_enum(p->out, is_signed, p->bytes, p->set, bit, bits, names, values, count);
}

static void print_members(printer *p, const hd_di_node *n, uint64_t bit, int depth)
{
	hd_di_span sp;
	int first = 1;

	hd_buf_printf(p->out, "{");
	if (hd_di_span_of(n, HD_O_Members, &sp) == 0)
		for (uint32_t k = 0; k < sp.count; k++) {
			const hd_di_node *mem = node(p->m, n->args[sp.first + k]);
			uint64_t off, size;
			const char *name;
			uint32_t type;
			if (is(mem, "DebugTypeInheritance")) {
				const hd_di_node *base = strip(p->m, hd_di_word(mem, HD_O_Parent));
				name = base != NULL ? hd_di_string(base, HD_O_Name) : NULL;
				type = hd_di_word(mem, HD_O_Parent);
			} else if (is(mem, "DebugTypeMember") && !is_static_member(mem)) {
				name = hd_di_string(mem, HD_O_Name);
				type = hd_di_word(mem, HD_O_Type);
			} else {
				continue;
			}
			off = number(mem, HD_O_Offset);
			size = number(mem, HD_O_Size);
			hd_buf_printf(p->out, "%s%s%s%s = ", first ? "" : ", ",
			              is(mem, "DebugTypeInheritance") ? "<" : "", name ? name : "",
			              is(mem, "DebugTypeInheritance") ? ">" : "");
			first = 0;
			print_at(p, type, bit + off, size, depth + 1);
		}
	hd_buf_printf(p->out, "}");
}

static void print_array(printer *p, uint32_t elem, const uint64_t *counts, uint32_t dims,
                        uint64_t bit, uint64_t esize, int depth)
{
	uint64_t stride = esize;

	for (uint32_t d = 1; d < dims; d++)
		stride *= counts[d];
	hd_buf_printf(p->out, "{");
	for (uint64_t i = 0; i < counts[0]; i++) {
		/* past the element or text bound the rest is one "...", so a huge
		 * array costs no more than the bound */
		if (i == HD_WATCH_MAX_ELEMENTS || p->out->len - p->start > HD_WATCH_MAX_TEXT) {
			hd_buf_printf(p->out, ", ...");
			break;
		}
		if (i > 0)
			hd_buf_printf(p->out, ", ");
		if (dims > 1)
			print_array(p, elem, counts + 1, dims - 1, bit + i * stride * 8, esize, depth + 1);
		else
			print_at(p, elem, bit + i * esize * 8, esize * 8, depth + 1);
	}
	hd_buf_printf(p->out, "}");
}

/* The value of `bits` bits of type `type` at bit `bit`; a member's Size may
 * be narrower than its type (a bit-field). */
static void print_at(printer *p, uint32_t type, uint64_t bit, uint64_t bits, int depth)
{
	const hd_di_node *n = strip(p->m, type);
	uint64_t size = size_at(p->m, type, 0);

	if (p->out->len - p->start > HD_WATCH_MAX_TEXT || depth > MAX_DEPTH) {
		hd_buf_printf(p->out, "...");
		return;
	}
	if (n == NULL || size == 0) {
		hd_buf_printf(p->out, "<no type>");
		return;
	}
	if (bits == 0 || bits > size * 8)
		bits = size * 8;
	if (bit % 8 == 0 && bits == size * 8 && !hd_watch_any_set(p->set, bit / 8, size)) {
		hd_buf_printf(p->out, HD_WATCH_UNSET);
		return;
	}
	if (is(n, "DebugTypeBasic")) {
		hd_watch_leaf(p->out, leaf_kind(n), p->bytes, p->set, bit, (unsigned)bits);
	} else if (is(n, "DebugTypePointer") || is(n, "DebugTypePtrToMember")) {
		hd_watch_leaf(p->out, HD_LEAF_POINTER, p->bytes, p->set, bit, (unsigned)bits);
	} else if (is(n, "DebugTypeEnum")) {
		print_enum(p, n, bit, (unsigned)bits);
	} else if (is(n, "DebugTypeComposite")) {
		print_members(p, n, bit, depth);
	} else if (is(n, "DebugTypeVector")) {
		uint64_t c = hd_di_word(n, HD_O_Component_Count);
		uint32_t e = hd_di_word(n, HD_O_Base_Type);
		print_array(p, e, &c, 1, bit, size_at(p->m, e, 0), depth);
	} else if (is(n, "DebugTypeArray")) {
		uint32_t dims, e = hd_di_word(n, HD_O_Base_Type);
		uint64_t counts[8];
		array_count(n, &dims, counts, 8);
		print_array(p, e, counts, dims, bit, size_at(p->m, e, 0), depth);
	} else {
		hd_buf_printf(p->out, "<%s>", n->inst ? n->inst->name : "type");
	}
}

void hd_watch_print(const hd_spv_module *m, uint32_t type, const uint8_t *bytes,
                    const uint8_t *set, hd_buf *out)
{
	printer p = { m, bytes, set, out, out->len };
	print_at(&p, type, 0, 0, 0);
}

/* DebugValue's Indexes walk the type the way OpAccessChain walks the
 * SPIR-V type (OpenCL.DebugInfo.100, DebugValue): a struct's fields are its
 * bases then its non-static members. */
int hd_watch_part(const hd_spv_module *m, uint32_t type, const uint64_t *indexes, uint32_t n,
                  uint64_t *offset, uint32_t *part_type)
{
	uint64_t off = 0;

	for (uint32_t i = 0; i < n; i++) {
		const hd_di_node *t = strip(m, type);
		uint64_t k = indexes[i];
		if (is(t, "DebugTypeComposite")) {
			hd_di_span sp;
			uint64_t seen = 0;
			int found = 0;
			for (int pass = 0; pass < 2 && !found; pass++)
				for (uint32_t j = 0; hd_di_span_of(t, HD_O_Members, &sp) == 0 && j < sp.count; j++) {
					const hd_di_node *mem = node(m, t->args[sp.first + j]);
					int field = pass == 0 ? is(mem, "DebugTypeInheritance")
					                      : is(mem, "DebugTypeMember") && !is_static_member(mem);
					if (!field || seen++ != k)
						continue;
					off += number(mem, HD_O_Offset) / 8;
					type = hd_di_word(mem, pass == 0 ? HD_O_Parent : HD_O_Type);
					found = 1;
					break;
				}
			if (!found)
				return -1;
		} else if (is(t, "DebugTypeVector") || is(t, "DebugTypeArray")) {
			uint32_t e = hd_di_word(t, HD_O_Base_Type);
			uint64_t esize = size_at(m, e, 0);
			if (is(t, "DebugTypeArray")) {
				uint32_t dims;
				uint64_t counts[8], inner = 1;
				array_count(t, &dims, counts, 8);
				for (uint32_t d = 1; d < dims; d++)
					inner *= counts[d];
				esize *= inner;  /* one index steps over a row */
				if (dims > 1)
					return -1;  /* rows of a multi-dimensional array have no type */
			}
			off += k * esize;
			type = e;
		} else {
			return -1;
		}
	}
	*offset = off;
	*part_type = type;
	return 0;
}
