/* hdgen: writes the generated cases, computes the expected outputs and the
 * coverage map (docs/generators.md). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"
#include "hdgen.h"

#define EXIT_USAGE 2

static const struct {
	const char *kind;
	int (*run)(gen_out *);
} generators[] = {
	{ "expr", gen_expr },
	{ "expr", gen_expr_random },
	{ "expr", gen_expr_errors },
	{ "cfi", gen_cfi },
	{ "cfi", gen_cfi_errors },
	{ "spirv", gen_spirv },
	{ "opencl", gen_opencl },
};

#define NGENERATORS (sizeof generators / sizeof generators[0])

int hdgen_usage(void)
{
	fprintf(stderr,
	        "usage: hdgen cases [--out DIR] [--seed N] [--only KIND]\n"
	        "       hdgen expected [--cases DIR] [--out DIR] [--only KIND] [--why]\n"
	        "       hdgen coverage [--cases DIR] [--write FILE] [--index FILE] [--html FILE]\n"
	        "KIND is expr, cfi, spirv or opencl; DIRs default to cases and expected.\n");
	return EXIT_USAGE;
}

/* Removes DIR/gen-* so a case a generator no longer makes does not linger. */
static int clear_generated(const char *root, const char *kind)
{
	char dir[1024], path[1536];
	DIR *d;
	struct dirent *e;

	snprintf(dir, sizeof dir, "%s/%s", root, kind);
	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "gen-", 4) != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (unlink(path) != 0) {
			closedir(d);
			fprintf(stderr, "hdgen: cannot remove %s\n", path);
			return -1;
		}
	}
	closedir(d);
	return 0;
}

static int cmd_cases(int argc, char **argv)
{
	gen_out g;
	hd_status st;
	const char *only = NULL;
	int rc = 0;

	memset(&g, 0, sizeof g);
	g.root = "cases";
	g.seed = 1;
	g.st = &st;
	hd_status_clear(&st);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
			g.root = argv[++i];
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			g.seed = strtoull(argv[++i], NULL, 0);
		else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
			only = argv[++i];
		else
			return hdgen_usage();
	}
	/* the table lists each kind's generators together: clear a kind once,
	 * before its first generator runs */
	for (size_t i = 0; i < NGENERATORS && rc == 0; i++) {
		if (only != NULL && strcmp(only, generators[i].kind) != 0)
			continue;
		if (i == 0 || strcmp(generators[i].kind, generators[i - 1].kind) != 0)
			rc = clear_generated(g.root, generators[i].kind);
		if (rc == 0 && generators[i].run(&g) != 0) {
			fprintf(stderr, "hdgen: %s: %s\n", generators[i].kind, st.msg);
			rc = -1;
		}
	}
	for (size_t i = 0; i < g.nnames; i++)
		free(g.names[i]);
	free(g.names);
	if (rc != 0)
		return 1;
	printf("hdgen: %zu cases written under %s\n", g.written, g.root);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return hdgen_usage();
	if (strcmp(argv[1], "cases") == 0)
		return cmd_cases(argc - 2, argv + 2);
	if (strcmp(argv[1], "expected") == 0)
		return hdgen_expected(argc - 2, argv + 2);
	if (strcmp(argv[1], "coverage") == 0)
		return hdgen_coverage(argc - 2, argv + 2);
	return hdgen_usage();
}
