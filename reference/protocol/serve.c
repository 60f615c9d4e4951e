/* The target side (serve.h): one answer per query, from the model and the
 * case, never from the evaluator's own words. */
#include "serve.h"

#include <stdlib.h>
#include <string.h>

#include "request.h"
#include "wire.h"

/* Reading and writing beyond this many bytes in one query is not what an
 * evaluator does; it bounds what an answer can cost. */
#define MAX_ACCESS ((size_t)1 << 20)

typedef struct server {
	const hd_case *c;
	const hd_target *arch;
	hd_buf answer;
	hd_buf section;      /* the case's .debug_frame, laid out once */
	int section_done;
	hd_status section_st;
	int section_failed;
} server;

static const char *const query_names[] = { "cfa", "frame_base", "register", "entry_register" };

/* ---- answers ---- */

static void answer_error(server *s, const char *code, const char *fmt, const char *arg)
{
	hd_status st;

	hd_fail(&st, HD_BAD_INPUT, code, 0, fmt, arg);
	hd_wire_error(&s->answer, &st);
}

static void answer_target(server *s)
{
	const hd_target *a = s->arch;

	if (a == NULL) {
		hd_buf_printf(&s->answer, "{\"name\":null}");
		return;
	}
	hd_buf_printf(&s->answer, "{\"name\":");
	hd_json_put_string(&s->answer, a->name);
	hd_buf_printf(&s->answer, ",\"lanes\":%u,\"generic_bits\":%u,\"default_aspace\":", a->lanes,
	              a->generic_bits);
	hd_wire_u64(&s->answer, a->default_aspace);
	hd_buf_printf(&s->answer, ",\"exec_register\":");
	hd_wire_u64(&s->answer, a->exec_reg);
	hd_buf_printf(&s->answer, ",\"cfi_same_value\":%s,\"tls\":%s}",
	              a->cfi_same_value ? "true" : "false",
	              a->ops->tls_address != NULL ? "true" : "false");
}

/* register_bits, register, write_register, register_name, register_number */
static void answer_register(server *s, const char *ask, const hd_jnode *q, hd_arena *a)
{
	const hd_target *t = s->arch;
	uint64_t reg, bits;
	const uint8_t *in;
	size_t n;
	char name[64];
	hd_status st;

	if (strcmp(ask, "register_number") == 0) {
		const char *nm = hd_jstr(q, "name");
		if (nm != NULL && t != NULL && t->names.lookup != NULL &&
		    t->names.lookup(t->names.self, nm, strlen(nm), &reg) == 0) {
			hd_buf_printf(&s->answer, "{\"register\":");
			hd_wire_u64(&s->answer, reg);
			hd_buf_byte(&s->answer, '}');
		} else {
			hd_buf_printf(&s->answer, "{\"register\":null}");
		}
		return;
	}
	if (hd_wire_get_u64(q, "register", &reg) != 0)
		return answer_error(s, "bad-query", "%s: no \"register\"", ask);
	if (strcmp(ask, "register_name") == 0) {
		if (t != NULL && t->names.name != NULL &&
		    t->names.name(t->names.self, reg, name, sizeof name) == 0) {
			hd_buf_printf(&s->answer, "{\"name\":");
			hd_json_put_string(&s->answer, name);
			hd_buf_byte(&s->answer, '}');
		} else {
			hd_buf_printf(&s->answer, "{\"name\":null}");
		}
		return;
	}
	if (t == NULL || t->ops->register_bits(t->self, reg, &bits) != 0) {
		hd_buf_printf(&s->answer, "{\"bits\":null}");
		return;
	}
	if (strcmp(ask, "register_bits") == 0) {
		hd_buf_printf(&s->answer, "{\"bits\":%llu}", (unsigned long long)bits);
		return;
	}
	n = (size_t)((bits + 7) / 8);
	hd_status_clear(&st);
	if (strcmp(ask, "write_register") == 0) {
		size_t got;
		if (hd_wire_get_bytes(q, "bytes", a, &in, &got) != 0 || got != n)
			return answer_error(s, "bad-query", "%s: \"bytes\" is not the register's size",
			                    ask);
		if (t->ops->write_register(t->self, reg, in, &st) != 0)
			hd_wire_error(&s->answer, &st);
		else
			hd_buf_printf(&s->answer, "{\"ok\":true}");
		return;
	}
	{
		uint8_t *buf = hd_arena_alloc(a, n ? n : 1);
		if (buf == NULL)
			return answer_error(s, "no-memory", "%s: out of memory", ask);
		if (t->ops->read_register(t->self, reg, buf, &st) != 0) {
			hd_wire_error(&s->answer, &st);
			return;
		}
		hd_buf_printf(&s->answer, "{\"bits\":%llu,\"bytes\":", (unsigned long long)bits);
		hd_wire_bytes(&s->answer, buf, n);
		hd_buf_byte(&s->answer, '}');
	}
}

static void answer_aspace(server *s, const hd_jnode *q)
{
	hd_aspace_info info;
	uint64_t as;

	if (hd_wire_get_u64(q, "aspace", &as) != 0)
		return answer_error(s, "bad-query", "%s: no \"aspace\"", "aspace");
	if (s->arch == NULL || s->arch->ops->aspace(s->arch->self, as, &info) != 0) {
		hd_buf_printf(&s->answer, "{\"name\":null}");
		return;
	}
	hd_buf_printf(&s->answer, "{\"name\":");
	hd_json_put_string(&s->answer, info.name);
	hd_buf_printf(&s->answer, ",\"address_bits\":%u,\"per_lane\":%s}", info.addr_bits,
	              info.per_lane ? "true" : "false");
}

/* memory, write_memory */
static void answer_memory(server *s, const char *ask, const hd_jnode *q, hd_arena *a)
{
	const hd_target *t = s->arch;
	uint64_t as, addr, size, lane = 0;
	int has_lane = hd_wire_has(q, "lane");
	const uint8_t *in = NULL;
	uint8_t *buf;
	size_t n = 0;
	hd_status st;

	if (hd_wire_get_u64(q, "aspace", &as) != 0 || hd_wire_get_u64(q, "address", &addr) != 0 ||
	    (has_lane && hd_wire_get_uint(q, "lane", UINT32_MAX, &lane) != 0))
		return answer_error(s, "bad-query", "%s: no \"aspace\", \"address\" or \"lane\"", ask);
	if (strcmp(ask, "write_memory") == 0) {
		if (hd_wire_get_bytes(q, "bytes", a, &in, &n) != 0 || n > MAX_ACCESS)
			return answer_error(s, "bad-query", "%s: no \"bytes\", or too many", ask);
	} else if (hd_wire_get_uint(q, "size", MAX_ACCESS, &size) != 0) {
		return answer_error(s, "bad-query", "%s: no \"size\", or too large", ask);
	} else {
		n = (size_t)size;
	}
	if (t == NULL)
		return answer_error(s, "no-architecture", "%s: the context has no architecture", ask);
	hd_status_clear(&st);
	if (in != NULL) {
		if (t->ops->write_memory(t->self, as, has_lane, (uint32_t)lane, addr, n, in, &st) != 0)
			hd_wire_error(&s->answer, &st);
		else
			hd_buf_printf(&s->answer, "{\"ok\":true}");
		return;
	}
	if ((buf = hd_arena_alloc(a, n ? n : 1)) == NULL)
		return answer_error(s, "no-memory", "%s: out of memory", ask);
	if (t->ops->read_memory(t->self, as, has_lane, (uint32_t)lane, addr, n, buf, &st) != 0) {
		hd_wire_error(&s->answer, &st);
		return;
	}
	hd_buf_printf(&s->answer, "{\"bytes\":");
	hd_wire_bytes(&s->answer, buf, n);
	hd_buf_byte(&s->answer, '}');
}

static void answer_tls(server *s, const hd_jnode *q)
{
	const hd_target *t = s->arch;
	uint64_t ta, as, addr;
	hd_status st;

	if (hd_wire_get_u64(q, "address", &ta) != 0)
		return answer_error(s, "bad-query", "%s: no \"address\"", "tls_address");
	hd_status_clear(&st);
	if (t == NULL || t->ops->tls_address == NULL) {
		/* the state's answer, not a broken query: the evaluation error
		 * the evaluator reports for the operation that asked */
		hd_fail(&st, HD_EVAL_ERROR, "no-thread-local-storage", 0,
		        "the target has no thread-local storage");
		hd_wire_error(&s->answer, &st);
		return;
	}
	if (t->ops->tls_address(t->self, ta, &as, &addr, &st) != 0) {
		hd_wire_error(&s->answer, &st);
		return;
	}
	hd_buf_printf(&s->answer, "{\"aspace\":");
	hd_wire_u64(&s->answer, as);
	hd_buf_printf(&s->answer, ",\"address\":");
	hd_wire_u64(&s->answer, addr);
	hd_buf_byte(&s->answer, '}');
}

/* ---- the unit ---- */

static void put_type(hd_buf *b, const hd_base_type *t)
{
	hd_buf_printf(b, "{\"die\":");
	hd_wire_u64(b, t->die);
	hd_buf_printf(b, ",\"name\":");
	hd_json_put_string(b, t->name);
	hd_buf_printf(b, ",\"encoding\":%u,\"bits\":%u,\"vector\":%u}", t->encoding, t->bits,
	              t->vector);
}

static void put_bytes_or_null(hd_buf *b, const uint8_t *p, size_t n)
{
	if (p == NULL)
		hd_buf_printf(b, "null");
	else
		hd_wire_bytes(b, p, n);
}

static void put_die(hd_buf *b, const hd_die_info *d)
{
	hd_buf_printf(b, "{\"offset\":");
	hd_wire_u64(b, d->offset);
	hd_buf_printf(b, ",\"location\":");
	put_bytes_or_null(b, d->location, d->location_len);
	hd_buf_printf(b, ",\"const_value\":");
	put_bytes_or_null(b, d->const_value, d->const_value_len);
	hd_buf_printf(b, ",\"loclist\":");
	if (d->loclist == NULL)
		hd_buf_printf(b, "null");
	else
		hd_wire_loclist(b, d->loclist);
	hd_buf_byte(b, '}');
}

/* unit, base_type, die, addr */
static void answer_unit(server *s, const char *ask, const hd_jnode *q)
{
	const hd_cu *cu = &s->c->cu;
	uint64_t key;
	hd_buf *b = &s->answer;

	if (strcmp(ask, "unit") == 0) {
		hd_buf_printf(b, "{\"types\":[");
		for (size_t i = 0; i < cu->ntypes; i++) {
			hd_buf_printf(b, "%s", i ? "," : "");
			put_type(b, &cu->types[i]);
		}
		hd_buf_printf(b, "],\"dies\":[");
		for (size_t i = 0; i < cu->ndies; i++) {
			hd_buf_printf(b, "%s", i ? "," : "");
			put_die(b, &cu->dies[i]);
		}
		hd_buf_printf(b, "],\"addrs\":[");
		for (size_t i = 0; i < cu->naddrs; i++) {
			hd_buf_printf(b, "%s", i ? "," : "");
			hd_wire_u64(b, cu->addrs[i]);
		}
		hd_buf_printf(b, "]}");
		return;
	}
	if (hd_wire_get_u64(q, strcmp(ask, "addr") == 0 ? "index" : "die", &key) != 0)
		return answer_error(s, "bad-query", "%s: no \"die\" or \"index\"", ask);
	if (strcmp(ask, "addr") == 0) {
		hd_buf_printf(b, "{\"address\":");
		if (key < cu->naddrs)
			hd_wire_u64(b, cu->addrs[key]);
		else
			hd_buf_printf(b, "null");
		hd_buf_byte(b, '}');
		return;
	}
	for (size_t i = 0; strcmp(ask, "base_type") == 0 && i < cu->ntypes; i++)
		if (cu->types[i].die == key) {
			hd_buf_printf(b, "{\"type\":");
			put_type(b, &cu->types[i]);
			hd_buf_byte(b, '}');
			return;
		}
	for (size_t i = 0; strcmp(ask, "die") == 0 && i < cu->ndies; i++)
		if (cu->dies[i].offset == key) {
			hd_buf_printf(b, "{\"die\":");
			put_die(b, &cu->dies[i]);
			hd_buf_byte(b, '}');
			return;
		}
	hd_buf_printf(b, "{\"%s\":null}", strcmp(ask, "die") == 0 ? "die" : "type");
}

/* ---- frames and the call stack ---- */

static void put_frame(hd_buf *b, const hd_case_frame *f)
{
	hd_buf_printf(b, "{\"query\":\"%s\",\"frame\":%u,\"register\":", query_names[f->query],
	              (unsigned)f->frame);
	hd_wire_u64(b, f->reg);
	hd_buf_printf(b, ",\"expression\":");
	hd_wire_bytes(b, f->expr.bytes, f->expr.len);
	hd_buf_byte(b, '}');
}

/* frames (all answers), frame (one) */
static void answer_frames(server *s, const char *ask, const hd_jnode *q)
{
	const hd_case *c = s->c;
	const char *name = hd_jstr(q, "query");
	uint64_t frame = 0, reg = 0;
	int query = -1;

	if (strcmp(ask, "frames") == 0) {
		hd_buf_printf(&s->answer, "{\"frames\":[");
		for (size_t i = 0; i < c->nframes; i++) {
			hd_buf_printf(&s->answer, "%s", i ? "," : "");
			put_frame(&s->answer, &c->frames[i]);
		}
		hd_buf_printf(&s->answer, "]}");
		return;
	}
	for (int i = 0; name != NULL && i < 4; i++)
		if (strcmp(name, query_names[i]) == 0)
			query = i;
	if (query < 0 || hd_wire_get_uint(q, "frame", UINT32_MAX, &frame) != 0 ||
	    ((query == HD_FRAME_REGISTER || query == HD_FRAME_ENTRY_REG) &&
	     hd_wire_get_u64(q, "register", &reg) != 0))
		return answer_error(s, "bad-query", "%s: no \"query\", \"frame\" or \"register\"", ask);
	for (size_t i = 0; i < c->nframes; i++)
		if ((int)c->frames[i].query == query && c->frames[i].frame == frame &&
		    (c->frames[i].reg == reg || query == HD_FRAME_CFA || query == HD_FRAME_BASE)) {
			hd_buf_printf(&s->answer, "{\"expression\":");
			hd_wire_bytes(&s->answer, c->frames[i].expr.bytes, c->frames[i].expr.len);
			hd_buf_byte(&s->answer, '}');
			return;
		}
	hd_buf_printf(&s->answer, "{\"expression\":null}");
}

static void put_sub(hd_buf *b, const hd_subprogram *p)
{
	hd_buf_printf(b, "{\"name\":");
	hd_json_put_string(b, p->name);
	hd_buf_printf(b, ",\"low\":");
	hd_wire_u64(b, p->low_pc);
	hd_buf_printf(b, ",\"high\":");
	hd_wire_u64(b, p->high_pc);
	hd_buf_printf(b, ",\"lanes\":");
	if (p->has_lanes)
		hd_wire_u64(b, p->lanes);
	else
		hd_buf_printf(b, "null");
	hd_buf_printf(b, ",\"frame_base\":");
	put_bytes_or_null(b, p->frame_base, p->frame_base_len);
	hd_buf_printf(b, ",\"lane_pc\":");
	put_bytes_or_null(b, p->lane_pc, p->lane_pc_len);
	hd_buf_printf(b, ",\"active_lane\":");
	put_bytes_or_null(b, p->active_lane, p->active_lane_len);
	hd_buf_byte(b, '}');
}

static void answer_call_stack(server *s)
{
	const hd_case *c = s->c;
	hd_buf *b = &s->answer;

	if (!s->section_done) {
		hd_status_clear(&s->section_st);
		s->section_failed = hd_case_debug_frame(c, &s->section, &s->section_st) != 0;
		s->section_done = 1;
	}
	hd_buf_printf(b, "{\"pcs\":[");
	for (uint32_t i = 0; i < c->nstack; i++) {
		hd_buf_printf(b, "%s", i ? "," : "");
		hd_wire_u64(b, c->stack[i]);
	}
	hd_buf_printf(b, "],\"debug_frame\":");
	if (s->section_failed) {
		hd_buf_printf(b, "null,\"debug_frame_error\":");
		hd_wire_error(b, &s->section_st);
	} else if (!c->has_debug_frame && c->ncies == 0 && c->nfdes == 0) {
		hd_buf_printf(b, "null");
	} else {
		hd_wire_bytes(b, s->section.data, s->section.len);
	}
	hd_buf_printf(b, ",\"subprograms\":[");
	for (size_t i = 0; i < c->nsubs; i++) {
		hd_buf_printf(b, "%s", i ? "," : "");
		put_sub(b, &c->subs[i].sub);
	}
	hd_buf_printf(b, "]}");
}

/* ---- the loop ---- */

/* One query's answer into s->answer; 1 when it was the result. */
static int answer(server *s, const hd_jnode *q, hd_arena *a, hd_buf *result, hd_status *st)
{
	const char *ask = hd_jstr(q, "ask");
	const char *text = hd_jstr(q, "result");

	hd_buf_reset(&s->answer);
	if (ask == NULL && text != NULL) {
		hd_buf_put(result, text, strlen(text));
		return 1;
	}
	if (ask == NULL)
		return hd_fail(st, HD_BAD_INPUT, "wire-message", 0,
		               "a message with neither \"ask\" nor \"result\"");
	if (strcmp(ask, "target") == 0)
		answer_target(s);
	else if (strncmp(ask, "register", 8) == 0 || strcmp(ask, "write_register") == 0)
		answer_register(s, ask, q, a);
	else if (strcmp(ask, "aspace") == 0)
		answer_aspace(s, q);
	else if (strcmp(ask, "memory") == 0 || strcmp(ask, "write_memory") == 0)
		answer_memory(s, ask, q, a);
	else if (strcmp(ask, "tls_address") == 0)
		answer_tls(s, q);
	else if (strcmp(ask, "unit") == 0 || strcmp(ask, "base_type") == 0 ||
	         strcmp(ask, "die") == 0 || strcmp(ask, "addr") == 0)
		answer_unit(s, ask, q);
	else if (strcmp(ask, "frames") == 0 || strcmp(ask, "frame") == 0)
		answer_frames(s, ask, q);
	else if (strcmp(ask, "call_stack") == 0)
		answer_call_stack(s);
	else
		answer_error(s, "unknown-query", "no such query: %s", ask);
	return 0;
}

int hd_target_serve(const hd_case *c, const char *case_id, const hd_target *arch, FILE *to,
                    FILE *from, hd_buf *result, hd_status *st)
{
	server s;
	hd_buf line;
	hd_arena a;
	int rc;

	memset(&s, 0, sizeof s);
	s.c = c;
	s.arch = arch;
	hd_buf_init(&s.answer);
	hd_buf_init(&s.section);
	hd_buf_init(&line);
	hd_arena_init(&a, (size_t)256 << 20);
	hd_request_write(c, case_id, &s.answer);
	rc = hd_wire_send(to, &s.answer, st);
	for (unsigned long n = 0; rc == 0; n++) {
		hd_jnode *q;
		if (n >= HD_SERVE_MAX_QUERIES) {
			rc = hd_fail(st, HD_BAD_INPUT, "wire-queries", 0,
			             "more than %lu queries for one evaluation", HD_SERVE_MAX_QUERIES);
			break;
		}
		rc = hd_wire_read_line(from, &line, st);
		if (rc == 1) {
			rc = hd_fail(st, HD_BAD_INPUT, "wire-end", 0,
			             "the evaluator ended without sending its result");
			break;
		}
		hd_arena_reset(&a);
		if (rc == 0 && hd_json_tree((const char *)line.data, line.len, &a, &q, st) != 0)
			rc = hd_fail_prefix(st, "message %lu: ", n + 1);
		if (rc == 0 && (rc = answer(&s, q, &a, result, st)) == 1) {
			rc = 0;
			break;
		}
		if (rc == 0)
			rc = hd_wire_send(to, &s.answer, st);
	}
	hd_arena_free(&a);
	hd_buf_free(&line);
	hd_buf_free(&s.section);
	hd_buf_free(&s.answer);
	return rc;
}
