/* A bump allocator with a hard cap. An evaluation allocates its stack entries,
 * values and location descriptions here and drops them all at once, so no
 * single object needs an owner and a runaway expression hits the cap instead
 * of the machine's memory. */
#ifndef HD_ARENA_H
#define HD_ARENA_H

#include <stddef.h>

typedef struct hd_arena_chunk hd_arena_chunk;

typedef struct hd_arena {
	hd_arena_chunk *head;
	size_t used_total;  /* bytes handed out since the last reset */
	size_t cap;         /* 0: no cap */
} hd_arena;

void hd_arena_init(hd_arena *a, size_t cap);
void hd_arena_free(hd_arena *a);
/* Keeps the first chunk for reuse, frees the rest. */
void hd_arena_reset(hd_arena *a);
/* Zeroed, 16-byte aligned; NULL when the cap or malloc says no. */
void *hd_arena_alloc(hd_arena *a, size_t n);
void *hd_arena_dup(hd_arena *a, const void *p, size_t n);

#endif
