/* Child processes for candidate commands (child.h). Each child gets its
 * own process group so that a timeout kills the whole pipeline the
 * template may start (sh, the tool, its helpers), not just the shell. */
#include "child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The longest the parent sleeps between looks, whatever the deadlines. */
#define IDLE_SECONDS 1.0

double hc_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void set_limit(int what, uint64_t v)
{
	struct rlimit r;

	if (v == 0)
		return;
	r.rlim_cur = r.rlim_max = (rlim_t)v;
	setrlimit(what, &r);
}

/* The parent sleeps in poll(2) until a child ends or the nearest deadline
 * passes, instead of waking every few milliseconds to look: SIGCHLD's
 * handler writes a byte to a pipe the parent polls (the self-pipe trick;
 * pselect would need SIGCHLD blocked, and children inherit masks). Both
 * ends are non-blocking, so a full pipe cannot stop the handler, and
 * close-on-exec, so no command inherits them. */
static int wake_pipe[2] = { -1, -1 };

static void on_sigchld(int sig)
{
	int saved = errno;
	char b = 0;
	ssize_t k = write(wake_pipe[1], &b, 1);

	(void)sig;
	(void)k;  /* a full pipe is already a wake-up */
	errno = saved;
}

static int set_flags(int fd)
{
	return fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0 ||
	       fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 ? -1 : 0;
}

static int catch_sigchld(hd_status *st)
{
	struct sigaction sa;

	if (wake_pipe[0] >= 0)
		return 0;
	if (pipe(wake_pipe) != 0)
		return hd_fail(st, HD_INTERNAL, "pipe-failed", 0,
		               "cannot make the pipe that wakes the harness: %s", strerror(errno));
	if (set_flags(wake_pipe[0]) != 0 || set_flags(wake_pipe[1]) != 0) {
		int err = errno;
		close(wake_pipe[0]);
		close(wake_pipe[1]);
		wake_pipe[0] = wake_pipe[1] = -1;  /* so the next command tries again */
		return hd_fail(st, HD_INTERNAL, "pipe-failed", 0,
		               "cannot set up the pipe that wakes the harness: %s", strerror(err));
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigchld;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, NULL);
	return 0;
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static void child_exec(const char *cmd, const char *dir, const char *out_log,
                       const char *err_log, const hc_limits *lim)
{
	int in = open("/dev/null", O_RDONLY);
	int out = open(out_log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int err = open(err_log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	setpgid(0, 0);
	if (in < 0 || out < 0 || err < 0 || chdir(dir) != 0 ||
	    dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
		_exit(126);
#ifndef HC_NO_AS_LIMIT
	/* a sanitizer build reserves terabytes of address space, so there the
	 * memory bound is left to the CPU and file bounds (docs/candidates.md) */
	set_limit(RLIMIT_AS, lim->memory_mb << 20);
#endif
	set_limit(RLIMIT_CPU, lim->cpu_seconds);
	set_limit(RLIMIT_FSIZE, lim->file_mb << 20);
	{
		/* no core files from a crashing candidate in the scratch directory */
		struct rlimit r = { 0, 0 };
		setrlimit(RLIMIT_CORE, &r);
	}
	execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
	_exit(127);
}

int hc_child_start(hc_child *c, const char *cmd, const char *dir, const char *out_log,
                   const char *err_log, const hc_limits *lim, hd_status *st)
{
	pid_t pid;

	memset(c, 0, sizeof *c);
	if (catch_sigchld(st) != 0)
		return -1;
	pid = fork();
	if (pid < 0)
		return hd_fail(st, HD_INTERNAL, "fork-failed", 0, "cannot start a command: %s",
		               strerror(errno));
	if (pid == 0)
		child_exec(cmd, dir, out_log, err_log, lim);
	/* also from the parent, so the group exists before anyone signals it */
	setpgid(pid, pid);
	c->pid = pid;
	c->start = hc_now();
	c->deadline = c->start + lim->timeout;
	return 0;
}

static int index_of(const hc_child *c, size_t n, pid_t pid)
{
	for (size_t i = 0; i < n; i++)
		if (c[i].pid == pid)
			return (int)i;
	return -1;
}

static void finish(hc_child *c, int status)
{
	c->seconds = hc_now() - c->start;
	if (c->how == HC_EXIT_TIMEOUT) {
		c->status = 0;
	} else if (WIFSIGNALED(status)) {
		c->how = HC_EXIT_SIGNAL;
		c->status = WTERMSIG(status);
	} else {
		c->how = HC_EXIT_STATUS;
		c->status = WIFEXITED(status) ? WEXITSTATUS(status) : 255;
	}
	/* whatever the command left running in its group goes too */
	kill(-c->pid, SIGKILL);
	c->pid = 0;
}

/* Sleeps until a child may have ended, or for seconds at most; 1 when a
 * signal ended the sleep: SIGCHLD, or the caller's interrupt, which the
 * caller must get to see. */
static int sleep_for_child(double seconds)
{
	struct pollfd p = { wake_pipe[0], POLLIN, 0 };
	/* rounded up: waking before a deadline would only look and sleep again */
	int ms = seconds <= 0 ? 0 : (int)(seconds * 1000.0) + 1;

	return poll(&p, 1, ms) < 0 && errno == EINTR;
}

/* Empties the pipe: the children it announced are about to be looked for. */
static void drain(void)
{
	char buf[64];

	while (read(wake_pipe[0], buf, sizeof buf) > 0)
		;
}

int hc_child_wait(hc_child *c, size_t n)
{
	for (;;) {
		int status, running = 0;
		pid_t pid;
		double now, wake;

		drain();
		pid = waitpid(-1, &status, WNOHANG);
		if (pid > 0) {
			int i = index_of(c, n, pid);
			if (i >= 0) {
				finish(&c[i], status);
				return i;
			}
			continue;  /* not one of ours (none should exist): ignore */
		}
		now = hc_now();
		wake = now + IDLE_SECONDS;
		for (size_t i = 0; i < n; i++) {
			if (c[i].pid == 0)
				continue;
			running = 1;
			if (c[i].how == HC_EXIT_TIMEOUT)
				continue;
			if (now > c[i].deadline) {
				c[i].how = HC_EXIT_TIMEOUT;
				kill(-c[i].pid, SIGKILL);
			} else if (c[i].deadline < wake) {
				wake = c[i].deadline;
			}
		}
		if (!running)
			return -1;
		if (sleep_for_child(wake - now))
			return -2;
	}
}

void hc_child_kill_all(hc_child *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (c[i].pid != 0)
			kill(-c[i].pid, SIGKILL);
}
