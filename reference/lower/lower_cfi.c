/* .debug_frame (docs/lowering-code.md, "Call frame information"): one CIE
 * with the AMDGPU augmentation and an FDE per function, in the shape ROCm's
 * compiler gives kernels and callees (docs/amdgpu-facts.md, "AMDGPU
 * conventions"), on top of DWARF 5 6.4 and DWARF Extensions for Heterogeneous Debugging "Call Frame
 * Information". No wave-size dependence: the rules name SGPRs and PC_64,
 * which have the same numbers in wave32 and wave64. */
#include <stdlib.h>
#include <string.h>

#include "lower_impl.h"
#include "amdgpu/model.h"

#define SGPR(n) (HD_AMDGPU_SGPR0 + (n))

/* Appends one instruction; expr/len is its expression operand, if any. */
static int cfa(hd_lw *L, hd_buf *b, hd_cfa_id id, uint64_t u0, uint64_t u1, uint64_t u2,
               const hd_buf *expr)
{
	hd_cfa_insn in;

	memset(&in, 0, sizeof in);
	in.id = (uint16_t)id;
	in.u[0] = u0;
	in.u[1] = u1;
	in.u[2] = u2;
	if (expr) {
		in.block = expr->data;
		in.block_len = expr->len;
	}
	if (hd_cfa_encode(b, &in, 8, L->st) != 0) {
		L->failed = 1;
		return -1;
	}
	return 0;
}

/* A kernel has no caller: its CFA is address 0 of its own private_wave
 * scratch (the stack starts there) and its return address is undefined,
 * which ends a virtual unwind (DWARF 5 6.4.4). */
static int kernel_frame(hd_lw *L, hd_buf *b, hd_buf *e)
{
	hd_lw_op(L, e, HD_OP_lit, 0, 0);
	hd_lw_op(L, e, HD_OP_lit, HD_ASPACE_PRIVATE_WAVE, 0);
	hd_lw_op(L, e, HD_OP_LLVM_form_aspace_address, 0, 0);
	if (L->failed || e->failed)
		return -1;
	return cfa(L, b, HD_CFA_def_cfa_expression, 0, 0, 0, e) ||
	       cfa(L, b, HD_CFA_undefined, HD_AMDGPU_PC_64, 0, 0, NULL) ? -1 : 0;
}

/* A callee's CFA is the stack pointer SGPR32 as a private_wave offset
 * (DWARF Extensions for Heterogeneous Debugging DW_CFA_LLVM_def_aspace_cfa); the return address is the SGPR pair
 * s[30:31] the call instruction wrote, low half first. */
static int callee_frame(hd_lw *L, hd_buf *b, hd_buf *e)
{
	hd_lw_op(L, e, HD_OP_regx, SGPR(30), 0);
	hd_lw_op(L, e, HD_OP_piece, 4, 0);
	hd_lw_op(L, e, HD_OP_regx, SGPR(31), 0);
	hd_lw_op(L, e, HD_OP_piece, 4, 0);
	if (L->failed || e->failed)
		return -1;
	return cfa(L, b, HD_CFA_LLVM_def_aspace_cfa, SGPR(32), 0, HD_ASPACE_PRIVATE_WAVE, NULL) ||
	       cfa(L, b, HD_CFA_expression, HD_AMDGPU_PC_64, 0, 0, e) ? -1 : 0;
}

/* The CIE: code and data alignment 4 (AMDGPU instructions and registers are
 * dwords), return address in PC_64's column, no initial instructions
 * (DWARF Extensions for Heterogeneous Debugging: every rule starts as the target default). */
static int add_cie(hd_lw *L)
{
	hd_dw_unit *u = L->u;
	hd_cie_desc *c = calloc(1, sizeof *c);  /* freed with the unit's arrays */

	if (!c)
		return -1;
	c->dwarf64 = L->opt.dwarf64;
	c->augmentation = HD_CIE_AUGMENTATION_AMD;
	c->address_size = 8;
	c->segment_selector_size = 0;
	c->code_align = 4;
	c->data_align = 4;
	c->ra_column = HD_AMDGPU_PC_64;
	c->insns = NULL;
	c->insns_len = 0;
	u->cies = c;
	u->ncies = 1;
	return 0;
}

static int add_fde(hd_lw *L, const hd_place_function *pf, hd_buf *b, hd_buf *e)
{
	hd_dw_unit *u = L->u;
	hd_fde_desc *d;

	hd_buf_reset(b);
	hd_buf_reset(e);
	if ((pf->is_kernel ? kernel_frame(L, b, e) : callee_frame(L, b, e)) != 0 || b->failed)
		return -1;
	if (hd_lower_grow(L, (void **)&u->fdes, sizeof *u->fdes, u->nfdes, &L->fdes_cap) != 0)
		return -1;
	d = &u->fdes[u->nfdes];
	d->dwarf64 = L->opt.dwarf64;
	d->cie = 0;
	d->segment = 0;
	d->initial_location = pf->low_pc;
	d->address_range = pf->high_pc - pf->low_pc;
	d->insns_len = b->len;
	if (!(d->insns = hd_arena_dup(&u->arena, b->data, b->len)))
		return -1;
	u->nfdes++;
	return 0;
}

int hd_lower_cfi(hd_lw *L)
{
	hd_buf b, e;
	int rc = 0;

	if (L->out->nfunctions == 0)
		return 0;  /* no code, no .debug_frame */
	hd_buf_init(&b);
	hd_buf_init(&e);
	rc = add_cie(L);
	for (uint32_t f = 0; f < L->out->nfunctions && rc == 0; f++)
		rc = add_fde(L, &L->out->functions[f], &b, &e);
	hd_buf_free(&b);
	hd_buf_free(&e);
	if (rc != 0 && !L->failed)
		hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
	return rc;
}
