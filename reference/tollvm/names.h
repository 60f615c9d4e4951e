/* Internal to reference/tollvm: unique IR names (names.c). */
#ifndef HD_TOLLVM_NAMES_H
#define HD_TOLLVM_NAMES_H

#include <stddef.h>
#include <stdint.h>

typedef struct hd_tl_naming {
	const char **names;   /* in: the wanted names (NULL: none); out: the names */
	const uint8_t *is_global;
	size_t count;
	int fallback;         /* out: the names are f<i>/g<i> */
	char *pool;           /* the fallback names' storage; the caller frees it */
} hd_tl_naming;

/* Keeps the wanted names when they can stand, else gives every entity a
 * positional name. 0, or -1 when memory runs out. */
int hd_tl_names(hd_tl_naming *nm);

#endif
