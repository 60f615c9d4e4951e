/* hd_sort: qsort for the growable arrays of this code base, which are NULL
 * until their first element. C11 7.22.5 wants qsort's base to be a valid
 * pointer even for no elements (glibc declares it nonnull, and UBSan stops
 * on NULL), and one element needs no sorting, so fewer than two are left
 * as they are. */
#ifndef HD_UTIL_SORT_H
#define HD_UTIL_SORT_H

#include <stddef.h>
#include <stdlib.h>

static inline void hd_sort(void *base, size_t n, size_t size,
                           int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

#endif
