#!/bin/sh
# hdref watch-check end to end (docs/value-check.md, "Running it"): a kernel
# of the corpus compiled by clang-15 for gfx90a with the device libraries,
# run on the gfx9 executor on the interpreter's inputs and judged against
# its committed watch. Pins what the check finds in clang-15's DWARF today
# (docs/value-check.md, "First result"): the run completes, every line of
# the kernel is reached; under the extension's reading the 32-bit SGPR33
# frame base reads as register-too-small, which makes the variables wrong
# (exit 1), and as LLVM means its DWARF every value is right.
#
# Prints TAP version 13. usage: watch_check.sh HDREF SOURCE_DIR

. "$(dirname "$0")/tap.sh"
if [ "$#" -ne 2 ]; then
	echo "usage: watch_check.sh HDREF SOURCE_DIR" >&2
	exit 2
fi
hdref=$1 src=$2
scratch watch_check
n=0
failed=0
echo "TAP version 13"
k=$src/cases/opencl/float3-array.cl
skip_without_amdgcn watch-check clang-15 llvm-spirv-15 ld.lld-15
sh "$src/harness/adapters/amdgcn-link.sh" 15 gfx90a default devlibs "$k" "$tmp/k.co" "$tmp" -g -O0
# shellcheck disable=SC2046 # the language flags are a list of words
clang-15 -target spir64 $(opencl_lang "$k") $(typed_pointers 15) -g -O0 -emit-llvm -c "$k" \
	-o "$tmp/k.bc"
llvm-spirv-15 "$tmp/k.bc" -o "$tmp/k.spv"
# check NAME COMMAND...: a point that holds when COMMAND succeeds; the
# output goes with a failure
check() {
	name=$1
	shift
	"$@" || cp "$tmp/out" "$tmp/why"
	point "$name"
}

rc=0
"$hdref" watch-check "$tmp/k.co" "$src/expected/watch/float3-array.cl.watch" \
	--inputs "$tmp/k.spv" --directives "$k" >"$tmp/out" 2>&1 || rc=$?
check "it exits 1: a variable reads wrong" [ "$rc" -eq 1 ]
check "the kernel runs to the end on the executor" grep -q '^gfx9 outcome: completed$' "$tmp/out"
check "the frame base SGPR33 is too narrow for an address" \
	grep -q 'the DWARF shows <error: register-too-small>' "$tmp/out"
check "counts and score are printed for each reading" \
	[ "$(grep -c '^reading [a-z0-9]*: checked [0-9]* stops, [0-9]* lanes: .* right, .* wrong.*; score' "$tmp/out")" -eq 3 ]
check "every line the watch visits is reached" grep -q '^reading extension: .* 0 not reached' "$tmp/out"
check "read as LLVM means it, every value is right" \
	grep -q '^reading llvm: checked 4 stops, 256 lanes: 512 right, 0 wrong, .*0 unmatched; score 1.000$' "$tmp/out"
rc=0
"$hdref" watch-check "$tmp/k.co" "$src/expected/watch/float3-array.cl.watch" --reading llvm \
	--inputs "$tmp/k.spv" --directives "$k" >"$tmp/out" 2>&1 || rc=$?
check "--reading llvm judges by that reading: exit 0" [ "$rc" -eq 0 ]
finish watches "$src/expected/watch"
