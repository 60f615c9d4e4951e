/* hdref gfx9-run OBJ [--kernel NAME]: runs one work-group of a code
 * object's kernel on the gfx9 executor (docs/gfx9-executor.md) from the
 * default dispatch (hd_gfx9_new_kernel: each global buffer argument at its
 * own address, other explicit arguments zero); prints the outcome
 * as hdref exec does. Exit status 0 ran (whatever the outcome), 2 bad
 * input, 3 hdref failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/codeobj/codeobj.h"
#include "amdgpu/wave/wave.h"
#include "commands.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref gfx9-run OBJ [--kernel NAME]\n");
	return EXIT_INPUT;
}

/* The run of the first work-group from the default dispatch. */
static int run(const hd_codeobj *co, const char *name, hd_gfx9_outcome *o, hd_status *st)
{
	hd_gfx9_config c;
	hd_gfx9 *x;
	int rc;

	hd_gfx9_config_default(&c);
	if (hd_gfx9_new_kernel(co, name, &c, &x, st) != 0)
		return -1;
	rc = hd_gfx9_run(x, NULL, o, st);
	hd_gfx9_free(x);
	return rc;
}

int hd_cmd_gfx9_run(int argc, char **argv, int verbose)
{
	const char *path = NULL, *kernel = NULL;
	hd_codeobj *co = NULL;
	hd_gfx9_outcome o;
	hd_status st;
	hd_buf file;
	int rc = 0;

	(void)verbose;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--kernel") == 0 && i + 1 < argc)
			kernel = argv[++i];
		else if (argv[i][0] == '-' || path != NULL)
			return usage();
		else
			path = argv[i];
	}
	if (path == NULL)
		return usage();
	hd_status_clear(&st);
	hd_buf_init(&file);
	if (hd_read_file(path, 512u << 20, &file, &st) != 0 ||
	    hd_codeobj_read(file.data, file.len, &co, &st) != 0 || run(co, kernel, &o, &st) != 0) {
		fprintf(stderr, "hdref gfx9-run: %s: %s\n", path, st.msg);
		rc = st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	} else {
		if (o.detail[0] == '\0')
			printf("outcome: %s\n", hd_gfx9_end_name(o.end));
		else
			printf("outcome: %s: %s\n", hd_gfx9_end_name(o.end), o.detail);
		printf("steps: %llu\n", (unsigned long long)o.steps);
		if (fflush(stdout) != 0)
			rc = EXIT_INTERNAL;
	}
	hd_codeobj_free(co);
	hd_buf_free(&file);
	return rc;
}
