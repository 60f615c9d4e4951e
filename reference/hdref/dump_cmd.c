/* hdref dump: the canonical DWARF dump of an ELF object (docs/dwarf-dump.md).
 * Exit status 0 when the dump was printed, 2 when the file is not an ELF
 * libdwarf can read or its DWARF is malformed (nothing on stdout then), 3
 * when hdref itself failed. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "dump/dump.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref dump [--encoding amdgpu-v0|llvm-user|intel-gt] [--wave32] FILE\n");
	return EXIT_INPUT;
}

int hd_cmd_dump(int argc, char **argv, int verbose)
{
	hd_dump_options o = { HD_PROFILE_AMDGPU_V0, 64, 1 };
	const char *path = NULL;
	hd_status st;

	(void)verbose;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--encoding") == 0 && i + 1 < argc) {
			if (hd_profile_parse(argv[++i], &o.profile) != 0) {
				fprintf(stderr, "hdref dump: unknown encoding %s\n", argv[i]);
				return usage();
			}
		} else if (strcmp(argv[i], "--wave32") == 0) {
			o.wave_size = 32;
		} else if (strcmp(argv[i], "--") == 0 && i + 2 == argc && path == NULL) {
			path = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			return usage();
		} else if (path == NULL) {
			path = argv[i];
		} else {
			return usage();
		}
	}
	if (path == NULL)
		return usage();
	hd_status_clear(&st);
	/* streamed: the text of a large object is never held whole; bad input
	 * is found before anything is written (dump.h) */
	if (hd_dwarf_dump_to(path, &o, stdout, 0, &st) != 0) {
		fprintf(stderr, "hdref dump: %s: %s\n", path, st.msg);
		return st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "hdref: error writing the output\n");
		return EXIT_INTERNAL;
	}
	return 0;
}
