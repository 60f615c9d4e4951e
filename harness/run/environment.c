/* The tools' versions and the machine of a run (environment.h). */
#define _XOPEN_SOURCE 700
#include "environment.h"

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "child.h"

/* Appends at most HC_VERSION_OUTPUT bytes of the file at path, ending in a
 * newline; a file that cannot be read adds nothing. */
static void append_output(hd_buf *out, const char *path)
{
	char data[HC_VERSION_OUTPUT];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return;
	n = fread(data, 1, sizeof data, f);
	fclose(f);
	hd_buf_put(out, data, n);
	if (n > 0 && data[n - 1] != '\n')
		hd_buf_byte(out, '\n');
}

/* Runs one command in dir and waits for it, its deadline enforced. */
static int run_one(const char *cmd, const char *dir, const char *out_log, const char *err_log,
                   hc_child *c, hd_status *st)
{
	hc_limits lim = { HC_VERSION_TIMEOUT, 0, 0, 0 };

	if (hc_child_start(c, cmd, dir, out_log, err_log, &lim, st) != 0)
		return -1;
	while (hc_child_wait(c, 1) == -2)  /* a signal woke it: wait on */
		;
	return 0;
}

int hc_tools_text(char *const *cmds, size_t n, const char *dir, hd_buf *out, size_t *failed,
                  hd_status *st)
{
	char out_log[4200], err_log[4200];

	*failed = 0;
	snprintf(out_log, sizeof out_log, "%s/version.out", dir);
	snprintf(err_log, sizeof err_log, "%s/version.err", dir);
	for (size_t i = 0; i < n; i++) {
		hc_child c;
		if (run_one(cmds[i], dir, out_log, err_log, &c, st) != 0)
			return hd_fail_prefix(st, "version command `%s`: ", cmds[i]);
		hd_buf_printf(out, "%s$ %s\n", i ? "\n" : "", cmds[i]);
		append_output(out, out_log);
		append_output(out, err_log);
		if (c.how == HC_EXIT_STATUS && c.status == 0)
			continue;
		(*failed)++;
		if (c.how == HC_EXIT_STATUS)
			hd_buf_printf(out, "(exit status %d)\n", c.status);
		else if (c.how == HC_EXIT_SIGNAL)
			hd_buf_printf(out, "(killed by signal %d)\n", c.status);
		else
			hd_buf_printf(out, "(timed out after %.0f s)\n", HC_VERSION_TIMEOUT);
	}
	unlink(out_log);
	unlink(err_log);
	return 0;
}

/* The value of the first line of path that starts with key, up to the end
 * of the line, without quotes; "" when there is none. */
static void file_value(const char *path, const char *key, char *value, size_t size)
{
	char line[512];
	FILE *f = fopen(path, "r");
	size_t k = strlen(key);

	value[0] = '\0';
	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		char *v = line + k;
		if (strncmp(line, key, k) != 0)
			continue;
		v += strspn(v, " \t:=\"");
		v[strcspn(v, "\"\n")] = '\0';
		snprintf(value, size, "%s", v);
		break;
	}
	fclose(f);
}

void hc_machine_text(hd_buf *out)
{
	struct utsname u;
	char os[256], cpu[256];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	file_value("/etc/os-release", "PRETTY_NAME", os, sizeof os);
	file_value("/proc/cpuinfo", "model name", cpu, sizeof cpu);
	hd_buf_printf(out, "os: %s\n", os[0] ? os : "unknown");
	if (uname(&u) == 0)
		hd_buf_printf(out, "kernel: %s %s %s\n", u.sysname, u.release, u.machine);
	hd_buf_printf(out, "cpu: %s\ncpus: %ld\n", cpu[0] ? cpu : "unknown", cpus);
	if (pages > 0 && page > 0)
		hd_buf_printf(out, "memory: %.1f GiB\n",
		              (double)pages * (double)page / (1024.0 * 1024 * 1024));
}
