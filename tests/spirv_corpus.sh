#!/bin/sh
# The SPIR-V corpus: for every CASES_DIR/*.spvasm, `HDREF check` must report
# exactly the rule ids its `; expect:` lines name (`; expect: ok` for none),
# and `HDREF check` and `HDREF debuginfo` must print EXPECTED_DIR/<name>.check
# and <name>.debuginfo. The expect lines are written by hand from the specs,
# so they check the reference; the expected files pin its exact output.
# Prints TAP version 13, one test per case. With --update, writes the
# expected files of the cases whose rule ids already match their expect lines.
#
# usage: spirv_corpus.sh HDREF CASES_DIR EXPECTED_DIR [--update]

if [ "$#" -lt 3 ]; then
	echo "usage: spirv_corpus.sh HDREF CASES_DIR EXPECTED_DIR [--update]" >&2
	exit 2
fi
hdref=$1
cases=$2
expected=$3
update=${4:-}

. "$(dirname "$0")/tap.sh"
scratch spirv-corpus

n=0
failed=0

# rule_ids FILE: the rule ids of hdref check's finding lines, sorted, unique.
# A line is "word N [%ID] NAME ['OPERAND']: RULE-ID: message"; the operand may
# hold spaces but not ": ", so the rule id is the field after the first ": ".
rule_ids() {
	sed -n 's/^word [0-9][^:]*: \([^ :]*\): .*/\1/p' "$1" | sort -u
}

# same_text WANT GOT LABEL: appends a diff to $tmp/why when they differ.
same_text() {
	if [ ! -f "$1" ]; then
		echo "no expected file $1" >>"$tmp/why"
		return 1
	fi
	diff -u "$1" "$2" >"$tmp/diff" 2>&1 && return 0
	{ echo "--- $1 (expected)"; echo "+++ $3"; sed '1,2d' "$tmp/diff"; } >>"$tmp/why"
	return 1
}

echo "TAP version 13"
for case in "$cases"/*.spvasm; do
	[ -e "$case" ] || continue
	n=$((n + 1))
	name=${case##*/}
	name=${name%.spvasm}
	: >"$tmp/why"
	sed -n 's/^; *expect: *//p' "$case" | grep -v '^ok$' | sort -u >"$tmp/want-ids"
	if ! grep -q '^; *expect:' "$case"; then
		echo "the case has no '; expect:' line" >"$tmp/why"
		not_ok "$name" "$tmp/why"
		continue
	fi
	"$hdref" check "$case" >"$tmp/check" 2>"$tmp/err"
	status=$?
	if [ "$status" -gt 1 ]; then
		{ echo "hdref check exited with status $status"; cat "$tmp/err"; } >"$tmp/why"
		not_ok "$name" "$tmp/why"
		continue
	fi
	rule_ids "$tmp/check" >"$tmp/got-ids"
	ok=1
	if ! cmp -s "$tmp/want-ids" "$tmp/got-ids"; then
		{ echo "rule ids differ from the expect lines (- expected, + reported):"
		  diff "$tmp/want-ids" "$tmp/got-ids" | sed -n 's/^</-/p; s/^>/+/p'; } >>"$tmp/why"
		ok=0
	fi
	if [ -s "$tmp/want-ids" ] && [ "$status" -ne 1 ] || [ ! -s "$tmp/want-ids" ] && [ "$status" -ne 0 ]; then
		echo "exit status $status does not match the expect lines" >>"$tmp/why"
		ok=0
	fi
	if ! "$hdref" debuginfo "$case" >"$tmp/debuginfo" 2>>"$tmp/why"; then
		echo "hdref debuginfo failed" >>"$tmp/why"
		ok=0
	fi
	if [ "$update" = --update ] && [ "$ok" = 1 ]; then
		cp "$tmp/check" "$expected/$name.check"
		cp "$tmp/debuginfo" "$expected/$name.debuginfo"
	fi
	same_text "$expected/$name.check" "$tmp/check" "hdref check $case" || ok=0
	same_text "$expected/$name.debuginfo" "$tmp/debuginfo" "hdref debuginfo $case" || ok=0
	if [ "$ok" = 1 ]; then
		echo "ok $n - $name"
	else
		not_ok "$name" "$tmp/why"
	fi
done

finish "*.spvasm" "$cases"
