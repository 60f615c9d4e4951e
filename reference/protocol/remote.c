/* The evaluator side (remote.h): an hd_target whose registers and memory
 * are the target's answers, and a case rebuilt from the request and the
 * answers, run by the case runner as `hdref eval` runs a file. */
#include "remote.h"

#include <stdlib.h>
#include <string.h>

#include "case/case.h"
#include "request.h"
#include "wire.h"
#include "util/sort.h"

/* Address spaces the answers of `aspace` are kept for: every AMDGPU one. */
#define ASPACE_CACHE 16

typedef struct remote {
	FILE *from, *to;
	hd_arena scratch;         /* each answer's tree, until the next question */
	hd_arena *keep;           /* what outlives an answer: the case's arena */
	hd_buf line, q;
	hd_target target;
	hd_target_ops ops;
	struct { uint64_t as; int known; hd_aspace_info info; } aspaces[ASPACE_CACHE];
	size_t naspaces;
	hd_status *fatal;         /* where a broken protocol is reported */
	int broken;
} remote;

/* Sends r->q and reads the answer into *a; -1 when the exchange broke,
 * which ends the evaluation (r->broken). */
static int ask(remote *r, const hd_jnode **a)
{
	hd_jnode *n;
	int rc;

	if (r->broken)
		return -1;
	hd_arena_reset(&r->scratch);
	if (hd_wire_send(r->to, &r->q, r->fatal) != 0 ||
	    (rc = hd_wire_read_line(r->from, &r->line, r->fatal)) < 0) {
		r->broken = 1;
		return -1;
	}
	if (rc == 1) {
		hd_fail(r->fatal, HD_BAD_INPUT, "wire-end", 0, "the target ended before answering");
		r->broken = 1;
		return -1;
	}
	if (hd_json_tree((const char *)r->line.data, r->line.len, &r->scratch, &n, r->fatal) != 0) {
		hd_fail_prefix(r->fatal, "an answer: ");
		r->broken = 1;
		return -1;
	}
	*a = n;
	return 0;
}

/* Starts a query {"ask":"NAME" */
static void query(remote *r, const char *name)
{
	hd_buf_reset(&r->q);
	hd_buf_printf(&r->q, "{\"ask\":\"%s\"", name);
}

static void query_u64(remote *r, const char *key, uint64_t v)
{
	hd_buf_printf(&r->q, ",\"%s\":", key);
	hd_wire_u64(&r->q, v);
}

/* An answer that breaks the protocol, as an evaluation error too. */
static int broken_answer(remote *r, hd_status *st, const char *what)
{
	if (!r->broken) {
		hd_fail(r->fatal, HD_BAD_INPUT, "wire-answer", 0, "a malformed answer to %s", what);
		r->broken = 1;
	}
	return hd_fail(st, HD_INTERNAL, "wire-answer", 0, "the target's answer to %s is broken",
	               what);
}

/* ---- the target's operations ---- */

static int op_register_bits(void *self, uint64_t reg, uint64_t *bits)
{
	remote *r = self;
	const hd_jnode *a;

	query(r, "register_bits");
	query_u64(r, "register", reg);
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0 || !hd_wire_has(a, "bits"))
		return -1;
	return hd_wire_get_uint(a, "bits", 1u << 20, bits);
}

/* Bytes of an answer of exactly n bytes into buf, or its error. */
static int answer_bytes(remote *r, const hd_jnode *a, uint8_t *buf, size_t n, hd_status *st,
                        const char *what)
{
	const uint8_t *p;
	size_t got;

	if (hd_wire_get_error(a, r->keep, st))
		return -1;
	if (hd_wire_get_bytes(a, "bytes", &r->scratch, &p, &got) != 0 || got != n)
		return broken_answer(r, st, what);
	memcpy(buf, p, n);
	return 0;
}

/* The register's size in bytes, or the evaluator's error for a register
 * the target lacks. */
static int register_size(remote *r, uint64_t reg, size_t *n, hd_status *st)
{
	uint64_t bits;

	if (op_register_bits(r, reg, &bits) != 0)
		return hd_fail(st, HD_ILL_FORMED, "unknown-register", 0, "no register %llu",
		               (unsigned long long)reg);
	*n = (size_t)((bits + 7) / 8);
	return 0;
}

static int op_read_register(void *self, uint64_t reg, uint8_t *buf, hd_status *st)
{
	remote *r = self;
	const hd_jnode *a;
	size_t n = 0;

	if (register_size(r, reg, &n, st) != 0)
		return -1;
	query(r, "register");
	query_u64(r, "register", reg);
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return broken_answer(r, st, "register");
	return answer_bytes(r, a, buf, n, st, "register");
}

/* The answer {"ok":true} or an error. */
static int answer_ok(remote *r, const hd_jnode *a, hd_status *st, const char *what)
{
	const hd_jnode *ok = hd_jget(a, "ok");

	if (hd_wire_get_error(a, r->keep, st))
		return -1;
	return ok != NULL && ok->type == HD_JBOOL && ok->b ? 0 : broken_answer(r, st, what);
}

static int op_write_register(void *self, uint64_t reg, const uint8_t *buf, hd_status *st)
{
	remote *r = self;
	const hd_jnode *a;
	size_t n = 0;

	if (register_size(r, reg, &n, st) != 0)
		return -1;
	query(r, "write_register");
	query_u64(r, "register", reg);
	hd_buf_printf(&r->q, ",\"bytes\":");
	hd_wire_bytes(&r->q, buf, n);
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return broken_answer(r, st, "write_register");
	return answer_ok(r, a, st, "write_register");
}

/* Kept for the evaluation: the evaluator holds on to the name. */
static int op_aspace(void *self, uint64_t as, hd_aspace_info *info)
{
	remote *r = self;
	const hd_jnode *a;
	const char *name;
	uint64_t bits;
	const hd_jnode *lane;

	for (size_t i = 0; i < r->naspaces; i++)
		if (r->aspaces[i].as == as) {
			*info = r->aspaces[i].info;
			return r->aspaces[i].known ? 0 : -1;
		}
	query(r, "aspace");
	query_u64(r, "aspace", as);
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return -1;
	name = hd_jstr(a, "name");
	lane = hd_jget(a, "per_lane");
	memset(info, 0, sizeof *info);
	if (name != NULL) {
		if (hd_wire_get_uint(a, "address_bits", 64, &bits) != 0 || lane == NULL ||
		    lane->type != HD_JBOOL || (info->name = hd_arena_dup(r->keep, name,
		                                                          strlen(name) + 1)) == NULL)
			return -1;
		info->addr_bits = (unsigned)bits;
		info->per_lane = lane->b;
	}
	if (r->naspaces < ASPACE_CACHE) {
		r->aspaces[r->naspaces].as = as;
		r->aspaces[r->naspaces].known = name != NULL;
		r->aspaces[r->naspaces++].info = *info;
	}
	return name != NULL ? 0 : -1;
}

static void query_memory(remote *r, const char *name, uint64_t as, int has_lane, uint32_t lane,
                         uint64_t addr)
{
	query(r, name);
	query_u64(r, "aspace", as);
	if (has_lane)
		hd_buf_printf(&r->q, ",\"lane\":%u", (unsigned)lane);
	else
		hd_buf_printf(&r->q, ",\"lane\":null");
	query_u64(r, "address", addr);
}

static int op_read_memory(void *self, uint64_t as, int has_lane, uint32_t lane, uint64_t addr,
                          size_t n, uint8_t *buf, hd_status *st)
{
	remote *r = self;
	const hd_jnode *a;

	query_memory(r, "memory", as, has_lane, lane, addr);
	hd_buf_printf(&r->q, ",\"size\":%zu}", n);
	if (ask(r, &a) != 0)
		return broken_answer(r, st, "memory");
	return answer_bytes(r, a, buf, n, st, "memory");
}

static int op_write_memory(void *self, uint64_t as, int has_lane, uint32_t lane,
                           uint64_t addr, size_t n, const uint8_t *buf, hd_status *st)
{
	remote *r = self;
	const hd_jnode *a;

	query_memory(r, "write_memory", as, has_lane, lane, addr);
	hd_buf_printf(&r->q, ",\"bytes\":");
	hd_wire_bytes(&r->q, buf, n);
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return broken_answer(r, st, "write_memory");
	return answer_ok(r, a, st, "write_memory");
}

static int op_tls_address(void *self, uint64_t ta, uint64_t *as, uint64_t *addr,
                          hd_status *st)
{
	remote *r = self;
	const hd_jnode *a;

	query(r, "tls_address");
	query_u64(r, "address", ta);
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return broken_answer(r, st, "tls_address");
	if (hd_wire_get_error(a, r->keep, st))
		return -1;
	if (hd_wire_get_u64(a, "aspace", as) != 0 || hd_wire_get_u64(a, "address", addr) != 0)
		return broken_answer(r, st, "tls_address");
	return 0;
}

static int name_of(void *self, uint64_t reg, char *out, size_t size)
{
	remote *r = self;
	const hd_jnode *a;
	const char *name;

	query(r, "register_name");
	query_u64(r, "register", reg);
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0 || (name = hd_jstr(a, "name")) == NULL || strlen(name) >= size)
		return -1;
	memcpy(out, name, strlen(name) + 1);
	return 0;
}

static int lookup(void *self, const char *name, size_t len, uint64_t *reg)
{
	remote *r = self;
	const hd_jnode *a;

	query(r, "register_number");
	hd_buf_printf(&r->q, ",\"name\":\"%.*s\"}", (int)len, name);
	if (ask(r, &a) != 0 || !hd_wire_has(a, "register"))
		return -1;
	return hd_wire_get_u64(a, "register", reg);
}

/* The target's description; *none when the context has no architecture. */
static int load_target(remote *r, int *none, hd_status *st)
{
	const hd_jnode *a, *same, *tls;
	const char *name;
	uint64_t lanes, bits;

	query(r, "target");
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return -1;
	if ((name = hd_jstr(a, "name")) == NULL) {
		*none = 1;
		return 0;
	}
	*none = 0;
	same = hd_jget(a, "cfi_same_value");
	tls = hd_jget(a, "tls");
	if (hd_wire_get_uint(a, "lanes", 1u << 16, &lanes) != 0 ||
	    hd_wire_get_uint(a, "generic_bits", 64, &bits) != 0 ||
	    hd_wire_get_u64(a, "default_aspace", &r->target.default_aspace) != 0 ||
	    hd_wire_get_u64(a, "exec_register", &r->target.exec_reg) != 0 || same == NULL ||
	    same->type != HD_JBOOL || tls == NULL || tls->type != HD_JBOOL ||
	    (r->target.name = hd_arena_dup(r->keep, name, strlen(name) + 1)) == NULL)
		return hd_fail(st, HD_BAD_INPUT, "wire-answer", 0, "a malformed answer to target");
	r->ops.register_bits = op_register_bits;
	r->ops.read_register = op_read_register;
	r->ops.write_register = op_write_register;
	r->ops.aspace = op_aspace;
	r->ops.read_memory = op_read_memory;
	r->ops.write_memory = op_write_memory;
	r->ops.tls_address = tls->b ? op_tls_address : NULL;
	r->target.ops = &r->ops;
	r->target.self = r;
	r->target.lanes = (unsigned)lanes;
	r->target.generic_bits = (unsigned)bits;
	r->target.cfi_same_value = same->b;
	r->target.names.self = r;
	r->target.names.name = name_of;
	r->target.names.lookup = lookup;
	return 0;
}

/* ---- the case's unit, frame answers and call stack ---- */

static int malformed(hd_status *st, const char *what)
{
	return hd_fail(st, HD_BAD_INPUT, "wire-answer", 0, "a malformed answer to %s", what);
}

static int copy_bytes(remote *r, const hd_jnode *o, const char *key, const uint8_t **p,
                      size_t *n)
{
	*p = NULL;
	*n = 0;
	if (!hd_wire_has(o, key))
		return 0;
	return hd_wire_get_bytes(o, key, r->keep, p, n);
}

static int read_loclist(remote *r, const hd_jnode *l, const hd_loclist **out)
{
	hd_loclist *list = hd_arena_alloc(r->keep, sizeof *list);

	if (list == NULL || hd_wire_loclist_of(l, r->keep, list) != 0)
		return -1;
	*out = list;
	return 0;
}

static int load_unit(remote *r, hd_case *c, const hd_request_more *more, hd_status *st)
{
	const hd_jnode *a, *types, *dies, *addrs;
	hd_base_type *tv;
	hd_die_info *dv;
	uint64_t *av;

	query(r, "unit");
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return -1;
	types = hd_jget(a, "types");
	dies = hd_jget(a, "dies");
	addrs = hd_jget(a, "addrs");
	if (types == NULL || dies == NULL || addrs == NULL || types->type != HD_JARRAY ||
	    dies->type != HD_JARRAY || addrs->type != HD_JARRAY)
		return malformed(st, "unit");
	tv = hd_arena_alloc(r->keep, (types->n ? types->n : 1) * sizeof *tv);
	dv = hd_arena_alloc(r->keep, (dies->n ? dies->n : 1) * sizeof *dv);
	av = hd_arena_alloc(r->keep, (addrs->n ? addrs->n : 1) * sizeof *av);
	if (tv == NULL || dv == NULL || av == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (size_t i = 0; i < types->n; i++) {
		const hd_jnode *t = types->items[i];
		const char *name = hd_jstr(t, "name");
		uint64_t enc, bits, vec;
		if (hd_wire_get_u64(t, "die", &tv[i].die) != 0 || name == NULL ||
		    hd_wire_get_uint(t, "encoding", 255, &enc) != 0 ||
		    hd_wire_get_uint(t, "bits", UINT32_MAX, &bits) != 0 ||
		    hd_wire_get_uint(t, "vector", UINT32_MAX, &vec) != 0 ||
		    (tv[i].name = hd_arena_dup(r->keep, name, strlen(name) + 1)) == NULL)
			return malformed(st, "unit (types)");
		tv[i].encoding = (uint8_t)enc;
		tv[i].bits = (uint32_t)bits;
		tv[i].vector = (uint32_t)vec;
	}
	for (size_t i = 0; i < dies->n; i++) {
		const hd_jnode *d = dies->items[i];
		if (hd_wire_get_u64(d, "offset", &dv[i].offset) != 0 ||
		    copy_bytes(r, d, "location", &dv[i].location, &dv[i].location_len) != 0 ||
		    copy_bytes(r, d, "const_value", &dv[i].const_value, &dv[i].const_value_len) != 0 ||
		    (hd_wire_has(d, "loclist") &&
		     read_loclist(r, hd_jget(d, "loclist"), &dv[i].loclist) != 0))
			return malformed(st, "unit (dies)");
	}
	for (size_t i = 0; i < addrs->n; i++)
		if (hd_wire_u64_of(addrs->items[i], &av[i]) != 0)
			return malformed(st, "unit (addrs)");
	c->cu.types = tv;
	c->cu.ntypes = types->n;
	c->cu.dies = dv;
	c->cu.ndies = dies->n;
	c->cu.addrs = av;
	c->cu.naddrs = addrs->n;
	/* the initial stack's typed values point at the unit's types */
	for (size_t i = 0; i < c->npush; i++) {
		hd_case_push *p = (hd_case_push *)&c->push[i];
		if (p->is_loc || more->push_types[i] == 0)
			continue;
		for (size_t k = 0; k < types->n && p->type == NULL; k++)
			if (tv[k].die == more->push_types[i])
				p->type = &tv[k];
		if (p->type == NULL)
			return malformed(st, "unit (no type of the initial stack)");
	}
	return 0;
}

static int cmp_frame(const void *x, const void *y)
{
	const hd_case_frame *a = x, *b = y;

	if (a->query != b->query)
		return (int)a->query < (int)b->query ? -1 : 1;
	if (a->frame != b->frame)
		return a->frame < b->frame ? -1 : 1;
	return a->reg < b->reg ? -1 : a->reg > b->reg;
}

static int load_frames(remote *r, hd_case *c, hd_status *st)
{
	static const char *const names[] = { "cfa", "frame_base", "register", "entry_register" };
	const hd_jnode *a, *f;
	hd_case_frame *v;

	query(r, "frames");
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return -1;
	if ((f = hd_jget(a, "frames")) == NULL || f->type != HD_JARRAY)
		return malformed(st, "frames");
	v = hd_arena_alloc(r->keep, (f->n ? f->n : 1) * sizeof *v);
	if (v == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (size_t i = 0; i < f->n; i++) {
		const char *q = hd_jstr(f->items[i], "query");
		uint64_t frame;
		int k = 4;
		while (q != NULL && k-- > 0 && strcmp(q, names[k]) != 0)
			;
		if (q == NULL || k < 0 || hd_wire_get_uint(f->items[i], "frame", UINT32_MAX, &frame) != 0 ||
		    hd_wire_get_u64(f->items[i], "register", &v[i].reg) != 0 ||
		    hd_wire_get_bytes(f->items[i], "expression", r->keep, &v[i].expr.bytes,
		                      &v[i].expr.len) != 0)
			return malformed(st, "frames");
		v[i].query = (hd_frame_query)k;
		v[i].frame = (uint32_t)frame;
	}
	hd_sort(v, f->n, sizeof *v, cmp_frame);
	c->frames = v;
	c->nframes = f->n;
	return 0;
}

static int load_call_stack(remote *r, hd_case *c, hd_status *st)
{
	const hd_jnode *a, *pcs, *subs;
	uint64_t *pv;
	hd_case_sub *sv;

	query(r, "call_stack");
	hd_buf_byte(&r->q, '}');
	if (ask(r, &a) != 0)
		return -1;
	pcs = hd_jget(a, "pcs");
	subs = hd_jget(a, "subprograms");
	if (pcs == NULL || subs == NULL || pcs->type != HD_JARRAY || subs->type != HD_JARRAY ||
	    pcs->n == 0 || pcs->n > UINT32_MAX)
		return malformed(st, "call_stack");
	pv = hd_arena_alloc(r->keep, pcs->n * sizeof *pv);
	sv = hd_arena_alloc(r->keep, (subs->n ? subs->n : 1) * sizeof *sv);
	if (pv == NULL || sv == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (size_t i = 0; i < pcs->n; i++)
		if (hd_wire_u64_of(pcs->items[i], &pv[i]) != 0)
			return malformed(st, "call_stack (pcs)");
	for (size_t i = 0; i < subs->n; i++) {
		const hd_jnode *s = subs->items[i];
		hd_subprogram *p = &sv[i].sub;
		const char *name = hd_jstr(s, "name");
		p->has_lanes = hd_wire_has(s, "lanes");
		if (name == NULL || hd_wire_get_u64(s, "low", &p->low_pc) != 0 ||
		    hd_wire_get_u64(s, "high", &p->high_pc) != 0 ||
		    (p->has_lanes && hd_wire_get_u64(s, "lanes", &p->lanes) != 0) ||
		    copy_bytes(r, s, "frame_base", &p->frame_base, &p->frame_base_len) != 0 ||
		    copy_bytes(r, s, "lane_pc", &p->lane_pc, &p->lane_pc_len) != 0 ||
		    copy_bytes(r, s, "active_lane", &p->active_lane, &p->active_lane_len) != 0 ||
		    (p->name = hd_arena_dup(r->keep, name, strlen(name) + 1)) == NULL)
			return malformed(st, "call_stack (subprograms)");
	}
	if (hd_wire_has(a, "debug_frame")) {
		if (hd_wire_get_bytes(a, "debug_frame", r->keep, &c->debug_frame,
		                      &c->debug_frame_len) != 0)
			return malformed(st, "call_stack (debug_frame)");
		c->has_debug_frame = 1;
	}
	c->stack = pv;
	c->nstack = (uint32_t)pcs->n;
	c->subs = sv;
	c->nsubs = subs->n;
	return 0;
}

/* ---- one evaluation ---- */

static int evaluate(remote *r, hd_case *c, hd_buf *out, hd_status *st)
{
	const hd_jnode *req;
	hd_jnode *n;
	hd_request_more more;
	int none = 1, rc;

	rc = hd_wire_read_line(r->from, &r->line, st);
	if (rc == 1)
		return hd_fail(st, HD_BAD_INPUT, "wire-end", 0, "no request");
	if (rc != 0 || hd_json_tree((const char *)r->line.data, r->line.len, r->keep, &n, st) != 0)
		return -1;
	req = n;
	if (hd_request_read(req, c, &more, st) != 0 || load_target(r, &none, st) != 0 ||
	    (more.unit && load_unit(r, c, &more, st) != 0) ||
	    (more.frames && load_frames(r, c, st) != 0) ||
	    (more.call_stack && load_call_stack(r, c, st) != 0))
		return -1;
	if (none != (c->wave == 0))
		return hd_fail(st, HD_BAD_INPUT, "wire-answer", 0,
		               "the target's architecture is not the request's");
	rc = hd_case_run_on(c, none ? NULL : &r->target, 0, out, st);
	if (r->broken) {
		*st = *r->fatal;
		return -1;
	}
	return rc;
}

int hd_remote_eval(FILE *from, FILE *to, hd_status *st)
{
	hd_case *c = calloc(1, sizeof *c);
	hd_status fatal;
	hd_buf out;
	remote r;
	int rc;

	if (c == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	hd_arena_init(&c->arena, (size_t)1 << 30);
	memset(&r, 0, sizeof r);
	r.from = from;
	r.to = to;
	r.keep = &c->arena;
	r.fatal = &fatal;
	hd_status_clear(&fatal);
	hd_arena_init(&r.scratch, (size_t)256 << 20);
	hd_buf_init(&r.line);
	hd_buf_init(&r.q);
	hd_buf_init(&out);
	rc = evaluate(&r, c, &out, st);
	if (rc == 0) {
		hd_buf_reset(&r.q);
		hd_buf_printf(&r.q, "{\"result\":");
		hd_json_put_string(&r.q, hd_buf_str(&out));
		hd_buf_byte(&r.q, '}');
		rc = hd_wire_send(to, &r.q, st);
	}
	hd_buf_free(&out);
	hd_buf_free(&r.q);
	hd_buf_free(&r.line);
	hd_arena_free(&r.scratch);
	hd_case_free(c);
	return rc;
}
