#!/bin/sh
# hdref di-dump on what real producers write: every kernel of cases/opencl
# compiled to textual IR by clang-15, clang-19 and clang-22 for spir64 and
# amdgcn-amd-amdhsa (-g -O0 -S -emit-llvm), and, through SPIR-V,
# clang-14 | llvm-spirv-14, then llvm-spirv-14 -r | llvm-dis-14 (and the
# same with 15). Every .ll must be read with no rule broken (exit 0). A
# route whose compiler fails on a kernel is counted, not judged (the
# SPIR-V translators refuse some C++ for OpenCL); a missing tool skips its
# routes. Prints TAP version 13, one point per route; exits 77 when no
# route has its tools.
#
# usage: llvmdi_producers.sh HDREF CASES_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: llvmdi_producers.sh HDREF CASES_DIR" >&2
	exit 2
fi
hdref=$1
cases=$2
. "$(dirname "$0")/tap.sh"
scratch llvmdi-producers
n=0
failed=0
routes=0
: >"$tmp/why"

# judge LL ROUTE: di-dump --check must read LL and find nothing
judge() {
	if ! "$hdref" di-dump --check "$1" >"$tmp/out" 2>&1; then
		{ echo "$2 ${1##*/}:"; head -n 5 "$tmp/out"; } >>"$tmp/why"
	fi
}

# direct VERSION TARGET: clang-VERSION straight to textual IR
direct() {
	v=$1
	target=$2
	have "clang-$v" || { echo "ok $((n += 1)) - clang-$v $target # SKIP clang-$v not installed"; return; }
	routes=$((routes + 1))
	made=0
	for f in "$cases"/*.cl "$cases"/*.clcpp; do
		[ -e "$f" ] || continue
		k=${f##*/}
		extra=
		[ "$target" = amdgcn-amd-amdhsa ] && extra="-nogpulib"
		# shellcheck disable=SC2046,SC2086 # the flag lists split on purpose
		if clang-$v $(opencl_lang "$f") -target "$target" $extra -g -O0 -S -emit-llvm \
			"$f" -o "$tmp/$k.ll" 2>/dev/null; then
			made=$((made + 1))
			judge "$tmp/$k.ll" "clang-$v $target"
		fi
		rm -f "$tmp/$k.ll"
	done
	[ "$made" -gt 0 ] || echo "clang-$v made no .ll" >>"$tmp/why"
	point "clang-$v -target $target: $made .ll read, no rule broken"
}

# reverse VERSION: clang-VERSION to SPIR-V with llvm-spirv-VERSION, back
# with -r and llvm-dis-VERSION
reverse() {
	v=$1
	for t in "clang-$v" "llvm-spirv-$v" "llvm-dis-$v"; do
		have "$t" || { echo "ok $((n += 1)) - llvm-spirv-$v -r # SKIP $t not installed"; return; }
	done
	routes=$((routes + 1))
	made=0
	tried=0
	for f in "$cases"/*.cl; do
		k=${f##*/}
		tried=$((tried + 1))
		# shellcheck disable=SC2046 # the flag lists split on purpose
		if clang-$v $(opencl_lang "$f") $(typed_pointers "$v") -target spir64 -g -O0 \
			-emit-llvm -c "$f" -o "$tmp/$k.bc" 2>/dev/null &&
		   "llvm-spirv-$v" "$tmp/$k.bc" -o "$tmp/$k.spv" 2>/dev/null &&
		   "llvm-spirv-$v" -r "$tmp/$k.spv" -o "$tmp/$k.r.bc" 2>/dev/null &&
		   "llvm-dis-$v" "$tmp/$k.r.bc" -o "$tmp/$k.ll" 2>/dev/null; then
			made=$((made + 1))
			judge "$tmp/$k.ll" "llvm-spirv-$v -r"
		fi
		rm -f "$tmp/$k.bc" "$tmp/$k.spv" "$tmp/$k.r.bc" "$tmp/$k.ll"
	done
	[ "$made" -gt 0 ] || echo "llvm-spirv-$v -r made no .ll" >>"$tmp/why"
	point "llvm-spirv-$v -r | llvm-dis-$v: $made of $tried kernels back as .ll, no rule broken"
}

echo "TAP version 13"
for v in 15 19 22; do
	direct "$v" spir64
	direct "$v" amdgcn-amd-amdhsa
done
reverse 14
reverse 15
echo "1..$n"
if [ "$routes" -eq 0 ]; then
	echo "# no producer installed"
	exit 77
fi
[ "$failed" -eq 0 ]
