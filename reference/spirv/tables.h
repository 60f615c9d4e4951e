/* The shapes of the SPIR-V tables. Their contents are not written by hand:
 * gen/gen_tables.c reads the SPIRV-Headers grammar files at build time
 * (plus grammar-errata.txt and operand-targets.txt beside this header) and
 * writes spirv_tables.c into the build tree. */
#ifndef HD_SPIRV_TABLES_H
#define HD_SPIRV_TABLES_H

#include <stdint.h>

#include "spirv_kinds.h"  /* hd_spv_kind, generated */

/* How an operand's words are read, from the grammar's "kind". */
typedef enum hd_spv_okind {
	HD_SPV_ID,       /* IdRef: one id */
	HD_SPV_LITERAL,  /* LiteralInteger: one word */
	HD_SPV_PAIR,     /* PairIdRefIdRef: two ids */
	HD_SPV_ENUM      /* a ValueEnum or BitEnum kind: one word, see .en */
} hd_spv_okind;

/* The grammar's "quantifier". */
typedef enum hd_spv_quant {
	HD_SPV_ONE,   /* exactly once */
	HD_SPV_OPT,   /* "?": zero or one */
	HD_SPV_MANY,  /* "*": zero or more */
	HD_SPV_SOME   /* one or more: the spec's "N+" word count says so (errata) */
} hd_spv_quant;

/* What an id operand may name: the instruction classes the two debug-info
 * specs state operand by operand. operand-targets.txt assigns them; the
 * validator (validate_refs.c) says what each class admits. */
typedef enum hd_spv_target {
	HD_T_NONE,            /* not an id, or a set whose operands are unchecked */
	HD_T_STRING,          /* OpString */
	HD_T_INT,             /* OpConstant of integer type */
	HD_T_INT_OR_NONE,     /* the same, or DebugInfoNone */
	HD_T_CONSTANT_OR_NONE,/* any OpConstant*, or DebugInfoNone */
	HD_T_SOURCE,          /* 100: DebugSource; 1.00: OpString naming the file */
	HD_T_SCOPE,           /* a source-level scope: a lexical one or a discriminator */
	HD_T_LEXICAL_SCOPE,   /* a lexical scope (OpenCL.DebugInfo.100 1.1) */
	HD_T_TYPE,            /* a debug type */
	HD_T_TYPE_OR_VOID,    /* a debug type or OpTypeVoid */
	HD_T_MEMBER,          /* DebugTypeMember, DebugFunction or DebugTypeInheritance */
	HD_T_COMPOSITE,       /* DebugTypeComposite */
	HD_T_FUNCTION_TYPE,   /* DebugTypeFunction */
	HD_T_FUNCTION_DECL,   /* DebugFunctionDeclaration */
	HD_T_TEMPLATE_TARGET, /* DebugTypeComposite or DebugFunction */
	HD_T_TEMPLATE_PARAM,  /* any of the three template parameter kinds */
	HD_T_TEMPLATE_VALUE_PARAM, /* DebugTypeTemplateParameter */
	HD_T_GLOBAL_VAR,      /* OpVariable or a constant, or DebugInfoNone */
	HD_T_MEMBER_DECL,     /* DebugTypeMember */
	HD_T_OPFUNCTION,      /* OpFunction, or DebugInfoNone */
	HD_T_LOCAL_VAR,       /* DebugLocalVariable */
	HD_T_OPVARIABLE,      /* OpVariable */
	HD_T_EXPRESSION,      /* DebugExpression */
	HD_T_OPERATION,       /* DebugOperation */
	HD_T_INLINED_AT,      /* DebugInlinedAt */
	HD_T_MACRO_DEF,       /* DebugMacroDef */
	HD_T_VALUE,           /* a non-debug instruction that computes a value */
	HD_T_DEBUG,           /* any debug-info instruction */
	/* NonSemantic.Shader.DebugInfo.100 only (operand-targets-nonsemantic.txt) */
	HD_T_UINT32,          /* OpConstant of 32-bit integer type */
	HD_T_ENUM,            /* the same, whose value is one of the operand's .en */
	HD_T_BOOL,            /* OpConstantTrue or OpConstantFalse */
	HD_T_ARRAY_COUNT,     /* integer constant, DebugGlobalVariable or DebugLocalVariable */
	HD_T_GLOBAL_VAR_OR_EXPRESSION, /* HD_T_GLOBAL_VAR, or a DebugExpression */
	HD_T_DEBUG_FUNCTION,  /* DebugFunction */
	HD_T_COMPILATION_UNIT,/* DebugCompilationUnit */
	HD_T_COUNT
} hd_spv_target;

typedef struct hd_spv_enumerant {
	const char *name;
	uint32_t value;
	uint8_t nparams;  /* literal words that follow it (DebugOperation) */
} hd_spv_enumerant;

typedef struct hd_spv_enum {
	const char *name;  /* the grammar's kind, e.g. "DebugInfoFlags" */
	uint8_t is_bits;   /* BitEnum: any OR of the values is allowed */
	uint16_t count;
	const hd_spv_enumerant *values;
} hd_spv_enum;

typedef struct hd_spv_operand {
	const char *name;       /* e.g. "Parent", quotes stripped */
	uint8_t kind;           /* hd_spv_okind */
	uint8_t quant;          /* hd_spv_quant */
	uint8_t target;         /* hd_spv_target of the id (first id of a pair) */
	uint8_t target2;        /* hd_spv_target of a pair's second id */
	uint8_t forward;        /* a forward reference is allowed (spec section 2.2) */
	const hd_spv_enum *en;  /* HD_SPV_ENUM, or an id of target HD_T_ENUM: the enum
	                         * its value (the constant's value) is taken from */
	uint8_t fixed;          /* its first word's index in the args when every
	                         * operand before it takes one place (quantifier
	                         * ONE), else HD_SPV_NOT_FIXED */
	uint16_t oname;         /* hd_spv_oname: the name as a number */
} hd_spv_operand;

#define HD_SPV_NOT_FIXED 0xffu

typedef struct hd_spv_inst {
	const char *name;  /* e.g. "DebugTypeMember" */
	uint32_t opcode;
	uint8_t noperands;
	const hd_spv_operand *operands;
	uint16_t kind;     /* hd_spv_kind: its name as a number, alike in every set */
} hd_spv_inst;

typedef enum hd_spv_set_id {
	HD_SET_OCL100,      /* OpenCL.DebugInfo.100 */
	HD_SET_DI100,       /* DebugInfo (1.00) */
	HD_SET_NONSEMANTIC, /* NonSemantic.Shader.DebugInfo.100 */
	HD_SET_COUNT
} hd_spv_set_id;

typedef struct hd_spv_set {
	const char *import_name;  /* the OpExtInstImport string, also the rule-id prefix */
	uint8_t id;               /* hd_spv_set_id */
	uint32_t ninsts;
	const hd_spv_inst *insts; /* sorted by opcode */
	const hd_spv_enum *const *enums;  /* the set's own enums, NULL-terminated */
} hd_spv_set;

/* Core instructions, from spirv.core.grammar.json. */
typedef struct hd_spv_coreop {
	const char *name;
	uint32_t opcode;
	uint8_t has_type;    /* first operand is IdResultType */
	uint8_t has_result;  /* an IdResult follows (or comes first) */
	const char *cls;     /* the grammar's "class", e.g. "Type-Declaration" */
} hd_spv_coreop;

extern const hd_spv_set hd_spv_sets[HD_SET_COUNT];

/* The specification that defines set s, by the short name docs/sources.md
 * gives it ("OpenCL.DebugInfo.100", "DebugInfo 1.00"): rule sources and
 * case comments cite sections a reader looks up there. */
const char *hd_spv_spec_name(const hd_spv_set *s);
extern const hd_spv_coreop hd_spv_coreops[];  /* sorted by opcode */
extern const uint32_t hd_spv_ncoreops;
/* opcode (up to hd_spv_coreop_max) -> 1 + its index in hd_spv_coreops, 0 none */
extern const uint16_t hd_spv_coreop_slot[];
extern const uint32_t hd_spv_coreop_max;
extern const hd_spv_enum hd_spv_enum_StorageClass;
extern const hd_spv_enum hd_spv_enum_SourceLanguage;

/* Lookups (tables.c). */
const hd_spv_set *hd_spv_set_by_import(const char *name);
const hd_spv_inst *hd_spv_inst_by_opcode(const hd_spv_set *s, uint32_t opcode);
const hd_spv_inst *hd_spv_inst_by_name(const hd_spv_set *s, const char *name);
const hd_spv_coreop *hd_spv_coreop_by_opcode(uint32_t opcode);
/* The enumerant with this exact value, or NULL. */
const hd_spv_enumerant *hd_spv_enum_value(const hd_spv_enum *en, uint32_t value);
/* Whether v is a valid value: one enumerant, or for a BitEnum any OR of them. */
int hd_spv_enum_valid(const hd_spv_enum *en, uint32_t v);
/* The name of an operand kind's enum ("DebugInfoFlags") for messages. */
const char *hd_spv_target_name(hd_spv_target t);

#endif
