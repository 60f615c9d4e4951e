#include "arena.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK_MIN (64 * 1024)

struct hd_arena_chunk {
	hd_arena_chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

void hd_arena_init(hd_arena *a, size_t cap)
{
	a->head = NULL;
	a->used_total = 0;
	a->cap = cap;
}

void hd_arena_free(hd_arena *a)
{
	hd_arena_chunk *c = a->head;

	while (c != NULL) {
		hd_arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	a->head = NULL;
	a->used_total = 0;
}

void hd_arena_reset(hd_arena *a)
{
	hd_arena_chunk *c = a->head;

	if (c == NULL)
		return;
	/* the oldest chunk is last in the list: keep it */
	while (c->next != NULL) {
		hd_arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	memset(c->data, 0, c->used);
	c->used = 0;
	a->head = c;
	a->used_total = 0;
}

void *hd_arena_alloc(hd_arena *a, size_t n)
{
	hd_arena_chunk *c = a->head;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (n == 0)
		n = 16;
	if (a->cap != 0 && (n > a->cap || a->used_total > a->cap - n))
		return NULL;
	if (c == NULL || c->size - c->used < n) {
		size_t size = n > CHUNK_MIN ? n : CHUNK_MIN;
		hd_arena_chunk *nc = calloc(1, sizeof *nc + size);
		if (nc == NULL)
			return NULL;
		nc->size = size;
		nc->next = c;
		a->head = c = nc;
	}
	p = c->data + c->used;
	c->used += n;
	a->used_total += n;
	return p;
}

void *hd_arena_dup(hd_arena *a, const void *p, size_t n)
{
	void *q = hd_arena_alloc(a, n);

	if (q != NULL && n > 0)
		memcpy(q, p, n);
	return q;
}
