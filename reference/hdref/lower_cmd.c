/* hdref lower: a SPIR-V module to an AMDGPU code object with DWARF 5 and the
 * heterogeneous-debugging extensions (docs/lowering.md). The module must
 * pass `hdref check`: its findings go to stderr and nothing is written. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lower/lower.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref lower FILE.spv|FILE.spvasm -o OUT.o "
	                "[--encoding amdgpu-v0|llvm-user] [--dwarf64] [--wave32]\n");
	return EXIT_INPUT;
}

/* Parses the options into o; the input and output paths into in and out. */
static int parse_args(int argc, char **argv, hd_lower_options *o, const char **in,
                      const char **out)
{
	memset(o, 0, sizeof *o);
	o->profile = HD_PROFILE_AMDGPU_V0;
	o->wave_size = 64;
	*in = *out = NULL;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
			*out = argv[++i];
		} else if (strcmp(argv[i], "--encoding") == 0 && i + 1 < argc) {
			/* the lowering writes the extension, which intel-gt lacks */
			if (hd_profile_parse(argv[++i], &o->profile) != 0 ||
			    o->profile == HD_PROFILE_INTEL_GT) {
				fprintf(stderr, "hdref lower: %s is not an encoding of the extension\n",
				        argv[i]);
				return -1;
			}
		} else if (strcmp(argv[i], "--dwarf64") == 0) {
			o->dwarf64 = 1;
		} else if (strcmp(argv[i], "--wave32") == 0) {
			o->wave_size = 32;
		} else if (argv[i][0] == '-' || *in) {
			return -1;
		} else {
			*in = argv[i];
		}
	}
	return *in && *out ? 0 : -1;
}

int hd_cmd_lower(int argc, char **argv, int verbose)
{
	hd_lower_options o;
	const char *in, *out;
	hd_spv_module *m;
	hd_lowered *l = NULL;
	hd_status st;
	hd_buf elf;
	int rc;

	(void)verbose;
	if (parse_args(argc, argv, &o, &in, &out) != 0)
		return usage();
	rc = hd_cmd_open_spirv("lower", in, &m);
	if (rc != 0)
		return rc;
	rc = hd_cmd_require_valid("lower", m, in);
	if (rc != 0) {
		hd_spv_free(m);
		return rc;
	}
	hd_status_clear(&st);
	hd_buf_init(&elf);
	if (hd_lower(m, &o, &l, &st) != 0 || hd_lower_write_elf(l, &elf, &st) != 0 ||
	    (elf.failed && hd_fail(&st, HD_NO_MEMORY, "no-memory", 0, "out of memory")) ||
	    hd_write_file_atomic(out, elf.data, elf.len, &st) != 0) {
		fprintf(stderr, "hdref lower: %s: %s\n", in, st.msg);
		rc = st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	}
	hd_buf_free(&elf);
	hd_lowered_free(l);
	hd_spv_free(m);
	return rc;
}
