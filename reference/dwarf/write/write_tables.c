/* What the DWARF writer's sections share: the interned string and address
 * tables (so a string or an address appears once however many DIEs use it),
 * unit length framing, and the sections made straight from the tables:
 * .debug_str with .debug_str_offsets (DWARF 5 7.26) and .debug_addr (7.27). */
#include "write_impl.h"
#include "util/keyed_hash.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define DWARF64_ESCAPE 0xffffffffu
#define RESERVED_LENGTH 0xfffffff0u

/* The strings and addresses are the input's, so the tables hash them with
 * a key the input never sees (util/keyed_hash.h): FNV-1a could be steered
 * into one long probe run. Slot order never reaches the sections, which
 * follow the order of first use. */
static uint32_t hash_bytes(const void *p, size_t n)
{
	return (uint32_t)hd_keyed_hash(p, n);
}

static uint32_t hash_addr(uint64_t a)
{
	return (uint32_t)hd_keyed_hash_u64(a);
}

/* The capacity after cap when n items must fit one more; 0 on overflow. */
static uint32_t next_cap(uint32_t cap, uint32_t n)
{
	if (n < cap)
		return cap;
	if (cap > UINT32_MAX / 4)
		return 0;
	return cap ? cap * 2 : 64;
}

/* Rebuilds the slot array at twice the size once it is half full; hash(i)
 * gives item i's hash. Keeps lookups short without a delete operation. */
static int rehash(uint32_t **slots, uint32_t *nslots, uint32_t n,
                  uint32_t (*hash)(const void *t, uint32_t i), const void *t)
{
	uint32_t ns, *s;

	if ((uint64_t)(n + 1) * 2 <= *nslots)
		return 0;
	ns = *nslots ? *nslots * 2 : 128;
	s = calloc(ns, sizeof *s);
	if (s == NULL)
		return -1;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t h = hash(t, i) & (ns - 1);

		while (s[h] != 0)
			h = (h + 1) & (ns - 1);
		s[h] = i + 1;
	}
	free(*slots);
	*slots = s;
	*nslots = ns;
	return 0;
}

static uint32_t str_hash_at(const void *t, uint32_t i)
{
	const char *s = ((const hd_strtab *)t)->s[i];

	return hash_bytes(s, strlen(s));
}

static uint32_t addr_hash_at(const void *t, uint32_t i)
{
	return hash_addr(((const hd_addrtab *)t)->a[i]);
}

void hd_strtab_free(hd_strtab *t)
{
	free(t->s);
	free(t->off);
	free(t->slots);
	memset(t, 0, sizeof *t);
}

/* hd_strtab_find with s's hash already taken: intern needs it twice, to
 * look and then to insert, and the keyed hash is the costly part. */
static int64_t find_hashed(const hd_strtab *t, const char *s, uint32_t full)
{
	uint32_t h;

	if (t->nslots == 0)
		return -1;
	h = full & (t->nslots - 1);
	while (t->slots[h] != 0) {
		if (strcmp(t->s[t->slots[h] - 1], s) == 0)
			return t->slots[h] - 1;
		h = (h + 1) & (t->nslots - 1);
	}
	return -1;
}

int64_t hd_strtab_find(const hd_strtab *t, const char *s)
{
	return t->nslots == 0 ? -1 : find_hashed(t, s, hash_bytes(s, strlen(s)));
}

int64_t hd_strtab_intern(hd_strtab *t, const char *s)
{
	size_t len = strlen(s);
	uint32_t full = hash_bytes(s, len), h;
	int64_t i = find_hashed(t, s, full);

	if (i >= 0)
		return i;
	if (t->n == t->cap) {
		uint32_t cap = next_cap(t->cap, t->n);
		const char **ns;
		uint64_t *no;

		if (cap == 0)
			return -1;
		ns = realloc(t->s, cap * sizeof *ns);
		if (ns == NULL)
			return -1;
		t->s = ns;
		no = realloc(t->off, cap * sizeof *no);
		if (no == NULL)
			return -1;
		t->off = no;
		t->cap = cap;
	}
	if (rehash(&t->slots, &t->nslots, t->n, str_hash_at, t) != 0)
		return -1;
	t->s[t->n] = s;
	t->off[t->n] = t->size;
	t->size += len + 1;
	h = full & (t->nslots - 1);
	while (t->slots[h] != 0)
		h = (h + 1) & (t->nslots - 1);
	t->slots[h] = t->n + 1;
	return t->n++;
}

void hd_addrtab_free(hd_addrtab *t)
{
	free(t->a);
	free(t->slots);
	memset(t, 0, sizeof *t);
}

int64_t hd_addrtab_find(const hd_addrtab *t, uint64_t a)
{
	uint32_t h;

	if (t->nslots == 0)
		return -1;
	h = hash_addr(a) & (t->nslots - 1);
	while (t->slots[h] != 0) {
		if (t->a[t->slots[h] - 1] == a)
			return t->slots[h] - 1;
		h = (h + 1) & (t->nslots - 1);
	}
	return -1;
}

int64_t hd_addrtab_intern(hd_addrtab *t, uint64_t a)
{
	int64_t i = hd_addrtab_find(t, a);
	uint32_t h;

	if (i >= 0)
		return i;
	if (t->n == t->cap) {
		uint32_t cap = next_cap(t->cap, t->n);
		uint64_t *na;

		if (cap == 0)
			return -1;
		na = realloc(t->a, cap * sizeof *na);
		if (na == NULL)
			return -1;
		t->a = na;
		t->cap = cap;
	}
	if (rehash(&t->slots, &t->nslots, t->n, addr_hash_at, t) != 0)
		return -1;
	t->a[t->n] = a;
	h = hash_addr(a) & (t->nslots - 1);
	while (t->slots[h] != 0)
		h = (h + 1) & (t->nslots - 1);
	t->slots[h] = t->n + 1;
	return t->n++;
}

/* ---- framing ---- */

size_t hd_dw_len_begin(hd_buf *b, int dwarf64)
{
	size_t at;

	if (dwarf64)
		hd_buf_uint(b, DWARF64_ESCAPE, 4);
	at = b->len;
	hd_buf_uint(b, 0, dwarf64 ? 8 : 4);
	return at;
}

int hd_dw_len_end(hd_buf *b, size_t at, int dwarf64, hd_status *st)
{
	uint64_t length;

	if (b->failed)
		return hd_fail(st, HD_NO_MEMORY, "out-of-memory", at, "no memory for a section");
	length = b->len - at - (dwarf64 ? 8 : 4);
	if (!dwarf64 && length >= RESERVED_LENGTH)
		return hd_fail(st, HD_INTERNAL, "offset-range", at,
		               "a unit of %" PRIu64 " bytes needs the 64-bit format", length);
	hd_dw_patch(b, at, length, dwarf64 ? 8 : 4);
	return 0;
}

void hd_dw_patch(hd_buf *b, size_t at, uint64_t v, unsigned n)
{
	if (b->failed || at + n > b->len)
		return;
	for (unsigned i = 0; i < n; i++)
		b->data[at + i] = (uint8_t)(v >> (8 * i));
}

unsigned hd_uleb_size(uint64_t v)
{
	unsigned n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

unsigned hd_sleb_size(int64_t v)
{
	unsigned n = 1;

	/* the same loop as hd_buf_sleb, counting instead of writing */
	for (;;) {
		uint8_t byte = (uint8_t)(v & 0x7f);

		v = v < 0 ? ~(~v >> 7) : v >> 7;
		if ((v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40)))
			return n;
		n++;
	}
}

hd_die *hd_die_preorder_next(const hd_die *root, const hd_die *d, unsigned *nulls)
{
	*nulls = 0;
	if (d->first_child != NULL)
		return d->first_child;
	while (d != root && d->next == NULL) {
		d = d->parent;
		(*nulls)++;
	}
	return d == root ? NULL : d->next;
}

int hd_dw_check_out(hd_dw_writer *w)
{
	for (int i = 0; i < HD_SEC_COUNT; i++)
		if (w->out->sec[i].failed)
			return hd_fail(w->st, HD_NO_MEMORY, "out-of-memory", 0,
			               "no memory for %s", hd_dw_section_name[i]);
	return 0;
}

/* ---- sections made from the tables ---- */

/* .debug_str holds the strings in index order, so offsets were known at
 * interning; .debug_str_offsets is a DWARF 5 7.26 header then one offset
 * per index. DW_AT_str_offsets_base points just past the header. */
int hd_dw_write_str(hd_dw_writer *w)
{
	hd_buf *str = &w->out->sec[HD_SEC_STR], *offs = &w->out->sec[HD_SEC_STR_OFFSETS];
	int dwarf64 = w->u->dwarf64;
	size_t at;

	if (w->str.n == 0)
		return 0;
	for (uint32_t i = 0; i < w->str.n; i++)
		hd_buf_put(str, w->str.s[i], strlen(w->str.s[i]) + 1);
	if (!dwarf64 && w->str.size > UINT32_MAX)
		return hd_fail(w->st, HD_INTERNAL, "offset-range", 0,
		               ".debug_str of %" PRIu64 " bytes needs the 64-bit format",
		               w->str.size);
	at = hd_dw_len_begin(offs, dwarf64);
	hd_buf_uint(offs, 5, 2);
	hd_buf_uint(offs, 0, 2);  /* padding */
	w->has_str_offsets = 1;
	w->str_offsets_base = offs->len;
	for (uint32_t i = 0; i < w->str.n; i++)
		hd_buf_uint(offs, w->str.off[i], w->off_size);
	return hd_dw_len_end(offs, at, dwarf64, w->st);
}

/* .debug_addr: a DWARF 5 7.27 header then the addresses in index order;
 * DW_AT_addr_base points just past the header. */
int hd_dw_write_addr(hd_dw_writer *w)
{
	hd_buf *b = &w->out->sec[HD_SEC_ADDR];
	int dwarf64 = w->u->dwarf64;
	size_t at;

	if (w->addr.n == 0)
		return 0;
	at = hd_dw_len_begin(b, dwarf64);
	hd_buf_uint(b, 5, 2);
	hd_buf_byte(b, w->u->addr_size);
	hd_buf_byte(b, 0);  /* segment_selector_size */
	w->has_addr = 1;
	w->addr_base = b->len;
	for (uint32_t i = 0; i < w->addr.n; i++)
		hd_buf_uint(b, w->addr.a[i], w->u->addr_size);
	return hd_dw_len_end(b, at, dwarf64, w->st);
}
