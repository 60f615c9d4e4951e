/* DebugGlobalVariable and DebugFunctionDeclaration (docs/lowering.md, their
 * sections, and "Program-scope storage" for where globals are placed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "lower_type.h"
#include "amdgpu/model.h"

/* .bss starts at this address or on the first 4 KiB page after .text,
 * whichever is higher: a fixed, recomputable rule like the code's. */
#define BSS_MIN_ADDR 0x10000u
#define PAGE 0x1000u

static hd_die *nomem(hd_lw *L, const hd_di_node *n)
{
	return L->failed ? NULL : hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
}

/* The linkage name when it says something the name does not (clang leaves
 * DW_AT_linkage_name out for unmangled C names the same way). */
static const char *linkage_name(hd_lw *L, const hd_di_node *n)
{
	const char *ln = hd_lower_nonempty(L, n, HD_O_Linkage_Name);
	const char *name = hd_lower_nonempty(L, n, HD_O_Name);

	return ln && (!name || strcmp(ln, name) != 0) ? ln : NULL;
}

/* ---- placement of program-scope storage ---- */

/* The OpName of id, or NULL. */
static const char *op_name(hd_lw *L, uint32_t id)
{
	for (uint32_t i = 0; i < L->m->ninsns; i++) {
		const hd_spv_insn *in = &L->m->insns[i];
		const uint32_t *w = L->m->words + in->offset;
		const char *s;

		if (in->opcode != SpvOpName || in->nwords < 3 || w[1] != id)
			continue;
		s = (const char *)(w + 2);
		return memchr(s, 0, (size_t)(in->nwords - 2) * 4) && *s ? s : NULL;
	}
	return NULL;
}

/* Alignment: the size's power of two, at most 16 (the widest OpenCL type,
 * a 16-byte vector, needs no more). */
static uint64_t align_of(uint64_t size)
{
	uint64_t a = 1;

	while (a < size && a < 16)
		a <<= 1;
	return a;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

static int symbol_taken(const hd_lowered *out, const char *name)
{
	for (uint32_t i = 0; i < out->nsymbols; i++)
		if (strcmp(out->symbols[i].name, name) == 0)
			return 1;
	return 0;
}

/* An STT_OBJECT symbol for a .bss variable, so tools can name the address.
 * Names come from the linkage name, the OpVariable's OpName, or the debug
 * Name, in that order; a taken name gets ".N" appended, as the code's
 * symbols do (placement.c). */
static int add_symbol(hd_lw *L, const hd_di_node *n, uint32_t var, uint64_t addr,
                      uint64_t size, int is_global)
{
	const char *name = hd_lower_nonempty(L, n, HD_O_Linkage_Name);
	hd_lowered *out = L->out;
	hd_elf_symbol *sym;
	char buf[300];

	if (!name)
		name = op_name(L, var);
	if (!name)
		name = hd_lower_nonempty(L, n, HD_O_Name);
	if (!name)
		return 0;
	snprintf(buf, sizeof buf, "%s", name);
	for (unsigned k = 1; symbol_taken(out, buf); k++)
		snprintf(buf, sizeof buf, "%s.%u", name, k);
	if (hd_lower_grow(L, (void **)&out->symbols, sizeof *out->symbols, out->nsymbols,
	                  &L->symbols_cap) != 0)
		return -1;
	sym = &out->symbols[out->nsymbols];
	memset(sym, 0, sizeof *sym);
	if (!(sym->name = hd_dw_strdup(L->u, buf, strlen(buf))))
		return -1;
	sym->value = addr;
	sym->size = size;
	sym->is_global = is_global;
	out->nsymbols++;
	return 0;
}

static int add_place(hd_lw *L, const hd_di_node *n, hd_place_kind kind, uint64_t aspace,
                     uint64_t addr, uint64_t size, uint64_t value)
{
	hd_lowered *out = L->out;
	hd_place *p;

	if (hd_lower_grow(L, (void **)&out->places, sizeof *out->places, out->nplaces,
	                  &L->places_cap) != 0)
		return -1;
	p = &out->places[out->nplaces++];
	memset(p, 0, sizeof *p);
	p->node = (int32_t)(n - L->m->nodes);
	p->function = -1;
	p->kind = kind;
	p->aspace = aspace;
	p->addr = addr;
	p->size = (uint32_t)size;
	p->value = value;
	p->pc_begin = 0;
	p->pc_end = UINT64_MAX;
	p->point = UINT32_MAX;
	return 0;
}

/* A global-memory variable: the next aligned slot of .bss, located by
 * DW_OP_addr (the default address space is global memory, docs/amdgpu-facts.md
 * "AMDGPU DWARF address spaces"). */
static int place_bss(hd_lw *L, hd_die *d, const hd_di_node *n, uint32_t var, uint64_t size,
                     int is_global)
{
	hd_lowered *out = L->out;
	uint64_t addr;
	hd_buf b;
	int rc;

	if (out->bss_size == 0 && L->bss_next == 0) {
		uint64_t end = align_up(out->text_addr + out->text_size, PAGE);
		out->bss_addr = end > BSS_MIN_ADDR ? end : BSS_MIN_ADDR;
	}
	L->bss_next = align_up(L->bss_next, align_of(size));
	addr = out->bss_addr + L->bss_next;
	L->bss_next += size;
	out->bss_size = L->bss_next;
	hd_buf_init(&b);
	rc = hd_lw_op(L, &b, HD_OP_addr, addr, 0);
	if (rc == 0 && (b.failed || hd_die_expr(L->u, d, DW_AT_location, b.data, b.len) != 0))
		rc = -1;
	hd_buf_free(&b);
	if (rc != 0 || add_symbol(L, n, var, addr, size, is_global) != 0)
		return -1;
	return add_place(L, n, HD_PLACE_MEMORY, HD_ASPACE_GLOBAL, addr, size, 0);
}

/* A Workgroup variable: the next aligned offset of local memory (LDS),
 * located as that offset in DW_ASPACE_AMDGPU_local with
 * DW_OP_LLVM_form_aspace_address (DWARF Extensions for Heterogeneous Debugging, "Memory Spaces"; the address
 * spaces of docs/amdgpu-facts.md). LDS has no ELF symbol: it is not in the file. */
static int place_lds(hd_lw *L, hd_die *d, const hd_di_node *n, uint64_t size)
{
	uint64_t off;
	hd_buf b;
	int rc;

	L->lds_next = align_up(L->lds_next, align_of(size));
	off = L->lds_next;
	L->lds_next += size;
	hd_buf_init(&b);
	rc = hd_lw_op(L, &b, HD_OP_constu, off, 0);
	if (rc == 0)
		rc = hd_lw_op(L, &b, HD_OP_constu, HD_ASPACE_LOCAL, 0);
	if (rc == 0)
		rc = hd_lw_op(L, &b, HD_OP_LLVM_form_aspace_address, 0, 0);
	if (rc == 0 && (b.failed || hd_die_expr(L->u, d, DW_AT_location, b.data, b.len) != 0))
		rc = -1;
	hd_buf_free(&b);
	return rc != 0 ? -1 : add_place(L, n, HD_PLACE_MEMORY, HD_ASPACE_LOCAL, off, size, 0);
}

/* The Variable operand: an OpVariable gets storage by its storage class,
 * a constant becomes DW_AT_const_value, DebugInfoNone (optimized out)
 * nothing. Private, Function, Input and Output variables have no storage
 * at program scope in the model (a lane's private memory exists only in a
 * frame; Input/Output are the built-ins the hardware supplies), so they
 * get no location either: recorded as HD_PLACE_NONE. */
static int variable(hd_lw *L, hd_die *d, const hd_di_node *n, int is_global)
{
	uint32_t var = hd_lw_word(n, HD_O_Variable);
	const hd_spv_insn *in = hd_spv_def_insn(L->m, var);
	uint64_t size = hd_lower_type_size(L, hd_lw_word(n, HD_O_Type)), v;
	unsigned width;
	int sgn, rc;

	if (!in || hd_lw_is_none(L, var))
		return add_place(L, n, HD_PLACE_NONE, 0, 0, 0, 0);
	if (in->opcode != SpvOpVariable) {
		rc = hd_lower_const_value(L, d, var, hd_lower_type_is_signed(L, hd_lw_word(n, HD_O_Type)));
		if (rc < 0)
			return -1;
		if (rc == 0 || hd_spv_int_constant(L->m, var, &v, &width, &sgn) != 0)
			return add_place(L, n, HD_PLACE_NONE, 0, 0, 0, 0);
		return add_place(L, n, HD_PLACE_CONSTANT, 0, 0, size ? size : (width + 7) / 8, v);
	}
	if (size == 0)
		size = 1;  /* unknown: one byte keeps distinct variables apart */
	switch (in->nwords >= 4 ? L->m->words[in->offset + 3] : SpvStorageClassMax) {
	case SpvStorageClassCrossWorkgroup: case SpvStorageClassUniformConstant:
	case SpvStorageClassGeneric: case SpvStorageClassUniform:
	case SpvStorageClassStorageBuffer: case SpvStorageClassPushConstant:
		return place_bss(L, d, n, var, size, is_global);
	case SpvStorageClassWorkgroup:
		return place_lds(L, d, n, size);
	default:
		return add_place(L, n, HD_PLACE_NONE, 0, 0, 0, 0);
	}
}

/* DW_TAG_variable (DWARF 5 section 4.1). Under its Parent, named and typed;
 * external unless FlagIsLocal (lower_flags.c). The definition of a static
 * data member (Static Member Declaration given) goes at unit level with
 * DW_AT_specification to the member's DIE and inherits name and type from
 * it (DWARF 5 sections 2.13.2, 5.7.7). */
hd_die *hd_lower_global_variable(hd_lw *L, const hd_di_node *n)
{
	uint32_t flags = hd_lw_word(n, HD_O_Flags), decl = hd_lw_word(n, HD_O_Static_Member_Declaration);
	int is_def = decl && !hd_lw_is_none(L, decl);
	hd_die *parent = is_def ? L->u->root : hd_lower_parent(L, hd_lw_word(n, HD_O_Parent));
	hd_die *d, *spec = NULL;
	const char *ln;

	if (L->failed || !(d = hd_die_new(L->u, parent, DW_TAG_variable)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	if (is_def && !(spec = hd_lower_id(L, decl)) && L->failed)
		return NULL;
	if (spec) {
		if (hd_die_ref(L->u, d, DW_AT_specification, spec) != 0)
			return nomem(L, n);
	} else if (hd_lw_name(L, d, n, HD_O_Name) != 0 ||
	           hd_lw_type(L, d, DW_AT_type, hd_lw_word(n, HD_O_Type)) != 0) {
		return nomem(L, n);
	}
	ln = linkage_name(L, n);
	if (hd_lw_decl(L, d, n) != 0 || (ln && hd_die_string(L->u, d, DW_AT_linkage_name, ln) != 0))
		return nomem(L, n);
	if (hd_lower_flags(L, d, n, flags) != 0)
		return NULL;
	if (variable(L, d, n, !hd_lower_has_flag(L, n, flags, HD_FLAG_IS_LOCAL)) != 0)
		return nomem(L, n);
	return d;
}

/* ---- DebugFunctionDeclaration ---- */

/* A declared, not defined, function: DW_TAG_subprogram with
 * DW_AT_declaration under its Parent (a class for a member function). Its
 * DebugTypeFunction gives DW_AT_type, the return type, and a
 * DW_TAG_formal_parameter per parameter type, as clang writes declarations
 * (DWARF 5 section 2.13.1). */
hd_die *hd_lower_function_declaration(hd_lw *L, const hd_di_node *n)
{
	const hd_di_node *ft = hd_di_node_of(L->m, hd_lw_word(n, HD_O_Type));
	hd_die *parent = hd_lower_parent(L, hd_lw_word(n, HD_O_Parent)), *d;
	const char *ln;

	if (L->failed || !(d = hd_die_new(L->u, parent, DW_TAG_subprogram)))
		return nomem(L, n);
	hd_lower_set_die(L, n, d);
	ln = linkage_name(L, n);
	if (hd_lw_name(L, d, n, HD_O_Name) != 0 ||
	    (ln && hd_die_string(L->u, d, DW_AT_linkage_name, ln) != 0) ||
	    hd_lw_decl(L, d, n) != 0 || hd_die_flag(L->u, d, DW_AT_declaration) != 0 ||
	    hd_die_flag(L->u, d, DW_AT_prototyped) != 0)
		return nomem(L, n);
	if (hd_lw_is(ft, HD_K_DebugTypeFunction) &&
	    (hd_lw_type(L, d, DW_AT_type, hd_lw_word(ft, HD_O_Return_Type)) != 0 ||
	     hd_lower_type_params(L, d, ft) != 0))
		return L->failed ? NULL : nomem(L, n);
	if (hd_lower_flags(L, d, n, hd_lw_word(n, HD_O_Flags)) != 0)
		return NULL;
	return d;
}
