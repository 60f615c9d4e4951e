#!/bin/sh
# docs/validation.md must list every rule id `HDREF check --rules` prints:
# module rules (SPIR-V/…, SET/unknown-instruction) by their full id, and
# instruction rules in the "Every rule id" table, whose row for SET/INST
# names each RULE. Prints TAP version 13, one test per rule id.
#
# usage: validation_doc.sh HDREF DOC

if [ "$#" -ne 2 ]; then
	echo "usage: validation_doc.sh HDREF DOC" >&2
	exit 2
fi
hdref=$1
doc=$2
tmp=$(mktemp "${TMPDIR:-/tmp}/validation-doc.XXXXXX") || exit 2
trap 'rm -f "$tmp"' 0
trap 'exit 2' HUP INT TERM

if ! "$hdref" check --rules >"$tmp"; then
	echo "Bail out! hdref check --rules failed"
	exit 1
fi
echo "TAP version 13"
n=0
failed=0
while IFS='	' read -r id source; do
	n=$((n + 1))
	case $id in
	SPIR-V/* | */unknown-instruction)
		if grep -qF "\`$id\`" "$doc"; then found=1; else found=0; fi
		;;
	*/*/*)
		inst=${id%/*}
		rule=${id##*/}
		# the row "| `SET/INST` | rule, rule, … |"
		row=$(grep -F "| \`$inst\` |" "$doc" | head -n 1)
		case ", $(echo "$row" | cut -d'|' -f3 | sed 's/^ *//; s/ *$//')," in
		*", $rule,"*) found=1 ;;
		*) found=0 ;;
		esac
		;;
	*)
		found=0
		;;
	esac
	if [ "$found" = 1 ]; then
		echo "ok $n - $id"
	else
		failed=$((failed + 1))
		echo "not ok $n - $id"
		echo "# $doc does not list it (source: $source)"
	fi
done <"$tmp"
echo "1..$n"
[ "$failed" -eq 0 ]
