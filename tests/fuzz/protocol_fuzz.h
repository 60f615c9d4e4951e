/* One fuzz input for the readers of the evaluate target protocol: the
 * bytes as a request, read as hdref remote reads one (hd_json_tree, then
 * hd_request_read into a case). It must be refused with an error value or
 * read; a request that reads must write back to text that reads to the
 * same text. Shared by the libFuzzer target (protocol_fuzz_target.c) and
 * test_protocol_fuzz.c. */
#ifndef HD_PROTOCOL_FUZZ_H
#define HD_PROTOCOL_FUZZ_H

#include <stdlib.h>
#include <string.h>

#include "protocol/request.h"

/* The request text read into a case and written again into out; -1
 * refused. The case is freed. */
static inline int protocol_fuzz_rewrite(const char *text, size_t n, hd_buf *out)
{
	hd_case *c = calloc(1, sizeof *c);
	hd_request_more more;
	hd_jnode *req;
	hd_status st;
	int rc = -1;

	if (c == NULL)
		return -1;
	hd_arena_init(&c->arena, (size_t)64 << 20);
	if (hd_json_tree(text, n, &c->arena, &req, &st) == 0 &&
	    hd_request_read(req, c, &more, &st) == 0) {
		/* typed initial stack values name types only the unit holds: give
		 * each its DIE back as a bare type, as the writer needs no more */
		for (size_t i = 0; i < c->npush; i++)
			if (more.push_types[i] != 0) {
				hd_base_type *t = hd_arena_alloc(&c->arena, sizeof *t);
				if (t == NULL)
					goto out;
				t->die = more.push_types[i];
				((hd_case_push *)&c->push[i])->type = t;
			}
		/* and the frame answers and the call stack, which the writer only
		 * says exist */
		static const hd_case_frame one_frame;
		static const uint64_t one_pc;
		if (more.frames) {
			c->frames = &one_frame;
			c->nframes = 1;
		}
		if (more.call_stack) {
			c->stack = &one_pc;
			c->nstack = 1;
		}
		hd_request_write(c, "fuzz", out);
		rc = 0;
	}
out:
	hd_case_free(c);
	return rc;
}

/* 0 read and written back the same, 1 refused, -1 the round trip broke. */
static inline int protocol_fuzz_one(const uint8_t *data, size_t size)
{
	hd_buf a, b;
	int rc = -1;

	hd_buf_init(&a);
	hd_buf_init(&b);
	if (protocol_fuzz_rewrite((const char *)data, size, &a) != 0)
		rc = 1;
	else if (!a.failed && protocol_fuzz_rewrite((const char *)a.data, a.len, &b) == 0)
		rc = !b.failed && a.len == b.len && memcmp(a.data, b.data, a.len) == 0 ? 0 : -1;
	hd_buf_free(&a);
	hd_buf_free(&b);
	return rc;
}

#endif
