#!/bin/sh
# The translate-llvm role (docs/harness.md, docs/llvm-facts.md,
# "translate-llvm") run for real with llvm-spirv-15 forward on four corpus
# kernels, whose input IR the harness makes with clang-15:
#  - call: the module breaks no rule and its reference translation holds
#    every fact of clang's metadata (pass);
#  - gen-typedef: the module's DebugTypedef has Line 0, where clang's
#    typedef is on line 5 (fail, naming the fact);
#  - gen-macro-object: the module has no DebugMacroDef, so every macro of
#    the input is missing (fail);
#  - struct: the module puts a DebugTypeMember before its composite, a
#    forward reference OpenCL.DebugInfo.100 does not allow (fail on the rule);
# and a candidate whose output is no SPIR-V fails with the reader's reason.
# Skipped when clang-15, llvm-as-15 or llvm-spirv-15 is missing. Prints
# TAP version 13.
#
# usage: translate_llvm_role.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: translate_llvm_role.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
. "$(dirname "$0")/tap.sh"
scratch translate-llvm-role
n=0
failed=0
: >"$tmp/why"

echo "TAP version 13"
for t in clang-15 llvm-as-15 llvm-spirv-15; do
	if ! have "$t"; then
		echo "1..0 # SKIP $t not installed"
		exit 0
	fi
done
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF

run_profile "$src/harness/candidates/llvm-spirv-15.ini" call 'opencl/call.cl'
expect_result opencl/call.cl translate-llvm/module "$tmp/call" pass
point "llvm-spirv-15: call's module means what clang's metadata says"

run_profile "$src/harness/candidates/llvm-spirv-15.ini" typedef 'opencl/gen-typedef.cl'
expect_result opencl/gen-typedef.cl translate-llvm/module "$tmp/typedef" fail \
	'typedef top ::count_t line=5 size=0 offset=0 flags= type=basic int 32 DW_ATE_signed'
expect_result opencl/gen-typedef.cl translate-llvm/module "$tmp/typedef" fail \
	'+ typedef top ::count_t line=0 size=0'
point "llvm-spirv-15: a typedef's line becomes 0 in the module"

run_profile "$src/harness/candidates/llvm-spirv-15.ini" macro 'opencl/gen-macro-object.cl'
expect_result opencl/gen-macro-object.cl translate-llvm/module "$tmp/macro" fail \
	'facts differ; first: the input has, the module lacks: macro DW_MACINFO_define'
point "llvm-spirv-15: the module keeps no macro"

run_profile "$src/harness/candidates/llvm-spirv-15.ini" struct 'opencl/struct.cl'
expect_result opencl/struct.cl translate-llvm/module "$tmp/struct" fail \
	'OpenCL.DebugInfo.100/DebugTypeMember/forward-reference'
point "llvm-spirv-15: struct's module breaks a rule, so it is not compared"

profile_ini translate-llvm 60 garbage 'printf "not spir-v" > {out}'
run_profile "$tmp/garbage.ini" garbage 'opencl/call.cl'
expect_result opencl/call.cl translate-llvm/module "$tmp/garbage" fail \
	'the SPIR-V module at {out} does not read'
point "an output that is no SPIR-V fails with the reader's reason"

echo "1..$n"
[ "$failed" -eq 0 ]
