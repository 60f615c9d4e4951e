/* A bump allocator with a hard cap. An evaluation allocates its stack entries,
 * values and location descriptions here and drops them all at once, so no
 * single object needs an owner and a runaway expression hits the cap instead
 * of the machine's memory. */
#ifndef HD_ARENA_H
#define HD_ARENA_H

#include <stddef.h>
#include <string.h>

typedef struct hd_arena_chunk hd_arena_chunk;

typedef struct hd_arena {
	hd_arena_chunk *head;
	unsigned char *start;       /* the first byte of head's data */
	unsigned char *next, *end;  /* the free bytes of head */
	unsigned char *dirty;       /* head's bytes from here on are still zero */
	int several;        /* head is not the only chunk */
	size_t used_total;  /* bytes handed out since the last reset */
	size_t cap;         /* 0: no cap */
} hd_arena;

void hd_arena_init(hd_arena *a, size_t cap);
void hd_arena_free(hd_arena *a);
/* hd_arena_reset when there are chunks to free. */
void hd_arena_reset_chunks(hd_arena *a);

/* Keeps the first chunk for reuse, frees the rest. Inline: an evaluator
 * resets once per evaluation, and one chunk is nearly always all there is. */
static inline void hd_arena_reset(hd_arena *a)
{
	if (a->several) {
		hd_arena_reset_chunks(a);
		return;
	}
	a->next = a->start;
	a->used_total = 0;
}
/* hd_arena_alloc when the head chunk has no room: a new chunk. */
void *hd_arena_alloc_chunk(hd_arena *a, size_t n);
void *hd_arena_dup(hd_arena *a, const void *p, size_t n);

/* 16-byte aligned and not cleared, for a caller that writes every byte it
 * reads; NULL when the cap or malloc says no. Inline, since an evaluation
 * makes a few of these each and most fit the chunk. */
static inline void *hd_arena_alloc_raw(hd_arena *a, size_t n)
{
	n = n ? (n + 15) & ~(size_t)15 : 16;
	if (a->cap != 0 && (n > a->cap || a->used_total > a->cap - n))
		return NULL;
	if (n <= (size_t)(a->end - a->next)) {
		void *p = a->next;
		a->next += n;
		a->used_total += n;
		if (a->next > a->dirty)
			a->dirty = a->next;
		return p;
	}
	return hd_arena_alloc_chunk(a, n);
}

/* Grows p, the last block handed out, from n to m bytes where it stands,
 * when the head chunk has the room: an array that grows before anything
 * else is allocated (a DIE's attributes as the lowering adds them) then
 * leaves no copy behind. 1 when it grew (the new bytes are not cleared),
 * 0 when the caller must allocate and copy. */
static inline int hd_arena_extend(hd_arena *a, void *p, size_t n, size_t m)
{
	size_t have = n ? (n + 15) & ~(size_t)15 : 16, need = (m + 15) & ~(size_t)15;
	size_t more = need > have ? need - have : 0;

	if ((unsigned char *)p + have != a->next || more > (size_t)(a->end - a->next) ||
	    (a->cap != 0 && (more > a->cap || a->used_total > a->cap - more)))
		return 0;
	a->next += more;
	a->used_total += more;
	if (a->next > a->dirty)
		a->dirty = a->next;
	return 1;
}

/* hd_arena_alloc_raw, zeroed. The clearing is here, not in hd_arena_reset:
 * most callers ask for a constant size, which the compiler clears with a
 * few stores; and only bytes handed out before are cleared, since a
 * chunk's bytes come zeroed from calloc, so an arena that is never reset
 * (a lowering's) clears nothing twice. */
static inline void *hd_arena_alloc(hd_arena *a, size_t n)
{
	const hd_arena_chunk *head = a->head;
	unsigned char *clean = a->dirty;
	unsigned char *p = hd_arena_alloc_raw(a, n);

	if (p == NULL || a->head != head)  /* none, or a fresh chunk */
		return p;
	if (p + n <= clean)
		return memset(p, 0, n);
	if (p < clean)
		memset(p, 0, (size_t)(clean - p));
	return p;
}

#endif
