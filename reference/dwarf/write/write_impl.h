/* Internal to the DWARF writer (write_*.c): the state the sections share
 * (string and address tables, the bases the root DIE points at) and each
 * section's writer. hd_dw_write (write_unit.c) calls them in dependency
 * order: the tables first, .debug_info after every section it refers to,
 * .debug_names after .debug_info. */
#ifndef HD_WRITE_IMPL_H
#define HD_WRITE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "die.h"

/* The name .debug_names gives a namespace that has none (DWARF 5 6.1.1.1). */
#define HD_DW_ANON_NAMESPACE "(anonymous namespace)"

/* Interned strings in first-use order. A string's offset in its section is
 * fixed when it is interned, so a section body can refer to it at once. */
typedef struct hd_strtab {
	const char **s;
	uint64_t *off;     /* offset of s[i] in the string section */
	uint32_t n, cap;
	uint32_t *slots;   /* open addressing: index + 1, 0 when empty */
	uint32_t nslots;
	uint64_t size;     /* bytes of the string section so far */
} hd_strtab;

/* Interned addresses in first-use order (.debug_addr). */
typedef struct hd_addrtab {
	uint64_t *a;
	uint32_t n, cap;
	uint32_t *slots;
	uint32_t nslots;
} hd_addrtab;

typedef struct hd_dw_writer {
	hd_dw_unit *u;
	hd_dw_sections *out;
	hd_status *st;
	unsigned off_size;         /* 4 (DWARF32) or 8 (DWARF64) */
	hd_strtab str;             /* .debug_str, indexed by .debug_str_offsets */
	hd_strtab line_str;        /* .debug_line_str */
	hd_addrtab addr;
	/* What the root DIE's DW_AT_*_base attributes say; has_* is 0 when the
	 * section is empty and the attribute is left out. */
	int has_str_offsets, has_addr, has_loclists, has_rnglists;
	uint64_t str_offsets_base, addr_base, loclists_base, rnglists_base;
	int has_line, has_macro;   /* for DW_AT_stmt_list and DW_AT_macros */
} hd_dw_writer;

/* write_tables.c */
void hd_strtab_free(hd_strtab *t);
/* The index of s, interning it if new; -1 when out of memory. */
int64_t hd_strtab_intern(hd_strtab *t, const char *s);
/* The index of s, or -1 when it was never interned. */
int64_t hd_strtab_find(const hd_strtab *t, const char *s);
void hd_addrtab_free(hd_addrtab *t);
int64_t hd_addrtab_intern(hd_addrtab *t, uint64_t a);
int64_t hd_addrtab_find(const hd_addrtab *t, uint64_t a);
/* Initial length of a unit (DWARF 5 7.4): returns where the length goes,
 * for hd_dw_len_end to patch once the unit is complete. */
size_t hd_dw_len_begin(hd_buf *b, int dwarf64);
int hd_dw_len_end(hd_buf *b, size_t at, int dwarf64, hd_status *st);
/* Overwrites n little-endian bytes at `at`. */
void hd_dw_patch(hd_buf *b, size_t at, uint64_t v, unsigned n);
/* Bytes of v as ULEB128. */
unsigned hd_uleb_size(uint64_t v);
unsigned hd_sleb_size(int64_t v);
/* The DIE after d in a pre-order walk of root's tree; *nulls gets how many
 * child lists end in between (each closed by a null entry). */
hd_die *hd_die_preorder_next(const hd_die *root, const hd_die *d, unsigned *nulls);
/* .debug_str, .debug_str_offsets and .debug_addr from the tables. */
int hd_dw_write_str(hd_dw_writer *w);
int hd_dw_write_addr(hd_dw_writer *w);
/* An out-of-memory status when any output buffer failed. */
int hd_dw_check_out(hd_dw_writer *w);

/* write_line.c: .debug_line and .debug_line_str */
int hd_dw_write_line(hd_dw_writer *w);
/* write_lists.c: .debug_loclists and .debug_rnglists */
int hd_dw_write_lists(hd_dw_writer *w);
/* write_macro.c: .debug_macro */
int hd_dw_write_macro(hd_dw_writer *w);
/* write_info.c: .debug_info and .debug_abbrev */
int hd_dw_write_info(hd_dw_writer *w);
/* write_names.c: .debug_names (after .debug_info has placed the DIEs) */
int hd_dw_write_names(hd_dw_writer *w);

#endif
