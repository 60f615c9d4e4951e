#!/bin/sh
# bench/exec.sh BUILD_DIR [RUNS]: the interpreter's speed, SPIR-V instructions
# per second per lane (docs/benchmarks.md). Compiles a few kernels of
# cases/opencl with clang-15 and llvm-spirv-15 into a temporary directory
# (the loop kernel of bench_exec alone when they are not installed) and runs
# build/bench/bench_exec on them, RUNS times each (default 5).
set -eu
build=${1:?usage: exec.sh BUILD_DIR [RUNS]}
runs=${2:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-exec.XXXXXX")
trap 'rm -rf "$tmp"' 0
set --
if command -v clang-15 >/dev/null && command -v llvm-spirv-15 >/dev/null; then
	for k in gen-combo-histogram gen-combo-stencil gen-combo-particles gen-nested-blocks-loops; do
		cl=$root/cases/opencl/$k.cl
		[ -f "$cl" ] || continue
		# -no-opaque-pointers: what llvm-spirv-15 needs (docs/amdgpu-facts.md)
		clang-15 -w -c -cl-std=CL2.0 -target spir64 -Xclang -no-opaque-pointers -emit-llvm \
			-O0 -o "$tmp/$k.bc" "$cl" &&
			llvm-spirv-15 "$tmp/$k.bc" -o "$tmp/$k.spv" && set -- "$@" "$tmp/$k.spv"
	done
fi
"$build/bench/bench_exec" -n "$runs" "$@"
