#!/bin/sh
# hdref's evaluator against gimli's on the same mix and model
# (docs/benchmarks.md, "bench/eval_peer.sh"). Runs bench_eval and the gimli
# peer (bench/peers/gimli-eval) alternately, PAIRS times (at least 5),
# N evaluations each, and prints each pair's ratio of evaluations per
# CPU-second (hdref / gimli) and the median; then the same per expression
# of the mix (3 pairs each), hdref alone on the extension mix, and, with
# valgrind, both sides' instructions per evaluation. Exits 1 when the median
# is below GOAL, 2 when it cannot run.
#
# usage: eval_peer.sh BUILD_DIR   (env: PAIRS=7 N=4000000 GOAL=1.5)

if [ "$#" -ne 1 ]; then
	echo "usage: eval_peer.sh BUILD_DIR" >&2
	exit 2
fi
build=$1
pairs=${PAIRS:-7}
n=${N:-4000000}
goal=${GOAL:-1.5}
hdref=$build/bench/bench_eval
peer=$build/bench/peers/gimli-eval/release/hdcts-gimli-eval
for tool in "$hdref" "$peer"; do
	if [ ! -x "$tool" ]; then
		echo "eval_peer: $tool is not built (the peer needs Debian's cargo, rustc and librust-gimli-dev)" >&2
		exit 2
	fi
done
[ "$pairs" -ge 5 ] || { echo "eval_peer: PAIRS must be at least 5" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/eval-peer.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' 0
. "$(dirname "$0")/common.sh"

# pair I ARGS...: one run of each side with ARGS, the first side by turns;
# prints "RATIO HDREF_CPU GIMLI_CPU", the ratio of evaluations per
# CPU-second being gimli's CPU time over hdref's.
pair() {
	i=$1
	shift
	if [ $((i % 2)) = 1 ]; then
		h=$(cpu "$hdref" "$@") && g=$(cpu "$peer" "$@") || exit 2
	else
		g=$(cpu "$peer" "$@") && h=$(cpu "$hdref" "$@") || exit 2
	fi
	echo "$(ratio "$g" "$h") $h $g"
}

rate() {
	awk -v n="$1" -v c="$2" 'BEGIN { if (c > 0) printf "%.0f", n / c; else print "inf" }'
}

"$peer" 1 >"$tmp/version" || exit 2
echo "machine: $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "peer: gimli 0.27, $(sed 's/.*built by //' "$tmp/version")"
echo "mix of 8, $n evaluations a run, $pairs pairs, hdref and gimli by turns:"
ratios=
i=1
while [ "$i" -le "$pairs" ]; do
	set -- $(pair "$i" "$n")
	[ "$#" = 3 ] || exit 2
	echo "  pair $i: hdref $(rate "$n" "$2") evals/CPU-s, gimli $(rate "$n" "$3") evals/CPU-s, ratio $1"
	ratios="$ratios $1"
	i=$((i + 1))
done
# shellcheck disable=SC2086 # one word per ratio
med=$(median $ratios)
echo "median ratio hdref/gimli: $med (goal >= $goal)"

echo "per expression, $((n / 4)) evaluations a run, median of 3 pairs:"
for k in 0 1 2 3 4 5 6 7; do
	r=
	for i in 1 2 3; do
		set -- $(pair "$i" "$((n / 4))" "$k")
		r="$r $1"
	done
	# shellcheck disable=SC2086
	echo "  entry $k: ratio $(median $r)"
done

c=$(cpu "$hdref" "$n" ext) || exit 2
echo "extension mix (hdref alone): $(rate "$n" "$c") evals/CPU-s"

# instr CMD: instructions per evaluation of the mix, as callgrind counts
# them: the difference of a 300,000- and a 100,000-evaluation run over
# 200,000, so start-up and the checks before timing drop out. Other load
# does not change it; it says how much work each side does, not how fast.
instr() {
	for k in 100000 300000; do
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$k" 2>&1 |
			sed -n 's/.*refs: *//p' | tr -d ,
	done | awk 'NR == 1 { a = $1 } NR == 2 { printf "%.0f", ($1 - a) / 200000 }'
}

if command -v valgrind >/dev/null 2>&1; then
	ih=$(instr "$hdref")
	ig=$(instr "$peer")
	echo "instructions per evaluation of the mix (callgrind): hdref $ih, gimli $ig, gimli/hdref $(ratio "$ig" "$ih")"
else
	echo "instructions per evaluation: valgrind is not installed (Debian's valgrind)"
fi
echo "machine: load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
awk -v m="$med" -v g="$goal" 'BEGIN { exit !(m + 0 >= g + 0) }'
