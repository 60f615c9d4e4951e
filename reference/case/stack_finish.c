/* The checks of a case's call stack and call frame information that need the
 * whole file (docs/case-format.md, "Call stacks and call frame information"):
 * which directives a stack allows and requires, the context's pc, duplicate
 * names, content lines matched with their declarations, and the CFA text,
 * which is assembled only here because DW_CFA_set_loc takes the address size
 * of the CIE, and a CIE may be declared after the lines that use it. */
#include "case_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../amdgpu/model.h"
#include "util/sort.h"

/* A declaration's name, for sorting and lookup. */
typedef struct hd_name_ix {
	const char *name;
	uint32_t line;
	uint32_t index;   /* in file order */
} hd_name_ix;

static int no_memory(hd_parser *p)
{
	return hd_fail(p->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
}

static int err_at(hd_parser *p, uint32_t line, const char *code, const char *msg)
{
	p->line = line;
	return hd_perr(p, code, "%s", msg);
}

/* ---- which directives go together ---- */

/* A stack's frame-dependent operations are answered from the CFI, so the
 * hand-written answers cannot be given too, and the CFI needs a stack. */
static int check_stack_rules(hd_parser *p)
{
	const hd_case *c = p->c;

	if (c->stack == NULL) {
		if (p->needs_stack_line != 0) {
			p->line = p->needs_stack_line;
			return hd_perr(p, "case-stack", "`%s` needs a `stack` line",
			               p->needs_stack_what);
		}
		return 0;
	}
	if (c->nframes > 0) {
		uint32_t first = c->frames[0].line;
		for (size_t i = 1; i < c->nframes; i++)
			if (c->frames[i].line < first)
				first = c->frames[i].line;
		return err_at(p, first, "case-stack",
		              "frame answers and a call stack exclude each other");
	}
	for (size_t i = 0; i < c->nsets; i++)
		if (c->sets[i].kind != HD_SET_MEM && c->sets[i].reg == HD_AMDGPU_PC_64)
			return err_at(p, c->sets[i].line, "case-stack",
			              "the call stack sets pc: no `reg pc` with a `stack`");
	if (p->df_line != 0 && p->cfi_line != 0)
		return err_at(p, p->df_line > p->cfi_line ? p->df_line : p->cfi_line,
		              "case-stack",
		              "`debug-frame` and `cie`/`fde` lines exclude each other");
	return 0;
}

/* With a stack the context's pc is the stack PC of its frame: a `pc=` may
 * only repeat it (or be `none`); without one it is filled in. */
static int check_context_pc(hd_parser *p)
{
	hd_case *c = p->c;
	int inside = c->stack != NULL && c->has_frame && c->frame < c->nstack;

	if (c->stack == NULL)
		return 0;
	if (p->pc_line == 0) {
		if (inside) {
			c->has_pc = 1;
			c->pc = c->stack[c->frame];
		}
		return 0;
	}
	if (!c->has_pc)
		return 0;
	if (!inside) {
		p->line = p->pc_line;
		return hd_perr(p, "case-stack", "context pc= given for a frame outside the stack");
	}
	if (c->pc != c->stack[c->frame]) {
		p->line = p->pc_line;
		return hd_perr(p, "case-stack", "context pc=0x%llx is not the stack PC 0x%llx of "
		               "frame %u", (unsigned long long)c->pc,
		               (unsigned long long)c->stack[c->frame], c->frame);
	}
	return 0;
}

/* ---- names ---- */

static int cmp_name_ix(const void *a, const void *b)
{
	const hd_name_ix *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c != 0 ? c : (x->line > y->line) - (x->line < y->line);
}

/* Sorts ix by name and refuses a name declared twice (at the later line). */
static int sort_names(hd_parser *p, hd_name_ix *ix, size_t n, const char *what)
{
	hd_sort(ix, n, sizeof *ix, cmp_name_ix);
	for (size_t i = 1; i < n; i++) {
		if (strcmp(ix[i].name, ix[i - 1].name) == 0) {
			p->line = ix[i].line;
			return hd_perr(p, "case-duplicate", "%s `%s` is also declared on line %u",
			               what, ix[i].name, ix[i - 1].line);
		}
	}
	return 0;
}

/* The file-order index of a declared name; -1 if none. */
static long find_name(const hd_name_ix *ix, size_t n, const char *name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(ix[mid].name, name);
		if (c == 0)
			return (long)ix[mid].index;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* ---- content lines ---- */

static int cmp_content(const void *a, const void *b)
{
	const hd_content_rec *x = a, *y = b;
	int c;

	if (x->owner != y->owner)
		return x->owner < y->owner ? -1 : 1;
	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	if (x->attr != y->attr)
		return x->attr < y->attr ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

/* The length of the run of records at r[0] that give the same thing. */
static size_t run_length(const hd_content_rec *r, size_t n)
{
	size_t k = 1;

	while (k < n && r[k].owner == r[0].owner && r[k].attr == r[0].attr &&
	       strcmp(r[k].name, r[0].name) == 0)
		k++;
	return k;
}

typedef struct cfa_args {
	hd_parser *p;
	unsigned addr_size;
} cfa_args;

/* hd_asm_fn for CFA text; hd_cfa_assemble counts columns from 1. */
static int asm_cfa(void *arg, const char *text, size_t len, hd_buf *out, hd_status *st)
{
	const cfa_args *a = arg;

	if (hd_cfa_assemble(text, len, a->addr_size, &a->p->c->enc, &a->p->names, out,
	                    st) == 0)
		return 0;
	if (st->kind == HD_BAD_INPUT && st->offset > 0)
		st->offset--;
	return -1;
}

/* Joins the instructions of one CIE or FDE: text lines assembled together,
 * or bytes lines concatenated; the two forms may not be mixed. */
static int join_insns(hd_parser *p, const hd_content_rec *r, size_t n, unsigned addr_size,
                      const uint8_t **insns, size_t *len)
{
	hd_joined j;
	hd_buf out;
	cfa_args args = { p, addr_size };
	int rc = 0;

	for (size_t i = 1; i < n; i++)
		if (r[i].is_bytes != r[0].is_bytes)
			return err_at(p, r[i].line, "case-duplicate",
			              "text and `bytes:` lines cannot be mixed");
	hd_joined_init(&j);
	hd_buf_init(&out);
	for (size_t i = 0; i < n && rc == 0; i++) {
		if (r[i].is_bytes) {
			hd_buf_put(&out, r[i].bytes, r[i].len);
		} else {
			hd_tok piece = { r[i].text, r[i].text_len };
			rc = hd_joined_add(p, &j, piece, r[i].line, r[i].col);
		}
	}
	if (rc == 0 && !r[0].is_bytes)
		rc = hd_joined_assemble(p, &j, r[0].line, asm_cfa, &args, &out);
	if (rc == 0 && out.failed)
		rc = no_memory(p);
	if (rc == 0) {
		*len = out.len;
		*insns = hd_arena_dup(&p->c->arena, out.data, out.len);
		if (*insns == NULL)
			rc = no_memory(p);
	}
	hd_joined_free(&j);
	hd_buf_free(&out);
	return rc;
}

/* One subprogram attribute; a second line for it is an error. */
static int set_attr(hd_parser *p, hd_case_sub *s, const hd_content_rec *r, size_t n)
{
	if (n > 1) {
		p->line = r[1].line;
		return hd_perr(p, "case-duplicate", "subprogram `%s` already has %s (line %u)",
		               r[0].name, r[0].attr == HD_ATTR_FRAME_BASE ? "frame_base" :
		               r[0].attr == HD_ATTR_LANE_PC ? "lane_pc" : "active_lane",
		               r[0].line);
	}
	switch (r[0].attr) {
	case HD_ATTR_FRAME_BASE:
		s->sub.frame_base = r[0].bytes;
		s->sub.frame_base_len = r[0].len;
		break;
	case HD_ATTR_LANE_PC:
		s->sub.lane_pc = r[0].bytes;
		s->sub.lane_pc_len = r[0].len;
		break;
	default:
		s->sub.active_lane = r[0].bytes;
		s->sub.active_lane_len = r[0].len;
		break;
	}
	return 0;
}

/* ---- putting it together ---- */

typedef struct hd_stack_ix {
	hd_name_ix *cies, *fdes, *subs;
} hd_stack_ix;

static hd_name_ix *make_index(hd_parser *p, size_t n)
{
	hd_name_ix *ix = malloc((n ? n : 1) * sizeof *ix);

	if (ix == NULL)
		no_memory(p);
	return ix;
}

/* An FDE's range is written in its CIE's address size, so it must fit. */
static int check_fde_range(hd_parser *p, const hd_case_fde *f, const hd_case_cie *c)
{
	unsigned n = c->desc.address_size;

	if (n >= 8 || (f->desc.initial_location >> (8 * n) == 0 &&
	               f->desc.address_range >> (8 * n) == 0))
		return 0;
	p->line = f->line;
	return hd_perr(p, "case-number", "fde `%s`: the low address or size does not fit "
	               "the %u-byte addresses of cie `%s`", f->name, n, c->name);
}

/* Indexes the declarations by name, refusing duplicates, and resolves each
 * FDE's CIE. */
static int index_declarations(hd_parser *p, hd_stack_ix *x)
{
	hd_case_cie *cies = (hd_case_cie *)p->cierecs.data;
	hd_case_fde *fdes = (hd_case_fde *)p->fderecs.data;
	hd_case_sub *subs = (hd_case_sub *)p->subrecs.data;
	size_t nc = p->cierecs.len / sizeof *cies, nf = p->fderecs.len / sizeof *fdes;
	size_t ns = p->subrecs.len / sizeof *subs;

	if ((x->cies = make_index(p, nc)) == NULL || (x->fdes = make_index(p, nf)) == NULL ||
	    (x->subs = make_index(p, ns)) == NULL)
		return -1;
	for (size_t i = 0; i < nc; i++)
		x->cies[i] = (hd_name_ix){ cies[i].name, cies[i].line, (uint32_t)i };
	for (size_t i = 0; i < nf; i++)
		x->fdes[i] = (hd_name_ix){ fdes[i].name, fdes[i].line, (uint32_t)i };
	for (size_t i = 0; i < ns; i++)
		x->subs[i] = (hd_name_ix){ subs[i].sub.name, subs[i].line, (uint32_t)i };
	if (sort_names(p, x->cies, nc, "cie") != 0 || sort_names(p, x->fdes, nf, "fde") != 0 ||
	    sort_names(p, x->subs, ns, "subprogram") != 0)
		return -1;
	for (size_t i = 0; i < nf; i++) {
		long k = find_name(x->cies, nc, fdes[i].cie_name);
		if (k < 0) {
			p->line = fdes[i].line;
			return hd_perr(p, "case-name", "fde `%s` names an unknown cie `%s`",
			               fdes[i].name, fdes[i].cie_name);
		}
		fdes[i].desc.cie = (uint32_t)k;
		if (check_fde_range(p, &fdes[i], &cies[k]) != 0)
			return -1;
	}
	return 0;
}

/* Gives every run of content lines to its declaration. */
static int attach_contents(hd_parser *p, const hd_stack_ix *x)
{
	hd_content_rec *r = (hd_content_rec *)p->contents.data;
	size_t n = p->contents.len / sizeof *r;
	hd_case_cie *cies = (hd_case_cie *)p->cierecs.data;
	hd_case_fde *fdes = (hd_case_fde *)p->fderecs.data;
	hd_case_sub *subs = (hd_case_sub *)p->subrecs.data;
	static const char *const owners[] = { "cie", "fde", "subprogram" };
	size_t ncount[3] = {
		p->cierecs.len / sizeof *cies, p->fderecs.len / sizeof *fdes,
		p->subrecs.len / sizeof *subs,
	};
	const hd_name_ix *ixs[3] = { x->cies, x->fdes, x->subs };

	if (n > 0)
		hd_sort(r, n, sizeof *r, cmp_content);
	for (size_t i = 0, k; i < n; i += k) {
		long d = find_name(ixs[r[i].owner], ncount[r[i].owner], r[i].name);
		k = run_length(&r[i], n - i);
		if (d < 0) {
			p->line = r[i].line;
			return hd_perr(p, "case-name", "%s `%s` is not declared",
			               owners[r[i].owner], r[i].name);
		}
		if (r[i].owner == HD_OWNER_CIE) {
			hd_cie_desc *c = &cies[d].desc;
			if (join_insns(p, &r[i], k, c->address_size, &c->insns, &c->insns_len) != 0)
				return -1;
		} else if (r[i].owner == HD_OWNER_FDE) {
			hd_fde_desc *f = &fdes[d].desc;
			if (join_insns(p, &r[i], k, cies[f->cie].desc.address_size, &f->insns,
			               &f->insns_len) != 0)
				return -1;
		} else if (set_attr(p, &subs[d], &r[i], k) != 0) {
			return -1;
		}
	}
	return 0;
}

/* Copies a record vector into the case's arena; NULL only for no memory. */
static const void *keep(hd_parser *p, const hd_buf *v)
{
	const void *q = hd_arena_dup(&p->c->arena, v->data, v->len);

	if (q == NULL)
		no_memory(p);
	return q;
}

static int keep_all(hd_parser *p)
{
	hd_case *c = p->c;

	if (p->cierecs.failed || p->fderecs.failed || p->subrecs.failed ||
	    p->contents.failed || p->reqrecs.failed || p->dfbytes.failed)
		return no_memory(p);
	c->ncies = p->cierecs.len / sizeof *c->cies;
	c->nfdes = p->fderecs.len / sizeof *c->fdes;
	c->nsubs = p->subrecs.len / sizeof *c->subs;
	c->nrequests = p->reqrecs.len / sizeof *c->requests;
	c->debug_frame_len = p->dfbytes.len;
	if ((c->cies = keep(p, &p->cierecs)) == NULL || (c->fdes = keep(p, &p->fderecs)) == NULL ||
	    (c->subs = keep(p, &p->subrecs)) == NULL ||
	    (c->requests = keep(p, &p->reqrecs)) == NULL ||
	    (c->debug_frame = keep(p, &p->dfbytes)) == NULL)
		return -1;
	return 0;
}

int hd_case_finish_stack(hd_parser *p)
{
	hd_stack_ix x = { NULL, NULL, NULL };
	int rc;

	if (check_stack_rules(p) != 0 || check_context_pc(p) != 0)
		return -1;
	rc = index_declarations(p, &x);
	if (rc == 0)
		rc = attach_contents(p, &x);
	if (rc == 0)
		rc = keep_all(p);
	free(x.cies);
	free(x.fdes);
	free(x.subs);
	return rc;
}
