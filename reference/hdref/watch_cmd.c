/* hdref watch: the watch of a kernel, the values of its source variables at
 * every stop and work-item (docs/watch-format.md). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "valuecheck/check.h"
#include "watch/watch.h"

/* hdref watch --check: the value check of the reference lowering
 * (docs/value-check.md). Exit 0 when every variable at every stop and lane
 * reads right, 1 otherwise. The module is lowered whatever its findings:
 * what the lowering makes of a producer's module is what a debugger gets. */
static int check(hd_spv_module *m, const char *in, const hd_exec_config *c)
{
	hd_check_report r;
	hd_status st;
	int rc;

	hd_di_validate(m);
	if (hd_check_reference(m, c, in, &r, &st) != 0) {
		fprintf(stderr, "hdref watch: %s: %s\n", in, st.msg);
		hd_check_report_free(&r);
		return st.kind == HD_BAD_INPUT ? EXIT_RULES : EXIT_INTERNAL;
	}
	if (r.failures.len > 0)
		fwrite(r.failures.data, 1, r.failures.len, stdout);
	if (r.nfailures > r.nkept)
		printf("... and %u more failures\n", r.nfailures - r.nkept);
	printf("checked %llu stops, %llu lanes: %llu right, %llu wrong, %llu unavailable, "
	       "%llu missing, %llu extra, %llu other function\n",
	       (unsigned long long)r.stops, (unsigned long long)r.lanes,
	       (unsigned long long)r.right, (unsigned long long)r.wrong,
	       (unsigned long long)r.unavailable, (unsigned long long)r.missing,
	       (unsigned long long)r.extra, (unsigned long long)r.frames);
	rc = hd_check_failed(&r) ? EXIT_RULES : 0;
	hd_check_report_free(&r);
	return rc;
}

int hd_cmd_watch(int argc, char **argv, int verbose)
{
	hd_exec_config c;
	const char *in, *kernel;
	hd_spv_module *m;
	hd_status st;
	hd_buf out;
	int rc;

	int do_check = 0;

	(void)verbose;
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--check") == 0) {
			do_check = 1;
			memmove(argv + i, argv + i + 1, (size_t)(argc - i - 1) * sizeof *argv);
			argc--;
			break;
		}
	if (hd_cmd_exec_options("watch", argc, argv, &c, &in, &kernel) != 0) {
		fprintf(stderr, "usage: hdref watch FILE.spv|FILE.spvasm [--check] [--kernel NAME] [--wave32]\n"
		                "       [--directives SOURCE] [--KEY TEXT]...\n");
		return EXIT_INPUT;
	}
	rc = hd_cmd_open_spirv("watch", in, &m);
	if (rc != 0)
		return rc;
	if (do_check) {
		rc = check(m, in, &c);
		hd_spv_free(m);
		return rc;
	}
	hd_buf_init(&out);
	if (hd_watch_write(m, kernel, &c, &out, &st) != 0) {
		fprintf(stderr, "hdref watch: %s: %s\n", in, st.msg);
		rc = st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	} else if (fwrite(out.data, 1, out.len, stdout) != out.len || fflush(stdout) != 0) {
		fprintf(stderr, "hdref watch: error writing the output\n");
		rc = EXIT_INTERNAL;
	}
	hd_buf_free(&out);
	hd_spv_free(m);
	return rc;
}
