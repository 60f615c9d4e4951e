/* hdcts: the harness command (docs/harness.md). */
/* realpath(3) is XSI */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conform.h"
#include "dump/dump.h"
#include "package.h"
#include "provenance.h"
#include "compare_cmd.h"
#include "render.h"
#include "run.h"
#include "merge.h"
#include "verify.h"
#include "util/file.h"

enum { EXIT_NONCONFORMING = 1, EXIT_USAGE = 2, EXIT_FAILED = 3 };

static const char usage_text[] =
	        "usage: hdcts run [--candidate NAME|FILE.ini] [--cases GLOB] [-j N] [--shard I/N]\n"
	        "                 [--timeout S] [--resume] [--out DIR] [--baseline RESULTS.json]\n"
	        "       hdcts compare A.json B.json [--html FILE] [--diffs]\n"
	        "       hdcts facts [--encoding P] OBJ|DUMP   (docs/conformance-rules.md)\n"
	        "       hdcts package --run DIR [-o FILE.tar.gz] [--partial]\n"
	        "       hdcts verify ARCHIVE.tar.gz\n"
	        "       hdcts merge -o OUT SHARD-DIR...\n"
	        "       hdcts rerun REPORT-DIR CASE\n"
	        "The candidate defaults to the built-in `reference`; reports go to reports/NAME.\n"
	        "exit status: 0 conforms; 1 a must-pass result does not (compare: a regression;\n"
	        "verify: the archive is not intact; merge: the shards are not one run);\n"
	        "2 usage or bad input (package: a run it cannot package); 3 the run failed\n";

/* A usage error: what was wrong (NULL: nothing more to say), then the usage. */
static int usage_error(const char *why)
{
	if (why != NULL)
		fprintf(stderr, "hdcts: %s\n", why);
	fputs(usage_text, stderr);
	return EXIT_USAGE;
}

static int usage(void)
{
	return usage_error(NULL);
}

/* The suite's revision when HDCTS_REVISION does not give it: `git describe
 * --always --dirty` of the suite, so a run names the tree it came from
 * whoever started it; NULL (reported as unknown) outside a git clone. */
static const char *suite_revision(const char *suite)
{
	static char rev[128];
	char cmd[PATH_MAX + 80];
	hd_buf q;
	FILE *p;

	if (getenv("HDCTS_REVISION") != NULL)
		return getenv("HDCTS_REVISION");
	hd_buf_init(&q);
	hd_buf_sh_quote(&q, suite);
	snprintf(cmd, sizeof cmd, "git -C %s describe --always --dirty 2>/dev/null",
	         hd_buf_str(&q));
	hd_buf_free(&q);
	if ((p = popen(cmd, "r")) == NULL)
		return NULL;
	if (fgets(rev, sizeof rev, p) == NULL)
		rev[0] = '\0';
	rev[strcspn(rev, "\n")] = '\0';
	return pclose(p) == 0 && rev[0] != '\0' ? rev : NULL;
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

/* A whole decimal number in [lo, hi] (a timeout may have a fraction). */
static int parse_number(const char *s, double lo, double hi, int whole, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end != '\0' || !(v >= lo && v <= hi) || (whole && v != (double)(long)v))
		return -1;
	*out = v;
	return 0;
}

/* The options of hdcts run; -1 with why set on a usage error. */
static int parse_run(int argc, char **argv, hc_options *o, char *why, size_t size)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		double n;
		if (strcmp(a, "--resume") == 0) {
			o->resume = 1;
			continue;
		}
		if (strncmp(a, "-", 1) != 0 || strcmp(a, "-") == 0) {
			snprintf(why, size, "run: unexpected argument '%s'", a);
			return -1;
		}
		if (v == NULL) {
			snprintf(why, size, "run: %s needs a value, or is no option of run", a);
			return -1;
		}
		i++;
		if (strcmp(a, "--candidate") == 0)
			o->candidate = v;
		else if (strcmp(a, "--cases") == 0)
			o->glob = v;
		else if (strcmp(a, "-j") == 0) {
			if (parse_number(v, 1, 256, 1, &n) != 0) {
				snprintf(why, size, "run: -j takes 1 to 256 commands at once, not '%s'", v);
				return -1;
			}
			o->jobs = (unsigned)n;
		} else if (strcmp(a, "--shard") == 0) {
			if (parse_shard(v, o) != 0) {
				snprintf(why, size, "run: --shard takes I/N with 1 <= I <= N, not '%s'", v);
				return -1;
			}
		} else if (strcmp(a, "--timeout") == 0) {
			if (parse_number(v, 0.001, 86400, 0, &n) != 0) {
				snprintf(why, size, "run: --timeout takes seconds above 0 and up to 86400, "
				                    "not '%s'", v);
				return -1;
			}
			o->timeout = n;
		} else if (strcmp(a, "--out") == 0)
			o->out = v;
		else if (strcmp(a, "--suite") == 0)
			o->suite = v;
		else if (strcmp(a, "--hdref") == 0)
			o->hdref = v;
		else if (strcmp(a, "--revision") == 0)
			o->revision = v;
		else if (strcmp(a, "--baseline") == 0)
			o->baseline = v;
		else {
			snprintf(why, size, "run: unknown option %s", a);
			return -1;
		}
	}
	return 0;
}

static int cmd_run(int argc, char **argv)
{
	hc_options o;
	hc_run baseline;
	hd_status st;
	char candidates[PATH_MAX + 32], suite[PATH_MAX], hdref[PATH_MAX], why[300];
	int rc;

	memset(&o, 0, sizeof o);
	o.candidate = "reference";
	o.suite = getenv("HDCTS_SUITE") ? getenv("HDCTS_SUITE") : HC_SOURCE_DIR;
	o.hdref = getenv("HDREF") ? getenv("HDREF") : HC_HDREF;
	o.jobs = 1;
	if (parse_run(argc, argv, &o, why, sizeof why) != 0)
		return usage_error(why);
	/* candidate commands run in scratch directories: absolute paths only */
	if (realpath(o.suite, suite) == NULL || realpath(o.hdref, hdref) == NULL) {
		fprintf(stderr, "hdcts run: cannot find the suite %s or hdref %s\n", o.suite,
		        o.hdref);
		return EXIT_USAGE;
	}
	o.suite = suite;
	o.hdref = hdref;
	if (o.revision == NULL)
		o.revision = suite_revision(suite);
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

/* hdcts rerun REPORT-DIR CASE (docs/harness.md, "Rerunning one case"):
 * the one job of CASE again, in the foreground, with the profile the run
 * in REPORT-DIR used, into REPORT-DIR/rerun; its TAP with the diffs on
 * stdout, then how each command ran as TAP comments. */
static int cmd_rerun(int argc, char **argv)
{
	hc_provenance pv;
	hc_options o;
	hc_run run;
	hd_status st;
	char candidates[PATH_MAX + 32], suite[PATH_MAX], hdref[PATH_MAX], out[PATH_MAX + 16],
	     path[PATH_MAX + 32];
	int rc;

	if (argc != 2)
		return usage_error("rerun: give the report directory and one case id");
	if (hc_provenance_read(argv[0], &pv, &st) != 0) {
		fprintf(stderr, "hdcts rerun: %s\n", st.msg);
		return EXIT_USAGE;
	}
	memset(&o, 0, sizeof o);
	o.suite = getenv("HDCTS_SUITE") ? getenv("HDCTS_SUITE") : HC_SOURCE_DIR;
	o.hdref = getenv("HDREF") ? getenv("HDREF") : HC_HDREF;
	if (realpath(o.suite, suite) == NULL || realpath(o.hdref, hdref) == NULL) {
		hc_provenance_free(&pv);
		fprintf(stderr, "hdcts rerun: cannot find the suite %s or hdref %s\n", o.suite,
		        o.hdref);
		return EXIT_USAGE;
	}
	o.suite = suite;
	o.hdref = hdref;
	o.revision = suite_revision(suite);
	snprintf(candidates, sizeof candidates, "%s/harness/candidates", suite);
	o.candidates = candidates;
	/* the profile where the run found it (its adapters are beside it), else
	 * the run's copy */
	snprintf(path, sizeof path, "%s/profile.ini", argv[0]);
	o.candidate = strcmp(pv.profile ? pv.profile : "", "(built in)") == 0 ? "reference"
	            : pv.profile != NULL && access(pv.profile, R_OK) == 0 ? pv.profile : path;
	o.glob = argv[1];
	snprintf(out, sizeof out, "%s/rerun", argv[0]);
	o.out = out;
	o.jobs = 1;
	rc = hc_run_main(&o, &st);
	hc_provenance_free(&pv);
	if (rc < 0) {
		fprintf(stderr, "hdcts rerun: %s\n", st.msg);
		return st.kind == HD_BAD_INPUT ? EXIT_USAGE : EXIT_FAILED;
	}
	snprintf(path, sizeof path, "%s/results.json", out);
	hc_run_init(&run);
	rc = 0;  /* one case gives no verdict: the exit status is whether its results conform */
	if (hc_run_load(path, &run, &st) == 0)
		for (size_t i = 0; i < run.n; i++) {
			rc |= !hc_outcome_conforms(run.results[i].outcome);
			if (run.results[i].command != NULL)
				printf("# %s %s: exit %d in %s\n#   command: %s\n",
				       run.results[i].case_id, run.results[i].check,
				       run.results[i].exit_status, run.results[i].scratch,
				       run.results[i].command);
		}
	hc_run_free(&run);
	return rc ? EXIT_NONCONFORMING : 0;
}

/* hdcts facts: the normative facts of an object, or of a canonical dump
 * (a file that starts "dwarf-dump "), one per line. */
static int cmd_facts(int argc, char **argv)
{
	hd_dump_options o = { HD_PROFILE_AMDGPU_V0, 64, 0 };
	hd_buf text, facts;
	hd_status st;
	const char *path = argv[argc - 1];
	int rc;

	if (argc == 3 && strcmp(argv[0], "--encoding") == 0) {
		if (hd_profile_parse(argv[1], &o.profile) != 0)
			return usage();
	} else if (argc != 1) {
		return usage();
	}
	hd_buf_init(&text);
	hd_buf_init(&facts);
	rc = hd_read_file(path, (size_t)64 << 20, &text, &st);
	if (rc == 0 && (text.len < 11 || memcmp(text.data, "dwarf-dump ", 11) != 0)) {
		hd_buf_reset(&text);
		rc = hd_dwarf_dump(path, &o, &text, &st);
	}
	if (rc == 0)
		rc = hc_conform_facts(hd_buf_str(&text), text.len, path, &facts, &st);
	if (rc == 0)
		fwrite(facts.data, 1, facts.len, stdout);
	else
		fprintf(stderr, "hdcts facts: %s: %s\n", path, st.msg);
	hd_buf_free(&text);
	hd_buf_free(&facts);
	return rc == 0 ? 0 : st.kind == HD_NO_MEMORY ? EXIT_FAILED : EXIT_USAGE;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage_error("no command");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (strcmp(argv[1], "run") == 0)
		return cmd_run(argc - 2, argv + 2);
	if (strcmp(argv[1], "compare") == 0)
		return hc_compare_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "facts") == 0 && argc > 2)
		return cmd_facts(argc - 2, argv + 2);
	if (strcmp(argv[1], "package") == 0)
		return hc_package_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "merge") == 0)
		return hc_merge_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "verify") == 0)
		return hc_verify_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "rerun") == 0)
		return cmd_rerun(argc - 2, argv + 2);
	if (strcmp(argv[1], "--version") == 0) {
		printf("hdcts %s\n", HC_VERSION);
		return 0;
	}
	fprintf(stderr, "hdcts: unknown command '%s'\n", argv[1]);
	return usage();
}
