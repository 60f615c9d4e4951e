/* `hdcts verify` (verify.h): unpacks the archive into a private directory
 * with the system's tar, then checks it as a receiver would need:
 *  - SHA256SUMS names every file with its digest (digests.h);
 *  - run.txt, results.json and the journal are one finished run, with as
 *    many results as it planned;
 *  - the record agrees with itself: reports, journal, lists and copies
 *    (record.h);
 *  - VERDICT.txt is the verdict its results give, computed again here.
 * An archive that passes can still hold a run that was never made: these
 * checks find edits, not forgeries made with hdcts's own code; rerunning
 * cases on the product (hdcts rerun) is what finds those. */
/* mkdtemp(3) is POSIX.1-2008 */
#define _XOPEN_SOURCE 700
#include "verify.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "child.h"
#include "digests.h"
#include "package.h"
#include "provenance.h"
#include "record.h"
#include "result.h"
#include "util/buf.h"
#include "util/dir.h"
#include "util/file.h"

enum { EXIT_REJECTED = 1, EXIT_USAGE = 2, EXIT_FAILED = 3 };

/* tar gets a deadline and a size limit per file, so an archive that
 * unpacks to something huge stops it rather than the disk. */
#define TAR_TIMEOUT 600.0
#define TAR_FILE_MB 1024

typedef struct verifier {
	const char *archive;
	char path[4096];    /* the archive's absolute path: tar runs in tmp */
	char tmp[4096];     /* the private directory; "" until made */
	char top[4400];     /* tmp/NAME-submission */
	hc_provenance pv;
	hc_run run;
} verifier;

/* tar -xzf ARCHIVE -C tmp, its messages in tmp.err. */
static int unpack(verifier *v, hd_status *st)
{
	const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	hc_limits lim = { TAR_TIMEOUT, 0, 0, TAR_FILE_MB };
	char err[4200], errpath[4300];
	hd_buf cmd;
	hc_child c;
	int rc;

	if (realpath(v->archive, v->path) == NULL)
		return hd_fail(st, HD_BAD_INPUT, "archive", 0, "cannot read %s", v->archive);
	snprintf(v->tmp, sizeof v->tmp, "%s/hdcts-verify.XXXXXX", base);
	if (mkdtemp(v->tmp) == NULL) {
		v->tmp[0] = '\0';
		return hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot make a directory in %s",
		               base);
	}
	snprintf(errpath, sizeof errpath, "%s.err", v->tmp);
	hd_buf_init(&cmd);
	hd_buf_printf(&cmd, "tar -xzf ");
	hd_buf_sh_quote(&cmd, v->path);
	hd_buf_printf(&cmd, " --no-same-owner -C ");
	hd_buf_sh_quote(&cmd, v->tmp);
	rc = cmd.failed ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory")
	                : hc_child_start(&c, hd_buf_str(&cmd), v->tmp, "/dev/null", errpath, &lim,
	                                 st);
	hd_buf_free(&cmd);
	if (rc != 0)
		return -1;
	while (hc_child_wait(&c, 1) == -2)  /* a signal woke it: wait on */
		;
	if (c.how != HC_EXIT_STATUS || c.status != 0) {
		FILE *f = fopen(errpath, "r");
		err[0] = '\0';
		if (f != NULL) {
			if (fgets(err, sizeof err, f) == NULL)
				err[0] = '\0';
			fclose(f);
		}
		err[strcspn(err, "\n")] = '\0';
		remove(errpath);
		return hd_fail(st, HD_BAD_INPUT, "archive", 0, "not an archive tar can unpack%s%.150s",
		               err[0] ? ": " : "", err);
	}
	remove(errpath);
	return 0;
}

/* The archive holds one directory and nothing beside it. */
static int find_top(verifier *v, hd_status *st)
{
	char **names = NULL;
	size_t n = 0;
	struct stat s;
	int rc = hd_list_dir(v->tmp, "", &names, &n, st);

	if (rc == 0 && n != 1)
		rc = hd_fail(st, HD_BAD_INPUT, "edited", 0,
		             "%s holds %zu top-level entries; a submission holds one directory",
		             v->archive, n);
	if (rc == 0) {
		snprintf(v->top, sizeof v->top, "%s/%s", v->tmp, names[0]);
		if (lstat(v->top, &s) != 0 || !S_ISDIR(s.st_mode))
			rc = hd_fail(st, HD_BAD_INPUT, "edited", 0,
			             "%s: %s is not a directory; a submission holds one", v->archive,
			             names[0]);
	}
	hd_free_names(names, n);
	return rc;
}

/* The run is whole: finished, and every planned result there. */
static int load_run(verifier *v, hd_status *st)
{
	char path[4500];

	if (hc_provenance_read(v->top, &v->pv, st) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/results.json", v->top);
	if (hc_run_load(path, &v->run, st) != 0)
		return hd_fail_prefix(st, "results.json: ");
	if (v->run.finished == NULL)
		return hd_fail(st, HD_BAD_INPUT, "edited", 0, "results.json has no finish time");
	if (v->run.n != v->pv.planned)
		return hd_fail(st, HD_BAD_INPUT, "edited", 0,
		               "results.json has %zu results; run.txt planned %zu", v->run.n,
		               v->pv.planned);
	return 0;
}

/* The verdict line of VERDICT.txt, for messages. */
static const char *verdict_line(const verifier *v, char *line, size_t size)
{
	hd_buf b;
	const char *s;

	hd_buf_init(&b);
	hc_package_verdict(&b, &v->run, &v->pv);
	s = strstr(hd_buf_str(&b), "verdict: ");
	snprintf(line, size, "%s", s != NULL ? s + 9 : "unknown");
	line[strcspn(line, "\n")] = '\0';
	hd_buf_free(&b);
	return line;
}

/* VERDICT.txt is what the results give. */
static int check_verdict(verifier *v, hd_status *st)
{
	char path[4500], line[200];
	hd_buf want, got;
	int rc;

	hd_buf_init(&want);
	hd_buf_init(&got);
	hc_package_verdict(&want, &v->run, &v->pv);
	snprintf(path, sizeof path, "%s/VERDICT.txt", v->top);
	rc = hd_read_file(path, (size_t)1 << 20, &got, st);
	if (rc == 0 && (want.len != got.len || memcmp(want.data, got.data, want.len) != 0))
		rc = hd_fail(st, HD_BAD_INPUT, "edited", 0,
		             "VERDICT.txt is not what the results give (verdict: %s)",
		             verdict_line(v, line, sizeof line));
	hd_buf_free(&want);
	hd_buf_free(&got);
	return rc;
}

int hc_verify_main(int argc, char **argv)
{
	verifier v;
	hd_status st;
	char line[200];
	int rc;

	if (argc != 1 || argv[0][0] == '-') {
		fputs("usage: hdcts verify ARCHIVE.tar.gz\n", stderr);
		return EXIT_USAGE;
	}
	memset(&v, 0, sizeof v);
	v.archive = argv[0];
	hc_run_init(&v.run);
	hd_status_clear(&st);
	rc = unpack(&v, &st);
	if (rc == 0)
		rc = find_top(&v, &st);
	if (rc == 0 && (hc_digests_check(v.top, &st) != 0 || load_run(&v, &st) != 0 ||
	                hc_record_check(v.top, &v.run, &v.pv, &st) != 0 ||
	                check_verdict(&v, &st) != 0))
		rc = -1;
	if (rc == 0) {
		printf("%s: intact: %s, %s (suite %s, revision %s, %zu results)\n", v.archive,
		       v.run.candidate, verdict_line(&v, line, sizeof line),
		       v.run.suite_version ? v.run.suite_version : "unknown",
		       v.run.suite_revision ? v.run.suite_revision : "unknown", v.run.n);
	} else {
		fprintf(stderr, "hdcts verify: %s: %s\n", v.archive, st.msg);
		rc = st.kind == HD_INTERNAL || st.kind == HD_NO_MEMORY ? EXIT_FAILED
		     : strcmp(st.code, "archive") == 0 ? EXIT_USAGE : EXIT_REJECTED;
	}
	if (v.tmp[0] != '\0')
		hd_remove_tree(v.tmp);
	hc_provenance_free(&v.pv);
	hc_run_free(&v.run);
	return rc;
}
