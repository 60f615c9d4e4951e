#!/bin/sh
# The vISA debug-information corpus: every CASES_DIR/*.visa, in the text
# form of docs/visa.md, is assembled by `HDREF visa-asm`, and `HDREF visa`
# of the bytes must break exactly the rule ids its `# expect:` lines name
# (`# expect: ok` for none; `# expect: unreadable` for a file hdref must
# refuse with exit 2), with the options of its `# options:` line. Its
# A `# code: HEX` line gives the Gen code, passed as --code. Its
# output (stdout, or stderr for an unreadable file) must be
# EXPECTED_DIR/<name>.out, and a readable file's dump must assemble back
# into the same bytes. The expect lines are written by hand from the
# format; the expected files pin hdref's exact output. Prints TAP version
# 13, one test per case. With --update, writes the expected files of the
# cases whose rule ids already match their expect lines.
#
# usage: visa_corpus.sh HDREF CASES_DIR EXPECTED_DIR [--update]

if [ "$#" -lt 3 ]; then
	echo "usage: visa_corpus.sh HDREF CASES_DIR EXPECTED_DIR [--update]" >&2
	exit 2
fi
hdref=$1
cases=$2
expected=$3
update=${4:-}

. "$(dirname "$0")/tap.sh"
scratch visa-corpus

n=0
failed=0

# rule_ids FILE: the rule ids of hdref visa's finding lines, sorted, unique.
# A line is "offset 0xN WHERE: RULE-ID: message"; the case names hold no
# ": ", so the rule id is the field after the first ": ".
rule_ids() {
	sed -n 's/^offset 0x[0-9a-f]* [^:]*: \(visa-[a-z-]*\): .*/\1/p' "$1" | sort -u
}

echo "TAP version 13"
for case in "$cases"/*.visa; do
	[ -e "$case" ] || continue
	n=$((n + 1))
	name=${case##*/}
	name=${name%.visa}
	: >"$tmp/why"
	if ! grep -q '^# *expect:' "$case"; then
		echo "the case has no '# expect:' line" >"$tmp/why"
		not_ok "$name" "$tmp/why"
		continue
	fi
	sed -n 's/^# *expect: *//p' "$case" | grep -v '^ok$' | grep -v '^unreadable$' |
		sort -u >"$tmp/want-ids"
	options=$(sed -n 's/^# *options: *//p' "$case")
	# `# code: HEX`: the Gen code the objects sit in, given as --code
	code=$(sed -n 's/^# *code: *//p' "$case" | tr -d ' ')
	if [ -n "$code" ]; then
		perl -e 'print pack("H*", $ARGV[0])' "$code" >"$tmp/$name.dat"
		options="$options --code $tmp/$name.dat"
	fi
	bin=$tmp/$name.dbg
	if ! "$hdref" visa-asm "$case" -o "$bin" 2>"$tmp/why"; then
		not_ok "$name" "$tmp/why"
		continue
	fi
	# shellcheck disable=SC2086 # options are words
	"$hdref" visa $options "$bin" >"$tmp/out" 2>"$tmp/raw-err"
	status=$?
	# the messages name the file as NAME.dbg, wherever the scratch is
	sed "s|$tmp/||" "$tmp/raw-err" >"$tmp/err"
	ok=1
	if grep -q '^# *expect: *unreadable' "$case"; then
		cp "$tmp/err" "$tmp/got"
		if [ "$status" -ne 2 ] || [ -s "$tmp/out" ]; then
			{ echo "hdref visa exited with $status, not 2 with nothing on stdout"
			  cat "$tmp/out" "$tmp/err"; } >>"$tmp/why"
			ok=0
		fi
	else
		cp "$tmp/out" "$tmp/got"
		if [ "$status" -gt 1 ]; then
			{ echo "hdref visa exited with status $status"; cat "$tmp/err"; } >>"$tmp/why"
			ok=0
		fi
		rule_ids "$tmp/out" >"$tmp/got-ids"
		if ! cmp -s "$tmp/want-ids" "$tmp/got-ids"; then
			{ echo "rule ids differ from the expect lines (- expected, + reported):"
			  diff "$tmp/want-ids" "$tmp/got-ids" | sed -n 's/^</-/p; s/^>/+/p'; } >>"$tmp/why"
			ok=0
		fi
		if { [ -s "$tmp/want-ids" ] && [ "$status" -ne 1 ]; } ||
		   { [ ! -s "$tmp/want-ids" ] && [ "$status" -ne 0 ]; }; then
			echo "exit status $status does not match the expect lines" >>"$tmp/why"
			ok=0
		fi
		if ! "$hdref" visa-asm "$tmp/out" -o "$tmp/again.dbg" 2>>"$tmp/why" ||
		   ! cmp -s "$bin" "$tmp/again.dbg"; then
			echo "the dump does not assemble back into the same bytes" >>"$tmp/why"
			ok=0
		fi
	fi
	if [ "$update" = --update ] && [ "$ok" = 1 ]; then
		cp "$tmp/got" "$expected/$name.out"
	fi
	if [ ! -f "$expected/$name.out" ]; then
		echo "no expected file $expected/$name.out" >>"$tmp/why"
		ok=0
	elif ! diff -u "$expected/$name.out" "$tmp/got" >"$tmp/diff" 2>&1; then
		{ echo "--- $expected/$name.out (expected)"; echo "+++ hdref visa $case"
		  sed '1,2d' "$tmp/diff"; } >>"$tmp/why"
		ok=0
	fi
	if [ "$ok" = 1 ]; then
		echo "ok $n - $name"
	else
		not_ok "$name" "$tmp/why"
	fi
done

finish "*.visa" "$cases"
