/* The decode role's input side: which cases of the corpus are decode items
 * for a profile, the ELF object that holds them, and the reference's text
 * of each (docs/adapter-protocol.md, "decode"). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libdwarf/dwarf.h>

#include "case/case.h"
#include "decode.h"
#include "dwarf/write/die.h"
#include "elf/elf_write.h"
#include "dwarf/codec/expr.h"
#include "util/dir.h"
#include "util/file.h"

#define CASE_SUFFIX ".case"
#define CASE_PREFIX "expr/"

/* The encoding every item is written in: the object has one DWARF32 unit
 * for amdgcn, whose generic type and addresses are 64 bits. */
static hd_encoding item_encoding(hd_profile profile)
{
	hd_encoding e = { profile, 8, 4 };
	return e;
}

static int oom(hd_status *st)
{
	return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}

static char *dup_text(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (p != NULL) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* ---- growing the set ---- */

typedef struct collector {
	hc_decode_set *set;
	size_t cap_items, cap_skips;
} collector;

static int add_item(collector *c, const char *id, const uint8_t *bytes, size_t len)
{
	hc_decode_set *s = c->set;
	hc_decode_item *it;
	char *idc;
	uint8_t *b;

	if (s->nitems == c->cap_items) {
		size_t cap = c->cap_items ? c->cap_items * 2 : 256;
		hc_decode_item *p = realloc(s->items, cap * sizeof *p);
		if (p == NULL)
			return -1;
		s->items = p;
		c->cap_items = cap;
	}
	idc = dup_text(id, strlen(id));
	b = malloc(len ? len : 1);
	if (idc == NULL || b == NULL) {
		free(idc);
		free(b);
		return -1;
	}
	if (len)
		memcpy(b, bytes, len);
	it = &s->items[s->nitems++];
	it->case_id = idc;
	it->bytes = b;
	it->len = len;
	return 0;
}

static int add_skip(collector *c, const char *id, hc_decode_skip_kind kind,
                    const char *reason)
{
	hc_decode_set *s = c->set;
	hc_decode_skip *k;
	char *idc, *rc;

	if (s->nskips == c->cap_skips) {
		size_t cap = c->cap_skips ? c->cap_skips * 2 : 256;
		hc_decode_skip *p = realloc(s->skips, cap * sizeof *p);
		if (p == NULL)
			return -1;
		s->skips = p;
		c->cap_skips = cap;
	}
	idc = dup_text(id, strlen(id));
	rc = dup_text(reason, strlen(reason));
	if (idc == NULL || rc == NULL) {
		free(idc);
		free(rc);
		return -1;
	}
	k = &s->skips[s->nskips++];
	k->case_id = idc;
	k->kind = kind;
	k->reason = rc;
	return 0;
}

void hc_decode_set_free(hc_decode_set *set)
{
	for (size_t i = 0; i < set->nitems; i++) {
		free((void *)set->items[i].case_id);
		free((void *)set->items[i].bytes);
	}
	for (size_t i = 0; i < set->nskips; i++) {
		free((void *)set->skips[i].case_id);
		free((void *)set->skips[i].reason);
	}
	free(set->items);
	free(set->skips);
	memset(set, 0, sizeof *set);
}

/* ---- one case ---- */

/* Whether bytes decode cleanly under enc, their text appended to text. A
 * decode error is an answer (0), not a failure; -1 only for no memory. */
static int text_of(const uint8_t *bytes, size_t len, const hd_encoding *enc, hd_buf *text,
                   int *ok)
{
	hd_status st;

	hd_status_clear(&st);
	*ok = hd_disassemble(bytes, len, enc, NULL, text, &st) == 0;
	if (!*ok && st.kind == HD_NO_MEMORY)
		return -1;
	return text->failed ? -1 : 0;
}

/* A DWARF64 expression re-encoded op by op in the 32-bit format into out.
 * *same is 1 when the result prints exactly as the original, so the item
 * asks the same question; offsets past 4 GiB, or a DWARF64 reference inside
 * an entry_value block (kept as raw bytes), make it 0. Branch displacements
 * are kept as written: decoding does not follow them. */
static int to_dwarf32(const uint8_t *bytes, size_t len, const hd_encoding *enc64,
                      hd_buf *out, int *same)
{
	hd_encoding enc32 = *enc64;
	hd_buf t64, t32;
	hd_op *ops = NULL;
	size_t nops = 0;
	hd_status st;
	int ok64, ok32, rc = 0;

	*same = 0;
	enc32.offset_size = 4;
	hd_status_clear(&st);
	if (hd_decode_expr(bytes, len, enc64, &ops, &nops, &st) != 0)
		return st.kind == HD_NO_MEMORY ? -1 : 0;
	for (size_t i = 0; i < nops; i++)
		if (hd_encode_op(out, &ops[i], &enc32, &st) != 0) {
			free(ops);
			return st.kind == HD_NO_MEMORY ? -1 : 0;
		}
	free(ops);
	hd_buf_init(&t64);
	hd_buf_init(&t32);
	if (text_of(bytes, len, enc64, &t64, &ok64) != 0 ||
	    text_of(out->data, out->len, &enc32, &t32, &ok32) != 0 || out->failed)
		rc = -1;
	else
		*same = ok64 && ok32 && t64.len == t32.len &&
		        (t64.len == 0 || memcmp(t64.data, t32.data, t64.len) == 0);
	hd_buf_free(&t64);
	hd_buf_free(&t32);
	return rc;
}

/* Sorts one loaded case into the set. */
static int sort_case(collector *c, const char *id, const hd_case *k)
{
	hd_profile want = c->set->profile;
	hd_encoding enc = k->enc;
	hd_buf text, re;
	int ok, same, rc = 0;
	char reason[160];

	if (!k->has_expr) {
		c->set->nexcluded++;
		return 0;
	}
	hd_buf_init(&text);
	if (text_of(k->expr.bytes, k->expr.len, &enc, &text, &ok) != 0) {
		hd_buf_free(&text);
		return -1;
	}
	hd_buf_free(&text);
	if (!ok) {
		c->set->nexcluded++;  /* ill-formed on purpose: an evaluator case */
		return 0;
	}
	if (enc.profile != want) {
		snprintf(reason, sizeof reason,
		         "encoded in the %s profile; the candidate claims %s",
		         hd_profile_name(enc.profile), hd_profile_name(want));
		return add_skip(c, id, HC_DECODE_SKIP_PROFILE, reason);
	}
	if (enc.offset_size == 4)
		return add_item(c, id, k->expr.bytes, k->expr.len);
	hd_buf_init(&re);
	if (to_dwarf32(k->expr.bytes, k->expr.len, &enc, &re, &same) != 0)
		rc = -1;
	else if (!same)
		c->set->nexcluded++;
	else
		rc = add_item(c, id, re.data, re.len);
	hd_buf_free(&re);
	return rc;
}

static int load_case(collector *c, const char *dir, const char *file, hd_status *st)
{
	size_t n = strlen(file) - strlen(CASE_SUFFIX);
	size_t plen = strlen(dir) + 1 + strlen(file) + 1;
	char *path = malloc(plen), *id = malloc(strlen(CASE_PREFIX) + n + 1);
	hd_case *k = NULL;
	hd_status cst;
	int rc;

	if (path == NULL || id == NULL) {
		free(path);
		free(id);
		return oom(st);
	}
	snprintf(path, plen, "%s/%s", dir, file);
	memcpy(id, CASE_PREFIX, strlen(CASE_PREFIX));
	memcpy(id + strlen(CASE_PREFIX), file, n);
	id[strlen(CASE_PREFIX) + n] = '\0';
	hd_status_clear(&cst);
	if (hd_case_load(path, &k, &cst) != 0) {
		char reason[300];
		if (cst.kind == HD_NO_MEMORY)
			rc = oom(st);
		else {
			snprintf(reason, sizeof reason, "the case does not load: line %llu: %s",
			         (unsigned long long)cst.offset, cst.msg);
			rc = add_skip(c, id, HC_DECODE_SKIP_BROKEN, reason) != 0 ? oom(st) : 0;
		}
	} else {
		rc = sort_case(c, id, k) != 0 ? oom(st) : 0;
		hd_case_free(k);
	}
	free(path);
	free(id);
	return rc;
}

int hc_decode_collect(const char *dir, hd_profile profile, hc_decode_set *set,
                      hd_status *st)
{
	collector c = { set, 0, 0 };
	char **names;
	size_t n;
	int rc = 0;

	memset(set, 0, sizeof *set);
	set->profile = profile;
	/* sorted, so the object and the results come out the same everywhere */
	if (hd_list_dir(dir, CASE_SUFFIX, &names, &n, st) != 0)
		return -1;
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = load_case(&c, dir, names[i], st);
	hd_free_names(names, n);
	if (rc != 0) {
		hc_decode_set_free(set);
		set->profile = profile;
	}
	return rc;
}

/* ---- the object ---- */

/* The unit: a compile unit named for the role, one variable per item. The
 * names are written "e<N>" into the unit's arena, which the writer reads. */
static int build_unit(hd_dw_unit *u, const hc_decode_item *items, size_t n,
                      hd_status *st)
{
	hd_die *root = hd_die_new(u, NULL, DW_TAG_compile_unit);

	if (root == NULL || hd_die_string(u, root, DW_AT_name, "hdcts-decode") != 0 ||
	    hd_die_string(u, root, DW_AT_producer, "hdcts decode role") != 0 ||
	    hd_die_udata(u, root, DW_AT_language, DW_LANG_OpenCL) != 0)
		return oom(st);
	for (size_t i = 0; i < n; i++) {
		char name[32];
		int len = snprintf(name, sizeof name, "e%zu", i);
		const char *s = hd_dw_strdup(u, name, (size_t)len);
		hd_die *v = hd_die_new(u, root, DW_TAG_variable);

		if (s == NULL || v == NULL || hd_die_string(u, v, DW_AT_name, s) != 0 ||
		    hd_die_expr(u, v, DW_AT_location, items[i].bytes, items[i].len) != 0)
			return oom(st);
	}
	return 0;
}

int hc_decode_write_object(const hc_decode_item *items, size_t n, hd_profile profile,
                           const char *path, hd_status *st)
{
	hd_dw_unit u;
	hd_dw_sections secs;
	hd_elf_image img;
	hd_buf elf;
	int rc;

	if (hd_dw_unit_init(&u, 0, profile, st) != 0)
		return -1;
	memset(&secs, 0, sizeof secs);
	hd_buf_init(&elf);
	rc = build_unit(&u, items, n, st);
	if (rc == 0)
		rc = hd_dw_write(&u, &secs, st);
	if (rc == 0) {
		/* what hdref lower writes for wave64: gfx90a, HSA ABI v5, so
		 * tools that check the machine accept it */
		memset(&img, 0, sizeof img);
		img.e_flags = 0x03fu | 0x100u | 0x400u;
		img.os_abi = 64;
		img.abi_version = 3;
		img.debug = &secs;
		rc = hd_elf_write(&img, &elf, st);
	}
	if (rc == 0 && elf.failed)
		rc = oom(st);
	if (rc == 0)
		rc = hd_write_file_atomic(path, elf.data, elf.len, st);
	hd_buf_free(&elf);
	hd_dw_sections_free(&secs);
	hd_dw_unit_free(&u);
	return rc;
}

int hc_decode_expected(const hc_decode_item *it, hd_profile profile, hd_buf *out,
                       hd_status *st)
{
	hd_encoding enc = item_encoding(profile);

	if (hd_disassemble(it->bytes, it->len, &enc, NULL, out, st) != 0)
		return -1;
	return out->failed ? oom(st) : 0;
}

/* How many bytes the LEB128 at p[0..n) takes: up to and including the
 * first byte without the continuation bit. */
static size_t leb_len(const uint8_t *p, size_t n)
{
	size_t i = 0;

	while (i < n && (p[i] & 0x80u))
		i++;
	return i < n ? i + 1 : n;
}

/* The bytes p[0..n) of one LEB128 read as unsigned; -1 when the value does
 * not fit 64 bits, as a ULEB128 reader must then refuse it. */
static int read_uleb(const uint8_t *p, size_t n, uint64_t *v)
{
	uint64_t r = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t bits = p[i] & 0x7fu;
		unsigned shift = (unsigned)(7 * i);

		if (bits != 0 && (shift >= 64 || (bits << shift) >> shift != bits))
			return -1;
		if (shift < 64)
			r |= bits << shift;
	}
	*v = r;
	return 0;
}

int hc_decode_expected_unsigned_bregx(const hc_decode_item *it, hd_profile profile,
                                      hd_buf *out, hd_status *st)
{
	hd_encoding enc = item_encoding(profile);
	hd_op *ops = NULL;
	size_t nops = 0, start = out->len;
	int differs = 0;

	if (hd_decode_expr(it->bytes, it->len, &enc, &ops, &nops, st) != 0)
		return -1;
	for (size_t i = 0; i < nops; i++) {
		const hd_op *op = &ops[i];
		const uint8_t *p = it->bytes + op->offset, *end = p + op->size;
		uint64_t u;

		if (i > 0)
			hd_buf_put(out, "; ", 2);
		if (op->id != HD_OP_LLVM_aspace_bregx) {
			hd_print_op(out, op, &enc, NULL);
			continue;
		}
		/* the opcode, in llvm-user the sub-opcode, the register: what is
		 * left is the displacement's bytes */
		p++;
		if (profile == HD_PROFILE_LLVM_USER)
			p += leb_len(p, (size_t)(end - p));
		p += leb_len(p, (size_t)(end - p));
		if (p >= end || read_uleb(p, (size_t)(end - p), &u) != 0 || u == op->u[1]) {
			hd_print_op(out, op, &enc, NULL);
			continue;
		}
		hd_buf_printf(out, "DW_OP_LLVM_aspace_bregx %" PRIu64 " %" PRIu64, op->u[0], u);
		differs = 1;
	}
	free(ops);
	if (out->failed)
		return oom(st);
	if (!differs)
		out->len = start;
	return differs;
}
