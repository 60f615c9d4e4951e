#!/bin/sh
# Every instruction the validator checks (those `HDREF check --rules` names)
# must have at least one valid case (`; expect: ok`) and one invalid case
# (any other expect line) in CASES_DIR that `; covers:` it. Prints TAP
# version 13, one test per instruction.
#
# usage: spirv_coverage.sh HDREF CASES_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: spirv_coverage.sh HDREF CASES_DIR" >&2
	exit 2
fi
hdref=$1
cases=$2
. "$(dirname "$0")/tap.sh"
scratch spirv_coverage

# SET/INSTRUCTION of every instruction rule id, once each
"$hdref" check --rules | cut -f1 | grep -v '^SPIR-V/' |
	sed -n 's|^\([^/]*/[^/]*\)/[^/]*$|\1|p' | sort -u >"$tmp/insts" || exit 2
# "SET/INSTRUCTION valid|invalid" for every case
for f in "$cases"/*.spvasm; do
	[ -e "$f" ] || continue
	kind=invalid
	grep -q '^; *expect: *ok *$' "$f" && kind=valid
	sed -n "s|^; *covers: *\\([^ ]*\\).*|\\1 $kind|p" "$f"
done | sort -u >"$tmp/covered"

echo "TAP version 13"
n=0
failed=0
while read -r inst; do
	n=$((n + 1))
	missing=""
	grep -qxF "$inst valid" "$tmp/covered" || missing="a valid case"
	grep -qxF "$inst invalid" "$tmp/covered" || missing="${missing:+$missing and }an invalid case"
	if [ -z "$missing" ]; then
		echo "ok $n - $inst"
	else
		echo "$inst has no $missing in $cases" >"$tmp/why"
		not_ok "$inst" "$tmp/why"
	fi
done <"$tmp/insts"
echo "1..$n"
[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
