/* hd_write_file_atomic: a temporary file beside the target, then rename(2),
 * which POSIX makes atomic within a file system, so a reader sees either the
 * old file or the whole new one. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"

static int fail_errno(hd_status *st, const char *what, const char *path)
{
	return hd_fail(st, HD_INTERNAL, "write-failed", 0, "%s %s: %s", what, path,
	               strerror(errno));
}

/* umask(2) can only be read by setting it; hdref is not multithreaded. */
static mode_t current_umask(void)
{
	mode_t m = umask(022);

	umask(m);
	return m;
}

int hd_write_file_atomic(const char *path, const void *data, size_t n, hd_status *st)
{
	size_t len = strlen(path);
	char *tmp = malloc(len + 8);
	const char *p = data;
	int fd;

	if (!tmp)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".XXXXXX", 8);
	fd = mkstemp(tmp);
	if (fd < 0) {
		fail_errno(st, "cannot create a file beside", path);
		free(tmp);
		return -1;
	}
	/* mkstemp makes the file 0600; give it the mode open(2) would */
	if (fchmod(fd, 0666 & ~current_umask()) != 0) {
		fail_errno(st, "cannot set the mode of a file beside", path);
		close(fd);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		p += k;
		n -= (size_t)k;
	}
	if (n > 0 || fsync(fd) != 0 || close(fd) != 0) {
		fail_errno(st, "cannot write", path);
		if (n > 0)
			close(fd);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	if (rename(tmp, path) != 0) {
		fail_errno(st, "cannot rename the temporary file to", path);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

int hd_read_file(const char *path, size_t max, hd_buf *out, hd_status *st)
{
	FILE *f = fopen(path, "rb");
	char chunk[65536];
	size_t n;
	int err;

	hd_buf_reset(out);
	if (f == NULL)
		return hd_fail(st, HD_BAD_INPUT, "open", 0, "cannot open the file: %s",
		               strerror(errno));
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && out->len <= max)
		hd_buf_put(out, chunk, n);
	err = ferror(f);
	fclose(f);
	if (err) {
		hd_buf_reset(out);
		return hd_fail(st, HD_BAD_INPUT, "read", 0, "cannot read the file");
	}
	if (out->len > max) {
		hd_buf_reset(out);
		return hd_fail(st, HD_BAD_INPUT, "size-limit", 0,
		               "the file is larger than %zu bytes", max);
	}
	hd_buf_str(out);
	if (out->failed) {
		hd_buf_reset(out);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	return 0;
}
