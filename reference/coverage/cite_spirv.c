/* Citations of the SPIR-V universe (cite.h): instructions, operand facts
 * and validation rules of OpenCL.DebugInfo.100 and DebugInfo 1.00. The
 * grammar tables give every instruction's opcode and every operand's
 * enumeration; the two specifications group instructions by opcode range
 * into the subsections of their section 4 and define each enumeration in a
 * subsection of section 3, so a few rows here place all of them. Only
 * names and numbers of the documents are kept, never their text. */
#include "cite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

enum { OCL = 1, DI = 2, BOTH = OCL | DI };

/* The numbered sections of the two specifications that citations name;
 * sets says which of them has it under that title. */
static const struct {
	const char *num, *title;
	int sets;
} sections[] = {
	{ "2", "Binary Form", BOTH },
	{ "2.1", "Removing Instructions", OCL },
	{ "2.2", "Forward references", OCL },
	{ "3", "Enumerations", BOTH },
	{ "3.1", "Instruction Enumeration", BOTH },
	{ "3.2", "Debug Info Flags", BOTH },
	{ "3.3", "Base Type Attribute Encodings", BOTH },
	{ "3.4", "Composite Types", BOTH },
	{ "3.5", "Type Qualifiers", BOTH },
	{ "3.6", "Debug Operations", BOTH },
	{ "3.7", "Imported Entities", OCL },
	{ "4", "Instructions", BOTH },
	{ "4.1", "Missing Debugging Information", OCL },
	{ "4.1", "Absent Debugging Information", DI },
	{ "4.2", "Compilation Unit", BOTH },
	{ "4.3", "Type instructions", BOTH },
	{ "4.4", "Templates", BOTH },
	{ "4.5", "Global Variables", BOTH },
	{ "4.6", "Functions", BOTH },
	{ "4.7", "Location Information", BOTH },
	{ "4.8", "Local Variables", BOTH },
	{ "4.9", "Macros", BOTH },
	{ "4.10", "Imported Entities", OCL },
};

/* Which subsection of section 4 defines each opcode (both sets number
 * their common instructions alike; 34 and 35 are OpenCL.DebugInfo.100's). */
static const struct {
	uint32_t lo, hi;
	const char *num;
} inst_sections[] = {
	{ 0, 0, "4.1" },   { 1, 1, "4.2" },   { 2, 13, "4.3" },  { 14, 17, "4.4" },
	{ 18, 18, "4.5" }, { 19, 20, "4.6" }, { 21, 25, "4.7" }, { 26, 31, "4.8" },
	{ 32, 33, "4.9" }, { 34, 34, "4.10" }, { 35, 35, "4.2" },
};

/* The subsection of section 3 that defines each of the sets' enumerations
 * (the grammar's operand kinds); core kinds are the SPIR-V Specification's. */
static const char *const enum_sections[][2] = {
	{ "DebugInfoFlags", "3.2" },
	{ "DebugBaseTypeAttributeEncoding", "3.3" },
	{ "DebugCompositeType", "3.4" },
	{ "DebugTypeQualifier", "3.5" },
	{ "DebugOperation", "3.6" },
	{ "DebugImportedEntity", "3.7" },
};
static const char *const core_enums[][2] = {
	{ "StorageClass", "Storage Class" },
	{ "SourceLanguage", "Source Language" },
};

/* The core SPIR-V sections the rule catalogue cites. */
static const char *const core_sections[][2] = {
	{ "2.2.1", "Instructions" },
	{ "2.3", "Physical Layout of a SPIR-V Module and Instruction" },
};

static int set_bit(const hd_spv_set *s)
{
	return s == NULL ? 0 : s->id == HD_SET_OCL100 ? OCL : s->id == HD_SET_DI100 ? DI : 0;
}

/* "<spec> §<num> <title>", or -1 when set bit has no such section. */
static int put_section(int bit, const char *spec, const char *num, size_t len, hd_buf *out)
{
	for (size_t i = 0; i < NELEMS(sections); i++)
		if ((sections[i].sets & bit) && strlen(sections[i].num) == len &&
		    strncmp(sections[i].num, num, len) == 0) {
			hd_buf_printf(out, "%s §%s %s", spec, sections[i].num, sections[i].title);
			return 0;
		}
	return -1;
}

static const char *inst_section(const hd_spv_inst *in)
{
	for (size_t i = 0; i < NELEMS(inst_sections); i++)
		if (in->opcode >= inst_sections[i].lo && in->opcode <= inst_sections[i].hi)
			return inst_sections[i].num;
	return NULL;
}

int hd_cov_cite_spirv_inst(const hd_spv_set *s, const hd_spv_inst *in, hd_buf *out)
{
	const char *num = inst_section(in);
	hd_buf b;
	int rc;

	/* DebugModuleINTEL joined the grammar through an Intel extension */
	if (s->id == HD_SET_OCL100 && strcmp(in->name, "DebugModuleINTEL") == 0) {
		hd_buf_printf(out, "SPV_INTEL_debug_module, DebugModuleINTEL");
		return 0;
	}
	if (num == NULL)
		return -1;
	hd_buf_init(&b);
	rc = put_section(set_bit(s), hd_spv_spec_name(s), num, strlen(num), &b);
	if (rc == 0)
		hd_buf_printf(out, "%s (%s)", hd_buf_str(&b), in->name);
	hd_buf_free(&b);
	return rc;
}

int hd_cov_cite_spirv_enum(const hd_spv_set *s, const hd_spv_enum *en, hd_buf *out)
{
	for (size_t i = 0; i < NELEMS(core_enums); i++)
		if (strcmp(en->name, core_enums[i][0]) == 0) {
			hd_buf_printf(out, "SPIR-V Specification, \"%s\"", core_enums[i][1]);
			return 0;
		}
	for (size_t i = 0; i < NELEMS(enum_sections); i++)
		if (strcmp(en->name, enum_sections[i][0]) == 0)
			return put_section(set_bit(s), hd_spv_spec_name(s), enum_sections[i][1],
			                   strlen(enum_sections[i][1]), out);
	return -1;
}

/* "core SPIR-V 2.3: ..." or "core SPIR-V OpExtInst: ...". */
static int cite_core(const char *p, hd_buf *out)
{
	size_t n = strcspn(p, ":");

	for (size_t i = 0; i < NELEMS(core_sections); i++)
		if (strlen(core_sections[i][0]) == n && strncmp(p, core_sections[i][0], n) == 0) {
			hd_buf_printf(out, "SPIR-V Specification §%s %s", core_sections[i][0],
			              core_sections[i][1]);
			return 0;
		}
	if (strncmp(p, "Op", 2) == 0 && n > 2 && strcspn(p, " ") >= n) {
		hd_buf_printf(out, "SPIR-V Specification, %.*s", (int)n, p);
		return 0;
	}
	return -1;
}

/* The instruction a rule id names, "<set>/<inst>/<rule>", or NULL. */
static const hd_spv_inst *rule_inst(const char *id, const hd_spv_set **set)
{
	const char *a = strchr(id, '/'), *b = a != NULL ? strchr(a + 1, '/') : NULL;
	char name[128];

	*set = NULL;
	if (b == NULL || (size_t)(a - id) >= sizeof name || (size_t)(b - a) > sizeof name)
		return NULL;
	snprintf(name, sizeof name, "%.*s", (int)(a - id), id);
	if ((*set = hd_spv_set_by_import(name)) == NULL)
		return NULL;
	snprintf(name, sizeof name, "%.*s", (int)(b - a - 1), a + 1);
	return hd_spv_inst_by_name(*set, name);
}

/* "<spec> section N[ extra]: ...": the spec's section N, the instruction's
 * own subsection for section 4, then extra as a note. */
static int cite_khronos(const char *id, const char *src, hd_buf *out)
{
	const char *sec = strstr(src, " section "), *num, *end;
	const hd_spv_set *set, *spec = NULL;
	const hd_spv_inst *in = rule_inst(id, &set);
	size_t len;

	if (sec == NULL)
		return -1;
	for (int s = 0; s < HD_SET_COUNT; s++)
		if (strlen(hd_spv_spec_name(&hd_spv_sets[s])) == (size_t)(sec - src) &&
		    strncmp(hd_spv_spec_name(&hd_spv_sets[s]), src, (size_t)(sec - src)) == 0)
			spec = &hd_spv_sets[s];
	if (spec == NULL)
		return -1;
	num = sec + strlen(" section ");
	len = strspn(num, "0123456789.");
	end = num + strcspn(num, ":");
	if (len == 1 && num[0] == '4' && in != NULL && set == spec && inst_section(in) != NULL) {
		num = inst_section(in);
		len = strlen(num);
	}
	if (put_section(set_bit(spec), hd_spv_spec_name(spec), num, len, out) != 0)
		return -1;
	/* the instruction the rule is about, or the one the source names */
	if (in != NULL)
		hd_buf_printf(out, " (%s)", in->name);
	else if (end > num + len + 1)
		hd_buf_printf(out, " (%.*s)", (int)(end - (num + len + 1)), num + len + 1);
	return 0;
}

int hd_cov_cite_rule(const char *id, const char *source, hd_buf *out)
{
	static const char core[] = "core SPIR-V ";
	hd_buf b;
	int rc;

	if (source == NULL)
		return -1;
	hd_buf_init(&b);
	rc = strncmp(source, core, strlen(core)) == 0 ? cite_core(source + strlen(core), &b)
	                                               : cite_khronos(id, source, &b);
	if (rc == 0)
		hd_buf_put(out, b.data, b.len);
	hd_buf_free(&b);
	return rc;
}
