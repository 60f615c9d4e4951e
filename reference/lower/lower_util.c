/* Operand access and attribute helpers every handler shares, so that each
 * handler reads like its row in docs/lowering.md. */
#include <stdlib.h>
#include <string.h>

#include "lower_impl.h"
#include "amdgpu/model.h"

int hd_lw_is(const hd_di_node *n, hd_spv_kind k)
{
	return n && n->inst && n->inst->kind == k;
}

int hd_lw_span(const hd_di_node *n, hd_spv_oname name, hd_di_span *span)
{
	return hd_di_span_of(n, name, span);
}

uint32_t hd_lw_word(const hd_di_node *n, hd_spv_oname name)
{
	return hd_di_word(n, name);
}

int hd_lw_is_none(hd_lw *L, uint32_t id)
{
	return id == 0 || hd_lw_is(hd_di_node_of(L->m, id), HD_K_DebugInfoNone);
}

const char *hd_lw_string(hd_lw *L, const hd_di_node *n, hd_spv_oname name)
{
	(void)L;
	return hd_di_string(n, name);
}

int hd_lw_number(hd_lw *L, const hd_di_node *n, hd_spv_oname name, uint64_t *v)
{
	(void)L;
	return hd_di_number(n, name, v);
}

const char *hd_lw_enum(const hd_di_node *n, hd_spv_oname name)
{
	return hd_di_enum_name(n, name);
}

int hd_lw_name(hd_lw *L, hd_die *d, const hd_di_node *n, hd_spv_oname operand_name)
{
	const char *s = hd_lw_string(L, n, operand_name);
	if (!s || !*s)
		return 0;
	return hd_die_string(L->u, d, DW_AT_name, s);
}

int hd_lw_type(hd_lw *L, hd_die *d, uint16_t attr, uint32_t id)
{
	hd_die *t = hd_lower_id(L, id);
	return t ? hd_die_ref(L->u, d, attr, t) : 0;
}

int hd_lw_decl(hd_lw *L, hd_die *d, const hd_di_node *n)
{
	int32_t file = hd_lower_file(L, hd_lw_word(n, HD_O_Source));
	uint64_t line, column;

	if (file >= 0 && hd_die_udata(L->u, d, DW_AT_decl_file, (uint64_t)file) != 0)
		return -1;
	if (hd_lw_number(L, n, HD_O_Line, &line) == 0 && line != 0 &&
	    hd_die_udata(L->u, d, DW_AT_decl_line, line) != 0)
		return -1;
	if (hd_lw_number(L, n, HD_O_Column, &column) == 0 && column != 0 &&
	    hd_die_udata(L->u, d, DW_AT_decl_column, column) != 0)
		return -1;
	return 0;
}

int hd_lw_xat_udata(hd_lw *L, hd_die *d, hd_xat a, uint64_t v)
{
	unsigned code = hd_xat_code(a, L->opt.profile);
	return code ? hd_die_udata(L->u, d, (uint16_t)code, v) : 0;
}

int hd_lw_xat_expr(hd_lw *L, hd_die *d, hd_xat a, const uint8_t *b, size_t n)
{
	unsigned code = hd_xat_code(a, L->opt.profile);
	return code ? hd_die_expr(L->u, d, (uint16_t)code, b, n) : 0;
}

int hd_lw_xat_string(hd_lw *L, hd_die *d, hd_xat a, const char *s)
{
	unsigned code = hd_xat_code(a, L->opt.profile);
	return code ? hd_die_string(L->u, d, (uint16_t)code, s) : 0;
}

int hd_lw_op(hd_lw *L, hd_buf *b, hd_op_id id, uint64_t u0, uint64_t u1)
{
	hd_op op;

	memset(&op, 0, sizeof op);
	op.id = (uint16_t)id;
	op.u[0] = u0;
	op.u[1] = u1;
	if (hd_encode_op(b, &op, &L->enc, L->st) != 0) {
		L->failed = 1;
		return -1;
	}
	return 0;
}

/* SPIR-V storage classes (SPIR-V 1.6 section 3.7) by the memory they name
 * on AMDGPU: per-invocation classes are private, buffers are global. */
enum {
	SC_UniformConstant = 0, SC_Input = 1, SC_Uniform = 2, SC_Output = 3,
	SC_Workgroup = 4, SC_CrossWorkgroup = 5, SC_Private = 6, SC_Function = 7,
	SC_Generic = 8, SC_PushConstant = 9, SC_StorageBuffer = 12
};

uint32_t hd_lw_addr_class(uint32_t sc)
{
	switch (sc) {
	case SC_UniformConstant:
		return HD_DW_ADDR_LLVM_constant;
	case SC_Uniform: case SC_CrossWorkgroup: case SC_PushConstant: case SC_StorageBuffer:
		return HD_DW_ADDR_LLVM_global;
	case SC_Workgroup:
		return HD_DW_ADDR_LLVM_group;
	case SC_Input: case SC_Output: case SC_Private: case SC_Function:
		return HD_DW_ADDR_LLVM_private;
	default:  /* Generic and the classes OpenCL does not use */
		return HD_DW_ADDR_LLVM_none;
	}
}

uint32_t hd_lw_aspace(uint32_t sc)
{
	switch (hd_lw_addr_class(sc)) {
	case HD_DW_ADDR_LLVM_group:
		return HD_ASPACE_LOCAL;
	case HD_DW_ADDR_LLVM_private:
		return HD_ASPACE_PRIVATE_LANE;
	case HD_DW_ADDR_LLVM_none:
		return sc == SC_Generic ? HD_ASPACE_GENERIC : HD_ASPACE_GLOBAL;
	default:  /* global and constant memory are both global on AMDGPU */
		return HD_ASPACE_GLOBAL;
	}
}

uint32_t hd_lw_aspace_of_spir(uint64_t as)
{
	static const uint32_t spir[] = {
		HD_ASPACE_PRIVATE_LANE, HD_ASPACE_GLOBAL, HD_ASPACE_GLOBAL,
		HD_ASPACE_LOCAL, HD_ASPACE_GENERIC
	};
	return as < sizeof spir / sizeof spir[0] ? spir[as] : UINT32_MAX;
}

/* Puts dies[0..n) (children of parent, in the order wanted) into the places
 * parent's children list gives them, leaving its other children where they
 * are. Nothing moves unless every one of them is a child of parent, once.
 * The children are gathered first and relinked after: relinking while
 * walking the list would follow links already rewritten. */
int hd_lower_reorder(hd_die *parent, hd_die *const *dies, uint32_t n)
{
	hd_die **kids, *c;
	uint32_t nkids = 0, k = 0;

	if (n < 2)
		return 0;
	for (c = parent->first_child; c; c = c->next)
		nkids++;
	kids = malloc(nkids * sizeof *kids);
	if (kids == NULL)
		return -1;
	nkids = 0;
	for (c = parent->first_child; c; c = c->next)
		kids[nkids++] = c;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t seen = 0;
		for (uint32_t j = 0; j < nkids; j++)
			seen += kids[j] == dies[i];
		for (uint32_t j = 0; j < i; j++)
			seen += dies[j] == dies[i];
		if (seen != 1) {
			free(kids);
			return 0;  /* not a child, or listed twice: no order to follow */
		}
	}
	for (uint32_t j = 0; j < nkids; j++)
		for (uint32_t i = 0; i < n; i++)
			if (kids[j] == dies[i]) {
				kids[j] = dies[k++];
				break;
			}
	for (uint32_t j = 0; j < nkids; j++)
		kids[j]->next = j + 1 < nkids ? kids[j + 1] : NULL;
	parent->first_child = kids[0];
	parent->last_child = kids[nkids - 1];
	free(kids);
	return 0;
}
