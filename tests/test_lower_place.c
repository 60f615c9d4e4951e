/* The reference placement of local variables, checked on the software
 * AMDGPU model (docs/lowering-vars.md): for every place the lowering
 * records, distinct bytes go into the placed storage, the variable's
 * lowered location (its exprloc, or the location-list entry holding the
 * place's pc) is evaluated by the reference evaluator for a focused lane,
 * and the bytes read through it must be the ones written. Then one check per
 * storage class and per DebugOperation, in both wave sizes. */
#include "lower_eval.h"

/* A kernel main(uint k, ulong kl) declaring and valuing one variable per
 * storage class and one per DebugOperation; names say which. */
static const char module_text[] =
	"OpCapability Addresses\n"
	"OpCapability Kernel\n"
	"OpCapability Int64\n"
	"%ext = OpExtInstImport \"OpenCL.DebugInfo.100\"\n"
	"OpMemoryModel Physical64 OpenCL\n"
	"OpEntryPoint Kernel %main \"main\"\n"
	"%src = OpString \"v.cl\"\n"
	"%s_int = OpString \"int\"\n"
	"%s_long = OpString \"long\"\n"
	"%s_S = OpString \"S\"\n"
	"%s_a = OpString \"a\"\n"
	"%s_b = OpString \"b\"\n"
	"%s_main = OpString \"main\"\n"
	"%s_x = OpString \"x\"\n"
	"%s_wg = OpString \"wg\"\n"
	"%s_cw = OpString \"cw\"\n"
	"%s_uc = OpString \"uc\"\n"
	"%s_v = OpString \"v\"\n"
	"%s_w = OpString \"w\"\n"
	"%s_k = OpString \"k\"\n"
	"%s_kl = OpString \"kl\"\n"
	"%s_c = OpString \"c\"\n"
	"%s_u = OpString \"u\"\n"
	"%s_deref = OpString \"deref\"\n"
	"%s_plus = OpString \"plus\"\n"
	"%s_minus = OpString \"minus\"\n"
	"%s_puc = OpString \"puc\"\n"
	"%s_swap = OpString \"swap\"\n"
	"%s_idiom = OpString \"idiom\"\n"
	"%s_idiomwg = OpString \"idiomwg\"\n"
	"%s_vminus = OpString \"vminus\"\n"
	"%s_vpuc = OpString \"vpuc\"\n"
	"%s_bp = OpString \"bitpiece\"\n"
	"%s_sv = OpString \"stackvalue\"\n"
	"%s_cu = OpString \"constu\"\n"
	"%s_lone = OpString \"lone\"\n"
	"%s_fr = OpString \"fragment\"\n"
	"%s_st = OpString \"indexes\"\n"
	"%void = OpTypeVoid\n"
	"%uint = OpTypeInt 32 0\n"
	"%ulong = OpTypeInt 64 0\n"
	"%c0 = OpConstant %uint 0\n"
	"%c1 = OpConstant %uint 1\n"
	"%c2 = OpConstant %uint 2\n"
	"%c4 = OpConstant %uint 4\n"
	"%c7 = OpConstant %uint 7\n"
	"%c10 = OpConstant %uint 10\n"
	"%c32 = OpConstant %uint 32\n"
	"%c64 = OpConstant %uint 64\n"
	"%cl1 = OpConstant %ulong 1\n"
	"%arr4 = OpTypeArray %uint %c4\n"
	"%pfn_uint = OpTypePointer Function %uint\n"
	"%pfn_ulong = OpTypePointer Function %ulong\n"
	"%pfn_arr = OpTypePointer Function %arr4\n"
	"%pwg_uint = OpTypePointer Workgroup %uint\n"
	"%pcw_uint = OpTypePointer CrossWorkgroup %uint\n"
	"%puc_uint = OpTypePointer UniformConstant %uint\n"
	"%kty = OpTypeFunction %void %uint %ulong\n"
	"%gwg = OpVariable %pwg_uint Workgroup\n"
	"%gcw = OpVariable %pcw_uint CrossWorkgroup\n"
	"%guc = OpVariable %puc_uint UniformConstant %c7\n"
	"%undef = OpUndef %uint\n"
	"%dnone = OpExtInst %void %ext DebugInfoNone\n"
	"%dsrc = OpExtInst %void %ext DebugSource %src\n"
	"%cu = OpExtInst %void %ext DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n"
	"%t_int = OpExtInst %void %ext DebugTypeBasic %s_int %c32 Signed\n"
	"%t_long = OpExtInst %void %ext DebugTypeBasic %s_long %c64 Signed\n"
	"%t_arr = OpExtInst %void %ext DebugTypeArray %t_int %c4\n"
	"%t_S = OpExtInst %void %ext DebugTypeComposite %s_S Structure %dsrc 1 1 %cu %s_S %c64 FlagIsPublic %m_a %m_b\n"
	"%m_a = OpExtInst %void %ext DebugTypeMember %s_a %t_int %dsrc 1 1 %t_S %c0 %c32 FlagIsPublic\n"
	"%m_b = OpExtInst %void %ext DebugTypeMember %s_b %t_int %dsrc 1 1 %t_S %c32 %c32 FlagIsPublic\n"
	"%t_fn = OpExtInst %void %ext DebugTypeFunction None %void %t_int %t_long\n"
	"%dmain = OpExtInst %void %ext DebugFunction %s_main %t_fn %dsrc 1 1 %cu %s_main FlagIsDefinition 2 %main\n"
	"%dkl = OpExtInst %void %ext DebugLocalVariable %s_kl %t_long %dsrc 1 1 %dmain None 2\n"
	"%dk = OpExtInst %void %ext DebugLocalVariable %s_k %t_int %dsrc 1 1 %dmain None 1\n"
	"%dx = OpExtInst %void %ext DebugLocalVariable %s_x %t_int %dsrc 3 1 %dmain None\n"
	"%dwg = OpExtInst %void %ext DebugLocalVariable %s_wg %t_int %dsrc 3 1 %dmain None\n"
	"%dcw = OpExtInst %void %ext DebugLocalVariable %s_cw %t_int %dsrc 3 1 %dmain None\n"
	"%duc = OpExtInst %void %ext DebugLocalVariable %s_uc %t_int %dsrc 3 1 %dmain None\n"
	"%dv = OpExtInst %void %ext DebugLocalVariable %s_v %t_int %dsrc 3 1 %dmain None\n"
	"%dw = OpExtInst %void %ext DebugLocalVariable %s_w %t_long %dsrc 3 1 %dmain None\n"
	"%dc = OpExtInst %void %ext DebugLocalVariable %s_c %t_int %dsrc 3 1 %dmain None\n"
	"%du = OpExtInst %void %ext DebugLocalVariable %s_u %t_int %dsrc 3 1 %dmain None\n"
	"%dderef = OpExtInst %void %ext DebugLocalVariable %s_deref %t_int %dsrc 3 1 %dmain None\n"
	"%dplus = OpExtInst %void %ext DebugLocalVariable %s_plus %t_int %dsrc 3 1 %dmain None\n"
	"%dminus = OpExtInst %void %ext DebugLocalVariable %s_minus %t_int %dsrc 3 1 %dmain None\n"
	"%dpuc = OpExtInst %void %ext DebugLocalVariable %s_puc %t_int %dsrc 3 1 %dmain None\n"
	"%dswap = OpExtInst %void %ext DebugLocalVariable %s_swap %t_int %dsrc 3 1 %dmain None\n"
	"%didiom = OpExtInst %void %ext DebugLocalVariable %s_idiom %t_int %dsrc 3 1 %dmain None\n"
	"%didiomwg = OpExtInst %void %ext DebugLocalVariable %s_idiomwg %t_int %dsrc 3 1 %dmain None\n"
	"%dvminus = OpExtInst %void %ext DebugLocalVariable %s_vminus %t_int %dsrc 3 1 %dmain None\n"
	"%dvpuc = OpExtInst %void %ext DebugLocalVariable %s_vpuc %t_int %dsrc 3 1 %dmain None\n"
	"%dbp = OpExtInst %void %ext DebugLocalVariable %s_bp %t_int %dsrc 3 1 %dmain None\n"
	"%dsv = OpExtInst %void %ext DebugLocalVariable %s_sv %t_int %dsrc 3 1 %dmain None\n"
	"%dcu = OpExtInst %void %ext DebugLocalVariable %s_cu %t_int %dsrc 3 1 %dmain None\n"
	"%dlone = OpExtInst %void %ext DebugLocalVariable %s_lone %t_int %dsrc 3 1 %dmain None\n"
	"%dfr = OpExtInst %void %ext DebugLocalVariable %s_fr %t_long %dsrc 3 1 %dmain None\n"
	"%dst = OpExtInst %void %ext DebugLocalVariable %s_st %t_S %dsrc 3 1 %dmain None\n"
	"%o_deref = OpExtInst %void %ext DebugOperation Deref\n"
	"%o_plus = OpExtInst %void %ext DebugOperation Plus\n"
	"%o_minus = OpExtInst %void %ext DebugOperation Minus\n"
	"%o_swap = OpExtInst %void %ext DebugOperation Swap\n"
	"%o_xderef = OpExtInst %void %ext DebugOperation Xderef\n"
	"%o_sv = OpExtInst %void %ext DebugOperation StackValue\n"
	"%o_c0 = OpExtInst %void %ext DebugOperation Constu 0\n"
	"%o_c3 = OpExtInst %void %ext DebugOperation Constu 3\n"
	"%o_c4 = OpExtInst %void %ext DebugOperation Constu 4\n"
	"%o_c9 = OpExtInst %void %ext DebugOperation Constu 9\n"
	"%o_c42 = OpExtInst %void %ext DebugOperation Constu 42\n"
	"%o_pu2 = OpExtInst %void %ext DebugOperation PlusUconst 2\n"
	"%o_pu4 = OpExtInst %void %ext DebugOperation PlusUconst 4\n"
	"%o_pu8 = OpExtInst %void %ext DebugOperation PlusUconst 8\n"
	"%o_c1 = OpExtInst %void %ext DebugOperation Constu 1\n"
	"%o_bp = OpExtInst %void %ext DebugOperation BitPiece 8 16\n"
	"%o_f0 = OpExtInst %void %ext DebugOperation Fragment 0 32\n"
	"%o_f1 = OpExtInst %void %ext DebugOperation Fragment 32 32\n"
	"%e0 = OpExtInst %void %ext DebugExpression\n"
	"%e_deref = OpExtInst %void %ext DebugExpression %o_deref\n"
	"%e_plus = OpExtInst %void %ext DebugExpression %o_c4 %o_plus\n"
	"%e_minus = OpExtInst %void %ext DebugExpression %o_pu8 %o_c4 %o_minus\n"
	"%e_puc = OpExtInst %void %ext DebugExpression %o_pu4\n"
	"%e_swap = OpExtInst %void %ext DebugExpression %o_c4 %o_swap %o_plus\n"
	"%e_idiom0 = OpExtInst %void %ext DebugExpression %o_c0 %o_swap %o_xderef\n"
	"%e_idiom3 = OpExtInst %void %ext DebugExpression %o_c3 %o_swap %o_xderef\n"
	"%e_vminus = OpExtInst %void %ext DebugExpression %o_c3 %o_minus %o_sv\n"
	"%e_vpuc = OpExtInst %void %ext DebugExpression %o_pu2 %o_sv\n"
	"%e_bp = OpExtInst %void %ext DebugExpression %o_bp\n"
	"%e_sv = OpExtInst %void %ext DebugExpression %o_c1 %o_plus %o_sv\n"
	"%e_constu = OpExtInst %void %ext DebugExpression %o_c42 %o_sv\n"
	"%e_lone = OpExtInst %void %ext DebugExpression %o_c9 %o_xderef\n"
	"%e_f0 = OpExtInst %void %ext DebugExpression %o_f0\n"
	"%e_f1 = OpExtInst %void %ext DebugExpression %o_f1\n"
	"%main = OpFunction %void None %kty\n"             /* 0 */
	"%pk = OpFunctionParameter %uint\n"                /* 1 */
	"%pkl = OpFunctionParameter %ulong\n"              /* 2 */
	"%entry = OpLabel\n"                               /* 3 */
	"%vx = OpVariable %pfn_uint Function\n"            /* 4 */
	"%vpd = OpVariable %pfn_ulong Function\n"          /* 5 */
	"%varr = OpVariable %pfn_arr Function\n"           /* 6 */
	"%vx2 = OpVariable %pfn_uint Function\n"           /* 7 */
	"%sc = OpExtInst %void %ext DebugScope %dmain\n"
	"%p1 = OpExtInst %void %ext DebugDeclare %dx %vx %e0\n"
	"%p2 = OpExtInst %void %ext DebugDeclare %dwg %gwg %e0\n"
	"%p3 = OpExtInst %void %ext DebugDeclare %dcw %gcw %e0\n"
	"%p4 = OpExtInst %void %ext DebugDeclare %duc %guc %e0\n"
	"%p5 = OpExtInst %void %ext DebugDeclare %dderef %vpd %e_deref\n"
	"%p6 = OpExtInst %void %ext DebugDeclare %dplus %varr %e_plus\n"
	"%p7 = OpExtInst %void %ext DebugDeclare %dminus %varr %e_minus\n"
	"%p8 = OpExtInst %void %ext DebugDeclare %dpuc %varr %e_puc\n"
	"%p9 = OpExtInst %void %ext DebugDeclare %dswap %varr %e_swap\n"
	"%p10 = OpExtInst %void %ext DebugDeclare %didiom %vx2 %e_idiom0\n"
	"%p11 = OpExtInst %void %ext DebugDeclare %didiomwg %gwg %e_idiom3\n"
	"%v1 = OpIAdd %uint %c1 %c2\n"                     /* 8 */
	"%v2 = OpIAdd %ulong %cl1 %cl1\n"                  /* 9 */
	"%v3 = OpIAdd %uint %c2 %c2\n"                     /* 10 */
	"%q1 = OpExtInst %void %ext DebugValue %dv %v1 %e0\n"
	"%q2 = OpExtInst %void %ext DebugValue %dw %v2 %e0\n"
	"%q3 = OpExtInst %void %ext DebugValue %dk %pk %e0\n"
	"%q4 = OpExtInst %void %ext DebugValue %dkl %pkl %e0\n"
	"%q5 = OpExtInst %void %ext DebugValue %dc %c7 %e0\n"
	"%q6 = OpExtInst %void %ext DebugValue %du %undef %e0\n"
	"%q7 = OpExtInst %void %ext DebugValue %dvminus %c10 %e_vminus\n"
	"%q8 = OpExtInst %void %ext DebugValue %dvpuc %c7 %e_vpuc\n"
	"%q9 = OpExtInst %void %ext DebugValue %dbp %v1 %e_bp\n"
	"%q10 = OpExtInst %void %ext DebugValue %dsv %v1 %e_sv\n"
	"%q11 = OpExtInst %void %ext DebugValue %dcu %c7 %e_constu\n"
	"%q12 = OpExtInst %void %ext DebugValue %dlone %c7 %e_lone\n"
	"%q13 = OpExtInst %void %ext DebugValue %dfr %v1 %e_f0\n"
	"OpNop\n"                                          /* 11 */
	"%q14 = OpExtInst %void %ext DebugValue %dfr %v3 %e_f1\n"
	"OpNop\n"                                          /* 12 */
	"%q15 = OpExtInst %void %ext DebugValue %dst %v3 %e0 %c1\n"
	"OpNop\n"                                          /* 13 */
	"OpReturn\n"                                       /* 14 */
	"OpFunctionEnd\n";

/* DebugInfo 1.00: a kernel with a declared local, and f inlined into it
 * with two variables: iv has a DebugInlinedVariable, jv does not. */
static const char module_100_text[] =
	"OpCapability Addresses\n"
	"OpCapability Kernel\n"
	"%ext = OpExtInstImport \"DebugInfo\"\n"
	"OpMemoryModel Physical64 OpenCL\n"
	"OpEntryPoint Kernel %main \"main\"\n"
	"%src = OpString \"w.cl\"\n"
	"%s_int = OpString \"int\"\n"
	"%s_main = OpString \"main\"\n"
	"%s_f = OpString \"f\"\n"
	"%s_p = OpString \"p\"\n"
	"%s_iv = OpString \"iv\"\n"
	"%s_jv = OpString \"jv\"\n"
	"%void = OpTypeVoid\n"
	"%uint = OpTypeInt 32 0\n"
	"%c1 = OpConstant %uint 1\n"
	"%c32 = OpConstant %uint 32\n"
	"%pfn_uint = OpTypePointer Function %uint\n"
	"%fnty = OpTypeFunction %void\n"
	"%dnone = OpExtInst %void %ext DebugInfoNone\n"
	"%cu = OpExtInst %void %ext DebugCompilationUnit %src 65536 5\n"
	"%t_int = OpExtInst %void %ext DebugTypeBasic %s_int %c32 Signed\n"
	"%t_fn = OpExtInst %void %ext DebugTypeFunction %void\n"
	"%dmain = OpExtInst %void %ext DebugFunction %s_main %t_fn %src 1 1 %cu %s_main FlagIsDefinition 2 %main\n"
	"%df = OpExtInst %void %ext DebugFunction %s_f %t_fn %src 10 1 %cu %s_f FlagIsDefinition 11 %dnone\n"
	"%inl = OpExtInst %void %ext DebugInlinedAt 3 %dmain\n"
	"%dp = OpExtInst %void %ext DebugLocalVariable %s_p %t_int %src 2 1 %dmain\n"
	"%div = OpExtInst %void %ext DebugLocalVariable %s_iv %t_int %src 12 1 %df\n"
	"%djv = OpExtInst %void %ext DebugLocalVariable %s_jv %t_int %src 13 1 %df\n"
	"%dinl = OpExtInst %void %ext DebugInlinedVariable %div %inl\n"
	"%e0 = OpExtInst %void %ext DebugExpression\n"
	"%main = OpFunction %void None %fnty\n"            /* 0 */
	"%entry = OpLabel\n"                               /* 1 */
	"%vp = OpVariable %pfn_uint Function\n"            /* 2 */
	"%sc0 = OpExtInst %void %ext DebugScope %dmain\n"
	"%p1 = OpExtInst %void %ext DebugDeclare %dp %vp %e0\n"
	"%v1 = OpIAdd %uint %c1 %c1\n"                     /* 3 */
	"%sc1 = OpExtInst %void %ext DebugScope %df %inl\n"
	"%q1 = OpExtInst %void %ext DebugValue %div %v1 %e0\n"
	"%q2 = OpExtInst %void %ext DebugValue %djv %c1 %e0\n"
	"OpNop\n"                                          /* 4 */
	"%sc2 = OpExtInst %void %ext DebugScope %dmain\n"
	"OpReturn\n"                                       /* 5 */
	"OpFunctionEnd\n";

/* ---- every place ---- */

/* Whether the point's DebugExpression has no operation but Fragment, so
 * the location is exactly the placed storage. */
static int plain_point(const hd_spv_module *m, uint32_t point)
{
	const hd_di_node *x = hd_di_node_of(m, hd_di_operand_id(&m->nodes[point], HD_O_Expression));

	if (!x)
		return 1;
	for (uint32_t i = 0; i < x->nargs; i++) {
		const hd_di_node *o = hd_di_node_of(m, x->args[i]);
		if (!o || o->nargs == 0 || o->args[0] != 9 /* Fragment */)
			return 0;
	}
	return 1;
}

static void check_place(const hd_lowered *l, const hd_spv_module *m, const hd_place *p,
                        unsigned wave)
{
	uint8_t want[64], got[64];
	char name[120];
	env e;

	snprintf(name, sizeof name, "wave%u: %s (%s at pc 0x%llx) reads back its storage", wave,
	         node_name(m, p->node),
	         p->kind == HD_PLACE_MEMORY ? "memory" : p->kind == HD_PLACE_VGPR ? "VGPR" :
	         p->kind == HD_PLACE_SGPR ? "SGPR" : "constant", (unsigned long long)p->pc_begin);
	if (p->size == 0 || p->size > sizeof want) {
		OK(0, name);
		return;
	}
	for (uint32_t i = 0; i < p->size; i++)
		want[i] = p->kind == HD_PLACE_CONSTANT ? (uint8_t)(p->value >> (8 * (i % 8)))
		                                        : (uint8_t)(0xa1 + 0x11 * i + p->node);
	env_init(&e, wave, p->pc_begin);
	write_place(&e, p, want);
	OK(read_var(&e, l, p->die, p->pc_begin, p->var_offset, got, p->size) == 0 &&
	   memcmp(got, want, p->size) == 0, name);
	env_free(&e);
}

static void check_all_places(const hd_lowered *l, const hd_spv_module *m, unsigned wave,
                             unsigned expect)
{
	unsigned n = 0;

	for (uint32_t i = 0; i < l->nplaces; i++) {
		const hd_place *p = &l->places[i];
		if (p->point == UINT32_MAX || p->kind == HD_PLACE_NONE || !plain_point(m, p->point))
			continue;
		check_place(l, m, p, wave);
		n++;
	}
	EQ_U64(n, expect, "places checked");
}

/* ---- one variable at a time ---- */

static uint32_t u32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static const uint8_t bytes8[8] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88 };

/* Storage classes: where each kind of variable was placed. */
static void test_storage(const hd_lowered *l, const hd_spv_module *m, unsigned wave)
{
	const hd_place *x = place_of(l, m, "x", 0), *wg = place_of(l, m, "wg", 0);
	const hd_place *cw = place_of(l, m, "cw", 0), *uc = place_of(l, m, "uc", 0);
	const hd_place *v = place_of(l, m, "v", 0), *w = place_of(l, m, "w", 0);
	const hd_place *k = place_of(l, m, "k", 0), *kl = place_of(l, m, "kl", 0);
	const hd_place *c = place_of(l, m, "c", 0), *u = place_of(l, m, "u", 0);
	uint64_t v0 = wave == 32 ? HD_AMDGPU_VGPR0_W32 : HD_AMDGPU_VGPR0_W64;
	const hd_attr *a;

	OK(x && x->kind == HD_PLACE_MEMORY && x->aspace == HD_ASPACE_PRIVATE_LANE &&
	   x->addr == (HD_LOWER_FRAME_WAVE_OFFSET >> (wave == 32 ? 5 : 6)),
	   "Function: first frame slot in private_lane at the frame's lane address");
	OK(wg && wg->kind == HD_PLACE_MEMORY && wg->aspace == HD_ASPACE_LOCAL, "Workgroup: local");
	OK(cw && cw->kind == HD_PLACE_MEMORY && cw->aspace == HD_ASPACE_GLOBAL,
	   "CrossWorkgroup: global");
	OK(uc && uc->kind == HD_PLACE_MEMORY && uc->aspace == HD_ASPACE_GLOBAL && uc->addr != cw->addr,
	   "UniformConstant: global, its own address");
	OK(v && v->kind == HD_PLACE_VGPR && v->reg == v0 && v->size == 4, "SSA: VGPR0 first");
	OK(w && w->kind == HD_PLACE_VGPR && w->reg == v0 + 1 && w->size == 8,
	   "a 64-bit SSA value: the next two VGPRs");
	OK(k && k->kind == HD_PLACE_SGPR && k->reg == HD_AMDGPU_SGPR0 + 34, "kernel argument: SGPR34");
	OK(kl && kl->kind == HD_PLACE_SGPR && kl->reg == HD_AMDGPU_SGPR0 + 35 && kl->size == 8,
	   "64-bit kernel argument: SGPR35-36");
	OK(c && c->kind == HD_PLACE_CONSTANT && c->value == 7, "constant: implicit 7");
	OK(u && u->kind == HD_PLACE_NONE, "OpUndef: no storage");
	a = x ? hd_die_attr(x->die, DW_AT_location) : NULL;
	OK(a && a->kind == HD_DV_EXPR, "declared only: exprloc");
	a = v ? hd_die_attr(v->die, DW_AT_location) : NULL;
	OK(a && a->kind == HD_DV_LOCLIST, "a DebugValue: location list");
	if (u) {
		const uint8_t *b;
		size_t n;
		OK(location_at(l, u->die, u->pc_begin, &b, &n) == 0 && n == 1 && b[0] == 0xe7,
		   "OpUndef: DW_OP_LLVM_undefined");
	}
	if (l->nfunctions)
		EQ_U64(l->functions[0].frame_size, 36, "frame: x 0, deref's pointer 8, the array 16, idiom 32");
}

/* Formal parameters in Arg Number order, though declared the other way. */
static void test_parameters(const hd_lowered *l)
{
	const hd_die *sp = NULL, *p0 = NULL, *p1 = NULL;

	for (const hd_die *c = l->unit.root->first_child; c; c = c->next)
		if (c->tag == DW_TAG_subprogram)
			sp = c;
	for (const hd_die *c = sp ? sp->first_child : NULL; c; c = c->next)
		if (c->tag == DW_TAG_formal_parameter) {
			if (!p0)
				p0 = c;
			else if (!p1)
				p1 = c;
		}
	OK(p0 && p1 && hd_die_attr(p0, DW_AT_name) && strcmp(hd_die_attr(p0, DW_AT_name)->s, "k") == 0 &&
	   strcmp(hd_die_attr(p1, DW_AT_name)->s, "kl") == 0,
	   "formal parameters in Arg Number order (DWARF 5 3.3.8.1)");
}

/* Reads 4 bytes of the named variable at its first place's pc, after
 * prepare() set up the model. */
static int read4(const hd_lowered *l, const hd_spv_module *m, unsigned wave, const char *name,
                 void (*prepare)(env *, const hd_place *), uint32_t *out)
{
	const hd_place *p = place_of(l, m, name, 0);
	uint8_t got[4];
	env e;
	int rc;

	if (!p)
		return -1;
	env_init(&e, wave, p->pc_begin);
	if (prepare)
		prepare(&e, p);
	rc = read_var(&e, l, p->die, p->pc_begin, 0, got, 4);
	*out = u32(got);
	env_free(&e);
	return rc;
}

/* 16 bytes 0x10, 0x11 ... at the place's address. */
static void prep_fill(env *e, const hd_place *p)
{
	uint8_t b[16];
	hd_status st;

	for (unsigned i = 0; i < sizeof b; i++)
		b[i] = (uint8_t)(0x10 + i);
	hd_amdgpu_write_mem(e->model, p->aspace, p->aspace == HD_ASPACE_PRIVATE_LANE, e->lane,
	                    p->addr, b, sizeof b, &st);
}

static void prep_pointer(env *e, const hd_place *p)
{
	static const uint8_t ptr[8] = { 0x00, 0x50, 0, 0, 0, 0, 0, 0 };  /* 0x5000 */
	hd_status st;

	hd_amdgpu_write_mem(e->model, p->aspace, 1, e->lane, p->addr, ptr, 8, &st);
	hd_amdgpu_write_mem(e->model, HD_ASPACE_GLOBAL, 0, 0, 0x5000, bytes8, 8, &st);
}

static void prep_vgpr(env *e, const hd_place *p)
{
	write_place(e, p, bytes8);
}

static int has_op(const hd_lowered *l, const hd_place *p, hd_op_id id)
{
	hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };
	const uint8_t *b;
	size_t n, nops = 0;
	hd_op *ops = NULL;
	hd_status st;
	int found = 0;

	if (!p || location_at(l, p->die, p->pc_begin, &b, &n) != 0 ||
	    hd_decode_expr(b, n, &enc, &ops, &nops, &st) != 0)
		return 0;
	for (size_t i = 0; i < nops; i++)
		found |= ops[i].id == id;
	free(ops);
	return found;
}

static void test_operations(const hd_lowered *l, const hd_spv_module *m, unsigned wave)
{
	char name[100];
	uint32_t v = 0;

#define CHECK(var, prep, want, what) \
	do { \
		snprintf(name, sizeof name, "wave%u: %s", wave, what); \
		if (!EQ_U64(read4(l, m, wave, var, prep, &v) == 0 ? v : 0xdeadu, want, name)) \
			(void)0; \
	} while (0)

	CHECK("deref", prep_pointer, 0x44332211u, "Deref: the pointer in the frame, then memory");
	CHECK("plus", prep_fill, 0x17161514u, "Constu 4; Plus: 4 bytes into the slot");
	CHECK("minus", prep_fill, 0x17161514u, "PlusUconst 8; Constu 4; Minus: 4 bytes in");
	CHECK("puc", prep_fill, 0x17161514u, "PlusUconst on an address: DW_OP_LLVM_offset_uconst");
	CHECK("swap", prep_fill, 0x17161514u, "Constu 4; Swap; Plus: the address second");
	CHECK("idiom", prep_fill, 0x13121110u, "Constu 0; Swap; Xderef: private_lane, no deref");
	CHECK("idiomwg", prep_fill, 0x13121110u, "Constu 3; Swap; Xderef: local memory");
	CHECK("vminus", NULL, 7, "Constu 3; Minus; StackValue on the constant 10");
	CHECK("vpuc", NULL, 9, "PlusUconst 2; StackValue on the constant 7");
	CHECK("stackvalue", prep_vgpr, 0x44332212u, "Constu 1; Plus; StackValue on a VGPR value");
	CHECK("constu", NULL, 42, "Constu 42; StackValue");
	{
		const hd_place *p = place_of(l, m, "bitpiece", 0);
		uint8_t got[2] = { 0, 0 };
		env e;
		snprintf(name, sizeof name, "wave%u: BitPiece 8 16: bits 8-23 of the VGPR", wave);
		if (p) {
			env_init(&e, wave, p->pc_begin);
			write_place(&e, p, bytes8);
			OK(read_var(&e, l, p->die, p->pc_begin, 0, got, 2) == 0 && got[0] == 0x22 &&
			   got[1] == 0x33, name);
			env_free(&e);
		} else {
			OK(0, name);
		}
	}
	OK(has_op(l, place_of(l, m, "idiom", 0), HD_OP_LLVM_form_aspace_address) &&
	   !has_op(l, place_of(l, m, "idiom", 0), HD_OP_xderef), "the idiom is not an xderef");
	OK(has_op(l, place_of(l, m, "lone", 0), HD_OP_xderef), "a lone Xderef stays DW_OP_xderef");
	OK(has_op(l, place_of(l, m, "puc", 0), HD_OP_LLVM_offset_uconst),
	   "PlusUconst on an address is DW_OP_LLVM_offset_uconst");
	OK(has_op(l, place_of(l, m, "vpuc", 0), HD_OP_plus_uconst), "PlusUconst on a value is plus_uconst");
#undef CHECK
}

/* Two fragments of one variable, live together: one composite. */
static void test_fragment(const hd_lowered *l, const hd_spv_module *m, unsigned wave)
{
	const hd_place *lo = place_of(l, m, "fragment", 1), *hi = place_of(l, m, "fragment", 2);
	uint8_t got[8];
	env e;

	OK(lo && hi && lo->var_offset == 0 && hi->var_offset == 4 && lo->pc_begin == hi->pc_begin,
	   "Fragment: two places for the second entry, at offsets 0 and 4");
	if (!lo || !hi)
		return;
	env_init(&e, wave, hi->pc_begin);
	write_place(&e, lo, bytes8);
	write_place(&e, hi, bytes8 + 4);
	OK(read_var(&e, l, hi->die, hi->pc_begin, 0, got, 8) == 0 && memcmp(got, bytes8, 8) == 0,
	   "Fragment: both halves read through one composite");
	env_free(&e);
}

/* The locations of inlined variables go on their concrete instances. */
static void test_inlined(const hd_lowered *l, const hd_spv_module *m, unsigned wave)
{
	const hd_place *iv = place_of(l, m, "iv", 0), *jv = place_of(l, m, "jv", 0);
	const hd_place *p = place_of(l, m, "p", 0);
	char name[100];

	snprintf(name, sizeof name, "wave%u 1.00: DebugDeclare in a frame slot", wave);
	OK(p && p->kind == HD_PLACE_MEMORY && p->aspace == HD_ASPACE_PRIVATE_LANE, name);
	OK(iv && iv->die && hd_die_attr(iv->die, DW_AT_abstract_origin) &&
	   hd_die_attr(iv->die, DW_AT_location) && iv->die->parent &&
	   iv->die->parent->tag != DW_TAG_subprogram,
	   "DebugInlinedVariable: concrete DIE with abstract origin and the location");
	OK(jv && jv->die && hd_die_attr(jv->die, DW_AT_abstract_origin) &&
	   hd_die_attr(jv->die, DW_AT_location) && jv->kind == HD_PLACE_CONSTANT,
	   "a variable of inlined code without DebugInlinedVariable gets a concrete DIE");
	if (iv && jv) {
		const hd_attr *o = hd_die_attr(iv->die, DW_AT_abstract_origin);
		OK(o && o->ref && !hd_die_attr(o->ref, DW_AT_location),
		   "the abstract variable has no location");
	}
}

int main(void)
{
	hd_spv_module *m;

	tap_begin();
	m = load(module_text);
	if (!m) {
		printf("Bail out! the test module does not load\n");
		return 1;
	}
	for (unsigned wave = 64; wave >= 32; wave /= 2) {
		hd_lowered *l = lower(m, wave);
		OK(l != NULL, wave == 64 ? "wave64: lowers" : "wave32: lowers");
		if (!l)
			continue;
		check_all_places(l, m, wave, 13);
		test_storage(l, m, wave);
		test_operations(l, m, wave);
		test_fragment(l, m, wave);
		if (wave == 64)
			test_parameters(l);
		hd_lowered_free(l);
	}
	hd_spv_free(m);
	m = load(module_100_text);
	OK(m != NULL, "the DebugInfo 1.00 module loads");
	for (unsigned wave = 64; m && wave >= 32; wave /= 2) {
		hd_lowered *l = lower(m, wave);
		OK(l != NULL, "1.00: lowers");
		if (!l)
			continue;
		check_all_places(l, m, wave, 3);
		test_inlined(l, m, wave);
		hd_lowered_free(l);
	}
	hd_spv_free(m);
	return tap_end();
}
