#!/bin/sh
# hdcts run, end to end, on small slices of the corpus (docs/harness.md):
#  - the reference candidate passes every case and the run exits 0;
#  - a candidate that answers wrongly fails with a diff, one that crashes is
#    `crash`, one that hangs is `timeout`, and none of them stops the run;
#  - not-supported entries and waivers decide their outcomes;
#  - a run killed with SIGKILL and then resumed has every result exactly
#    once, and as many as the plan;
#  - a producer's command runs once per case, however many checks judge
#    it, and a job whose results the journal holds only some of runs again
#    on --resume and records only the missing ones;
#  - the TAP stream passes prove;
#  - --baseline writes the comparison with an earlier run beside the
#    reports (its regressions listed), keeps stdout pure TAP and the exit
#    status the verdict, and reads the baseline before the run replaces it.
# Prints TAP version 13.
#
# usage: harness_run.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: harness_run.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
. "$(dirname "$0")/tap.sh"
scratch harness-run
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF

# outcomes DIR: "outcome count" lines from DIR's journal.
outcomes() {
	sed -n 's/.*"outcome": *"\([a-z-]*\)".*/\1/p' "$1/journal.jsonl" | sort | uniq -c |
		awk '{ print $2, $1 }'
}

# profile NAME EVALUATE [EXTRA...]: an evaluate-only profile in $tmp.
profile() {
	profile_ini evaluate 2 "$@"
}

echo "TAP version 13"
: >"$tmp/why"

# 1. the reference passes
"$hdcts" run --cases 'expr/arith-*' -j 2 --out "$tmp/ref" >"$tmp/ref.tap" 2>"$tmp/err" ||
	{ echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tmp/ref.tap")
[ "${plan:-0}" -gt 0 ] || echo "no plan line or an empty plan" >>"$tmp/why"
[ "$(outcomes "$tmp/ref")" = "pass $plan" ] ||
	{ echo "expected $plan passes, got:"; outcomes "$tmp/ref"; } >>"$tmp/why"
for f in results.json junit.xml summary.md index.html run.txt profile.ini mustpass.txt; do
	[ -s "$tmp/ref/$f" ] || echo "no $f" >>"$tmp/why"
done
grep -qx "planned = $plan" "$tmp/ref/run.txt" || echo "run.txt does not plan $plan jobs" >>"$tmp/why"
point "the reference passes every arith case and writes the reports and what it ran"

# with no --revision, hdcts names the suite's revision itself
rev=$(git -C "$src" describe --always --dirty 2>/dev/null || echo unknown)
grep -q "^  \"suite_revision\": \"$rev\",\$" "$tmp/ref/results.json" ||
	{ echo "want suite_revision $rev, got:"; grep suite_revision "$tmp/ref/results.json"; } >>"$tmp/why"
point "hdcts reads the suite's revision itself when not given one"

if command -v prove >/dev/null 2>&1; then
	prove -e cat "$tmp/ref.tap" >"$tmp/prove" 2>&1 ||
		{ echo "prove refuses the TAP:"; cat "$tmp/prove"; } >>"$tmp/why"
	point "prove accepts the TAP stream"
else
	n=$((n + 1))
	echo "ok $n - prove accepts the TAP stream # SKIP prove not installed"
fi

# 2. wrong, crashing and hanging candidates: results, never harness failures
profile liar "printf 'value generic = 0x0\\n' > {out}"
"$hdcts" run --candidate "$tmp/liar.ini" --cases 'expr/arith-a*' --out "$tmp/liar" \
	>"$tmp/liar.tap" 2>"$tmp/err"
[ $? -eq 1 ] || echo "a failing candidate must give exit status 1" >>"$tmp/why"
outcomes "$tmp/liar" | grep -q '^fail ' || echo "no fail outcome" >>"$tmp/why"
grep -q '^ *+value generic = 0x0' "$tmp/liar.tap" || echo "no diff in the TAP" >>"$tmp/why"
point "a wrong answer fails with a diff"

profile crasher 'kill -SEGV $$'
"$hdcts" run --candidate "$tmp/crasher.ini" --cases 'expr/arith-abs' --out "$tmp/crash" \
	>/dev/null 2>"$tmp/err"
[ "$(outcomes "$tmp/crash")" = "crash 1" ] ||
	{ echo "want one crash:"; outcomes "$tmp/crash"; cat "$tmp/err"; } >>"$tmp/why"
point "a candidate killed by a signal is a crash"

# an odd duration, so pgrep finds this test's sleeps and nobody else's
profile sleeper 'sleep 29.75' 'timeout = 0.5'
start=$(date +%s)
"$hdcts" run --candidate "$tmp/sleeper.ini" --cases 'expr/arith-a*' -j 2 --out "$tmp/sleep" \
	>/dev/null 2>"$tmp/err"
took=$(( $(date +%s) - start ))
outcomes "$tmp/sleep" | grep -q '^timeout ' || { outcomes "$tmp/sleep"; cat "$tmp/err"; } >>"$tmp/why"
[ "$took" -lt 25 ] || echo "the timeouts took $took s: children were not killed" >>"$tmp/why"
# a killed grandchild may take a moment to go once the harness has left it to
# init: look again for up to 5 s before calling it a survivor
for _ in 1 2 3 4 5 6 7 8 9 10; do
	pgrep -f 'sleep 29[.]75' >/dev/null || break
	sleep 0.5
done
pgrep -f 'sleep 29[.]75' >/dev/null && echo "a sleep outlived its timeout" >>"$tmp/why"
point "a hanging candidate times out and its process group is killed"

# 3. not-supported and waivers (docs/conformance.md, "What a candidate may declare")
profile partial '{hdref} eval {in} > {out}' 'not-supported = wave32'
"$hdcts" run --candidate "$tmp/partial.ini" --cases 'expr/amdgpu-*' --out "$tmp/partial" \
	>/dev/null 2>&1
grep '"case": *"expr/amdgpu-exec-wave32"' "$tmp/partial/journal.jsonl" |
	grep -q '"outcome": *"not-supported"' ||
	echo "amdgpu-exec-wave32 needs wave32 and must be not-supported" >>"$tmp/why"
outcomes "$tmp/partial" | grep -q '^pass ' || echo "the other cases must still pass" >>"$tmp/why"
for bad in DW_OP_abs '*' 'wave-32'; do
	profile nsbad '{hdref} eval {in} > {out}' "not-supported = $bad"
	"$hdcts" run --candidate "$tmp/nsbad.ini" --cases 'expr/arith-a*' --out "$tmp/nsbad" \
		>/dev/null 2>"$tmp/err"
	[ $? -eq 2 ] && grep -q 'not-supported names no optional feature' "$tmp/err" ||
		echo "not-supported = $bad must be refused" >>"$tmp/why"
done
point "not-supported takes only the listed optional features, and skips the cases that need them"

# one wrong answer (arith-abs), waived by its exact id; a line for a case that
# passes waives nothing and is reported
wrong_abs='case {in} in *arith-abs.case) printf "value generic = 0x0\n" > {out} ;; *) {hdref} eval {in} > {out} ;; esac'
printf 'expr/arith-abs evaluate known wrong answer\nexpr/arith-add evaluate fixed since\n' \
	>"$tmp/one.waivers"
profile_ini evaluate 2 onewaiver "$wrong_abs" 'waivers = one.waivers'
"$hdcts" run --candidate "$tmp/onewaiver.ini" --cases 'expr/arith-a*' --out "$tmp/onewaiver" \
	>"$tmp/onewaiver.tap" 2>"$tmp/err" || echo "a run with one waiver must conform (exit 0)" >>"$tmp/why"
outcomes "$tmp/onewaiver" | grep -q '^waived 1$' || echo "not one waived outcome" >>"$tmp/why"
grep -q '# TODO' "$tmp/onewaiver.tap" || echo "waived results are TAP TODO" >>"$tmp/why"
grep -q 'Verdict: conforms with 1 waiver\.' "$tmp/onewaiver/summary.md" ||
	echo "summary.md does not say 'conforms with 1 waiver'" >>"$tmp/why"
grep -q 'expr/arith-abs evaluate: known wrong answer' "$tmp/onewaiver/summary.md" ||
	echo "summary.md does not list the waiver" >>"$tmp/why"
grep -q "waiver 'expr/arith-add evaluate' waives no result" "$tmp/err" ||
	echo "the stale waiver line is not reported" >>"$tmp/why"
point "a waiver names one exact case; the verdict lists it; a stale one is reported"

# everything waived: no must-pass result accepted, so no verdict of conformance
ls "$src/cases/expr" | sed -n 's/^\(arith-a.*\)\.case$/expr\/\1 evaluate known wrong answer/p' \
	>"$tmp/all.waivers"
profile allwaived "printf 'value generic = 0x0\\n' > {out}" 'waivers = all.waivers'
"$hdcts" run --candidate "$tmp/allwaived.ini" --cases 'expr/arith-a*' --out "$tmp/allwaived" \
	>/dev/null 2>&1
[ $? -eq 1 ] || echo "an all-waived run must not conform (exit 1)" >>"$tmp/why"
grep -q 'Verdict: does not conform: none of the [0-9]* must-pass results was accepted' \
	"$tmp/allwaived/summary.md" || echo "summary.md does not say why" >>"$tmp/why"
printf 'expr/arith-a* evaluate all of them\n' >"$tmp/glob.waivers"
profile globwaived "printf 'value generic = 0x0\\n' > {out}" 'waivers = glob.waivers'
"$hdcts" run --candidate "$tmp/globwaived.ini" --cases 'expr/arith-a*' --out "$tmp/globwaived" \
	>/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'a waiver names one exact case id, not a glob' "$tmp/err" ||
	echo "a glob waiver must be refused" >>"$tmp/why"
point "an all-waived run does not conform, and a glob waiver is refused"

# 4. kill -9 in the middle, then resume
"$hdcts" run --cases 'expr/gen-op-*' --out "$tmp/kill" >"$tmp/kill1.tap" 2>/dev/null &
pid=$!
sleep 2
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
before=$(wc -l <"$tmp/kill/journal.jsonl")
"$hdcts" run --cases 'expr/gen-op-*' --out "$tmp/kill" --resume >"$tmp/kill2.tap" 2>"$tmp/err" ||
	{ echo "resume exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tmp/kill2.tap")
lines=$(wc -l <"$tmp/kill/journal.jsonl")
unique=$(sed -n 's/.*"case": *"\([^"]*\)".*"check": *"\([^"]*\)".*/\1 \2/p' \
	"$tmp/kill/journal.jsonl" | sort -u | wc -l)
[ "$lines" -eq "$plan" ] && [ "$unique" -eq "$plan" ] ||
	echo "plan $plan, journal $lines lines, $unique distinct (before resume: $before)" >>"$tmp/why"
[ "$before" -gt 0 ] && [ "$before" -lt "$plan" ] ||
	echo "# the kill did not land mid-run (before: $before of $plan)" >&2
points=$(grep -c '^\(not \)\{0,1\}ok ' "$tmp/kill2.tap")
[ "$points" -eq "$plan" ] || echo "the resumed TAP has $points points for $plan" >>"$tmp/why"
point "a killed run resumes with no result lost or repeated"

# 5. one command per job: the reference's compile-spirv, counting its runs
profile_ini compile-spirv 60 counted "echo x >>'$tmp/runs' && '$hdref' lower {in} -o {out}" \
	'strict = true'
"$hdcts" run --candidate "$tmp/counted.ini" --cases 'spirv/di100-DebugTypeBasic-*' \
	--out "$tmp/once" >/dev/null 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
cases=$(sed -n 's/.*"case": *"\([^"]*\)".*/\1/p' "$tmp/once/journal.jsonl" | sort -u | wc -l)
results=$(wc -l <"$tmp/once/journal.jsonl")
runs=$(wc -l <"$tmp/runs")
[ "$cases" -gt 0 ] && [ "$runs" -eq "$cases" ] && [ "$results" -eq $((3 * cases)) ] ||
	echo "$cases cases, $results results, the compiler ran $runs times" >>"$tmp/why"
# keep each case's first result only, as a kill between two results would
awk -F'"check":' '!seen[$1]++' "$tmp/once/journal.jsonl" >"$tmp/first" &&
	cp "$tmp/first" "$tmp/once/journal.jsonl"
: >"$tmp/runs"
"$hdcts" run --candidate "$tmp/counted.ini" --cases 'spirv/di100-DebugTypeBasic-*' \
	--out "$tmp/once" --resume >/dev/null 2>"$tmp/err" ||
	{ echo "resume exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
unique=$(sed -n 's/.*"case": *"\([^"]*\)".*"check": *"\([^"]*\)".*/\1 \2/p' \
	"$tmp/once/journal.jsonl" | sort -u | wc -l)
[ "$(wc -l <"$tmp/runs")" -eq "$cases" ] && [ "$(wc -l <"$tmp/once/journal.jsonl")" -eq "$results" ] &&
	[ "$unique" -eq "$results" ] && head -n "$cases" "$tmp/once/journal.jsonl" | cmp -s - "$tmp/first" ||
	echo "resuming half-judged jobs: $(wc -l <"$tmp/runs") runs, $unique distinct results" >>"$tmp/why"
point "a compiler runs once per case for all its checks; --resume completes a half-recorded job"

# 6. --baseline: the reference's results against a wrong candidate's
"$hdcts" run --candidate "$tmp/liar.ini" --cases 'expr/arith-*' --out "$tmp/regress" \
	--baseline "$tmp/ref/results.json" >"$tmp/regress.tap" 2>"$tmp/err"
[ $? -eq 1 ] || echo "the exit status must stay the verdict (1)" >>"$tmp/why"
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tmp/regress.tap")
grep -v -e '^TAP version 13$' -e '^1\.\.[0-9]*$' -e '^ok ' -e '^not ok ' -e '^  ' \
	"$tmp/regress.tap" >"$tmp/stray"
[ -s "$tmp/stray" ] && { echo "stdout is not pure TAP:"; head -n 3 "$tmp/stray"; } >>"$tmp/why"
[ "$(grep -c '^hdcts run: against ' "$tmp/err")" -eq 1 ] &&
	grep -q "^hdcts run: against .*: $plan regressions, 0 fixes" "$tmp/err" ||
	{ echo "want one summary line of $plan regressions on stderr:"; cat "$tmp/err"; } >>"$tmp/why"
grep -q "^regressions: $plan\$" "$tmp/regress/compare.txt" ||
	echo "compare.txt does not count $plan regressions" >>"$tmp/why"
for c in expr/arith-abs expr/arith-and; do
	grep -q "^  $c evaluate: pass -> fail (must pass)" "$tmp/regress/compare.txt" ||
		echo "compare.txt does not list $c as a regression" >>"$tmp/why"
done
grep -q 'regressions</p>' "$tmp/regress/compare.html" || echo "no compare.html" >>"$tmp/why"
point "--baseline lists the regressions in compare.txt and compare.html, stdout stays TAP"

# the baseline is the report directory's own results.json, which the run
# replaces: compared as it was before, the liar's failures are now fixes
"$hdcts" run --cases 'expr/arith-a*' --out "$tmp/liar" --baseline "$tmp/liar/results.json" \
	>/dev/null 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
grep -q '^fixes: 2$' "$tmp/liar/compare.txt" ||
	{ echo "want 2 fixes:"; cat "$tmp/liar/compare.txt"; } >>"$tmp/why"
"$hdcts" run --cases 'expr/arith-a*' --out "$tmp/liar" >/dev/null 2>&1
[ -e "$tmp/liar/compare.txt" ] && echo "a run without --baseline left compare.txt" >>"$tmp/why"
point "--baseline reads the baseline before the run replaces it; no baseline, no compare files"

"$hdcts" run --cases 'expr/arith-a*' --out "$tmp/nobase" --baseline "$tmp/missing.json" \
	>/dev/null 2>"$tmp/err"
[ $? -eq 2 ] || echo "a missing baseline must be a usage error (2)" >>"$tmp/why"
[ -e "$tmp/nobase/journal.jsonl" ] && echo "a run started without its baseline" >>"$tmp/why"
point "a baseline that cannot be read stops the run before it starts"

"$hdcts" run --cases 'expr/no-such-case-*' --out "$tmp/empty" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || echo "an empty selection must be a usage error (2)" >>"$tmp/why"
grep -q "no case to run: --cases expr/no-such-case-\* selects none" "$tmp/err" ||
	{ echo "no reason given:"; cat "$tmp/err"; } >>"$tmp/why"
grep -q "conforms" "$tmp/out" && echo "an empty run printed a verdict" >>"$tmp/why"
point "a --cases glob that selects nothing is a usage error, never a verdict"

"$hdcts" --help >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q '^usage: hdcts run' "$tmp/out" ||
	echo "--help must print the usage on stdout and exit 0" >>"$tmp/why"
for bad in "--timeout -1" "--timeout abc" "-j 0" "-j x" "--shard 3/2" "--nope 1" "stray"; do
	# shellcheck disable=SC2086 # each is an option and its value
	"$hdcts" run $bad --cases 'expr/arith-a*' --out "$tmp/bad" >/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] || echo "run $bad: exit status $rc, not 2" >>"$tmp/why"
	head -n 1 "$tmp/err" | grep -q '^hdcts: run: ' ||
		echo "run $bad: no line saying what is wrong: $(head -n 1 "$tmp/err")" >>"$tmp/why"
done
point "--help exits 0; a bad option or value is a usage error that says what is wrong"

# profile checks: each is a usage error (2) whose message names the line or the path
# bad_profile LABEL WANT LINE...: a profile of those [candidate] lines fails so
bad_profile() {
	label=$1 want=$2
	shift 2
	profile_ini evaluate 2 badp "$HDREF eval {in} > {out}" "$@"
	"$hdcts" run --candidate "$tmp/badp.ini" --cases 'expr/arith-a*' --out "$tmp/badp" \
		>/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] || echo "$label: exit status $rc, not 2" >>"$tmp/why"
	grep -q -- "$want" "$tmp/err" || { echo "$label: no '$want' in:"; cat "$tmp/err"; } >>"$tmp/why"
}
bad_profile "a name that leaves reports/" "badp.ini:4: a name is letters" "name = ../../x"
bad_profile "a second decode-encodings line" "badp.ini:5: a second value for decode-encodings" \
	"decode-encodings = amdgpu-v0, llvm-user" "decode-encodings = amdgpu-v0, llvm-user"
bad_profile "a decode-encodings line of commas" "badp.ini:4: decode-encodings names no encoding" \
	"decode-encodings = , ,"
bad_profile "three decode-encodings" "badp.ini:4: decode-encodings takes two different" \
	"decode-encodings = amdgpu-v0, llvm-user, amdgpu-v0"
bad_profile "a missing waiver file" "the waiver file $tmp/none.waivers: cannot open" \
	"waivers = none.waivers"
profile_ini evaluate 2 typo "$HDREF eval {input} > {out}"
"$hdcts" run --candidate "$tmp/typo.ini" --cases 'expr/arith-a*' --out "$tmp/typo" \
	>/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'typo.ini:5: unknown placeholder .*{input}' "$tmp/err" ||
	{ echo "an unknown placeholder:"; cat "$tmp/err"; } >>"$tmp/why"
"$hdcts" run --candidate no-such-candidate --out "$tmp/nocand" >/dev/null 2>"$tmp/err"
grep -q 'candidate no-such-candidate: .*/harness/candidates/no-such-candidate.ini: cannot open' \
	"$tmp/err" || { echo "an unknown candidate:"; cat "$tmp/err"; } >>"$tmp/why"
point "a profile's bad name, placeholder, decode-encodings or waiver file, and an unknown candidate, name what is wrong"

mkdir -p "$tmp/vendor"
printf '#!/bin/sh\nexec "$HDREF" eval "$1" > "$2"\n' >"$tmp/vendor/adapter.sh"
printf '[candidate]\nname = vendor\n[roles]\nevaluate = sh {profile_dir}/adapter.sh {in} {out}\n' \
	>"$tmp/vendor/vendor.ini"
"$hdcts" run --candidate "$tmp/vendor/vendor.ini" --cases 'expr/arith-a*' \
	--out "$tmp/vendorrun" >/dev/null 2>"$tmp/err" ||
	{ echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
grep -q '"outcome":"fail"' "$tmp/vendorrun/journal.jsonl" 2>/dev/null &&
	echo "the adapter beside its profile did not run" >>"$tmp/why"
point "{profile_dir} finds an adapter beside its profile"

# --resume refuses a directory whose run depended on something else
"$hdcts" run --cases 'expr/arith-a*' --out "$tmp/mix" >/dev/null 2>&1
"$hdcts" run --candidate "$tmp/partial.ini" --cases 'expr/arith-a*' --out "$tmp/mix" \
	--resume >/dev/null 2>"$tmp/err"
grep -q "cannot resume $tmp/mix: what its run depended on has changed (candidate, profile" \
	"$tmp/err" || { echo "another candidate's resume:"; cat "$tmp/err"; } >>"$tmp/why"
"$hdcts" run --candidate "$tmp/vendor/vendor.ini" --cases 'expr/arith-a*' --out "$tmp/mix" \
	>/dev/null 2>&1
printf '#!/bin/sh\n# changed\nexec "$HDREF" eval "$1" > "$2"\n' >"$tmp/vendor/adapter.sh"
"$hdcts" run --candidate "$tmp/vendor/vendor.ini" --cases 'expr/arith-a*' --out "$tmp/mix" \
	--resume >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'has changed (adapters)' "$tmp/err" ||
	{ echo "a changed adapter's resume:"; cat "$tmp/err"; } >>"$tmp/why"
"$hdcts" run --candidate "$tmp/vendor/vendor.ini" --cases 'expr/arith-abs' --out "$tmp/mix" \
	--resume >/dev/null 2>"$tmp/err"
grep -q 'has changed (adapters, plan)' "$tmp/err" ||
	{ echo "another plan's resume:"; cat "$tmp/err"; } >>"$tmp/why"
point "--resume refuses a directory left by another candidate, profile, adapter or plan, naming what changed"

# an evaluator claims one encoding profile: cases written in the other are not asked
profile v0only '{hdref} eval {in} > {out}'
"$hdcts" run --candidate "$tmp/v0only.ini" --cases 'expr/llvm-v*' --out "$tmp/v0only" \
	>/dev/null 2>"$tmp/err"
[ "$(outcomes "$tmp/v0only" | cut -d' ' -f1)" = "not-supported" ] ||
	{ echo "llvm-user cases for an amdgpu-v0 evaluator:"; outcomes "$tmp/v0only"; } >>"$tmp/why"
grep -q 'encoded in the llvm-user profile; the candidate claims amdgpu-v0' \
	"$tmp/v0only/journal.jsonl" || echo "no reason naming the profiles" >>"$tmp/why"
point "the evaluate role honours the profile's encoding, as decode does"

grep -q '"scope": "evaluate: 19 expr cases, 19 judged against an expected output",' \
	"$tmp/partial/results.json" || { echo "results.json has no scope:"; grep scope "$tmp/partial/results.json"; } >>"$tmp/why"
grep -q '| scope | evaluate: 19 expr cases' "$tmp/partial/summary.md" ||
	echo "summary.md has no scope" >>"$tmp/why"
point "the scope says how many cases each role took"

# each result says how its command ran; rerun runs one case again in the foreground
grep '"case":"expr/arith-abs"' "$tmp/onewaiver/journal.jsonl" |
	grep -q '"command":"case .*arith-abs.case.*","scratch":".*/scratch/[0-9]*","exit":0,"stderr":""' ||
	{ echo "no command, scratch, exit and stderr:"; grep arith-abs "$tmp/onewaiver/journal.jsonl"; } >>"$tmp/why"
"$hdcts" rerun "$tmp/onewaiver" expr/arith-abs >"$tmp/rerun.out" 2>"$tmp/err"
[ $? -eq 0 ] || { echo "rerun of a waived case:"; cat "$tmp/err"; } >>"$tmp/why"
grep -q '^not ok 1 - expr/arith-abs evaluate # TODO' "$tmp/rerun.out" &&
	grep -q '^    +value generic = 0x0$' "$tmp/rerun.out" &&
	grep -q '^#   command: case ' "$tmp/rerun.out" ||
	{ echo "rerun printed:"; cat "$tmp/rerun.out"; } >>"$tmp/why"
point "a result records its command, scratch, exit status and stderr; hdcts rerun runs one case again"

# the evaluate batch (docs/harness.md, "The evaluate batch"): results by
# case, check, outcome and reason, whatever ran them
results_of() {
	sed -n 's/^{"case":"\([^"]*\)","check":"evaluate","outcome":"\([^"]*\)".*"reason":\("[^"]*"\|null\).*/\1 \2 \3/p' \
		"$1/journal.jsonl" | sort
}
batch_ini() {
	printf '[candidate]\nname = %s\ntimeout = 20\n[roles]\nevaluate = {hdref} eval {in} > {out}\n%s\n' \
		"$1" "$2" >"$tmp/$1.ini"
}
batch_ini single ''
"$hdcts" run --candidate "$tmp/single.ini" --cases 'expr/arith-*' -j 2 --out "$tmp/single" \
	>/dev/null 2>"$tmp/err" || { echo "single: exit $?"; cat "$tmp/err"; } >>"$tmp/why"
results_of "$tmp/single" >"$tmp/single.res"
results_of "$tmp/ref" >"$tmp/ref.res"
[ -s "$tmp/single.res" ] && cmp -s "$tmp/single.res" "$tmp/ref.res" ||
	{ echo "batched and one-process-per-case results differ:"; diff "$tmp/single.res" "$tmp/ref.res" | head; } >>"$tmp/why"
grep -q '"command":"[^"]*eval --batch [^"]*/batch-[0-9]*/list'"'"'*"' "$tmp/ref/journal.jsonl" ||
	echo "no result names the batch command that ran it" >>"$tmp/why"
point "the reference's evaluate batch gives exactly the results of one process per case"

# a batch that answers three cases and then dies: the rest run alone
batch_ini dies 'evaluate-batch = sh -c '"'"'head -n 3 "$1" >"$1.3" && "$0" eval --batch "$1.3"; kill -SEGV $$'"'"' {hdref} {in}'
"$hdcts" run --candidate "$tmp/dies.ini" --cases 'expr/arith-*' -j 2 --out "$tmp/dies" \
	>/dev/null 2>"$tmp/err" || { echo "dies: exit $?"; cat "$tmp/err"; } >>"$tmp/why"
results_of "$tmp/dies" >"$tmp/dies.res"
cmp -s "$tmp/single.res" "$tmp/dies.res" ||
	{ echo "a dying batch changed results:"; diff "$tmp/single.res" "$tmp/dies.res" | head; } >>"$tmp/why"
alone=$(grep -c '"command":"[^"]*eval [^-][^"]*> [^"]*"' "$tmp/dies/journal.jsonl")
batched=$(grep -c '"command":"sh -c ' "$tmp/dies/journal.jsonl")
[ "$batched" -gt 0 ] && [ "$alone" -gt 0 ] ||
	echo "expected results both from the batch ($batched) and run alone ($alone)" >>"$tmp/why"
batch_ini nobatch 'evaluate-batch = {hdref} eval --batch {in}'
sed -i '/^evaluate = /d' "$tmp/nobatch.ini"
"$hdcts" run --candidate "$tmp/nobatch.ini" --cases 'expr/arith-*' --out "$tmp/nobatch" \
	>/dev/null 2>"$tmp/err" && echo "evaluate-batch without evaluate was accepted" >>"$tmp/why"
grep -q 'evaluate-batch without evaluate' "$tmp/err" ||
	{ echo "no reason for the refused profile:"; cat "$tmp/err"; } >>"$tmp/why"
point "a batch that dies leaves its unanswered cases to run alone, with their own outcomes"

echo "1..$n"
[ "$failed" -eq 0 ]
