#!/bin/sh
# The LLVM debug-metadata corpus: `HDREF di-dump` on every CASES_DIR/*.ll
# must break exactly the rule its `; expect:` line names (`; expect: ok`
# for none). A syntax rule must stop the reading (exit 2, the rule id in
# the message on stderr); a structure rule must be a finding (exit 1).
# The output (stdout, or stderr for a syntax rule) must be
# EXPECTED_DIR/<name>.out. The expect lines are written by hand from the
# rules; the expected files pin hdref's exact output. Prints TAP version
# 13, one test per case. With --update, writes the expected files of the
# cases whose rule ids already match their expect lines.
#
# usage: llvmdi_corpus.sh HDREF CASES_DIR EXPECTED_DIR [--update]

if [ "$#" -lt 3 ]; then
	echo "usage: llvmdi_corpus.sh HDREF CASES_DIR EXPECTED_DIR [--update]" >&2
	exit 2
fi
hdref=$1
cases=$2
expected=$3
update=${4:-}
. "$(dirname "$0")/tap.sh"
scratch llvmdi-corpus
n=0
failed=0

if ! "$hdref" di-dump --rules >"$tmp/rules"; then
	echo "Bail out! hdref di-dump --rules failed"
	exit 1
fi

echo "TAP version 13"
for case in "$cases"/*.ll; do
	[ -e "$case" ] || continue
	name=${case##*/}
	name=${name%.ll}
	want=$(sed -n '1s/^; *expect: *//p' "$case")
	if [ -z "$want" ]; then
		echo "the case's first line is not '; expect: RULE' or '; expect: ok'" >"$tmp/why"
		point "$name"
		continue
	fi
	# run where the case is, so the messages name it as NAME.ll
	(cd "$cases" && "$hdref" di-dump "$name.ll") >"$tmp/out" 2>"$tmp/err"
	status=$?
	class=$(awk -F '\t' -v id="$want" '$1 == id { print $2 }' "$tmp/rules")
	if [ "$want" = ok ]; then
		got_status=0
		cp "$tmp/out" "$tmp/got"
	elif [ "$class" = syntax ]; then
		got_status=2
		cp "$tmp/err" "$tmp/got"
	elif [ "$class" = structure ]; then
		got_status=1
		cp "$tmp/out" "$tmp/got"
	else
		echo "'$want' is not a rule of hdref di-dump --rules" >>"$tmp/why"
		point "$name"
		continue
	fi
	[ "$status" -eq "$got_status" ] ||
		{ echo "exit status $status, not $got_status"; cat "$tmp/err"; } >>"$tmp/why"
	ids=$(grep -o 'llvmdi-[a-z-]*' "$tmp/got" | sort -u | tr '\n' ' ')
	case $want in
	ok) [ -z "$ids" ] || echo "rules broken: $ids" >>"$tmp/why" ;;
	*) [ "$ids" = "$want " ] || echo "rules broken: '$ids', not exactly $want" >>"$tmp/why" ;;
	esac
	if [ "$update" = --update ] && [ ! -s "$tmp/why" ]; then
		cp "$tmp/got" "$expected/$name.out"
	fi
	if [ ! -f "$expected/$name.out" ]; then
		echo "no expected file $expected/$name.out" >>"$tmp/why"
	elif ! diff -u "$expected/$name.out" "$tmp/got" >"$tmp/diff" 2>&1; then
		{ echo "--- $expected/$name.out (expected)"; echo "+++ hdref di-dump $name.ll"
		  sed '1,2d' "$tmp/diff"; } >>"$tmp/why"
	fi
	point "$name: $want"
done
finish "*.ll" "$cases"
