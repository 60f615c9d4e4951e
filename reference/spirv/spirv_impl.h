/* Internal to reference/spirv: the steps of hd_di_build and hd_di_validate. */
#ifndef HD_SPIRV_IMPL_H
#define HD_SPIRV_IMPL_H

#include <spirv/unified1/spirv.h>  /* SpvOp… constants, from SPIRV-Headers */
#include <string.h>

#include "spirv.h"

/* body.c: function bodies, their scope and line ranges, declare/value points. */
int hd_di_build_functions(hd_spv_module *m);
/* Whether a core opcode ends a block (a branch, return, kill ...). */
int hd_spv_is_block_end(uint32_t opcode);

/* The node's instruction name, or "OpExtInst" when its opcode is unknown. */
static inline const char *hd_di_name(const hd_di_node *n)
{
	return n->inst ? n->inst->name : "OpExtInst";
}

/* The index in m->nodes of the node defined by id, or -1. */
static inline int32_t hd_di_index(const hd_spv_module *m, uint32_t id)
{
	const hd_di_node *n = hd_di_node_of(m, id);
	return n ? (int32_t)(n - m->nodes) : -1;
}

/* Whether node n is instruction k (of whichever set): by the number the
 * generated tables give each name, not by comparing names. */
static inline int hd_di_is(const hd_di_node *n, hd_spv_kind k)
{
	return n && n->inst && n->inst->kind == k;
}

/* Whether the validator checks node n: a known instruction, DebugModuleINTEL
 * excepted (decode-only). */
static inline int hd_di_validated(const hd_di_node *n)
{
	return n->inst && n->inst->kind != HD_K_DebugModuleINTEL;
}


/* Whether n is one of the debug instructions that stand inside function
 * bodies (validate_module.c). */
int hd_di_in_body_kind(const hd_di_node *n);

/* validate_refs.c: what each operand names; validate_module.c: the rest. */
void hd_di_validate_refs(hd_spv_module *m, const hd_di_node *n, const hd_di_span *spans);
void hd_di_validate_layout(hd_spv_module *m);
void hd_di_validate_cycles(hd_spv_module *m);
/* validate_nonsemantic.c: the rules NonSemantic.Shader.DebugInfo.100 adds. */
void hd_di_validate_nonsemantic(hd_spv_module *m);

#endif
