/* Canonical output of evaluation results (docs/canonical-output.md).
 *
 * The form is chosen so that a plain diff of two outputs shows only real
 * differences: numbers have one spelling, names come from the target, and
 * nothing reflects where the evaluator happened to allocate things. */
#include "print.h"

#include <inttypes.h>
#include <string.h>

/* Composites nest through their parts; a hostile expression could nest them
 * deeper than the C stack likes, so printing stops descending here. */
#define MAX_DEPTH 64

__extension__ typedef unsigned __int128 u128;

static void indent_to(hd_buf *out, int indent)
{
	for (int i = 0; i < indent; i++)
		hd_buf_byte(out, ' ');
}

void hd_print_bits(hd_buf *out, hd_bits v)
{
	char digits[48];
	int n = 0;
	/* work on the magnitude as unsigned so the most negative value is fine */
	u128 mag = v < 0 ? -(u128)v : (u128)v;

	do {
		digits[n++] = (char)('0' + (int)(mag % 10));
		mag /= 10;
	} while (mag != 0);
	if (v < 0)
		hd_buf_byte(out, '-');
	while (n > 0)
		hd_buf_byte(out, (uint8_t)digits[--n]);
}

/* Unsigned 128-bit magnitude in hex, no padding, with "0x". */
static void print_hex128(hd_buf *out, u128 v)
{
	char digits[40];
	int n = 0;

	do {
		digits[n++] = "0123456789abcdef"[(int)(v & 15)];
		v >>= 4;
	} while (v != 0);
	hd_buf_put(out, "0x", 2);
	while (n > 0)
		hd_buf_byte(out, (uint8_t)digits[--n]);
}

static unsigned bit_at(const uint8_t *le, uint64_t i)
{
	return (le[i >> 3] >> (i & 7)) & 1u;
}

/* Hex digits of bits [start, start + nbits) of le, most significant first. */
static void hex_field(hd_buf *out, const uint8_t *le, uint64_t start, uint64_t nbits)
{
	uint64_t ndig = (nbits + 3) / 4;

	if (ndig == 0)
		ndig = 1;
	hd_buf_put(out, "0x", 2);
	for (uint64_t d = ndig; d-- > 0;) {
		unsigned nib = 0;
		for (unsigned b = 0; b < 4; b++) {
			uint64_t i = d * 4 + b;
			if (i < nbits)
				nib |= bit_at(le, start + i) << b;
		}
		hd_buf_byte(out, (uint8_t)"0123456789abcdef"[nib]);
	}
}

void hd_print_hex(hd_buf *out, const uint8_t *le, uint64_t nbits)
{
	hex_field(out, le, 0, nbits);
}

static void print_reg_name(hd_buf *out, const hd_target *arch, uint64_t reg)
{
	char name[64];

	if (arch != NULL && arch->names.name != NULL &&
	    arch->names.name(arch->names.self, reg, name, sizeof name) == 0) {
		name[sizeof name - 1] = '\0';
		hd_buf_put(out, name, strlen(name));
		return;
	}
	hd_buf_printf(out, "%" PRIu64, reg);
}

/* Fills info from the target; false when the target does not know aspace. */
static int aspace_info(const hd_target *arch, uint64_t aspace, hd_aspace_info *info)
{
	memset(info, 0, sizeof *info);
	if (arch == NULL || arch->ops == NULL || arch->ops->aspace == NULL)
		return 0;
	return arch->ops->aspace(arch->self, aspace, info) == 0;
}

/* addr=... bit=...: the bit offset split into a byte address and the bit in
 * that byte. Offsets are never negative in practice; if one is, the address
 * is printed with a sign so the output still says what happened. */
static void print_mem_offset(hd_buf *out, hd_bits offset)
{
	hd_bits addr = offset / 8, bit = offset % 8;

	if (bit < 0) {  /* floor division */
		bit += 8;
		addr -= 1;
	}
	hd_buf_put(out, " addr=", 6);
	if (addr < 0) {
		hd_buf_byte(out, '-');
		print_hex128(out, -(u128)addr);
	} else {
		print_hex128(out, (u128)addr);
	}
	hd_buf_put(out, " bit=", 5);
	hd_print_bits(out, bit);
}

/* One location's printing: where it goes and how many lines it has left.
 * Composites may share parts, so a small expression can describe a tree of
 * 2^40 leaves; the budget keeps the output, and the time, bounded. */
typedef struct printer {
	hd_buf *out;
	const hd_target *arch;
	uint64_t lines;   /* printed so far */
	int cut;          /* the budget ran out and the marker is printed */
} printer;

/* Starts a line at indent; false (after one marker line) past the budget. */
static int line_start(printer *pr, int indent)
{
	if (pr->cut)
		return 0;
	indent_to(pr->out, indent);
	if (pr->lines++ == HD_PRINT_MAX_LINES) {
		hd_buf_printf(pr->out, "... output limit: more than %u lines\n",
		              (unsigned)HD_PRINT_MAX_LINES);
		pr->cut = 1;
		return 0;
	}
	return 1;
}

static void print_loc_at(printer *pr, const hd_loc *loc, int indent, int depth);

static void print_memory(hd_buf *out, const hd_sloc *s, const hd_target *arch)
{
	const hd_storage *st = s->storage;
	hd_aspace_info info;
	int known = aspace_info(arch, st->u.mem.aspace, &info);

	hd_buf_put(out, "memory ", 7);
	if (known && info.name != NULL)
		hd_buf_put(out, info.name, strlen(info.name));
	else
		hd_buf_printf(out, "%" PRIu64, st->u.mem.aspace);
	print_mem_offset(out, s->offset);
	/* the lane only matters where the storage depends on it */
	if (known && info.per_lane && st->u.mem.has_lane)
		hd_buf_printf(out, " lane=%" PRIu32, st->u.mem.lane);
	hd_buf_byte(out, '\n');
}

static void print_implicit(hd_buf *out, const hd_sloc *s)
{
	const hd_storage *st = s->storage;
	hd_bits size = st->size < 0 ? 0 : st->size;
	/* bytes of the storage; sizes are whole bytes except in odd cases */
	hd_bits n = (size + 7) / 8;

	hd_buf_put(out, "implicit bytes=", 15);
	if (st->u.imp.bytes != NULL) {
		for (hd_bits i = 0; i < n; i++)
			hd_buf_printf(out, "%02x", st->u.imp.bytes[i]);
	}
	hd_buf_put(out, " bit=", 5);
	hd_print_bits(out, s->offset);
	hd_buf_byte(out, '\n');
}

static void print_ipv_fields(hd_buf *out, const hd_ipv *ipv)
{
	hd_buf_printf(out, "die=0x%" PRIx64 " disp=%" PRId64 " aspace=%" PRIu64,
	              ipv->die, ipv->disp, ipv->aspace);
}

static void print_composite(printer *pr, const hd_sloc *s, int indent, int depth)
{
	const hd_storage *st = s->storage;
	hd_buf *out = pr->out;

	hd_buf_put(out, "composite bits=", 15);
	hd_print_bits(out, st->size);
	hd_buf_put(out, " bit=", 5);
	hd_print_bits(out, s->offset);
	hd_buf_byte(out, '\n');
	for (uint32_t i = 0; i < st->u.comp.nparts; i++) {
		const hd_part *part = &st->u.comp.parts[i];
		if (!line_start(pr, indent + 2))
			return;
		hd_buf_printf(out, "part bits=%" PRIu64 "\n", part->bits);
		if (part->loc != NULL)
			print_loc_at(pr, part->loc, indent + 4, depth + 1);
	}
}

static void print_sloc(printer *pr, const hd_sloc *s, int indent, int depth)
{
	const hd_storage *st = s->storage;
	hd_buf *out = pr->out;

	if (!line_start(pr, indent))
		return;
	if (st == NULL) {
		hd_buf_put(out, "undefined\n", 10);
		return;
	}
	switch (st->kind) {
	case HD_STORAGE_MEMORY:
		print_memory(out, s, pr->arch);
		return;
	case HD_STORAGE_REGISTER:
		hd_buf_put(out, "register ", 9);
		print_reg_name(out, pr->arch, st->u.reg.reg);
		hd_buf_put(out, " bit=", 5);
		hd_print_bits(out, s->offset);
		hd_buf_byte(out, '\n');
		return;
	case HD_STORAGE_IMPLICIT:
		print_implicit(out, s);
		return;
	case HD_STORAGE_IMPLICIT_POINTER:
		hd_buf_put(out, "implicit-pointer ", 17);
		print_ipv_fields(out, &st->u.iptr);
		hd_buf_put(out, " bit=", 5);
		hd_print_bits(out, s->offset);
		hd_buf_byte(out, '\n');
		return;
	case HD_STORAGE_UNDEFINED:
		hd_buf_put(out, "undefined\n", 10);
		return;
	case HD_STORAGE_COMPOSITE:
		print_composite(pr, s, indent, depth);
		return;
	}
	hd_buf_printf(out, "storage-kind-%d\n", (int)st->kind);
}

static void print_loc_at(printer *pr, const hd_loc *loc, int indent, int depth)
{
	if (loc == NULL)
		return;
	if (depth > MAX_DEPTH) {
		if (line_start(pr, indent))
			hd_buf_put(pr->out, "...\n", 4);
		return;
	}
	for (uint32_t i = 0; i < loc->n && !pr->cut; i++)
		print_sloc(pr, &loc->s[i], indent, depth);
}

void hd_print_loc(hd_buf *out, const hd_loc *loc, const hd_target *arch, int indent)
{
	printer pr = { out, arch, 0, 0 };

	print_loc_at(&pr, loc, indent, 0);
}

void hd_print_value(hd_buf *out, const hd_value *v)
{
	const hd_base_type *t = v->type;
	uint8_t small[8];
	const uint8_t *le = small;

	if (v->ipv != NULL) {
		hd_buf_put(out, "value implicit-pointer ", 23);
		print_ipv_fields(out, v->ipv);
		hd_buf_byte(out, '\n');
		return;
	}
	for (int i = 0; i < 8; i++)
		small[i] = (uint8_t)(v->lo >> (8 * i));
	if (v->bits > 64) {
		if (v->big == NULL) {
			hd_buf_put(out, "value ?\n", 8);
			return;
		}
		le = v->big;
	}
	hd_buf_put(out, "value ", 6);
	if (t != NULL && t->name != NULL)
		hd_buf_put(out, t->name, strlen(t->name));
	else if (t != NULL)
		hd_buf_printf(out, "type-0x%" PRIx64, t->die);
	else
		hd_buf_put(out, "generic", 7);
	hd_buf_put(out, " = ", 3);
	if (t != NULL && t->vector > 0 && t->bits > 0 &&
	    (uint64_t)t->vector * t->bits == v->bits) {
		hd_buf_byte(out, '[');
		for (uint32_t i = 0; i < t->vector; i++) {
			if (i > 0)
				hd_buf_put(out, ", ", 2);
			hex_field(out, le, (uint64_t)i * t->bits, t->bits);
		}
		hd_buf_put(out, "]\n", 2);
		return;
	}
	hex_field(out, le, 0, v->bits);
	hd_buf_byte(out, '\n');
}

void hd_print_result(hd_buf *out, const hd_result *res, const hd_target *arch)
{
	switch (res->kind) {
	case HD_OUT_LOCATION:
		hd_buf_put(out, "location\n", 9);
		hd_print_loc(out, res->loc, arch, 2);
		return;
	case HD_OUT_VALUE:
		hd_print_value(out, &res->value);
		return;
	case HD_OUT_ERROR:
		hd_buf_printf(out, "error %s: %s\n", hd_kind_name(res->status.kind),
		              res->status.code != NULL ? res->status.code : "unknown");
		return;
	}
	hd_buf_put(out, "error internal: bad-outcome\n", 28);
}
