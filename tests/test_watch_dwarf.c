/* The DWARF side of a watch (docs/watch-dwarf.md): what a debugger shows at
 * a pc for a lane, read through the reference lowering's DWARF on the
 * software AMDGPU model. Bytes go where the placement says (write_place),
 * and the texts hd_watch_dwarf_frame prints are checked: one variable of
 * each type kind, unset leaves, nested blocks that hide a name, an inlined
 * function, a location list, a variable with no location. DWARF forms the
 * lowering never writes (DWARF 2 bit fields, strides, member location
 * blocks) and malformed units are built by hand. */
#include "lower_eval.h"

#include "dwarf/codec/dwarf_ext.h"
#include "debugger/dwarf_frame.h"

#define HEAD \
	"OpCapability Addresses\n" \
	"OpCapability Kernel\n" \
	"OpCapability Int64\n" \
	"%ext = OpExtInstImport \"OpenCL.DebugInfo.100\"\n" \
	"OpMemoryModel Physical64 OpenCL\n" \
	"OpEntryPoint Kernel %main \"main\"\n" \
	"%src = OpString \"w.cl\"\n" \
	"%s_int = OpString \"int\"\n" \
	"%s_main = OpString \"main\"\n"

#define TYPES \
	"%void = OpTypeVoid\n" \
	"%uint = OpTypeInt 32 0\n" \
	"%c0 = OpConstant %uint 0\n" \
	"%c1 = OpConstant %uint 1\n" \
	"%c2 = OpConstant %uint 2\n" \
	"%c3 = OpConstant %uint 3\n" \
	"%c5 = OpConstant %uint 5\n" \
	"%c6 = OpConstant %uint 6\n" \
	"%c7 = OpConstant %uint 7\n" \
	"%c8 = OpConstant %uint 8\n" \
	"%c9 = OpConstant %uint 9\n" \
	"%c16 = OpConstant %uint 16\n" \
	"%c32 = OpConstant %uint 32\n" \
	"%c35 = OpConstant %uint 35\n" \
	"%c64 = OpConstant %uint 64\n" \
	"%cm1 = OpConstant %uint 4294967295\n" \
	"%arr8 = OpTypeArray %uint %c8\n" \
	"%pfn_arr8 = OpTypePointer Function %arr8\n" \
	"%pfn_uint = OpTypePointer Function %uint\n" \
	"%fnty = OpTypeFunction %void\n" \
	"%dnone = OpExtInst %void %ext DebugInfoNone\n" \
	"%dsrc = OpExtInst %void %ext DebugSource %src\n" \
	"%cu = OpExtInst %void %ext DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n" \
	"%t_int = OpExtInst %void %ext DebugTypeBasic %s_int %c32 Signed\n" \
	"%t_fn = OpExtInst %void %ext DebugTypeFunction None %void\n" \
	"%dmain = OpExtInst %void %ext DebugFunction %s_main %t_fn %dsrc 1 1 %cu %s_main FlagIsDefinition 2 %main\n" \
	"%e0 = OpExtInst %void %ext DebugExpression\n"

/* One declared variable per type kind, each in a 32-byte frame slot. */
#define VAR(n, t) \
	"%s_" n " = OpString \"" n "\"\n"
#define DECL(n, t) \
	"%d" n " = OpExtInst %void %ext DebugLocalVariable %s_" n " " t " %dsrc 3 1 %dmain None\n"
#define SLOT(n) "%v" n " = OpVariable %pfn_arr8 Function\n"
#define DECLARE(n) "%p" n " = OpExtInst %void %ext DebugDeclare %d" n " %v" n " %e0\n"
#define EACH(X) \
	X("i", "%t_int") X("u", "%t_uint") X("c", "%t_char") X("uc", "%t_uchar") \
	X("b", "%t_bool") X("f", "%t_float") X("d", "%t_double") X("h", "%t_half") \
	X("p", "%t_pg") X("pp", "%t_pf") X("e", "%t_enum") X("e2", "%t_enum") \
	X("s", "%t_S") X("a2", "%t_a2") X("v3", "%t_v3") X("tv", "%t_tv") X("tc", "%t_tc")
#define SLOTS(n, t) SLOT(n)
#define DECLARES(n, t) DECLARE(n)

static const char types_text[] = HEAD
	"%s_uint = OpString \"uint\"\n"
	"%s_char = OpString \"char\"\n"
	"%s_uchar = OpString \"uchar\"\n"
	"%s_bool = OpString \"bool\"\n"
	"%s_float = OpString \"float\"\n"
	"%s_double = OpString \"double\"\n"
	"%s_half = OpString \"half\"\n"
	"%s_Color = OpString \"Color\"\n"
	"%s_RED = OpString \"RED\"\n"
	"%s_GREEN = OpString \"GREEN\"\n"
	"%s_NEG = OpString \"NEG\"\n"
	"%s_S = OpString \"S\"\n"
	"%s_a = OpString \"a\"\n"
	"%s_bf = OpString \"bf\"\n"
	"%s_bg = OpString \"bg\"\n"
	"%s_myfloat = OpString \"myfloat\"\n"
	"%s_myint = OpString \"myint\"\n"
	EACH(VAR)
	TYPES
	"%t_uint = OpExtInst %void %ext DebugTypeBasic %s_uint %c32 Unsigned\n"
	"%t_char = OpExtInst %void %ext DebugTypeBasic %s_char %c8 SignedChar\n"
	"%t_uchar = OpExtInst %void %ext DebugTypeBasic %s_uchar %c8 UnsignedChar\n"
	"%t_bool = OpExtInst %void %ext DebugTypeBasic %s_bool %c8 Boolean\n"
	"%t_float = OpExtInst %void %ext DebugTypeBasic %s_float %c32 Float\n"
	"%t_double = OpExtInst %void %ext DebugTypeBasic %s_double %c64 Float\n"
	"%t_half = OpExtInst %void %ext DebugTypeBasic %s_half %c16 Float\n"
	"%t_pg = OpExtInst %void %ext DebugTypePointer %t_int CrossWorkgroup None\n"
	"%t_pf = OpExtInst %void %ext DebugTypePointer %t_int Function None\n"
	"%t_enum = OpExtInst %void %ext DebugTypeEnum %s_Color %t_int %dsrc 2 6 %cu %c32 None %c0 %s_RED %c1 %s_GREEN %cm1 %s_NEG\n"
	"%t_S = OpExtInst %void %ext DebugTypeComposite %s_S Structure %dsrc 1 1 %cu %s_S %c64 FlagIsPublic %m_a %m_bf %m_bg\n"
	"%m_a = OpExtInst %void %ext DebugTypeMember %s_a %t_int %dsrc 1 1 %t_S %c0 %c32 FlagIsPublic\n"
	"%m_bf = OpExtInst %void %ext DebugTypeMember %s_bf %t_uint %dsrc 1 1 %t_S %c32 %c3 FlagIsPublic\n"
	"%m_bg = OpExtInst %void %ext DebugTypeMember %s_bg %t_uint %dsrc 1 1 %t_S %c35 %c5 FlagIsPublic\n"
	"%t_a2 = OpExtInst %void %ext DebugTypeArray %t_int %c2 %c3\n"
	"%t_v3 = OpExtInst %void %ext DebugTypeVector %t_float 3\n"
	"%t_myfloat = OpExtInst %void %ext DebugTypedef %s_myfloat %t_float %dsrc 5 13 %cu\n"
	"%t_tv = OpExtInst %void %ext DebugTypeVector %t_myfloat 2\n"
	"%t_cint = OpExtInst %void %ext DebugTypeQualifier %t_int ConstType\n"
	"%t_tc = OpExtInst %void %ext DebugTypedef %s_myint %t_cint %dsrc 5 13 %cu\n"
	EACH(DECL)
	"%main = OpFunction %void None %fnty\n"
	"%entry = OpLabel\n"
	EACH(SLOTS)
	"%sc0 = OpExtInst %void %ext DebugScope %dmain\n"
	EACH(DECLARES)
	"OpNop\n"
	"OpReturn\n"
	"OpFunctionEnd\n";

/* Scopes. main declares x and has u (never given a location), v (valued 5,
 * later 6: a location list) and ps (its first half valued from a
 * register); block 1 hides x and adds y; block 2 inside it adds z; f, with
 * no code of its own, is inlined into main and values its w. Slots and pcs
 * are on the right. */
static const char scopes_text[] = HEAD
	"%s_f = OpString \"f\"\n"
	"%s_x = OpString \"x\"\n"
	"%s_y = OpString \"y\"\n"
	"%s_z = OpString \"z\"\n"
	"%s_u = OpString \"u\"\n"
	"%s_v = OpString \"v\"\n"
	"%s_w = OpString \"w\"\n"
	"%s_ps = OpString \"ps\"\n"
	"%s_S2 = OpString \"S2\"\n"
	"%s_a = OpString \"a\"\n"
	"%s_b = OpString \"b\"\n"
	TYPES
	"%t_S2 = OpExtInst %void %ext DebugTypeComposite %s_S2 Structure %dsrc 1 1 %cu %s_S2 %c64 FlagIsPublic %m_a %m_b\n"
	"%m_a = OpExtInst %void %ext DebugTypeMember %s_a %t_int %dsrc 1 1 %t_S2 %c0 %c32 FlagIsPublic\n"
	"%m_b = OpExtInst %void %ext DebugTypeMember %s_b %t_int %dsrc 1 1 %t_S2 %c32 %c32 FlagIsPublic\n"
	"%df = OpExtInst %void %ext DebugFunction %s_f %t_fn %dsrc 10 1 %cu %s_f FlagIsDefinition 11 %dnone\n"
	"%inl = OpExtInst %void %ext DebugInlinedAt 4 %dmain\n"
	"%blk1 = OpExtInst %void %ext DebugLexicalBlock %dsrc 3 1 %dmain\n"
	"%blk2 = OpExtInst %void %ext DebugLexicalBlock %dsrc 4 1 %blk1\n"
	"%dx = OpExtInst %void %ext DebugLocalVariable %s_x %t_int %dsrc 2 1 %dmain None\n"
	"%du = OpExtInst %void %ext DebugLocalVariable %s_u %t_int %dsrc 2 1 %dmain None\n"
	"%dv = OpExtInst %void %ext DebugLocalVariable %s_v %t_int %dsrc 2 1 %dmain None\n"
	"%dps = OpExtInst %void %ext DebugLocalVariable %s_ps %t_S2 %dsrc 2 1 %dmain None\n"
	"%dx2 = OpExtInst %void %ext DebugLocalVariable %s_x %t_int %dsrc 3 1 %blk1 None\n"
	"%dy = OpExtInst %void %ext DebugLocalVariable %s_y %t_int %dsrc 3 1 %blk1 None\n"
	"%dz = OpExtInst %void %ext DebugLocalVariable %s_z %t_int %dsrc 4 1 %blk2 None\n"
	"%dw = OpExtInst %void %ext DebugLocalVariable %s_w %t_int %dsrc 12 1 %df None\n"
	"%o_f0 = OpExtInst %void %ext DebugOperation Fragment 0 32\n"
	"%e_f0 = OpExtInst %void %ext DebugExpression %o_f0\n"
	"%main = OpFunction %void None %fnty\n"            /* 0: 0x1000 */
	"%entry = OpLabel\n"                               /* 1: 0x1004 */
	"%vx = OpVariable %pfn_uint Function\n"            /* 2: 0x1008 */
	"%vx2 = OpVariable %pfn_uint Function\n"           /* 3 */
	"%vy = OpVariable %pfn_uint Function\n"            /* 4 */
	"%sc0 = OpExtInst %void %ext DebugScope %dmain\n"
	"%p1 = OpExtInst %void %ext DebugDeclare %dx %vx %e0\n"
	"%p2 = OpExtInst %void %ext DebugValue %dv %c5 %e0\n"
	"%r1 = OpIAdd %uint %c1 %c1\n"                     /* 5: 0x1014 */
	"%p3 = OpExtInst %void %ext DebugValue %dps %r1 %e_f0\n"
	"OpNop\n"                                          /* 6: 0x1018 */
	"%sc1 = OpExtInst %void %ext DebugScope %blk1\n"
	"%p4 = OpExtInst %void %ext DebugDeclare %dx2 %vx2 %e0\n"
	"%p5 = OpExtInst %void %ext DebugDeclare %dy %vy %e0\n"
	"OpNop\n"                                          /* 7: 0x101c */
	"%sc2 = OpExtInst %void %ext DebugScope %blk2\n"
	"%p6 = OpExtInst %void %ext DebugValue %dz %c7 %e0\n"
	"OpNop\n"                                          /* 8: 0x1020 */
	"%sc3 = OpExtInst %void %ext DebugScope %df %inl\n"
	"%p7 = OpExtInst %void %ext DebugValue %dw %c9 %e0\n"
	"OpNop\n"                                          /* 9: 0x1024 */
	"%sc4 = OpExtInst %void %ext DebugScope %dmain\n"
	"%p8 = OpExtInst %void %ext DebugValue %dv %c6 %e0\n"
	"OpNop\n"                                          /* 10: 0x1028 */
	"OpReturn\n"                                       /* 11: 0x102c */
	"OpFunctionEnd\n";

/* ---- helpers ---- */

/* Frame 0 at pc, through env e. */
static int frame_at(env *e, const hd_dw_unit *u, uint64_t pc, hd_watch_frame *f)
{
	hd_status st;

	e->ctx.pc = pc;
	if (hd_watch_dwarf_frame(u, e->ev, &e->ctx, &e->enc, NULL, pc, f, &st) != 0) {
		printf("# hd_watch_dwarf_frame: %s: %s\n", st.code ? st.code : "?", st.msg);
		return -1;
	}
	return 0;
}

static const hd_watch_var *var_of(const hd_watch_frame *f, const char *name)
{
	for (uint32_t i = 0; i < f->nvars; i++)
		if (strcmp(f->vars[i].name, name) == 0)
			return &f->vars[i];
	return NULL;
}

static const char *text_of(const hd_watch_frame *f, const char *name)
{
	const hd_watch_var *v = var_of(f, name);
	return v ? v->text : NULL;
}

/* The names of the frame's variables, in order, joined by spaces. */
static const char *names_of(const hd_watch_frame *f)
{
	static char s[256];
	size_t n = 0;

	s[0] = '\0';
	for (uint32_t i = 0; i < f->nvars && n + 1 < sizeof s; i++)
		n += (size_t)snprintf(s + n, sizeof s - n, "%s%s", i ? " " : "", f->vars[i].name);
	return s;
}

/* The place of variable name whose DIE sits in a scope of tag parent. */
static const hd_place *place_in(const hd_lowered *l, const hd_spv_module *m, const char *name,
                                uint16_t parent)
{
	const hd_place *p;

	for (unsigned k = 0; (p = place_of(l, m, name, k)) != NULL; k++)
		if (p->die && p->die->parent && p->die->parent->tag == parent)
			return p;
	return NULL;
}

static void put(env *e, const hd_lowered *l, const hd_spv_module *m, const char *name,
                const void *bytes, size_t n)
{
	const hd_place *p = place_of(l, m, name, 0);
	uint8_t b[64];

	memset(b, 0, sizeof b);
	memcpy(b, bytes, n);
	if (p)
		write_place(e, p, b);
	else
		printf("# no place for %s\n", name);
}

/* ---- one variable of each type kind ---- */

static void write_types(env *e, const hd_lowered *l, const hd_spv_module *m)
{
	const int32_t i = -5, a2[6] = { 1, 2, 3, 4, 5, 6 }, neg = -1, seven = 7, tc = 42;
	const uint32_t u = 4000000000u;
	const float f = 1.5f, v3[4] = { 1, 2, 3, 99 }, tv[2] = { 4, 5 };
	const double d = 0.1;
	const uint8_t c = 0xff, uc = 200, b = 1, h[2] = { 0x00, 0x3c };
	const uint64_t p = 0x123400005678ull, pp = 0x1111111122222222ull;
	const uint8_t s[8] = { 1, 0, 0, 0, 0x05 | 3 << 3, 0, 0, 0 };

	put(e, l, m, "i", &i, 4);
	put(e, l, m, "u", &u, 4);
	put(e, l, m, "c", &c, 1);
	put(e, l, m, "uc", &uc, 1);
	put(e, l, m, "b", &b, 1);
	put(e, l, m, "f", &f, 4);
	put(e, l, m, "d", &d, 8);
	put(e, l, m, "h", h, 2);
	put(e, l, m, "p", &p, 8);
	put(e, l, m, "pp", &pp, 8);
	put(e, l, m, "e", &neg, 4);
	put(e, l, m, "e2", &seven, 4);
	put(e, l, m, "s", s, 8);
	put(e, l, m, "a2", a2, 24);
	put(e, l, m, "v3", v3, 16);
	put(e, l, m, "tv", tv, 8);
	put(e, l, m, "tc", &tc, 4);
}

static void test_types(unsigned wave)
{
	static const struct { const char *name, *text; } want[] = {
		{ "i", "-5" }, { "u", "4000000000" }, { "c", "-1" }, { "uc", "200" },
		{ "b", "true" }, { "f", "1.5" }, { "d", "0.10000000000000001" }, { "h", "1" },
		{ "p", "0x123400005678" }, { "pp", "0x22222222" }, { "e", "NEG" }, { "e2", "7" },
		{ "s", "{a = 1, bf = 5, bg = 3}" }, { "a2", "{{1, 2, 3}, {4, 5, 6}}" },
		{ "v3", "{1, 2, 3}" }, { "tv", "{4, 5}" }, { "tc", "42" },
	};
	hd_spv_module *m = load(types_text);
	hd_lowered *l = m ? lower(m, wave) : NULL;
	uint64_t pc = 0x1000 + 4 * (2 + 17);  /* the OpNop after the 17 slots */
	hd_watch_frame f;
	env e;
	char name[96];

	OK(l != NULL, "types: the module lowers");
	if (!l) {
		hd_spv_free(m);
		return;
	}
	env_init(&e, wave, pc);
	write_types(&e, l, m);
	memset(&f, 0, sizeof f);
	if (OK(frame_at(&e, &l->unit, pc, &f) == 0, "types: a frame at the nop")) {
		EQ_STR(f.function, "main", "types: frame 0 is main");
		OK(!f.inlined, "types: not inlined");
		for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
			snprintf(name, sizeof name, "types wave%u: %s", wave, want[k].name);
			EQ_STR(text_of(&f, want[k].name), want[k].text, name);
		}
		EQ_STR(names_of(&f), "a2 b c d e e2 f h i p pp s tc tv u uc v3",
		       "types: variables sorted by name");
	}
	hd_watch_frame_free(&f);
	env_free(&e);

	/* A strict model: memory never written holds nothing, and only the
	 * leaves that were written show. */
	env_init(&e, wave, pc);
	hd_amdgpu_set_strict(e.model, 1);
	{
		const int32_t i = -5, one = 1;
		put(&e, l, m, "i", &i, 4);
		const hd_place *ps = place_of(l, m, "s", 0), *pa = place_of(l, m, "a2", 0);
		if (ps && pa) {
			hd_status st;
			hd_amdgpu_write_mem(e.model, ps->aspace, 1, e.lane, ps->addr, (const uint8_t *)&one,
			                    4, &st);
			hd_amdgpu_write_mem(e.model, pa->aspace, 1, e.lane, pa->addr, (const uint8_t *)&one,
			                    4, &st);
		}
	}
	memset(&f, 0, sizeof f);
	if (OK(frame_at(&e, &l->unit, pc, &f) == 0, "unset: a frame")) {
		EQ_STR(text_of(&f, "i"), "-5", "unset: a written int");
		EQ_STR(text_of(&f, "u"), "<unset>", "unset: an int never written");
		EQ_STR(text_of(&f, "s"), "{a = 1, bf = <unset>, bg = <unset>}",
		       "unset: a struct with its first member written");
		EQ_STR(text_of(&f, "a2"), "{{1, <unset>, <unset>}, {<unset>, <unset>, <unset>}}",
		       "unset: an array with its first element written");
		EQ_STR(text_of(&f, "v3"), "<unset>", "unset: a vector never written");
	}
	hd_watch_frame_free(&f);
	env_free(&e);
	hd_lowered_free(l);
	hd_spv_free(m);
}

/* ---- scopes, inlining, location lists ---- */

static void test_scopes(unsigned wave)
{
	hd_spv_module *m = load(scopes_text);
	hd_lowered *l = m ? lower(m, wave) : NULL;
	const hd_place *px, *px2, *py, *pps;
	hd_watch_frame f;
	env e;
	const int32_t x = 11, x2 = 22, y = 33, a = 9;

	OK(l != NULL, "scopes: the module lowers");
	if (!l) {
		hd_spv_free(m);
		return;
	}
	env_init(&e, wave, 0x1008);
	px = place_in(l, m, "x", DW_TAG_subprogram);
	px2 = place_in(l, m, "x", DW_TAG_lexical_block);
	py = place_of(l, m, "y", 0);
	pps = place_of(l, m, "ps", 0);
	OK(px && px2 && py && pps, "scopes: places of x, the inner x, y and ps");
	if (px && px2 && py && pps) {
		write_place(&e, px, (const uint8_t *)&x);
		write_place(&e, px2, (const uint8_t *)&x2);
		write_place(&e, py, (const uint8_t *)&y);
		write_place(&e, pps, (const uint8_t *)&a);
	}

	memset(&f, 0, sizeof f);
	if (OK(frame_at(&e, &l->unit, 0x1008, &f) == 0, "scopes: a frame before any value")) {
		EQ_STR(names_of(&f), "ps u v x", "scopes 0x1008: main's variables");
		EQ_STR(text_of(&f, "x"), "11", "scopes 0x1008: declared x");
		EQ_STR(text_of(&f, "u"), "<unavailable>", "scopes 0x1008: u has no location");
		EQ_STR(text_of(&f, "v"), "<unavailable>", "scopes 0x1008: v before its first value");
		EQ_STR(text_of(&f, "ps"), "<unavailable>", "scopes 0x1008: ps before its value");
	}
	hd_watch_frame_free(&f);

	if (OK(frame_at(&e, &l->unit, 0x1018, &f) == 0, "scopes: a frame after the values")) {
		EQ_STR(text_of(&f, "v"), "5", "scopes 0x1018: v's first entry");
		EQ_STR(text_of(&f, "ps"), "{a = 9, b = <unset>}",
		       "scopes 0x1018: ps's undefined half is unset");
	}
	hd_watch_frame_free(&f);

	if (OK(frame_at(&e, &l->unit, 0x101c, &f) == 0, "scopes: a frame in block 1")) {
		const hd_watch_var *v = var_of(&f, "x");
		EQ_STR(names_of(&f), "ps u v x y", "scopes 0x101c: block 1 adds y, x once");
		EQ_STR(text_of(&f, "x"), "22", "scopes 0x101c: the inner x hides main's");
		OK(v && v->depth == 1, "scopes 0x101c: the inner x is one block in");
		EQ_STR(text_of(&f, "y"), "33", "scopes 0x101c: y");
	}
	hd_watch_frame_free(&f);

	if (OK(frame_at(&e, &l->unit, 0x1020, &f) == 0, "scopes: a frame in block 2")) {
		const hd_watch_var *v = var_of(&f, "z");
		EQ_STR(names_of(&f), "ps u v x y z", "scopes 0x1020: block 2 adds z");
		EQ_STR(text_of(&f, "z"), "7", "scopes 0x1020: z");
		OK(v && v->depth == 2, "scopes 0x1020: z is two blocks in");
	}
	hd_watch_frame_free(&f);

	if (OK(frame_at(&e, &l->unit, 0x1024, &f) == 0, "scopes: a frame in inlined f")) {
		EQ_STR(f.function, "f", "scopes 0x1024: frame 0 is the inlined f");
		OK(f.inlined, "scopes 0x1024: inlined");
		EQ_STR(names_of(&f), "w", "scopes 0x1024: only f's variables");
		EQ_STR(text_of(&f, "w"), "9", "scopes 0x1024: w, the concrete copy");
	}
	hd_watch_frame_free(&f);

	if (OK(frame_at(&e, &l->unit, 0x1028, &f) == 0, "scopes: a frame back in main")) {
		EQ_STR(f.function, "main", "scopes 0x1028: main again");
		EQ_STR(text_of(&f, "v"), "6", "scopes 0x1028: v's second entry");
		EQ_STR(text_of(&f, "x"), "11", "scopes 0x1028: main's x again");
	}
	hd_watch_frame_free(&f);

	{
		hd_status st;
		OK(hd_watch_dwarf_frame(&l->unit, e.ev, &e.ctx, &e.enc, NULL, 0x9000, &f, &st) != 0 &&
		   strcmp(st.code, "no-function-at-pc") == 0, "scopes: no function at 0x9000");
	}
	env_free(&e);
	hd_lowered_free(l);
	hd_spv_free(m);
}

/* ---- hand-built units: forms the lowering does not write, and malformed
 * ones ---- */

typedef struct hand {
	hd_dw_unit u;
	hd_die *sp, *t_int, *t_uint;
} hand;

static hd_die *base(hand *h, const char *name, unsigned bytes, unsigned ate)
{
	hd_die *t = hd_die_new(&h->u, h->u.root, DW_TAG_base_type);
	hd_die_string(&h->u, t, DW_AT_name, name);
	hd_die_udata(&h->u, t, DW_AT_byte_size, bytes);
	hd_die_udata(&h->u, t, DW_AT_encoding, ate);
	return t;
}

static void hand_init(hand *h)
{
	hd_status st;

	memset(h, 0, sizeof *h);
	hd_dw_unit_init(&h->u, 0, HD_PROFILE_AMDGPU_V0, &st);
	h->u.addr_size = 8;
	hd_die_new(&h->u, NULL, DW_TAG_compile_unit);
	h->sp = hd_die_new(&h->u, h->u.root, DW_TAG_subprogram);
	hd_die_string(&h->u, h->sp, DW_AT_name, "k");
	hd_die_addr(&h->u, h->sp, DW_AT_low_pc, 0x1000);
	hd_die_udata(&h->u, h->sp, DW_AT_high_pc, 0x100);
	h->t_int = base(h, "int", 4, DW_ATE_signed);
	h->t_uint = base(h, "uint", 4, DW_ATE_unsigned);
}

/* A variable of type t (NULL: none) whose location is the implicit value
 * bytes (DW_OP_implicit_value, DWARF 5 2.6.1.1.4). */
static hd_die *hvar(hand *h, const char *name, hd_die *t, const void *bytes, size_t n)
{
	hd_die *v = hd_die_new(&h->u, h->sp, DW_TAG_variable);
	uint8_t x[300];

	x[0] = DW_OP_implicit_value;
	x[1] = (uint8_t)n;  /* n < 128: one ULEB128 byte */
	memcpy(x + 2, bytes, n);
	hd_die_string(&h->u, v, DW_AT_name, name);
	if (t)
		hd_die_ref(&h->u, v, DW_AT_type, t);
	hd_die_expr(&h->u, v, DW_AT_location, x, n + 2);
	return v;
}

static hd_die *member(hand *h, hd_die *s, const char *name, hd_die *t)
{
	hd_die *m = hd_die_new(&h->u, s, DW_TAG_member);
	hd_die_string(&h->u, m, DW_AT_name, name);
	hd_die_ref(&h->u, m, DW_AT_type, t);
	return m;
}

static hd_die *array(hand *h, hd_die *elem, uint16_t bound, uint64_t v)
{
	hd_die *a = hd_die_new(&h->u, h->u.root, DW_TAG_array_type);
	hd_die *r = hd_die_new(&h->u, a, DW_TAG_subrange_type);
	hd_die_ref(&h->u, a, DW_AT_type, elem);
	hd_die_udata(&h->u, r, bound, v);
	return a;
}

static void test_hand(void)
{
	hand h;
	env e;
	hd_watch_frame f;
	hd_die *t, *s, *mm;
	char want[1024];
	size_t n = 0;

	hand_init(&h);

	/* DWARF 2 bit fields: bit_offset counts from the storage unit's most
	 * significant bit. a = bits 0-2, b = bits 3-7 of a 4-byte unit. */
	s = hd_die_new(&h.u, h.u.root, DW_TAG_structure_type);
	hd_die_udata(&h.u, s, DW_AT_byte_size, 4);
	mm = member(&h, s, "a", h.t_uint);
	hd_die_udata(&h.u, mm, DW_AT_data_member_location, 0);
	hd_die_udata(&h.u, mm, DW_AT_byte_size, 4);
	hd_die_udata(&h.u, mm, DW_AT_bit_offset, 29);
	hd_die_udata(&h.u, mm, DW_AT_bit_size, 3);
	mm = member(&h, s, "b", h.t_uint);
	hd_die_udata(&h.u, mm, DW_AT_data_member_location, 0);
	hd_die_udata(&h.u, mm, DW_AT_byte_size, 4);
	hd_die_udata(&h.u, mm, DW_AT_bit_offset, 24);
	hd_die_udata(&h.u, mm, DW_AT_bit_size, 5);
	hvar(&h, "bits2", s, (const uint8_t[]){ 0x05 | 3 << 3, 0, 0, 0 }, 4);

	/* A member located by a DW_OP_plus_uconst block (DWARF 2). */
	s = hd_die_new(&h.u, h.u.root, DW_TAG_structure_type);
	hd_die_udata(&h.u, s, DW_AT_byte_size, 8);
	mm = member(&h, s, "x", h.t_int);
	hd_die_expr(&h.u, mm, DW_AT_data_member_location, (const uint8_t[]){ DW_OP_plus_uconst, 4 }, 2);
	hvar(&h, "oldmember", s, (const uint8_t[]){ 0, 0, 0, 0, 7, 0, 0, 0 }, 8);

	/* A byte stride wider than the element, and an upper bound. */
	t = array(&h, h.t_int, DW_AT_upper_bound, 2);
	hd_die_udata(&h.u, t, DW_AT_byte_stride, 8);
	hvar(&h, "strided", t, (const int32_t[]){ 1, -1, 2, -1, 3, -1 }, 24);

	/* More elements than the text shows. */
	{
		uint8_t b[100];
		for (unsigned i = 0; i < 100; i++)
			b[i] = (uint8_t)i;
		hvar(&h, "long", array(&h, base(&h, "uchar", 1, DW_ATE_unsigned_char), DW_AT_count, 100),
		     b, 100);
		n += (size_t)snprintf(want + n, sizeof want - n, "{");
		for (unsigned i = 0; i < 64; i++)
			n += (size_t)snprintf(want + n, sizeof want - n, "%s%u", i ? ", " : "", i);
		snprintf(want + n, sizeof want - n, ", ...}");
	}

	/* A vector base type (DW_AT_LLVM_vector_size), 3 elements in 16 bytes. */
	t = base(&h, "float3", 16, DW_ATE_float);
	hd_die_udata(&h.u, t, (uint16_t)hd_xat_code(HD_XAT_vector_size, h.u.profile), 3);
	hvar(&h, "vec", t, (const float[]){ 1, 2, 3, 0 }, 16);

	/* A constant value instead of a location (DWARF 5 4.1). */
	mm = hd_die_new(&h.u, h.sp, DW_TAG_variable);
	hd_die_string(&h.u, mm, DW_AT_name, "k5");
	hd_die_ref(&h.u, mm, DW_AT_type, h.t_int);
	hd_die_udata(&h.u, mm, DW_AT_const_value, 5);

	/* Malformed: a typedef naming itself, no type, a member outside its
	 * struct, an array too large to be real, an unknown operation. */
	t = hd_die_new(&h.u, h.u.root, DW_TAG_typedef);
	hd_die_ref(&h.u, t, DW_AT_type, t);
	hvar(&h, "cycle", t, "\0\0\0\0", 4);
	hvar(&h, "notype", NULL, "\0\0\0\0", 4);
	s = hd_die_new(&h.u, h.u.root, DW_TAG_structure_type);
	hd_die_udata(&h.u, s, DW_AT_byte_size, 4);
	hd_die_udata(&h.u, member(&h, s, "m", h.t_int), DW_AT_data_member_location, 8);
	hvar(&h, "outside", s, "\0\0\0\0", 4);
	hvar(&h, "huge", array(&h, h.t_int, DW_AT_count, (uint64_t)1 << 40), "\0\0\0\0", 4);
	mm = hd_die_new(&h.u, h.sp, DW_TAG_variable);
	hd_die_string(&h.u, mm, DW_AT_name, "badop");
	hd_die_ref(&h.u, mm, DW_AT_type, h.t_int);
	hd_die_expr(&h.u, mm, DW_AT_location, (const uint8_t[]){ 0xff }, 1);

	env_init(&e, 64, 0x1010);
	memset(&f, 0, sizeof f);
	if (OK(frame_at(&e, &h.u, 0x1010, &f) == 0, "hand: a frame")) {
		EQ_STR(text_of(&f, "bits2"), "{a = 5, b = 3}", "hand: DWARF 2 bit fields");
		EQ_STR(text_of(&f, "oldmember"), "{x = 7}", "hand: member location block");
		EQ_STR(text_of(&f, "strided"), "{1, 2, 3}", "hand: byte stride, upper bound");
		EQ_STR(text_of(&f, "long"), want, "hand: 64 elements, then ...");
		EQ_STR(text_of(&f, "vec"), "{1, 2, 3}", "hand: a vector base type");
		EQ_STR(text_of(&f, "k5"), "5", "hand: a constant value");
		EQ_STR(text_of(&f, "cycle"), "<error: type-cycle>", "hand: a type cycle");
		EQ_STR(text_of(&f, "notype"), "<error: no-type>", "hand: no type");
		EQ_STR(text_of(&f, "outside"), "{m = <error: outside-value>}",
		       "hand: a member outside its struct");
		EQ_STR(text_of(&f, "huge"), "<error: value-too-large>", "hand: an absurd array");
		OK(text_of(&f, "badop") && strncmp(text_of(&f, "badop"), "<error: ", 8) == 0,
		   "hand: an unknown operation is an error text");
	}
	hd_watch_frame_free(&f);

	/* Scopes nested past the bound are refused, not followed. */
	{
		hd_die *d = h.sp;
		hd_status st;
		for (unsigned i = 0; i < HD_WATCH_MAX_DEPTH + 2; i++) {
			d = hd_die_new(&h.u, d, DW_TAG_lexical_block);
			hd_die_addr(&h.u, d, DW_AT_low_pc, 0x1000);
			hd_die_udata(&h.u, d, DW_AT_high_pc, 0x100);
		}
		OK(hd_watch_dwarf_frame(&h.u, e.ev, &e.ctx, &e.enc, NULL, 0x1010, &f, &st) != 0 &&
		   strcmp(st.code, "scope-too-deep") == 0, "hand: scopes too deep");
	}
	env_free(&e);
	hd_dw_unit_free(&h.u);
}

int main(void)
{
	tap_begin();
	test_types(64);
	test_types(32);
	test_scopes(64);
	test_scopes(32);
	test_hand();
	return tap_end();
}
