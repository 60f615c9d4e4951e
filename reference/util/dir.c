/* Directories (dir.h). */
/* nftw(3) is XSI */
#define _XOPEN_SOURCE 700
#include "dir.h"
#include "util/sort.h"

#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int hd_cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int wanted(const char *name, const char *ext)
{
	size_t n = strlen(name), e = strlen(ext);

	return name[0] != '.' && n > e && strcmp(name + n - e, ext) == 0;
}

int hd_list_dir(const char *dir, const char *ext, char ***names, size_t *n, hd_status *st)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t cap = 0;

	*names = NULL;
	*n = 0;
	if (d == NULL)
		return hd_fail(st, HD_BAD_INPUT, "open", 0, "cannot read the directory %s: %s", dir,
		               strerror(errno));
	while ((e = readdir(d)) != NULL) {
		if (!wanted(e->d_name, ext))
			continue;
		if (*n == cap) {
			char **g = realloc(v, (cap ? cap * 2 : 256) * sizeof *v);
			if (g == NULL)
				break;
			v = g;
			cap = cap ? cap * 2 : 256;
		}
		if ((v[*n] = strdup(e->d_name)) == NULL)
			break;
		(*n)++;
	}
	closedir(d);
	if (e != NULL) {  /* the loop stopped for want of memory */
		hd_free_names(v, *n);
		*n = 0;
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	if (*n > 1)
		hd_sort(v, *n, sizeof *v, hd_cmp_names);
	*names = v;
	return 0;
}

void hd_free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int hd_make_dirs(const char *path)
{
	size_t n = strlen(path);
	char *p = malloc(n + 1);
	int rc = 0;

	if (p == NULL)
		return -1;
	memcpy(p, path, n + 1);
	/* each prefix in turn, so a root like /tmp/x/cases works */
	for (char *s = p + 1; *s && rc == 0; s++)
		if (*s == '/') {
			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST)
				rc = -1;
			*s = '/';
		}
	if (rc == 0 && mkdir(p, 0777) != 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

static int remove_one(const char *path, const struct stat *s, int type, struct FTW *f)
{
	(void)s;
	(void)f;
	return (type == FTW_DP ? rmdir(path) : unlink(path)) != 0 ? -1 : 0;
}

int hd_remove_tree(const char *path)
{
	struct stat s;

	if (lstat(path, &s) != 0)
		return errno == ENOENT ? 0 : -1;
	/* depth first, so a directory is empty when its turn comes; links are
	 * removed, never followed */
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

typedef struct walk {
	char **v;
	size_t n, max;
	hd_status *st;
} walk;

/* Adds the regular files under root/rel (rel "" for root itself) to w,
 * as paths relative to root; depth levels more at most. */
static int walk_dir(walk *w, const char *root, const char *rel, int depth)
{
	char **names = NULL, path[4096], sub[4096];
	size_t n = 0;
	int rc;

	snprintf(path, sizeof path, "%s%s%s", root, rel[0] ? "/" : "", rel);
	rc = hd_list_dir(path, "", &names, &n, w->st);
	for (size_t i = 0; rc == 0 && i < n; i++) {
		struct stat s;
		int a = snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", names[i]);
		int b = snprintf(path, sizeof path, "%s/%s", root, sub);
		if (a < 0 || b < 0 || (size_t)a >= sizeof sub || (size_t)b >= sizeof path)
			rc = hd_fail(w->st, HD_BAD_INPUT, "path-too-long", 0, "path too long under %s",
			             root);
		else if (lstat(path, &s) != 0)
			rc = hd_fail(w->st, HD_BAD_INPUT, "open", 0, "cannot read %s: %s", path,
			             strerror(errno));
		else if (S_ISDIR(s.st_mode) && depth > 0)
			rc = walk_dir(w, root, sub, depth - 1);
		else if (!S_ISREG(s.st_mode))
			rc = hd_fail(w->st, HD_BAD_INPUT, "not-a-file", 0,
			             "%s is neither a regular file nor a directory within %d levels",
			             path, 8);
		else if (w->n >= w->max)
			rc = hd_fail(w->st, HD_BAD_INPUT, "too-many-files", 0,
			             "%s holds more than %zu files", root, w->max);
		else if ((w->v[w->n] = strdup(sub)) == NULL)
			rc = hd_fail(w->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		else
			w->n++;
	}
	hd_free_names(names, n);
	return rc;
}

int hd_list_files(const char *dir, size_t max, char ***names, size_t *n, hd_status *st)
{
	walk w = { NULL, 0, max, st };

	*names = NULL;
	*n = 0;
	if (max > 0 && (w.v = malloc(max * sizeof *w.v)) == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (walk_dir(&w, dir, "", 8) != 0) {
		hd_free_names(w.v, w.n);
		return -1;
	}
	if (w.n > 1)
		hd_sort(w.v, w.n, sizeof *w.v, hd_cmp_names);
	*names = w.v;
	*n = w.n;
	return 0;
}
