/* Composite location descriptions, DWARF Extensions for Heterogeneous Debugging "Composite Location Description
 * Operations": DW_OP_piece and bit_piece build one part at a time on an
 * incomplete composite; LLVM_piece_end completes it; LLVM_extend and
 * LLVM_select_bit_piece make complete ones at once. */
#include "machine.h"

#define MAX_PARTS (1u << 20)  /* bounds DW_OP_LLVM_extend's count */

/* DWARF Extensions for Heterogeneous Debugging: every bit of a part must lie inside the storage of each of the
 * part's single locations, or the expression is ill-formed. */
static int check_part(hd_machine *m, const hd_loc *pl, uint64_t bits)
{
	for (uint32_t i = 0; i < pl->n; i++) {
		const hd_sloc *sl = &pl->s[i];
		if (sl->storage->kind != HD_STORAGE_UNDEFINED &&
		    sl->offset + (hd_bits)bits > sl->storage->size)
			return hd_ill(m, "part-out-of-range",
			              "a part of %llu bits runs past the end of its storage",
			              (unsigned long long)bits);
	}
	return 0;
}

/* The largest composite DWARF Extensions for Heterogeneous Debugging allows: the largest address space's memory
 * storage. On the architectures here that is the generic type's. */
static hd_bits max_composite_bits(const hd_machine *m)
{
	return (hd_bits)1 << (hd_generic_bits(m) + 3);
}

/* A composite storage with room for cap parts and the single location at
 * its start, in one allocation: most composites are made by a piece or
 * two and never grow. */
static const hd_loc *new_composite(hd_machine *m, uint32_t cap, int complete,
                                   hd_storage **s)
{
	const hd_loc *l;

	if (cap == 0)
		cap = 1;
	l = hd_loc_of_new(m, HD_STORAGE_COMPOSITE, 0, 0, (size_t)cap * sizeof(hd_part), s);
	if (l == NULL)
		return NULL;
	(*s)->u.comp.parts = (hd_part *)(*s + 1);  /* the extra bytes after it */
	(*s)->u.comp.cap = cap;
	(*s)->u.comp.complete = complete;
	return l;
}

static int append_part(hd_machine *m, hd_storage *s, const hd_loc *pl, uint64_t bits)
{
	if (check_part(m, pl, bits) != 0)
		return -1;
	if (s->size + (hd_bits)bits > max_composite_bits(m))
		return hd_ill(m, "composite-too-large",
		              "the composite is larger than the largest address space");
	if (s->u.comp.nparts == s->u.comp.cap) {
		uint32_t cap = s->u.comp.cap ? s->u.comp.cap * 2 : 4;
		hd_part *p = hd_alloc(m, cap * sizeof *p);
		if (p == NULL)
			return -1;
		for (uint32_t i = 0; i < s->u.comp.nparts; i++)
			p[i] = s->u.comp.parts[i];
		s->u.comp.parts = p;
		s->u.comp.cap = cap;
	}
	s->u.comp.parts[s->u.comp.nparts].loc = pl;
	s->u.comp.parts[s->u.comp.nparts].bits = bits;
	s->u.comp.nparts++;
	s->size += (hd_bits)bits;
	return 0;
}

static int push_new_composite(hd_machine *m, const hd_loc *pl, uint64_t bits)
{
	hd_storage *s;
	const hd_loc *l = new_composite(m, 4, 0, &s);

	if (l == NULL || append_part(m, s, pl, bits) != 0)
		return -1;
	return hd_push_loc(m, l);
}

static hd_storage *top_incomplete(hd_machine *m)
{
	hd_entry *top = hd_stack_at(m, 0);

	if (top != NULL && top->is_loc && hd_is_incomplete(top->loc))
		return top->loc->s[0].storage;
	return NULL;
}

/* DW_OP_piece S and DW_OP_bit_piece S, B: the four cases of DWARF Extensions for Heterogeneous Debugging, in its
 * order. An omitted part location is undefined storage. */
int hd_op_piece(hd_machine *m, const hd_op *op)
{
	uint64_t bits = op->id == HD_OP_piece ? op->u[0] * 8 : op->u[0];
	hd_storage *s = top_incomplete(m);
	const hd_loc *pl;

	if (op->id == HD_OP_piece && op->u[0] > UINT64_MAX / 8)
		return hd_ill(m, "composite-too-large", "the piece is too large");
	if (hd_stack_size(m) == 0 || s != NULL) {
		if ((pl = hd_loc_undefined(m)) == NULL)
			return -1;
		return s ? append_part(m, s, pl, bits) : push_new_composite(m, pl, bits);
	}
	if (hd_pop_loc(m, &pl) != 0)
		return -1;
	if (op->id == HD_OP_bit_piece && op->u[1] != 0 &&
	    hd_loc_offset(m, pl, (hd_bits)op->u[1], &pl) != 0)
		return -1;
	if ((s = top_incomplete(m)) != NULL)
		return append_part(m, s, pl, bits);
	return push_new_composite(m, pl, bits);
}

int hd_op_piece_end(hd_machine *m, const hd_op *op)
{
	hd_storage *s = top_incomplete(m);

	(void)op;
	if (s == NULL)
		return hd_ill(m, "not-incomplete-composite",
		              "the top entry is not an incomplete composite location description");
	s->u.comp.complete = 1;
	return 0;
}

int hd_op_extend(hd_machine *m, const hd_op *op)
{
	uint64_t bits = op->u[0], count = op->u[1];
	const hd_loc *pl, *l;
	hd_storage *s;

	if (bits == 0 || count == 0)
		return hd_ill(m, "zero-size", "the element size and count must not be 0");
	if (count > MAX_PARTS)
		return hd_err(m, "resource-limit", "more than %u parts", MAX_PARTS);
	if (hd_pop_loc(m, &pl) != 0 || (l = new_composite(m, (uint32_t)count, 1, &s)) == NULL)
		return -1;
	for (uint64_t i = 0; i < count; i++)
		if (append_part(m, s, pl, bits) != 0)
			return -1;
	return hd_push_loc(m, l);
}

/* Part N is L1 or L0 as bit N of the mask M says, moved by N*S bits. */
int hd_op_select_bit_piece(hd_machine *m, const hd_op *op)
{
	uint64_t bits = op->u[0], count = op->u[1];
	const hd_loc *l0, *l1, *pl, *l;
	hd_value mask;
	hd_storage *s;

	if (bits == 0 || count == 0)
		return hd_ill(m, "zero-size", "the element size and count must not be 0");
	if (hd_pop_integral(m, &mask) != 0)
		return -1;
	if (mask.bits < count)
		return hd_ill(m, "mask-too-small", "a %u-bit mask cannot select %llu parts",
		              (unsigned)mask.bits, (unsigned long long)count);
	if (hd_pop_loc(m, &l1) != 0 || hd_pop_loc(m, &l0) != 0)
		return -1;
	if ((l = new_composite(m, (uint32_t)count, 1, &s)) == NULL)
		return -1;
	for (uint64_t n = 0; n < count; n++) {
		int one = mask.bits > 64 ? (mask.big[n / 8] >> (n % 8)) & 1
		                         : (int)((mask.lo >> n) & 1);
		if (hd_loc_offset(m, one ? l1 : l0, (hd_bits)n * (hd_bits)bits, &pl) != 0 ||
		    append_part(m, s, pl, bits) != 0)
			return -1;
	}
	return hd_push_loc(m, l);
}
