#!/bin/sh
# The corpus cannot drift from its generators or from the reference:
#  1. `hdgen cases` into a scratch directory gives exactly the committed
#     cases/<kind>/gen-* files (none missing, none extra, none different);
#  2. `hdgen expected` over the committed cases gives exactly expected/;
#  3. `hdgen coverage` finds every item of the universe covered and cited,
#     every `covers:` tag borne out, and prints exactly docs/coverage.md, the
#     page docs/coverage.html and the index expected/coverage.tsv.
# Prints TAP version 13, one test per step.
#
# usage: drift.sh HDGEN SOURCE_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: drift.sh HDGEN SOURCE_DIR" >&2
	exit 2
fi
hdgen=$1
src=$2
. "$(dirname "$0")/tap.sh"
scratch drift
n=0
failed=0

# point NAME FILE: ok when FILE is empty, else not ok with FILE's lines.
point() {
	n=$((n + 1))
	if [ -s "$2" ]; then
		not_ok "$1" "$2"
	else
		echo "ok $n - $1"
	fi
}

echo "TAP version 13"

"$hdgen" cases --out "$tmp/cases" >/dev/null 2>"$tmp/why"
for kind in expr cfi spirv opencl; do
	for f in "$tmp/cases/$kind"/gen-* "$src/cases/$kind"/gen-*; do
		[ -e "$f" ] || continue
		echo "$kind/${f##*/}"
	done
done | sort -u | while read -r rel; do
	if [ ! -e "$src/cases/$rel" ]; then
		echo "cases/$rel: generated but not committed"
	elif [ ! -e "$tmp/cases/$rel" ]; then
		echo "cases/$rel: committed but no generator makes it"
	elif ! cmp -s "$src/cases/$rel" "$tmp/cases/$rel"; then
		echo "cases/$rel: differs from what hdgen writes"
	fi
done >>"$tmp/why"
[ -s "$tmp/why" ] && echo "run 'hdgen cases' (docs/generators.md) and commit the result" >>"$tmp/why"
point "hdgen cases writes exactly the committed generated cases" "$tmp/why"

: >"$tmp/why"
if "$hdgen" expected --cases "$src/cases" --out "$tmp/expected" >/dev/null 2>"$tmp/err"; then
	# expected/coverage.tsv is the coverage index, checked in step 3
	kinds="expr cfi spirv dwarf"
	# a kernel's expected DWARF needs the Khronos route's compilers
	command -v clang-15 >/dev/null 2>&1 && command -v llvm-spirv-15 >/dev/null 2>&1 &&
		kinds="$kinds opencl"
	for kind in $kinds; do
		diff -r "$src/expected/$kind" "$tmp/expected/$kind"
	done >"$tmp/diff" 2>&1
	[ ! -s "$tmp/diff" ] ||
		{ echo "expected/ differs from the reference's outputs:"; head -n 40 "$tmp/diff"
		  echo "run 'hdgen expected' and review the diff"; } >>"$tmp/why"
else
	{ echo "hdgen expected failed:"; head -n 20 "$tmp/err"; } >>"$tmp/why"
fi
point "expected/ is exactly what the reference computes" "$tmp/why"

: >"$tmp/why"
if ! "$hdgen" coverage --cases "$src/cases" --write "$tmp/coverage.md" \
	--index "$tmp/coverage.tsv" --html "$tmp/coverage.html" 2>"$tmp/err"; then
	{ cat "$tmp/err"; grep -e '^- ' "$tmp/coverage.md" 2>/dev/null | head -n 40; } >>"$tmp/why"
fi
point "the universe is covered and cited, and every covers: tag holds" "$tmp/why"

: >"$tmp/why"
if [ -f "$tmp/coverage.md" ] && ! cmp -s "$tmp/coverage.md" "$src/docs/coverage.md"; then
	echo "docs/coverage.md is stale: run 'hdgen coverage --write docs/coverage.md'" >>"$tmp/why"
fi
if [ -f "$tmp/coverage.html" ] && ! cmp -s "$tmp/coverage.html" "$src/docs/coverage.html"; then
	echo "docs/coverage.html is stale: run 'hdgen coverage --html docs/coverage.html'" >>"$tmp/why"
fi
if [ -f "$tmp/coverage.tsv" ] && ! cmp -s "$tmp/coverage.tsv" "$src/expected/coverage.tsv"; then
	echo "expected/coverage.tsv is stale: run 'hdgen coverage --index expected/coverage.tsv'" \
		>>"$tmp/why"
fi
point "docs/coverage.md, docs/coverage.html and expected/coverage.tsv are current" "$tmp/why"

echo "1..$n"
[ "$failed" -eq 0 ]
