/* Helpers the type, global-variable and template handlers share
 * (lower_type.c); internal to reference/lower. */
#ifndef HD_LOWER_TYPE_H
#define HD_LOWER_TYPE_H

#include "lower_impl.h"

/* DW_AT_byte_size from a size in bits, or DW_AT_bit_size when bits is not
 * a whole number of bytes (DWARF 5 section 2.21). */
int hd_lower_size_attr(hd_lw *L, hd_die *d, uint64_t bits);
/* Whether the debug type id names (through typedefs and qualifiers) a
 * signed integer: Signed or SignedChar encoding, or an enum over one. */
int hd_lower_type_is_signed(hd_lw *L, uint32_t type);
/* DW_AT_const_value from the constant id: an integer as sdata when signed
 * (sign-extended from the constant's width) or udata, OpConstantTrue/False
 * as 1/0, OpConstantNull as 0, another scalar OpConstant as a block of its
 * value's bytes. 1 when added, 0 when id is no such constant, -1 on error. */
int hd_lower_const_value(hd_lw *L, hd_die *d, uint32_t id, int is_signed);
/* Whether flags (n's Flags operand value) has the DebugInfoFlags flag f,
 * as n's own set numbers it (lower_flags.c). */
int hd_lower_has_flag(hd_lw *L, const hd_di_node *n, uint32_t flags, hd_lower_flag f);
/* A DW_TAG_formal_parameter child of d per Parameter Type of the
 * DebugTypeFunction ft (DW_TAG_unspecified_parameters for DebugInfoNone,
 * LLVM's "..."), artificial when its type is flagged so; on a subprogram,
 * the one whose type has FlagObjectPointer becomes DW_AT_object_pointer.
 * 0, or -1 (L->failed set, or out of memory). */
int hd_lower_type_params(hd_lw *L, hd_die *d, const hd_di_node *ft);
/* The OpString text or NULL, "" counting as absent. */
const char *hd_lower_nonempty(hd_lw *L, const hd_di_node *n, hd_spv_oname operand);

#endif
