/* hdgen expected: the reference's outputs for every case of the corpus,
 * hand-written and generated alike, computed in this one process with the
 * same library calls the hdref commands make (docs/generators.md):
 *
 *   cases/expr/N.case, cases/cfi/N.case  ->  expected/<kind>/N.out        (hdref eval)
 *   cases/spirv/N.spvasm                 ->  expected/spirv/N.check       (hdref check)
 *                                            expected/spirv/N.debuginfo   (hdref debuginfo)
 *   the same, when `; expect: ok`        ->  expected/dwarf/N.dump        (hdref lower, hdref dump)
 *   cases/opencl/N.cl, N.clcpp           ->  expected/opencl/N.cl.dump    (the kernel's Khronos
 *                                            module, when it breaks no rule, lowered and dumped)
 *
 * A case the reference cannot read is an error: the corpus must not hold one.
 * Files of OUT/<kind> that no case produced any more are removed, so the
 * tree is exactly what the cases give. */
/* mkdtemp(3) is POSIX 2008 */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "case/case.h"
#include "dump/dump.h"
#include "hdgen.h"
#include "lower/lower.h"
#include "opencl_spirv.h"
#include "spirv/spirv.h"
#include "watch/watch.h"
#include "util/file.h"
#include "util/sort.h"

typedef struct ex_run {
	const char *cases, *out, *only;
	char **made;           /* "<kind>/<file>" written, sorted at the end */
	size_t nmade, cap;
	size_t ncases, nfailed;
	size_t nbroken;        /* kernels whose Khronos module breaks a rule */
	size_t nnoinput;       /* modules with a kernel the interpreter has no input for */
	int opencl;            /* clang-15 and llvm-spirv-15 are there */
	int why;               /* --why: say why a kernel has no DWARF or no watch */
	char work[64];         /* scratch directory */
	char tmpobj[96];       /* scratch ELF for the dump */
} ex_run;

static int remember(ex_run *r, const char *kind, const char *file)
{
	size_t size = strlen(kind) + strlen(file) + 2;
	char *key = malloc(size);

	if (key == NULL)
		return -1;
	snprintf(key, size, "%s/%s", kind, file);
	if (r->nmade == r->cap) {
		char **p = realloc(r->made, (r->cap = r->cap ? r->cap * 2 : 1024) * sizeof *p);
		if (p == NULL) {
			free(key);
			return -1;
		}
		r->made = p;
	}
	r->made[r->nmade++] = key;
	return 0;
}

/* Writes OUT/kind/stem.ext from out, remembering it. */
static int put(ex_run *r, const char *kind, const char *stem, const char *ext, hd_buf *out)
{
	char dir[1024], path[2048], file[1024];
	hd_status st;

	snprintf(dir, sizeof dir, "%s/%s", r->out, kind);
	snprintf(file, sizeof file, "%s.%s", stem, ext);
	snprintf(path, sizeof path, "%s/%s", dir, file);
	if (out->failed || hd_make_dirs(dir) != 0 ||
	    hd_write_file_atomic(path, out->data, out->len, &st) != 0 ||
	    remember(r, kind, file) != 0) {
		fprintf(stderr, "hdgen expected: cannot write %s\n", path);
		r->nfailed++;
		return -1;
	}
	return 0;
}

static int fail_case(ex_run *r, const char *path, const hd_status *st)
{
	fprintf(stderr, "hdgen expected: %s:%llu: %s\n", path, (unsigned long long)st->offset,
	        st->msg);
	r->nfailed++;
	return -1;
}

/* hdref eval FILE. */
static int expect_eval(ex_run *r, const char *kind, const char *path, const char *stem)
{
	hd_case *c;
	hd_status st;
	hd_buf out;
	int rc;

	hd_status_clear(&st);
	if (hd_case_load(path, &c, &st) != 0)
		return fail_case(r, path, &st);
	hd_buf_init(&out);
	rc = hd_case_run(c, 0, &out, &st);
	hd_case_free(c);
	if (rc != 0)
		rc = fail_case(r, path, &st);
	else
		rc = put(r, kind, stem, "out", &out);
	hd_buf_free(&out);
	return rc;
}

/* The value of a `; KEY: value` header line of a SPIR-V case, or NULL. */
static const char *header(const char *text, const char *key, char *value, size_t size)
{
	size_t klen = strlen(key);

	for (const char *p = text; p != NULL && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		const char *q = p, *end;
		if (*q != ';')
			continue;
		for (q++; *q == ' ' || *q == '\t'; q++)
			;
		if (strncmp(q, key, klen) != 0 || q[klen] != ':')
			continue;
		for (q += klen + 1; *q == ' ' || *q == '\t'; q++)
			;
		end = strchr(q, '\n');
		if (end == NULL)
			end = q + strlen(q);
		while (end > q && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
			end--;
		snprintf(value, size, "%.*s", (int)(end - q), q);
		return value;
	}
	return NULL;
}

/* Whether the case says `; expect: ok` and has no `; lower:` refusal. */
static int lowers(const char *path)
{
	hd_buf text;
	hd_status st;
	char v[256];
	int yes;

	hd_buf_init(&text);
	if (hd_read_file(path, 1u << 28, &text, &st) != 0) {
		hd_buf_free(&text);
		return 0;
	}
	yes = header((const char *)text.data, "expect", v, sizeof v) != NULL &&
	      strcmp(v, "ok") == 0 && header((const char *)text.data, "lower", v, sizeof v) == NULL;
	hd_buf_free(&text);
	return yes;
}

/* hdref lower FILE -o TMP; hdref dump TMP. */
static int expect_dwarf(ex_run *r, const hd_spv_module *m, const char *path, const char *kind,
                        const char *stem)
{
	hd_lower_options o;
	hd_dump_options d = { HD_PROFILE_AMDGPU_V0, 64, 0 };
	hd_lowered *l = NULL;
	hd_status st;
	hd_buf elf, out;
	int rc;

	memset(&o, 0, sizeof o);
	o.profile = HD_PROFILE_AMDGPU_V0;
	o.wave_size = 64;
	hd_status_clear(&st);
	hd_buf_init(&elf);
	hd_buf_init(&out);
	rc = hd_lower(m, &o, &l, &st) != 0 || hd_lower_write_elf(l, &elf, &st) != 0 ||
	     hd_write_file_atomic(r->tmpobj, elf.data, elf.len, &st) != 0 ||
	     hd_dwarf_dump(r->tmpobj, &d, &out, &st) != 0 ? fail_case(r, path, &st)
	                                                  : put(r, kind, stem, "dump", &out);
	hd_lowered_free(l);
	hd_buf_free(&elf);
	hd_buf_free(&out);
	return rc;
}

/* 1 when the interpreter has inputs for every argument of every kernel of
 * m (docs/interpreter.md, "Inputs"), 0 when some argument has none (an
 * image, a sampler), -1 with st on another error. */
static int has_inputs(const hd_spv_module *m, const hd_exec_config *c, hd_status *st)
{
	const char *names[64];
	uint32_t n = hd_exec_kernel_names(m, names, 64);

	for (uint32_t i = 0; i < n && i < 64; i++) {
		hd_exec *x = NULL;
		int rc = hd_exec_new(m, names[i], c, &x, st) != 0 ? -1
		         : hd_exec_place_inputs(x, st) == 0 ? 1
		         : st->code != NULL && strcmp(st->code, "unsupported") == 0 ? 0 : -1;
		hd_exec_free(x);
		if (rc != 1)
			return rc;
	}
	return 1;
}

/* hdref watch FILE --directives CASE: the values of every kernel's
 * variables (docs/watch-format.md). A module with no kernel that has a
 * body is not executable and has no watch; nor has one with a kernel
 * argument the interpreter has no input for, whose run would end before
 * its first stop. */
static int expect_watch(ex_run *r, const hd_spv_module *m, const char *path, const char *stem)
{
	hd_exec_config c;
	hd_status st;
	hd_buf text, out;
	const char *names[1];
	int rc = 0, inputs = 1;

	if (hd_exec_kernel_names(m, names, 1) == 0) {
		if (r->why)
			printf("hdgen expected: %s: no watch: no kernel with a body\n", path);
		return 0;
	}
	hd_exec_config_default(&c);
	hd_status_clear(&st);
	hd_buf_init(&text);
	hd_buf_init(&out);
	if (hd_read_file(path, 1u << 24, &text, &st) != 0 ||
	    hd_exec_config_comments(&c, (const char *)text.data, text.len, &st) != 0 ||
	    (inputs = has_inputs(m, &c, &st)) < 0)
		rc = fail_case(r, path, &st);
	else if (inputs == 0) {
		r->nnoinput++;
		if (r->why)
			printf("hdgen expected: %s: no watch: %s\n", path, st.msg);
	} else if (hd_watch_write(m, NULL, &c, &out, &st) == 0)
		rc = put(r, "watch", stem, "watch", &out);
	else if (st.code == NULL || strcmp(st.code, "no-kernel") != 0)
		rc = fail_case(r, path, &st);
	else if (r->why)
		printf("hdgen expected: %s: no watch: %s\n", path, st.msg);
	hd_buf_free(&text);
	hd_buf_free(&out);
	return rc;
}

/* hdref check FILE, hdref debuginfo FILE, and the DWARF when it lowers. */
static int expect_spirv(ex_run *r, const char *path, const char *stem)
{
	hd_spv_module *m = NULL;
	hd_status st;
	hd_buf check, info;
	uint32_t broken;
	int rc;

	hd_status_clear(&st);
	if (hd_spv_load(path, &m, &st) != 0 || hd_di_build(m, &st) != 0) {
		hd_spv_free(m);
		return fail_case(r, path, &st);
	}
	broken = hd_di_validate(m);
	hd_buf_init(&check);
	hd_buf_init(&info);
	hd_spv_diag_print(m, &check);
	hd_di_dump(m, &info);
	rc = put(r, "spirv", stem, "check", &check) | put(r, "spirv", stem, "debuginfo", &info);
	if (rc == 0 && lowers(path)) {
		if (broken != 0) {
			fprintf(stderr, "hdgen expected: %s says `expect: ok` but breaks %u rule(s)\n",
			        path, broken);
			r->nfailed++;
			rc = -1;
		} else {
			rc = expect_dwarf(r, m, path, "dwarf", stem);
		}
	}
	if (rc == 0 && broken == 0)
		rc = expect_watch(r, m, path, stem);
	hd_buf_free(&check);
	hd_buf_free(&info);
	hd_spv_free(m);
	return rc;
}

/* --why: how many findings a kernel's Khronos module has, and the first, as
 * hdref check prints it. */
static void why_broken(hd_spv_module *m, uint32_t broken, const char *path)
{
	hd_buf diags;
	const char *first;

	hd_buf_init(&diags);
	hd_spv_diag_print(m, &diags);
	first = strstr(hd_buf_str(&diags), "word ");
	printf("hdgen expected: %s: no expected DWARF: its Khronos module has %u finding%s; "
	       "first: %.*s\n", path, (unsigned)broken, broken == 1 ? "" : "s",
	       first ? (int)strcspn(first, "\n") : 0, first ? first : "");
	hd_buf_free(&diags);
}

/* A kernel's expected DWARF: its Khronos module lowered. A module that
 * breaks a rule has none; the kernel's .findings file or tests/opencl_gen.sh
 * records why, and the harness plans no compile-opencl job for it. */
static int expect_opencl(ex_run *r, const char *path, const char *stem)
{
	hd_spv_module *m = NULL;
	hd_status st;
	char spv[200];
	uint32_t broken;
	int rc;

	hd_status_clear(&st);
	if (hd_frontend_opencl_spirv(path, r->work, spv, sizeof spv, &st) != 0 ||
	    hd_spv_load(spv, &m, &st) != 0 || hd_di_build(m, &st) != 0) {
		hd_spv_free(m);
		return fail_case(r, path, &st);
	}
	/* the watch needs no valid debug info: it is what the program does */
	if ((broken = hd_di_validate(m)) != 0) {
		r->nbroken++;
		if (r->why)
			why_broken(m, broken, path);
		rc = expect_watch(r, m, path, stem);
	} else
		rc = expect_dwarf(r, m, path, "opencl", stem) | expect_watch(r, m, path, stem);
	hd_spv_free(m);
	return rc;
}

/* Every case of one kind. Failures are counted, not fatal: one run lists
 * every case the reference cannot read. */
static void run_kind(ex_run *r, const char *kind, const char *ext)
{
	char dir[1024], path[2048];
	size_t n;
	char **files;
	hd_status ignored;  /* a kind with no directory has no cases */

	if ((r->only != NULL && strcmp(r->only, kind) != 0) ||
	    (strcmp(kind, "opencl") == 0 && !r->opencl))
		return;
	snprintf(dir, sizeof dir, "%s/%s", r->cases, kind);
	hd_list_dir(dir, ext, &files, &n, &ignored);
	for (size_t i = 0; i < n; i++) {
		char stem[1024];
		/* a kernel keeps its extension: k.cl and k.clcpp are two cases */
		int keep = strcmp(kind, "opencl") == 0;
		snprintf(stem, sizeof stem, "%.*s",
		         (int)(strlen(files[i]) - (keep ? 0 : strlen(ext))), files[i]);
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		r->ncases++;
		if (keep)
			expect_opencl(r, path, stem);
		else if (strcmp(kind, "spirv") == 0)
			expect_spirv(r, path, stem);
		else
			expect_eval(r, kind, path, stem);
	}
	hd_free_names(files, n);
}

/* Removes OUT/kind's files that this run did not write. */
static void prune(ex_run *r, const char *kind)
{
	char dir[1024], path[2048], key[1024];
	size_t n;
	char **files;
	hd_status ignored;  /* nothing to prune in a directory not there */

	snprintf(dir, sizeof dir, "%s/%s", r->out, kind);
	hd_list_dir(dir, "", &files, &n, &ignored);
	for (size_t i = 0; i < n; i++) {
		snprintf(key, sizeof key, "%s/%s", kind, files[i]);
		if (bsearch(&(const char *){ key }, r->made, r->nmade, sizeof *r->made,
		            hd_cmp_names) != NULL)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		if (unlink(path) == 0)
			printf("hdgen expected: removed %s (no case makes it)\n", path);
	}
	hd_free_names(files, n);
}

/* The scratch directory and what the compilers and the dump left in it. */
static void remove_work(const char *work)
{
	static const char *const names[] = { "obj.o", "k.bc", "k.spv", "err" };
	char path[200];

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", work, names[i]);
		unlink(path);
	}
	rmdir(work);
}

int hdgen_expected(int argc, char **argv)
{
	static const char *const kinds[] = { "expr", "cfi", "spirv", "dwarf", "opencl" };
	ex_run r;
	memset(&r, 0, sizeof r);
	r.cases = "cases";
	r.out = "expected";
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
			r.cases = argv[++i];
		else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
			r.out = argv[++i];
		else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
			r.only = argv[++i];
		else if (strcmp(argv[i], "--why") == 0)
			r.why = 1;
		else
			return hdgen_usage();
	}
	snprintf(r.work, sizeof r.work, "/tmp/hdgen-XXXXXX");
	if (mkdtemp(r.work) == NULL) {
		fprintf(stderr, "hdgen expected: cannot make a scratch directory\n");
		return 1;
	}
	snprintf(r.tmpobj, sizeof r.tmpobj, "%s/obj.o", r.work);
	r.opencl = hd_frontend_tools();
	if (!r.opencl && (r.only == NULL || strcmp(r.only, "opencl") == 0))
		fprintf(stderr, "hdgen expected: clang-15 or llvm-spirv-15 is missing; "
		                "expected/opencl left as it is\n");
	run_kind(&r, "expr", ".case");
	run_kind(&r, "cfi", ".case");
	run_kind(&r, "spirv", ".spvasm");
	run_kind(&r, "opencl", ".cl");
	run_kind(&r, "opencl", ".clcpp");
	remove_work(r.work);
	if (r.nmade > 1)
		hd_sort(r.made, r.nmade, sizeof *r.made, hd_cmp_names);
	/* pruning after a failure could delete what a broken case used to make */
	if (r.nfailed == 0 && r.only == NULL && r.opencl)
		prune(&r, "watch");  /* both spirv and opencl cases make watches */
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0] && r.nfailed == 0; k++)
		if (strcmp(kinds[k], "opencl") == 0 && !r.opencl)
			continue;
		else if (r.only == NULL || strcmp(r.only, kinds[k]) == 0 ||
		    (strcmp(r.only, "spirv") == 0 && strcmp(kinds[k], "dwarf") == 0))
			prune(&r, kinds[k]);
	hd_free_names(r.made, r.nmade);
	printf("hdgen expected: %zu cases, %zu failed, outputs in %s\n", r.ncases, r.nfailed,
	       r.out);
	if (r.nbroken > 0)
		printf("hdgen expected: %zu kernels have no expected DWARF: their Khronos module "
		       "breaks a rule\n", r.nbroken);
	if (r.nnoinput > 0)
		printf("hdgen expected: %zu modules have no watch: a kernel argument has no "
		       "input in the interpreter (an image, a sampler)\n", r.nnoinput);
	return r.nfailed ? 1 : 0;
}
