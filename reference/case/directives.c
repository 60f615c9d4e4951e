/* The directives of case format v1 that describe the target, the wavefront
 * and the compilation unit: format, arch, encoding, type, strict, exec, reg,
 * mem, die, addr. A handler gets the text after the directive name
 * (NUL-terminated, comment removed) and either records what it read in the
 * case or fails with the current line; parse.c's table dispatches to them. */
#include "case_impl.h"

#include <string.h>

#include "../amdgpu/model.h"

#define MAX_ADDR_INDEX (1u << 20)
#define MAX_TYPE_BITS  (1u << 16)

static int need_arch(hd_parser *p, const char *what)
{
	if (p->c->wave == 0)
		return hd_perr(p, "case-arch", "`%s` needs an architecture (arch is none)", what);
	return 0;
}

/* ---- pass 1 ---- */

int hd_d_format(hd_parser *p, const char *s)
{
	hd_tok t;
	uint64_t v;

	if (hd_once(p, HD_SEEN_FORMAT, "format") != 0)
		return -1;
	if (hd_expect_word(p, &s, "`hdcts-case`", &t) != 0)
		return -1;
	if (!hd_tok_is(t, "hdcts-case"))
		return hd_perr(p, "case-format", "not an hdcts case (expected `hdcts-case`)");
	if (hd_expect_word(p, &s, "a format version", &t) != 0 ||
	    hd_parse_u64(p, t, "format version", &v) != 0)
		return -1;
	if (v != 1)
		return hd_perr(p, "case-format", "unsupported case format version %llu",
		               (unsigned long long)v);
	return hd_expect_end(p, s);
}

int hd_d_arch(hd_parser *p, const char *s)
{
	hd_tok t;

	if (hd_once(p, HD_SEEN_ARCH, "arch") != 0 ||
	    hd_expect_word(p, &s, "an architecture", &t) != 0)
		return -1;
	if (hd_tok_is(t, "amdgpu:wave64"))
		p->c->wave = 64;
	else if (hd_tok_is(t, "amdgpu:wave32"))
		p->c->wave = 32;
	else if (hd_tok_is(t, "none"))
		p->c->wave = 0;
	else
		return hd_perr(p, "case-name", "unknown architecture `%.*s`",
		               (int)(t.n > 40 ? 40 : t.n), t.s);
	return hd_expect_end(p, s);
}

int hd_d_encoding(hd_parser *p, const char *s)
{
	hd_tok t;
	char name[32];

	if (hd_once(p, HD_SEEN_ENCODING, "encoding") != 0 ||
	    hd_expect_word(p, &s, "an encoding profile", &t) != 0)
		return -1;
	if (t.n >= sizeof name)
		goto unknown;
	memcpy(name, t.s, t.n);
	name[t.n] = '\0';
	if (hd_profile_parse(name, &p->c->enc.profile) != 0)
		goto unknown;
	t = hd_word(&s);
	if (t.n != 0) {
		if (hd_tok_is(t, "dwarf32"))
			p->c->enc.offset_size = 4;
		else if (hd_tok_is(t, "dwarf64"))
			p->c->enc.offset_size = 8;
		else
			return hd_perr(p, "case-syntax", "expected `dwarf32` or `dwarf64`");
	}
	return hd_expect_end(p, s);
unknown:
	return hd_perr(p, "case-name", "unknown encoding profile `%.*s`",
	               (int)(t.n > 40 ? 40 : t.n), t.s);
}

static const struct {
	const char *name;
	uint8_t ate;
} encodings[] = {
	{ "address", 0x01 }, { "boolean", 0x02 }, { "float", 0x04 },
	{ "signed", 0x05 }, { "signed_char", 0x06 }, { "unsigned", 0x07 },
	{ "unsigned_char", 0x08 },
};

static int valid_type_name(hd_tok t)
{
	if (t.n == 0 || hd_tok_is(t, "generic") || hd_tok_is(t, "bytes"))
		return 0;
	if (!((t.s[0] >= 'a' && t.s[0] <= 'z') || (t.s[0] >= 'A' && t.s[0] <= 'Z') ||
	      t.s[0] == '_'))
		return 0;
	for (size_t i = 0; i < t.n; i++) {
		char ch = t.s[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '_' || ch == '.'))
			return 0;
	}
	return 1;
}

static int parse_ate(hd_parser *p, hd_tok t, uint8_t *ate)
{
	uint64_t v;

	for (size_t i = 0; i < sizeof encodings / sizeof encodings[0]; i++) {
		if (hd_tok_is(t, encodings[i].name)) {
			*ate = encodings[i].ate;
			return 0;
		}
	}
	if (t.n > 0 && t.s[0] >= '0' && t.s[0] <= '9') {
		if (hd_parse_u64(p, t, "base type encoding", &v) != 0)
			return -1;
		if (v > 0xff)
			return hd_perr(p, "case-number", "base type encoding above 0xff");
		*ate = (uint8_t)v;
		return 0;
	}
	return hd_perr(p, "case-name", "unknown base type encoding `%.*s`",
	               (int)(t.n > 40 ? 40 : t.n), t.s);
}

/* type OFFSET NAME ENCODING BITS [vector N] */
int hd_d_type(hd_parser *p, const char *s)
{
	hd_type_rec r;
	hd_tok t;

	memset(&r, 0, sizeof r);
	r.line = p->line;
	if (hd_expect_word(p, &s, "a DIE offset", &t) != 0 ||
	    hd_parse_u64(p, t, "DIE offset", &r.t.die) != 0)
		return -1;
	if (r.t.die == 0)
		return hd_perr(p, "case-number", "DIE offset 0 means the generic type");
	if (hd_expect_word(p, &s, "a type name", &t) != 0)
		return -1;
	if (!valid_type_name(t))
		return hd_perr(p, "case-name", "bad type name `%.*s`",
		               (int)(t.n > 40 ? 40 : t.n), t.s);
	if ((r.t.name = hd_case_strdup(p, t.s, t.n)) == NULL)
		return -1;
	if (hd_expect_word(p, &s, "a base type encoding", &t) != 0 ||
	    parse_ate(p, t, &r.t.encoding) != 0)
		return -1;
	if (hd_expect_word(p, &s, "a bit size", &t) != 0 ||
	    hd_parse_u32(p, t, "bit size", &r.t.bits) != 0)
		return -1;
	t = hd_word(&s);
	if (t.n != 0) {
		if (!hd_tok_is(t, "vector"))
			return hd_perr(p, "case-syntax", "expected `vector N`");
		if (hd_expect_word(p, &s, "a vector size", &t) != 0 ||
		    hd_parse_u32(p, t, "vector size", &r.t.vector) != 0)
			return -1;
		if (r.t.vector == 0)
			return hd_perr(p, "case-number", "vector size 0");
	}
	if (r.t.bits == 0 ||
	    (uint64_t)r.t.bits * (r.t.vector ? r.t.vector : 1) > MAX_TYPE_BITS)
		return hd_perr(p, "case-number", "type size must be 1 to %u bits",
		               MAX_TYPE_BITS);
	if (hd_expect_end(p, s) != 0)
		return -1;
	return hd_push_rec(p, &p->c->typev, &r, sizeof r);
}

/* ---- pass 2: state of the wavefront ---- */

int hd_d_strict(hd_parser *p, const char *s)
{
	if (hd_once(p, HD_SEEN_STRICT, "strict") != 0)
		return -1;
	p->c->strict = 1;
	return hd_expect_end(p, s);
}

static int add_reg_set(hd_parser *p, hd_case_set_kind kind, uint64_t reg, uint32_t lane,
                       const uint64_t *vals, uint32_t n)
{
	hd_case_set set;

	memset(&set, 0, sizeof set);
	set.kind = kind;
	set.line = p->line;
	set.reg = reg;
	set.lane = lane;
	set.vals = hd_arena_dup(&p->c->arena, vals, n * sizeof *vals);
	set.nvals = n;
	if (set.vals == NULL)
		return hd_nomem(p);
	return hd_push_rec(p, &p->c->setv, &set, sizeof set);
}

int hd_d_exec(hd_parser *p, const char *s)
{
	hd_tok t;
	uint64_t v;

	if (hd_once(p, HD_SEEN_EXEC, "exec") != 0 || need_arch(p, "exec") != 0)
		return -1;
	if (hd_expect_word(p, &s, "an EXEC mask", &t) != 0 ||
	    hd_parse_u64(p, t, "EXEC mask", &v) != 0 || hd_expect_end(p, s) != 0)
		return -1;
	if (p->c->wave == 32 && v > UINT32_MAX)
		return hd_perr(p, "case-number", "EXEC mask wider than the wavefront");
	return add_reg_set(p, HD_SET_REG,
	                   p->c->wave == 64 ? HD_AMDGPU_EXEC_64 : HD_AMDGPU_EXEC_32,
	                   0, &v, 1);
}

/* reg NAME = V[, V...]   or   reg NAME lane L = V */
int hd_d_reg(hd_parser *p, const char *s)
{
	hd_tok t;
	uint64_t reg, vals[64];
	uint32_t n = 0, lane = 0;
	int lane_form = 0;

	if (need_arch(p, "reg") != 0 ||
	    hd_expect_word(p, &s, "a register", &t) != 0 || hd_parse_reg(p, t, &reg) != 0)
		return -1;
	t = hd_word(&s);
	if (t.n != 0) {
		if (!hd_tok_is(t, "lane"))
			return hd_perr(p, "case-syntax", "expected `=` or `lane N`");
		if (hd_expect_word(p, &s, "a lane number", &t) != 0 ||
		    hd_parse_u32(p, t, "lane number", &lane) != 0)
			return -1;
		if (lane >= p->c->wave)
			return hd_perr(p, "case-number", "lane %u is outside the wavefront", lane);
		lane_form = 1;
	}
	if (hd_expect_char(p, &s, '=', "the register") != 0)
		return -1;
	do {
		if (n == (lane_form ? 1u : p->c->wave))
			return hd_perr(p, "case-syntax", "too many values");
		if (hd_expect_word(p, &s, "a value", &t) != 0 ||
		    hd_parse_u64(p, t, "register value", &vals[n]) != 0)
			return -1;
		n++;
	} while (hd_accept(&s, ',') || *hd_skip_blank(s) != '\0');
	return add_reg_set(p, lane_form ? HD_SET_REG_LANE : HD_SET_REG, reg, lane, vals, n);
}

/* ASPACE or ASPACE:LANE, the aspace a name or a number */
static int parse_aspace(hd_parser *p, hd_tok t, hd_case_set *set)
{
	const char *colon = memchr(t.s, ':', t.n);
	hd_tok name = { t.s, colon ? (size_t)(colon - t.s) : t.n };

	if (colon != NULL) {
		hd_tok lt = { colon + 1, t.n - name.n - 1 };
		if (hd_parse_u32(p, lt, "lane number", &set->lane) != 0)
			return -1;
		if (set->lane >= p->c->wave)
			return hd_perr(p, "case-number", "lane %u is outside the wavefront",
			               set->lane);
		set->has_lane = 1;
	}
	if (name.n > 0 && name.s[0] >= '0' && name.s[0] <= '9')
		return hd_parse_u64(p, name, "address space", &set->aspace);
	if (hd_amdgpu_aspace_lookup(name.s, name.n, &set->aspace) == 0)
		return 0;
	return hd_perr(p, "case-name", "unknown address space `%.*s`",
	               (int)(name.n > 40 ? 40 : name.n), name.s);
}

/* mem ASPACE[:LANE] ADDR = HEX... */
int hd_d_mem(hd_parser *p, const char *s)
{
	hd_case_set set;
	hd_tok t;

	memset(&set, 0, sizeof set);
	set.kind = HD_SET_MEM;
	set.line = p->line;
	if (need_arch(p, "mem") != 0 ||
	    hd_expect_word(p, &s, "an address space", &t) != 0 || parse_aspace(p, t, &set) != 0)
		return -1;
	if (hd_expect_word(p, &s, "an address", &t) != 0 ||
	    hd_parse_u64(p, t, "address", &set.addr) != 0 ||
	    hd_expect_char(p, &s, '=', "the address") != 0)
		return -1;
	hd_buf_reset(&p->scratch);
	if (hd_parse_hex(p, s, &p->scratch) != 0)
		return -1;
	if (p->scratch.len == 0)
		return hd_perr(p, "case-syntax", "expected bytes after `=`");
	set.nbytes = p->scratch.len;
	set.bytes = hd_arena_dup(&p->c->arena, p->scratch.data, p->scratch.len);
	if (set.bytes == NULL)
		return hd_nomem(p);
	return hd_push_rec(p, &p->c->setv, &set, sizeof set);
}

/* ---- pass 2: the compilation unit ---- */

/* die OFF location: TEXT | die OFF location bytes: HEX | die OFF const_value = HEX
 * | die OFF loclist LOW SIZE: TEXT (and the other location list entry forms) */
int hd_d_die(hd_parser *p, const char *s)
{
	hd_die_rec r;
	hd_tok t;
	hd_case_expr e;

	memset(&r, 0, sizeof r);
	r.line = p->line;
	if (hd_expect_word(p, &s, "a DIE offset", &t) != 0 ||
	    hd_parse_u64(p, t, "DIE offset", &r.info.offset) != 0)
		return -1;
	s = hd_skip_blank(s);
	if (*s == '\0') {
		/* a DIE with neither attribute: DW_OP_call* on it has no effect */
	} else if (strncmp(s, "location", 8) == 0 && (s[8] == ':' || s[8] == ' ' || s[8] == '\t')) {
		const char *tail;
		int is_bytes;
		if (hd_bare_colon(p, s + 8, &tail, &is_bytes) != 0 ||
		    hd_case_expr_at(p, tail, is_bytes, &e) != 0)
			return -1;
		r.info.location = e.bytes;
		r.info.location_len = e.len;
	} else if (strncmp(s, "loclist", 7) == 0 && (s[7] == ' ' || s[7] == '\t')) {
		/* entries are gathered into one list per DIE by finish.c */
		return hd_case_loclist_entry(p, s + 7, r.info.offset, 1);
	} else if (strncmp(s, "const_value", 11) == 0) {
		s += 11;
		if (hd_expect_char(p, &s, '=', "const_value") != 0)
			return -1;
		hd_buf_reset(&p->scratch);
		if (hd_parse_hex(p, s, &p->scratch) != 0)
			return -1;
		if (p->scratch.len == 0)
			return hd_perr(p, "case-syntax", "expected bytes after `=`");
		r.info.const_value = hd_arena_dup(&p->c->arena, p->scratch.data,
		                                  p->scratch.len);
		if (r.info.const_value == NULL)
			return hd_nomem(p);
		r.info.const_value_len = p->scratch.len;
	} else {
		return hd_perr(p, "case-syntax", "expected `location:`, `location bytes:`, "
		               "`loclist`, `const_value =` or nothing");
	}
	return hd_push_rec(p, &p->dierecs, &r, sizeof r);
}

/* addr INDEX = VALUE */
int hd_d_addr(hd_parser *p, const char *s)
{
	hd_addr_rec r;
	hd_tok t;

	r.line = p->line;
	if (hd_expect_word(p, &s, "an index", &t) != 0 ||
	    hd_parse_u64(p, t, "index", &r.index) != 0)
		return -1;
	if (r.index >= MAX_ADDR_INDEX)
		return hd_perr(p, "case-limit", ".debug_addr index above %u", MAX_ADDR_INDEX);
	if (hd_expect_char(p, &s, '=', "the index") != 0 ||
	    hd_expect_word(p, &s, "an address", &t) != 0 ||
	    hd_parse_u64(p, t, "address", &r.value) != 0 || hd_expect_end(p, s) != 0)
		return -1;
	return hd_push_rec(p, &p->addrrecs, &r, sizeof r);
}
