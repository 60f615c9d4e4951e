/* The subcommands of hdref that live outside main.c. */
#ifndef HD_HDREF_COMMANDS_H
#define HD_HDREF_COMMANDS_H

#define EXIT_RULES 1     /* hdref check, visa, di-dump: the input breaks a rule */
#define EXIT_INPUT 2
#define EXIT_INTERNAL 3

#include "spirv/spirv.h"

/* Loads path and builds its debug-info graph; 0, or an exit status after
 * printing "hdref CMD: PATH: message" (spirv_cmds.c). */
int hd_cmd_open_spirv(const char *cmd, const char *path, hd_spv_module **m);
/* 0 when m breaks no debug-info rule; else prints "hdref CMD: PATH breaks N
 * rule(s); nothing written" and the findings, and returns EXIT_RULES: for
 * the commands that write from a module only a valid one (lower, llvm-di). */
int hd_cmd_require_valid(const char *cmd, hd_spv_module *m, const char *path);

int hd_cmd_check(int argc, char **argv, int verbose);
int hd_cmd_debuginfo(int argc, char **argv, int verbose);
int hd_cmd_lower(int argc, char **argv, int verbose);
int hd_cmd_dump(int argc, char **argv, int verbose);
int hd_cmd_decode(int argc, char **argv, int verbose);
int hd_cmd_exec(int argc, char **argv, int verbose);
int hd_cmd_watch(int argc, char **argv, int verbose);
int hd_cmd_codeobj_dump(int argc, char **argv, int verbose);
int hd_cmd_isa_dump(int argc, char **argv, int verbose);
int hd_cmd_gfx9_run(int argc, char **argv, int verbose);
int hd_cmd_watch_check(int argc, char **argv, int verbose);
int hd_cmd_target(int argc, char **argv, int verbose);
int hd_cmd_remote(int argc, char **argv, int verbose);
int hd_cmd_visa(int argc, char **argv, int verbose);
int hd_cmd_visa_asm(int argc, char **argv, int verbose);
int hd_cmd_di_dump(int argc, char **argv, int verbose);
int hd_cmd_llvm_di(int argc, char **argv, int verbose);

/* hdref eval's parts (eval_cmd.c). An error of a case file as hdref eval
 * prints it ("FILE:LINE: message" or "FILE: message") into err, and the
 * exit status it means. */
struct hd_buf;
struct hd_status;
int hd_eval_error(const char *path, const struct hd_status *st, struct hd_buf *err);
/* Evaluates the case file at path into out: 0, or its exit status with the
 * error in err. */
int hd_eval_case_file(const char *path, int verbose, struct hd_buf *out, struct hd_buf *err);
/* hdref eval --batch LIST (docs/harness.md, "The evaluate batch"). */
int hd_cmd_eval_batch(const char *list, int verbose);

/* The interpreter's options of hdref exec and hdref watch (exec_cmd.c):
 * 0, or -1 on a bad or missing argument (a message printed for a bad
 * directive). */
struct hd_exec_config;
int hd_cmd_exec_options(const char *cmd, int argc, char **argv, struct hd_exec_config *c,
                        const char **in, const char **kernel);

#endif
