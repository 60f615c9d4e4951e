/* The points of a function body, checked against the specifications
 * (docs/lowering-vars.md): which DebugScope a DebugValue belongs to, what a
 * constant's expression leaves, which component an Indexes list selects,
 * what a declared variable keeps under a partial DebugValue, and where an
 * inlined variable's location stops. Locations are read back through the
 * reference evaluator on the software AMDGPU model. */
#include "lower_eval.h"

#define HEAD \
	"OpCapability Addresses\n" \
	"OpCapability Kernel\n" \
	"OpCapability Int64\n" \
	"%ext = OpExtInstImport \"OpenCL.DebugInfo.100\"\n" \
	"OpMemoryModel Physical64 OpenCL\n" \
	"OpEntryPoint Kernel %main \"main\"\n" \
	"%src = OpString \"p.cl\"\n" \
	"%s_int = OpString \"int\"\n" \
	"%s_long = OpString \"long\"\n" \
	"%s_main = OpString \"main\"\n"

#define TYPES \
	"%void = OpTypeVoid\n" \
	"%uint = OpTypeInt 32 0\n" \
	"%ulong = OpTypeInt 64 0\n" \
	"%c0 = OpConstant %uint 0\n" \
	"%c1 = OpConstant %uint 1\n" \
	"%c5 = OpConstant %uint 5\n" \
	"%c32 = OpConstant %uint 32\n" \
	"%c64 = OpConstant %uint 64\n" \
	"%c96 = OpConstant %uint 96\n" \
	"%fnty = OpTypeFunction %void\n" \
	"%pfn_ulong = OpTypePointer Function %ulong\n" \
	"%dnone = OpExtInst %void %ext DebugInfoNone\n" \
	"%dsrc = OpExtInst %void %ext DebugSource %src\n" \
	"%cu = OpExtInst %void %ext DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n" \
	"%t_int = OpExtInst %void %ext DebugTypeBasic %s_int %c32 Signed\n" \
	"%t_long = OpExtInst %void %ext DebugTypeBasic %s_long %c64 Signed\n" \
	"%t_fn = OpExtInst %void %ext DebugTypeFunction None %void\n" \
	"%dmain = OpExtInst %void %ext DebugFunction %s_main %t_fn %dsrc 1 1 %cu %s_main FlagIsDefinition 2 %main\n" \
	"%e0 = OpExtInst %void %ext DebugExpression\n"

/* Item: the scope of a point. f (no code of its own) is inlined into main.
 * n (main's) and x (f's) are valued before the same instruction, each
 * after its own DebugScope; later y (f's) is valued under f's scope but
 * followed by main's scope before the next instruction. */
static const char scopes_text[] = HEAD
	"%s_f = OpString \"f\"\n"
	"%s_n = OpString \"n\"\n"
	"%s_x = OpString \"x\"\n"
	"%s_y = OpString \"y\"\n"
	TYPES
	"%df = OpExtInst %void %ext DebugFunction %s_f %t_fn %dsrc 10 1 %cu %s_f FlagIsDefinition 11 %dnone\n"
	"%inl = OpExtInst %void %ext DebugInlinedAt 3 %dmain\n"
	"%dn = OpExtInst %void %ext DebugLocalVariable %s_n %t_int %dsrc 2 1 %dmain None\n"
	"%dx = OpExtInst %void %ext DebugLocalVariable %s_x %t_int %dsrc 12 1 %df None\n"
	"%dy = OpExtInst %void %ext DebugLocalVariable %s_y %t_int %dsrc 13 1 %df None\n"
	"%main = OpFunction %void None %fnty\n"            /* 0 */
	"%entry = OpLabel\n"                               /* 1 */
	"%sc0 = OpExtInst %void %ext DebugScope %dmain\n"
	"%v1 = OpIAdd %uint %c1 %c1\n"                     /* 2 */
	"%q1 = OpExtInst %void %ext DebugValue %dn %v1 %e0\n"
	"%sc1 = OpExtInst %void %ext DebugScope %df %inl\n"
	"%q2 = OpExtInst %void %ext DebugValue %dx %c5 %e0\n"
	"%v2 = OpIAdd %uint %c1 %c1\n"                     /* 3: f inlined */
	"OpNop\n"                                          /* 4: f inlined */
	"%sc2 = OpExtInst %void %ext DebugScope %dmain\n"
	"OpNop\n"                                          /* 5 */
	"%sc3 = OpExtInst %void %ext DebugScope %df %inl\n"
	"%q3 = OpExtInst %void %ext DebugValue %dy %v2 %e0\n"
	"%sc4 = OpExtInst %void %ext DebugScope %dmain\n"
	"OpNop\n"                                          /* 6 */
	"OpReturn\n"                                       /* 7 */
	"OpFunctionEnd\n";

/* Item: a constant valued through an expression without StackValue. */
static const char constant_text[] = HEAD
	"%s_c = OpString \"c\"\n"
	TYPES
	"%dc = OpExtInst %void %ext DebugLocalVariable %s_c %t_int %dsrc 2 1 %dmain None\n"
	"%o_pu4 = OpExtInst %void %ext DebugOperation PlusUconst 4\n"
	"%e_pu4 = OpExtInst %void %ext DebugExpression %o_pu4\n"
	"%main = OpFunction %void None %fnty\n"
	"%entry = OpLabel\n"
	"%sc0 = OpExtInst %void %ext DebugScope %dmain\n"
	"%q1 = OpExtInst %void %ext DebugValue %dc %c5 %e_pu4\n"
	"OpNop\n"
	"OpReturn\n"
	"OpFunctionEnd\n";

/* Item: Indexes count the fields OpAccessChain counts. S has a static
 * member first, then a and b; D derives from B { int x; } and adds w. */
static const char indexes_text[] = HEAD
	"%s_S = OpString \"S\"\n"
	"%s_B = OpString \"B\"\n"
	"%s_D = OpString \"D\"\n"
	"%s_st = OpString \"st\"\n"
	"%s_a = OpString \"a\"\n"
	"%s_b = OpString \"b\"\n"
	"%s_x = OpString \"x\"\n"
	"%s_w = OpString \"w\"\n"
	"%s_vs = OpString \"vs\"\n"
	"%s_vd = OpString \"vd\"\n"
	"%s_vb = OpString \"vb\"\n"
	TYPES
	"%t_S = OpExtInst %void %ext DebugTypeComposite %s_S Structure %dsrc 1 1 %cu %s_S %c64 FlagIsPublic %m_st %m_a %m_b\n"
	"%m_st = OpExtInst %void %ext DebugTypeMember %s_st %t_int %dsrc 1 1 %t_S %c0 %c0 FlagIsPublic|FlagStaticMember\n"
	"%m_a = OpExtInst %void %ext DebugTypeMember %s_a %t_int %dsrc 1 1 %t_S %c0 %c32 FlagIsPublic\n"
	"%m_b = OpExtInst %void %ext DebugTypeMember %s_b %t_int %dsrc 1 1 %t_S %c32 %c32 FlagIsPublic\n"
	"%t_B = OpExtInst %void %ext DebugTypeComposite %s_B Class %dsrc 2 1 %cu %s_B %c32 FlagIsPublic %m_x\n"
	"%m_x = OpExtInst %void %ext DebugTypeMember %s_x %t_int %dsrc 2 1 %t_B %c0 %c32 FlagIsPublic\n"
	"%t_D = OpExtInst %void %ext DebugTypeComposite %s_D Class %dsrc 3 1 %cu %s_D %c64 FlagIsPublic %inh %m_w\n"
	"%inh = OpExtInst %void %ext DebugTypeInheritance %t_D %t_B %c0 %c32 FlagIsPublic\n"
	"%m_w = OpExtInst %void %ext DebugTypeMember %s_w %t_int %dsrc 3 1 %t_D %c32 %c32 FlagIsPublic\n"
	"%dvs = OpExtInst %void %ext DebugLocalVariable %s_vs %t_S %dsrc 4 1 %dmain None\n"
	"%dvd = OpExtInst %void %ext DebugLocalVariable %s_vd %t_D %dsrc 5 1 %dmain None\n"
	"%dvb = OpExtInst %void %ext DebugLocalVariable %s_vb %t_D %dsrc 6 1 %dmain None\n"
	"%main = OpFunction %void None %fnty\n"
	"%entry = OpLabel\n"
	"%sc0 = OpExtInst %void %ext DebugScope %dmain\n"
	"%v1 = OpIAdd %uint %c1 %c1\n"
	"%q1 = OpExtInst %void %ext DebugValue %dvs %v1 %e0 %c1\n"
	"%q2 = OpExtInst %void %ext DebugValue %dvd %v1 %e0 %c1\n"
	"%q3 = OpExtInst %void %ext DebugValue %dvb %v1 %e0 %c0\n"
	"OpNop\n"
	"OpReturn\n"
	"OpFunctionEnd\n";

/* Item: a declared long, then a DebugValue of its upper half. */
static const char partial_text[] = HEAD
	"%s_dl = OpString \"dl\"\n"
	TYPES
	"%ddl = OpExtInst %void %ext DebugLocalVariable %s_dl %t_long %dsrc 2 1 %dmain None\n"
	"%o_f1 = OpExtInst %void %ext DebugOperation Fragment 32 32\n"
	"%e_f1 = OpExtInst %void %ext DebugExpression %o_f1\n"
	"%main = OpFunction %void None %fnty\n"
	"%entry = OpLabel\n"
	"%vl = OpVariable %pfn_ulong Function\n"
	"%sc0 = OpExtInst %void %ext DebugScope %dmain\n"
	"%p1 = OpExtInst %void %ext DebugDeclare %ddl %vl %e0\n"
	"%v1 = OpIAdd %uint %c1 %c1\n"
	"%q1 = OpExtInst %void %ext DebugValue %ddl %v1 %e_f1\n"
	"OpNop\n"
	"OpReturn\n"
	"OpFunctionEnd\n";

/* ---- DIEs ---- */

static const char *die_name(const hd_die *d)
{
	const hd_attr *a = hd_die_attr(d, DW_AT_name);
	const hd_attr *o = hd_die_attr(d, DW_AT_abstract_origin);

	if (a)
		return a->s;
	return o && o->ref ? die_name(o->ref) : "";
}

/* The next DIE of the tree after d, depth first. */
static const hd_die *die_next(const hd_die *d)
{
	if (d->first_child)
		return d->first_child;
	while (d && !d->next)
		d = d->parent;
	return d ? d->next : NULL;
}

/* The DIE of tag tag whose name (its own or its origin's) is name: the
 * abstract or plain one (concrete 0), or the concrete instance (1). */
static const hd_die *die_find(const hd_lowered *l, uint16_t tag, const char *name, int concrete)
{
	for (const hd_die *d = l->unit.root; d; d = die_next(d))
		if (d->tag == tag && strcmp(die_name(d), name) == 0 &&
		    (hd_die_attr(d, DW_AT_abstract_origin) != NULL) == concrete)
			return d;
	return NULL;
}

/* A DIE's pc range from low_pc/high_pc (high as a length); 0 when it has
 * none. */
static int die_pcs(const hd_die *d, uint64_t *lo, uint64_t *hi)
{
	const hd_attr *a = d ? hd_die_attr(d, DW_AT_low_pc) : NULL;
	const hd_attr *b = d ? hd_die_attr(d, DW_AT_high_pc) : NULL;

	if (!a || !b)
		return 0;
	*lo = a->u;
	*hi = a->u + b->u;
	return 1;
}

/* Every location-list entry of d within [lo, hi), and at least one. */
static int entries_within(const hd_lowered *l, const hd_die *d, uint64_t lo, uint64_t hi)
{
	const hd_attr *a = d ? hd_die_attr(d, DW_AT_location) : NULL;
	const hd_dw_list *list;

	if (!a)
		return 0;
	if (a->kind != HD_DV_LOCLIST)
		return 0;  /* an exprloc holds over the whole function */
	list = &l->unit.loclists[a->u];
	for (uint32_t i = 0; i < list->n; i++)
		if (list->entries[i].begin < lo || list->entries[i].end > hi)
			return 0;
	return list->n > 0;
}

/* Reads n bytes of variable DIE d at pc, after prepare() set the model. */
static int read_at(const hd_lowered *l, const hd_die *d, unsigned wave, uint64_t pc,
                   const hd_place *const *fill, unsigned nfill, const uint8_t *bytes,
                   uint8_t *out, size_t n)
{
	env e;
	int rc;

	env_init(&e, wave, pc);
	for (unsigned i = 0; i < nfill; i++)
		if (fill[i])
			write_place(&e, fill[i], bytes + fill[i]->var_offset);
	rc = read_var(&e, l, d, pc, 0, out, n);
	env_free(&e);
	return rc;
}

static const uint8_t bytes8[8] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88 };

static void test_scopes(const hd_lowered *l, const hd_spv_module *m, unsigned wave)
{
	const hd_die *sp_main = die_find(l, DW_TAG_subprogram, "main", 0);
	const hd_die *inl_main = die_find(l, DW_TAG_inlined_subroutine, "main", 1);
	const hd_die *inl_f = die_find(l, DW_TAG_inlined_subroutine, "f", 1);
	const hd_die *n = die_find(l, DW_TAG_variable, "n", 0);
	const hd_die *x0 = die_find(l, DW_TAG_variable, "x", 0), *x1 = die_find(l, DW_TAG_variable, "x", 1);
	const hd_die *y0 = die_find(l, DW_TAG_variable, "y", 0), *y1 = die_find(l, DW_TAG_variable, "y", 1);
	const hd_place *pn = place_of(l, m, "n", 0);
	uint64_t lo = 0, hi = 0;
	uint8_t got[4];

	OK(inl_main == NULL, "a point after main's DebugScope is not inlined code: no inlined copy of main");
	OK(n && n->parent == sp_main && hd_die_attr(n, DW_AT_location),
	   "main's n gets its location on its own DIE");
	OK(pn && pn->die == n && pn->kind == HD_PLACE_VGPR &&
	   read_at(l, n, wave, pn->pc_begin, &pn, 1, bytes8, got, 4) == 0 &&
	   memcmp(got, bytes8, 4) == 0, "n reads back its VGPR where it is valued");
	OK(x0 && !hd_die_attr(x0, DW_AT_location),
	   "f's abstract x has no location");
	OK(x1 && x1->parent == inl_f && hd_die_attr(x1, DW_AT_location),
	   "x's location is on its concrete instance in the inlined f");
	OK(y0 && !hd_die_attr(y0, DW_AT_location),
	   "y, valued under f's scope, puts no location on the abstract DIE");
	/* item 18: an inlined variable's location ends with its inlined range */
	OK(die_pcs(inl_f, &lo, &hi) && entries_within(l, x1, lo, hi),
	   "the concrete x's location list lies within the inlined f's pcs");
	OK(!y1 || !hd_die_attr(y1, DW_AT_location) || entries_within(l, y1, lo, hi),
	   "the concrete y's location, if any, lies within the inlined f's pcs");
}

/* DebugValue's Value after the Expression is the variable's value (OpenCL.DebugInfo.100,
 * DebugValue): 5 plus 4 is the value 9, an implicit location, not memory
 * at address 9. */
static void test_constant(const hd_lowered *l, const hd_spv_module *m, unsigned wave)
{
	const hd_place *p = place_of(l, m, "c", 0);
	const hd_die *c = die_find(l, DW_TAG_variable, "c", 0);
	uint8_t got[4] = { 0 };
	env e;

	OK(p && c && p->die == c, "c has a place and a location");
	if (!p || !c)
		return;
	env_init(&e, wave, p->pc_begin);
	OK(read_var(&e, l, c, p->pc_begin, 0, got, 4) == 0 && got[0] == 9 && got[1] == 0 &&
	   got[2] == 0 && got[3] == 0,
	   "Constu 5 with PlusUconst 4 reads 9");
	env_free(&e);
}

/* DebugValue's Indexes mean what OpAccessChain's do (DebugInfo 1.00,
 * DebugValue): they count the structure's fields, base classes first, and
 * a static member is no field. */
static void test_indexes(const hd_lowered *l, const hd_spv_module *m)
{
	const hd_place *s = place_of(l, m, "vs", 0), *d = place_of(l, m, "vd", 0);
	const hd_place *b = place_of(l, m, "vb", 0);

	OK(s && s->var_offset == 4 && s->size == 4, "S index 1 is b, the static member not counted");
	OK(d && d->var_offset == 4 && d->size == 4, "D index 1 is w, after the base B");
	OK(b && b->var_offset == 0 && b->size == 4, "D index 0 is the base B");
}

/* A DebugDeclare says where the variable lives for its whole scope; a
 * DebugValue of some of its bits says only those bits are elsewhere now
 * (OpenCL.DebugInfo.100, DebugDeclare, DebugValue, Fragment). The lower
 * half is still the declared memory. */
static void test_partial(const hd_lowered *l, const hd_spv_module *m, unsigned wave)
{
	const hd_place *v = NULL, *mem = NULL;
	const hd_place *fill[2];
	uint8_t got[8] = { 0 };

	for (unsigned i = 0; (fill[0] = place_of(l, m, "dl", i)) != NULL; i++)
		if (fill[0]->kind == HD_PLACE_VGPR)
			v = fill[0];
	for (unsigned i = 0; v && (fill[0] = place_of(l, m, "dl", i)) != NULL; i++)
		if (fill[0]->kind == HD_PLACE_MEMORY && fill[0]->pc_begin == v->pc_begin)
			mem = fill[0];
	OK(v && v->var_offset == 4, "the DebugValue gives bytes 4-7 a VGPR");
	OK(mem && mem->var_offset == 0 && mem->size == 4,
	   "the declared memory still holds bytes 0-3 after the DebugValue");
	fill[0] = mem;
	fill[1] = v;
	OK(v && mem && read_at(l, v->die, wave, v->pc_begin, fill, 2, bytes8, got, 8) == 0 &&
	   memcmp(got, bytes8, 8) == 0, "dl reads its lower half from memory, its upper from the VGPR");
}

/* Loads text, lowers it for each wave size it names and runs check on each
 * lowering; waves is 64 alone, or 64 then 32. */
static void each_wave(const char *text, const char *what, unsigned last_wave,
                      void (*check)(const hd_lowered *, const hd_spv_module *, unsigned))
{
	hd_spv_module *m = load(text);
	char name[64];

	snprintf(name, sizeof name, "%s: the module loads", what);
	OK(m != NULL, name);
	for (unsigned wave = 64; m && wave >= last_wave; wave /= 2) {
		hd_lowered *l = lower(m, wave);

		snprintf(name, sizeof name, "%s: lowers for wave%u", what, wave);
		OK(l != NULL, name);
		if (l)
			check(l, m, wave);
		hd_lowered_free(l);
	}
	hd_spv_free(m);
}

static void test_indexes_wave(const hd_lowered *l, const hd_spv_module *m, unsigned wave)
{
	(void)wave;  /* the field walk does not depend on the wave size */
	test_indexes(l, m);
}

int main(void)
{
	tap_begin();
	each_wave(scopes_text, "scopes", 32, test_scopes);
	each_wave(constant_text, "constant", 32, test_constant);
	each_wave(partial_text, "partial", 32, test_partial);
	each_wave(indexes_text, "indexes", 64, test_indexes_wave);
	return tap_end();
}
