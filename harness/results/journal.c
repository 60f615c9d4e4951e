/* The journal (journal.h). Each result is one line written by one
 * write(2) on an O_APPEND descriptor: a process killed at any moment leaves
 * whole lines and at most one torn last line, which resume cuts off. */
#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/file.h"

#define MAX_JOURNAL ((size_t)1 << 30)

/* Reads the whole lines of text into run; returns the length they take. */
static int read_lines(const char *path, const char *text, size_t len, hc_run *run,
                      size_t *whole, hd_status *st)
{
	size_t pos = 0;
	unsigned line = 0;

	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		hc_result r;
		if (nl == NULL)
			break;  /* torn by a kill: not a result */
		line++;
		memset(&r, 0, sizeof r);
		if (hc_result_parse(text + pos, (size_t)(nl - text) - pos, &r, st) != 0) {
			char msg[sizeof st->msg];
			snprintf(msg, sizeof msg, "%s", st->msg);
			hc_result_free(&r);
			return hd_fail(st, HD_BAD_INPUT, "journal-line", line, "%s:%u: %s", path,
			               line, msg);
		}
		if (hc_run_add(run, &r) != 0) {
			hc_result_free(&r);
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		}
		hc_result_free(&r);
		pos = (size_t)(nl - text) + 1;
	}
	*whole = pos;
	return 0;
}

int hc_journal_open(hc_journal *j, const char *path, int resume, hc_run *run, hd_status *st)
{
	size_t whole = 0;

	j->fd = -1;
	j->path = strdup(path);
	if (j->path == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (resume && access(path, F_OK) == 0) {
		hd_buf b;
		hd_buf_init(&b);
		if (hd_read_file(path, MAX_JOURNAL, &b, st) != 0 ||
		    read_lines(path, (const char *)b.data, b.len, run, &whole, st) != 0) {
			hd_buf_free(&b);
			return -1;
		}
		hd_buf_free(&b);
		if (truncate(path, (off_t)whole) != 0)
			return hd_fail(st, HD_INTERNAL, "journal-write", 0, "cannot cut %s: %s", path,
			               strerror(errno));
	}
	j->fd = open(path, O_WRONLY | O_CREAT | O_APPEND | (resume ? 0 : O_TRUNC), 0644);
	if (j->fd < 0)
		return hd_fail(st, HD_INTERNAL, "journal-write", 0, "cannot open %s: %s", path,
		               strerror(errno));
	return 0;
}

int hc_journal_add(hc_journal *j, const hc_result *r, hd_status *st)
{
	hd_buf b;
	ssize_t k;
	size_t len;

	hd_buf_init(&b);
	hc_result_json(&b, r);
	hd_buf_byte(&b, '\n');
	if (b.failed) {
		hd_buf_free(&b);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	len = b.len;
	do
		k = write(j->fd, b.data, len);
	while (k < 0 && errno == EINTR);
	hd_buf_free(&b);
	if (k != (ssize_t)len)
		return hd_fail(st, HD_INTERNAL, "journal-write", 0, "cannot append to %s", j->path);
	return 0;
}

void hc_journal_close(hc_journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
	free(j->path);
	j->fd = -1;
	j->path = NULL;
}
