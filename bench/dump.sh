#!/bin/sh
# hdref dump against llvm-dwarfdump-15 --debug-info on one large object
# (docs/benchmarks.md, "bench/dump.sh"): gen_spirv_big writes a module of N
# OpenCL.DebugInfo.100 instructions (default 1,000,000), hdref lower turns it
# into an AMDGPU code object with DWARF 5, and the two dumpers read it by
# turns, PAIRS times (at least 5), which one goes first alternating. Prints
# each pair's CPU time (user + system, which other load disturbs less than
# wall time) and peak resident memory of both and their ratios, hdref over
# llvm, then the medians of the ratios. Both write to /dev/null. Without
# llvm-dwarfdump-15 only hdref's numbers are printed. Exits 2 when it cannot
# run (a tool not built, a run that failed).
#
# usage: dump.sh BUILD_DIR   (env: PAIRS=5 N=1000000)

if [ "$#" -ne 1 ]; then
	echo "usage: dump.sh BUILD_DIR" >&2
	exit 2
fi
gen=$1/bench/gen_spirv_big
hdref=$1/reference/hdref/hdref
pairs=${PAIRS:-5}
n=${N:-1000000}
peer=llvm-dwarfdump-15
for tool in "$gen" "$hdref"; do
	if [ ! -x "$tool" ]; then
		echo "dump.sh: $tool not built" >&2
		exit 2
	fi
done
if [ ! -x /usr/bin/time ]; then
	echo "dump.sh: /usr/bin/time is not installed (Debian's time)" >&2
	exit 2
fi
[ "$pairs" -ge 5 ] || { echo "dump.sh: PAIRS must be at least 5" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dump-bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' 0
trap 'exit 2' HUP INT TERM
. "$(dirname "$0")/common.sh"

# cost CMD...: "CPU KIB", the CPU seconds (user + system) and the peak
# resident set in KiB of one run of CMD, whose output goes to /dev/null.
cost() {
	if ! /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err"; then
		echo "dump.sh: $* failed:" >&2
		head -n 5 "$tmp/err" >&2
		return 1
	fi
	awk '{ printf "%.2f %d", $1 + $2, $3 }' "$tmp/time"
}

mib() {
	awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'
}

"$gen" "$n" "$tmp/big.spv" >/dev/null || exit 2
"$hdref" lower "$tmp/big.spv" -o "$tmp/big.o" || exit 2
obj=$tmp/big.o
echo "machine: $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "object: $n OpenCL.DebugInfo.100 instructions lowered, $(wc -c <"$obj" | tr -d ' ') bytes"
if ! command -v "$peer" >/dev/null 2>&1; then
	echo "peer: $peer is not installed; hdref alone"
	i=1
	while [ "$i" -le "$pairs" ]; do
		set -- $(cost "$hdref" dump "$obj") || exit 2
		echo "  run $i: hdref $1 CPU-s $(mib "$2") MiB"
		i=$((i + 1))
	done
	exit 0
fi
echo "peer: $("$peer" --version | grep -i 'llvm version' | sed 's/^ *//')"
echo "$pairs pairs, hdref dump and $peer --debug-info by turns:"
cpus=
mems=
i=1
while [ "$i" -le "$pairs" ]; do
	if [ $((i % 2)) = 1 ]; then
		h=$(cost "$hdref" dump "$obj") && l=$(cost "$peer" --debug-info "$obj") || exit 2
	else
		l=$(cost "$peer" --debug-info "$obj") && h=$(cost "$hdref" dump "$obj") || exit 2
	fi
	set -- $h $l
	rc=$(ratio "$1" "$3")
	rm=$(ratio "$2" "$4")
	echo "  pair $i: hdref $1 CPU-s $(mib "$2") MiB, llvm $3 CPU-s $(mib "$4") MiB; ratio CPU $rc, memory $rm"
	cpus="$cpus $rc"
	mems="$mems $rm"
	i=$((i + 1))
done
# shellcheck disable=SC2086 # one word per ratio
echo "median ratio hdref/llvm: CPU $(median $cpus), peak memory $(median $mems)"
echo "machine: load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
