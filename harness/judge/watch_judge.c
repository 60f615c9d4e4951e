/* compile-opencl/watch and compile-spirv/watch (docs/value-check.md, "In the
 * harness"): the code object a candidate compiled runs on the gfx9
 * executor, kernel by kernel of the case's committed watch, on the inputs
 * the interpreter gives the case's module (a SPIR-V case itself, or a
 * kernel's module from the Khronos route, frontend/), and its DWARF is judged at every
 * statement stop and lane under each reading (reference/valuecheck/). The
 * profile names the reading that decides; a value right under it but not
 * under the extension's is a compatibility warning. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "amdgpu/codeobj/codeobj.h"
#include "judge.h"
#include "opencl_spirv.h"
#include "spirv/spirv.h"
#include "util/file.h"
#include "valuecheck/co_watch.h"

typedef struct watch_run {
	hd_check_report sum[HD_READINGS];  /* over the kernels */
	char ending[300];  /* the first kernel whose run did not complete, and how */
	int unsupported;   /* that ending was the executor's unsupported */
} watch_run;

static int reason(hc_result *r, hc_outcome o, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static int reason(hc_result *r, hc_outcome o, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	r->outcome = o;
	free(r->reason);
	r->reason = strdup(line);
	return r->reason != NULL ? 0 : -1;
}

/* One kernel of the watch on the object: -1 with st when it cannot be
 * checked (the candidate's fault: no such kernel, no line table). */
static int check_kernel(const char *out, const hd_codeobj *co, const hd_spv_module *m,
                        const hd_exec_config *xc, const hd_watch_file *wf, const char *kernel,
                        watch_run *w, hd_status *st)
{
	hd_check_report r[HD_READINGS];
	hd_gfx9_outcome o;
	hd_exec *x = NULL;
	int rc;

	if (hd_codeobj_find_kernel(co, kernel) == NULL)
		return hd_fail(st, HD_BAD_INPUT, "no-kernel", 0, "the object has no kernel %s",
		               kernel);
	rc = hd_exec_new(m, kernel, xc, &x, st) != 0 ||
	     hd_co_watch(out, co, x, wf, kernel, kernel, r, &o, st) != 0 ? -1 : 0;
	hd_exec_free(x);
	if (rc != 0)
		return -1;
	for (unsigned k = 0; k < HD_READINGS; k++) {
		hd_check_report_add(&w->sum[k], &r[k]);
		hd_check_report_free(&r[k]);
	}
	if (o.end != HD_GFX9_COMPLETED && w->ending[0] == '\0') {
		snprintf(w->ending, sizeof w->ending, "kernel %s ends %s on the gfx9 executor%s%s",
		         kernel, hd_gfx9_end_name(o.end), o.detail[0] ? ": " : "", o.detail);
		w->unsupported = o.end == HD_GFX9_UNSUPPORTED;
	}
	return 0;
}

/* The module and the inputs of the case, then each kernel of its watch. */
static int run_watch(const hc_job *job, const char *out, const hd_codeobj *co, watch_run *w,
                     hc_result *r, hd_status *st)
{
	char work[4400], spv[4500];
	hd_spv_module *m = NULL;
	hd_watch_file *wf = NULL;
	hd_exec_config xc;
	hd_buf text, watch;
	int rc = 0;

	snprintf(work, sizeof work, "%s.route", out);
	snprintf(spv, sizeof spv, "%s", job->input);
	hd_buf_init(&text);
	hd_buf_init(&watch);
	hd_exec_config_default(&xc);
	if ((job->role == HC_ROLE_COMPILE_OPENCL &&
	     ((mkdir(work, 0777) != 0 && errno != EEXIST) ||
	      hd_frontend_opencl_spirv(job->input, work, spv, sizeof spv, st) != 0)) ||
	    hd_spv_load(spv, &m, st) != 0 || hd_di_build(m, st) != 0 ||
	    hd_read_file(job->input, 1u << 24, &text, st) != 0 ||
	    hd_exec_config_comments(&xc, (const char *)text.data, text.len, st) != 0 ||
	    hd_read_file(job->watch, 256u << 20, &watch, st) != 0 ||
	    hd_watch_file_read((const char *)watch.data, watch.len, job->watch, &wf, st) != 0)
		rc = reason(r, HC_INTERNAL_ERROR, "the case's inputs: %s",
		            st->msg[0] ? st->msg : "cannot make the work directory") == 0 ? 1 : -1;
	for (uint32_t i = 0; rc == 0 && i < wf->nkernels; i++)
		if (check_kernel(out, co, m, &xc, wf, wf->kernels[i].name, w, st) != 0)
			rc = reason(r, st->kind == HD_NO_MEMORY ? HC_INTERNAL_ERROR : HC_FAIL,
			            "kernel %s: %s", wf->kernels[i].name, st->msg) == 0 ? 1 : -1;
	hd_watch_file_free(wf);
	hd_spv_free(m);
	hd_buf_free(&text);
	hd_buf_free(&watch);
	return rc;
}

/* The outcome from the counts: a wrong value under the deciding reading
 * fails; a run the executor cannot finish is not supported; right only
 * under a reading other than the extension's is a compatibility warning. */
static int decide(const hc_profile *p, const watch_run *w, hc_result *r)
{
	const hd_check_report *j = &w->sum[p->watch], *e = &w->sum[HD_READING_EXTENSION];
	char counts[600];
	size_t n;
	int rc;

	n = (size_t)snprintf(counts, sizeof counts,
	                     "reading %s: %llu right, %llu wrong, %llu unavailable, %llu missing, "
	                     "%llu not reached, %llu layout; score %.3f; right/wrong by reading:",
	                     hd_reading_name(p->watch), (unsigned long long)j->right,
	                     (unsigned long long)j->wrong, (unsigned long long)j->unavailable,
	                     (unsigned long long)j->missing, (unsigned long long)j->not_reached,
	                     (unsigned long long)j->layout, hd_check_score(j));
	/* which reading gives the right values, for every reading */
	for (unsigned k = 0; k < HD_READINGS && n < sizeof counts; k++)
		n += (size_t)snprintf(counts + n, sizeof counts - n, " %s %llu/%llu",
		                      hd_reading_name((hd_reading_kind)k),
		                      (unsigned long long)w->sum[k].right,
		                      (unsigned long long)w->sum[k].wrong);
	r->has_score = 1;
	r->score = hd_check_score(j);
	if (j->wrong > 0 || (w->ending[0] != '\0' && !w->unsupported))
		rc = reason(r, HC_FAIL, "%s%s%s", counts, w->ending[0] ? "; " : "", w->ending);
	else if (w->unsupported)
		rc = reason(r, HC_NOT_SUPPORTED, "%s; %s", w->ending, counts);
	else if (e->wrong > 0)
		rc = reason(r, HC_COMPAT_WARNING,
		            "%s; read as the extension defines it, %llu of %llu wrong", counts,
		            (unsigned long long)e->wrong,
		            (unsigned long long)(e->right + e->wrong));
	else
		rc = reason(r, HC_PASS, "%s", counts);  /* the score tells the rest */
	/* the failures that decided: the deciding reading's, else the extension's */
	if (j->failures.len == 0 && r->outcome == HC_COMPAT_WARNING)
		j = e;
	if (rc == 0 && j->failures.len > 0) {
		if ((r->diff = malloc(j->failures.len + 1)) == NULL)
			return -1;
		memcpy(r->diff, j->failures.data, j->failures.len);
		r->diff[j->failures.len] = '\0';
	}
	return rc;
}

int hc_judge_watch(const hc_job *job, const hc_profile *p, const char *out, hc_result *r,
                   hd_status *st)
{
	hd_codeobj *co = NULL;
	watch_run w;
	hd_buf file;
	int rc;

	memset(&w, 0, sizeof w);
	for (unsigned k = 0; k < HD_READINGS; k++)
		hd_buf_init(&w.sum[k].failures);
	hd_buf_init(&file);
	if (hd_read_file(out, 512u << 20, &file, st) != 0 ||
	    hd_codeobj_read(file.data, file.len, &co, st) != 0)
		rc = reason(r, HC_FAIL, "the object cannot be read: %s", st->msg);
	else if ((rc = run_watch(job, out, co, &w, r, st)) == 0)
		rc = decide(p, &w, r);
	for (unsigned k = 0; k < HD_READINGS; k++)
		hd_check_report_free(&w.sum[k]);
	hd_codeobj_free(co);
	hd_buf_free(&file);
	hd_status_clear(st);
	return rc < 0 ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory") : 0;
}
