/* The canonical DWARF dump (docs/dwarf-dump.md): any ELF object's debug
 * info read through libdwarf and printed as offset-free, order-independent
 * text, so two objects holding the same debug info dump identically however
 * their DIEs, strings and lists are laid out. Expressions and CFI
 * instructions are decoded from their raw bytes by reference/dwarf, because
 * Debian's libdwarf 20210528 knows no DW_OP_LLVM_* or DW_CFA_LLVM_*. */
#ifndef HD_DUMP_H
#define HD_DUMP_H

#include "dwarf/ops.h"
#include "util/buf.h"
#include "util/status.h"

typedef struct hd_dump_options {
	hd_profile profile;   /* how to decode extension ops (amdgpu-v0 by default) */
	unsigned wave_size;   /* for register names: 64 unless the object says 32 */
} hd_dump_options;

/* Appends the dump of the object at path. Errors: HD_BAD_INPUT when the file
 * is not an ELF libdwarf can read, or its DWARF is malformed (st->msg names
 * the section and libdwarf's error); HD_NO_MEMORY. Nothing is appended on
 * error (after HD_NO_MEMORY out is marked failed). The dump is written into
 * out in place, not copied into it. An object with no debug info dumps as a
 * one-line notice. */
int hd_dwarf_dump(const char *path, const hd_dump_options *o, hd_buf *out,
                  hd_status *st);

#endif
