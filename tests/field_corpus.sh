#!/bin/sh
# scripts/field-corpus.sh on a tiny slice of the field corpus (pyopencl's
# nine files and three of piglit's tests) with one producer,
# clang-15-amdgcn (docs/field-corpus.md): the run completes and leaves the
# repository as it was, its summary has a row per producer whose counts add
# up and agree with the run's results.json, every file the reference has no
# expectation for is listed, and a work directory git would track is
# refused. Skipped, with the reason, when the packages or tools are absent.
# Prints TAP version 13.
#
# usage: field_corpus.sh SOURCE_DIR BUILD_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: field_corpus.sh SOURCE_DIR BUILD_DIR" >&2
	exit 2
fi
src=$1
build=$2
. "$(dirname "$0")/tap.sh"
n=0
failed=0
producer=clang-15-amdgcn

echo "TAP version 13"
for p in python3-pyopencl piglit; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		printf 'ok 1 - the field corpus # SKIP Debian package %s not installed\n1..1\n' "$p"
		exit 0
	fi
done
skip_without_amdgcn "the field corpus" clang-15 llvm-spirv-15 ld.lld-15
scratch field-corpus
: >"$tmp/why"

# a work directory inside the repository that git does not ignore
sh "$src/scripts/field-corpus.sh" --work "$src/cases/field-corpus-test" --only python3-pyopencl \
	--candidates "$producer" --build "$build" >"$tmp/refused.out" 2>"$tmp/refused.err"
rc=$?
[ "$rc" = 1 ] || echo "exit status $rc, not 1" >>"$tmp/why"
grep -q 'inside the repository and not ignored by git' "$tmp/refused.err" ||
	{ echo "no refusal on stderr:"; cat "$tmp/refused.err"; } >>"$tmp/why"
[ ! -e "$src/cases/field-corpus-test" ] || echo "it made $src/cases/field-corpus-test" >>"$tmp/why"
point "a --work directory git would track is refused"

before=$(git -C "$src" status --porcelain 2>/dev/null)
work=$tmp/work
sh "$src/scripts/field-corpus.sh" --work "$work" --only python3-pyopencl,piglit \
	--piglit-every 300 --candidates "$producer" --build "$build" -j 2 \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || { echo "exit status $rc"; tail -n 5 "$tmp/err"; } >>"$tmp/why"
[ -s "$work/summary.md" ] || echo "no summary.md" >>"$tmp/why"
cmp -s "$work/summary.md" "$tmp/out" || echo "stdout is not summary.md" >>"$tmp/why"
point "the run completes and prints its summary"

[ "$(git -C "$src" status --porcelain 2>/dev/null)" = "$before" ] ||
	echo "git status of the repository changed" >>"$tmp/why"
point "nothing is written into the repository"

# section HEADING: the table rows of summary.md under that heading (a line
# "## ..." or "### ..." starting with it), up to the next heading
section() {
	awk -v h="$1" '/^#/ { on = index($0, h) == 1; next }
		on && /^\| / && !/^\|---/' "$work/summary.md" | sed 1d
}

section "## The reference's expectations" >"$tmp/ref"
section "## Producers" >"$tmp/producers"
section "### Per check" >"$tmp/checks"
section "### Files with no expectation" >"$tmp/none"

# the reference: files = preprocess failed + Khronos failed + refused +
# crash/timeout + modules; modules = expected DWARF + rule broken; the
# "all" row is the sum of the packages' rows
awk -F ' *\\| *' '
	{ if ($3 != $4 + $5 + $6 + $7 + $8) print "files do not add up: " $0
	  if ($8 != $9 + $10) print "modules do not add up: " $0
	  if ($2 == "all") { for (i = 3; i <= 11; i++) if (s[i] != $i) print "column " i - 1 " of all is not the sum: " $0; all++ }
	  else for (i = 3; i <= 11; i++) s[i] += $i }
	END { if (all != 1) print "no single all row" }' "$tmp/ref" >>"$tmp/why"
grep -q '^| pyopencl | 9 |' "$tmp/ref" || echo "no pyopencl row of 9 files" >>"$tmp/why"
grep -q '^| piglit | 3 |' "$tmp/ref" || echo "no piglit row of 3 files" >>"$tmp/why"
point "the reference's counts add up"

# every file without an expectation is listed with its stage
listed=$(grep -c -v '^| (none) |' "$tmp/none")
missing=$(awk -F ' *\\| *' '$2 == "all" { print $4 + $5 + $6 + $7 }' "$tmp/ref")
[ "$listed" = "$missing" ] ||
	echo "$missing files have no expectation, $listed are listed" >>"$tmp/why"
point "every file without an expectation is listed"

# the producer: one row, kernels = the scratch suite's cases, results = the
# sum of its outcome columns = the results of its results.json, judged at
# most kernels; the per-check rows add up to it
cases=$(find "$work/suite/cases/opencl" -name '*.cl' | wc -l)
json=$(grep -c '^ *{"case":' "$work/runs/$producer/results.json" 2>/dev/null)
[ "$(wc -l <"$tmp/producers")" = 1 ] || echo "not one producer row:" >>"$tmp/why"
awk -F ' *\\| *' -v p="$producer" -v cases="$cases" -v json="${json:-0}" '
	$2 != p { print "a row for " $2; next }
	{ for (i = 6; i <= 13; i++) sum += $i
	  if ($3 != cases) print "kernels " $3 ", the suite has " cases
	  if ($4 > $3 || $4 < 1) print "judged " $4 " of " $3 " kernels"
	  if ($5 != sum) print "results " $5 ", the outcomes add up to " sum
	  if ($5 != json) print "results " $5 ", results.json has " json }' \
	"$tmp/producers" >>"$tmp/why"
awk -F ' *\\| *' -v p="$producer" -v total="$(awk -F ' *\\| *' '{ print $5 }' "$tmp/producers")" '
	$2 != p { print "a check row for " $2; next }
	{ sum = 0; for (i = 5; i <= 12; i++) sum += $i
	  if ($4 != sum) print $3 ": results " $4 ", the outcomes add up to " sum
	  all += $4; checks[$3] = 1 }
	END { if (all != total) print "the checks hold " all " results, the producer " total
	      if (!("compile-opencl/locations" in checks)) print "no locations row" }' \
	"$tmp/checks" >>"$tmp/why"
point "$producer: a row whose counts add up and agree with results.json"

if [ "$failed" -gt 0 ] && [ -s "$work/summary.md" ]; then
	echo "# summary.md:"
	sed 's/^/#   /' "$work/summary.md"
fi
echo "1..$n"
[ "$failed" -eq 0 ]
