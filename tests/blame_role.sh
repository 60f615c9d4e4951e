#!/bin/sh
# Blame (docs/blame.md) through `hdcts run`: a compile command that leaves
# its intermediate LLVM IR at {ir} gets each missing DWARF fact blamed on
# the stage before or after that IR.
#  - A chain made of hdref alone, on a scratch suite of one SPIR-V case: the
#    object is lowered from the case with one variable's line changed (1 to
#    7). With the IR translated from the changed module the fact is blamed
#    before {ir}; with the IR translated from the case itself, after {ir};
#    with {ir} named but not written, the reason says there is no blame.
#  - clang-15-amdgcn on opencl/gen-pointer-local.cl: clang's metadata gives
#    a global pointer no address space (blamed before {ir}, on clang), and
#    describes a local pointer as local, which the back end writes as
#    address class 2 where the extension says 3 (blamed after {ir}).
#    Its compile-opencl/ir check parts from the Khronos module's translation
#    at the global pointer and not at the local one.
#  - llvm-spirv-15-llc-15 on opencl/enum.cl and call.cl: llc-15 fails after
#    the IR was written; enum's IR already lacks the reference translation's
#    enumeration (the translator marks it DIFlagEnumClass), call's holds
#    every fact; compile-opencl/ir says the same.
# The real toolchains' parts are skipped when their tools are missing.
# Prints TAP version 13.
#
# usage: blame_role.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: blame_role.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
. "$(dirname "$0")/tap.sh"
scratch blame-role
n=0
failed=0
: >"$tmp/why"
echo "TAP version 13"

# the scratch suite: one case whose variable n1 is declared on line 1
case=gen-di100-debuglocalvariable-arg-number-present
suite=$tmp/suite
mkdir -p "$suite/cases/spirv" "$suite/expected/dwarf"
cp "$src/cases/spirv/$case.spvasm" "$suite/cases/spirv/v.spvasm"
cp "$src/expected/dwarf/$case.dump" "$suite/expected/dwarf/v.dump"
sed 's/%src 1 1 %fn_main 1/%src 7 1 %fn_main 1/' "$src/cases/spirv/$case.spvasm" \
	>"$tmp/moved.spvasm"
grep -q '%src 7 1 %fn_main 1' "$tmp/moved.spvasm" ||
	echo "the case no longer declares n1 on line 1" >>"$tmp/why"
point "the scratch suite and the changed module are made"

HDCTS_SUITE=$suite
HDREF=$hdref
export HDCTS_SUITE HDREF
moved="'$tmp/moved.spvasm'"
profile_ini compile-spirv 60 translator-lost \
	"{hdref} lower $moved -o {out} && {hdref} llvm-di $moved -o {ir}"
profile_ini compile-spirv 60 backend-lost \
	"{hdref} lower $moved -o {out} && {hdref} llvm-di {in} -o {ir}"
profile_ini compile-spirv 60 no-ir ": {ir}; {hdref} lower $moved -o {out}"
fact='subprogram \"main\"/formal_parameter \"n1\": decl_line = 1'
run_profile "$tmp/translator-lost.ini" tr 'spirv/*'
expect_result spirv/v compile-spirv/conformance "$tmp/tr" fail \
	"(blame: 1 before {ir}, 0 after {ir}, 0 unattributed); first: $fact [before {ir}]"
expect_result spirv/v compile-spirv/conformance "$tmp/tr" fail \
	"blame: before {ir}: the IR's variable main/n1 has line=7 where the reference translation has 1"
point "a line the IR already lost is blamed before {ir}"

run_profile "$tmp/backend-lost.ini" be 'spirv/*'
expect_result spirv/v compile-spirv/conformance "$tmp/be" fail \
	"(blame: 0 before {ir}, 1 after {ir}, 0 unattributed); first: $fact [after {ir}]"
expect_result spirv/v compile-spirv/conformance "$tmp/be" fail \
	"blame: after {ir}: the IR's variable main/n1 has line=1 as the reference translation does"
point "a line the IR held is blamed after {ir}"

run_profile "$tmp/no-ir.ini" none 'spirv/*'
if grep -qF '\n  blame: ' "$tmp/none/journal.jsonl"; then
	echo "a blame without an IR" >>"$tmp/why"
fi
expect_result spirv/v compile-spirv/conformance "$tmp/none" fail "(no blame: no LLVM IR at {ir}"
point "{ir} named but not written: the reason says there is no blame"

# the shipped profiles, on the corpus
HDCTS_SUITE=$src
if have clang-15 && have ld.lld-15 && have llvm-spirv-15; then
	run_profile "$src/harness/candidates/clang-15-amdgcn.ini" c15 'opencl/gen-pointer-local.cl'
	expect_result opencl/gen-pointer-local.cl compile-opencl/conformance "$tmp/c15" fail \
		"blame: before {ir}: the IR's variable gen_pointer_local/out has type=DW_TAG_pointer_type generic(basic int 32 DW_ATE_signed) where the reference translation has DW_TAG_pointer_type global(basic int 32 DW_ATE_signed)"
	point "clang-15: a global pointer's class is lost in clang's metadata (before {ir})"
	expect_result opencl/gen-pointer-local.cl compile-opencl/conformance "$tmp/c15" fail \
		"blame: after {ir}: the IR's variable gen_pointer_local/lp_l has type=DW_TAG_pointer_type local(basic int 32 DW_ATE_signed) as the reference translation does"
	point "clang-15: a local pointer is local in the IR, class 2 in the DWARF (after {ir})"
	expect_result opencl/gen-pointer-local.cl compile-opencl/ir "$tmp/c15" fail \
		"variable sp gen_pointer_local::out file=gen-pointer-local.cl line=5 arg=1 flags= type=DW_TAG_pointer_type generic(basic int 32 DW_ATE_signed)"
	# the local pointer is local in both views: no difference names it
	if grep -F '"case":"opencl/gen-pointer-local.cl","check":"compile-opencl/ir"' \
		"$tmp/c15/journal.jsonl" | grep -q 'gen_pointer_local::lscratch'; then
		echo "compile-opencl/ir: the local pointer lscratch differs" >>"$tmp/why"
	fi
	point "clang-15: its metadata and the Khronos module's translation part at the global pointer"
else
	for i in 1 2 3; do
		n=$((n + 1))
		echo "ok $n # SKIP clang-15, ld.lld-15 or llvm-spirv-15 not installed"
	done
fi

if have clang-15 && have llvm-spirv-15 && have llvm-dis-15 && have llc-15 && have ld.lld-15; then
	run_profile "$src/harness/candidates/llvm-spirv-15-llc-15.ini" ls15 'opencl/[ce][an][lu][lm].cl'
	expect_result opencl/enum.cl compile-opencl/conformance "$tmp/ls15" fail \
		"the IR at {ir} was written, and 2 of its metadata facts differ from the reference translation's; first: it lacks type DW_TAG_enumeration_type top::colour"
	point "llvm-spirv-15-llc-15: llc-15 fails, and the translator's IR already differs in the enum"
	expect_result opencl/call.cl compile-opencl/conformance "$tmp/ls15" fail \
		"the IR at {ir} was written, and its metadata holds the reference translation's facts"
	point "llvm-spirv-15-llc-15: call's IR holds every fact; only llc-15 failed"
	expect_result opencl/call.cl compile-opencl/ir "$tmp/ls15" pass
	expect_result opencl/enum.cl compile-opencl/ir "$tmp/ls15" fail \
		"2 facts differ; first: the reference translation has, the IR lacks: type DW_TAG_enumeration_type top::colour"
	point "llvm-spirv-15-llc-15: compile-opencl/ir passes call and fails enum though llc-15 failed"
else
	for i in 1 2 3; do
		n=$((n + 1))
		echo "ok $n # SKIP clang-15, llvm-spirv-15, llvm-dis-15, llc-15 or ld.lld-15 not installed"
	done
fi

echo "1..$n"
[ "$failed" -eq 0 ]
