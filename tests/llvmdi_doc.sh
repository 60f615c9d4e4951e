#!/bin/sh
# docs/llvm-di.md and the validator agree on the rules: every rule id
# `HDREF di-dump --rules` prints has a row "| `ID` | ..." in the page, and
# every such row names a rule the validator has. Prints TAP version 13,
# one test per rule id, then one for the rows.
#
# usage: llvmdi_doc.sh HDREF DOC

if [ "$#" -ne 2 ]; then
	echo "usage: llvmdi_doc.sh HDREF DOC" >&2
	exit 2
fi
hdref=$1
doc=$2
. "$(dirname "$0")/tap.sh"
scratch llvmdi-doc
n=0
failed=0
: >"$tmp/why"

if ! "$hdref" di-dump --rules >"$tmp/rules"; then
	echo "Bail out! hdref di-dump --rules failed"
	exit 1
fi
echo "TAP version 13"
while IFS="	" read -r id class source; do
	grep -qF "| \`$id\` |" "$doc" ||
		echo "$doc has no row for it (source: $source)" >"$tmp/why"
	point "$id"
done <"$tmp/rules"
cut -f1 "$tmp/rules" | sort >"$tmp/ids"
sed -n 's/^| `\(llvmdi-[a-z-]*\)` |.*/\1/p' "$doc" | sort -u >"$tmp/rows"
comm -13 "$tmp/ids" "$tmp/rows" | sed 's/^/a row for a rule hdref does not have: /' >"$tmp/why"
point "every rule row of $doc names a rule of hdref di-dump --rules"
echo "1..$n"
[ "$failed" -eq 0 ]
