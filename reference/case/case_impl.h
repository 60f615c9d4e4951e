/* Internals shared by the case parser's files: the parser state and the
 * small lexical helpers every directive handler uses. */
#ifndef HD_CASE_IMPL_H
#define HD_CASE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "../dwarf/codec/expr.h"

/* Where a piece of the joined main expression text came from, so an
 * assembler column maps back to a line and column of the file. */
typedef struct hd_seg {
	size_t start;    /* offset in the joined text */
	uint32_t line;
	uint32_t col;    /* 1-based column of the piece's first byte */
} hd_seg;

/* Text that several lines give, joined with ';' in file order (the main
 * expression, the instructions of a CIE or FDE), with the pieces' origins. */
typedef struct hd_joined {
	hd_buf text;
	hd_buf segs;     /* hd_seg */
} hd_joined;

/* What a content line of a cie, fde or subprogram belongs to. */
enum {
	HD_OWNER_CIE,
	HD_OWNER_FDE,
	HD_OWNER_SUB
};

/* The attributes a subprogram content line can give. */
enum {
	HD_ATTR_FRAME_BASE,
	HD_ATTR_LANE_PC,
	HD_ATTR_ACTIVE_LANE,
	HD_ATTR_COUNT
};

/* A content line (`cie NAME: ...`, `fde NAME bytes: ...`, `subprogram NAME
 * frame_base: ...`) before it is matched with its declaration. CFA text is
 * kept as text: it can only be assembled once the CIE's address size is
 * known. Subprogram expressions are assembled on their line. */
typedef struct hd_content_rec {
	uint8_t owner;          /* HD_OWNER_* */
	uint8_t attr;           /* HD_ATTR_* for subprograms */
	uint8_t is_bytes;
	const char *name;
	uint32_t line;
	uint32_t col;           /* 1-based column of text[0] in the line */
	const char *text;       /* CFA text, without surrounding blanks and ';' */
	size_t text_len;
	const uint8_t *bytes;   /* bytes form, or an assembled expression */
	size_t len;
} hd_content_rec;

/* A die directive before merging: one attribute of one DIE. */
typedef struct hd_die_rec {
	hd_die_info info;
	uint32_t line;
} hd_die_rec;

/* A type directive before sorting. */
typedef struct hd_type_rec {
	hd_base_type t;
	uint32_t line;
} hd_type_rec;

/* A location list entry line, for the main list or a DIE's (for_die). */
typedef struct hd_ll_rec {
	hd_loclist_entry e;
	uint64_t die;
	int for_die;
	uint32_t line;
} hd_ll_rec;

typedef struct hd_addr_rec {
	uint64_t index, value;
	uint32_t line;
} hd_addr_rec;

typedef struct hd_parser {
	hd_case *c;
	hd_status *st;
	int pass;              /* 1: header directives and types; 2: the rest */
	uint32_t line;
	char *linebuf;         /* the current line, NUL-terminated, comment removed */
	hd_regnames names;     /* the arch's register names, for the assembler */
	uint32_t lastline;

	unsigned seen;         /* HD_SEEN_* singletons */
	unsigned ctx_seen;     /* context keys set so far */
	int expr_kind;         /* 0 none, 1 text (expr:), 2 bytes (bytes:), 3 loclist */
	uint32_t expr_line;
	hd_joined text;        /* the main expression, text form */
	hd_buf bytes;          /* the main expression, bytes form */
	hd_buf dierecs, addrrecs;
	hd_buf llrecs;         /* hd_ll_rec, in file order */
	const hd_base_type **byname;  /* types sorted by name, after pass 1 */
	size_t nbyname;
	hd_buf scratch;

	/* call stacks and CFI (stack.c, stack_finish.c) */
	hd_buf cierecs, fderecs, subrecs;  /* hd_case_cie, hd_case_fde, hd_case_sub */
	hd_buf contents;       /* hd_content_rec */
	hd_buf reqrecs;        /* hd_case_request */
	hd_buf dfbytes;        /* debug-frame bytes */
	uint32_t pc_line;      /* the context line with a `pc=` key; 0: none */
	uint32_t needs_stack_line;   /* first line that needs a stack */
	const char *needs_stack_what;
	uint32_t cfi_line;     /* first cie or fde line */
	uint32_t df_line;      /* first debug-frame line */
} hd_parser;

enum {
	HD_SEEN_FORMAT = 1,
	HD_SEEN_ARCH = 2,
	HD_SEEN_ENCODING = 4,
	HD_SEEN_STRICT = 8,
	HD_SEEN_EXEC = 16,
	HD_SEEN_OBJECT = 32,
	HD_SEEN_READ = 64,
	HD_SEEN_STACK = 128,
	HD_SEEN_WRITE = 256
};

/* An error at the current line; always returns -1. */
int hd_perr(hd_parser *p, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* A token: a run of bytes other than blanks, ',' and '='. */
typedef struct hd_tok {
	const char *s;
	size_t n;
} hd_tok;

const char *hd_skip_blank(const char *s);
/* Next word at *s (blanks skipped); n == 0 at the end of the line or before
 * ',' / '='. */
hd_tok hd_word(const char **s);
/* Consumes ch (after blanks) if it is next. */
int hd_accept(const char **s, char ch);
int hd_tok_is(hd_tok t, const char *lit);
int hd_expect_end(hd_parser *p, const char *s);
int hd_expect_char(hd_parser *p, const char **s, char ch, const char *after);
int hd_expect_word(hd_parser *p, const char **s, const char *what, hd_tok *t);

/* Decimal or 0x-hex, up to 64 bits. */
int hd_parse_u64(hd_parser *p, hd_tok t, const char *what, uint64_t *v);
int hd_parse_u32(hd_parser *p, hd_tok t, const char *what, uint32_t *v);
/* Like hd_parse_u64, with an optional '-' (two's complement result). */
int hd_parse_i64(hd_parser *p, hd_tok t, const char *what, uint64_t *v, int *neg);
/* Hex byte pairs separated by blanks or commas, to the end of the line,
 * appended to out (possibly none). */
int hd_parse_hex(hd_parser *p, const char *s, hd_buf *out);

/* LOW (already read, low_tok) SIZE at *s: the range [low, low+SIZE), which
 * must not pass the last address; what names it in the message. */
int hd_parse_range(hd_parser *p, hd_tok low_tok, const char **s, const char *what,
                   uint64_t *low, uint64_t *high);

/* Splits "HEAD: TAIL" at the first ':'; *is_bytes says HEAD ended in the
 * word "bytes" (which is then dropped from head). */
int hd_split_colon(hd_parser *p, const char *rest, const char **head_end,
                   const char **tail, int *is_bytes);

/* Assembles text (which lies inside p->linebuf) or hex bytes into e. */
int hd_case_expr_at(hd_parser *p, const char *tail, int is_bytes, hd_case_expr *e);

/* An assembler message without its own "column N: " prefix. */
const char *hd_asm_message(const char *msg);

char *hd_case_strdup(hd_parser *p, const char *s, size_t n);

/* Directive handlers (directives.c, context.c): REST is the text after the
 * directive name. */
int hd_d_format(hd_parser *p, const char *rest);
int hd_d_arch(hd_parser *p, const char *rest);
int hd_d_encoding(hd_parser *p, const char *rest);
int hd_d_type(hd_parser *p, const char *rest);
int hd_d_strict(hd_parser *p, const char *rest);
int hd_d_exec(hd_parser *p, const char *rest);
int hd_d_reg(hd_parser *p, const char *rest);
int hd_d_mem(hd_parser *p, const char *rest);
int hd_d_die(hd_parser *p, const char *rest);
int hd_d_addr(hd_parser *p, const char *rest);
int hd_d_context(hd_parser *p, const char *rest);
int hd_d_object(hd_parser *p, const char *rest);
int hd_d_push(hd_parser *p, const char *rest);
int hd_d_cfa(hd_parser *p, const char *rest);
int hd_d_frame_base(hd_parser *p, const char *rest);
int hd_d_entry_reg(hd_parser *p, const char *rest);
int hd_d_unwound_reg(hd_parser *p, const char *rest);
int hd_d_read(hd_parser *p, const char *rest);
int hd_d_write(hd_parser *p, const char *rest);
int hd_d_expr(hd_parser *p, const char *rest);
int hd_d_bytes(hd_parser *p, const char *rest);
int hd_d_loclist(hd_parser *p, const char *rest);
/* One location list entry line (context.c), after `loclist` or `die OFF loclist`. */
int hd_case_loclist_entry(hd_parser *p, const char *rest, uint64_t die, int for_die);
/* stack.c */
int hd_d_stack(hd_parser *p, const char *rest);
int hd_d_cie(hd_parser *p, const char *rest);
int hd_d_fde(hd_parser *p, const char *rest);
int hd_d_debug_frame(hd_parser *p, const char *rest);
int hd_d_subprogram(hd_parser *p, const char *rest);
int hd_d_evaluate(hd_parser *p, const char *rest);

/* Helpers of the handlers (lex.c). */
int hd_once(hd_parser *p, unsigned flag, const char *what);   /* singletons */
int hd_nomem(hd_parser *p);
int hd_push_rec(hd_parser *p, hd_buf *v, const void *rec, size_t size);
/* A register name of the arch, or a DWARF register number. */
int hd_parse_reg(hd_parser *p, hd_tok t, uint64_t *reg);
/* "HEAD: TAIL" where HEAD must be empty (only an optional "bytes"). */
int hd_bare_colon(hd_parser *p, const char *rest, const char **tail, int *is_bytes);

/* join.c: text spread over several lines. */
void hd_joined_init(hd_joined *j);
void hd_joined_free(hd_joined *j);
/* The text after an expression line's ':' without surrounding blanks and
 * the trailing ';' the join would double. */
hd_tok hd_piece(const char *tail);
/* Appends a piece that starts at line:col of the file; empty pieces are
 * skipped. */
int hd_joined_add(hd_parser *p, hd_joined *j, hd_tok piece, uint32_t line, uint32_t col);
/* An assembler of joined text: 0, or -1 with st->offset the 0-based offset
 * of the problem in text and st->msg its message. */
typedef int (*hd_asm_fn)(void *arg, const char *text, size_t len, hd_buf *out,
                         hd_status *st);
/* Assembles j with fn into out; an error is reported at the line and column
 * of the file that hold it (first_line when j is empty). */
int hd_joined_assemble(hd_parser *p, const hd_joined *j, uint32_t first_line,
                       hd_asm_fn fn, void *arg, hd_buf *out);
/* hd_asm_fn for operation expressions in the case's encoding. */
int hd_asm_expr(void *p, const char *text, size_t len, hd_buf *out, hd_status *st);

/* finish.c: checks and indexes that need a whole pass. */
int hd_case_finish_types(hd_parser *p);   /* after pass 1 */
int hd_case_finish(hd_parser *p);         /* after pass 2 */
int hd_case_finish_stack(hd_parser *p);   /* stack_finish.c, from hd_case_finish */
/* "generic" or a declared type name; *type NULL for generic. */
int hd_case_find_type(hd_parser *p, hd_tok name, const hd_base_type **type);
/* The value text after the type name of `push value`, into push->bytes. */
int hd_case_value_bytes(hd_parser *p, const hd_base_type *type, const char *s,
                        hd_case_push *push);

#endif
