/* hdref eval's case files one at a time, and many at once with --batch.
 *
 * `hdref eval --batch LIST` answers the evaluate role for many cases in one
 * process, which is what running the reference over the suite costs most
 * (docs/harness.md, "The evaluate batch"): LIST holds one case a line,
 * `IN<TAB>DIR`. For each, DIR/out gets what `hdref eval IN` would print on
 * stdout, DIR/stderr.txt what it would print on stderr, and then DIR/status
 * its exit status: written last, so a status file says the case is
 * complete. The command exits 0 when it went through the whole list (each
 * case's own status is in its file), 2 when LIST cannot be read or a line
 * is malformed, 3 when a DIR cannot be written. */
#include <stdio.h>
#include <string.h>

#include "case/case.h"
#include "commands.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/status.h"

/* Case lists are made by the harness: a line longer than this is an error. */
#define MAX_LINE 8192
#define MAX_LIST (64u << 20)

int hd_eval_error(const char *path, const hd_status *st, hd_buf *err)
{
	if (st->offset != 0)
		hd_buf_printf(err, "%s:%llu: %s\n", path, (unsigned long long)st->offset, st->msg);
	else
		hd_buf_printf(err, "%s: %s\n", path, st->msg);
	return st->kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
}

int hd_eval_case_file(const char *path, int verbose, hd_buf *out, hd_buf *err)
{
	hd_case *c;
	hd_status st;
	int rc;

	hd_status_clear(&st);
	if (hd_case_load(path, &c, &st) != 0)
		return hd_eval_error(path, &st, err);
	rc = hd_case_run(c, verbose, out, &st);
	hd_case_free(c);
	if (rc != 0) {
		out->len = 0;  /* nothing on stdout for a case that failed */
		return hd_eval_error(path, &st, err);
	}
	return 0;
}

/* DIR/name with data; 0 or -1 with st. */
static int put(const char *dir, const char *name, const void *data, size_t n, hd_status *st)
{
	char path[MAX_LINE + 32];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return hd_write_file(path, data, n, st);
}

/* One line of the list: evaluates IN and writes DIR's three files. */
static int batch_case(const char *in, const char *dir, int verbose, hd_buf *out, hd_buf *err,
                      hd_status *st)
{
	char status[16];
	int rc;

	hd_buf_reset(out);
	hd_buf_reset(err);
	rc = hd_eval_case_file(in, verbose, out, err);
	if (out->failed || err->failed)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	snprintf(status, sizeof status, "%d\n", rc);
	if (put(dir, "out", out->data, out->len, st) != 0 ||
	    put(dir, "stderr.txt", err->data, err->len, st) != 0 ||
	    put(dir, "status", status, strlen(status), st) != 0)
		return -1;
	return 0;
}

int hd_cmd_eval_batch(const char *list, int verbose)
{
	hd_buf text, out, err;
	hd_status st;
	size_t at = 0, line = 0;
	int rc = 0;

	hd_buf_init(&text);
	hd_buf_init(&out);
	hd_buf_init(&err);
	if (hd_read_file(list, MAX_LIST, &text, &st) != 0) {
		fprintf(stderr, "hdref eval --batch: %s: %s\n", list, st.msg);
		hd_buf_free(&text);
		return EXIT_INPUT;
	}
	while (rc == 0 && at < text.len) {
		const char *p = (const char *)text.data + at;
		const char *nl = memchr(p, '\n', text.len - at);
		size_t n = nl ? (size_t)(nl - p) : text.len - at;
		const char *tab = memchr(p, '\t', n);
		char in[MAX_LINE], dir[MAX_LINE];

		line++;
		at += n + (nl != NULL);
		if (tab == NULL || n >= MAX_LINE || tab == p || (size_t)(tab - p) + 1 == n) {
			fprintf(stderr, "hdref eval --batch: %s:%zu: not `IN<TAB>DIR`\n", list, line);
			rc = EXIT_INPUT;
			break;
		}
		memcpy(in, p, (size_t)(tab - p));
		in[tab - p] = '\0';
		memcpy(dir, tab + 1, n - (size_t)(tab - p) - 1);
		dir[n - (size_t)(tab - p) - 1] = '\0';
		if (batch_case(in, dir, verbose, &out, &err, &st) != 0) {
			fprintf(stderr, "hdref eval --batch: %s:%zu: %s\n", list, line, st.msg);
			rc = EXIT_INTERNAL;
		}
	}
	hd_buf_free(&text);
	hd_buf_free(&out);
	hd_buf_free(&err);
	return rc;
}
