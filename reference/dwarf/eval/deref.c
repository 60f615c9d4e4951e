/* Operations that read a value through a location description (DWARF Extensions for Heterogeneous Debugging
 * "Special Value Operations"): DW_OP_deref, deref_size, deref_type, the
 * deprecated xderef forms, regval_type, and entry_value. */
#include "machine.h"

#include <string.h>

/* Reads bits through l and pushes the value of type t (NULL: generic), or the
 * implicit pointer value when the bits are a whole implicit pointer storage. */
static int read_and_push(hd_machine *m, const hd_loc *l, uint32_t bits,
                         const hd_base_type *t)
{
	const hd_ipv *ipv;
	uint8_t small[8], *buf = small;
	hd_entry *slot;
	hd_value v;

	if (bits > 64 && (buf = hd_alloc(m, (bits + 7) / 8)) == NULL)
		return -1;
	if (hd_read_loc(m, l, bits, buf, &ipv) != 0)
		return -1;
	if (ipv != NULL) {
		memset(&v, 0, sizeof v);
		v.bits = bits;
		v.ipv = ipv;
		return hd_push_value(m, &v);
	}
	if ((slot = hd_push_slot(m)) == NULL)
		return -1;
	slot->is_loc = 0;
	slot->loc = NULL;
	return hd_value_from_bytes(m, t, buf, (bits + 7) / 8, &slot->value);
}

/* DW_OP_xderef*: DW_OP_swap; DW_OP_LLVM_form_aspace_address, then the read.
 * Pops A (top) and AS, pushes the memory location. */
static int xderef_location(hd_machine *m, const hd_loc **l)
{
	static const hd_op form = { HD_OP_LLVM_form_aspace_address, 0, 1, { 0, 0 }, NULL, 0 };
	hd_entry a, as;
	int r;

	if (hd_pop(m, &a) != 0 || hd_pop(m, &as) != 0)
		return -1;
	if (hd_push(m, &a) != 0 || hd_push(m, &as) != 0)
		return -1;
	r = hd_op_memory(m, &form);
	return r != 0 ? r : hd_pop_loc(m, l);
}

/* deref_type S, DR and its relatives: ceil(bits of T / 8) must equal S. */
static int sized_type(hd_machine *m, uint64_t size, uint64_t die, const hd_base_type **t)
{
	if (hd_find_type(m, die, 0, t) != 0)
		return -1;
	if ((hd_type_bits(m, *t) + 7) / 8 != size)
		return hd_ill(m, "type-size-mismatch",
		              "the type has %u bits but the operand says %llu bytes",
		              (unsigned)hd_type_bits(m, *t), (unsigned long long)size);
	return 0;
}

int hd_op_deref(hd_machine *m, const hd_op *op)
{
	unsigned gbits = hd_generic_bits(m);
	const hd_base_type *t = NULL;
	const hd_loc *l;
	uint32_t bits = gbits;
	hd_loc_buf at;  /* an address popped converts here: it is read at once */
	hd_op reg;

	switch (op->id) {
	case HD_OP_deref_size:
	case HD_OP_xderef_size:
		/* DWARF Extensions for Heterogeneous Debugging: at most the generic size, zero-extended to generic */
		bits = op->u[0] * 8 < gbits ? (uint32_t)op->u[0] * 8 : gbits;
		break;
	case HD_OP_deref_type:
	case HD_OP_xderef_type:
		if (sized_type(m, op->u[0], op->u[1], &t) != 0)
			return -1;
		bits = hd_type_bits(m, t);
		break;
	case HD_OP_regval_type:
		/* DW_OP_regx R; DW_OP_deref_type with T */
		if (hd_find_type(m, op->u[1], 0, &t) != 0)
			return -1;
		bits = hd_type_bits(m, t);
		memset(&reg, 0, sizeof reg);
		reg.id = HD_OP_regx;
		reg.u[0] = op->u[0];
		if (hd_op_register(m, &reg) != 0)
			return -1;
		break;
	default:
		break;
	}
	if (op->id == HD_OP_xderef || op->id == HD_OP_xderef_size ||
	    op->id == HD_OP_xderef_type) {
		if (xderef_location(m, &l) != 0)
			return -1;
	} else if (hd_pop_loc_in(m, &at, &l) != 0) {
		return -1;
	}
	return read_and_push(m, l, bits, t);
}

/* DW_OP_entry_value (deprecated by DWARF Extensions for Heterogeneous Debugging): E runs in the calling frame.
 * A location result counts only if E ended with DW_OP_reg*: then the
 * register's contents as they were on entry are the value. */
int hd_op_entry_value(hd_machine *m, const hd_op *op)
{
	const hd_target *arch = m->ctx->arch;
	hd_context sub = *m->ctx;
	uint64_t bits;
	hd_entry e;

	if (!m->ctx->has_frame)
		return hd_missing(m, "call frame");
	if (m->ctx->stack != NULL && hd_caller_context(m, &sub) != 0)
		return -1;
	/* E runs at the call site of the calling frame; without a call stack
	 * nothing says where that is, and the context's pc is this frame's */
	if (m->ctx->stack == NULL)
		sub.has_pc = 0;
	hd_context_nested(&sub, HD_RESULT_ANY);
	sub.frame = m->ctx->frame + 1;
	if (hd_eval_nested(m, &sub, op->block, op->block_len, &e) != 0)
		return -1;
	m->op = op;
	if (!e.is_loc)
		return hd_push_value(m, &e.value);
	if (m->last_op != HD_OP_reg && m->last_op != HD_OP_regx)
		return hd_ill(m, "entry-value-not-value",
		              "E gave a location description but did not end with DW_OP_reg*");
	if (arch == NULL || arch->ops->register_bits(arch->self, m->last_reg, &bits) != 0)
		return hd_ill(m, "unknown-register", "E ended with an unknown register");
	if (bits > hd_generic_bits(m))
		return hd_err(m, "unsupported-type-size",
		              "the entry value of a %llu-bit register is not supported",
		              (unsigned long long)bits);
	return read_and_push(m, e.loc, (uint32_t)bits, NULL);
}
