/* The operation table, built from ops.def, and what is derived from it:
 * profile names, which ops a profile can encode, lookup by name, and the
 * layout of each operand kind with the one place that reads, writes and
 * prints an operand by that layout. */
#include "ops.h"

#include <inttypes.h>
#include <string.h>

const hd_op_info hd_op_table[HD_OP_COUNT] = {
#define HD_OP(id, code, sub, fam, o1, o2, fl, section) \
	{ #id, code, sub, fam, { HD_OPND_##o1, HD_OPND_##o2 }, fl, section },
#include "ops.def"
#undef HD_OP
};

/* form, size, is_signed, hex, what */
const hd_opnd_info hd_opnd_table[] = {
	[HD_OPND_NONE]   = { HD_FORM_NONE,  0, 0, 0, "nothing" },
	[HD_OPND_U1]     = { HD_FORM_FIXED, 1, 0, 0, "an unsigned 1-byte integer" },
	[HD_OPND_S1]     = { HD_FORM_FIXED, 1, 1, 0, "a signed 1-byte integer" },
	[HD_OPND_U2]     = { HD_FORM_FIXED, 2, 0, 0, "an unsigned 2-byte integer" },
	[HD_OPND_S2]     = { HD_FORM_FIXED, 2, 1, 0, "a signed 2-byte integer" },
	[HD_OPND_U4]     = { HD_FORM_FIXED, 4, 0, 0, "an unsigned 4-byte integer" },
	[HD_OPND_S4]     = { HD_FORM_FIXED, 4, 1, 0, "a signed 4-byte integer" },
	[HD_OPND_U8]     = { HD_FORM_FIXED, 8, 0, 0, "an unsigned 8-byte integer" },
	[HD_OPND_S8]     = { HD_FORM_FIXED, 8, 1, 0, "a signed 8-byte integer" },
	[HD_OPND_ULEB]   = { HD_FORM_LEB,   0, 0, 0, "an unsigned integer" },
	[HD_OPND_SLEB]   = { HD_FORM_LEB,   0, 1, 0, "a signed integer" },
	[HD_OPND_ADDR]   = { HD_FORM_FIXED, 0, 0, 1, "an address" },
	[HD_OPND_REF]    = { HD_FORM_FIXED, 0, 0, 1, "a .debug_info offset" },
	[HD_OPND_DIE2]   = { HD_FORM_FIXED, 2, 0, 1, "a 2-byte DIE offset" },
	[HD_OPND_DIE4]   = { HD_FORM_FIXED, 4, 0, 1, "a 4-byte DIE offset" },
	[HD_OPND_TYPE]   = { HD_FORM_LEB,   0, 0, 1, "a type DIE offset" },
	[HD_OPND_REG]    = { HD_FORM_LEB,   0, 0, 0, "a register name or number" },
	[HD_OPND_BRANCH] = { HD_FORM_FIXED, 2, 1, 0, "a signed branch displacement" },
	[HD_OPND_BLOCK]  = { HD_FORM_BLOCK, 0, 0, 0, "a block of hex bytes [..]" },
	[HD_OPND_BLOCK1] = { HD_FORM_BLOCK, 1, 0, 0, "a block of hex bytes [..]" },
	[HD_OPND_EXPR]   = { HD_FORM_BLOCK, 0, 0, 0,
	                     "a nested expression {..} or hex bytes [..]" },
};

unsigned hd_opnd_size(hd_opnd k, const hd_encoding *enc)
{
	if (k == HD_OPND_ADDR)
		return enc->addr_size;
	if (k == HD_OPND_REF)
		return enc->offset_size;
	return hd_opnd_table[k].size;
}

int hd_opnd_fits(hd_opnd k, const hd_encoding *enc, uint64_t v)
{
	const hd_opnd_info *oi = &hd_opnd_table[k];
	unsigned bits;
	int64_t s;

	if (oi->form != HD_FORM_FIXED)
		return 1;
	bits = 8 * hd_opnd_size(k, enc);
	if (bits == 0 || bits >= 64)
		return bits != 0;
	if (!oi->is_signed)
		return (v >> bits) == 0;
	/* a signed field holds [-2^(bits-1), 2^(bits-1)) */
	s = (int64_t)v;
	return s >= -((int64_t)1 << (bits - 1)) && s < ((int64_t)1 << (bits - 1));
}

/* A block's length and bytes; the length is checked against what remains
 * before it is narrowed, since a 64-bit length may not fit size_t. */
static int read_block(hd_reader *r, const hd_opnd_info *oi, const char *what,
                      uint64_t *v, const uint8_t **block, hd_status *st)
{
	uint64_t n;

	if (oi->size ? hd_read_uint(r, oi->size, &n, st) : hd_read_uleb(r, &n, st))
		return -1;
	if (n > r->len - r->pos)
		return hd_fail(st, HD_ILL_FORMED, "truncated", r->pos,
		               "%s of %" PRIu64 " byte(s) at offset %zu runs past"
		               " the end (%zu remain)", what, n, r->pos, r->len - r->pos);
	*v = n;
	return hd_read_block(r, (size_t)n, block, st);
}

int hd_opnd_read(hd_reader *r, hd_opnd k, const hd_encoding *enc, const char *what,
                 uint64_t *v, const uint8_t **block, hd_status *st)
{
	const hd_opnd_info *oi = &hd_opnd_table[k];
	uint64_t x = 0;
	int64_t s;

	switch ((hd_opnd_form)oi->form) {
	case HD_FORM_NONE:
		return 0;
	case HD_FORM_FIXED:
		if (oi->is_signed) {
			if (hd_read_sint(r, hd_opnd_size(k, enc), &s, st) != 0)
				return -1;
			x = (uint64_t)s;
		} else if (hd_read_uint(r, hd_opnd_size(k, enc), &x, st) != 0) {
			return -1;
		}
		break;
	case HD_FORM_LEB:
		if (oi->is_signed) {
			if (hd_read_sleb(r, &s, st) != 0)
				return -1;
			x = (uint64_t)s;
		} else if (hd_read_uleb(r, &x, st) != 0) {
			return -1;
		}
		break;
	case HD_FORM_BLOCK:
		return read_block(r, oi, what, v, block, st);
	}
	*v = x;
	return 0;
}

void hd_opnd_put(hd_buf *out, hd_opnd k, const hd_encoding *enc, uint64_t v,
                 const uint8_t *block)
{
	const hd_opnd_info *oi = &hd_opnd_table[k];

	switch ((hd_opnd_form)oi->form) {
	case HD_FORM_NONE:
		break;
	case HD_FORM_FIXED:
		hd_buf_uint(out, v, hd_opnd_size(k, enc));
		break;
	case HD_FORM_LEB:
		if (oi->is_signed)
			hd_buf_sleb(out, (int64_t)v);
		else
			hd_buf_uleb(out, v);
		break;
	case HD_FORM_BLOCK:
		if (oi->size)
			hd_buf_uint(out, v, oi->size);
		else
			hd_buf_uleb(out, v);
		hd_buf_put(out, block, (size_t)v);
		break;
	}
}

void hd_opnd_print(hd_buf *out, hd_opnd k, uint64_t v)
{
	const hd_opnd_info *oi = &hd_opnd_table[k];

	if (oi->hex)
		hd_buf_printf(out, "0x%" PRIx64, v);
	else if (oi->is_signed)
		hd_buf_printf(out, "%" PRId64, (int64_t)v);
	else
		hd_buf_printf(out, "%" PRIu64, v);
}

static const char *const profile_names[] = {
	[HD_PROFILE_AMDGPU_V0] = "amdgpu-v0",
	[HD_PROFILE_LLVM_USER] = "llvm-user",
	[HD_PROFILE_INTEL_GT] = "intel-gt",
};

#define NPROFILES (sizeof profile_names / sizeof profile_names[0])

const char *hd_profile_name(hd_profile p)
{
	if ((unsigned)p >= NPROFILES)
		return "unknown";
	return profile_names[p];
}

int hd_profile_parse(const char *name, hd_profile *p)
{
	if (name == NULL)
		return -1;
	for (unsigned i = 0; i < NPROFILES; i++) {
		if (strcmp(name, profile_names[i]) == 0) {
			*p = (hd_profile)i;
			return 0;
		}
	}
	return -1;
}

int hd_op_encodable(hd_op_id id, hd_profile p)
{
	const hd_op_info *info;

	if ((unsigned)id >= HD_OP_COUNT)
		return 0;
	info = &hd_op_table[id];
	/* the extension's ops and Intel's share bytes: each profile has one set */
	if (info->flags & HD_OPF_INTEL)
		return p == HD_PROFILE_INTEL_GT;
	if (info->flags & HD_OPF_EXT) {
		if (p == HD_PROFILE_LLVM_USER)  /* behind the 0xe9 prefix there */
			return info->llvm_sub != 0;
		return p == HD_PROFILE_AMDGPU_V0 && info->code != 0;
	}
	return info->code != 0 && (unsigned)p < HD_NPROFILES;
}

/* The member number spelled by s[0..len): decimal, no sign, no leading zero,
 * below limit. -1 if it is not one. */
static int member_number(const char *s, size_t len, unsigned limit, unsigned *n)
{
	unsigned v = 0;

	if (len == 0 || len > 3 || (s[0] == '0' && len > 1))
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (v >= limit)
		return -1;
	*n = v;
	return 0;
}

int hd_op_lookup(const char *name, size_t len, hd_op_id *id, unsigned *n)
{
	static const char prefix[] = "DW_OP_";
	const size_t plen = sizeof prefix - 1;

	if (len > plen && memcmp(name, prefix, plen) == 0) {
		name += plen;
		len -= plen;
	}
	for (unsigned i = 0; i < HD_OP_COUNT; i++) {
		const hd_op_info *info = &hd_op_table[i];
		size_t nl = strlen(info->name);
		unsigned member = 0;

		if (info->family == 1) {
			if (len != nl || memcmp(name, info->name, nl) != 0)
				continue;
		} else {
			/* "lit" alone is not a name; "lit7" is */
			if (len <= nl || memcmp(name, info->name, nl) != 0)
				continue;
			if (member_number(name + nl, len - nl, info->family, &member) != 0)
				continue;
		}
		*id = (hd_op_id)i;
		if (n != NULL)
			*n = member;
		return 0;
	}
	return -1;
}
