#!/bin/sh
# The reports, read by the tools their readers use (docs/reports.md):
#  - prove reads the TAP stream without a parse error, and passes a stream
#    of conforming results;
#  - junit.xml validates against tests/junit.xsd (xmllint --schema);
#  - index.html and compare's page parse as HTML without an error, and
#    every href="#x" in them has an id="x" to land on;
#  - hdcts compare exits 1 on a regression, 0 without one, 2 on bad input.
# The reports are test_results's sample runs. Prints TAP version 13; exits
# 77 (skipped) when neither prove nor xmllint is installed.
#
# usage: reports_tools.sh TEST_RESULTS

if [ "$#" -ne 1 ]; then
	echo "usage: reports_tools.sh TEST_RESULTS" >&2
	exit 2
fi
bin=$1
here=$(dirname "$0")
. "$here/tap.sh"
scratch reports-tools
n=0
failed=0

if ! have prove && ! have xmllint; then
	echo "1..0 # SKIP neither prove nor xmllint is installed"
	exit 77
fi
echo "TAP version 13"

skip() {
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2 is not installed"
}

: >"$tmp/why"
out=$tmp/out
mkdir "$out"
"$bin" "$out" >"$tmp/unit.tap" 2>"$tmp/unit.err" || {
	echo "test_results $out failed" >>"$tmp/why"
	cat "$tmp/unit.err" >>"$tmp/why"
}
[ -f "$out/a/index.html" ] && [ -f "$out/b/junit.xml" ] && [ -f "$out/a.tap" ] ||
	echo "the sample reports are missing" >>"$tmp/why"
point "test_results writes the sample reports"

# ---- TAP ----
if have prove; then
	prove --exec cat "$out/a.tap" >"$tmp/prove.out" 2>&1
	if grep -q -i "parse error" "$tmp/prove.out"; then
		cat "$tmp/prove.out" >>"$tmp/why"
	fi
	grep -q "Tests: 10 Failed: 4" "$tmp/prove.out" || {
		echo "prove did not count 10 tests, 4 failed:" >>"$tmp/why"
		cat "$tmp/prove.out" >>"$tmp/why"
	}
	point "prove reads the TAP of every outcome without a parse error"

	prove --exec cat "$out/pass.tap" >"$tmp/prove.out" 2>&1 || {
		echo "prove failed a stream of conforming results:" >>"$tmp/why"
		cat "$tmp/prove.out" >>"$tmp/why"
	}
	point "prove passes a stream of pass, SKIP, TODO and warnings"
else
	skip "prove reads the TAP" prove
	skip "prove passes conforming results" prove
fi

# ---- JUnit and HTML ----
# anchors FILE: every href="#x" in FILE has an id="x" in FILE.
anchors() {
	grep -o 'href="#[^"]*"' "$1" | sed 's/^href="#//; s/"$//' | sort -u >"$tmp/hrefs"
	grep -o ' id="[^"]*"' "$1" | sed 's/^ id="//; s/"$//' | sort >"$tmp/ids"
	sort -u "$tmp/ids" >"$tmp/ids.u"
	if ! cmp -s "$tmp/ids" "$tmp/ids.u"; then
		echo "$1: repeated ids:" >>"$tmp/why"
		comm -23 "$tmp/ids" "$tmp/ids.u" | uniq >>"$tmp/why"
	fi
	comm -23 "$tmp/hrefs" "$tmp/ids.u" >"$tmp/dangling"
	if [ -s "$tmp/dangling" ]; then
		echo "$1: links to no id:" >>"$tmp/why"
		cat "$tmp/dangling" >>"$tmp/why"
	fi
	[ -s "$tmp/hrefs" ] || echo "$1: no links at all" >>"$tmp/why"
}

if have xmllint; then
	for run in a b; do
		xmllint --noout --schema "$here/junit.xsd" "$out/$run/junit.xml" \
			>"$tmp/xmllint.out" 2>&1 || cat "$tmp/xmllint.out" >>"$tmp/why"
		point "junit.xml of run $run validates against tests/junit.xsd"

		xmllint --html --noout "$out/$run/index.html" >"$tmp/xmllint.out" 2>&1
		[ -s "$tmp/xmllint.out" ] && cat "$tmp/xmllint.out" >>"$tmp/why"
		point "index.html of run $run parses as HTML without an error"
	done
else
	skip "junit.xml validates" xmllint
	skip "index.html parses" xmllint
fi

for run in a b; do
	anchors "$out/$run/index.html"
	point "every link in index.html of run $run lands on an id"
done
grep -q 'href="#r-expr_2Farith-abs__evaluate"' "$out/b/index.html" ||
	echo "no link to the regressed result in run b" >>"$tmp/why"
point "the matrix links to the failing result"

# ---- compare ----
"$bin" compare "$out/a/results.json" "$out/b/results.json" --html "$tmp/compare.html" \
	>"$tmp/cmp.out" 2>"$tmp/cmp.err"
rc=$?
[ "$rc" -eq 1 ] || echo "exit status $rc, not 1" >>"$tmp/why"
for want in "regressions: 1" \
	"  expr/arith-abs evaluate: pass -> fail (must pass): the canonical result differs from expected" \
	"fixes: 0" "only in A: 0" "only in B: 1" "  expr/new-case evaluate: (absent) -> pass"; do
	grep -qxF "$want" "$tmp/cmp.out" || echo "no line '$want'" >>"$tmp/why"
done
[ -s "$tmp/why" ] && cat "$tmp/cmp.out" "$tmp/cmp.err" >>"$tmp/why"
point "compare A B finds the regression and the new result, exit 1"

"$bin" compare "$out/b/results.json" "$out/a/results.json" >"$tmp/cmp.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || echo "exit status $rc, not 0" >>"$tmp/why"
grep -qx "fixes: 1" "$tmp/cmp.out" || cat "$tmp/cmp.out" >>"$tmp/why"
point "compare B A has a fix and no regression, exit 0"

"$bin" compare "$out/a/results.json" "$out/a/results.json" >"$tmp/cmp.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || echo "exit status $rc, not 0" >>"$tmp/why"
grep -qx "changed outcomes: 0" "$tmp/cmp.out" || cat "$tmp/cmp.out" >>"$tmp/why"
point "compare A A changes nothing, exit 0"

# only CHECK-PREFIX FILE: results.json with only the results whose check starts so
only() {
	awk -v want="\"check\":\"$1" '
		/^    \{/ { if (index($0, want)) { sub(/,$/, ""); keep[n++] = $0 } next }
		/^  "results": \[/ { print; inres = 1; next }
		inres && /^  \]/ { for (i = 0; i < n; i++) print keep[i] (i < n - 1 ? "," : ""); print; inres = 0; next }
		!inres { print }' "$2"
}
only evaluate "$out/a/results.json" >"$tmp/eval.json"
only compile- "$out/a/results.json" >"$tmp/compile.json"
"$bin" compare "$tmp/eval.json" "$tmp/compile.json" >/dev/null 2>"$tmp/cmp.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'share no role' "$tmp/cmp.err" ||
	{ echo "exit status $rc:"; cat "$tmp/cmp.err"; } >>"$tmp/why"
sed 's/"diff":"--- expected/"diff":"--- expected (changed)/' "$out/a/results.json" >"$tmp/diff.json"
"$bin" compare "$out/a/results.json" "$tmp/diff.json" --diffs >"$tmp/cmp.out" 2>&1
grep -qx "changed diffs: [1-9][0-9]*" "$tmp/cmp.out" || { echo "--diffs:"; cat "$tmp/cmp.out"; } >>"$tmp/why"
"$bin" compare "$out/a/results.json" "$tmp/diff.json" >"$tmp/cmp.out" 2>&1
grep -q "changed diffs" "$tmp/cmp.out" && echo "changed diffs without --diffs" >>"$tmp/why"
point "compare refuses runs that share no role, and --diffs lists changed diffs"

dd if="$out/a/results.json" of="$tmp/torn.json" bs=300 count=1 2>/dev/null
"$bin" compare "$out/a/results.json" "$tmp/torn.json" >"$tmp/cmp.out" 2>"$tmp/cmp.err"
rc=$?
[ "$rc" -eq 2 ] || echo "exit status $rc, not 2" >>"$tmp/why"
grep -q "torn.json: byte [0-9]*: " "$tmp/cmp.err" || {
	echo "no file and byte offset in the message:" >>"$tmp/why"
	cat "$tmp/cmp.err" >>"$tmp/why"
}
point "compare refuses a torn results.json naming file and byte, exit 2"

"$bin" compare "$out/a/results.json" >/dev/null 2>&1
rc=$?
"$bin" compare "$out/a/results.json" "$tmp/missing.json" >/dev/null 2>&1
rc2=$?
"$bin" compare a b --bogus >/dev/null 2>&1
rc3=$?
[ "$rc" -eq 2 ] && [ "$rc2" -eq 2 ] && [ "$rc3" -eq 2 ] ||
	echo "exit statuses $rc $rc2 $rc3, not 2 2 2" >>"$tmp/why"
point "compare: usage errors and missing files exit 2"

if have xmllint; then
	xmllint --html --noout "$tmp/compare.html" >"$tmp/xmllint.out" 2>&1
	[ -s "$tmp/xmllint.out" ] && cat "$tmp/xmllint.out" >>"$tmp/why"
	point "compare --html writes a page that parses as HTML"
else
	skip "compare --html parses" xmllint
fi
grep -o ' id="[^"]*"' "$tmp/compare.html" | sort | uniq -d >"$tmp/why"
point "compare's page has no repeated id"

echo "1..$n"
[ "$failed" -eq 0 ] || exit 1
exit 0
