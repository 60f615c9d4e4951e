/* hdref target and hdref remote (docs/adapter-protocol.md, "The target
 * protocol"): the two sides of an evaluation split between a target that
 * holds the case's wavefront and an evaluator that asks for it. */
/* posix_spawn's file actions are POSIX.1-2001 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "amdgpu/model.h"
#include "case/case.h"
#include "commands.h"
#include "protocol/remote.h"
#include "protocol/serve.h"

extern char **environ;

/* The evaluator's command, started with its stdin and stdout on two pipes
 * (its stderr stays ours). */
static int spawn(char **argv, pid_t *pid, FILE **to, FILE **from)
{
	int in[2], out[2], err;
	posix_spawn_file_actions_t fa;

	if (pipe(in) != 0)
		return -1;
	if (pipe(out) != 0) {
		close(in[0]);
		close(in[1]);
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_addclose(&fa, in[1]);
	posix_spawn_file_actions_addclose(&fa, out[0]);
	err = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(in[0]);
	close(out[1]);
	if (err != 0) {
		close(in[1]);
		close(out[0]);
		errno = err;
		return -1;
	}
	*to = fdopen(in[1], "w");
	*from = fdopen(out[0], "r");
	return *to != NULL && *from != NULL ? 0 : -1;
}

/* One case served to the running evaluator; its result on stdout, under
 * "# CASE" when there are several. 0, or an exit status after a message. */
static int serve_case(const char *path, int several, FILE *to, FILE *from, const char *cmd)
{
	hd_case *c = NULL;
	hd_amdgpu *model = NULL;
	hd_status st;
	hd_buf result;
	int rc;

	if (hd_case_load(path, &c, &st) != 0 || hd_case_model(c, &model, &st) != 0) {
		fprintf(stderr, "hdref target: %s:%llu: %s\n", path, (unsigned long long)st.offset,
		        st.msg);
		hd_case_free(c);
		return EXIT_INPUT;
	}
	hd_buf_init(&result);
	hd_status_clear(&st);
	rc = hd_target_serve(c, path, model != NULL ? hd_amdgpu_target(model) : NULL, to, from,
	                     &result, &st);
	if (rc == 0 && !result.failed) {
		if (several)
			printf("# %s\n", path);
		fwrite(result.data, 1, result.len, stdout);
	} else {
		fprintf(stderr, "hdref target: %s: the evaluator %s: %s\n", path, cmd, st.msg);
	}
	hd_buf_free(&result);
	if (model != NULL)
		hd_amdgpu_free(model);
	hd_case_free(c);
	return rc == 0 ? 0 : EXIT_RULES;
}

/* hdref target CASE... -- COMMAND [ARG...]: one evaluator for all the
 * cases, in order; it ends when its input does. */
int hd_cmd_target(int argc, char **argv, int verbose)
{
	FILE *to = NULL, *from = NULL;
	pid_t pid = 0;
	int ncases = 0, rc = 0, status = 0;

	(void)verbose;
	while (ncases < argc && strcmp(argv[ncases], "--") != 0)
		ncases++;
	if (ncases == 0 || ncases + 1 >= argc) {
		fprintf(stderr, "usage: hdref target CASE... -- COMMAND [ARG...]\n");
		return EXIT_INPUT;
	}
	/* an evaluator that dies makes our writes fail, not kill us */
	signal(SIGPIPE, SIG_IGN);
	if (spawn(argv + ncases + 1, &pid, &to, &from) != 0) {
		fprintf(stderr, "hdref target: cannot run %s: %s\n", argv[ncases + 1], strerror(errno));
		return EXIT_INTERNAL;
	}
	for (int i = 0; i < ncases && rc != EXIT_RULES; i++) {
		int one = serve_case(argv[i], ncases > 1, to, from, argv[ncases + 1]);
		if (one > rc)
			rc = one;
	}
	fclose(to);
	fclose(from);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (fflush(stdout) != 0)
		return EXIT_INTERNAL;
	if (rc == 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		fprintf(stderr, "hdref target: the evaluator %s ended with status %d\n",
		        argv[ncases + 1], status);
		rc = EXIT_RULES;
	}
	return rc;
}

/* hdref remote: the evaluator side, on stdin and stdout, one evaluation
 * per request until the input ends. */
int hd_cmd_remote(int argc, char **argv, int verbose)
{
	hd_status st;

	(void)argv;
	(void)verbose;
	if (argc != 0) {
		fprintf(stderr, "usage: hdref remote\n");
		return EXIT_INPUT;
	}
	for (;;) {
		int c = getc(stdin);
		if (c == EOF)
			return 0;  /* no more requests */
		ungetc(c, stdin);
		hd_status_clear(&st);
		if (hd_remote_eval(stdin, stdout, &st) != 0) {
			fprintf(stderr, "hdref remote: %s\n", st.msg);
			return EXIT_INPUT;
		}
	}
}
