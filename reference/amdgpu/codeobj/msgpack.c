/* The bounded MessagePack reader (msgpack.h), after the MessagePack
 * specification's formats: one recursive descent whose depth is bounded by
 * HD_MP_MAX_DEPTH and whose allocations are bounded by the input's length,
 * so no input makes it crash, recurse without end or grow without bound. */
#include <string.h>

#include "msgpack.h"

typedef struct mp_reader {
	const uint8_t *p;
	size_t n, pos;
	hd_arena *a;
	hd_status *st;
} mp_reader;

static int fail(mp_reader *r, uint64_t at, const char *code, const char *what)
{
	return hd_fail(r->st, HD_BAD_INPUT, code, at, "MessagePack at byte %llu: %s",
	               (unsigned long long)at, what);
}

/* nbytes big-endian bytes at the cursor (MessagePack is big-endian). */
static int take(mp_reader *r, unsigned nbytes, uint64_t *v)
{
	if (r->n - r->pos < nbytes)
		return fail(r, r->pos, "msgpack-truncated", "the input ends inside a value");
	*v = 0;
	for (unsigned i = 0; i < nbytes; i++)
		*v = *v << 8 | r->p[r->pos + i];
	r->pos += nbytes;
	return 0;
}

/* A string, bin or ext payload of len bytes. */
static int payload(mp_reader *r, uint64_t len, hd_mp *out)
{
	if (len > r->n - r->pos)
		return fail(r, r->pos, "msgpack-truncated", "a string runs past the end of the input");
	out->v.str.p = (const char *)r->p + r->pos;
	out->v.str.n = (size_t)len;
	r->pos += (size_t)len;
	return 0;
}

static int value(mp_reader *r, hd_mp *out, unsigned depth);

/* count elements (2·count for a map), each at least one byte long. */
static int list(mp_reader *r, uint64_t count, int is_map, hd_mp *out, unsigned depth)
{
	uint64_t items = is_map ? 2 * count : count;

	if (depth >= HD_MP_MAX_DEPTH)
		return fail(r, out->offset, "msgpack-depth", "arrays and maps nest too deep");
	if (count > r->n - r->pos || items > r->n - r->pos)
		return fail(r, out->offset, "msgpack-count",
		            "an array or map claims more elements than bytes are left");
	out->v.list.n = (size_t)count;
	if (items == 0)
		return 0;
	out->v.list.items = hd_arena_alloc(r->a, (size_t)items * sizeof(hd_mp));
	if (out->v.list.items == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "msgpack-limit", out->offset,
		               "MessagePack at byte %llu: the tree exceeds its memory bound",
		               (unsigned long long)out->offset);
	for (uint64_t i = 0; i < items; i++)
		if (value(r, &out->v.list.items[i], depth + 1) != 0)
			return -1;
	return 0;
}

static int value(mp_reader *r, hd_mp *out, unsigned depth)
{
	uint64_t b = 0, x = 0;

	out->offset = r->pos;
	if (take(r, 1, &b) != 0)
		return -1;
	if (b <= 0x7f || b >= 0xe0) {
		out->kind = b <= 0x7f ? HD_MP_UINT : HD_MP_INT;
		if (b <= 0x7f)
			out->v.u = b;
		else
			out->v.i = (int64_t)b - 256;
		return 0;
	}
	if ((b & 0xf0) == 0x80 || (b & 0xf0) == 0x90) {
		out->kind = (b & 0xf0) == 0x80 ? HD_MP_MAP : HD_MP_ARRAY;
		return list(r, b & 0x0f, out->kind == HD_MP_MAP, out, depth);
	}
	if ((b & 0xe0) == 0xa0) {
		out->kind = HD_MP_STR;
		return payload(r, b & 0x1f, out);
	}
	switch (b) {
	case 0xc0:
		out->kind = HD_MP_NIL;
		return 0;
	case 0xc2:
	case 0xc3:
		out->kind = HD_MP_BOOL;
		out->v.b = b == 0xc3;
		return 0;
	case 0xc4: case 0xc5: case 0xc6:
	case 0xd9: case 0xda: case 0xdb:
		out->kind = b <= 0xc6 ? HD_MP_BIN : HD_MP_STR;
		if (take(r, 1u << ((b <= 0xc6 ? b - 0xc4 : b - 0xd9)), &x) != 0)
			return -1;
		return payload(r, x, out);
	case 0xc7: case 0xc8: case 0xc9:
		out->kind = HD_MP_EXT;
		if (take(r, 1u << (b - 0xc7), &x) != 0 || take(r, 1, &b) != 0)
			return -1;
		return payload(r, x, out);
	case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8:
		out->kind = HD_MP_EXT;
		if (take(r, 1, &x) != 0)
			return -1;
		return payload(r, 1u << (b - 0xd4), out);
	case 0xca:
	case 0xcb: {
		out->kind = HD_MP_FLOAT;
		if (take(r, b == 0xca ? 4 : 8, &x) != 0)
			return -1;
		if (b == 0xca) {
			uint32_t w = (uint32_t)x;
			float f;
			memcpy(&f, &w, 4);
			out->v.f = f;
		} else {
			memcpy(&out->v.f, &x, 8);
		}
		return 0;
	}
	case 0xcc: case 0xcd: case 0xce: case 0xcf:
		out->kind = HD_MP_UINT;
		return take(r, 1u << (b - 0xcc), &out->v.u);
	case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
		unsigned nb = 1u << (b - 0xd0);
		if (take(r, nb, &x) != 0)
			return -1;
		if (nb < 8 && (x >> (8 * nb - 1)) != 0)
			x |= ~(uint64_t)0 << (8 * nb);  /* sign-extend */
		out->kind = (int64_t)x < 0 ? HD_MP_INT : HD_MP_UINT;
		out->v.u = x;
		return 0;
	}
	case 0xdc: case 0xdd:
	case 0xde: case 0xdf:
		out->kind = b <= 0xdd ? HD_MP_ARRAY : HD_MP_MAP;
		if (take(r, (b & 1) ? 4 : 2, &x) != 0)
			return -1;
		return list(r, x, out->kind == HD_MP_MAP, out, depth);
	default:  /* 0xc1: never used */
		return fail(r, out->offset, "msgpack-format", "byte 0xc1 is no MessagePack format");
	}
}

int hd_mp_parse(const uint8_t *p, size_t n, hd_arena *a, hd_mp **root, hd_status *st)
{
	mp_reader r = { p, n, 0, a, st };

	*root = hd_arena_alloc(a, sizeof(hd_mp));
	if (*root == NULL)
		return hd_fail(st, HD_NO_MEMORY, "msgpack-limit", 0, "MessagePack: out of memory");
	if (value(&r, *root, 0) != 0)
		return -1;
	if (r.pos != n)
		return fail(&r, r.pos, "msgpack-trailing", "bytes follow the value");
	return 0;
}

int hd_mp_str_is(const hd_mp *v, const char *s)
{
	size_t n = strlen(s);

	return v != NULL && v->kind == HD_MP_STR && v->v.str.n == n && memcmp(v->v.str.p, s, n) == 0;
}

const hd_mp *hd_mp_get(const hd_mp *map, const char *key)
{
	if (map == NULL || map->kind != HD_MP_MAP)
		return NULL;
	for (size_t i = 0; i < map->v.list.n; i++)
		if (hd_mp_str_is(&map->v.list.items[2 * i], key))
			return &map->v.list.items[2 * i + 1];
	return NULL;
}

int hd_mp_uint(const hd_mp *v, uint64_t *out)
{
	if (v == NULL || v->kind != HD_MP_UINT)
		return -1;
	*out = v->v.u;
	return 0;
}
