/* Coverage facts of an expression or call-frame case (cases/expr, cases/cfi):
 * every operation of every expression it holds, every DW_CFA instruction of
 * its CIEs and FDEs, and every reason code its reference outcome reports.
 * The operations and instructions are positive facts when the outcome has
 * no error, negative otherwise; a reason code is always negative. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case/case.h"
#include "coverage.h"
#include "dwarf/cfi/cfi.h"
#include "dwarf/codec/expr.h"
#include "dwarf/codec/ops.h"

/* Deepest DW_OP_entry_value nesting followed. */
#define MAX_NESTING 8

typedef struct seen {
	unsigned char ops[HD_OP_COUNT][32];  /* [id][family member] */
	unsigned char cfa[HD_CFA_COUNT];
} seen;

static void record_expr(seen *s, const uint8_t *bytes, size_t len, const hd_encoding *enc,
                        int depth)
{
	size_t off = 0;
	hd_op op;
	hd_status st;

	if (bytes == NULL || depth > MAX_NESTING)
		return;
	/* decoding stops at the first malformed operation: what precedes it
	 * was still in the case */
	while (off < len && hd_decode_op(bytes, len, off, enc, &op, &st) == 0 && op.size != 0) {
		const hd_op_info *info = &hd_op_table[op.id];
		unsigned member = info->family > 1 ? (unsigned)(bytes[op.offset] - info->code) : 0;
		s->ops[op.id][member < 32 ? member : 0] = 1;
		for (int i = 0; i < 2; i++)
			if (info->opnd[i] == HD_OPND_EXPR && op.block != NULL)
				record_expr(s, op.block, op.block_len, enc, depth + 1);
		off += op.size;
	}
}

static void record_cfa(seen *s, const uint8_t *bytes, size_t len, unsigned addr_size,
                       const hd_encoding *enc)
{
	size_t off = 0;
	hd_cfa_insn in;
	hd_status st;

	while (off < len && hd_cfa_decode(bytes, len, off, addr_size, &in, &st) == 0) {
		s->cfa[in.id] = 1;
		if (in.block != NULL)
			record_expr(s, in.block, in.block_len, enc, 0);
		off += in.size;
	}
}

/* The CIEs and FDEs of cie/fde lines, and of a whole debug-frame section. */
static void record_cfi(seen *s, const hd_case *c)
{
	hd_cfi *cfi = NULL;
	hd_status st;

	for (size_t i = 0; i < c->ncies; i++)
		record_cfa(s, c->cies[i].desc.insns, c->cies[i].desc.insns_len,
		           c->cies[i].desc.address_size, &c->enc);
	for (size_t i = 0; i < c->nfdes; i++)
		record_cfa(s, c->fdes[i].desc.insns, c->fdes[i].desc.insns_len,
		           c->cies[c->fdes[i].desc.cie].desc.address_size, &c->enc);
	if (!c->has_debug_frame ||
	    hd_cfi_parse(c->debug_frame, c->debug_frame_len, 8, &cfi, &st) != 0)
		return;
	for (size_t i = 0; i < cfi->ncies; i++)
		if (cfi->cies[i].known)
			record_cfa(s, cfi->cies[i].insns, cfi->cies[i].insns_len,
			           cfi->cies[i].address_size, &c->enc);
	for (size_t i = 0; i < cfi->nfdes; i++)
		if (cfi->cies[cfi->fdes[i].cie].known)
			record_cfa(s, cfi->fdes[i].insns, cfi->fdes[i].insns_len,
			           cfi->cies[cfi->fdes[i].cie].address_size, &c->enc);
	hd_cfi_free(cfi);
}

/* Every expression a case holds, wherever the format lets one appear. */
static void record_case(seen *s, const hd_case *c)
{
	const hd_encoding *enc = &c->enc;

	record_expr(s, c->expr.bytes, c->expr.len, enc, 0);
	if (c->object != NULL)
		record_expr(s, c->object->bytes, c->object->len, enc, 0);
	for (size_t i = 0; i < c->npush; i++)
		for (uint32_t j = 0; c->push[i].is_loc && j < c->push[i].nalts; j++)
			record_expr(s, c->push[i].alts[j].bytes, c->push[i].alts[j].len, enc, 0);
	for (size_t i = 0; i < c->cu.ndies; i++)
		record_expr(s, c->cu.dies[i].location, c->cu.dies[i].location_len, enc, 0);
	for (size_t i = 0; i < c->nframes; i++)
		record_expr(s, c->frames[i].expr.bytes, c->frames[i].expr.len, enc, 0);
	for (size_t i = 0; i < c->nsubs; i++) {
		const hd_subprogram *sp = &c->subs[i].sub;
		record_expr(s, sp->frame_base, sp->frame_base_len, enc, 0);
		record_expr(s, sp->lane_pc, sp->lane_pc_len, enc, 0);
		record_expr(s, sp->active_lane, sp->active_lane_len, enc, 0);
	}
	record_cfi(s, c);
}

/* "rule eval/<code>" for every error line of the canonical output
 * ("error <kind>: <code>", "error setup <kind>: <code>", and after a read,
 * "read N error <kind>: <code>"). Returns how many there were. */
static int record_errors(const char *text, const char *where, cov_facts *out)
{
	int n = 0;

	for (const char *p = text; p != NULL && *p; ) {
		const char *end = strchr(p, '\n'), *e = strstr(p, "error ");
		size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
		if (e != NULL && (size_t)(e - p) < len) {
			const char *colon = NULL;
			for (const char *q = e; q < p + len; q++)
				if (q[0] == ':' && q[1] == ' ')
					colon = q;
			if (colon != NULL) {
				char fact[160];
				const char *code = colon + 2;
				size_t clen = (size_t)(p + len - code);
				snprintf(fact, sizeof fact, "rule eval/%.*s", (int)clen, code);
				cov_add(out, fact, COV_NEG, where);
				n++;
			}
		}
		p = end != NULL ? end + 1 : NULL;
	}
	return n;
}

static void add_seen(const seen *s, const hd_case *c, int pol, const char *where,
                     cov_facts *out)
{
	const char *profile = hd_profile_name(c->enc.profile);
	char fact[160];

	for (int id = 0; id < HD_OP_COUNT; id++) {
		const hd_op_info *info = &hd_op_table[id];
		for (unsigned m = 0; m < info->family; m++) {
			if (!s->ops[id][m])
				continue;
			if (info->family > 1)
				snprintf(fact, sizeof fact, "DW_OP_%s%u encoding=%s", info->name, m, profile);
			else
				snprintf(fact, sizeof fact, "DW_OP_%s encoding=%s", info->name, profile);
			cov_add(out, fact, pol, where);
		}
	}
	for (int id = 0; id < HD_CFA_COUNT; id++)
		if (s->cfa[id]) {
			snprintf(fact, sizeof fact, "DW_CFA_%s", hd_cfa_table[id].name);
			cov_add(out, fact, pol, where);
		}
}

int cov_case_facts(const char *path, const char *where, cov_facts *out, cov_facts *bad)
{
	hd_case *c;
	hd_status st;
	hd_buf text;
	cov_facts mine = { 0 }, tags = { 0 };
	seen *s;
	int errors;

	if (hd_case_load(path, &c, &st) != 0)
		return -1;
	s = calloc(1, sizeof *s);
	hd_buf_init(&text);
	if (s == NULL || hd_case_run(c, 0, &text, &st) != 0) {
		free(s);
		hd_buf_free(&text);
		hd_case_free(c);
		return -1;
	}
	record_case(s, c);
	errors = record_errors(hd_buf_str(&text), where, &mine);
	add_seen(s, c, errors ? COV_NEG : COV_POS, where, &mine);
	cov_tags(path, "#", where, &tags);
	for (size_t i = 0; i < mine.n; i++)
		cov_add(out, mine.v[i].fact, mine.v[i].pol, where);
	cov_check_tags(&tags, &mine, bad);
	cov_free(&mine);
	free(s);
	hd_buf_free(&text);
	hd_case_free(c);
	return 0;
}
