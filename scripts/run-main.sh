#!/bin/sh
# The main job: builds hdcts and runs the suite against the reference
# candidate. For now the suite is the expression corpus: every case in
# cases/expr is evaluated by `hdref eval`, its output written to
# out/expr/<case>.out and compared with expected/expr/<case>.out, and a
# summary written to out/summary.txt. Exit status 1 when any case differs.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/bootstrap.sh"

build="$top/build"
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs"
hdref="$build/reference/hdref/hdref"

out="$top/out"
rm -rf "$out/expr"
mkdir -p "$out/expr"
cases=0 same=0 differ=0 bad=0
values=0 locations=0 eval_errors=0 ill_formed=0
for c in "$top"/cases/expr/*.case; do
	[ -e "$c" ] || continue
	name=$(basename "$c" .case)
	cases=$((cases + 1))
	if ! "$hdref" eval "$c" >"$out/expr/$name.out" 2>"$out/expr/$name.err"; then
		bad=$((bad + 1))
		echo "bad case: $name: $(head -n 1 "$out/expr/$name.err")"
		continue
	fi
	rm -f "$out/expr/$name.err"
	case $(head -n 1 "$out/expr/$name.out") in
	value*) values=$((values + 1)) ;;
	location*) locations=$((locations + 1)) ;;
	"error evaluation"*) eval_errors=$((eval_errors + 1)) ;;
	"error ill-formed"*) ill_formed=$((ill_formed + 1)) ;;
	esac
	if cmp -s "$out/expr/$name.out" "$top/expected/expr/$name.out"; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
		echo "differs: $name (diff expected/expr/$name.out out/expr/$name.out)"
	fi
done

{
	echo "hdcts main job: expression corpus, reference candidate (hdref)"
	echo "suite: $(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown)"
	echo "cases: $cases"
	echo "outcomes: $values value, $locations location, $eval_errors evaluation error, $ill_formed ill-formed"
	echo "matching expected/: $same"
	echo "differing from expected/: $differ"
	echo "unreadable cases: $bad"
} >"$out/summary.txt"
cat "$out/summary.txt"
[ "$differ" = 0 ] && [ "$bad" = 0 ] && [ "$cases" -gt 0 ]
