/* SHA256SUMS (digests.h). */
#include "digests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/dir.h"
#include "util/file.h"
#include "util/sha256.h"
#include "util/sort.h"

/* The digest of dir/name, read in pieces: a report can be tens of MiB. */
static int file_digest(const char *dir, const char *name, char hex[65], hd_status *st)
{
	char path[4200];
	unsigned char chunk[65536];
	uint8_t digest[32];
	hd_sha256_ctx c;
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "rb")) == NULL)
		return hd_fail(st, HD_BAD_INPUT, "open", 0, "cannot read %s", path);
	hd_sha256_init(&c);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		hd_sha256_update(&c, chunk, n);
	if (ferror(f)) {
		fclose(f);
		return hd_fail(st, HD_BAD_INPUT, "read", 0, "cannot read %s", path);
	}
	fclose(f);
	hd_sha256_final(&c, digest);
	hd_sha256_hex(digest, hex);
	return 0;
}

/* The "HEX  NAME" lines of every file under dir but SHA256SUMS. */
static int digest_lines(const char *dir, hd_buf *out, hd_status *st)
{
	char **names = NULL, hex[65];
	size_t n = 0;
	int rc = hd_list_files(dir, HC_MAX_SUBMISSION_FILES, &names, &n, st);

	for (size_t i = 0; rc == 0 && i < n; i++) {
		if (strcmp(names[i], HC_DIGESTS) == 0)
			continue;
		rc = file_digest(dir, names[i], hex, st);
		if (rc == 0)
			hd_buf_printf(out, "%s  %s\n", hex, names[i]);
	}
	hd_free_names(names, n);
	if (rc == 0 && out->failed)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	return rc;
}

int hc_digests_write(const char *dir, hd_status *st)
{
	char path[4200];
	hd_buf b;
	int rc;

	hd_buf_init(&b);
	rc = digest_lines(dir, &b, st);
	snprintf(path, sizeof path, "%s/" HC_DIGESTS, dir);
	if (rc == 0)
		rc = hd_write_file_atomic(path, b.data, b.len, st);
	hd_buf_free(&b);
	return rc;
}

typedef struct entry {
	const char *name, *hex;   /* into a list's text, each NUL-terminated */
} entry;

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const entry *)a)->name, ((const entry *)b)->name);
}

/* Splits "HEX  NAME" lines (in place) into v, sorted by name; a line of
 * another shape is an entry with no digest, which matches no file. */
static size_t split(char *text, entry *v, size_t max)
{
	size_t n = 0;

	for (char *line = text; *line && n < max;) {
		char *end = line + strcspn(line, "\n");
		int more = *end != '\0';
		*end = '\0';
		v[n].hex = line;
		v[n].name = strlen(line) > 66 && line[64] == ' ' ? line + 66 : line;
		if (v[n].name != line)
			line[64] = '\0';
		n++;
		line = more ? end + 1 : end;
	}
	hd_sort(v, n, sizeof *v, cmp_entry);
	return n;
}

/* Walks the two sorted lists to their first difference, for the message. */
static void first_difference(char *want, char *got, char *why, size_t size)
{
	static entry w[HC_MAX_SUBMISSION_FILES + 1], g[HC_MAX_SUBMISSION_FILES + 1];
	size_t nw = split(want, w, HC_MAX_SUBMISSION_FILES + 1);
	size_t ng = split(got, g, HC_MAX_SUBMISSION_FILES + 1), i = 0, k = 0;

	for (; i < nw && k < ng; i++, k++) {
		int c = strcmp(w[i].name, g[k].name);
		if (c < 0 || (c == 0 && w[i].name == w[i].hex)) {
			snprintf(why, size, "%.300s is in " HC_DIGESTS " but not there", w[i].name);
			return;
		}
		if (c > 0) {
			snprintf(why, size, "%.300s is there but not in " HC_DIGESTS, g[k].name);
			return;
		}
		if (strcmp(w[i].hex, g[k].hex) != 0) {
			snprintf(why, size, "%.300s does not have the digest " HC_DIGESTS " gives",
			         g[k].name);
			return;
		}
	}
	if (i < nw)
		snprintf(why, size, "%.300s is in " HC_DIGESTS " but not there", w[i].name);
	else if (k < ng)
		snprintf(why, size, "%.300s is there but not in " HC_DIGESTS, g[k].name);
	else
		snprintf(why, size, HC_DIGESTS " is not in the order or form sha256sum writes");
}

int hc_digests_check(const char *dir, hd_status *st)
{
	char path[4200], why[600];
	hd_buf want, got;
	int rc;

	hd_buf_init(&want);
	hd_buf_init(&got);
	snprintf(path, sizeof path, "%s/" HC_DIGESTS, dir);
	rc = hd_read_file(path, (size_t)16 << 20, &want, st);
	if (rc == 0)
		rc = digest_lines(dir, &got, st);
	if (rc == 0 && (want.len != got.len || memcmp(want.data, got.data, got.len) != 0)) {
		first_difference((char *)hd_buf_str(&want), (char *)hd_buf_str(&got), why, sizeof why);
		rc = hd_fail(st, HD_BAD_INPUT, "digest", 0, "%s", why);
	}
	hd_buf_free(&want);
	hd_buf_free(&got);
	return rc;
}
