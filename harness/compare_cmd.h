/* `hdcts compare` (compare_cmd.c). */
#ifndef HC_COMPARE_CMD_H
#define HC_COMPARE_CMD_H

/* Regressions, fixes and changed outcomes from run A to run B. Exit status
 * 0 no regression, 1 regressions, 2 usage or bad input. */
int hc_compare_main(int argc, char **argv);

#endif
