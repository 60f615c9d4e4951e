#!/bin/sh
# The lowering corpus: every valid module of CASES_DIR (`; expect: ok`) must
# lower, and `HDREF dump` of the object must print EXPECTED_DIR/<name>.dump.
# Two more objects per case check what the dump promises to hide: the same
# module written DWARF64 must dump identically (no offsets or forms show),
# and the llvm-user encoding must lower and dump too. Prints TAP version 13,
# one test per case. A valid module that the lowering must refuse says so in
# a `; lower: CODE` line (e.g. no-compile-unit): then hdref lower must exit
# 2 naming CODE and write nothing. A case that says `; same-dump: OTHER`
# differs from case OTHER only in layout (where its functions sit, say): its
# dump must also equal OTHER's expected dump. With --update, writes the
# expected dumps.
#
# usage: dwarf_corpus.sh HDREF CASES_DIR EXPECTED_DIR [--update]

if [ "$#" -lt 3 ]; then
	echo "usage: dwarf_corpus.sh HDREF CASES_DIR EXPECTED_DIR [--update]" >&2
	exit 2
fi
hdref=$1
cases=$2
expected=$3
update=${4:-}

. "$(dirname "$0")/tap.sh"
scratch dwarf-corpus

n=0
failed=0

# run WHAT CMD...: runs CMD; on failure appends its status and stderr to $tmp/why.
run() {
	what=$1
	shift
	"$@" 2>"$tmp/err" && return 0
	{ echo "$what failed (status $?)"; cat "$tmp/err"; } >>"$tmp/why"
	return 1
}

echo "TAP version 13"
for case in "$cases"/*.spvasm; do
	[ -e "$case" ] || continue
	grep -q '^; *expect: *ok *$' "$case" || continue
	n=$((n + 1))
	name=${case##*/}
	name=${name%.spvasm}
	: >"$tmp/why"
	ok=1
	refuse=$(sed -n 's/^; *lower: *//p' "$case")
	if [ -n "$refuse" ]; then
		"$hdref" lower "$case" -o "$tmp/r.o" 2>"$tmp/err"
		status=$?
		if [ "$status" -ne 2 ] || ! grep -q "$refuse" "$tmp/err" || [ -e "$tmp/r.o" ]; then
			{ echo "hdref lower must refuse with $refuse (exit 2, no output); status $status:"
			  cat "$tmp/err"; } >>"$tmp/why"
			not_ok "$name" "$tmp/why"
		else
			echo "ok $n - $name # refused: $refuse"
		fi
		continue
	fi
	if run "hdref lower" "$hdref" lower "$case" -o "$tmp/a.o" &&
	   run "hdref dump" "$hdref" dump "$tmp/a.o" >"$tmp/a.dump"; then
		[ "$update" = --update ] && cp "$tmp/a.dump" "$expected/$name.dump"
		if [ ! -f "$expected/$name.dump" ]; then
			echo "no expected file $expected/$name.dump" >>"$tmp/why"
			ok=0
		elif ! diff -u "$expected/$name.dump" "$tmp/a.dump" >"$tmp/diff"; then
			{ echo "--- $expected/$name.dump (expected)"; echo "+++ hdref dump";
			  sed '1,2d' "$tmp/diff"; } >>"$tmp/why"
			ok=0
		fi
		same=$(sed -n 's/^; *same-dump: *//p' "$case")
		if [ -n "$same" ] && ! diff -u "$expected/$same.dump" "$tmp/a.dump" >"$tmp/diff"; then
			{ echo "the layout variant of $same dumps differently:"; sed '1,2d' "$tmp/diff"; } \
			    >>"$tmp/why"
			ok=0
		fi
		if run "hdref lower --dwarf64" "$hdref" lower "$case" --dwarf64 -o "$tmp/b.o" &&
		   run "hdref dump (DWARF64)" "$hdref" dump "$tmp/b.o" >"$tmp/b.dump"; then
			if ! diff -u "$tmp/a.dump" "$tmp/b.dump" >"$tmp/diff"; then
				{ echo "the DWARF64 object dumps differently:"; sed '1,2d' "$tmp/diff"; } >>"$tmp/why"
				ok=0
			fi
		else
			ok=0
		fi
		run "hdref lower --encoding llvm-user" "$hdref" lower "$case" --encoding llvm-user \
		    -o "$tmp/c.o" &&
		run "hdref dump --encoding llvm-user" "$hdref" dump --encoding llvm-user "$tmp/c.o" \
		    >/dev/null || ok=0
	else
		ok=0
	fi
	if [ "$ok" = 1 ]; then
		echo "ok $n - $name"
	else
		not_ok "$name" "$tmp/why"
	fi
done

finish "valid *.spvasm" "$cases"
