/* The SPIR-V generators (gen_spirv*.c): a small builder of SPIR-V assembly
 * text for debug-info modules, driven by the grammar tables of
 * reference/spirv/tables.h. Every debug instruction is written from its
 * operand table; an operand the caller does not give is filled from its
 * target class (operand-targets.txt), so the context a case needs (a
 * DebugSource, a compile unit, a basic type, a function ...) follows from
 * the tables rather than from a hand-written list. */
#ifndef HD_GEN_SPIRV_H
#define HD_GEN_SPIRV_H

#include <stdint.h>

#include "gen.h"
#include "spirv/tables.h"

#define SPV_MAXOPS 16  /* more than any instruction's operand count (11) */
#define SPV_NAME 48    /* longest id name, with its '%' */

/* Where a line goes. The module is written in this order; SEC_OWN means
 * "the instruction's own place" (a body instruction in main's body, any
 * other debug instruction at module scope). */
typedef enum spv_sec {
	SEC_OWN,
	SEC_EARLY,   /* right after OpEntryPoint: still core sections 1-8 */
	SEC_STRINGS, /* OpString and OpSource (section 7) */
	SEC_TYPES,   /* section 9: core types, constants, global variables */
	SEC_DEBUG,   /* section 9: module-scope debug instructions (and core lines after them) */
	SEC_PARAMS,  /* main's OpFunctionParameters */
	SEC_FVARS,   /* main's OpVariables, first in its first block */
	SEC_BODY,    /* main's body, before OpReturn */
	SEC_AFTER,   /* after main's OpFunctionEnd: more functions, misplaced lines */
	SEC_COUNT
} spv_sec;

typedef struct spv_memo {
	char key[64];
	char name[SPV_NAME];
} spv_memo;

/* A member waiting for the composite that lists it to be written. */
typedef struct spv_pending {
	char name[SPV_NAME];
	char parent[SPV_NAME];
} spv_pending;

/* One module being written. */
typedef struct spv_mod {
	const hd_spv_set *set;
	const char *import;  /* "%1" */
	hd_buf head;         /* covers, expect and why lines */
	hd_buf sec[SEC_COUNT];
	spv_memo **memo;     /* each entry allocated alone: the names handed out stay put */
	size_t nmemo, cap;
	unsigned fresh;      /* fresh-name counter */
	unsigned line;       /* the next Line literal */
	int body;            /* the instruction being filled describes code (a body
	                      * instruction, block, local, inlining): its scope is
	                      * main's function and its values are main's */
	char owner[SPV_NAME];/* the composite whose Members are being filled */
	spv_pending pending[8];
	int npending;
	uint64_t used;       /* bit k: the set's instruction with opcode k was written */
	const char *main_type; /* main's OpTypeFunction, or NULL for %fnty (void()) */
	const char *extra_cap; /* one more OpCapability, or NULL */
	const char *extra_ext; /* an OpExtension it needs, or NULL */
	int oom;
} spv_mod;

/* How one instruction is written. Zero-initialise, then set what differs
 * from the defaults (every operand filled from its target class, optional
 * operands absent, variadic ones empty or, when "one or more", one item). */
typedef struct spv_args {
	const char *text[SPV_MAXOPS]; /* an operand's words as written; "" = absent or empty */
	uint8_t has_enum[SPV_MAXOPS]; /* enum operand given as a value */
	uint32_t enum_value[SPV_MAXOPS];
	int count[SPV_MAXOPS];        /* optional: 1 = present; variadic: that many items (0 = default) */
	const char *result;  /* the result name, or NULL for a fresh one */
	const char *rtype;   /* the Result Type, or NULL for %void */
	spv_sec sec;         /* SEC_OWN, or where to write it */
	int raw;             /* extended opcode as !N and enums as numbers (spirv-as then reads no grammar) */
	int drop_last;       /* leave out the last required operand (operand-count) */
	const char *extra;   /* words written after the operands */
} spv_args;

/* gen_spirv_emit.c: the module and its core parts. */
void spv_init(spv_mod *m, const hd_spv_set *set);
void spv_free(spv_mod *m);
void spv_head(spv_mod *m, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
void spv_line(spv_mod *m, spv_sec sec, const char *result, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;
/* Writes the case cases/spirv/gen-NAME.spvasm. */
int spv_write_case(gen_out *g, spv_mod *m, const char *name);
const char *spv_fresh(spv_mod *m, const char *stem);
const char *spv_str(spv_mod *m, const char *text);
const char *spv_uint(spv_mod *m);
const char *spv_const(spv_mod *m, uint32_t v);
const char *spv_ptr(spv_mod *m, const char *storage, const char *pointee);
const char *spv_global_var(spv_mod *m, const char *storage);
const char *spv_local_var(spv_mod *m);
const char *spv_body_value(spv_mod *m);
const char *spv_memo_get(spv_mod *m, const char *key);
const char *spv_memo_put(spv_mod *m, const char *key, const char *name);

/* A covers line for every instruction of the set the module uses. */
void spv_cover_used(spv_mod *m);

/* gen_spirv_build.c: debug instructions from the grammar. */
const hd_spv_inst *spv_inst(const spv_mod *m, const char *name);
int spv_op_index(const hd_spv_inst *in, const char *operand);
/* Sets operand `operand` of `in` in a; an operand the instruction lacks
 * is ignored (the two sets name most operands alike, 1.00 has fewer). */
void spv_set(spv_args *a, const hd_spv_inst *in, const char *operand, const char *text);
int spv_in_body(const hd_spv_inst *in);
const char *spv_emit(spv_mod *m, const hd_spv_inst *in, const spv_args *a);
/* An id of target class t: the module's shared one (spv_need) or a new
 * one (spv_make, written at sec unless SEC_OWN, named result unless NULL). */
const char *spv_need(spv_mod *m, hd_spv_target t);
const char *spv_make(spv_mod *m, hd_spv_target t, spv_sec sec, const char *result);
/* The debug instruction spv_make writes for t, or NULL for a core part. */
const char *spv_kind_for(const spv_mod *m, hd_spv_target t);
const char *spv_cu(spv_mod *m);
const char *spv_main_fn(spv_mod *m);
/* A DebugFunction for a callee inlined into main (its Function is
 * DebugInfoNone: no code of its own is left). */
const char *spv_callee_fn(spv_mod *m);
const char *spv_none(spv_mod *m);
/* The enumerant the builder picks when a case does not choose one. */
uint32_t spv_enum_default(const hd_spv_enum *en);
/* The operand as a tag word: lowercased, spaces to '-'. */
void spv_tag_name(char *out, size_t n, const char *operand);
/* The set's short prefix in case names: "ocl100" or "di100". */
const char *spv_set_prefix(const hd_spv_set *set);
/* NAME lowercased into out, for case names. */
void spv_lower(char *out, size_t n, const char *name);

/* gen_spirv.c: the validator's catalogue (`hdref check --rules`), one
 * rule id and its source per line, as the library prints it. */
typedef struct spv_rules {
	hd_buf text;
} spv_rules;
/* Whether the catalogue has rules for SET/INST: the instruction is validated. */
int spv_rules_cover(const spv_rules *r, const hd_spv_set *set, const char *inst);

/* One invalid case being written (gen_spirv_invalid.c, gen_spirv_refs.c):
 * the rule it breaks and the instruction it breaks it with. */
typedef struct spv_bad {
	gen_out *g;
	const hd_spv_set *set;
	const hd_spv_inst *in;  /* NULL for a module rule */
	const char *rule;       /* the rule id, e.g. "DebugInfo/DebugTypeBasic/layout" */
	const char *kind;       /* its last part, e.g. "layout" */
	char inst_l[64];        /* the instruction lowercased, for case names */
} spv_bad;

/* Starts c's module: the covers and expect lines, and the compile unit
 * first unless the case is about the compile unit itself or with_cu is 0. */
void spv_bad_start(spv_bad *c, spv_mod *m, int with_cu);
/* One more expect line: SET/INST/KIND of c's set. */
void spv_bad_also(spv_bad *c, spv_mod *m, const char *inst, const char *kind);
/* Writes the why line and the case gen-SET-INST-KIND[-DETAIL]. */
int spv_bad_finish(spv_bad *c, spv_mod *m, const char *detail, const char *why);
/* gen_spirv_refs.c: the rules about id operands. */
int spv_break_undefined(spv_bad *c);
int spv_break_forward(spv_bad *c);
int spv_break_target(spv_bad *c);

/* The three generators, per set. */
int gen_spirv_matrix(gen_out *g, const hd_spv_set *set, const spv_rules *r);
int gen_spirv_invalid(gen_out *g, const hd_spv_set *set, const spv_rules *r);
int gen_spirv_whole(gen_out *g, const hd_spv_set *set);

#endif
