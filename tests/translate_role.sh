#!/bin/sh
# The translate-spirv role (docs/harness.md, docs/llvm-facts.md) run for
# real: a scratch suite holds the SPIR-V of two corpus kernels as clang-15
# and llvm-spirv-15 write it (cases/opencl/call.cl and enum.cl,
# disassembled, without the OpModuleProcessed that makes them SPIR-V 1.4:
# the harness assembles a case for 1.0, else 1.6, which llvm-spirv-15
# refuses; their expected/dwarf dumps made by hdref lower and hdref dump,
# which is what puts a module in the role's plan), and
# `hdcts run --candidate llvm-spirv-15-r` must
#  - pass translate-spirv/metadata on call: llvm-spirv-15 -r gives the
#    reference translation's facts exactly;
#  - fail it on enum, naming the fact: the translator marks the C enum
#    DIFlagEnumClass, which the module's DebugTypeEnum does not say
#    (docs/findings.md);
# and the run's TAP must parse. Skipped when clang-15, llvm-spirv-15,
# llvm-dis-15 or spirv-dis is missing. Prints TAP version 13.
#
# usage: translate_role.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: translate_role.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
. "$(dirname "$0")/tap.sh"
scratch translate-role
n=0
failed=0
: >"$tmp/why"

echo "TAP version 13"
for t in clang-15 llvm-spirv-15 llvm-dis-15 spirv-dis; do
	if ! have "$t"; then
		echo "1..0 # SKIP $t not installed"
		exit 0
	fi
done

# the scratch suite: one module per kernel, as the corpus's toolchain makes it
suite=$tmp/suite
mkdir -p "$suite/cases/spirv" "$suite/expected/dwarf"
for k in call enum; do
	if clang-15 -x cl -cl-std=CL2.0 -Xclang -no-opaque-pointers -target spir64 -g -O0 \
		-emit-llvm -c "$src/cases/opencl/$k.cl" -o "$tmp/$k.bc" 2>>"$tmp/why" &&
	   llvm-spirv-15 --spirv-debug-info-version=ocl-100 "$tmp/$k.bc" -o "$tmp/$k.spv" \
		2>>"$tmp/why" &&
	   spirv-dis "$tmp/$k.spv" -o "$tmp/$k.spvasm" 2>>"$tmp/why" &&
	   grep -v 'OpModuleProcessed' "$tmp/$k.spvasm" >"$suite/cases/spirv/$k.spvasm" &&
	   printf '; expect: ok\n' >>"$suite/cases/spirv/$k.spvasm" &&
	   "$hdref" lower "$suite/cases/spirv/$k.spvasm" -o "$tmp/$k.o" 2>>"$tmp/why" &&
	   "$hdref" dump "$tmp/$k.o" >"$suite/expected/dwarf/$k.dump" 2>>"$tmp/why"; then
		:
	else
		echo "$k: the scratch suite's module could not be made" >>"$tmp/why"
	fi
done
point "the scratch suite holds call and enum as llvm-spirv-15 writes them"

HDCTS_SUITE=$suite
HDREF=$hdref
export HDCTS_SUITE HDREF
run_profile "$src/harness/candidates/llvm-spirv-15-r.ini" r15 'spirv/*'
expect_result spirv/call translate-spirv/metadata "$tmp/r15" pass
point "llvm-spirv-15 -r gives call's metadata the reference's facts"

expect_result spirv/enum translate-spirv/metadata "$tmp/r15" fail \
	'2 facts differ; first: the reference has, the candidate lacks: type DW_TAG_enumeration_type top::colour'
expect_result spirv/enum translate-spirv/metadata "$tmp/r15" fail \
	'line=4 size=32 identifier= flags=DIFlagEnumClass base=basic int 32 DW_ATE_signed'
point "llvm-spirv-15 -r marks enum's C enum DIFlagEnumClass, a fact the module does not hold"

echo "1..$n"
[ "$failed" -eq 0 ]
