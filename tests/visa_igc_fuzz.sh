#!/bin/sh
# The vISA reader's cut-and-change test (test_visa_fuzz) on what IGC really
# writes: cases/opencl/call.cl compiled by ocloc for Skylake with -g at
# -cl-opt-disable (a kernel and its stack-call function: BE_FP, the
# caller's BE_FP, the return address, caller-save entries in the frame)
# and optimised (a sub-routine with its return value). Every cut and every
# one-byte change of each .dbg must be read or refused with a named error.
# Prints test_visa_fuzz's TAP; exits 77 (skipped) when ocloc is not
# installed, where test_visa_fuzz still runs on the committed hand-made
# files.
#
# usage: visa_igc_fuzz.sh TEST_VISA_FUZZ SOURCE_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: visa_igc_fuzz.sh TEST_VISA_FUZZ SOURCE_DIR" >&2
	exit 2
fi
fuzz=$1
src=$2
. "$(dirname "$0")/tap.sh"
scratch visa-igc-fuzz

if ! have ocloc; then
	echo "1..0 # SKIP ocloc not installed (Debian intel-opencl-icd and libigc-tools)"
	exit 77
fi
for opt in -O0 -O2; do
	options="-g -cl-std=CL2.0"
	[ "$opt" = -O0 ] && options="$options -cl-opt-disable"
	mkdir -p "$tmp/$opt/bin"
	if ! IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$tmp/$opt" \
		ocloc compile -file "$src/cases/opencl/call.cl" -device skl -options "$options" \
		-out_dir "$tmp/$opt/bin" -output k >"$tmp/$opt/log" 2>&1; then
		echo "Bail out! ocloc failed on call.cl at $opt:"
		sed 's/^/# /' "$tmp/$opt/log"
		exit 1
	fi
done
set -- "$tmp"/-O0/OCL_asm*.dbg "$tmp"/-O2/OCL_asm*.dbg
for f in "$@"; do
	if [ ! -e "$f" ]; then
		echo "Bail out! IGC wrote no .dbg (IGC_ShaderDumpEnable)"
		exit 1
	fi
done
exec "$fuzz" "$@"
