#!/bin/sh
# Compiles one OpenCL C kernel to a linked AMDGPU code object, the way the
# candidate adapters and the code-object tests share (docs/amdgpu-dispatch.md,
# "Building code objects"): clang-N for amdgcn-amd-amdhsa, then ld.lld-N -shared.
#
# usage: amdgcn-link.sh N MCPU COV DEVLIBS KERNEL.cl OUT.so SCRATCH [CLANG-FLAGS...]
#   N        the LLVM version (15, 19, 22)
#   MCPU     gfx900, gfx906, gfx90a
#   COV      the code object version (4, 5), or "default"
#   DEVLIBS  "devlibs": link the ROCm device libraries (Debian's
#            rocm-device-libs), so builtins such as get_global_id resolve;
#            "nogpulib": none, builtins stay undefined (--noinhibit-exec)
set -e
n=$1 mcpu=$2 cov=$3 libs=$4 in=$5 out=$6 scratch=$7
shift 7
bc=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
isa=oclc_isa_version_$(echo "$mcpu" | sed 's/^gfx//')
set -- -target amdgcn-amd-amdhsa -mcpu="$mcpu" -x cl -cl-std=CL2.0 -nogpulib "$@"
[ "$cov" = default ] || set -- "$@" -mcode-object-version="$cov"
ldflags=
if [ "$libs" = devlibs ]; then
	for x in opencl ocml ockl "$isa" oclc_abi_version_400 oclc_wavefrontsize64_on \
		oclc_daz_opt_off oclc_finite_only_off oclc_unsafe_math_off \
		oclc_correctly_rounded_sqrt_on; do
		set -- "$@" -Xclang -mlink-bitcode-file -Xclang "$bc/$x.bc"
	done
else
	ldflags=--noinhibit-exec
fi
"clang-$n" "$@" -c "$in" -o "$scratch/kernel.o"
"ld.lld-$n" -shared $ldflags "$scratch/kernel.o" -o "$out" 2>"$scratch/ld.txt"
