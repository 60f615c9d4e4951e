/* hc_eval_batch_list and hc_eval_batch_status (eval_batch.h). */
#include "eval_batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/file.h"

int hc_eval_batch_list(const char *path, const char *const *ins, const char *const *dirs,
                       size_t n, hd_status *st)
{
	hd_buf b;
	int rc;

	hd_buf_init(&b);
	for (size_t i = 0; i < n; i++) {
		if (strpbrk(ins[i], "\t\n") != NULL || strpbrk(dirs[i], "\t\n") != NULL) {
			hd_buf_free(&b);
			return hd_fail(st, HD_INTERNAL, "batch-path", 0,
			               "%s: a path with a tab or a newline cannot be listed", ins[i]);
		}
		hd_buf_printf(&b, "%s\t%s\n", ins[i], dirs[i]);
	}
	rc = b.failed ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory")
	              : hd_write_file(path, b.data, b.len, st);
	hd_buf_free(&b);
	return rc;
}

int hc_eval_batch_status(const char *dir, int *status)
{
	char path[4400], text[32];
	FILE *f;
	size_t n;
	char *end;
	long v;

	snprintf(path, sizeof path, "%s/status", dir);
	if ((f = fopen(path, "rb")) == NULL)
		return 0;
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	v = strtol(text, &end, 10);
	/* a status the batch did not finish writing is no status */
	if (end == text || *end != '\n' || v < 0 || v > 255)
		return 0;
	*status = (int)v;
	return 1;
}
