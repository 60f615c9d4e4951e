/* The SPIR-V front end: reads a module (binary in either byte order, or
 * assembly text through SPIRV-Tools), decodes the debug-info extended
 * instructions of every imported debug set into a graph, validates the graph
 * against OpenCL.DebugInfo.100 and DebugInfo 1.00, and
 * prints it in the canonical id-free form of docs/debuginfo-dump.md.
 *
 * Life cycle: hd_spv_load → hd_di_build → hd_di_validate / hd_di_dump →
 * hd_spv_free. Errors that stop reading (a module that cannot be walked)
 * come back as an hd_status; rule violations are diagnostics in the module. */
#ifndef HD_SPIRV_H
#define HD_SPIRV_H

#include <stddef.h>
#include <stdint.h>

#include "tables.h"
#include "util/buf.h"
#include "util/status.h"

/* Bounds that keep hostile input linear: a module larger than this is
 * refused, and diagnostics past the cap are counted, not stored. */
#define HD_SPV_MAX_BYTES (512u << 20)
#define HD_SPV_MAX_DIAGS 10000u
/* Zero words hd_spv_read_binary keeps after a module's last word, so that a
 * reader of an instruction's fixed operand positions stays in the buffer. */
#define HD_SPV_WORD_PAD 8u
/* How far above the module's word count the id map's array reaches:
 * producers number ids densely, so nearly every id is below it. */
#define HD_SPV_MAX_SPARSE_IDS 65536u
/* More than any instruction of the debug sets has (a spans array bound). */
#define HD_DI_MAX_OPERANDS 32

/* One instruction of the module. */
typedef struct hd_spv_insn {
	uint32_t offset;   /* word offset of its first word (the header is words 0–4) */
	uint16_t opcode;
	uint16_t nwords;
	uint32_t type;     /* result type id, 0 when none */
	uint32_t result;   /* result id, 0 when none */
	int32_t node;      /* index in hd_spv_module.nodes when a debug-set OpExtInst */
	int32_t function;  /* index in hd_spv_module.functions, -1 at module scope */
} hd_spv_insn;

/* One decoded debug-info instruction. Operands are the raw words after the
 * extended opcode; hd_di_operands() maps them onto the grammar's operands. */
typedef struct hd_di_node {
	const struct hd_spv_module *m;  /* the module it is in */
	const hd_spv_set *set;
	const hd_spv_inst *inst;  /* NULL: the set has no such opcode */
	uint32_t opcode;          /* the extended opcode */
	uint32_t id;              /* its result id */
	uint32_t insn;            /* index in hd_spv_module.insns */
	uint32_t nargs;
	uint8_t fits;             /* hd_di_build found that args fit the grammar's
	                           * operands (hd_di_operands >= 0); 0: not, or
	                           * not known (a node built elsewhere) */
	const uint32_t *args;
} hd_di_node;

/* Where one grammar operand sits in a node's args. */
typedef struct hd_di_span {
	uint32_t first;  /* index into args */
	uint32_t count;  /* words: 0 for an absent optional, 2 per pair */
} hd_di_span;

/* A run of function-body instructions with one DebugScope (or no scope), one
 * OpLine (or none). Slots count a function's instructions other than debug
 * instructions, OpLine and OpNoLine, from 0 at its OpFunction. */
typedef struct hd_di_range {
	int32_t scope;    /* node of DebugScope's Scope; -1 for DebugNoScope or none */
	int32_t inlined;  /* node of its Inlined At, -1 when absent */
	int32_t file;     /* OpLine: insn of the OpString; -1 when not a line range */
	uint32_t line, column;
	uint32_t slot_begin, slot_end;  /* [begin, end) */
} hd_di_range;

/* A DebugDeclare or DebugValue, the slot of the instruction it precedes, and
 * the DebugScope in effect where it sits (DebugInfo 1.00 section 4.7, DebugScope:
 * a scope applies to the instructions that follow it, the point among
 * them). Two points before one instruction can have different scopes, so
 * the scope is not the range the slot falls in. */
typedef struct hd_di_point {
	int32_t node;
	uint32_t slot;
	int32_t scope;    /* node of the DebugScope's Scope; -1 for DebugNoScope or none */
	int32_t inlined;  /* node of its Inlined At, -1 when absent */
} hd_di_point;

typedef struct hd_di_function {
	uint32_t id;             /* the OpFunction's result id */
	uint32_t insn_begin;     /* index of OpFunction */
	uint32_t insn_end;       /* index of OpFunctionEnd; when it is missing, of the
	                          * last instruction before the next OpFunction, or ninsns */
	uint32_t nslots;
	int32_t debug_function;  /* the DebugFunction naming it, -1 if none */
	hd_di_range *scopes;     /* DebugScope/DebugNoScope ranges, in order */
	uint32_t nscopes;
	hd_di_range *lines;      /* OpLine/OpNoLine ranges, in order */
	uint32_t nlines;
	hd_di_point *points;     /* DebugDeclare/DebugValue, in order */
	uint32_t npoints;
} hd_di_function;

/* One broken rule. The rule id is "<prefix>/<inst>/<rule>" or "<prefix>/<rule>"
 * when inst is NULL; prefix is a set's import name or "SPIR-V". */
typedef struct hd_spv_diag {
	const char *prefix;
	const char *inst;
	const char *rule;
	const char *operand;  /* operand name, NULL when the rule is not about one */
	uint32_t offset;      /* word offset of the instruction */
	uint32_t id;          /* its result id, 0 when none */
	char msg[200];
} hd_spv_diag;

/* Result id -> instruction. No hash table, so no choice of ids can steer
 * lookups into collisions: ids below cap (the module's word count plus
 * HD_SPV_MAX_SPARSE_IDS at most, so memory stays linear in the module's
 * size) index an array; the rare ids above it, which only a damaged or
 * oddly numbered module has, sit in a table sorted by id, found by
 * halving. */
typedef struct hd_spv_farid {
	uint32_t id, insn;
} hd_spv_farid;

typedef struct hd_spv_idmap {
	int32_t *def;       /* def[id]: insn index of id's first definition, -1 none */
	uint32_t cap;       /* entries in def */
	hd_spv_farid *far;  /* the definitions of ids >= cap, by id then insn */
	uint32_t nfar;
	uint32_t count;     /* ids defined */
	uint64_t probes;    /* entries examined while building; tests bound it */
} hd_spv_idmap;

typedef struct hd_spv_module {
	uint32_t *words;  /* host byte order, header included */
	size_t nwords;
	int swapped;      /* the file was big-endian relative to the host */
	uint32_t version, generator, bound;

	hd_spv_insn *insns;
	uint32_t ninsns;
	hd_spv_idmap ids;  /* result id -> insn index (first definition) */

	/* Filled by hd_di_build. */
	hd_di_node *nodes;
	uint32_t nnodes;
	hd_di_function *functions;
	uint32_t nfunctions;

	hd_spv_diag *diags;
	uint32_t ndiags, diag_cap;
	uint32_t ndiags_dropped;  /* beyond HD_SPV_MAX_DIAGS */
} hd_spv_module;

/* Reading (module.c, text.c). hd_spv_load picks binary or text by content:
 * a file whose first word is the SPIR-V magic in either order is binary,
 * anything else is assembled as text. Errors: HD_BAD_INPUT with
 * st->offset the word offset (binary) or line (text); HD_NO_MEMORY. */
int hd_spv_load(const char *path, hd_spv_module **out, hd_status *st);
int hd_spv_read_binary(const uint8_t *bytes, size_t n, hd_spv_module **out,
                       hd_status *st);
/* Assembles SPIR-V assembly with SPIRV-Tools into words (host order), for
 * SPIR-V 1.6. */
int hd_spv_assemble(const char *text, size_t len, uint32_t **words, size_t *nwords,
                    hd_status *st);
/* The same for SPIR-V 1.minor (0-6): the header says that version, and
 * text that needs a later one does not assemble. */
int hd_spv_assemble_version(const char *text, size_t len, unsigned minor, uint32_t **words,
                            size_t *nwords, hd_status *st);
void hd_spv_free(hd_spv_module *m);

/* Id lookups: the insn index defining id, or -1. */
int32_t hd_spv_def(const hd_spv_module *m, uint32_t id);
const hd_spv_insn *hd_spv_def_insn(const hd_spv_module *m, uint32_t id);
/* The node defined by id, or NULL when id is not a debug instruction. */
const hd_di_node *hd_di_node_of(const hd_spv_module *m, uint32_t id);
/* OpString text (NUL-terminated inside the module's words, or NULL). */
const char *hd_spv_string(const hd_spv_module *m, uint32_t id);
/* The value of an OpConstant of integer type, any width up to 64 bits:
 * 0 and *value (sign-extended when signed), or -1 when id is not one. */
int hd_spv_int_constant(const hd_spv_module *m, uint32_t id, uint64_t *value,
                        unsigned *width, int *is_signed);

/* Graph (graph.c, body.c). Never fails on a readable module: what cannot be
 * decoded becomes a diagnostic. Returns -1 only when memory runs out. */
int hd_di_build(hd_spv_module *m, hd_status *st);
/* Maps args onto the grammar operands. Returns the number of grammar
 * operands filled (inst->noperands), or -1 when the words do not fit
 * (too few for the required operands, a surplus word, half a pair). */
int hd_di_operands(const hd_di_node *n, hd_di_span *spans);
/* The words operand op takes when left words remain and the node's
 * operands are known to fit: what hd_di_operands gives it. Inline: the
 * operand readers call it for every operand they step over. */
static inline uint32_t hd_di_operand_words(const hd_spv_operand *op, uint32_t left)
{
	uint32_t width = op->kind == HD_SPV_PAIR ? 2 : 1;

	switch (op->quant) {
	case HD_SPV_ONE:
		return width;
	case HD_SPV_OPT:
		return left >= width ? width : 0;
	default:  /* HD_SPV_MANY, HD_SPV_SOME: the rest */
		return left;
	}
}
/* The first id of the operand named name, 0 when absent. */
uint32_t hd_di_operand_id(const hd_di_node *n, hd_spv_oname name);
/* The number an operand holds: its word for a literal or enum operand; for
 * an id of a NonSemantic.Shader.DebugInfo.100 number (uint32, enum=KIND),
 * the value of the 32-bit OpConstant it names. 0, or -1 when it names none. */
int hd_di_operand_value(const hd_spv_module *m, const hd_di_node *n, const hd_spv_operand *op,
                        hd_di_span span, uint32_t *v);

/* Operands by grammar name, alike in the three sets (operands.c): the
 * span of a present operand (-1 when absent); the word of a literal or enum
 * operand, or for NonSemantic.Shader.DebugInfo.100 the value of the
 * constant it names, else the id (0 when absent); a number, from a literal
 * or an integer OpConstant; an enum operand's enumerant name; the text of
 * an OpString operand. */
int hd_di_span_of(const hd_di_node *n, hd_spv_oname name, hd_di_span *span);
uint32_t hd_di_word(const hd_di_node *n, hd_spv_oname name);
int hd_di_number(const hd_di_node *n, hd_spv_oname name, uint64_t *v);
const char *hd_di_enum_name(const hd_di_node *n, hd_spv_oname name);
const char *hd_di_string(const hd_di_node *n, hd_spv_oname name);
/* A DebugTypeArray's Component Counts without the DebugInfoNone lower
 * bounds SPIRV-LLVM-Translator writes after them; -1 when absent. */
int hd_di_array_counts(const hd_di_node *n, hd_di_span *span);

/* Validation (validate*.c). Adds diagnostics; returns how many rules broke. */
uint32_t hd_di_validate(hd_spv_module *m);
/* Records one diagnostic (diag.c). */
void hd_spv_diag_add(hd_spv_module *m, const char *prefix, const char *inst,
                     const char *rule, const char *operand, uint32_t offset,
                     uint32_t id, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 8, 9)))
#endif
	;
/* Sorts diagnostics by word offset then rule id and prints one per line. */
void hd_spv_diag_print(hd_spv_module *m, hd_buf *out);
/* Every rule id the validator can report, one per line (docs/validation.md). */
void hd_spv_rules_print(hd_buf *out);

/* The canonical id-free dump (dump.c). */
void hd_di_dump(const hd_spv_module *m, hd_buf *out);

#endif
