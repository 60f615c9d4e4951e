/* A DWARF 5 compilation unit in memory, as the lowering builds it and the
 * writer lays it out: the DIE tree with attribute values by class (the
 * writer picks the forms), the line program, location and range lists,
 * macros and call frame entries. One unit per code object.
 *
 * Values are semantic, not encoded: a string is text (the writer puts it in
 * .debug_str and refers to it through .debug_str_offsets), an address is an
 * address (the writer puts it in .debug_addr), a reference is a DIE pointer.
 * So the same unit can be written DWARF32 or DWARF64 and under either
 * encoding profile without the lowering knowing how. Constants come from
 * libdwarf's <libdwarf/dwarf.h> (Debian libdwarf-dev); the extension's own
 * numbers are in dwarf_ext.h. */
#ifndef HD_DIE_H
#define HD_DIE_H

#include <stddef.h>
#include <stdint.h>

#include "../cfi/cfi.h"
#include "../codec/ops.h"
#include "../../util/arena.h"
#include "../../util/buf.h"
#include "../../util/status.h"

/* The class of an attribute value (DWARF 5 section 7.5.5), as far as the
 * writer needs it to choose a form. */
typedef enum hd_dv_kind {
	HD_DV_UDATA,    /* unsigned constant: the smallest of data1/2/4/8 */
	HD_DV_SDATA,    /* signed constant: sdata */
	HD_DV_FLAG,     /* true: flag_present (a false flag is an absent attribute) */
	HD_DV_STRING,   /* text: strx* through .debug_str_offsets */
	HD_DV_REF,      /* a DIE of the same unit: ref4 (ref8 in DWARF64) */
	HD_DV_ADDR,     /* a target address: addrx* through .debug_addr */
	HD_DV_EXPR,     /* a DWARF expression: exprloc */
	HD_DV_LOCLIST,  /* index into hd_dw_unit.loclists: loclistx */
	HD_DV_RNGLIST,  /* index into hd_dw_unit.rnglists: rnglistx */
	HD_DV_LINES,    /* DW_AT_stmt_list: sec_offset of the unit's line program */
	HD_DV_MACROS,   /* DW_AT_macros: sec_offset of the unit's macro unit */
	HD_DV_BLOCK     /* bytes (a constant wider than 8 bytes): block */
} hd_dv_kind;

typedef struct hd_die hd_die;

/* 16 bytes: a unit of a million DIEs holds several million attributes, so
 * the values share one place (read the one kind says: u for UDATA, SDATA
 * as two's complement, ADDR and the list kinds), and a length fits 32 bits
 * (hd_die_expr refuses more). */
typedef struct hd_attr {
	uint16_t name;        /* DW_AT_* */
	uint8_t kind;         /* hd_dv_kind */
	uint32_t len;         /* EXPR, BLOCK: bytes */
	union {
		uint64_t u;           /* UDATA, SDATA, ADDR, the list kinds */
		const char *s;        /* STRING */
		hd_die *ref;          /* REF */
		const uint8_t *bytes; /* EXPR, BLOCK */
	};
} hd_attr;

/* 64 bytes, the fields ordered so that none needs padding after it. */
struct hd_die {
	uint16_t tag;         /* DW_TAG_* */
	uint32_t abbrev;      /* set by the writer */
	hd_die *parent, *first_child, *last_child, *next;
	hd_attr *attrs;
	uint32_t nattrs, cap;
	uint64_t offset;      /* set by the writer: from the start of the unit */
};

/* ---- line program (DWARF 5 section 6.2) ---- */

typedef struct hd_dw_file {
	const char *name;
	uint32_t dir;          /* index into hd_dw_lines.dirs */
	int has_md5;           /* DW_LNCT_LLVM_is_MD5: 1 when md5 is valid */
	uint8_t md5[16];
	const char *source;    /* DW_LNCT_LLVM_source; NULL when the file has none */
} hd_dw_file;

typedef struct hd_dw_row {
	uint64_t address;
	uint32_t file;         /* index into hd_dw_lines.files (DWARF 5: 0-based) */
	uint32_t line, column;
	uint8_t is_stmt;
	uint8_t end_sequence;  /* this row ends a sequence at address */
	uint32_t discriminator;  /* DW_LNE_set_discriminator before the row
	                            (DWARF 5 6.2.5.3); 0 writes none */
	uint8_t prologue_end;  /* a function's breakpoint address (DWARF 5 6.2.2); read
	                          from a producer's table, never written */
} hd_dw_row;

typedef struct hd_dw_lines {
	const char **dirs;     /* dirs[0] is the compilation directory */
	uint32_t ndirs;
	hd_dw_file *files;     /* files[0] is the primary source file */
	uint32_t nfiles;
	hd_dw_row *rows;       /* sequences in address order, each ended by an
	                          end_sequence row */
	uint32_t nrows;
} hd_dw_lines;

/* ---- location and range lists (DWARF 5 sections 2.6.2, 2.17.3) ---- */

typedef struct hd_dw_range {
	uint64_t begin, end;   /* [begin, end), addresses */
	const uint8_t *expr;   /* location lists: the expression; NULL in range lists */
	size_t len;
} hd_dw_range;

typedef struct hd_dw_list {
	uint64_t base;         /* written as DW_LLE/RLE_base_addressx, entries as
	                          offset pairs from it */
	hd_dw_range *entries;
	uint32_t n;
} hd_dw_list;

/* ---- macros (DWARF 5 section 6.3) ---- */

typedef struct hd_dw_macro {
	uint8_t op;            /* DW_MACRO_define, _undef, _start_file, _end_file */
	uint32_t line;         /* define, undef, start_file */
	uint32_t file;         /* start_file: index into hd_dw_lines.files */
	const char *text;      /* define: "NAME VALUE" or "NAME(ARGS) VALUE"; undef: "NAME" */
} hd_dw_macro;

/* ---- the unit ---- */

typedef struct hd_dw_unit {
	hd_arena arena;        /* DIEs, attributes, strings and bytes built for the unit */
	hd_die *root;          /* DW_TAG_compile_unit */
	int dwarf64;
	hd_profile profile;    /* which encoding the expressions use (for .debug_names
	                          and for readers); the bytes are already encoded */
	uint8_t addr_size;     /* 8 on amdgcn */

	hd_dw_lines lines;
	hd_dw_list *loclists;
	uint32_t nloclists;
	hd_dw_list *rnglists;
	uint32_t nrnglists;
	hd_dw_macro *macros;   /* empty: no .debug_macro */
	uint32_t nmacros;

	const uint64_t *addrs; /* a producer's unit: its .debug_addr entries (DW_AT_addr_base),
	                          for DW_OP_addrx; the writer makes its own */
	uint32_t naddrs;

	hd_cie_desc *cies;     /* .debug_frame; insns point into the arena */
	uint32_t ncies;
	hd_fde_desc *fdes;
	uint32_t nfdes;
} hd_dw_unit;

/* Building (die.c). Everything is allocated in u->arena. The adders return
 * NULL / -1 when an allocation fails, and the caller reports HD_NO_MEMORY;
 * hd_dw_unit_init fills st itself. */
int hd_dw_unit_init(hd_dw_unit *u, int dwarf64, hd_profile profile, hd_status *st);
void hd_dw_unit_free(hd_dw_unit *u);
/* A new DIE appended as the last child of parent (NULL: the unit's root,
 * which must not exist yet). */
hd_die *hd_die_new(hd_dw_unit *u, hd_die *parent, uint16_t tag);
/* Appends an attribute. The die must not already have name (an internal
 * error otherwise: a lowering bug, not an input error). */
int hd_die_udata(hd_dw_unit *u, hd_die *d, uint16_t name, uint64_t v);
int hd_die_sdata(hd_dw_unit *u, hd_die *d, uint16_t name, int64_t v);
int hd_die_flag(hd_dw_unit *u, hd_die *d, uint16_t name);
int hd_die_string(hd_dw_unit *u, hd_die *d, uint16_t name, const char *s);  /* not copied */
int hd_die_ref(hd_dw_unit *u, hd_die *d, uint16_t name, hd_die *target);
int hd_die_addr(hd_dw_unit *u, hd_die *d, uint16_t name, uint64_t addr);
int hd_die_expr(hd_dw_unit *u, hd_die *d, uint16_t name, const uint8_t *bytes, size_t len);  /* copied */
int hd_die_list(hd_dw_unit *u, hd_die *d, uint16_t name, hd_dv_kind kind, uint32_t index);
int hd_die_block(hd_dw_unit *u, hd_die *d, uint16_t name, const uint8_t *bytes, size_t len);  /* copied */
/* The attribute name of d, or NULL. */
const hd_attr *hd_die_attr(const hd_die *d, uint16_t name);
/* A copy of s (n bytes, NUL added) in the unit's arena. */
const char *hd_dw_strdup(hd_dw_unit *u, const char *s, size_t n);

/* ---- writing (write_*.c) ---- */

/* The debug sections of one unit, each a complete section body. An empty
 * buffer means the section is not emitted. */
typedef enum hd_dw_section {
	HD_SEC_INFO, HD_SEC_ABBREV, HD_SEC_STR, HD_SEC_STR_OFFSETS, HD_SEC_LINE,
	HD_SEC_LINE_STR, HD_SEC_LOCLISTS, HD_SEC_RNGLISTS, HD_SEC_ADDR, HD_SEC_MACRO,
	HD_SEC_FRAME, HD_SEC_NAMES,
	HD_SEC_COUNT
} hd_dw_section;

extern const char *const hd_dw_section_name[HD_SEC_COUNT];  /* ".debug_info" ... */

typedef struct hd_dw_sections {
	hd_buf sec[HD_SEC_COUNT];
} hd_dw_sections;

/* Lays out every section of u. The writer adds the unit's DW_AT_str_offsets_base,
 * DW_AT_addr_base, DW_AT_loclists_base and DW_AT_rnglists_base to the root
 * itself. Errors: HD_NO_MEMORY; HD_INTERNAL when the unit is inconsistent
 * (a reference outside the unit, a list index out of range). Output is
 * deterministic: the same unit gives the same bytes. */
int hd_dw_write(hd_dw_unit *u, hd_dw_sections *out, hd_status *st);
void hd_dw_sections_free(hd_dw_sections *s);

#endif
