/* hdcts: the harness command (docs/harness.md). */
/* realpath(3) is XSI */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "package.h"
#include "render.h"
#include "run.h"

enum { EXIT_NONCONFORMING = 1, EXIT_USAGE = 2, EXIT_FAILED = 3 };

static int usage(void)
{
	fprintf(stderr,
	        "usage: hdcts run [--candidate NAME|FILE.ini] [--cases GLOB] [-j N] [--shard I/N]\n"
	        "                 [--timeout S] [--resume] [--out DIR] [--baseline RESULTS.json]\n"
	        "       hdcts compare A.json B.json [--html FILE]\n"
	        "       hdcts package --run DIR [-o FILE.tar.gz] [--partial]\n"
	        "The candidate defaults to the built-in `reference`; reports go to reports/NAME.\n"
	        "exit status: 0 conforms; 1 a must-pass result does not (compare: a regression);\n"
	        "2 usage or bad input (package: a run it cannot package); 3 the run failed\n");
	return EXIT_USAGE;
}

static int parse_shard(const char *s, hc_options *o)
{
	unsigned i, n;
	char end;

	if (sscanf(s, "%u/%u%c", &i, &n, &end) != 2 || n == 0 || i == 0 || i > n)
		return -1;
	o->shard = i - 1;
	o->shards = n;
	return 0;
}

static int parse_run(int argc, char **argv, hc_options *o)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--resume") == 0) {
			o->resume = 1;
			continue;
		}
		if (v == NULL)
			return -1;
		i++;
		if (strcmp(a, "--candidate") == 0)
			o->candidate = v;
		else if (strcmp(a, "--cases") == 0)
			o->glob = v;
		else if (strcmp(a, "-j") == 0)
			o->jobs = (unsigned)strtoul(v, NULL, 10);
		else if (strcmp(a, "--shard") == 0) {
			if (parse_shard(v, o) != 0)
				return -1;
		} else if (strcmp(a, "--timeout") == 0)
			o->timeout = strtod(v, NULL);
		else if (strcmp(a, "--out") == 0)
			o->out = v;
		else if (strcmp(a, "--suite") == 0)
			o->suite = v;
		else if (strcmp(a, "--hdref") == 0)
			o->hdref = v;
		else if (strcmp(a, "--revision") == 0)
			o->revision = v;
		else if (strcmp(a, "--baseline") == 0)
			o->baseline = v;
		else
			return -1;
	}
	return o->jobs == 0 || o->jobs > 256 ? -1 : 0;
}

static int cmd_run(int argc, char **argv)
{
	hc_options o;
	hc_run baseline;
	hd_status st;
	char candidates[PATH_MAX + 32], suite[PATH_MAX], hdref[PATH_MAX];
	int rc;

	memset(&o, 0, sizeof o);
	o.candidate = "reference";
	o.suite = getenv("HDCTS_SUITE") ? getenv("HDCTS_SUITE") : HC_SOURCE_DIR;
	o.hdref = getenv("HDREF") ? getenv("HDREF") : HC_HDREF;
	o.revision = getenv("HDCTS_REVISION");
	o.jobs = 1;
	if (parse_run(argc, argv, &o) != 0)
		return usage();
	/* candidate commands run in scratch directories: absolute paths only */
	if (realpath(o.suite, suite) == NULL || realpath(o.hdref, hdref) == NULL) {
		fprintf(stderr, "hdcts run: cannot find the suite %s or hdref %s\n", o.suite,
		        o.hdref);
		return EXIT_USAGE;
	}
	o.suite = suite;
	o.hdref = hdref;
	snprintf(candidates, sizeof candidates, "%s/harness/candidates", o.suite);
	o.candidates = candidates;
	hd_status_clear(&st);
	/* read now: a bad baseline must not cost a whole run, and the run may
	 * be about to replace the very file (--baseline reports/NAME/results.json) */
	hc_run_init(&baseline);
	if (o.baseline != NULL) {
		if (hc_run_load(o.baseline, &baseline, &st) != 0) {
			fprintf(stderr, "hdcts run: --baseline %s: %s\n", o.baseline, st.msg);
			return EXIT_USAGE;
		}
		o.baseline_run = &baseline;
	}
	rc = hc_run_main(&o, &st);
	hc_run_free(&baseline);
	if (rc < 0) {
		fprintf(stderr, "hdcts run: %s\n", st.msg);
		return st.kind == HD_BAD_INPUT ? EXIT_USAGE : EXIT_FAILED;
	}
	return rc ? EXIT_NONCONFORMING : 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage();
	if (strcmp(argv[1], "run") == 0)
		return cmd_run(argc - 2, argv + 2);
	if (strcmp(argv[1], "compare") == 0)
		return hc_compare_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "package") == 0)
		return hc_package_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "--version") == 0) {
		printf("hdcts %s\n", HC_VERSION);
		return 0;
	}
	return usage();
}
