/* The directives of case format v1 that describe a call stack and its call
 * frame information, and the requests answered from them: stack, cie, fde,
 * debug-frame, subprogram, evaluate (docs/case-format.md, "Call stacks and
 * call frame information" and "Requests").
 *
 * cie, fde and subprogram have two forms: a declaration (`cie NAME ...`) and
 * content lines (`cie NAME: ...`, `cie NAME bytes: ...`). Lines may come in
 * any order, so the handlers only record what they read; stack_finish.c
 * matches content with declarations, joins and assembles the CFA text
 * (which needs the CIE's address size) and checks the rules. */
#include "case_impl.h"

#include <string.h>

#include "../amdgpu/model.h"

#define QUOTE 40

/* Remembers the first line that needs a `stack`, for the check at the end. */
static void needs_stack(hd_parser *p, const char *what)
{
	if (p->needs_stack_line == 0) {
		p->needs_stack_line = p->line;
		p->needs_stack_what = what;
	}
}

static int is_name_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '-';
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* A NAME of a cie, fde or subprogram: letters, digits, '_', '.', '-',
 * ending at a blank, a ':' or the end of the line. */
static int parse_name(hd_parser *p, const char **s, const char *what, hd_tok *t)
{
	const char *q = hd_skip_blank(*s);

	t->s = q;
	while (is_name_char(*q))
		q++;
	t->n = (size_t)(q - t->s);
	if (*q != '\0' && *q != ':' && !is_blank(*q)) {
		const char *e = q;
		while (*e != '\0' && !is_blank(*e) && *e != ':')
			e++;
		return hd_perr(p, "case-name", "bad %s name `%.*s` (letters, digits, `_`, "
		               "`.`, `-`)", what,
		               (int)(e - t->s > QUOTE ? QUOTE : e - t->s), t->s);
	}
	if (t->n == 0)
		return hd_perr(p, "case-syntax", "expected a %s name", what);
	*s = q;
	return 0;
}

/* Whether s (after a name) starts a content line: ':' or "bytes:". The
 * test cannot be "the line has a ':'": augmentation strings hold one. */
static int is_content(const char *s)
{
	s = hd_skip_blank(s);
	if (*s == ':')
		return 1;
	return strncmp(s, "bytes", 5) == 0 && *hd_skip_blank(s + 5) == ':';
}

/* The optional "frame N" of `evaluate`. */
static int parse_frame(hd_parser *p, const char **s, uint32_t *frame)
{
	hd_tok t = hd_word(s);

	*frame = 0;
	if (t.n == 0)
		return 0;
	if (!hd_tok_is(t, "frame"))
		return hd_perr(p, "case-syntax", "expected `frame N` or the end of the line");
	if (hd_expect_word(p, s, "a frame number", &t) != 0)
		return -1;
	return hd_parse_u32(p, t, "frame number", frame);
}

/* Records a content line. Text is copied as it is (the CFA assembler needs
 * the CIE first); bytes are decoded now, so hex errors name their line. */
static int add_content(hd_parser *p, int owner, int attr, hd_tok name, const char *rest)
{
	hd_content_rec r;
	const char *tail;
	int is_bytes;

	memset(&r, 0, sizeof r);
	r.owner = (uint8_t)owner;
	r.attr = (uint8_t)attr;
	r.line = p->line;
	if (hd_bare_colon(p, rest, &tail, &is_bytes) != 0)
		return -1;
	r.is_bytes = (uint8_t)is_bytes;
	if ((r.name = hd_case_strdup(p, name.s, name.n)) == NULL)
		return -1;
	if (owner == HD_OWNER_SUB) {
		/* an attribute is an operation expression: assembled here */
		hd_case_expr e;
		if (hd_case_expr_at(p, tail, is_bytes, &e) != 0)
			return -1;
		r.bytes = e.bytes;
		r.len = e.len;
	} else if (is_bytes) {
		hd_buf_reset(&p->scratch);
		if (hd_parse_hex(p, tail, &p->scratch) != 0)
			return -1;
		r.len = p->scratch.len;
		r.bytes = hd_arena_dup(&p->c->arena, p->scratch.data, p->scratch.len);
		if (r.bytes == NULL)
			return hd_nomem(p);
	} else {
		hd_tok piece = hd_piece(tail);
		r.col = (uint32_t)(piece.s - p->linebuf) + 1;
		r.text_len = piece.n;
		if ((r.text = hd_case_strdup(p, piece.s, piece.n)) == NULL)
			return -1;
	}
	return hd_push_rec(p, &p->contents, &r, sizeof r);
}

/* ---- stack ---- */

/* stack PC0 [PC1 ...] */
int hd_d_stack(hd_parser *p, const char *s)
{
	hd_tok t;
	uint64_t pc;
	uint64_t *pcs;

	if (hd_once(p, HD_SEEN_STACK, "stack") != 0)
		return -1;
	hd_buf_reset(&p->scratch);
	while ((t = hd_word(&s)).n != 0) {
		if (hd_parse_u64(p, t, "program counter", &pc) != 0)
			return -1;
		hd_buf_put(&p->scratch, &pc, sizeof pc);
	}
	if (hd_expect_end(p, s) != 0)
		return -1;
	if (p->scratch.len == 0)
		return hd_perr(p, "case-syntax", "expected the PC of at least one frame");
	if (p->scratch.failed)
		return hd_nomem(p);
	pcs = hd_arena_dup(&p->c->arena, p->scratch.data, p->scratch.len);
	if (pcs == NULL)
		return hd_nomem(p);
	p->c->stack = pcs;
	p->c->nstack = (uint32_t)(p->scratch.len / sizeof pc);
	return 0;
}

/* ---- cie ---- */

static int k_augmentation(hd_parser *p, hd_tok v, hd_case_cie *r)
{
	if (hd_tok_is(v, "none"))
		v.n = 0;
	r->desc.augmentation = hd_case_strdup(p, v.s, v.n);
	return r->desc.augmentation != NULL ? 0 : -1;
}

static int k_code_align(hd_parser *p, hd_tok v, hd_case_cie *r)
{
	return hd_parse_u64(p, v, "code alignment", &r->desc.code_align);
}

static int k_data_align(hd_parser *p, hd_tok v, hd_case_cie *r)
{
	uint64_t x;
	int neg;

	if (hd_parse_i64(p, v, "data alignment", &x, &neg) != 0)
		return -1;
	if (!neg && x > (uint64_t)INT64_MAX)
		return hd_perr(p, "case-number", "data alignment above 2^63 - 1");
	r->desc.data_align = (int64_t)x;
	return 0;
}

static int k_ra(hd_parser *p, hd_tok v, hd_case_cie *r)
{
	return hd_parse_reg(p, v, &r->desc.ra_column);
}

/* The writer and the CFA assembler take addresses of 1, 2, 4 or 8 bytes;
 * other sizes can still be tested with `debug-frame bytes:`. */
static int k_address_size(hd_parser *p, hd_tok v, hd_case_cie *r)
{
	uint64_t x;

	if (hd_parse_u64(p, v, "address size", &x) != 0)
		return -1;
	if (x != 1 && x != 2 && x != 4 && x != 8)
		return hd_perr(p, "case-number", "address size must be 1, 2, 4 or 8");
	r->desc.address_size = (uint8_t)x;
	return 0;
}

static int k_segment_size(hd_parser *p, hd_tok v, hd_case_cie *r)
{
	uint64_t x;

	if (hd_parse_u64(p, v, "segment selector size", &x) != 0)
		return -1;
	if (x > 8)
		return hd_perr(p, "case-number", "segment selector size must be 0 to 8");
	r->desc.segment_selector_size = (uint8_t)x;
	return 0;
}

static const struct {
	const char *key;
	int (*fn)(hd_parser *p, hd_tok v, hd_case_cie *r);
} cie_keys[] = {
	{ "augmentation", k_augmentation },
	{ "code_align", k_code_align },
	{ "data_align", k_data_align },
	{ "ra", k_ra },
	{ "address_size", k_address_size },
	{ "segment_selector_size", k_segment_size },
};

#define NCIE_KEYS (sizeof cie_keys / sizeof cie_keys[0])

/* The AMDGPU conventions (docs/case-format.md): what a CIE is unless its
 * declaration says otherwise. */
static void cie_defaults(hd_case_cie *r)
{
	r->desc.dwarf64 = 0;
	r->desc.augmentation = HD_CIE_AUGMENTATION_AMD;
	r->desc.address_size = 8;
	r->desc.segment_selector_size = 0;
	r->desc.code_align = 4;
	r->desc.data_align = 4;
	r->desc.ra_column = HD_AMDGPU_PC_64;
}

/* [KEY=VALUE | dwarf64] ... ; each key at most once */
static int cie_options(hd_parser *p, const char *s, hd_case_cie *r)
{
	unsigned seen = 0;

	for (;;) {
		hd_tok k = hd_word(&s), v;
		size_t i;

		if (k.n == 0)
			return hd_expect_end(p, s);
		if (hd_tok_is(k, "dwarf64")) {
			if (r->desc.dwarf64)
				return hd_perr(p, "case-duplicate", "`dwarf64` given twice");
			r->desc.dwarf64 = 1;
			continue;
		}
		for (i = 0; i < NCIE_KEYS && !hd_tok_is(k, cie_keys[i].key); i++)
			;
		if (i == NCIE_KEYS)
			return hd_perr(p, "case-syntax", "unknown cie option `%.*s`",
			               (int)(k.n > QUOTE ? QUOTE : k.n), k.s);
		if (seen & (1u << i))
			return hd_perr(p, "case-duplicate", "`%s` given twice", cie_keys[i].key);
		seen |= 1u << i;
		if (hd_expect_char(p, &s, '=', cie_keys[i].key) != 0 ||
		    hd_expect_word(p, &s, "a value", &v) != 0 || cie_keys[i].fn(p, v, r) != 0)
			return -1;
	}
}

/* cie NAME [options] | cie NAME: CFA-TEXT | cie NAME bytes: BYTES */
int hd_d_cie(hd_parser *p, const char *s)
{
	hd_case_cie r;
	hd_tok name;

	needs_stack(p, "cie");
	if (p->cfi_line == 0)
		p->cfi_line = p->line;
	if (parse_name(p, &s, "cie", &name) != 0)
		return -1;
	if (is_content(s))
		return add_content(p, HD_OWNER_CIE, 0, name, s);
	memset(&r, 0, sizeof r);
	r.line = p->line;
	cie_defaults(&r);
	if ((r.name = hd_case_strdup(p, name.s, name.n)) == NULL ||
	    cie_options(p, s, &r) != 0)
		return -1;
	return hd_push_rec(p, &p->cierecs, &r, sizeof r);
}

/* ---- fde ---- */

/* fde NAME CIE LOW SIZE [dwarf64] | fde NAME: CFA-TEXT | fde NAME bytes: BYTES */
int hd_d_fde(hd_parser *p, const char *s)
{
	hd_case_fde r;
	hd_tok name, t;

	needs_stack(p, "fde");
	if (p->cfi_line == 0)
		p->cfi_line = p->line;
	if (parse_name(p, &s, "fde", &name) != 0)
		return -1;
	if (is_content(s))
		return add_content(p, HD_OWNER_FDE, 0, name, s);
	memset(&r, 0, sizeof r);
	r.line = p->line;
	if ((r.name = hd_case_strdup(p, name.s, name.n)) == NULL ||
	    parse_name(p, &s, "cie", &t) != 0 ||
	    (r.cie_name = hd_case_strdup(p, t.s, t.n)) == NULL)
		return -1;
	if (hd_expect_word(p, &s, "a low address", &t) != 0 ||
	    hd_parse_u64(p, t, "low address", &r.desc.initial_location) != 0 ||
	    hd_expect_word(p, &s, "a size", &t) != 0 ||
	    hd_parse_u64(p, t, "size", &r.desc.address_range) != 0)
		return -1;
	t = hd_word(&s);
	if (t.n != 0) {
		if (!hd_tok_is(t, "dwarf64"))
			return hd_perr(p, "case-syntax",
			               "expected `dwarf64` or the end of the line");
		r.desc.dwarf64 = 1;
	}
	if (hd_expect_end(p, s) != 0)
		return -1;
	return hd_push_rec(p, &p->fderecs, &r, sizeof r);
}

/* ---- debug-frame ---- */

/* debug-frame bytes: BYTES ; the lines are concatenated */
int hd_d_debug_frame(hd_parser *p, const char *s)
{
	const char *tail;
	int is_bytes;

	needs_stack(p, "debug-frame");
	if (p->df_line == 0)
		p->df_line = p->line;
	if (hd_bare_colon(p, s, &tail, &is_bytes) != 0)
		return -1;
	if (!is_bytes)
		return hd_perr(p, "case-syntax", "write `debug-frame bytes:`");
	p->c->has_debug_frame = 1;
	return hd_parse_hex(p, tail, &p->dfbytes);
}

/* ---- subprogram ---- */

static const char *const sub_attrs[HD_ATTR_COUNT] = {
	"frame_base", "lane_pc", "active_lane",
};

/* The attribute a content line names, or -1 when the line is a declaration. */
static int sub_attr(const char *s, const char **after)
{
	const char *q = hd_skip_blank(s), *e = q;

	while (is_name_char(*e))
		e++;
	for (int i = 0; i < HD_ATTR_COUNT; i++) {
		size_t n = strlen(sub_attrs[i]);
		if ((size_t)(e - q) == n && memcmp(q, sub_attrs[i], n) == 0 && is_content(e)) {
			*after = e;
			return i;
		}
	}
	return -1;
}

/* [lanes=N] */
static int sub_options(hd_parser *p, const char *s, hd_case_sub *r)
{
	for (;;) {
		hd_tok k = hd_word(&s), v;

		if (k.n == 0)
			return hd_expect_end(p, s);
		if (!hd_tok_is(k, "lanes"))
			return hd_perr(p, "case-syntax", "unknown subprogram option `%.*s`",
			               (int)(k.n > QUOTE ? QUOTE : k.n), k.s);
		if (r->sub.has_lanes)
			return hd_perr(p, "case-duplicate", "`lanes` given twice");
		/* lanes=0 is ill-formed DWARF: recorded, for the evaluator to refuse */
		if (hd_expect_char(p, &s, '=', "lanes") != 0 ||
		    hd_expect_word(p, &s, "a lane count", &v) != 0 ||
		    hd_parse_u64(p, v, "lane count", &r->sub.lanes) != 0)
			return -1;
		r->sub.has_lanes = 1;
	}
}

/* subprogram NAME LOW SIZE [lanes=N] | subprogram NAME ATTR: EXPR |
 * subprogram NAME ATTR bytes: BYTES */
int hd_d_subprogram(hd_parser *p, const char *s)
{
	hd_case_sub r;
	hd_tok name, t;
	const char *after;
	int attr;

	needs_stack(p, "subprogram");
	if (parse_name(p, &s, "subprogram", &name) != 0)
		return -1;
	if ((attr = sub_attr(s, &after)) >= 0)
		return add_content(p, HD_OWNER_SUB, attr, name, after);
	if (is_content(s))
		return hd_perr(p, "case-syntax", "expected `frame_base:`, `lane_pc:` or "
		               "`active_lane:` before `:`");
	memset(&r, 0, sizeof r);
	r.line = p->line;
	if ((r.sub.name = hd_case_strdup(p, name.s, name.n)) == NULL)
		return -1;
	if (hd_expect_word(p, &s, "a low address", &t) != 0 ||
	    hd_parse_range(p, t, &s, "the subprogram", &r.sub.low_pc, &r.sub.high_pc) != 0)
		return -1;
	if (sub_options(p, s, &r) != 0)
		return -1;
	return hd_push_rec(p, &p->subrecs, &r, sizeof r);
}

/* ---- evaluate ---- */

static const struct {
	const char *name;
	hd_case_req_kind what;
	int has_reg;
} requests[] = {
	{ "cfa", HD_REQ_CFA, 0 },
	{ "reg", HD_REQ_REG, 1 },
	{ "pc", HD_REQ_PC, 0 },
	{ "frame_base", HD_REQ_FRAME_BASE, 0 },
	{ "lane_pc", HD_REQ_LANE_PC, 0 },
	{ "active_lane", HD_REQ_ACTIVE_LANE, 0 },
};

#define NREQUESTS (sizeof requests / sizeof requests[0])

/* evaluate WHAT [REG] [frame N] */
int hd_d_evaluate(hd_parser *p, const char *s)
{
	hd_case_request r;
	hd_tok t;
	size_t i;

	needs_stack(p, "evaluate");
	memset(&r, 0, sizeof r);
	r.line = p->line;
	if (hd_expect_word(p, &s, "what to evaluate", &t) != 0)
		return -1;
	for (i = 0; i < NREQUESTS && !hd_tok_is(t, requests[i].name); i++)
		;
	if (i == NREQUESTS)
		return hd_perr(p, "case-syntax", "cannot evaluate `%.*s` (cfa, reg R, pc, "
		               "frame_base, lane_pc, active_lane)",
		               (int)(t.n > QUOTE ? QUOTE : t.n), t.s);
	r.what = requests[i].what;
	if (requests[i].has_reg &&
	    (hd_expect_word(p, &s, "a register", &t) != 0 || hd_parse_reg(p, t, &r.reg) != 0))
		return -1;
	if (parse_frame(p, &s, &r.frame) != 0 || hd_expect_end(p, s) != 0)
		return -1;
	return hd_push_rec(p, &p->reqrecs, &r, sizeof r);
}
