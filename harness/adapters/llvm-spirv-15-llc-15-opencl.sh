#!/bin/sh
# compile-opencl for the llvm-spirv-15-llc-15 candidate: the SPIR-V route of
# an OpenCL kernel. clang-15 compiles it for spir64, llvm-spirv-15 writes the
# SPIR-V module with OpenCL.DebugInfo.100 (left at SPIRV for the harness to
# check), then llvm-spirv-15-llc-15.sh takes the module on to AMDGPU.
# -no-opaque-pointers: llvm-spirv-15 asserts on the opaque pointers of an
# image or of a built-in's pointer parameter (docs/amdgpu-facts.md).
#
# IR, when given, is passed on: where the reverse translation's IR goes.
#
# usage: llvm-spirv-15-llc-15-opencl.sh KERNEL OUT SCRATCH SPIRV [IR]
set -e
in=$1
out=$2
scratch=$3
spirv=$4
ir=${5:-}
case $in in
*.clcpp) lang="-x clcpp -cl-std=clc++2021" ;;
*) lang="-x cl -cl-std=CL2.0" ;;
esac
# shellcheck disable=SC2086 # the language flags split on purpose
clang-15 -target spir64 $lang -Xclang -no-opaque-pointers -g -gdwarf-5 -O0 -emit-llvm -c "$in" \
	-o "$scratch/kernel.bc"
llvm-spirv-15 --spirv-debug-info-version=ocl-100 "$scratch/kernel.bc" -o "$spirv"
exec sh "$(dirname "$0")/llvm-spirv-15-llc-15.sh" "$spirv" "$out" "$scratch" "$ir"
