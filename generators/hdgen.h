/* hdgen's commands besides `cases` (hdgen.c). Each takes the arguments
 * after its name and returns the process exit status. */
#ifndef HD_HDGEN_H
#define HD_HDGEN_H

#include <stddef.h>

#include "util/dir.h"
#include "util/status.h"

int hdgen_expected(int argc, char **argv);  /* expected.c */
int hdgen_coverage(int argc, char **argv);  /* coverage.c */

/* hdgen.c: prints the usage and returns the usage exit status (2). */
int hdgen_usage(void);

#endif
