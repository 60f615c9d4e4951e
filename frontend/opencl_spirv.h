/* The Khronos route of an OpenCL kernel: clang-15 for spir64 with typed
 * pointers (-no-opaque-pointers, which llvm-spirv-15 needs), then
 * llvm-spirv-15 to OpenCL.DebugInfo.100, the commands docs/amdgpu-facts.md
 * records. hdgen expected lowers the module with the reference and runs it
 * on the interpreter for the kernel's watch; the harness's watch check
 * takes the same module for the interpreter's inputs, so a candidate's
 * code runs on the inputs the watch was made with. */
#ifndef HD_FRONTEND_OPENCL_SPIRV_H
#define HD_FRONTEND_OPENCL_SPIRV_H

#include <stddef.h>

#include "util/status.h"

/* The directory a kernel's debug info names instead of the clone's path,
 * so expected/ is the same whichever directory the suite sits in. */
#define HD_FRONTEND_KERNEL_DIR "/hdcts/cases/opencl"

/* Whether clang-15 and llvm-spirv-15 are on PATH. */
int hd_frontend_tools(void);

/* Compiles kernel (.cl or .clcpp) into work/k.spv, whose path goes to spv.
 * Fails with HD_BAD_INPUT "compile" when a compiler fails, the first line
 * of its stderr that says error in the message (all of it in work/err). */
int hd_frontend_opencl_spirv(const char *kernel, const char *work, char *spv, size_t size,
                             hd_status *st);

/* The first half of the same route: clang-15's module of the kernel, with
 * its debug metadata, as textual LLVM IR at ll (the translate-llvm role's
 * input, docs/candidates.md). Fails as above; work holds its stderr. */
int hd_frontend_opencl_ir(const char *kernel, const char *work, const char *ll, hd_status *st);

#endif
