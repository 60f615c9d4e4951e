/* An object's DWARF loaded into the in-memory units the writer builds
 * (dwarf/die.h), so that what reads the reference's own units (the watch's
 * DWARF side, docs/watch-dwarf.md) reads any producer's alike: a candidate
 * compiler's code object is judged by the same code as the reference.
 * Read through libdwarf like the dump; expressions stay raw bytes. */
#ifndef HD_DUMP_LOAD_H
#define HD_DUMP_LOAD_H

#include <stddef.h>

#include "dwarf/write/die.h"
#include "util/status.h"

typedef struct hd_dwarf_units {
	hd_dw_unit *v;      /* one per compile unit, in file order */
	size_t n;
} hd_dwarf_units;

/* Loads every compile unit of the ELF object at path: its DIEs with their
 * attributes (same-unit references as DIEs, addresses resolved, location
 * and range lists as address ranges), and its line table (file names
 * joined with their directories as the dump prints them: a relative
 * directory stays relative). profile says how the expressions are
 * encoded. An object with no debug info loads as no units. Errors:
 * HD_BAD_INPUT (not ELF, malformed DWARF, a reference to another unit),
 * HD_NO_MEMORY. Nothing is kept on error. An Intel GPU object is read in
 * intel-gt whatever profile says (docs/intel-gt.md). */
int hd_dwarf_load(const char *path, hd_profile profile, hd_dwarf_units *out, hd_status *st);
void hd_dwarf_units_free(hd_dwarf_units *u);

#endif
