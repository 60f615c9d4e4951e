/* The reference placement of code (docs/lowering-code.md, "Reference
 * placement"): every module function gets one 4-byte s_nop per body slot, in
 * module order, each function starting on a 256-byte boundary after .text's
 * base; each gets an ELF symbol. The rule uses nothing but the module, so
 * anyone can recompute every pc the lowering writes. */
#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_impl.h"

#define TEXT_ADDR 0x1000u
#define FUNCTION_ALIGN 256u
#define SLOT_BYTES 4u
#define S_NOP_0 0xBF800000u   /* SOPP s_nop 0: harmless to execute or decode */

/* A literal string at word w of insn in, NUL inside the instruction; NULL
 * when w is past the end or the literal is not terminated. */
static const char *insn_string(const hd_spv_module *m, const hd_spv_insn *in, uint32_t w)
{
	const char *s;

	if (w >= in->nwords)
		return NULL;
	s = (const char *)(m->words + in->offset + w);
	return memchr(s, 0, (size_t)(in->nwords - w) * 4) ? s : NULL;
}

/* The module function whose OpFunction defines id, or -1. */
static int32_t function_of_id(const hd_spv_module *m, uint32_t id)
{
	for (uint32_t k = 0; k < m->nfunctions; k++)
		if (m->functions[k].id == id)
			return (int32_t)k;
	return -1;
}

/* Kernels are what an OpEntryPoint with execution model Kernel names (SPIR-V
 * 1.6 section 3.5 and OpEntryPoint): the runtime launches them, so they get a
 * global symbol and the kernel ABI (its own CFA, no caller). The entry
 * point's Name is kept: the loader finds the kernel by it. */
static void mark_kernels(hd_lw *L, const char **entry_name)
{
	const hd_spv_module *m = L->m;

	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];
		const uint32_t *w = m->words + in->offset;
		int32_t k;

		if (in->opcode != SpvOpEntryPoint || in->nwords < 4 ||
		    w[1] != SpvExecutionModelKernel || (k = function_of_id(m, w[2])) < 0)
			continue;
		L->out->functions[k].is_kernel = 1;
		if (!entry_name[k])
			entry_name[k] = insn_string(m, in, 3);
	}
}

/* The first OpName of id, or NULL. */
static const char *op_name(const hd_spv_module *m, uint32_t id)
{
	for (uint32_t i = 0; i < m->ninsns; i++) {
		const hd_spv_insn *in = &m->insns[i];

		if (in->opcode == SpvOpName && in->nwords >= 3 && m->words[in->offset + 1] == id)
			return insn_string(m, in, 2);
		if (in->opcode == SpvOpFunction)
			break;  /* debug names precede every function (SPIR-V 2.4) */
	}
	return NULL;
}

static int nonempty(const char *s)
{
	return s && *s;
}

/* The symbol's name before it is made unique: what a linker or loader would
 * call the code. A kernel's entry point name first (the loader's key), then
 * the DebugFunction's Linkage Name (the mangled name the object would
 * carry), the OpName, the DebugFunction's Name, and a made-up name last. */
static const char *base_name(hd_lw *L, uint32_t k, const char *entry, char *buf, size_t bufsz)
{
	const hd_di_function *f = &L->m->functions[k];
	const hd_di_node *df = f->debug_function >= 0 ? &L->m->nodes[f->debug_function] : NULL;
	const char *s;

	if (nonempty(entry))
		return entry;
	if (df && nonempty(s = hd_lw_string(L, df, HD_O_Linkage_Name)))
		return s;
	if (nonempty(s = op_name(L->m, f->id)))
		return s;
	if (df && nonempty(s = hd_lw_string(L, df, HD_O_Name)))
		return s;
	snprintf(buf, bufsz, "__hdref_function_%u", k);
	return buf;
}

static int symbol_taken(const hd_lowered *out, const char *name)
{
	for (uint32_t i = 0; i < out->nsymbols; i++)
		if (strcmp(out->symbols[i].name, name) == 0)
			return 1;
	return 0;
}

/* Appends function k's symbol. A name already taken gets ".<k>" (then
 * ".<k>.<n>"), so every symbol names one function and the suffix says which. */
static int add_symbol(hd_lw *L, uint32_t k, const char *entry)
{
	hd_lowered *out = L->out;
	hd_place_function *pf = &out->functions[k];
	char made[40], *tmp;
	const char *name = base_name(L, k, entry, made, sizeof made);
	size_t len = strlen(name), room = len + 48;
	hd_elf_symbol *sym;

	if (!(tmp = malloc(room)))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), -1;
	snprintf(tmp, room, "%s", name);
	if (symbol_taken(out, tmp))
		snprintf(tmp, room, "%s.%u", name, k);
	for (unsigned n = 1; symbol_taken(out, tmp); n++)
		snprintf(tmp, room, "%s.%u.%u", name, k, n);
	pf->symbol = hd_dw_strdup(L->u, tmp, strlen(tmp));
	free(tmp);
	if (!pf->symbol)
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), -1;
	if (hd_lower_grow(L, (void **)&out->symbols, sizeof *out->symbols, out->nsymbols,
	                  &L->symbols_cap) != 0)
		return -1;
	sym = &out->symbols[out->nsymbols++];
	sym->name = pf->symbol;
	sym->value = pf->low_pc;
	sym->size = pf->high_pc - pf->low_pc;
	sym->is_func = 1;
	sym->is_global = pf->is_kernel;
	return 0;
}

/* Addresses: each function at the next 256-byte boundary (the alignment
 * AMDGPU code objects give kernel entries), 4 bytes per slot. */
static uint64_t lay_out(hd_lw *L)
{
	uint64_t addr = TEXT_ADDR;

	for (uint32_t k = 0; k < L->m->nfunctions; k++) {
		hd_place_function *pf = &L->out->functions[k];

		addr = (addr + FUNCTION_ALIGN - 1) & ~(uint64_t)(FUNCTION_ALIGN - 1);
		pf->function = (int32_t)k;
		pf->low_pc = addr;
		pf->high_pc = addr + (uint64_t)SLOT_BYTES * L->m->functions[k].nslots;
		addr = pf->high_pc;
	}
	return addr;
}

/* .text is s_nop 0 throughout, padding included: the model never executes
 * it, but a disassembler shown these bytes sees valid code. */
static int fill_text(hd_lw *L, uint64_t end)
{
	hd_lowered *out = L->out;
	size_t size = (size_t)(end - TEXT_ADDR);

	out->text_addr = TEXT_ADDR;
	out->text_size = size;
	if (size == 0)
		return 0;
	if (!(out->text = malloc(size)))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), -1;
	for (size_t i = 0; i + SLOT_BYTES <= size; i += SLOT_BYTES) {
		out->text[i] = (uint8_t)S_NOP_0;
		out->text[i + 1] = (uint8_t)(S_NOP_0 >> 8);
		out->text[i + 2] = (uint8_t)(S_NOP_0 >> 16);
		out->text[i + 3] = (uint8_t)(S_NOP_0 >> 24);
	}
	return 0;
}

int hd_lower_place_code(hd_lw *L)
{
	const hd_spv_module *m = L->m;
	hd_lowered *out = L->out;
	const char **entry;
	uint32_t nf = m->nfunctions;
	int rc = 0;

	out->functions = calloc(nf ? nf : 1, sizeof *out->functions);
	entry = calloc(nf ? nf : 1, sizeof *entry);
	if (!out->functions || !entry) {
		free(entry);
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory"), -1;
	}
	out->nfunctions = nf;
	mark_kernels(L, entry);
	if (fill_text(L, lay_out(L)) != 0)
		rc = -1;
	for (uint32_t k = 0; k < nf && rc == 0; k++)
		rc = add_symbol(L, k, entry[k]);
	free(entry);
	return rc;
}

uint64_t hd_lower_pc(hd_lw *L, uint32_t f, uint32_t slot)
{
	if (f >= L->out->nfunctions)
		return 0;
	return L->out->functions[f].low_pc + (uint64_t)SLOT_BYTES * slot;
}
