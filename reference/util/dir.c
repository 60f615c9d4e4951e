/* Directories (dir.h). */
#include "dir.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
		qsort(v, *n, sizeof *v, hd_cmp_names);
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
