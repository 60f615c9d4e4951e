/* hdgen's commands besides `cases` (hdgen.c). Each takes the arguments
 * after its name and returns the process exit status. */
#ifndef HD_HDGEN_H
#define HD_HDGEN_H

#include <stddef.h>

#include "util/dir.h"
#include "util/status.h"

int hdgen_expected(int argc, char **argv);  /* expected.c */
int hdgen_coverage(int argc, char **argv);  /* coverage.c */

/* expected_opencl.c: whether clang-15 and llvm-spirv-15 are on PATH; and
 * the Khronos route of one kernel (.cl or .clcpp) into work/k.spv, whose
 * path goes to spv. Fails when a compiler fails (its stderr in work/err). */
int hdgen_opencl_tools(void);
int hdgen_opencl_module(const char *kernel, const char *work, char *spv, size_t size,
                        hd_status *st);

/* hdgen.c: prints the usage and returns the usage exit status (2). */
int hdgen_usage(void);

#endif
