/* The call frame instruction table, built from cfa.def, and the codec of one
 * instruction: bytes to hd_cfa_insn and back (DWARF 5 sections 6.4.2 and
 * 7.24, DWARF Extensions for Heterogeneous Debugging "Call Frame Instructions"). Operands are read and written by
 * kind through hd_opnd_read and hd_opnd_put (ops.c), the code the expression
 * codec uses, so neither function knows any instruction by name. */
#include "cfi.h"
#include "../../util/reader.h"

#include <inttypes.h>
#include <string.h>

const hd_cfa_info hd_cfa_table[HD_CFA_COUNT] = {
#define HD_CFA(id, code, o1, o2, o3, fl, section) \
	{ #id, code, { HD_OPND_##o1, HD_OPND_##o2, HD_OPND_##o3 }, fl, section },
#include "cfa.def"
#undef HD_CFA
};

/* The largest operand a primary opcode's low 6 bits hold. */
#define PRIMARY_MAX 0x3f

int hd_cfa_lookup(const char *name, size_t len, hd_cfa_id *id)
{
	static const char prefix[] = "DW_CFA_";
	const size_t plen = sizeof prefix - 1;

	if (len > plen && memcmp(name, prefix, plen) == 0) {
		name += plen;
		len -= plen;
	}
	for (unsigned i = 0; i < HD_CFA_COUNT; i++) {
		const char *n = hd_cfa_table[i].name;

		if (strlen(n) == len && memcmp(name, n, len) == 0) {
			*id = (hd_cfa_id)i;
			return 0;
		}
	}
	return -1;
}

/* The instruction an opcode byte starts. A primary instruction owns every
 * byte with its two high bits; the others own one byte each below 0x40, so
 * the two never overlap. -1 for a byte no row claims, which includes the
 * user range 0x1c..0x3f apart from the rows DWARF Extensions for Heterogeneous Debugging adds there. */
static int id_of_byte(unsigned byte)
{
	for (unsigned i = 0; i < HD_CFA_COUNT; i++) {
		const hd_cfa_info *info = &hd_cfa_table[i];

		if ((info->flags & HD_CFAF_PRIMARY) ? (byte & 0xc0) == info->code
		                                    : byte == info->code)
			return (int)i;
	}
	return -1;
}

/* The expression codec's description of a CFA operand layout: only ADDR
 * depends on it (DW_CFA_set_loc takes the CIE's address size). */
static int cfa_encoding(unsigned addr_size, hd_encoding *enc, uint64_t off, hd_status *st)
{
	if (addr_size != 1 && addr_size != 2 && addr_size != 4 && addr_size != 8)
		return hd_fail(st, HD_INTERNAL, "bad-address-size", off,
		               "address size %u is not 1, 2, 4 or 8", addr_size);
	enc->profile = HD_PROFILE_AMDGPU_V0;
	enc->addr_size = (uint8_t)addr_size;
	enc->offset_size = 4;
	return 0;
}

/* Operand i of kind k, after the opcode byte: an expression's length goes
 * to block_len, an integer to u[i]. */
static int read_operand(hd_reader *r, hd_opnd k, const hd_encoding *enc,
                        hd_cfa_insn *in, int i, hd_status *st)
{
	uint64_t *v = hd_opnd_table[k].form == HD_FORM_BLOCK ? &in->block_len : &in->u[i];

	return hd_opnd_read(r, k, enc, "expression", v, &in->block, st);
}

int hd_cfa_decode(const uint8_t *bytes, size_t len, size_t off, unsigned addr_size,
                  hd_cfa_insn *in, hd_status *st)
{
	const hd_cfa_info *info;
	hd_encoding enc;
	hd_reader r;
	int id, first = 0;

	if (cfa_encoding(addr_size, &enc, off, st) != 0)
		return -1;
	/* hd_cfa_insn keeps offsets and sizes in 32 bits */
	if (len > UINT32_MAX)
		return hd_fail(st, HD_NO_MEMORY, "size-bound", 0,
		               "instructions of %zu bytes are larger than 4 GiB", len);
	if (off >= len)
		return hd_fail(st, off == len ? HD_ILL_FORMED : HD_INTERNAL,
		               off == len ? "truncated" : "bad-offset", off,
		               "no instruction at offset %zu (%zu bytes)", off, len);
	memset(in, 0, sizeof *in);
	in->offset = (uint32_t)off;
	id = id_of_byte(bytes[off]);
	if (id < 0)
		return hd_fail(st, HD_ILL_FORMED, "unknown-cfa", off,
		               "unknown call frame instruction 0x%02x at offset %zu",
		               bytes[off], off);
	in->id = (uint16_t)id;
	info = &hd_cfa_table[id];
	if (info->flags & HD_CFAF_PRIMARY) {
		in->u[0] = bytes[off] & PRIMARY_MAX;
		first = 1;
	}
	hd_reader_init(&r, bytes, len);
	r.pos = off + 1;
	for (int i = first; i < 3 && info->opnd[i] != HD_OPND_NONE; i++)
		if (read_operand(&r, (hd_opnd)info->opnd[i], &enc, in, i, st) != 0)
			return -1;
	in->size = (uint32_t)(r.pos - off);
	return 0;
}

/* Whether every operand of in fits its field; nothing is written before. */
static int check_operands(const hd_cfa_insn *in, const hd_encoding *enc, hd_status *st)
{
	const hd_cfa_info *info = &hd_cfa_table[in->id];

	if ((info->flags & HD_CFAF_PRIMARY) && in->u[0] > PRIMARY_MAX)
		return hd_fail(st, HD_ILL_FORMED, "operand-range", in->offset,
		               "DW_CFA_%s: operand 1 (%" PRIu64 ") does not fit the"
		               " opcode's 6 bits", info->name, in->u[0]);
	for (int i = 0; i < 3 && info->opnd[i] != HD_OPND_NONE; i++) {
		hd_opnd k = (hd_opnd)info->opnd[i];

		if (hd_opnd_table[k].form == HD_FORM_BLOCK) {
			if (in->block == NULL && in->block_len != 0)
				return hd_fail(st, HD_INTERNAL, "bad-insn", in->offset,
				               "DW_CFA_%s: expression of %" PRIu64
				               " bytes has no data", info->name, in->block_len);
		} else if (!hd_opnd_fits(k, enc, in->u[i])) {
			return hd_fail(st, HD_ILL_FORMED, "operand-range", in->offset,
			               "DW_CFA_%s: operand %d (0x%" PRIx64 ") does not fit"
			               " %u byte(s)", info->name, i + 1, in->u[i],
			               hd_opnd_size(k, enc));
		}
	}
	return 0;
}

/* An expression's length is in block_len, an integer in u[i]. */
static void put_operand(hd_buf *out, hd_opnd k, const hd_encoding *enc,
                        const hd_cfa_insn *in, int i)
{
	uint64_t v = hd_opnd_table[k].form == HD_FORM_BLOCK ? in->block_len : in->u[i];

	hd_opnd_put(out, k, enc, v, in->block);
}

int hd_cfa_encode(hd_buf *out, const hd_cfa_insn *in, unsigned addr_size, hd_status *st)
{
	const hd_cfa_info *info;
	hd_encoding enc;
	int first = 0;

	if (in->id >= HD_CFA_COUNT)
		return hd_fail(st, HD_INTERNAL, "bad-insn", in->offset,
		               "instruction id %u is not in the table", (unsigned)in->id);
	if (cfa_encoding(addr_size, &enc, in->offset, st) != 0 ||
	    check_operands(in, &enc, st) != 0)
		return -1;
	info = &hd_cfa_table[in->id];
	if (info->flags & HD_CFAF_PRIMARY) {
		hd_buf_byte(out, (uint8_t)(info->code | in->u[0]));
		first = 1;
	} else {
		hd_buf_byte(out, info->code);
	}
	for (int i = first; i < 3 && info->opnd[i] != HD_OPND_NONE; i++)
		put_operand(out, (hd_opnd)info->opnd[i], &enc, in, i);
	if (out->failed)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", in->offset,
		               "no memory to encode DW_CFA_%s", info->name);
	return 0;
}
