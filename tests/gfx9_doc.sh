#!/bin/sh
# docs/gfx9-executor.md, "### Mnemonics", must list exactly the rows of the
# executor's semantics table (reference/amdgpu/wave/ops.def): every
# X(mnemonic, ...) as `mnemonic`, and nothing else. Prints TAP version 13.
#
# usage: gfx9_doc.sh OPS_DEF DOC

if [ "$#" -ne 2 ]; then
	echo "usage: gfx9_doc.sh OPS_DEF DOC" >&2
	exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gfx9-doc.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' 0
trap 'exit 2' HUP INT TERM

sed -n 's/^X(\([a-z0-9_]*\),.*/\1/p' "$1" | sort >"$tmp/table"
awk '
	$0 == "### Mnemonics" { on = 1; next }
	on && /^#/ { on = 0 }
	on && /^\|/ { print }
' "$2" | cut -d'|' -f3 | tr ',' '\n' | sed -n 's/^ *`\([a-z0-9_]*\)` *$/\1/p' | sort >"$tmp/doc"

echo "TAP version 13"
if [ -s "$tmp/table" ] && cmp -s "$tmp/table" "$tmp/doc"; then
	echo "ok 1 - the semantics table's $(wc -l <"$tmp/table") rows are the doc's list"
	echo "1..1"
	exit 0
fi
echo "not ok 1 - the semantics table's rows are the doc's list"
diff "$tmp/table" "$tmp/doc" | sed 's/^/# /'
echo "1..1"
exit 1
