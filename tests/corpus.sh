#!/bin/sh
# Runs `HDREF eval` on every CASES_DIR/*.case and compares its output with
# EXPECTED_DIR/<name>.out. Prints TAP version 13: one test per case, the
# differences as "# " lines under a failure. Exits 1 if any case failed (a
# case without an expected file fails, and so does a directory without cases),
# 2 on a usage error.
#
# Generated cases (gen-*, thousands of them) go through a single
# `HDREF eval` of them all, one test point, so the command is checked on
# every case without a process per case; the drift test compares each of
# their outputs one by one (docs/generators.md).
#
# usage: corpus.sh HDREF CASES_DIR EXPECTED_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: corpus.sh HDREF CASES_DIR EXPECTED_DIR" >&2
	exit 2
fi
hdref=$1
cases=$2
expected=$3

. "$(dirname "$0")/tap.sh"
scratch corpus

n=0
failed=0

echo "TAP version 13"
for case in "$cases"/*.case; do
	# an unmatched glob stays as the pattern itself
	[ -e "$case" ] || continue
	case ${case##*/} in gen-*) continue ;; esac
	n=$((n + 1))
	name=${case##*/}
	name=${name%.case}
	want=$expected/$name.out
	if [ ! -f "$want" ]; then
		echo "no expected output $want" >"$tmp/why"
		not_ok "$name" "$tmp/why"
		continue
	fi
	"$hdref" eval "$case" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" -ne 0 ]; then
		{ echo "hdref exited with status $status"; cat "$tmp/err"; } >"$tmp/why"
		not_ok "$name" "$tmp/why"
	elif diff -u "$want" "$tmp/out" >"$tmp/diff" 2>&1; then
		echo "ok $n - $name"
	else
		# the diff's own header names a temporary file: say it plainly
		{ echo "--- $want (expected)"; echo "+++ hdref eval $case";
		  sed '1,2d' "$tmp/diff"; } >"$tmp/why"
		not_ok "$name" "$tmp/why"
	fi
done

# hdref eval with several files prints "# FILE" before each file's output
set -- "$cases"/gen-*.case
if [ -e "$1" ] && [ "$#" -gt 1 ]; then
	n=$((n + 1))
	for case in "$@"; do
		name=${case##*/}
		echo "# $case"
		cat "$expected/${name%.case}.out" 2>/dev/null || echo "(no expected output)"
	done >"$tmp/want"
	"$hdref" eval "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" -eq 0 ] && cmp -s "$tmp/want" "$tmp/out"; then
		echo "ok $n - $# generated cases through one hdref eval"
	else
		{ echo "hdref eval exited with status $status"; head -n 5 "$tmp/err"
		  diff -u "$tmp/want" "$tmp/out" | sed '1,2d' | head -n 40; } >"$tmp/why"
		not_ok "$# generated cases through one hdref eval" "$tmp/why"
	fi
fi

finish "*.case" "$cases"
