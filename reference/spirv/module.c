/* Reading a SPIR-V binary into instructions and an id map.
 *
 * The walk stops with HD_BAD_INPUT only where it cannot go on: a missing or
 * unknown header, a word count of zero, an instruction running past the end.
 * Everything else a module can get wrong about ids (an id at or beyond the
 * header's bound, an id defined twice) is a diagnostic, so one run reports
 * all of it. Memory is linear in the module size whatever the bound says:
 * the id map's array reaches HD_SPV_MAX_SPARSE_IDS past the word count at
 * most, and the ids beyond it go to a sorted table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv_impl.h"
#include "../util/file.h"

#define SPV_MAGIC 0x07230203u

static uint32_t bswap32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

/* The id map (spirv.h): an array for the ids below cap, a sorted table for
 * the rest. A hash table keyed by ids the input picks could be steered
 * into collisions; neither of these can. */
static int idmap_init(hd_spv_idmap *map, uint32_t cap, uint32_t nfar)
{
	memset(map, 0, sizeof *map);
	map->cap = cap;
	map->def = malloc((size_t)cap * sizeof *map->def);
	map->far = malloc((size_t)(nfar ? nfar : 1) * sizeof *map->far);
	if (map->def == NULL || map->far == NULL)
		return -1;
	for (uint32_t i = 0; i < cap; i++)
		map->def[i] = -1;
	return 0;
}

/* Sorts the far ids by id, keeping instruction order among equal ids, so
 * an id's first entry is its first definition. A radix sort: four passes
 * whatever the ids, where a comparison sort could meet its worst case. */
static int sort_far(hd_spv_idmap *map)
{
	hd_spv_farid *from = map->far, *to = malloc((size_t)(map->nfar ? map->nfar : 1) *
	                                            sizeof *to), *t;

	if (to == NULL)
		return -1;
	for (unsigned shift = 0; shift < 32; shift += 8) {
		uint32_t at[257] = { 0 };
		for (uint32_t i = 0; i < map->nfar; i++)
			at[((from[i].id >> shift) & 0xffu) + 1]++;
		for (unsigned b = 0; b < 256; b++)
			at[b + 1] += at[b];
		for (uint32_t i = 0; i < map->nfar; i++)
			to[at[(from[i].id >> shift) & 0xffu]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	free(to);  /* four passes: the sorted entries are back in map->far */
	return 0;
}

/* The index in far of id's first entry, or nfar; *probes counts the
 * entries examined, at most 1 + log2(nfar). */
static uint32_t far_find(const hd_spv_idmap *map, uint32_t id, uint64_t *probes)
{
	uint32_t lo = 0, hi = map->nfar;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		(*probes)++;
		if (map->far[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < map->nfar && map->far[lo].id == id ? lo : map->nfar;
}

/* Returns the insn index already stored for id, or -1 when insn i is its
 * first definition (far ids were stored, sorted, before this walk). */
static int32_t idmap_put(hd_spv_idmap *map, uint32_t id, uint32_t i)
{
	int32_t first;

	if (id < map->cap) {
		map->probes++;
		if (map->def[id] < 0)
			map->def[id] = (int32_t)i;
		first = map->def[id];
	} else {
		first = (int32_t)map->far[far_find(map, id, &map->probes)].insn;
	}
	if (first != (int32_t)i)
		return first;
	map->count++;
	return -1;
}

int32_t hd_spv_def(const hd_spv_module *m, uint32_t id)
{
	const hd_spv_idmap *map = &m->ids;
	uint64_t probes = 0;
	uint32_t k;

	if (id < map->cap)
		return id != 0 ? map->def[id] : -1;
	k = far_find(map, id, &probes);
	return k < map->nfar ? (int32_t)map->far[k].insn : -1;
}

/* Builds the id map and reports ids at or past the bound and ids defined
 * twice, in instruction order. */
static int build_ids(hd_spv_module *m, uint32_t largest)
{
	uint64_t reach = (uint64_t)m->nwords + HD_SPV_MAX_SPARSE_IDS;
	uint32_t cap = (uint32_t)(largest < reach ? largest : reach) + 1, nfar = 0;

	for (uint32_t i = 0; i < m->ninsns; i++)
		nfar += m->insns[i].result >= cap;
	if (idmap_init(&m->ids, cap, nfar) != 0)
		return -1;
	for (uint32_t i = 0; i < m->ninsns; i++)
		if (m->insns[i].result >= cap)
			m->ids.far[m->ids.nfar++] = (hd_spv_farid){ m->insns[i].result, i };
	if (sort_far(&m->ids) != 0)
		return -1;
	for (uint32_t i = 0; i < m->ninsns; i++) {
		hd_spv_insn *in = &m->insns[i];
		int32_t prev;

		if (!in->result)
			continue;
		if (in->result >= m->bound)
			hd_spv_diag_add(m, "SPIR-V", NULL, "id-bound", NULL, in->offset, in->result,
			                "result id %%%u is not below the header's bound %u", in->result,
			                m->bound);
		prev = idmap_put(&m->ids, in->result, i);
		if (prev >= 0)
			hd_spv_diag_add(m, "SPIR-V", NULL, "id-redefined", NULL, in->offset,
			                in->result, "%%%u is already defined at word %u", in->result,
			                m->insns[prev].offset);
	}
	return 0;
}

const hd_spv_insn *hd_spv_def_insn(const hd_spv_module *m, uint32_t id)
{
	int32_t i = hd_spv_def(m, id);
	return i < 0 ? NULL : &m->insns[i];
}

/* Result type and result id positions come from the core grammar; OpExtInst
 * and unknown opcodes fall back to "none" (an unknown opcode cannot define an
 * id we would know how to use). */
static void set_result(hd_spv_module *m, hd_spv_insn *in)
{
	const hd_spv_coreop *op = hd_spv_coreop_by_opcode(in->opcode);
	const uint32_t *w = m->words + in->offset;
	unsigned k = 1;

	if (!op)
		return;
	if (op->has_type && k < in->nwords)
		in->type = w[k++];
	if (op->has_result && k < in->nwords)
		in->result = w[k];
}

static int fail_at(hd_status *st, uint32_t word, const char *code, const char *what)
{
	return hd_fail(st, HD_BAD_INPUT, code, word, "word %u: %s [SPIR-V/%s]", word, what,
	               code);
}

/* Takes ownership of words (host order). */
static int read_words(uint32_t *words, size_t nwords, int swapped, hd_spv_module **out,
                      hd_status *st)
{
	hd_spv_module *m;
	size_t pos, n;
	uint32_t largest = 0;

	if (nwords < 5) {
		free(words);
		return fail_at(st, (uint32_t)nwords, "header", "the 5-word header is incomplete");
	}
	m = calloc(1, sizeof *m);
	if (!m) {
		free(words);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	m->words = words;
	m->nwords = nwords;
	m->swapped = swapped;
	m->version = words[1];
	m->generator = words[2];
	m->bound = words[3];
	if (words[4] != 0) {
		hd_spv_free(m);
		return fail_at(st, 4, "header", "the schema word must be 0");
	}

	/* First pass: count and check the instruction framing. */
	n = 0;
	for (pos = 5; pos < nwords; n++) {
		uint32_t count = words[pos] >> 16;
		if (count == 0) {
			hd_spv_free(m);
			return fail_at(st, (uint32_t)pos, "word-count", "an instruction's word count is 0");
		}
		if (count > nwords - pos) {
			hd_spv_free(m);
			return fail_at(st, (uint32_t)pos, "truncated",
			               "the instruction runs past the end of the module");
		}
		pos += count;
	}
	m->insns = calloc(n ? n : 1, sizeof *m->insns);
	if (!m->insns) {
		hd_spv_free(m);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	m->ninsns = (uint32_t)n;
	for (pos = 5, n = 0; pos < nwords; n++) {
		hd_spv_insn *in = &m->insns[n];
		in->offset = (uint32_t)pos;
		in->opcode = (uint16_t)(words[pos] & 0xffffu);
		in->nwords = (uint16_t)(words[pos] >> 16);
		in->node = -1;
		in->function = -1;
		if (in->opcode == SpvOpExtInst && in->nwords >= 3) {
			in->type = words[pos + 1];
			in->result = words[pos + 2];
		} else {
			set_result(m, in);
		}
		if (in->result > largest)
			largest = in->result;
		pos += in->nwords;
	}

	if (build_ids(m, largest) != 0) {
		hd_spv_free(m);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	*out = m;
	return 0;
}

/* Takes ownership of words, which holds the module's n bytes as the file
 * has them followed by HD_SPV_WORD_PAD zero words (the interpreter's
 * handlers read an instruction's operands at fixed positions, and a damaged
 * last instruction then reads id 0, no value, rather than past the buffer:
 * found by fuzz_exec, an OpUndef of one word). */
static int read_file_words(uint32_t *words, size_t n, hd_spv_module **out, hd_status *st)
{
	size_t nwords = n / 4;
	int swapped;

	if (n % 4 != 0) {
		free(words);
		return fail_at(st, (uint32_t)nwords, "truncated",
		               "the file size is not a multiple of 4 bytes");
	}
	if (nwords == 0) {
		free(words);
		return fail_at(st, 0, "header", "the module is empty");
	}
	if (words[0] == SPV_MAGIC) {
		swapped = 0;
	} else if (words[0] == bswap32(SPV_MAGIC)) {
		swapped = 1;
		for (size_t i = 0; i < nwords; i++)
			words[i] = bswap32(words[i]);
	} else {
		free(words);
		return fail_at(st, 0, "header", "the first word is not the SPIR-V magic number");
	}
	return read_words(words, nwords, swapped, out, st);
}

int hd_spv_read_binary(const uint8_t *bytes, size_t n, hd_spv_module **out, hd_status *st)
{
	uint32_t *words;

	hd_status_clear(st);
	*out = NULL;
	if (n > HD_SPV_MAX_BYTES)
		return hd_fail(st, HD_BAD_INPUT, "size-limit", 0,
		               "the module is larger than %u MiB [SPIR-V/size-limit]",
		               HD_SPV_MAX_BYTES >> 20);
	words = calloc(n / 4 + 1 + HD_SPV_WORD_PAD, sizeof *words);
	if (!words)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	memcpy(words, bytes, n);
	return read_file_words(words, n, out, st);
}

static int is_binary(const uint8_t *data, size_t len)
{
	uint32_t w;

	if (len < 4)
		return 0;
	memcpy(&w, data, 4);
	return w == SPV_MAGIC || w == bswap32(SPV_MAGIC);
}

int hd_spv_load(const char *path, hd_spv_module **out, hd_status *st)
{
	hd_buf file;
	const uint8_t *data;
	size_t len;
	int rc;

	hd_status_clear(st);
	*out = NULL;
	hd_buf_init(&file);
	if (hd_read_file(path, HD_SPV_MAX_BYTES, &file, st) != 0)
		return -1;
	data = file.data;
	len = file.len;
	if (is_binary(data, len)) {
		/* the file's buffer becomes the module's words: a module of
		 * tens of MiB is not copied */
		static const uint8_t pad[4 * (1 + HD_SPV_WORD_PAD)];
		hd_buf_put(&file, pad, sizeof pad);
		if (file.failed) {
			hd_buf_free(&file);
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		}
		rc = read_file_words((uint32_t *)(void *)file.data, len, out, st);
		hd_buf_init(&file);
	} else {
		uint32_t *words;
		size_t nwords;
		rc = hd_spv_assemble((const char *)data, len, &words, &nwords, st);
		if (rc == 0)
			rc = read_words(words, nwords, 0, out, st);
	}
	hd_buf_free(&file);
	return rc;
}

void hd_spv_free(hd_spv_module *m)
{
	if (!m)
		return;
	for (uint32_t i = 0; i < m->nfunctions; i++) {
		free(m->functions[i].scopes);
		free(m->functions[i].lines);
		free(m->functions[i].points);
	}
	free(m->functions);
	free(m->nodes);
	free(m->diags);
	free(m->ids.def);
	free(m->ids.far);
	free(m->insns);
	free(m->words);
	free(m);
}

const char *hd_spv_string(const hd_spv_module *m, uint32_t id)
{
	const hd_spv_insn *in = hd_spv_def_insn(m, id);
	const char *s;
	size_t room;

	if (!in || in->opcode != SpvOpString || in->nwords < 3)
		return NULL;
	/* The literal must end with a NUL inside the instruction. */
	s = (const char *)(m->words + in->offset + 2);
	room = (size_t)(in->nwords - 2) * 4;
	return memchr(s, 0, room) ? s : NULL;
}

int hd_spv_int_constant(const hd_spv_module *m, uint32_t id, uint64_t *value,
                        unsigned *width, int *is_signed)
{
	const hd_spv_insn *in = hd_spv_def_insn(m, id), *ty;
	const uint32_t *w;
	uint64_t v;
	unsigned bits;

	if (!in || in->opcode != SpvOpConstant || in->nwords < 4)
		return -1;
	ty = hd_spv_def_insn(m, in->type);
	if (!ty || ty->opcode != SpvOpTypeInt || ty->nwords != 4)
		return -1;
	bits = m->words[ty->offset + 2];
	if (bits == 0 || bits > 64 || in->nwords != 3 + (bits + 31) / 32)
		return -1;
	w = m->words + in->offset + 3;
	v = w[0];
	if (bits > 32)
		v |= (uint64_t)w[1] << 32;
	if (bits < 64)
		v &= (UINT64_C(1) << bits) - 1;
	if (m->words[ty->offset + 3] && bits < 64 && (v >> (bits - 1)) & 1)
		v |= ~((UINT64_C(1) << bits) - 1);
	*value = v;
	if (width)
		*width = bits;
	if (is_signed)
		*is_signed = m->words[ty->offset + 3] != 0;
	return 0;
}
