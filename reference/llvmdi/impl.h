/* What the files of reference/llvmdi share and nothing else needs: the
 * kinds table (kinds.def, kinds.c), the lexer (lex.c) and the error
 * helper. */
#ifndef HD_LLVMDI_IMPL_H
#define HD_LLVMDI_IMPL_H

#include "llvmdi.h"

/* The groups a node kind belongs to; a reference field names the groups
 * its target may be in. */
#define G_FILE (1u << 0)
#define G_CU (1u << 1)
#define G_SP (1u << 2)
#define G_LB (1u << 3)        /* DILexicalBlock, DILexicalBlockFile */
#define G_TYPE (1u << 4)
#define G_SUBROUTINE (1u << 5)
#define G_NS (1u << 6)        /* DINamespace, DIModule, DICommonBlock */
#define G_GV (1u << 7)
#define G_GVE (1u << 8)
#define G_LV (1u << 9)
#define G_LABEL (1u << 10)
#define G_EXPR (1u << 11)
#define G_LOC (1u << 12)
#define G_TUPLE (1u << 13)
#define G_IMPORTED (1u << 14)
#define G_TPARAM (1u << 15)
#define G_ENUMERATOR (1u << 16)
#define G_SUBRANGE (1u << 17)
#define G_ARGLIST (1u << 18)
#define G_ASSIGNID (1u << 19)
#define G_MACRO (1u << 20)
#define G_OTHER (1u << 21)
#define G_UNKNOWN (1u << 22)  /* a kind hdref does not know: matches any */
/* LangRef: scopes are compile units, files, local scopes, namespaces,
 * modules, common blocks and types; local scopes are subprograms and
 * lexical blocks. */
#define G_LOCALSCOPE (G_SP | G_LB)
#define G_SCOPE (G_FILE | G_CU | G_LOCALSCOPE | G_NS | G_TYPE | G_SUBROUTINE)

enum { F_INT, F_UINT, F_BOOL, F_STR, F_MD, F_MDINT, F_ENUM, F_FLAGS, F_VALUE };
#define Q_REQ 1u
#define Q_NONNULL 2u

typedef enum hd_lldi_kind_id {
#define HD_LLDI_KIND(sym, name, groups, positional) sym,
#define HD_LLDI_FIELD(kind, name, form, refs, items, flags, en)
#include "kinds.def"
#undef HD_LLDI_KIND
#undef HD_LLDI_FIELD
	K_NKINDS
} hd_lldi_kind_id;

typedef struct hd_lldi_kind_row {
	const char *name;
	uint32_t groups;
	int positional;
} hd_lldi_kind_row;

typedef struct hd_lldi_field_row {
	int kind;
	const char *name;
	int form;
	uint32_t refs, items, flags;
	const char *en;
} hd_lldi_field_row;

extern const hd_lldi_kind_row hd_lldi_kinds[K_NKINDS];
extern const hd_lldi_field_row hd_lldi_fields[];
extern const size_t hd_lldi_nfields;

/* The index of a kind name in hd_lldi_kinds, or -1. */
int hd_lldi_kind_find(const char *name);
/* The row of field name of kind, or NULL. */
const hd_lldi_field_row *hd_lldi_field_row_find(int kind, const char *name);
/* The rank of a field of a kind in kinds.def (the dump's field order);
 * unknown fields rank after every known one. */
size_t hd_lldi_field_rank(int kind, const char *name);
/* The groups of a node (G_TUPLE for a tuple, G_UNKNOWN for an unknown kind). */
uint32_t hd_lldi_node_groups(const hd_lldi_node *n);

/* The lexer: one line at a time, into raw tokens (lex.c). */
typedef enum {
	T_END,
	T_MDREF,     /* !12 */
	T_MDNAME,    /* !dbg, !DIFile, !llvm.dbg.cu */
	T_MDSTR,     /* !"..." (raw, with quotes) */
	T_BANGBRACE, /* !{ */
	T_HASH,      /* #dbg_declare, #0 */
	T_GLOBAL,    /* @name, @"name", @0 */
	T_LOCAL,     /* %name, %0 */
	T_STR,       /* "..." (raw, with quotes) */
	T_NUM,       /* 5, -1, 0x1f, 1.5e+00 */
	T_IDENT,     /* DW_TAG_member, true, i32, metadata */
	T_PUNCT,     /* ( ) , : = | { } [ ] < > * */
	T_OTHER      /* anything else, on a line read leniently */
} hd_lldi_tkind;

typedef struct hd_lldi_token {
	uint8_t kind;
	uint32_t col;     /* 1-based */
	const char *p;    /* into the line */
	uint32_t len;
} hd_lldi_token;

/* Splits line (len bytes, no newline) into toks (room for cap tokens: a
 * line of n bytes has at most n + 1). strict: a character LLVM's lexer
 * refuses is an llvmdi-token error; otherwise a T_OTHER token. Comments
 * are dropped; the last token is T_END. The number of tokens, or -1 with
 * st filled. */
long hd_lldi_lex_line(const char *path, uint32_t lineno, const char *line, uint32_t len,
                    int strict, hd_lldi_token *toks, size_t cap, hd_status *st);

/* Sorts the definitions into the node table (a duplicate id is an
 * error) and resolves every reference against it (table.c). */
int hd_lldi_table_build(hd_lldi_module *m, hd_status *st);

/* Fails with rule's id as the code and "PATH:LINE:COL: RULE: message". */
int hd_lldi_fail(hd_status *st, hd_lldi_rule rule, const char *path, hd_lldi_pos pos,
               const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

#endif
