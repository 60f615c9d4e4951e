/* The adapter files of a profile (adapters.h). */
#include "adapters.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/buf.h"
#include "util/dir.h"
#include "util/file.h"
#include "util/sort.h"

/* Adapters are scripts; one past this is a mistake, not a file to copy
 * into every report directory. */
#define MAX_ADAPTER ((size_t)16 << 20)

typedef struct finder {
	hc_adapter_files *out;
	const char *suite, *pdir;
	hd_status *st;
} finder;

static int is_file(const char *path)
{
	struct stat s;

	return stat(path, &s) == 0 && S_ISREG(s.st_mode);
}

static int known(const hc_adapter_files *f, const char *name)
{
	for (size_t i = 0; i < f->n; i++)
		if (strcmp(f->v[i].name, name) == 0)
			return 1;
	return 0;
}

/* Adds the file root/rel as "label/rel" unless it is there already or is
 * no regular file. */
static int add(finder *fd, const char *label, const char *root, const char *rel, size_t n)
{
	hc_adapter_files *f = fd->out;
	hc_adapter_file *grown;
	hd_buf name, path;
	int rc = 0;

	hd_buf_init(&name);
	hd_buf_init(&path);
	hd_buf_printf(&name, "%s/%.*s", label, (int)n, rel);
	hd_buf_printf(&path, "%s/%.*s", root, (int)n, rel);
	if (name.failed || path.failed)
		rc = hd_fail(fd->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	else if (strstr(hd_buf_str(&name), "..") != NULL || known(f, hd_buf_str(&name)) ||
	         !is_file(hd_buf_str(&path)))
		rc = 0;
	else if (f->n >= HC_MAX_ADAPTERS)
		rc = hd_fail(fd->st, HD_BAD_INPUT, "too-many-adapters", 0,
		             "the profile's commands use more than %d adapter files",
		             HC_MAX_ADAPTERS);
	else if ((grown = realloc(f->v, (f->n + 1) * sizeof *f->v)) == NULL)
		rc = hd_fail(fd->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	else {
		f->v = grown;
		f->v[f->n].name = strdup(hd_buf_str(&name));
		f->v[f->n].path = strdup(hd_buf_str(&path));
		if (f->v[f->n].name == NULL || f->v[f->n].path == NULL) {
			free(f->v[f->n].name);
			free(f->v[f->n].path);
			rc = hd_fail(fd->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		} else {
			f->n++;
		}
	}
	hd_buf_free(&name);
	hd_buf_free(&path);
	return rc;
}

/* The files a template names under {harness}/ or {profile_dir}/. */
static int scan_template(finder *fd, const char *tmpl)
{
	static const char *const roots[] = { "{harness}/", "{profile_dir}/" };

	for (int k = 0; k < 2; k++)
		for (const char *p = strstr(tmpl, roots[k]); p != NULL;
		     p = strstr(p + 1, roots[k])) {
			const char *rel = p + strlen(roots[k]);
			size_t n = strcspn(rel, " \t\"'<>|;&)");
			int rc = k == 0 ? add(fd, "harness", fd->suite, rel, n)
			                : add(fd, "profile_dir", fd->pdir, rel, n);
			if (rc != 0)
				return -1;
		}
	return 0;
}

static int name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-' || c == '.';
}

/* Whether text names word as a whole file name (not inside a longer one). */
static int names(const char *text, size_t len, const char *word)
{
	size_t w = strlen(word);

	for (size_t i = 0; w > 0 && i + w <= len; i++)
		if (text[i] == word[0] && memcmp(text + i, word, w) == 0 &&
		    (i == 0 || !name_char(text[i - 1])) && (i + w == len || !name_char(text[i + w])))
			return 1;
	return 0;
}

/* The files beside f->v[i] that its text names. */
static int scan_siblings(finder *fd, size_t i)
{
	const hc_adapter_file *a = &fd->out->v[i];
	const char *slash = strrchr(a->path, '/'), *nslash = strrchr(a->name, '/');
	char dir[4200], label[4200];
	char **list = NULL;
	size_t n = 0;
	hd_buf text;
	int rc;

	snprintf(dir, sizeof dir, "%.*s", (int)(slash - a->path), a->path);
	snprintf(label, sizeof label, "%.*s", (int)(nslash - a->name), a->name);
	hd_buf_init(&text);
	rc = hd_read_file(a->path, MAX_ADAPTER, &text, fd->st);
	if (rc != 0)
		hd_fail_prefix(fd->st, "adapter %s: ", a->name);
	if (rc == 0)
		rc = hd_list_dir(dir, "", &list, &n, fd->st);
	for (size_t k = 0; rc == 0 && k < n; k++)
		if (names((const char *)text.data, text.len, list[k]))
			rc = add(fd, label, dir, list[k], strlen(list[k]));
	hd_free_names(list, n);
	hd_buf_free(&text);
	return rc;
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const hc_adapter_file *)a)->name, ((const hc_adapter_file *)b)->name);
}

int hc_adapter_files_find(const hc_profile *p, const char *suite, hc_adapter_files *out,
                          hd_status *st)
{
	char harness[4200];
	finder fd = { out, harness, p->dir, st };
	int rc = 0;

	out->v = NULL;
	out->n = 0;
	snprintf(harness, sizeof harness, "%s/harness", suite);
	for (int i = 0; rc == 0 && i < HC_ROLE_COUNT; i++)
		if (p->role[i] != NULL)
			rc = scan_template(&fd, p->role[i]);
	for (size_t i = 0; rc == 0 && i < p->nversions; i++)
		rc = scan_template(&fd, p->versions[i]);
	/* the list grows as it is scanned, so files named by named files count */
	for (size_t i = 0; rc == 0 && i < out->n; i++)
		rc = scan_siblings(&fd, i);
	if (rc != 0) {
		hc_adapter_files_free(out);
		return -1;
	}
	if (out->n > 1)  /* qsort may not be given a null array, even of none */
		hd_sort(out->v, out->n, sizeof *out->v, cmp_file);
	return 0;
}

void hc_adapter_files_free(hc_adapter_files *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].name);
		free(f->v[i].path);
	}
	free(f->v);
	f->v = NULL;
	f->n = 0;
}
