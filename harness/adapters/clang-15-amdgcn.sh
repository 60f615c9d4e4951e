#!/bin/sh
# compile-opencl for the clang-15-amdgcn candidate: OpenCL C or C++ for
# OpenCL straight to an AMDGPU code object, as Debian 12's clang-15 and
# ld.lld-15 do it (docs/amdgpu-facts.md). The object is linked because
# libdwarf cannot apply AMDGPU relocations to a relocatable object.
#
# usage: clang-15-amdgcn.sh KERNEL OUT SCRATCH
set -e
in=$1
out=$2
scratch=$3
case $in in
*.clcpp)
	# clang-15's AMDGPU target leaves these OpenCL 3.0 features undeclared
	# for C++ for OpenCL 2021; without the generic address space `this` is
	# private and derived classes lose their constructors
	set -- -x clcpp -cl-std=clc++2021 \
		-Xclang -cl-ext=+__opencl_c_generic_address_space,+__opencl_c_program_scope_global_variables ;;
*)
	set -- -x cl -cl-std=CL2.0 ;;
esac
clang-15 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib "$@" -g -O0 \
	-c "$in" -o "$scratch/kernel.o"
# without ROCm device libraries a builtin such as get_global_id stays an
# undefined hidden symbol; the DWARF does not depend on its resolution
ld.lld-15 -shared --noinhibit-exec "$scratch/kernel.o" -o "$out" 2>"$scratch/ld.txt"
