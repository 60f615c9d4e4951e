/* The interpreter's side of the watches (reference/watch, docs/watch-format.md):
 * hand-written kernels whose variables must read as the source sees them,
 * through their DebugTypes with the OpenCL C layout, at the stops the
 * format defines. */
#include <stdlib.h>
#include <string.h>

#include "lower_test.h"
#include "tap.h"
#include "watch/watch.h"

#define HEAD \
	"OpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\n" \
	"%1 = OpExtInstImport \"OpenCL.DebugInfo.100\"\n" \
	"OpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\n" \
	"%src = OpString \"k.cl\"\n%s_int = OpString \"int\"\n%s_float = OpString \"float\"\n" \
	"%s_main = OpString \"main\"\n" \
	"%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%float = OpTypeFloat 32\n" \
	"%fnty = OpTypeFunction %void\n" \
	"%uint_0 = OpConstant %uint 0\n%uint_1 = OpConstant %uint 1\n%uint_2 = OpConstant %uint 2\n" \
	"%uint_3 = OpConstant %uint 3\n%uint_5 = OpConstant %uint 5\n%uint_32 = OpConstant %uint 32\n" \
	"%dsrc = OpExtInst %void %1 DebugSource %src\n" \
	"%cu = OpExtInst %void %1 DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n" \
	"%t_int = OpExtInst %void %1 DebugTypeBasic %s_int %uint_32 Signed\n" \
	"%t_float = OpExtInst %void %1 DebugTypeBasic %s_float %uint_32 Float\n" \
	"%t_fn = OpExtInst %void %1 DebugTypeFunction None %void\n" \
	"%dmain = OpExtInst %void %1 DebugFunction %s_main %t_fn %dsrc 1 1 %cu %s_main " \
	"FlagIsDefinition 1 %main\n" \
	"%expr = OpExtInst %void %1 DebugExpression\n"

/* The watch of text with the default inputs; NULL when it cannot be made. */
static char *watch_of(const char *text)
{
	hd_spv_module *m = lower_test_load(text);
	hd_exec_config c;
	hd_status st;
	hd_buf out;
	char *s = NULL;

	if (m == NULL)
		return NULL;
	hd_exec_config_default(&c);
	hd_buf_init(&out);
	if (hd_watch_write(m, NULL, &c, &out, &st) != 0)
		printf("# watch: %s\n", st.msg);
	else if (!out.failed)
		s = strdup(hd_buf_str(&out));
	hd_buf_free(&out);
	hd_spv_free(m);
	return s;
}

/* Whether the watch has this exact line. */
static int has_line(const char *watch, const char *line)
{
	size_t n = strlen(line);
	for (const char *p = watch; p != NULL && *p; p = strchr(p, '\n'), p = p ? p + 1 : p)
		if (strncmp(p, line, n) == 0 && (p[n] == '\n' || p[n] == '\0'))
			return 1;
	if (watch != NULL)
		printf("# no line \"%s\" in:\n# %.600s\n", line, watch);
	return 0;
}

#define HAS(w, line, name) tap_ok(has_line((w), (line)), __FILE__, __LINE__, (name))

/* Whether stop number k of the watch has this line. */
static int stop_has(const char *watch, int k, const char *line)
{
	char head[32];
	const char *p, *end;
	size_t n = strlen(line);

	snprintf(head, sizeof head, "stop %d ", k);
	p = watch != NULL ? strstr(watch, head) : NULL;
	if (p == NULL)
		return 0;
	end = strstr(p + 1, "\nstop ");
	for (p = strchr(p, '\n'); p != NULL && (end == NULL || p < end); p = strchr(p + 1, '\n'))
		if (strncmp(p + 1, line, n) == 0 && (p[1 + n] == '\n' || p[1 + n] == '\0'))
			return 1;
	printf("# stop %d has no line \"%s\"\n", k, line);
	return 0;
}

#define STOP_HAS(w, k, line, name) \
	tap_ok(stop_has((w), (k), (line)), __FILE__, __LINE__, (name))

/* A struct in memory, read through its DebugType: bit-fields, an enum, a
 * float3 array whose elements are 16 bytes apart (OpenCL C 6.1.5). */
static void test_struct_layout(void)
{
	char *w = watch_of(HEAD
		"%s_P = OpString \"P\"\n%s_a = OpString \"a\"\n%s_b = OpString \"b\"\n"
		"%s_v = OpString \"v\"\n%s_e = OpString \"e\"\n%s_E = OpString \"E\"\n"
		"%s_ONE = OpString \"ONE\"\n%s_TWO = OpString \"TWO\"\n%s_p = OpString \"p\"\n"
		"%v3 = OpTypeVector %float 3\n%arr = OpTypeArray %v3 %uint_2\n"
		"%P = OpTypeStruct %uint %arr %uint\n%ptr_P = OpTypePointer Function %P\n"
		"%uint_78 = OpConstant %uint 78\n"
		"%f1 = OpConstant %float 1\n%f2 = OpConstant %float 2\n%f3 = OpConstant %float 3\n"
		"%f4 = OpConstant %float 4\n%f5 = OpConstant %float 5\n%f6 = OpConstant %float 6\n"
		"%c0 = OpConstantComposite %v3 %f1 %f2 %f3\n%c1 = OpConstantComposite %v3 %f4 %f5 %f6\n"
		"%ca = OpConstantComposite %arr %c0 %c1\n%cp = OpConstantComposite %P %uint_78 %ca %uint_2\n"
		"%uint_128 = OpConstant %uint 128\n%uint_256 = OpConstant %uint 256\n"
		"%uint_384 = OpConstant %uint 384\n%uint_512 = OpConstant %uint 512\n"
		"%t_v3 = OpExtInst %void %1 DebugTypeVector %t_float 3\n"
		"%t_arr = OpExtInst %void %1 DebugTypeArray %t_v3 %uint_2\n"
		"%t_E = OpExtInst %void %1 DebugTypeEnum %s_E %t_int %dsrc 1 1 %cu %uint_32 None "
		"%uint_1 %s_ONE %uint_2 %s_TWO\n"
		"%t_P = OpExtInst %void %1 DebugTypeComposite %s_P Structure %dsrc 1 1 %cu %s_P "
		"%uint_512 None %m_a %m_b %m_v %m_e\n"
		"%m_a = OpExtInst %void %1 DebugTypeMember %s_a %t_int %dsrc 1 1 %t_P %uint_0 %uint_3 "
		"FlagIsPublic\n"
		"%m_b = OpExtInst %void %1 DebugTypeMember %s_b %t_int %dsrc 1 1 %t_P %uint_3 %uint_5 "
		"FlagIsPublic\n"
		"%m_v = OpExtInst %void %1 DebugTypeMember %s_v %t_arr %dsrc 1 1 %t_P %uint_128 "
		"%uint_256 FlagIsPublic\n"
		"%m_e = OpExtInst %void %1 DebugTypeMember %s_e %t_E %dsrc 1 1 %t_P %uint_384 "
		"%uint_32 FlagIsPublic\n"
		"%lv_p = OpExtInst %void %1 DebugLocalVariable %s_p %t_P %dsrc 2 1 %dmain None\n"
		"%main = OpFunction %void None %fnty\n%entry = OpLabel\n"
		"%p = OpVariable %ptr_P Function\n"
		"%sc = OpExtInst %void %1 DebugScope %dmain\n"
		"%dd = OpExtInst %void %1 DebugDeclare %lv_p %p %expr\n"
		"OpLine %src 3 1\nOpStore %p %cp\nOpLine %src 4 1\nOpReturn\nOpFunctionEnd\n");

	HAS(w, "  p [0-63] = <unset>", "memory never written is <unset>");
	HAS(w, "  p [0-63] = {a = -2, b = 9, v = {{1, 2, 3}, {4, 5, 6}}, e = TWO}",
	    "bit-fields, a float3 array 16 bytes a step, an enum by name");
	free(w);
}

/* DebugValue: a part by Indexes, bits by Fragment, OpUndef unsetting; an
 * inner block's variable hides the outer one of the same name. */
static void test_values_and_scopes(void)
{
	char *w = watch_of(HEAD
		"%s_S = OpString \"S\"\n%s_a = OpString \"a\"\n%s_b = OpString \"b\"\n"
		"%s_s = OpString \"s\"\n%s_x = OpString \"x\"\n"
		"%uint_64 = OpConstant %uint 64\n%undef = OpUndef %uint\n"
		"%t_S = OpExtInst %void %1 DebugTypeComposite %s_S Structure %dsrc 1 1 %cu %s_S "
		"%uint_64 None %m_a %m_b\n"
		"%m_a = OpExtInst %void %1 DebugTypeMember %s_a %t_int %dsrc 1 1 %t_S %uint_0 %uint_32 "
		"FlagIsPublic\n"
		"%m_b = OpExtInst %void %1 DebugTypeMember %s_b %t_int %dsrc 1 1 %t_S %uint_32 %uint_32 "
		"FlagIsPublic\n"
		"%frag = OpExtInst %void %1 DebugOperation Fragment 32 32\n"
		"%efrag = OpExtInst %void %1 DebugExpression %frag\n"
		"%lb = OpExtInst %void %1 DebugLexicalBlock %dsrc 5 1 %dmain\n"
		"%lv_s = OpExtInst %void %1 DebugLocalVariable %s_s %t_S %dsrc 2 1 %dmain None\n"
		"%lv_x = OpExtInst %void %1 DebugLocalVariable %s_x %t_int %dsrc 3 1 %dmain None\n"
		"%lv_x2 = OpExtInst %void %1 DebugLocalVariable %s_x %t_float %dsrc 6 1 %lb None\n"
		"%main = OpFunction %void None %fnty\n%entry = OpLabel\n"
		"%sc = OpExtInst %void %1 DebugScope %dmain\n"
		"OpLine %src 3 1\n"
		"%v1 = OpIAdd %uint %uint_2 %uint_3\n"
		"%d1 = OpExtInst %void %1 DebugValue %lv_s %v1 %expr %uint_1\n"
		"%d2 = OpExtInst %void %1 DebugValue %lv_x %v1 %expr\n"
		"OpLine %src 4 1\n"
		"%v2 = OpIAdd %uint %v1 %uint_1\n"
		"%d3 = OpExtInst %void %1 DebugValue %lv_s %v2 %efrag\n"
		"%d4 = OpExtInst %void %1 DebugValue %lv_s %v2 %expr %uint_0\n"
		"%d5 = OpExtInst %void %1 DebugValue %lv_x %undef %expr\n"
		"OpLine %src 5 1\n"
		"%v3 = OpIAdd %uint %v2 %uint_1\n"
		"%sc2 = OpExtInst %void %1 DebugScope %lb\n"
		"OpLine %src 6 1\nOpNop\nOpLine %src 7 1\nOpReturn\nOpFunctionEnd\n");

	STOP_HAS(w, 2, "  s [0-63] = {a = <unset>, b = 5}", "Indexes 1 sets b alone");
	STOP_HAS(w, 3, "  s [0-63] = {a = 6, b = 6}", "a Fragment and Indexes 0 set the other bits");
	STOP_HAS(w, 2, "  x [0-63] = 5", "a whole DebugValue");
	STOP_HAS(w, 3, "  x [0-63] = <unset>", "OpUndef makes a variable unset again");
	STOP_HAS(w, 4, "  x [0-63] = <unset>", "an inner block's x (never given a value) hides "
	                                       "the outer one");
	tap_ok(w != NULL && strstr(w, "stop 5 main k.cl:7:1") != NULL, __FILE__, __LINE__,
	       "a stop at each new source position");
	free(w);
}

/* Work-items that see different values are listed apart. */
static void test_lanes(void)
{
	char *w = watch_of("OpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\n"
			"%1 = OpExtInstImport \"OpenCL.DebugInfo.100\"\n"
			"OpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\n"
			"%src = OpString \"k.cl\"\n%s_int = OpString \"int\"\n%s_main = OpString \"main\"\n"
			"%s_i = OpString \"i\"\nOpDecorate %gid BuiltIn GlobalInvocationId\n"
			"%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%ulong = OpTypeInt 64 0\n"
			"%v3l = OpTypeVector %ulong 3\n%ptr_in = OpTypePointer Input %v3l\n"
			"%fnty = OpTypeFunction %void\n%uint_1 = OpConstant %uint 1\n"
			"%uint_32 = OpConstant %uint 32\n%gid = OpVariable %ptr_in Input\n"
			"%dsrc = OpExtInst %void %1 DebugSource %src\n"
			"%cu = OpExtInst %void %1 DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n"
			"%t_ul = OpExtInst %void %1 DebugTypeBasic %s_int %uint_32 Unsigned\n"
			"%t_fn = OpExtInst %void %1 DebugTypeFunction None %void\n"
			"%dmain = OpExtInst %void %1 DebugFunction %s_main %t_fn %dsrc 1 1 %cu %s_main "
			"FlagIsDefinition 1 %main\n%expr = OpExtInst %void %1 DebugExpression\n"
			"%lv_i = OpExtInst %void %1 DebugLocalVariable %s_i %t_ul %dsrc 2 1 %dmain None\n"
			"%main = OpFunction %void None %fnty\n%entry = OpLabel\n"
			"%sc = OpExtInst %void %1 DebugScope %dmain\n"
			"OpLine %src 2 1\n%g = OpLoad %v3l %gid\n%g0 = OpCompositeExtract %ulong %g 0\n"
			"%i = OpUConvert %uint %g0\n%lo = OpBitwiseAnd %uint %i %uint_1\n"
			"%d = OpExtInst %void %1 DebugValue %lv_i %lo %expr\n"
			"OpLine %src 3 1\nOpReturn\nOpFunctionEnd\n");
	HAS(w, "  i [0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48,50,"
	       "52,54,56,58,60,62] = 0", "even work-items on one line");
	HAS(w, "  i [1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,43,45,47,49,51,"
	       "53,55,57,59,61,63] = 1", "odd work-items on another");
	free(w);
}

int main(void)
{
	tap_begin();
	test_struct_layout();
	test_values_and_scopes();
	test_lanes();
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}
