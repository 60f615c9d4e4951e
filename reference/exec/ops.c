/* The opcode table (ops.def) and its lookups. */
#include <pthread.h>
#include <stdlib.h>

#include "ops.h"

static const hd_xop table[] = {
#define X(name, control, fn, arg) { SpvOp##name, control, fn, arg },
#include "ops.def"
#undef X
};

static int by_opcode(const void *a, const void *b)
{
	const hd_xop *x = a, *y = b;
	return (x->opcode > y->opcode) - (x->opcode < y->opcode);
}

/* ops.def is grouped by family for its reader; lookups want opcode order. */
static hd_xop sorted[sizeof table / sizeof table[0]];
static pthread_once_t sorted_once = PTHREAD_ONCE_INIT;

static void sort_table(void)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		sorted[i] = table[i];
	qsort(sorted, sizeof sorted / sizeof sorted[0], sizeof sorted[0], by_opcode);
}

const hd_xop *hd_x_op(uint32_t opcode)
{
	hd_xop key = { .opcode = (uint16_t)opcode };

	pthread_once(&sorted_once, sort_table);
	if (opcode > 0xffff)
		return NULL;
	return bsearch(&key, sorted, sizeof sorted / sizeof sorted[0], sizeof sorted[0],
	               by_opcode);
}

const char *hd_x_opname(uint32_t opcode)
{
	const hd_spv_coreop *op = hd_spv_coreop_by_opcode(opcode);
	return op != NULL ? op->name : "an unknown opcode";
}

/* Every row, for the coverage map and the docs. */
uint32_t hd_exec_nops(void)
{
	return (uint32_t)(sizeof table / sizeof table[0]);
}

uint32_t hd_exec_op_at(uint32_t i)
{
	return i < hd_exec_nops() ? table[i].opcode : 0;
}
