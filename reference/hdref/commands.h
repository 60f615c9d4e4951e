/* The subcommands of hdref that live outside main.c. */
#ifndef HD_HDREF_COMMANDS_H
#define HD_HDREF_COMMANDS_H

#define EXIT_RULES 1     /* hdref check: the module breaks a rule */
#define EXIT_INPUT 2
#define EXIT_INTERNAL 3

#include "spirv/spirv.h"

/* Loads path and builds its debug-info graph; 0, or an exit status after
 * printing "hdref CMD: PATH: message" (spirv_cmds.c). */
int hd_cmd_open_spirv(const char *cmd, const char *path, hd_spv_module **m);

int hd_cmd_check(int argc, char **argv, int verbose);
int hd_cmd_debuginfo(int argc, char **argv, int verbose);
int hd_cmd_lower(int argc, char **argv, int verbose);
int hd_cmd_dump(int argc, char **argv, int verbose);
int hd_cmd_decode(int argc, char **argv, int verbose);
int hd_cmd_exec(int argc, char **argv, int verbose);

#endif
