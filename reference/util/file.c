/* hd_write_file_atomic: a temporary file beside the target, then rename(2),
 * which POSIX makes atomic within a file system, so a reader sees either the
 * old file or the whole new one. hd_write_file: straight to the target, for
 * scratch files nobody reads after a crash. */
#include <errno.h>
#include <fcntl.h>
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

/* 0 when all n bytes went to fd. */
static int write_all(int fd, const void *data, size_t n)
{
	const char *p = data;

	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

int hd_write_file(const char *path, const void *data, size_t n, hd_status *st)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);

	if (fd < 0)
		return fail_errno(st, "cannot create", path);
	if (write_all(fd, data, n) != 0) {
		fail_errno(st, "cannot write", path);
		close(fd);
		unlink(path);
		return -1;
	}
	if (close(fd) != 0) {
		fail_errno(st, "cannot write", path);
		unlink(path);
		return -1;
	}
	return 0;
}

int hd_write_file_atomic(const char *path, const void *data, size_t n, hd_status *st)
{
	size_t len = strlen(path);
	char *tmp = malloc(len + 8);
	const char *what = NULL;  /* what failed */
	int fd, err;

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
	if (fchmod(fd, 0666 & ~current_umask()) != 0)
		what = "cannot set the mode of a file beside";
	else if (write_all(fd, data, n) != 0 || fsync(fd) != 0)
		what = "cannot write";
	err = errno;
	if (close(fd) != 0 && what == NULL)
		what = "cannot write", err = errno;
	if (what == NULL && rename(tmp, path) != 0)
		what = "cannot rename the temporary file to", err = errno;
	if (what != NULL) {
		unlink(tmp);
		errno = err;
		fail_errno(st, what, path);
	}
	free(tmp);
	return what != NULL ? -1 : 0;
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
