/* The type, declaration and macro part of the lowering (docs/lowering.md):
 * the storage size of a 3-component vector, the `this` parameter of a
 * method declaration, a DebugFunction that only declares, and the order of
 * the macro entries. Each module is lowered and its DIEs or macro list
 * checked directly. */
#include "tap.h"
#include "lower_test.h"

#include "lower/lower.h"
#include "spirv/spirv.h"

#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

#define HEAD(set)                                                         \
	"OpCapability Addresses\n"                                            \
	"OpCapability Kernel\n"                                               \
	"OpCapability Int64\n"                                                \
	"%1 = OpExtInstImport \"" set "\"\n"                                  \
	"OpMemoryModel Physical64 OpenCL\n"                                   \
	"OpEntryPoint Kernel %main \"main\"\n"

#define TAIL                                                              \
	"%main = OpFunction %void None %fnty\n"                               \
	"%entry = OpLabel\n"                                                  \
	"OpReturn\n"                                                          \
	"OpFunctionEnd\n"

/* float3 a[2], and a 3-vector of a typedef (the array form of a vector). */
static const char vector_text[] =
	HEAD("OpenCL.DebugInfo.100")
	"%src = OpString \"k.cl\"\n"
	"%s_float = OpString \"float\"\n"
	"%s_real = OpString \"real\"\n"
	"%s_a = OpString \"a\"\n"
	"%void = OpTypeVoid\n"
	"%uint = OpTypeInt 32 0\n"
	"%fnty = OpTypeFunction %void\n"
	"%uint_2 = OpConstant %uint 2\n"
	"%uint_32 = OpConstant %uint 32\n"
	"%dsrc = OpExtInst %void %1 DebugSource %src\n"
	"%cu = OpExtInst %void %1 DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n"
	"%t_float = OpExtInst %void %1 DebugTypeBasic %s_float %uint_32 Float\n"
	"%t_real = OpExtInst %void %1 DebugTypedef %s_real %t_float %dsrc 1 1 %cu\n"
	"%t_v3 = OpExtInst %void %1 DebugTypeVector %t_float 3\n"
	"%t_v4 = OpExtInst %void %1 DebugTypeVector %t_float 4\n"
	"%t_v3real = OpExtInst %void %1 DebugTypeVector %t_real 3\n"
	"%t_arr = OpExtInst %void %1 DebugTypeArray %t_v3 %uint_2\n"
	"%dinone = OpExtInst %void %1 DebugInfoNone\n"
	"%v_a = OpExtInst %void %1 DebugGlobalVariable %s_a %t_arr %dsrc 2 1 %cu %s_a %dinone FlagIsDefinition\n"
	TAIL;

/* A method with `this` and a static one, declared in struct S. */
static const char method_text[] =
	HEAD("OpenCL.DebugInfo.100")
	"%src = OpString \"k.clcpp\"\n"
	"%s_int = OpString \"int\"\n"
	"%s_S = OpString \"S\"\n"
	"%s_x = OpString \"x\"\n"
	"%s_get = OpString \"get\"\n"
	"%s_stat = OpString \"stat\"\n"
	"%void = OpTypeVoid\n"
	"%uint = OpTypeInt 32 0\n"
	"%fnty = OpTypeFunction %void\n"
	"%uint_0 = OpConstant %uint 0\n"
	"%uint_32 = OpConstant %uint 32\n"
	"%dsrc = OpExtInst %void %1 DebugSource %src\n"
	"%cu = OpExtInst %void %1 DebugCompilationUnit 65536 5 %dsrc CPP_for_OpenCL\n"
	"%t_int = OpExtInst %void %1 DebugTypeBasic %s_int %uint_32 Signed\n"
	"%t_S = OpExtInst %void %1 DebugTypeComposite %s_S Structure %dsrc 1 8 %cu %s_S %uint_32 None %m_x\n"
	"%m_x = OpExtInst %void %1 DebugTypeMember %s_x %t_int %dsrc 2 7 %t_S %uint_0 %uint_32 FlagIsPublic\n"
	"%t_this = OpExtInst %void %1 DebugTypePointer %t_S Generic FlagArtificial|FlagObjectPointer\n"
	"%t_fn_get = OpExtInst %void %1 DebugTypeFunction None %t_int %t_this %t_int\n"
	"%d_get = OpExtInst %void %1 DebugFunctionDeclaration %s_get %t_fn_get %dsrc 3 7 %t_S %s_get FlagPrototyped\n"
	"%t_fn_stat = OpExtInst %void %1 DebugTypeFunction None %t_int %t_int\n"
	"%d_stat = OpExtInst %void %1 DebugFunctionDeclaration %s_stat %t_fn_stat %dsrc 4 14 %t_S %s_stat FlagPrototyped|FlagStaticMember\n"
	TAIL;

/* f is a DebugFunction without FlagIsDefinition and without code (100);
 * g the same in 1.00; h has no code but is a definition (inlined away). */
static const char decl100_text[] =
	HEAD("OpenCL.DebugInfo.100")
	"%src = OpString \"k.cl\"\n"
	"%s_int = OpString \"int\"\n"
	"%s_f = OpString \"f\"\n"
	"%s_h = OpString \"h\"\n"
	"%void = OpTypeVoid\n"
	"%uint = OpTypeInt 32 0\n"
	"%fnty = OpTypeFunction %void\n"
	"%uint_32 = OpConstant %uint 32\n"
	"%dinone = OpExtInst %void %1 DebugInfoNone\n"
	"%dsrc = OpExtInst %void %1 DebugSource %src\n"
	"%cu = OpExtInst %void %1 DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n"
	"%t_int = OpExtInst %void %1 DebugTypeBasic %s_int %uint_32 Signed\n"
	"%t_fn = OpExtInst %void %1 DebugTypeFunction None %t_int %t_int %t_int\n"
	"%df = OpExtInst %void %1 DebugFunction %s_f %t_fn %dsrc 1 5 %cu %s_f FlagPrototyped 1 %dinone\n"
	"%dh = OpExtInst %void %1 DebugFunction %s_h %t_fn %dsrc 2 5 %cu %s_h FlagIsDefinition|FlagPrototyped 2 %dinone\n"
	TAIL;

static const char decl10_text[] =
	HEAD("DebugInfo")
	"%src = OpString \"k.cl\"\n"
	"%s_int = OpString \"int\"\n"
	"%s_g = OpString \"g\"\n"
	"%void = OpTypeVoid\n"
	"%uint = OpTypeInt 32 0\n"
	"%fnty = OpTypeFunction %void\n"
	"%uint_32 = OpConstant %uint 32\n"
	"%dinone = OpExtInst %void %1 DebugInfoNone\n"
	"%cu = OpExtInst %void %1 DebugCompilationUnit %src 65536 4\n"
	"%t_int = OpExtInst %void %1 DebugTypeBasic %s_int %uint_32 Signed\n"
	"%t_fn = OpExtInst %void %1 DebugTypeFunction %t_int %t_int\n"
	"%dg = OpExtInst %void %1 DebugFunction %s_g %t_fn %src 1 5 %cu %s_g FlagPrototyped 1 %dinone\n"
	TAIL;

/* Macros of k.cl and k.h interleaved, and a command-line one last. */
static const char macro_text[] =
	HEAD("OpenCL.DebugInfo.100")
	"%src = OpString \"k.cl\"\n"
	"%hdr = OpString \"k.h\"\n"
	"%s_A = OpString \"A\"\n"
	"%s_B = OpString \"B\"\n"
	"%s_C = OpString \"C\"\n"
	"%s_E = OpString \"E\"\n"
	"%s_1 = OpString \"1\"\n"
	"%void = OpTypeVoid\n"
	"%fnty = OpTypeFunction %void\n"
	"%dsrc = OpExtInst %void %1 DebugSource %src\n"
	"%dhdr = OpExtInst %void %1 DebugSource %hdr\n"
	"%cu = OpExtInst %void %1 DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n"
	"%mA = OpExtInst %void %1 DebugMacroDef %dsrc 1 %s_A %s_1\n"
	"%mB = OpExtInst %void %1 DebugMacroDef %dhdr 1 %s_B %s_1\n"
	"%mC = OpExtInst %void %1 DebugMacroDef %dsrc 3 %s_C %s_1\n"
	"%uB = OpExtInst %void %1 DebugMacroUndef %dhdr 2 %mB\n"
	"%mE = OpExtInst %void %1 DebugMacroDef %dsrc 0 %s_E %s_1\n"
	TAIL;

/* ---- looking things up in the lowered unit ---- */

static const char *name_of(const hd_die *d)
{
	const hd_attr *a = d ? hd_die_attr(d, DW_AT_name) : NULL;
	return a ? a->s : NULL;
}

/* The first DIE with tag (and name, unless NULL) in d's subtree. */
static const hd_die *find(const hd_die *d, uint16_t tag, const char *name)
{
	for (const hd_die *c = d ? d->first_child : NULL; c; c = c->next) {
		const hd_die *r;
		if (c->tag == tag && (!name || (name_of(c) && strcmp(name_of(c), name) == 0)))
			return c;
		if ((r = find(c, tag, name)))
			return r;
	}
	return NULL;
}

static const hd_die *nth_child(const hd_die *d, uint16_t tag, unsigned nth)
{
	for (const hd_die *c = d ? d->first_child : NULL; c; c = c->next)
		if (c->tag == tag && nth-- == 0)
			return c;
	return NULL;
}

static uint64_t attr_u(const hd_die *d, uint16_t name)
{
	const hd_attr *a = d ? hd_die_attr(d, name) : NULL;
	return a ? a->u : UINT64_MAX;
}

static const hd_die *attr_ref(const hd_die *d, uint16_t name)
{
	const hd_attr *a = d ? hd_die_attr(d, name) : NULL;
	return a ? a->ref : NULL;
}

static hd_lowered *lower(const char *text, hd_spv_module **mp)
{
	hd_lower_options o = { HD_PROFILE_AMDGPU_V0, 0, 64 };
	hd_lowered *l = NULL;
	hd_status st;
	hd_spv_module *m = lower_test_load(text);

	*mp = m;
	if (!m || hd_di_validate(m) != 0) {
		printf("# the module does not load or validate\n");
		return NULL;
	}
	hd_status_clear(&st);
	if (hd_lower(m, &o, &l, &st) != 0)
		printf("# hd_lower: %s: %s\n", st.code, st.msg);
	return l;
}

static void done(hd_lowered *l, hd_spv_module *m)
{
	hd_lowered_free(l);
	hd_spv_free(m);
}

/* ---- tests ---- */

/* OpenCL C 6.1.5: a 3-component vector is stored as 4, so its type's size
 * is 16 bytes for float3, and the elements of float3 a[2] are 16 apart. */
static void test_vector3(void)
{
	hd_spv_module *m;
	hd_lowered *l = lower(vector_text, &m);
	const hd_die *v3, *v4, *arr, *gnu;

	OK(l != NULL, "vector module lowers");
	if (!l)
		return done(l, m);
	v3 = find(l->unit.root, DW_TAG_base_type, "float3");
	v4 = find(l->unit.root, DW_TAG_base_type, "float4");
	EQ_U64(attr_u(v3, DW_AT_byte_size), 16, "float3: byte_size 16, its storage");
	EQ_U64(attr_u(v4, DW_AT_byte_size), 16, "float4: byte_size 16");
	OK(attr_u(v3, 0x3e0c) == 3, "float3: still 3 elements (DW_AT_LLVM_vector_size)");
	arr = find(l->unit.root, DW_TAG_variable, "a");
	arr = attr_ref(arr, DW_AT_type);
	OK(arr && arr->tag == DW_TAG_array_type && attr_ref(arr, DW_AT_type) == v3,
	   "a is an array of float3");
	gnu = NULL;
	for (const hd_die *c = l->unit.root->first_child; c; c = c->next)
		if (c->tag == DW_TAG_array_type && hd_die_attr(c, DW_AT_GNU_vector))
			gnu = c;
	EQ_U64(attr_u(gnu, DW_AT_byte_size), 16, "vector of 3 typedefs: byte_size 16");
	done(l, m);
}

/* DWARF 5 5.7.8: the declaration of a non-static method names its object
 * parameter, which is artificial (2.11). */
static void test_method_this(void)
{
	hd_spv_module *m;
	hd_lowered *l = lower(method_text, &m);
	const hd_die *get, *stat, *p0, *p1;

	OK(l != NULL, "method module lowers");
	if (!l)
		return done(l, m);
	get = find(l->unit.root, DW_TAG_subprogram, "get");
	stat = find(l->unit.root, DW_TAG_subprogram, "stat");
	p0 = nth_child(get, DW_TAG_formal_parameter, 0);
	p1 = nth_child(get, DW_TAG_formal_parameter, 1);
	OK(p0 && hd_die_attr(p0, DW_AT_artificial), "get: `this` is artificial");
	OK(p1 && !hd_die_attr(p1, DW_AT_artificial), "get: its int parameter is not");
	OK(p0 && attr_ref(get, DW_AT_object_pointer) == p0,
	   "get: DW_AT_object_pointer names `this`");
	OK(stat && !hd_die_attr(stat, DW_AT_object_pointer) &&
	   !hd_die_attr(nth_child(stat, DW_TAG_formal_parameter, 0), DW_AT_artificial),
	   "stat: no object pointer, no artificial parameter");
	done(l, m);
}

/* DWARF 5 3.3.1: a function described but not defined is a declaration. */
static void test_declaration(const char *text, const char *name, const char *what)
{
	hd_spv_module *m;
	hd_lowered *l = lower(text, &m);
	const hd_die *f;
	char buf[128];

	snprintf(buf, sizeof buf, "%s: module lowers", what);
	OK(l != NULL, buf);
	if (!l)
		return done(l, m);
	f = find(l->unit.root, DW_TAG_subprogram, name);
	snprintf(buf, sizeof buf, "%s: %s has DW_AT_declaration", what, name);
	OK(f && hd_die_attr(f, DW_AT_declaration), buf);
	snprintf(buf, sizeof buf, "%s: %s has its type's parameters", what, name);
	OK(nth_child(f, DW_TAG_formal_parameter, 0) != NULL, buf);
	snprintf(buf, sizeof buf, "%s: %s has no code", what, name);
	OK(f && !hd_die_attr(f, DW_AT_low_pc), buf);
	done(l, m);
}

static void test_definition_without_code(void)
{
	hd_spv_module *m;
	hd_lowered *l = lower(decl100_text, &m);
	const hd_die *h = l ? find(l->unit.root, DW_TAG_subprogram, "h") : NULL;

	OK(h && !hd_die_attr(h, DW_AT_declaration) &&
	   !nth_child(h, DW_TAG_formal_parameter, 0),
	   "h, a definition without code, stays a definition without type parameters");
	done(l, m);
}

/* DWARF 5 6.3: the entries are the preprocessor's actions, in order. */
static void test_macro_order(void)
{
	static const struct {
		uint8_t op;
		uint32_t line;
		const char *text;  /* define/undef text, or start_file's file name */
	} want[] = {
		{ DW_MACRO_define, 0, "E 1" },
		{ DW_MACRO_start_file, 0, "k.cl" },
		{ DW_MACRO_define, 1, "A 1" },
		{ DW_MACRO_start_file, 0, "k.h" },
		{ DW_MACRO_define, 1, "B 1" },
		{ DW_MACRO_end_file, 0, NULL },
		{ DW_MACRO_define, 3, "C 1" },
		{ DW_MACRO_start_file, 0, "k.h" },
		{ DW_MACRO_undef, 2, "B" },
		{ DW_MACRO_end_file, 0, NULL },
		{ DW_MACRO_end_file, 0, NULL },
	};
	size_t n = sizeof want / sizeof want[0];
	hd_spv_module *m;
	hd_lowered *l = lower(macro_text, &m);
	int same = 1;

	OK(l != NULL, "macro module lowers");
	if (!l)
		return done(l, m);
	EQ_U64(l->unit.nmacros, n, "macros: one entry per action and file boundary");
	for (size_t i = 0; same && i < n && i < l->unit.nmacros; i++) {
		const hd_dw_macro *g = &l->unit.macros[i];
		const char *text = g->op == DW_MACRO_start_file ?
		                   l->unit.lines.files[g->file].name : g->text;
		same = g->op == want[i].op && g->line == want[i].line &&
		       (!want[i].text || (text && strcmp(text, want[i].text) == 0));
		if (!same)
			printf("# entry %zu: op %u line %u %s\n", i, g->op, g->line,
			       text ? text : "");
	}
	OK(same && l->unit.nmacros == n, "macros: module order, k.h entered where it was");
	done(l, m);
}

int main(void)
{
	tap_begin();
	test_vector3();
	test_method_this();
	test_declaration(decl100_text, "f", "100");
	test_declaration(decl10_text, "g", "1.00");
	test_definition_without_code();
	test_macro_order();
	return tap_end();
}
