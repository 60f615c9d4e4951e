/* Location descriptions and their storage (DWARF Extensions for Heterogeneous Debugging "DWARF Location
 * Description"): making them, offsetting them, and reading and writing bits
 * through them. Reads and writes walk a location down to segments of plain
 * storage, so composites of composites work with no special case. */
#include "machine.h"

#include <string.h>

#define MAX_NESTING 1000  /* composites inside composites, bounded */

/* ---- making locations ---- */

hd_storage *hd_storage_new(hd_machine *m, hd_storage_kind kind, hd_bits size)
{
	hd_storage *s = hd_alloc(m, sizeof *s);

	if (s != NULL) {
		s->kind = kind;
		s->size = size;
	}
	return s;
}

hd_loc *hd_loc_single(hd_machine *m, hd_storage *s, hd_bits offset)
{
	hd_loc *l;

	if (s == NULL)
		return NULL;
	l = hd_alloc(m, sizeof *l + sizeof *l->s);
	if (l == NULL)
		return NULL;
	l->n = 1;
	l->s = (hd_sloc *)(l + 1);
	l->s[0].storage = s;
	l->s[0].offset = offset;
	return l;
}

const hd_loc *hd_loc_undefined(hd_machine *m)
{
	hd_storage *s;

	return hd_loc_of_new(m, HD_STORAGE_UNDEFINED, 0, 0, 0, &s);
}

/* Per-lane address spaces capture the current lane: DWARF Extensions for
 * Heterogeneous Debugging says the storage is that of the context at
 * creation. */
int hd_loc_memory_at(hd_machine *m, uint64_t aspace, const hd_aspace_info *info,
                     uint64_t addr, hd_loc_buf *buf, const hd_loc **out)
{
	const hd_target *arch = m->ctx->arch;
	hd_aspace_info asked = { "none", hd_generic_bits(m), 0 };

	if (info == NULL) {
		if (arch != NULL) {
			if (arch->ops->aspace(arch->self, aspace, &asked) != 0)
				return hd_ill(m, "unknown-aspace",
				              "address space %llu is not one of the architecture's",
				              (unsigned long long)aspace);
		} else if (aspace != 0) {
			return hd_missing(m, "architecture");
		}
		info = &asked;
	}
	if (info->per_lane && !m->ctx->has_lane)
		return hd_missing(m, "lane");
	/* every field a memory location has is set below */
	if (buf == NULL && (buf = hd_alloc_raw(m, sizeof *buf)) == NULL)
		return -1;
	buf->st.kind = HD_STORAGE_MEMORY;
	buf->st.size = (hd_bits)1 << (info->addr_bits + 3);
	buf->st.u.mem.aspace = aspace;
	buf->st.u.mem.has_lane = m->ctx->has_lane;
	buf->st.u.mem.lane = m->ctx->lane;
	buf->l.n = 1;
	buf->l.s = &buf->s;
	buf->s.storage = &buf->st;
	buf->s.offset = (hd_bits)addr * 8;
	*out = &buf->l;
	return 0;
}

int hd_loc_implicit(hd_machine *m, const uint8_t *bytes, uint64_t nbits,
                    const hd_loc **out)
{
	hd_storage *s;
	uint8_t *copy;

	size_t n = (nbits + 7) / 8;

	/* most implicit values are a scalar: a constant size keeps the
	 * allocation and the copy inline */
	*out = n <= 8 ? hd_loc_of_new(m, HD_STORAGE_IMPLICIT, (hd_bits)nbits, 0, 8, &s)
	              : hd_loc_of_new(m, HD_STORAGE_IMPLICIT, (hd_bits)nbits, 0, n, &s);
	if (*out == NULL)
		return -1;
	copy = (uint8_t *)(s + 1);  /* the extra bytes after the storage */
	if (n <= 8)
		for (size_t i = 0; i < n; i++)
			copy[i] = bytes[i];
	else
		memcpy(copy, bytes, n);
	s->u.imp.bytes = copy;
	return 0;
}

/* DWARF Extensions for Heterogeneous Debugging DW_OP_LLVM_offset and bit_offset: every single location moves;
 * an undefined one stays as it is; leaving the storage is an evaluation error. */
int hd_loc_offset(hd_machine *m, const hd_loc *l, hd_bits delta, const hd_loc **out)
{
	/* every field is set below: no clearing */
	hd_loc *r = hd_alloc_raw(m, sizeof *r + l->n * sizeof *r->s);

	if (r == NULL)
		return -1;
	r->n = l->n;
	r->s = (hd_sloc *)(r + 1);
	for (uint32_t i = 0; i < l->n; i++) {
		hd_sloc sl = l->s[i];
		if (sl.storage->kind != HD_STORAGE_UNDEFINED) {
			sl.offset += delta;
			if (sl.offset < 0 || sl.offset >= sl.storage->size)
				return hd_err(m, "offset-out-of-range",
				              "the bit offset leaves its location storage");
		}
		r->s[i] = sl;
	}
	*out = r;
	return 0;
}

const hd_loc *hd_loc_union(hd_eval *ev, const hd_loc *const *locs, size_t n)
{
	size_t total = 0, k = 0;
	hd_loc *r;

	for (size_t i = 0; i < n; i++)
		total += locs[i]->n;
	r = hd_arena_alloc(&ev->arena, sizeof *r + total * sizeof *r->s);
	if (r == NULL || total == 0 || total > UINT32_MAX)
		return NULL;
	r->n = (uint32_t)total;
	r->s = (hd_sloc *)(r + 1);
	for (size_t i = 0; i < n; i++)
		for (uint32_t j = 0; j < locs[i]->n; j++)
			r->s[k++] = locs[i]->s[j];
	return r;
}

/* ---- bits ---- */

static void copy_bits(uint8_t *dst, uint64_t dpos, const uint8_t *src, uint64_t spos,
                      uint64_t n)
{
	if (dpos % 8 == 0 && spos % 8 == 0) {
		memcpy(dst + dpos / 8, src + spos / 8, n / 8);
		dpos += n / 8 * 8;
		spos += n / 8 * 8;
		n %= 8;
	}
	for (uint64_t i = 0; i < n; i++) {
		unsigned bit = (src[(spos + i) / 8] >> ((spos + i) % 8)) & 1;
		uint8_t *d = &dst[(dpos + i) / 8];
		*d = (uint8_t)((*d & ~(1u << ((dpos + i) % 8))) | (bit << ((dpos + i) % 8)));
	}
}

/* ---- walking a location down to plain storage ---- */

/* Called for each segment of plain storage: nbits bits of s from bit off,
 * which are bits [pos, pos+nbits) of the whole access. */
typedef int (*segment_fn)(hd_machine *m, const hd_storage *s, hd_bits off,
                          uint64_t nbits, uint64_t pos, void *arg);

static int walk_loc(hd_machine *m, const hd_loc *l, hd_bits off, uint64_t nbits,
                    uint64_t pos, int all, segment_fn fn, void *arg, int depth);

static int walk_storage(hd_machine *m, const hd_storage *s, hd_bits off,
                        uint64_t nbits, uint64_t pos, int all, segment_fn fn,
                        void *arg, int depth)
{
	hd_bits start = 0, end = off + (hd_bits)nbits;

	if (s->kind == HD_STORAGE_UNDEFINED)
		return fn(m, s, off, nbits, pos, arg);
	if (off < 0 || end > s->size)
		return hd_err(m, "out-of-bounds", "the access leaves its location storage");
	if (s->kind != HD_STORAGE_COMPOSITE)
		return fn(m, s, off, nbits, pos, arg);
	if (depth >= MAX_NESTING)
		return hd_err(m, "nesting-limit", "composites nest deeper than %d", MAX_NESTING);
	for (uint32_t i = 0; i < s->u.comp.nparts && start < end; i++) {
		const hd_part *p = &s->u.comp.parts[i];
		hd_bits pend = start + (hd_bits)p->bits;
		hd_bits lo = off > start ? off : start;
		hd_bits hi = end < pend ? end : pend;
		if (lo < hi && walk_loc(m, p->loc, lo - start, (uint64_t)(hi - lo),
		                        pos + (uint64_t)(lo - off), all, fn, arg, depth + 1) != 0)
			return -1;
		start = pend;
	}
	return 0;
}

/* Reads use the first single location (DWARF Extensions for Heterogeneous Debugging: any of them may be picked);
 * writes (all != 0) go to every one. */
static int walk_loc(hd_machine *m, const hd_loc *l, hd_bits off, uint64_t nbits,
                    uint64_t pos, int all, segment_fn fn, void *arg, int depth)
{
	uint32_t n = all ? l->n : 1;

	for (uint32_t i = 0; i < n; i++)
		if (walk_storage(m, l->s[i].storage, l->s[i].offset + off, nbits, pos, all,
		                 fn, arg, depth) != 0)
			return -1;
	return 0;
}

static const hd_target *need_arch(hd_machine *m)
{
	if (m->ctx->arch == NULL)
		hd_missing(m, "architecture");
	return m->ctx->arch;
}

/* Bytes fetch reads into the caller's buffer rather than the arena: a
 * register or a scalar fits, and most reads are one of those. */
#define FETCH_SMALL 16

/* The bytes covering bits [off, off+nbits) of a memory or register storage,
 * in small when they fit it. */
static int fetch(hd_machine *m, const hd_storage *s, hd_bits off, uint64_t nbits,
                 uint8_t small[FETCH_SMALL], uint8_t **bytes, uint64_t *first)
{
	const hd_target *arch = need_arch(m);
	uint64_t lo, n;
	uint8_t *buf;

	if (arch == NULL)
		return -1;
	if (s->kind == HD_STORAGE_REGISTER) {
		lo = 0;
		n = (uint64_t)((s->size + 7) / 8);
	} else {
		lo = (uint64_t)(off / 8);
		n = (uint64_t)((off + (hd_bits)nbits + 7) / 8) - lo;
	}
	buf = n <= FETCH_SMALL ? small : hd_alloc(m, n);
	if (buf == NULL)
		return -1;
	if (s->kind == HD_STORAGE_REGISTER) {
		if (arch->ops->read_register(arch->self, s->u.reg.reg, buf, m->st) != 0)
			return -1;
	} else if (arch->ops->read_memory(arch->self, s->u.mem.aspace, s->u.mem.has_lane,
	                                  s->u.mem.lane, lo, n, buf, m->st) != 0) {
		return -1;
	}
	*bytes = buf;
	*first = lo;
	return 0;
}

/* n bytes of a memory storage from byte addr into dst. */
static int read_memory_bytes(hd_machine *m, const hd_storage *s, uint64_t addr, uint64_t n,
                             uint8_t *dst)
{
	const hd_target *arch = need_arch(m);

	if (arch == NULL)
		return -1;
	return arch->ops->read_memory(arch->self, s->u.mem.aspace, s->u.mem.has_lane,
	                              s->u.mem.lane, addr, n, dst, m->st);
}

static int read_segment(hd_machine *m, const hd_storage *s, hd_bits off,
                        uint64_t nbits, uint64_t pos, void *arg)
{
	uint8_t *out = arg, *bytes, small[FETCH_SMALL];
	uint64_t first;

	switch (s->kind) {
	case HD_STORAGE_UNDEFINED:
		return hd_err(m, "undefined-read", "bits are read from undefined storage");
	case HD_STORAGE_IMPLICIT:
		copy_bits(out, pos, s->u.imp.bytes, (uint64_t)off, nbits);
		return 0;
	case HD_STORAGE_IMPLICIT_POINTER:
		return hd_err(m, "implicit-pointer-partial",
		              "only a whole implicit pointer storage can be dereferenced");
	case HD_STORAGE_MEMORY:
		/* whole bytes, as most reads are, go straight into out */
		if (off % 8 == 0 && nbits % 8 == 0 && pos % 8 == 0)
			return read_memory_bytes(m, s, (uint64_t)(off / 8), nbits / 8, out + pos / 8);
		/* fall through */
	case HD_STORAGE_REGISTER:
		if (fetch(m, s, off, nbits, small, &bytes, &first) != 0)
			return -1;
		copy_bits(out, pos, bytes, (uint64_t)(off - (hd_bits)first * 8), nbits);
		return 0;
	default:
		return hd_err(m, "internal", "composite reached as a segment");
	}
}

static int write_segment(hd_machine *m, const hd_storage *s, hd_bits off,
                         uint64_t nbits, uint64_t pos, void *arg)
{
	const uint8_t *in = arg;
	const hd_target *arch;
	uint8_t *bytes, small[FETCH_SMALL];
	uint64_t first;

	switch (s->kind) {
	case HD_STORAGE_UNDEFINED:
		return hd_err(m, "undefined-write", "bits are written to undefined storage");
	case HD_STORAGE_IMPLICIT:
	case HD_STORAGE_IMPLICIT_POINTER:
		return hd_err(m, "implicit-write", "implicit storage can only be read");
	case HD_STORAGE_MEMORY:
	case HD_STORAGE_REGISTER:
		/* read-modify-write keeps the bits around a bit field */
		if (fetch(m, s, off, nbits, small, &bytes, &first) != 0)
			return -1;
		copy_bits(bytes, (uint64_t)(off - (hd_bits)first * 8), in, pos, nbits);
		arch = m->ctx->arch;
		if (s->kind == HD_STORAGE_REGISTER)
			return arch->ops->write_register(arch->self, s->u.reg.reg, bytes, m->st);
		return arch->ops->write_memory(arch->self, s->u.mem.aspace, s->u.mem.has_lane,
		                               s->u.mem.lane, first,
		                               (uint64_t)((off + (hd_bits)nbits + 7) / 8) - first,
		                               bytes, m->st);
	default:
		return hd_err(m, "internal", "composite reached as a segment");
	}
}

/* DWARF Extensions for Heterogeneous Debugging DW_OP_implicit_pointer: a read yields an implicit pointer value
 * only if all its bits come, in ascending consecutive order, from the whole
 * of one implicit pointer storage. The probe records what the read touches. */
typedef struct ipv_probe {
	const hd_storage *storage;  /* the implicit pointer storage seen, if any */
	int other;                  /* bits from anything else */
	hd_bits next;               /* offset the next bit must come from */
	int broken;                 /* not consecutive ascending from 0 */
} ipv_probe;

static int probe_segment(hd_machine *m, const hd_storage *s, hd_bits off,
                         uint64_t nbits, uint64_t pos, void *arg)
{
	ipv_probe *p = arg;

	(void)m;
	(void)pos;
	if (s->kind != HD_STORAGE_IMPLICIT_POINTER) {
		p->other = 1;
		return 0;
	}
	if (p->storage != NULL && p->storage != s)
		p->broken = 1;
	p->storage = s;
	if (off != p->next)
		p->broken = 1;
	p->next = off + (hd_bits)nbits;
	return 0;
}

/* memset(out, 0, n), with the 8 bytes of a 64-bit scalar, the common
 * read, cleared by one store rather than a call. */
static void clear_bytes(uint8_t *out, uint64_t n)
{
	if (n == 8)
		memset(out, 0, 8);
	else
		memset(out, 0, n);
}

int hd_read_loc(hd_machine *m, const hd_loc *l, uint64_t nbits, uint8_t *out,
                const hd_ipv **ipv)
{
	ipv_probe probe = { NULL, 0, 0, 0 };

	*ipv = NULL;
	/* a read goes through the first single location only: when that is
	 * plain storage no implicit pointer can be in it, and one walk does */
	if (l->s[0].storage->kind != HD_STORAGE_COMPOSITE &&
	    l->s[0].storage->kind != HD_STORAGE_IMPLICIT_POINTER) {
		clear_bytes(out, (nbits + 7) / 8);
		return walk_storage(m, l->s[0].storage, l->s[0].offset, nbits, 0, 0,
		                    read_segment, out, 0);
	}
	if (walk_loc(m, l, 0, nbits, 0, 0, probe_segment, &probe, 0) != 0)
		return -1;
	if (probe.storage != NULL) {
		if (probe.other || probe.broken || probe.next != probe.storage->size)
			return hd_err(m, "implicit-pointer-partial",
			              "only a whole implicit pointer storage can be dereferenced");
		*ipv = &probe.storage->u.iptr;
		return 0;
	}
	memset(out, 0, (nbits + 7) / 8);
	return walk_loc(m, l, 0, nbits, 0, 0, read_segment, out, 0);
}

int hd_write_loc(hd_machine *m, const hd_loc *l, uint64_t nbits, const uint8_t *in)
{
	return walk_loc(m, l, 0, nbits, 0, 1, write_segment, (void *)in, 0);
}

/* ---- implicit conversions (DWARF Extensions for Heterogeneous Debugging "Memory Location Description Operations") ---- */

int hd_value_to_loc(hd_machine *m, const hd_value *v, const hd_loc **out)
{
	return hd_value_to_loc_in(m, v, NULL, out);
}

int hd_value_to_loc_in(hd_machine *m, const hd_value *v, hd_loc_buf *buf,
                       const hd_loc **out)
{
	unsigned gbits = hd_generic_bits(m);
	uint64_t a;

	if (v->ipv != NULL) {
		if (v->ipv->aspace != hd_default_aspace(m))
			return hd_ill(m, "not-a-location",
			              "an implicit pointer value converts to a location only in "
			              "the default address space");
		return hd_ipv_deref(m, v->ipv, out);
	}
	/* DWARF Extensions for Heterogeneous Debugging converts only values of the generic type; allowing any
	 * integral type is offered there as an alternative in a note. */
	if (v->type != NULL)
		return hd_ill(m, "not-a-location",
		              "only a value of the generic type converts to a memory location");
	a = hd_value_u64(v) & hd_mask(gbits);
	return hd_loc_memory_at(m, hd_default_aspace(m), NULL, a, buf, out);
}

int hd_loc_to_value(hd_machine *m, const hd_loc *l, hd_value *v)
{
	const hd_sloc *sl = &l->s[0];

	if (l->n != 1 || sl->storage->kind != HD_STORAGE_MEMORY ||
	    sl->storage->u.mem.aspace != hd_default_aspace(m) || sl->offset % 8 != 0)
		return -1;
	hd_value_generic(m, v, (uint64_t)(sl->offset / 8));
	return 0;
}

/* DWARF Extensions for Heterogeneous Debugging DW_OP_implicit_pointer: the location an implicit pointer value
 * designates is its DIE's DW_AT_location (an expression or a location list,
 * evaluated now, in the context of the access, as a location) or
 * DW_AT_const_value, moved by its displacement. */
int hd_ipv_deref(hd_machine *m, const hd_ipv *ipv, const hd_loc **out)
{
	const hd_cu *cu = m->ctx->cu;
	const hd_die_info *die = NULL;
	const hd_loc *rl;

	if (cu == NULL)
		return hd_missing(m, "compilation unit");
	for (size_t i = 0; i < cu->ndies; i++)
		if (cu->dies[i].offset == ipv->die)
			die = &cu->dies[i];
	if (die != NULL && die->loclist != NULL) {
		if (hd_loclist_run(m, die->loclist, &rl) != 0)
			return -1;
	} else if (die != NULL && die->location != NULL) {
		hd_context sub = *m->ctx;
		hd_entry e;
		hd_context_nested(&sub, HD_RESULT_LOCATION);
		if (hd_eval_nested(m, &sub, die->location, die->location_len, &e) != 0)
			return -1;
		rl = e.loc;
	} else if (die != NULL && die->const_value != NULL) {
		if (hd_loc_implicit(m, die->const_value, 8 * (uint64_t)die->const_value_len,
		                    &rl) != 0)
			return -1;
	} else {
		return hd_err(m, "implicit-pointer-target",
		              "DIE 0x%llx has neither DW_AT_location nor DW_AT_const_value",
		              (unsigned long long)ipv->die);
	}
	return hd_loc_offset(m, rl, (hd_bits)ipv->disp * 8, out);
}

int hd_read_u64(hd_machine *m, const hd_loc *l, uint64_t bits, uint64_t *v)
{
	uint8_t buf[8] = { 0 };
	const hd_ipv *ipv = NULL;

	if (hd_read_loc(m, l, bits, buf, &ipv) != 0)
		return -1;
	if (ipv != NULL)
		return hd_err(m, "implicit-pointer-use", "a register holds an implicit pointer");
	*v = 0;
	for (int i = 7; i >= 0; i--)
		*v = (*v << 8) | buf[i];
	return 0;
}
