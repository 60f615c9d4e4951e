/* The DIE trees of a canonical DWARF dump (docs/dwarf-dump.md), read back
 * from its text so the conformance check can compare a candidate's DWARF
 * with the reference's fact by fact. The dump already names every value
 * and prints references as paths; this file only rebuilds the tree and
 * resolves those paths. */
#ifndef HC_DUMPTREE_H
#define HC_DUMPTREE_H

#include <stddef.h>

#include "util/status.h"

/* Bounds on a dump, so a hostile object cannot exhaust the judge. */
#define HC_DUMP_MAX_DIES 500000u
#define HC_DUMP_MAX_DEPTH 256u

#define HC_NO_DIE ((size_t)-1)

typedef struct hc_dattr {
	const char *name;     /* "type", without DW_AT_ */
	const char *cls;      /* "constant", "reference", "exprloc", ..., or "entry" for a
	                       * list entry line under the attribute before it */
	const char *value;    /* the rest of the line; "" when none */
} hc_dattr;

typedef struct hc_die {
	const char *tag;      /* "base_type", without DW_TAG_ */
	const char *name;     /* the name as printed, quotes and escapes included; NULL */
	const char *path;     /* "/structure_type "s"/member "x"#2", as references print it */
	size_t parent;        /* HC_NO_DIE for a unit's root */
	size_t end;           /* one past the last DIE of its subtree: its children are
	                       * i + 1, then each child's end, up to end */
	size_t unit;          /* index of the unit's root */
	unsigned address_size;  /* the unit's */
	unsigned version;       /* the unit's DWARF version, from its header */
	size_t attr, nattr;   /* its attributes: attrs[attr .. attr + nattr) */
} hc_die;

/* An FDE that starts at a named function's low pc (`fde function "NAME"
 * +0x0`), with the CFA rule of its first row: what a debugger unwinding
 * from the function's entry has (docs/conformance-rules.md, "Call
 * frames"). FDEs of unnamed code, or starting inside a function, are not
 * kept. */
typedef struct hc_dframe {
	const char *name;     /* as printed, quotes and escapes included */
	const char *cfa;      /* the CFA rule of row +0x0 up to its first blank outside
	                         braces ("none", "s32+0", "{ ... }"); NULL: no row there */
} hc_dframe;

typedef struct hc_dump {
	char *text;           /* the dump, cut into NUL-terminated fields */
	char *paths;          /* storage of the paths */
	hc_die *dies;         /* in dump order: a parent before its children */
	size_t ndies;
	hc_dattr *attrs;
	size_t nattrs;
	struct hc_dkey *keys; /* every DIE by (unit, path), sorted */
	hc_dframe *frames;    /* in dump order */
	size_t nframes;
	int intel_gt;         /* the dump says `encoding intel-gt`: an Intel GPU object */
	int source_only;      /* set by its user: facts leave out what the target decides */
} hc_dump;

/* Reads a dump's text (len bytes); name labels messages, which give the
 * line and the rule broken. The text is copied. */
int hc_dump_parse(const char *text, size_t len, const char *name, hc_dump *d, hd_status *st);
void hc_dump_free(hc_dump *d);

/* The DIE a `reference` value names from a DIE of unit, or HC_NO_DIE
 * (another unit's DIE, or no such path). */
size_t hc_dump_resolve(const hc_dump *d, size_t unit, const char *value);
/* The value of the DIE's attribute name, or NULL. */
const char *hc_dump_attr(const hc_dump *d, size_t die, const char *name);

#endif
