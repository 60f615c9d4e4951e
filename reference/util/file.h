/* Whole-file output that never leaves half a result behind. */
#ifndef HD_FILE_H
#define HD_FILE_H

#include <stddef.h>

#include "status.h"

/* Writes n bytes to path through a temporary file in the same directory,
 * renamed over path only once every byte is on disk. On error path is left
 * as it was and st says why (HD_INTERNAL "write-failed", with errno's text). */
int hd_write_file_atomic(const char *path, const void *data, size_t n, hd_status *st);

#endif
