/* Coverage facts of a SPIR-V case (cases/spirv), read off the module by the
 * reference's own decoder: each debug-info instruction, the enumerant of
 * each enum operand, whether each optional operand is present, how many
 * items each variadic operand has, and every rule `hdref check` reports.
 * A module that breaks no rule makes positive facts, any other negative;
 * a rule is always a negative fact. The vocabulary is the one the
 * universe uses (reference/coverage/universe.c) and docs/generators.md
 * describes. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "coverage/universe.h"
#include "spirv/spirv.h"
#include "spirv/tables.h"

/* The enumerants a word of en stands for: one, or for a BitEnum every bit
 * it sets (the zero enumerant when none is set). */
static void add_enum(const hd_spv_enum *en, uint32_t v, const char *prefix, int pol,
                     const char *where, cov_facts *out)
{
	char fact[512]; /* the caller's 256-byte prefix, '=' and the enumerant's name */

	for (uint16_t i = 0; i < en->count; i++) {
		uint32_t ev = en->values[i].value;
		int hit = en->is_bits ? (ev != 0 ? (v & ev) == ev : v == 0) : v == ev;
		if (!hit)
			continue;
		snprintf(fact, sizeof fact, "%s=%s", prefix, en->values[i].name);
		cov_add(out, fact, pol, where);
		if (!en->is_bits)
			return;
	}
}

static void add_node(const hd_di_node *n, int pol, const char *where, cov_facts *out)
{
	hd_di_span spans[64];
	char inst[160], fact[256], slug[80];
	int k;

	snprintf(inst, sizeof inst, "%s/%s", n->set->import_name, n->inst->name);
	cov_add(out, inst, pol, where);
	if (n->inst->noperands > 64 || (k = hd_di_operands(n, spans)) < 0)
		return;
	for (int i = 0; i < k; i++) {
		const hd_spv_operand *o = &n->inst->operands[i];
		uint32_t per = o->kind == HD_SPV_PAIR ? 2 : 1, items = spans[i].count / per;
		hd_cov_operand_slug(o->name, slug, sizeof slug);
		if (o->quant == HD_SPV_OPT) {
			snprintf(fact, sizeof fact, "%s %s=%s", inst, slug, items ? "present" : "absent");
			cov_add(out, fact, pol, where);
		} else if (o->quant == HD_SPV_MANY || o->quant == HD_SPV_SOME) {
			snprintf(fact, sizeof fact, "%s %s#%s", inst, slug,
			         items == 0 ? "0" : items == 1 ? "1" : "many");
			cov_add(out, fact, pol, where);
		}
		if (o->kind == HD_SPV_ENUM && o->en != NULL && spans[i].count > 0) {
			snprintf(fact, sizeof fact, "%s %s", inst, slug);
			add_enum(o->en, n->args[spans[i].first], fact, pol, where, out);
		}
	}
}

int cov_spirv_facts(const char *path, const char *where, cov_facts *out, cov_facts *bad)
{
	hd_spv_module *m = NULL;
	hd_status st;
	cov_facts mine = { 0 }, tags = { 0 };
	int pol;

	if (hd_spv_load(path, &m, &st) != 0 || hd_di_build(m, &st) != 0) {
		hd_spv_free(m);
		return -1;
	}
	pol = hd_di_validate(m) == 0 ? COV_POS : COV_NEG;
	for (uint32_t i = 0; i < m->nnodes; i++) {
		const hd_di_node *n = &m->nodes[i];
		if (n->inst != NULL)
			add_node(n, pol, where, &mine);
	}
	for (uint32_t i = 0; i < m->ndiags; i++) {
		const hd_spv_diag *d = &m->diags[i];
		char fact[256];
		if (d->inst != NULL)
			snprintf(fact, sizeof fact, "rule %s/%s/%s", d->prefix, d->inst, d->rule);
		else
			snprintf(fact, sizeof fact, "rule %s/%s", d->prefix, d->rule);
		cov_add(&mine, fact, COV_NEG, where);
	}
	cov_tags(path, ";", where, &tags);
	for (size_t i = 0; i < mine.n; i++)
		cov_add(out, mine.v[i].fact, mine.v[i].pol, where);
	cov_check_tags(&tags, &mine, bad);
	cov_free(&mine);
	hd_spv_free(m);
	return 0;
}

/* OpenCL kernels are compiled by tests/opencl_gen.sh, not here: their tags
 * are counted as declared, and that test checks them against the source. */
int cov_opencl_facts(const char *path, const char *where, cov_facts *out, cov_facts *bad)
{
	cov_facts tags = { 0 };

	(void)bad;
	if (cov_tags(path, "//", where, &tags) != 0)
		return -1;
	for (size_t i = 0; i < tags.n; i++)
		cov_add(out, tags.v[i].fact, COV_POS, where);
	cov_free(&tags);
	return 0;
}
