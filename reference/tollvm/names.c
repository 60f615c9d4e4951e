/* The IR names of the skeleton's functions and globals: the OpName of the
 * OpFunction or OpVariable, else the debug instruction's Name. LLVM wants
 * them unique and not in its intrinsic namespace ("llvm."), so when any two
 * collide, one is empty or one starts with "llvm.", every entity is named
 * by its position instead (f0, f1 ..., g0, g1 ...). Found by sorting a copy
 * of the names, never by a hash table of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "util/sort.h"

typedef struct entry {
	const char *name;
	uint32_t insn;
} entry;

static int by_name(const void *a, const void *b)
{
	const entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->insn > y->insn) - (x->insn < y->insn);
}

/* Whether the names can stand: non-empty, outside "llvm.", no two alike. */
static int names_usable(entry *v, size_t n)
{
	hd_sort(v, n, sizeof *v, by_name);
	for (size_t i = 0; i < n; i++) {
		if (!v[i].name[0] || strncmp(v[i].name, "llvm.", 5) == 0)
			return 0;
		if (i && strcmp(v[i - 1].name, v[i].name) == 0)
			return 0;
	}
	return 1;
}

int hd_tl_names(hd_tl_naming *nm)
{
	entry *v = malloc((nm->count ? nm->count : 1) * sizeof *v);

	if (!v)
		return -1;
	for (size_t i = 0; i < nm->count; i++) {
		v[i].name = nm->names[i] ? nm->names[i] : "";
		v[i].insn = (uint32_t)i;
	}
	nm->fallback = !names_usable(v, nm->count);
	free(v);
	if (!nm->fallback)
		return 0;
	nm->pool = malloc((nm->count ? nm->count : 1) * 24);
	if (!nm->pool)
		return -1;
	for (size_t i = 0; i < nm->count; i++) {
		char *p = nm->pool + i * 24;
		snprintf(p, 24, "%c%zu", nm->is_global[i] ? 'g' : 'f', i);
		nm->names[i] = p;
	}
	return 0;
}
