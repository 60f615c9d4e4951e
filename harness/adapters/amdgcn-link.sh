#!/bin/sh
# Compiles one OpenCL C or C++ for OpenCL kernel to a linked AMDGPU code
# object, the way the candidate adapters and the code-object tests share
# (docs/amdgpu-dispatch.md, "Building code objects"): clang-N for
# amdgcn-amd-amdhsa, then ld.lld-N -shared.
#
# usage: amdgcn-link.sh N MCPU COV DEVLIBS KERNEL OUT.so SCRATCH [CLANG-FLAGS...]
#   N        the LLVM version (15, 19, 22)
#   MCPU     gfx900, gfx906, gfx90a
#   COV      the code object version (4, 5), or "default"
#   DEVLIBS  "devlibs": link the ROCm device libraries (Debian's
#            rocm-device-libs), so builtins such as get_global_id resolve;
#            "nogpulib": none, builtins stay undefined (--noinhibit-exec)
#   KERNEL   .cl (OpenCL C 2.0) or .clcpp (C++ for OpenCL 2021)
#
# With HD_IR set to a path, the kernel's LLVM IR as clang writes it (-S
# -emit-llvm, the same flags, no device library linked in) goes there too:
# the {ir} that blame compares with the Khronos module (docs/blame.md).
#
# With HD_ASM_FILTER set to a command, clang writes assembly, which goes
# through that command (stdin to stdout) before clang assembles it: how a
# deliberately broken candidate is made (adapters/shift-fbreg.awk).
set -e
n=$1 mcpu=$2 cov=$3 libs=$4 in=$5 out=$6 scratch=$7
shift 7
bc=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
isa=oclc_isa_version_$(echo "$mcpu" | sed 's/^gfx//')
target="-target amdgcn-amd-amdhsa -mcpu=$mcpu"
case $in in
*.clcpp)
	# clang's AMDGPU target leaves these OpenCL 3.0 features undeclared for
	# C++ for OpenCL 2021; without the generic address space `this` is
	# private and derived classes lose their constructors
	set -- -x clcpp -cl-std=clc++2021 \
		-Xclang -cl-ext=+__opencl_c_generic_address_space,+__opencl_c_program_scope_global_variables \
		"$@" ;;
*)
	set -- -x cl -cl-std=CL2.0 "$@" ;;
esac
# shellcheck disable=SC2086 # target is two words
set -- $target -nogpulib "$@"
[ "$cov" = default ] || set -- "$@" -mcode-object-version="$cov"
# the device libraries' ABI version must be the code object's: from version
# 5 on, hidden arguments replace the dispatch packet's fields (AMDGPUUsage,
# "Code Object V5 Metadata"); clang 19 and later write version 5 or 6 unless
# told, and Debian's libraries know 400 and 500
if [ -n "$HD_IR" ]; then
	"clang-$n" "$@" -S -emit-llvm "$in" -o "$HD_IR"
fi
abi=400
if [ "$cov" = default ]; then
	[ "$n" -lt 19 ] || abi=500
else
	[ "$cov" -lt 5 ] || abi=500
fi
ldflags=
if [ "$libs" = devlibs ]; then
	for x in opencl ocml ockl "$isa" "oclc_abi_version_$abi" oclc_wavefrontsize64_on \
		oclc_daz_opt_off oclc_finite_only_off oclc_unsafe_math_off \
		oclc_correctly_rounded_sqrt_on; do
		set -- "$@" -Xclang -mlink-bitcode-file -Xclang "$bc/$x.bc"
	done
else
	ldflags=--noinhibit-exec
fi
if [ -n "$HD_ASM_FILTER" ]; then
	"clang-$n" "$@" -S "$in" -o "$scratch/kernel.s"
	sh -c "$HD_ASM_FILTER" <"$scratch/kernel.s" >"$scratch/kernel.filtered.s"
	# shellcheck disable=SC2086 # target is two words
	"clang-$n" $target -c "$scratch/kernel.filtered.s" -o "$scratch/kernel.o"
else
	"clang-$n" "$@" -c "$in" -o "$scratch/kernel.o"
fi
# the linker's warnings stay in ld.txt (undefined builtins are expected
# without the device libraries); its errors also go to stderr, where the
# harness takes a failed command's reason
# shellcheck disable=SC2086 # ldflags is empty or one word
if ! "ld.lld-$n" -shared $ldflags "$scratch/kernel.o" -o "$out" 2>"$scratch/ld.txt"; then
	grep error "$scratch/ld.txt" >&2 || cat "$scratch/ld.txt" >&2
	exit 1
fi
