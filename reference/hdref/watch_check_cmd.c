/* hdref watch-check OBJ WATCH --inputs MODULE [--reading R] [hdref exec's
 * options]: the value check of a candidate compiler's code object
 * (docs/value-check.md, "Candidates"). Runs the kernel's first work-group on
 * the gfx9 executor on the inputs the interpreter gives the same kernel of
 * MODULE, judges every lane at every statement row against the watch under
 * each reading of the DWARF ("Readings"), and prints the failures of
 * reading R (extension unless told), the counts and the score of each.
 * Exit 0 when no variable reads wrong under R, 1 when one does, 2 bad
 * input, 3 hdref failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/codeobj/codeobj.h"
#include "commands.h"
#include "util/file.h"
#include "valuecheck/co_watch.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref watch-check OBJ WATCH --inputs MODULE [--reading "
	                "extension|dwarf5|llvm] [--kernel NAME] [hdref exec's options]\n");
	return EXIT_INPUT;
}

static void print_counts(const char *reading, const hd_check_report *r)
{
	printf("reading %s: checked %llu stops, %llu lanes: %llu right, %llu wrong, "
	       "%llu unavailable, %llu missing, %llu extra, %llu other function, %llu unset, "
	       "%llu layout, %llu not reached, %llu unmatched; score %.3f\n",
	       reading, (unsigned long long)r->stops, (unsigned long long)r->lanes,
	       (unsigned long long)r->right, (unsigned long long)r->wrong,
	       (unsigned long long)r->unavailable, (unsigned long long)r->missing,
	       (unsigned long long)r->extra, (unsigned long long)r->frames,
	       (unsigned long long)r->unset, (unsigned long long)r->layout,
	       (unsigned long long)r->not_reached, (unsigned long long)r->unmatched,
	       hd_check_score(r));
}

/* The failures of the reading that judges, then every reading's counts. */
static void print_report(const hd_check_report r[HD_READINGS], hd_reading_kind judge,
                         const hd_gfx9_outcome *o)
{
	const hd_check_report *j = &r[judge];

	if (j->failures.len > 0)
		fwrite(j->failures.data, 1, j->failures.len, stdout);
	if (j->nfailures > j->nkept)
		printf("... and %u more failures\n", j->nfailures - j->nkept);
	printf("gfx9 outcome: %s%s%s\n", hd_gfx9_end_name(o->end), o->detail[0] ? ": " : "",
	       o->detail);
	for (unsigned k = 0; k < HD_READINGS; k++)
		print_counts(hd_reading_name((hd_reading_kind)k), &r[k]);
}

/* Takes --reading NAME out of argv (compacting it); *k is the reading, the
 * extension's unless told. -1: a name no reading has. */
static int reading_option(int *argc, char **argv, hd_reading_kind *k)
{
	int n = 0;

	*k = HD_READING_EXTENSION;
	for (int i = 0; i < *argc; i++) {
		if (strcmp(argv[i], "--reading") == 0 && i + 1 < *argc) {
			if ((*k = hd_reading_by_name(argv[++i])) == HD_READINGS)
				return -1;
			continue;
		}
		argv[n++] = argv[i];
	}
	*argc = n;
	return 0;
}

int hd_cmd_watch_check(int argc, char **argv, int verbose)
{
	const char *path, *watch, *module = NULL, *kernel = NULL;
	hd_codeobj *co = NULL;
	hd_watch_file *wf = NULL;
	hd_spv_module *m = NULL;
	hd_exec *x = NULL;
	hd_exec_config xc;
	hd_check_report r[HD_READINGS];
	hd_reading_kind judge;
	hd_gfx9_outcome o;
	hd_status st;
	hd_buf file, text;
	int rc;

	(void)verbose;
	if (reading_option(&argc, argv, &judge) != 0 || argc < 4 || strcmp(argv[2], "--inputs") != 0 ||
	    hd_cmd_exec_options("watch-check", argc - 3, argv + 3, &xc, &module, &kernel) != 0)
		return usage();
	path = argv[0];
	watch = argv[1];
	if ((rc = hd_cmd_open_spirv("watch-check", module, &m)) != 0)
		return rc;
	memset(r, 0, sizeof r);
	for (unsigned k = 0; k < HD_READINGS; k++)
		hd_buf_init(&r[k].failures);
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
		     hd_co_watch(path, co, x, wf, kernel, path, r, &o, &st) != 0;
	if (rc != 0) {
		fprintf(stderr, "hdref watch-check: %s: %s\n", path, st.msg);
		rc = st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	} else {
		print_report(r, judge, &o);
		rc = r[judge].wrong > 0 ? EXIT_RULES : 0;
		if (fflush(stdout) != 0)
			rc = EXIT_INTERNAL;
	}
	for (unsigned k = 0; k < HD_READINGS; k++)
		hd_check_report_free(&r[k]);
	hd_exec_free(x);
	hd_spv_free(m);
	hd_watch_file_free(wf);
	hd_codeobj_free(co);
	hd_buf_free(&file);
	hd_buf_free(&text);
	return rc;
}
