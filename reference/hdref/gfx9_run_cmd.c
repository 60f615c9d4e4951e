/* hdref gfx9-run: runs one work-group of a code object's kernel on the gfx9
 * executor (docs/gfx9-executor.md) and prints the outcome as hdref exec
 * does.
 *
 *   hdref gfx9-run OBJ [--kernel NAME]
 *       from the default dispatch (hd_gfx9_new_kernel: each global buffer
 *       argument at its own address, other explicit arguments zero);
 *   hdref gfx9-run OBJ --inputs MODULE [hdref exec's options]
 *       on the inputs the SPIR-V interpreter gives the same kernel of
 *       MODULE, then both are run and each argument buffer is compared:
 *       "buffer K: same", or where the two first differ.
 *
 * Exit status 0 ran (whatever the outcome), 2 bad input, 3 hdref failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/codeobj/codeobj.h"
#include "amdgpu/wave/wave.h"
#include "commands.h"
#include "exec/exec.h"
#include "util/file.h"
#include "valuecheck/co_inputs.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref gfx9-run OBJ [--kernel NAME]\n"
	                "       hdref gfx9-run OBJ --inputs MODULE [--kernel NAME] "
	                "[hdref exec's options]\n");
	return EXIT_INPUT;
}

static void print_outcome(const char *who, const hd_gfx9_outcome *o)
{
	if (o->detail[0] == '\0')
		printf("%soutcome: %s\n", who, hd_gfx9_end_name(o->end));
	else
		printf("%soutcome: %s: %s\n", who, hd_gfx9_end_name(o->end), o->detail);
	printf("%ssteps: %llu\n", who, (unsigned long long)o->steps);
}

/* Each argument buffer after both runs: the interpreter's bytes against
 * the executor's at the same address. */
static int compare_buffers(const hd_exec *x, hd_gfx9 *g, hd_status *st)
{
	for (uint32_t k = 0; k < hd_exec_nargs(x); k++) {
		uint64_t addr;
		uint32_t size, at;
		uint8_t *a, *b, *set;
		if (hd_exec_arg_buffer(x, k, &addr, &size) != 0)
			continue;
		a = malloc(size ? size : 1);
		b = malloc(size ? size : 1);
		set = malloc(size ? size : 1);
		if (a == NULL || b == NULL || set == NULL ||
		    hd_exec_read(x, 0, HD_XS_GLOBAL, addr, size, a, set) != 0 ||
		    hd_amdgpu_read_mem(hd_gfx9_model(g, 0), HD_ASPACE_GLOBAL, 0, 0, addr, b, size,
		                       st) != 0) {
			free(a), free(b), free(set);
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "cannot read buffer %u", k);
		}
		for (at = 0; at < size && a[at] == b[at]; at++)
			;
		if (at == size)
			printf("buffer %u: same, %u bytes\n", k, size);
		else
			printf("buffer %u: differs at byte %u of %u: interpreter 0x%02x, gfx9 0x%02x\n",
			       k, at, size, a[at], b[at]);
		free(a), free(b), free(set);
	}
	return 0;
}

/* The kernel on the interpreter's inputs, then on the interpreter. */
static int run_like(const hd_codeobj *co, const char *kernel, hd_exec *x, hd_status *st)
{
	hd_gfx9 *g = NULL;
	hd_gfx9_outcome o;
	hd_exec_outcome xo;
	int rc;

	rc = hd_co_executor(co, kernel, x, &g, st);
	if (rc == 0)
		rc = hd_gfx9_run(g, NULL, &o, st);
	if (rc == 0)
		rc = hd_exec_run(x, NULL, &xo, st);
	if (rc == 0) {
		print_outcome("", &o);
		printf("interpreter outcome: %s%s%s\n", hd_exec_end_name(xo.end),
		       xo.detail[0] != '\0' ? ": " : "", xo.detail);
		rc = compare_buffers(x, g, st);
	}
	hd_gfx9_free(g);
	return rc;
}

static int run_default(const hd_codeobj *co, const char *kernel, hd_status *st)
{
	hd_gfx9_config c;
	hd_gfx9_outcome o;
	hd_gfx9 *g;
	int rc;

	hd_gfx9_config_default(&c);
	if (hd_gfx9_new_kernel(co, kernel, NULL, &c, &g, st) != 0)
		return -1;
	rc = hd_gfx9_run(g, NULL, &o, st);
	if (rc == 0)
		print_outcome("", &o);
	hd_gfx9_free(g);
	return rc;
}

int hd_cmd_gfx9_run(int argc, char **argv, int verbose)
{
	const char *path, *kernel = NULL, *module = NULL;
	hd_codeobj *co = NULL;
	hd_spv_module *m = NULL;
	hd_exec *x = NULL;
	hd_exec_config xc;
	hd_status st;
	hd_buf file;
	int rc = 0;

	(void)verbose;
	if (argc < 1 || argv[0][0] == '-')
		return usage();
	path = argv[0];
	if (argc >= 2 && strcmp(argv[1], "--inputs") == 0) {
		if (hd_cmd_exec_options("gfx9-run", argc - 2, argv + 2, &xc, &module, &kernel) != 0)
			return usage();
		if ((rc = hd_cmd_open_spirv("gfx9-run", module, &m)) != 0)
			return rc;
	} else if (argc == 3 && strcmp(argv[1], "--kernel") == 0) {
		kernel = argv[2];
	} else if (argc != 1) {
		return usage();
	}
	hd_status_clear(&st);
	hd_buf_init(&file);
	if (hd_read_file(path, 512u << 20, &file, &st) != 0 ||
	    hd_codeobj_read(file.data, file.len, &co, &st) != 0) {
		rc = -1;
	} else if (m != NULL) {
		if (kernel == NULL && hd_codeobj_nkernels(co) > 0)
			kernel = hd_codeobj_kernel(co, 0)->name;
		rc = hd_exec_new(m, kernel, &xc, &x, &st);
		if (rc == 0)
			rc = run_like(co, kernel, x, &st);
	} else {
		rc = run_default(co, kernel, &st);
	}
	if (rc != 0) {
		fprintf(stderr, "hdref gfx9-run: %s: %s\n", path, st.msg);
		rc = st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	} else if (fflush(stdout) != 0) {
		rc = EXIT_INTERNAL;
	}
	hd_exec_free(x);
	hd_spv_free(m);
	hd_codeobj_free(co);
	hd_buf_free(&file);
	return rc;
}
