/* Interned texts ranked in byte order, for the canonical child order
 * (dump_intern.c). */
#ifndef HD_DUMP_INTERN_H
#define HD_DUMP_INTERN_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

/* 24 bytes a node: the texts together stay under 4 GiB (dd_intern_add
 * fails past that, as when memory runs out). */
typedef struct dd_inode {
	uint32_t off;                  /* the text: t->text.data + off */
	uint32_t len, left, right;     /* children: node ids, 0 for none */
	uint32_t rank;                 /* after dd_intern_rank: 1-based byte order */
	uint32_t level;                /* AA tree level; leaves are 1 */
} dd_inode;

typedef struct dd_intern {
	hd_buf text;
	dd_inode *n;                   /* n[1..count]; n[0] unused */
	uint32_t count, cap, root;
} dd_intern;

void dd_intern_init(dd_intern *t);
void dd_intern_free(dd_intern *t);
/* The id of len bytes at s, adding them when new: 0, or -1 when memory ran
 * out. */
int dd_intern_add(dd_intern *t, const uint8_t *s, size_t len, uint32_t *id);
/* Numbers every text by its byte order (memcmp, the shorter first on a tie):
 * n[id].rank. */
void dd_intern_rank(dd_intern *t);

#endif
