#!/bin/sh
# The shipped producer profiles, run for real where their tools are
# installed (docs/candidates.md, "Shipped profiles"), on slices of the
# corpus. Each run must complete, pass prove, write its reports, and show
# the findings docs/findings.md traces to the specs:
#  - clang-15-amdgcn: every kernel's locations use DW_OP_xderef (a quality
#    warning), and its pointer address classes are not DWARF Extensions for Heterogeneous Debugging's;
#    its values are right as LLVM means its DWARF, not as the extension
#    defines it, and wrong at a function's closing brace; its FDEs define
#    no CFA;
#  - clang-22-amdgcn: AMDGPU address-space numbers as address classes,
#    each kernel described twice, no CFA, xderef with address space 5, and
#    at -O2 a VGPR's value taken for an address;
#    clang-19-amdgcn: clang-15's address classes and no CFA;
#  - clang-22-spirv: zero operands of its NonSemantic.Shader.DebugInfo.100
#    module as OpConstantNull, and no function described;
#  - llvm-spirv-15-llc-15: its module of a struct kernel has a member
#    whose Parent is a forward reference, llc-15 fails on its round trip,
#    the translator refuses the DebugInfo 1.00 set and aborts on a
#    DebugSource without Text.
# Prints TAP version 13; a profile whose tools are missing is skipped.
#
# usage: producers_run.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: producers_run.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
. "$(dirname "$0")/tap.sh"
scratch producers-run
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF

# result CASE CHECK DIR: the journal line of that result
result() {
	grep -F "\"case\":\"$1\",\"check\":\"$2\"" "$3/journal.jsonl"
}

# expect CASE CHECK DIR OUTCOME TEXT...: the result ends OUTCOME and its
# line holds every TEXT; what is wrong goes to $tmp/why
expect() {
	line=$(result "$1" "$2" "$3")
	want=$4
	label="$1 $2"
	shift 4
	if [ -z "$line" ]; then
		echo "$label: no result" >>"$tmp/why"
		return
	fi
	case $line in
	*"\"outcome\":\"$want\""*) ;;
	*) echo "$label: not $want: $(printf '%s' "$line" | cut -c1-300)" >>"$tmp/why" ;;
	esac
	for text in "$@"; do
		case $line in
		*"$text"*) ;;
		*) echo "$label: no \`$text\` in its result" >>"$tmp/why" ;;
		esac
	done
}

# run PROFILE GLOB: a run into $tmp/PROFILE-N; completes, passes prove,
# writes its reports (three points)
runs=0
run() {
	runs=$((runs + 1))
	out=$tmp/$1-$runs
	"$hdcts" run --candidate "$1" --cases "$2" -j 2 --out "$out" >"$out.tap" 2>"$out.err"
	rc=$?
	[ "$rc" -le 1 ] || { echo "exit status $rc"; tail -n 5 "$out.err"; } >>"$tmp/why"
	point "$1 on $2: the run completes"
	# failing points make prove exit 1: what matters is that it parses
	prove --exec cat "$out.tap" >"$out.prove" 2>&1
	if grep -q 'Parse errors' "$out.prove" || ! grep -q 'Tests=' "$out.prove"; then
		{ echo "prove cannot parse the TAP:"; grep -A3 'Parse errors' "$out.prove"; } \
			>>"$tmp/why"
	fi
	point "$1 on $2: prove parses the TAP"
	for f in results.json junit.xml summary.md index.html; do
		[ -s "$out/$f" ] || echo "no $f" >>"$tmp/why"
	done
	point "$1 on $2: the reports are written"
}

echo "TAP version 13"
: >"$tmp/why"

if have clang-15 && have ld.lld-15; then
	run clang-15-amdgcn 'opencl/*'
	out=$tmp/clang-15-amdgcn-$runs
	expect opencl/vector.cl compile-opencl/locations "$out" quality-warning \
		'DW_OP_lit1; DW_OP_swap; DW_OP_xderef'
	point "clang-15: variables located with the deprecated DW_OP_xderef"
	if grep '"check":"compile-opencl/locations"' "$out/journal.jsonl" |
		grep -v '"outcome":"quality-warning"' >"$tmp/other"; then
		{ echo "kernels whose locations are not a quality warning:"; cut -c1-200 "$tmp/other"; } \
			>>"$tmp/why"
	fi
	point "clang-15: every kernel's locations are a quality warning"
	expect opencl/gen-pointer-local.cl compile-opencl/conformance "$out" fail \
		'formal_parameter \"lscratch\": type = pointer_type{byte_size 4, address_class 3}' \
		'formal_parameter \"lscratch\": type = pointer_type{byte_size 8, address_class 2}'
	point "clang-15: a local pointer has address class 2, DWARF Extensions for Heterogeneous Debugging says 3 (DW_ADDR_LLVM_group)"
	expect opencl/gen-constexpr.clcpp compile-opencl/conformance "$out" fail \
		'- compile_unit: language = 56' '+ compile_unit: language = DW_LANG_C_plus_plus_14'
	point "clang-15: C++ for OpenCL is labelled DW_LANG_C_plus_plus_14"
	expect opencl/call.cl compile-opencl/conformance "$out" fail \
		'- frame \"scale\": cfa at entry = defined' '+ frame \"scale\": cfa at entry = none'
	point "clang-15: its FDEs define no CFA, so no caller frame can be found"
	expect opencl/float3-array.cl compile-opencl/watch "$out" compatibility-warning \
		'reading llvm: 512 right, 0 wrong' 'read as the extension defines it, 448 of 512 wrong'
	point "clang-15: values right as LLVM means its DWARF, wrong as the extension defines it"
	expect opencl/gen-combo-scopes.cl compile-opencl/watch "$out" fail \
		'stop 113, store_twice /hdcts/cases/opencl/gen-combo-scopes.cl:39:1, work-item 0, lane 0: twice: expected 8, the DWARF shows 2'
	point "clang-15: at a function's closing brace SGPR33 is the caller's frame again"
	# the unit's version is a fact: -gdwarf-4 cannot pass for DWARF 5
	sed -e 's/^name = .*/name = clang-15-dwarf4/' -e 's/^watch = .*//' \
		-e 's/-g -O0$/-g -gdwarf-4 -O0/' "$src/harness/candidates/clang-15-amdgcn.ini" \
		>"$tmp/clang-15-dwarf4.ini"
	"$hdcts" run --candidate "$tmp/clang-15-dwarf4.ini" --cases 'opencl/call.cl' \
		--out "$tmp/dwarf4" >/dev/null 2>"$tmp/err"
	expect opencl/call.cl compile-opencl/conformance "$tmp/dwarf4" fail \
		'- compile_unit: version = 5' '+ compile_unit: version = 4'
	point "clang-15 -gdwarf-4: the unit's DWARF version is a normative fact"
else
	for i in 1 2 3 4 5 6 7 8 9 10 11; do
		n=$((n + 1))
		echo "ok $n # SKIP clang-15 or ld.lld-15 not installed"
	done
fi

# clang-19 and clang-22 on the pointer kernels: what current LLVM changed
# and what it did not (docs/findings.md, "clang-19-amdgcn and
# clang-22-amdgcn"). Their kernels' inputs come from the Khronos route, so
# the watch check needs clang-15 and llvm-spirv-15 as well.
if have clang-22 && have ld.lld-22 && have clang-15 && have llvm-spirv-15; then
	run clang-22-amdgcn 'opencl/gen-pointer-*'
	out=$tmp/clang-22-amdgcn-$runs
	expect opencl/gen-pointer-private.cl compile-opencl/conformance "$out" fail \
		'- subprogram \"gen_pointer_private\"/variable \"pp_p\": type = pointer_type{byte_size 4, address_class 4}' \
		'+ subprogram \"gen_pointer_private\"/variable \"pp_p\": type = pointer_type{byte_size 8, address_class 5}' \
		'+ frame \"gen_pointer_private\": cfa at entry = none\n+ frame \"gen_pointer_private\": cfa at entry = none'
	point "clang-22: AMDGPU address-space numbers as address classes, no CFA, each kernel twice"
	expect opencl/gen-pointer-private.cl compile-opencl/locations "$out" quality-warning \
		'DW_OP_fbreg 0; DW_OP_lit5; DW_OP_swap; DW_OP_xderef'
	point "clang-22: variables in xderef form, with address space 5"
	run clang-22-amdgcn-O2 'opencl/gen-pointer-private.cl'
	expect opencl/gen-pointer-private.cl compile-opencl/locations "$tmp/clang-22-amdgcn-O2-$runs" \
		quality-warning 'DW_OP_bregx v1 0; DW_OP_lit5; DW_OP_swap; DW_OP_xderef'
	point "clang-22 -O2: a VGPR that holds a value taken for the variable's address"
else
	for i in 1 2 3 4 5 6 7 8 9; do
		n=$((n + 1))
		echo "ok $n # SKIP clang-22, ld.lld-22, clang-15 or llvm-spirv-15 not installed"
	done
fi
if have clang-19 && have ld.lld-19 && have clang-15 && have llvm-spirv-15; then
	run clang-19-amdgcn 'opencl/gen-pointer-local.cl'
	out=$tmp/clang-19-amdgcn-$runs
	expect opencl/gen-pointer-local.cl compile-opencl/conformance "$out" fail \
		'formal_parameter \"lscratch\": type = pointer_type{byte_size 8, address_class 2}' \
		'+ frame \"gen_pointer_local\": cfa at entry = none'
	point "clang-19: clang-15's address classes, and no CFA"
else
	for i in 1 2 3 4; do
		n=$((n + 1))
		echo "ok $n # SKIP clang-19, ld.lld-19, clang-15 or llvm-spirv-15 not installed"
	done
fi

# clang-22's SPIR-V back end: a module that breaks no rule, and one whose
# zero operands are OpConstantNull (docs/findings.md, "clang-22-spirv")
if have clang-22; then
	run clang-22-spirv 'opencl/call.cl'
	run clang-22-spirv 'opencl/gen-all-constructs.cl'
	out=$tmp/clang-22-spirv-$runs
	expect opencl/call.cl compile-opencl/spirv "$tmp/clang-22-spirv-$((runs - 1))" pass
	expect opencl/gen-all-constructs.cl compile-opencl/spirv "$out" fail \
		'NonSemantic.Shader.DebugInfo.100/DebugTypeBasic/operand-target: %19 is OpConstantNull'
	point "clang-22-spirv: zero operands of NonSemantic.Shader.DebugInfo.100 as OpConstantNull"
	expect opencl/call.cl compile-opencl/conformance "$tmp/clang-22-spirv-$((runs - 1))" fail \
		'- subprogram \"scale\"\n+ (none)'
	point "clang-22-spirv: its module describes no function"
else
	for i in 1 2 3 4 5 6 7 8; do
		n=$((n + 1))
		echo "ok $n # SKIP clang-22 not installed"
	done
fi

if have clang-15 && have llvm-spirv-15 && have llc-15 && have ld.lld-15; then
	run llvm-spirv-15-llc-15 'opencl/*'
	out=$tmp/llvm-spirv-15-llc-15-$runs
	expect opencl/struct.cl compile-opencl/spirv "$out" fail \
		'OpenCL.DebugInfo.100/DebugTypeMember/forward-reference'
	point "llvm-spirv-15: a DebugTypeMember before its DebugTypeComposite"
	expect opencl/call.cl compile-opencl/conformance "$out" fail \
		'Assigned value does not match type of forward declaration'
	point "llc-15 fails on llvm-spirv-15's round trip"
	run llvm-spirv-15-llc-15 'spirv/*-debugcompilationunit-valid'
	out=$tmp/llvm-spirv-15-llc-15-$runs
	expect spirv/gen-di100-debugcompilationunit-valid compile-spirv/conformance "$out" \
		fail 'InvalidBuiltinSetName'
	point "llvm-spirv-15 -r refuses the DebugInfo 1.00 set"
	expect spirv/gen-ocl100-debugcompilationunit-valid compile-spirv/conformance "$out" \
		crash 'SourceArgs.size() == OperandCount'
	point "llvm-spirv-15 -r aborts on a DebugSource without its optional Text"
else
	for i in 1 2 3 4 5 6 7 8 9 10; do
		n=$((n + 1))
		echo "ok $n # SKIP clang-15, llvm-spirv-15, llc-15 or ld.lld-15 not installed"
	done
fi

echo "1..$n"
[ "$failed" -eq 0 ]
