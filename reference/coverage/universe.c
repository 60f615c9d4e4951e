/* The coverage universe (universe.h), built from the machine-readable
 * tables that define it:
 *
 *   DWARF operations     ops.def, each family member, each profile that can encode it: positive
 *   call frame insns     cfa.def: positive
 *   evaluator rules      reasons.def rows of SPEC origin: negative
 *   SPIR-V instructions  both Khronos DebugInfo sets' grammar tables: each instruction, each
 *                        enumerant of each enum operand, optional operands present and
 *                        absent, variadic operands with 0, 1 and many items: positive
 *   SPIR-V rules         every rule id `hdref check --rules` lists: negative
 *
 * less what unreachable.h says no case can exercise. Each item carries its
 * citation (cite.h), from the same row it was made from. */
#include "universe.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cite.h"
#include "unreachable.h"
#include "../amdgpu/model.h"
#include "../dwarf/cfi/cfi.h"
#include "../dwarf/codec/ops.h"
#include "../dwarf/eval/reasons.h"
#include "../dwarf/eval/target.h"
#include "../spirv/spirv.h"
#include "../spirv/tables.h"
#include "util/sort.h"

const char *hd_cov_area_name(int area)
{
	static const char *const names[HD_COV_AREA_COUNT] = {
		"DWARF operations", "Call frame instructions", "Evaluator rules",
		"SPIR-V instructions and operands", "SPIR-V validation rules",
		"OpenCL constructs", "Other facts",
	};
	return area >= 0 && area < HD_COV_AREA_COUNT ? names[area] : names[HD_COV_OTHER];
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The fact spellings of expected/coverage.tsv: the more specific prefixes
 * first, since "rule eval/x" also holds a '/'. */
int hd_cov_area_of(const char *fact)
{
	if (fact == NULL)
		return HD_COV_OTHER;
	if (starts(fact, "DW_OP_"))
		return HD_COV_OPS;
	if (starts(fact, "DW_CFA_"))
		return HD_COV_CFA;
	if (starts(fact, "rule eval/"))
		return HD_COV_EVAL;
	if (starts(fact, "rule "))
		return HD_COV_RULES;
	if (starts(fact, "opencl"))
		return HD_COV_OPENCL;
	if (strchr(fact, '/') != NULL)
		return HD_COV_SPV;
	return HD_COV_OTHER;
}

const hd_cov_negative_only hd_cov_negative_ops[] = {
	{ "form_tls_address", "AMDGPU has no thread-local storage: no-thread-local-storage" },
	{ "GNU_push_tls_address", "AMDGPU has no thread-local storage: no-thread-local-storage" },
	{ "GNU_parameter_ref", "decoded and printed only: unsupported-op" },
};
const size_t hd_cov_nnegative_ops = sizeof hd_cov_negative_ops / sizeof hd_cov_negative_ops[0];

/* Adds an item; cite is the citation text (NULL or empty: uncited). */
static void need(hd_cov_universe *u, int area, const char *fact, int pol, const hd_buf *cite)
{
	hd_cov_item *it;

	if (u->n == u->cap) {
		size_t n = u->cap ? u->cap * 2 : 1024;
		hd_cov_item *p = realloc(u->v, n * sizeof *p);
		if (p == NULL) {
			u->failed = 1;
			return;
		}
		u->v = p;
		u->cap = n;
	}
	it = &u->v[u->n];
	it->area = area;
	it->need = pol;
	it->cite = NULL;
	if ((it->fact = strdup(fact)) == NULL) {
		u->failed = 1;
		return;
	}
	if (cite != NULL && cite->len > 0 && !cite->failed &&
	    (it->cite = strdup(hd_buf_str((hd_buf *)cite))) == NULL)
		u->failed = 1;
	u->n++;
}

/* A register family member needs a positive case only when the AMDGPU
 * model, in one of its wave sizes, has DWARF register n at all (reg) or as
 * wide as an address (breg reads one). Others are ill-formed or an
 * evaluation error on this target whatever the case does. */
static int family_need(const hd_op_info *info, unsigned n)
{
	static const unsigned waves[] = { 64, 32 };

	if (strcmp(info->name, "reg") != 0 && strcmp(info->name, "breg") != 0)
		return HD_COV_POS;
	for (size_t w = 0; w < 2; w++) {
		hd_amdgpu *m = hd_amdgpu_new(waves[w]);
		const hd_target *t = m != NULL ? hd_amdgpu_target(m) : NULL;
		uint64_t bits = 0;
		int ok = t != NULL && t->ops->register_bits(t->self, n, &bits) == 0 && bits > 0 &&
		         (strcmp(info->name, "reg") == 0 || bits >= t->generic_bits);
		hd_amdgpu_free(m);
		if (ok)
			return HD_COV_POS;
	}
	return HD_COV_NEG;
}

static int op_need(const hd_op_info *info, unsigned member)
{
	for (size_t i = 0; i < hd_cov_nnegative_ops; i++)
		if (strcmp(hd_cov_negative_ops[i].op, info->name) == 0)
			return HD_COV_NEG;
	return info->family > 1 ? family_need(info, member) : HD_COV_POS;
}

/* An extension operation's citation also names where its encoding in the
 * profile comes from: the extension's own table, or LLVM's codes. */
static void cite_op(const hd_op_info *info, hd_profile p, hd_buf *cite)
{
	hd_buf_reset(cite);
	if (hd_cov_cite_sections(info->section, cite) != 0) {
		hd_buf_reset(cite);
		return;
	}
	if (!(info->flags & HD_OPF_EXT) || strncmp(info->section, "LLVM Dwarf.def", 14) == 0)
		return;
	hd_buf_printf(cite, "; ");
	hd_cov_cite_sections(p == HD_PROFILE_AMDGPU_V0 ? "Operation Expressions (amdgpu-v0 encoding)"
	                                              : "LLVM Dwarf.def (llvm-user encoding)",
	                     cite);
}

static void universe_ops(hd_cov_universe *u, hd_buf *cite)
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
				cite_op(info, profiles[p], cite);
				need(u, HD_COV_OPS, fact, op_need(info, m), cite);
			}
	}
}

static void universe_cfa(hd_cov_universe *u, hd_buf *cite)
{
	char fact[160];

	for (int id = 0; id < HD_CFA_COUNT; id++) {
		snprintf(fact, sizeof fact, "DW_CFA_%s", hd_cfa_table[id].name);
		hd_buf_reset(cite);
		if (hd_cov_cite_sections(hd_cfa_table[id].section, cite) != 0)
			hd_buf_reset(cite);
		need(u, HD_COV_CFA, fact, HD_COV_POS, cite);
	}
}

static void universe_eval(hd_cov_universe *u, hd_buf *cite)
{
	char fact[160];

	for (size_t i = 0; i < hd_reason_count; i++) {
		const char *code = hd_reason_table[i].code;
		if (hd_reason_table[i].origin != HD_REASON_SPEC ||
		    hd_cov_unreachable_find(hd_cov_unreachable_codes, hd_cov_nunreachable_codes, code,
		                            strlen(code)))
			continue;
		snprintf(fact, sizeof fact, "rule eval/%s", code);
		hd_buf_reset(cite);
		if (hd_cov_cite_sections(hd_reason_table[i].section, cite) != 0)
			hd_buf_reset(cite);
		need(u, HD_COV_EVAL, fact, HD_COV_NEG, cite);
	}
}

void hd_cov_operand_slug(const char *name, char *out, size_t size)
{
	size_t i = 0;

	for (; *name && i + 1 < size; name++)
		out[i++] = *name == ' ' ? '-' : (char)tolower((unsigned char)*name);
	out[i] = '\0';
}

/* The operand facts of one operand, each cited at the instruction's
 * section, and an enumerant also at its enumeration's. */
static void universe_operand(hd_cov_universe *u, const hd_spv_set *set, const char *inst,
                             const hd_spv_operand *o, const hd_buf *icite, hd_buf *cite)
{
	char slug[80], fact[256];

	hd_cov_operand_slug(o->name, slug, sizeof slug);
	if (o->quant == HD_SPV_OPT) {
		snprintf(fact, sizeof fact, "%s %s=present", inst, slug);
		need(u, HD_COV_SPV, fact, HD_COV_POS, icite);
		snprintf(fact, sizeof fact, "%s %s=absent", inst, slug);
		need(u, HD_COV_SPV, fact, HD_COV_POS, icite);
	}
	if (o->quant == HD_SPV_MANY) {
		snprintf(fact, sizeof fact, "%s %s#0", inst, slug);
		need(u, HD_COV_SPV, fact, HD_COV_POS, icite);
	}
	if (o->quant == HD_SPV_MANY || o->quant == HD_SPV_SOME) {
		snprintf(fact, sizeof fact, "%s %s#1", inst, slug);
		need(u, HD_COV_SPV, fact, HD_COV_POS, icite);
		snprintf(fact, sizeof fact, "%s %s#many", inst, slug);
		need(u, HD_COV_SPV, fact, HD_COV_POS, icite);
	}
	if (o->kind != HD_SPV_ENUM || o->en == NULL)
		return;
	hd_buf_reset(cite);
	if (icite->len > 0) {
		hd_buf_put(cite, icite->data, icite->len);
		hd_buf_printf(cite, "; ");
		if (hd_cov_cite_spirv_enum(set, o->en, cite) != 0)
			hd_buf_reset(cite);
	}
	for (uint16_t i = 0; i < o->en->count; i++) {
		/* an alias (RayPayloadKHR = RayPayloadNV) is the same word: a
		 * module can only ever show the first name of its value */
		if (!o->en->is_bits &&
		    hd_spv_enum_value(o->en, o->en->values[i].value) != &o->en->values[i])
			continue;
		snprintf(fact, sizeof fact, "%s %s=%s", inst, slug, o->en->values[i].name);
		need(u, HD_COV_SPV, fact, HD_COV_POS, cite);
	}
}

/* NonSemantic.Shader.DebugInfo.100's cases are glslang's output and
 * hand-written ones, not generated: neither its instructions nor its rules
 * are asked for yet (docs/generators.md). */
static void universe_insts(hd_cov_universe *u, hd_buf *cite)
{
	hd_buf icite;
	char inst[160];

	hd_buf_init(&icite);
	for (int s = 0; s < HD_SET_COUNT; s++) {
		const hd_spv_set *set = &hd_spv_sets[s];
		if (set->id == HD_SET_NONSEMANTIC)
			continue;
		for (uint32_t k = 0; k < set->ninsts; k++) {
			const hd_spv_inst *in = &set->insts[k];
			snprintf(inst, sizeof inst, "%s/%s", set->import_name, in->name);
			hd_buf_reset(&icite);
			if (hd_cov_cite_spirv_inst(set, in, &icite) != 0)
				hd_buf_reset(&icite);
			need(u, HD_COV_SPV, inst, HD_COV_POS, &icite);
			for (uint8_t o = 0; o < in->noperands; o++)
				universe_operand(u, set, inst, &in->operands[o], &icite, cite);
		}
	}
	hd_buf_free(&icite);
}

/* The rule ids are the lines `hdref check --rules` prints, "<id>\t<source>":
 * one source for the ids and for where each rule is stated. */
static void universe_rules(hd_cov_universe *u, hd_buf *cite)
{
	hd_buf rules;

	hd_buf_init(&rules);
	hd_spv_rules_print(&rules);
	for (char *p = (char *)hd_buf_str(&rules); p != NULL && *p;) {
		char *tab = strchr(p, '\t'), *end = strchr(p, '\n'), fact[256];
		if (tab != NULL && (end == NULL || tab < end) && strncmp(p, "NonSemantic.", 12) != 0 &&
		    !hd_cov_unreachable_find(hd_cov_unreachable_rules, hd_cov_nunreachable_rules, p,
		                             (size_t)(tab - p))) {
			*tab = '\0';
			if (end != NULL)
				*end = '\0';
			snprintf(fact, sizeof fact, "rule %s", p);
			hd_buf_reset(cite);
			if (hd_cov_cite_rule(p, tab + 1, cite) != 0)
				hd_buf_reset(cite);
			need(u, HD_COV_RULES, fact, HD_COV_NEG, cite);
		}
		p = end != NULL ? end + 1 : NULL;
	}
	hd_buf_free(&rules);
}

static int cmp_fact(const void *a, const void *b)
{
	return strcmp((*(hd_cov_item *const *)a)->fact, (*(hd_cov_item *const *)b)->fact);
}

int hd_cov_universe_build(hd_cov_universe *u)
{
	hd_buf cite;

	memset(u, 0, sizeof *u);
	hd_buf_init(&cite);
	universe_ops(u, &cite);
	universe_cfa(u, &cite);
	universe_eval(u, &cite);
	universe_insts(u, &cite);
	universe_rules(u, &cite);
	hd_buf_free(&cite);
	if (!u->failed && (u->byfact = malloc((u->n ? u->n : 1) * sizeof *u->byfact)) == NULL)
		u->failed = 1;
	if (u->failed)
		return -1;
	for (size_t i = 0; i < u->n; i++)
		u->byfact[i] = &u->v[i];
	hd_sort(u->byfact, u->n, sizeof *u->byfact, cmp_fact);
	return 0;
}

void hd_cov_universe_free(hd_cov_universe *u)
{
	for (size_t i = 0; i < u->n; i++) {
		free(u->v[i].fact);
		free(u->v[i].cite);
	}
	free(u->v);
	free(u->byfact);
	memset(u, 0, sizeof *u);
}

const hd_cov_item *hd_cov_universe_find(const hd_cov_universe *u, const char *fact)
{
	size_t lo = 0, hi = u->byfact != NULL ? u->n : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(u->byfact[mid]->fact, fact);
		if (c == 0)
			return u->byfact[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

size_t hd_cov_universe_count(const hd_cov_universe *u, int area)
{
	size_t n = 0;

	for (size_t i = 0; i < u->n; i++)
		n += u->v[i].area == area;
	return n;
}
