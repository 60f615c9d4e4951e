/* A run's fingerprint (fingerprint.h). */
#include <stdio.h>
#include <string.h>

#include "fingerprint.h"
#include "provenance.h"
#include "util/file.h"

const char *const hc_fp_names[HC_FP_COUNT] = {
	"candidate", "profile", "adapters", "waivers", "mustpass", "suite", "plan"
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

/* The files a command template names under {harness}/ or {profile_dir}/,
 * each by its path and its bytes. */
static uint64_t fnv_adapters(uint64_t h, const char *tmpl, const char *suite, const char *pdir)
{
	static const char *const roots[] = { "{harness}/", "{profile_dir}/" };

	for (int k = 0; k < 2; k++)
		for (const char *p = strstr(tmpl, roots[k]); p != NULL;
		     p = strstr(p + 1, roots[k])) {
			const char *rel = p + strlen(roots[k]);
			size_t n = strcspn(rel, " \t\"'<>|;&)");
			char path[4200];
			if (k == 0)
				snprintf(path, sizeof path, "%s/harness/%.*s", suite, (int)n, rel);
			else
				snprintf(path, sizeof path, "%s/%.*s", pdir, (int)n, rel);
			h = fnv_file(fnv_str(h, path + (k == 0 ? strlen(suite) : strlen(pdir))), path);
		}
	return h;
}

void hc_fingerprint_make(const hc_profile *p, const char *suite, const char *rev,
                         const hc_plan *plan, size_t total, hc_fingerprint *fp)
{
	char path[4200];
	uint64_t h;

	fp->part[HC_FP_CANDIDATE] = fnv_str(FNV_OFFSET, p->name ? p->name : "");
	if (strcmp(p->path, "(built in)") == 0)
		fp->part[HC_FP_PROFILE] = fnv_str(FNV_OFFSET, hc_reference_ini);
	else
		fp->part[HC_FP_PROFILE] = fnv_file(FNV_OFFSET, p->path);
	h = FNV_OFFSET;
	for (int i = 0; i < HC_ROLE_COUNT; i++)
		if (p->role[i] != NULL)
			h = fnv_adapters(h, p->role[i], suite, p->dir);
	fp->part[HC_FP_ADAPTERS] = h;
	h = FNV_OFFSET;
	if (p->waivers != NULL) {
		if (p->waivers[0] == '/')
			snprintf(path, sizeof path, "%s", p->waivers);
		else
			snprintf(path, sizeof path, "%s/%s", p->dir, p->waivers);
		h = fnv_file(h, path);
	}
	fp->part[HC_FP_WAIVERS] = h;
	snprintf(path, sizeof path, "%s/harness/mustpass/" HC_MUSTPASS_VERSION ".txt", suite);
	fp->part[HC_FP_MUSTPASS] = fnv_file(FNV_OFFSET, path);
	fp->part[HC_FP_SUITE] = fnv_str(FNV_OFFSET, rev != NULL ? rev : "unknown");
	h = fnv(FNV_OFFSET, &total, sizeof total);
	for (size_t i = 0; i < plan->n; i++) {
		h = fnv_str(h, plan->jobs[i].case_id);
		for (unsigned k = 0; k < plan->jobs[i].nchecks; k++)
			h = fnv_str(h, plan->jobs[i].checks[k]);
	}
	fp->part[HC_FP_PLAN] = h;
}

void hc_fingerprint_write(const hc_fingerprint *fp, hd_buf *out)
{
	for (int i = 0; i < HC_FP_COUNT; i++)
		hd_buf_printf(out, "fingerprint.%s = %016llx\n", hc_fp_names[i],
		              (unsigned long long)fp->part[i]);
}
