/* The case file parser (format v1, docs/case-format.md).
 *
 * The file is read in two passes over the same text. Pass 1 takes the
 * directives every other one depends on (format, arch, encoding, type), so
 * that pass 2 can resolve register names, assemble expressions and look up
 * type names as it meets them, whatever order the file lists things in.
 * Directives are dispatched through one table; each handler gets the text
 * after the directive name. */
#include "case_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../amdgpu/model.h"
#include "../util/file.h"

/* ---- the directive table ---- */

typedef struct hd_directive {
	const char *name;
	int pass;  /* 1: read in the first pass (others depend on it); 2: the second */
	int (*fn)(hd_parser *p, const char *rest);
} hd_directive;

static const hd_directive directives[] = {
	{ "format", 1, hd_d_format },
	{ "arch", 1, hd_d_arch },
	{ "encoding", 1, hd_d_encoding },
	{ "type", 1, hd_d_type },
	{ "context", 2, hd_d_context },
	{ "strict", 2, hd_d_strict },
	{ "exec", 2, hd_d_exec },
	{ "reg", 2, hd_d_reg },
	{ "mem", 2, hd_d_mem },
	{ "die", 2, hd_d_die },
	{ "addr", 2, hd_d_addr },
	{ "object", 2, hd_d_object },
	{ "push", 2, hd_d_push },
	{ "cfa", 2, hd_d_cfa },
	{ "frame-base", 2, hd_d_frame_base },
	{ "entry-reg", 2, hd_d_entry_reg },
	{ "unwound-reg", 2, hd_d_unwound_reg },
	{ "read", 2, hd_d_read },
	{ "write", 2, hd_d_write },
	{ "expr", 2, hd_d_expr },
	{ "bytes", 2, hd_d_bytes },
	{ "loclist", 2, hd_d_loclist },
	{ "stack", 2, hd_d_stack },
	{ "cie", 2, hd_d_cie },
	{ "fde", 2, hd_d_fde },
	{ "debug-frame", 2, hd_d_debug_frame },
	{ "subprogram", 2, hd_d_subprogram },
	{ "evaluate", 2, hd_d_evaluate },
};

#define NDIRECTIVES (sizeof directives / sizeof directives[0])

/* ---- the line loop ---- */

static const hd_directive *find_directive(const char *name, size_t n)
{
	for (size_t i = 0; i < NDIRECTIVES; i++) {
		const hd_directive *d = &directives[i];
		if (strlen(d->name) == n && memcmp(d->name, name, n) == 0)
			return d;
	}
	return NULL;
}

/* A directive name ends at a blank or a ':' ("expr:", "cfa frame 1:"). */
static size_t name_length(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0' && s[n] != ' ' && s[n] != '\t' && s[n] != ':' &&
	       s[n] != '\r' && s[n] != '\v' && s[n] != '\f')
		n++;
	return n;
}

/* Copies one line into p->linebuf's storage, dropping the comment. */
static int take_line(hd_parser *p, hd_buf *lb, const char *s, size_t n)
{
	char *hash;

	if (n > HD_CASE_MAX_LINE)
		return hd_perr(p, "case-limit", "line longer than %u bytes",
		               HD_CASE_MAX_LINE);
	if (memchr(s, '\0', n) != NULL)
		return hd_perr(p, "case-syntax", "NUL byte in the line");
	hd_buf_reset(lb);
	hd_buf_put(lb, s, n);
	p->linebuf = (char *)hd_buf_str(lb);
	if (lb->failed)
		return hd_fail(p->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
	/* DWARF text never contains '#', so a comment may start anywhere */
	hash = strchr((char *)lb->data, '#');
	if (hash != NULL)
		*hash = '\0';
	return 0;
}

static int run_line(hd_parser *p, int pass)
{
	const char *s = hd_skip_blank(p->linebuf);
	size_t n;
	const hd_directive *d;

	if (*s == '\0')
		return 0;
	n = name_length(s);
	d = find_directive(s, n);
	if (d == NULL)
		return hd_perr(p, "case-directive", "unknown directive `%.*s`",
		               (int)(n > 40 ? 40 : n), s);
	if (!(p->seen & HD_SEEN_FORMAT) && strcmp(d->name, "format") != 0)
		return hd_perr(p, "case-format",
		               "the first directive must be `format hdcts-case 1`");
	if (d->pass != pass)
		return 0;
	return d->fn(p, s + n);
}

static int run_pass(hd_parser *p, const char *text, size_t len, int pass)
{
	hd_buf lb;
	size_t pos = 0;
	int rc = 0;

	hd_buf_init(&lb);
	p->pass = pass;
	p->line = 0;
	while (pos < len && rc == 0) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl != NULL ? (size_t)(nl - text) : len;

		p->line++;
		rc = take_line(p, &lb, text + pos, end - pos);
		if (rc == 0)
			rc = run_line(p, pass);
		pos = end + 1;
	}
	p->lastline = p->line;
	p->linebuf = NULL;
	hd_buf_free(&lb);
	return rc;
}

/* ---- register names for the assembler ---- */

static int lookup_reg(void *self, const char *name, size_t len, uint64_t *reg)
{
	return hd_amdgpu_reg_lookup(*(const unsigned *)self, name, len, reg);
}

static int name_reg(void *self, uint64_t reg, char *out, size_t outsz)
{
	return hd_amdgpu_reg_name(*(const unsigned *)self, reg, out, outsz);
}

/* ---- entry points ---- */

static hd_case *case_new(void)
{
	hd_case *c = calloc(1, sizeof *c);

	if (c == NULL)
		return NULL;
	hd_arena_init(&c->arena, 0);
	hd_buf_init(&c->setv);
	hd_buf_init(&c->typev);
	hd_buf_init(&c->diev);
	hd_buf_init(&c->addrv);
	hd_buf_init(&c->pushv);
	hd_buf_init(&c->framev);
	/* the defaults of docs/case-format.md */
	c->wave = 64;
	c->enc.profile = HD_PROFILE_AMDGPU_V0;
	c->enc.addr_size = 8;
	c->enc.offset_size = 4;
	c->result = HD_RESULT_ANY;
	c->has_thread = 1;
	c->has_frame = 1;
	c->frame = 0;
	c->has_cu = 1;
	return c;
}

void hd_case_free(hd_case *c)
{
	if (c == NULL)
		return;
	hd_arena_free(&c->arena);
	hd_buf_free(&c->setv);
	hd_buf_free(&c->typev);
	hd_buf_free(&c->diev);
	hd_buf_free(&c->addrv);
	hd_buf_free(&c->pushv);
	hd_buf_free(&c->framev);
	free(c);
}

static void parser_free(hd_parser *p)
{
	hd_joined_free(&p->text);
	hd_buf_free(&p->bytes);
	hd_buf_free(&p->dierecs);
	hd_buf_free(&p->addrrecs);
	hd_buf_free(&p->llrecs);
	hd_buf_free(&p->scratch);
	hd_buf_free(&p->cierecs);
	hd_buf_free(&p->fderecs);
	hd_buf_free(&p->subrecs);
	hd_buf_free(&p->contents);
	hd_buf_free(&p->reqrecs);
	hd_buf_free(&p->dfbytes);
	free(p->byname);
}

int hd_case_parse(const char *text, size_t len, hd_case **out, hd_status *st)
{
	hd_parser p;
	int rc;

	*out = NULL;
	if (len > HD_CASE_MAX_FILE)
		return hd_fail(st, HD_BAD_INPUT, "case-limit", 0,
		               "file larger than %u bytes", HD_CASE_MAX_FILE);
	memset(&p, 0, sizeof p);
	p.st = st;
	p.c = case_new();
	if (p.c == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	hd_joined_init(&p.text);
	hd_buf_init(&p.bytes);
	hd_buf_init(&p.dierecs);
	hd_buf_init(&p.addrrecs);
	hd_buf_init(&p.llrecs);
	hd_buf_init(&p.scratch);
	hd_buf_init(&p.cierecs);
	hd_buf_init(&p.fderecs);
	hd_buf_init(&p.subrecs);
	hd_buf_init(&p.contents);
	hd_buf_init(&p.reqrecs);
	hd_buf_init(&p.dfbytes);

	rc = run_pass(&p, text, len, 1);
	if (rc == 0 && !(p.seen & HD_SEEN_FORMAT)) {
		p.line = 1;
		rc = hd_perr(&p, "case-format", "missing `format hdcts-case 1`");
	}
	if (rc == 0)
		rc = hd_case_finish_types(&p);
	if (rc == 0) {
		if (p.c->wave != 0) {
			p.names.self = &p.c->wave;
			p.names.lookup = lookup_reg;
			p.names.name = name_reg;
		}
		rc = run_pass(&p, text, len, 2);
	}
	if (rc == 0)
		rc = hd_case_finish(&p);
	parser_free(&p);
	if (rc != 0) {
		hd_case_free(p.c);
		return -1;
	}
	*out = p.c;
	return 0;
}

int hd_case_load(const char *path, hd_case **out, hd_status *st)
{
	hd_buf b;
	int rc;

	*out = NULL;
	hd_buf_init(&b);
	if (hd_read_file(path, HD_CASE_MAX_FILE, &b, st) != 0) {
		/* the case reader's codes keep their "case-" prefix */
		if (st->kind == HD_BAD_INPUT)
			st->code = strcmp(st->code, "size-limit") == 0 ? "case-limit" : "case-open";
		hd_buf_free(&b);
		return -1;
	}
	rc = hd_case_parse((const char *)b.data, b.len, out, st);
	if (rc == 0)
		(*out)->path = path;
	hd_buf_free(&b);
	return rc;
}
