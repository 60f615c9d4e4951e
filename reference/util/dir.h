/* Directories: the sorted listing and the mkdir -p that the generators and
 * the harness both need. */
#ifndef HD_DIR_H
#define HD_DIR_H

#include <stddef.h>

#include "status.h"

/* The names in dir that end in ext ("" for all), hidden ones (a leading
 * '.') left out, in byte order whatever the locale, so what is made from
 * them comes out the same whatever order readdir gives. 0, or -1 with st:
 * HD_BAD_INPUT "open" when dir cannot be read, HD_NO_MEMORY. Either way
 * *names and *n hold a list hd_free_names takes (empty after an error). */
int hd_list_dir(const char *dir, const char *ext, char ***names, size_t *n, hd_status *st);
void hd_free_names(char **names, size_t n);
/* The regular files under dir, as paths relative to it ("a/b.txt"), at
 * most 8 directories deep and at most max of them, hidden names left out,
 * in byte order; anything else there (a link, a device) is HD_BAD_INPUT
 * "not-a-file", more files "too-many-files". A list for hd_free_names. */
int hd_list_files(const char *dir, size_t max, char ***names, size_t *n, hd_status *st);

/* strcmp order of two char * (for qsort and bsearch of name lists). */
int hd_cmp_names(const void *a, const void *b);

/* Makes path and every missing directory above it; 0, or -1 with errno. */
int hd_make_dirs(const char *path);
/* Removes path and, when it is a directory, everything under it, following
 * no symbolic link; 0 also when path does not exist, else -1 with errno. */
int hd_remove_tree(const char *path);

#endif
