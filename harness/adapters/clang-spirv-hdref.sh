#!/bin/sh
# compile-opencl through clang's own SPIR-V back end: clang-N compiles the
# kernel for spirv64 with debug info in NonSemantic.Shader.DebugInfo.100
# (the only set that back end writes, and only when asked), leaving the
# module at SPIRV for the harness to check against that set; the reference
# then lowers the module to AMDGPU, so the object's DWARF is what the
# module says, judged fact by fact (docs/candidates.md, "Shipped profiles").
#
# usage: clang-spirv-hdref.sh N KERNEL OUT SCRATCH SPIRV HDREF
set -e
n=$1 in=$2 out=$3 scratch=$4 spirv=$5 hdref=$6
case $in in
*.clcpp) lang="-x clcpp -cl-std=clc++2021" ;;
*) lang="-x cl -cl-std=CL2.0" ;;
esac
# without SPV_KHR_non_semantic_info the back end refuses the debug info
# ("Unable to meet SPIR-V requirements for this target")
# shellcheck disable=SC2086 # the language flags split on purpose
"clang-$n" --target=spirv64 $lang -g -O0 -mllvm --spirv-ext=+SPV_KHR_non_semantic_info \
	-mllvm -spv-emit-nonsemantic-debug-info -c "$in" -o "$spirv"
cd "$scratch"
exec "$hdref" lower "$spirv" -o "$out"
