#!/bin/sh
# Runs `HDREF eval` on every CASES_DIR/*.case and compares its output with
# EXPECTED_DIR/<name>.out. Prints TAP version 13: one test per case, the
# differences as "# " lines under a failure. Exits 1 if any case failed (a
# case without an expected file fails, and so does a directory without cases),
# 2 on a usage error.
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

finish "*.case" "$cases"
