/* Candidate commands as child processes: each runs `/bin/sh -c CMD` in its
 * own process group and scratch directory, under rlimits, with a deadline.
 * A crash or a timeout is an outcome to report, never a harness failure. */
#ifndef HC_CHILD_H
#define HC_CHILD_H

#include <stdint.h>
#include <sys/types.h>

#include "util/status.h"

typedef struct hc_limits {
	double timeout;          /* wall-clock seconds */
	uint64_t memory_mb, cpu_seconds, file_mb;
} hc_limits;

typedef enum hc_exit {
	HC_EXIT_STATUS,          /* exited; status holds the exit status */
	HC_EXIT_SIGNAL,          /* killed by a signal it got (a crash) */
	HC_EXIT_TIMEOUT          /* the deadline passed; the group was killed */
} hc_exit;

typedef struct hc_child {
	pid_t pid;               /* also the process group id */
	double start, deadline;  /* monotonic seconds */
	hc_exit how;
	int status;              /* exit status, or the signal number */
	double seconds;          /* wall time */
} hc_child;

/* Monotonic seconds. */
double hc_now(void);
/* Starts cmd with cwd dir, stdin /dev/null, stdout and stderr to the files
 * out_log and err_log. */
int hc_child_start(hc_child *c, const char *cmd, const char *dir, const char *out_log,
                   const char *err_log, const hc_limits *lim, hd_status *st);
/* Waits for any of the n children that are still running (pid != 0) to
 * end, killing those past their deadline; returns the index of one that
 * ended (its pid set to 0, how/status/seconds filled), -1 when none is
 * running, or -2 when a signal arrived while it slept: the caller looks at
 * its own flags (a SIGINT it catches) and calls again. It sleeps between
 * looks, woken by SIGCHLD, which the first hc_child_start catches, for
 * good, with a handler of its own. */
int hc_child_wait(hc_child *c, size_t n);
/* Kills every running child's process group (an interrupted run). */
void hc_child_kill_all(hc_child *c, size_t n);

#endif
