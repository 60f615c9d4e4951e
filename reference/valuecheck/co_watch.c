/* The value check of a candidate's code object, run (co_watch.h). */
#include <string.h>

#include "candidate.h"
#include "co_watch.h"
#include "dump/load.h"

typedef struct driver {
	hd_candidate *cand;
	unsigned wave_size;
} driver;

/* Before each instruction: a statement row's address is a debugger stop. */
static int step(void *ctx, hd_gfx9 *g, const hd_gfx9_where *w, hd_status *st)
{
	static const uint32_t group0[3] = { 0, 0, 0 };
	driver *d = ctx;

	if (hd_candidate_row_at(d->cand, w->pc) == NULL)
		return 0;
	if (hd_gfx9_sync(g, w->wave, st) != 0 ||
	    hd_candidate_stop(d->cand, hd_gfx9_model(g, w->wave), group0, w->wave, d->wave_size,
	                      w->exec, w->pc, st) != 0)
		return -1;
	return 0;
}

/* The unit whose line table covers the kernel's code: the first with rows. */
static const hd_dw_unit *unit_of(const hd_dwarf_units *u)
{
	for (size_t i = 0; i < u->n; i++)
		if (u->v[i].lines.nrows > 0)
			return &u->v[i];
	return NULL;
}

int hd_co_watch(const char *path, const hd_codeobj *co, hd_exec *x, const hd_watch_file *wf,
                const char *kernel, const char *label, hd_check_report r[HD_READINGS],
                hd_gfx9_outcome *outcome, hd_status *st)
{
	const hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };
	const hd_wf_kernel *k = hd_watch_file_kernel(wf, kernel);
	hd_dwarf_units units = { NULL, 0 };
	const hd_dw_unit *u;
	hd_gfx9 *g = NULL;
	driver d = { NULL, 0 };
	hd_gfx9_observer obs = { &d, step };
	int rc;

	memset(r, 0, HD_READINGS * sizeof *r);
	for (unsigned i = 0; i < HD_READINGS; i++)
		hd_buf_init(&r[i].failures);
	if (k == NULL)
		return hd_fail(st, HD_BAD_INPUT, "co-watch", 0, "the watch has no kernel %s", kernel);
	if (hd_dwarf_load(path, enc.profile, &units, st) != 0)
		return -1;
	if ((u = unit_of(&units)) == NULL) {
		hd_dwarf_units_free(&units);
		return hd_fail(st, HD_BAD_INPUT, "co-watch", 0, "%s: no line table", path);
	}
	d.wave_size = hd_exec_config_of(x)->wave_size;
	rc = hd_candidate_new(u, &enc, wf, k, label, &d.cand, st);
	if (rc == 0)
		rc = hd_co_executor(co, kernel, x, &g, st);
	for (uint32_t i = 0; rc == 0 && i < hd_exec_nargs(x); i++) {
		uint64_t addr;
		uint32_t size;
		if (hd_exec_arg_buffer(x, i, &addr, &size) == 0)
			(void)hd_candidate_share(d.cand, addr, size);  /* past the cap: not judged */
	}
	if (rc == 0)
		rc = hd_gfx9_run(g, &obs, outcome, st);
	if (rc == 0)
		hd_candidate_finish(d.cand, r);
	hd_gfx9_free(g);
	hd_candidate_free(d.cand);
	hd_dwarf_units_free(&units);
	return rc;
}
