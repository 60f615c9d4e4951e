/* Writing generated cases, and the seeded random stream. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "hdgen.h"
#include "util/file.h"

static int good_name(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '.' ||
		      *s == '_' || *s == '-'))
			return 0;
	return 1;
}

/* Linear search is too slow for thousands of names; a sorted insert keeps
 * the check O(log n) per lookup and the code small. */
static int remember(gen_out *g, const char *key)
{
	size_t lo = 0, hi = g->nnames;
	char *copy;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(g->names[mid], key);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (g->nnames == g->cap) {
		size_t n = g->cap ? g->cap * 2 : 1024;
		char **p = realloc(g->names, n * sizeof *p);
		if (p == NULL)
			return -1;
		g->names = p;
		g->cap = n;
	}
	if ((copy = strdup(key)) == NULL)
		return -1;
	memmove(&g->names[lo + 1], &g->names[lo], (g->nnames - lo) * sizeof g->names[0]);
	g->names[lo] = copy;
	g->nnames++;
	return 0;
}

int gen_case(gen_out *g, const char *kind, const char *name, const char *ext,
             const hd_buf *text)
{
	char key[512], path[1024];
	int seen;

	if (!good_name(kind) || !good_name(name) || !good_name(ext))
		return hd_fail(g->st, HD_INTERNAL, "gen-name", 0,
		               "generated case name %s/%s.%s is not [a-z0-9._-]", kind, name, ext);
	if (text->failed)
		return hd_fail(g->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	snprintf(key, sizeof key, "%s/%s.%s", kind, name, ext);
	seen = remember(g, key);
	if (seen < 0)
		return hd_fail(g->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	if (seen)
		return hd_fail(g->st, HD_INTERNAL, "gen-duplicate", 0,
		               "two generated cases are called %s", key);
	snprintf(path, sizeof path, "%s/%s", g->root, kind);
	if (hd_make_dirs(path) != 0)
		return hd_fail(g->st, HD_INTERNAL, "write-failed", 0, "cannot make %s: %s", path,
		               strerror(errno));
	snprintf(path, sizeof path, "%s/%s/gen-%s.%s", g->root, kind, name, ext);
	if (hd_write_file_atomic(path, text->data, text->len, g->st) != 0)
		return -1;
	g->written++;
	return 0;
}

static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void gen_rng_init(gen_rng *r, uint64_t seed, const char *stream)
{
	uint64_t h = 0xcbf29ce484222325ull;  /* FNV-1a of the stream name */

	for (; *stream; stream++)
		h = (h ^ (uint8_t)*stream) * 0x100000001b3ull;
	r->s = mix(seed ^ h);
}

uint64_t gen_rng_next(gen_rng *r)
{
	r->s += 0x9e3779b97f4a7c15ull;
	return mix(r->s);
}

uint64_t gen_rng_below(gen_rng *r, uint64_t n)
{
	return n == 0 ? 0 : gen_rng_next(r) % n;
}
