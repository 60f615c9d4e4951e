/* Text that several lines of a case give together: the main expression
 * (`expr:` lines) and the instructions of a CIE or FDE (`cie NAME:` lines).
 * The pieces are joined with ';' in file order and assembled as one text;
 * each piece remembers where it came from, so an assembler error names the
 * line and the column of the file, not an offset in the joined text. */
#include "case_impl.h"

#include <string.h>

void hd_joined_init(hd_joined *j)
{
	hd_buf_init(&j->text);
	hd_buf_init(&j->segs);
}

void hd_joined_free(hd_joined *j)
{
	hd_buf_free(&j->text);
	hd_buf_free(&j->segs);
}

hd_tok hd_piece(const char *tail)
{
	hd_tok t;
	const char *end;

	tail = hd_skip_blank(tail);
	end = tail + strlen(tail);
	/* pieces are joined with ';', so a piece's own trailing ';' is dropped */
	while (end > tail && (end[-1] == ';' || end[-1] == ' ' || end[-1] == '\t' ||
	                      end[-1] == '\r' || end[-1] == '\v' || end[-1] == '\f'))
		end--;
	t.s = tail;
	t.n = (size_t)(end - tail);
	return t;
}

int hd_joined_add(hd_parser *p, hd_joined *j, hd_tok piece, uint32_t line, uint32_t col)
{
	hd_seg seg;

	if (piece.n == 0)
		return 0;
	if (j->text.len > 0)
		hd_buf_byte(&j->text, ';');
	seg.start = j->text.len;
	seg.line = line;
	seg.col = col;
	hd_buf_put(&j->text, piece.s, piece.n);
	if (hd_push_rec(p, &j->segs, &seg, sizeof seg) != 0)
		return -1;
	if (j->text.len > HD_CASE_MAX_FILE)
		return hd_perr(p, "case-limit", "expression text too long");
	return j->text.failed ? hd_nomem(p) : 0;
}

/* Maps an offset in the joined text back to a line and column. */
static void locate(const hd_joined *j, uint32_t first_line, uint64_t off,
                   uint32_t *line, uint64_t *col)
{
	const hd_seg *segs = (const hd_seg *)j->segs.data;
	size_t n = j->segs.len / sizeof *segs, i = 0;

	*line = first_line;
	*col = off + 1;
	if (n == 0)
		return;
	while (i + 1 < n && segs[i + 1].start <= off)
		i++;
	*line = segs[i].line;
	*col = segs[i].col + (off - segs[i].start);
}

int hd_joined_assemble(hd_parser *p, const hd_joined *j, uint32_t first_line,
                       hd_asm_fn fn, void *arg, hd_buf *out)
{
	hd_status ast;
	uint32_t line;
	uint64_t col;

	hd_status_clear(&ast);
	if (fn(arg, j->text.len ? (const char *)j->text.data : "", j->text.len, out,
	       &ast) == 0)
		return out->failed ? hd_nomem(p) : 0;
	if (ast.kind == HD_NO_MEMORY)
		return hd_nomem(p);
	locate(j, first_line, ast.offset, &line, &col);
	p->line = line;
	return hd_perr(p, ast.code != NULL ? ast.code : "case-assemble", "column %llu: %s",
	               (unsigned long long)col, hd_asm_message(ast.msg));
}

int hd_asm_expr(void *arg, const char *text, size_t len, hd_buf *out, hd_status *st)
{
	hd_parser *p = arg;

	return hd_assemble(text, len, &p->c->enc, &p->names, out, st);
}
