#!/bin/sh
# The main job: builds hdcts and runs the suite against the reference
# candidate. For now the suite is the expression and call-frame corpus and
# the SPIR-V corpus: every case in cases/expr and cases/cfi is evaluated by
# `hdref eval`, its output written to out/<suite>/<case>.out and compared
# with expected/<suite>/<case>.out; every case in cases/spirv goes through
# `hdref check` and `hdref debuginfo` (out/spirv/<case>.check, .debuginfo);
# every valid one is lowered by `hdref lower` and its object dumped by
# `hdref dump` (out/dwarf/<case>.o, .dump), or must be refused when the case
# says `; lower: CODE`.
# A summary is written to out/summary.txt. Exit status 1 when any case differs.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/bootstrap.sh"

build="$top/build"
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs"
hdref="$build/reference/hdref/hdref"

out="$top/out"
cases=0 same=0 differ=0 bad=0
report=""

# compare SUITE NAME EXT: out/ against expected/, counting a difference.
compare() {
	if cmp -s "$out/$1/$2.$3" "$top/expected/$1/$2.$3"; then
		return 0
	fi
	echo "differs: $1/$2.$3 (diff expected/$1/$2.$3 out/$1/$2.$3)"
	return 1
}

for suite in expr cfi; do
	rm -rf "${out:?}/$suite"
	mkdir -p "$out/$suite"
	n=0
	for c in "$top/cases/$suite"/*.case; do
		[ -e "$c" ] || continue
		name=$(basename "$c" .case)
		n=$((n + 1))
		if ! "$hdref" eval "$c" >"$out/$suite/$name.out" 2>"$out/$suite/$name.err"; then
			bad=$((bad + 1))
			echo "bad case: $suite/$name: $(head -n 1 "$out/$suite/$name.err")"
			continue
		fi
		rm -f "$out/$suite/$name.err"
		if compare "$suite" "$name" out; then
			same=$((same + 1))
		else
			differ=$((differ + 1))
		fi
	done
	cases=$((cases + n))
	report="$report $suite=$n"
done

# SPIR-V: check exits 1 when the module breaks a rule; that is output too.
rm -rf "${out:?}/spirv"
mkdir -p "$out/spirv"
n=0 broken=0
for c in "$top/cases/spirv"/*.spvasm; do
	[ -e "$c" ] || continue
	name=$(basename "$c" .spvasm)
	n=$((n + 1))
	status=0
	"$hdref" check "$c" >"$out/spirv/$name.check" 2>"$out/spirv/$name.err" || status=$?
	if [ "$status" -gt 1 ] ||
	   ! "$hdref" debuginfo "$c" >"$out/spirv/$name.debuginfo" 2>>"$out/spirv/$name.err"; then
		bad=$((bad + 1))
		echo "bad case: spirv/$name: $(head -n 1 "$out/spirv/$name.err")"
		continue
	fi
	rm -f "$out/spirv/$name.err"
	broken=$((broken + status))
	if compare spirv "$name" check && compare spirv "$name" debuginfo; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
	fi
done
cases=$((cases + n))
report="$report spirv=$n"

# DWARF: the lowering of each valid module, dumped; a case with a
# `; lower: CODE` line must be refused with that code instead.
rm -rf "${out:?}/dwarf"
mkdir -p "$out/dwarf"
lowered=0 refused=0
for c in "$top/cases/spirv"/*.spvasm; do
	grep -q '^; *expect: *ok *$' "$c" || continue
	name=$(basename "$c" .spvasm)
	refuse=$(sed -n 's/^; *lower: *//p' "$c")
	status=0
	"$hdref" lower "$c" -o "$out/dwarf/$name.o" 2>"$out/dwarf/$name.err" || status=$?
	if [ -n "$refuse" ]; then
		if [ "$status" = 2 ] && grep -q "$refuse" "$out/dwarf/$name.err"; then
			refused=$((refused + 1))
			same=$((same + 1))
		else
			differ=$((differ + 1))
			echo "differs: dwarf/$name must be refused with $refuse (status $status)"
		fi
		continue
	fi
	if [ "$status" != 0 ] ||
	   ! "$hdref" dump "$out/dwarf/$name.o" >"$out/dwarf/$name.dump" 2>>"$out/dwarf/$name.err"; then
		bad=$((bad + 1))
		echo "bad case: dwarf/$name: $(head -n 1 "$out/dwarf/$name.err")"
		continue
	fi
	rm -f "$out/dwarf/$name.err"
	lowered=$((lowered + 1))
	if compare dwarf "$name" dump; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
	fi
done
cases=$((cases + lowered + refused))
report="$report dwarf=$((lowered + refused))"

# Outcome lines over every answer (a case may print several).
count() {
	cat "$out"/expr/*.out "$out"/cfi/*.out | grep -c "$1" || true
}

{
	echo "hdcts main job: expression, call-frame, SPIR-V and DWARF corpus, reference candidate (hdref)"
	echo "suite: $(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown)"
	echo "cases: $cases ($(echo $report))"
	echo "outcomes: $(count '^value') value, $(count '^location') location," \
	     "$(count '^error evaluation') evaluation error, $(count '^error ill-formed') ill-formed," \
	     "$(count '^error setup') setup error"
	echo "SPIR-V modules: $n, of which $broken break a debug-info rule"
	echo "lowered to DWARF and dumped: $lowered; refused as expected: $refused"
	echo "matching expected/: $same"
	echo "differing from expected/: $differ"
	echo "unreadable cases: $bad"
} >"$out/summary.txt"
cat "$out/summary.txt"
[ "$differ" = 0 ] && [ "$bad" = 0 ] && [ "$cases" -gt 0 ]
