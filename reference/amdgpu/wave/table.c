/* The semantics table (ops.def) joined once to the decoder's opcode table:
 * for every row of gfx9-opcodes.def, the ops.def row of its mnemonic (its
 * _e32/_e64 suffix dropped; _sdwa only where the row allows it), or none. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ops.h"
#include "wave_impl.h"

static const g9_op table[] = {
#define X(mn, fn, sub, flags) { #mn, fn, sub, flags },
#include "ops.def"
#undef X
};

#define NOPS (sizeof table / sizeof table[0])

static const g9_op *sorted[NOPS];
static const g9_op **by_row;   /* hd_isa_nrows entries */
static pthread_once_t join_once = PTHREAD_ONCE_INIT;

static int by_name(const void *a, const void *b)
{
	const g9_op *const *x = a, *const *y = b;
	return strcmp((*x)->mnemonic, (*y)->mnemonic);
}

static const g9_op *find(const char *name, size_t len)
{
	size_t lo = 0, hi = NOPS;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(sorted[mid]->mnemonic, name, len);
		if (c == 0 && sorted[mid]->mnemonic[len] != '\0')
			c = 1;
		if (c == 0)
			return sorted[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);
	return len > n && memcmp(s + len - n, suffix, n) == 0;
}

/* The row a decoder row runs under: its mnemonic without the encoding
 * suffix; the SDWA form only for rows marked G9F_SDWA, DPP never. */
static const g9_op *join(const hd_isa_row *r)
{
	const char *mn = r->mnemonic;
	size_t len = strlen(mn);
	const g9_op *op;

	if (r->form == HD_ISA_DPP)
		return NULL;
	if (ends_with(mn, len, "_e32") || ends_with(mn, len, "_e64"))
		len -= 4;
	else if (ends_with(mn, len, "_sdwa"))
		len -= 5;
	op = find(mn, len);
	if (op != NULL && r->form == HD_ISA_SDWA && !(op->flags & G9F_SDWA))
		return NULL;
	return op;
}

static void join_tables(void)
{
	size_t i;

	for (i = 0; i < NOPS; i++)
		sorted[i] = &table[i];
	qsort(sorted, NOPS, sizeof sorted[0], by_name);
	by_row = calloc(hd_isa_nrows, sizeof *by_row);
	if (by_row == NULL)
		return;
	for (i = 0; i < hd_isa_nrows; i++)
		by_row[i] = join(&hd_isa_rows[i]);
}

const g9_op *g9_op_for(const hd_isa_row *row)
{
	size_t i;

	pthread_once(&join_once, join_tables);
	if (by_row == NULL || row < hd_isa_rows || row >= hd_isa_rows + hd_isa_nrows)
		return NULL;
	i = (size_t)(row - hd_isa_rows);
	return by_row[i];
}

size_t hd_gfx9_nops(void)
{
	return NOPS;
}

const char *hd_gfx9_op_at(size_t i)
{
	return i < NOPS ? table[i].mnemonic : NULL;
}
