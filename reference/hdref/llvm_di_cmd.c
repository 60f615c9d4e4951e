/* hdref llvm-di: a SPIR-V module's debug information as LLVM 15 debug
 * metadata in textual IR (docs/llvm-translation.md). The module must pass
 * `hdref check`: its findings go to stderr and nothing is written. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "tollvm/tollvm.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref llvm-di FILE.spv|FILE.spvasm -o OUT.ll\n");
	return EXIT_INPUT;
}

int hd_cmd_llvm_di(int argc, char **argv, int verbose)
{
	const char *in = NULL, *out = NULL;
	hd_spv_module *m;
	hd_status st;
	hd_buf text;
	int rc;

	(void)verbose;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (argv[i][0] == '-' || in)
			return usage();
		else
			in = argv[i];
	}
	if (!in || !out)
		return usage();
	rc = hd_cmd_open_spirv("llvm-di", in, &m);
	if (rc != 0)
		return rc;
	rc = hd_cmd_require_valid("llvm-di", m, in);
	if (rc != 0) {
		hd_spv_free(m);
		return rc;
	}
	hd_status_clear(&st);
	hd_buf_init(&text);
	if (hd_tollvm(m, &text, &st) != 0 ||
	    hd_write_file_atomic(out, text.data, text.len, &st) != 0) {
		fprintf(stderr, "hdref llvm-di: %s: %s\n", in, st.msg);
		rc = st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	}
	hd_buf_free(&text);
	hd_spv_free(m);
	return rc;
}
