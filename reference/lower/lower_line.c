/* The line program (docs/lowering-code.md, "Line table"): one sequence per
 * function with OpLine, a row wherever the source position (file, line,
 * column, discriminator) changes between two code slots. */
#include "lower_impl.h"

typedef struct pos {
	int32_t file;
	uint32_t line, column, discriminator;
	uint8_t is_stmt;
} pos;

static int32_t file_of_line(hd_lw *L, const hd_di_range *r)
{
	int32_t f;

	if (r->file < 0 || (uint32_t)r->file >= L->m->ninsns)
		return 0;
	f = hd_lower_file(L, L->m->insns[r->file].result);
	return f >= 0 ? f : 0;  /* files[0] is the primary source file */
}

/* Before the function's first OpLine the code is its prologue: it gets the
 * DebugFunction's Scope Line in its Source, as LLVM does, so the row a
 * debugger skips to set a function breakpoint is the first OpLine's.
 * Elsewhere code without an OpLine (after OpNoLine or a block's end, SPIR-V
 * 1.6 OpLine) is line 0, "no source" (DWARF 5 6.2.2), and not a statement,
 * so no debugger stops there. */
static pos no_line(hd_lw *L, const hd_di_function *fn, int before_first, int32_t prev_file)
{
	pos p = { prev_file, 0, 0, 0, 0 };
	const hd_di_node *df;
	uint64_t scope_line;

	if (!before_first || fn->debug_function < 0)
		return p;
	df = &L->m->nodes[fn->debug_function];
	if (hd_lw_number(L, df, HD_O_Scope_Line, &scope_line) != 0 || scope_line == 0 ||
	    scope_line > UINT32_MAX)
		return p;
	p.line = (uint32_t)scope_line;
	p.is_stmt = 1;
	if (hd_lower_file(L, hd_lw_word(df, HD_O_Source)) >= 0)
		p.file = hd_lower_file(L, hd_lw_word(df, HD_O_Source));
	return p;
}

/* The discriminator of a DebugScope range: a DebugLexicalBlockDiscriminator
 * scope's Discriminator, else 0 (none). */
static uint32_t discriminator(hd_lw *L, const hd_di_range *s)
{
	const hd_di_node *n;

	if (!s || s->scope < 0)
		return 0;
	n = &L->m->nodes[s->scope];
	return hd_lw_is(n, HD_K_DebugLexicalBlockDiscriminator) ? hd_lw_word(n, HD_O_Discriminator) : 0;
}

static int add_row(hd_lw *L, uint64_t addr, const pos *p, int end)
{
	hd_dw_lines *lines = &L->u->lines;
	hd_dw_row *row;

	if (hd_lower_grow(L, (void **)&lines->rows, sizeof *lines->rows, lines->nrows,
	                  &L->rows_cap) != 0)
		return -1;
	row = &lines->rows[lines->nrows++];
	row->address = addr;
	row->file = p->file >= 0 ? (uint32_t)p->file : 0;
	row->line = p->line;
	row->column = p->column;
	row->is_stmt = p->is_stmt;
	row->discriminator = end ? 0 : p->discriminator;
	row->end_sequence = (uint8_t)end;
	return 0;
}

static int same(const pos *a, const pos *b)
{
	return a->file == b->file && a->line == b->line && a->column == b->column &&
	       a->discriminator == b->discriminator && a->is_stmt == b->is_stmt;
}

/* The first slot an OpLine covers, or nslots. */
static uint32_t first_line_slot(const hd_di_function *fn)
{
	for (uint32_t i = 0; i < fn->nlines; i++)
		if (fn->lines[i].slot_begin < fn->lines[i].slot_end)
			return fn->lines[i].slot_begin;
	return fn->nslots;
}

/* Walks the slots in steps between range boundaries: the OpLine ranges and
 * the DebugScope ranges are each sorted and disjoint, so two cursors give
 * the position of every step. */
static int function_rows(hd_lw *L, uint32_t f)
{
	const hd_di_function *fn = &L->m->functions[f];
	uint32_t first = first_line_slot(fn), li = 0, si = 0, at = 0;
	pos prev = { -1, UINT32_MAX, 0, 0, 0 }, p = prev;
	int any = 0;

	if (first >= fn->nslots)
		return 0;  /* no OpLine: no sequence */
	while (at < fn->nslots) {
		const hd_di_range *lr, *sr;
		uint32_t next = fn->nslots;

		while (li < fn->nlines && fn->lines[li].slot_end <= at)
			li++;
		while (si < fn->nscopes && fn->scopes[si].slot_end <= at)
			si++;
		lr = li < fn->nlines && fn->lines[li].slot_begin <= at ? &fn->lines[li] : NULL;
		sr = si < fn->nscopes && fn->scopes[si].slot_begin <= at ? &fn->scopes[si] : NULL;
		if (li < fn->nlines)
			next = lr ? lr->slot_end : fn->lines[li].slot_begin;
		if (si < fn->nscopes) {
			uint32_t s = sr ? sr->slot_end : fn->scopes[si].slot_begin;
			next = s < next ? s : next;
		}
		if (lr) {
			p = (pos){ file_of_line(L, lr), lr->line, lr->column, 0, 1 };
			if (p.line == 0)
				p.is_stmt = 0;
		} else {
			p = no_line(L, fn, at < first, any ? prev.file : 0);
		}
		p.discriminator = discriminator(L, sr);
		if (!any || !same(&p, &prev)) {
			if (add_row(L, hd_lower_pc(L, f, at), &p, 0) != 0)
				return -1;
			prev = p;
			any = 1;
		}
		at = next > at ? next : at + 1;
	}
	return add_row(L, L->out->functions[f].high_pc, &prev, 1);
}

int hd_lower_lines(hd_lw *L)
{
	for (uint32_t f = 0; f < L->m->nfunctions; f++)
		if (function_rows(L, f) != 0)
			return -1;
	return L->failed ? -1 : 0;
}
