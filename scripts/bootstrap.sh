#!/bin/sh
# Makes sure the Debian packages the build needs are installed: installs them
# when run as root, otherwise prints the exact apt-get line and fails.
# Usage: scripts/bootstrap.sh [tests]  (run by run-main.sh and run-tests.sh)
#   the build: a C compiler and CMake; SPIRV-Headers (grammar files, read at
#   build time with cJSON) and SPIRV-Tools (assembler library, static C++, so
#   the C++ runtime too); libdwarf (the canonical DWARF dump reads every
#   object through it, never through hdref's own writer);
#   tests: also the real producers whose output the tests check (clang-15,
#   llvm-spirv-15, ld.lld-15; clang-14 and llvm-spirv-14, whose modules the
#   interpreter must run too; rocm-device-libs, the bitcode the code-object
#   tests link; clang-19, lld-19 and llvm-19, and clang-22 and lld-22, the
#   current compilers whose code objects the gfx9 decoder must disassemble as
#   llvm-objdump does, whose profiles the producer tests run, and whose SPIR-V
#   back end is a profile of its own) and the independent DWARF
#   readers that check the lowering and play the decode role
#   (llvm-dwarfdump-22 from llvm-22, which reads the llvm-user encoding,
#   llvm-dwarfdump-15 from llvm-15, libdwarf's dwarfdump),
#   Debian's cargo with librust-gimli-dev and librust-serde-json-dev, which
#   build the gimli evaluate candidate offline; Intel's compiler
#   (intel-opencl-icd for ocloc, libigc-tools), whose objects the intel-gt
#   profile reads and whose vISA debug information hdref visa must read;
#   clang-19's libFuzzer runtime (libclang-rt-19-dev), which the fuzz
#   targets link (scripts/fuzz.sh, run by run-tests.sh);
#   and the tools that read the harness's reports (prove from perl,
#   xmllint from libxml2-utils, and chromium, which opens index.html headless
#   and screenshots it: the only check that the page works in a browser);
#   without them those tests report SKIP.
set -eu

HDCTS_PACKAGES="cmake make gcc libc6-dev pkg-config libcjson-dev spirv-headers spirv-tools
libstdc++-12-dev libdwarf-dev"
if [ "${1:-}" = tests ]; then
	HDCTS_PACKAGES="$HDCTS_PACKAGES clang-15 llvm-spirv-15 llvm-15 lld-15 dwarfdump perl
libxml2-utils chromium clang-14 llvm-spirv-14 rocm-device-libs clang-19 libclang-rt-19-dev lld-19 llvm-19 clang-22 lld-22 llvm-22
cargo librust-gimli-dev librust-serde-json-dev intel-opencl-icd libigc-tools"
fi

# shellcheck source-path=SCRIPTDIR source=packages.sh
. "$(dirname "$0")/packages.sh"
# shellcheck disable=SC2086 # one word per package
hdcts_need_packages bootstrap $HDCTS_PACKAGES
