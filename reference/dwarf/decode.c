/* Decoding operation expressions into hd_op arrays. Which op a byte means
 * depends on the profile; the reverse tables are derived from hd_op_table once
 * rather than written out, so a new ops.def row needs no change here. */
#include "expr.h"
#include "../util/reader.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>

/* by_code[p][byte] and by_sub[sub] hold an hd_op_id + 1; 0 means unknown. */
static uint16_t by_code[HD_NPROFILES][256];
static uint16_t by_sub[128];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
	for (unsigned id = 0; id < HD_OP_COUNT; id++) {
		const hd_op_info *info = &hd_op_table[id];

		for (unsigned p = 0; p < HD_NPROFILES; p++) {
			/* EXT ops have no raw opcode in llvm-user: they sit behind 0xe9 */
			if (info->code == 0 || !hd_op_encodable((hd_op_id)id, (hd_profile)p) ||
			    (p == HD_PROFILE_LLVM_USER && (info->flags & HD_OPF_EXT)))
				continue;
			for (unsigned k = 0; k < info->family && info->code + k < 256; k++)
				by_code[p][info->code + k] = (uint16_t)(id + 1);
		}
		if ((info->flags & HD_OPF_EXT) && info->llvm_sub != 0 && info->llvm_sub < 128)
			by_sub[info->llvm_sub] = (uint16_t)(id + 1);
	}
}

static int bad_encoding(const hd_encoding *enc, hd_status *st)
{
	if ((unsigned)enc->profile >= HD_NPROFILES ||
	    enc->addr_size < 1 || enc->addr_size > 8 ||
	    (enc->offset_size != 4 && enc->offset_size != 8))
		return hd_fail(st, HD_INTERNAL, "bad-encoding", 0,
		               "encoding has profile %d, address size %u, offset size %u",
		               (int)enc->profile, enc->addr_size, enc->offset_size);
	return 0;
}

static int unknown_opcode(size_t off, unsigned byte, const hd_encoding *enc, hd_status *st)
{
	return hd_fail(st, HD_ILL_FORMED, "unknown-opcode", off,
	               "unknown opcode 0x%02x at offset %zu (profile %s)",
	               byte, off, hd_profile_name(enc->profile));
}

/* Reads the opcode (and in llvm-user the sub-op after the prefix) and sets
 * op->id, plus u[0] for family members. */
static int read_opcode(hd_reader *r, const hd_encoding *enc, hd_op *op, hd_status *st)
{
	size_t off = r->pos;
	uint64_t byte, sub;
	unsigned id;

	if (hd_read_uint(r, 1, &byte, st) != 0)
		return -1;
	if (enc->profile == HD_PROFILE_LLVM_USER && byte == HD_DW_OP_LLVM_user) {
		if (hd_read_uleb(r, &sub, st) != 0)
			return -1;
		if (sub >= 128 || by_sub[sub] == 0)
			return hd_fail(st, HD_ILL_FORMED, "unknown-opcode", off,
			               "unknown DW_OP_LLVM_user sub-opcode 0x%" PRIx64
			               " at offset %zu", sub, off);
		op->id = (uint16_t)(by_sub[sub] - 1);
		return 0;
	}
	if (by_code[enc->profile][byte] == 0)
		return unknown_opcode(off, (unsigned)byte, enc, st);
	id = by_code[enc->profile][byte] - 1u;
	op->id = (uint16_t)id;
	if (hd_op_table[id].family > 1)
		op->u[0] = byte - hd_op_table[id].code;
	return 0;
}

/* A block's length goes to block_len, an integer to its slot in u. */
static int read_operand(hd_reader *r, hd_opnd k, const hd_encoding *enc,
                        hd_op *op, int slot, hd_status *st)
{
	uint64_t *v = hd_opnd_table[k].form == HD_FORM_BLOCK ? &op->block_len : &op->u[slot];

	return hd_opnd_read(r, k, enc, "block", v, &op->block, st);
}

int hd_decode_op(const uint8_t *bytes, size_t len, size_t off,
                 const hd_encoding *enc, hd_op *op, hd_status *st)
{
	const hd_op_info *info;
	hd_reader r;

	pthread_once(&tables_once, build_tables);
	if (bad_encoding(enc, st) != 0)
		return -1;
	/* hd_op keeps offsets and sizes in 32 bits */
	if (len > UINT32_MAX)
		return hd_fail(st, HD_NO_MEMORY, "size-bound", 0,
		               "expression of %zu bytes is larger than 4 GiB", len);
	hd_reader_init(&r, bytes, len);
	if (off > len)
		return hd_fail(st, HD_INTERNAL, "bad-offset", off,
		               "offset %zu is past the end (%zu bytes)", off, len);
	r.pos = off;
	op->id = 0;
	op->offset = (uint32_t)off;
	op->size = 0;
	op->u[0] = op->u[1] = 0;
	op->block = NULL;
	op->block_len = 0;
	if (read_opcode(&r, enc, op, st) != 0)
		return -1;
	info = &hd_op_table[op->id];
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE; i++)
		if (read_operand(&r, (hd_opnd)info->opnd[i], enc, op,
		                 hd_opnd_slot(info, i), st) != 0)
			return -1;
	op->size = (uint32_t)(r.pos - off);
	return 0;
}

/* A little-endian integer of n bytes (1-8) from p. */
static uint64_t load_le(const uint8_t *p, unsigned n)
{
	uint64_t x = 0;

	for (unsigned i = 0; i < n; i++)
		x |= (uint64_t)p[i] << (8 * i);
	return x;
}

/* The op at off read in place, for the common shapes: a known opcode whose
 * operands are fixed-size integers inside the bytes or one-byte LEB128s.
 * 1 when it decoded (op filled as hd_decode_op fills it); 0 for anything
 * else (a prefix, a block, a longer LEB128, an unknown opcode, truncation),
 * which the caller hands to hd_decode_op so that its errors stay the one
 * place that names them. The tables must be built. */
static int decode_simple(const uint8_t *p, size_t len, size_t off, const hd_encoding *enc,
                         hd_op *op)
{
	unsigned byte = p[off], id1 = by_code[enc->profile][byte];
	const hd_op_info *info;
	size_t at = off + 1;

	if (id1 == 0 || (enc->profile == HD_PROFILE_LLVM_USER && byte == HD_DW_OP_LLVM_user))
		return 0;
	info = &hd_op_table[id1 - 1];
	op->id = (uint16_t)(id1 - 1);
	op->offset = (uint32_t)off;
	op->u[0] = info->family > 1 ? byte - info->code : 0;
	op->u[1] = 0;
	op->block = NULL;
	op->block_len = 0;
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE; i++) {
		const hd_opnd_info *oi = &hd_opnd_table[info->opnd[i]];
		uint64_t x;
		if (oi->form == HD_FORM_FIXED) {
			unsigned n = oi->size ? oi->size : hd_opnd_size((hd_opnd)info->opnd[i], enc);
			if (n > len - at)
				return 0;
			x = load_le(p + at, n);
			if (oi->is_signed && n < 8 && (x >> (8 * n - 1)) & 1)
				x |= ~(uint64_t)0 << (8 * n);
			at += n;
		} else if (oi->form == HD_FORM_LEB) {
			if (at >= len || p[at] >= 0x80)
				return 0;
			x = p[at++];
			if (oi->is_signed && (x & 0x40))
				x |= ~(uint64_t)0x7f;
		} else {
			return 0;
		}
		op->u[hd_opnd_slot(info, i)] = x;
	}
	op->size = (uint32_t)(at - off);
	return 1;
}

int hd_decode_into(const uint8_t *bytes, size_t len, const hd_encoding *enc, hd_op *ops,
                   size_t *nops, hd_status *st)
{
	size_t n = 0, off = 0;

	*nops = 0;
	pthread_once(&tables_once, build_tables);
	if (bad_encoding(enc, st) != 0)
		return -1;
	if (len > UINT32_MAX)
		return hd_fail(st, HD_NO_MEMORY, "size-bound", 0,
		               "expression of %zu bytes is larger than 4 GiB", len);
	while (off < len) {
		if (!decode_simple(bytes, len, off, enc, &ops[n]) &&
		    hd_decode_op(bytes, len, off, enc, &ops[n], st) != 0)
			return -1;
		off += ops[n].size;
		n++;
	}
	*nops = n;
	return 0;
}

int hd_decode_expr(const uint8_t *bytes, size_t len, const hd_encoding *enc,
                   hd_op **ops, size_t *nops, hd_status *st)
{
	hd_op *a;

	*ops = NULL;
	*nops = 0;
	if (len == 0)
		return 0;
	if (len > UINT32_MAX)
		return hd_fail(st, HD_NO_MEMORY, "size-bound", 0,
		               "expression of %zu bytes is larger than 4 GiB", len);
	/* every op takes at least one byte, so len ops is always enough */
	a = malloc(len * sizeof *a);
	if (a == NULL)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0,
		               "no memory for the ops of a %zu-byte expression", len);
	if (hd_decode_into(bytes, len, enc, a, nops, st) != 0) {
		free(a);
		return -1;
	}
	*ops = a;
	return 0;
}

/* Branch targets must be the start of an operation (DWARF Extensions for
 * Heterogeneous Debugging, DW_OP_skip and DW_OP_bra), so a binary search
 * over the decoded offsets, which increase, finds the op or proves none. */
long hd_op_at(const hd_op *ops, size_t n, uint64_t off)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ops[mid].offset == off)
			return (long)mid;
		if (ops[mid].offset < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}
