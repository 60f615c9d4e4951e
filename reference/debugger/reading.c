/* Readings of a producer's location expressions (reading.h). */
#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf/codec/expr.h"
#include "reading.h"

/* DW_ASPACE_AMDGPU_local and private_lane (AMDGPUUsage, "Address Space
 * Identifier"), and what clang 19 and older call them in DW_AT_address_class
 * and in the literal before DW_OP_xderef. */
enum { ASPACE_LOCAL = 3, ASPACE_PRIVATE_LANE = 5, CLANG_PRIVATE = 1, CLANG_LOCAL = 2 };
/* The extension's address classes of the 32-bit spaces ("Segmented
 * Addresses"; AMDGPUUsage "Address Class Identifier"). */
enum { ADDR_LLVM_GROUP = 3, ADDR_LLVM_PRIVATE = 4 };

static const char *const names[HD_READINGS] = { "extension", "dwarf5", "llvm" };

const char *hd_reading_name(hd_reading_kind k)
{
	return (unsigned)k < HD_READINGS ? names[k] : NULL;
}

hd_reading_kind hd_reading_by_name(const char *s)
{
	unsigned k = 0;

	while (k < HD_READINGS && strcmp(names[k], s) != 0)
		k++;
	return (hd_reading_kind)k;
}

int hd_reading_clang_aspaces(const hd_dw_unit *u)
{
	const hd_attr *a = u->root != NULL ? hd_die_attr(u->root, DW_AT_producer) : NULL;
	const char *v;

	if (a == NULL || a->kind != HD_DV_STRING || (v = strstr(a->s, "clang version ")) == NULL)
		return 0;
	return strtoul(v + strlen("clang version "), NULL, 10) <= 19;
}

unsigned hd_reading_pointer_bits(const hd_reading *rd, const hd_dw_unit *u, const hd_die *t)
{
	const hd_attr *a = hd_die_attr(t, DW_AT_address_class);
	uint64_t c = a != NULL ? a->u : 0;
	int narrow;

	if (rd == NULL || rd->kind != HD_READING_LLVM)
		narrow = c == ADDR_LLVM_GROUP || c == ADDR_LLVM_PRIVATE;
	else if (rd->clang_aspaces)
		narrow = c == CLANG_PRIVATE || c == CLANG_LOCAL;
	else
		narrow = c == ASPACE_LOCAL || c == ASPACE_PRIVATE_LANE;
	return narrow ? 32 : (unsigned)u->addr_size * 8;
}

static int put(hd_buf *out, const hd_encoding *enc, uint16_t id, uint64_t u0, hd_status *st)
{
	hd_op op;

	memset(&op, 0, sizeof op);
	op.id = id;
	op.u[0] = u0;
	return hd_encode_op(out, &op, enc, st);
}

/* A frame base that is one register narrower than an address: DWARF 5
 * reads it zero-extended, which the extension says as DW_OP_regx R;
 * DW_OP_deref_size of the register's bytes. LLVM's AMDGPU frame register
 * holds a wave offset in private_wave: a lane's private_lane address is
 * that divided by the wavefront size (the swizzle keeps whole dwords of a
 * lane 4·W bytes apart, AMDGPUUsage "Address Space Identifier"). The result
 * is a value: DW_OP_fbreg takes it as an address of the default address
 * space, and the variable's literal names the space afterwards. */
static int frame_base(const hd_reading *rd, const hd_target *arch, const hd_encoding *enc,
                      const hd_op *op, hd_buf *out, hd_status *st)
{
	uint64_t bits;

	if (arch->ops->register_bits(arch->self, op->u[0], &bits) != 0)
		return hd_fail(st, HD_EVAL_ERROR, "register-unknown", op->offset,
		               "the frame base register %llu is not one of %s's",
		               (unsigned long long)op->u[0], arch->name);
	if (bits >= arch->generic_bits)
		return 1;
	if (put(out, enc, HD_OP_regx, op->u[0], st) != 0 ||
	    put(out, enc, HD_OP_deref_size, bits / 8, st) != 0)
		return -1;
	if (rd->kind == HD_READING_LLVM && arch->lanes > 1 &&
	    (put(out, enc, HD_OP_constu, arch->lanes, st) != 0 ||
	     put(out, enc, HD_OP_div, 0, st) != 0))
		return -1;
	return 0;
}

/* The DW_ASPACE_AMDGPU_* number LLVM means by literal a. */
static uint64_t llvm_aspace(const hd_reading *rd, uint64_t a)
{
	if (!rd->clang_aspaces)
		return a;
	return a == CLANG_PRIVATE ? ASPACE_PRIVATE_LANE : a == CLANG_LOCAL ? ASPACE_LOCAL : a;
}

/* Whether ops[i..] is `DW_OP_lit<A> or DW_OP_constu A; DW_OP_swap;
 * DW_OP_xderef`, the address space pair clang writes after an address. */
static int xderef_pair(const hd_op *ops, size_t n, size_t i)
{
	return i + 2 < n && (ops[i].id == HD_OP_lit || ops[i].id == HD_OP_constu) &&
	       ops[i + 1].id == HD_OP_swap && ops[i + 2].id == HD_OP_xderef;
}

/* LLVM's location: each xderef pair becomes DW_OP_constu A';
 * DW_OP_LLVM_form_aspace_address; every other operation is copied. */
static int location(const hd_reading *rd, const hd_encoding *enc, const uint8_t *b,
                    const hd_op *ops, size_t n, hd_buf *out, hd_status *st)
{
	for (size_t i = 0; i < n; i++) {
		if (!xderef_pair(ops, n, i)) {
			hd_buf_put(out, b + ops[i].offset, ops[i].size);
			continue;
		}
		if (put(out, enc, HD_OP_constu, llvm_aspace(rd, ops[i].u[0]), st) != 0 ||
		    put(out, enc, HD_OP_LLVM_form_aspace_address, 0, st) != 0)
			return -1;
		i += 2;
	}
	return 0;
}

int hd_reading_rewrite(const hd_reading *rd, const hd_target *arch, const hd_encoding *enc,
                       int is_frame_base, const uint8_t *b, size_t n, hd_buf *out, hd_status *st)
{
	hd_op *ops = NULL;
	size_t nops = 0;
	int r = 1;

	if (rd == NULL || rd->kind == HD_READING_EXTENSION) {
		hd_buf_put(out, b, n);
		return 0;
	}
	if (hd_decode_expr(b, n, enc, &ops, &nops, st) != 0)
		return -1;
	if (is_frame_base && nops == 1 && (ops[0].id == HD_OP_reg || ops[0].id == HD_OP_regx))
		r = frame_base(rd, arch, enc, &ops[0], out, st);
	else if (!is_frame_base && rd->kind == HD_READING_LLVM)
		r = location(rd, enc, b, ops, nops, out, st);
	free(ops);
	if (r == 1)
		hd_buf_put(out, b, n);
	return r < 0 ? -1 : 0;
}
