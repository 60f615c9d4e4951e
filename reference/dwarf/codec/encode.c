/* Encoding one decoded op: the inverse of hd_decode_op, with minimal LEB128.
 * Everything is checked before the first byte is written, so a failed call
 * leaves the buffer as it was. */
#include "expr.h"

#include <inttypes.h>

static int check_operands(const hd_op *op, const hd_encoding *enc, hd_status *st)
{
	const hd_op_info *info = &hd_op_table[op->id];

	if (info->family > 1 && op->u[0] >= info->family)
		return hd_fail(st, HD_ILL_FORMED, "operand-range", op->offset,
		               "DW_OP_%s has members 0..%u, not %" PRIu64,
		               info->name, info->family - 1u, op->u[0]);
	/* operands come first in opnd[]; NONE ends them (and a family's second
	 * slot would be past u[]) */
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE; i++) {
		hd_opnd k = (hd_opnd)info->opnd[i];
		const hd_opnd_info *oi = &hd_opnd_table[k];
		uint64_t v = op->u[hd_opnd_slot(info, i)];

		if (oi->form == HD_FORM_BLOCK) {
			if (oi->size == 1 && op->block_len > 0xff)
				return hd_fail(st, HD_ILL_FORMED, "operand-range", op->offset,
				               "DW_OP_%s: a block of %" PRIu64 " bytes does not"
				               " fit a 1-byte length", info->name, op->block_len);
			if (op->block == NULL && op->block_len != 0)
				return hd_fail(st, HD_INTERNAL, "bad-op", op->offset,
				               "DW_OP_%s: block of %" PRIu64 " bytes has no data",
				               info->name, op->block_len);
		} else if (!hd_opnd_fits(k, enc, v)) {
			return hd_fail(st, HD_ILL_FORMED, "operand-range", op->offset,
			               "DW_OP_%s: operand %d (0x%" PRIx64 ") does not fit"
			               " %u byte(s)", info->name, i + 1, v,
			               hd_opnd_size(k, enc));
		}
	}
	return 0;
}

static void put_opcode(hd_buf *out, const hd_op *op, const hd_encoding *enc)
{
	const hd_op_info *info = &hd_op_table[op->id];

	if (enc->profile == HD_PROFILE_LLVM_USER && (info->flags & HD_OPF_EXT)) {
		hd_buf_byte(out, HD_DW_OP_LLVM_user);
		hd_buf_uleb(out, info->llvm_sub);
		return;
	}
	hd_buf_byte(out, (uint8_t)(info->code + (info->family > 1 ? op->u[0] : 0)));
}

/* A block's length is in block_len, an integer in its slot in u. */
static void put_operand(hd_buf *out, hd_opnd k, const hd_encoding *enc,
                        const hd_op *op, int slot)
{
	uint64_t v = hd_opnd_table[k].form == HD_FORM_BLOCK ? op->block_len : op->u[slot];

	hd_opnd_put(out, k, enc, v, op->block);
}

int hd_encode_op(hd_buf *out, const hd_op *op, const hd_encoding *enc, hd_status *st)
{
	const hd_op_info *info;

	if (op->id >= HD_OP_COUNT)
		return hd_fail(st, HD_INTERNAL, "bad-op", op->offset,
		               "op id %u is not in the table", (unsigned)op->id);
	info = &hd_op_table[op->id];
	if (!hd_op_encodable((hd_op_id)op->id, enc->profile))
		return hd_fail(st, HD_ILL_FORMED, "not-in-profile", op->offset,
		               "DW_OP_%s has no encoding in profile %s",
		               info->name, hd_profile_name(enc->profile));
	if ((enc->addr_size < 1 || enc->addr_size > 8) ||
	    (enc->offset_size != 4 && enc->offset_size != 8))
		return hd_fail(st, HD_INTERNAL, "bad-encoding", op->offset,
		               "address size %u, offset size %u",
		               enc->addr_size, enc->offset_size);
	if (check_operands(op, enc, st) != 0)
		return -1;
	put_opcode(out, op, enc);
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE; i++)
		put_operand(out, (hd_opnd)info->opnd[i], enc, op, hd_opnd_slot(info, i));
	if (out->failed)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", op->offset,
		               "no memory to encode DW_OP_%s", info->name);
	return 0;
}
