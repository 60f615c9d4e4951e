#!/bin/sh
# bench/gfx9.sh BUILD_DIR [RUNS]: the gfx9 executor's speed, gfx9
# instructions per second per wave (docs/benchmarks.md). Compiles a few
# kernels of cases/opencl with clang-15 for gfx90a with the ROCm device
# libraries (harness/adapters/amdgcn-link.sh), at -O0 and -O2, into a
# temporary directory, and runs build/bench/bench_gfx9 on them, RUNS times
# each (default 5).
set -eu
build=${1:?usage: gfx9.sh BUILD_DIR [RUNS]}
runs=${2:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-gfx9.XXXXXX")
trap 'rm -rf "$tmp"' 0
if ! command -v clang-15 >/dev/null || ! command -v ld.lld-15 >/dev/null; then
	echo "bench/gfx9.sh: clang-15 and ld.lld-15 are needed" >&2
	exit 77
fi
set --
for k in gen-combo-histogram gen-combo-stencil gen-combo-particles gen-nested-blocks-loops; do
	cl=$root/cases/opencl/$k.cl
	[ -f "$cl" ] || continue
	for o in O0 O2; do
		sh "$root/harness/adapters/amdgcn-link.sh" 15 gfx90a default devlibs "$cl" \
			"$tmp/$k-$o.so" "$tmp" "-$o" && set -- "$@" "$tmp/$k-$o.so"
	done
done
"$build/bench/bench_gfx9" -n "$runs" "$@"
