/* hdgen's commands besides `cases` (hdgen.c). Each takes the arguments
 * after its name and returns the process exit status. */
#ifndef HD_HDGEN_H
#define HD_HDGEN_H

#include <stddef.h>

int hdgen_expected(int argc, char **argv);  /* expected.c */
int hdgen_coverage(int argc, char **argv);  /* coverage.c */

/* hdgen.c: prints the usage and returns the usage exit status (2). */
int hdgen_usage(void);
/* strcmp order of two char * (for qsort and bsearch of name lists). */
int hdgen_cmp_str(const void *a, const void *b);
/* The names of dir's entries ending in ext ("" for all), in strcmp order;
 * *n their number (0 and NULL when dir cannot be read). */
char **hdgen_list_dir(const char *dir, const char *ext, size_t *n);
void hdgen_free_list(char **names, size_t n);
/* Makes path and every missing directory above it; 0, or -1 with errno. */
int hdgen_mkdirs(const char *path);

#endif
