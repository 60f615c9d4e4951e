/* The optional features (optional.h). */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "optional.h"

static const hc_feature features[] = {
	{ "encoding=amdgpu-v0", "the extension's operations in the amdgpu-v0 encoding", NULL,
	  "encoding=amdgpu-v0" },
	{ "encoding=llvm-user", "the extension's operations in the llvm-user encoding", NULL,
	  "encoding=llvm-user" },
	{ "dwarf64", "the 64-bit DWARF format (DWARF 5 7.4)", "*dwarf64*", NULL },
	{ "wave32", "wavefronts of 32 lanes (AMDGPUUsage, \"Wavefront size\")", "*wave32*", NULL },
	{ "opencl-cxx", "C++ for OpenCL kernels", "opencl/*.clcpp", NULL },
	{ "DebugInfo", "the DebugInfo 1.00 extended instruction set", NULL, "DebugInfo/" },
	{ "OpenCL.DebugInfo.100", "the OpenCL.DebugInfo.100 extended instruction set", NULL,
	  "OpenCL.DebugInfo.100/" },
	{ "NonSemantic.Shader.DebugInfo.100",
	  "the NonSemantic.Shader.DebugInfo.100 extended instruction set", NULL,
	  "NonSemantic.Shader.DebugInfo.100/" },
};

#define NFEATURES (sizeof features / sizeof features[0])

const hc_feature *hc_feature_find(const char *name)
{
	for (size_t i = 0; i < NFEATURES; i++)
		if (strcmp(features[i].name, name) == 0)
			return &features[i];
	return NULL;
}

/* Whether one of a fact's blank-separated words is w, or starts with w
 * when w ends in '/'. */
static int fact_has(const char *fact, const char *w)
{
	size_t n = strlen(w);
	int prefix = n > 0 && w[n - 1] == '/';

	for (const char *p = fact; *p; p += strcspn(p, " "), p += *p == ' ') {
		size_t len = strcspn(p, " ");
		if (prefix ? len >= n && strncmp(p, w, n) == 0 : len == n && strncmp(p, w, n) == 0)
			return 1;
	}
	return 0;
}

int hc_feature_needed(const hc_feature *f, const char *case_id, const hc_line *facts, size_t n)
{
	if (f->case_glob != NULL)
		return fnmatch(f->case_glob, case_id, 0) == 0;
	for (size_t i = 0; i < n; i++)
		if (fact_has(facts[i].c, f->fact))
			return 1;
	return 0;
}

const char *hc_feature_names(void)
{
	static char names[512];

	if (names[0] == '\0')
		for (size_t i = 0; i < NFEATURES; i++) {
			size_t len = strlen(names);
			snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", features[i].name);
		}
	return names;
}
