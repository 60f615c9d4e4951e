/* hdgen coverage: what the corpus covers, measured against the universe the
 * machine-readable tables define (docs/generators.md, "Coverage"):
 *
 *   DWARF operations     ops.def, each family member, each profile that can encode it: positive
 *   call frame insns     cfa.def: positive
 *   evaluator rules      reasons.def rows of SPEC origin: negative
 *   SPIR-V instructions  both DebugInfo sets' grammar tables: each instruction, each
 *                        enumerant of each enum operand, optional operands present and
 *                        absent, variadic operands with 0, 1 and many items: positive
 *   SPIR-V rules         every rule id `hdref check --rules` lists: negative
 *
 * Facts come from the cases' content and their reference outcomes
 * (coverage_case.c, coverage_spirv.c), never from what a case says about
 * itself; a `covers:` tag the case does not bear out is an error. Writes the
 * map as markdown and exits 1 when anything in the universe lacks its case. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "amdgpu/model.h"
#include "dwarf/cfi.h"
#include "dwarf/target.h"
#include "dwarf/ops.h"
#include "dwarf/reasons.h"
#include "hdgen.h"
#include "unreachable.h"
#include "spirv/spirv.h"
#include "spirv/tables.h"
#include "util/buf.h"
#include "util/file.h"

/* One thing the universe holds, and which polarity a case of it must have. */
typedef struct cov_item {
	const char *area;
	char *fact;
	int need;
} cov_item;

typedef struct cov_run {
	const char *cases;
	const char *watches;
	cov_facts facts, bad;
	cov_item *items;
	size_t nitems, cap;
	size_t ncases, unreadable;
} cov_run;

static void need(cov_run *r, const char *area, const char *fact, int pol)
{
	if (r->nitems == r->cap) {
		size_t n = r->cap ? r->cap * 2 : 1024;
		cov_item *p = realloc(r->items, n * sizeof *p);
		if (p == NULL)
			return;
		r->items = p;
		r->cap = n;
	}
	r->items[r->nitems].area = area;
	r->items[r->nitems].need = pol;
	if ((r->items[r->nitems].fact = strdup(fact)) != NULL)
		r->nitems++;
}

static const char AREA_OPS[] = "DWARF operations";
static const char AREA_CFA[] = "Call frame instructions";
static const char AREA_EVAL[] = "Evaluator rules";
static const char AREA_SPV[] = "SPIR-V instructions and operands";
static const char AREA_RULES[] = "SPIR-V validation rules";

/* Operations the reference never lets succeed on AMDGPU, by a documented
 * choice: their cases can only be negative, so that is what the universe
 * asks of them (docs/evaluator.md, "Operations and the rules they follow"). */
static const struct {
	const char *op, *why;
} negative_only[] = {
	{ "form_tls_address", "AMDGPU has no thread-local storage: no-thread-local-storage" },
	{ "GNU_push_tls_address", "AMDGPU has no thread-local storage: no-thread-local-storage" },
	{ "GNU_parameter_ref", "decoded and printed only: unsupported-op" },
};

/* A register family member needs a positive case only when the AMDGPU
 * model, in one of its wave sizes, has DWARF register n at all (reg) or as
 * wide as an address (breg reads one). Others are ill-formed or an
 * evaluation error on this target whatever the case does. */
static int family_need(const hd_op_info *info, unsigned n)
{
	static const unsigned waves[] = { 64, 32 };

	if (strcmp(info->name, "reg") != 0 && strcmp(info->name, "breg") != 0)
		return COV_POS;
	for (size_t w = 0; w < 2; w++) {
		hd_amdgpu *m = hd_amdgpu_new(waves[w]);
		const hd_target *t = m != NULL ? hd_amdgpu_target(m) : NULL;
		uint64_t bits = 0;
		int ok = t != NULL && t->ops->register_bits(t->self, n, &bits) == 0 && bits > 0 &&
		         (strcmp(info->name, "reg") == 0 || bits >= t->generic_bits);
		hd_amdgpu_free(m);
		if (ok)
			return COV_POS;
	}
	return COV_NEG;
}

static int op_need(const hd_op_info *info, unsigned member)
{
	for (size_t i = 0; i < sizeof negative_only / sizeof negative_only[0]; i++)
		if (strcmp(negative_only[i].op, info->name) == 0)
			return COV_NEG;
	return info->family > 1 ? family_need(info, member) : COV_POS;
}

static void universe_dwarf(cov_run *r)
{
	static const hd_profile profiles[] = { HD_PROFILE_AMDGPU_V0, HD_PROFILE_LLVM_USER };
	char fact[160];

	for (int id = 0; id < HD_OP_COUNT; id++) {
		const hd_op_info *info = &hd_op_table[id];
		for (unsigned m = 0; m < info->family; m++)
			for (size_t p = 0; p < 2; p++) {
				if (!hd_op_encodable((hd_op_id)id, profiles[p]))
					continue;
				if (info->family > 1)
					snprintf(fact, sizeof fact, "DW_OP_%s%u encoding=%s", info->name, m,
					         hd_profile_name(profiles[p]));
				else
					snprintf(fact, sizeof fact, "DW_OP_%s encoding=%s", info->name,
					         hd_profile_name(profiles[p]));
				need(r, AREA_OPS, fact, op_need(info, m));
			}
	}
	for (int id = 0; id < HD_CFA_COUNT; id++) {
		snprintf(fact, sizeof fact, "DW_CFA_%s", hd_cfa_table[id].name);
		need(r, AREA_CFA, fact, COV_POS);
	}
	for (size_t i = 0; i < hd_reason_count; i++) {
		const char *code = hd_reason_table[i].code;
		if (hd_reason_table[i].origin != HD_REASON_SPEC ||
		    gen_unreachable_find(gen_unreachable_codes, gen_nunreachable_codes, code,
		                         strlen(code)))
			continue;
		snprintf(fact, sizeof fact, "rule eval/%s", code);
		need(r, AREA_EVAL, fact, COV_NEG);
	}
}

static void universe_operand(cov_run *r, const char *inst, const hd_spv_operand *o)
{
	char slug[80], fact[256];

	cov_operand_slug(o->name, slug, sizeof slug);
	if (o->quant == HD_SPV_OPT) {
		snprintf(fact, sizeof fact, "%s %s=present", inst, slug);
		need(r, AREA_SPV, fact, COV_POS);
		snprintf(fact, sizeof fact, "%s %s=absent", inst, slug);
		need(r, AREA_SPV, fact, COV_POS);
	}
	if (o->quant == HD_SPV_MANY) {
		snprintf(fact, sizeof fact, "%s %s#0", inst, slug);
		need(r, AREA_SPV, fact, COV_POS);
	}
	if (o->quant == HD_SPV_MANY || o->quant == HD_SPV_SOME) {
		snprintf(fact, sizeof fact, "%s %s#1", inst, slug);
		need(r, AREA_SPV, fact, COV_POS);
		snprintf(fact, sizeof fact, "%s %s#many", inst, slug);
		need(r, AREA_SPV, fact, COV_POS);
	}
	if (o->kind == HD_SPV_ENUM && o->en != NULL)
		for (uint16_t i = 0; i < o->en->count; i++) {
			/* an alias (RayPayloadKHR = RayPayloadNV) is the same word: a
			 * module can only ever show the first name of its value */
			if (!o->en->is_bits && hd_spv_enum_value(o->en, o->en->values[i].value) !=
			                           &o->en->values[i])
				continue;
			snprintf(fact, sizeof fact, "%s %s=%s", inst, slug, o->en->values[i].name);
			need(r, AREA_SPV, fact, COV_POS);
		}
}

static void universe_spirv(cov_run *r)
{
	hd_buf rules;
	char inst[160];

	for (int s = 0; s < HD_SET_COUNT; s++) {
		const hd_spv_set *set = &hd_spv_sets[s];
		if (set->id == HD_SET_NONSEMANTIC)
			continue;
		for (uint32_t k = 0; k < set->ninsts; k++) {
			const hd_spv_inst *in = &set->insts[k];
			snprintf(inst, sizeof inst, "%s/%s", set->import_name, in->name);
			need(r, AREA_SPV, inst, COV_POS);
			for (uint8_t o = 0; o < in->noperands; o++)
				universe_operand(r, inst, &in->operands[o]);
		}
	}
	/* the rule ids are the lines `hdref check --rules` prints: one source */
	hd_buf_init(&rules);
	hd_spv_rules_print(&rules);
	for (char *p = (char *)hd_buf_str(&rules); p != NULL && *p; ) {
		char *tab = strchr(p, '\t'), *end = strchr(p, '\n'), fact[256];
		/* NonSemantic.Shader.DebugInfo.100's cases are glslang's output and
		 * hand-written ones, not generated: its rules are not asked for yet
		 * (docs/generators.md), like its instructions above */
		if (tab != NULL && (end == NULL || tab < end) &&
		    strncmp(p, "NonSemantic.", 12) != 0 &&
		    !gen_unreachable_find(gen_unreachable_rules, gen_nunreachable_rules, p,
		                          (size_t)(tab - p))) {
			snprintf(fact, sizeof fact, "rule %.*s", (int)(tab - p), p);
			need(r, AREA_RULES, fact, COV_NEG);
		}
		p = end != NULL ? end + 1 : NULL;
	}
	hd_buf_free(&rules);
}

/* Every case of cases/<kind> ending in ext, through facts(). */
static void walk(cov_run *r, const char *kind, const char *ext,
                 int (*facts)(const char *, const char *, cov_facts *, cov_facts *))
{
	char dir[1024], path[2048], where[1024];
	size_t n;
	char **names;
	hd_status ignored;  /* a kind with no directory has no cases */

	snprintf(dir, sizeof dir, "%s/%s", r->cases, kind);
	hd_list_dir(dir, ext, &names, &n, &ignored);
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		snprintf(where, sizeof where, "%s/%s", kind, names[i]);
		r->ncases++;
		if (facts(path, where, &r->facts, &r->bad) != 0) {
			fprintf(stderr, "hdgen coverage: the reference cannot read %s\n", path);
			r->unreadable++;
		}
	}
	hd_free_names(names, n);
}

/* "12" cases with the needed polarity, or "**none**". */
static void put_count(hd_buf *b, size_t n)
{
	if (n == 0)
		hd_buf_printf(b, " **none** |");
	else
		hd_buf_printf(b, " %zu |", n);
}

/* Cases of fact with polarity pol. */
static size_t count(const cov_run *r, const char *fact, int pol)
{
	size_t n = 0;
	long i = cov_find(&r->facts, fact);

	for (; i >= 0 && (size_t)i < r->facts.n && strcmp(r->facts.v[i].fact, fact) == 0; i++)
		n += r->facts.v[i].pol == pol;
	return n;
}

static void report_area(const cov_run *r, const char *area, hd_buf *b, size_t *missing)
{
	size_t total = 0, covered = 0;

	for (size_t i = 0; i < r->nitems; i++) {
		if (r->items[i].area != area)
			continue;
		total++;
		if (count(r, r->items[i].fact, r->items[i].need) > 0)
			covered++;
	}
	hd_buf_printf(b, "| %s | %zu | %zu | %zu |\n", area, total, covered, total - covered);
	*missing += total - covered;
}

static void report_table(const cov_run *r, const char *area, const char *what, hd_buf *b)
{
	hd_buf_printf(b, "\n## %s\n\n| %s | cases |\n|---|---|\n", area, what);
	for (size_t i = 0; i < r->nitems; i++) {
		if (r->items[i].area != area)
			continue;
		hd_buf_printf(b, "| `%s`%s |", r->items[i].fact,
		              r->items[i].need == COV_NEG ? " (negative)" : "");
		put_count(b, count(r, r->items[i].fact, r->items[i].need));
		hd_buf_byte(b, '\n');
	}
}

/* The SPIR-V area is large: one line per instruction with its counts, and
 * the facts that lack a case listed below the table. */
static void report_spirv(const cov_run *r, hd_buf *b)
{
	size_t i = 0;

	hd_buf_printf(b, "\n## %s\n\n| instruction | positive cases | operand facts covered |\n"
	                 "|---|---|---|\n", AREA_SPV);
	while (i < r->nitems) {
		const cov_item *head = &r->items[i];
		size_t facts = 0, got = 0, j = i + 1;
		if (head->area != AREA_SPV) {
			i++;
			continue;
		}
		for (; j < r->nitems && r->items[j].area == AREA_SPV &&
		       strchr(r->items[j].fact, ' ') != NULL; j++) {
			facts++;
			got += count(r, r->items[j].fact, COV_POS) > 0;
		}
		hd_buf_printf(b, "| `%s` |", head->fact);
		put_count(b, count(r, head->fact, COV_POS));
		hd_buf_printf(b, " %zu of %zu |\n", got, facts);
		i = j;
	}
}

static void report_missing(const cov_run *r, hd_buf *b)
{
	int any = 0;

	for (size_t i = 0; i < r->nitems; i++) {
		if (count(r, r->items[i].fact, r->items[i].need) > 0)
			continue;
		if (!any)
			hd_buf_printf(b, "\n## Missing\n\nNo case covers these (positive unless "
			                 "marked negative):\n\n");
		any = 1;
		hd_buf_printf(b, "- `%s`%s (%s)\n", r->items[i].fact,
		              r->items[i].need == COV_NEG ? " negative" : "", r->items[i].area);
	}
	if (r->bad.n > 0) {
		hd_buf_printf(b, "\n## Tags the cases do not bear out\n\n");
		for (size_t i = 0; i < r->bad.n; i++)
			hd_buf_printf(b, "- %s: `covers: %s`\n", r->bad.v[i].where, r->bad.v[i].fact);
	}
}

/* The items of one area, as a table of its own. */
static void report_area_table(const cov_run *r, const char *area, const char *what, hd_buf *b)
{
	cov_run view = *r;

	for (size_t i = 0; i < r->nitems; i++)
		if (r->items[i].area == area) {
			view.items = &r->items[i];
			view.nitems = r->nitems - i;
			report_table(&view, area, what, b);
			return;
		}
}

static void report(const cov_run *r, hd_buf *b, size_t *missing)
{
	hd_buf_printf(b, "# Coverage of the case corpus\n\n"
	                 "Written by `hdgen coverage` from `cases/`; do not edit. "
	                 "docs/generators.md says how each fact is computed.\n\n"
	                 "Cases read: %zu.\n\n"
	                 "| area | universe | covered | missing |\n|---|---|---|---|\n",
	              r->ncases);
	report_area(r, AREA_OPS, b, missing);
	report_area(r, AREA_CFA, b, missing);
	report_area(r, AREA_EVAL, b, missing);
	report_area(r, AREA_SPV, b, missing);
	report_area(r, AREA_RULES, b, missing);
	report_missing(r, b);
	hd_buf_printf(b, "\nOperations that can only have negative cases:\n\n");
	for (size_t i = 0; i < sizeof negative_only / sizeof negative_only[0]; i++)
		hd_buf_printf(b, "- `DW_OP_%s`: %s\n", negative_only[i].op, negative_only[i].why);
	hd_buf_printf(b, "- `DW_OP_reg<n>` and `DW_OP_breg<n>` for a DWARF register n that the "
	                 "AMDGPU model lacks in both wave sizes, or (breg) has only narrower "
	                 "than an address: unknown-register, register-too-small\n");
	hd_buf_printf(b, "\nEvaluator rules no case can reach, so not asked for:\n\n");
	for (size_t i = 0; i < gen_nunreachable_codes; i++)
		hd_buf_printf(b, "- `%s`: %s\n", gen_unreachable_codes[i].name,
		              gen_unreachable_codes[i].why);
	hd_buf_printf(b, "\nSPIR-V rules no case can break, so not asked for:\n\n");
	for (size_t i = 0; i < gen_nunreachable_rules; i++)
		hd_buf_printf(b, "- `%s`: %s\n", gen_unreachable_rules[i].name,
		              gen_unreachable_rules[i].why);
	report_area_table(r, AREA_OPS, "operation and profile", b);
	report_area_table(r, AREA_CFA, "instruction", b);
	report_area_table(r, AREA_EVAL, "reason code", b);
	report_spirv(r, b);
	report_area_table(r, AREA_RULES, "rule", b);
	cov_exec_report(r->watches, b);
}

static int cmp_by_case(const void *a, const void *b)
{
	const cov_fact *x = a, *y = b;
	int c = strcmp(x->where, y->where);

	if (c == 0)
		c = strcmp(x->fact, y->fact);
	return c != 0 ? c : (int)x->pol - (int)y->pol;
}

/* The facts of every case, "<case id>\t<pos|neg>\t<fact>" sorted by case:
 * what the harness reads to place each result in the report's matrix and to
 * apply a profile's not-supported list (docs/results.md). The case id drops
 * the file's extension, except a kernel's: k.cl and k.clcpp are two cases. */
static void write_index(const cov_run *r, hd_buf *b)
{
	cov_fact *v = malloc((r->facts.n ? r->facts.n : 1) * sizeof *v);

	if (v == NULL) {
		b->failed = 1;
		return;
	}
	memcpy(v, r->facts.v, r->facts.n * sizeof *v);
	qsort(v, r->facts.n, sizeof *v, cmp_by_case);
	for (size_t i = 0; i < r->facts.n; i++) {
		const char *dot = strrchr(v[i].where, '.');
		int n = dot != NULL && strncmp(v[i].where, "opencl/", 7) != 0
		                ? (int)(dot - v[i].where)
		                : (int)strlen(v[i].where);
		if (i > 0 && cmp_by_case(&v[i - 1], &v[i]) == 0)
			continue;
		hd_buf_printf(b, "%.*s\t%s\t%s\n", n, v[i].where,
		              v[i].pol == COV_POS ? "pos" : "neg", v[i].fact);
	}
	free(v);
}

static int write_out(const char *path, const hd_buf *b)
{
	hd_status st;

	if (b->failed) {
		fprintf(stderr, "hdgen coverage: out of memory\n");
		return 1;
	}
	if (hd_write_file_atomic(path, b->data, b->len, &st) != 0) {
		fprintf(stderr, "hdgen coverage: %s\n", st.msg);
		return 1;
	}
	return 0;
}

int hdgen_coverage(int argc, char **argv)
{
	cov_run r;
	const char *write = NULL, *index = NULL;
	hd_buf b;
	size_t missing = 0;
	int rc = 0;

	memset(&r, 0, sizeof r);
	char watches[1100];

	r.cases = "cases";
	r.watches = NULL;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
			r.cases = argv[++i];
		else if (strcmp(argv[i], "--watches") == 0 && i + 1 < argc)
			r.watches = argv[++i];
		else if (strcmp(argv[i], "--write") == 0 && i + 1 < argc)
			write = argv[++i];
		else if (strcmp(argv[i], "--index") == 0 && i + 1 < argc)
			index = argv[++i];
		else
			return hdgen_usage();
	}
	if (r.watches == NULL) {
		/* the watches beside the cases: DIR/cases goes with DIR/expected */
		snprintf(watches, sizeof watches, "%s/../expected/watch", r.cases);
		r.watches = watches;
	}
	universe_dwarf(&r);
	universe_spirv(&r);
	walk(&r, "expr", ".case", cov_case_facts);
	walk(&r, "cfi", ".case", cov_case_facts);
	walk(&r, "spirv", ".spvasm", cov_spirv_facts);
	walk(&r, "opencl", ".cl", cov_opencl_facts);
	walk(&r, "opencl", ".clcpp", cov_opencl_facts);
	cov_finish(&r.facts);
	cov_finish(&r.bad);
	hd_buf_init(&b);
	report(&r, &b, &missing);
	if (r.facts.failed || r.bad.failed || b.failed) {
		fprintf(stderr, "hdgen coverage: out of memory\n");
		rc = 1;
	} else if (write != NULL) {
		rc = write_out(write, &b);
	} else {
		fwrite(b.data, 1, b.len, stdout);
	}
	if (rc == 0 && index != NULL) {
		hd_buf_reset(&b);
		write_index(&r, &b);
		rc = write_out(index, &b);
	}
	fprintf(stderr, "hdgen coverage: %zu cases, %zu universe items missing a case, "
	                "%zu tags not borne out, %zu unreadable cases\n",
	        r.ncases, missing, r.bad.n, r.unreadable);
	if (missing || r.bad.n || r.unreadable)
		rc = 1;
	hd_buf_free(&b);
	cov_free(&r.facts);
	cov_free(&r.bad);
	for (size_t i = 0; i < r.nitems; i++)
		free(r.items[i].fact);
	free(r.items);
	return rc;
}
