/* The code part of the lowering (docs/lowering-code.md): the reference
 * placement, subprograms, lexical blocks and namespaces, inlining, the line
 * table, call frames, and the SIMT attributes evaluated on the software
 * AMDGPU model. */
#include "tap.h"
#include "lower_test.h"

#include "amdgpu/model.h"
#include "dwarf/eval/eval.h"
#include "lower/lower.h"
#include "spirv/spirv.h"

#include <libdwarf/dwarf.h>
#include <stdlib.h>
#include <string.h>

/* A kernel "main" with nested blocks and a call of f inlined in the inner
 * block; a callee "helper" (OpName helper_fn) with a discriminator; three
 * namespace openings. Slots are in the comments. */
static const char module_text[] =
	"OpCapability Addresses\n"
	"OpCapability Kernel\n"
	"OpCapability Int64\n"
	"%1 = OpExtInstImport \"OpenCL.DebugInfo.100\"\n"
	"OpMemoryModel Physical64 OpenCL\n"
	"OpEntryPoint Kernel %main \"main\"\n"
	"%src = OpString \"k.cl\"\n"
	"%s_main = OpString \"main\"\n"
	"%s_f = OpString \"f\"\n"
	"%s_h = OpString \"helper\"\n"
	"%s_ns = OpString \"ns\"\n"
	"%s_empty = OpString \"\"\n"
	"OpName %helper \"helper_fn\"\n"
	"%void = OpTypeVoid\n"
	"%fnty = OpTypeFunction %void\n"
	"%dinone = OpExtInst %void %1 DebugInfoNone\n"
	"%dsrc = OpExtInst %void %1 DebugSource %src\n"
	"%cu = OpExtInst %void %1 DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n"
	"%t_fn = OpExtInst %void %1 DebugTypeFunction None %void\n"
	"%dmain = OpExtInst %void %1 DebugFunction %s_main %t_fn %dsrc 1 1 %cu %s_main FlagIsDefinition 2 %main\n"
	"%lb = OpExtInst %void %1 DebugLexicalBlock %dsrc 3 1 %dmain\n"
	"%lb2 = OpExtInst %void %1 DebugLexicalBlock %dsrc 4 1 %lb\n"
	"%inl = OpExtInst %void %1 DebugInlinedAt 7 %lb2\n"
	"%df = OpExtInst %void %1 DebugFunction %s_f %t_fn %dsrc 10 1 %cu %s_f FlagIsDefinition 11 %dinone\n"
	"%flb = OpExtInst %void %1 DebugLexicalBlock %dsrc 12 1 %df\n"
	"%dh = OpExtInst %void %1 DebugFunction %s_h %t_fn %dsrc 20 1 %cu %s_empty FlagIsDefinition 21 %helper\n"
	"%disc = OpExtInst %void %1 DebugLexicalBlockDiscriminator %dsrc 3 %dh\n"
	"%ns = OpExtInst %void %1 DebugLexicalBlock %dsrc 30 1 %cu %s_ns\n"
	"%ns2 = OpExtInst %void %1 DebugLexicalBlock %dsrc 40 1 %cu %s_ns\n"
	"%anon = OpExtInst %void %1 DebugLexicalBlock %dsrc 50 1 %cu %s_empty\n"
	"%main = OpFunction %void None %fnty\n"        /* 0 */
	"%entry = OpLabel\n"                           /* 1 */
	"%sc0 = OpExtInst %void %1 DebugScope %dmain\n"
	"OpLine %src 2 1\n"
	"OpBranch %b1\n"                               /* 2 */
	"%b1 = OpLabel\n"                              /* 3 */
	"%sc1 = OpExtInst %void %1 DebugScope %lb\n"
	"OpLine %src 3 5\n"
	"OpNop\n"                                      /* 4 */
	"%sc2 = OpExtInst %void %1 DebugScope %lb2\n"
	"OpNop\n"                                      /* 5 */
	"%sc3 = OpExtInst %void %1 DebugScope %flb %inl\n"
	"OpLine %src 12 3\n"
	"OpNop\n"                                      /* 6 */
	"%sc4 = OpExtInst %void %1 DebugScope %lb2\n"
	"OpLine %src 4 2\n"
	"OpNop\n"                                      /* 7 */
	"%sc5 = OpExtInst %void %1 DebugScope %lb\n"
	"OpNop\n"                                      /* 8 */
	"%sc6 = OpExtInst %void %1 DebugScope %lb2\n"
	"OpNoLine\n"
	"OpNop\n"                                      /* 9 */
	"%sc7 = OpExtInst %void %1 DebugScope %dmain\n"
	"OpLine %src 5 1\n"
	"OpReturn\n"                                   /* 10 */
	"OpFunctionEnd\n"                              /* 11 */
	"%helper = OpFunction %void None %fnty\n"      /* 0 */
	"%h0 = OpLabel\n"                              /* 1 */
	"%sh0 = OpExtInst %void %1 DebugScope %dh\n"
	"OpLine %src 22 1\n"
	"OpNop\n"                                      /* 2 */
	"%sh1 = OpExtInst %void %1 DebugScope %disc\n"
	"OpNop\n"                                      /* 3 */
	"OpReturn\n"                                   /* 4 */
	"OpFunctionEnd\n";                             /* 5 */

/* ---- looking things up in the lowered unit ---- */

static const hd_die *child(const hd_die *d, uint16_t tag, unsigned nth)
{
	for (const hd_die *c = d ? d->first_child : NULL; c; c = c->next)
		if (c->tag == tag && nth-- == 0)
			return c;
	return NULL;
}

static const char *name_of(const hd_die *d)
{
	const hd_attr *a = d ? hd_die_attr(d, DW_AT_name) : NULL;
	return a ? a->s : NULL;
}

static const hd_die *subprogram(const hd_lowered *l, const char *name)
{
	for (const hd_die *c = l->unit.root->first_child; c; c = c->next)
		if (c->tag == DW_TAG_subprogram && name_of(c) && strcmp(name_of(c), name) == 0)
			return c;
	return NULL;
}

static uint64_t attr_u(const hd_die *d, uint16_t name)
{
	const hd_attr *a = d ? hd_die_attr(d, name) : NULL;
	return a ? a->u : UINT64_MAX;
}

static int count_tag(const hd_die *d, uint16_t tag)
{
	int n = 0;
	for (const hd_die *c = d->first_child; c; c = c->next)
		n += c->tag == tag;
	return n;
}

/* ---- tests ---- */

static void test_placement(const hd_lowered *l)
{
	EQ_U64(l->text_addr, 0x1000, "text at 0x1000");
	EQ_U64(l->nfunctions, 2, "two functions placed");
	EQ_U64(l->functions[0].low_pc, 0x1000, "main low_pc");
	EQ_U64(l->functions[0].high_pc, 0x1000 + 12 * 4, "main high_pc: 12 slots");
	OK(l->functions[0].is_kernel, "main is a kernel");
	EQ_U64(l->functions[1].low_pc, 0x1100, "helper at the next 256-byte boundary");
	EQ_U64(l->functions[1].high_pc, 0x1100 + 6 * 4, "helper high_pc: 6 slots");
	OK(!l->functions[1].is_kernel, "helper is not a kernel");
	EQ_U64(l->text_size, 0x118, "text runs to the end of helper");
	OK(l->text && l->text[0] == 0x00 && l->text[3] == 0xbf && l->text[0x117] == 0xbf,
	   "text is s_nop 0");
	EQ_U64(l->nsymbols, 2, "a symbol per function");
	EQ_STR(l->symbols[0].name, "main", "kernel symbol: entry point name");
	OK(l->symbols[0].is_global && l->symbols[0].is_func, "kernel symbol global STT_FUNC");
	EQ_STR(l->symbols[1].name, "helper_fn", "callee symbol: OpName (empty linkage name)");
	OK(!l->symbols[1].is_global, "callee symbol local");
	EQ_U64(l->symbols[1].value, 0x1100, "symbol value is low_pc");
	EQ_U64(l->symbols[1].size, 24, "symbol size is the code size");
}

static void test_subprograms(const hd_lowered *l)
{
	const hd_die *dmain = subprogram(l, "main"), *df = subprogram(l, "f");
	const hd_die *dh = subprogram(l, "helper");

	OK(dmain && df && dh, "three subprograms under the unit");
	if (!dmain || !df || !dh)
		return;
	EQ_U64(attr_u(dmain, DW_AT_low_pc), 0x1000, "main DW_AT_low_pc");
	EQ_U64(attr_u(dmain, DW_AT_high_pc), 48, "main DW_AT_high_pc is a length");
	OK(!hd_die_attr(dmain, DW_AT_linkage_name), "linkage name equal to name left out");
	EQ_U64(attr_u(dmain, DW_AT_calling_convention), DW_CC_LLVM_OpenCLKernel,
	       "kernel calling convention");
	OK(!hd_die_attr(dh, DW_AT_calling_convention), "callee: default calling convention");
	EQ_U64(attr_u(dmain, 0x3e0a), 64, "DW_AT_LLVM_lanes = wave size");
	OK(hd_die_attr(dmain, DW_AT_frame_base) != NULL, "main has a frame base");
	OK(!hd_die_attr(df, DW_AT_low_pc) && !hd_die_attr(df, DW_AT_frame_base),
	   "f (no OpFunction) has no code attributes");
	EQ_U64(attr_u(df, DW_AT_inline), DW_INL_inlined, "f is an abstract instance root");
	OK(!hd_die_attr(dmain, DW_AT_inline), "main is not marked inline");
	EQ_U64(attr_u(dh, DW_AT_low_pc), 0x1100, "helper DW_AT_low_pc");
	EQ_U64(attr_u(dmain, DW_AT_decl_line), 1, "main decl_line");
}

static void test_scopes(const hd_lowered *l)
{
	const hd_die *dmain = subprogram(l, "main"), *df = subprogram(l, "f");
	const hd_die *lb = child(dmain, DW_TAG_lexical_block, 0);
	const hd_die *lb2 = child(lb, DW_TAG_lexical_block, 0);
	const hd_die *inl = child(lb2, DW_TAG_inlined_subroutine, 0);
	const hd_die *iflb = child(inl, DW_TAG_lexical_block, 0);
	const hd_die *flb = child(df, DW_TAG_lexical_block, 0);
	const hd_attr *r;

	OK(lb && lb2 && inl && iflb && flb, "block tree: main > lb > lb2 > inlined f > block");
	if (!lb || !lb2 || !inl || !iflb || !flb)
		return;
	EQ_U64(attr_u(lb, DW_AT_low_pc), 0x1010, "lb low_pc: slot 4");
	EQ_U64(attr_u(lb, DW_AT_high_pc), 0x18, "lb high_pc: slots 4-9 (nested and inlined included)");
	r = hd_die_attr(lb2, DW_AT_ranges);
	OK(r && r->kind == HD_DV_RNGLIST, "lb2 has a range list (slots 5-7 and 9)");
	if (r && r->u < l->unit.nrnglists) {
		const hd_dw_list *rl = &l->unit.rnglists[r->u];
		OK(rl->n == 2 && rl->base == 0x1000 && rl->entries[0].begin == 0x1014 &&
		   rl->entries[0].end == 0x1020 && rl->entries[1].begin == 0x1024 &&
		   rl->entries[1].end == 0x1028, "lb2 ranges [0x1014,0x1020) [0x1024,0x1028)");
	}
	OK(hd_die_attr(inl, DW_AT_abstract_origin) &&
	   hd_die_attr(inl, DW_AT_abstract_origin)->ref == df, "inlined_subroutine origin is f");
	EQ_U64(attr_u(inl, DW_AT_call_line), 7, "call_line from DebugInlinedAt Line");
	OK(hd_die_attr(inl, DW_AT_call_file) != NULL, "call_file from the call-site scope's Source");
	EQ_U64(attr_u(inl, DW_AT_low_pc), 0x1018, "inlined_subroutine low_pc: slot 6");
	EQ_U64(attr_u(inl, DW_AT_high_pc), 4, "inlined_subroutine high_pc");
	OK(hd_die_attr(iflb, DW_AT_abstract_origin) &&
	   hd_die_attr(iflb, DW_AT_abstract_origin)->ref == flb, "inlined block origin is f's block");
	EQ_U64(attr_u(iflb, DW_AT_low_pc), 0x1018, "inlined block low_pc");
	OK(!hd_die_attr(flb, DW_AT_low_pc) && !hd_die_attr(flb, DW_AT_ranges),
	   "abstract block has no pcs");
	EQ_U64(count_tag(l->unit.root, DW_TAG_namespace), 2, "ns opened twice is one namespace, plus an anonymous one");
	OK(name_of(child(l->unit.root, DW_TAG_namespace, 0)) &&
	   strcmp(name_of(child(l->unit.root, DW_TAG_namespace, 0)), "ns") == 0, "namespace ns named");
	OK(!name_of(child(l->unit.root, DW_TAG_namespace, 1)), "anonymous namespace has no name");
}

typedef struct want_row {
	uint64_t addr;
	uint32_t line, column, disc;
	uint8_t is_stmt, end;
} want_row;

static void test_lines(const hd_lowered *l)
{
	static const want_row want[] = {
		{ 0x1000, 2, 0, 0, 1, 0 },   /* prologue: Scope Line */
		{ 0x1008, 2, 1, 0, 1, 0 },
		{ 0x100c, 0, 0, 0, 0, 0 },   /* OpLabel after a block end: no line */
		{ 0x1010, 3, 5, 0, 1, 0 },
		{ 0x1018, 12, 3, 0, 1, 0 },  /* inlined */
		{ 0x101c, 4, 2, 0, 1, 0 },
		{ 0x1024, 0, 0, 0, 0, 0 },   /* OpNoLine */
		{ 0x1028, 5, 1, 0, 1, 0 },
		{ 0x102c, 0, 0, 0, 0, 0 },   /* OpFunctionEnd after the return */
		{ 0x1030, 0, 0, 0, 0, 1 },
		{ 0x1100, 21, 0, 0, 1, 0 },
		{ 0x1108, 22, 1, 0, 1, 0 },
		{ 0x110c, 22, 1, 3, 1, 0 },  /* the discriminator's scope */
		{ 0x1114, 0, 0, 0, 0, 0 },
		{ 0x1118, 0, 0, 0, 0, 1 },
	};
	const hd_dw_lines *ln = &l->unit.lines;
	size_t n = sizeof want / sizeof want[0];
	int good = ln->nrows == n;

	EQ_U64(ln->nrows, n, "line rows");
	for (size_t i = 0; good && i < n; i++) {
		const hd_dw_row *r = &ln->rows[i];
		if (r->address != want[i].addr || r->end_sequence != want[i].end ||
		    (!want[i].end && (r->line != want[i].line || r->column != want[i].column ||
		                      r->discriminator != want[i].disc || r->is_stmt != want[i].is_stmt))) {
			printf("# row %zu: addr 0x%llx line %u col %u disc %u stmt %u end %u\n", i,
			       (unsigned long long)r->address, r->line, r->column, r->discriminator,
			       r->is_stmt, r->end_sequence);
			good = 0;
		}
	}
	OK(good, "line rows: prologue, line changes, line 0 gaps, discriminator, end_sequence");
}

static void test_cfi(const hd_lowered *l)
{
	static const uint8_t kernel[] = { 0x0f, 3, 0x30, 0x36, 0xe1, 0x07, 16 };
	static const uint8_t callee[] = { 0x30, 64, 0, 6, 0x10, 16, 8,
	                                  0x90, 62, 0x93, 4, 0x90, 63, 0x93, 4 };
	const hd_dw_unit *u = &l->unit;

	EQ_U64(u->ncies, 1, "one CIE");
	if (u->ncies == 1) {
		EQ_STR(u->cies[0].augmentation, "[amd:v0.0]", "CIE augmentation");
		OK(u->cies[0].code_align == 4 && u->cies[0].data_align == 4 &&
		   u->cies[0].ra_column == 16 && u->cies[0].address_size == 8, "CIE fields");
	}
	EQ_U64(u->nfdes, 2, "an FDE per function");
	if (u->nfdes != 2)
		return;
	OK(u->fdes[0].initial_location == 0x1000 && u->fdes[0].address_range == 48, "kernel FDE range");
	OK(u->fdes[0].insns_len == sizeof kernel && memcmp(u->fdes[0].insns, kernel, sizeof kernel) == 0,
	   "kernel FDE: def_cfa_expression {lit0; lit6; form_aspace_address}; undefined pc");
	OK(u->fdes[1].initial_location == 0x1100 && u->fdes[1].address_range == 24, "callee FDE range");
	OK(u->fdes[1].insns_len == sizeof callee && memcmp(u->fdes[1].insns, callee, sizeof callee) == 0,
	   "callee FDE: def_aspace_cfa s32 0 private_wave; pc = s30:s31");
}

/* ---- evaluation on the model ---- */

static int eval_attr(hd_eval *ev, hd_context *ctx, const hd_lowered *l, const hd_die *d,
                     uint16_t attr, hd_result *res)
{
	hd_encoding enc = { l->opt.profile, 8, 4 };
	const hd_attr *a = hd_die_attr(d, attr);

	memset(res, 0, sizeof *res);
	if (!a || a->kind != HD_DV_EXPR)
		return -1;
	return hd_eval_expr(ev, ctx, &enc, a->bytes, a->len, res);
}

static void test_eval(const hd_lowered *l, unsigned wave)
{
	const hd_die *dmain = subprogram(l, "main");
	uint64_t exec = wave == 64 ? 0x80000000000000f5ull : 0x800000f5ull;
	uint64_t pc = 0x1018, fp = HD_LOWER_FRAME_WAVE_OFFSET;
	hd_amdgpu *model = hd_amdgpu_new(wave);
	hd_eval *ev = hd_eval_new(NULL);
	uint16_t at_lane_pc = 0x3e0b, at_active = 0x3e08;
	hd_context ctx;
	hd_result res;
	hd_status st;
	char name[80];
	int good = 1;

	if (!model || !ev || !dmain) {
		OK(0, "model and evaluator");
		goto out;
	}
	hd_status_clear(&st);
	hd_amdgpu_set_reg(model, wave == 64 ? HD_AMDGPU_EXEC_64 : HD_AMDGPU_EXEC_32,
	                  (const uint8_t *)&exec, wave / 8, &st);
	hd_amdgpu_set_reg(model, HD_AMDGPU_PC_64, (const uint8_t *)&pc, 8, &st);
	hd_amdgpu_set_reg(model, HD_AMDGPU_SGPR0 + HD_LOWER_FRAME_SGPR, (const uint8_t *)&fp, 4, &st);
	memset(&ctx, 0, sizeof ctx);
	ctx.arch = hd_amdgpu_target(model);
	ctx.has_thread = 1;
	ctx.has_frame = 1;
	ctx.has_pc = 1;
	ctx.pc = pc;

	/* lane_pc: part N is the PC for an active lane, undefined otherwise */
	ctx.result = HD_RESULT_LOCATION;
	snprintf(name, sizeof name, "wave%u: lane_pc evaluates to a location", wave);
	OK(eval_attr(ev, &ctx, l, dmain, at_lane_pc, &res) == 0 && res.kind == HD_OUT_LOCATION, name);
	if (res.kind == HD_OUT_LOCATION) {
		const hd_storage *s = res.loc->s[0].storage;

		if (s->kind != HD_STORAGE_COMPOSITE || s->u.comp.nparts != wave)
			good = 0;
		for (unsigned n = 0; good && n < wave; n++) {
			uint8_t buf[8] = { 0 };
			uint64_t v = 0;
			int rc = hd_loc_read(ev, &ctx, s->u.comp.parts[n].loc, 64, buf, &st);

			memcpy(&v, buf, 8);
			if ((exec >> n) & 1)
				good = rc == 0 && v == pc;
			else
				good = rc != 0 && strcmp(st.code, "undefined-read") == 0;
			if (!good)
				printf("# lane %u: rc %d value 0x%llx\n", n, rc, (unsigned long long)v);
		}
		snprintf(name, sizeof name, "wave%u: lane_pc: active lanes read PC, inactive undefined", wave);
		OK(good, name);
	}

	/* active_lane: EXEC as a value */
	ctx.result = HD_RESULT_VALUE;
	snprintf(name, sizeof name, "wave%u: active_lane is EXEC", wave);
	OK(eval_attr(ev, &ctx, l, dmain, at_active, &res) == 0 && res.kind == HD_OUT_VALUE &&
	   res.value.lo == exec, name);

	/* frame base: private_lane address FP >> log2(W), as lane 3 sees it */
	ctx.result = HD_RESULT_LOCATION;
	ctx.has_lane = 1;
	ctx.lane = 3;
	snprintf(name, sizeof name, "wave%u: frame base is private_lane 0x%x", wave,
	         HD_LOWER_FRAME_WAVE_OFFSET / wave);
	OK(eval_attr(ev, &ctx, l, dmain, DW_AT_frame_base, &res) == 0 &&
	   res.kind == HD_OUT_LOCATION && res.loc->n == 1 &&
	   res.loc->s[0].storage->kind == HD_STORAGE_MEMORY &&
	   res.loc->s[0].storage->u.mem.aspace == HD_ASPACE_PRIVATE_LANE &&
	   res.loc->s[0].offset == (hd_bits)(HD_LOWER_FRAME_WAVE_OFFSET / wave) * 8, name);
	if (res.kind == HD_OUT_LOCATION) {
		static const uint8_t word[4] = { 0x11, 0x22, 0x33, 0x44 };
		uint8_t back[4] = { 0 };

		hd_amdgpu_write_mem(model, HD_ASPACE_PRIVATE_LANE, 1, 3,
		                    HD_LOWER_FRAME_WAVE_OFFSET / wave, word, 4, &st);
		snprintf(name, sizeof name, "wave%u: frame base reads lane 3's frame", wave);
		OK(hd_loc_read(ev, &ctx, res.loc, 32, back, &st) == 0 && memcmp(back, word, 4) == 0,
		   name);
	}
out:
	hd_eval_free(ev);
	hd_amdgpu_free(model);
}

static hd_lowered *lower(hd_spv_module *m, hd_profile p, unsigned wave)
{
	hd_lower_options o = { p, 0, wave };
	hd_lowered *l = NULL;
	hd_status st;

	hd_status_clear(&st);
	if (hd_lower(m, &o, &l, &st) != 0)
		printf("# hd_lower: %s: %s\n", st.code, st.msg);
	return l;
}

int main(void)
{
	hd_spv_module *m;
	hd_lowered *l;

	tap_begin();
	m = lower_test_load(module_text);
	OK(m != NULL, "module assembles and builds");
	if (!m)
		return tap_end();
	EQ_U64(hd_di_validate(m), 0, "module validates without a finding");

	l = lower(m, HD_PROFILE_AMDGPU_V0, 64);
	OK(l != NULL, "lowers (amdgpu-v0, wave64)");
	if (l) {
		test_placement(l);
		test_subprograms(l);
		test_scopes(l);
		test_lines(l);
		test_cfi(l);
		test_eval(l, 64);
		hd_lowered_free(l);
	}
	l = lower(m, HD_PROFILE_AMDGPU_V0, 32);
	OK(l != NULL, "lowers (amdgpu-v0, wave32)");
	if (l) {
		EQ_U64(attr_u(subprogram(l, "main"), 0x3e0a), 32, "wave32: lanes 32");
		test_eval(l, 32);
		hd_lowered_free(l);
	}
	l = lower(m, HD_PROFILE_LLVM_USER, 64);
	OK(l != NULL, "lowers (llvm-user)");
	if (l) {
		const hd_die *dmain = subprogram(l, "main");
		OK(dmain && hd_die_attr(dmain, 0x3e12) && hd_die_attr(dmain, 0x3e11) &&
		   !hd_die_attr(dmain, 0x3e08), "llvm-user: lane_pc 0x3e12, lanes 0x3e11, no active_lane");
		hd_lowered_free(l);
	}
	hd_spv_free(m);
	return tap_end();
}
