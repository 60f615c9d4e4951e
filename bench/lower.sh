#!/bin/sh
# hdref lower against llvm-spirv-15 -r (SPIR-V to LLVM IR with its debug
# metadata, the first half of the SPIR-V -> DWARF route that real toolchains
# take) on one module of N OpenCL.DebugInfo.100 instructions from
# gen_spirv_big (default 1,000,000) (docs/benchmarks.md, "bench/lower.sh").
# The two run by turns, PAIRS times (at least 5), which one goes first
# alternating; each pair's CPU time (user + system, which other load
# disturbs less than wall time) of both and their ratio, hdref over llvm,
# then the median ratio. Then hdref on a quarter of the module, to show how
# its CPU time grows (4 is linear), medians of PAIRS runs of each size.
# Prints the load average at the start and the end.
#
# The work is not identical: hdref validates, lowers to DWARF and writes a
# code object; llvm-spirv-15 -r builds LLVM IR and drops the local variables
# no instruction uses. The ratio compares the tools on the same input.
#
# Exits 1 when the median ratio is above GOAL (0.3), 2 when it cannot run
# (a tool not built or missing, a run that failed).
#
# usage: lower.sh BUILD_DIR   (env: PAIRS=5 N=1000000 GOAL=0.3)

if [ "$#" -ne 1 ]; then
	echo "usage: lower.sh BUILD_DIR" >&2
	exit 2
fi
gen=$1/bench/gen_spirv_big
hdref=$1/reference/hdref/hdref
pairs=${PAIRS:-5}
n=${N:-1000000}
quarter=$((n / 4))
goal=${GOAL:-0.3}
peer=llvm-spirv-15
for tool in "$gen" "$hdref"; do
	if [ ! -x "$tool" ]; then
		echo "lower.sh: $tool not built" >&2
		exit 2
	fi
done
if ! command -v "$peer" >/dev/null 2>&1; then
	echo "lower.sh: $peer is not installed" >&2
	exit 2
fi
[ "$pairs" -ge 5 ] || { echo "lower.sh: PAIRS must be at least 5" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lower-bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' 0
trap 'exit 2' HUP INT TERM
. "$(dirname "$0")/common.sh"

"$gen" "$n" "$tmp/big.spv" >/dev/null || exit 2
"$gen" "$quarter" "$tmp/small.spv" >/dev/null || exit 2
echo "machine: $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "module: $n OpenCL.DebugInfo.100 instructions (+5 fixed), $(wc -c <"$tmp/big.spv" | tr -d ' ') bytes"
echo "peer: $("$peer" --version 2>&1 | grep -i 'llvm version' | sed 's/^ *//')"
echo "$pairs pairs, hdref lower and $peer -r by turns:"
ratios=
hs=
i=1
while [ "$i" -le "$pairs" ]; do
	if [ $((i % 2)) = 1 ]; then
		h=$(cpu "$hdref" lower "$tmp/big.spv" -o "$tmp/big.o") &&
			l=$(cpu "$peer" -r "$tmp/big.spv" -o "$tmp/big.bc") || exit 2
	else
		l=$(cpu "$peer" -r "$tmp/big.spv" -o "$tmp/big.bc") &&
			h=$(cpu "$hdref" lower "$tmp/big.spv" -o "$tmp/big.o") || exit 2
	fi
	r=$(ratio "$h" "$l")
	echo "  pair $i: hdref $h CPU-s, llvm $l CPU-s; ratio $r"
	ratios="$ratios $r"
	hs="$hs $h"
	i=$((i + 1))
done
# shellcheck disable=SC2086 # one word per number
med=$(median $ratios)
echo "code object: $(wc -c <"$tmp/big.o" | tr -d ' ') bytes"
echo "median ratio hdref/llvm: CPU $med (goal <= $goal)"

smalls=
i=1
while [ "$i" -le "$pairs" ]; do
	s=$(cpu "$hdref" lower "$tmp/small.spv" -o "$tmp/small.o") || exit 2
	smalls="$smalls $s"
	i=$((i + 1))
done
# shellcheck disable=SC2086 # one word per number
mb=$(median $hs)
# shellcheck disable=SC2086
ms=$(median $smalls)
echo "hdref lower, median CPU: $mb s for $n instructions, $ms s for $quarter"
echo "scaling ($n/$quarter = 4 when linear): $(ratio "$mb" "$ms")"
echo "machine: load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
awk -v m="$med" -v g="$goal" 'BEGIN { exit !(m + 0 <= g + 0) }' || exit 1
exit 0
