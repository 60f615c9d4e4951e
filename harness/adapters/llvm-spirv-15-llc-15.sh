#!/bin/sh
# compile-spirv for the llvm-spirv-15-llc-15 candidate: the Khronos
# translator reads the module back into LLVM IR, llc-15 compiles that for
# AMDGPU, ld.lld-15 links it (libdwarf cannot apply AMDGPU relocations to a
# relocatable object). Each step's stderr goes to the command's stderr, so
# the report's reason line names the step that failed.
#
# The IR between the two stages goes to IR as text (llvm-dis-15), when
# given: blame compares its metadata with the reference translation
# (docs/blame.md), so a lost fact is the translator's or llc-15's.
#
# usage: llvm-spirv-15-llc-15.sh MODULE.spv OUT SCRATCH [IR]
set -e
in=$1
out=$2
scratch=$3
ir=${4:-}
llvm-spirv-15 -r "$in" -o "$scratch/module.bc"
if [ -n "$ir" ]; then
	llvm-dis-15 "$scratch/module.bc" -o "$ir"
fi
llc-15 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O0 -filetype=obj \
	"$scratch/module.bc" -o "$scratch/module.o"
ld.lld-15 -shared --noinhibit-exec "$scratch/module.o" -o "$out" 2>"$scratch/ld.txt"
