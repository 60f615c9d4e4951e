#!/bin/sh
# docs/interpreter.md, "Instructions", must list exactly the rows of the
# interpreter's two tables: its "### Opcodes" table every X(Name, ...) of
# ops.def as `OpName`, its "### OpenCL.std" table every Y(Name, ...) of
# opencl_std.def as `Name`, and nothing else. Prints TAP version 13.
#
# usage: interpreter_doc.sh EXEC_DIR DOC

if [ "$#" -ne 2 ]; then
	echo "usage: interpreter_doc.sh EXEC_DIR DOC" >&2
	exit 2
fi
dir=$1
doc=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/interpreter-doc.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' 0
trap 'exit 2' HUP INT TERM

# The backticked names in the table under heading $1 of the doc.
doc_names() {
	awk -v h="$1" '
		$0 == h { on = 1; next }
		on && /^#/ { on = 0 }
		on && /^\|/ { print }
	' "$doc" | cut -d'|' -f3 | tr ',' '\n' | sed -n 's/^ *`\([A-Za-z0-9_]*\)` *$/\1/p' | sort
}

sed -n 's/^X(\([A-Za-z0-9_]*\),.*/Op\1/p' "$dir/ops.def" | sort >"$tmp/ops.table"
sed -n 's/^Y(\([A-Za-z0-9_]*\),.*/\1/p' "$dir/opencl_std.def" | sort >"$tmp/std.table"
doc_names "### Opcodes" >"$tmp/ops.doc"
doc_names "### OpenCL.std" >"$tmp/std.doc"

echo "TAP version 13"
n=0
failed=0
for t in ops std; do
	n=$((n + 1))
	if [ -s "$tmp/$t.table" ] && cmp -s "$tmp/$t.table" "$tmp/$t.doc"; then
		echo "ok $n - the $t table's $(wc -l <"$tmp/$t.table") rows are the doc's list"
	else
		failed=$((failed + 1))
		echo "not ok $n - the $t table's rows are the doc's list"
		diff "$tmp/$t.table" "$tmp/$t.doc" | sed 's/^/# /'
	fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
