#!/bin/sh
# hdcts merge (docs/conformance.md, "Merging shards"):
#  - a shard says in its own reports that its verdict is not the suite's;
#  - the shards of one run merge into a run with every result once, the
#    same results as one machine gives, which package takes as a whole run
#    and verify accepts;
#  - shards of different runs (another candidate, another selection), a
#    set with a gap, the same shard twice, an edited shard and an existing
#    output directory are refused, and nothing is written.
# Prints TAP version 13.
#
# usage: merge.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: merge.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
src=$3
. "$(dirname "$0")/tap.sh"
scratch merge
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$2
export HDCTS_SUITE HDREF

# results DIR: the (case, check, outcome) of each result, sorted.
results() {
	sed -n 's/.*"case":"\([^"]*\)","check":"\([^"]*\)","outcome":"\([^"]*\)".*/\1 \2 \3/p' \
		"$1/results.json" | LC_ALL=C sort
}

# refused WHAT PATTERN STATUS DIR...: merge into $tmp/bad must exit with
# STATUS, PATTERN in its message, and leave no $tmp/bad.
refused() {
	what=$1 pattern=$2 want=$3
	shift 3
	"$hdcts" merge -o "$tmp/bad" "$@" >/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq "$want" ] || echo "$what: exit status $rc, want $want" >>"$tmp/why"
	grep -q -e "$pattern" "$tmp/err" || { echo "$what: want \"$pattern\" in:"; cat "$tmp/err"; } >>"$tmp/why"
	[ -e "$tmp/bad" ] && echo "$what: $tmp/bad was written" >>"$tmp/why"
	ls -A "$tmp" | grep -q '^bad\.hdcts-merge' && echo "$what: a staging directory is left" >>"$tmp/why"
}

echo "TAP version 13"
: >"$tmp/why"

run() {
	"$hdcts" run --revision test-rev --cases "$@" >/dev/null 2>&1
}

# 1. three shards and a run of the whole on one machine
for i in 1 2 3; do
	run 'expr/arith-*' --shard "$i/3" --out "$tmp/s$i"
done
run 'expr/arith-*' --out "$tmp/whole"
grep -q '^\*\*This is shard 2/3 of a run: the verdict above covers this shard' "$tmp/s2/summary.md" ||
	echo "shard 2's summary.md does not say it is a shard" >>"$tmp/why"
grep -q '"shard": "2/3",' "$tmp/s2/results.json" || echo "shard 2's results.json has no shard" >>"$tmp/why"
grep -q 'This is shard 2/3 of a run' "$tmp/s2/index.html" || echo "shard 2's index.html does not say" >>"$tmp/why"
grep -q 'This is shard' "$tmp/whole/summary.md" && echo "the whole run says it is a shard" >>"$tmp/why"
point "a shard's reports say its verdict covers that shard only"

# 2. merged, in any order: the whole run's results, packaged and verified as a whole run
"$hdcts" merge -o "$tmp/merged" "$tmp/s3" "$tmp/s1" "$tmp/s2" >/dev/null 2>"$tmp/err" ||
	{ echo "merge: exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
results "$tmp/whole" >"$tmp/want"
results "$tmp/merged" >"$tmp/got"
[ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got" ||
	{ echo "merged results differ from the whole run's:"; diff "$tmp/want" "$tmp/got" | head; } >>"$tmp/why"
[ "$(grep -c . "$tmp/merged/journal.jsonl")" -eq "$(grep -c . "$tmp/want")" ] ||
	echo "the merged journal does not hold every result once" >>"$tmp/why"
grep -qx 'merged = 3' "$tmp/merged/run.txt" && grep -qx 'shard = 1/1' "$tmp/merged/run.txt" ||
	{ echo "run.txt:"; cat "$tmp/merged/run.txt"; } >>"$tmp/why"
grep -q 'This is shard' "$tmp/merged/summary.md" && echo "the merged run says it is a shard" >>"$tmp/why"
"$hdcts" package --run "$tmp/merged" --partial -o "$tmp/merged.tar.gz" >/dev/null 2>"$tmp/err" ||
	{ echo "package: exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
tar xzOf "$tmp/merged.tar.gz" reference-submission/VERDICT.txt | grep -qx 'scope: partial: --cases expr/arith-\*' ||
	echo "VERDICT.txt of the merged run is not the whole selection's" >>"$tmp/why"
"$hdcts" verify "$tmp/merged.tar.gz" >/dev/null 2>"$tmp/err" ||
	{ echo "verify: exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
"$hdcts" package --run "$tmp/s1" --partial -o "$tmp/s1.tar.gz" >/dev/null 2>&1 &&
	tar xzOf "$tmp/s1.tar.gz" reference-submission/VERDICT.txt | grep -qx 'scope: partial: --cases expr/arith-\* --shard 1/3' ||
	echo "a shard's VERDICT.txt does not say it is a shard" >>"$tmp/why"
point "the shards merge into the whole run, which package and verify take as one"

# 3. what is not the whole of one run
refused "a gap" "shard 2/3 is missing" 1 "$tmp/s1" "$tmp/s3"
refused "a shard twice" "are both shard 1/3" 1 "$tmp/s1" "$tmp/s1" "$tmp/s2" "$tmp/s3"
run 'expr/arith-a*' --shard 2/3 --out "$tmp/other"
refused "another selection" "not shards of one run" 1 "$tmp/s1" "$tmp/other" "$tmp/s3"
"$hdcts" run --revision other-rev --cases 'expr/arith-*' --shard 2/3 --out "$tmp/rev" >/dev/null 2>&1
refused "another suite revision" "their suite differ" 1 "$tmp/s1" "$tmp/rev" "$tmp/s3"
refused "a whole run" "not a shard" 1 "$tmp/whole" "$tmp/s1"
cp -pR "$tmp/s2" "$tmp/edited"
sed 's/"outcome":"pass"/"outcome":"fail"/' "$tmp/s2/results.json" >"$tmp/edited/results.json"
refused "an edited shard" "results.json and journal.jsonl disagree" 1 "$tmp/s1" "$tmp/edited" "$tmp/s3"
mkdir "$tmp/bad"
"$hdcts" merge -o "$tmp/bad" "$tmp/s1" "$tmp/s2" "$tmp/s3" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "exists" "$tmp/err" && [ -z "$(ls -A "$tmp/bad")" ] ||
	echo "an existing output directory must be refused and left alone" >>"$tmp/why"
rmdir "$tmp/bad"
point "shards with a gap, twice, of other runs, edited, or an existing output are refused"

echo "1..$n"
[ "$failed" -eq 0 ]
