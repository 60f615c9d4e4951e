/* hc_report_write: the four report files of a run, each written whole
 * through a temporary file, so a reader (or a CI upload racing the run)
 * never sees half a report. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render_internal.h"
#include "util/file.h"

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int hc_checks_of(const hc_run *run, hc_names *out)
{
	out->v = NULL;
	out->n = 0;
	if (run->n == 0)
		return 0;
	out->v = malloc(run->n * sizeof *out->v);
	if (out->v == NULL)
		return -1;
	for (size_t i = 0; i < run->n; i++)
		out->v[i] = run->results[i].check ? run->results[i].check : "";
	qsort(out->v, run->n, sizeof *out->v, cmp_name);
	for (size_t i = 0; i < run->n; i++)
		if (out->n == 0 || strcmp(out->v[out->n - 1], out->v[i]) != 0)
			out->v[out->n++] = out->v[i];
	return 0;
}

void hc_names_free(hc_names *names)
{
	free(names->v);
	names->v = NULL;
	names->n = 0;
}

/* mkdir -p: each prefix of path ending before a '/', then path. */
static int make_dirs(const char *path, hd_status *st)
{
	char *p;

	if (path[0] == '\0')
		return hd_fail(st, HD_BAD_INPUT, "usage", 0, "an empty report directory");
	p = strdup(path);
	if (p == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (char *s = p + 1; ; s++) {
		int last = *s == '\0';
		if (*s != '/' && !last)
			continue;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot make the directory %s: %s",
			        p, strerror(errno));
			free(p);
			return -1;
		}
		if (last)
			break;
		*s = '/';
	}
	free(p);
	return 0;
}

static int write_one(const char *dir, const char *name, hd_buf *b, hd_status *st)
{
	hd_buf path;
	int rc;

	if (b->failed)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory rendering %s", name);
	hd_buf_init(&path);
	hd_buf_printf(&path, "%s/%s", dir, name);
	if (path.failed) {
		hd_buf_free(&path);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	rc = hd_write_file_atomic(hd_buf_str(&path), b->data, b->len, st);
	hd_buf_free(&path);
	return rc;
}

typedef void (*renderer)(hd_buf *b, const hc_run *run);

static const struct {
	const char *name;
	renderer render;
} report_files[HC_REPORT_FILES] = {
	{ "results.json", hc_run_json },
	{ "junit.xml", hc_junit },
	{ "summary.md", hc_summary },
	{ "index.html", hc_html },
};

const char *hc_report_name(size_t i)
{
	return i < HC_REPORT_FILES ? report_files[i].name : NULL;
}

void hc_report_render(size_t i, const hc_run *run, hd_buf *out)
{
	if (i < HC_REPORT_FILES)
		report_files[i].render(out, run);
}

int hc_report_write(const hc_run *run, const char *dir, hd_status *st)
{
	if (make_dirs(dir, st) != 0)
		return -1;
	for (size_t i = 0; i < HC_REPORT_FILES; i++) {
		hd_buf b;
		int rc;

		hd_buf_init(&b);
		hc_report_render(i, run, &b);
		rc = write_one(dir, report_files[i].name, &b, st);
		hd_buf_free(&b);
		if (rc != 0)
			return -1;
	}
	return 0;
}
