/* A run's record of itself (provenance.h): run.txt and copies of the
 * profile, waiver file and must-pass list it used. Copies, not paths: a
 * submission must show what the run applied, and the files in the suite or
 * the vendor's tree may change after the run. */
#include "provenance.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "environment.h"
#include "util/dir.h"
#include "util/file.h"

/* Profiles, waiver files and must-pass lists are small text files; a
 * bigger one is a mistake, not something to copy. */
#define MAX_COPY ((size_t)16 << 20)

/* dir/name into out (size bytes); -1 with st when it does not fit. */
static int join(char *out, size_t size, const char *dir, const char *name, hd_status *st)
{
	int n = snprintf(out, size, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= size)
		return hd_fail(st, HD_BAD_INPUT, "path-too-long", 0, "path too long: %s/%s", dir,
		               name);
	return 0;
}

int hc_copy_file(const char *from, const char *to, size_t max, hd_status *st)
{
	hd_buf b;
	int rc;

	hd_buf_init(&b);
	rc = hd_read_file(from, max, &b, st);
	if (rc == 0)
		rc = hd_write_file_atomic(to, b.data, b.len, st);
	hd_buf_free(&b);
	return rc;
}

int hc_copy_tree(const char *from, const char *to, size_t max_files, hd_status *st)
{
	char **names = NULL;
	size_t n = 0;
	hd_buf src, dst;
	int rc = 0;

	if (access(from, F_OK) != 0)
		return 0;
	if (hd_list_files(from, max_files, &names, &n, st) != 0)
		return -1;
	hd_buf_init(&src);
	hd_buf_init(&dst);
	for (size_t i = 0; rc == 0 && i < n; i++) {
		hd_buf_reset(&src);
		hd_buf_reset(&dst);
		hd_buf_printf(&src, "%s/%s", from, names[i]);
		hd_buf_printf(&dst, "%s/%s", to, names[i]);
		if (src.failed || dst.failed) {
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
			break;
		}
		/* the file's directory first: dst up to its last '/' */
		*strrchr((char *)dst.data, '/') = '\0';
		if (hd_make_dirs(hd_buf_str(&dst)) != 0)
			rc = hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot make %s: %s",
			             hd_buf_str(&dst), strerror(errno));
		dst.data[strlen((char *)dst.data)] = '/';
		if (rc == 0)
			rc = hc_copy_file(hd_buf_str(&src), hd_buf_str(&dst), (size_t)1 << 30, st);
	}
	hd_buf_free(&src);
	hd_buf_free(&dst);
	hd_free_names(names, n);
	return rc;
}

/* outdir/name as a copy of from, or removed when from is NULL (this run
 * has no such file, and an earlier run's copy must not pass for one). */
static int copy_or_remove(const char *from, const char *outdir, const char *name,
                          hd_status *st)
{
	char to[4096];

	if (join(to, sizeof to, outdir, name, st) != 0)
		return -1;
	if (from != NULL)
		return hc_copy_file(from, to, MAX_COPY, st);
	if (unlink(to) != 0 && errno != ENOENT)
		return hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot remove %s: %s", to,
		               strerror(errno));
	return 0;
}

/* profile.ini: the file the profile came from, or the built-in text. */
static int write_profile(const char *outdir, const hc_profile *p, hd_status *st)
{
	char to[4096];

	if (strcmp(p->path, "(built in)") != 0)
		return copy_or_remove(p->path, outdir, "profile.ini", st);
	if (join(to, sizeof to, outdir, "profile.ini", st) != 0)
		return -1;
	return hd_write_file_atomic(to, hc_reference_ini, strlen(hc_reference_ini), st);
}

/* waivers.txt: the profile's waiver file, resolved as the run resolves it
 * (relative to the profile's directory). */
static int write_waivers(const char *outdir, const hc_profile *p, hd_status *st)
{
	char from[4096];

	if (p->waivers == NULL)
		return copy_or_remove(NULL, outdir, "waivers.txt", st);
	if (p->waivers[0] == '/')
		snprintf(from, sizeof from, "%s", p->waivers);
	else if (join(from, sizeof from, p->dir, p->waivers, st) != 0)
		return -1;
	return copy_or_remove(from, outdir, "waivers.txt", st);
}

/* mustpass.txt: the suite's list, when it has one (the run treats a
 * missing list as empty). */
static int write_mustpass(const char *outdir, const char *suite, hd_status *st)
{
	char from[4096];

	if (join(from, sizeof from, suite, "harness/mustpass/" HC_MUSTPASS_VERSION ".txt", st) !=
	    0)
		return -1;
	return copy_or_remove(access(from, R_OK) == 0 ? from : NULL, outdir, "mustpass.txt", st);
}

void hc_run_txt_format(const hc_provenance *pv, hd_buf *b)
{
	hd_buf_printf(b, "# what this run was asked to do; hdcts package reads it\n"
	                 "planned = %zu\nmustpass = %s\nshard = %u/%u\n",
	              pv->planned, pv->mustpass ? pv->mustpass : "", pv->shard, pv->shards);
	if (pv->profile != NULL)
		hd_buf_printf(b, "profile = %s\n", pv->profile);
	if (pv->merged > 1)
		hd_buf_printf(b, "merged = %u\n", pv->merged);
	if (pv->cases != NULL)
		hd_buf_printf(b, "cases = %s\n", pv->cases);
	if (pv->waivers)
		hd_buf_printf(b, "waivers = waivers.txt\n");
	for (int i = 0; i < HC_FP_COUNT; i++)
		if (pv->fp_seen >> i & 1)
			hd_buf_printf(b, "fingerprint.%s = %016llx\n", hc_fp_names[i],
			              (unsigned long long)pv->fp.part[i]);
}

int hc_run_txt_write(const char *outdir, const hc_provenance *pv, hd_status *st)
{
	char to[4096];
	hd_buf b;
	int rc;

	if (join(to, sizeof to, outdir, "run.txt", st) != 0)
		return -1;
	hd_buf_init(&b);
	hc_run_txt_format(pv, &b);
	rc = b.failed ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory")
	              : hd_write_file_atomic(to, b.data, b.len, st);
	hd_buf_free(&b);
	return rc;
}

/* run.txt of a run of p with options o. */
static int write_run_txt(const char *outdir, const hc_profile *p, const hc_options *o,
                         size_t planned, const hc_fingerprint *fp, hd_status *st)
{
	hc_provenance pv;

	memset(&pv, 0, sizeof pv);
	pv.planned = planned;
	pv.mustpass = (char *)HC_MUSTPASS_VERSION;
	pv.shard = o->shards > 1 ? o->shard + 1 : 1;
	pv.shards = o->shards > 1 ? o->shards : 1;
	pv.profile = p->path;
	pv.cases = (char *)o->glob;
	pv.waivers = p->waivers != NULL;
	pv.fp = *fp;
	pv.fp_seen = (1u << HC_FP_COUNT) - 1;
	return hc_run_txt_write(outdir, &pv, st);
}

/* adapters/NAME: a copy of each adapter file, and none of an earlier run's. */
static int write_adapters(const char *outdir, const hc_adapter_files *a, hd_status *st)
{
	char root[4096], to[4300];

	if (join(root, sizeof root, outdir, "adapters", st) != 0)
		return -1;
	if (hd_remove_tree(root) != 0)
		return hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot remove %s: %s", root,
		               strerror(errno));
	for (size_t i = 0; i < a->n; i++) {
		if (join(to, sizeof to, root, a->v[i].name, st) != 0)
			return -1;
		*strrchr(to, '/') = '\0';
		if (hd_make_dirs(to) != 0)
			return hd_fail(st, HD_INTERNAL, "write-failed", 0, "cannot make %s: %s", to,
			               strerror(errno));
		to[strlen(to)] = '/';
		if (hc_copy_file(a->v[i].path, to, MAX_COPY, st) != 0)
			return -1;
	}
	return 0;
}

/* outdir/name holding text. */
static int write_text(const char *outdir, const char *name, const hd_buf *text, hd_status *st)
{
	char to[4096];

	if (join(to, sizeof to, outdir, name, st) != 0)
		return -1;
	if (text->failed)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	return hd_write_file_atomic(to, text->data, text->len, st);
}

/* machine.txt: the system the run ran on (environment.h). */
static int write_machine(const char *outdir, hd_status *st)
{
	hd_buf b;
	int rc;

	hd_buf_init(&b);
	hc_machine_text(&b);
	rc = write_text(outdir, "machine.txt", &b, st);
	hd_buf_free(&b);
	return rc;
}

int hc_provenance_write(const char *outdir, const hc_profile *p, const hc_options *o,
                        const hc_run_inputs *in, size_t planned, const hc_fingerprint *fp,
                        hd_status *st)
{
	if (write_profile(outdir, p, st) != 0 || write_waivers(outdir, p, st) != 0 ||
	    write_mustpass(outdir, o->suite, st) != 0 ||
	    write_adapters(outdir, in->adapters, st) != 0 ||
	    write_text(outdir, "tools.txt", in->tools, st) != 0 || write_machine(outdir, st) != 0)
		return -1;
	/* last: run.txt says the copies beside it are this run's */
	return write_run_txt(outdir, p, o, planned, fp, st);
}

/* ---- reading run.txt ---- */

/* s without the blanks at either end (in place). */
static char *trim(char *s)
{
	char *e = s + strlen(s);

	while (*s == ' ' || *s == '\t')
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static int set_string(char **field, const char *value)
{
	free(*field);
	return (*field = strdup(value)) != NULL ? 0 : -1;
}

enum { SEEN_PLANNED = 1, SEEN_MUSTPASS = 2 };

/* One `key = value` line; -1 for an unknown key or a bad value. */
static int apply(hc_provenance *pv, const char *key, const char *value, unsigned *seen)
{
	char end;

	if (strcmp(key, "planned") == 0) {
		*seen |= SEEN_PLANNED;
		return sscanf(value, "%zu%c", &pv->planned, &end) == 1 ? 0 : -1;
	}
	if (strcmp(key, "shard") == 0)
		return sscanf(value, "%u/%u%c", &pv->shard, &pv->shards, &end) == 2 &&
		               pv->shard >= 1 && pv->shard <= pv->shards ? 0 : -1;
	if (strcmp(key, "mustpass") == 0) {
		*seen |= SEEN_MUSTPASS;
		return set_string(&pv->mustpass, value);
	}
	if (strcmp(key, "cases") == 0)
		return set_string(&pv->cases, value);
	if (strcmp(key, "merged") == 0)
		return sscanf(value, "%u%c", &pv->merged, &end) == 1 && pv->merged > 1 ? 0 : -1;
	if (strcmp(key, "profile") == 0)
		return set_string(&pv->profile, value);
	if (strcmp(key, "waivers") == 0) {
		pv->waivers = 1;
		return 0;
	}
	for (int i = 0; i < HC_FP_COUNT; i++)
		if (strncmp(key, "fingerprint.", 12) == 0 && strcmp(key + 12, hc_fp_names[i]) == 0) {
			unsigned long long v;
			if (sscanf(value, "%16llx%c", &v, &end) != 1)
				return -1;
			pv->fp.part[i] = v;
			pv->fp_seen |= 1u << i;
			return 0;
		}
	return -1;
}

static int parse_run_txt(char *text, const char *path, hc_provenance *pv, hd_status *st)
{
	unsigned line = 0, seen = 0;

	for (char *s = text, *next; s != NULL && *s != '\0'; s = next) {
		char *eq;
		next = strchr(s, '\n');
		if (next != NULL)
			*next++ = '\0';
		line++;
		s = trim(s);
		if (*s == '\0' || *s == '#')
			continue;
		if ((eq = strchr(s, '=')) == NULL)
			return hd_fail(st, HD_BAD_INPUT, "run-txt", line, "%s:%u: not `key = value`",
			               path, line);
		*eq = '\0';
		if (apply(pv, trim(s), trim(eq + 1), &seen) != 0)
			return hd_fail(st, HD_BAD_INPUT, "run-txt", line, "%s:%u: bad `%s`", path, line,
			               trim(s));
	}
	if (seen != (SEEN_PLANNED | SEEN_MUSTPASS))
		return hd_fail(st, HD_BAD_INPUT, "run-txt", 0, "%s: no `planned` or no `mustpass`",
		               path);
	return 0;
}

int hc_run_txt_parse(const char *text, size_t len, const char *path, hc_provenance *pv,
                     hd_status *st)
{
	char *copy;
	int rc;

	memset(pv, 0, sizeof *pv);
	pv->shard = pv->shards = 1;
	if (len > 0 && memchr(text, '\0', len) != NULL)  /* text may be NULL when empty */
		return hd_fail(st, HD_BAD_INPUT, "run-txt", 0, "%s: a NUL byte: not a text file",
		               path);
	if ((copy = malloc(len + 1)) == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (len > 0)  /* an empty file's text may be NULL */
		memcpy(copy, text, len);
	copy[len] = '\0';
	rc = parse_run_txt(copy, path, pv, st);
	free(copy);
	if (rc != 0)
		hc_provenance_free(pv);
	return rc;
}

int hc_provenance_read(const char *outdir, hc_provenance *pv, hd_status *st)
{
	char path[4096];
	hd_buf b;
	int rc;

	memset(pv, 0, sizeof *pv);
	if (join(path, sizeof path, outdir, "run.txt", st) != 0)
		return -1;
	hd_buf_init(&b);
	rc = hd_read_file(path, MAX_COPY, &b, st);
	if (rc != 0)
		hd_fail_prefix(st, "%s: ", path);
	if (rc == 0)
		rc = b.failed ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory")
		              : hc_run_txt_parse((const char *)b.data, b.len, path, pv, st);
	hd_buf_free(&b);
	return rc;
}

void hc_provenance_free(hc_provenance *pv)
{
	free(pv->mustpass);
	free(pv->cases);
	free(pv->profile);
	memset(pv, 0, sizeof *pv);
}
