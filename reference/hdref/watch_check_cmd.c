/* hdref watch-check OBJ WATCH --inputs MODULE [hdref exec's options]: the
 * value check of a candidate compiler's code object (docs/value-check.md,
 * "Candidates"). Runs the kernel's first work-group on the gfx9 executor on
 * the inputs the interpreter gives the same kernel of MODULE, judges every
 * lane at every statement row against the watch, and prints the failures,
 * the counts and the score. Exit 0 when no variable reads wrong, 1 when
 * one does, 2 bad input, 3 hdref failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/codeobj/codeobj.h"
#include "commands.h"
#include "util/file.h"
#include "watch/co_watch.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref watch-check OBJ WATCH --inputs MODULE [--kernel NAME] "
	                "[hdref exec's options]\n");
	return EXIT_INPUT;
}

static void print_report(const hd_check_report *r, const hd_gfx9_outcome *o)
{
	if (r->failures.len > 0)
		fwrite(r->failures.data, 1, r->failures.len, stdout);
	if (r->nfailures > HD_CHECK_MAX_FAILURES)
		printf("... and %u more failures\n", r->nfailures - HD_CHECK_MAX_FAILURES);
	printf("gfx9 outcome: %s%s%s\n", hd_gfx9_end_name(o->end), o->detail[0] ? ": " : "",
	       o->detail);
	printf("checked %llu stops, %llu lanes: %llu right, %llu wrong, %llu unavailable, "
	       "%llu missing, %llu extra, %llu other function, %llu unset, %llu not reached, "
	       "%llu unmatched\n",
	       (unsigned long long)r->stops, (unsigned long long)r->lanes,
	       (unsigned long long)r->right, (unsigned long long)r->wrong,
	       (unsigned long long)r->unavailable, (unsigned long long)r->missing,
	       (unsigned long long)r->extra, (unsigned long long)r->frames,
	       (unsigned long long)r->unset, (unsigned long long)r->not_reached,
	       (unsigned long long)r->unmatched);
	printf("score %.3f\n", hd_check_score(r));
}

int hd_cmd_watch_check(int argc, char **argv, int verbose)
{
	const char *path, *watch, *module = NULL, *kernel = NULL;
	hd_codeobj *co = NULL;
	hd_watch_file *wf = NULL;
	hd_spv_module *m = NULL;
	hd_exec *x = NULL;
	hd_exec_config xc;
	hd_check_report r;
	hd_gfx9_outcome o;
	hd_status st;
	hd_buf file, text;
	int rc;

	(void)verbose;
	if (argc < 4 || strcmp(argv[2], "--inputs") != 0 ||
	    hd_cmd_exec_options("watch-check", argc - 3, argv + 3, &xc, &module, &kernel) != 0)
		return usage();
	path = argv[0];
	watch = argv[1];
	if ((rc = hd_cmd_open_spirv("watch-check", module, &m)) != 0)
		return rc;
	memset(&r, 0, sizeof r);
	hd_buf_init(&r.failures);
	hd_status_clear(&st);
	hd_buf_init(&file);
	hd_buf_init(&text);
	rc = hd_read_file(path, 512u << 20, &file, &st) != 0 ||
	     hd_codeobj_read(file.data, file.len, &co, &st) != 0 ||
	     hd_read_file(watch, 256u << 20, &text, &st) != 0 ||
	     hd_watch_file_read((const char *)text.data, text.len, watch, &wf, &st) != 0;
	if (rc == 0 && kernel == NULL && hd_codeobj_nkernels(co) > 0)
		kernel = hd_codeobj_kernel(co, 0)->name;
	if (rc == 0)
		rc = hd_exec_new(m, kernel, &xc, &x, &st) != 0 ||
		     hd_co_watch(path, co, x, wf, kernel, path, &r, &o, &st) != 0;
	if (rc != 0) {
		fprintf(stderr, "hdref watch-check: %s: %s\n", path, st.msg);
		rc = st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	} else {
		print_report(&r, &o);
		rc = r.wrong > 0 ? EXIT_RULES : 0;
		if (fflush(stdout) != 0)
			rc = EXIT_INTERNAL;
	}
	hd_check_report_free(&r);
	hd_exec_free(x);
	hd_spv_free(m);
	hd_watch_file_free(wf);
	hd_codeobj_free(co);
	hd_buf_free(&file);
	hd_buf_free(&text);
	return rc;
}
