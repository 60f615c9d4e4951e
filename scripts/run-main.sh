#!/bin/sh
# The main job: builds hdcts and runs the suite against the reference
# candidate. For now the suite is the expression and call-frame corpus:
# every case in cases/<suite> is evaluated by `hdref eval`, its output
# written to out/<suite>/<case>.out and compared with
# expected/<suite>/<case>.out, and a summary written to out/summary.txt.
# Exit status 1 when any case differs.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/bootstrap.sh"

build="$top/build"
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs"
hdref="$build/reference/hdref/hdref"

out="$top/out"
suites="expr cfi"
cases=0 same=0 differ=0 bad=0
report=""
for suite in $suites; do
	rm -rf "${out:?}/$suite"
	mkdir -p "$out/$suite"
	n=0
	for c in "$top/cases/$suite"/*.case; do
		[ -e "$c" ] || continue
		name=$(basename "$c" .case)
		n=$((n + 1))
		got="$out/$suite/$name.out"
		if ! "$hdref" eval "$c" >"$got" 2>"$out/$suite/$name.err"; then
			bad=$((bad + 1))
			echo "bad case: $suite/$name: $(head -n 1 "$out/$suite/$name.err")"
			continue
		fi
		rm -f "$out/$suite/$name.err"
		if cmp -s "$got" "$top/expected/$suite/$name.out"; then
			same=$((same + 1))
		else
			differ=$((differ + 1))
			echo "differs: $suite/$name (diff expected/$suite/$name.out out/$suite/$name.out)"
		fi
	done
	cases=$((cases + n))
	report="$report $suite=$n"
done

# Outcome lines over every answer (a case may print several).
count() {
	cat "$out"/*/*.out | grep -c "$1" || true
}

{
	echo "hdcts main job: expression and call-frame corpus, reference candidate (hdref)"
	echo "suite: $(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown)"
	echo "cases: $cases ($(echo $report))"
	echo "outcomes: $(count '^value') value, $(count '^location') location," \
	     "$(count '^error evaluation') evaluation error, $(count '^error ill-formed') ill-formed," \
	     "$(count '^error setup') setup error"
	echo "matching expected/: $same"
	echo "differing from expected/: $differ"
	echo "unreadable cases: $bad"
} >"$out/summary.txt"
cat "$out/summary.txt"
[ "$differ" = 0 ] && [ "$bad" = 0 ] && [ "$cases" -gt 0 ]
