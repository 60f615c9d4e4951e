/* The reference translation of a SPIR-V module's debug information
 * (OpenCL.DebugInfo.100, DebugInfo 1.00, NonSemantic.Shader.DebugInfo.100)
 * to LLVM debug metadata, written as an LLVM 15 textual IR module
 * (docs/llvm-translation.md, one table per instruction).
 *
 * The module carries metadata only: every SPIR-V function with a
 * DebugFunction becomes a skeleton `define` whose instructions are
 * placeholders (llvm.donothing calls) holding the locations of the
 * function's DebugScope/OpLine runs, and llvm.dbg.declare/llvm.dbg.value
 * calls for its DebugDeclare/DebugValue; module-scope OpVariables named by
 * a DebugGlobalVariable become `i8` globals holding its !dbg. Types of IR
 * values are placeholders; the metadata is what the translation means.
 *
 * Life cycle: hd_spv_load → hd_di_build → hd_di_validate (no finding) →
 * hd_tollvm. */
#ifndef HD_TOLLVM_H
#define HD_TOLLVM_H

#include "spirv/spirv.h"
#include "util/buf.h"
#include "util/status.h"

/* Writes the LLVM module for m (built, and validated without a finding)
 * into out. What LLVM metadata cannot say (a BitPiece expression, a
 * DebugValue's Indexes ...) is left out and said in a `; not translated:`
 * comment line. 0, or -1 with st: HD_NO_MEMORY, or HD_BAD_INPUT when the
 * module has no DebugCompilationUnit. */
int hd_tollvm(const hd_spv_module *m, hd_buf *out, hd_status *st);

#endif
