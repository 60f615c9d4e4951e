#!/bin/sh
# Builds the libFuzzer targets (tests/fuzz, docs/fuzzing.md) with clang in
# build-fuzz/ and runs each for SECONDS (default 3600) on a copy of its
# committed seed corpus and with its dictionary. Crashes, leaks, timeouts
# and out-of-memory inputs are saved in build-fuzz/fuzz-findings/ (or
# $HDCTS_FUZZ_FINDINGS); per target it prints libFuzzer's final stats line
# (executions, coverage, features, corpus) and what it saved.
#
# usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   TARGET: eval case cfi spirv dump record profile judge exec watch codeobj
#   isa protocol visa llvmdi (default: all)
# Environment: HDCTS_FUZZ_CC the clang to use (default clang-19);
# HDCTS_FUZZ_CORPUS a directory whose TARGET/ subdirectories keep each
# target's corpus from run to run (seeded from the committed one), so that
# several runs add up to one long one; HDCTS_FUZZ_LEDGER a file to which each
# run appends "TARGET CPU-SECONDS EXECUTIONS COV" (docs/fuzzing.md).
# Exit status: 0 no finding; 1 a target found something; 2 usage or the
# build failed; 77 clang or libFuzzer is not installed (the apt-get line is
# printed).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
all="eval case cfi spirv dump record profile judge exec watch codeobj isa protocol visa llvmdi"

seconds=${1:-3600}
case $seconds in
'' | *[!0-9]*)
	echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]" >&2
	exit 2 ;;
esac
[ "$#" -gt 0 ] && shift
targets=${*:-$all}
for t in $targets; do
	case " $all " in *" $t "*) ;; *)
		echo "fuzz: unknown target $t (one of: $all)" >&2
		exit 2 ;;
	esac
done

# clang and its libFuzzer runtime (libclang-rt-N-dev on Debian), or the
# line that installs them.
cc=${HDCTS_FUZZ_CC:-clang-19}
version=${cc#clang-}
if ! command -v "$cc" >/dev/null 2>&1 ||
	! ls /usr/lib/llvm-"$version"/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a \
		>/dev/null 2>&1; then
	echo "fuzz: SKIP: $cc or its libFuzzer runtime is not installed; run:"
	echo "  sudo apt-get install -y clang-$version libclang-rt-$version-dev"
	exit 77
fi

build=$top/build-fuzz
jobs=$(nproc 2>/dev/null || echo 2)
CC=$cc cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DHDCTS_FUZZ=ON \
	-DHDCTS_SANITIZE=ON >/dev/null || exit 2
cmake --build "$build" -j "$jobs" --target fuzz_all >"$build/fuzz-build.log" 2>&1 || {
	tail -n 30 "$build/fuzz-build.log" >&2
	exit 2
}

findings=${HDCTS_FUZZ_FINDINGS:-$build/fuzz-findings}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$findings"

# Sets cpu_now to the user + system seconds of this shell's finished
# children, from times(1)'s second line ("1m2.50s 0m0.10s"). times must run
# in this shell: in a command substitution it would report the subshell's.
child_cpu() {
	times >"$work/times"
	cpu_now=$(sed -n 2p "$work/times" | awk '{
		t = 0
		for (i = 1; i <= 2; i++) {
			split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60 + a[2]
		}
		printf "%d\n", t
	}')
}

# Runs one target; prints its summary line; returns 1 when it found something.
run_target() {
	name=$1
	corpus=${HDCTS_FUZZ_CORPUS:-$work}/$name
	log=$work/$name.log
	mkdir -p "$corpus"
	cp -n "$top/tests/fuzz/corpus/$name"/* "$corpus"/ 2>/dev/null || true
	dict=""
	[ -f "$top/tests/fuzz/$name.dict" ] && dict="-dict=$top/tests/fuzz/$name.dict"
	# leaks are findings; a slow input (-timeout) or a big allocation
	# (-rss_limit_mb, -malloc_limit_mb) is one too: the readers are bounded
	# the CPU time is the run's user + system time, as times(1) reports it
	# for finished children: the wall time says little on a shared machine
	child_cpu
	cpu0=$cpu_now
	# shellcheck disable=SC2086 # dict is one word or none
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		"$build/tests/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=25 \
		-rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
		-artifact_prefix="$findings/$name-" $dict "$corpus" >"$log" 2>&1
	rc=$?
	child_cpu
	cpu=$((cpu_now - cpu0))
	stats=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1)
	[ -n "$stats" ] || stats=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	echo "$name: ${execs:-?} executions in $cpu CPU-s; ${stats:-no stats line}"
	if [ -n "${HDCTS_FUZZ_LEDGER:-}" ]; then
		cov=$(printf '%s\n' "$stats" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
		echo "$name $cpu ${execs:-0} ${cov:-0}" >>"$HDCTS_FUZZ_LEDGER"
	fi
	if [ "$rc" != 0 ]; then
		cp "$log" "$findings/$name.log"
		echo "$name: FOUND (exit $rc): $(grep -m 1 -E 'ERROR|SUMMARY|deadly|Test unit written' "$log" || true)"
		# the first frames and the inputs themselves, so that a finding
		# of a CI run, whose files are gone with it, can be reproduced
		grep -E '^ +#[0-9]+ ' "$log" | grep -v -E 'libFuzzer|fuzzer::|__sanitizer|__asan|__lsan|__ubsan|compiler-rt' |
			head -n 8 | sed "s/^ */$name:   /"
		echo "$name: log in $findings/$name.log; inputs:"
		for f in "$findings/$name"-*; do
			[ -e "$f" ] || continue
			echo "  $f"
			if [ "$(wc -c <"$f")" -le 65536 ]; then
				echo "  base64 (decode with base64 -d):"
				base64 -w 76 "$f" | sed 's/^/    /'
			fi
		done
		return 1
	fi
	return 0
}

status=0
for t in $targets; do
	run_target "$t" || status=1
done
exit "$status"
