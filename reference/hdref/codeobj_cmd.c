/* hdref codeobj-dump: what hdref reads from an AMDGPU code object, and with
 * --dispatch KERNEL the initial state of the first wavefront of a dispatch
 * of one work-group of 64 work-items with every explicit argument zero
 * (docs/amdgpu-dispatch.md). Exit status 0 printed, 2 bad input, 3 hdref
 * failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/codeobj/codeobj.h"
#include "commands.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref codeobj-dump FILE [--dispatch KERNEL]\n");
	return EXIT_INPUT;
}

/* The default dispatch with zero bytes for each explicit argument. */
static int dispatch(const hd_codeobj *co, const char *name, hd_buf *out, hd_status *st)
{
	const hd_co_kernel *k = hd_codeobj_find_kernel(co, name);
	static const uint8_t zeros[256];
	hd_dispatch_value vals[64];
	hd_dispatch_config c;
	hd_dispatch_state s;

	if (k == NULL)
		return hd_fail(st, HD_BAD_INPUT, "dispatch-kernel", 0, "no kernel %s", name);
	hd_dispatch_config_default(&c);
	for (size_t i = 0; i < k->nargs; i++) {
		if (k->args[i].hidden)
			continue;
		if (c.nargs == 64 || k->args[i].size > sizeof zeros)
			return hd_fail(st, HD_BAD_INPUT, "dispatch-args", 0,
			               "kernel %s: more or larger explicit arguments than --dispatch fills",
			               name);
		vals[c.nargs++] = (hd_dispatch_value){ zeros, (size_t)k->args[i].size };
	}
	c.args = vals;
	if (hd_dispatch(co, k, &c, &s, st) != 0)
		return -1;
	hd_dispatch_print(&s, out);
	hd_dispatch_state_free(&s);
	return 0;
}

int hd_cmd_codeobj_dump(int argc, char **argv, int verbose)
{
	const char *path = NULL, *kernel = NULL;
	hd_codeobj *co = NULL;
	hd_status st;
	hd_buf file, out;
	int rc = 0;

	(void)verbose;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--dispatch") == 0 && i + 1 < argc)
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
	hd_buf_init(&out);
	if (hd_read_file(path, 512u << 20, &file, &st) != 0 ||
	    hd_codeobj_read(file.data, file.len, &co, &st) != 0 ||
	    (kernel == NULL ? (hd_codeobj_print(co, &out), 0) : dispatch(co, kernel, &out, &st)) != 0) {
		fprintf(stderr, "hdref codeobj-dump: %s: %s\n", path, st.msg);
		rc = st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	} else if (out.failed) {
		rc = EXIT_INTERNAL;
	} else {
		fwrite(out.data, 1, out.len, stdout);
		if (fflush(stdout) != 0)
			rc = EXIT_INTERNAL;
	}
	hd_codeobj_free(co);
	hd_buf_free(&file);
	hd_buf_free(&out);
	return rc;
}
