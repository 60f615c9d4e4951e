/* hdref watch: the watch of a kernel, the values of its source variables at
 * every stop and work-item (docs/watch-format.md). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "watch/watch.h"

int hd_cmd_watch(int argc, char **argv, int verbose)
{
	hd_exec_config c;
	const char *in, *kernel;
	hd_spv_module *m;
	hd_status st;
	hd_buf out;
	int rc;

	(void)verbose;
	if (hd_cmd_exec_options("watch", argc, argv, &c, &in, &kernel) != 0) {
		fprintf(stderr, "usage: hdref watch FILE.spv|FILE.spvasm [--kernel NAME] [--wave32]\n"
		                "       [--directives SOURCE] [--KEY TEXT]...\n");
		return EXIT_INPUT;
	}
	rc = hd_cmd_open_spirv("watch", in, &m);
	if (rc != 0)
		return rc;
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
