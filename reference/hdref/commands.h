/* The subcommands of hdref that live outside main.c. */
#ifndef HD_HDREF_COMMANDS_H
#define HD_HDREF_COMMANDS_H

#define EXIT_RULES 1     /* hdref check: the module breaks a rule */
#define EXIT_INPUT 2
#define EXIT_INTERNAL 3

int hd_cmd_check(int argc, char **argv, int verbose);
int hd_cmd_debuginfo(int argc, char **argv, int verbose);

#endif
