/* Operations that push location descriptions, DWARF Extensions for Heterogeneous Debugging "Location Description
 * Operations": general (offsets, object, call frame), undefined, memory,
 * register and implicit ones. Composites are in composite.c. */
#include "machine.h"

#include <string.h>

/* What the architecture says of aspace; an aspace it lacks makes the
 * expression ill-formed (DWARF Extensions for Heterogeneous Debugging,
 * form_aspace_address and aspace_bregx). Without an architecture only
 * DW_ASPACE_none exists, of the generic size. */
static int aspace_info(hd_machine *m, uint64_t aspace, hd_aspace_info *info)
{
	const hd_target *arch = m->ctx->arch;

	if (arch == NULL) {
		if (aspace != 0)
			return hd_missing(m, "architecture");
		info->name = "none";
		info->addr_bits = hd_generic_bits(m);
		info->per_lane = 0;
		return 0;
	}
	if (arch->ops->aspace(arch->self, aspace, info) != 0)
		return hd_ill(m, "unknown-aspace",
		              "address space %llu is not one of the architecture's",
		              (unsigned long long)aspace);
	return 0;
}

/* An address space is an integral value of any width; one past 64 bits is
 * no DW_ASPACE_* value, not the space its low bits name. */
static int pop_aspace(hd_machine *m, uint64_t *aspace, hd_aspace_info *info)
{
	hd_value v;

	if (hd_pop_integral(m, &v) != 0)
		return -1;
	if (hd_value_number(&v, 0) > (hd_bits)UINT64_MAX)
		return hd_ill(m, "unknown-aspace",
		              "the address space is a %u-bit value past 2^64, which is not one "
		              "of the architecture's", (unsigned)v.bits);
	*aspace = hd_value_u64(&v);
	return aspace_info(m, *aspace, info);
}

/* ---- frames: unwound from the call stack, or answers supplied by the caller ---- */

static int unwound(hd_machine *m, hd_frame_query q, uint64_t reg, const hd_loc **out)
{
	switch (q) {
	case HD_FRAME_CFA:
		return hd_frame_cfa(m, out);
	case HD_FRAME_BASE:
		return hd_frame_base(m, out);
	case HD_FRAME_REGISTER:
		return hd_frame_register(m, reg, out);
	default:
		return hd_frame_entry_reg(m, reg, out);
	}
}

/* With a call stack the CFI answers (unwind.c); otherwise the caller's
 * answer (hd_frames) is evaluated in the top frame. */
/* The answer most frame bases are, one DW_OP_addr, evaluated in place as
 * the nested evaluation would: one step, a memory location in the default
 * address space at the address cut to the generic size, last_op addr.
 * 1 when it answered (0 or an error in m->st through the return of *rc),
 * 0 when the nested evaluation must run: any other expression, or a step or
 * call-depth limit it would be the one to report. */
static int answer_addr(hd_machine *m, const uint8_t *expr, size_t len, const hd_loc **out,
                       int *rc)
{
	uint64_t a;

	if (len != 1u + m->enc->addr_size || expr[0] != hd_op_table[HD_OP_addr].code ||
	    m->call_depth >= m->ev->limits.max_call_depth ||
	    m->steps + 1 > m->ev->limits.max_steps)
		return 0;
	a = hd_le_bytes(expr + 1, m->enc->addr_size);
	m->steps++;
	m->last_op = HD_OP_addr;
	*rc = hd_loc_memory(m, hd_default_aspace(m), a & hd_mask(hd_generic_bits(m)), out);
	return 1;
}

static int frame_answer(hd_machine *m, hd_frame_query q, uint64_t reg, const hd_loc **out)
{
	const hd_frames *f = m->ctx->frames;
	const uint8_t *expr;
	size_t len;
	hd_context sub;
	hd_entry e;
	int rc = 0;

	if (!m->ctx->has_frame)
		return hd_missing(m, "call frame");
	if (m->ctx->stack != NULL)
		return unwound(m, q, reg, out);
	if (f == NULL || f->query(f->self, q, m->ctx->frame, reg, &expr, &len) != 0)
		return hd_err(m, "no-call-frame-information",
		              "no call frame information answers this for frame %u",
		              (unsigned)m->ctx->frame);
	if (answer_addr(m, expr, len, out, &rc))
		return rc;
	sub = *m->ctx;
	hd_context_nested(&sub, HD_RESULT_LOCATION);
	sub.frame = 0;
	if (hd_eval_nested(m, &sub, expr, len, &e) != 0)
		return -1;
	*out = e.loc;
	return 0;
}

/* ---- registers ---- */

int hd_register_bits(hd_machine *m, uint64_t reg, uint64_t *bits)
{
	const hd_target *arch = m->ctx->arch;

	if (arch == NULL)
		return hd_missing(m, "architecture");
	if (arch->ops->register_bits(arch->self, reg, bits) != 0)
		return hd_ill(m, "unknown-register", "register %llu is not one of the architecture's",
		              (unsigned long long)reg);
	return 0;
}

/* DWARF Extensions for Heterogeneous Debugging DW_OP_regx: the register itself in the top frame; in another frame,
 * wherever call frame information says the register is. */
static int register_loc(hd_machine *m, uint64_t reg, const hd_loc **out)
{
	uint64_t bits;
	hd_storage *s;

	if (hd_register_bits(m, reg, &bits) != 0)
		return -1;
	if (!m->ctx->has_thread)
		return hd_missing(m, "thread");
	if (!m->ctx->has_frame)
		return hd_missing(m, "call frame");
	if (m->ctx->frame != 0) {
		int r = frame_answer(m, HD_FRAME_REGISTER, reg, out);
		m->last_reg = reg;  /* after the answer's own evaluation, which sets it too */
		return r;
	}
	m->last_reg = reg;
	*out = hd_loc_of_new(m, HD_STORAGE_REGISTER, (hd_bits)bits, 0, 0, &s);
	if (*out == NULL)
		return -1;
	s->u.reg.reg = reg;
	return 0;
}

int hd_op_register(hd_machine *m, const hd_op *op)
{
	const hd_loc *l;

	if (register_loc(m, op->u[0], &l) != 0)
		return -1;
	return hd_push_loc(m, l);
}

/* hd_register_value's common case, without making a location: the top
 * frame's register of at most 64 bytes, read straight into a buffer. 1 when
 * it answered (value set, or m->st holding the error), 0 when the general
 * path must (another frame, a wider register, missing context). The
 * checks and errors are register_loc's and hd_register_value's, in order. */
static int read_top_register(hd_machine *m, uint64_t reg, unsigned bits, uint64_t *value)
{
	const hd_target *arch = m->ctx->arch;
	uint8_t buf[64];
	uint64_t size, v = 0;

	if (arch == NULL || !m->ctx->has_thread || !m->ctx->has_frame || m->ctx->frame != 0)
		return 0;
	if (hd_register_bits(m, reg, &size) != 0)
		return 1;
	if (size > 8 * sizeof buf || size == 0)
		return 0;
	m->last_reg = reg;
	if (size < bits) {
		hd_err(m, "register-too-small", "register %llu has %u bits; an address here needs %u",
		       (unsigned long long)reg, (unsigned)size, bits);
		return 1;
	}
	if (arch->ops->read_register(arch->self, reg, buf, m->st) != 0)
		return 1;
	v = hd_le_bytes(buf, bits >= 64 ? 8 : (bits + 7) / 8);
	*value = v & hd_mask(bits);
	return 1;
}

/* The value of the low `bits` bits of a register, as DW_OP_regval_type with
 * an unsigned type of that size would read it. DWARF Extensions for Heterogeneous Debugging makes a register
 * narrower than that an evaluation error. */
int hd_register_value(hd_machine *m, uint64_t reg, unsigned bits, uint64_t *value)
{
	const hd_loc *l;

	if (read_top_register(m, reg, bits, value))
		return m->st->kind == HD_OK ? 0 : -1;
	if (register_loc(m, reg, &l) != 0)
		return -1;
	if (l->s[0].storage->kind == HD_STORAGE_REGISTER && l->s[0].storage->size < bits)
		return hd_err(m, "register-too-small",
		              "register %llu has %u bits; an address here needs %u",
		              (unsigned long long)reg, (unsigned)l->s[0].storage->size, bits);
	return hd_read_u64(m, l, bits, value);
}

/* DW_OP_breg*, bregx, LLVM_aspace_bregx and fbreg (DWARF Extensions for Heterogeneous Debugging "Memory Location
 * Description Operations" items 6 to 9). */
int hd_op_breg(hd_machine *m, const hd_op *op)
{
	uint64_t aspace = hd_default_aspace(m), base;
	hd_aspace_info info;
	const hd_loc *l;

	if (op->id == HD_OP_fbreg) {
		/* a caller's answer (hd_frames) is the attribute's expression:
		 * its result gets the attribute's rule; the call stack's
		 * hd_frame_base applies it itself */
		if (frame_answer(m, HD_FRAME_BASE, 0, &l) != 0 ||
		    (m->ctx->stack == NULL && hd_frame_base_result(m, m->ctx->frame, l, &l) != 0) ||
		    hd_loc_offset(m, l, (hd_bits)(int64_t)op->u[0] * 8, &l) != 0)
			return -1;
		return hd_push_loc(m, l);
	}
	if (op->id == HD_OP_LLVM_aspace_bregx) {
		if (pop_aspace(m, &aspace, &info) != 0)
			return -1;
	} else if (aspace_info(m, aspace, &info) != 0) {
		return -1;
	}
	/* the architecture was asked once: the location takes its answer */
	if (hd_register_value(m, op->u[0], info.addr_bits, &base) != 0 ||
	    hd_loc_memory_at(m, aspace, &info, (base + op->u[1]) & hd_mask(info.addr_bits),
	                     NULL, &l) != 0)
		return -1;
	return hd_push_loc(m, l);
}

/* ---- memory ---- */

static int form_aspace_address(hd_machine *m)
{
	uint64_t aspace;
	hd_aspace_info info;
	hd_value a;
	const hd_loc *l;

	if (pop_aspace(m, &aspace, &info) != 0 || hd_pop_value(m, &a) != 0)
		return -1;
	if (a.ipv != NULL) {
		/* DWARF Extensions for Heterogeneous Debugging: an implicit pointer value of this same address space
		 * designates its DIE's location */
		if (a.ipv->aspace != aspace)
			return hd_err(m, "implicit-pointer-use",
			              "an implicit pointer value of address space %llu used with %llu",
			              (unsigned long long)a.ipv->aspace, (unsigned long long)aspace);
		if (hd_ipv_deref(m, a.ipv, &l) != 0)
			return -1;
		return hd_push_loc(m, l);
	}
	if (!hd_is_integral(&a))
		return hd_ill(m, "not-integral", "the address must be of integral type");
	/* zero-extended to the address size, then its low bits: the extension keeps
	 * only the least significant S bits of A, so a wide A is cut, not refused */
	if (hd_loc_memory_at(m, aspace, &info, hd_value_u64(&a) & hd_mask(info.addr_bits),
	                     NULL, &l) != 0)
		return -1;
	return hd_push_loc(m, l);
}

static int form_tls_address(hd_machine *m)
{
	const hd_target *arch = m->ctx->arch;
	uint64_t aspace, addr;
	hd_value ta;
	const hd_loc *l;

	if (hd_pop_integral(m, &ta) != 0)
		return -1;
	if (arch == NULL)
		return hd_missing(m, "architecture");
	if (!m->ctx->has_thread)
		return hd_missing(m, "thread");
	if (arch->ops->tls_address == NULL)
		return hd_err(m, "no-thread-local-storage",
		              "%s has no thread-local storage", arch->name);
	/* the run time's TLS addresses are 64-bit: a wider TA names none */
	if (hd_value_number(&ta, 0) > (hd_bits)UINT64_MAX)
		return hd_err(m, "unsupported-type-size",
		              "a thread-local storage address past 2^64");
	if (arch->ops->tls_address(arch->self, hd_value_u64(&ta), &aspace, &addr, m->st) != 0)
		return -1;
	if (hd_loc_memory(m, aspace, addr, &l) != 0)
		return -1;
	return hd_push_loc(m, l);
}

int hd_op_memory(hd_machine *m, const hd_op *op)
{
	uint64_t a = op->u[0];
	const hd_loc *l;

	switch (op->id) {
	case HD_OP_LLVM_form_aspace_address:
		return form_aspace_address(m);
	case HD_OP_form_tls_address:
	case HD_OP_GNU_push_tls_address:
		return form_tls_address(m);
	case HD_OP_addrx:
		if (hd_debug_addr(m, op->u[0], &a) != 0)
			return -1;
		/* fall through */
	default: /* addr */
		if (hd_loc_memory(m, hd_default_aspace(m), a & hd_mask(hd_generic_bits(m)), &l) != 0)
			return -1;
		return hd_push_loc(m, l);
	}
}

/* ---- call frame ---- */

int hd_op_frame(hd_machine *m, const hd_op *op)
{
	const hd_loc *l;
	uint64_t bits;

	if (op->id == HD_OP_call_frame_cfa) {
		if (frame_answer(m, HD_FRAME_CFA, 0, &l) != 0)
			return -1;
		return hd_push_loc(m, l);
	}
	/* DW_OP_LLVM_call_frame_entry_reg */
	if (hd_register_bits(m, op->u[0], &bits) != 0 ||
	    frame_answer(m, HD_FRAME_ENTRY_REG, op->u[0], &l) != 0)
		return -1;
	return hd_push_loc(m, l);
}

/* ---- implicit ---- */

/* DW_OP_stack_value: the value on top becomes an implicit location of its
 * bits, in the same stack slot when it is a value already. */
static int stack_value(hd_machine *m)
{
	hd_value *top = hd_top_value(m, 0), v;
	uint8_t tmp[8];
	const hd_loc *l;

	if (top == NULL) {
		if (hd_pop_value(m, &v) != 0 || hd_push_value(m, &v) != 0)
			return -1;
		top = hd_top_value(m, 0);
	}
	if (top->ipv != NULL)  /* DWARF Extensions for Heterogeneous Debugging: gives back the implicit pointer location */
		l = hd_loc_single(m, (hd_storage *)top->ipv->origin, 0);
	else if (hd_loc_implicit(m, hd_value_bytes(m, top, tmp), top->bits, &l) != 0)
		return -1;
	if (l == NULL)
		return -1;
	hd_stack_at(m, 0)->is_loc = 1;
	hd_stack_at(m, 0)->loc = l;
	return 0;
}

int hd_op_implicit(hd_machine *m, const hd_op *op)
{
	uint64_t aspace = hd_default_aspace(m);
	hd_aspace_info info;
	const hd_loc *l;
	hd_storage *s;

	switch (op->id) {
	case HD_OP_implicit_value:
		if (hd_loc_implicit(m, op->block, 8 * op->block_len, &l) != 0)
			return -1;
		return hd_push_loc(m, l);
	case HD_OP_stack_value:
		return stack_value(m);
	case HD_OP_LLVM_aspace_implicit_pointer:
		if (pop_aspace(m, &aspace, &info) != 0)
			return -1;
		break;
	default: /* implicit_pointer, GNU_implicit_pointer */
		if (aspace_info(m, aspace, &info) != 0)
			return -1;
		break;
	}
	l = hd_loc_of_new(m, HD_STORAGE_IMPLICIT_POINTER, info.addr_bits, 0, 0, &s);
	if (l == NULL)
		return -1;
	s->u.iptr.die = op->u[0];
	s->u.iptr.disp = (int64_t)op->u[1];
	s->u.iptr.aspace = aspace;
	s->u.iptr.origin = s;
	return hd_push_loc(m, l);
}

/* ---- general ---- */

int hd_op_offset(hd_machine *m, const hd_op *op)
{
	hd_bits delta;
	hd_value b;
	const hd_loc *l;

	if (op->id == HD_OP_LLVM_offset_uconst) {
		delta = (hd_bits)op->u[0] * 8;
	} else {
		/* the displacement is signed for signed and generic types, and
		 * read whole: a wide 2^64 moves past any storage, not by 0 */
		if (hd_pop_integral(m, &b) != 0)
			return -1;
		delta = hd_value_number(&b, hd_type_signed(b.type));
		if (op->id == HD_OP_LLVM_offset)
			delta *= 8;
	}
	if (hd_pop_loc(m, &l) != 0 || hd_loc_offset(m, l, delta, &l) != 0)
		return -1;
	return hd_push_loc(m, l);
}

int hd_op_undefined(hd_machine *m, const hd_op *op)
{
	const hd_loc *l = hd_loc_undefined(m);

	(void)op;
	return l ? hd_push_loc(m, l) : -1;
}
