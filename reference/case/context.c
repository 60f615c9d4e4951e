/* The directives of case format v1 that describe the evaluation: context,
 * object, push, the frame answers (cfa, frame-base, entry-reg, unwound-reg),
 * read, and the expression under test (expr, bytes). */
#include "case_impl.h"

#include <string.h>

#define MAX_READ_BITS  (1u << 20)

/* The optional "frame N" of the frame answer directives. */
static int parse_frame_opt(hd_parser *p, const char **s, uint32_t *frame)
{
	hd_tok t = hd_word(s);

	*frame = 0;
	if (t.n == 0)
		return 0;
	if (!hd_tok_is(t, "frame"))
		return hd_perr(p, "case-syntax", "expected `frame N` or `:`");
	if (hd_expect_word(p, s, "a frame number", &t) != 0)
		return -1;
	return hd_parse_u32(p, t, "frame number", frame);
}

/* ---- pass 2: the evaluation context ---- */

static int k_result(hd_parser *p, hd_tok v)
{
	if (hd_tok_is(v, "location"))
		p->c->result = HD_RESULT_LOCATION;
	else if (hd_tok_is(v, "value"))
		p->c->result = HD_RESULT_VALUE;
	else if (hd_tok_is(v, "any"))
		p->c->result = HD_RESULT_ANY;
	else
		return hd_perr(p, "case-syntax", "result must be location, value or any");
	return 0;
}

static int presence(hd_parser *p, hd_tok v, int *has, const char *key)
{
	if (hd_tok_is(v, "present"))
		*has = 1;
	else if (hd_tok_is(v, "none"))
		*has = 0;
	else
		return hd_perr(p, "case-syntax", "%s must be present or none", key);
	return 0;
}

static int k_thread(hd_parser *p, hd_tok v)
{
	return presence(p, v, &p->c->has_thread, "thread");
}

static int k_cu(hd_parser *p, hd_tok v)
{
	return presence(p, v, &p->c->has_cu, "cu");
}

static int k_lane(hd_parser *p, hd_tok v)
{
	p->c->has_lane = !hd_tok_is(v, "none");
	if (!p->c->has_lane)
		return 0;
	if (hd_parse_u32(p, v, "lane number", &p->c->lane) != 0)
		return -1;
	/* a lane outside the wavefront is a context an evaluator must reject,
	 * so it is allowed here: cases test exactly that */
	return 0;
}

static int k_frame(hd_parser *p, hd_tok v)
{
	p->c->has_frame = !hd_tok_is(v, "none");
	return p->c->has_frame ? hd_parse_u32(p, v, "frame number", &p->c->frame) : 0;
}

static int k_pc(hd_parser *p, hd_tok v)
{
	p->pc_line = p->line;  /* a call stack checks it against its PCs */
	p->c->has_pc = !hd_tok_is(v, "none");
	return p->c->has_pc ? hd_parse_u64(p, v, "pc", &p->c->pc) : 0;
}

static const struct {
	const char *key;
	int (*fn)(hd_parser *p, hd_tok v);
} context_keys[] = {
	{ "result", k_result }, { "thread", k_thread }, { "lane", k_lane },
	{ "frame", k_frame }, { "pc", k_pc }, { "cu", k_cu },
};

/* context KEY=VALUE ... ; each key at most once per case */
int hd_d_context(hd_parser *p, const char *s)
{
	for (;;) {
		hd_tok k = hd_word(&s), v;
		size_t i, n = sizeof context_keys / sizeof context_keys[0];

		if (k.n == 0)
			return hd_expect_end(p, s);
		for (i = 0; i < n && !hd_tok_is(k, context_keys[i].key); i++)
			;
		if (i == n)
			return hd_perr(p, "case-syntax", "unknown context key `%.*s`",
			               (int)(k.n > 40 ? 40 : k.n), k.s);
		if (p->ctx_seen & (1u << i))
			return hd_perr(p, "case-duplicate", "context key `%s` set twice",
			               context_keys[i].key);
		p->ctx_seen |= 1u << i;
		if (hd_expect_char(p, &s, '=', "the context key") != 0 ||
		    hd_expect_word(p, &s, "a value", &v) != 0 || context_keys[i].fn(p, v) != 0)
			return -1;
	}
}

int hd_d_object(hd_parser *p, const char *s)
{
	hd_case_expr *e;
	const char *tail;
	int is_bytes;

	if (hd_once(p, HD_SEEN_OBJECT, "object") != 0 || hd_bare_colon(p, s, &tail, &is_bytes) != 0)
		return -1;
	e = hd_arena_alloc(&p->c->arena, sizeof *e);
	if (e == NULL)
		return hd_nomem(p);
	if (hd_case_expr_at(p, tail, is_bytes, e) != 0)
		return -1;
	p->c->object = e;
	return 0;
}

/* push location: E1 | E2 ... ; the alternatives form one location */
static int push_location(hd_parser *p, const char *s, hd_case_push *push)
{
	const char *tail;
	int is_bytes;
	uint32_t n = 1;
	hd_case_expr *alts;
	char *text;

	if (hd_bare_colon(p, s, &tail, &is_bytes) != 0)
		return -1;
	if (!is_bytes)
		for (const char *q = tail; (q = strchr(q, '|')) != NULL; q++)
			n++;
	alts = hd_arena_alloc(&p->c->arena, n * sizeof *alts);
	if (alts == NULL)
		return hd_nomem(p);
	/* cut the line at each '|' in place; hd_case_expr_at measures columns
	 * from linebuf, which still starts each piece where the file has it */
	text = (char *)tail;
	for (uint32_t i = 0; i < n; i++) {
		char *bar = is_bytes ? NULL : strchr(text, '|');
		if (bar != NULL)
			*bar = '\0';
		if (*hd_skip_blank(text) == '\0' && n > 1)
			return hd_perr(p, "case-syntax", "empty alternative in `push location`");
		if (hd_case_expr_at(p, text, is_bytes, &alts[i]) != 0)
			return -1;
		if (bar != NULL)
			text = bar + 1;
	}
	push->is_loc = 1;
	push->alts = alts;
	push->nalts = n;
	return 0;
}

/* push value TYPE V[, V...] | push value TYPE bytes: HEX | push location: ... */
int hd_d_push(hd_parser *p, const char *s)
{
	hd_case_push push;
	hd_tok t;

	memset(&push, 0, sizeof push);
	push.line = p->line;
	s = hd_skip_blank(s);
	if (strncmp(s, "location", 8) == 0 && (s[8] == ':' || s[8] == ' ' || s[8] == '\t')) {
		if (push_location(p, s + 8, &push) != 0)
			return -1;
	} else {
		t = hd_word(&s);
		if (!hd_tok_is(t, "value"))
			return hd_perr(p, "case-syntax", "expected `push value` or `push location:`");
		if (hd_expect_word(p, &s, "a type name", &t) != 0 ||
		    hd_case_find_type(p, t, &push.type) != 0 ||
		    hd_case_value_bytes(p, push.type, s, &push) != 0)
			return -1;
	}
	return hd_push_rec(p, &p->c->pushv, &push, sizeof push);
}

/* cfa|frame-base [frame N]: E ; entry-reg|unwound-reg R [frame N]: E */
static int frame_answer(hd_parser *p, const char *s, hd_frame_query q, int has_reg)
{
	hd_case_frame f;
	const char *head_end, *tail;
	int is_bytes;
	char *head;

	memset(&f, 0, sizeof f);
	f.line = p->line;
	f.query = q;
	if (hd_split_colon(p, s, &head_end, &tail, &is_bytes) != 0)
		return -1;
	*(char *)head_end = '\0';  /* the head is parsed on its own */
	head = (char *)s;
	if (has_reg) {
		hd_tok t;
		const char *h = head;
		if (hd_expect_word(p, &h, "a register", &t) != 0 || hd_parse_reg(p, t, &f.reg) != 0)
			return -1;
		head = (char *)h;
	}
	{
		const char *h = head;
		if (parse_frame_opt(p, &h, &f.frame) != 0 || hd_expect_end(p, h) != 0)
			return -1;
	}
	if (hd_case_expr_at(p, tail, is_bytes, &f.expr) != 0)
		return -1;
	return hd_push_rec(p, &p->c->framev, &f, sizeof f);
}

int hd_d_cfa(hd_parser *p, const char *s)
{
	return frame_answer(p, s, HD_FRAME_CFA, 0);
}

int hd_d_frame_base(hd_parser *p, const char *s)
{
	return frame_answer(p, s, HD_FRAME_BASE, 0);
}

int hd_d_entry_reg(hd_parser *p, const char *s)
{
	return frame_answer(p, s, HD_FRAME_ENTRY_REG, 1);
}

int hd_d_unwound_reg(hd_parser *p, const char *s)
{
	return frame_answer(p, s, HD_FRAME_REGISTER, 1);
}

int hd_d_read(hd_parser *p, const char *s)
{
	hd_tok t;

	if (hd_once(p, HD_SEEN_READ, "read") != 0 ||
	    hd_expect_word(p, &s, "a bit count", &t) != 0 ||
	    hd_parse_u64(p, t, "bit count", &p->c->read_bits) != 0 || hd_expect_end(p, s) != 0)
		return -1;
	if (p->c->read_bits == 0 || p->c->read_bits > MAX_READ_BITS)
		return hd_perr(p, "case-number", "read size must be 1 to %u bits", MAX_READ_BITS);
	p->c->has_read = 1;
	return 0;
}

/* write BITS = HEX: exactly ceil(BITS/8) bytes, the bits past BITS unused */
int hd_d_write(hd_parser *p, const char *s)
{
	hd_case *c = p->c;
	hd_tok t;

	if (hd_once(p, HD_SEEN_WRITE, "write") != 0 ||
	    hd_expect_word(p, &s, "a bit count", &t) != 0 ||
	    hd_parse_u64(p, t, "bit count", &c->write_bits) != 0 ||
	    hd_expect_char(p, &s, '=', "the bit count") != 0)
		return -1;
	if (c->write_bits == 0 || c->write_bits > MAX_READ_BITS)
		return hd_perr(p, "case-number", "write size must be 1 to %u bits", MAX_READ_BITS);
	hd_buf_reset(&p->scratch);
	if (hd_parse_hex(p, s, &p->scratch) != 0)
		return -1;
	if (p->scratch.len != (c->write_bits + 7) / 8)
		return hd_perr(p, "case-number", "%llu bits need %llu bytes, not %zu",
		               (unsigned long long)c->write_bits,
		               (unsigned long long)((c->write_bits + 7) / 8), p->scratch.len);
	c->write_bytes = hd_arena_dup(&c->arena, p->scratch.data, p->scratch.len);
	if (c->write_bytes == NULL)
		return hd_nomem(p);
	c->has_write = 1;
	return 0;
}

/* ---- pass 2: the expression under test ---- */

static int expr_kind(hd_parser *p, int kind)
{
	if (p->expr_kind != 0 && p->expr_kind != kind)
		return hd_perr(p, "case-duplicate", "`expr:`, `bytes:` and `loclist` cannot be mixed");
	if (p->expr_kind == 0)
		p->expr_line = p->line;
	p->expr_kind = kind;
	return 0;
}

int hd_d_expr(hd_parser *p, const char *s)
{
	const char *tail;
	int is_bytes;
	hd_tok piece;

	if (hd_bare_colon(p, s, &tail, &is_bytes) != 0)
		return -1;
	if (is_bytes)
		return hd_perr(p, "case-syntax", "write `bytes:`, not `expr bytes:`");
	if (expr_kind(p, 1) != 0)
		return -1;
	piece = hd_piece(tail);
	return hd_joined_add(p, &p->text, piece, p->line,
	                     (uint32_t)(piece.s - p->linebuf) + 1);
}

int hd_d_bytes(hd_parser *p, const char *s)
{
	const char *tail;
	int is_bytes;

	if (hd_bare_colon(p, s, &tail, &is_bytes) != 0 || expr_kind(p, 2) != 0)
		return -1;
	if (is_bytes)
		return hd_perr(p, "case-syntax", "write `bytes:`");
	return hd_parse_hex(p, tail, &p->bytes);
}

/* LOW SIZE[ bytes]: E  or  default[ bytes]: E -- one location list entry,
 * for the main expression (`loclist`) or a DIE's location (`die OFF loclist`) */
int hd_case_loclist_entry(hd_parser *p, const char *s, uint64_t die, int for_die)
{
	hd_ll_rec r;
	const char *head_end, *tail, *h;
	hd_case_expr e;
	hd_tok t;
	int is_bytes;

	memset(&r, 0, sizeof r);
	r.line = p->line;
	r.die = die;
	r.for_die = for_die;
	if (hd_split_colon(p, s, &head_end, &tail, &is_bytes) != 0)
		return -1;
	*(char *)head_end = '\0';  /* the head is parsed on its own */
	h = s;
	if (hd_expect_word(p, &h, "a start address or `default`", &t) != 0)
		return -1;
	if (hd_tok_is(t, "default")) {
		r.e.is_default = 1;
	} else {
		if (hd_parse_range(p, t, &h, "the entry", &r.e.low, &r.e.high) != 0)
			return -1;
	}
	if (hd_expect_end(p, h) != 0 || hd_case_expr_at(p, tail, is_bytes, &e) != 0)
		return -1;
	r.e.expr = e.bytes;
	r.e.len = e.len;
	return hd_push_rec(p, &p->llrecs, &r, sizeof r);
}

int hd_d_loclist(hd_parser *p, const char *s)
{
	if (expr_kind(p, 3) != 0)
		return -1;
	return hd_case_loclist_entry(p, s, 0, 0);
}
