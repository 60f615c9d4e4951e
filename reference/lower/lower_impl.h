/* Internal to reference/lower: the lowering context and the handlers, one
 * per DebugInfo instruction, that lower.c dispatches to by name.
 *
 * The rules every handler follows:
 * - A node is lowered at most once; hd_lower_node() returns its DIE (or NULL
 *   when it has none: DebugInfoNone, DebugExpression ...). Types and scopes
 *   are lowered on demand, the first time something refers to them.
 * - A handler resolves its parent first, then creates its DIE and calls
 *   hd_lower_set_die() at once, before lowering anything else it refers to.
 *   So a composite's members can find the composite while it is being built,
 *   and a reference cycle the validator missed ends in a missing attribute,
 *   never in endless recursion.
 * - Errors: a handler sets L->st through hd_fail and returns NULL with
 *   L->failed set; the driver stops at the next node. */
#ifndef HD_LOWER_IMPL_H
#define HD_LOWER_IMPL_H

#include <libdwarf/dwarf.h>

#include "lower.h"
#include "dwarf/codec/dwarf_ext.h"
#include "dwarf/codec/expr.h"

typedef struct hd_lw hd_lw;

/* The DebugInfoFlags the lowering reads (lower_flags.c names them). */
typedef enum hd_lower_flag {
	HD_FLAG_IS_PROTECTED, HD_FLAG_IS_PRIVATE, HD_FLAG_IS_LOCAL, HD_FLAG_IS_DEFINITION,
	HD_FLAG_FWD_DECL, HD_FLAG_ARTIFICIAL, HD_FLAG_EXPLICIT, HD_FLAG_PROTOTYPED,
	HD_FLAG_OBJECT_POINTER, HD_FLAG_STATIC_MEMBER, HD_FLAG_INDIRECT_VARIABLE,
	HD_FLAG_LVALUE_REFERENCE, HD_FLAG_RVALUE_REFERENCE, HD_FLAG_IS_OPTIMIZED,
	HD_FLAG_IS_ENUM_CLASS, HD_FLAG_PASS_BY_VALUE, HD_FLAG_PASS_BY_REFERENCE,
	HD_FLAG_COUNT
} hd_lower_flag;

/* One flags enum's bit for each hd_lower_flag (0: the enum has none). */
typedef struct hd_lw_flagbits {
	const hd_spv_enum *en;
	uint32_t bit[HD_FLAG_COUNT];
} hd_lw_flagbits;
typedef hd_die *(*hd_lower_fn)(hd_lw *L, const hd_di_node *n);

enum { HD_LOWER_TODO, HD_LOWER_BUSY, HD_LOWER_DONE };

struct hd_lw {
	const hd_spv_module *m;
	hd_lower_options opt;
	hd_lowered *out;
	hd_dw_unit *u;
	hd_encoding enc;          /* expressions: profile, addr 8, offset 4/8 */
	hd_status *st;
	int failed;

	hd_die **die_of;          /* per node */
	uint8_t *state;           /* per node: HD_LOWER_* */
	hd_lower_fn *fn_of;       /* per node: its handler, NULL when none */
	int32_t cu;               /* the DebugCompilationUnit node, -1 if none */

	/* lower_cu.c: file table. file_of maps a DebugSource node (100) or an
	 * OpString insn (1.00, OpLine) to its index in unit.lines.files. */
	int32_t *file_of_node;    /* per node, -1 */
	int32_t *file_of_insn;    /* per insn, -1 */
	uint32_t files_cap, dirs_cap;

	/* lower_global.c: next free address in .bss and local memory */
	uint64_t bss_next, lds_next;

	/* lower_scope.c: the DIEs standing for scopes as inlined at a
	 * DebugInlinedAt. inst_head is per node (allocated on first use): the
	 * first of that DebugInlinedAt node's instances, chained through
	 * hd_lw_inst.next; -1 ends a chain. */
	struct hd_lw_inst *insts;
	int32_t *inst_head;
	uint32_t ninsts, insts_cap;

	/* lower_nonsemantic.c: per node, the composite listing it in Members */
	int32_t *listed_by;

	/* lower_flags.c: the flag bits of each flags enum met, and per set and
	 * instruction (by index in the set's table) its flags enum */
	hd_lw_flagbits *flagbits;
	uint32_t nflagbits, flagbits_cap;
	const hd_spv_enum **inst_flags[HD_SET_COUNT];

	/* the growable arrays of hd_lowered and hd_dw_unit */
	uint32_t places_cap, symbols_cap, rows_cap, loclists_cap, rnglists_cap,
	         macros_cap, fdes_cap;
};

/* ---- lower.c: driver ---- */
hd_die *hd_lower_node(hd_lw *L, int32_t node);
/* The DIE of the node that id defines; NULL for DebugInfoNone, OpTypeVoid,
 * a non-debug id, or a node without a DIE. */
hd_die *hd_lower_id(hd_lw *L, uint32_t id);
void hd_lower_set_die(hd_lw *L, const hd_di_node *n, hd_die *d);
/* The DIE under which a node whose Parent/Scope is id goes: the compile
 * unit for a DebugCompilationUnit (or an unknown id), else the scope's DIE. */
hd_die *hd_lower_parent(hd_lw *L, uint32_t id);
/* Records a failure (HD_BAD_INPUT with code, or HD_NO_MEMORY) and returns NULL. */
hd_die *hd_lower_fail(hd_lw *L, hd_kind kind, const char *code, const hd_di_node *n,
                      const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;
/* Grows *arr (elements of size sz, count n, capacity *cap) to hold one more;
 * 0, or -1 with HD_NO_MEMORY recorded. */
int hd_lower_grow(hd_lw *L, void **arr, size_t sz, uint32_t n, uint32_t *cap);

/* ---- lower_util.c: operands ---- */
/* Whether n is instruction k (of whichever set). */
int hd_lw_is(const hd_di_node *n, hd_spv_kind k);
/* Puts dies[0..n), children of parent, in that order among its children;
 * -1 when memory runs out. */
int hd_lower_reorder(hd_die *parent, hd_die *const *dies, uint32_t n);
/* Operand names differ slightly between the sets ("Flags" / "Literal Flags",
 * "Parameter Types" / "Paramter Types"); these take the OpenCL.DebugInfo.100
 * name and find the other set's spelling. */
/* The span of the named operand; 0, or -1 when the node has no such operand
 * or it is absent. */
int hd_lw_span(const hd_di_node *n, hd_spv_oname name, hd_di_span *span);
/* The first word of the named operand, or 0 when absent. */
uint32_t hd_lw_word(const hd_di_node *n, hd_spv_oname name);
/* The OpString text an id operand names, or NULL (absent, DebugInfoNone). */
const char *hd_lw_string(hd_lw *L, const hd_di_node *n, hd_spv_oname name);
/* A number: a literal operand, or an id operand naming an integer OpConstant.
 * 0 and *v set, or -1 (absent, DebugInfoNone, not a constant). */
int hd_lw_number(hd_lw *L, const hd_di_node *n, hd_spv_oname name, uint64_t *v);
/* The enumerant name of an enum operand's value ("Float", "Class"), or NULL. */
const char *hd_lw_enum(const hd_di_node *n, hd_spv_oname name);
/* Whether the node of id is DebugInfoNone (or id is 0). */
int hd_lw_is_none(hd_lw *L, uint32_t id);

/* ---- lower_util.c: attributes ---- */
/* DW_AT_name from the Name operand when it is a non-empty OpString. */
int hd_lw_name(hd_lw *L, hd_die *d, const hd_di_node *n, hd_spv_oname operand);
/* DW_AT_type to the DIE of id, when id lowers to one (void adds nothing). */
int hd_lw_type(hd_lw *L, hd_die *d, uint16_t attr, uint32_t id);
/* DW_AT_decl_file/line/column from Source, Line, Column (0 lines and columns
 * are left out, as DWARF 5 section 2.14 reads a 0 as "unknown"). */
int hd_lw_decl(hd_lw *L, hd_die *d, const hd_di_node *n);
/* An extension attribute: its code in the unit's profile; nothing when the
 * profile has none. */
int hd_lw_xat_udata(hd_lw *L, hd_die *d, hd_xat a, uint64_t v);
int hd_lw_xat_expr(hd_lw *L, hd_die *d, hd_xat a, const uint8_t *b, size_t n);
int hd_lw_xat_string(hd_lw *L, hd_die *d, hd_xat a, const char *s);

/* ---- lower_util.c: address spaces (docs/lowering.md "Storage classes") ---- */
/* The DWARF Extensions for Heterogeneous Debugging address class (DW_ADDR_LLVM_*) of a SPIR-V storage class. */
uint32_t hd_lw_addr_class(uint32_t storage_class);
/* The AMDGPU DWARF address space (DW_ASPACE_*) holding a storage class. */
uint32_t hd_lw_aspace(uint32_t storage_class);
/* The AMDGPU DWARF address space of an address space number in the
 * `Constu AS; Swap; Xderef` idiom, which counts SPIR target address spaces
 * (private 0, global 1, constant 2, local 3, generic 4); UINT32_MAX when
 * AS is none of them. */
uint32_t hd_lw_aspace_of_spir(uint64_t as);

/* ---- lower_util.c: expressions ---- */
/* Appends one op in the unit's encoding (u0, u1 as hd_op.u). */
int hd_lw_op(hd_lw *L, hd_buf *b, hd_op_id id, uint64_t u0, uint64_t u1);

/* ---- lower_cu.c ---- */
hd_die *hd_lower_compilation_unit(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_source(hd_lw *L, const hd_di_node *n);
/* The file-table index of a Source operand's id (DebugSource in 100, an
 * OpString in 1.00 and in OpLine); -1 when it names none. */
int32_t hd_lower_file(hd_lw *L, uint32_t source_id);
/* After the line program: MD5s kept only when every file has one. */
int hd_lower_files_finish(hd_lw *L);

/* ---- lower_nonsemantic.c ---- */
/* The composite a member or inheritance belongs to: its operand (Parent of
 * a DebugTypeMember, Child of a DebugTypeInheritance), or in
 * NonSemantic.Shader.DebugInfo.100, which has neither, the composite whose
 * Members list it; 0 when none. */
uint32_t hd_lower_member_of(hd_lw *L, const hd_di_node *n, hd_spv_oname operand);

/* ---- lower_flags.c ---- */
/* The attributes DebugInfoFlags imply on d (docs/lowering.md, "Flags"). */
int hd_lower_flags(hd_lw *L, hd_die *d, const hd_di_node *n, uint32_t flags);

/* ---- lower_type.c, lower_composite.c, lower_template.c ---- */
hd_die *hd_lower_type_basic(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_pointer(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_qualifier(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_array(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_vector(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_typedef(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_function(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_enum(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_composite(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_member(hd_lw *L, const hd_di_node *n);
/* Whether DebugTypeMember n is a static member (FlagStaticMember, or a
 * Value): a declaration in the class, not a field of its objects. */
int hd_lower_member_is_static(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_inheritance(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_ptr_to_member(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_template(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_template_parameter(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_template_template_parameter(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_type_template_parameter_pack(hd_lw *L, const hd_di_node *n);
/* The byte size of the type id names (through typedefs and qualifiers), or
 * 0 when unknown: the placement sizes storage with it. */
uint64_t hd_lower_type_size(hd_lw *L, uint32_t id);

/* ---- lower_global.c, lower_macro.c, lower_import.c ---- */
hd_die *hd_lower_global_variable(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_function_declaration(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_imported_entity(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_module(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_macro_def(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_macro_undef(hd_lw *L, const hd_di_node *n);
/* After every node: the .debug_macro unit in source order. */
int hd_lower_macros_finish(hd_lw *L);

/* ---- placement.c, lower_function.c, lower_scope.c, lower_var.c,
 *      lower_expr.c, lower_line.c, lower_cfi.c ---- */
/* Before any node: code layout (functions, pcs, symbols, kernels). */
int hd_lower_place_code(hd_lw *L);
hd_die *hd_lower_function(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_lexical_block(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_lexical_block_discriminator(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_local_variable(hd_lw *L, const hd_di_node *n);
hd_die *hd_lower_inlined_variable(hd_lw *L, const hd_di_node *n);
/* The pc of a code slot of module function f (placement.c). */
uint64_t hd_lower_pc(hd_lw *L, uint32_t f, uint32_t slot);
/* The DIE standing for scope node `scope` as inlined at the DebugInlinedAt
 * node `inlined_at` (-1: not inlined): the scope's own DIE, or the
 * inlined_subroutine / the lexical block inside it (lower_scope.c). NULL
 * when there is none. */
hd_die *hd_lower_scope_die(hd_lw *L, int32_t scope, int32_t inlined_at);
/* After every node: function bodies (scopes, inlining, declares, values),
 * the line program and .debug_frame. */
int hd_lower_scopes(hd_lw *L);   /* lower_scope.c: scope pc ranges, inlining */
int hd_lower_bodies(hd_lw *L);   /* lower_body.c: declares, values, locations */
int hd_lower_lines(hd_lw *L);
int hd_lower_cfi(hd_lw *L);

#endif
