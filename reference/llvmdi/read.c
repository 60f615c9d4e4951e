/* The reader: textual IR line by line. A line is read when it can carry
 * debug metadata (a metadata definition, named metadata, a debug record, a
 * function header, a global with !dbg, an instruction with !dbg or a call
 * of llvm.dbg.*); every other line is skipped unread. Then the definitions
 * are sorted by id into the node table and every reference resolved
 * against it. */
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"

/* Grows a vector of elements of size bytes by one, within limit. */
static void *grow(void **v, uint32_t *n, uint32_t *cap, size_t size, uint32_t limit)
{
	if (*n == limit)
		return NULL;
	if (*n == *cap) {
		uint32_t nc = *cap ? (*cap > limit / 2 ? limit : *cap * 2) : 16;
		void *nv = realloc(*v, (size_t)nc * size);
		if (nv == NULL)
			return NULL;
		*v = nv;
		*cap = nc;
	}
	return (char *)*v + (size_t)(*n)++ * size;
}

static int starts_with(const char *p, size_t n, const char *word)
{
	size_t k = strlen(word);
	return n >= k && memcmp(p, word, k) == 0;
}

/* Whether the line holds needle anywhere (a short needle: the scan is
 * linear in the line). */
static int contains(const char *p, size_t n, const char *needle)
{
	size_t k = strlen(needle);

	for (const char *q = p; (q = memchr(q, needle[0], n - (size_t)(q - p))) != NULL; q++)
		if ((size_t)(p + n - q) >= k && memcmp(q, needle, k) == 0)
			return 1;
	return 0;
}

static int tok_is(const hd_lldi_token *t, int kind, const char *text)
{
	return t->kind == kind && t->len == strlen(text) && memcmp(t->p, text, t->len) == 0;
}

typedef struct reader {
	hd_lldi_parser ps;
	hd_lldi_module *m;
	int32_t func;      /* the function whose body the line is in, or -1 */
	hd_lldi_token *toks;
	size_t tcap;
} reader;

static hd_lldi_use *new_use(reader *r, int kind, hd_lldi_pos pos)
{
	hd_lldi_use *u = grow((void **)&r->m->uses, &r->m->nuses, &r->m->capuses, sizeof *u,
	                    HD_LLDI_MAX_USES);

	if (u == NULL) {
		hd_lldi_fail(r->ps.st, HD_LLDI_R_LIMIT, r->ps.path, pos,
		           "more than %u debug uses, or out of memory", (unsigned)HD_LLDI_MAX_USES);
		return NULL;
	}
	memset(u, 0, sizeof *u);
	u->kind = (uint8_t)kind;
	u->func = r->func;
	u->pos = pos;
	return u;
}

/* `!N = [distinct] !{...}` or `!N = [distinct] !Kind(...)`. */
static int definition(reader *r)
{
	hd_lldi_parser *ps = &r->ps;
	hd_lldi_pos pos = { ps->lineno, ps->toks[0].col };
	int distinct = 0;
	hd_lldi_node **slot, *n;
	uint32_t id;

	if (hd_lldi_ref_id(ps, &ps->toks[0], &id) != 0)
		return -1;
	ps->i = 2;
	if (tok_is(&ps->toks[ps->i], T_IDENT, "distinct")) {
		distinct = 1;
		ps->i++;
	}
	if (hd_lldi_node_parse(ps, &n, 1) != 0)
		return -1;
	if (ps->toks[ps->i].kind != T_END)
		return hd_lldi_expected(ps, "the end of the line after the node");
	slot = grow((void **)&r->m->nodes, &r->m->nnodes, &r->m->capnodes, sizeof *slot,
	            HD_LLDI_MAX_NODES);
	if (slot == NULL)
		return hd_lldi_fail(ps->st, HD_LLDI_R_LIMIT, ps->path, pos,
		                  "more than %u metadata definitions, or out of memory",
		                  (unsigned)HD_LLDI_MAX_NODES);
	n->id = id;
	n->has_id = 1;
	n->distinct = (uint8_t)distinct;
	n->pos = pos;
	*slot = n;
	return 0;
}

/* `!name = !{!0, !1}` (LangRef, "Named Metadata"). */
static int named(reader *r)
{
	hd_lldi_parser *ps = &r->ps;
	hd_lldi_named *nm;
	hd_lldi_pos pos = { ps->lineno, ps->toks[0].col };

	nm = grow((void **)&r->m->named, &r->m->nnamed, &r->m->capnamed, sizeof *nm,
	          HD_LLDI_MAX_NODES);
	if (nm == NULL)
		return hd_lldi_fail(ps->st, HD_LLDI_R_LIMIT, ps->path, pos,
		                  "too many named metadata, or out of memory");
	memset(nm, 0, sizeof *nm);
	nm->pos = pos;
	nm->name = hd_lldi_strdup(ps, ps->toks[0].p + 1, ps->toks[0].len - 1);
	if (nm->name == NULL)
		return -1;
	ps->i = 2;
	if (ps->toks[ps->i].kind != T_BANGBRACE)
		return hd_lldi_expected(ps, "'!{' after a named metadata's '='");
	ps->i++;
	if (hd_lldi_items_parse(ps, '}', &nm->items, &nm->nitems, 1) != 0)
		return -1;
	if (ps->toks[ps->i].kind != T_END)
		return hd_lldi_expected(ps, "the end of the line");
	return 0;
}

static int metadata_line(reader *r)
{
	const hd_lldi_token *t = r->ps.toks;

	if (t[0].kind == T_MDREF && hd_lldi_is_punct_at(&r->ps, 1, '='))
		return definition(r);
	if (t[0].kind == T_MDNAME && hd_lldi_is_punct_at(&r->ps, 1, '='))
		return named(r);
	r->ps.i = 0;
	return hd_lldi_expected(&r->ps, "'!N =' or '!name ='");
}

/* The debug records of LLVM 19 and later (Source Level Debugging, "Debug
 * Records"): #dbg_declare(value, variable, expression, location) and
 * #dbg_value alike, #dbg_assign with seven operands, #dbg_label(label,
 * location). */
static int record_line(reader *r)
{
	static const struct {
		const char *name;
		int kind;
		uint8_t nops;
	} forms[] = { { "#dbg_declare", HD_LLDI_U_DECLARE, 4 }, { "#dbg_value", HD_LLDI_U_VALUE, 4 },
		      { "#dbg_assign", HD_LLDI_U_ASSIGN, 7 }, { "#dbg_label", HD_LLDI_U_LABEL, 2 } };
	hd_lldi_parser *ps = &r->ps;
	hd_lldi_pos pos = { ps->lineno, ps->toks[0].col };
	hd_lldi_value *items;
	uint32_t n;
	size_t f;
	hd_lldi_use *u;

	for (f = 0; f < sizeof forms / sizeof forms[0]; f++)
		if (tok_is(&ps->toks[0], T_HASH, forms[f].name))
			break;
	if (f == sizeof forms / sizeof forms[0])
		return hd_lldi_fail(ps->st, HD_LLDI_R_SYNTAX, ps->path, pos,
		                  "'%.*s' is not a debug record", (int)(ps->toks[0].len > 40 ? 40 : ps->toks[0].len),
		                  ps->toks[0].p);
	if (r->func < 0)
		return hd_lldi_fail(ps->st, HD_LLDI_R_SYNTAX, ps->path, pos,
		                  "a debug record outside a function body");
	ps->i = 1;
	if (hd_lldi_expect_punct(ps, '(') != 0 || hd_lldi_items_parse(ps, ')', &items, &n, 1) != 0)
		return -1;
	if (ps->toks[ps->i].kind != T_END)
		return hd_lldi_expected(ps, "the end of the line after the record");
	if (n != forms[f].nops)
		return hd_lldi_fail(ps->st, HD_LLDI_R_SYNTAX, ps->path, pos,
		                  "%s takes %u operands, not %u", forms[f].name,
		                  (unsigned)forms[f].nops, (unsigned)n);
	if ((u = new_use(r, forms[f].kind, pos)) == NULL)
		return -1;
	u->record = 1;
	u->nops = (uint8_t)(n - 1);
	memcpy(u->ops, items, (size_t)(n - 1) * sizeof *items);
	u->loc = items[n - 1];
	return 0;
}

/* The !dbg attachments from token i on: each must name a node. Calls fn
 * with each; only the first is taken unless all is set. */
static int attachments(reader *r, size_t i, int all, hd_lldi_value *first, hd_lldi_value *rest,
                       uint32_t *nrest, uint32_t caprest)
{
	hd_lldi_parser *ps = &r->ps;
	int seen = 0;

	for (; ps->toks[i].kind != T_END; i++) {
		if (!tok_is(&ps->toks[i], T_MDNAME, "!dbg"))
			continue;
		if (ps->toks[i + 1].kind != T_MDREF) {
			ps->i = i + 1;
			return hd_lldi_expected(ps, "'!N' after '!dbg'");
		}
		hd_lldi_value *v = !seen ? first : (all && *nrest < caprest ? &rest[(*nrest)++] : NULL);
		if (v != NULL) {
			memset(v, 0, sizeof *v);
			v->kind = HD_LLDI_V_REF;
			v->pos = (hd_lldi_pos){ ps->lineno, ps->toks[i + 1].col };
			if (hd_lldi_ref_value(ps, &ps->toks[i + 1], v) != 0)
				return -1;
		}
		seen = 1;
		i++;
	}
	return 0;
}

/* define/declare ... @name(...) ... !dbg !N ... [{] */
static int function_line(reader *r, int defined)
{
	hd_lldi_parser *ps = &r->ps;
	hd_lldi_function *f;
	size_t i, last = 0;

	for (i = 0; ps->toks[i].kind != T_GLOBAL; i++)
		if (ps->toks[i].kind == T_END)
			return 0;  /* not a function we can name: nothing to attach */
	f = grow((void **)&r->m->functions, &r->m->nfunctions, &r->m->capfunctions, sizeof *f,
	         HD_LLDI_MAX_USES);
	if (f == NULL)
		return hd_lldi_fail(ps->st, HD_LLDI_R_LIMIT, ps->path, (hd_lldi_pos){ ps->lineno, 1 },
		                  "too many functions, or out of memory");
	memset(f, 0, sizeof *f);
	f->pos = (hd_lldi_pos){ ps->lineno, ps->toks[i].col };
	f->defined = (uint8_t)defined;
	f->name = hd_lldi_strdup(ps, ps->toks[i].p, ps->toks[i].len);
	if (f->name == NULL || attachments(r, i, 0, &f->sp, NULL, NULL, 0) != 0)
		return -1;
	while (ps->toks[last + 1].kind != T_END)
		last++;
	r->func = defined && hd_lldi_is_punct_at(ps, last, '{') ? (int32_t)(r->m->nfunctions - 1) : -1;
	return 0;
}

/* @g = ... global ..., !dbg !N[, !dbg !M]: a global can carry several
 * DIGlobalVariableExpressions. */
static int global_line(reader *r)
{
	hd_lldi_value vals[HD_LLDI_MAX_OPS + 1];
	uint32_t nrest = 0;
	hd_lldi_parser *ps = &r->ps;

	memset(vals, 0, sizeof vals);
	if (attachments(r, 1, 1, &vals[0], vals + 1, &nrest, HD_LLDI_MAX_OPS) != 0)
		return -1;
	for (uint32_t k = 0; vals[0].kind != HD_LLDI_V_NONE && k <= nrest; k++) {
		hd_lldi_use *u = new_use(r, HD_LLDI_U_GLOBAL, (hd_lldi_pos){ ps->lineno, 1 });
		if (u == NULL)
			return -1;
		u->func = -1;
		u->name = hd_lldi_strdup(ps, ps->toks[0].p, ps->toks[0].len);
		u->loc = vals[k];
		if (u->name == NULL)
			return -1;
	}
	return 0;
}

/* call void @llvm.dbg.declare(metadata ..., metadata ..., metadata ...)
 * (Source Level Debugging, "Debugger intrinsic functions"), token i at
 * the callee. The kind, or -1 for an llvm.dbg.* hdref does not read. */
static int intrinsic_kind(const hd_lldi_token *t)
{
	if (tok_is(t, T_GLOBAL, "@llvm.dbg.declare"))
		return HD_LLDI_U_DECLARE;
	if (tok_is(t, T_GLOBAL, "@llvm.dbg.value"))
		return HD_LLDI_U_VALUE;
	if (tok_is(t, T_GLOBAL, "@llvm.dbg.assign"))
		return HD_LLDI_U_ASSIGN;
	if (tok_is(t, T_GLOBAL, "@llvm.dbg.label"))
		return HD_LLDI_U_LABEL;
	return -1;
}

static int intrinsic_call(reader *r, size_t i, int kind)
{
	hd_lldi_parser *ps = &r->ps;
	hd_lldi_use *u = new_use(r, kind, (hd_lldi_pos){ ps->lineno, ps->toks[i].col });

	if (u == NULL)
		return -1;
	ps->i = i + 2;
	while (!hd_lldi_is_punct(ps, ')')) {
		if (u->nops == HD_LLDI_MAX_OPS)
			return hd_lldi_fail(ps->st, HD_LLDI_R_SYNTAX, ps->path,
			                  (hd_lldi_pos){ ps->lineno, ps->toks[ps->i].col },
			                  "more than %u operands to a dbg intrinsic", (unsigned)HD_LLDI_MAX_OPS);
		if (!tok_is(&ps->toks[ps->i], T_IDENT, "metadata"))
			return hd_lldi_expected(ps, "'metadata' before a dbg intrinsic's operand");
		ps->i++;
		if (hd_lldi_value_parse(ps, &u->ops[u->nops++], 1) != 0)
			return -1;
		if (!hd_lldi_is_punct(ps, ')') && hd_lldi_expect_punct(ps, ',') != 0)
			return -1;
	}
	return attachments(r, ps->i, 0, &u->loc, NULL, NULL, 0);
}

static int instruction_line(reader *r)
{
	hd_lldi_parser *ps = &r->ps;
	hd_lldi_use *u;
	hd_lldi_value loc;

	for (size_t i = 0; ps->toks[i].kind != T_END; i++) {
		int kind = intrinsic_kind(&ps->toks[i]);
		if (kind >= 0 && hd_lldi_is_punct_at(ps, i + 1, '('))
			return r->func < 0 ? 0 : intrinsic_call(r, i, kind);
	}
	memset(&loc, 0, sizeof loc);
	if (attachments(r, 0, 0, &loc, NULL, NULL, 0) != 0)
		return -1;
	if (loc.kind == HD_LLDI_V_NONE || r->func < 0)
		return 0;
	if ((u = new_use(r, HD_LLDI_U_INST, loc.pos)) == NULL)
		return -1;
	u->loc = loc;
	return 0;
}

/* Cuts the line into tokens, strictly or not. */
static int lex(reader *r, const char *line, uint32_t len, int strict)
{
	long n;

	if ((size_t)len + 2 > r->tcap) {
		size_t cap = (size_t)len + 2 > 256 ? (size_t)len + 2 : 256;
		hd_lldi_token *nt = realloc(r->toks, cap * sizeof *nt);
		if (nt == NULL)
			return hd_lldi_no_memory(&r->ps);
		r->toks = nt;
		r->tcap = cap;
	}
	n = hd_lldi_lex_line(r->ps.path, r->ps.lineno, line, len, strict, r->toks, r->tcap, r->ps.st);
	r->ps.toks = r->toks;
	r->ps.i = 0;
	return n < 0 ? -1 : 0;
}

static int one_line(reader *r, const char *line, size_t len)
{
	size_t s = 0;
	const char *p;
	size_t n;

	while (s < len && (line[s] == ' ' || line[s] == '\t'))
		s++;
	p = line + s;
	n = len - s;
	if (n == 0 || p[0] == ';')
		return 0;
	if (p[0] == '}' && s == 0) {
		r->func = -1;
		return 0;
	}
	int strict = p[0] == '!' || starts_with(p, n, "#dbg_");
	int header = s == 0 && (starts_with(p, n, "define ") || starts_with(p, n, "declare "));
	if (!strict && !header && !contains(p, n, "!dbg") && !contains(p, n, "@llvm.dbg."))
		return 0;
	if (len > HD_LLDI_MAX_LINE)
		return hd_lldi_fail(r->ps.st, HD_LLDI_R_LINE_LENGTH, r->ps.path,
		                  (hd_lldi_pos){ r->ps.lineno, HD_LLDI_MAX_LINE + 1 },
		                  "a line of %zu bytes, past the bound of %u", len,
		                  (unsigned)HD_LLDI_MAX_LINE);
	if (lex(r, line, (uint32_t)len, strict) != 0)
		return -1;
	if (p[0] == '!')
		return metadata_line(r);
	if (p[0] == '#')
		return record_line(r);
	if (header)
		return function_line(r, starts_with(p, n, "define "));
	if (s == 0 && p[0] == '@' && hd_lldi_is_punct_at(&r->ps, 1, '='))
		return global_line(r);
	return instruction_line(r);
}

int hd_lldi_read(const char *path, const char *text, size_t len, hd_lldi_module **out,
               hd_status *st)
{
	reader r;
	size_t at = 0;
	int rc = 0;

	*out = NULL;
	if (len > HD_LLDI_MAX_FILE)
		return hd_lldi_fail(st, HD_LLDI_R_LIMIT, path, (hd_lldi_pos){ 0, 0 },
		                  "a file of %zu bytes, past the bound of %u", len,
		                  (unsigned)HD_LLDI_MAX_FILE);
	memset(&r, 0, sizeof r);
	r.m = calloc(1, sizeof *r.m);
	if (r.m == NULL)
		return hd_fail(st, HD_NO_MEMORY, "llvmdi/memory", 0, "%s: out of memory", path);
	/* every byte can become at most a value or a token's worth of arena */
	hd_arena_init(&r.m->arena, 64 * len + (16u << 20));
	r.m->path = path;
	r.func = -1;
	r.ps.path = path;
	r.ps.arena = &r.m->arena;
	r.ps.st = st;
	while (rc == 0 && at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;
		r.ps.lineno++;
		rc = one_line(&r, text + at, end - at);
		at = end + 1;
	}
	if (rc == 0)
		rc = hd_lldi_table_build(r.m, st);
	free(r.toks);
	free(r.ps.fstack);
	free(r.ps.vstack);
	if (rc != 0) {
		hd_lldi_free(r.m);
		return -1;
	}
	*out = r.m;
	return 0;
}

void hd_lldi_free(hd_lldi_module *m)
{
	if (m == NULL)
		return;
	hd_arena_free(&m->arena);
	free(m->nodes);
	free(m->named);
	free(m->uses);
	free(m->functions);
	free(m);
}
