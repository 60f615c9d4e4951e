/* hdref exec: runs a kernel of a SPIR-V module on the interpreter and says
 * how the run ended (docs/interpreter.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "exec/exec.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref exec FILE.spv|FILE.spvasm [--kernel NAME] [--wave32]\n"
	                "       [--directives SOURCE] [--KEY TEXT]... (KEY: ndrange, wave, "
	                "buffers, argN)\n");
	return EXIT_INPUT;
}

/* The watch directives of a source file's comments (a kernel's .cl). */
static int read_directives(hd_exec_config *c, const char *path, hd_status *st)
{
	hd_buf text;
	int rc;

	hd_buf_init(&text);
	rc = hd_read_file(path, 1u << 24, &text, st);
	if (rc == 0)
		rc = hd_exec_config_comments(c, (const char *)text.data, text.len, st);
	hd_buf_free(&text);
	return rc;
}

/* Shared with hdref watch: the options into c, the module path into *in. */
int hd_cmd_exec_options(const char *cmd, int argc, char **argv, hd_exec_config *c,
                        const char **in, const char **kernel)
{
	hd_status st;

	hd_exec_config_default(c);
	*in = *kernel = NULL;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--kernel") == 0 && i + 1 < argc) {
			*kernel = argv[++i];
		} else if (strcmp(a, "--wave32") == 0) {
			c->wave_size = 32;
		} else if (strcmp(a, "--directives") == 0 && i + 1 < argc) {
			if (read_directives(c, argv[++i], &st) != 0) {
				fprintf(stderr, "hdref %s: %s:%llu: %s\n", cmd, argv[i],
				        (unsigned long long)st.offset, st.msg);
				return -1;
			}
		} else if (strncmp(a, "--", 2) == 0 && i + 1 < argc) {
			/* --ndrange "global=128", --arg1 5: a watch directive */
			if (hd_exec_config_directive(c, a + 2, argv[++i], &st) != 0) {
				fprintf(stderr, "hdref %s: %s: %s\n", cmd, a, st.msg);
				return -1;
			}
		} else if (a[0] == '-' || *in != NULL) {
			return -1;
		} else {
			*in = a;
		}
	}
	return *in != NULL ? 0 : -1;
}

void hd_cmd_print_outcome(FILE *f, const hd_exec_outcome *o)
{
	if (o->end == HD_EXEC_COMPLETED || o->end == HD_EXEC_STEP_LIMIT)
		fprintf(f, "outcome: %s\n", hd_exec_end_name(o->end));
	else
		fprintf(f, "outcome: %s: %s\n", hd_exec_end_name(o->end), o->detail);
	fprintf(f, "steps: %llu\n", (unsigned long long)o->steps);
}

/* The kernel's printf output, a line "printf: TEXT" for each of its lines
 * (docs/interpreter.md, "printf"). */
static void print_printf(FILE *f, const hd_exec *x)
{
	size_t len, i = 0;
	int cut;
	const char *s = hd_exec_printf(x, &len, &cut);

	while (i < len) {
		size_t e = i;
		while (e < len && s[e] != '\n')
			e++;
		fprintf(f, "printf: %.*s\n", (int)(e - i), s + i);
		i = e + 1;
	}
	if (cut)
		fprintf(f, "printf cut: the output is over 1 MiB\n");
}

int hd_cmd_exec(int argc, char **argv, int verbose)
{
	hd_exec_config c;
	const char *in, *kernel;
	hd_spv_module *m;
	hd_exec *x;
	hd_exec_outcome o;
	hd_status st;
	int rc;

	(void)verbose;
	if (argc == 1 && strcmp(argv[0], "--help") == 0) {
		usage();
		return 0;
	}
	if (hd_cmd_exec_options("exec", argc, argv, &c, &in, &kernel) != 0)
		return usage();
	rc = hd_cmd_open_spirv("exec", in, &m);
	if (rc != 0)
		return rc;
	if (hd_exec_new(m, kernel, &c, &x, &st) != 0) {
		fprintf(stderr, "hdref exec: %s: %s\n", in, st.msg);
		hd_spv_free(m);
		return st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	}
	rc = hd_exec_run(x, NULL, &o, &st);
	if (rc != 0)
		fprintf(stderr, "hdref exec: %s: %s\n", in, st.msg);
	else {
		hd_cmd_print_outcome(stdout, &o);
		print_printf(stdout, x);
	}
	hd_exec_free(x);
	hd_spv_free(m);
	return rc != 0 ? EXIT_INTERNAL : 0;
}
