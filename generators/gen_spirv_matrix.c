/* Valid modules, instruction by instruction (OpenCL.DebugInfo.100 / DebugInfo 1.00 section 4): the
 * instruction with its defaults, then one module per enumerant of each
 * enum operand, per optional operand present and absent, and per variadic
 * operand with 0, 1 and many items. Each module holds the instruction under
 * test (%test) and what its operands' target classes require. */
#include <stdio.h>
#include <string.h>

#include "gen_spirv.h"

/* Flag combinations with a meaning of their own (OpenCL.DebugInfo.100 section 3.2):
 * FlagIsPublic is protected|private; a definition that is also prototyped,
 * optimized, or (contradictory but encodable) a forward declaration; a
 * static private member; an artificial object pointer ("this"); and every
 * flag of the set at once. Combinations naming a flag the set lacks are
 * left out for it. */
static const char *const flag_combos[] = {
	"FlagIsProtected|FlagIsPrivate",
	"FlagIsDefinition|FlagPrototyped",
	"FlagIsDefinition|FlagIsOptimized",
	"FlagFwdDecl|FlagIsDefinition",
	"FlagIsPrivate|FlagStaticMember",
	"FlagArtificial|FlagObjectPointer",
	"FlagIsPublic|FlagIsLocal|FlagIsDefinition",
	"FlagTypePassByValue|FlagIsEnumClass",
	"*",
};

typedef struct mcase {
	gen_out *g;
	const hd_spv_set *set;
	const hd_spv_inst *in;
	char inst_l[64];  /* the instruction lowercased, for case names */
} mcase;

/* The capability (and the extension declaring it) a storage class needs
 * (SPIR-V 3.7, "Enabling Capabilities"): spirv-val rejects an enum operand
 * whose capability the module does not declare, even in an OpExtInst.
 * reference/spirv/tables.h does not carry the grammar's "capabilities" and
 * "extensions" fields, so this table stands in for them; the six classes
 * an OpenCL kernel uses without more than Kernel (SPIR-V OpenCL environment,
 * "Storage Classes") need only Generic's row. */
static const struct {
	const char *storage, *cap, *ext;
} storage_needs[] = {
	{ "Generic", "GenericPointer", NULL },
	{ "Uniform", "Shader", NULL },
	{ "Output", "Shader", NULL },
	{ "Private", "Shader", NULL },
	{ "PushConstant", "Shader", NULL },
	{ "StorageBuffer", "Shader", NULL },
	{ "AtomicCounter", "AtomicStorage", NULL },
	{ "CallableDataNV", "RayTracingKHR", "SPV_KHR_ray_tracing" },
	{ "IncomingCallableDataNV", "RayTracingKHR", "SPV_KHR_ray_tracing" },
	{ "RayPayloadNV", "RayTracingKHR", "SPV_KHR_ray_tracing" },
	{ "HitAttributeNV", "RayTracingKHR", "SPV_KHR_ray_tracing" },
	{ "IncomingRayPayloadNV", "RayTracingKHR", "SPV_KHR_ray_tracing" },
	{ "ShaderRecordBufferNV", "RayTracingKHR", "SPV_KHR_ray_tracing" },
	{ "PhysicalStorageBuffer", "PhysicalStorageBufferAddresses",
	  "SPV_KHR_physical_storage_buffer" },
	{ "HitObjectAttributeNV", "ShaderInvocationReorderNV", "SPV_NV_shader_invocation_reorder" },
	{ "TaskPayloadWorkgroupEXT", "MeshShadingEXT", "SPV_EXT_mesh_shader" },
	{ "CodeSectionINTEL", "FunctionPointersINTEL", "SPV_INTEL_function_pointers" },
	{ "DeviceOnlyINTEL", "USMStorageClassesINTEL", "SPV_INTEL_usm_storage_classes" },
	{ "HostOnlyINTEL", "USMStorageClassesINTEL", "SPV_INTEL_usm_storage_classes" },
};

static void declare_needs(spv_mod *m, const hd_spv_enum *en, const char *value)
{
	if (en != &hd_spv_enum_StorageClass)
		return;
	for (size_t i = 0; i < sizeof storage_needs / sizeof storage_needs[0]; i++)
		if (strcmp(storage_needs[i].storage, value) == 0) {
			m->extra_cap = storage_needs[i].cap;
			m->extra_ext = storage_needs[i].ext;
		}
}

/* A member or an inheritance is one of its composite's Members (OpenCL.DebugInfo.100
 * section 4.3): the composite that owns %test lists it (a forward
 * reference the spec allows for Members). */
static void owned(mcase *c, spv_mod *m, spv_args *a)
{
	const hd_spv_inst *comp = spv_inst(m, "DebugTypeComposite");
	const char *slot = strcmp(c->in->name, "DebugTypeMember") == 0        ? "Parent"
	                   : strcmp(c->in->name, "DebugTypeInheritance") == 0 ? "Child"
	                                                                      : NULL;
	int i = slot ? spv_op_index(c->in, slot) : -1;
	spv_args ca = { 0 };

	if (i < 0 || a->text[i])
		return;
	spv_set(&ca, comp, "Members", "%test");
	a->text[i] = spv_emit(m, comp, &ca);
}

/* Writes the module: the compile unit first (unless it is the instruction
 * under test), then %test with a's operands. */
static int write_module(mcase *c, spv_mod *m, spv_args *a, const char *suffix)
{
	char name[160];

	if (strcmp(c->in->name, "DebugCompilationUnit") == 0)
		a->result = spv_memo_put(m, "cu", "%cu");
	else
		spv_cu(m);
	if (!a->result)
		a->result = "%test";
	owned(c, m, a);
	spv_emit(m, c->in, a);
	snprintf(name, sizeof name, "%s-%s-%s", spv_set_prefix(c->set), c->inst_l, suffix);
	return spv_write_case(c->g, m, name);
}

static void head(mcase *c, spv_mod *m)
{
	spv_head(m, "covers: %s/%s", c->set->import_name, c->in->name);
}

static void finish_head(mcase *c, spv_mod *m, const char *why)
{
	spv_head(m, "expect: ok");
	spv_head(m, "why: %s section 4: %s %s", hd_spv_spec_name(c->set), c->in->name, why);
}

static int base_case(mcase *c)
{
	spv_mod m;
	spv_args a = { 0 };
	int rc;

	spv_init(&m, c->set);
	head(c, &m);
	finish_head(c, &m, "with each id operand naming what its target class admits");
	rc = write_module(c, &m, &a, "valid");
	spv_free(&m);
	return rc;
}

/* One module with enum operand i set to `value` (as written); tags lists
 * the enumerants it covers, separated by '|'. */
static int enum_case(mcase *c, int i, const char *value, const char *suffix)
{
	const hd_spv_operand *op = &c->in->operands[i];
	char tag[64], tags[512], why[640];
	spv_mod m;
	spv_args a = { 0 };
	int rc;

	spv_init(&m, c->set);
	spv_tag_name(tag, sizeof tag, op->name);
	head(c, &m);
	snprintf(tags, sizeof tags, "%s", value);
	for (char *t = strtok(tags, "|"); t; t = strtok(NULL, "|"))
		spv_head(&m, "covers: %s/%s %s=%s", c->set->import_name, c->in->name, tag, t);
	snprintf(why, sizeof why, "with %s %s (%s)", op->name, value, op->en->name);
	finish_head(c, &m, why);
	a.text[i] = value;
	declare_needs(&m, op->en, value);
	rc = write_module(c, &m, &a, suffix);
	spv_free(&m);
	return rc;
}

/* Whether every name of the '|'-joined combination is in the enum. */
static int combo_known(const hd_spv_enum *en, const char *combo)
{
	char copy[256];

	snprintf(copy, sizeof copy, "%s", combo);
	for (char *t = strtok(copy, "|"); t; t = strtok(NULL, "|")) {
		int found = 0;
		for (uint16_t k = 0; k < en->count; k++)
			found |= strcmp(en->values[k].name, t) == 0;
		if (!found)
			return 0;
	}
	return 1;
}

static int enum_cases(mcase *c, int i)
{
	const hd_spv_operand *op = &c->in->operands[i];
	const hd_spv_enum *en = op->en;
	char suffix[128], tag[64], name[64];

	spv_tag_name(tag, sizeof tag, op->name);
	for (uint16_t k = 0; k < en->count; k++) {
		const hd_spv_enumerant *e = &en->values[k];
		if (hd_spv_enum_value(en, e->value) != e)
			continue;  /* an alias of an earlier name: the same module */
		spv_lower(name, sizeof name, e->name);
		snprintf(suffix, sizeof suffix, "%s-%s", tag, name);
		if (enum_case(c, i, e->name, suffix) != 0)
			return -1;
	}
	if (!en->is_bits)
		return 0;
	for (size_t k = 0; k < sizeof flag_combos / sizeof flag_combos[0]; k++) {
		char all[1024];
		size_t n = 0;
		const char *combo = flag_combos[k];
		if (strcmp(combo, "*") == 0) {
			for (uint16_t j = 0; j < en->count; j++)
				if (en->values[j].value != 0 && (en->values[j].value & (en->values[j].value - 1)) == 0)
					n += (size_t)snprintf(all + n, sizeof all - n, "%s%s", n ? "|" : "",
					                      en->values[j].name);
			combo = all;
			snprintf(suffix, sizeof suffix, "%s-all", tag);
		} else {
			if (!combo_known(en, combo))
				continue;
			snprintf(suffix, sizeof suffix, "%s-combo%zu", tag, k + 1);
		}
		if (enum_case(c, i, combo, suffix) != 0)
			return -1;
	}
	return 0;
}

static int optional_cases(mcase *c, int i)
{
	const hd_spv_operand *op = &c->in->operands[i];
	char tag[64], suffix[96], why[256];

	spv_tag_name(tag, sizeof tag, op->name);
	for (int present = 0; present < 2; present++) {
		spv_mod m;
		spv_args a = { 0 };
		int rc;

		spv_init(&m, c->set);
		head(c, &m);
		spv_head(&m, "covers: %s/%s %s=%s", c->set->import_name, c->in->name, tag,
		         present ? "present" : "absent");
		snprintf(why, sizeof why, "with the optional %s %s", op->name,
		         present ? "present" : "left out");
		finish_head(c, &m, why);
		a.count[i] = present;
		/* code with an inlined-at location is the callee's (OpenCL.DebugInfo.100 4.7) */
		for (int j = 0; present && op->target == HD_T_INLINED_AT && j < c->in->noperands; j++)
			if (c->in->operands[j].target == HD_T_SCOPE)
				a.text[j] = spv_callee_fn(&m);
		snprintf(suffix, sizeof suffix, "%s-%s", tag, present ? "present" : "absent");
		rc = write_module(c, &m, &a, suffix);
		spv_free(&m);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* The first enumerant of the opcode enum taking `want` literals (want 2:
 * two or more), for DebugOperation's variadic literals. */
static const hd_spv_enumerant *with_params(const hd_spv_enum *en, int want)
{
	for (uint16_t k = 0; k < en->count; k++)
		if (want < 2 ? en->values[k].nparams == want : en->values[k].nparams >= want)
			return &en->values[k];
	return NULL;
}

static int variadic_cases(mcase *c, int i)
{
	static const int sizes[] = { 0, 1, 3 };
	static const char *const tags[] = { "#0", "#1", "#many" };
	static const char *const names[] = { "0", "1", "many" };
	const hd_spv_operand *op = &c->in->operands[i];
	char tag[64], suffix[96], why[256];

	spv_tag_name(tag, sizeof tag, op->name);
	for (int s = 0; s < 3; s++) {
		spv_mod m;
		spv_args a = { 0 };
		int rc, count = sizes[s];

		if (count == 0 && op->quant == HD_SPV_SOME)
			continue;  /* one or more: no valid module has none */
		if (op->kind == HD_SPV_LITERAL) {
			/* OpenCL.DebugInfo.100 section 3.6: the count follows from the operation */
			const hd_spv_enumerant *e = with_params(c->in->operands[0].en, s == 2 ? 2 : count);
			if (!e)
				continue;
			a.text[0] = e->name;
			count = e->nparams;
		}
		spv_init(&m, c->set);
		head(c, &m);
		spv_head(&m, "covers: %s/%s %s%s", c->set->import_name, c->in->name, tag, tags[s]);
		snprintf(why, sizeof why, "with %d item%s in %s", count, count == 1 ? "" : "s",
		         op->name);
		finish_head(c, &m, why);
		a.count[i] = count;
		if (count == 0)
			a.text[i] = "";
		snprintf(suffix, sizeof suffix, "%s-%s", tag, names[s]);
		rc = write_module(c, &m, &a, suffix);
		spv_free(&m);
		if (rc != 0)
			return -1;
	}
	return 0;
}

int gen_spirv_matrix(gen_out *g, const hd_spv_set *set, const spv_rules *r)
{
	for (uint32_t k = 0; k < set->ninsts; k++) {
		mcase c = { g, set, &set->insts[k], "" };

		if (!spv_rules_cover(r, set, c.in->name))
			continue;  /* decode-only (DebugModuleINTEL) */
		spv_lower(c.inst_l, sizeof c.inst_l, c.in->name);
		if (base_case(&c) != 0)
			return -1;
		for (int i = 0; i < c.in->noperands; i++) {
			const hd_spv_operand *op = &c.in->operands[i];
			int rc = 0;
			if (op->kind == HD_SPV_ENUM)
				rc = enum_cases(&c, i);
			else if (op->quant == HD_SPV_OPT)
				rc = optional_cases(&c, i);
			else if (op->quant == HD_SPV_MANY || op->quant == HD_SPV_SOME)
				rc = variadic_cases(&c, i);
			if (rc != 0)
				return -1;
		}
	}
	return 0;
}
