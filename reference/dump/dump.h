/* The canonical DWARF dump (docs/dwarf-dump.md): any ELF object's debug
 * info read through libdwarf and printed as offset-free, order-independent
 * text, so two objects holding the same debug info dump identically however
 * their DIEs, strings and lists are laid out. Expressions and CFI
 * instructions are decoded from their raw bytes by reference/dwarf, because
 * Debian's libdwarf 20210528 knows no DW_OP_LLVM_* or DW_CFA_LLVM_*. */
#ifndef HD_DUMP_H
#define HD_DUMP_H

#include <stdio.h>

#include "dwarf/codec/ops.h"
#include "util/buf.h"
#include "util/status.h"

typedef struct hd_dump_options {
	hd_profile profile;   /* how to decode extension ops (amdgpu-v0 by default) */
	unsigned wave_size;   /* for register names: 64 unless the object says 32 */
	int process_exits;    /* the caller exits after this dump: libdwarf's record of
	                         what it allocates is left off, which saves a tenth
	                         of the time, and what its error paths drop goes with
	                         the process (0: the record frees it at the end) */
} hd_dump_options;

/* Appends the dump of the object at path. Errors: HD_BAD_INPUT when the file
 * is not an ELF libdwarf can read, or its DWARF is malformed (st->msg names
 * the section and libdwarf's error); HD_NO_MEMORY. Nothing is appended on
 * error (after HD_NO_MEMORY out is marked failed). The dump is written into
 * out in place, not copied into it. An object with no debug info dumps as a
 * one-line notice. */
int hd_dwarf_dump(const char *path, const hd_dump_options *o, hd_buf *out,
                  hd_status *st);

/* The same dump written to f as it is made, so that its text is never
 * held whole: only a one-unit object's (a lone unit's block is written while
 * its DIE tree is printed, whenever flush_at bytes have gathered, 0 for
 * 1 MiB; several units are sorted by their text, so theirs are held).
 * Everything that can find bad input is done before the first byte is
 * written: on HD_BAD_INPUT nothing was written. On HD_NO_MEMORY or a write
 * error (HD_INTERNAL) part of the dump may have been. Tests pass a
 * flush_at of 1, which writes after every DIE, to see that no bad input is
 * found late. */
int hd_dwarf_dump_to(const char *path, const hd_dump_options *o, FILE *f, size_t flush_at,
                     hd_status *st);

#endif
