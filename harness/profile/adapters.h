/* The adapter files a profile uses (docs/candidates.md, "Adapters"): every
 * file its command templates name under {harness}/ or {profile_dir}/, and
 * every file beside one of those that one of them names (an adapter that
 * runs `$here/canon.awk`). The fingerprint digests them (--resume refuses a
 * run whose adapters changed) and the run copies them into its report
 * directory, so a submission holds the scripts that made its results. */
#ifndef HC_ADAPTERS_H
#define HC_ADAPTERS_H

#include <stddef.h>

#include "profile.h"
#include "util/status.h"

typedef struct hc_adapter_file {
	char *name;   /* "harness/adapters/canon.awk", or "profile_dir/NAME" */
	char *path;   /* where it is */
} hc_adapter_file;

typedef struct hc_adapter_files {
	hc_adapter_file *v;   /* sorted by name */
	size_t n;
} hc_adapter_files;

/* A file named by a template that does not exist is left out (the command
 * will fail and say so); more than HC_MAX_ADAPTERS files is HD_BAD_INPUT. */
#define HC_MAX_ADAPTERS 64
int hc_adapter_files_find(const hc_profile *p, const char *suite, hc_adapter_files *out,
                          hd_status *st);
void hc_adapter_files_free(hc_adapter_files *f);

#endif
