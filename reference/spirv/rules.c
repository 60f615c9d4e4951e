/* The catalogue of rule ids the validator reports, with the spec text that
 * states each rule. `hdref check --rules` prints it; docs/validation.md
 * follows it and a test keeps the two in step. */
#include "spirv_impl.h"

static int has_kind(const hd_spv_inst *in, int kind)
{
	for (int i = 0; i < in->noperands; i++)
		if (in->operands[i].kind == kind || (kind == HD_SPV_ID &&
		                                     in->operands[i].kind == HD_SPV_PAIR))
			return 1;
	return 0;
}

static int all(const hd_spv_inst *in) { (void)in; return 1; }
static int has_ids(const hd_spv_inst *in) { return has_kind(in, HD_SPV_ID); }
/* An enum operand, or (NonSemantic) an id of a constant holding an enum value. */
static int has_enums(const hd_spv_inst *in)
{
	for (int i = 0; i < in->noperands; i++)
		if (in->operands[i].en)
			return 1;
	return 0;
}

static int has_targets(const hd_spv_inst *in)
{
	for (int i = 0; i < in->noperands; i++)
		if (in->operands[i].target != HD_T_NONE)
			return 1;
	return 0;
}

static int is_named(const hd_spv_inst *in, const char *a, const char *b)
{
	return strcmp(in->name, a) == 0 || (b && strcmp(in->name, b) == 0);
}

static int operation(const hd_spv_inst *in) { return is_named(in, "DebugOperation", NULL); }
static int composite(const hd_spv_inst *in) { return is_named(in, "DebugTypeComposite", NULL); }
static int inlined_at(const hd_spv_inst *in) { return is_named(in, "DebugInlinedAt", NULL); }

static int source_continued(const hd_spv_inst *in)
{
	return is_named(in, "DebugSourceContinued", NULL);
}
static int definition(const hd_spv_inst *in)
{
	return is_named(in, "DebugFunctionDefinition", NULL);
}
static int debug_line(const hd_spv_inst *in) { return is_named(in, "DebugLine", NULL); }
static int build_id(const hd_spv_inst *in) { return is_named(in, "DebugBuildIdentifier", NULL); }
static int entry_point(const hd_spv_inst *in) { return is_named(in, "DebugEntryPoint", NULL); }

static int scope(const hd_spv_inst *in)
{
	return is_named(in, "DebugLexicalBlock", "DebugLexicalBlockDiscriminator") ||
	       is_named(in, "DebugFunction", "DebugTypeComposite");
}

typedef struct rule {
	const char *name;
	int (*applies)(const hd_spv_inst *in);
	/* The specification the section is in, when the rule rests on one set's
	 * text for both Khronos sets; NULL for the instruction's own set. */
	const char *spec;
	const char *source;     /* the section, and what it asks; NULL: the rule is
	                         * NonSemantic.Shader.DebugInfo.100's only */
	const char *ns_source;  /* where NonSemantic.Shader.DebugInfo.100 states it,
	                         * NULL when that set has no such rule */
} rule;

static const rule inst_rules[] = {
	{ "result-type", all, NULL, "section 2: Result Type is OpTypeVoid",
	  "Binary Form: Result Type is OpTypeVoid" },
	{ "operand-count", all, NULL, "section 4: the instruction's word count and operands",
	  "Instructions: the instruction's word count and operands" },
	{ "undefined-id", has_ids, "OpenCL.DebugInfo.100", "section 2.1: no dangling references",
	  "Removing Instructions: no dangling references" },
	/* every instruction: Result Type is an <id> operand too */
	{ "forward-reference", all, "OpenCL.DebugInfo.100",
	  "section 2.2: only Members and DebugFunction's Function may be forward",
	  "Forward references, DebugTypeComposite: only Members may be forward" },
	{ "operand-target", has_targets, NULL, "section 4: what each operand must name",
	  "Instructions: what each operand must name" },
	{ "enum-value", has_enums, NULL, "section 3: the set's enumerations",
	  "Enumerations: the value of an enumeration's constant" },
	{ "layout", all, NULL, "section 2: debug instructions' place in the logical layout",
	  "Binary Form: debug instructions' place in the layout and in blocks" },
	{ "operation-operands", operation, NULL, "section 3.6: operands per debug operation",
	  "Debug Operations: operands per debug operation" },
	{ "opaque-type", composite, NULL, "section 2 and DebugTypeComposite: opaque types",
	  "Binary Form and DebugTypeComposite: opaque types" },
	{ "member-parent", composite, "DebugInfo 1.00",
	  "section 4.3: a member's Parent, an inheritance's Child, is the composite "
	  "listing it", NULL },
	/* DebugInfo 1.00 has no section 2.2: the rule rests on OpenCL.DebugInfo.100's */
	{ "scope-cycle", scope, "OpenCL.DebugInfo.100",
	  "section 2.2: a Parent chain ends at the compilation unit",
	  "Forward references: a Parent chain ends at the compilation unit" },
	{ "inlined-cycle", inlined_at, NULL, "section 4.7 DebugInlinedAt: an Inlined chain ends",
	  "DebugInlinedAt: an Inlined chain ends" },
	{ "definition", definition, NULL, NULL,
	  "DebugFunctionDefinition: in its function's entry block, one per function and "
	  "per DebugFunction" },
	{ "continued", source_continued, NULL, NULL,
	  "DebugSourceContinued: follows a DebugSource or DebugSourceContinued with text" },
	{ "line-order", debug_line, NULL, NULL, "DebugLine: the range ends after it starts" },
	{ "identifier", build_id, NULL, NULL,
	  "DebugBuildIdentifier: at least 32 lowercase hexadecimal digits" },
	{ "entry-point", entry_point, NULL, NULL,
	  "DebugEntryPoint: the DebugFunction defined in an entry point's function" },
};

static const char *const module_rules[][2] = {
	{ "SPIR-V/id-bound", "core SPIR-V 2.3: every id is below the header's Bound" },
	{ "SPIR-V/id-redefined", "core SPIR-V 2.2.1: an id is defined once" },
	{ "SPIR-V/OpExtInst/word-count", "core SPIR-V OpExtInst: at least 5 words" },
	{ "SPIR-V/OpExtInst/set-not-imported",
	  "core SPIR-V OpExtInst: Set is the result of an OpExtInstImport" },
};

const char *hd_spv_spec_name(const hd_spv_set *s)
{
	switch (s->id) {
	case HD_SET_OCL100:
		return "OpenCL.DebugInfo.100";
	case HD_SET_DI100:
		return "DebugInfo 1.00";
	default:
		return "NonSemantic.Shader.DebugInfo.100";
	}
}

/* One line of the catalogue: SET/INST/RULE and where the set states it. */
static void print_rule(hd_buf *out, const hd_spv_set *set, const hd_spv_inst *in,
                       const rule *r)
{
	int ns = set->id == HD_SET_NONSEMANTIC;
	const char *spec = !ns && r->spec ? r->spec : hd_spv_spec_name(set);

	hd_buf_printf(out, "%s/%s/%s\t%s %s\n", set->import_name, in->name, r->name, spec,
	              ns ? r->ns_source : r->source);
}

void hd_spv_rules_print(hd_buf *out)
{
	for (size_t i = 0; i < sizeof module_rules / sizeof module_rules[0]; i++)
		hd_buf_printf(out, "%s\t%s\n", module_rules[i][0], module_rules[i][1]);
	for (int s = 0; s < HD_SET_COUNT; s++) {
		const hd_spv_set *set = &hd_spv_sets[s];
		int ns = set->id == HD_SET_NONSEMANTIC;

		hd_buf_printf(out, "%s/unknown-instruction\t%s %s: instruction numbers\n",
		              set->import_name, hd_spv_spec_name(set),
		              ns ? "Instruction Enumeration" : "section 3.1");
		for (uint32_t k = 0; k < set->ninsts; k++) {
			const hd_spv_inst *in = &set->insts[k];
			hd_di_node probe = { .set = set, .inst = in };

			if (!hd_di_validated(&probe))
				continue;
			for (size_t r = 0; r < sizeof inst_rules / sizeof inst_rules[0]; r++) {
				const rule *ru = &inst_rules[r];

				if ((ns ? ru->ns_source : ru->source) && ru->applies(in))
					print_rule(out, set, in, ru);
			}
		}
	}
}
