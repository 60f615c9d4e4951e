/* `hdcts compare A.json B.json [--html FILE] [--diffs]` (docs/reports.md,
 * "hdcts compare"): reads two runs' results.json, refuses two runs that
 * share no role (their results would only be "only in A" and "only in
 * B"), and prints the comparison reports/render makes. */
#include <stdio.h>
#include <string.h>

#include "compare_cmd.h"
#include "markup.h"
#include "render.h"
#include "util/file.h"

static int usage(void)
{
	fputs("usage: hdcts compare A.json B.json [--html FILE] [--diffs]\n", stderr);
	return 2;
}

/* 0, or the exit status of a usage error. */
static int parse_args(int argc, char **argv, const char **files, const char **html, int *diffs)
{
	int nfiles = 0;

	*html = NULL;
	*diffs = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--html") == 0) {
			if (i + 1 >= argc || *html != NULL)
				return usage();
			*html = argv[++i];
		} else if (strcmp(argv[i], "--diffs") == 0) {
			*diffs = 1;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			fprintf(stderr, "hdcts compare: unknown option %s\n", argv[i]);
			return usage();
		} else if (nfiles < 2) {
			files[nfiles++] = argv[i];
		} else {
			return usage();
		}
	}
	return nfiles == 2 ? 0 : usage();
}

static int load(const char *path, hc_run *run)
{
	hd_status st;

	hd_status_clear(&st);
	if (hc_run_load(path, run, &st) == 0)
		return 0;
	fprintf(stderr, "hdcts compare: %s: %s (%s)\n", path, st.msg, hc_str(st.code));
	return -1;
}

/* The roles a run's results come from, as bits: evaluate, decode,
 * compile-spirv, compile-opencl, translate-spirv, translate-llvm (the part of a check's
 * name before '/'). */
static unsigned roles_of(const hc_run *run)
{
	static const char *const roles[] = { "evaluate", "decode", "compile-spirv",
	                                     "compile-opencl", "translate-spirv",
	                                     "translate-llvm" };
	unsigned bits = 0;

	for (size_t i = 0; i < run->n; i++) {
		const char *check = hc_str(run->results[i].check);
		size_t n = strcspn(check, "/");
		for (unsigned k = 0; k < sizeof roles / sizeof roles[0]; k++)
			if (strlen(roles[k]) == n && strncmp(check, roles[k], n) == 0)
				bits |= 1u << k;
	}
	return bits;
}

static int write_page(const char *path, const hd_buf *page)
{
	hd_status st;

	hd_status_clear(&st);
	if (hd_write_file_atomic(path, page->data, page->len, &st) == 0)
		return 0;
	fprintf(stderr, "hdcts compare: %s: %s\n", path, st.msg);
	return -1;
}

int hc_compare_main(int argc, char **argv)
{
	const char *files[2], *html;
	hc_run run[2];
	hd_buf text, page;
	size_t counts[HC_CMP_SECTIONS];
	int rc, diffs;

	if ((rc = parse_args(argc, argv, files, &html, &diffs)) != 0)
		return rc;
	hc_run_init(&run[0]);
	hc_run_init(&run[1]);
	hd_buf_init(&text);
	hd_buf_init(&page);
	rc = load(files[0], &run[0]) == 0 && load(files[1], &run[1]) == 0 ? 0 : 2;
	if (rc == 0 && run[0].n > 0 && run[1].n > 0 && (roles_of(&run[0]) & roles_of(&run[1])) == 0) {
		fprintf(stderr, "hdcts compare: %s and %s share no role: their results do not "
		                "compare\n", files[0], files[1]);
		rc = 2;
	}
	if (rc == 0 && (hc_compare_render(&run[0], files[0], &run[1], files[1], diffs, &text,
	                                  html != NULL ? &page : NULL, counts) != 0 ||
	                text.failed || page.failed)) {
		fputs("hdcts compare: out of memory\n", stderr);
		rc = 2;
	}
	if (rc == 0) {
		fwrite(text.data, 1, text.len, stdout);
		fflush(stdout);
		rc = counts[HC_CMP_REGRESSIONS] > 0 ? 1 : 0;
		if (html != NULL && write_page(html, &page) != 0)
			rc = 2;
	}
	hd_buf_free(&text);
	hd_buf_free(&page);
	hc_run_free(&run[0]);
	hc_run_free(&run[1]);
	return rc;
}
