#!/bin/sh
# The ocloc-skl profile (Intel's offline compiler, IGC) run for real on
# slices of the corpus, asserting the findings docs/findings.md gives for it:
# its kernels' locations decode in the intel-gt profile, a plain kernel holds
# every source fact, a C enumeration gets DW_AT_enum_class, IGC's own SPIR-V
# has a DebugSource whose Text is DebugInfoNone, the DebugInfo 1.00 set is
# declared not supported, and ocloc aborting is a crash.
# Prints TAP version 13; skips without ocloc.
#
# usage: ocloc_run.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: ocloc_run.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
. "$(dirname "$0")/tap.sh"
if ! have ocloc; then
	printf 'ok 1 - ocloc-skl # SKIP ocloc not installed (intel-opencl-icd)\n1..1\n'
	exit 0
fi
scratch ocloc-run
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF

# expect CASE CHECK DIR OUTCOME [TEXT]: that result ends OUTCOME and, when
# given, its journal line holds TEXT
expect() {
	line=$(grep -sF "\"case\":\"$1\",\"check\":\"$2\"" "$3/journal.jsonl")
	case $line in
	*"\"outcome\":\"$4\""*) ;;
	*) echo "$1 $2: not $4: $(printf '%s' "$line" | cut -c1-400)" >>"$tmp/why" ;;
	esac
	case $line in
	*"${5:-}"*) ;;
	*) echo "$1 $2: no \`$5\` in its result" >>"$tmp/why" ;;
	esac
}

# run NAME GLOB: a run into $tmp/NAME that completes with TAP that parses
run() {
	"$hdcts" run --candidate ocloc-skl --cases "$2" -j 2 --out "$tmp/$1" \
		>"$tmp/$1.tap" 2>"$tmp/$1.err"
	rc=$?
	[ "$rc" -le 1 ] || { echo "$2: exit status $rc"; tail -n 5 "$tmp/$1.err"; } >>"$tmp/why"
	if ! prove --exec cat "$tmp/$1.tap" 2>&1 | grep -q 'Tests='; then
		echo "$2: its TAP does not parse" >>"$tmp/why"
	fi
}

run enum 'opencl/gen-*enum*'
run call 'opencl/call.cl'
point "ocloc-skl compiles OpenCL C kernels to outcomes, with TAP that parses"

expect opencl/call.cl compile-opencl/locations "$tmp/call" pass
expect opencl/call.cl compile-opencl/conformance "$tmp/call" pass
expect opencl/gen-enum.cl compile-opencl/locations "$tmp/enum" pass
point "IGC's DWARF decodes in intel-gt and holds a plain kernel's source facts"

expect opencl/gen-typedef-enum.cl compile-opencl/conformance "$tmp/enum" fail 'enum_class true'
point "a C enumeration gets DW_AT_enum_class"

expect opencl/call.cl compile-opencl/spirv "$tmp/call" fail \
	'OpenCL.DebugInfo.100/DebugSource/operand-target'
point "IGC's own SPIR-V has a DebugSource whose Text is DebugInfoNone"

run di100 'spirv/di100-DebugTypeBasic-valid'
expect spirv/di100-DebugTypeBasic-valid compile-spirv/conformance "$tmp/di100" not-supported
run abort 'spirv/ocl100-DebugValue-valid-indexes'
expect spirv/ocl100-DebugValue-valid-indexes compile-spirv/conformance "$tmp/abort" crash
point "the DebugInfo 1.00 set is not supported, and ocloc aborting is a crash"

finish "ocloc-skl results" "$src/cases"
