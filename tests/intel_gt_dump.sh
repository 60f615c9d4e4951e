#!/bin/sh
# The intel-gt profile on a real Intel GPU object: IGC (Debian's
# intel-opencl-icd, ocloc) compiles a kernel with -g, and the canonical dump
# of its debug ELF must pick intel-gt from the object's machine and decode
# IGC's DW_OP_INTEL_* locations; an AMDGPU object must not (docs/intel-gt.md).
# Prints TAP version 13; skips without ocloc.
#
# usage: intel_gt_dump.sh HDREF SOURCE_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: intel_gt_dump.sh HDREF SOURCE_DIR" >&2
	exit 2
fi
hdref=$1
src=$2
. "$(dirname "$0")/tap.sh"
if ! have ocloc; then
	printf 'ok 1 - intel-gt dump # SKIP ocloc not installed (intel-opencl-icd)\n1..1\n'
	exit 0
fi
scratch intel-gt-dump
n=0
failed=0

printf 'kernel void add(global int *a, int b)\n{\n\tint i = get_global_id(0);\n\ta[i] = a[i] + b;\n}\n' \
	>"$tmp/k.cl"
(cd "$tmp" && IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$tmp/dump" \
	ocloc compile -file k.cl -device skl -options "-g -cl-opt-disable" -output k \
	>"$tmp/ocloc.log" 2>&1) || { echo "ocloc failed:"; cat "$tmp/ocloc.log"; } >>"$tmp/why"
elf=$(ls "$tmp"/dump/*simd*_entry_*.elf 2>/dev/null | head -n 1)
[ -n "$elf" ] || echo "ocloc wrote no debug ELF under $tmp/dump" >>"$tmp/why"
point "ocloc compiles a kernel with -g and dumps its debug ELF"

if [ -n "$elf" ]; then
	"$hdref" dump "$elf" >"$tmp/dump.txt" 2>"$tmp/dump.err" ||
		{ echo "hdref dump failed:"; cat "$tmp/dump.err"; } >>"$tmp/why"
	for want in 'encoding intel-gt (an Intel GPU object)' \
		'DW_AT_location exprloc DW_OP_INTEL_push_simd_lane;' \
		'DW_OP_INTEL_regs;' 'DW_OP_INTEL_push_bit_piece_stack' \
		'DW_AT_INTEL_simd_width constant'; do
		grep -qF "$want" "$tmp/dump.txt" || echo "no \`$want\` in the dump" >>"$tmp/why"
	done
	[ -s "$tmp/why" ] && head -n 40 "$tmp/dump.txt" >>"$tmp/why"
fi
point "the dump of IGC's object is read in intel-gt and decodes its locations"

# an AMDGPU object of the corpus stays in the extension's profile
obj=$tmp/a.o
"$hdref" lower "$src/cases/spirv/di100-DebugCompilationUnit-valid.spvasm" -o "$obj" \
	>"$tmp/lower.log" 2>&1 || obj=
if [ -n "$obj" ]; then
	"$hdref" dump "$obj" >"$tmp/amd.txt" 2>&1 || echo "hdref dump $obj failed" >>"$tmp/why"
	! grep -q '^encoding intel-gt' "$tmp/amd.txt" || echo "an AMDGPU object was read as intel-gt" >>"$tmp/why"
else
	echo "no AMDGPU object to compare with" >>"$tmp/why"
fi
point "an AMDGPU object is not read as intel-gt"

finish "intel-gt dumps" "$tmp"
