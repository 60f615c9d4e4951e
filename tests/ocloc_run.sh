#!/bin/sh
# The ocloc-skl profile (Intel's offline compiler, IGC) run for real on
# slices of the corpus, asserting the findings docs/findings.md gives for it:
# its kernels' locations decode in the intel-gt profile, a plain kernel holds
# every source fact and its vISA debug information breaks no rule, a C
# enumeration gets DW_AT_enum_class, a variable's DWARF location names a GRF
# its vISA live intervals leave empty over part of its scope, IGC's own SPIR-V
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

run_profile ocloc-skl enum 'opencl/gen-*enum*'
run_profile ocloc-skl call 'opencl/call.cl'
point "ocloc-skl compiles OpenCL C kernels to outcomes, with TAP that parses"

expect_result opencl/call.cl compile-opencl/locations "$tmp/call" pass
expect_result opencl/call.cl compile-opencl/conformance "$tmp/call" pass
expect_result opencl/gen-enum.cl compile-opencl/locations "$tmp/enum" pass
expect_result opencl/call.cl compile-opencl/visa "$tmp/call" pass
point "IGC's DWARF decodes in intel-gt, holds a plain kernel's source facts, and its vISA debug information breaks no rule"

expect_result opencl/gen-typedef-enum.cl compile-opencl/conformance "$tmp/enum" fail 'enum_class true'
point "a C enumeration gets DW_AT_enum_class"

run_profile ocloc-skl spaces 'opencl/address-spaces.cl'
expect_result opencl/address-spaces.cl compile-opencl/visa "$tmp/spaces" fail \
	"DWARF variable 'i': visa-dwarf-register: DWARF puts it in r11.0 over 0x0-0x730"
point "IGC's DWARF puts a variable for its whole scope in a GRF its live intervals hold only in part (visa-dwarf-register)"

expect_result opencl/call.cl compile-opencl/spirv "$tmp/call" fail \
	'OpenCL.DebugInfo.100/DebugSource/operand-target'
point "IGC's own SPIR-V has a DebugSource whose Text is DebugInfoNone"

run_profile ocloc-skl di100 'spirv/di100-DebugTypeBasic-valid'
expect_result spirv/di100-DebugTypeBasic-valid compile-spirv/conformance "$tmp/di100" not-supported
run_profile ocloc-skl abort 'spirv/ocl100-DebugValue-valid-indexes'
expect_result spirv/ocl100-DebugValue-valid-indexes compile-spirv/conformance "$tmp/abort" crash
point "the DebugInfo 1.00 set is not supported, and ocloc aborting is a crash"

finish "ocloc-skl results" "$src/cases"
