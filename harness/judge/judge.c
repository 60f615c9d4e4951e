/* The checks (judge.h). Every rule that decides an outcome is here, one
 * function per check, so docs/harness.md can point at one place. */
#include "judge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blame.h"
#include "conform.h"
#include "dump/dump.h"
#include "intelgt/claims.h"
#include "llvmdi/llvmdi.h"
#include "opencl_spirv.h"
#include "spirv/spirv.h"
#include "util/file.h"
#include "visa/gen_code.h"
#include "visa/visa.h"

#define MAX_OUTPUT ((size_t)64 << 20)
#define MAX_DIFF   ((size_t)64 << 10)

static char *dup_str(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

static char *read_text(const char *path, hd_status *st)
{
	hd_buf b;
	char *s;

	hd_buf_init(&b);
	if (hd_read_file(path, MAX_OUTPUT, &b, st) != 0) {
		hd_buf_free(&b);
		return NULL;
	}
	s = strdup(hd_buf_str(&b));
	hd_buf_free(&b);
	return s;
}

/* diff -u names its files with their paths and times, which change from run
 * to run; the report says "expected" and "got" instead (POSIX diff has no
 * option for the labels). */
static void relabel(hd_buf *d)
{
	const char *s = hd_buf_str(d), *l2, *l3;
	hd_buf out;

	if (d->len == 0 || strncmp(s, "--- ", 4) != 0 || (l2 = strchr(s, '\n')) == NULL ||
	    strncmp(l2 + 1, "+++ ", 4) != 0 || (l3 = strchr(l2 + 1, '\n')) == NULL)
		return;
	hd_buf_init(&out);
	hd_buf_printf(&out, "--- expected\n+++ got\n%s", l3 + 1);
	if (!out.failed) {
		hd_buf_free(d);
		*d = out;
	} else {
		hd_buf_free(&out);
	}
}

char *hc_diff_files(const char *a, const char *b)
{
	char cmd[8400];
	FILE *f;
	hd_buf d;
	char buf[4096];
	size_t k;
	char *s;

	/* paths come from the suite and the scratch directory: no quotes in them */
	if (strchr(a, '\'') != NULL || strchr(b, '\'') != NULL)
		return NULL;
	snprintf(cmd, sizeof cmd, "diff -u '%s' '%s'", a, b);
	if ((f = popen(cmd, "r")) == NULL)
		return NULL;
	hd_buf_init(&d);
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		if (d.len < MAX_DIFF)
			hd_buf_put(&d, buf, k);
	pclose(f);
	relabel(&d);
	if (d.len >= MAX_DIFF)
		hd_buf_printf(&d, "... diff cut at %zu bytes\n", MAX_DIFF);
	s = d.len > 0 && !d.failed ? strdup(hd_buf_str(&d)) : NULL;
	hd_buf_free(&d);
	return s;
}

/* The line of the command's stderr that says what went wrong: the first
 * that says "error" (compilers warn first), else the first. */
static void first_line(const char *err_log, char *out, size_t size)
{
	FILE *f = fopen(err_log, "r");
	char line[512];
	int found = 0;

	out[0] = '\0';
	if (f == NULL)
		return;
	for (int n = 0; !found && n < 10000 && fgets(line, sizeof line, f) != NULL; n++) {
		found = strstr(line, "error") != NULL || strstr(line, "Error") != NULL;
		if (found || out[0] == '\0')
			snprintf(out, size, "%.*s", (int)strcspn(line, "\n"), line);
	}
	fclose(f);
}

static int set_reason(hc_result *r, hc_outcome o, const char *fmt, const char *a,
                      const char *b)
{
	char line[512];

	r->outcome = o;
	snprintf(line, sizeof line, fmt, a, b);
	free(r->reason);
	r->reason = strdup(line);
	return r->reason != NULL ? 0 : -1;
}

/* Crash, timeout and a failing exit decide the outcome before any output
 * is looked at; returns 1 when they did. */
static int judge_exit(const hc_child *c, const char *err_log, hc_result *r)
{
	char num[32], err[256];

	switch (c->how) {
	case HC_EXIT_TIMEOUT:
		snprintf(num, sizeof num, "%.1f", c->seconds);
		set_reason(r, HC_TIMEOUT, "no answer within the timeout (%s s)%s", num, "");
		return 1;
	case HC_EXIT_SIGNAL:
		snprintf(num, sizeof num, "%d", c->status);
		set_reason(r, HC_CRASH, "killed by signal %s%s", num, "");
		return 1;
	case HC_EXIT_STATUS:
		if (c->status == 0)
			return 0;
		/* commands run under sh, which reports a child killed by signal N
		 * as status 128 + N (POSIX, "Exit Status for Commands") */
		if (c->status > 128 && c->status < 128 + 65) {
			snprintf(num, sizeof num, "%d", c->status - 128);
			first_line(err_log, err, sizeof err);
			set_reason(r, HC_CRASH, "killed by signal %s (as sh reports it): %s", num,
			           err);
			return 1;
		}
		snprintf(num, sizeof num, "%d", c->status);
		first_line(err_log, err, sizeof err);
		set_reason(r, HC_FAIL, "exit status %s: %s", num, err);
		return 1;
	}
	return 0;
}

/* The same rules for a command that is no job: the decode batch
 * (decode_run.c) gives their outcome to every item it ran for. */
int hc_judge_exit(const hc_child *c, const char *err_log, hc_result *r)
{
	return judge_exit(c, err_log, r);
}

/* The first line of a canonical result says its outcome kind. */
static int is_ill_formed(const char *text)
{
	char first[128];

	snprintf(first, sizeof first, "%.*s", (int)strcspn(text, "\n"), text);
	return strncmp(first, "error ", 6) == 0 && strstr(first, "ill-formed") != NULL;
}

/* evaluate: the canonical result must match; where the expected outcome is
 * ill-formed DWARF, any error verdict passes (DWARF Extensions for Heterogeneous Debugging leaves the consumer
 * free in how it reports ill-formed input, not in whether it does). */
static int judge_evaluate(const hc_job *job, const char *out, hc_result *r, hd_status *st)
{
	char *want = read_text(job->expected, st), *got = want ? read_text(out, st) : NULL;

	if (want == NULL || got == NULL) {
		free(want);
		return set_reason(r, want ? HC_FAIL : HC_INTERNAL_ERROR, "%s%s",
		                  want ? "no readable output: " : "no expected output: ", st->msg);
	}
	if (strcmp(want, got) == 0) {
		r->outcome = HC_PASS;
	} else if (is_ill_formed(want) && strncmp(got, "error ", 6) == 0) {
		set_reason(r, HC_PASS, "an error verdict for ill-formed DWARF%s%s", "", "");
	} else {
		set_reason(r, HC_FAIL, "the canonical result differs from expected%s%s", "", "");
		r->diff = hc_diff_files(job->expected, out);
	}
	free(want);
	free(got);
	return 0;
}

/* The candidate's object, dumped once for all the checks of its job. */
typedef struct object {
	int tried;
	hc_outcome outcome;      /* HC_PASS when the dump is in dump */
	char reason[512];        /* why not */
	hd_buf dump;
	char path[4200];         /* OUT.dump, where a strict diff writes it */
	int blame_tried;         /* the metadata views for blame, when {ir} is named: */
	int blame_ok;            /* both read */
	char blame_why[700];     /* why not */
	char ir_triple[128];     /* the IR's target triple, "" when it names none */
	int ir_clang;            /* the clang version that wrote it, 0 when not clang */
	int ref_failed;          /* the reference translation, not the IR, is missing */
	hd_lldi_facts ref, ir;
} object;

/* Whether path is a relocatable ELF object (e_type ET_REL): libdwarf
 * cannot apply AMDGPU relocations, so the DWARF of one does not read. */
static int relocatable(const char *path)
{
	unsigned char h[18];
	FILE *f = fopen(path, "rb");
	size_t n = f != NULL ? fread(h, 1, sizeof h, f) : 0;

	if (f != NULL)
		fclose(f);
	return n == sizeof h && memcmp(h, "\177ELF", 4) == 0 && h[5] == 1 && h[16] == 1 &&
	       h[17] == 0;
}

/* The object's canonical dump. An object that cannot be read is the
 * candidate's fail. */
static void dump_object(const hc_profile *p, const char *out, object *obj)
{
	hd_dump_options o = { p->encoding, 64, 0 };
	hd_status st;

	obj->tried = 1;
	obj->outcome = HC_PASS;
	if (hd_dwarf_dump(out, &o, &obj->dump, &st) != 0) {
		obj->outcome = HC_FAIL;
		snprintf(obj->reason, sizeof obj->reason, "the object cannot be read: %s%s", st.msg,
		         relocatable(out) ? " (it is a relocatable object: link it first, e.g. with "
		                            "ld.lld -shared; docs/candidates.md)" : "");
	}
}

/* What says how to read the IR at path's address spaces: its target
 * triple (`target triple = "..."`, LangRef "Target Triple"; "" when none)
 * and, when clang wrote it, clang's major version (its compile unit's
 * producer, "... clang version N..."; 0 otherwise). */
static void read_target(const char *path, char *triple, size_t size, int *clang)
{
	static const char key[] = "target triple = \"", prod[] = "clang version ";
	hd_buf text;
	hd_status st;
	const char *t, *p;

	triple[0] = '\0';
	*clang = 0;
	hd_buf_init(&text);
	if (hd_read_file(path, HD_LLDI_MAX_FILE, &text, &st) == 0) {
		if ((t = strstr(hd_buf_str(&text), key)) != NULL)
			snprintf(triple, size, "%.*s", (int)strcspn(t + sizeof key - 1, "\"\n"),
			         t + sizeof key - 1);
		if ((p = strstr(hd_buf_str(&text), prod)) != NULL)
			*clang = atoi(p + sizeof prod - 1);
	}
	hd_buf_free(&text);
}

/* The two metadata views blame compares (blame.h): the reference
 * translation of the job's module (compile-spirv: the case's; a kernel:
 * its Khronos module, made as its expected dump was, frontend/) and the
 * IR the command left at {ir} (OUT.ll). Either missing leaves blame_why
 * set and the check unblamed. -1 only when memory runs out. */
static int load_blame(const hc_job *job, const char *out, object *obj)
{
	char work[4400], spv[4500], ir[4400], why[600];
	hd_status st;
	int rc;

	obj->blame_tried = 1;
	snprintf(work, sizeof work, "%s.route", out);
	snprintf(spv, sizeof spv, "%s", job->input);
	snprintf(ir, sizeof ir, "%s.ll", out);
	hd_status_clear(&st);
	if (job->role == HC_ROLE_COMPILE_OPENCL &&
	    ((mkdir(work, 0777) != 0 && errno != EEXIST) ||
	     hd_frontend_opencl_spirv(job->input, work, spv, sizeof spv, &st) != 0)) {
		snprintf(obj->blame_why, sizeof obj->blame_why, "the kernel's Khronos module: %s",
		         st.msg[0] ? st.msg : "cannot make the work directory");
		obj->ref_failed = 1;
		return st.kind == HD_NO_MEMORY ? -1 : 0;
	}
	rc = hc_reference_facts(spv, &obj->ref, why, sizeof why);
	obj->ref_failed = rc == 1;
	if (rc == 0)
		rc = hc_ir_facts(ir, "{ir}", &obj->ir, why, sizeof why);
	if (rc == 1)
		snprintf(obj->blame_why, sizeof obj->blame_why, "%s", why);
	obj->blame_ok = rc == 0;
	read_target(ir, obj->ir_triple, sizeof obj->ir_triple, &obj->ir_clang);
	if (rc == 0 && hc_blame_prepare(&obj->ref, &obj->ir, obj->ir_triple, obj->ir_clang) != 0)
		rc = -1;
	return rc < 0 ? -1 : 0;
}

/* The conformance check with blame when the command names {ir}; a reason
 * says when blame was meant but could not be made. */
static int conform_blamed(const hc_job *job, const hc_profile *p, const char *want,
                          const char *out, object *obj, hc_result *r, hd_status *st)
{
	const char *cmd = p->role[job->role];
	hc_blame blame;
	int rc;
	char *longer;

	memset(&blame, 0, sizeof blame);
	if (cmd == NULL || strstr(cmd, "{ir}") == NULL)
		return hc_conform_judge(want, strlen(want), hd_buf_str(&obj->dump), obj->dump.len, 0,
		                        NULL, r, st);
	if (!obj->blame_tried && load_blame(job, out, obj) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	blame.ref = &obj->ref;
	blame.ir = &obj->ir;
	blame.ir_triple = obj->ir_triple[0] ? obj->ir_triple : NULL;
	blame.ir_clang = obj->ir_clang;
	rc = hc_conform_judge(want, strlen(want), hd_buf_str(&obj->dump), obj->dump.len, 0,
	                      obj->blame_ok ? &blame : NULL, r, st);
	if (rc == 0 && !obj->blame_ok && r->outcome == HC_FAIL && r->reason != NULL) {
		size_t n = strlen(r->reason) + strlen(obj->blame_why) + 16;
		if ((longer = malloc(n)) == NULL)
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		snprintf(longer, n, "%s (no blame: %s)", r->reason, obj->blame_why);
		free(r->reason);
		r->reason = longer;
	}
	return rc;
}

/* A compile command that failed after it left {ir}: the stage after the IR
 * is the one that failed, and the IR's metadata is compared with the
 * reference translation, so the result still says whether the stage
 * before had lost facts (docs/blame.md). The exit's reason stays first;
 * the diff lists the facts that differ. -1 only when memory runs out. */
static int note_ir(const hc_job *job, const char *out, object *obj, hc_result *r,
                   hd_status *st)
{
	char ir[4400], *longer;
	const char *first = NULL;
	int in_want = 0;
	size_t n, len;
	hd_buf diff;

	snprintf(ir, sizeof ir, "%s.ll", out);
	if (access(ir, R_OK) != 0 || r->reason == NULL)
		return 0;
	if (!obj->blame_tried && load_blame(job, out, obj) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (!obj->blame_ok)
		return 0;
	hd_buf_init(&diff);
	n = hd_lldi_facts_diff(&obj->ref, &obj->ir, &diff, 200, &first, &in_want);
	len = strlen(r->reason) + 700;
	if ((longer = malloc(len)) == NULL || diff.failed) {
		free(longer);
		hd_buf_free(&diff);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	if (n == 0)
		snprintf(longer, len, "%s; the IR at {ir} was written, and its metadata holds the "
		         "reference translation's facts", r->reason);
	else
		snprintf(longer, len, "%s; the IR at {ir} was written, and %zu of its metadata facts "
		         "differ from the reference translation's; first: %s %.300s", r->reason, n,
		         in_want ? "it lacks" : "it has", first);
	free(r->reason);
	r->reason = longer;
	if (n > 0 && r->diff == NULL && (r->diff = strdup(hd_buf_str(&diff))) == NULL) {
		hd_buf_free(&diff);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	hd_buf_free(&diff);
	return 0;
}

/* compile-spirv/ir, compile-opencl/ir: the metadata of the IR the command
 * left at {ir} against the reference translation of its module, both
 * named alike (docs/blame.md, "The IR check"). Judged even when a later
 * stage failed. */
static int judge_ir(const hc_job *job, const char *out, object *obj, hc_result *r,
                    hd_status *st)
{
	if (!obj->blame_tried && load_blame(job, out, obj) != 0)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (!obj->blame_ok)
		return set_reason(r, obj->ref_failed ? HC_NOT_SUPPORTED : HC_FAIL, "%s%s",
		                  obj->blame_why, "");
	return hc_judge_ir_facts(&obj->ref, &obj->ir, r) == 0
	               ? 0
	               : hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}

static int ir_left(const char *out)
{
	char path[4200];

	snprintf(path, sizeof path, "%s.ll", out);
	return access(path, R_OK) == 0;
}

/* compile-spirv/strict: the object's canonical dump must equal the
 * reference's, byte for byte. The conformance check: it must hold the
 * reference's normative facts; the locations check: its expressions must
 * decode (conform.h). */
static int judge_object(const hc_job *job, const char *check, const hc_profile *p,
                        const char *out, object *obj, hc_result *r, hd_status *st)
{
	char *want;
	int rc = 0;
	int locations = strcmp(check, HC_CHECK_LOCATIONS_SPIRV) == 0 ||
	                strcmp(check, HC_CHECK_LOCATIONS_OPENCL) == 0;

	if (!obj->tried)
		dump_object(p, out, obj);
	if (obj->outcome != HC_PASS)
		return set_reason(r, obj->outcome, "%s%s", obj->reason, "");
	/* the locations check reads the candidate's DWARF alone: a kernel
	 * without an expected dump has one too */
	if (locations)
		return hc_conform_judge("", 0, hd_buf_str(&obj->dump), obj->dump.len, 1, NULL, r, st);
	want = read_text(job->expected, st);
	if (want == NULL)
		return set_reason(r, HC_INTERNAL_ERROR, "no expected dump: %s%s", st->msg, "");
	if (strcmp(check, HC_CHECK_STRICT) != 0) {
		rc = conform_blamed(job, p, want, out, obj, r, st);
	} else if (strcmp(want, hd_buf_str(&obj->dump)) == 0) {
		r->outcome = HC_PASS;
	} else {
		/* written beside the object for diff(1), and for whoever looks */
		snprintf(obj->path, sizeof obj->path, "%s.dump", out);
		rc = set_reason(r, HC_FAIL, "the DWARF dump differs from the reference's%s%s", "",
		                "");
		if (hd_write_file(obj->path, obj->dump.data, obj->dump.len, st) == 0)
			r->diff = hc_diff_files(job->expected, obj->path);
	}
	free(want);
	return rc;
}

/* The first finding line of hdref check's text (docs/validation.md). */
static void first_finding(const char *text, char *out, size_t size)
{
	const char *p = strstr(text, "word ");

	snprintf(out, size, "%.*s", p ? (int)strcspn(p, "\n") : 0, p ? p : "");
}

static int module_left(const char *out)
{
	char path[4200];

	snprintf(path, sizeof path, "%s.spv", out);
	return access(path, R_OK) == 0;
}

/* compile-opencl/spirv: the module the command left at {spirv} must break
 * no rule of its debug-info set (docs/validation.md). */
static int judge_spirv(const char *out, hc_result *r)
{
	char path[4200];
	hd_spv_module *m = NULL;
	hd_status st;
	uint32_t broken;
	hd_buf diags;
	char line[400], count[16];
	int rc = 0;

	snprintf(path, sizeof path, "%s.spv", out);
	if (hd_spv_load(path, &m, &st) != 0 || hd_di_build(m, &st) != 0) {
		hd_spv_free(m);
		return set_reason(r, HC_FAIL, "the SPIR-V module does not read: %s%s", st.msg, "");
	}
	broken = hd_di_validate(m);
	if (broken == 0) {
		r->outcome = HC_PASS;
		hd_spv_free(m);
		return 0;
	}
	hd_buf_init(&diags);
	hd_spv_diag_print(m, &diags);
	snprintf(count, sizeof count, "%u", (unsigned)broken);
	first_finding(hd_buf_str(&diags), line, sizeof line);
	rc = set_reason(r, HC_FAIL, "the SPIR-V module has %s findings; first: %s", count, line);
	if (rc == 0 && diags.len > 0 && (r->diff = strdup(hd_buf_str(&diags))) == NULL)
		rc = -1;
	hd_buf_free(&diags);
	hd_spv_free(m);
	return rc;
}

/* compile-opencl/visa: the vISA debug information the command left at
 * {visa} must break no rule (docs/visa.md), checked against the Gen code at
 * {gen} when it left that too, and against the object's DWARF
 * (visa-dwarf-register). */
static int judge_visa(const char *out, hc_result *r)
{
	char path[4200], count[24];
	hd_visa_options o = { 0, 0, NULL, NULL };
	hd_gt_claims claims = { 0 };
	hd_visa_findings fs = { 0 };
	hd_visa_file *f = NULL;
	hd_gen_code code = { NULL, 0 };
	hd_status st;
	hd_buf bytes, text;
	size_t broken;
	int rc = 0;

	hd_buf_init(&bytes);
	hd_buf_init(&text);
	snprintf(path, sizeof path, "%s.gen", out);
	if (access(path, R_OK) == 0) {
		if (hd_read_file(path, HD_VISA_MAX_FILE, &bytes, &st) != 0 ||
		    hd_gen_code_scan(bytes.data, bytes.len, &code, &st) != 0) {
			hd_buf_free(&bytes);
			return set_reason(r, HC_FAIL, "the Gen code at {gen} does not read: %s%s",
			                  st.msg, "");
		}
		o.code_size_known = 1;
		o.code_size = code.len;
		o.code = &code;
		hd_buf_reset(&bytes);
	}
	if (hd_gt_claims_of_object(out, &claims, &st) != 0) {
		hd_gen_code_free(&code);
		hd_buf_free(&bytes);
		return set_reason(r, HC_FAIL, "the object's DWARF does not read: %s%s", st.msg, "");
	}
	o.claims = &claims;
	snprintf(path, sizeof path, "%s.visa", out);
	if (hd_read_file(path, HD_VISA_MAX_FILE, &bytes, &st) != 0 ||
	    hd_visa_read(bytes.data, bytes.len, &f, &st) != 0) {
		rc = set_reason(r, HC_FAIL, "no readable vISA debug information at {visa}: %s%s",
		                st.msg, "");
	} else if ((broken = hd_visa_validate(f, &o, &fs)) == 0) {
		r->outcome = HC_PASS;
	} else {
		hd_visa_findings_print(&fs, &text);
		snprintf(count, sizeof count, "%zu", broken);
		rc = set_reason(r, HC_FAIL, "the vISA debug information has %s findings; first: %.300s",
		                count, fs.n > 0 ? fs.v[0].msg : "");
		if (rc == 0 && (r->diff = strdup(hd_buf_str(&text))) == NULL)
			rc = -1;
	}
	hd_visa_findings_free(&fs);
	hd_visa_free(f);
	hd_gt_claims_free(&claims);
	hd_gen_code_free(&code);
	hd_buf_free(&bytes);
	hd_buf_free(&text);
	return rc;
}

/* One check of the job. */
static int judge_check(const hc_job *job, const char *check, const hc_profile *p,
                       const hc_child *c, const char *out, const char *err_log, object *obj,
                       hc_result *r, hd_status *st)
{
	int spirv = strcmp(check, HC_CHECK_SPIRV_OPENCL) == 0;
	int ir = strcmp(check, HC_CHECK_IR_SPIRV) == 0 || strcmp(check, HC_CHECK_IR_OPENCL) == 0;

	/* an IR left at {ir} too */
	if (ir && c->how != HC_EXIT_TIMEOUT && ir_left(out))
		return judge_ir(job, out, obj, r, st);
	if (ir && !judge_exit(c, err_log, r))
		return set_reason(r, HC_FAIL, "no LLVM IR at {ir}%s%s", "", "");
	if (ir)
		return 0;
	/* a module left at {spirv} is judged even when a later step failed */
	if (spirv && c->how != HC_EXIT_TIMEOUT && module_left(out))
		return judge_spirv(out, r) == 0 ? 0 : hd_fail(st, HD_NO_MEMORY, "no-memory", 0,
		                                             "out of memory");
	if (judge_exit(c, err_log, r)) {
		int conformance = strcmp(check, HC_CHECK_CONFORMANCE_SPIRV) == 0 ||
		                  strcmp(check, HC_CHECK_CONFORMANCE_OPENCL) == 0;
		const char *cmd = p->role[job->role];
		if (conformance && c->how != HC_EXIT_TIMEOUT && cmd != NULL &&
		    strstr(cmd, "{ir}") != NULL)
			return note_ir(job, out, obj, r, st);
		return 0;
	}
	if (strcmp(check, HC_CHECK_VISA_OPENCL) == 0)
		return judge_visa(out, r) == 0 ? 0 : hd_fail(st, HD_NO_MEMORY, "no-memory", 0,
		                                           "out of memory");
	if (strcmp(check, HC_CHECK_WATCH_OPENCL) == 0 || strcmp(check, HC_CHECK_WATCH_SPIRV) == 0)
		return hc_judge_watch(job, p, out, r, st);
	switch (job->role) {
	case HC_ROLE_EVALUATE:
		return judge_evaluate(job, out, r, st);
	case HC_ROLE_TRANSLATE_SPIRV:
		return hc_judge_translate(job, out, r, st);
	case HC_ROLE_TRANSLATE_LLVM:
		return hc_judge_translate_llvm(out, r, st);
	case HC_ROLE_COMPILE_SPIRV:
	case HC_ROLE_COMPILE_OPENCL:
		if (spirv)
			return set_reason(r, HC_FAIL, "no SPIR-V module at {spirv}%s%s", "", "");
		return judge_object(job, check, p, out, obj, r, st);
	default:
		return set_reason(r, HC_INTERNAL_ERROR, "no judge for role %s%s",
		                  hc_role_name(job->role), "");
	}
}

int hc_judge(const hc_job *job, const hc_profile *p, const hc_child *c, const char *out,
             const char *err_log, hc_result *res, hd_status *st)
{
	object obj;
	int rc = 0;

	memset(&obj, 0, sizeof obj);
	hd_buf_init(&obj.dump);
	for (unsigned k = 0; k < job->nchecks && rc == 0; k++) {
		hc_result *r = &res[k];
		r->case_id = dup_str(job->case_id);
		r->check = dup_str(job->checks[k]);
		/* the command's time, shared by the results it gave */
		r->seconds = c->seconds / job->nchecks;
		if (r->case_id == NULL || r->check == NULL)
			rc = hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		else
			rc = judge_check(job, job->checks[k], p, c, out, err_log, &obj, r, st);
	}
	hd_buf_free(&obj.dump);
	hd_lldi_facts_free(&obj.ref);
	hd_lldi_facts_free(&obj.ir);
	return rc;
}
