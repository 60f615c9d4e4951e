/* Internal to reference/tollvm: the translation context and the handlers,
 * one per DebugInfo instruction, that translate.c dispatches to by name.
 *
 * Numbering: the node at index i of the module's debug-info graph becomes
 * metadata !i when its instruction has a handler (types, scopes, variables,
 * inlined-at locations); a DebugGlobalVariable's DIGlobalVariableExpression
 * is !(nnodes + i); the two module flags follow at 2 * nnodes, and the
 * DILocations of instructions and records from 2 * nnodes + 2. LLVM allows
 * forward references between metadata, so each handler prints its node
 * naming others by number, with no recursion and no order to keep. Small
 * nodes (DIFile, DISubrange, DIEnumerator, DIExpression, tuples) are
 * written inline where they are used. */
#ifndef HD_TOLLVM_IMPL_H
#define HD_TOLLVM_IMPL_H

#include <stdint.h>

#include "tollvm.h"

typedef struct hd_tl {
	const hd_spv_module *m;
	hd_buf *out;
	hd_buf md;                 /* the numbered metadata nodes */
	hd_buf notes;              /* "; not translated:" lines */
	hd_buf fields;             /* the node being written (tl_begin .. tl_end) */
	int nfields;
	int32_t cu;                /* the first DebugCompilationUnit node */
	unsigned ptr_bits;         /* 32 under Physical32, else 64 */
	int32_t *template_of;      /* per node: the DebugTypeTemplate whose Target it is */
	int32_t *listed_by;        /* per node: the composite whose Members list it */
	int32_t *var_first;        /* per DebugFunction node: its first local variable */
	int32_t *var_next;         /* per DebugLocalVariable node: the next of its function */
	const char **opname;       /* per insn: the first OpName of its result */
	const char **irname;       /* per insn: the IR name of a function or global */
	hd_buf locs;               /* the DILocations of the IR's !dbg, numbered */
	uint64_t next_loc;         /* the next DILocation's number */
} hd_tl;

/* A handler prints the node's !i line; nodes whose instruction has none
 * get no number. */
typedef void (*hd_tl_fn)(hd_tl *T, const hd_di_node *n);

/* ---- translate.c: numbering and references ---- */
/* Whether the node gets a number of its own. */
int hd_tl_numbered(const hd_di_node *n);
/* The metadata number id stands for, -1 for none (DebugInfoNone, void, an
 * id that is no debug node). DebugTypeTemplate stands for its Target, a
 * DebugInlinedVariable for its Variable. */
int64_t hd_tl_md(hd_tl *T, uint32_t id);
/* The node id names after DebugTypeTemplate and DebugInlinedVariable. */
const hd_di_node *hd_tl_resolve(hd_tl *T, uint32_t id);
/* Whether n is the named instruction (of whichever set). */
int hd_tl_is(const hd_di_node *n, const char *name);

/* ---- write.c: text ---- */
/* An LLVM string literal: printable ASCII as is, '"', '\' and the rest as \XX. */
void hd_tl_quote(hd_buf *b, const char *s);
/* !N or null. */
void hd_tl_ref(hd_tl *T, hd_buf *b, uint32_t id);
/* The file path a Source operand's id names, or NULL. */
const char *hd_tl_source_path(hd_tl *T, uint32_t source);
/* An inline !DIFile for a Source operand's id (DebugSource, or an OpString
 * in 1.00 and OpLine), or null. */
void hd_tl_file(hd_tl *T, hd_buf *b, uint32_t source);
/* Starts node !num ("distinct" when distinct) of kind in T->fields. */
void hd_tl_begin(hd_tl *T, uint64_t num, int distinct, const char *kind);
/* One field "name: " then the value. */
void hd_tl_str(hd_tl *T, const char *name, const char *s);   /* nothing for NULL */
void hd_tl_uint(hd_tl *T, const char *name, uint64_t v);
void hd_tl_int(hd_tl *T, const char *name, int64_t v);
void hd_tl_raw(hd_tl *T, const char *name, const char *text);
void hd_tl_refield(hd_tl *T, const char *name, uint32_t id); /* nothing for none */
/* The field's name; the caller appends the value to T->fields. */
hd_buf *hd_tl_field(hd_tl *T, const char *name);
/* Ends the node and appends it to T->md. */
void hd_tl_end(hd_tl *T);
/* "; not translated: <instruction> %<id>: why" */
void hd_tl_note(hd_tl *T, const hd_di_node *n, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* ---- operands (write.c): the names of both sets ---- */
uint32_t hd_tl_word(const hd_di_node *n, hd_spv_oname name);
/* A number operand: 0 and *v, or -1 when absent or not a constant. */
int hd_tl_number(const hd_di_node *n, hd_spv_oname name, uint64_t *v);
/* The OpString text of a Name-like operand; NULL when absent or "". */
const char *hd_tl_string(const hd_di_node *n, hd_spv_oname name);
/* Whether the id is DebugInfoNone (or 0). */
int hd_tl_none(hd_tl *T, uint32_t id);
/* name, file, line, column(when asked) from Name, Source, Line, Column. */
void hd_tl_decl(hd_tl *T, const hd_di_node *n, int column);

/* ---- tables.c: the data-driven mappings ---- */
const char *hd_tl_encoding(const char *spirv_name);    /* DW_ATE_*, NULL for Unspecified */
const char *hd_tl_qualifier(const char *spirv_name);   /* DW_TAG_* */
const char *hd_tl_composite_tag(const char *spirv_name);
const char *hd_tl_import_tag(const char *spirv_name);
/* DebugOperation → DW_OP_*, its operand count; NULL when LLVM has none. */
const char *hd_tl_operation(const char *spirv_name, unsigned *noperands);
/* SourceLanguage → the DW_LANG_* LLVM 15 reads, or a number it reads. */
void hd_tl_language(hd_buf *b, const char *spirv_name);
/* SPIR-V storage class → the SPIR address space (dwarfAddressSpace and the
 * IR address space), -1 for none. */
int hd_tl_addrspace(uint32_t storage_class);
/* The DIFlag* names of a DebugInfoFlags value for a node of kind where
 * ("type", "subprogram", "variable", "member"), " | "-separated, into b;
 * the flags with no DIFlag (FlagIsLocal, FlagIsDefinition, FlagIsOptimized
 * and the reference flags of pointers) are left to the handlers. Writes
 * nothing for none. */
void hd_tl_flags(hd_buf *b, const hd_di_node *n, uint32_t flags, const char *where);
/* Whether flags has the DebugInfoFlags flag named name in n's set. */
int hd_tl_has_flag(const hd_di_node *n, uint32_t flags, const char *name);

/* ---- types.c ---- */
void hd_tl_type_basic(hd_tl *T, const hd_di_node *n);
void hd_tl_type_pointer(hd_tl *T, const hd_di_node *n);
void hd_tl_type_qualifier(hd_tl *T, const hd_di_node *n);
void hd_tl_type_array(hd_tl *T, const hd_di_node *n);
void hd_tl_type_vector(hd_tl *T, const hd_di_node *n);
void hd_tl_typedef(hd_tl *T, const hd_di_node *n);
void hd_tl_type_function(hd_tl *T, const hd_di_node *n);
void hd_tl_type_enum(hd_tl *T, const hd_di_node *n);
void hd_tl_type_composite(hd_tl *T, const hd_di_node *n);
void hd_tl_type_member(hd_tl *T, const hd_di_node *n);
void hd_tl_type_inheritance(hd_tl *T, const hd_di_node *n);
void hd_tl_type_ptr_to_member(hd_tl *T, const hd_di_node *n);
void hd_tl_template_parameter(hd_tl *T, const hd_di_node *n);
void hd_tl_template_template_parameter(hd_tl *T, const hd_di_node *n);
void hd_tl_template_parameter_pack(hd_tl *T, const hd_di_node *n);
void hd_tl_type_matrix(hd_tl *T, const hd_di_node *n);
/* templateParams: of a composite or function a DebugTypeTemplate targets. */
void hd_tl_template_params(hd_tl *T, const hd_di_node *n);
/* The size in bits of the type id names, 0 when unknown. */
uint64_t hd_tl_type_bits(hd_tl *T, uint32_t id);

/* ---- scopes.c ---- */
void hd_tl_compilation_unit(hd_tl *T, const hd_di_node *n);
void hd_tl_function(hd_tl *T, const hd_di_node *n);
void hd_tl_function_declaration(hd_tl *T, const hd_di_node *n);
void hd_tl_lexical_block(hd_tl *T, const hd_di_node *n);
void hd_tl_lexical_block_discriminator(hd_tl *T, const hd_di_node *n);
void hd_tl_inlined_at(hd_tl *T, const hd_di_node *n);
void hd_tl_local_variable(hd_tl *T, const hd_di_node *n);
void hd_tl_global_variable(hd_tl *T, const hd_di_node *n);
void hd_tl_imported_entity(hd_tl *T, const hd_di_node *n);
void hd_tl_module(hd_tl *T, const hd_di_node *n);
void hd_tl_macro_def(hd_tl *T, const hd_di_node *n);
void hd_tl_macro_undef(hd_tl *T, const hd_di_node *n);
/* A scope operand: a compilation unit stands for itself. */
void hd_tl_scope(hd_tl *T, const char *field, uint32_t id);
/* The DebugFunction a scope node lies in (through lexical blocks), or NULL
 * for a compilation unit, type or namespace scope. */
const hd_di_node *hd_tl_subprogram(hd_tl *T, const hd_di_node *scope);
/* Whether the node is a local scope in LLVM's sense (DILocalScope). */
int hd_tl_local_scope(hd_tl *T, const hd_di_node *n);
/* A DIExpression for a DebugExpression id into b; -1 (nothing written)
 * when LLVM cannot say it, with *why set. */
int hd_tl_expression(hd_tl *T, hd_buf *b, uint32_t id, const char **why);

/* ---- body.c ---- */
/* The IR: globals, function skeletons with locations and records, the
 * intrinsic declarations. Returns -1 when memory runs out. */
int hd_tl_ir(hd_tl *T);

#endif
