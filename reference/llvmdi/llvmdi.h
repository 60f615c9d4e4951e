/* LLVM debug metadata in textual IR (.ll), as clang and llvm-dis 14 to 22
 * write it: read, checked against named rules and printed in a canonical,
 * id-free form (docs/llvm-di.md).
 *
 * The reader reads only what debug information needs: metadata definitions
 * (`!N = [distinct] !DIKind(...)`, tuples `!{...}`), named metadata, the
 * `!dbg` attachments of functions, globals and instructions, the calls of
 * llvm.dbg.declare/value/assign/label and the debug records (#dbg_declare,
 * #dbg_value, #dbg_assign, #dbg_label) of LLVM 19 and later. Other IR lines
 * are skipped. It trusts nothing: every line, string, node, field and
 * nesting is bounded, ids live in a sorted table (no hash table the input
 * could steer), and a malformed debug line is an error value naming
 * FILE:LINE:COL and the syntax rule broken (HD_BAD_INPUT, code = rule id).
 * All memory comes from one capped arena. */
#ifndef HD_LLVMDI_H
#define HD_LLVMDI_H

#include <stddef.h>
#include <stdint.h>

#include "../util/arena.h"
#include "../util/buf.h"
#include "../util/status.h"

/* The bounds (docs/llvm-di.md, "Reading"). */
#define HD_LLDI_MAX_FILE (64u << 20)
#define HD_LLDI_MAX_LINE (1u << 20)      /* bytes in one line */
#define HD_LLDI_MAX_NODES 1000000u       /* metadata definitions */
#define HD_LLDI_MAX_FIELDS 64u           /* fields of one specialised node */
#define HD_LLDI_MAX_ITEMS 65536u         /* operands of one tuple or expression */
#define HD_LLDI_MAX_STRING 65536u        /* bytes of one decoded string */
#define HD_LLDI_MAX_DEPTH 32u            /* nested inline nodes and tuples */
#define HD_LLDI_MAX_USES 4000000u        /* attachments and debug records */
#define HD_LLDI_MAX_FINDINGS 1000u

/* The rules (rules.def): syntax rules stop the reading, structure rules
 * are findings of hd_lldi_validate. */
typedef enum hd_lldi_rule {
#define HD_LLDI_RULE(sym, id, cls, source, what) sym,
#include "rules.def"
#undef HD_LLDI_RULE
	HD_LLDI_NRULES
} hd_lldi_rule;

/* Where something was written: 1-based line and column. */
typedef struct hd_lldi_pos {
	uint32_t line, col;
} hd_lldi_pos;

typedef struct hd_lldi_node hd_lldi_node;

typedef enum hd_lldi_vkind {
	HD_LLDI_V_NONE = 0, /* an absent operand */
	HD_LLDI_V_INT,      /* 5, -1, 0x1f */
	HD_LLDI_V_BOOL,     /* true, false */
	HD_LLDI_V_NULL,     /* null */
	HD_LLDI_V_STR,      /* "text" (decoded) */
	HD_LLDI_V_MDSTR,    /* !"text" (decoded) */
	HD_LLDI_V_REF,      /* !N */
	HD_LLDI_V_ENUM,     /* DW_TAG_member, DIFlagA | DIFlagB, FullDebug */
	HD_LLDI_V_NODE,     /* an inline !{...} or !DIKind(...) */
	HD_LLDI_V_IR        /* an IR value: i32 7, ptr %3, ptr @g */
} hd_lldi_vkind;

typedef struct hd_lldi_value {
	uint8_t kind;     /* hd_lldi_vkind */
	uint8_t neg;      /* HD_LLDI_V_INT: the value is -u */
	hd_lldi_pos pos;
	uint64_t u;       /* INT magnitude, BOOL, REF id */
	const char *s;    /* STR, MDSTR, ENUM, IR text; NUL-terminated */
	uint32_t len;     /* of s */
	hd_lldi_node *node; /* NODE; REF once resolved */
} hd_lldi_value;

typedef struct hd_lldi_field {
	const char *name;
	hd_lldi_value v;
} hd_lldi_field;

/* A definition or an inline node. kind is "" for a tuple !{...}; known is
 * the index of the kind in the kinds table (kinds.def) or -1. A node has
 * named fields or positional items (tuples, DIExpression, DIArgList). */
struct hd_lldi_node {
	uint32_t id;
	uint8_t has_id, distinct, positional;
	int16_t known;
	const char *kind;
	hd_lldi_pos pos;
	hd_lldi_field *fields;
	uint32_t nfields;
	hd_lldi_value *items;
	uint32_t nitems;
	uint32_t mark;   /* scratch for traversals */
};

/* A named metadata: !llvm.dbg.cu = !{!0}. */
typedef struct hd_lldi_named {
	const char *name;
	hd_lldi_pos pos;
	hd_lldi_value *items;
	uint32_t nitems;
} hd_lldi_named;

/* One use of debug metadata from the IR. */
typedef enum hd_lldi_ukind {
	HD_LLDI_U_FUNCTION,  /* define/declare ... !dbg !N */
	HD_LLDI_U_GLOBAL,    /* @g = global ..., !dbg !N */
	HD_LLDI_U_INST,      /* an instruction's !dbg */
	HD_LLDI_U_DECLARE,   /* llvm.dbg.declare or #dbg_declare */
	HD_LLDI_U_VALUE,     /* llvm.dbg.value or #dbg_value */
	HD_LLDI_U_ASSIGN,    /* llvm.dbg.assign or #dbg_assign */
	HD_LLDI_U_LABEL      /* llvm.dbg.label or #dbg_label */
} hd_lldi_ukind;

#define HD_LLDI_MAX_OPS 6

/* ops: a record's operands before its location (declare/value: value,
 * variable, expression; assign: value, variable, expression, DIAssignID,
 * address, address expression; label: label). loc: the !dbg, or the
 * record's last operand. func: index into functions, or -1. */
typedef struct hd_lldi_use {
	uint8_t kind;     /* hd_lldi_ukind */
	uint8_t record;   /* a #dbg_ record, not an intrinsic call */
	uint8_t nops;
	int32_t func;
	hd_lldi_pos pos;
	const char *name; /* FUNCTION, GLOBAL: the @name */
	hd_lldi_value ops[HD_LLDI_MAX_OPS];
	hd_lldi_value loc;
} hd_lldi_use;

typedef struct hd_lldi_function {
	const char *name;
	uint8_t defined;
	hd_lldi_pos pos;
	hd_lldi_value sp;    /* the !dbg, or kind NONE */
} hd_lldi_function;

typedef struct hd_lldi_module {
	hd_arena arena;
	const char *path;
	hd_lldi_node **nodes;    /* definitions, sorted by id */
	uint32_t nnodes, capnodes;
	hd_lldi_named *named;
	uint32_t nnamed, capnamed;
	hd_lldi_use *uses;
	uint32_t nuses, capuses;
	hd_lldi_function *functions;
	uint32_t nfunctions, capfunctions;
} hd_lldi_module;

/* Reads text (len bytes; need not be NUL-terminated). path names the file
 * in messages. 0 and *out, or -1 with st (HD_BAD_INPUT, code a syntax rule
 * id, message "PATH:LINE:COL: rule: what") or HD_NO_MEMORY. */
int hd_lldi_read(const char *path, const char *text, size_t len, hd_lldi_module **out,
               hd_status *st);
void hd_lldi_free(hd_lldi_module *m);

/* The definition !id, or NULL. */
hd_lldi_node *hd_lldi_lookup(const hd_lldi_module *m, uint32_t id);
/* A value's node: the inline node, or the resolved reference; else NULL. */
hd_lldi_node *hd_lldi_target(const hd_lldi_value *v);
/* The field called name, or NULL. */
const hd_lldi_field *hd_lldi_field_get(const hd_lldi_node *n, const char *name);

typedef struct hd_lldi_finding {
	hd_lldi_rule rule;
	hd_lldi_pos pos;
	char msg[200];
} hd_lldi_finding;

typedef struct hd_lldi_findings {
	hd_lldi_finding *v;
	size_t n, cap, dropped;
} hd_lldi_findings;

/* Checks the structure rules; the number of findings (kept and dropped). */
size_t hd_lldi_validate(const hd_lldi_module *m, hd_lldi_findings *fs);
void hd_lldi_findings_print(hd_lldi_findings *fs, const char *path, hd_buf *out);
void hd_lldi_findings_free(hd_lldi_findings *fs);

/* The canonical dump (docs/llvm-di.md, "The dump"). */
void hd_lldi_dump(const hd_lldi_module *m, hd_buf *out);

const char *hd_lldi_rule_id(hd_lldi_rule r);
int hd_lldi_rule_is_syntax(hd_lldi_rule r);
/* "ID\tCLASS\tSOURCE" a line, in the order of rules.def. */
void hd_lldi_rules_print(hd_buf *out);

#endif
