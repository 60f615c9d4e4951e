/* Reading vISA debug information (docs/visa.md, "The format"): the whole
 * file into the structures of visa.h, in one pass, without recursion.
 *
 * Nothing is trusted. A count is checked against the bytes left before the
 * array it counts is allocated (each element has a known minimum size), so
 * a hostile count fails at once instead of allocating; all memory comes
 * from a pool capped at a fixed multiple of the file size. An error
 * names the byte offset and the field by its path in the appendix's
 * structures, e.g. "offset 0x1c: DebugInfoFormat[0].VarInfo[3].nameLen: 40
 * bytes run past the end of the file (12 left)". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa.h"

/* The smallest encoding of each element, for checking counts. */
enum {
	MIN_OBJECT = 2 + 4 + 4 + 4 + 4 + 2 + 2 + 3 + 2 + 2,
	MIN_MAP_ENTRY = 8,
	MIN_VAR = 2 + 2,
	MIN_VISA_INTERVAL = 2 + 2 + 1 + 1 + 4,
	MIN_GEN_INTERVAL = 4 + 4 + 1 + 1 + 4,
	MIN_SUB = 2 + 4 + 4 + 2,
	MIN_SAVE_IP = 4 + 2,
	MIN_SAVE = 2 + 2 + 1 + 4
};

/* The pool may hold this many bytes per byte of input. An array is
 * allocated when its count is read, against the minimum size of its
 * elements in what is left of the file, and the arrays inside its first
 * element are allocated against the same bytes before the later elements
 * are read. So the ratios of the arrays nested in one another add up: a
 * compiled object is 288 bytes in memory for its 29 in the file (under 10
 * per byte), a variable inside it 48 for 4 (12), an interval inside that
 * 24 for 10 (2.4), and each array's alignment adds under 2: under 27 per
 * byte. (16, the largest single ratio and the alignment, was refused by
 * fuzz_visa with a 160-byte file of five objects whose first held 32
 * variables.) */
#define POOL_PER_BYTE 32
#define POOL_SLACK 256
#define POOL_CHUNK (1u << 20)

/* A block of the pool: its bytes follow the header. */
struct hd_visa_block {
	struct hd_visa_block *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

/* n zeroed bytes, 16-aligned, from the pool; NULL past the cap. The first
 * block fits a small file whole, so reading one costs one malloc. */
static void *pool_alloc(hd_visa_file *f, size_t n)
{
	struct hd_visa_block *b = f->blocks;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (n > f->pool_cap - f->pool_used)
		return NULL;
	if (b == NULL || b->size - b->used < n) {
		size_t want = f->pool_cap - f->pool_used < POOL_CHUNK ? f->pool_cap - f->pool_used
		                                                     : POOL_CHUNK;
		if (want < n)
			want = n;
		b = malloc(sizeof *b + want);
		if (b == NULL)
			return NULL;
		b->size = want;
		b->used = 0;
		b->next = f->blocks;
		f->blocks = b;
	}
	p = b->data + b->used;
	b->used += n;
	f->pool_used += n;
	memset(p, 0, n);
	return p;
}

/* Where the reader is, as a path of up to four structures with indices,
 * formatted only when an error needs it. */
typedef struct level {
	const char *name;
	long index;  /* -1: not an array element */
} level;

typedef struct rd {
	const uint8_t *p;
	size_t len, pos;
	hd_visa_file *f;  /* whose pool the arrays come from */
	hd_status *st;
	level path[4];
	int depth;
} rd;

static void enter(rd *r, const char *name, long index)
{
	if (r->depth < 4)
		r->path[r->depth] = (level){ name, index };
	r->depth++;
}

static void leave(rd *r)
{
	r->depth--;
}

/* The path to field, e.g. DebugInfoFormat[0].VarInfo[3].nameLen. */
static void path_text(const rd *r, const char *field, char *buf, size_t cap)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < r->depth && i < 4; i++) {
		const level *l = &r->path[i];
		int k = l->index >= 0 ? snprintf(buf + used, cap - used, "%s[%ld].", l->name, l->index)
		                      : snprintf(buf + used, cap - used, "%s.", l->name);
		if (k < 0 || (size_t)k >= cap - used)
			return;
		used += (size_t)k;
	}
	snprintf(buf + used, cap - used, "%s", field);
}

/* A failure at offset at, naming field: "offset 0x..: PATH.field: why". */
static int fail_at(rd *r, size_t at, const char *field, const char *why)
{
	char path[160];

	path_text(r, field, path, sizeof path);
	return hd_fail(r->st, HD_BAD_INPUT, "visa/truncated", at, "offset 0x%zx: %s: %s", at, path,
	               why);
}

static size_t left(const rd *r)
{
	return r->len - r->pos;
}

/* A little-endian field of nbytes. */
static int field(rd *r, unsigned nbytes, const char *name, uint32_t *v)
{
	char why[96];
	uint32_t x = 0;

	if (left(r) < nbytes) {
		snprintf(why, sizeof why, "a %u-byte field runs past the end of the file (%zu left)",
		         nbytes, left(r));
		return fail_at(r, r->pos, name, why);
	}
	for (unsigned i = 0; i < nbytes; i++)
		x |= (uint32_t)r->p[r->pos + i] << (8 * i);
	r->pos += nbytes;
	*v = x;
	return 0;
}

static int u8(rd *r, const char *name, uint8_t *v)
{
	uint32_t x = 0;  /* set on success; quiets -Wmaybe-uninitialized */

	if (field(r, 1, name, &x) != 0)
		return -1;
	*v = (uint8_t)x;
	return 0;
}

static int u16(rd *r, const char *name, uint16_t *v)
{
	uint32_t x = 0;  /* set on success; quiets -Wmaybe-uninitialized */

	if (field(r, 2, name, &x) != 0)
		return -1;
	*v = (uint16_t)x;
	return 0;
}

static int u32(rd *r, const char *name, uint32_t *v)
{
	return field(r, 4, name, v);
}

/* Checks that count elements of at least min bytes fit in what is left (the
 * count was just read at count_at) and allocates them; *out stays NULL for
 * none. */
static int array(rd *r, size_t count_at, const char *name, uint32_t count, size_t min,
                 size_t elem, void **out)
{
	char why[128];

	*out = NULL;
	if (count == 0)
		return 0;
	if (count > left(r) / min) {
		snprintf(why, sizeof why,
		         "%lu elements of at least %zu bytes run past the end of the file (%zu left)",
		         (unsigned long)count, min, left(r));
		return fail_at(r, count_at, name, why);
	}
	*out = pool_alloc(r->f, (size_t)count * elem);
	if (*out == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "visa/size-limit", count_at,
		               "offset 0x%zx: out of memory for %lu elements", count_at,
		               (unsigned long)count);
	return 0;
}

/* uw length, then that many bytes (not NUL-terminated). */
static int name(rd *r, const char *len_field, hd_visa_name *n)
{
	size_t at = r->pos;
	char why[96];

	if (u16(r, len_field, &n->len) != 0)
		return -1;
	if (n->len > left(r)) {
		snprintf(why, sizeof why, "%u bytes run past the end of the file (%zu left)",
		         (unsigned)n->len, left(r));
		return fail_at(r, at, len_field, why);
	}
	n->p = r->p + r->pos;
	r->pos += n->len;
	return 0;
}

/* VarLiveIntervalsVISA (wide 0: uw start and end) or VarLiveIntervalsGenISA
 * (wide 1: ud), each interval with its 4-byte location union. */
static int intervals(rd *r, int wide, const char *what, hd_visa_intervals *l)
{
	const char *iname = wide ? "IntervalGenISA" : "IntervalVISA";
	void *v;

	l->offset = r->pos;
	enter(r, what, -1);
	if (u16(r, "numIntervals", &l->n) != 0 ||
	    array(r, l->offset, "numIntervals", l->n, wide ? MIN_GEN_INTERVAL : MIN_VISA_INTERVAL,
	          sizeof *l->v, &v) != 0)
		return -1;
	l->v = v;
	for (uint16_t i = 0; i < l->n; i++) {
		hd_visa_interval *in = &l->v[i];
		uint16_t s16 = 0, e16 = 0;
		int rc;

		in->offset = r->pos;
		enter(r, iname, i);
		if (wide)
			rc = u32(r, "start", &in->start) || u32(r, "end", &in->end);
		else
			rc = u16(r, "start", &s16) || u16(r, "end", &e16);
		if (rc != 0 || u8(r, "virtualType", &in->vtype) != 0 ||
		    u8(r, "physicalType", &in->ptype) != 0 || u32(r, "location", &in->loc) != 0)
			return -1;
		if (!wide) {
			in->start = s16;
			in->end = e16;
		}
		leave(r);
	}
	leave(r);
	return 0;
}

static int map(rd *r, const char *what, hd_visa_map *m)
{
	void *v;

	m->offset = r->pos;
	enter(r, what, -1);
	if (u32(r, "numElements", &m->n) != 0 ||
	    array(r, m->offset, "numElements", m->n, MIN_MAP_ENTRY, sizeof *m->v, &v) != 0)
		return -1;
	m->v = v;
	for (uint32_t i = 0; i < m->n; i++) {
		enter(r, "VISAMap", (long)i);
		if (u32(r, "visaOffset", &m->v[i].visa) != 0 || u32(r, "genOffset", &m->v[i].gen) != 0)
			return -1;
		leave(r);
	}
	leave(r);
	return 0;
}

static int vars(rd *r, hd_visa_object *o)
{
	void *v;

	o->vars_offset = r->pos;
	if (u32(r, "vars.numElements", &o->nvars) != 0 ||
	    array(r, o->vars_offset, "vars.numElements", o->nvars, MIN_VAR, sizeof *o->vars, &v) != 0)
		return -1;
	o->vars = v;
	for (uint32_t i = 0; i < o->nvars; i++) {
		hd_visa_var *var = &o->vars[i];

		var->offset = r->pos;
		enter(r, "VarInfo", (long)i);
		if (name(r, "nameLen", &var->name) != 0 || intervals(r, 0, "lr", &var->lr) != 0)
			return -1;
		leave(r);
	}
	return 0;
}

static int subs(rd *r, hd_visa_object *o)
{
	void *v;

	o->subs_offset = r->pos;
	if (u16(r, "numSubs", &o->nsubs) != 0 ||
	    array(r, o->subs_offset, "numSubs", o->nsubs, MIN_SUB, sizeof *o->subs, &v) != 0)
		return -1;
	o->subs = v;
	for (uint16_t i = 0; i < o->nsubs; i++) {
		hd_visa_sub *s = &o->subs[i];

		s->offset = r->pos;
		enter(r, "SubroutineInfo", i);
		if (name(r, "nameLen", &s->name) != 0 || u32(r, "start", &s->start) != 0 ||
		    u32(r, "end", &s->end) != 0 || intervals(r, 0, "retval", &s->retval) != 0)
			return -1;
		leave(r);
	}
	return 0;
}

/* RegInfoMapping: the 4 bytes of dst are a Register or a Memory either way. */
static int save_entries(rd *r, hd_visa_save_ip *ip)
{
	size_t at = r->pos;
	void *v;

	if (u16(r, "numEntries", &ip->n) != 0 ||
	    array(r, at, "numEntries", ip->n, MIN_SAVE, sizeof *ip->v, &v) != 0)
		return -1;
	ip->v = v;
	for (uint16_t i = 0; i < ip->n; i++) {
		hd_visa_save *s = &ip->v[i];

		s->offset = r->pos;
		enter(r, "RegInfoMapping", i);
		if (u16(r, "srcRegOff", &s->src) != 0 || u16(r, "numBytes", &s->nbytes) != 0 ||
		    u8(r, "dstInReg", &s->in_reg) != 0 || u32(r, "dst", &s->dst) != 0)
			return -1;
		leave(r);
	}
	return 0;
}

static int saves(rd *r, const char *count_field, const char *what, hd_visa_saves *t)
{
	void *v;

	t->offset = r->pos;
	if (u16(r, count_field, &t->n) != 0 ||
	    array(r, t->offset, count_field, t->n, MIN_SAVE_IP, sizeof *t->v, &v) != 0)
		return -1;
	t->v = v;
	for (uint16_t i = 0; i < t->n; i++) {
		hd_visa_save_ip *ip = &t->v[i];

		ip->offset = r->pos;
		enter(r, what, i);
		if (u32(r, "genIPOffset", &ip->ip) != 0 || save_entries(r, ip) != 0)
			return -1;
		leave(r);
	}
	return 0;
}

/* CallFrameInfo. A list follows its valid byte when the byte is not 0, as
 * IGC's own reader (IGC/DebugInfo/VISADebugDecoder.hpp) reads it; a byte
 * other than 0 or 1 is a rule, not a reading error. */
static int frame(rd *r, hd_visa_frame *f)
{
	static const char *const valid_name[HD_VISA_NFP] = { "befpValid", "callerbefpValid",
		                                             "retAddrValid" };
	static const char *const list_name[HD_VISA_NFP] = { "befp", "callerbefp", "retAddr" };

	f->offset = r->pos;
	enter(r, "CallFrameInfo", -1);
	if (u16(r, "frameSizeInBytes", &f->size) != 0)
		return -1;
	for (int k = 0; k < HD_VISA_NFP; k++) {
		f->valid_offset[k] = r->pos;
		if (u8(r, valid_name[k], &f->valid[k]) != 0)
			return -1;
		if (f->valid[k] != 0 && intervals(r, 1, list_name[k], &f->fp[k]) != 0)
			return -1;
	}
	if (saves(r, "numCalleeSaveEntries", "calleeSaveEntry", &f->callee) != 0 ||
	    saves(r, "numCallerSaveEntries", "callerSaveEntry", &f->caller) != 0)
		return -1;
	leave(r);
	return 0;
}

static int object(rd *r, hd_visa_object *o)
{
	o->offset = r->pos;
	if (name(r, "objectNameLen", &o->name) != 0 || u32(r, "reloc_offset", &o->reloc) != 0 ||
	    map(r, "offsetMap", &o->offset_map) != 0 || map(r, "indexMap", &o->index_map) != 0 ||
	    vars(r, o) != 0 || subs(r, o) != 0 || frame(r, &o->frame) != 0)
		return -1;
	return 0;
}

int hd_visa_read(const uint8_t *p, size_t n, hd_visa_file **out, hd_status *st)
{
	hd_visa_file *f;
	void *objs;
	rd r;

	*out = NULL;
	if (n > HD_VISA_MAX_FILE)
		return hd_fail(st, HD_BAD_INPUT, "visa/size-limit", 0,
		               "the file is larger than %u MiB", HD_VISA_MAX_FILE >> 20);
	f = calloc(1, sizeof *f);
	if (f == NULL)
		return hd_fail(st, HD_NO_MEMORY, "visa/size-limit", 0, "out of memory");
	f->pool_cap = POOL_PER_BYTE * n + POOL_SLACK;
	f->bytes = p;
	f->size = n;
	memset(&r, 0, sizeof r);
	r.p = p;
	r.len = n;
	r.f = f;
	r.st = st;
	enter(&r, "DebugFormatHeader", -1);
	if (u32(&r, "magic_number", &f->magic) != 0 ||
	    u16(&r, "numCompiledObjects", &f->nobjects) != 0 ||
	    array(&r, 4, "numCompiledObjects", f->nobjects, MIN_OBJECT, sizeof *f->objects,
	          &objs) != 0)
		goto fail;
	leave(&r);
	f->objects = objs;
	for (uint16_t i = 0; i < f->nobjects; i++) {
		enter(&r, "DebugInfoFormat", i);
		if (object(&r, &f->objects[i]) != 0)
			goto fail;
		leave(&r);
	}
	f->end = r.pos;
	*out = f;
	return 0;
fail:
	hd_visa_free(f);
	return -1;
}

void hd_visa_free(hd_visa_file *f)
{
	if (f == NULL)
		return;
	while (f->blocks != NULL) {
		struct hd_visa_block *next = f->blocks->next;
		free(f->blocks);
		f->blocks = next;
	}
	free(f);
}

uint16_t hd_visa_regnum(uint32_t loc)
{
	return (uint16_t)(loc & 0xffff);
}

uint16_t hd_visa_subreg(uint32_t loc)
{
	return (uint16_t)(loc >> 16);
}

/* Bits 0-30, two's complement: IGC's writer masks a 31-bit field into them
 * and its reader sign-extends from bit 30. */
int32_t hd_visa_mem_offset(uint32_t loc)
{
	uint32_t v = loc & 0x7fffffffu;

	return (v & 0x40000000u) ? -(int32_t)(0x80000000u - v) : (int32_t)v;
}

int hd_visa_mem_absolute(uint32_t loc)
{
	return (loc >> 31) != 0;
}
