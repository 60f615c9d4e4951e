#!/bin/sh
# reference/dwarf/eval/reasons.def must hold every reason code the evaluator, the
# call frame layer and the AMDGPU model report, with the kind they report it
# as, and nothing else, so the table cannot drift from the code. A reason
# code is a string literal passed as the code of
#   hd_ill(m, "code", ...)                    ill-formed
#   hd_err(m, "code", ...)                    evaluation error
#   ill_formed("code", ...)                   ill-formed (cfi_rules.c)
#   hd_fail(st, HD_EVAL_ERROR, "code", ...)   and HD_ILL_FORMED, HD_NO_MEMORY
#   "missing-context-..."                     hd_missing's table (evaluation error)
# in reference/dwarf, elf, amdgpu and case (*.c, *.h) and reference/util/*.c.
# Prints TAP version 13: one test per code found in the sources (it has a
# row of that kind) and one per row (some source reports it).
#
# usage: reasons_table.sh HDREF_SRC_DIR   (the reference/ directory)

if [ "$#" -ne 1 ]; then
	echo "usage: reasons_table.sh HDREF_SRC_DIR" >&2
	exit 2
fi
src=$1
def=$src/dwarf/eval/reasons.def
if [ ! -f "$def" ]; then
	echo "Bail out! no $def"
	exit 1
fi
. "$(dirname "$0")/tap.sh"
scratch reasons-table

# "code KIND" for every reason code literal in the sources. Each file is
# joined into one line so a call spread over several lines is still seen.
awk '
function scan(t, re, kind,   s, c, k) {
	while (match(t, re)) {
		s = substr(t, RSTART, RLENGTH)
		t = substr(t, RSTART + RLENGTH)
		c = substr(s, 1, length(s) - 1)
		sub(/.*"/, "", c)
		k = kind
		if (k == "") {
			match(s, /HD_(EVAL_ERROR|ILL_FORMED|NO_MEMORY)/)
			k = substr(s, RSTART + 3, RLENGTH - 3)
			if (k == "NO_MEMORY")
				k = "RESOURCE"
		}
		print c, k
	}
}
function flush() {
	scan(text, "hd_ill\\([^;\"]*\"[a-z0-9-]+\"", "ILL_FORMED")
	scan(text, "hd_err\\([^;\"]*\"[a-z0-9-]+\"", "EVAL_ERROR")
	scan(text, "ill_formed\\(\"[a-z0-9-]+\"", "ILL_FORMED")
	scan(text, "hd_fail\\([^;\"]*HD_(EVAL_ERROR|ILL_FORMED|NO_MEMORY)[^;\"]*\"[a-z0-9-]+\"", "")
	scan(text, "\"missing-context-[a-z0-9-]+\"", "EVAL_ERROR")
	text = ""
}
FNR == 1 && NR != 1 { flush() }
{ text = text " " $0 }
END { flush() }
' "$src"/dwarf/*/*.c "$src"/dwarf/*/*.h "$src"/elf/*.c "$src"/amdgpu/*.c "$src"/amdgpu/*.h \
	"$src"/case/*.c "$src"/case/*.h "$src"/util/*.c | sort -u >"$tmp/used"

# "code KIND" for every row of reasons.def; also checks that the id is the
# code with - as _.
awk -v out="$tmp/rows" '
/^HD_REASON\(/ {
	line = $0
	sub(/^HD_REASON\( */, "", line)
	id = line; sub(/ *,.*/, "", id)
	code = line; sub(/^[^"]*"/, "", code); sub(/".*/, "", code)
	rest = line; sub(/^[^"]*"[^"]*" *, */, "", rest)
	kind = rest; sub(/ *,.*/, "", kind)
	want = code; gsub(/-/, "_", want)
	if (id != want)
		print "row " id ": the id is not the code \"" code "\" with - as _"
	print code, kind > out
}' "$def" >"$tmp/badid"
sort "$tmp/rows" >"$tmp/rows.sorted"

if [ ! -s "$tmp/used" ]; then
	echo "Bail out! no reason code found under $src"
	exit 1
fi

echo "TAP version 13"
n=0
failed=0

# every code of the sources has a row, of the kind it is reported as (a row
# of kind INTERNAL stands for a broken invariant, whatever the call says)
while read -r code kind; do
	n=$((n + 1))
	row=$(awk -v c="$code" '$1 == c { print $2; exit }' "$tmp/rows.sorted")
	if [ -z "$row" ]; then
		echo "reasons.def has no row for \"$code\"" >"$tmp/why"
		not_ok "source code $code" "$tmp/why"
	elif [ "$row" != "$kind" ] && [ "$row" != INTERNAL ]; then
		echo "the sources report it as $kind, its row says $row" >"$tmp/why"
		not_ok "source code $code" "$tmp/why"
	else
		echo "ok $n - source code $code"
	fi
done <"$tmp/used"

# every row is reported somewhere, once
cut -d' ' -f1 "$tmp/used" | sort -u >"$tmp/used.codes"
while read -r code kind; do
	n=$((n + 1))
	if [ "$(grep -c "^$code " "$tmp/rows.sorted")" -ne 1 ]; then
		echo "reasons.def has several rows for it" >"$tmp/why"
		not_ok "row $code" "$tmp/why"
	elif ! grep -qx "$code" "$tmp/used.codes"; then
		echo "no source under $src reports it" >"$tmp/why"
		not_ok "row $code" "$tmp/why"
	else
		echo "ok $n - row $code"
	fi
done <"$tmp/rows.sorted"

n=$((n + 1))
if [ -s "$tmp/badid" ]; then
	not_ok "row ids" "$tmp/badid"
else
	echo "ok $n - row ids"
fi
finish "reason codes" "$src"
