/* What the files of the canonical DWARF dump share: the in-memory DIE tree
 * read through libdwarf, the per-unit data the printers need, and the one
 * place libdwarf's errors become an hd_status. docs/dwarf-dump.md is the
 * format; dump.h the API. */
#ifndef HD_DUMP_IMPL_H
#define HD_DUMP_IMPL_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include <libdwarf/dwarf.h>
#include <libdwarf/libdwarf.h>

#include "dump.h"
#include "dwarf/codec/expr.h"

/* Deepest DIE nesting read; deeper trees are rejected, not recursed into. */
#define DD_MAX_DEPTH 1000
/* Deepest chain of DW_MACRO_import followed. */
#define DD_MAX_IMPORT 16
/* Deepest chain of unnamed types a signature's reference describes. */
#define DD_SHALLOW_DEPTH 4
/* Most DIEs read from one object, so a hostile file hits a bound. */
#define DD_MAX_DIES (1u << 24)
/* Largest object whose raw .debug_frame is read when libdwarf cannot frame it. */
#define DD_MAX_FILE (1u << 30)

typedef struct dd_unit dd_unit;
typedef struct dd_die dd_die;

/* How an attribute's value is held (dump_value.c): read when the tree was
 * read, by the libdwarf call named, or DD_V_LAZY, libdwarf's handle kept
 * to be read when asked. */
enum {
	DD_V_LAZY,
	DD_V_UDATA,    /* dwarf_formudata: v.u */
	DD_V_SDATA,    /* dwarf_formsdata: v.s */
	DD_V_ADDR,     /* dwarf_formaddr: v.u */
	DD_V_REF,      /* dwarf_global_formref: v.u, a .debug_info offset */
	DD_V_FLAG,     /* dwarf_formflag: v.u, 0 or 1 */
	DD_V_STR,      /* dwarf_formstring: v.str, libdwarf's storage */
	DD_V_BYTES,    /* dwarf_formexprloc or dwarf_formblock: v.p, len bytes
	                  inside libdwarf's copy of the section */
	DD_V_DIE       /* a DD_V_REF whose target was found: v.d */
};

/* Most bytes a DD_V_BYTES record holds; a longer block stays lazy. */
#define DD_MAX_BYTES UINT16_MAX

/* 16 bytes a value, where libdwarf's handle alone took more than 60. */
typedef struct dd_attr {
	Dwarf_Half at;
	Dwarf_Half form;               /* after DW_FORM_indirect */
	uint8_t cls;                   /* enum Dwarf_Form_Class */
	uint8_t kind;                  /* DD_V_* */
	uint16_t len;                  /* DD_V_BYTES: how many */
	union {
		Dwarf_Unsigned u;
		Dwarf_Signed s;
		const char *str;
		const uint8_t *p;
		const dd_die *d;
		Dwarf_Attribute h;     /* DD_V_LAZY */
	} v;
} dd_attr;

/* Laid out without padding (64 bytes): an object may hold millions. Its
 * .debug_info offset is c->offs[i] where dd_die_at(c, i) is the DIE, and
 * libdwarf's Dwarf_Die is released once read (dump_tree.c). */
struct dd_die {
	const char *name;              /* DW_AT_name (libdwarf's storage) or NULL */
	dd_die *parent;
	dd_die **kids;                 /* canonical order once dd_order has run */
	dd_attr *attrs;                /* sorted by attribute code */
	dd_unit *unit;
	uint32_t nkids;
	uint32_t nattrs;
	uint32_t seq;                  /* position in file order: the last tie-break */
	uint32_t dup;                  /* 1-based rank among same-key siblings; 0: unique */
	uint32_t rank;                 /* while ordering: signature rank among its depth */
	Dwarf_Half tag;
	unsigned need : 1;             /* its order needs signatures: it is ranked */
	unsigned contested : 1;        /* some unordered children share a tag and name */
	unsigned keep : 1;             /* libdwarf's DIE stays: a lazy value */
};

typedef struct dd_file {
	char *path;                    /* directory joined with the name */
	int has_md5;
	uint8_t md5[16];
} dd_file;

struct dd_unit {
	Dwarf_Half version, addr_size, offset_size, type;
	dd_die *root;
	Dwarf_Die cu_die;              /* libdwarf's root DIE, held until dd_close */
	uint32_t index;                /* file order of the unit */
	char *label;                   /* how other units name it */
	uint64_t low_pc;               /* base address of the unit's lists */
	Dwarf_Line_Context lines;      /* NULL: the unit has no line table */
	dd_file *files;                /* the file table, by DWARF index - file_base */
	Dwarf_Signed file_base, nfiles;
	hd_buf text;                   /* the unit's printed block */
};

/* A subprogram's code range, to name an FDE by function. */
typedef struct dd_func {
	uint64_t low, high;
	const char *name;
} dd_func;

/* Where a section lies in the file (elf_fit.c). */
typedef struct dd_section {
	uint64_t off, size;
	int found, compressed;
} dd_section;

typedef struct dd_ctx {
	Dwarf_Debug dbg;
	Dwarf_Error err;
	const char *path;              /* the object file, for the raw .debug_frame fallback */
	const hd_dump_options *o;
	hd_encoding enc;
	hd_regnames names;
	hd_status *st;
	dd_unit **units;               /* each allocated alone: DIEs point at them */
	size_t nunits;
	dd_die **blocks;               /* the blocks of DD_DIE_BLOCK DIEs, in file
	                                  order: DIE i is dd_die_at(c, i) */
	size_t nblocks, cap_blocks;
	dd_die **by_off;               /* NULL while file order is offset order (it
	                                  is unless the file is odd); else every DIE
	                                  sorted by offset */
	Dwarf_Off *offs;               /* offs[i]: DIE i's .debug_info offset,
	                                  ascending, searched by dd_find */
	size_t ndies, cap_dies;
	void **chunks;                 /* dump_tree.c: the blocks DIEs, attribute
	                                  records and child arrays are carved from */
	size_t nchunks, cap_chunks;
	dd_die *die_pool;              /* unused DIEs of the newest DIE block */
	size_t die_left;
	uint8_t *pool;                 /* unused bytes of the newest block, for
	                                  attribute records and child arrays */
	size_t pool_left;
	dd_die **stack;                /* children being read, all depths */
	size_t nstack, cap_stack;
	Dwarf_Die *kept;               /* DIEs with a lazy value, released at close */
	size_t nkept, cap_kept;
	dd_func *funcs;                /* every subprogram with a low_pc, by address */
	size_t nfuncs;
	int loading;                   /* hd_dwarf_load: lists keep raw expressions, no text */
	int intel_gt;                  /* an EM_INTELGT object: enc.profile is intel-gt */
	int loc_loaded;                /* dump_loc.c: the file read for its .debug_loc */
	hd_buf loc_file;
	FILE *sink;                    /* hd_dwarf_dump_to: where the text goes */
	int streaming;                 /* the tree's text goes to sink as it grows */
	size_t flush_at;               /* ... once this much has gathered */
	uint64_t flushed;              /* bytes written to sink */
	const uint8_t *loc_sec;        /* .debug_loc in loc_file; NULL: none */
	size_t loc_len;
	dd_section line_sec;           /* .debug_line, for dd_line_fits */
} dd_ctx;

/* dump.c: opens path through libdwarf (0; 1 when it has no debug info,
 * nothing to close then; -1 with st), and closes it with every unit read. */
int dd_open(dd_ctx *c, const char *path, const hd_dump_options *o, hd_status *st);
/* 0 when path is an ELF file whose section headers, and every section it
 * stores, lie inside it (elf_fit.c); else HD_BAD_INPUT, code "not-elf" or
 * "bad-elf". libdwarf allocates what the headers say. *line is where
 * .debug_line lies (found 0: nowhere). */
int dd_elf_fits(const char *path, dd_section *line, hd_status *st);
/* line_fit.c: 0 when the DWARF 5 line table header at stmt_list holds no
 * more directory or file entries than it has bytes for; else HD_BAD_INPUT
 * "bad-line-header". libdwarf 20210528 allocates (and clears) room for as
 * many entries as a header says before reading one. */
int dd_line_fits(dd_ctx *c, uint64_t stmt_list);
void dd_close(dd_ctx *c);
/* Streamed text (hd_dwarf_dump_to) is written out once out holds this
 * much (or what the caller asked), between two DIEs. */
#define DD_FLUSH_AT ((size_t)1 << 20)
/* dump.c: writes out's text to c->sink and empties it: 0, or -1 with st
 * (out of memory earlier, a write that failed). */
int dd_flush(dd_ctx *c, hd_buf *out);
/* dump.c: a libdwarf failure as HD_BAD_INPUT naming what was read; the
 * pending Dwarf_Error is released. Always -1. */
int dd_lib_fail(dd_ctx *c, const char *what);
/* dump_attr.c: releases a pending Dwarf_Error where a failed read only
 * means "fall back": a second error would overwrite it and leak it. */
void dd_drop_error(dd_ctx *c);
/* DW_AT_high_pc of d as an address: an address form as it is, a constant
 * (DWARF 5 section 2.17.2) added to low. Read from the attribute, never
 * through dwarf_highpc_b: for a form that is neither, libdwarf 20210528
 * makes one error, overwrites it with a second and leaks the first. 1
 * found, 0 absent, -1 on error. */
int dd_high_pc(dd_ctx *c, const dd_die *d, uint64_t low, uint64_t *high);
/* HD_NO_MEMORY; always -1. */
int dd_oom(dd_ctx *c);
/* A malloc'd NUL-terminated copy of a buffer's text, or NULL. */
char *dd_take(hd_buf *b);
/* Appends the texts in strcmp order and frees them: for blocks whose order
 * in the file is layout (sequences, FDEs). A NULL text is an allocation
 * that failed: HD_NO_MEMORY, after freeing the rest. */
int dd_put_sorted(dd_ctx *c, char **texts, size_t n, hd_buf *out);

/* dump_value.c: takes h's value into a (a->at, form, cls set) and
 * releases h, or keeps h for a lazy read (a value the record cannot hold,
 * or one libdwarf refuses: it is refused again, with its error, when
 * printed). 1 taken, 0 kept. */
int dd_take_value(dd_ctx *c, dd_attr *a, Dwarf_Attribute h);
/* Releases a kept handle. */
void dd_release_value(dd_ctx *c, dd_attr *a);
/* The reads, for records what the libdwarf calls of the same name are for
 * handles: DW_DLV_OK, or DW_DLV_ERROR with libdwarf's error (if any) in
 * c->err. */
int dd_formudata(dd_ctx *c, const dd_attr *a, Dwarf_Unsigned *u);
int dd_formsdata(dd_ctx *c, const dd_attr *a, Dwarf_Signed *s);
int dd_formaddr(dd_ctx *c, const dd_attr *a, Dwarf_Addr *addr);
int dd_global_formref(dd_ctx *c, const dd_attr *a, Dwarf_Off *off);
int dd_formflag(dd_ctx *c, const dd_attr *a, Dwarf_Bool *flag);
int dd_formstring(dd_ctx *c, const dd_attr *a, const char **s);
/* An exprloc's or block's bytes. */
int dd_formbytes(dd_ctx *c, const dd_attr *a, const uint8_t **p, size_t *len);
/* A reference's target: DW_DLV_OK with *t the DIE, or NULL when off names
 * none; DW_DLV_ERROR when the value does not read. */
int dd_ref_target(dd_ctx *c, const dd_attr *a, Dwarf_Off *off, const dd_die **t);
/* Looks every read reference's target up once, after every DIE is read,
 * instead of at each of the three times it is used. */
void dd_resolve_refs(dd_ctx *c);
/* libdwarf's handle of a lazy value (lists, 16-byte constants), else NULL. */
Dwarf_Attribute dd_handle(const dd_attr *a);
/* DW_AT_low_pc of d as dwarf_lowpc reads it: 1 found, 0 absent, -1 on
 * error (HD_BAD_INPUT). */
int dd_low_pc(dd_ctx *c, const dd_die *d, uint64_t *low);

/* dump_tree.c: reads every unit's DIE tree into c->units. */
int dd_read_units(dd_ctx *c);
void dd_free_units(dd_ctx *c);
dd_die *dd_find(dd_ctx *c, Dwarf_Off off);
const dd_attr *dd_attr_of(const dd_die *d, Dwarf_Half at);

/* dump_order.c: puts children in canonical order and ranks duplicates. */
int dd_order_unit(dd_ctx *c, dd_unit *u);
/* Appends d's path from its unit's root ("/subprogram \"f\"/variable \"x\""). */
void dd_put_path(hd_buf *out, const dd_die *d);
/* Appends the short tag name ("subprogram") of tag. */
void dd_put_tag(hd_buf *out, Dwarf_Half tag, int with_prefix);
/* Appends s as a double-quoted string with escapes. */
void dd_put_string(hd_buf *out, const char *s);

/* dump_attr.c: appends one attribute's canonical value. shallow: how the
 * signatures render references (the target's tag and name only). Returns
 * 0, 1 when the attribute is layout-only and not printed, -1 on error. */
int dd_put_value(dd_ctx *c, const dd_die *d, const dd_attr *a, int shallow,
                 int indent, hd_buf *out);
void dd_put_attr_name(dd_ctx *c, Dwarf_Half at, hd_buf *out);
/* dd_put_value's failures without its text: 0, or -1 with st set. */
int dd_check_value(dd_ctx *c, const dd_die *d, const dd_attr *a, hd_buf *scratch);
/* Whether a's block (DW_FORM_block*) holds an expression, not bytes. */
int dd_block_is_expr(dd_ctx *c, const dd_die *d, const dd_attr *a);
/* An unsigned value, an index or a section offset (DW_FORM_sec_offset,
 * which dwarf_formudata refuses): 0, or -1 after dd_lib_fail. */
int dd_form_uvalue(dd_ctx *c, const dd_attr *a, Dwarf_Unsigned *v, const char *what);
/* The expression text of bytes, or a hex fallback when it does not decode. */
void dd_put_expr(dd_ctx *c, const uint8_t *bytes, size_t len, hd_buf *out);
void dd_put_hex(hd_buf *out, const uint8_t *bytes, size_t len);

/* dump_die.c: appends the DIE tree of u. */
int dd_print_tree(dd_ctx *c, dd_unit *u, hd_buf *out);

/* dump_lists.c: location lists and range lists, inline under an attribute.
 * One entry: [begin, end) or the default location, with its raw expression
 * (pointing into libdwarf's copy of the section) and, when printing, its
 * text. */
typedef struct dd_entry {
	int is_default;
	uint64_t begin, end;
	const uint8_t *expr;      /* NULL in range lists */
	size_t len;
	char *text;               /* the expression's text; NULL in range lists or
	                             when c->loading */
} dd_entry;

typedef struct dd_entries {
	dd_entry *v;
	size_t n, cap;
} dd_entries;

/* The entries of the list attribute a of d: a location list when loc, else a
 * range list (DWARF 5 .debug_loclists/.debug_rnglists, DWARF 2-4
 * .debug_ranges). */
int dd_read_list(dd_ctx *c, const dd_die *d, const dd_attr *a, int loc, dd_entries *e);
void dd_free_entries(dd_entries *e);
/* Appends an entry; with has_expr, its text too unless c->loading. */
int dd_push_entry(dd_ctx *c, dd_entries *e, int is_default, uint64_t begin,
                  uint64_t end, const uint8_t *expr, size_t len, int has_expr);
/* dump_loc.c: a DWARF 2-4 .debug_loc list, read from the section's bytes. */
int dd_read_loc(dd_ctx *c, const dd_die *d, const dd_attr *a, dd_entries *e);
int dd_put_loclist(dd_ctx *c, const dd_die *d, const dd_attr *a, int indent,
                   hd_buf *out);
int dd_put_ranges(dd_ctx *c, const dd_die *d, const dd_attr *a, int indent,
                  hd_buf *out);
/* The low_pc of the nearest subprogram enclosing d (d included); 0 if none. */
int dd_func_base(dd_ctx *c, const dd_die *d, uint64_t *base);

/* dump_line.c: the file table (needed before any DW_AT_decl_file) and the
 * printed line table. */
int dd_load_lines(dd_ctx *c, dd_unit *u);
void dd_free_lines(dd_unit *u);
const char *dd_file_path(const dd_unit *u, uint64_t index);
int dd_print_lines(dd_ctx *c, dd_unit *u, hd_buf *out);

/* dump_macro.c */
int dd_print_macros(dd_ctx *c, dd_unit *u, hd_buf *out);

/* dump_frame.c: .debug_frame and .eh_frame, after every unit. */
int dd_collect_funcs(dd_ctx *c);
int dd_print_frames(dd_ctx *c, hd_buf *out);

/* DIEs per block (dump_tree.c). */
#define DD_DIE_BLOCK 4096

/* The i-th DIE in offset order (i < c->ndies): read from the blocks, whose
 * order is file order, so that no array of a million pointers is kept. */
static inline dd_die *dd_die_at(const dd_ctx *c, size_t i)
{
	if (c->by_off != NULL)
		return c->by_off[i];
	return c->blocks[i / DD_DIE_BLOCK] + i % DD_DIE_BLOCK;
}

static inline void dd_indent(hd_buf *out, int n)
{
	static const char spaces[] = "                                ";

	for (; n > 16; n -= 16)
		hd_buf_put(out, spaces, 32);
	if (n > 0)
		hd_buf_put(out, spaces, 2 * (size_t)n);
}

#endif
