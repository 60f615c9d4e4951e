#!/bin/sh
# Results per CPU-second of `hdcts run --candidate reference` on the
# evaluate and decode cases (docs/benchmarks.md, "bench/suite_throughput.sh"):
# the reference as shipped, with its evaluate batch, against the same
# profile without `evaluate-batch` (one hdref process per case), by turns,
# PAIRS times (default 3); prints each pair's ratio and the median.
#
# usage: suite_throughput.sh BUILD_DIR   (env: PAIRS=3 CASES='expr/*')

if [ "$#" -ne 1 ]; then
	echo "usage: suite_throughput.sh BUILD_DIR" >&2
	exit 2
fi
build=$(cd "$1" && pwd) || exit 2
src=$(cd "$(dirname "$0")/.." && pwd)
pairs=${PAIRS:-3}
cases=${CASES:-expr/*}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/suite-throughput.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' 0
. "$(dirname "$0")/common.sh"
HDCTS_SUITE=$src
HDREF=$build/reference/hdref/hdref
export HDCTS_SUITE HDREF
sed '/^evaluate-batch/d; s/^name = reference$/name = reference-one-per-case/' \
	"$src/harness/candidates/reference.ini" >"$tmp/single.ini"

# run PROFILE: CPU seconds of one whole run, and its result count on fd 3
run() {
	rm -rf "$tmp/run"
	m=$(measure "$build/harness/hdcts" run --candidate "$1" --cases "$cases" -j 2 \
		--out "$tmp/run") || exit 2
	echo "${m#* } $(grep -c . "$tmp/run/journal.jsonl")"
}

echo "machine: $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
ratios=
i=1
while [ "$i" -le "$pairs" ]; do
	if [ $((i % 2)) = 1 ]; then
		b=$(run reference) && s=$(run "$tmp/single.ini") || exit 2
	else
		s=$(run "$tmp/single.ini") && b=$(run reference) || exit 2
	fi
	set -- $b $s
	rb=$(awk -v n="$2" -v c="$1" 'BEGIN { printf "%.0f", n / c }')
	rs=$(awk -v n="$4" -v c="$3" 'BEGIN { printf "%.0f", n / c }')
	echo "pair $i: batched $2 results in $1 CPU-s = $rb/s; one process per case $4 in $3 CPU-s = $rs/s; ratio $(ratio "$rb" "$rs")"
	ratios="$ratios $(ratio "$rb" "$rs")"
	i=$((i + 1))
done
# shellcheck disable=SC2086
echo "median ratio: $(median $ratios)"
echo "machine: load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
