/* A run's fingerprint (fingerprint.h). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fingerprint.h"
#include "provenance.h"
#include "util/dir.h"
#include "util/file.h"

const char *const hc_fp_names[HC_FP_COUNT] = {
	"candidate", "profile", "adapters", "tools", "waivers", "mustpass", "suite", "plan"
};

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * FNV_PRIME;
	return h;
}

/* The string and a NUL, so "ab" "c" and "a" "bc" differ. */
static uint64_t fnv_str(uint64_t h, const char *s)
{
	return fnv(h, s, strlen(s) + 1);
}

/* The file's bytes, or a mark of its absence. */
static uint64_t fnv_file(uint64_t h, const char *path)
{
	hd_buf b;
	hd_status st;

	hd_buf_init(&b);
	if (hd_read_file(path, (size_t)64 << 20, &b, &st) == 0)
		h = fnv(h, b.data, b.len);
	else
		h = fnv_str(h, "(absent)");
	hd_buf_free(&b);
	return h;
}

/* Each adapter file by its name and its bytes. */
static uint64_t fnv_adapters(const hc_adapter_files *a)
{
	uint64_t h = FNV_OFFSET;

	for (size_t i = 0; i < a->n; i++)
		h = fnv_file(fnv_str(h, a->v[i].name), a->v[i].path);
	return h;
}

void hc_fingerprint_make(const hc_profile *p, const hc_run_inputs *in, const hc_plan *plan,
                         size_t total, hc_fingerprint *fp)
{
	char path[4200];
	uint64_t h;

	fp->part[HC_FP_CANDIDATE] = fnv_str(FNV_OFFSET, p->name ? p->name : "");
	if (strcmp(p->path, "(built in)") == 0)
		fp->part[HC_FP_PROFILE] = fnv(FNV_OFFSET, hc_reference_ini, strlen(hc_reference_ini));
	else
		fp->part[HC_FP_PROFILE] = fnv_file(FNV_OFFSET, p->path);
	fp->part[HC_FP_ADAPTERS] = fnv_adapters(in->adapters);
	fp->part[HC_FP_TOOLS] = fnv(FNV_OFFSET, in->tools->data, in->tools->len);
	h = FNV_OFFSET;
	if (p->waivers != NULL) {
		if (p->waivers[0] == '/')
			snprintf(path, sizeof path, "%s", p->waivers);
		else
			snprintf(path, sizeof path, "%s/%s", p->dir, p->waivers);
		h = fnv_file(h, path);
	}
	fp->part[HC_FP_WAIVERS] = h;
	snprintf(path, sizeof path, "%s/harness/mustpass/" HC_MUSTPASS_VERSION ".txt",
	         in->suite);
	fp->part[HC_FP_MUSTPASS] = fnv_file(FNV_OFFSET, path);
	fp->part[HC_FP_SUITE] = fnv_str(FNV_OFFSET, in->revision != NULL ? in->revision : "unknown");
	h = fnv(FNV_OFFSET, &total, sizeof total);
	for (size_t i = 0; i < plan->n; i++) {
		h = fnv_str(h, plan->jobs[i].case_id);
		for (unsigned k = 0; k < plan->jobs[i].nchecks; k++)
			h = fnv_str(h, plan->jobs[i].checks[k]);
	}
	fp->part[HC_FP_PLAN] = h;
}

/* dir/name's bytes from h, as fnv_file. */
static uint64_t fnv_in(uint64_t h, const char *dir, const char *name)
{
	hd_buf path;

	hd_buf_init(&path);
	hd_buf_printf(&path, "%s/%s", dir, name);
	h = path.failed ? fnv_str(h, "(absent)") : fnv_file(h, hd_buf_str(&path));
	hd_buf_free(&path);
	return h;
}

int hc_fingerprint_copies(const char *dir, hc_fingerprint *fp, hd_status *st)
{
	char path[4200];
	char **names = NULL;
	size_t n = 0;
	hd_buf tools;
	uint64_t h = FNV_OFFSET;

	snprintf(path, sizeof path, "%s/adapters", dir);
	if (access(path, F_OK) == 0 && hd_list_files(path, HC_MAX_ADAPTERS, &names, &n, st) != 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		h = fnv_in(fnv_str(h, names[i]), path, names[i]);
	hd_free_names(names, n);
	fp->part[HC_FP_ADAPTERS] = h;
	fp->part[HC_FP_PROFILE] = fnv_in(FNV_OFFSET, dir, "profile.ini");
	snprintf(path, sizeof path, "%s/tools.txt", dir);
	hd_buf_init(&tools);
	if (hd_read_file(path, (size_t)1 << 20, &tools, st) != 0) {
		hd_buf_free(&tools);
		return -1;
	}
	fp->part[HC_FP_TOOLS] = fnv(FNV_OFFSET, tools.data, tools.len);
	hd_buf_free(&tools);
	snprintf(path, sizeof path, "%s/waivers.txt", dir);
	fp->part[HC_FP_WAIVERS] = access(path, F_OK) == 0 ? fnv_file(FNV_OFFSET, path) : FNV_OFFSET;
	fp->part[HC_FP_MUSTPASS] = fnv_in(FNV_OFFSET, dir, "mustpass.txt");
	return 0;
}
