/* hdref check and hdref debuginfo: the SPIR-V front end's commands
 * (docs/validation.md, docs/debuginfo-dump.md). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "spirv/spirv.h"

int hd_cmd_open_spirv(const char *cmd, const char *path, hd_spv_module **m)
{
	hd_status st;

	if (hd_spv_load(path, m, &st) != 0 || hd_di_build(*m, &st) != 0) {
		hd_spv_free(*m);
		*m = NULL;
		fprintf(stderr, "hdref %s: %s: %s\n", cmd, path, st.msg);
		return st.kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
	}
	return 0;
}

static int write_out(hd_buf *out)
{
	int failed = out->failed;

	if (!failed)
		fwrite(out->data, 1, out->len, stdout);
	hd_buf_free(out);
	if (failed || fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "hdref: error writing the output\n");
		return EXIT_INTERNAL;
	}
	return 0;
}

int hd_cmd_check(int argc, char **argv, int verbose)
{
	hd_spv_module *m;
	hd_buf out;
	uint32_t broken;
	int rc;

	(void)verbose;
	hd_buf_init(&out);
	if (argc == 1 && strcmp(argv[0], "--rules") == 0) {
		hd_spv_rules_print(&out);
		return write_out(&out);
	}
	if (argc != 1 || argv[0][0] == '-') {
		fprintf(stderr, "usage: hdref check FILE.spv|FILE.spvasm\n"
		                "       hdref check --rules\n");
		return EXIT_INPUT;
	}
	rc = hd_cmd_open_spirv("check", argv[0], &m);
	if (rc != 0)
		return rc;
	broken = hd_di_validate(m);
	hd_spv_diag_print(m, &out);
	hd_spv_free(m);
	rc = write_out(&out);
	return rc != 0 ? rc : broken ? EXIT_RULES : 0;
}

int hd_cmd_debuginfo(int argc, char **argv, int verbose)
{
	hd_spv_module *m;
	hd_buf out;
	int rc;

	(void)verbose;
	if (argc != 1 || argv[0][0] == '-') {
		fprintf(stderr, "usage: hdref debuginfo FILE.spv|FILE.spvasm\n");
		return EXIT_INPUT;
	}
	rc = hd_cmd_open_spirv("debuginfo", argv[0], &m);
	if (rc != 0)
		return rc;
	hd_buf_init(&out);
	hd_di_dump(m, &out);
	hd_spv_free(m);
	return write_out(&out);
}

int hd_cmd_require_valid(const char *cmd, hd_spv_module *m, const char *path)
{
	uint32_t broken = hd_di_validate(m);
	hd_buf diags;

	if (broken == 0)
		return 0;
	hd_buf_init(&diags);
	hd_spv_diag_print(m, &diags);
	fprintf(stderr, "hdref %s: %s breaks %u rule(s); nothing written\n%s", cmd, path,
	        broken, diags.failed ? "" : hd_buf_str(&diags));
	hd_buf_free(&diags);
	return EXIT_RULES;
}
