#include "arena.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK_MIN (64 * 1024)
/* Each new chunk is twice its predecessor, up to this: an arena holding a
 * million DIEs took thousands of 64 KiB chunks, each cleared by calloc.
 * glibc's mmap threshold rises with the blocks a process frees but never
 * past 32 MiB, so chunks this large come from mmap, zeroed by the kernel,
 * and calloc does not clear them again; the pages never touched cost no
 * memory. A small arena keeps its one 64 KiB chunk. */
#define CHUNK_MAX (32 * 1024 * 1024)

/* The head chunk's free bytes are [next, end) of the arena. */
struct hd_arena_chunk {
	hd_arena_chunk *next;
	size_t size;
	_Alignas(16) unsigned char data[];
};

void hd_arena_init(hd_arena *a, size_t cap)
{
	a->head = NULL;
	a->start = a->next = a->end = a->dirty = NULL;
	a->several = 0;
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
	a->start = a->next = a->end = a->dirty = NULL;
	a->several = 0;
	a->used_total = 0;
}

void hd_arena_reset_chunks(hd_arena *a)
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
	/* no clearing: hd_arena_alloc clears what it hands out again; how
	 * much of the kept chunk was used is not known, so all of it is */
	a->head = c;
	a->several = 0;
	a->start = c->data;
	a->next = c->data;
	a->end = c->data + c->size;
	a->dirty = a->end;
	a->used_total = 0;
}

void *hd_arena_alloc_chunk(hd_arena *a, size_t n)
{
	size_t size = CHUNK_MIN;
	hd_arena_chunk *nc;
	void *p;

	if (a->head != NULL)
		size = a->head->size >= CHUNK_MAX / 2 ? CHUNK_MAX : a->head->size * 2;
	if (n > size)
		size = n;
	nc = calloc(1, sizeof *nc + size);

	if (nc == NULL)
		return NULL;
	nc->size = size;
	nc->next = a->head;
	a->several = a->head != NULL;
	a->head = nc;
	a->start = nc->data;
	p = nc->data;
	a->next = nc->data + n;
	a->dirty = a->next;  /* calloc cleared the rest */
	a->end = nc->data + size;
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
