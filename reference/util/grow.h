/* hd_grow: room for one more element in a growable array of this code base
 * (NULL until its first element, doubling from 16, so n appends cost O(n)
 * copies). Returns the array to use, the old one when it had room; NULL
 * when the size would overflow or realloc says no, the old array and *cap
 * then unchanged, so the caller keeps what it has. */
#ifndef HD_UTIL_GROW_H
#define HD_UTIL_GROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

static inline void *hd_grow(void *v, size_t n, size_t *cap, size_t elem)
{
	size_t c;
	void *nv;

	if (n < *cap)
		return v;
	c = *cap ? *cap * 2 : 16;
	if (c < *cap || c > SIZE_MAX / elem)
		return NULL;
	nv = realloc(v, c * elem);
	if (nv != NULL)
		*cap = c;
	return nv;
}

#endif
