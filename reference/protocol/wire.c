/* The protocol's wire (wire.h). */
#include "wire.h"

#include <stdlib.h>
#include <string.h>

int hd_wire_read_line(FILE *f, hd_buf *line, hd_status *st)
{
	int c;

	hd_buf_reset(line);
	while ((c = getc(f)) != EOF && c != '\n') {
		if (c == '\0')
			return hd_fail(st, HD_BAD_INPUT, "wire-nul", line->len,
			               "a NUL byte in a message");
		if (line->len >= HD_WIRE_MAX_LINE)
			return hd_fail(st, HD_BAD_INPUT, "wire-size", line->len,
			               "a message of more than %zu bytes", HD_WIRE_MAX_LINE);
		hd_buf_byte(line, (uint8_t)c);
	}
	if (ferror(f))
		return hd_fail(st, HD_INTERNAL, "wire-read", 0, "cannot read a message");
	if (line->failed)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	return c == EOF && line->len == 0 ? 1 : 0;
}

int hd_wire_send(FILE *f, const hd_buf *b, hd_status *st)
{
	if (b->failed)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (fwrite(b->data, 1, b->len, f) != b->len || putc('\n', f) == EOF || fflush(f) != 0)
		return hd_fail(st, HD_INTERNAL, "wire-write", 0,
		               "cannot send a message (the other side has gone)");
	return 0;
}

void hd_wire_u64(hd_buf *b, uint64_t v)
{
	hd_buf_printf(b, "\"0x%llx\"", (unsigned long long)v);
}

void hd_wire_bytes(hd_buf *b, const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";

	hd_buf_byte(b, '"');
	for (size_t i = 0; i < n; i++) {
		hd_buf_byte(b, (uint8_t)digits[p[i] >> 4]);
		hd_buf_byte(b, (uint8_t)digits[p[i] & 15]);
	}
	hd_buf_byte(b, '"');
}

void hd_wire_error(hd_buf *b, const hd_status *st)
{
	hd_buf_printf(b, "{\"error\":{\"kind\":");
	hd_json_put_string(b, hd_kind_name(st->kind));
	hd_buf_printf(b, ",\"code\":");
	hd_json_put_string(b, st->code != NULL ? st->code : "unknown");
	hd_buf_printf(b, ",\"message\":");
	hd_json_put_string(b, st->msg);
	hd_buf_printf(b, "}}");
}

int hd_wire_u64_of(const hd_jnode *n, uint64_t *v)
{
	const char *s = n != NULL && n->type == HD_JSTRING ? n->str : NULL;
	char *end;

	if (s == NULL || s[0] == '\0' || s[0] == '-' || s[0] == '+' || s[0] == ' ')
		return -1;
	*v = strtoull(s, &end, 0);
	return *end == '\0' ? 0 : -1;
}

int hd_wire_get_u64(const hd_jnode *o, const char *key, uint64_t *v)
{
	return hd_wire_u64_of(hd_jget(o, key), v);
}

int hd_wire_get_uint(const hd_jnode *o, const char *key, uint64_t max, uint64_t *v)
{
	const hd_jnode *n = hd_jget(o, key);

	if (n == NULL || n->type != HD_JNUMBER || !(n->num >= 0) || n->num > (double)max ||
	    n->num != (double)(uint64_t)n->num)
		return -1;
	*v = (uint64_t)n->num;
	return 0;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int hd_wire_bytes_of(const hd_jnode *node, hd_arena *a, const uint8_t **p, size_t *n)
{
	const char *s = node != NULL && node->type == HD_JSTRING ? node->str : NULL;
	size_t len;
	uint8_t *d;

	if (s == NULL || (len = strlen(s)) % 2 != 0)
		return -1;
	if ((d = hd_arena_alloc(a, len / 2 + 1)) == NULL)
		return -1;
	for (size_t i = 0; i < len; i += 2) {
		int hi = hexval(s[i]), lo = hexval(s[i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		d[i / 2] = (uint8_t)(hi << 4 | lo);
	}
	*p = d;
	*n = len / 2;
	return 0;
}

int hd_wire_get_bytes(const hd_jnode *o, const char *key, hd_arena *a, const uint8_t **p,
                      size_t *n)
{
	return hd_wire_bytes_of(hd_jget(o, key), a, p, n);
}

void hd_wire_loclist(hd_buf *b, const hd_loclist *l)
{
	hd_buf_byte(b, '[');
	for (size_t i = 0; i < l->n; i++) {
		const hd_loclist_entry *e = &l->entries[i];
		hd_buf_printf(b, "%s{", i ? "," : "");
		if (e->is_default) {
			hd_buf_printf(b, "\"default\":true");
		} else {
			hd_buf_printf(b, "\"low\":");
			hd_wire_u64(b, e->low);
			hd_buf_printf(b, ",\"high\":");
			hd_wire_u64(b, e->high);
		}
		hd_buf_printf(b, ",\"bytes\":");
		hd_wire_bytes(b, e->expr, e->len);
		hd_buf_byte(b, '}');
	}
	hd_buf_byte(b, ']');
}

int hd_wire_loclist_of(const hd_jnode *l, hd_arena *a, hd_loclist *out)
{
	hd_loclist_entry *v;

	if (l == NULL || l->type != HD_JARRAY ||
	    (v = hd_arena_alloc(a, (l->n ? l->n : 1) * sizeof *v)) == NULL)
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		const hd_jnode *e = l->items[i], *d = hd_jget(e, "default");
		v[i].is_default = d != NULL && d->type == HD_JBOOL && d->b;
		if ((!v[i].is_default && (hd_wire_get_u64(e, "low", &v[i].low) != 0 ||
		                          hd_wire_get_u64(e, "high", &v[i].high) != 0)) ||
		    hd_wire_get_bytes(e, "bytes", a, &v[i].expr, &v[i].len) != 0)
			return -1;
	}
	out->entries = v;
	out->n = l->n;
	return 0;
}

int hd_wire_has(const hd_jnode *o, const char *key)
{
	const hd_jnode *v = hd_jget(o, key);

	return v != NULL && v->type != HD_JNULL;
}

int hd_wire_get_error(const hd_jnode *o, hd_arena *a, hd_status *st)
{
	static const hd_kind kinds[] = { HD_OK, HD_EVAL_ERROR, HD_ILL_FORMED, HD_BAD_INPUT, HD_NO_MEMORY,
		                         HD_INTERNAL };
	const hd_jnode *e = hd_jget(o, "error");
	const char *kind, *code, *msg;
	hd_kind k = HD_ILL_FORMED;

	if (e == NULL)
		return 0;
	kind = hd_jstr(e, "kind");
	code = hd_jstr(e, "code");
	msg = hd_jstr(e, "message");
	for (size_t i = 0; kind != NULL && i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kind, hd_kind_name(kinds[i])) == 0)
			k = kinds[i];
	code = hd_arena_dup(a, code != NULL ? code : "unknown", strlen(code ? code : "unknown") + 1);
	hd_fail(st, k, code != NULL ? code : "unknown", 0, "%s", msg != NULL ? msg : "");
	return 1;
}
