/* The Khronos route of an OpenCL kernel (opencl_spirv.h), as
 * tests/opencl_gen.sh also runs it. A kernel's expected DWARF is what the
 * reference makes of the Khronos front end's debug info
 * (docs/conformance-rules.md, "Where a kernel's facts come from"). */
/* realpath(3) is XSI */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl_spirv.h"
#include "util/buf.h"
#include "util/file.h"

int hd_frontend_tools(void)
{
	return system("command -v clang-15 >/dev/null 2>&1 && "
	              "command -v llvm-spirv-15 >/dev/null 2>&1") == 0;
}

/* Whether the kernel defines a macro: clang then needs -fdebug-macro to
 * keep it, as tests/opencl_gen.sh does. */
static int has_define(const char *text)
{
	for (const char *p = text; p != NULL; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '#')
			continue;
		for (p++; *p == ' ' || *p == '\t'; p++)
			;
		if (strncmp(p, "define", 6) == 0 && (p[6] == ' ' || p[6] == '\t'))
			return 1;
	}
	return 0;
}

/* The line of the compilers' stderr (the file err) that says why they
 * failed: the first that says "error" (clang's "error:", the translator's
 * "LLVM ERROR", its "InvalidBitWidth" and kin say "Invalid"), else the
 * first; its path prefix "DIR/" removed, so the message fits. A caller that
 * removes the file (hdgen expected) still has the reason. */
static void first_error(const char *err, char *out, size_t size)
{
	char line[512], first[512] = "";
	FILE *f = fopen(err, "r");
	int found = 0;

	snprintf(out, size, "no message");
	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if (first[0] == '\0')
			snprintf(first, sizeof first, "%s", line);
		if (strstr(line, "error") != NULL || strstr(line, "ERROR") != NULL ||
		    strncmp(line, "Invalid", 7) == 0) {
			found = 1;
			break;
		}
	}
	fclose(f);
	if (!found)
		snprintf(line, sizeof line, "%s", first);
	if (line[0] == '\0')
		return;
	/* "/long/dir/k.cl:3:5: error: ..." -> "k.cl:3:5: error: ..." */
	char *colon = strchr(line, ':'), *slash = NULL;
	for (char *p = line; colon != NULL && p < colon; p++)
		if (*p == '/')
			slash = p;
	const char *from = slash != NULL && line[0] == '/' ? slash + 1 : line;
	size_t n = strlen(from) < size ? strlen(from) : size - 1;
	memcpy(out, from, n);
	out[n] = '\0';
}

/* The Khronos route into work: clang-15's module as bitcode (k.bc) and
 * then llvm-spirv-15's SPIR-V at spv, or, with spv NULL, clang-15's module
 * as textual IR at ll. */
static int route(const char *kernel, const char *work, const char *spv, const char *ll,
                 hd_status *st)
{
	char dir[PATH_MAX], bc[4200], err[4200];
	const char *slash = strrchr(kernel, '/'), *file = slash ? slash + 1 : kernel;
	size_t dlen = slash ? (size_t)(slash - kernel) : 1;
	int cxx = strlen(file) > 6 && strcmp(file + strlen(file) - 6, ".clcpp") == 0;
	hd_buf cmd, text;
	int rc;

	snprintf(bc, sizeof bc, "%.*s", (int)dlen, slash ? kernel : ".");
	if (realpath(bc, dir) == NULL)
		return hd_fail(st, HD_BAD_INPUT, "no-dir", 0, "%s: cannot resolve its directory",
		               kernel);
	hd_buf_init(&text);
	if (hd_read_file(kernel, 1u << 24, &text, st) != 0) {
		hd_buf_free(&text);
		return -1;
	}
	if (spv != NULL)
		snprintf(bc, sizeof bc, "%s/k.bc", work);
	else
		snprintf(bc, sizeof bc, "%s", ll);
	snprintf(err, sizeof err, "%s/err", work);
	hd_buf_init(&cmd);
	hd_buf_printf(&cmd, "cd ");
	hd_buf_sh_quote(&cmd, dir);
	/* typed pointers: llvm-spirv-15 reads the pointee type of an image or of a
	 * built-in's pointer parameter and asserts on an opaque pointer
	 * (docs/amdgpu-facts.md, "OpenCL C to SPIR-V"); Debian's driver passes
	 * -no-opaque-pointers for spir64 by itself, which the suite does not count on */
	hd_buf_printf(&cmd, " && clang-15 -target spir64 %s -Xclang -no-opaque-pointers "
	                    "-g -gdwarf-5 -O0%s -fdebug-prefix-map=",
	              cxx ? "-x clcpp -cl-std=clc++2021" : "-x cl -cl-std=CL2.0",
	              has_define(hd_buf_str(&text)) ? " -fdebug-macro" : "");
	hd_buf_sh_quote(&cmd, dir);
	hd_buf_printf(&cmd, "=" HD_FRONTEND_KERNEL_DIR " -emit-llvm %s ", spv ? "-c" : "-S");
	hd_buf_sh_quote(&cmd, file);
	hd_buf_printf(&cmd, " -o ");
	hd_buf_sh_quote(&cmd, bc);
	hd_buf_printf(&cmd, " 2>");
	hd_buf_sh_quote(&cmd, err);
	if (spv != NULL) {
		hd_buf_printf(&cmd, " && llvm-spirv-15 --spirv-debug-info-version=ocl-100 ");
		hd_buf_sh_quote(&cmd, bc);
		hd_buf_printf(&cmd, " -o ");
		hd_buf_sh_quote(&cmd, spv);
		hd_buf_printf(&cmd, " 2>>");
		hd_buf_sh_quote(&cmd, err);
	}
	rc = cmd.failed ? -1 : system(hd_buf_str(&cmd));
	hd_buf_free(&cmd);
	hd_buf_free(&text);
	if (rc != 0) {
		char why[160];
		first_error(err, why, sizeof why);
		return hd_fail(st, HD_BAD_INPUT, "compile", 0,
		               "clang-15/llvm-spirv-15 failed (exit %d): %s", rc, why);
	}
	return 0;
}

int hd_frontend_opencl_spirv(const char *kernel, const char *work, char *spv, size_t size,
                             hd_status *st)
{
	snprintf(spv, size, "%s/k.spv", work);
	return route(kernel, work, spv, NULL, st);
}

int hd_frontend_opencl_ir(const char *kernel, const char *work, const char *ll, hd_status *st)
{
	return route(kernel, work, NULL, ll, st);
}
