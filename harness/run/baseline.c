/* The comparison of a finished run with its baseline (baseline.h). The
 * matching and the two renderings are hdcts compare's (reports/render/
 * compare.c); this file only decides where they go. */
#include "baseline.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "render.h"
#include "util/file.h"

static const char *const names[] = { "compare.txt", "compare.html" };

static int write_in(const char *outdir, const char *name, const hd_buf *b, hd_status *st)
{
	char path[4096];

	snprintf(path, sizeof path, "%s/%s", outdir, name);
	return hd_write_file_atomic(path, b->data, b->len, st);
}

static int remove_stale(const char *outdir, hd_status *st)
{
	char path[4096];

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", outdir, names[i]);
		if (unlink(path) != 0 && errno != ENOENT)
			return hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot remove %s: %s", path,
			               strerror(errno));
	}
	return 0;
}

int hc_baseline_report(const hc_options *o, const hc_run *run, const char *outdir,
                       hd_status *st)
{
	char label[4096];
	size_t n[HC_CMP_SECTIONS];
	hd_buf text, html;
	int rc;

	if (o->baseline_run == NULL)
		return remove_stale(outdir, st);
	snprintf(label, sizeof label, "%s/results.json", outdir);
	hd_buf_init(&text);
	hd_buf_init(&html);
	rc = hc_compare_render(o->baseline_run, o->baseline, run, label, 0, &text, &html, n);
	if (rc != 0 || text.failed || html.failed)
		rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory comparing runs");
	if (rc == 0)
		rc = write_in(outdir, names[0], &text, st);
	if (rc == 0)
		rc = write_in(outdir, names[1], &html, st);
	hd_buf_free(&text);
	hd_buf_free(&html);
	if (rc == 0)
		fprintf(stderr,
		        "hdcts run: against %s: %zu regressions, %zu fixes, %zu changed outcomes, "
		        "%zu only in the baseline, %zu only in this run (%s/%s)\n",
		        o->baseline, n[HC_CMP_REGRESSIONS], n[HC_CMP_FIXES], n[HC_CMP_CHANGED],
		        n[HC_CMP_ONLY_A], n[HC_CMP_ONLY_B], outdir, names[0]);
	return rc;
}
