/* OpenCL.std on the interpreter: hand-written kernels call the extended
 * instructions and store their results, checked bit for bit. The values
 * are ones where the result is exact or exactly rounded, so they do not
 * depend on the host's libm (docs/interpreter.md, "OpenCL.std"). */
#include "tap.h"

#include "exec_test.h"

typedef struct want {
	uint32_t idx;
	uint64_t value;
	const char *what;
} want;

static void run_check(const char *name, const char *decls, const char *body, const want *w,
                      size_t n)
{
	hd_exec_config c;
	exec_run t;
	char *text = exec_test_module(decls, body, NULL);
	char what[200];

	exec_test_config(&c);
	exec_test_run(&t, text, &c, NULL);
	snprintf(what, sizeof what, "%s: the run completes", name);
	if (OK(t.rc == 0 && t.o.end == HD_EXEC_COMPLETED, what)) {
		for (size_t i = 0; i < n; i++) {
			snprintf(what, sizeof what, "%s: %s", name, w[i].what);
			EQ_U64(exec_test_elem(&t, 0, w[i].idx, 4), w[i].value, what);
		}
	} else {
		printf("  # %s %s\n", t.o.detail, t.st.msg);
	}
	exec_test_free(&t);
	free(text);
}

static const char float_decls[] =
	"%fm2_5 = OpConstant %float -2.5\n"
	"%fm1_5 = OpConstant %float -1.5\n"
	"%f2_5 = OpConstant %float 2.5\n"
	"%fm2_7 = OpConstant %float -2.7\n"
	"%f5 = OpConstant %float 5\n"
	"%f7 = OpConstant %float 7\n"
	"%f8 = OpConstant %float 8\n"
	"%f10 = OpConstant %float 10\n"
	"%fm7 = OpConstant %float -7\n"
	"%fm8 = OpConstant %float -8\n"
	"%fm3 = OpConstant %float -3\n"
	"%f1_5 = OpConstant %float 1.5\n"
	"%fm1_25 = OpConstant %float -1.25\n"
	"%fmhalf = OpConstant %float -0.5\n"
	"%f3_75 = OpConstant %float 3.75\n"
	"%ftiny = OpConstant %float -1e-10\n"
	"%fpi = OpConstant %float 0x1.921fb6p+1\n"
	"%fma_a = OpConstant %float 0x1.000fcp-24\n"
	"%fma_b = OpConstant %float 0x1.ffe082p-1\n"
	"%int10 = OpConstant %uint 10\n";

static void test_std_math(void)
{
	static const char body[] =
		"%r0 = OpExtInst %float %std fabs %fm2_5\nSTOREF 0 %r0\n"
		"%r1 = OpExtInst %float %std sqrt %f2\nSTOREF 1 %r1\n"
		"%r2 = OpExtInst %float %std floor %fm1_5\nSTOREF 2 %r2\n"
		"%r3 = OpExtInst %float %std ceil %fm1_5\nSTOREF 3 %r3\n"
		"%r4 = OpExtInst %float %std round %f2_5\nSTOREF 4 %r4\n"
		"%r5 = OpExtInst %float %std rint %f2_5\nSTOREF 5 %r5\n"
		"%r6 = OpExtInst %float %std trunc %fm2_7\nSTOREF 6 %r6\n"
		"%r7 = OpExtInst %float %std fmin %fnan %f1\nSTOREF 7 %r7\n"
		"%r8 = OpExtInst %float %std copysign %f2 %fm1\nSTOREF 8 %r8\n"
		"%r9 = OpExtInst %float %std fdim %f5 %f3\nSTOREF 9 %r9\n"
		"%r10 = OpExtInst %float %std fmod %fm7 %f2\nSTOREF 10 %r10\n"
		"%r11 = OpExtInst %float %std remainder %f7 %f2\nSTOREF 11 %r11\n"
		"%r12 = OpExtInst %float %std ldexp %f1_5 %u3\nSTOREF 12 %r12\n"
		"%r13 = OpExtInst %float %std pown %f2 %int10\nSTOREF 13 %r13\n"
		"%r14 = OpExtInst %float %std rootn %fm8 %u3\nSTOREF 14 %r14\n"
		"%r15 = OpExtInst %uint %std ilogb %f8\nSTORE 15 %r15\n"
		"%r16 = OpExtInst %uint %std ilogb %f0\nSTORE 16 %r16\n"
		"%r17 = OpExtInst %float %std nan %u5\nSTOREF 17 %r17\n"
		"%r18 = OpExtInst %float %std nextafter %f1 %f2\nSTOREF 18 %r18\n"
		"%r19 = OpExtInst %float %std fma %fma_a %fma_b %f1\nSTOREF 19 %r19\n"
		"%r20 = OpExtInst %float %std mad %fma_a %fma_b %f1\nSTOREF 20 %r20\n"
		"%pi0 = OpVariable %pfu Function\n"
		"%r21 = OpExtInst %float %std frexp %f8 %pi0\nSTOREF 21 %r21\n"
		"%x21 = OpLoad %uint %pi0\nSTORE 22 %x21\n"
		"%pf0 = OpVariable %pff Function\n"
		"%r23 = OpExtInst %float %std fract %fm1_25 %pf0\nSTOREF 23 %r23\n"
		"%x23 = OpLoad %float %pf0\nSTOREF 24 %x23\n"
		"%r25 = OpExtInst %float %std modf %f3_75 %pf0\nSTOREF 25 %r25\n"
		"%x25 = OpLoad %float %pf0\nSTOREF 26 %x25\n"
		"%r27 = OpExtInst %float %std sincos %f0 %pf0\nSTOREF 27 %r27\n"
		"%x27 = OpLoad %float %pf0\nSTOREF 28 %x27\n"
		"%r29 = OpExtInst %float %std remquo %f7 %f2 %pi0\nSTOREF 29 %r29\n"
		"%x29 = OpLoad %uint %pi0\nSTORE 30 %x29\n"
		"%r31 = OpExtInst %float %std remquo %fm7 %f2 %pi0\nSTOREF 31 %r31\n"
		"%x31 = OpLoad %uint %pi0\nSTORE 32 %x31\n"
		"%r33 = OpExtInst %float %std cospi %fhalf\nSTOREF 33 %r33\n"
		"%r34 = OpExtInst %float %std sinpi %f1_5\nSTOREF 34 %r34\n"
		"%r35 = OpExtInst %float %std exp %f0\nSTOREF 35 %r35\n"
		"%r36 = OpExtInst %float %std hypot %f3 %f4\nSTOREF 36 %r36\n"
		"%r37 = OpExtInst %float %std maxmag %fm3 %f2\nSTOREF 37 %r37\n"
		"%r38 = OpExtInst %float %std minmag %fm3 %f2\nSTOREF 38 %r38\n"
		"%r39 = OpExtInst %float %std fract %ftiny %pf0\nSTOREF 39 %r39\n"
		"%r40 = OpExtInst %float %std lgamma_r %fhalf %pi0\n"
		"%r41 = OpExtInst %float %std lgamma_r %fmhalf %pi0\n%x41 = OpLoad %uint %pi0\n"
		"STORE 41 %x41\n"
		"%r42 = OpExtInst %float %std native_recip %f4\nSTOREF 42 %r42\n"
		"%r43 = OpExtInst %float %std half_divide %f1 %f4\nSTOREF 43 %r43\n"
		"%r44 = OpExtInst %float %std exp10 %f2\nSTOREF 44 %r44\n"
		"%r45 = OpExtInst %float %std powr %fm1 %f2\nSTOREF 45 %r45\n"
		"%r46 = OpExtInst %float %std fmax %f1 %f3\nSTOREF 46 %r46\n"
		"%r47 = OpExtInst %float %std rsqrt %f4\nSTOREF 47 %r47\n";
	static const want w[] = {
		{ 0, 0x40200000, "fabs(-2.5)" }, { 1, 0x3fb504f3, "sqrt(2) rounded once" },
		{ 2, 0xc0000000, "floor(-1.5)" }, { 3, 0xbf800000, "ceil(-1.5)" },
		{ 4, 0x40400000, "round(2.5) away from zero" }, { 5, 0x40000000, "rint(2.5) to even" },
		{ 6, 0xc0000000, "trunc(-2.7)" }, { 7, 0x3f800000, "fmin(NaN, 1) is 1" },
		{ 8, 0xc0000000, "copysign(2, -1)" }, { 9, 0x40000000, "fdim(5, 3)" },
		{ 10, 0xbf800000, "fmod(-7, 2)" }, { 11, 0xbf800000, "remainder(7, 2) = -1" },
		{ 12, 0x41400000, "ldexp(1.5, 3)" }, { 13, 0x44800000, "pown(2, 10)" },
		{ 14, 0xc0000000, "rootn(-8, 3) = -2" }, { 15, 3, "ilogb(8)" },
		{ 16, 0x80000000, "ilogb(0) is FP_ILOGB0 = INT_MIN" },
		{ 17, 0x7fc00005, "nan(5): a quiet NaN with the code" },
		{ 18, 0x3f800001, "nextafter(1, 2) at float width" },
		{ 19, 0x3f800001, "fma rounds once where double then float would give 1.0" },
		{ 20, 0x3f800001, "mad rounds once as fma does" },
		{ 21, 0x3f000000, "frexp(8) = 0.5" }, { 22, 4, "frexp(8) writes exponent 4" },
		{ 23, 0x3f400000, "fract(-1.25) = 0.75" }, { 24, 0xc0000000, "fract writes floor -2" },
		{ 25, 0x3f400000, "modf(3.75) = 0.75" }, { 26, 0x40400000, "modf writes 3" },
		{ 27, 0, "sincos(0) = 0" }, { 28, 0x3f800000, "sincos writes cos 1" },
		{ 29, 0xbf800000, "remquo(7, 2) = -1" }, { 30, 4, "remquo(7, 2) writes quotient 4" },
		{ 31, 0x3f800000, "remquo(-7, 2) = 1" }, { 32, 0xfffffffc, "remquo(-7, 2) writes -4" },
		{ 33, 0, "cospi(0.5) is exactly 0" }, { 34, 0xbf800000, "sinpi(1.5) is exactly -1" },
		{ 35, 0x3f800000, "exp(0)" }, { 36, 0x40a00000, "hypot(3, 4)" },
		{ 37, 0xc0400000, "maxmag(-3, 2)" }, { 38, 0x40000000, "minmag(-3, 2)" },
		{ 39, 0x3f7fffff, "fract(-1e-10) stays below 1 at float width" },
		{ 41, 0xffffffff, "lgamma_r(-0.5) writes sign -1" },
		{ 42, 0x3e800000, "native_recip(4)" }, { 43, 0x3e800000, "half_divide(1, 4)" },
		{ 44, 0x42c80000, "exp10(2)" }, { 45, 0x7fc00000, "powr(-1, 2) is NaN" },
		{ 46, 0x40400000, "fmax(1, 3)" }, { 47, 0x3f000000, "rsqrt(4)" },
	};

	run_check("math", float_decls, body, w, sizeof w / sizeof w[0]);
}

static void test_std_common(void)
{
	static const char decls[] =
		"%f5 = OpConstant %float 5\n"
		"%fm3 = OpConstant %float -3\n"
		"%fpi = OpConstant %float 0x1.921fb6p+1\n"
		"%v3a = OpConstantComposite %v3float %f1 %f0 %f0\n"
		"%v3b = OpConstantComposite %v3float %f0 %f1 %f0\n"
		"%v2a = OpConstantComposite %v2float %f3 %f4\n"
		"%v2z = OpConstantComposite %v2float %f0 %f0\n";
	static const char body[] =
		"%r0 = OpExtInst %float %std fclamp %f5 %f0 %f2\nSTOREF 0 %r0\n"
		"%r1 = OpExtInst %float %std degrees %fpi\nSTOREF 1 %r1\n"
		"%r2 = OpExtInst %float %std mix %f1 %f3 %fhalf\nSTOREF 2 %r2\n"
		"%r3 = OpExtInst %float %std step %f1 %fhalf\nSTOREF 3 %r3\n"
		"%r4 = OpExtInst %float %std smoothstep %f0 %f2 %f1\nSTOREF 4 %r4\n"
		"%r5 = OpExtInst %float %std sign %fm3\nSTOREF 5 %r5\n"
		"%c = OpExtInst %v3float %std cross %v3a %v3b\n"
		"%c2 = OpCompositeExtract %float %c 2\nSTOREF 6 %c2\n"
		"%c0 = OpCompositeExtract %float %c 0\nSTOREF 7 %c0\n"
		"%r8 = OpExtInst %float %std length %v2a\nSTOREF 8 %r8\n"
		"%r9 = OpExtInst %float %std distance %v2a %v2z\nSTOREF 9 %r9\n"
		"%n = OpExtInst %v2float %std normalize %v2a\n"
		"%n0 = OpCompositeExtract %float %n 0\nSTOREF 10 %n0\n"
		"%n1 = OpCompositeExtract %float %n 1\nSTOREF 11 %n1\n"
		"%r12 = OpExtInst %float %std fast_length %v2a\nSTOREF 12 %r12\n"
		"%r13 = OpExtInst %float %std radians %f0\nSTOREF 13 %r13\n"
		"%vm = OpExtInst %v2float %std mix %v2a %v2z %fhalf\n"
		"%vm1 = OpCompositeExtract %float %vm 1\nSTOREF 14 %vm1\n";
	static const want w[] = {
		{ 0, 0x40000000, "clamp(5, 0, 2)" }, { 1, 0x43340000, "degrees(pi) = 180" },
		{ 2, 0x40000000, "mix(1, 3, 0.5)" }, { 3, 0, "step(1, 0.5)" },
		{ 4, 0x3f000000, "smoothstep(0, 2, 1)" }, { 5, 0xbf800000, "sign(-3)" },
		{ 6, 0x3f800000, "cross(x, y).z = 1" }, { 7, 0, "cross(x, y).x = 0" },
		{ 8, 0x40a00000, "length((3, 4))" }, { 9, 0x40a00000, "distance((3, 4), 0)" },
		{ 10, 0x3f19999a, "normalize((3, 4)).x = 0.6" },
		{ 11, 0x3f4ccccd, "normalize((3, 4)).y = 0.8" },
		{ 12, 0x40a00000, "fast_length((3, 4))" }, { 13, 0, "radians(0)" },
		{ 14, 0x40000000, "mix of vectors with a scalar a" },
	};

	run_check("common and geometric", decls, body, w, sizeof w / sizeof w[0]);
}

static void test_std_int(void)
{
	static const char decls[] =
		"%m5 = OpConstant %uint 0xfffffffb\n"
		"%m3 = OpConstant %uint 0xfffffffd\n"
		"%m7 = OpConstant %uint 0xfffffff9\n"
		"%m2 = OpConstant %uint 0xfffffffe\n"
		"%u255 = OpConstant %uint 255\n"
		"%u0x10000 = OpConstant %uint 0x10000\n"
		"%u0x40000000 = OpConstant %uint 0x40000000\n"
		"%u0x80000001 = OpConstant %uint 0x80000001\n"
		"%u0x1000003 = OpConstant %uint 0x1000003\n"
		"%uff00 = OpConstant %uint 0xff00ff00\n"
		"%u00ff = OpConstant %uint 0x00ff00ff\n"
		"%u0f0f = OpConstant %uint 0x0f0f0f0f\n"
		"%s1234 = OpConstant %ushort 0x1234\n"
		"%s5678 = OpConstant %ushort 0x5678\n"
		"%lbig = OpConstant %ulong 0x8000000000000000\n"
		"%l4 = OpConstant %ulong 4\n"
		"%va = OpConstantComposite %v4uint %u1 %u2 %u3 %u4\n"
		"%vb = OpConstantComposite %v4uint %u5 %u7 %u8 %u10\n"
		"%vc = OpConstantComposite %v4uint %umin %u0 %um1 %u1\n";
	static const char body[] =
		"%r0 = OpExtInst %uint %std s_abs %m5\nSTORE 0 %r0\n"
		"%r1 = OpExtInst %uint %std s_abs_diff %m3 %u5\nSTORE 1 %r1\n"
		"%r2 = OpExtInst %uint %std s_add_sat %umax %u1\nSTORE 2 %r2\n"
		"%r3 = OpExtInst %uint %std u_add_sat %um1 %u5\nSTORE 3 %r3\n"
		"%r4 = OpExtInst %uint %std s_sub_sat %umin %u1\nSTORE 4 %r4\n"
		"%r5 = OpExtInst %uint %std u_sub_sat %u3 %u5\nSTORE 5 %r5\n"
		"%r6 = OpExtInst %uint %std s_hadd %umax %umax\nSTORE 6 %r6\n"
		"%r7 = OpExtInst %uint %std u_rhadd %u1 %u2\nSTORE 7 %r7\n"
		"%r8 = OpExtInst %uint %std s_clamp %m7 %u0 %u10\nSTORE 8 %r8\n"
		"%r9 = OpExtInst %uint %std clz %u1\nSTORE 9 %r9\n"
		"%r10 = OpExtInst %uint %std ctz %u8\nSTORE 10 %r10\n"
		"%r11 = OpExtInst %uint %std ctz %u0\nSTORE 11 %r11\n"
		"%r12 = OpExtInst %uint %std u_mul_hi %umin %u4\nSTORE 12 %r12\n"
		"%r13 = OpExtInst %uint %std s_mul_hi %m2 %u0x40000000\nSTORE 13 %r13\n"
		"%r14 = OpExtInst %uint %std u_mad_sat %u0x10000 %u0x10000 %u1\nSTORE 14 %r14\n"
		"%r15 = OpExtInst %uint %std rotate %u0x80000001 %u1\nSTORE 15 %r15\n"
		"%r16 = OpExtInst %uint %std u_upsample %s1234 %s5678\nSTORE 16 %r16\n"
		"%r17 = OpExtInst %uint %std popcount %u255\nSTORE 17 %r17\n"
		"%r18 = OpExtInst %uint %std u_mul24 %u0x1000003 %u5\nSTORE 18 %r18\n"
		"%r19 = OpExtInst %uint %std s_mad24 %m2 %u3 %u1\nSTORE 19 %r19\n"
		"%r20 = OpExtInst %uint %std s_max %m7 %u1\nSTORE 20 %r20\n"
		"%r21 = OpExtInst %uint %std u_max %m7 %u1\nSTORE 21 %r21\n"
		"%r22 = OpExtInst %uint %std bitselect %uff00 %u00ff %u0f0f\nSTORE 22 %r22\n"
		"%r23 = OpExtInst %uint %std select %u1 %u2 %u7\nSTORE 23 %r23\n"
		"%vs = OpExtInst %v4uint %std select %va %vb %vc\n"
		"%vs0 = OpCompositeExtract %uint %vs 0\nSTORE 24 %vs0\n"
		"%vs1 = OpCompositeExtract %uint %vs 1\nSTORE 25 %vs1\n"
		"%vs2 = OpCompositeExtract %uint %vs 2\nSTORE 26 %vs2\n"
		"%vs3 = OpCompositeExtract %uint %vs 3\nSTORE 27 %vs3\n"
		"%r28 = OpExtInst %ulong %std u_mul_hi %lbig %l4\n%x28 = OpUConvert %uint %r28\n"
		"STORE 28 %x28\n"
		"%r29 = OpExtInst %uint %std s_mad_sat %umax %u2 %u1\nSTORE 29 %r29\n"
		"%r30 = OpExtInst %uint %std u_abs %m5\nSTORE 30 %r30\n"
		"%r31 = OpExtInst %uint %std s_min %m7 %u1\nSTORE 31 %r31\n";
	static const want w[] = {
		{ 0, 5, "abs(-5)" }, { 1, 8, "abs_diff(-3, 5)" },
		{ 2, 0x7fffffff, "add_sat(INT_MAX, 1)" }, { 3, 0xffffffff, "add_sat(UINT_MAX, 5)" },
		{ 4, 0x80000000, "sub_sat(INT_MIN, 1)" }, { 5, 0, "sub_sat(3u, 5u)" },
		{ 6, 0x7fffffff, "hadd(INT_MAX, INT_MAX) without overflow" }, { 7, 2, "rhadd(1, 2)" },
		{ 8, 0, "clamp(-7, 0, 10)" }, { 9, 31, "clz(1)" }, { 10, 3, "ctz(8)" },
		{ 11, 32, "ctz(0) is the width" }, { 12, 2, "mul_hi(0x80000000u, 4u)" },
		{ 13, 0xffffffff, "mul_hi(-2, 2^30) = -1" }, { 14, 0xffffffff, "mad_sat saturates" },
		{ 15, 3, "rotate(0x80000001, 1)" }, { 16, 0x12345678, "upsample(0x1234, 0x5678)" },
		{ 17, 8, "popcount(255)" }, { 18, 15, "mul24 uses the low 24 bits" },
		{ 19, 0xfffffffb, "mad24(-2, 3, 1)" }, { 20, 1, "s_max(-7, 1)" },
		{ 21, 0xfffffff9, "u_max(0xfffffff9, 1)" }, { 22, 0xf00ff00f, "bitselect" },
		{ 23, 2, "select of scalars: c != 0" }, { 24, 5, "select of vectors: MSB set" },
		{ 25, 2, "select of vectors: 0" }, { 26, 8, "select of vectors: all ones" },
		{ 27, 4, "select of vectors: 1 has no MSB" }, { 28, 2, "mul_hi of 64 bits" },
		{ 29, 0x7fffffff, "s_mad_sat saturates" }, { 30, 0xfffffffb, "u_abs" },
		{ 31, 0xfffffff9, "s_min(-7, 1)" },
	};

	run_check("integer", decls, body, w, sizeof w / sizeof w[0]);
}

/* Vector loads and stores on the out buffer, whose element j starts as j
 * (docs/interpreter.md, "Inputs"); results below element 100. */
static void test_std_vector(void)
{
	static const char decls[] =
		"%l25 = OpConstant %ulong 25\n"
		"%l50 = OpConstant %ulong 50\n"
		"%l240 = OpConstant %ulong 240\n"
		"%l241 = OpConstant %ulong 241\n"
		"%l242 = OpConstant %ulong 242\n"
		"%l243 = OpConstant %ulong 243\n"
		"%l244 = OpConstant %ulong 244\n"
		"%l245 = OpConstant %ulong 245\n"
		"%l260 = OpConstant %ulong 260\n"
		"%fodd = OpConstant %float 0x1.003p+0\n"
		"%fmodd = OpConstant %float -0x1.003p+0\n"
		"%v3f = OpConstantComposite %v3float %f1 %f2 %f3\n"
		"%u20 = OpConstant %uint 20\n"
		"%u30 = OpConstant %uint 30\n"
		"%u40 = OpConstant %uint 40\n"
		"%u50 = OpConstant %uint 50\n"
		"%u60 = OpConstant %uint 60\n"
		"%u70 = OpConstant %uint 70\n"
		"%u80 = OpConstant %uint 80\n"
		"%vx = OpConstantComposite %v4uint %u10 %u20 %u30 %u40\n"
		"%vy = OpConstantComposite %v4uint %u50 %u60 %u70 %u80\n"
		"%m1 = OpConstantComposite %v4uint %u3 %u2 %u1 %u0\n"
		"%m2 = OpConstantComposite %v4uint %u0 %u5 %u2 %u7\n";
	static const char body[] =
		"%v = OpExtInst %v4uint %std vloadn %l50 %out 4\n"
		"%v0 = OpCompositeExtract %uint %v 0\nSTORE 0 %v0\n"
		"%v3 = OpCompositeExtract %uint %v 3\nSTORE 1 %v3\n"
		"%s = OpExtInst %void %std vstoren %v %l25 %out\n"
		"%ph = OpBitcast %pgh %out\n"
		"%h0 = OpExtInst %void %std vstore_half %fodd %l240 %ph\n"
		"%h1 = OpExtInst %void %std vstore_half_r %fodd %l241 %ph RTZ\n"
		"%h2 = OpExtInst %void %std vstore_half_r %fodd %l242 %ph RTP\n"
		"%h3 = OpExtInst %void %std vstore_half_r %fodd %l243 %ph RTN\n"
		"%h4 = OpExtInst %void %std vstore_half_r %fmodd %l244 %ph RTN\n"
		"%h5 = OpExtInst %void %std vstore_half_r %fmodd %l245 %ph RTP\n"
		"%lh = OpExtInst %float %std vload_half %l240 %ph\nSTOREF 2 %lh\n"
		"%pa = OpInBoundsPtrAccessChain %pgh %ph %l260\n"
		"%h6 = OpExtInst %void %std vstorea_halfn %v3f %l1 %pa\n"
		"%la = OpExtInst %v3float %std vloada_halfn %l1 %pa 3\n"
		"%la2 = OpCompositeExtract %float %la 2\nSTOREF 3 %la2\n"
		"%sh = OpExtInst %v4uint %std shuffle %vx %m1\n"
		"%sh0 = OpCompositeExtract %uint %sh 0\nSTORE 4 %sh0\n"
		"%sh3 = OpCompositeExtract %uint %sh 3\nSTORE 5 %sh3\n"
		"%s2 = OpExtInst %v4uint %std shuffle2 %vx %vy %m2\n"
		"%s21 = OpCompositeExtract %uint %s2 1\nSTORE 6 %s21\n"
		"%s23 = OpCompositeExtract %uint %s2 3\nSTORE 7 %s23\n"
		"%s22 = OpCompositeExtract %uint %s2 2\nSTORE 8 %s22\n"
		"%pf = OpExtInst %void %std prefetch %out %l1\n";
	static const want w[] = {
		{ 0, 200, "vload4(50, out).x is out[200]" }, { 1, 203, "vload4(50, out).w" },
		{ 100, 200, "vstore4(v, 25, out) writes out[100]" },
		{ 103, 203, "vstore4 writes out[103]" },
		{ 120, 0x3c003c01, "vstore_half rounds to nearest, _rtz down" },
		{ 121, 0x3c003c01, "vstore_half_rtp up, _rtn down" },
		{ 122, 0xbc00bc01, "negative: _rtn away from zero, _rtp towards" },
		{ 2, 0x3f802000, "vload_half reads the half back" },
		{ 132, 0x40003c00, "vstorea_half3(…, 1, p) starts at half 4 (the aligned stride)" },
		{ 133, 0x00004200, "vstorea_half3 writes 3 halves, not the 4th" },
		{ 3, 0x40400000, "vloada_half3 reads them back" },
		{ 4, 40, "shuffle reverses: component 0 is x.w" }, { 5, 10, "shuffle: w is x.x" },
		{ 6, 60, "shuffle2: index 5 is y.y" }, { 7, 80, "shuffle2: index 7 is y.w" },
		{ 8, 30, "shuffle2: index 2 is x.z" },
	};

	run_check("vector", decls, body, w, sizeof w / sizeof w[0]);
}

/* A UniformConstant string %NAME holding s, as clang emits a format. */
static void string_decl(hd_buf *b, const char *name, const char *s)
{
	size_t n = strlen(s) + 1;

	hd_buf_printf(b, "%%%s_len = OpConstant %%uint %zu\n"
	              "%%%s_arr = OpTypeArray %%uchar %%%s_len\n"
	              "%%%s_ptr = OpTypePointer UniformConstant %%%s_arr\n",
	              name, n, name, name, name, name);
	for (size_t i = 0; i < n; i++)
		hd_buf_printf(b, "%%%s_c%zu = OpConstant %%uchar %u\n", name, i, (unsigned char)s[i]);
	hd_buf_printf(b, "%%%s_init = OpConstantComposite %%%s_arr", name, name);
	for (size_t i = 0; i < n; i++)
		hd_buf_printf(b, " %%%s_c%zu", name, i);
	hd_buf_printf(b, "\n%%%s = OpVariable %%%s_ptr UniformConstant %%%s_init\n", name, name,
	              name);
}

static void test_std_printf(void)
{
	static const char body[] =
		"%fp = OpBitcast %pcu8 %fmt\n"
		"%sp = OpBitcast %pcu8 %str\n"
		"%bp = OpBitcast %pcu8 %bad\n"
		"%vv = OpCompositeConstruct %v2ushort %s1 %sffff\n"
		"%r = OpExtInst %uint %std printf %fp %m7 %um1 %u255 %sp %f1_5 %fhalf %vv %u65\n"
		"STORE 0 %r\n"
		"%r1 = OpExtInst %uint %std printf %bp %u1\nSTORE 1 %r1\n";
	hd_buf decls;
	hd_exec_config c;
	exec_run t;
	char *text;
	const char *out;
	size_t len;
	int cut;

	hd_buf_init(&decls);
	hd_buf_printf(&decls, "%%m7 = OpConstant %%uint 0xfffffff9\n%%u255 = OpConstant %%uint 255\n"
	              "%%u65 = OpConstant %%uint 65\n%%f1_5 = OpConstant %%float 1.5\n"
	              "%%s1 = OpConstant %%ushort 1\n%%sffff = OpConstant %%ushort 0xffff\n"
	              "%%pcu8 = OpTypePointer UniformConstant %%uchar\n");
	string_decl(&decls, "fmt", "n=%d u=%u x=%#x s=%s f=%.2f e=%e v=%v2hd c=%c%%\n");
	string_decl(&decls, "str", "hi");
	string_decl(&decls, "bad", "%q\n");
	text = exec_test_module(hd_buf_str(&decls), body, NULL);
	exec_test_config(&c);
	exec_test_run(&t, text, &c, NULL);
	if (OK(t.rc == 0 && t.o.end == HD_EXEC_COMPLETED, "printf: the run completes")) {
		out = hd_exec_printf(t.x, &len, &cut);
		static const char want_text[] = "n=-7 u=4294967295 x=0xff s=hi f=1.50 "
		                                "e=5.000000e-01 v=1,-1 c=A%\n";
		if (!OK(len == strlen(want_text) && memcmp(out, want_text, len) == 0 && !cut,
		        "printf: d u #x s .2f e v2hd c %% formatted as OpenCL C says"))
			printf("  # got %zu bytes: %.*s", len, (int)len, out);
		EQ_U64(exec_test_elem(&t, 0, 0, 4), 0, "printf: returns 0");
		EQ_U64(exec_test_elem(&t, 0, 1, 4), 0xffffffff,
		       "printf: an unknown conversion returns -1 and prints nothing");
	} else {
		printf("  # %s %s\n", t.o.detail, t.st.msg);
	}
	exec_test_free(&t);
	free(text);
	hd_buf_free(&decls);
}

int main(void)
{
	tap_begin();
	test_std_math();
	test_std_common();
	test_std_int();
	test_std_vector();
	test_std_printf();
	return tap_end();
}
