#!/bin/sh
# The watch check made to fail on purpose (docs/value-check.md, "A broken
# candidate"): the same kernels from clang-15 at -O0, once as clang-15
# compiles them and once with every DW_OP_fbreg offset 4 bytes off. The
# first must end compile-opencl/watch as compatibility warnings with no
# value wrong as LLVM means its DWARF, the second must fail with wrong
# values whose lines name the stop, the lane, the variable and the shifted
# location, and carry a score below 1.
#
# Prints TAP version 13. usage: watch_broken.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: watch_broken.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1 hdref=$2 src=$3
. "$(dirname "$0")/tap.sh"
scratch watch-broken
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF
echo "TAP version 13"
skip_without_amdgcn "watch check on a broken candidate" clang-15 ld.lld-15 llvm-spirv-15
: >"$tmp/why"
cases='opencl/[af][lr][or]*.cl'  # array2d.cl and float3-array.cl

# watch_results DIR: the compile-opencl/watch lines of the run's journal
watch_results() {
	grep '"check":"compile-opencl/watch"' "$1/journal.jsonl"
}

# run PROFILE DIR: hdcts run on the kernels; it must complete
run() {
	"$hdcts" run --candidate "$1" --cases "$cases" -j 2 --out "$2" >"$2.tap" 2>"$2.err"
	rc=$?
	[ "$rc" -le 1 ] || { echo "$1: exit status $rc"; tail -n 5 "$2.err"; } >>"$tmp/why"
	[ -n "$(watch_results "$2")" ] || echo "$1: no compile-opencl/watch result" >>"$tmp/why"
}

run clang-15-amdgcn "$tmp/good"
run "$src/tests/candidates/clang-15-amdgcn-shift-fbreg.ini" "$tmp/bad"
point "both runs complete with watch results"

watch_results "$tmp/good" | grep -v '"outcome":"compatibility-warning"' >"$tmp/other"
[ -s "$tmp/other" ] && { echo "not compatibility warnings:"; cut -c1-300 "$tmp/other"; } >>"$tmp/why"
watch_results "$tmp/good" | grep -v '"reason":"reading llvm: [0-9]* right, 0 wrong,' >"$tmp/other"
[ -s "$tmp/other" ] && { echo "wrong values:"; cut -c1-300 "$tmp/other"; } >>"$tmp/why"
point "clang-15 as it is: no value wrong as LLVM means it"

watch_results "$tmp/bad" | grep -v '"outcome":"fail"' >"$tmp/other"
[ -s "$tmp/other" ] && { echo "not failing:"; cut -c1-300 "$tmp/other"; } >>"$tmp/why"
watch_results "$tmp/bad" | grep -v '"reason":"reading llvm: [0-9]* right, [1-9][0-9]* wrong' \
	>"$tmp/other"
[ -s "$tmp/other" ] && { echo "no wrong values:"; cut -c1-300 "$tmp/other"; } >>"$tmp/why"
point "every frame offset shifted by 4: wrong values fail the check"

line=$(watch_results "$tmp/bad" | grep '"case":"opencl/float3-array.cl"')
case $line in
*'stop 1, float3_array /hdcts/cases/opencl/float3-array.cl:10:9, work-item 3, lane 3: out: expected 0x100000, the DWARF shows '*'; location DW_OP_fbreg 12; DW_OP_lit1; DW_OP_swap; DW_OP_xderef'*) ;;
*) echo "float3-array.cl: no failure line with stop, lane, variable and location: $(printf '%s' "$line" | cut -c1-400)" >>"$tmp/why" ;;
esac
point "a wrong value's line names stop, lane, variable, values and location"
grep -q '"check":"compile-opencl/watch","outcome":"fail".*"score":0\.' "$tmp/bad/results.json" ||
	echo "results.json: no score below 1 on a failing watch result" >>"$tmp/why"
point "results.json carries the score"
echo "1..$n"
[ "$failed" -eq 0 ]
