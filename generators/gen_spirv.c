/* cases/spirv: generated modules for OpenCL.DebugInfo.100 and
 * DebugInfo 1.00, next to the hand-written ones:
 * - gen_spirv_matrix.c: every instruction, every enumerant of its enum
 *   operands, optional operands present and absent, variadic operands with
 *   0, 1 and many items, each in a valid module;
 * - gen_spirv_invalid.c: every rule id of `hdref check --rules`, each
 *   broken alone;
 * - gen_spirv_whole.c: realistic kernels;
 * on a small assembly-text builder (gen_spirv_emit.c) that writes debug
 * instructions from their operand tables (gen_spirv_build.c), and the id
 * operand rules' breakers (gen_spirv_refs.c).
 * All are driven by the grammar tables (reference/spirv/tables.h) and the
 * validator's own rule catalogue, so a new instruction, enumerant or rule
 * gets its cases without a change here. */
#include <stdio.h>
#include <string.h>

#include "gen_spirv.h"
#include "spirv/spirv.h"

int spv_rules_cover(const spv_rules *r, const hd_spv_set *set, const char *inst)
{
	char prefix[128];
	const char *p = (const char *)r->text.data;
	size_t n;

	n = (size_t)snprintf(prefix, sizeof prefix, "%s/%s/", set->import_name, inst);
	while (p && *p) {
		if (strncmp(p, prefix, n) == 0)
			return 1;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return 0;
}

int gen_spirv(gen_out *g)
{
	spv_rules r;
	int rc = 0;

	hd_buf_init(&r.text);
	hd_spv_rules_print(&r.text);
	hd_buf_str(&r.text);
	if (r.text.failed) {
		hd_buf_free(&r.text);
		return hd_fail(g->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	for (int s = 0; s < HD_SET_COUNT && rc == 0; s++) {
		const hd_spv_set *set = &hd_spv_sets[s];

		if (set->id == HD_SET_NONSEMANTIC)
			continue;  /* decoded, not validated: neither OpenCL.DebugInfo.100 nor DebugInfo 1.00 defines it */
		rc = gen_spirv_matrix(g, set, &r);
		if (rc == 0)
			rc = gen_spirv_invalid(g, set, &r);
		if (rc == 0)
			rc = gen_spirv_whole(g, set);
	}
	hd_buf_free(&r.text);
	return rc;
}
