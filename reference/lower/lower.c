/* The lowering driver: sets up the context, dispatches each DebugInfo node
 * to its handler by instruction kind (one table for every set, whose
 * instructions share names), then lowers the function bodies, the line
 * program, the call frames and the macros (lower_impl.h has the rules). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_impl.h"

/* Indexed by instruction kind (one table for every set, whose instructions
 * share names). Instructions missing here have no DIE of their own:
 * DebugInfoNone, DebugScope, DebugNoScope, DebugInlinedAt, DebugDeclare,
 * DebugValue, DebugExpression and DebugOperation are read where they are
 * used (hd_lower_bodies). */
static const hd_lower_fn handlers[HD_K_COUNT] = {
	[HD_K_DebugCompilationUnit] = hd_lower_compilation_unit,
	[HD_K_DebugFunction] = hd_lower_function,
	[HD_K_DebugFunctionDeclaration] = hd_lower_function_declaration,
	[HD_K_DebugGlobalVariable] = hd_lower_global_variable,
	[HD_K_DebugImportedEntity] = hd_lower_imported_entity,
	[HD_K_DebugInlinedVariable] = hd_lower_inlined_variable,
	[HD_K_DebugLexicalBlock] = hd_lower_lexical_block,
	[HD_K_DebugLexicalBlockDiscriminator] = hd_lower_lexical_block_discriminator,
	[HD_K_DebugLocalVariable] = hd_lower_local_variable,
	[HD_K_DebugMacroDef] = hd_lower_macro_def,
	[HD_K_DebugMacroUndef] = hd_lower_macro_undef,
	[HD_K_DebugModuleINTEL] = hd_lower_module,
	[HD_K_DebugSource] = hd_lower_source,
	[HD_K_DebugTypeArray] = hd_lower_type_array,
	[HD_K_DebugTypeBasic] = hd_lower_type_basic,
	[HD_K_DebugTypeComposite] = hd_lower_type_composite,
	[HD_K_DebugTypeEnum] = hd_lower_type_enum,
	[HD_K_DebugTypeFunction] = hd_lower_type_function,
	[HD_K_DebugTypeInheritance] = hd_lower_type_inheritance,
	[HD_K_DebugTypeMember] = hd_lower_type_member,
	[HD_K_DebugTypePointer] = hd_lower_type_pointer,
	[HD_K_DebugTypePtrToMember] = hd_lower_type_ptr_to_member,
	[HD_K_DebugTypeQualifier] = hd_lower_type_qualifier,
	[HD_K_DebugTypeTemplate] = hd_lower_type_template,
	[HD_K_DebugTypeTemplateParameter] = hd_lower_type_template_parameter,
	[HD_K_DebugTypeTemplateParameterPack] = hd_lower_type_template_parameter_pack,
	[HD_K_DebugTypeTemplateTemplateParameter] = hd_lower_type_template_template_parameter,
	[HD_K_DebugTypeVector] = hd_lower_type_vector,
	[HD_K_DebugTypedef] = hd_lower_typedef,
};

/* The handler of n, or NULL. */
static hd_lower_fn handler_of(const hd_di_node *n)
{
	return n->inst && n->inst->kind < HD_K_COUNT ? handlers[n->inst->kind] : NULL;
}

hd_die *hd_lower_fail(hd_lw *L, hd_kind kind, const char *code, const hd_di_node *n,
                      const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (!L->failed) {
		if (n)
			hd_fail(L->st, kind, code, L->m->insns[n->insn].offset, "%%%u %s: %s",
			        n->id, n->inst ? n->inst->name : "OpExtInst", msg);
		else
			hd_fail(L->st, kind, code, 0, "%s", msg);
	}
	L->failed = 1;
	return NULL;
}

int hd_lower_grow(hd_lw *L, void **arr, size_t sz, uint32_t n, uint32_t *cap)
{
	uint32_t ncap;
	void *p;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	if (ncap <= n || (size_t)ncap > SIZE_MAX / sz ||
	    !(p = realloc(*arr, (size_t)ncap * sz))) {
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
		return -1;
	}
	memset((char *)p + (size_t)*cap * sz, 0, (size_t)(ncap - *cap) * sz);
	*arr = p;
	*cap = ncap;
	return 0;
}

void hd_lower_set_die(hd_lw *L, const hd_di_node *n, hd_die *d)
{
	L->die_of[n - L->m->nodes] = d;
}

hd_die *hd_lower_node(hd_lw *L, int32_t node)
{
	const hd_di_node *n;

	if (node < 0 || (uint32_t)node >= L->m->nnodes || L->failed)
		return NULL;
	if (L->state[node] != HD_LOWER_TODO)
		return L->die_of[node];  /* done, or busy: NULL until it has a DIE */
	n = &L->m->nodes[node];
	L->state[node] = HD_LOWER_BUSY;
	if (L->fn_of[node]) {
		hd_die *d = L->fn_of[node](L, n);
		if (d && !L->die_of[node])
			L->die_of[node] = d;
	}
	L->state[node] = HD_LOWER_DONE;
	return L->die_of[node];
}

hd_die *hd_lower_id(hd_lw *L, uint32_t id)
{
	const hd_di_node *n = hd_di_node_of(L->m, id);
	return n ? hd_lower_node(L, (int32_t)(n - L->m->nodes)) : NULL;
}

hd_die *hd_lower_parent(hd_lw *L, uint32_t id)
{
	const hd_di_node *n = hd_di_node_of(L->m, id);
	hd_die *d;

	if (!n || hd_lw_is(n, HD_K_DebugCompilationUnit))
		return L->u->root;
	d = hd_lower_id(L, id);
	return d ? d : L->u->root;
}

static int setup(hd_lw *L, const hd_spv_module *m, const hd_lower_options *o,
                 hd_lowered *out, hd_status *st)
{
	uint32_t nn = m->nnodes ? m->nnodes : 1;
	uint32_t ni = m->ninsns ? m->ninsns : 1;

	memset(L, 0, sizeof *L);
	L->m = m;
	L->opt = *o;
	L->out = out;
	L->u = &out->unit;
	L->st = st;
	L->cu = -1;
	L->enc.profile = o->profile;
	L->enc.addr_size = 8;
	L->enc.offset_size = o->dwarf64 ? 8 : 4;
	L->die_of = calloc(nn, sizeof *L->die_of);
	L->state = calloc(nn, sizeof *L->state);
	L->fn_of = calloc(nn, sizeof *L->fn_of);
	L->file_of_node = malloc(nn * sizeof *L->file_of_node);
	L->file_of_insn = malloc(ni * sizeof *L->file_of_insn);
	if (!L->die_of || !L->state || !L->fn_of || !L->file_of_node || !L->file_of_insn)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (uint32_t i = 0; i < nn; i++)
		L->file_of_node[i] = -1;
	for (uint32_t i = 0; i < ni; i++)
		L->file_of_insn[i] = -1;
	for (uint32_t i = 0; i < m->nnodes; i++) {
		L->fn_of[i] = handler_of(&m->nodes[i]);
		if (L->cu < 0 && hd_lw_is(&m->nodes[i], HD_K_DebugCompilationUnit))
			L->cu = (int32_t)i;
	}
	return hd_dw_unit_init(&out->unit, o->dwarf64, o->profile, st);
}

static void teardown(hd_lw *L)
{
	free(L->die_of);
	free(L->state);
	free(L->fn_of);
	free(L->file_of_node);
	free(L->file_of_insn);
	free(L->insts);
	free(L->inst_head);
	free(L->listed_by);
	free(L->flagbits);
	for (int s = 0; s < HD_SET_COUNT; s++)
		free((void *)L->inst_flags[s]);
}

/* The steps, in the order their results are needed: code placement gives
 * the pcs that subprograms and scopes need; the unit's root comes before
 * anything is attached to it; bodies need every variable's DIE. */
static int run(hd_lw *L)
{
	if (hd_lower_place_code(L) != 0)
		return -1;
	/* Without a compile unit there is no debug info to lower: say so rather
	 * than write an empty unit. */
	if (L->cu < 0) {
		hd_lower_fail(L, HD_BAD_INPUT, "no-compile-unit", NULL,
		              "no-compile-unit: the module has no DebugCompilationUnit, so no "
		              "debug info to lower");
		return -1;
	}
	hd_lower_node(L, L->cu);
	for (uint32_t i = 0; i < L->m->nnodes && !L->failed; i++)
		if (L->fn_of[i])
			hd_lower_node(L, (int32_t)i);
	if (L->failed || hd_lower_scopes(L) != 0 || hd_lower_bodies(L) != 0 ||
	    hd_lower_lines(L) != 0 || hd_lower_cfi(L) != 0 || hd_lower_macros_finish(L) != 0 ||
	    hd_lower_files_finish(L) != 0)
		return -1;
	return 0;
}

int hd_lower(const hd_spv_module *m, const hd_lower_options *o, hd_lowered **out,
             hd_status *st)
{
	hd_lw L;
	hd_lowered *l;
	int rc;

	*out = NULL;
	if (o->wave_size != 32 && o->wave_size != 64)
		return hd_fail(st, HD_BAD_INPUT, "wave-size", 0, "wave size %u is not 32 or 64",
		               o->wave_size);
	l = calloc(1, sizeof *l);
	if (!l)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	l->opt = *o;
	rc = setup(&L, m, o, l, st);
	if (rc == 0)
		rc = run(&L);
	if (rc == 0 && !L.u->root)
		rc = hd_fail(st, HD_INTERNAL, "no-unit", 0, "the lowering made no compile unit");
	teardown(&L);
	if (rc != 0) {
		hd_lowered_free(l);
		return -1;
	}
	*out = l;
	return 0;
}

/* The processor the code object names (LLVM's BinaryFormat/ELF.h numbers):
 * gfx90a for wave64, with xnack and sramecc "any" as clang-15 writes them
 * for -mcpu=gfx90a; gfx1030 for wave32, since gfx9 has no wave32 and gfx10
 * supports neither feature. */
static uint32_t elf_flags(unsigned wave_size)
{
	if (wave_size == 32)
		return 0x036u;             /* EF_AMDGPU_MACH_AMDGCN_GFX1030 */
	return 0x03fu | 0x100u | 0x400u;  /* GFX90A | XNACK_ANY_V4 | SRAMECC_ANY_V4 */
}

int hd_lower_write_elf(hd_lowered *l, hd_buf *out, hd_status *st)
{
	hd_dw_sections secs;
	hd_elf_image img;
	int rc;

	memset(&secs, 0, sizeof secs);
	if (hd_dw_write(&l->unit, &secs, st) != 0) {
		hd_dw_sections_free(&secs);
		return -1;
	}
	memset(&img, 0, sizeof img);
	img.e_flags = elf_flags(l->opt.wave_size);
	img.os_abi = 64;      /* ELFOSABI_AMDGPU_HSA */
	img.abi_version = 3;  /* ELFABIVERSION_AMDGPU_HSA_V5 */
	img.text_addr = l->text_addr;
	img.text = l->text;
	img.text_size = l->text_size;
	img.bss_addr = l->bss_addr;
	img.bss_size = l->bss_size;
	img.symbols = l->symbols;
	img.nsymbols = l->nsymbols;
	img.debug = &secs;
	rc = hd_elf_write(&img, out, st);
	hd_dw_sections_free(&secs);
	return rc;
}

void hd_lowered_free(hd_lowered *l)
{
	if (!l)
		return;
	/* the unit's growable arrays are the lowering's (hd_lower_grow), the
	 * rest lives in the unit's arena */
	free(l->unit.lines.rows);
	free(l->unit.lines.files);
	free((void *)l->unit.lines.dirs);
	free(l->unit.loclists);
	free(l->unit.rnglists);
	free(l->unit.macros);
	free(l->unit.cies);
	free(l->unit.fdes);
	hd_dw_unit_free(&l->unit);
	free(l->text);
	free(l->symbols);
	free(l->functions);
	free(l->places);
	free(l);
}
