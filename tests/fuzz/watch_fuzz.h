/* One fuzz input for the watch-file reader: the bytes read as a watch. It
 * must be refused with an error value or read; what it reads must print
 * back to text that reads to the same print (the reader and the printer
 * agree on every file they accept). Shared by the libFuzzer target
 * (watch_fuzz_target.c) and test_watch_file.c. */
#ifndef HD_WATCH_FUZZ_H
#define HD_WATCH_FUZZ_H

#include <string.h>

#include "watch/watch_file.h"

/* 0 read and printed back the same, 1 refused, -1 the round trip broke. */
static inline int watch_fuzz_one(const uint8_t *data, size_t size)
{
	hd_watch_file *wf = NULL, *again = NULL;
	hd_buf a, b;
	hd_status st;
	int rc = -1;

	if (hd_watch_file_read((const char *)data, size, "fuzz", &wf, &st) != 0)
		return 1;
	hd_buf_init(&a);
	hd_buf_init(&b);
	hd_watch_file_print(wf, &a);
	if (!a.failed && hd_watch_file_read((const char *)a.data, a.len, "print", &again, &st) == 0) {
		hd_watch_file_print(again, &b);
		rc = !b.failed && a.len == b.len && memcmp(a.data, b.data, a.len) == 0 ? 0 : -1;
	}
	hd_watch_file_free(again);
	hd_watch_file_free(wf);
	hd_buf_free(&a);
	hd_buf_free(&b);
	return rc;
}

#endif
