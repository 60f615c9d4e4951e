/* A bounded MessagePack reader for the AMDGPU metadata note (AMDGPUUsage
 * "Code Object V3 to V6 Metadata": the note's descriptor is one MessagePack
 * map). The note is untrusted input, so the reader bounds what it builds:
 * nesting to HD_MP_MAX_DEPTH, every array or map count to the bytes left
 * (an element takes at least one byte), every string to the bytes left, and
 * the whole tree to the arena's cap. Each error is HD_BAD_INPUT "msgpack-*"
 * with the byte offset where the rule was broken. */
#ifndef HD_MSGPACK_H
#define HD_MSGPACK_H

#include <stddef.h>
#include <stdint.h>

#include "../../util/arena.h"
#include "../../util/status.h"

#define HD_MP_MAX_DEPTH 32

typedef enum hd_mp_kind {
	HD_MP_NIL,
	HD_MP_BOOL,
	HD_MP_UINT,   /* positive fixint, uint 8..64 */
	HD_MP_INT,    /* negative fixint, int 8..64 (a non-negative int N is read as UINT) */
	HD_MP_FLOAT,  /* float 32/64 */
	HD_MP_STR,
	HD_MP_BIN,
	HD_MP_ARRAY,
	HD_MP_MAP,
	HD_MP_EXT
} hd_mp_kind;

typedef struct hd_mp hd_mp;
struct hd_mp {
	hd_mp_kind kind;
	uint64_t offset;       /* of the value's first byte */
	union {
		int b;
		uint64_t u;
		int64_t i;
		double f;
		struct {
			const char *p;  /* not NUL-terminated; points into the input */
			size_t n;
		} str;              /* STR, BIN, EXT (payload) */
		struct {
			hd_mp *items;   /* ARRAY: n items; MAP: 2n, key then value */
			size_t n;
		} list;
	} v;
};

/* Reads exactly one value filling all n bytes into *root (in a). */
int hd_mp_parse(const uint8_t *p, size_t n, hd_arena *a, hd_mp **root, hd_status *st);

/* The value of the map's first key that is the string key; NULL when map is
 * no map or has none. */
const hd_mp *hd_mp_get(const hd_mp *map, const char *key);
/* Whether v is the string s. */
int hd_mp_str_is(const hd_mp *v, const char *s);
/* An unsigned integer (a non-negative INT too): 0 and *out, or -1. */
int hd_mp_uint(const hd_mp *v, uint64_t *out);

#endif
