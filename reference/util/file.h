/* Whole-file output that never leaves half a result behind. */
#ifndef HD_FILE_H
#define HD_FILE_H

#include <stddef.h>

#include "buf.h"
#include "status.h"

/* Writes n bytes to path through a temporary file in the same directory,
 * renamed over path only once every byte is on disk. On error path is left
 * as it was and st says why (HD_INTERNAL "write-failed", with errno's text). */
int hd_write_file_atomic(const char *path, const void *data, size_t n, hd_status *st);

/* Writes n bytes to path directly, with no temporary file and no fsync:
 * for scratch files (a candidate's input, a dump beside its object) that
 * are made again when lost, where the fsync would cost more than the
 * command they feed. A failed write removes path; st says why. */
int hd_write_file(const char *path, const void *data, size_t n, hd_status *st);

/* Reads the whole of path into out (NUL-terminated, the NUL not counted),
 * refusing a file past max bytes before reading all of it, so a huge file or
 * an endless FIFO cannot eat memory. Errors are HD_BAD_INPUT "open", "read"
 * or "size-limit", or HD_NO_MEMORY; out is empty after one. */
int hd_read_file(const char *path, size_t max, hd_buf *out, hd_status *st);

#endif
