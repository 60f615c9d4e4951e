#!/bin/sh
# Intel's offline compiler (ocloc, Debian intel-opencl-icd, IGC) as a
# compile-opencl or compile-spirv candidate (docs/candidates.md, "Shipped
# profiles"; docs/intel-gt.md). ocloc writes no debug ELF of its own but
# inside its `.dbg` container; with IGC's shader dump on, IGC writes each
# kernel's debug ELF (`*_entry_*.elf`, DWARF 4 with DW_OP_INTEL_*), its vISA
# debug information (`*_entry_*.dbg`) and, for OpenCL C, the SPIR-V its own
# front end made. OUT is the kernel's debug ELF; SPIRV, when given, gets
# IGC's module, VISA the vISA debug information and GEN the kernel's Gen
# code it maps into. A kernel source with more than one kernel is refused:
# IGC writes one debug ELF per kernel, and a candidate gives one object.
#
# usage: ocloc.sh DEVICE IN OUT SCRATCH SPIRV|- VISA|- GEN|- [OCLOC-OPTIONS...]
set -eu
device=$1 in=$2 out=$3 scratch=$4 spirv=$5 visa=$6 gen=$7
shift 7
dir=$scratch/ocloc
rm -rf "$dir"
mkdir -p "$dir"
# the source keeps its name: the DWARF's file names come from it
src=$(basename "$in")
case $in in
*.spv) input=-spirv_input ;;
*.clcpp) echo "ocloc: C++ for OpenCL is not supported" >&2; exit 1 ;;
*) input= ;;
esac
cp "$in" "$dir/$src"
rc=0
# shellcheck disable=SC2086 # input is one word or none
(cd "$dir" && IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$dir/dump" \
	ocloc compile $input -file "$src" -device "$device" -options "$*" -output k \
	>"$dir/log" 2>&1) || rc=$?
if [ "$rc" -ne 0 ]; then
	echo "ocloc failed (status $rc):" >&2
	tail -n 20 "$dir/log" >&2
	# a compiler killed by a signal is a crash: die by the same signal
	[ "$rc" -gt 128 ] && kill -s "$(kill -l "$rc")" $$
	exit 1
fi
set -- "$dir"/dump/*_entry_*.elf
if [ "$#" -ne 1 ] || [ ! -f "$1" ]; then
	echo "ocloc: IGC wrote $# kernel debug ELFs ($(ls "$dir/dump" | tr '\n' ' ')); one kernel per source is supported" >&2
	exit 1
fi
cp "$1" "$out"
elf=$1
if [ "$visa" != - ]; then
	cp "${elf%.elf}.dbg" "$visa"
	[ "$gen" = - ] || cp "${elf%.elf}.dat" "$gen"
fi
if [ "$spirv" != - ]; then
	set -- "$dir"/k_*.spv
	[ -f "$1" ] || { echo "ocloc: no SPIR-V module k_*.spv in $dir" >&2; exit 1; }
	cp "$1" "$spirv"
fi
