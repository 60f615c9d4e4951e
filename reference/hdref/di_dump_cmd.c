/* hdref di-dump: LLVM debug metadata in textual IR (docs/llvm-di.md).
 *
 * `hdref di-dump [--check] FILE.ll...` prints each file's canonical dump
 * (not with --check), then its broken structure rules; exit 0 when no
 * rule is broken, 1 when some is, 2 when a file cannot be read (a syntax
 * rule, FILE:LINE:COL on stderr), 3 when hdref failed. `--rules` lists the
 * rule ids with their class and sources; `--facts` prints each file's
 * facts (docs/llvm-facts.md) instead of its dump. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "llvmdi/facts.h"
#include "llvmdi/llvmdi.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref di-dump [--check | --facts] FILE.ll...\n"
	                "       hdref di-dump --rules\n");
	return EXIT_INPUT;
}

static int write_out(hd_buf *out)
{
	int failed = out->failed;

	if (!failed && out->len > 0)  /* an empty buffer may have no data at all */
		fwrite(out->data, 1, out->len, stdout);
	if (failed || fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "hdref: error writing the output\n");
		return EXIT_INTERNAL;
	}
	return 0;
}

/* The facts of m (docs/llvm-facts.md), one a line. */
static int print_facts(hd_lldi_module *m, hd_buf *out)
{
	hd_lldi_facts f;

	if (hd_lldi_facts_of(m, &f) != 0) {
		fprintf(stderr, "hdref di-dump: out of memory\n");
		return -1;
	}
	for (size_t i = 0; i < f.n; i++)
		hd_buf_printf(out, "%s\n", f.v[i]);
	hd_lldi_facts_free(&f);
	return 0;
}

/* Reads, dumps (or with mode 2 lists the facts of) and validates one file
 * into out; 0, 1 (rules broken) or an exit status after printing why on
 * stderr. */
static int di_file(const char *path, int check_only, hd_buf *out)
{
	hd_lldi_findings fs = { 0 };
	hd_lldi_module *m;
	hd_status st;
	hd_buf text;
	size_t broken;

	hd_buf_init(&text);
	if (hd_read_file(path, HD_LLDI_MAX_FILE, &text, &st) != 0 ||
	    hd_lldi_read(path, (const char *)text.data, text.len, &m, &st) != 0) {
		fprintf(stderr, "hdref di-dump: %s\n", st.msg);
		hd_buf_free(&text);
		return st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	}
	if (check_only == 2 && print_facts(m, out) != 0) {
		hd_lldi_free(m);
		hd_buf_free(&text);
		return EXIT_INTERNAL;
	}
	if (!check_only)
		hd_lldi_dump(m, out);
	broken = hd_lldi_validate(m, &fs);
	hd_lldi_findings_print(&fs, path, out);
	hd_lldi_findings_free(&fs);
	hd_lldi_free(m);
	hd_buf_free(&text);
	return broken ? EXIT_RULES : 0;
}

int hd_cmd_di_dump(int argc, char **argv, int verbose)
{
	int status = 0, check_only = 0, nfiles = 0;
	hd_buf out;

	(void)verbose;
	hd_buf_init(&out);
	if (argc == 1 && strcmp(argv[0], "--rules") == 0) {
		hd_lldi_rules_print(&out);
		status = write_out(&out);
		hd_buf_free(&out);
		return status;
	}
	for (int i = 0; i < argc; i++) {
		int rc;
		if (strcmp(argv[i], "--check") == 0 || strcmp(argv[i], "--facts") == 0) {
			check_only = argv[i][2] == 'c' ? 1 : 2;
			continue;
		}
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			return usage();
		nfiles++;
		rc = di_file(argv[i], check_only, &out);
		if (write_out(&out) != 0)
			rc = EXIT_INTERNAL;
		hd_buf_reset(&out);
		if (rc > status)
			status = rc;
	}
	hd_buf_free(&out);
	return nfiles ? status : usage();
}
