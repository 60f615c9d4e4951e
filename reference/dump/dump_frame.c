/* Call frame information (.debug_frame, and .eh_frame when present; DWARF 5
 * section 6.4, DWARF Extensions for Heterogeneous Debugging "Call Frame Information") as libdwarf splits it into
 * CIEs and FDEs. The raw instruction bytes libdwarf hands over are decoded by
 * reference/dwarf, which knows DW_CFA_LLVM_def_aspace_cfa and the extension
 * ops inside DW_CFA expressions; the rules of every row are computed by the
 * same rule engine the evaluator unwinds with, so how the instructions were
 * encoded (advance_loc1 or advance_loc4, factored or not) does not show in
 * the rows (docs/dwarf-dump.md, "Call frame information"). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump_impl.h"
#include "dwarf/cfi/cfi.h"
#include "elf/elf_write.h"
#include "util/file.h"
#include "util/sort.h"

/* Most rows and registers one FDE's table prints. */
#define DD_MAX_ROWS 4096
#define DD_MAX_REGS 256

static int cmp_func(const void *a, const void *b)
{
	const dd_func *x = a, *y = b;

	if (x->low != y->low)
		return x->low < y->low ? -1 : 1;
	if (x->name == NULL || y->name == NULL)
		return (x->name == NULL) - (y->name == NULL);
	return strcmp(x->name, y->name);
}

/* The name a subprogram is known by: its own DW_AT_name, else that of the
 * DIE it completes. A method defined outside its class names itself only
 * through DW_AT_specification (DWARF 5 section 2.13.2), an out-of-line
 * instance of an inline function only through DW_AT_abstract_origin
 * (section 3.3.8.2); without their names the function's line sequence and
 * FDE would print absolute addresses. *name is NULL when no name is found
 * within a few hops (a cycle ends there too); -1 on a broken reference. */
static int func_name(dd_ctx *c, const dd_die *d, const char **name)
{
	*name = NULL;
	for (int hops = 0; d != NULL && hops < 8; hops++) {
		const dd_attr *a = dd_attr_of(d, DW_AT_specification);
		Dwarf_Off off;
		if (d->name != NULL) {
			*name = d->name;
			return 0;
		}
		if (a == NULL)
			a = dd_attr_of(d, DW_AT_abstract_origin);
		if (a == NULL || a->cls != DW_FORM_CLASS_REFERENCE || a->form == DW_FORM_ref_sig8)
			return 0;
		if (dd_ref_target(c, a, &off, &d) != DW_DLV_OK)
			return dd_lib_fail(c, "a subprogram's DW_AT_specification or DW_AT_abstract_origin");
	}
	return 0;
}

int dd_collect_funcs(dd_ctx *c)
{
	size_t cap = 0;

	for (size_t i = 0; i < c->ndies; i++) {
		const dd_die *d = dd_die_at(c, i);
		uint64_t low, high;
		int res;
		if (d->tag != DW_TAG_subprogram)
			continue;
		res = dd_low_pc(c, d, &low);
		if (res < 0)
			return -1;
		if (res == 0)
			continue;
		res = dd_high_pc(c, d, low, &high);
		if (res < 0)
			return -1;
		if (res == 0)
			high = low;
		if (c->nfuncs == cap) {
			size_t n = cap ? cap * 2 : 16;
			dd_func *p = realloc(c->funcs, n * sizeof *p);
			if (p == NULL)
				return dd_oom(c);
			c->funcs = p;
			cap = n;
		}
		c->funcs[c->nfuncs].low = low;
		c->funcs[c->nfuncs].high = high;
		if (func_name(c, d, &c->funcs[c->nfuncs].name) != 0)
			return -1;
		c->nfuncs++;
	}
	if (c->nfuncs > 1)
		hd_sort(c->funcs, c->nfuncs, sizeof c->funcs[0], cmp_func);
	return 0;
}

/* The named function whose code holds pc, for an FDE's line. */
static const dd_func *func_holding(dd_ctx *c, uint64_t pc)
{
	for (size_t i = 0; i < c->nfuncs; i++)
		if (c->funcs[i].name != NULL && pc >= c->funcs[i].low &&
		    (pc < c->funcs[i].high || pc == c->funcs[i].low))
			return &c->funcs[i];
	return NULL;
}

/* The length of the instructions without the DW_CFA_nop padding at their
 * end, which only aligns the entry (DWARF Extensions for Heterogeneous Debugging, CIE item 11). Bytes that do
 * not decode are kept whole, for the text to show them. */
static size_t unpadded(const uint8_t *p, size_t len, unsigned addr_size)
{
	hd_cfa_insn in;
	size_t end = 0;

	for (size_t off = 0; off < len; off += in.size) {
		if (hd_cfa_decode(p, len, off, addr_size, &in, NULL) != 0)
			return len;
		if (in.id != HD_CFA_nop)
			end = off + in.size;
	}
	return end;
}

/* One instruction a line; undecodable bytes as hex with the reason. */
static void print_insns(dd_ctx *c, const uint8_t *p, size_t len, unsigned addr_size,
                        int indent, hd_buf *out)
{
	hd_cfa_insn in;
	hd_status st;

	for (size_t off = 0; off < len; off += in.size) {
		dd_indent(out, indent);
		if (hd_cfa_decode(p, len, off, addr_size, &in, &st) != 0 ||
		    hd_cfa_disassemble(p + off, in.size, addr_size, &c->enc, &c->names,
		                       out, &st) != 0) {
			hd_buf_printf(out, "undecodable %s [", st.code);
			dd_put_hex(out, p + off, len - off);
			hd_buf_printf(out, "]\n");
			return;
		}
		hd_buf_byte(out, '\n');
	}
}

static void put_reg(dd_ctx *c, uint64_t reg, hd_buf *out)
{
	char name[64];

	if (c->names.name(c->names.self, reg, name, sizeof name) == 0)
		hd_buf_printf(out, "%s", name);
	else
		hd_buf_printf(out, "r%" PRIu64, reg);
}

static void put_rule(dd_ctx *c, const hd_rule *r, hd_buf *out)
{
	switch (r->kind) {
	case HD_RULE_UNDEFINED: hd_buf_printf(out, "undefined"); break;
	case HD_RULE_SAME_VALUE: hd_buf_printf(out, "same_value"); break;
	case HD_RULE_OFFSET: hd_buf_printf(out, "offset(%" PRId64 ")", r->offset); break;
	case HD_RULE_VAL_OFFSET: hd_buf_printf(out, "val_offset(%" PRId64 ")", r->offset); break;
	case HD_RULE_REGISTER:
		hd_buf_printf(out, "register(");
		put_reg(c, r->reg, out);
		hd_buf_byte(out, ')');
		break;
	case HD_RULE_EXPRESSION:
	case HD_RULE_VAL_EXPRESSION:
		hd_buf_printf(out, "%s{ ", r->kind == HD_RULE_EXPRESSION ? "expression"
		                                                          : "val_expression");
		dd_put_expr(c, r->expr, r->expr_len, out);
		hd_buf_printf(out, " }");
		break;
	case HD_RULE_ARCHITECTURAL: hd_buf_printf(out, "architectural"); break;
	}
}

static void put_cfa(dd_ctx *c, const hd_cfa_rule *r, hd_buf *out)
{
	switch (r->kind) {
	case HD_CFA_RULE_NONE:
		hd_buf_printf(out, "none");
		break;
	case HD_CFA_RULE_REGISTER:
		put_reg(c, r->reg, out);
		hd_buf_printf(out, "%+" PRId64, r->offset);
		if (r->has_aspace)
			hd_buf_printf(out, " aspace %" PRIu64, r->aspace);
		break;
	case HD_CFA_RULE_EXPRESSION:
		hd_buf_printf(out, "{ ");
		dd_put_expr(c, r->expr, r->expr_len, out);
		hd_buf_printf(out, " }");
		break;
	}
}

/* Registers the instructions name, and where rows start. */
typedef struct dd_scan {
	uint64_t regs[DD_MAX_REGS];
	size_t nregs;
	uint64_t rows[DD_MAX_ROWS];
	size_t nrows;
} dd_scan;

static void add_reg(dd_scan *s, uint64_t reg)
{
	size_t i = 0;

	while (i < s->nregs && s->regs[i] < reg)
		i++;
	if ((i < s->nregs && s->regs[i] == reg) || s->nregs == DD_MAX_REGS)
		return;
	memmove(&s->regs[i + 1], &s->regs[i], (s->nregs - i) * sizeof s->regs[0]);
	s->regs[i] = reg;
	s->nregs++;
}

/* Instructions that give operand 1's register a rule (DWARF Extensions for Heterogeneous Debugging "Register
 * Rule Instructions"); the CFA's register is not a column of its own. */
static int sets_rule(hd_cfa_id id)
{
	switch (id) {
	case HD_CFA_offset: case HD_CFA_restore: case HD_CFA_offset_extended:
	case HD_CFA_restore_extended: case HD_CFA_undefined: case HD_CFA_same_value:
	case HD_CFA_register: case HD_CFA_expression: case HD_CFA_offset_extended_sf:
	case HD_CFA_val_offset: case HD_CFA_val_offset_sf: case HD_CFA_val_expression:
		return 1;
	default:
		return 0;
	}
}

static void scan(dd_scan *s, const hd_cie *cie, const uint8_t *p, size_t len,
                 uint64_t *loc, uint64_t end, int rows)
{
	hd_cfa_insn in;

	for (size_t off = 0; off < len; off += in.size) {
		if (hd_cfa_decode(p, len, off, cie->address_size, &in, NULL) != 0)
			return;
		if (sets_rule((hd_cfa_id)in.id))
			add_reg(s, in.u[0]);
		if (!rows || !(hd_cfa_table[in.id].flags & HD_CFAF_ROW))
			continue;
		if (in.id == HD_CFA_set_loc)
			*loc = in.u[0];
		else
			*loc += in.u[0] * cie->code_align;
		if (*loc < end && s->nrows < DD_MAX_ROWS &&
		    (s->nrows == 0 || s->rows[s->nrows - 1] != *loc))
			s->rows[s->nrows++] = *loc;
	}
}

/* The table of one FDE: a line per row, relative to the FDE's start, with
 * the CFA rule and the rule of every register the instructions name. */
static void print_rows(dd_ctx *c, const hd_cfi *cfi, hd_buf *out)
{
	const hd_fde *fde = &cfi->fdes[0];
	const hd_cie *cie = &cfi->cies[0];
	dd_scan *s = calloc(1, sizeof *s);
	uint64_t loc = fde->initial_location;

	if (s == NULL) {
		out->failed = 1;
		return;
	}
	s->rows[s->nrows++] = loc;
	add_reg(s, cie->ra_column);
	scan(s, cie, cie->insns, cie->insns_len, &loc, 0, 0);
	scan(s, cie, fde->insns, fde->insns_len, &loc,
	     fde->initial_location + fde->address_range, 1);
	for (size_t r = 0; r < s->nrows; r++) {
		hd_cfa_rule cfa;
		hd_rule rule;
		hd_status st;
		hd_buf_printf(out, "    +0x%" PRIx64, s->rows[r] - fde->initial_location);
		for (size_t i = 0; i < s->nregs; i++) {
			if (hd_cfi_rules(cfi, fde, s->rows[r], s->regs[i], HD_RULE_UNDEFINED,
			                 &cfa, &rule, &st) != 0) {
				hd_buf_printf(out, " error %s: %s", hd_kind_name(st.kind), st.code);
				break;
			}
			if (i == 0) {
				hd_buf_printf(out, " cfa=");
				put_cfa(c, &cfa, out);
			}
			hd_buf_byte(out, ' ');
			put_reg(c, s->regs[i], out);
			hd_buf_byte(out, '=');
			put_rule(c, &rule, out);
		}
		hd_buf_byte(out, '\n');
	}
	free(s);
}

/* One CIE's text, without its number: the CIEs are numbered in the order
 * of their text, identical ones once. */
/* One CIE's text, without its number: the CIEs are numbered in the order
 * of their text, identical ones once. */
static char *cie_text(dd_ctx *c, const hd_cie *h)
{
	hd_buf b;
	char *text;

	hd_buf_init(&b);
	hd_buf_printf(&b, " version %u augmentation ", (unsigned)h->version);
	dd_put_string(&b, h->augmentation);
	if (!h->known) {
		/* DWARF Extensions for Heterogeneous Debugging CIE item 4: nothing past the augmentation is read */
		hd_buf_printf(&b, " not understood\n");
	} else {
		hd_buf_printf(&b, " code_align %" PRIu64 " data_align %" PRId64 " ra ",
		              h->code_align, h->data_align);
		put_reg(c, h->ra_column, &b);
		hd_buf_byte(&b, '\n');
		print_insns(c, h->insns, unpadded(h->insns, h->insns_len, h->address_size),
		            h->address_size, 2, &b);
	}
	text = dd_take(&b);
	hd_buf_free(&b);
	return text;
}

/* One FDE's text, named by the function holding its start. */
static char *fde_text(dd_ctx *c, const hd_cfi *cfi, const hd_fde *f, size_t number)
{
	const dd_func *fn = func_holding(c, f->initial_location);
	hd_cie cie = cfi->cies[f->cie];
	hd_fde h = *f;
	hd_cfi one = { &cie, 1, &h, 1 };
	hd_buf b, *out = &b;
	char *text;

	hd_buf_init(&b);

	if (fn != NULL) {
		hd_buf_printf(out, "  fde function ");
		dd_put_string(out, fn->name);
		hd_buf_printf(out, " +0x%" PRIx64, f->initial_location - fn->low);
	} else {
		hd_buf_printf(out, "  fde 0x%" PRIx64, f->initial_location);
	}
	hd_buf_printf(out, " size 0x%" PRIx64 " cie %zu\n", f->address_range, number);
	if (cie.known) {
		cie.insns_len = unpadded(cie.insns, cie.insns_len, cie.address_size);
		h.cie = 0;
		h.insns_len = unpadded(h.insns, h.insns_len, cie.address_size);
		print_rows(c, &one, out);
	}
	text = dd_take(&b);
	hd_buf_free(&b);
	return text;
}

static int cmp_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The section's CIEs, numbered in the order of their text, then its FDEs
 * in the order of theirs (where code sits is layout), whichever reader
 * framed the entries. */
static int print_cfi(dd_ctx *c, const char *name, const hd_cfi *cfi, hd_buf *out)
{
	char **texts = calloc(cfi->ncies + 1, sizeof *texts);
	char **sorted = calloc(cfi->ncies + 1, sizeof *sorted);
	size_t *number = calloc(cfi->ncies + 1, sizeof *number);
	char **fdes = calloc(cfi->nfdes + 1, sizeof *fdes);
	size_t nsorted = 0;
	int rc = 0;

	if (texts == NULL || sorted == NULL || number == NULL || fdes == NULL)
		rc = dd_oom(c);
	for (size_t i = 0; i < cfi->ncies && rc == 0; i++)
		if ((texts[i] = sorted[i] = cie_text(c, &cfi->cies[i])) == NULL)
			rc = dd_oom(c);
	if (rc == 0) {
		hd_sort(sorted, cfi->ncies, sizeof *sorted, cmp_text);
		hd_buf_printf(out, "frame %s\n", name);
		for (size_t i = 0; i < cfi->ncies; i++) {
			if (nsorted > 0 && strcmp(sorted[i], sorted[nsorted - 1]) == 0)
				continue;
			sorted[nsorted++] = sorted[i];
			hd_buf_printf(out, "  cie %zu%s", nsorted, sorted[i]);
		}
		for (size_t i = 0; i < cfi->ncies; i++)
			for (size_t k = 0; k < nsorted; k++)
				if (strcmp(sorted[k], texts[i]) == 0)
					number[i] = k + 1;
		for (size_t i = 0; i < cfi->nfdes; i++)
			fdes[i] = fde_text(c, cfi, &cfi->fdes[i], number[cfi->fdes[i].cie]);
		rc = dd_put_sorted(c, fdes, cfi->nfdes, out);
	}
	for (size_t i = 0; texts != NULL && i < cfi->ncies; i++)
		free(texts[i]);
	free(texts);
	free(sorted);
	free(number);
	free(fdes);
	return rc;
}

/* libdwarf's CIEs and FDEs as the rule engine's entries. The instruction
 * bytes stay libdwarf's, alive until the lists are deallocated. */
static int from_libdwarf(dd_ctx *c, const char *name, Dwarf_Cie *cies, Dwarf_Signed ncies,
                         Dwarf_Fde *fdes, Dwarf_Signed nfdes, hd_cfi *cfi)
{
	cfi->cies = calloc((size_t)ncies + 1, sizeof *cfi->cies);
	cfi->fdes = calloc((size_t)nfdes + 1, sizeof *cfi->fdes);
	if (cfi->cies == NULL || cfi->fdes == NULL)
		return dd_oom(c);
	for (Dwarf_Signed i = 0; i < ncies; i++) {
		hd_cie *h = &cfi->cies[cfi->ncies++];
		Dwarf_Unsigned bytes, ilen;
		Dwarf_Small version;
		char *aug = NULL;
		Dwarf_Unsigned code_align;
		Dwarf_Signed data_align;
		Dwarf_Half ra, offset_size;
		Dwarf_Ptr insns;
		if (dwarf_get_cie_info_b(cies[i], &bytes, &version, &aug, &code_align,
		                         &data_align, &ra, &insns, &ilen, &offset_size,
		                         &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, "a CIE");
		h->version = version;
		h->code_align = code_align;
		h->data_align = data_align;
		h->augmentation = aug != NULL ? aug : "";
		h->known = 1;
		h->address_size = c->enc.addr_size;
		h->ra_column = ra;
		h->insns = insns;
		h->insns_len = (size_t)ilen;
	}
	for (Dwarf_Signed i = 0; i < nfdes; i++) {
		hd_fde *h = &cfi->fdes[cfi->nfdes++];
		Dwarf_Addr low;
		Dwarf_Unsigned len, blen, ilen;
		Dwarf_Ptr bytes, insns;
		Dwarf_Off cie_off, fde_off;
		Dwarf_Signed cie;
		if (dwarf_get_fde_range(fdes[i], &low, &len, &bytes, &blen, &cie_off, &cie,
		                        &fde_off, &c->err) != DW_DLV_OK ||
		    dwarf_get_fde_instr_bytes(fdes[i], &insns, &ilen, &c->err) != DW_DLV_OK)
			return dd_lib_fail(c, "an FDE");
		if (cie < 0 || cie >= ncies)
			return hd_fail(c->st, HD_BAD_INPUT, "bad-cie", fde_off,
			               "%s: an FDE without a CIE", name);
		h->offset = fde_off;
		h->cie = (uint32_t)cie;
		h->initial_location = low;
		h->address_range = len;
		h->insns = insns;
		h->insns_len = (size_t)ilen;
	}
	return 0;
}

/* Says in st which section the parser refused. */
/* Puts the section's name before hd_cfi_parse's message. The parser calls
 * a section that breaks the format ill-formed (its evaluator's kind); to
 * the dump that is bad input, exit 2 like any other malformed DWARF. */
static void name_section(hd_status *st, const char *name)
{
	char m[sizeof st->msg];
	size_t n = strlen(name) + 2;

	if (st->kind == HD_ILL_FORMED || st->kind == HD_EVAL_ERROR)
		st->kind = HD_BAD_INPUT;

	/* the message loses its tail rather than the section name */
	memcpy(m, st->msg, sizeof m);
	snprintf(st->msg, sizeof st->msg, "%s: %.*s", name, (int)(sizeof m - n - 1), m);
}

/* libdwarf 20210528 frames no FDE of a CIE whose augmentation it does not
 * know, and DWARF Extensions for Heterogeneous Debugging's "[amd:v0.0]" is one. Only then are the section's
 * raw bytes framed by hd_cfi_parse, the parser the evaluator unwinds with;
 * the exception is documented in docs/dwarf-dump.md. */
static int print_raw(dd_ctx *c, const char *name, hd_buf *out)
{
	hd_buf file;
	const uint8_t *sec;
	size_t len;
	hd_cfi *cfi = NULL;
	int rc;

	hd_buf_init(&file);
	rc = hd_read_file(c->path, DD_MAX_FILE, &file, c->st);
	if (rc == 0)
		rc = hd_elf_section(file.data, file.len, name, &sec, &len, c->st);
	if (rc == 0 && sec != NULL) {
		rc = hd_cfi_parse(sec, len, c->enc.addr_size, &cfi, c->st);
		if (rc == 0)
			rc = print_cfi(c, name, cfi, out);
		else
			name_section(c->st, name);
		hd_cfi_free(cfi);
	}
	hd_buf_free(&file);
	return rc;
}

static int print_frame(dd_ctx *c, int eh, hd_buf *out)
{
	Dwarf_Cie *cies = NULL;
	Dwarf_Fde *fdes = NULL;
	Dwarf_Signed ncies = 0, nfdes = 0;
	const char *name = eh ? ".eh_frame" : ".debug_frame";
	hd_cfi cfi = { 0 };
	int rc, res;

	if (eh)
		res = dwarf_get_fde_list_eh(c->dbg, &cies, &ncies, &fdes, &nfdes, &c->err);
	else
		res = dwarf_get_fde_list(c->dbg, &cies, &ncies, &fdes, &nfdes, &c->err);
	if (res == DW_DLV_ERROR && !eh &&
	    dwarf_errno(c->err) == DW_DLE_FRAME_AUGMENTATION_UNKNOWN) {
		dwarf_dealloc_error(c->dbg, c->err);
		c->err = NULL;
		return print_raw(c, name, out);
	}
	if (res == DW_DLV_ERROR)
		return dd_lib_fail(c, name);
	if (res == DW_DLV_NO_ENTRY)
		return 0;
	rc = from_libdwarf(c, name, cies, ncies, fdes, nfdes, &cfi);
	if (rc == 0)
		rc = print_cfi(c, name, &cfi, out);
	free(cfi.cies);
	free(cfi.fdes);
	dwarf_fde_cie_list_dealloc(c->dbg, cies, ncies, fdes, nfdes);
	return rc;
}
int dd_print_frames(dd_ctx *c, hd_buf *out)
{
	Dwarf_Half size = 8;

	if (dwarf_get_address_size(c->dbg, &size, &c->err) != DW_DLV_OK)
		return dd_lib_fail(c, "the address size");
	c->enc.addr_size = (uint8_t)size;
	c->enc.offset_size = 4;
	if (print_frame(c, 0, out) != 0 || print_frame(c, 1, out) != 0)
		return -1;
	return out->failed ? dd_oom(c) : 0;
}
