/* Reading a debug-info instruction's operands by their grammar names, as the
 * generated hd_spv_oname numbers them, the same way for the three sets:
 * NonSemantic.Shader.DebugInfo.100 gives numbers, enumerations and flags as
 * ids of 32-bit constants where the other two have literals, and these
 * functions hide the difference from every reader (the lowering, the
 * watches). */
#include "spirv_impl.h"

static const hd_spv_operand *operand(const hd_di_node *n, hd_spv_oname name, int *index)
{
	for (int i = 0; n->inst && i < n->inst->noperands; i++)
		if (n->inst->operands[i].oname == name) {
			*index = i;
			return &n->inst->operands[i];
		}
	return NULL;
}

/* present() for a node whose words are known to fit: the name found, its
 * place is the generated table's when every operand before it takes one
 * place, else a walk up to it. */
static const hd_spv_operand *present_fitting(const hd_di_node *n, hd_spv_oname name,
                                             hd_di_span *span)
{
	const hd_spv_operand *ops = n->inst->operands;
	uint32_t pos = 0, count;
	int i;

	if (!operand(n, name, &i))
		return NULL;
	if (ops[i].fixed != HD_SPV_NOT_FIXED)
		pos = ops[i].fixed;
	else
		for (int k = 0; k < i; k++)
			pos += hd_di_operand_words(&ops[k], n->nargs - pos);
	count = hd_di_operand_words(&ops[i], n->nargs - pos);
	if (count == 0)  /* absent: *span stays as the caller had it */
		return NULL;
	span->first = pos;
	span->count = count;
	return &ops[i];
}

/* The named operand and its span, found and laid out once for each read:
 * the readers below used to look the name up and lay the operands out
 * two or three times. NULL when absent, or when the words do not fit. */
static const hd_spv_operand *present(const hd_di_node *n, hd_spv_oname name, hd_di_span *span)
{
	hd_di_span spans[HD_DI_MAX_OPERANDS];
	int i;
	const hd_spv_operand *op;

	if (n->inst && n->fits)
		return present_fitting(n, name, span);
	op = operand(n, name, &i);
	if (!op || hd_di_operands(n, spans) < 0 || spans[i].count == 0)
		return NULL;
	*span = spans[i];
	return op;
}

int hd_di_span_of(const hd_di_node *n, hd_spv_oname name, hd_di_span *span)
{
	return present(n, name, span) ? 0 : -1;
}

/* hd_di_word for an operand already found. */
static uint32_t word_of(const hd_di_node *n, const hd_spv_operand *op, hd_di_span sp)
{
	uint32_t v;

	if (op->kind == HD_SPV_ID && (op->target == HD_T_UINT32 || op->target == HD_T_ENUM))
		return hd_di_operand_value(n->m, n, op, sp, &v) == 0 ? v : 0;
	return n->args[sp.first];
}

uint32_t hd_di_word(const hd_di_node *n, hd_spv_oname name)
{
	hd_di_span sp;
	const hd_spv_operand *op = present(n, name, &sp);

	return op ? word_of(n, op, sp) : 0;
}

int hd_di_number(const hd_di_node *n, hd_spv_oname name, uint64_t *v)
{
	hd_di_span sp;
	const hd_spv_operand *op = present(n, name, &sp);
	unsigned width;
	int is_signed;

	if (!op)
		return -1;
	if (op->kind == HD_SPV_LITERAL || op->kind == HD_SPV_ENUM) {
		*v = n->args[sp.first];
		return 0;
	}
	return hd_spv_int_constant(n->m, n->args[sp.first], v, &width, &is_signed);
}

const char *hd_di_enum_name(const hd_di_node *n, hd_spv_oname name)
{
	hd_di_span sp;
	const hd_spv_operand *op = present(n, name, &sp);
	const hd_spv_enumerant *e;

	if (!op || !op->en)
		return NULL;
	e = hd_spv_enum_value(op->en, word_of(n, op, sp));
	return e ? e->name : NULL;
}

const char *hd_di_string(const hd_di_node *n, hd_spv_oname name)
{
	uint32_t id = hd_di_word(n, name);
	return id ? hd_spv_string(n->m, id) : NULL;
}

/* SPIRV-LLVM-Translator writes each dimension's lower bound after the
 * counts, DebugInfoNone for C's arrays (docs/amdgpu-facts.md). The validator
 * reports it; readers that give what the producer meant take the counts. */
int hd_di_array_counts(const hd_di_node *n, hd_di_span *span)
{
	if (hd_di_span_of(n, HD_O_Component_Counts, span) != 0)
		return -1;
	if (span->count < 2 || span->count % 2 != 0)
		return 0;
	for (uint32_t k = span->count / 2; k < span->count; k++) {
		const hd_di_node *c = hd_di_node_of(n->m, n->args[span->first + k]);
		if (c == NULL || !hd_di_is(c, HD_K_DebugInfoNone))
			return 0;
	}
	span->count /= 2;
	return 0;
}
