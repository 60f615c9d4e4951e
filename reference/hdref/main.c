/* hdref: the reference implementation's command. Each subcommand is one row
 * of the table below; `eval` runs expression cases and prints their
 * canonical results (docs/case-format.md, docs/canonical-output.md); `check`
 * and `debuginfo` read SPIR-V (spirv_cmds.c); `visa` reads vISA debug
 * information (visa_cmd.c); `di-dump` reads LLVM debug metadata in textual
 * IR (di_dump_cmd.c).
 *
 * Exit status: 0 when every file produced output; 1 when `check` or `visa`
 * found a broken rule; 2 for bad input or usage (messages on stderr as FILE:LINE:
 * message); 3 when hdref itself failed (out of memory, a write error). An
 * evaluation error is output, not failure. */
#include <stdio.h>
#include <string.h>

#include "../case/case.h"
#include "commands.h"

typedef struct hd_command {
	const char *name;
	const char *args;
	const char *summary;
	int (*fn)(int argc, char **argv, int verbose);
} hd_command;

static int cmd_eval(int argc, char **argv, int verbose);
static int cmd_help(int argc, char **argv, int verbose);

static const hd_command commands[] = {
	{ "eval", "[-v] FILE... | --batch LIST",
	  "evaluate expression cases, print canonical results (--batch: many, docs/harness.md)",
	  cmd_eval },
	{ "check", "FILE", "validate a SPIR-V module's debug info (--rules: list rule ids)",
	  hd_cmd_check },
	{ "debuginfo", "FILE", "print a SPIR-V module's debug-info graph, id-free",
	  hd_cmd_debuginfo },
	{ "lower", "IN -o OUT.o", "lower a SPIR-V module's debug info to an AMDGPU code object",
	  hd_cmd_lower },
	{ "dump", "OBJ", "print an object's DWARF in the canonical form (via libdwarf)",
	  hd_cmd_dump },
	{ "decode", "OBJ", "print every variable's location expression, one line each",
	  hd_cmd_decode },
	{ "exec", "FILE [--kernel NAME]", "run a kernel on the SPIR-V interpreter, print its outcome",
	  hd_cmd_exec },
	{ "watch", "FILE [--kernel NAME]", "print the values of a kernel's variables at every stop and work-item",
	  hd_cmd_watch },
	{ "codeobj-dump", "FILE [--dispatch K]",
	  "print an AMDGPU code object's kernels, or a dispatch's initial state", hd_cmd_codeobj_dump },
	{ "isa-dump", "OBJ [--mcpu M]", "disassemble a gfx9 code object's .text (gfx900, gfx906, gfx90a)",
	  hd_cmd_isa_dump },
	{ "gfx9-run", "OBJ [--kernel K | --inputs MODULE ...]",
	  "run a kernel's first work-group on the gfx9 executor",
	  hd_cmd_gfx9_run },
	{ "watch-check", "OBJ WATCH --inputs MODULE ...",
	  "judge a code object's DWARF by the values it shows against a watch",
	  hd_cmd_watch_check },
	{ "target", "CASE... -- CMD", "serve cases' wavefronts to an evaluator over the target protocol",
	  hd_cmd_target },
	{ "remote", "", "evaluate over the target protocol on stdin and stdout", hd_cmd_remote },
	{ "visa", "FILE...",
	  "print IGC's vISA debug information and its broken rules (--code F, --gen-size N, --dwarf ELF, --rules)",
	  hd_cmd_visa },
	{ "visa-asm", "TEXT -o OUT", "assemble the text form of vISA debug information",
	  hd_cmd_visa_asm },
	{ "di-dump", "FILE.ll...",
	  "print LLVM debug metadata id-free and its broken rules (--check, --rules)",
	  hd_cmd_di_dump },
	{ "llvm-di", "IN -o OUT.ll",
	  "translate a SPIR-V module's debug info to LLVM 15 debug metadata (textual IR)",
	  hd_cmd_llvm_di },
	{ "help", "", "show this help", cmd_help },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
	fprintf(f, "usage: hdref [-v] COMMAND [ARGS]\n\ncommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-9s %-14s %s\n", commands[i].name, commands[i].args,
		        commands[i].summary);
	fprintf(f, "\noptions:\n"
	        "  -v         after an error line, print its message as `  # message`\n"
	        "  --help     show this help\n"
	        "  --version  show the version\n"
	        "\nexit status: 0 done; 1 check or visa found a broken rule; 2 bad input or usage;\n"
	        "3 internal failure\n");
}

static int cmd_help(int argc, char **argv, int verbose)
{
	(void)argc;
	(void)argv;
	(void)verbose;
	usage(stdout);
	return 0;
}

/* Evaluates one file into out; 0, or an exit status after reporting. */
static int eval_file(const char *path, int verbose, hd_buf *out)
{
	hd_buf err;
	int rc;

	hd_buf_init(&err);
	rc = hd_eval_case_file(path, verbose, out, &err);
	fputs(hd_buf_str(&err), stderr);
	hd_buf_free(&err);
	return rc;
}

static int cmd_eval(int argc, char **argv, int verbose)
{
	int status = 0, nfiles = 0;
	hd_buf out;

	if (argc == 2 && strcmp(argv[0], "--batch") == 0)
		return hd_cmd_eval_batch(argv[1], verbose);

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-v") == 0)
			verbose = 1;
		else if (strcmp(argv[i], "--") == 0)
			break;
		else if (argv[i][0] == '-' && argv[i][1] != '\0')
			return fprintf(stderr, "hdref eval: unknown option %s\n", argv[i]), EXIT_INPUT;
	}
	for (int i = 0, opts = 1; i < argc; i++) {
		if (opts && strcmp(argv[i], "--") == 0) {
			opts = 0;
			continue;
		}
		if (!(opts && argv[i][0] == '-' && argv[i][1] != '\0'))
			nfiles++;
	}
	if (nfiles == 0) {
		fprintf(stderr, "usage: hdref eval [-v] FILE...\n");
		return EXIT_INPUT;
	}
	hd_buf_init(&out);
	for (int i = 0, opts = 1; i < argc; i++) {
		int rc;
		if (opts && strcmp(argv[i], "--") == 0) {
			opts = 0;
			continue;
		}
		if (opts && argv[i][0] == '-' && argv[i][1] != '\0')
			continue;
		hd_buf_reset(&out);
		rc = eval_file(argv[i], verbose, &out);
		if (rc != 0) {
			/* nothing on stdout for a file that failed */
			if (rc > status)
				status = rc;
			continue;
		}
		if (nfiles > 1)
			printf("# %s\n", argv[i]);
		fwrite(out.data, 1, out.len, stdout);
	}
	hd_buf_free(&out);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "hdref: error writing the output\n");
		return EXIT_INTERNAL;
	}
	return status;
}

int main(int argc, char **argv)
{
	int verbose = 0, i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "-v") == 0) {
			verbose = 1;
		} else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(argv[i], "--version") == 0) {
			printf("hdref 0.1.0 (case format 1)\n");
			return 0;
		} else {
			fprintf(stderr, "hdref: unknown option %s\n", argv[i]);
			usage(stderr);
			return EXIT_INPUT;
		}
	}
	if (i == argc) {
		usage(stderr);
		return EXIT_INPUT;
	}
	for (size_t k = 0; k < NCOMMANDS; k++)
		if (strcmp(argv[i], commands[k].name) == 0)
			return commands[k].fn(argc - i - 1, argv + i + 1, verbose);
	fprintf(stderr, "hdref: unknown command %s\n", argv[i]);
	usage(stderr);
	return EXIT_INPUT;
}
