/* What the case parser can only check once a pass has seen every line:
 * duplicate type, DIE, .debug_addr and frame-answer declarations, type name
 * lookup, and the main expression, which may span several lines (the call
 * stack's checks are in stack_finish.c). Records are sorted (ties broken by
 * line, so reports do not depend on qsort) and then compared with their
 * neighbours, which keeps large files linear-ish. */
#include "case_impl.h"
#include "util/sort.h"

#include <stdlib.h>
#include <string.h>

static int no_memory(hd_parser *p)
{
	return hd_fail(p->st, HD_NO_MEMORY, "no-memory", p->line, "out of memory");
}

static int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

/* ---- types ---- */

static int cmp_type_die(const void *a, const void *b)
{
	const hd_type_rec *x = a, *y = b;
	int c = cmp_u64(x->t.die, y->t.die);

	return c != 0 ? c : cmp_u64(x->line, y->line);
}

static int cmp_type_name(const void *a, const void *b)
{
	const hd_base_type *x = *(const hd_base_type *const *)a;
	const hd_base_type *y = *(const hd_base_type *const *)b;
	int c = strcmp(x->name, y->name);

	return c != 0 ? c : cmp_u64(x->die, y->die);
}

/* The line a type was declared on, for duplicate-name messages. */
static uint32_t type_line(hd_parser *p, const hd_base_type *t)
{
	const hd_type_rec *recs = (const hd_type_rec *)p->c->typev.data;
	size_t n = p->c->typev.len / sizeof *recs;

	for (size_t i = 0; i < n; i++)
		if (recs[i].t.die == t->die)
			return recs[i].line;
	return 0;
}

int hd_case_finish_types(hd_parser *p)
{
	hd_type_rec *recs = (hd_type_rec *)p->c->typev.data;
	size_t n = p->c->typev.len / sizeof *recs;
	hd_base_type *types;

	if (n == 0)
		return 0;
	hd_sort(recs, n, sizeof *recs, cmp_type_die);
	for (size_t i = 1; i < n; i++) {
		if (recs[i].t.die == recs[i - 1].t.die) {
			p->line = recs[i].line;
			return hd_perr(p, "case-duplicate", "type DIE 0x%llx is also declared on line %u",
			               (unsigned long long)recs[i].t.die, recs[i - 1].line);
		}
	}
	types = hd_arena_alloc(&p->c->arena, n * sizeof *types);
	p->byname = malloc(n * sizeof *p->byname);
	if (types == NULL || p->byname == NULL)
		return no_memory(p);
	for (size_t i = 0; i < n; i++) {
		types[i] = recs[i].t;
		p->byname[i] = &types[i];
	}
	p->nbyname = n;
	hd_sort(p->byname, n, sizeof *p->byname, cmp_type_name);
	for (size_t i = 1; i < n; i++) {
		if (strcmp(p->byname[i]->name, p->byname[i - 1]->name) == 0) {
			uint32_t a = type_line(p, p->byname[i - 1]), b = type_line(p, p->byname[i]);
			p->line = a > b ? a : b;
			return hd_perr(p, "case-duplicate", "type name `%s` is also declared on line %u",
			               p->byname[i]->name, a > b ? b : a);
		}
	}
	p->c->cu.types = types;
	p->c->cu.ntypes = n;
	return 0;
}

int hd_case_find_type(hd_parser *p, hd_tok name, const hd_base_type **type)
{
	size_t lo = 0, hi = p->nbyname;

	*type = NULL;
	if (hd_tok_is(name, "generic"))
		return 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *m = p->byname[mid]->name;
		size_t mn = strlen(m);
		int c = memcmp(m, name.s, mn < name.n ? mn : name.n);
		if (c == 0)
			c = cmp_u64(mn, name.n);
		if (c == 0) {
			*type = p->byname[mid];
			return 0;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return hd_perr(p, "case-name", "unknown type `%.*s`",
	               (int)(name.n > 40 ? 40 : name.n), name.s);
}

/* ---- push value ---- */

static void put_bits(uint8_t *buf, uint64_t start, uint32_t nbits, uint64_t v, int neg)
{
	for (uint32_t i = 0; i < nbits; i++) {
		unsigned bit = i < 64 ? (unsigned)(v >> i) & 1u : (unsigned)neg;
		uint64_t at = start + i;
		if (bit)
			buf[at >> 3] |= (uint8_t)(1u << (at & 7));
	}
}

/* Whether v (negative when neg) fits in an element of nbits bits, read as
 * either signed or unsigned: the case says the bits, the type their meaning. */
static int fits(uint64_t v, int neg, uint32_t nbits)
{
	if (nbits >= 64)
		return 1;
	if (neg)
		return (int64_t)v >= -((int64_t)1 << (nbits - 1));
	return v >> nbits == 0;
}

int hd_case_value_bytes(hd_parser *p, const hd_base_type *type, const char *s,
                        hd_case_push *push)
{
	uint32_t ebits = type != NULL ? type->bits : 64;
	uint32_t nel = type != NULL && type->vector ? type->vector : 1;
	uint64_t total = (uint64_t)ebits * nel, nbytes = (total + 7) / 8;
	uint8_t *buf;
	uint32_t i = 0;

	s = hd_skip_blank(s);
	buf = hd_arena_alloc(&p->c->arena, (size_t)nbytes);
	if (buf == NULL)
		return no_memory(p);
	push->bytes = buf;
	push->nbytes = (size_t)nbytes;
	if (strncmp(s, "bytes", 5) == 0 && *hd_skip_blank(s + 5) == ':') {
		hd_buf_reset(&p->scratch);
		if (hd_parse_hex(p, hd_skip_blank(s + 5) + 1, &p->scratch) != 0)
			return -1;
		if (p->scratch.len != nbytes)
			return hd_perr(p, "case-syntax", "the type needs %llu bytes, not %zu",
			               (unsigned long long)nbytes, p->scratch.len);
		if (nbytes > 0)  /* an empty buffer's data is NULL */
			memcpy(buf, p->scratch.data, (size_t)nbytes);
		return 0;
	}
	do {
		hd_tok t;
		uint64_t v;
		int neg;

		if (i == nel)
			return hd_perr(p, "case-syntax", "more values than the type has elements (%u)",
			               nel);
		if (hd_expect_word(p, &s, "a value", &t) != 0 ||
		    hd_parse_i64(p, t, "value", &v, &neg) != 0)
			return -1;
		if (!fits(v, neg, ebits))
			return hd_perr(p, "case-number", "`%.*s` does not fit in %u bits",
			               (int)(t.n > 40 ? 40 : t.n), t.s, ebits);
		put_bits(buf, (uint64_t)i * ebits, ebits, v, neg);
		i++;
	} while (hd_accept(&s, ',') || *hd_skip_blank(s) != '\0');
	if (i != nel)
		return hd_perr(p, "case-syntax", "the type has %u elements, the line gives %u",
		               nel, i);
	return 0;
}

/* ---- the main expression ---- */

/* An `evaluate` line makes the main expression optional. */
static int finish_expr(hd_parser *p)
{
	hd_case_expr *e = &p->c->expr;
	hd_buf out;
	uint8_t *b;

	if (p->expr_kind == 0) {
		if (p->reqrecs.len > 0)
			return 0;
		p->line = p->lastline ? p->lastline : 1;
		return hd_perr(p, "case-syntax", "no `expr:`, `bytes:` or `loclist` line");
	}
	if (p->expr_kind == 3)
		return 0;  /* finish_loclists has the entries */
	p->line = p->expr_line;
	e->line = p->expr_line;
	hd_buf_init(&out);
	if (p->expr_kind == 2) {
		hd_buf_put(&out, p->bytes.data, p->bytes.len);
	} else if (hd_joined_assemble(p, &p->text, p->expr_line, hd_asm_expr, p, &out) != 0) {
		hd_buf_free(&out);
		return -1;
	}
	if (out.failed) {
		hd_buf_free(&out);
		return no_memory(p);
	}
	b = hd_arena_alloc(&p->c->arena, out.len);
	if (b == NULL) {
		hd_buf_free(&out);
		return no_memory(p);
	}
	if (out.len > 0)
		memcpy(b, out.data, out.len);
	e->bytes = b;
	e->len = out.len;
	p->c->has_expr = 1;
	hd_buf_free(&out);
	return 0;
}

/* ---- DIEs, .debug_addr, frame answers ---- */

static int cmp_die(const void *a, const void *b)
{
	const hd_die_rec *x = a, *y = b;
	int c = cmp_u64(x->info.offset, y->info.offset);

	return c != 0 ? c : cmp_u64(x->line, y->line);
}

/* ---- location lists ---- */

static int cmp_ll(const void *a, const void *b)
{
	const hd_ll_rec *x = a, *y = b;
	int c = cmp_u64((uint64_t)x->for_die, (uint64_t)y->for_die);

	if (c == 0)
		c = cmp_u64(x->die, y->die);
	return c != 0 ? c : cmp_u64(x->line, y->line);
}

/* The entries of recs[0..n), in file order, as one list in the arena. */
static hd_loclist *make_list(hd_parser *p, const hd_ll_rec *recs, size_t n)
{
	hd_loclist *l = hd_arena_alloc(&p->c->arena, sizeof *l);
	hd_loclist_entry *e = hd_arena_alloc(&p->c->arena, n * sizeof *e);

	if (l == NULL || e == NULL) {
		no_memory(p);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		e[i] = recs[i].e;
	l->entries = e;
	l->n = n;
	return l;
}

/* The main list, and one list per DIE that becomes that DIE's location
 * (finish_dies merges it with the DIE's other lines). */
static int finish_loclists(hd_parser *p)
{
	hd_ll_rec *recs = (hd_ll_rec *)p->llrecs.data;
	size_t n = p->llrecs.len / sizeof *recs, i = 0;

	if (p->llrecs.failed)
		return no_memory(p);
	if (n == 0)
		return 0;
	hd_sort(recs, n, sizeof *recs, cmp_ll);
	while (i < n) {
		size_t j = i;
		hd_loclist *l;
		while (j < n && recs[j].for_die == recs[i].for_die && recs[j].die == recs[i].die)
			j++;
		if ((l = make_list(p, recs + i, j - i)) == NULL)
			return -1;
		if (!recs[i].for_die) {
			p->c->loclist = *l;
			p->c->has_loclist = 1;
		} else {
			hd_die_rec d;
			memset(&d, 0, sizeof d);
			d.info.offset = recs[i].die;
			d.info.loclist = l;
			d.line = recs[i].line;
			if (hd_push_rec(p, &p->dierecs, &d, sizeof d) != 0)
				return -1;
		}
		i = j;
	}
	return 0;
}

/* Several die lines may give one DIE its attributes; each attribute once. */
static int finish_dies(hd_parser *p)
{
	hd_die_rec *recs = (hd_die_rec *)p->dierecs.data;
	size_t n = p->dierecs.len / sizeof *recs, m = 0;
	hd_die_info *dies;

	if (n == 0)
		return 0;
	hd_sort(recs, n, sizeof *recs, cmp_die);
	dies = hd_arena_alloc(&p->c->arena, n * sizeof *dies);
	if (dies == NULL)
		return no_memory(p);
	for (size_t i = 0; i < n; i++) {
		const hd_die_info *r = &recs[i].info;
		hd_die_info *d;
		if (m > 0 && dies[m - 1].offset == r->offset) {
			d = &dies[m - 1];
			p->line = recs[i].line;
			if (((r->location || r->loclist) && (d->location || d->loclist)) ||
			    (r->const_value && d->const_value))
				return hd_perr(p, "case-duplicate",
				               "DIE 0x%llx already has this attribute (line %u)",
				               (unsigned long long)r->offset, recs[i - 1].line);
			if (r->location) {
				d->location = r->location;
				d->location_len = r->location_len;
			}
			if (r->loclist)
				d->loclist = r->loclist;
			if (r->const_value) {
				d->const_value = r->const_value;
				d->const_value_len = r->const_value_len;
			}
			continue;
		}
		dies[m++] = *r;
	}
	p->c->cu.dies = dies;
	p->c->cu.ndies = m;
	return 0;
}

static int finish_addrs(hd_parser *p)
{
	const hd_addr_rec *recs = (const hd_addr_rec *)p->addrrecs.data;
	size_t n = p->addrrecs.len / sizeof *recs, count = 0;
	uint64_t *addrs;
	uint32_t *lines;

	for (size_t i = 0; i < n; i++)
		if (recs[i].index + 1 > count)
			count = (size_t)recs[i].index + 1;
	if (count == 0)
		return 0;
	addrs = hd_arena_alloc(&p->c->arena, count * sizeof *addrs);
	lines = calloc(count, sizeof *lines);
	if (addrs == NULL || lines == NULL) {
		free(lines);
		return no_memory(p);
	}
	for (size_t i = 0; i < n; i++) {
		if (lines[recs[i].index] != 0) {
			p->line = recs[i].line;
			hd_perr(p, "case-duplicate", ".debug_addr entry %llu is also set on line %u",
			        (unsigned long long)recs[i].index, lines[recs[i].index]);
			free(lines);
			return -1;
		}
		lines[recs[i].index] = recs[i].line;
		addrs[recs[i].index] = recs[i].value;
	}
	free(lines);
	p->c->cu.addrs = addrs;
	p->c->cu.naddrs = count;
	return 0;
}

static int cmp_frame(const void *a, const void *b)
{
	const hd_case_frame *x = a, *y = b;
	int c = cmp_u64((uint64_t)x->query, (uint64_t)y->query);

	if (c == 0)
		c = cmp_u64(x->frame, y->frame);
	if (c == 0)
		c = cmp_u64(x->reg, y->reg);
	return c != 0 ? c : cmp_u64(x->line, y->line);
}

/* Sorted, so hd_case_run can search them by (query, frame, reg). */
static int finish_frames(hd_parser *p)
{
	hd_case_frame *f = (hd_case_frame *)p->c->framev.data;
	size_t n = p->c->framev.len / sizeof *f;

	if (n == 0)
		return 0;
	hd_sort(f, n, sizeof *f, cmp_frame);
	for (size_t i = 1; i < n; i++) {
		if (f[i].query == f[i - 1].query && f[i].frame == f[i - 1].frame &&
		    f[i].reg == f[i - 1].reg) {
			p->line = f[i].line;
			return hd_perr(p, "case-duplicate", "the same frame answer is given on line %u",
			               f[i - 1].line);
		}
	}
	p->c->frames = f;
	p->c->nframes = n;
	return 0;
}

int hd_case_finish(hd_parser *p)
{
	hd_case *c = p->c;

	if (finish_expr(p) != 0 || finish_loclists(p) != 0 || finish_dies(p) != 0 ||
	    finish_addrs(p) != 0 ||
	    finish_frames(p) != 0)
		return -1;
	c->sets = (const hd_case_set *)c->setv.data;
	c->nsets = c->setv.len / sizeof *c->sets;
	c->push = (const hd_case_push *)c->pushv.data;
	c->npush = c->pushv.len / sizeof *c->push;
	c->cu.offset = 0;
	if (c->setv.failed || c->pushv.failed || c->framev.failed || c->typev.failed)
		return no_memory(p);
	return hd_case_finish_stack(p);
}
