/* Writing and reading the request (request.h). */
#include "request.h"

#include <string.h>

static const char *const result_names[] = { "any", "location", "value" };
static const char *const what_names[] = { "cfa", "register", "pc", "frame_base", "lane_pc",
	                                  "active_lane" };

/* ---- writing ---- */

static void put_key(hd_buf *b, const char *key, int first)
{
	hd_buf_printf(b, "%s\"%s\":", first ? "" : ",", key);
}

static void put_expr_or_null(hd_buf *b, const hd_case_expr *e)
{
	if (e == NULL)
		hd_buf_printf(b, "null");
	else
		hd_wire_bytes(b, e->bytes, e->len);
}

static void put_context(hd_buf *b, const hd_case *c)
{
	hd_buf_printf(b, "{\"result\":\"%s\",\"thread\":%s,\"lane\":", result_names[c->result],
	              c->has_thread ? "true" : "false");
	if (c->has_lane)
		hd_buf_printf(b, "%u", (unsigned)c->lane);
	else
		hd_buf_printf(b, "null");
	hd_buf_printf(b, ",\"frame\":");
	if (c->has_frame)
		hd_buf_printf(b, "%u", (unsigned)c->frame);
	else
		hd_buf_printf(b, "null");
	hd_buf_printf(b, ",\"pc\":");
	if (c->has_pc)
		hd_wire_u64(b, c->pc);
	else
		hd_buf_printf(b, "null");
	hd_buf_printf(b, ",\"cu\":%s}", c->has_cu ? "true" : "false");
}

static void put_initial_stack(hd_buf *b, const hd_case *c)
{
	hd_buf_byte(b, '[');
	for (size_t i = 0; i < c->npush; i++) {
		const hd_case_push *p = &c->push[i];
		hd_buf_printf(b, "%s{", i ? "," : "");
		if (!p->is_loc) {
			hd_buf_printf(b, "\"value\":{\"type\":");
			if (p->type != NULL)
				hd_wire_u64(b, p->type->die);
			else
				hd_buf_printf(b, "null");
			hd_buf_printf(b, ",\"bytes\":");
			hd_wire_bytes(b, p->bytes, p->nbytes);
			hd_buf_byte(b, '}');
		} else {
			hd_buf_printf(b, "\"location\":[");
			for (uint32_t k = 0; k < p->nalts; k++) {
				hd_buf_printf(b, "%s", k ? "," : "");
				hd_wire_bytes(b, p->alts[k].bytes, p->alts[k].len);
			}
			hd_buf_byte(b, ']');
		}
		hd_buf_byte(b, '}');
	}
	hd_buf_byte(b, ']');
}

static void put_requests(hd_buf *b, const hd_case *c)
{
	hd_buf_byte(b, '[');
	for (size_t i = 0; i < c->nrequests; i++) {
		const hd_case_request *q = &c->requests[i];
		hd_buf_printf(b, "%s{\"what\":\"%s\",\"frame\":%u", i ? "," : "", what_names[q->what],
		              (unsigned)q->frame);
		if (q->what == HD_REQ_REG) {
			hd_buf_printf(b, ",\"register\":");
			hd_wire_u64(b, q->reg);
		}
		hd_buf_byte(b, '}');
	}
	hd_buf_byte(b, ']');
}

void hd_request_write(const hd_case *c, const char *case_id, hd_buf *out)
{
	hd_buf_printf(out, "{\"request\":\"evaluate\",\"protocol\":%d,\"case\":", HD_WIRE_VERSION);
	hd_json_put_string(out, case_id);
	put_key(out, "arch", 0);
	if (c->wave == 0)
		hd_buf_printf(out, "null");
	else
		hd_buf_printf(out, "\"amdgpu:wave%u\"", c->wave);
	put_key(out, "encoding", 0);
	hd_json_put_string(out, hd_profile_name(c->enc.profile));
	hd_buf_printf(out, ",\"address_size\":%u,\"offset_size\":%u", c->enc.addr_size,
	              c->enc.offset_size);
	put_key(out, "context", 0);
	put_context(out, c);
	put_key(out, "expression", 0);
	put_expr_or_null(out, c->has_expr ? &c->expr : NULL);
	put_key(out, "loclist", 0);
	if (c->has_loclist)
		hd_wire_loclist(out, &c->loclist);
	else
		hd_buf_printf(out, "null");
	put_key(out, "object", 0);
	put_expr_or_null(out, c->object);
	put_key(out, "initial_stack", 0);
	put_initial_stack(out, c);
	put_key(out, "write", 0);
	if (c->has_write) {
		hd_buf_printf(out, "{\"bits\":%llu,\"bytes\":", (unsigned long long)c->write_bits);
		hd_wire_bytes(out, c->write_bytes, (size_t)((c->write_bits + 7) / 8));
		hd_buf_byte(out, '}');
	} else {
		hd_buf_printf(out, "null");
	}
	put_key(out, "read", 0);
	if (c->has_read)
		hd_buf_printf(out, "%llu", (unsigned long long)c->read_bits);
	else
		hd_buf_printf(out, "null");
	hd_buf_printf(out, ",\"frames\":%s,\"call_stack\":%s", c->nframes ? "true" : "false",
	              c->stack != NULL ? "true" : "false");
	put_key(out, "requests", 0);
	put_requests(out, c);
	hd_buf_byte(out, '}');
}

/* ---- reading ---- */

static int bad(hd_status *st, const char *member)
{
	return hd_fail(st, HD_BAD_INPUT, "request", 0, "the request's \"%s\" is missing or "
	               "malformed", member);
}

static int get_flag(const hd_jnode *o, const char *key, int *v)
{
	const hd_jnode *n = hd_jget(o, key);

	if (n == NULL || n->type != HD_JBOOL)
		return -1;
	*v = n->b;
	return 0;
}

/* A member that is a number or null: *has 0 for null. */
static int get_opt_uint(const hd_jnode *o, const char *key, uint64_t max, int *has, uint64_t *v)
{
	const hd_jnode *n = hd_jget(o, key);

	if (n != NULL && n->type == HD_JNULL) {
		*has = 0;
		return 0;
	}
	*has = 1;
	return hd_wire_get_uint(o, key, max, v);
}

static int read_context(const hd_jnode *x, hd_case *c, hd_status *st)
{
	const char *result = hd_jstr(x, "result");
	uint64_t v;
	int found = 0;

	for (int i = 0; result != NULL && i < 3; i++)
		if (strcmp(result, result_names[i]) == 0) {
			c->result = (hd_result_kind)i;
			found = 1;
		}
	if (!found)
		return bad(st, "context.result");
	if (get_flag(x, "thread", &c->has_thread) != 0 || get_flag(x, "cu", &c->has_cu) != 0)
		return bad(st, "context.thread or context.cu");
	if (get_opt_uint(x, "lane", UINT32_MAX, &c->has_lane, &v) != 0)
		return bad(st, "context.lane");
	c->lane = (uint32_t)v;
	if (get_opt_uint(x, "frame", UINT32_MAX, &c->has_frame, &v) != 0)
		return bad(st, "context.frame");
	c->frame = (uint32_t)v;
	c->has_pc = hd_wire_has(x, "pc");
	if (c->has_pc && hd_wire_get_u64(x, "pc", &c->pc) != 0)
		return bad(st, "context.pc");
	return 0;
}

static int read_expr(const hd_jnode *o, const char *key, hd_arena *a, hd_case_expr *e)
{
	return hd_wire_get_bytes(o, key, a, &e->bytes, &e->len);
}

static int read_loclist(const hd_jnode *l, hd_case *c, hd_status *st)
{
	if (hd_wire_loclist_of(l, &c->arena, &c->loclist) != 0)
		return bad(st, "loclist");
	c->has_loclist = 1;
	return 0;
}

static int read_push(const hd_jnode *e, hd_case *c, hd_case_push *p, uint64_t *type,
                     hd_status *st)
{
	const hd_jnode *val = hd_jget(e, "value"), *loc = hd_jget(e, "location");
	hd_case_expr *alts;

	if (val != NULL) {
		*type = 0;
		if (hd_wire_has(val, "type") && hd_wire_get_u64(val, "type", type) != 0)
			return bad(st, "initial_stack");
		return hd_wire_get_bytes(val, "bytes", &c->arena, &p->bytes, &p->nbytes) != 0
		               ? bad(st, "initial_stack")
		               : 0;
	}
	if (loc == NULL || loc->type != HD_JARRAY || loc->n == 0 || loc->n > UINT32_MAX)
		return bad(st, "initial_stack");
	p->is_loc = 1;
	alts = hd_arena_alloc(&c->arena, loc->n * sizeof *alts);
	if (alts == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (size_t k = 0; k < loc->n; k++)
		if (hd_wire_bytes_of(loc->items[k], &c->arena, &alts[k].bytes, &alts[k].len) != 0)
			return bad(st, "initial_stack");
	p->alts = alts;
	p->nalts = (uint32_t)loc->n;
	return 0;
}

static int read_initial_stack(const hd_jnode *s, hd_case *c, hd_request_more *more,
                              hd_status *st)
{
	hd_case_push *v;

	if (s == NULL || s->type != HD_JARRAY)
		return bad(st, "initial_stack");
	if (s->n == 0)
		return 0;
	v = hd_arena_alloc(&c->arena, s->n * sizeof *v);
	more->push_types = hd_arena_alloc(&c->arena, s->n * sizeof *more->push_types);
	if (v == NULL || more->push_types == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (size_t i = 0; i < s->n; i++)
		if (read_push(s->items[i], c, &v[i], &more->push_types[i], st) != 0)
			return -1;
	c->push = v;
	c->npush = s->n;
	return 0;
}

static int read_requests(const hd_jnode *r, hd_case *c, hd_status *st)
{
	hd_case_request *v;

	if (r == NULL || r->type != HD_JARRAY)
		return bad(st, "requests");
	if (r->n == 0)
		return 0;
	v = hd_arena_alloc(&c->arena, r->n * sizeof *v);
	if (v == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	for (size_t i = 0; i < r->n; i++) {
		const char *what = hd_jstr(r->items[i], "what");
		uint64_t frame;
		int found = 0;
		for (int k = 0; what != NULL && k < 6; k++)
			if (strcmp(what, what_names[k]) == 0) {
				v[i].what = (hd_case_req_kind)k;
				found = 1;
			}
		if (!found || hd_wire_get_uint(r->items[i], "frame", UINT32_MAX, &frame) != 0 ||
		    (v[i].what == HD_REQ_REG && hd_wire_get_u64(r->items[i], "register", &v[i].reg) != 0))
			return bad(st, "requests");
		v[i].frame = (uint32_t)frame;
	}
	c->requests = v;
	c->nrequests = r->n;
	return 0;
}

static int read_write_read(const hd_jnode *req, hd_case *c, hd_status *st)
{
	const hd_jnode *w = hd_jget(req, "write");
	size_t n;
	int has;

	if (w != NULL && w->type != HD_JNULL) {
		if (hd_wire_get_uint(w, "bits", 1u << 20, &c->write_bits) != 0 ||
		    hd_wire_get_bytes(w, "bytes", &c->arena, &c->write_bytes, &n) != 0 ||
		    n != (c->write_bits + 7) / 8)
			return bad(st, "write");
		c->has_write = 1;
	}
	if (get_opt_uint(req, "read", 1u << 20, &has, &c->read_bits) != 0)
		return bad(st, "read");
	c->has_read = has;
	return 0;
}

int hd_request_read(const hd_jnode *req, hd_case *c, hd_request_more *more, hd_status *st)
{
	const char *arch = hd_jstr(req, "arch"), *enc = hd_jstr(req, "encoding");
	uint64_t v, asz, osz;

	memset(more, 0, sizeof *more);
	if (strcmp(hd_jstr(req, "request") ? hd_jstr(req, "request") : "", "evaluate") != 0 ||
	    hd_wire_get_uint(req, "protocol", 1000, &v) != 0 || v != HD_WIRE_VERSION)
		return bad(st, "request or protocol (this evaluator speaks protocol 1)");
	if (arch == NULL && hd_wire_has(req, "arch"))
		return bad(st, "arch");
	c->wave = arch == NULL ? 0 : strcmp(arch, "amdgpu:wave64") == 0 ? 64
	        : strcmp(arch, "amdgpu:wave32") == 0 ? 32 : 1;
	if (c->wave == 1)
		return bad(st, "arch");
	if (enc == NULL || hd_profile_parse(enc, &c->enc.profile) != 0 ||
	    hd_wire_get_uint(req, "address_size", 8, &asz) != 0 ||
	    hd_wire_get_uint(req, "offset_size", 8, &osz) != 0 || (osz != 4 && osz != 8))
		return bad(st, "encoding, address_size or offset_size");
	c->enc.addr_size = (uint8_t)asz;
	c->enc.offset_size = (uint8_t)osz;
	if (read_context(hd_jget(req, "context"), c, st) != 0)
		return -1;
	if (hd_wire_has(req, "expression")) {
		if (read_expr(req, "expression", &c->arena, &c->expr) != 0)
			return bad(st, "expression");
		c->has_expr = 1;
	}
	if (hd_wire_has(req, "loclist") && read_loclist(hd_jget(req, "loclist"), c, st) != 0)
		return -1;
	if (hd_wire_has(req, "object")) {
		hd_case_expr *o = hd_arena_alloc(&c->arena, sizeof *o);
		if (o == NULL || read_expr(req, "object", &c->arena, o) != 0)
			return bad(st, "object");
		c->object = o;
	}
	if (read_initial_stack(hd_jget(req, "initial_stack"), c, more, st) != 0 ||
	    read_write_read(req, c, st) != 0 || read_requests(hd_jget(req, "requests"), c, st) != 0)
		return -1;
	if (get_flag(req, "frames", &more->frames) != 0 ||
	    get_flag(req, "call_stack", &more->call_stack) != 0)
		return bad(st, "frames or call_stack");
	/* typed initial stack values name the unit's base types even when the
	 * context has no compilation unit */
	more->unit = c->has_cu;
	for (size_t i = 0; i < c->npush; i++)
		more->unit |= more->push_types[i] != 0;
	return 0;
}
