#!/bin/sh
# Times `hdref lower` against `llvm-spirv-15 -r` (SPIR-V to LLVM IR with its
# debug metadata, the first half of the SPIR-V -> DWARF route that real
# toolchains take) on one module of 1,000,000 OpenCL.DebugInfo.100
# instructions from gen_spirv_big, and prints both times and their ratio;
# then hdref on 250,000 instructions, to show how its time grows (4 is
# linear). Best of RUNS runs (default 3), wall clock.
#
# The work is not identical: hdref validates, lowers to DWARF and writes a
# code object; llvm-spirv-15 -r builds LLVM IR and drops the local variables
# no instruction uses. The ratio compares the tools on the same input.
#
# usage: lower.sh BUILD_DIR

if [ "$#" -ne 1 ]; then
	echo "usage: lower.sh BUILD_DIR" >&2
	exit 2
fi
gen=$1/bench/gen_spirv_big
hdref=$1/reference/hdref/hdref
runs=${RUNS:-3}
big=1000000
small=250000
for tool in "$gen" "$hdref"; do
	if [ ! -x "$tool" ]; then
		echo "lower.sh: $tool not built" >&2
		exit 2
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lower.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' 0
trap 'exit 2' HUP INT TERM
. "$(dirname "$0")/common.sh"

"$gen" "$big" "$tmp/big.spv" || exit 1
"$gen" "$small" "$tmp/small.spv" || exit 1
bytes=$(wc -c <"$tmp/big.spv" | tr -d ' ')
echo "module: $big OpenCL.DebugInfo.100 instructions (+5 fixed), $bytes bytes; best of $runs runs"

t_big=$(best "$hdref" lower "$tmp/big.spv" -o "$tmp/big.o") || exit 1
echo "hdref lower:          $t_big s ($(wc -c <"$tmp/big.o" | tr -d ' ') bytes of code object)"
if command -v llvm-spirv-15 >/dev/null 2>&1; then
	t_ref=$(best llvm-spirv-15 -r "$tmp/big.spv" -o "$tmp/big.bc") || exit 1
	echo "llvm-spirv-15 -r:     $t_ref s"
	echo "hdref/llvm-spirv-15:  $(ratio "$t_big" "$t_ref")"
else
	echo "llvm-spirv-15:        not installed"
fi

t_small=$(best "$hdref" lower "$tmp/small.spv" -o "$tmp/small.o") || exit 1
echo "hdref lower, $small instructions: $t_small s"
echo "scaling ($big/$small = 4 when linear): $(ratio "$t_big" "$t_small")"
