/* Decoding operation expressions into hd_op arrays. Which op a byte means
 * depends on the profile; the reverse tables are derived from hd_op_table once
 * rather than written out, so a new ops.def row needs no change here. */
#include "expr.h"
#include "../../util/le.h"
#include "../../util/reader.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>

/* by_code[p][byte] and by_sub[sub] hold an hd_op_id + 1; 0 means unknown. */
static uint16_t by_code[HD_NPROFILES][256];
static uint16_t by_sub[128];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* How decode_simple reads an operand: a fixed size in bytes (1-8), signed
 * when SHAPE_SIGNED is set; the encoding's address or offset size; a
 * one-byte-or-longer LEB128; or not at all (decode_simple gives the op to
 * hd_decode_op). */
enum {
	SHAPE_NONE = 0,
	SHAPE_SIGNED = 0x10,
	SHAPE_ADDR = 0x20,
	SHAPE_OFFSET = 0x21,
	SHAPE_ULEB = 0x22,
	SHAPE_SLEB = 0x23,
	SHAPE_SLOW = 0xff
};

/* shapes[p][byte]: what decode_simple needs of an opcode, one lookup. */
typedef struct shape {
	uint16_t id1;      /* as by_code: 0 unknown, or a prefix (slow) */
	uint8_t member;    /* family members: byte - the family's first code */
	uint8_t opnd[2];   /* SHAPE_*, in encoding order, slot order after u[0] */
	uint8_t first;     /* the u[] slot of the first operand */
} shape;

static shape shapes[HD_NPROFILES][256];
/* Set (release) once the tables are built, so that decoding an expression
 * costs one load, not a call into pthread_once. */
static int tables_ready;

static uint8_t operand_shape(hd_opnd k)
{
	const hd_opnd_info *oi = &hd_opnd_table[k];

	if (k == HD_OPND_NONE)
		return SHAPE_NONE;
	if (k == HD_OPND_ADDR)
		return SHAPE_ADDR;
	if (k == HD_OPND_REF)
		return SHAPE_OFFSET;
	if (oi->form == HD_FORM_FIXED && oi->size >= 1 && oi->size <= 8)
		return (uint8_t)(oi->size | (oi->is_signed ? SHAPE_SIGNED : 0));
	if (oi->form == HD_FORM_LEB)
		return oi->is_signed ? SHAPE_SLEB : SHAPE_ULEB;
	return SHAPE_SLOW;
}

static void build_shapes(void)
{
	for (unsigned p = 0; p < HD_NPROFILES; p++)
		for (unsigned b = 0; b < 256; b++) {
			shape *sh = &shapes[p][b];
			const hd_op_info *info;
			if (by_code[p][b] == 0 ||
			    (p == HD_PROFILE_LLVM_USER && b == HD_DW_OP_LLVM_user))
				continue;
			info = &hd_op_table[by_code[p][b] - 1];
			sh->id1 = by_code[p][b];
			sh->member = info->family > 1 ? (uint8_t)(b - info->code) : 0;
			sh->first = (uint8_t)hd_opnd_slot(info, 0);
			sh->opnd[0] = operand_shape((hd_opnd)info->opnd[0]);
			sh->opnd[1] = operand_shape((hd_opnd)info->opnd[1]);
		}
}

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
	build_shapes();
	__atomic_store_n(&tables_ready, 1, __ATOMIC_RELEASE);
}

static void need_tables(void)
{
	if (!__atomic_load_n(&tables_ready, __ATOMIC_ACQUIRE))
		pthread_once(&tables_once, build_tables);
}

int hd_encoding_check(const hd_encoding *enc, hd_status *st)
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

	need_tables();
	if (hd_encoding_check(enc, st) != 0)
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

/* A LEB128 of at most 8 bytes (56 bits, so nothing can overflow): 1 when
 * read; 0 for a longer or truncated one, which hd_decode_op reads and
 * reports. Offsets and constants of real expressions are nearly all this
 * short. */
static int read_short_leb(const uint8_t *p, size_t len, size_t *at, int is_signed,
                          uint64_t *v)
{
	uint64_t x = 0;
	unsigned shift = 0;
	size_t i = *at;

	for (;;) {
		if (i >= len || shift > 49)
			return 0;
		x |= (uint64_t)(p[i] & 0x7f) << shift;
		shift += 7;
		if (p[i++] < 0x80)
			break;
	}
	if (is_signed && (p[i - 1] & 0x40))
		x |= ~(uint64_t)0 << shift;
	*at = i;
	*v = x;
	return 1;
}

/* One operand at *at of shape k: 1 when read (*v set, *at past it), 0 when
 * hd_decode_op must read the op (truncated, a LEB128 over 8 bytes, a block). */
static int read_simple(const uint8_t *p, size_t len, size_t *at, unsigned k,
                       unsigned addr_size, unsigned offset_size, uint64_t *v)
{
	unsigned n;
	uint64_t x = 0;

	if (k == SHAPE_ULEB || k == SHAPE_SLEB)
		return read_short_leb(p, len, at, k == SHAPE_SLEB, v);
	n = k == SHAPE_ADDR ? addr_size : k == SHAPE_OFFSET ? offset_size : k & 0xf;
	if (k == SHAPE_SLOW || n > len - *at)
		return 0;
	x = hd_le_bytes(p + *at, n);
	if ((k & SHAPE_SIGNED) && k < SHAPE_ADDR && n < 8 && (x >> (8 * n - 1)) & 1)
		x |= ~(uint64_t)0 << (8 * n);
	*at += n;
	*v = x;
	return 1;
}

/* The op at off read in place through its shape: 1 when it decoded (op
 * filled as hd_decode_op fills it); 0 for anything else (a prefix, a block,
 * a longer LEB128, an unknown opcode, truncation), which the caller hands
 * to hd_decode_op so that its errors stay the one place that names them.
 * Ops without operands and ops with one, most of any expression, take the
 * short ways. */
static int decode_simple(const uint8_t *p, size_t len, size_t off, const shape *row,
                         unsigned addr_size, unsigned offset_size, hd_op *op)
{
	const shape *sh = &row[p[off]];
	size_t at = off + 1;
	uint64_t u0 = sh->member, u1 = 0, x;

	if (sh->id1 == 0)
		return 0;
	if (sh->opnd[0] != SHAPE_NONE) {
		if ((sh->opnd[0] == SHAPE_ULEB || sh->opnd[0] == SHAPE_SLEB) && at < len &&
		    p[at] < 0x80) {
			/* a one-byte LEB128, most operands: without the call */
			x = p[at++];
			if (sh->opnd[0] == SHAPE_SLEB && (x & 0x40))
				x |= ~(uint64_t)0x7f;
		} else if (!read_simple(p, len, &at, sh->opnd[0], addr_size, offset_size, &x)) {
			return 0;
		}
		if (sh->first == 0)
			u0 = x;
		else
			u1 = x;
		if (sh->opnd[1] != SHAPE_NONE) {
			/* two operands: first is 0 (bregx, bit_piece, ...); no
			 * family has two */
			if (sh->first != 0 ||
			    !read_simple(p, len, &at, sh->opnd[1], addr_size, offset_size, &u1))
				return 0;
		}
	}
	op->id = (uint16_t)(sh->id1 - 1);
	op->offset = (uint32_t)off;
	op->size = (uint32_t)(at - off);
	op->u[0] = u0;
	op->u[1] = u1;
	op->block = NULL;
	op->block_len = 0;
	return 1;
}

int hd_decode_into(const uint8_t *bytes, size_t len, const hd_encoding *enc, hd_op *ops,
                   size_t *nops, hd_status *st)
{
	*nops = 0;
	if (hd_encoding_check(enc, st) != 0)
		return -1;
	return hd_decode_checked(bytes, len, enc, ops, nops, st);
}

int hd_decode_checked(const uint8_t *bytes, size_t len, const hd_encoding *enc,
                      hd_op *ops, size_t *nops, hd_status *st)
{
	size_t n = 0, off = 0;

	*nops = 0;
	need_tables();
	if (len > UINT32_MAX)
		return hd_fail(st, HD_NO_MEMORY, "size-bound", 0,
		               "expression of %zu bytes is larger than 4 GiB", len);
	const shape *row = shapes[enc->profile];
	unsigned addr_size = enc->addr_size, offset_size = enc->offset_size;

	while (off < len) {
		if (!decode_simple(bytes, len, off, row, addr_size, offset_size, &ops[n]) &&
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
